"""Reading the app's own message list, re-reading only what changed since the last fit.

Most apps keep a list of dicts in their provider's format (OpenAI Chat ``messages``,
Anthropic ``messages`` with ``system`` beside them, Gemini ``contents``, Responses
``input``) and append to it. A ``DictSource`` kept by a ``Fitter`` keeps the Messages it
made from that list: on the next fit the unchanged leading dicts keep them (the very same
``Message`` objects), so the history index and the pricer see an append and look at, price
and classify only the new tail. OpenAI Chat lists are read lazily, as a one-shot ``fit``
reads them (``read_lazily``: only what the fit looks at becomes a ``Message``); the other
formats, and an OpenAI list the lazy read cannot take (a tool's images folded back from the
user turn after it, a late system message), are read whole, a piece at a time.

"Unchanged" is checked on every dict, every fit, in one comparison at C speed: the source
keeps a *skeleton* of each dict read (its dicts and lists copied, the strings and other
leaves shared), and ``dicts == skeletons`` compares the whole history, nested parts, image
URLs and tool calls included. Shared leaves compare by identity, so the comparison costs
about a hundred nanoseconds per dict, not the size of its text. An app that edits, replaces,
inserts or removes an earlier message gets that message and everything after it re-read: a
stale price is never served (an equal copy of a dict is the same message at the same price).

One dict may make several Messages (an Anthropic or Gemini user turn holding tool results
becomes a tool message per result, then the user's own blocks), and one Message may come
from several dicts (a Responses assistant turn is its text, reasoning and call items; an
OpenAI tool's images come back in the user turn after it). So the list is read in pieces
that end only where a format's reader starts afresh (``_Shape.may_end_after``), and a
piece's Messages are kept with the count of dicts that made them: an edit re-reads from
the start of the piece that holds it, never from the middle of a turn.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from gc import get_referents
from itertools import compress, repeat
from operator import eq, not_
from typing import Any, NamedTuple

from ..model import Message
from ..providers import (
    Format,
    anthropic,
    decisive_format,
    gemini,
    openai_chat,
    openai_responses,
    provider_format,
    read_messages,
)
from .lazy import DictColumns, LazyMessages, all_dicts

_CHUNK = 512  # a cold read is done in pieces, so a later edit re-reads from a nearby piece
_COMPARED_AT_ONCE = 512  # dicts compared in one part (``DictSource._unchanged_prefix``)
_PATCHED_AT_MOST = 256  # dicts noted again in place at most (``DictSource._patch``)
_SPLICED_AT_MOST = 64  # dicts removed or inserted at once at most (``DictSource._splice``)

Dicts = list[dict[str, Any]]


_LEAVES = frozenset({str, type(None)})
_NUMBERS = frozenset({int, float, bool})


class _ExactNumber:
    """A number kept in a skeleton: equal only to a number of its own type and sign. Python
    has ``1 == 1.0 == True`` and ``0.0 == -0.0``, but each is sent as written (``1``,
    ``1.0``, ``true``, ``-0.0``): an app that turned ``{"retries": 1}`` into ``True`` in
    place was served the old read and its price (R33-S1)."""

    __slots__ = ("value",)

    def __init__(self, value: float) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        value = self.value
        if type(other) is not type(value) or other != value:
            return False
        return type(value) is not float or math.copysign(1.0, other) == math.copysign(1.0, value)  # type: ignore[arg-type]

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = None  # type: ignore[assignment]


def _skeleton(value: Any) -> Any:
    """``value`` with its dicts, lists and tuples copied, its strings shared and its numbers
    kept exactly (``_ExactNumber``)."""
    kind = type(value)
    if kind is dict:
        return {k: _skeleton(v) for k, v in value.items()}
    if kind is list:
        return [_skeleton(v) for v in value]
    if kind is tuple:
        return tuple(_skeleton(v) for v in value)
    if kind in _LEAVES:
        return value
    if kind in _NUMBERS:
        return _ExactNumber(value)
    # An OrderedDict, a defaultdict or any other mapping or list an app edits in place is
    # copied too (as a plain dict or list, which compares equal to it): shared, it would
    # compare equal to itself after an edit and a stale price would be served.
    if isinstance(value, Mapping):
        return {k: _skeleton(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_skeleton(v) for v in value]
    return value


def _skeleton_of_message(message: dict[str, Any]) -> dict[str, Any]:
    """A message dict's skeleton; most are flat (role and a string), copied at C speed."""
    if len(message) == 2 and type(message.get("content")) is str:  # role and content
        return message.copy()
    return _skeleton(message)  # type: ignore[no-any-return]


