"""The session-store interface: what a database must do for :class:`SessionStore`.

:class:`~contextledger.storage.sessions.SessionStore` holds everything that is the same
for every database (interning images, decoding and repairing on load, export/import,
sweep safety); a backend only stores rows. Two backends implement
:class:`SessionBackend`: :class:`~contextledger.storage.sqlite.SQLiteBackend` (embedded,
the default) and :class:`~contextledger.storage.postgres.PostgresBackend` (many
processes on many machines).

Every backend gives the same guarantees: rows are append-only (enforced by the database
itself, except the deliberate :meth:`SessionBackend.delete_session`); each session's
messages and events are ordered by a per-session sequence number assigned inside the
writing transaction (never by a timestamp); an append is idempotent (a retry with the
same ``idem`` token, or the same message id and bytes, returns the stored row instead of
writing a second one); each row carries the SHA-256 of its body, so silent damage is
detected instead of believed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from typing import Protocol

from ..model import Message
from .codec import message_to_bytes

__all__ = [
    "EventRow",
    "MessageRow",
    "SessionBackend",
    "SessionInfo",
    "body_digest",
    "redact_url",
    "resolve_append",
]

#: Advisory lock keys. The media lock is shared by appends that store images and held
#: exclusively by a sweep, so a sweep never deletes an image a commit is about to need.
MEDIA_LOCK = "contextledger:media"


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """A session's name, creation time (epoch seconds) and sizes."""

    name: str
    created: float
    messages: int = 0
    events: int = 0
    updated: float | None = None


@dataclass(frozen=True, slots=True)
class MessageRow:
    """A stored message row. ``digest`` is the SHA-256 of ``body`` written with it
    (``None`` for rows written before digests existed)."""

    seq: int
    body: bytes
    digest: bytes | None
    created: float

    @property
    def intact(self) -> bool:
        return self.digest is None or body_digest(self.body) == self.digest


@dataclass(frozen=True, slots=True)
class EventRow:
    seq: int
    kind: str
    after_message: int
    created: float
    data: bytes


def redact_url(url: str) -> str:
    """A URL without its password, for messages and logs.

    >>> redact_url("postgresql://app:s3cret@db:5432/ledger")
    'postgresql://app:***@db:5432/ledger'
    """
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc}"))


def body_digest(body: bytes) -> bytes:
    return hashlib.sha256(body).digest()


def resolve_append(
    message: Message, seq: int, stored_body_of: Callable[[str], bytes | None]
) -> tuple[Message, bytes, bool]:
    """Decide what an append at ``seq`` writes: ``(message, body, already_stored)``.

    A message without an id gets ``m<seq>``. An id already in the session whose stored
    bytes are identical is the same message sent again: nothing is written. An id in use
    by a different message is stored under ``<id>.<seq>`` (ids are unique in a session).
    """
    if not message.id:
        message = replace(message, id=f"m{seq}")
    body = message_to_bytes(message)
    existing = stored_body_of(message.id)
    if existing is not None:
        if existing == body:
            return message, body, True
        message = replace(message, id=f"{message.id}.{seq}")
        body = message_to_bytes(message)
    return message, body, False


class SessionBackend(Protocol):
    """Row storage for sessions. Implementations raise only
    :class:`~contextledger.errors.StoreError`, with a message that says what to do."""

    #: Where the rows live, for messages (a path, or a URL without its password).
    location: str

    def close(self) -> None: ...

    def store_id(self) -> str:
        """A random id written when the database was created (names its media)."""
        ...

    def create_session(self, name: str, created: float) -> None:
        """Raises StoreError when the name is taken."""
        ...

    def session_id(self, name: str) -> int | None: ...

    def list_sessions(self) -> list[SessionInfo]: ...

    def message_count(self) -> int:
        """Messages in every session together."""
        ...

    def append_message(
        self,
        session_id: int,
        message: Message,
        created: float,
        *,
        idem: str | None = None,
        before_insert: Callable[[], None] | None = None,
    ) -> Message:
        """Store one message in its own transaction; returns it as stored (see
        :func:`resolve_append`). A row already written under ``idem`` is returned as it
        is. ``before_insert`` runs with the media lock held shared until the row is
        committed, before any row lock is taken (it re-checks the images the row refers
        to, which may take network round trips)."""
        ...

    def append_event(
        self, session_id: int, kind: str, data: bytes, created: float
    ) -> tuple[int, int]:
        """Store an event; returns ``(seq, messages in the session)``."""
        ...

    def marks(self, session_id: int) -> tuple[int, int]:
        """``(messages, events)`` written to the session so far: the sequence numbers the
        next message and the next event will get (one cheap read; a writer that sees
        them unchanged knows nobody else wrote)."""
        ...

    def message_rows(self, session_id: int, after: int = -1) -> list[MessageRow]:
        """The session's message rows with ``seq > after``, in order."""
        ...

    def event_rows(self, session_id: int, after: int = -1) -> list[EventRow]:
        """The session's event rows with ``seq > after``, in order."""
        ...

    def all_message_rows(self) -> Iterator[tuple[str, MessageRow]]:
        """Every message row of every session, with the session name."""
        ...

    def delete_session(self, session_id: int) -> None:
        """The one deliberate exception to append-only: a session and all its rows."""
        ...

    def rename_session(self, session_id: int, name: str) -> None:
        """Give a session a new name (its rows are untouched); StoreError when it is taken."""
        ...

    def integrity_check(self) -> str:
        """``"ok"`` when the database reports itself healthy, else what it found."""
        ...

    def lock(
        self, key: str, *, shared: bool = False, timeout: float | None = None
    ) -> AbstractContextManager[None]:
        """An inter-process lock (PostgreSQL: an advisory lock) held for the block. Waits
        at most ``timeout`` seconds for another holder (None: the backend's long default),
        then raises :class:`~contextledger.errors.StoreBusyError`."""
        ...
