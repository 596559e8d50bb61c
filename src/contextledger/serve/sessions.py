"""Which conversation a request belongs to, and what the proxy remembers about it.

A client resends its whole history every turn. The proxy keeps, per conversation, the
history it has recorded (the same objects every turn, so prices and the sticky cut carry
over), the segments of the last request it read (an unchanged prefix is never read
again), the compaction events and one :class:`~contextledger.prepare.Preparer` per model.
States live in a bounded LRU: an evicted conversation is read back from the store.

>>> session_key({"x-contextledger-session": "chat-1"}, {}, "openai")
('chat-1', 'header')
>>> session_key({}, {"messages": [{"role": "user", "content": "hi"}]}, "openai")[1]
'hash'
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import re
import time
from collections import OrderedDict, deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from operator import is_
from typing import Any

from ..compaction.conversation import CompactionEvent, Conversation
from ..errors import ContentError, StoreError
from ..model import Message, Reasoning, ToolCall, ToolResult
from ..prepare import Preparer
from ..providers import provider_format
from ..providers.ids import renamed_ids
from ..report import Notice
from ..storage.sessions import SessionMark, SessionStore, SessionTail
from .outgoing import Checked
from .wire import Wire, WireName

__all__ = [
    "SessionLease",
    "SessionState",
    "Sessions",
    "Synced",
    "adopt",
    "client_items",
    "continues",
    "incoming_items",
    "incoming_messages",
    "open_session",
    "read_tail",
    "same_message",
    "session_key",
    "sync_session",
]

_SAFE = re.compile(r"[^A-Za-z0-9._:@/+=-]")
MAX_TURN_REPORTS = 2000
MAX_PREPARERS = 4
MAX_RESPONSE_IDS = 10_000


def _clean(value: str) -> str:
    """A session id as given, limited to a safe alphabet and length (it names a URL)."""
    return _SAFE.sub("-", value.strip())[:128]


def session_key(
    headers: Mapping[str, str], body: Mapping[str, Any], wire: WireName
) -> tuple[str, str]:
    """``(id, source)``: ``X-ContextLedger-Session``, then ``Helicone-Session-Id``, then
    LiteLLM's ``litellm_session_id`` (in the body or its ``metadata``), else a hash of the
    system prompt and the first user turn (stable while the client resends the history)."""
    for name, source in (
        ("x-contextledger-session", "header"),
        ("helicone-session-id", "helicone"),
    ):
        value = headers.get(name, "")
        if value.strip():
            return _clean(value), source
    meta = body.get("metadata")
    candidate: Any
    for candidate in (
        body.get("litellm_session_id"),
        meta.get("litellm_session_id") if isinstance(meta, dict) else None,
    ):
        if isinstance(candidate, str) and candidate.strip():
            return _clean(candidate), "litellm"
    key = "input" if wire == "openai-responses" else "messages"
    items = body.get(key)
    head: list[Any] = [wire, body.get("system"), body.get("instructions")]
    if isinstance(items, str):
        head.append(items)
    elif isinstance(items, list):
        for raw in items:
            head.append(raw)
            if isinstance(raw, dict) and raw.get("role") == "user":
                break
    digest = hashlib.sha256(
        json.dumps(head, sort_keys=True, ensure_ascii=False, default=str).encode(
            "utf-8", "surrogatepass"
        )
    ).hexdigest()
    return f"auto-{digest[:16]}", "hash"


@dataclass(slots=True)
class _Segment:
    """A run of the last request's conversation list that reads on its own."""

    start: int
    end: int
    raw: list[Any]
    messages: tuple[Message, ...]
    #: Whether the client's JSON for it may go upstream as it is (see Wire.sendable_as_sent).
    as_sent: bool = True


