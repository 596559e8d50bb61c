"""``contextledger fit``: fit a conversation file into a model's window and report every drop."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from ..errors import BudgetError, ContentError, describe
from .app import ON_IMAGES_HELP, OnImages, main
from .io import echo_json, load_json_file, shown

if TYPE_CHECKING:
    from ..fit import FitResult
    from ..report import Notice

FORMAT_CHOICES = click.Choice(["openai", "openai-responses", "anthropic", "gemini"])


@main.command("fit")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--model", "-m", required=True, help="Target model id (see `contextledger models`).")
@click.option(
    "--window", type=int, default=None, help="Context window in tokens (default: the catalog's)."
)
@click.option(
    "--max-output",
    type=int,
    default=None,
    help="Tokens reserved for the reply (default: the model's output cap, at most a "
    "quarter of the window).",
)
@click.option(
    "--to",
    "target",
    type=FORMAT_CHOICES,
    default="openai",
    show_default=True,
    help="Format of the printed messages.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help='Print {"format", the request body (messages, and the system prompt where the '
    'format keeps it apart), "report"}.',
)
@click.option(
    "--drop-current-images",
    is_flag=True,
    help="Allow dropping images of the current request (reported).",
)
@click.option(
    "--on-images",
    type=OnImages(),
    default="refuse",
    show_default=True,
    help=ON_IMAGES_HELP,
)
@click.option(
    "--compact/--no-compact",
    default=None,
    help="Recap what the window cannot hold (offline summarizer, verified), as the library's "
    "prepare does: the view is the recap plus as many recent turns as fit. Default: "
    "CONTEXT_COMPACTION (.env, then the environment), else off for one-shot commands.",
)
def fit_command(
    file: str,
    model: str,
    window: int | None,
    max_output: int | None,
    target: str,
    as_json: bool,
    drop_current_images: bool,
    on_images: str,
    compact: bool | None,
) -> None:
    """Fit FILE (a JSON message list, {"messages": [...]}, or an Anthropic request) into MODEL.

    A budget error exits with status 2 and the error text on stderr.
    """
    from ..fit import fit
    from ..providers import translate

    payload = load_json_file(file)
    if not isinstance(payload, list | dict):
        got = "null" if payload is None else describe(payload)
        raise ContentError(file, f"expected a JSON list of messages or a request object, got {got}")
    if compact is None:
        from ..config import load_config

        compact = load_config().compaction_enabled(default=False)
    try:
        if compact:
            result, compaction_lines, notices = _prepared(
                payload, model, window, max_output, drop_current_images, on_images, target
            )
        else:
            result = fit(
                payload,
                model,
                window=window,
                max_output_tokens=max_output,
                drop_current_images=drop_current_images,
                on_images=on_images,  # type: ignore[arg-type]
                target=target,  # type: ignore[arg-type]
            )
            compaction_lines, notices = (), result.report.notices
    except BudgetError as exc:  # name the flag a CLI user types, not the library argument
        raise BudgetError(
            str(exc).replace("max_output_tokens", "--max-output"),
            needed=exc.needed,
            available=exc.available,
        ) from None
    wire = translate(result.messages, target, validate=False)  # type: ignore[arg-type]
    # what the target cannot carry (a message's name, an id it refuses) is said by the writer
    notices = (*notices, *(n for n in wire.notices if n not in notices))
    report = result.report
    if as_json:
        # The whole body: Anthropic's `system` and Gemini's `system_instruction` live beside
        # the messages, and dropping them would print a request without its system prompt.
        said = {**report.to_dict(), "notices": [n.text for n in notices]}
        data: dict[str, object] = {"format": target, **wire.body, "report": said}
        if compact:
            data["compaction"] = list(compaction_lines)
        echo_json(data)
        return
    for line in compaction_lines:
        click.echo(line)
    _print_report(report, notices)


def _prepared(
    payload: object,
    model: str,
    window: int | None,
    max_output: int | None,
    drop_current_images: bool,
    on_images: str,
    target: str,
) -> tuple[FitResult, tuple[str, ...], tuple[Notice, ...]]:
    """``--compact``: the library's ``prepare`` path (offline recap, verified): the recap
    stands only for what the window cannot hold, the view is recap + as many recent turns
    as fit, and every image the recap takes out of the view is a notice. Returns the fit,
    the compaction report and every notice (compaction's, repair's and the fit's)."""
    from ..fit import FitResult
    from ..prepare import Preparer

    preparer = Preparer(
        model,
        target=target,  # type: ignore[arg-type]
        window=window,
        max_output_tokens=max_output,
        on_images=on_images,  # type: ignore[arg-type]
        drop_current_images=drop_current_images,
        compaction=True,
    )
    prepared = preparer.prepare(payload, write=False)  # type: ignore[arg-type]
    fitted = FitResult(prepared.messages, prepared.report.fit)
    return fitted, prepared.report.compaction, prepared.report.notices


def _print_report(report: object, notices: Sequence[Notice]) -> None:
    from rich.console import Console
    from rich.table import Table

    from ..fit import FitReport

    assert isinstance(report, FitReport)
    console = Console()
    console.print(
        f"[bold]{shown(report.model)}[/bold]: window {report.window:,} − output {report.reserved_output:,} "
        f"= budget [bold]{report.budget:,}[/bold]; used (as billed) [bold]{report.used:,}[/bold] "
        f"(text {report.text_tokens:,}, images {report.image_tokens:,}, tools {report.tools_tokens:,}, "
        f"reply priming {report.overhead_tokens}); "
        f"{len(report.kept)} messages kept."
    )
    dropped = [c for c in report.changes if c.action == "dropped"]
    if dropped:
        tokens = sum(c.tokens_before for c in dropped)
        about = "about " if any(c.estimated for c in dropped) else ""  # never tokenized
        console.print(
            f"Dropped whole: {len(dropped)} older messages ({about}{tokens:,} tokens), tool exchanges kept "
            f"together: {shown(dropped[0].message_id)} … {shown(dropped[-1].message_id)}."
        )
    changes = [c for c in report.changes if c.action in ("shrunk", "replaced")]
    if changes:
        table = Table("action", "message", "what", "tokens", "why")
        for c in changes:
            table.add_row(
                c.action,
                shown(c.message_id),
                shown(c.what),
                f"{c.tokens_before:,} → {c.tokens_after:,}",
                shown(c.reason),
            )
        console.print(table)
    for notice in notices:
        console.print(f"• {notice.text}", markup=False, highlight=False)