def _not_after_tool(d: dict[str, Any]) -> bool:
    # a user turn right after tool messages may hold their images (folded back into them)
    return d.get("role") != "tool"


def _anywhere(d: dict[str, Any]) -> bool:
    return True  # every Anthropic message is read on its own


def _not_after_model(d: dict[str, Any]) -> bool:
    # the user turn after a model turn answers its calls (by name, when they have no id),
    # and so may the next one after a turn of function responses alone (ADK-style logs keep
    # each response as a content of its own: gemini.read leaves the calls open across them)
    parts = d.get("parts")
    if type(parts) is not list or any(type(p) is not dict for p in parts):
        return d.get("role") != "model"
    if d.get("role") == "model":
        return not any(_CALL_KEYS & p.keys() for p in parts)
    return not parts or not all(_RESPONSE_KEYS & p.keys() for p in parts)


_CALL_KEYS = frozenset({"function_call", "functionCall"})
_RESPONSE_KEYS = frozenset({"function_response", "functionResponse"})


def _not_after_assistant_item(d: dict[str, Any]) -> bool:
    # an assistant's text, reasoning and calls are consecutive items of one Message
    return not openai_responses.by_the_assistant(d)


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _Shape:
    """How one format's message list is read a piece at a time."""

    read: Callable[[Dicts, int], tuple[Message, ...]]  # (piece, its position) → Messages
    may_end_after: Callable[[dict[str, Any]], bool]  # a piece may end after this dict
    system_keys: tuple[str, ...]  # the body's keys beside the list that make Messages


_SHAPES: dict[Format, _Shape] = {
    "openai": _Shape(lambda d, at: openai_chat.read(d, start=at), _not_after_tool, ()),
    "anthropic": _Shape(anthropic.read, _anywhere, ("system",)),
    "gemini": _Shape(gemini.read, _not_after_model, ("system_instruction", "systemInstruction")),
    "openai-responses": _Shape(openai_responses.read, _not_after_assistant_item, ("instructions",)),
}
#: A body's list, by its key, and the format the body's keys alone name (None: its list's).
_BODY_LISTS: tuple[tuple[str, Format | None], ...] = (
    ("contents", "gemini"),
    ("input", "openai-responses"),
    ("messages", None),
)


class _Payload(NamedTuple):
    """What an app passed, taken apart: its list of dicts, the body's entries beside the
    list that make Messages (a system prompt; None: a bare list), and a name for the
    payload's shape (a different shape is a different history)."""

    dicts: Dicts
    head: dict[str, Any] | None
    shape: str
    format: Format | None  # the format the shape alone names
    key: str  # the body's key of the list ("": a bare list)


def _take_apart(payload: Any) -> _Payload | None:
    """A bare list of dicts, or a request body holding one; None: anything else."""
    dicts: Any
    if type(payload) is list:
        dicts, head, shape, fmt, key = payload, None, "list", None, ""
    elif isinstance(payload, Mapping):
        key, fmt = next(((k, f) for k, f in _BODY_LISTS if k in payload), ("", None))
        dicts = payload.get(key)
        if key == "messages" and "system" in payload:
            fmt = "anthropic"
        keys = _SHAPES[fmt].system_keys if fmt is not None else ()
        head = {k: payload[k] for k in keys if k in payload}
        shape = f"{key}:{fmt}"
    else:
        return None
    # (whether every item is a dict is checked by ``DictSource._settle_format``)
    if type(dicts) is not list or not dicts:
        return None
    return _Payload(dicts, head, shape, fmt, key)