@dataclass(slots=True)
class SessionState:
    """What the proxy remembers about one conversation (one stored session)."""

    name: str
    key: str
    wire: WireName
    _conversation: Conversation = field(default_factory=Conversation)
    #: Messages recorded after ``_conversation.record`` (see :attr:`conversation`).
    pending: list[Message] = field(default_factory=list)
    system_raw: Any = None
    system: tuple[Message, ...] = ()
    segments: list[_Segment] = field(default_factory=list)
    #: The segments by their first message's position, and their messages after the system.
    starts: dict[int, _Segment] = field(default_factory=dict)
    flat: list[Message] = field(default_factory=list)
    items: list[Any] = field(default_factory=list)  # the last request's conversation list
    preparers: OrderedDict[tuple[Any, ...], Preparer] = field(default_factory=OrderedDict)
    turns: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=MAX_TURN_REPORTS))
    model: str = ""
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: How far this process has the session: messages including the ones it queued,
    #: events as read from the store (its own are written with its ``instance`` id and
    #: skipped when read back).
    mark: SessionMark = field(default_factory=SessionMark)
    #: Set (from the store thread) when a message write did not land: another process
    #: wrote first, or the write failed. The next request reads the session again.
    resync: bool = False
    #: Compaction is not tried before the record reaches this size (a recap was rejected).
    compaction_retry_at: int = 0
    compaction_paused: bool = False
    #: The fitted list checked last turn (see :func:`~contextledger.serve.outgoing.check_sent`).
    checked: Checked = field(default_factory=Checked)
    #: The last fitted list, the Preparer that priced it and its composition (tokens by
    #: kind, for the turn report).
    composed: tuple[object, tuple[Message, ...], dict[str, int]] = (None, (), {})
    #: The last conversation written by ``client_items``: the fitted messages, the items,
    #: and how many of each lead up to its last whole segment (reusable next turn).
    written: tuple[tuple[Message, ...], list[Any], int, int] = ((), [], 0, 0)
    #: Record positions by object identity (``client_items``), for the first ``_where_n``.
    _where: dict[int, int] = field(default_factory=dict)
    _where_n: int = 0

    @property
    def conversation(self) -> Conversation:
        """The record and its compaction events (messages recorded since the last call
        are folded in now)."""
        if self.pending:
            record = (*self._conversation.record, *self.pending)
            base = len(self._conversation.record)
            if all(m.id == f"m{base + k}" for k, m in enumerate(self.pending)):
                # The proxy names every recorded message by its position, so ids appended
                # after the record are new: checking the whole record again (what building
                # a Conversation does) would cost a pass over 10,000 messages every turn.
                folded = object.__new__(Conversation)
                object.__setattr__(folded, "record", record)
                object.__setattr__(folded, "events", self._conversation.events)
                self._conversation = folded
            else:
                self._conversation = Conversation(record, self._conversation.events)
            self.pending = []
        return self._conversation

    @conversation.setter
    def conversation(self, value: Conversation) -> None:
        self._conversation = value
        self.pending = []

    @property
    def record(self) -> tuple[Message, ...]:
        """Every recorded message (without building a Conversation)."""
        if self.pending:
            return (*self._conversation.record, *self.pending)
        return self._conversation.record

    @property
    def size(self) -> int:
        return len(self._conversation.record) + len(self.pending)

    def absorb(self, tail: SessionTail, *, skip: str | None = None) -> None:
        """Take in rows written after :attr:`mark` (ids by position, as the proxy writes
        them), except events written by the process whose ``instance`` id is ``skip``."""
        base = self.size
        added = tuple(replace(m, id=f"m{base + k}") for k, m in enumerate(tail.stored))
        events: list[CompactionEvent] = []
        for ev in tail.events:
            if skip is not None and ev.data.get("instance") == skip:
                continue
            if ev.kind == "compaction":
                try:
                    events.append(CompactionEvent.from_dict(ev.data))
                except ContentError:
                    continue
            elif ev.kind == "serve.turn":
                self.turns.append(dict(ev.data))
        if added or events:  # (usually only this process's own reports: nothing to rebuild)
            record = (*self.record, *added)
            known = self.conversation.events
            try:
                self.conversation = Conversation(record, (*known, *events))
            except ContentError:  # an event that does not fit this record: keep the record
                self.conversation = Conversation(record, known)
        self.mark = tail.mark
        if self.turns:
            self.model = str(self.turns[-1].get("model", self.model))

    def reset(self, tail: SessionTail) -> None:
        """Start again from the whole stored session."""
        self.conversation = Conversation()
        self._where, self._where_n = {}, 0
        self.turns.clear()
        self.resync = False
        self.absorb(tail)

    def recorded(self, messages: Sequence[Message], mark: SessionMark) -> None:
        """``messages`` were appended (by this process); the store is at ``mark``."""
        self.pending.extend(messages)
        self.mark = mark

    def positions(self) -> dict[int, int]:
        """Where each recorded message object sits in the record (kept up to date as
        messages are recorded, not rebuilt every turn)."""
        record = self.record
        n = self._where_n
        if n > len(record) or (n and self._where.get(id(record[n - 1])) != n - 1):
            self._where, n = {}, 0
        where = self._where
        for i in range(n, len(record)):
            where[id(record[i])] = i
        self._where_n = len(record)
        return where

    def preparer(self, key: tuple[Any, ...], make: Any) -> Preparer:
        """The Preparer for ``key`` (model, output reservation…), made on first use."""
        found = self.preparers.get(key)
        if found is None:
            found = make()
            self.preparers[key] = found
            while len(self.preparers) > MAX_PREPARERS:
                self.preparers.popitem(last=False)
        else:
            self.preparers.move_to_end(key)
        return found

    def add_event(self, event: CompactionEvent) -> None:
        self.conversation = Conversation(self.record, (*self.conversation.events, event))


