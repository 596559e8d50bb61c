"""Embedded session store: append-only SQLite (WAL) plus a content-addressed media store.

Messages and events are only ever appended (triggers refuse UPDATE and DELETE), each
message in its own transaction, so a writer killed mid-append loses at most the message
it was writing and the database opens cleanly afterwards. Images are interned into the
:class:`~contextledger.storage.media.MediaStore` on append: rows hold refs, never base64.
Loading runs :func:`contextledger.repair.repair` on the stored messages and returns its
report; the rows themselves are never rewritten.

>>> import tempfile, os
>>> from contextledger.model import Message, ToolCall
>>> store = SessionStore(os.path.join(tempfile.mkdtemp(), "sessions.db"))
>>> _ = store.create("demo")
>>> _ = store.append("demo", [Message.user("hi"), Message.assistant(ToolCall("c1", "ls"))])
>>> loaded = store.load("demo")
>>> [m.role for m in loaded.messages], [c.kind for c in loaded.repair.changes]
(['user', 'assistant', 'tool'], ['synthesized_result'])
>>> store.close()
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import time
from collections.abc import Iterable, Mapping, MutableSequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

from ..errors import ContentError, StoreError
from ..model import Block, Image, Message, Text, ToolResult
from ..providers import read_messages, write_messages
from ..repair import RepairResult, repair
from .codec import dumps_messages, loads_messages, message_from_bytes, message_to_bytes
from .media import MediaStore

__all__ = [
    "Event",
    "ExportFormat",
    "LoadedSession",
    "SessionInfo",
    "SessionStore",
    "default_store_path",
]

ExportFormat = Literal["internal", "openai", "anthropic"]
EXPORT_FORMATS: tuple[str, ...] = ("internal", "openai", "anthropic")

_REF_IN_TEXT = re.compile(r"[0-9a-f]{64}\.(?:png|jpg|gif|webp)")
_SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS messages (
    session INTEGER NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,
    id TEXT NOT NULL,
    created REAL NOT NULL,
    body BLOB NOT NULL,
    PRIMARY KEY (session, seq)
);
CREATE TABLE IF NOT EXISTS events (
    session INTEGER NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    after_message INTEGER NOT NULL,
    created REAL NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (session, seq)
);
CREATE INDEX IF NOT EXISTS messages_by_id ON messages (session, id);
CREATE TRIGGER IF NOT EXISTS messages_append_only_u BEFORE UPDATE ON messages
    BEGIN SELECT RAISE(ABORT, 'messages are append-only'); END;
CREATE TRIGGER IF NOT EXISTS messages_append_only_d BEFORE DELETE ON messages
    BEGIN SELECT RAISE(ABORT, 'messages are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_append_only_u BEFORE UPDATE ON events
    BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_append_only_d BEFORE DELETE ON events
    BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
"""


def default_store_path() -> Path:
    """``<user data dir>/contextledger/sessions.db`` (platformdirs)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("contextledger")) / "sessions.db"


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """A session's name, creation time (epoch seconds) and sizes."""

    name: str
    created: float
    messages: int = 0
    events: int = 0
    updated: float | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """A recorded event (compaction, normalization, …). ``after_message`` is the number
    of messages the session held when it was appended."""

    seq: int
    kind: str
    data: Mapping[str, Any]
    after_message: int
    created: float


@dataclass(frozen=True, slots=True)
class LoadedSession:
    """A session as loaded: repaired ``messages``, the ``stored`` rows as written,
    ``events``, the ``repair`` report, and any rows that could not be decoded."""

    name: str
    messages: tuple[Message, ...]
    stored: tuple[Message, ...]
    events: tuple[Event, ...]
    repair: RepairResult
    unreadable: tuple[str, ...] = ()


