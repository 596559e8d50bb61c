"""Shared file reading and JSON output for CLI commands."""

from __future__ import annotations

import json
import sys
from typing import Any

import click


def read_text_file(path: str) -> str:
    """The text of a path or '-' (stdin). An empty (or all-whitespace) file is a clear error
    naming it, the same in every command: there is nothing to fit, repair or price."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except UnicodeDecodeError as exc:
        raise click.ClickException(
            f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})"
        ) from exc
    except OSError as exc:
        raise click.ClickException(f"{path}: cannot read it ({exc.strerror or exc})") from exc
    if not text.strip():
        raise click.ClickException(f"{_name(path)}: the file is empty (no messages to read)")
    return text


def load_json_file(path: str) -> Any:
    """Read JSON from a path or '-' (stdin); a clear error on an empty file or bad JSON."""
    text = read_text_file(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise click.ClickException(f"{_name(path)}: not valid JSON ({exc})") from exc


def echo_json(data: Any) -> None:
    """Every command's ``--json``: one JSON value, indent 2, non-ASCII kept as is. A lone
    surrogate (kept by the store on purpose) is written as its JSON escape ``\\udc80``."""
    text = json.dumps(data, ensure_ascii=False, indent=2, default=str)
    click.echo(text.encode("utf-8", "backslashreplace").decode("utf-8"))


def _name(path: str) -> str:
    return "stdin" if path == "-" else path