def incoming_messages(state: SessionState, wire: Wire, body: Mapping[str, Any]) -> list[Message]:
    """The request's conversation as Messages with ids by position, reading only what
    changed since the last request of this session (the rest is the same objects)."""
    items = wire.items(body)
    if items is None:
        value = body.get(wire.messages_key)
        items = [] if value is None else [value]  # a bare Responses string input
        if isinstance(value, str):
            items = [{"type": "message", "role": "user", "content": value}]
    system_raw = body.get(wire.system_key) if wire.system_key else None
    if system_raw != state.system_raw or (not state.system and system_raw):
        state.system_raw = system_raw
        state.system = tuple(replace(m, id=f"m{k}") for k, m in enumerate(wire.read_system(body)))
        state.segments = []
    kept: list[_Segment] = []
    flat: list[Message] = list(state.system)
    starts: dict[int, _Segment] = {}
    seen = state.segments[-1].end if state.segments else 0
    if seen and len(items) >= seen and items[:seen] == state.items[:seen]:
        # the usual turn: one compare at C speed, and what was read last turn kept whole
        kept = list(state.segments)
        last = kept.pop()  # the last one may have grown: read it again
        flat = state.flat[: len(state.flat) - len(last.messages)]
        starts = dict(state.starts)
        starts.pop(len(flat), None)
    else:
        # the client's JSON changed before its end: what client_items wrote last turn is
        # not reused (the record may hold equal messages whose JSON differs)
        state.written = ((), [], 0, 0)
        for seg in state.segments:
            if seg.end <= len(items) and items[seg.start : seg.end] == seg.raw:
                kept.append(seg)
            else:
                break
        if kept:
            kept.pop()
        for seg in kept:
            starts[len(flat)] = seg
            flat.extend(seg.messages)
    start = kept[-1].end if kept else 0
    position = len(flat)
    cuts = [i for i in wire.boundaries(items[start:]) if i > 0]
    bounds = [start, *(start + i for i in cuts), len(items)]
    for a, b in itertools.pairwise(bounds):
        if a == b:
            continue
        raw = items[a:b]
        read = wire.read_segment(raw)
        messages = tuple(replace(m, id=f"m{position + k}") for k, m in enumerate(read))
        seg = _Segment(a, b, raw, messages, wire.sendable_as_sent(raw, messages))
        starts[position] = seg
        position += len(messages)
        flat.extend(messages)
        kept.append(seg)
    state.segments = kept
    state.starts = starts
    state.flat = flat
    state.items = items
    return list(flat)


def incoming_items(wire: Wire, body: Mapping[str, Any]) -> tuple[Message, ...]:
    """The conversation items of a request read on their own (a previous_response_id
    request carries only what is new); raises ContentError for what cannot be read."""
    items = wire.items(body)
    if items is None:
        value = body.get(wire.messages_key)
        items = [{"type": "message", "role": "user", "content": value}] if value else []
    return wire.read_segment(items) if items else ()


