"""The ``contextledger`` click group that every subcommand module adds itself to.

Errors are handled in one place, :class:`LedgerGroup`: a contextledger error becomes one
plain line on stderr (exit 2 for bad input, 1 for an environment or store problem), any
other exception one plain line asking for a report — never a traceback. Output that the
terminal cannot encode (lone surrogates from truncated emoji) is escaped, never a crash.
"""

from __future__ import annotations

import errno
import importlib
import math
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from io import TextIOWrapper
from typing import Any, NoReturn

import click

from .commands import COMMANDS

#: Exit status for input the command cannot use (a bad file, an unknown block, a budget).
EXIT_BAD_INPUT = 2
#: Exit status for the environment: a store, a provider, the network, a file system.
EXIT_ENVIRONMENT = 1
#: Exit status after Ctrl-C, as shells report a process ended by SIGINT (128 + 2).
EXIT_INTERRUPTED = 130

_REPORT_HINT = "this is a bug in contextledger; please report it with the command and its input"


def fail(message: str, exit_code: int) -> NoReturn:
    """Print ``error: message`` as one plain line on stderr and exit with ``exit_code``."""
    click.echo(f"error: {one_line(message)}", err=True)
    raise click.exceptions.Exit(exit_code)


def one_line(text: str) -> str:
    """``text`` on one line, with characters no terminal can print escaped."""
    return escape_unencodable(" ".join(text.split()) if "\n" in text else text)


def escape_unencodable(text: str) -> str:
    """Lone surrogates (truncated emoji, undecodable file names) as ``\\udXXX`` escapes."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def for_cli(exc: BaseException) -> str:
    """An error's text with the flags and files a CLI user has, never a library argument
    (``on_images=``, ``window=``) they cannot type."""
    from ..errors import UnknownModelError, VisionGateError, WindowError

    if isinstance(exc, VisionGateError):
        return (
            f"{exc.problem}. Pick a vision model with -m, or pass --on-images placeholder to "
            "send a visible text placeholder for each image"
        )
    if isinstance(exc, UnknownModelError):
        hint = f"did you mean {' or '.join(exc.suggestions)}? " if exc.suggestions else ""
        if exc.model.split("/", 1)[0] in ("azure", "azure_ai"):  # (the library's hint names
            hint = (  # a function; a CLI user maps a deployment in the models file)
                'an Azure deployment is named by its owner: map it to its model under "aliases" '
                f"in the JSON file named by CONTEXTLEDGER_MODELS; {hint}"
            )
        return (
            f"unknown model {exc.model!r}: {hint}its window and prices are not known. "
            "`contextledger models` lists the known ones; add yours to a JSON file named by "
            "CONTEXTLEDGER_MODELS"
        )
    if isinstance(exc, WindowError):
        return (
            f"--window {exc.window:,} is above {exc.model}'s context window of "
            f"{exc.model_window:,} tokens: the provider would refuse the request. Pass "
            f"--window {exc.model_window} or less; if your deployment's window really is "
            "larger, give the model that window in a JSON file named by CONTEXTLEDGER_MODELS"
        )
    return str(exc)


def exit_code_for(exc: BaseException) -> int:
    """1 for a store, a provider, the network or the configuration; 2 for the input."""
    from ..errors import ConfigError, SendError, StoreError, SummarizerError

    environment = (StoreError, SendError, SummarizerError, ConfigError, OSError)
    return EXIT_ENVIRONMENT if isinstance(exc, environment) else EXIT_BAD_INPUT


class OnImages(click.Choice):  # type: ignore[type-arg]
    """``--on-images refuse|placeholder`` (``error`` is read as ``refuse``), the same on
    every command. The value is the library's: ``"error"`` or ``"placeholder"``."""

    def __init__(self) -> None:
        super().__init__(["refuse", "placeholder"])

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if value in ("error", "placeholder"):
            return value
        return "error" if super().convert(value, param, ctx) == "refuse" else "placeholder"


class FiniteRange(click.FloatRange):
    """click's ``FloatRange`` that refuses ``nan`` and the infinities: ``nan`` compares as
    within any range, and ``--min-age-days nan`` reached ``timedelta`` as a crash."""

    name = "finite float range"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number.", param, ctx)
        return number


#: Help for ``--on-images`` (one wording everywhere).
ON_IMAGES_HELP = (
    "For a model that cannot see images: refuse (nothing is sent) or send a visible "
    "text placeholder for each image (reported)."
)


class LedgerGroup(click.Group):
    """The root group: the one place that turns exceptions into exit statuses, and the one
    that imports a subcommand's module only when it is asked for (``commands.COMMANDS``):
    a process pays for the command it runs, not for all of them."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMANDS))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        # Every module of the entry, even when the command is registered already: the
        # subcommands of `sessions` live in two modules, and `chat` imports only one.
        for module in COMMANDS[cmd_name].modules if cmd_name in COMMANDS else ():
            importlib.import_module(f"{__package__}.{module}")
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's command list, with the summaries from ``COMMANDS`` for the commands not
        imported (importing them all would cost ``--help`` about a second)."""
        listed = [
            (name, self.commands.get(name) or click.Command(name, help=COMMANDS[name].summary))
            for name in self.list_commands(ctx)
        ]
        listed = [(name, command) for name, command in listed if not command.hidden]
        if listed:
            limit = formatter.width - 6 - max(len(name) for name, _ in listed)
            with formatter.section("Commands"):
                formatter.write_dl([(n, c.get_short_help_str(limit)) for n, c in listed])

    def invoke(self, ctx: click.Context) -> Any:
        from ..errors import ContextLedgerError

        try:
            return super().invoke(ctx)
        except (click.UsageError, click.exceptions.Abort, click.exceptions.Exit):
            raise  # (a usage error is shown with the usage, as click does)
        except click.ClickException as exc:  # said as every other error is: one `error:` line
            fail(exc.format_message(), exc.exit_code)
        except KeyboardInterrupt:
            fail("interrupted", EXIT_INTERRUPTED)
        except ContextLedgerError as exc:
            fail(for_cli(exc), exit_code_for(exc))
        except RecursionError:
            fail("the input is nested too deeply to process", EXIT_BAD_INPUT)
        except MemoryError:
            fail("out of memory while processing the input", EXIT_ENVIRONMENT)
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                raise  # click closes quietly when the reader of stdout went away
            where = f"{exc.filename}: " if exc.filename else ""
            fail(f"{where}{exc.strerror or exc}", EXIT_ENVIRONMENT)
        except Exception as exc:
            fail(f"unexpected {type(exc).__name__}: {exc} ({_REPORT_HINT})", EXIT_ENVIRONMENT)

    def main(self, args: Sequence[str] | None = None, *a: Any, **kw: Any) -> Any:
        with _escaping_output():
            return super().main(args, *a, **kw)


@contextmanager
def _escaping_output() -> Iterator[None]:
    """stdout/stderr escape what they cannot encode (``\\ud800``) instead of raising.

    In JSON output the escape is exactly JSON's own, so the text stays loss-free."""
    changed: list[tuple[TextIOWrapper, str]] = []
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, TextIOWrapper) and stream.errors == "strict":
            try:
                stream.reconfigure(errors="backslashreplace")
            except (OSError, ValueError):  # a closed or detached stream: leave it alone
                continue
            changed.append((stream, "strict"))
    try:
        yield
    finally:
        for stream, errors in changed:
            with suppress(OSError, ValueError):
                stream.reconfigure(errors=errors)


@click.group(cls=LedgerGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="contextledger")
def main() -> None:
    """Fit long multimodal LLM conversations into a context window, and lose nothing."""
