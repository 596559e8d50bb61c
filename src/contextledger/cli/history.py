"""``sessions list``, ``search``, ``rename`` and ``delete``: a person's own history.

``list`` shows each session's model, turns, tokens, dollar cost (from the dated price
table, whose date it prints) and last use; ``search`` finds stored messages by their
words (SQLite FTS5); ``rename`` and ``delete`` act on one session, ``delete`` only after a
confirmation (or ``--yes``), removing the images no other session uses.
"""

from __future__ import annotations

import datetime as dt
import shutil
import textwrap
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.table import Table

from ..errors import ContextLedgerError
from .io import echo_json, shown
from .store import STORE_OPTION, _fail, _no_session, _NoStore, _open, sessions

if TYPE_CHECKING:
    from ..storage.media import SweepResult


def _when(epoch: float) -> str:
    return dt.datetime.fromtimestamp(epoch).strftime("%Y-%m-%d %H:%M")


def _short_when(epoch: float) -> str:
    """``11-30 14:16`` this year, ``2025-11-30`` before (fits an 80-column table)."""
    when = dt.datetime.fromtimestamp(epoch)
    return when.strftime("%m-%d %H:%M" if when.year == dt.date.today().year else "%Y-%m-%d")


@sessions.command("list")
@STORE_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def sessions_list(store_path: str | None, as_json: bool) -> None:
    """List sessions, most recently used last: model, turns, tokens, cost, last use.

    Dollars come from the price table shipped with contextledger (its date is printed);
    a model without a known price shows "unknown", never a guess.
    """
    from ..catalog import format_dollars, price_table
    from .progress import spinner

    try:
        with _open(store_path) as store, spinner("reading the sessions…"):
            summaries = store.summaries()
    except _NoStore:
        summaries = []  # nothing stored yet: an empty list, not an error
    except ContextLedgerError as exc:
        raise _fail(exc) from None
    summaries.sort(key=lambda s: s.last_used)
    as_of = price_table().as_of
    if as_json:
        echo_json({"sessions": [s.to_dict() for s in summaries], "prices_as_of": as_of})
        return
    if not summaries:
        click.echo("no sessions yet")
        return
    table = Table(box=None, pad_edge=False, header_style="bold underline")
    # names are typed back (`chat --session NAME`): folded when long, never cut short
    table.add_column("session", overflow="fold")
    table.add_column("model", overflow="fold")
    for name in ("turns", "tokens", "cost"):
        table.add_column(name, justify="right", no_wrap=True)
    table.add_column("last used", no_wrap=True)
    unknown = False
    for s in summaries:
        if s.requests == 0:
            cost = "—"
        elif s.cost.dollars is None:
            cost, unknown = "unknown", True
        else:
            cost = format_dollars(s.cost.dollars)
        tokens = f"{s.input_tokens + s.output_tokens:,}" if s.requests else "—"
        table.add_row(
            shown(s.info.name),
            shown(s.model or "—"),
            str(s.turns),
            tokens,
            cost,
            _short_when(s.last_used),
        )
    console = Console()
    console.print(table)
    note = f"cost in dollars at the prices of {as_of}"
    if unknown:
        note += "; unknown: the model has no price"
    console.print(note, style="dim", markup=False, highlight=False)


@sessions.command("search")
@click.argument("query")
@STORE_OPTION
@click.option("--limit", type=click.IntRange(min=1), default=20, show_default=True,
              help="Show at most this many messages.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def sessions_search(query: str, store_path: str | None, limit: int, as_json: bool) -> None:
    """Find stored messages holding every word of QUERY, best match first.

    Words match whole words in any case (accents ignored); end one with * to match a
    prefix (`upload*`). Text, tool calls and tool results are searched.
    """
    from .progress import spinner

    try:
        with _open(store_path) as store, spinner("searching every stored message…"):
            hits = store.search(query, limit=limit)
    except _NoStore:
        hits = []
    if as_json:
        echo_json({"query": query, "hits": [h.to_dict() for h in hits]})
        return
    if not hits:
        click.echo(f"no stored message holds every word of {query!r}")
        return
    width = min(shutil.get_terminal_size((80, 24)).columns, 100)
    for h in hits:
        click.echo(f"{h.session} · {h.message_id} ({h.role}) · {_when(h.created)}")
        click.echo(textwrap.fill(h.snippet, width, initial_indent="  ", subsequent_indent="  "))
    click.echo(f"{len(hits)} message(s); resume one with: contextledger chat --session NAME")


@sessions.command("rename")
@click.argument("name")
@click.argument("new_name")
@STORE_OPTION
def sessions_rename(name: str, new_name: str, store_path: str | None) -> None:
    """Rename session NAME to NEW_NAME (its messages and images are untouched)."""
    try:
        with _open(store_path) as store:
            store.rename(name, new_name)
    except _NoStore as missing:
        raise _no_session(name, missing) from None
    click.echo(f"renamed session {name!r} to {new_name!r}")


@sessions.command("delete")
@click.argument("name")
@STORE_OPTION
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
def sessions_delete(name: str, store_path: str | None, yes: bool) -> None:
    """Delete a session for good: its messages, events, and the images no other session
    uses. Asks first (unless --yes)."""
    try:
        with _open(store_path) as store:
            info = store.info(name)
            if not yes:
                click.confirm(
                    f"delete session {name!r} ({info.messages} message(s)) and the images no "
                    "other session uses? This cannot be undone",
                    abort=True,
                )
            swept = store.delete(name)
    except _NoStore as missing:
        raise _no_session(name, missing) from None
    click.echo(f"deleted session {name!r} ({info.messages} message(s))" + _images(swept))


def _images(swept: SweepResult | None) -> str:
    if swept is None or not swept.removed:
        return ""
    return (
        f"; removed {len(swept.removed)} image(s) ({swept.bytes_freed:,} bytes) that no "
        "other session used"
    )