def same_message(a: Message, b: Message) -> bool:
    """The same message, however its images are held (inline data or a store ref).

    Reasoning is told apart by its opaque marks (Anthropic's signature, the Responses
    item id and encrypted content) where both sides carry them: a client that sends other
    reasoning under the same text has a history the record does not hold. A side without
    reasoning (a client may leave earlier thinking out) or without a mark is not compared."""
    if a is b or a == b:
        return True
    if a.role != b.role or a.text != b.text or not _same_calls(a.tool_calls, b.tool_calls):
        return False
    if not _same_reasoning(a, b):
        return False
    if [r.call_id for r in a.content if isinstance(r, ToolResult)] != [
        r.call_id for r in b.content if isinstance(r, ToolResult)
    ]:
        return False
    return sum(1 for _ in a.images()) == sum(1 for _ in b.images())


def _same_calls(ours: tuple[ToolCall, ...], theirs: tuple[ToolCall, ...]) -> bool:
    """The same tool calls as a client may faithfully resend them: the call id, name and
    arguments (as JSON values: a client that parses and writes them again changes only
    their spacing) decide; the Responses item id (``fc_…``, which a client rebuilding its
    ``function_call`` items leaves out), Gemini's signature and a cache mark (a client
    moves its cache breakpoints every turn) are compared only where both sides carry them."""
    if ours == theirs:
        return True
    if len(ours) != len(theirs):
        return False
    for x, y in zip(ours, theirs, strict=True):
        if x.id != y.id or x.name != y.name:
            return False
        if x.arguments != y.arguments:
            mine, bad = x.parsed()
            other, also_bad = y.parsed()
            if bad is not None or also_bad is not None or mine != other:
                return False
        for a, b in ((x.item_id, y.item_id), (x.signature, y.signature)):
            if a is not None and b is not None and a != b:
                return False
    return True


def _same_reasoning(a: Message, b: Message) -> bool:
    ours = [r for r in a.content if isinstance(r, Reasoning)]
    theirs = [r for r in b.content if isinstance(r, Reasoning)]
    if not ours or not theirs:
        return True
    if len(ours) != len(theirs):
        return False
    for x, y in zip(ours, theirs, strict=True):
        for mine, other in (
            (x.signature, y.signature),
            (x.encrypted, y.encrypted),
            (x.item_id, y.item_id),
        ):
            if mine is not None and other is not None and mine != other:
                return False
    return True


def adopt(state: SessionState, incoming: Sequence[Message]) -> None:
    """Let the read segments hold the record's own objects (``incoming`` after
    :func:`extends`), so the next turn recognizes its unchanged prefix by identity.
    Segments adopted before are skipped (from the end: the new ones are last)."""
    n = len(state.system)
    if state.system and state.system[0] is not incoming[0]:
        state.system = tuple(incoming[:n])
    end = len(state.flat)
    for seg in reversed(state.segments):
        k = len(seg.messages)
        start = end - k
        if k and seg.messages[0] is incoming[start] and seg.messages[-1] is incoming[end - 1]:
            break
        seg.messages = tuple(incoming[start:end])
        end = start
    state.flat = list(incoming[: len(state.flat)])


def extends(record: Sequence[Message], incoming: list[Message]) -> bool:
    """Whether ``incoming`` continues ``record`` (and if so, swap in the record's own
    objects so cached prices and the cut carry over)."""
    n = len(record)
    if len(incoming) < n:
        return False
    if incoming[:n] == list(record):
        incoming[:n] = record
        return True
    for i in range(n):
        if not same_message(incoming[i], record[i]):
            return False
    incoming[:n] = record
    return True


def continues(record: Sequence[Message], incoming: list[Message]) -> int | None:
    """How much of ``record`` the request ``incoming`` stands on: ``len(record)`` when
    it continues the record (see :func:`extends`), ``len(incoming)`` when it repeats a
    prefix of it (a retry, or the same opening as another conversation: nothing is new),
    None when it diverges (an edited or regenerated history: a branch)."""
    if extends(record, incoming):
        return len(record)
    n = len(incoming)
    if n > len(record):
        return None
    for i in range(n):
        if not same_message(incoming[i], record[i]):
            return None
    incoming[:n] = record[:n]
    return n