class DictSource:
    """The Messages read from the app's last list of dicts, and what those dicts held
    (their skeletons), to tell an append from an edit."""

    def __init__(self) -> None:
        self._shape = ""  # the last payload's shape (see _Payload)
        self._format: Format = "openai"
        # the position of the first dict that names the list's format (-1: the body's keys
        # name it; None: no dict does, so far: plain texts, read as OpenAI Chat's)
        self._decided_at: int | None = None
        self._skeletons: list[dict[str, Any]] = []
        self._boundaries: list[tuple[int, int]] = [(0, 0)]  # (dicts read, messages made)
        self._messages: tuple[Message, ...] = ()
        self._head: tuple[Any, tuple[Message, ...]] = (None, ())  # its skeleton, Messages
        self.last: tuple[Message, ...] | None = None  # what read() returned last
        # the lazy read of the list (see read_lazily); None: not read lazily (yet)
        self._columns: DictColumns | None = None
        self._eager = False  # this list has a shape only the whole read takes
        # (k, n): only the k leading system prompts changed, dicts k..n did not (see
        # _system_refreshed)
        self._after_system: tuple[int, int] | None = None
        self._reprice: tuple[int, ...] = ()  # see _splice

    def take(
        self, payload: Any, *, lazily: bool = True
    ) -> LazyMessages | tuple[Message, ...] | None:
        """``payload`` (the app's list, or a body holding it) as Messages, re-reading only
        the dicts after those that hold what they held at the last read; None: not a list
        of dicts (the caller reads it as it is). ``lazily``: an OpenAI Chat list may come
        back as LazyMessages (read where the fit looks), else every Message is made."""
        parts = _take_apart(payload)
        if parts is None:
            return None
        same = self._settle_format(parts)
        if same < 0:
            return None  # an item that is not a dict: read as it is (refused, saying where)
        if parts.key and parts.key != provider_format(self._format).messages_key:
            return None  # a Gemini list under "messages": refused as a fresh read refuses it
        if lazily and self._format == "openai" and not parts.head:
            lazy = self._read_lazily(parts.dicts, same)
            if lazy is not None:
                return lazy
        if self._after_system is not None:  # (kept for a lazy read, which this is not)
            self._columns, self._eager, self._after_system = None, False, None
        return self._read(parts, same)

    def _settle_format(self, parts: _Payload) -> int:
        """The list's format, decided by its first dict that names one (as a fresh read
        decides), looking only at dicts not seen unchanged before; returns how many leading
        dicts are unchanged (0 when the format changed: everything is read anew; -1 when an
        item is not a dict)."""
        if parts.shape != self._shape:
            self._forget()
            self._shape = parts.shape
            self._format = parts.format or "openai"
            self._decided_at = -1 if parts.format else None
        same = self._unchanged_prefix(parts.dicts)
        if same < 0:
            return -1  # (a mapping equal to the dict it replaced is refused too)
        decided = self._decided_at
        if decided is None or decided >= same:  # the dicts that decided it changed, or none did
            tail = parts.dicts[same:]
            found = decisive_format(tail)
            fmt = found or "openai"
            self._decided_at = (
                same + next(j for j, d in enumerate(tail) if decisive_format((d,)))
                if found
                else None
            )
            if fmt != self._format:
                self._forget()
                self._format, same = fmt, 0
        self._after_system = None
        if same == 0:
            self._after_system = self._system_refreshed(parts.dicts)
            if self._after_system is None:
                self._columns, self._eager = None, False  # another history: try the lazy read
        return same

    def _forget(self) -> None:
        self._skeletons, self._boundaries, self._messages = [], [(0, 0)], ()
        self._head = (None, ())
        self._columns, self._eager = None, False

    def _read_lazily(self, dicts: Dicts, same: int) -> LazyMessages | None:
        """An OpenAI Chat list as LazyMessages (None: read it whole).

        A first fit reads the dicts as a one-shot ``fit`` does (only what it looks at), and
        keeps their skeletons, so later fits tell an append from an edit exactly as the
        whole read does."""
        if self._eager:
            return None
        columns = self._columns
        if columns is None:
            columns, same = DictColumns(dicts), 0
        columns.dicts = dicts
        after = self._after_system
        if after is not None and columns.reread_leading_system(after[0]):
            same = after[1]  # only the system prompt changed: the rest stays indexed
        else:
            after = None
        patched = None
        if after is None and columns is self._columns:
            spliced = self._splice(columns, dicts, same)
            if spliced:
                self._columns = columns
                self._boundaries, self._messages = [(0, 0)], ()
                reprice = self._reprice
                return LazyMessages(columns, 0, same, spliced=spliced, reprice=reprice)
            if spliced is None:  # (else spliced, then an append the scan does not take)
                patched = self._patch(columns, dicts, same)
        if patched is not None:
            self._columns = columns
            self._boundaries, self._messages = [(0, 0)], ()
            _renew_skeletons(self._skeletons, dicts, same, patched[1])
            return LazyMessages(columns, 0, same, patched=patched)
        if not columns.scan(same):
            # a shape only the whole read takes (a tool's folded images, a late system
            # message): this list is read whole from now on
            self._columns, self._eager = None, True
            self._skeletons, self._boundaries, self._messages = [], [(0, 0)], ()
            return None
        self._columns = columns
        self._boundaries, self._messages = [(0, 0)], ()  # (they are of the whole reads)
        _renew_skeletons(self._skeletons, dicts, same)
        if after is not None:
            lead = after[0]
            self._skeletons[:lead] = map(_skeleton_of_message, dicts[:lead])
            return LazyMessages(columns, 0, 0, after)
        return LazyMessages(columns, 0, same)

    def _patch(self, columns: DictColumns, dicts: Dicts, same: int) -> tuple[int, int, int] | None:
        """(lo, hi, n) when the dicts changed since the last read are only among ``lo:hi``
        (``lo`` = ``same``), at the positions they had, and were noted again in place
        (``DictColumns.rescan``), the dicts from ``n`` on appended and noted; None: nothing
        was changed here (the columns are noted again from ``same`` on)."""
        n = len(self._skeletons)
        if not 0 < same < n <= len(dicts) or len(columns.roles) != n:
            return None
        try:
            equal = list(map(eq, dicts[same:n], self._skeletons[same:n]))
        except Exception:  # a value whose == raises: noted again from ``same`` on
            return None
        hi = n - equal[::-1].index(False)  # (dict ``same`` changed: there is a False)
        if hi - same > _PATCHED_AT_MOST or not columns.rescan(same, hi):
            return None
        if len(dicts) > n and not columns.scan(n):
            return None  # (an append only the whole read takes: the caller finds it so)
        return same, hi, n

    def _splice(
        self, columns: DictColumns, dicts: Dicts, same: int
    ) -> tuple[int, int, int, int] | tuple[()] | None:
        """(lo, removed, added, moved) when the list is the one read last with ``removed``
        dicts at ``lo`` (= ``same``) taken out and ``added`` put in their place (one of the
        two 0: a removal or an insertion mid-history), the ``moved`` dicts after them
        holding what they held (compared at C speed with their skeletons, at their old
        positions), any after those appended; the columns and skeletons are spliced so
        (``DictColumns.splice``). None: not so, nothing changed here; (): spliced, but
        a dict appended after takes the whole read (the columns are noted again from
        ``same`` on)."""
        n, now = len(self._skeletons), len(dicts)
        if not 0 < same < n or len(columns.roles) != n:
            return None
        skeletons = self._skeletons
        try:
            found = self._splice_at(dicts, same)
            if found is None:
                return None
            removed, added = found
            moved = min(n - same - removed, now - same - added)
            # (every moved dict, compared with what it held at its old position)
            if (
                dicts[same + added : same + added + moved]
                != skeletons[same + removed : same + removed + moved]
            ):
                return None
        except Exception:  # a value whose == raises: read again from ``same`` on
            return None
        if moved < n - same - removed:
            return None  # (the tail cut too: read again from ``same`` on, as before)
        calls = _call_ids([*skeletons[same : same + removed], *dicts[same : same + added]])
        if calls is None:
            return None  # (a legacy function call, answered by name: read again)
        if not columns.splice(same, removed, added):
            return None
        at = same + added + moved  # (dicts appended after the moved ones)
        if now > at and not columns.scan(at):
            return ()  # (an append only the whole read takes: the caller finds it so)
        skeletons[same : same + removed] = map(_skeleton_of_message, dicts[same : same + added])
        skeletons.extend(map(_skeleton_of_message, dicts[at:]))
        # the moved tool results that answer a call removed or added: priced anew (a
        # result is priced under its call's name)
        self._reprice = (
            tuple(
                p
                for p in compress(
                    range(same + added, at),
                    map(eq, columns.roles[same + added : at], repeat("tool")),
                )
                if _answers(dicts[p], calls)
            )
            if calls
            else ()
        )
        return same, removed, added, moved

    def _splice_at(self, dicts: Dicts, same: int) -> tuple[int, int] | None:
        """(removed, added): the smallest removal, else insertion, of at most
        ``_SPLICED_AT_MOST`` dicts at ``same`` after which the next dict holds what it held
        (one dict compared per guess; ``_splice`` compares the rest)."""
        skeletons = self._skeletons
        n, now = len(skeletons), len(dicts)
        first = dicts[same]
        for k in range(1, min(_SPLICED_AT_MOST, n - same - 1) + 1):
            if first == skeletons[same + k]:
                return k, 0
        was = skeletons[same]
        for k in range(1, min(_SPLICED_AT_MOST, now - same - 1) + 1):
            if dicts[same + k] == was:
                return 0, k
        return None

    def _system_refreshed(self, dicts: Dicts) -> tuple[int, int] | None:
        """(how many leading system messages, how many dicts are unchanged) when the first
        dict changed but only the leading system prompts did (apps refresh the prompt every
        turn: the time, the user's profile, retrieved memory) in a list read lazily; None:
        something else changed (everything is read again)."""
        if self._columns is None or self._eager:
            return None
        lead = LazyMessages(self._columns).leading_system()
        n = min(len(dicts), len(self._skeletons))
        if not 0 < lead < n:
            return None
        try:
            if dicts[lead:n] != self._skeletons[lead:n]:
                return None
        except Exception:  # a value whose == raises: read everything again
            return None
        return lead, n

    def _read(self, parts: _Payload, same: int) -> tuple[Message, ...]:
        """The list read whole: the Messages of its unchanged pieces kept, the rest read."""
        dicts, shape = parts.dicts, _SHAPES[self._format]
        # Restart at the last boundary inside the unchanged prefix (a boundary is never
        # inside a turn the reader makes from several dicts).
        k = len(self._boundaries) - 1
        while self._boundaries[k][0] > same:
            k -= 1
        start, made = self._boundaries[k]
        boundaries = self._boundaries[: k + 1]
        messages = list(self._messages[:made])
        pos = start
        after = self._unchanged_after(dicts, same, k)
        if after is not None:
            # Dicts edited in place (or replaced) and none after them: only their pieces are
            # read again, the pieces after keep their Messages (an edit mid-history re-read
            # every dict after it: ~75 ms of a 3,000-turn Anthropic agent's refit, speed74).
            stop, made_at_stop = self._boundaries[after]
            _read_pieces(shape, dicts, pos, stop, messages, boundaries)
            moved = len(messages) - made_at_stop  # (Messages the edited pieces made more)
            last, made_at_last = self._boundaries[-1]
            messages.extend(self._messages[made_at_stop:made_at_last])
            boundaries.extend((p, m + moved) for p, m in self._boundaries[after + 1 :])
            pos = last
        _read_pieces(shape, dicts, pos, len(dicts), messages, boundaries)
        _keep_equal(messages, self._messages, made)
        head = self._read_head(parts)
        # Nothing is kept before the whole read succeeded: a malformed dict raises (naming
        # where it is) and leaves what the last read knew.
        self._boundaries, self._messages = boundaries, tuple(messages)
        _renew_skeletons(self._skeletons, dicts, start)  # (those before are unchanged)
        self.last = (*head, *self._messages) if head else self._messages
        return self.last

    def _unchanged_after(self, dicts: Dicts, same: int, k: int) -> int | None:
        """The first of the last read's boundaries after boundary ``k`` from which every dict
        up to the last boundary holds what it held, at the position it had, the dict before
        it too (so a piece still ends there), with dicts between (from ``same``) changed;
        None: there is none (the list is read again from boundary ``k``). A piece is read
        from its own dicts alone, at its position: the pieces after it make what they made."""
        bounds = self._boundaries
        end = bounds[-1][0]
        if not same < end <= len(dicts) or len(bounds) - 1 <= k + 1:
            return None
        try:
            equal = list(map(eq, dicts[same:end], self._skeletons[same:end]))
        except Exception:  # a value whose == raises: read again from boundary ``k``
            return None
        if all(equal):
            return None
        changed = end - 1 - equal[::-1].index(False)  # (the last dict changed)
        after = bisect_right(bounds, changed + 1, key=_first_of)
        return after if k < after < len(bounds) - 1 else None

    def _read_head(self, parts: _Payload) -> tuple[Message, ...]:
        """The Messages of the body's entries beside the list (its system prompt): the
        same ones as last time while those entries hold the same."""
        if not parts.head:
            self._head = (None, ())
            return ()
        before, made = self._head
        try:
            if before is not None and parts.head == before:
                return made
        except Exception:  # a value whose == raises: read it again
            pass
        fmt = provider_format(self._format)
        made = fmt.read({**parts.head, fmt.messages_key: []})
        self._head = (_skeleton(parts.head), made)
        return made

    def _unchanged_prefix(self, dicts: Dicts) -> int:
        """How many leading dicts hold what they held when last read (-1: an item is not a
        dict)."""
        before = self._skeletons
        n = min(len(dicts), len(before))
        # In parts, each compared at C speed, so an edit is found in one pass: a failed
        # comparison of the whole list, then a second pass to find where, made an app that
        # streams its answer into the last dict pay the comparison twice a refit. A part's
        # types are checked as it is compared, its items just read (a pass of its own over the
        # whole list after the comparison missed the cache on each item again: 9,000 dicts,
        # caches flushed before, median 4.1 -> 3.2 ms, the comparison alone 3.3).
        # Its cost is reading every dict and nested part of the app's (a dict or list edited
        # in place is told from an unchanged one only by reading it: a plain dict or list has
        # no version a program can read), most of it cache misses after a collection. Tried
        # and measured slower than this (speed64, 10,001 dicts, after gc.collect(), CPU
        # medians): a fingerprint of identities level by level (gc.get_referents of each
        # level, keys and lengths: 2.6-5.9 ms against 2.1-4.0), and a first pass over the
        # dicts and skeletons to fetch them ahead of the comparison (+0.3-1.8 ms).
        # What did help is fetching each *part's* dicts ahead (``get_referents``, below): the
        # comparison is bound by memory (the same 300 dicts compared while in the cache cost
        # a fifth as much), and it reads a dict, then its entries, then a nested part, one
        # miss waiting for the other; the fetch reads every dict's entries of the part in one
        # C loop whose misses overlap, and the part (~512 dicts) is still in the cache when it
        # is compared (speed68: 3 sessions, CPU medians of 15, interleaved: 15-20 % less).
        # It only reads: the comparison alone decides.
        # Why every dict, not only the new ones and the kept window (issue #11 asks a refit
        # of O(new + kept)): an app edits a dict in place (``history[3]["content"] = ...``)
        # as readily as it replaces one, and a plain dict has no version a program can read
        # (CPython's dict version tag is not exposed, and 3.12 drops it). The dict's identity
        # at its position tells a replacement, not such an edit; any fingerprint of what it
        # holds (its values' identities, their lengths) reads the same entries this
        # comparison reads, which compares shared leaves by identity at C speed. Skipping the
        # dicts before the kept window would serve a stale price and stale pins: an earlier
        # request edited changes what the walk pins. Its cost is ~0.25 us a dict after a
        # collection (speed95, review46's 2,000-dict session with tool calls: 0.5 ms of a
        # 1.5 ms refit after an assistant's dict; 8,000 dicts 2 ms).
        hi = 0
        try:
            for lo in range(0, n, _COMPARED_AT_ONCE):
                hi = min(lo + _COMPARED_AT_ONCE, n)
                part = dicts[lo:hi]
                if not all_dicts(part):
                    return -1
                get_referents(*part)  # (fetched ahead: see above)
                if part != before[lo:hi]:
                    same = lo + list(map(eq, part, before[lo:hi])).index(False)
                    return same if all_dicts(dicts[hi:]) else -1
        except Exception:  # a value whose == raises: read everything again
            return 0 if all_dicts(dicts[hi:]) else -1  # (the parts before it were checked)
        return n if all_dicts(dicts[n:]) else -1


