"""``sessions``, ``repair``, ``normalize`` and ``media`` commands.

The store lives in the user's data directory unless ``--store`` (or the
``CONTEXTLEDGER_STORE`` setting) names a database file or a ``postgresql://`` URL; images
go beside it unless ``CONTEXTLEDGER_MEDIA`` names a folder or ``s3://bucket/prefix``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Literal

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from ..errors import ContentError, ContextLedgerError
from ..model import Message
from ..storage.sessions import EXPORT_FORMATS
from .app import EXIT_BAD_INPUT, EXIT_ENVIRONMENT, FiniteRange, for_cli, main
from .io import echo_json, parse_json, read_text_file, shown

STORE_OPTION = click.option(
    "--store",
    "store_path",
    type=str,
    default=None,
    help="Session database: a file or a postgresql:// URL (default: the user data directory).",
)


class _NoStore(click.ClickException):
    """A read-only command on a path that holds no store yet (a fresh install, or a typo)."""

    def __init__(self, location: Path) -> None:
        super().__init__(f"no session store at {location} yet (nothing has been stored)")
        self.location = location


def store_location(store_path: str | Path | None) -> str | Path:
    from ..config import load_config
    from ..storage.sessions import is_store_url

    # Same default as `chat`: CONTEXTLEDGER_STORE / CONTEXTLEDGER_HOME, .env included.
    location: str | Path = store_path or load_config().store_location
    if isinstance(location, str) and location.startswith("sqlite:"):
        location = Path(location.removeprefix("sqlite:").removeprefix("//"))
    if not is_store_url(location):
        location = Path(location).expanduser()
    return location


def _open(
    store_path: str | Path | None,
    *,
    create: bool = False,
    media: str | None = None,
    configured_media: bool = True,
) -> Any:
    """The session store. Read-only commands never create one (a typo must not leave an
    empty database behind): they get :class:`_NoStore` and report an empty result.
    ``media`` wins over ``CONTEXTLEDGER_MEDIA``, which is used only when
    ``configured_media``."""
    from ..config import load_config
    from ..storage.sessions import SessionStore

    location = store_location(store_path)
    if isinstance(location, Path) and not create and not location.is_file():
        raise _NoStore(location)
    try:
        if media is None and configured_media:
            media = load_config().media
        return SessionStore(location, media=media)
    except ContextLedgerError as exc:
        raise click.ClickException(for_cli(exc)) from None


def _no_session(name: str, missing: _NoStore) -> click.ClickException:
    return click.ClickException(
        f"no session named {name!r}: nothing has been stored yet at {missing.location} "
        "(`contextledger chat` or `sessions import` creates sessions)"
    )


def _fail(exc: Exception) -> click.ClickException:
    return click.ClickException(for_cli(exc))


# --- sessions -------------------------------------------------------------------


@main.group()
def sessions() -> None:
    """List, search, show, export, import, rename and delete stored sessions."""


@sessions.command("show")
@click.argument("name")
@STORE_OPTION
@click.option(
    "--json", "as_json", is_flag=True, help="Print the repaired messages and report as JSON."
)
def sessions_show(name: str, store_path: str | None, as_json: bool) -> None:
    """Show a session's messages (repaired on load) and what repair changed."""
    from ..storage.codec import message_to_dict

    try:
        store = _open(store_path)
    except _NoStore as missing:
        raise _no_session(name, missing) from None
    with store:
        try:
            loaded = store.load(name)
        except ContextLedgerError as exc:
            raise _fail(exc) from None
    if as_json:
        echo_json({
            "session": name,
            "messages": [message_to_dict(m) for m in loaded.messages],
            "events": [{"seq": e.seq, "kind": e.kind, "data": e.data} for e in loaded.events],
            "repair": [_change_dict(c) for c in loaded.repair.changes],
            "unreadable": list(loaded.unreadable),
        })  # fmt: skip
        return
    console = Console()
    for m in loaded.messages:
        console.print(
            f"[bold]{m.role}[/bold] {shown(m.id)}: {shown(_describe(m))}", highlight=False
        )
    from ..client import describe_usage
    from ..storage.browse import total_cost, usage_cost

    usage = [e.data for e in loaded.events if e.kind == "usage"]
    for e in loaded.events:
        detail = ""
        if e.kind == "usage":
            cost = usage_cost(e.data)
            detail = f": {describe_usage(e.data)}" + (f"; {cost.describe()}" if cost else "")
        line = f"event {e.seq} {e.kind} after message {e.after_message}{detail}"
        console.print(line, style="dim", markup=False, highlight=False)
    if usage:
        console.print(f"{len(usage)} request(s), cost {total_cost(usage).describe()}",
                      markup=False, highlight=False)  # fmt: skip
    _print_report(console, loaded.repair.changes, loaded.unreadable)


