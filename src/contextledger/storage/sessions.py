"""Sessions: append-only history in a database, images as refs in a media store.

:class:`SessionStore` works the same on every backend: SQLite (a file, the default) or
PostgreSQL (``postgresql://…``, for many instances sharing one truth). Messages and
events are only ever appended (the database refuses UPDATE and DELETE), each message in
its own transaction, so a writer killed mid-append loses at most the message it was
writing. Images are interned into the media store on append (a folder beside the
database, or ``s3://bucket/prefix``): rows hold refs, never base64. Loading runs
:func:`contextledger.repair.repair` on the stored messages and returns its report; the
rows themselves are never rewritten.

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

import builtins
import json
import os
import re
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableSequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal

from ..errors import ContentError, StoreError
from ..model import Block, Image, Message, Text, ToolResult
from ..providers import REGISTRY, provider_format, read_messages, write_messages
from ..repair import RepairResult, repair
from .base import MEDIA_LOCK, EventRow, MessageRow, SessionBackend, SessionInfo
from .codec import dumps_messages, loads_messages, message_from_bytes
from .media import REF_PATTERN, MediaBackend, MediaStore, SweepResult, is_ref

if TYPE_CHECKING:
    from .browse import SearchHit, SessionSummary

__all__ = [
    "Event",
    "ExportFormat",
    "LoadedSession",
    "SessionInfo",
    "SessionMark",
    "SessionStore",
    "SessionTail",
    "default_store_path",
    "is_store_url",
    "open_backend",
]

ExportFormat = Literal["internal", "openai", "anthropic", "gemini", "openai-responses"]
EXPORT_FORMATS: tuple[str, ...] = ("internal", "openai", "anthropic", "gemini", "openai-responses")

_REF_IN_TEXT = re.compile(REF_PATTERN)
_POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def default_store_path() -> Path:
    """``<user data dir>/contextledger/sessions.db`` (platformdirs)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("contextledger")) / "sessions.db"


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
class SessionMark:
    """How far a session's rows go: the ``messages`` and ``events`` written so far (the
    sequence numbers the next ones get). Equal marks: nothing was written in between."""

    messages: int = 0
    events: int = 0


@dataclass(frozen=True, slots=True)
class SessionTail:
    """Rows written after a mark (see :meth:`SessionStore.read_since`): the messages as
    stored (not repaired), the events, and the ``mark`` they reach."""

    stored: tuple[Message, ...]
    events: tuple[Event, ...]
    mark: SessionMark
    unreadable: tuple[str, ...] = ()


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


def is_store_url(location: object) -> bool:
    """True for a PostgreSQL URL (``postgresql://…``), False for a SQLite file."""
    return isinstance(location, str) and location.startswith(_POSTGRES_SCHEMES)


def open_backend(
    location: str | os.PathLike[str] | None, *, busy_timeout_ms: int = 10_000
) -> SessionBackend:
    """The backend a location names: ``postgresql://…`` (or ``postgres://``), else a SQLite
    file (``sqlite:FILE`` or a plain path; ``None``: :func:`default_store_path`).
    ``busy_timeout_ms``: the longest a call waits for the database (SQLite's write lock,
    a free PostgreSQL connection) before it fails with a StoreError."""
    if is_store_url(location):
        from .postgres import PostgresBackend

        return PostgresBackend(str(location), timeout=busy_timeout_ms / 1000)
    if isinstance(location, str) and location.startswith("sqlite:"):
        location = location.removeprefix("sqlite:").removeprefix("//")
    from .sqlite import SQLiteBackend

    path = Path(location).expanduser() if location is not None else default_store_path()
    return SQLiteBackend(path, busy_timeout_ms=busy_timeout_ms)


def open_media(location: str | os.PathLike[str], *, max_bytes: int | None = None) -> MediaBackend:
    """The media store a location names: ``s3://bucket/prefix`` or a folder."""
    if isinstance(location, str) and location.startswith("s3://"):
        from .s3 import S3MediaStore

        if max_bytes is None:
            return S3MediaStore(location)
        return S3MediaStore(location, max_bytes=max_bytes)
    return MediaStore(location) if max_bytes is None else MediaStore(location, max_bytes=max_bytes)