def _first_of(bound: tuple[int, int]) -> int:
    return bound[0]


def _read_pieces(
    shape: _Shape,
    dicts: Dicts,
    pos: int,
    n: int,
    messages: list[Message],
    boundaries: list[tuple[int, int]],
) -> None:
    """Read ``dicts[pos:n]`` a piece at a time into ``messages``, noting where pieces end in
    ``boundaries`` (``pos`` is one, or 0)."""
    while pos < n:
        end = min(pos + _CHUNK, n)
        while end < n and not shape.may_end_after(dicts[end - 1]):
            end += 1  # never cut inside a turn
        if end == n and not shape.may_end_after(dicts[n - 1]):
            # The list ends inside a turn (an answer the next dict may join): read the
            # turn apart, so the next fit re-reads that turn only, not the whole piece.
            cut = next((j for j in range(n - 1, pos, -1) if shape.may_end_after(dicts[j - 1])), pos)
            if cut > pos:
                messages.extend(shape.read(dicts[pos:cut], pos))
                boundaries.append((cut, len(messages)))
                pos = cut
        messages.extend(shape.read(dicts[pos:end], pos))
        pos = end
        if shape.may_end_after(dicts[pos - 1]):
            boundaries.append((pos, len(messages)))


def _call_ids(dicts: Dicts) -> set[str] | None:
    """The ids of the tool calls in ``dicts`` (None: a legacy function call or function
    result among them, or calls of another shape, or an id not a string)."""
    ids: set[str] = set()
    for d in dicts:
        if "function_call" in d or d.get("role") == "function":
            return None
        calls = d.get("tool_calls")
        if calls is None:
            continue
        if type(calls) is not list or not all_dicts(calls):
            return None
        found = [call.get("id") for call in calls]
        if not all(type(i) is str for i in found):
            return None
        ids.update(found)
    return ids