def _describe(m: Message) -> str:
    parts: list[str] = []
    text = m.text.strip().replace("\n", " ")
    if text:
        parts.append(text[:100] + ("…" if len(text) > 100 else ""))
    for c in m.tool_calls:
        parts.append(f"→ {c.name}({c.arguments[:40]}) [{c.id}]")
    for img in m.images():
        parts.append(f"[image {img.label}]")
    return " ".join(parts) or "(no text)"


def _change_dict(c: Any) -> dict[str, Any]:
    return {"kind": c.kind, "index": c.index, "message_id": c.message_id, "detail": c.detail}


def _print_report(console: Console, changes: Any, unreadable: Any = ()) -> None:
    for line in unreadable:
        console.print(f"[red]unreadable:[/red] {shown(line)}", highlight=False)
    if not changes:
        console.print("[green]no repairs needed[/green]")
        return
    console.print(f"[yellow]{len(changes)} repair(s):[/yellow]")
    for c in changes:
        console.print(f"  {c.kind}: {c}", highlight=False, markup=False)


@sessions.command("export")
@click.argument("name")
@STORE_OPTION
@click.option("--format", "fmt", type=click.Choice(EXPORT_FORMATS), default="internal",
              show_default=True,
              help="internal: lossless; a provider format: the repaired messages, one a line.")  # fmt: skip
@click.option("-o", "--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write to this file instead of stdout.")  # fmt: skip
def sessions_export(name: str, store_path: str | None, fmt: str, out: Path | None) -> None:
    """Export a session as JSONL (images inline, so the file stands alone)."""
    try:
        store = _open(store_path)
    except _NoStore as missing:
        raise _no_session(name, missing) from None
    with store:
        try:
            text = store.export_jsonl(name, fmt)
            unreadable = store.load(name).unreadable
        except ContextLedgerError as exc:
            raise _fail(exc) from None
    # lone surrogates (kept by the store on purpose) cannot be written as UTF-8: escape them
    data = text.encode("utf-8", "backslashreplace").decode("utf-8")
    if out is None:
        sys.stdout.write(data)
    else:
        out.write_text(data, encoding="utf-8")
        click.echo(f"wrote {data.count(chr(10))} message line(s) to {out}", err=True)
    for line in unreadable:
        click.echo(f"warning: not exported, {line}", err=True)


@sessions.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--name", required=True, help="Name of the new session.")
@STORE_OPTION
@click.option("--format", "fmt", type=click.Choice(["auto", *EXPORT_FORMATS]),
              default="auto", show_default=True)  # fmt: skip