def client_items(
    state: SessionState, wire: Wire, sent: Sequence[Message], notices: list[Notice]
) -> list[Any] | None:
    """The conversation list to forward for the fitted messages ``sent``: wherever a
    whole segment of the client's request went through the pipeline untouched (the same
    record objects, in order), the client's own JSON for it, byte for byte (prompt caches
    keyed on exact prefixes keep hitting; item ids, statuses and the roles and shapes the
    client chose travel as sent); everything else (recaps, shrunk or repaired messages)
    as the writer renders it. None when the system prompt held outside the list was
    changed, or when a written turn would follow a client turn of the same role on the
    Anthropic wire (then the whole translated request goes, its turns merged). What the
    writer reports (a tool's images moved, ids renamed) goes to ``notices``."""
    record = state.record
    n_system = len(state.system)
    if n_system:  # Anthropic ``system`` / Responses ``instructions``: sent as the client's
        if len(sent) < n_system or any(sent[i] is not record[i] for i in range(n_system)):
            return None
        sent = sent[n_system:]
    starts = state.starts
    where = state.positions()
    writer = provider_format(wire.format)
    out: list[Any] = []
    pending: list[Message] = []
    sent = tuple(sent)
    k = 0
    # Last turn's output up to its last whole segment stands when the same messages lead
    # (the usual turn: the fitted list grew at its end).
    before, written, safe_k, safe_len = state.written
    if safe_k and len(sent) >= safe_k and all(map(is_, sent[:safe_k], before)):
        out = written[:safe_len]
        k = safe_k
    safe = (0, 0)

    def flush() -> None:
        if pending:
            notices.extend(renamed_ids(pending, writer.name, writer.title))
            out.extend(writer.write(pending, notices)[wire.messages_key])
            pending.clear()

    while k < len(sent):
        p = where.get(id(sent[k]), -1)
        whole = starts.get(p)
        if whole is not None and whole.as_sent:
            n = len(whole.messages)
            if p + n <= len(record) and all(
                k + j < len(sent) and sent[k + j] is record[p + j] for j in range(n)
            ):
                flush()
                safe = (k, len(out))
                out.extend(whole.raw)
                k += n
                continue
        pending.append(sent[k])
        k += 1
    flush()
    if wire.format == "anthropic" and _same_role_in_a_row(out):
        # A recap (or a repaired turn) written next to the client's own turn of the same
        # role: Anthropic wants roles to alternate, and the budget priced them merged. Only
        # the writer merges turns, so the whole conversation goes as written.
        state.written = ((), [], 0, 0)
        return None
    state.written = (sent, out, *safe)
    return list(out)


def _same_role_in_a_row(items: Sequence[Any]) -> bool:
    roles = [item.get("role") if isinstance(item, dict) else None for item in items]
    return any(a is not None and a == b for a, b in itertools.pairwise(roles))


class SessionLease:
    """The one session lock a request holds, whichever branch that is.

    Taking another session releases the one held first (two branches never wait on each
    other); :meth:`release` is idempotent. Used as ``async with SessionLease() as lease``
    so every exit releases exactly the lock that is held; a streamed reply takes the
    lock over with :meth:`hand_over` and releases it when the stream ends.
    """

    __slots__ = ("state", "store_ms")

    def __init__(self) -> None:
        self.state: SessionState | None = None
        self.store_ms = 0.0  # time spent waiting for the store to record the request

    async def take(self, state: SessionState) -> SessionState:
        if self.state is state:
            return state
        self.release()
        await state.lock.acquire()
        self.state = state
        return state

    def release(self) -> None:
        state, self.state = self.state, None
        if state is not None:
            state.lock.release()

    def hand_over(self) -> SessionLease:
        """A lease that now owns the held lock (this one holds nothing)."""
        other = SessionLease()
        other.state, self.state = self.state, None
        return other

    async def __aenter__(self) -> SessionLease:
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.release()


