"""Shared file reading and JSON printing for CLI commands."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from ..errors import ContentError


def shown(text: str) -> str:
    """Text from a user, a file or a model as a rich console prints it: verbatim. Rich reads
    ``[bold]`` in a string as markup (a file ``a[bold]b.png`` was shown as ``ab.png``, and a
    name holding ``[/bold]`` raised a MarkupError); lone surrogates are replaced, as a
    terminal cannot print them."""
    from rich.markup import escape

    return escape(text.encode("utf-8", "replace").decode("utf-8"))


def read_text_file(path: str) -> str:
    """The text of a path or '-' (stdin). Text that is not UTF-8 is bad input (exit 2); a
    file that cannot be read is the environment's problem (an OSError: exit 1). An empty
    (or all-whitespace) file is bad input naming the file."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except UnicodeDecodeError as exc:
        raise ContentError(path, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if not text.strip():
        # the same in every command: an empty file has nothing to fit, repair or import
        raise ContentError("stdin" if path == "-" else path, "the file is empty (no messages)")
    return text


def parse_json(text: str, path: str) -> Any:
    """JSON from ``text`` (read from ``path``); bad or absurdly nested JSON is bad input."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(path, f"not valid JSON ({exc})") from None
    except RecursionError:
        raise ContentError(path, "JSON nested too deeply to read") from None
    except ValueError as exc:  # e.g. an integer longer than Python's 4,300-digit limit
        raise ContentError(path, f"not usable JSON ({exc})") from None


def load_json_file(path: str) -> Any:
    """Read JSON from a path or '-' (stdin); a clear error on bad JSON."""
    return parse_json(read_text_file(path), path)


def dumps_json(data: Any, *, indent: int | None = 2, default: Any = None) -> str:
    """``data`` as JSON the current stdout can print.

    Non-ASCII stays readable on a UTF-8 terminal; lone surrogates (truncated emoji) become
    JSON's own ``\\udXXX`` escapes, so the output parses back to the same strings."""
    encoding = (getattr(sys.stdout, "encoding", None) or "utf-8").lower().replace("-", "")
    ascii_only = not encoding.startswith("utf")
    text = json.dumps(data, ensure_ascii=ascii_only, indent=indent, default=default)
    if ascii_only:
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def echo_json(data: Any, *, indent: int | None = 2, default: Any = None) -> None:
    """Print ``data`` as JSON (see :func:`dumps_json`)."""
    click.echo(dumps_json(data, indent=indent, default=default))