def sessions_import(file: Path, name: str, store_path: str | None, fmt: str) -> None:
    """Import FILE as a new session: JSONL (one message a line, as `export` writes), or one
    JSON document (a message list such as conversation.json, or a request object with
    `messages`). Images go to the media store."""
    from .progress import progress_bar

    text = _as_jsonl(read_text_file(str(file)))
    rows = text.count("\n") + 1
    with _open(store_path, create=True) as store, progress_bar("importing", 2 * rows,
                                                                 at_least=100) as advance:  # fmt: skip
        try:
            stored = store.import_jsonl(text, name, fmt, on_step=advance)
        except ContextLedgerError:
            raise
        except ValueError as exc:  # JSON the store could not parse
            raise ContentError(str(file), str(exc)) from None
    click.echo(f"imported {len(stored)} message(s) into session {name!r}")


def _as_jsonl(text: str) -> str:
    """One JSON document (a list of messages, or a request with ``messages`` and a
    ``system`` prompt) as the JSONL the store imports; JSONL passes through."""
    try:
        doc = json.loads(text)
    except ValueError:
        return text  # JSONL (or broken: the importer names the line)
    if isinstance(doc, dict) and isinstance(doc.get("messages"), list):
        head = [{"system": doc["system"]}] if doc.get("system") else []
        doc = head + doc["messages"]
    if not isinstance(doc, list):
        return text
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in doc)


@sessions.command("check")
@STORE_OPTION
def sessions_check(store_path: str | None) -> None:
    """Check the store: the database's integrity, every row's checksum and refs, and
    whether every referenced image is in the media store. Exit 1 when anything is wrong."""
    problems: list[str] = []
    with _open(store_path) as store:
        try:
            health = store.integrity_check()
            if health != "ok":
                problems.append(f"integrity check: {health}")
            try:
                refs = store.refs(strict=True)
            except ContextLedgerError as exc:
                problems.append(str(exc))
                refs = store.refs()
            missing = sorted(r for r in refs if not store.media.exists(r))
            sessions_count = len(store.list())
        except ContextLedgerError as exc:
            raise _fail(exc) from None
    problems.extend(f"image {r} is referenced but missing from the media store" for r in missing)
    for p in problems:
        click.echo(f"problem: {p}")
    click.echo(
        f"{store.location}: {sessions_count} session(s), {len(refs)} referenced image(s), "
        + ("ok" if not problems else f"{len(problems)} problem(s)")
    )
    if problems:
        raise SystemExit(1)


@sessions.command("migrate")
@click.option("--from", "source", required=True,
              help="The store to copy from: sqlite:FILE (or a file) or postgresql://…")  # fmt: skip
@click.option("--to", "target", required=True,
              help="The store to copy into (created when it is a new file).")  # fmt: skip
@click.option("--from-media", default=None,
              help="The source's images: a folder or s3://bucket/prefix (default: the source store's own).")  # fmt: skip
@click.option("--to-media", default=None,
              help="Where the target keeps images (default: CONTEXTLEDGER_MEDIA, else the target store's own).")  # fmt: skip
@click.option("--session", "names", multiple=True, help="Only this session (repeatable).")
def sessions_migrate(
    source: str, target: str, from_media: str | None, to_media: str | None, names: tuple[str, ...]
) -> None:
    """Copy sessions between stores (SQLite ⇄ PostgreSQL), images included, and verify the
    copy message by message. Safe to run again after an interruption."""
    from ..storage.migrate import migrate

    with (
        _open(source, media=from_media, configured_media=False) as src,
        _open(target, create=True, media=to_media) as dst,
    ):
        try:
            report = migrate(
                src, dst, sessions=names or None, progress=lambda line: click.echo(line, err=True)
            )
        except ContextLedgerError as exc:
            raise _fail(exc) from None
    click.echo(report.summary())


# --- repair -----------------------------------------------------------------------


def _untouched_openai(source: Any, result: Any) -> list[Any]:
    """The repaired list in OpenAI form: messages repair did not touch are the input's own
    dicts, byte for byte; only changed or added messages are written anew."""
    from ..providers import write_messages

    original: dict[str, Any] = {}
    if isinstance(source, list):
        for i, d in enumerate(source):
            if isinstance(d, dict):
                original[d["id"] if isinstance(d.get("id"), str) else f"m{i}"] = d
    touched = {c.message_id for c in result.changes}
    out: list[Any] = []
    for m in result.messages:
        if m.id in original and m.id not in touched:
            out.append(original[m.id])
        else:
            out.extend(write_messages([m], "openai", validate=False)["messages"])
    return out