def _storable(name: str) -> bool:
    """Whether ``name`` is text a database can store (no lone surrogates)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_new_name(name: object) -> None:
    """A new session name: non-empty text a database can store (a name from a shell's
    undecodable bytes holds lone surrogates, which neither SQLite nor PostgreSQL takes)."""
    if not isinstance(name, str) or not name.strip():
        raise StoreError("a session needs a non-empty name")
    if not _storable(name):
        shown = name.encode("utf-8", "backslashreplace").decode("utf-8")
        message = f"session name '{shown}' is not valid UTF-8 text; pick another name"
        raise StoreError(message)


class SessionStore:
    """Append-only sessions in a database, images in a media store.

    ``location``: a SQLite file (path or ``sqlite:FILE``; ``None`` uses
    :func:`default_store_path`) or a ``postgresql://`` URL. ``media``: a folder,
    ``s3://bucket/prefix`` or a media store object; by default a ``<name>.media``
    folder beside a SQLite file (one per database), or ``<data dir>/media/<store id>``
    for PostgreSQL. (``media_root`` is the older name of ``media``.)
    """

    def __init__(
        self,
        location: str | os.PathLike[str] | None = None,
        *,
        media: str | os.PathLike[str] | MediaBackend | None = None,
        media_root: str | os.PathLike[str] | None = None,
        media_max_bytes: int | None = None,
        busy_timeout_ms: int = 10_000,
    ) -> None:
        self._backend = open_backend(location, busy_timeout_ms=busy_timeout_ms)
        self.location = self._backend.location
        #: The SQLite file (``None`` for PostgreSQL).
        self.path: Path | None = getattr(self._backend, "path", None)
        try:
            media = media if media is not None else media_root
            if media is None:
                if self.path is not None:
                    # One media folder per database file: a sweep reads the refs of this
                    # database only, so two databases must never share a folder.
                    media = self.path.parent / f"{self.path.stem}.media"
                else:
                    from platformdirs import user_data_dir

                    media = (
                        Path(user_data_dir("contextledger")) / "media" / self._backend.store_id()
                    )
            self.media: MediaBackend = (
                open_media(media, max_bytes=media_max_bytes)
                if isinstance(media, (str, os.PathLike))
                else media
            )
        except BaseException:
            self._backend.close()
            raise
        self._media_claimed = False

    def __repr__(self) -> str:
        return f"SessionStore({self.location!r})"

    @property
    def backend(self) -> SessionBackend:
        return self._backend

    def close(self) -> None:
        self._backend.close()
        close_media = getattr(self.media, "close", None)
        if close_media is not None:
            close_media()

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
        _check_new_name(name)
        now = time.time()
        self._backend.create_session(name, now)
        return SessionInfo(name, now)

    def exists(self, name: str) -> bool:
        return self._known_id(name) is not None

    def _known_id(self, name: str) -> int | None:
        """The session's id, or None: no session has that name (a name that is not UTF-8
        text names none, and a database cannot be asked for it)."""
        if not _storable(name):
            return None
        return self._backend.session_id(name)

    def list(self) -> list[SessionInfo]:
        """Every session, oldest first, with message and event counts."""
        return self._backend.list_sessions()

    def info(self, name: str) -> SessionInfo:
        for s in self.list():
            if s.name == name:
                return s
        raise StoreError(f"no session named {name!r} in {self.location}")

    def delete(self, name: str) -> SweepResult | None:
        """Delete a session and all its rows: the one deliberate exception to append-only.

        Its images that no other session refers to are removed too (returned as a
        :class:`SweepResult`; None when it held none). That happens under the media lock,
        after the rows are gone, and only for media this store owns: an image another
        session holds, or one an append is committing right now, is never removed, and a
        crash in between leaves only unreferenced images for ``sweep_media``."""
        sid = self._session_id(name)
        own: set[str] = set()
        for row in self._backend.message_rows(sid):
            own.update(_REF_IN_TEXT.findall(row.body.decode("utf-8", "replace")))
        if not own:
            self._backend.delete_session(sid)
            return None
        with self._backend.lock(MEDIA_LOCK):
            self._backend.delete_session(sid)
            if self.media.owner() != self._backend.store_id():
                return None  # media shared with another store: only a sweep may decide
            keep = self.refs()  # lenient: anything that looks like a ref in a row stays
            return self.media.sweep(keep, min_age=timedelta(0), only=own - keep)

    def rename(self, name: str, new_name: str) -> SessionInfo:
        """Give a session a new name; its messages, events and images are untouched."""
        _check_new_name(new_name)
        self._backend.rename_session(self._session_id(name), new_name)
        return self.info(new_name)

    def summaries(self) -> builtins.list[SessionSummary]:
        """Every session with its model, turns, tokens, dollar cost and last use."""
        from .browse import summarize

        out = []
        for info in self.list():
            sid = self._backend.session_id(info.name)
            if sid is not None:
                out.append(summarize(self._backend, info, sid))
        return out

    def search(self, query: str, *, limit: int = 20) -> builtins.list[SearchHit]:
        """Stored messages holding every word of ``query`` (SQLite FTS5, best first)."""
        from .browse import search

        return search(self._backend, query, limit=limit)

    def _session_id(self, name: str) -> int:
        sid = self._known_id(name)
        if sid is None:
            raise StoreError(f"no session named {name!r} in {self.location}")
        return sid

    @contextmanager
    def session_lock(self, name: str, *, timeout: float | None = None) -> Iterator[None]:
        """Hold the session's lock across processes (PostgreSQL: an advisory lock), e.g.
        around load → compact → record a compaction event, so two instances never compact
        the same session at once. Another holder is waited for at most ``timeout`` s (None:
        the backend's long default), then :class:`~contextledger.errors.StoreBusyError`."""
        with self._backend.lock(f"contextledger:session:{name}", timeout=timeout):
            yield

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
        if not self.media.exists(ref):  # exists() refuses anything that is not a ref
            raise StoreError(f"image ref {ref!r} is not in the media store {self.media.location}")

    def _claim_media(self) -> None:
        if not self._media_claimed:
            self.media.claim(self._backend.store_id())
            self._media_claimed = True

    def append(
        self,
        session: str,
        messages: Iterable[Message],
        *,
        idempotency_key: str | None = None,
    ) -> tuple[Message, ...]:
        """Append messages, each committed on its own; returns them as stored.

        Inline images become media refs; a message without an id gets ``m<seq>``. The
        same message (same id, same content) sent again is not stored twice, and with an
        ``idempotency_key`` a retried call returns what the first one stored. A crash
        loses at most the message being written.
        """
        sid = self._session_id(session)
        out: list[Message] = []
        for n, m in enumerate(messages):
            if not isinstance(m, Message):
                raise ContentError("message", f"expected a Message, got {type(m).__name__}")
            interned = self.intern_images(m)
            guard = None
            if any(True for _ in interned.images()):
                self._claim_media()
                guard = self._media_guard(m, interned)
            # A retry after a lost connection must not write the message twice.
            idem = f"{idempotency_key}/{n}" if idempotency_key else uuid.uuid4().hex
            out.append(
                self._backend.append_message(
                    sid, interned, time.time(), idem=idem, before_insert=guard
                )
            )
        return tuple(out)

    def _media_guard(self, original: Message, interned: Message) -> Any:
        """Runs with the media lock held, just before the row is written: a sweep that
        ran since the images were stored may have removed one, so put it back."""

        def check() -> None:
            if all(self.media.exists(img.ref) for img in interned.images() if img.ref):
                return
            self.intern_images(original)  # stores inline images again; raises for lost refs

        return check

    def append_event(self, session: str, kind: str, data: Mapping[str, Any] | None = None) -> Event:
        """Record an event (e.g. ``"compaction"``) with JSON data after the current messages."""
        sid = self._session_id(session)
        try:
            body = json.dumps(dict(data or {}), ensure_ascii=False).encode("utf-8", "surrogatepass")
        except (TypeError, ValueError) as exc:
            raise ContentError("data", f"event data must be JSON-serializable ({exc})") from None
        now = time.time()
        seq, count = self._backend.append_event(sid, kind, body, now)
        return Event(seq, kind, json.loads(body), count, now)

    # --- load -------------------------------------------------------------------

    def load(
        self, session: str, *, dangling: Literal["synthesize", "remove"] = "synthesize"
    ) -> LoadedSession:
        """Read a session and repair it in memory (the rows are never rewritten).

        A row that cannot be decoded is skipped and named in ``unreadable``; a row whose
        bytes no longer match their checksum is loaded and named there too.
        """
        sid = self._session_id(session)
        unreadable: list[str] = []
        stored = _decode_messages(session, self._backend.message_rows(sid), unreadable)
        events = _decode_events(self._backend.event_rows(sid), unreadable)
        stored = [self._check_media(m, unreadable) for m in stored]
        result = repair(stored, dangling=dangling)
        return LoadedSession(
            session, result.messages, tuple(stored), tuple(events), result, tuple(unreadable)
        )

    def mark(self, session: str) -> SessionMark:
        """How far the session's rows go (one cheap read): compare with an earlier mark to
        learn whether anyone (another process) wrote since."""
        messages, events = self._backend.marks(self._session_id(session))
        return SessionMark(messages, events)

    def read_since(self, session: str, since: SessionMark | None = None) -> SessionTail:
        """The rows written after ``since`` (all of them when ``None``), decoded but not
        repaired, and the mark they reach: a process keeping a session in memory reads
        only what others appended."""
        since = since or SessionMark()
        sid = self._session_id(session)
        unreadable: list[str] = []
        message_rows = self._backend.message_rows(sid, since.messages - 1)
        event_rows = self._backend.event_rows(sid, since.events - 1)
        stored = _decode_messages(session, message_rows, unreadable)
        events = _decode_events(event_rows, unreadable)
        reached = SessionMark(
            message_rows[-1].seq + 1 if message_rows else since.messages,
            event_rows[-1].seq + 1 if event_rows else since.events,
        )
        return SessionTail(
            tuple(self._check_media(m, unreadable) for m in stored),
            tuple(events),
            reached,
            tuple(unreadable),
        )

    def _check_media(self, m: Message, notes: MutableSequence[str]) -> Message:
        """An image whose bytes are gone (or whose ref is invalid) becomes a visible
        placeholder in the loaded view, reported; the row itself is never rewritten."""
        if not any(i.ref is not None for i in m.images()):
            return m

        def ok(img: Image) -> bool:
            try:
                return img.ref is None or self.media.exists(img.ref)
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

    # --- refs and sweeps --------------------------------------------------------

    def refs(self, *, strict: bool = False) -> set[str]:
        """Every media ref any stored message holds (the ``keep`` set for a sweep).

        Lenient (default): an unreadable row keeps anything in it that looks like a ref.
        ``strict``: a row that cannot be read, does not match its checksum or holds a
        malformed ref raises :class:`StoreError` (a sweep must not trust a damaged set).
        """
        keep: set[str] = set()
        for name, row in self._backend.all_message_rows():
            where = f"message seq {row.seq} of session {name!r}"
            problem = None
            m: Message | None = None
            if not row.intact:
                problem = "does not match its checksum"
            else:
                try:
                    m = message_from_bytes(row.body)
                except ContentError as exc:
                    problem = f"cannot be read ({exc})"
            if m is not None:
                bad = [i.ref for i in m.images() if i.ref is not None and not is_ref(i.ref)]
                if bad:
                    problem = f"holds a malformed media ref {bad[0]!r}"
            if problem is not None:
                if strict:
                    raise StoreError(
                        f"{where} {problem}: the session store {self.location} is damaged, so "
                        "its refs cannot be trusted. Restore it from a backup, or export what "
                        "is still readable with `contextledger sessions export`."
                    )
                keep.update(_REF_IN_TEXT.findall(row.body.decode("utf-8", "replace")))
            if m is not None:
                keep.update(i.ref for i in m.images() if i.ref is not None and is_ref(i.ref))
        return keep

    def integrity_check(self) -> str:
        """The database's own health check (SQLite ``PRAGMA integrity_check``); ``"ok"``
        when healthy."""
        return self._backend.integrity_check()

    def sweep_media(
        self, *, min_age: timedelta = timedelta(days=7), dry_run: bool = False
    ) -> SweepResult:
        """Delete media no session refers to and older than ``min_age``.

        Refuses (:class:`StoreError`) unless the database passes its integrity check, every
        row's refs parse and match their checksums, and the media belong to this database
        (a replaced, truncated or emptied database is never trusted to say what is unused).
        Holds the media lock, so no append can commit a ref to an image being removed.
        """
        health = self.integrity_check()
        if health != "ok":
            raise StoreError(
                f"refusing to sweep: the session store {self.location} fails its integrity "
                f"check ({health}). Restore it from a backup, or export what is still readable "
                "with `contextledger sessions export`."
            )
        self._check_media_owner()
        with self._backend.lock(MEDIA_LOCK):
            keep = self.refs(strict=True)
            return self.media.sweep(keep, min_age=min_age, dry_run=dry_run)

    def _check_media_owner(self) -> None:
        store_id = self._backend.store_id()
        owner = self.media.owner()
        if owner is None:
            if self.media.has_media() and self._backend.message_count() == 0:
                raise StoreError(
                    f"refusing to sweep: {self.media.location} holds images but the session "
                    f"store {self.location} holds no messages. If the database was replaced or "
                    "truncated, restore it; if you emptied it on purpose, delete the media "
                    "folder yourself."
                )
            owner = self.media.claim(store_id)
        if owner != store_id:
            raise StoreError(
                f"refusing to sweep: the media at {self.media.location} belong to another "
                f"session store (id {owner}), not {self.location} (id {store_id}). Was the "
                "database replaced? Restore it, or give this store its own media location."
            )

    # --- export / import --------------------------------------------------------

    def export_jsonl(self, session: str, fmt: ExportFormat = "internal") -> str:
        """The session as JSONL, images inline so the file stands alone.

        ``internal``: the stored messages exactly (lossless, unrepaired). A provider
        format (``openai``, ``anthropic``, ``gemini``, ``openai-responses``): the repaired
        messages written by that format in ``contextledger.providers``, one message (or
        Responses item) per line; a system prompt the format keeps apart is a first line
        under its own key (``{"system": …}``, ``{"system_instruction": …}``).
        """
        loaded = self.load(session)
        if fmt == "internal":
            return dumps_messages(self.materialize(loaded.stored))
        if fmt not in EXPORT_FORMATS:
            raise StoreError(
                f"unknown export format {fmt!r}; expected one of {', '.join(EXPORT_FORMATS)}"
            )
        target = provider_format(fmt)
        body = write_messages(self.materialize(loaded.messages), fmt)
        lines: list[Any] = []
        if target.system_key is not None and body.get(target.system_key):
            lines.append({target.system_key: body[target.system_key]})
        lines.extend(body[target.messages_key])
        return "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines)

    def import_jsonl(
        self,
        text: str,
        name: str,
        fmt: ExportFormat | Literal["auto"] = "internal",
        *,
        on_step: Callable[[int], None] | None = None,
    ) -> tuple[Message, ...]:
        """Create session ``name`` from JSONL written by :meth:`export_jsonl` (or by hand).

        Nothing is stored when the text cannot be read: the error names the line.
        ``on_step(total)`` is called once per message stored and once per message
        appended (``total`` = twice the messages), for a progress bar.
        """
        messages = parse_jsonl(text, fmt)
        step = on_step or (lambda total: None)
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
            step(2 * len(messages))
        self.create(name)
        stored: list[Message] = []
        for m in interned:
            stored.extend(self.append(name, [m]))
            step(2 * len(messages))
        return tuple(stored)


def _decode_messages(
    session: str, rows: Iterable[MessageRow], unreadable: MutableSequence[str]
) -> list[Message]:
    """The rows' messages; a damaged or unreadable row is named in ``unreadable``."""
    stored: list[Message] = []
    for row in rows:
        if not row.intact:
            unreadable.append(
                f"message seq {row.seq} does not match its checksum: the database is damaged"
            )
        try:
            stored.append(message_from_bytes(row.body, f"{session}[seq {row.seq}]"))
        except ContentError as exc:
            unreadable.append(f"message seq {row.seq} could not be read and was skipped: {exc}")
    return stored


def _decode_events(rows: Iterable[EventRow], unreadable: MutableSequence[str]) -> list[Event]:
    events: list[Event] = []
    for ev in rows:
        try:
            payload = json.loads(ev.data.decode("utf-8", "surrogatepass"))
        except ValueError as exc:
            unreadable.append(f"event seq {ev.seq} could not be read and was skipped: {exc}")
            continue
        events.append(Event(ev.seq, ev.kind, payload, ev.after_message, ev.created))
    return events


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
    # a first line holding only a system prompt under a format's own key (see export_jsonl)
    keys = {f.system_key: f.name for f in REGISTRY.values() if f.system_key is not None}
    head = rows[0] if rows and isinstance(rows[0], dict) and len(rows[0]) == 1 else {}
    key = next(iter(head), None)
    if key is None or key not in keys:
        return read_messages(rows, None if fmt == "auto" else fmt)
    target = provider_format(keys[key])  # the system line says whose format the file is in
    return read_messages({target.messages_key: rows[1:], key: head[key]}, target.name)