@dataclass(frozen=True, slots=True)
class Synced:
    """The store's answer to :func:`sync_session`."""

    #: Where the store is now.
    mark: SessionMark
    #: Rows written by others since the expected mark (None: none).
    tail: SessionTail | None = None
    #: Whether the new messages were written (not when others appended messages first:
    #: the request is read again against the longer record).
    appended: bool = False
    #: The store holds less than expected (a write failed): ``tail`` is the whole session.
    reload: bool = False


def read_tail(store: SessionStore, name: str, since: SessionMark | None = None) -> SessionTail:
    """Rows written after ``since`` with their images read back from the media store
    (the record is sent upstream as it is: it holds image data, never refs)."""
    tail = store.read_since(name, since)
    if not any(True for m in tail.stored for _ in m.images()):
        return tail
    return replace(tail, stored=store.materialize(tail.stored))


def open_session(store: SessionStore, name: str) -> SessionTail:
    """The whole stored session ``name``, created empty when new (another process may be
    creating it at the same moment: then its rows are read)."""
    if not store.exists(name):
        try:
            store.create(name)
        except StoreError:
            if not store.exists(name):
                raise
    return read_tail(store, name)


def sync_session(
    store: SessionStore,
    name: str,
    expected: SessionMark,
    new: Sequence[Message],
    wait: float | None = None,
) -> Synced:
    """Append ``new`` to session ``name`` if the store holds ``expected.messages``.

    Under the session's lock (shared by every proxy instance on the store): when another
    process appended messages since, nothing is written and those rows are returned, so
    the caller reads the request again against the longer record and no message is ever
    stored twice. Events written since ``expected.events`` are returned beside the append.
    The lock is waited for at most ``wait`` s (then StoreBusyError).
    """
    with store.session_lock(name, timeout=wait):
        mark = store.mark(name)
        if mark.messages < expected.messages or mark.events < expected.events:
            return Synced(mark, read_tail(store, name), reload=True)
        tail = read_tail(store, name, expected) if mark != expected else None
        if mark.messages != expected.messages:
            assert tail is not None
            return Synced(tail.mark, tail)
        if new:
            store.append(name, new)
        events = tail.mark.events if tail is not None else mark.events
        messages = store.mark(name).messages if new else mark.messages
        return Synced(SessionMark(messages, events), tail, appended=True)


def record_after(
    store: SessionStore,
    name: str,
    expected: SessionMark,
    messages: Sequence[Message],
    wait: float | None = None,
) -> bool:
    """Append ``messages`` (an assistant reply) only if the session is still at
    ``expected``; False when another process wrote first (the client has already sent
    the reply on in its next request, which recorded it)."""
    with store.session_lock(name, timeout=wait):
        if store.mark(name).messages != expected.messages:
            return False
        store.append(name, messages)
        return True


class Sessions:
    """Session states by name, least recently used evicted past ``limit``; ``active``
    maps a client's session key to its current branch (a client that edits or
    regenerates earlier turns continues in a new branch: stored history is never rewritten)."""

    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        self._states: OrderedDict[str, SessionState] = OrderedDict()
        self.active: dict[str, str] = {}
        #: OpenAI Responses reply ids → (session, key) that got them, for requests that
        #: continue one with ``previous_response_id`` and no session header.
        self.responses: OrderedDict[str, tuple[str, str]] = OrderedDict()

    def remember_response(self, response_id: str, name: str, key: str) -> None:
        self.responses[response_id] = (name, key)
        self.responses.move_to_end(response_id)
        while len(self.responses) > MAX_RESPONSE_IDS:
            self.responses.popitem(last=False)

    def get(self, name: str) -> SessionState | None:
        state = self._states.get(name)
        if state is not None:
            self._states.move_to_end(name)
        return state

    def put(self, state: SessionState) -> None:
        self._states[state.name] = state
        self._states.move_to_end(state.name)
        while len(self._states) > self.limit:
            name, old = next(iter(self._states.items()))
            if old.lock.locked():
                self._states.move_to_end(name)  # in use: evict the next one instead
                if all(s.lock.locked() for s in self._states.values()):
                    break
                continue
            del self._states[name]

    def __iter__(self) -> Any:
        return iter(list(self._states.values()))

    def __len__(self) -> int:
        return len(self._states)