def read_raw(text: str, source: str = "input") -> tuple[Any, str]:
    """Our internal JSON/JSONL as Messages, or a provider payload as parsed JSON; and the format."""
    from ..errors import ContentError
    from ..storage.codec import loads_messages

    try:
        return loads_messages(text), "internal"
    except ContentError:
        pass
    from ..providers import detect_format

    payload = _parse_json_or_jsonl(text, source)
    return payload, detect_format(payload)


def _parse_json_or_jsonl(text: str, source: str) -> Any:
    """One JSON document, else JSON Lines; bad JSON is bad input naming the line."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ContentError(source, "JSON nested too deeply to read") from None
    except ValueError:
        pass
    lines = [(n, line) for n, line in enumerate(text.split("\n"), 1) if line.strip()]
    if len(lines) < 2:  # not JSON Lines either: report the whole document's error
        return parse_json(text, source)
    return [parse_json(line, f"{source} line {n}") for n, line in lines]


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option(
    "--json", "as_json", is_flag=True, help="Print the repaired messages and the report as JSON."
)
@click.option("--remove-dangling", is_flag=True,
              help="Remove calls that have no result (with a visible note) instead of answering them as interrupted.")  # fmt: skip
def repair(file: str, as_json: bool, remove_dangling: bool) -> None:
    """Repair a saved conversation (OpenAI, Anthropic, … or internal JSON/JSONL)."""
    from ..repair import repair as run_repair
    from ..storage.codec import message_to_dict

    text = read_text_file(file)
    dangling: Literal["remove", "synthesize"] = "remove" if remove_dangling else "synthesize"
    source, fmt = read_raw(text, file)
    # Provider dicts go to repair() as they are: it reads broken sessions leniently
    # (unknown roles, id-less calls) instead of refusing them.
    result = run_repair(source, dangling=dangling)
    messages = source.get("messages", ()) if isinstance(source, dict) else source
    if as_json:
        out: Any
        if fmt == "internal":
            out = [message_to_dict(m) for m in result.messages]
        else:
            from ..providers import write_messages

            if fmt == "openai":
                out = _untouched_openai(source, result)
            else:
                out = write_messages(result.messages, fmt, validate=False)  # type: ignore[arg-type]
        echo_json({"format": fmt, "messages": out,
                   "changes": [_change_dict(c) for c in result.changes]})  # fmt: skip
        return
    console = Console()
    console.print(f"{shown(file)}: {len(messages)} message(s) read as {fmt}, {len(result.messages)} after repair",
                  highlight=False)  # fmt: skip
    _print_report(console, result.changes)


# --- normalize --------------------------------------------------------------------


@main.command()
@click.argument(
    "images", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Write normalized images here (unchanged ones are copied as they are).")  # fmt: skip
@click.option(
    "--model", "-m", default=None, help="Apply this model's provider limits and show its tokens."
)
@click.option(
    "--max-edge",
    default=2000,
    show_default=True,
    type=click.IntRange(min=16),
    help="Long-edge cap in pixels.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
def normalize(
    images: tuple[Path, ...], out_dir: Path | None, model: str | None, max_edge: int, as_json: bool
) -> None:
    """Normalize images for sending: pass through when small, else resize once to WebP."""
    from ..catalog import lookup_model
    from ..images.normalize import normalize_image

    limits = None
    if model is not None:
        try:
            limits = lookup_model(model).image_limits
        except ContextLedgerError as exc:
            raise _fail(exc) from None
    console = Console(stderr=True)
    results: list[tuple[Path, Any]] = []
    errors: list[str] = []
    status = EXIT_BAD_INPUT  # an unreadable file raises it to EXIT_ENVIRONMENT's meaning
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  console=console, transient=True,
                  disable=len(images) < 2 or not console.is_terminal) as progress:  # fmt: skip
        task = progress.add_task("normalizing", total=len(images))
        for path in images:
            progress.update(task, description=f"normalizing {path.name}")
            try:
                res = normalize_image(path.read_bytes(), max_edge=max_edge, limits=limits,
                                      image_count=len(images), name=path.name, model=model)  # fmt: skip
            except (ContextLedgerError, OSError) as exc:
                if isinstance(exc, OSError):
                    status = EXIT_ENVIRONMENT
                errors.append(f"{path}: {exc}" if not str(exc).startswith(path.name) else str(exc))
            else:
                results.append((path, res))
                if out_dir is not None:
                    ext = {"image/webp": ".webp", "image/png": ".png"}.get(
                        res.media_type, path.suffix
                    )
                    target = out_dir / ((path.stem + ext) if res.changed else path.name)
                    target.write_bytes(res.data)
            progress.advance(task)
    if as_json:
        echo_json({"model": model, "images": [_normalized_json(p, r) for p, r in results],
                   "errors": errors})  # fmt: skip
    elif results:  # no empty table above the errors
        _print_normalized(results)
    for e in errors:
        console.print(f"[red]error:[/red] {shown(str(e))}", highlight=False)
    if errors:
        raise SystemExit(status)


def _normalized_json(path: Path, r: Any) -> dict[str, Any]:
    return {
        "image": path.name,
        "changed": r.changed,
        "width_before": r.width_before,
        "height_before": r.height_before,
        "width": r.width,
        "height": r.height,
        "bytes_before": r.bytes_before,
        "bytes": r.bytes_after,
        "tokens_before": r.tokens_before,
        "tokens": r.tokens_after,
        "media_type": r.media_type,
        "reason": r.reason,
    }


def _print_normalized(results: list[tuple[Path, Any]]) -> None:
    """One row per image with the figures, and the (long) reason on its own line below,
    so no cell grows into a 36-line column at 80 columns."""
    table = Table("image", "before", "after", "bytes", "tokens")
    table.columns[0].overflow = "fold"
    for path, r in results:
        tokens = f"{r.tokens_before:,} → {r.tokens_after:,}" if r.tokens_before is not None else "—"
        table.add_row(shown(path.name), f"{r.width_before}×{r.height_before}",
                      f"{r.width}×{r.height}", f"{r.bytes_before:,} → {r.bytes_after:,}",
                      tokens)  # fmt: skip
    console = Console()
    console.print(table)
    for path, r in results:
        console.print(f"{shown(path.name)}: {shown(r.reason)}", highlight=False)


# --- media ------------------------------------------------------------------------


@main.group()
def media() -> None:
    """Manage the content-addressed media store."""


@media.command("sweep")
@STORE_OPTION
@click.option("--dry-run", is_flag=True, help="Only list what would be removed.")
@click.option("--min-age-days", type=FiniteRange(min=0, max=100_000), default=7.0, show_default=True,
              help="Never remove media younger than this.")  # fmt: skip
def media_sweep(store_path: str | None, dry_run: bool, min_age_days: float) -> None:
    """Remove media no stored session refers to and older than the age floor."""
    from datetime import timedelta

    try:
        store = _open(store_path)
    except _NoStore as missing:
        click.echo(f"nothing to sweep: no session store at {missing.location} yet")
        return
    with store:
        try:
            result = store.sweep_media(min_age=timedelta(days=min_age_days), dry_run=dry_run)
        except ContextLedgerError as exc:
            raise _fail(exc) from None
    for ref in result.removed:
        click.echo(("would remove " if dry_run else "removed ") + ref)
    click.echo(result.summary())