def _answers(d: dict[str, Any], calls: set[str]) -> bool:
    """Whether tool message ``d`` answers one of ``calls`` (an id of another type may)."""
    answers = d.get("tool_call_id")
    return type(answers) is not str or answers in calls


def _renew_skeletons(
    skeletons: list[dict[str, Any]], dicts: Dicts, start: int, changed_to: int | None = None
) -> None:
    """``skeletons`` made those of ``dicts`` from ``start`` on: a dict that still holds what
    the skeleton at its position holds keeps that skeleton (compared at C speed), the others
    get a new one. An edit in the middle of a long list changes one dict: the skeletons of
    every dict after it were all made again (~15 % of such a refit, speed48).
    ``changed_to``: the dicts from there to the old length are known to be unchanged."""
    if changed_to is not None:
        n = len(skeletons)
        for j in range(start, changed_to):
            try:
                if dicts[j] == skeletons[j]:
                    continue
            except Exception:  # a value whose == raises: made again
                pass
            skeletons[j] = _skeleton_of_message(dicts[j])
        skeletons.extend(map(_skeleton_of_message, dicts[n:]))
        return
    old = skeletons[start:]
    del skeletons[start:]
    tail = dicts[start:]
    n = min(len(old), len(tail))
    try:
        same = list(map(eq, tail[:n], old[:n]))
    except Exception:  # a value whose == raises: made again
        same = [False] * n
    kept = old[:n]
    for j in compress(range(n), map(not_, same)):
        kept[j] = _skeleton_of_message(tail[j])
    skeletons += kept
    skeletons.extend(map(_skeleton_of_message, tail[n:]))


def _keep_equal(messages: list[Message], before: tuple[Message, ...], start: int) -> None:
    """The Messages read again from ``start`` that equal those read last time become those
    (the turn a list ended inside, re-read after an append): the same objects, whose prices
    and place in the history index stand."""
    for i in range(start, min(len(messages), len(before))):
        if messages[i] != before[i]:
            return
        messages[i] = before[i]


def read_source(source: DictSource | None, messages: Sequence[Any] | Any) -> tuple[Message, ...]:
    """``messages`` as Messages: through ``source`` when it is the app's list of dicts."""
    if source is not None and (taken := source.take(messages, lazily=False)) is not None:
        return taken  # type: ignore[return-value]  # (not lazily: a tuple)
    return read_messages(messages)