class SessionStore:
    """Append-only sessions in SQLite, images in a media store beside the database.

    ``path=None`` uses :func:`default_store_path`; ``media_root`` defaults to a
    ``<name>.media`` directory next to the database (one per database file).
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        media_root: str | os.PathLike[str] | None = None,
        media_max_bytes: int | None = None,
        busy_timeout_ms: int = 10_000,
    ) -> None:
        self.path = Path(path) if path is not None else default_store_path()
        # One media folder per database file: a sweep reads the refs of this database only,
        # so two databases must never share a folder.
        root = (
            Path(media_root)
            if media_root is not None
            else self.path.parent / f"{self.path.stem}.media"
        )
        self.media = (
            MediaStore(root)
            if media_max_bytes is None
            else MediaStore(root, max_bytes=media_max_bytes)
        )
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(
                self.path, isolation_level=None, timeout=busy_timeout_ms / 1000
            )
            self._db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = NORMAL")
            self._db.execute("PRAGMA foreign_keys = ON")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version > _SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path} was written by a newer contextledger (schema {version}); upgrade to open it"
                )
            self._db.executescript(_SCHEMA)
            if version < _SCHEMA_VERSION:
                self._db.execute(f"PRAGMA user_version = {_SCHEMA_VERSION}")
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot open session store {self.path}: {exc}") from None
        except OSError as exc:
            raise StoreError(
                f"cannot create session store {self.path}: {exc.strerror or exc}"
            ) from None

    def __repr__(self) -> str:
        return f"SessionStore({str(self.path)!r})"

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> SessionStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # --- sessions ---------------------------------------------------------------

    def create(self, name: str) -> SessionInfo:
        """Create an empty session; a name already in use raises :class:`StoreError`."""
        if not isinstance(name, str) or not name.strip():
            raise StoreError("a session needs a non-empty name")
        now = time.time()
        try:
            self._db.execute("INSERT INTO sessions (name, created) VALUES (?, ?)", (name, now))
        except sqlite3.IntegrityError:
            raise StoreError(f"a session named {name!r} already exists") from None
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot create session {name!r}: {exc}") from None
        return SessionInfo(name, now)

    def exists(self, name: str) -> bool:
        return self._session_id(name, missing_ok=True) is not None

    def list(self) -> list[SessionInfo]:
        """Every session, oldest first, with message and event counts."""
        rows = self._db.execute(
            """
            SELECT s.name, s.created,
                   (SELECT COUNT(*) FROM messages m WHERE m.session = s.id),
                   (SELECT COUNT(*) FROM events e WHERE e.session = s.id),
                   (SELECT MAX(created) FROM messages m WHERE m.session = s.id)
            FROM sessions s ORDER BY s.created, s.id
            """
        ).fetchall()
        return [SessionInfo(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    def info(self, name: str) -> SessionInfo:
        for s in self.list():
            if s.name == name:
                return s
        raise StoreError(f"no session named {name!r} in {self.path}")

    def _session_id(self, name: str, *, missing_ok: bool = False) -> int | None:
        row = self._db.execute("SELECT id FROM sessions WHERE name = ?", (name,)).fetchone()
        if row is None:
            if missing_ok:
                return None
            raise StoreError(f"no session named {name!r} in {self.path}")
        return int(row[0])

    # --- append -----------------------------------------------------------------

    def intern_images(self, message: Message) -> Message:
        """The message with every inline image (also inside tool results) stored as a ref."""
        changed = False
        blocks: list[Block] = []
        for b in message.content:
            nb: Block = b
            if isinstance(b, Image) and b.data is not None:
                nb = self.media.intern(b)
            elif isinstance(b, Image) and b.ref is not None:
                self._check_ref(b.ref)
            elif isinstance(b, ToolResult) and any(
                isinstance(x, Image) and x.data is not None for x in b.content
            ):
                inner = tuple(
                    self.media.intern(x) if isinstance(x, Image) else x for x in b.content
                )
                nb = replace(b, content=inner)
            if isinstance(nb, ToolResult):
                for x in nb.content:
                    if isinstance(x, Image) and x.ref is not None:
                        self._check_ref(x.ref)
            changed = changed or nb is not b
            blocks.append(nb)
        return message.with_content(blocks) if changed else message

    def _check_ref(self, ref: str) -> None:
        """A stored row may only point at media this store holds (rows are forever)."""
        if not self.media.path(ref).is_file():  # path() refuses anything that is not a ref
            raise StoreError(f"image ref {ref!r} is not in the media store {self.media.root}")

    def append(self, session: str, messages: Iterable[Message]) -> tuple[Message, ...]:
        """Append messages, each committed on its own; returns them as stored.

        Inline images become media refs; a message without an id gets ``m<seq>``.
        A crash loses at most the message being written.
        """
        sid = self._session_id(session)
        assert sid is not None
        out: list[Message] = []
        for m in messages:
            if not isinstance(m, Message):
                raise ContentError("message", f"expected a Message, got {type(m).__name__}")
            m = self.intern_images(m)
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    row = self._db.execute(
                        "SELECT COALESCE(MAX(seq), -1) + 1 FROM messages WHERE session = ?", (sid,)
                    ).fetchone()
                    seq = int(row[0])
                    if not m.id:
                        m = replace(m, id=f"m{seq}")
                    if self._db.execute(
                        "SELECT 1 FROM messages WHERE session = ? AND id = ?", (sid, m.id)
                    ).fetchone():
                        # ids are unique in a session: a clash is stored under a fresh one
                        m = replace(m, id=f"{m.id}.{seq}")
                    self._db.execute(
                        "INSERT INTO messages (session, seq, id, created, body) VALUES (?, ?, ?, ?, ?)",
                        (sid, seq, m.id, time.time(), message_to_bytes(m)),
                    )
                    self._db.execute("COMMIT")
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
            except sqlite3.DatabaseError as exc:
                raise StoreError(f"cannot append to session {session!r}: {exc}") from None
            out.append(m)
        return tuple(out)

    def append_event(self, session: str, kind: str, data: Mapping[str, Any] | None = None) -> Event:
        """Record an event (e.g. ``"compaction"``) with JSON data after the current messages."""
        sid = self._session_id(session)
        try:
            body = json.dumps(dict(data or {}), ensure_ascii=False).encode("utf-8", "surrogatepass")
        except (TypeError, ValueError) as exc:
            raise ContentError("data", f"event data must be JSON-serializable ({exc})") from None
        now = time.time()
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                seq = int(
                    self._db.execute(
                        "SELECT COALESCE(MAX(seq), -1) + 1 FROM events WHERE session = ?", (sid,)
                    ).fetchone()[0]
                )
                count = int(
                    self._db.execute(
                        "SELECT COUNT(*) FROM messages WHERE session = ?", (sid,)
                    ).fetchone()[0]
                )
                self._db.execute(
                    "INSERT INTO events (session, seq, kind, after_message, created, data) VALUES (?, ?, ?, ?, ?, ?)",
                    (sid, seq, kind, count, now, body),
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot append an event to session {session!r}: {exc}") from None
        return Event(seq, kind, json.loads(body), count, now)

    # --- load -------------------------------------------------------------------

    def load(
        self, session: str, *, dangling: Literal["synthesize", "remove"] = "synthesize"
    ) -> LoadedSession:
        """Read a session and repair it in memory (the rows are never rewritten).

        A row that cannot be decoded is skipped and named in ``unreadable``.
        """
        sid = self._session_id(session)
        stored: list[Message] = []
        unreadable: list[str] = []
        for seq, body in self._db.execute(
            "SELECT seq, body FROM messages WHERE session = ? ORDER BY seq", (sid,)
        ):
            try:
                stored.append(message_from_bytes(bytes(body), f"{session}[seq {seq}]"))
            except ContentError as exc:
                unreadable.append(f"message seq {seq} could not be read and was skipped: {exc}")
        events: list[Event] = []
        for seq, kind, after, created, data in self._db.execute(
            "SELECT seq, kind, after_message, created, data FROM events WHERE session = ? ORDER BY seq",
            (sid,),
        ):
            try:
                payload = json.loads(bytes(data).decode("utf-8", "surrogatepass"))
            except ValueError as exc:
                unreadable.append(f"event seq {seq} could not be read and was skipped: {exc}")
                continue
            events.append(Event(seq, kind, payload, after, created))
        stored = [self._check_media(m, unreadable) for m in stored]
        result = repair(stored, dangling=dangling)
        return LoadedSession(
            session, result.messages, tuple(stored), tuple(events), result, tuple(unreadable)
        )

    def _check_media(self, m: Message, notes: MutableSequence[str]) -> Message:
        """An image whose bytes are gone (or whose ref is invalid) becomes a visible
        placeholder in the loaded view, reported; the row itself is never rewritten."""
        if not any(i.ref is not None for i in m.images()):
            return m

        def ok(img: Image) -> bool:
            try:
                return img.ref is None or self.media.path(img.ref).is_file()
            except StoreError:
                return False

        def swap(img: Image) -> Text:
            notes.append(
                f"message {m.id}: image {img.label} ({img.ref!r}) is not in the media store"
            )
            return Text(f"[image {img.label} is missing from the media store]")

        if all(ok(i) for i in m.images()):
            return m
        blocks: list[Block] = []
        for b in m.content:
            if isinstance(b, Image) and not ok(b):
                blocks.append(swap(b))
            elif isinstance(b, ToolResult) and not all(
                ok(x) for x in b.content if isinstance(x, Image)
            ):
                inner = tuple(
                    swap(x) if isinstance(x, Image) and not ok(x) else x for x in b.content
                )
                blocks.append(replace(b, content=inner))
            else:
                blocks.append(b)
        return m.with_content(blocks)

    def materialize(self, messages: Iterable[Message]) -> tuple[Message, ...]:
        """Messages with every image ref turned back into inline data (for sending)."""
        out: list[Message] = []
        for m in messages:
            blocks: list[Block] = []
            for b in m.content:
                if isinstance(b, Image):
                    b = self.media.materialize(b)
                elif isinstance(b, ToolResult):
                    b = replace(
                        b,
                        content=tuple(
                            self.media.materialize(x) if isinstance(x, Image) else x
                            for x in b.content
                        ),
                    )
                blocks.append(b)
            out.append(m.with_content(blocks))
        return tuple(out)

    def refs(self) -> set[str]:
        """Every media ref any stored message holds (the ``keep`` set for a sweep)."""
        keep: set[str] = set()
        for (body,) in self._db.execute("SELECT body FROM messages"):
            try:
                m = message_from_bytes(bytes(body))
            except ContentError:
                # Unreadable row: keep anything that looks like a ref in it, to be safe.
                text = bytes(body).decode("utf-8", "replace")
                keep.update(_REF_IN_TEXT.findall(text))
                continue
            keep.update(self.media.refs_in([m]))
        return keep

    def integrity_check(self) -> str:
        """SQLite's ``PRAGMA integrity_check`` result (``"ok"`` when healthy)."""
        return str(self._db.execute("PRAGMA integrity_check").fetchone()[0])

    # --- export / import --------------------------------------------------------

    def export_jsonl(self, session: str, fmt: ExportFormat = "internal") -> str:
        """The session as JSONL, images inline so the file stands alone.

        ``internal``: the stored messages exactly (lossless, unrepaired). ``openai`` /
        ``anthropic``: the repaired messages written by ``contextledger.providers``, one
        message per line; an Anthropic system prompt is a first line ``{"system": …}``.
        """
        loaded = self.load(session)
        if fmt == "internal":
            return dumps_messages(self.materialize(loaded.stored))
        if fmt not in EXPORT_FORMATS:
            raise StoreError(
                f"unknown export format {fmt!r}; expected one of {', '.join(EXPORT_FORMATS)}"
            )
        body = write_messages(self.materialize(loaded.messages), fmt)
        lines: list[Any] = []
        if fmt == "anthropic" and body.get("system"):
            lines.append({"system": body["system"]})
        lines.extend(body["messages"])
        return "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines)

    def import_jsonl(
        self, text: str, name: str, fmt: ExportFormat | Literal["auto"] = "internal"
    ) -> tuple[Message, ...]:
        """Create session ``name`` from JSONL written by :meth:`export_jsonl` (or by hand).

        Nothing is stored when the text cannot be read: the error names the line.
        """
        messages = parse_jsonl(text, fmt)
        if self.exists(name):
            raise StoreError(f"a session named {name!r} already exists; import under another name")
        # Store every image first (media writes are idempotent), so a bad one stops the
        # import before the session exists: no half-imported session is left behind.
        interned: list[Message] = []
        for n, m in enumerate(messages, start=1):
            try:
                interned.append(self.intern_images(m))
            except (StoreError, ContentError) as exc:
                raise StoreError(f"message {n} ({m.id or m.role}): {exc}") from None
        self.create(name)
        return self.append(name, interned)


def parse_jsonl(text: str, fmt: ExportFormat | Literal["auto"] = "internal") -> tuple[Message, ...]:
    """Messages from JSONL in our internal format or a provider format (``auto``: guess)."""
    if fmt == "internal":
        return loads_messages(text)
    rows: list[Any] = []
    for n, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except ValueError as exc:
            raise ContentError(f"line {n}", f"not valid JSON ({exc})") from None
    if fmt == "auto":
        try:
            return loads_messages(text)
        except ContentError:
            pass  # not our format: let the provider readers detect theirs
    system = [r["system"] for r in rows if isinstance(r, dict) and set(r) == {"system"}]
    messages = [r for r in rows if not (isinstance(r, dict) and set(r) == {"system"})]
    if fmt == "anthropic" or system:
        payload: Any = (
            {"messages": messages, "system": system[0]} if system else {"messages": messages}
        )
        return read_messages(payload, "anthropic")
    return read_messages(messages, None if fmt == "auto" else fmt)
