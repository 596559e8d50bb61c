"""Copy sessions between stores (SQLite ⇄ PostgreSQL, any media backend), lossless and
verified.

Every session keeps its name and creation time; every message its id, bytes and time;
every event its kind, data, time and place between the messages; every image its bytes
(copied once, by SHA-256). A migration can be run again after an interruption: rows are
written with idempotency tokens derived from the source, so nothing is written twice, and
a session already complete is only verified. After copying, each session is read back from
the target and compared with the source, message by message, event by event, image by
image; any difference is a :class:`~contextledger.errors.StoreError`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..errors import ContentError, StoreError
from ..model import Message
from .base import EventRow, MessageRow
from .codec import message_from_bytes
from .sessions import SessionStore

__all__ = ["MigrationReport", "migrate"]


@dataclass(frozen=True, slots=True)
class MigrationReport:
    """What a migration copied (``sessions``…) and what it found already there."""

    sessions: int
    messages: int
    events: int
    images: int
    already_there: int = 0

    def summary(self) -> str:
        text = (
            f"migrated {self.sessions} session(s): {self.messages} message(s), "
            f"{self.events} event(s), {self.images} image(s) copied; verified"
        )
        if self.already_there:
            text += f" ({self.already_there} session(s) were already complete)"
        return text


def migrate(
    source: SessionStore,
    target: SessionStore,
    *,
    sessions: Iterable[str] | None = None,
    progress: Callable[[str], None] | None = None,
) -> MigrationReport:
    """Copy ``sessions`` (default: all) from ``source`` to ``target`` and verify them.

    Refuses a source row that cannot be read (nothing would be lossless about skipping
    it) and a target session of the same name that is not a copy of the source's.
    """
    names = list(sessions) if sessions is not None else [s.name for s in source.list()]
    src_id = source.backend.store_id()
    copied_messages = copied_events = copied_images = complete = 0
    for name in names:
        src_sid = _sid(source, name)
        messages = source.backend.message_rows(src_sid)
        events = source.backend.event_rows(src_sid)
        decoded = [_decode(name, row) for row in messages]
        info = source.info(name)
        dst_sid = target.backend.session_id(name)
        if dst_sid is None:
            target.backend.create_session(name, info.created)
            dst_sid = _sid(target, name)
        there = target.backend.message_rows(dst_sid)
        there_events = target.backend.event_rows(dst_sid)
        _check_prefix(name, decoded, events, there, there_events)
        if len(there) == len(decoded) and len(there_events) == len(events):
            complete += 1
        # Images first: a row is written only once everything it refers to is there.
        for m in decoded[len(there) :]:
            for img in m.images():
                if img.ref is not None and not target.media.exists(img.ref):
                    target.media.put(source.media.read(img.ref))
                    copied_images += 1
        pending_events = list(events[len(there_events) :])
        for seq, (row, m) in enumerate(zip(messages, decoded, strict=True)):
            if seq < len(there):
                continue
            copied_events += _write_events(target, dst_sid, pending_events, seq)
            stored = target.backend.append_message(
                dst_sid, m, row.created, idem=f"migrate:{src_id}:{name}:{row.seq}"
            )
            if stored.id != m.id:
                raise StoreError(
                    f"session {name!r}: message {m.id!r} was stored as {stored.id!r}: "
                    "the target already holds another message with that id"
                )
            copied_messages += 1
        copied_events += _write_events(target, dst_sid, pending_events, len(decoded))
        _verify(source, target, name, src_sid, dst_sid)
        if progress is not None:
            progress(f"{name}: {len(decoded)} message(s), {len(events)} event(s)")
    return MigrationReport(len(names), copied_messages, copied_events, copied_images, complete)


def _write_events(
    target: SessionStore, sid: int, pending: list[EventRow], messages_written: int
) -> int:
    """Write (and take off ``pending``) the events recorded after ``messages_written``
    messages or fewer, so each lands at its place between the messages."""
    written = 0
    while pending and pending[0].after_message <= messages_written:
        e = pending.pop(0)
        target.backend.append_event(sid, e.kind, e.data, e.created)
        written += 1
    return written


def _sid(store: SessionStore, name: str) -> int:
    sid = store.backend.session_id(name)
    if sid is None:
        raise StoreError(f"no session named {name!r} in {store.location}")
    return sid


def _decode(session: str, row: MessageRow) -> Message:
    if not row.intact:
        raise StoreError(
            f"session {session!r}, message seq {row.seq}: does not match its checksum (the "
            "source is damaged); nothing was migrated for it"
        )
    try:
        return message_from_bytes(row.body, f"{session}[seq {row.seq}]")
    except ContentError as exc:
        raise StoreError(
            f"session {session!r}, message seq {row.seq} cannot be read ({exc}); "
            "a migration must be lossless, so it stops here"
        ) from None


def _check_prefix(
    name: str,
    decoded: list[Message],
    events: list[EventRow],
    there: list[MessageRow],
    there_events: list[EventRow],
) -> None:
    """The target's session must be the start of the source's (an interrupted run)."""
    same = len(there) <= len(decoded) and all(
        message_from_bytes(row.body) == m for row, m in zip(there, decoded, strict=False)
    )
    same = same and len(there_events) <= len(events)
    same = same and all(
        (a.kind, _json(a.data)) == (b.kind, _json(b.data))
        for a, b in zip(there_events, events, strict=False)
    )
    if not same:
        raise StoreError(
            f"the target already has a session {name!r} that is not a copy of the source's; "
            "migrate it under another name, or delete it from the target first"
        )


def _json(data: bytes) -> object:
    try:
        return json.loads(data.decode("utf-8", "surrogatepass"))
    except ValueError:
        return data


def _verify(source: SessionStore, target: SessionStore, name: str, src: int, dst: int) -> None:
    a = [_decode(name, r) for r in source.backend.message_rows(src)]
    b = [_decode(name, r) for r in target.backend.message_rows(dst)]
    if a != b:
        first = next(
            (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
        )
        raise StoreError(
            f"verification failed for session {name!r}: message {first} differs "
            f"({len(a)} in the source, {len(b)} in the target)"
        )
    ea = [(e.kind, _json(e.data), e.after_message) for e in source.backend.event_rows(src)]
    eb = [(e.kind, _json(e.data), e.after_message) for e in target.backend.event_rows(dst)]
    if ea != eb:
        raise StoreError(f"verification failed for session {name!r}: the events differ")
    for m in b:
        for img in m.images():
            if img.ref is not None:
                target.media.read(img.ref)  # hash-verified
