"""Shared file reading for CLI commands."""

from __future__ import annotations

import json
import sys
from typing import Any

import click


def load_json_file(path: str) -> Any:
    """Read JSON from a path or '-' (stdin); a clear error on bad JSON."""
    try:
        if path == "-":
            return json.load(sys.stdin)
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except json.JSONDecodeError as exc:
        raise click.ClickException(f"{path}: not valid JSON ({exc})") from exc
    except UnicodeDecodeError as exc:
        raise click.ClickException(
            f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})"
        ) from exc
    except OSError as exc:
        raise click.ClickException(f"{path}: cannot read it ({exc.strerror or exc})") from exc
