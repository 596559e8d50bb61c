"""``contextledger config``: every setting, its value and where it came from."""

from __future__ import annotations

import json

import click

from .app import main
from .io import shown


@main.command("config")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def config_command(as_json: bool) -> None:
    """Show each setting, its value (keys masked) and its source.

    Precedence: the process environment, then the project .env file (current
    directory), then the default.
    """
    from rich.console import Console
    from rich.table import Table

    from ..config import default_description, load_config
    from ..errors import ContextLedgerError

    try:
        cfg = load_config()
    except ContextLedgerError as exc:
        raise click.ClickException(str(exc)) from None
    settings = cfg.settings()
    if as_json:
        click.echo(json.dumps({"settings": [s.to_dict() for s in settings]}, indent=2))
        return
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("setting", overflow="fold")
    table.add_column("value", overflow="fold")
    table.add_column("source", overflow="fold")
    for s in settings:
        value = s.value if s.value is not None else f"({default_description(s.name)})"
        table.add_row(shown(s.name), shown(value), shown(s.source))
    Console(soft_wrap=False).print(table)
