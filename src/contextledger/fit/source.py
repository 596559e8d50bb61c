"""Reading the app's own message list, re-reading only what changed since the last fit.

Most apps keep an OpenAI-format list of dicts and append to it. A ``DictSource`` kept by a
``Fitter`` reads it lazily, as a one-shot ``fit`` does (``read_lazily``: only what the fit
looks at becomes a ``Message``), and keeps the columns it noted and the Messages it made:
on the next fit the unchanged leading dicts keep them (the very same ``Message`` objects),
so the history index and the pricer see an append and look at, price and classify only the
new tail. A list the lazy read cannot take (a tool's images folded back from the user turn
after it, a late system message) is read whole (``read``), with the same guarantees.

"Unchanged" is checked on every dict, every fit, in one comparison at C speed: the source
keeps a *skeleton* of each dict read (its dicts and lists copied, the strings and other
leaves shared), and ``dicts == skeletons`` compares the whole history, nested parts, image
URLs and tool calls included. Shared leaves compare by identity, so the comparison costs
about a hundred nanoseconds per dict, not the size of its text. An app that edits, replaces,
inserts or removes an earlier message gets that message and everything after it re-read: a
stale price is never served (an equal copy of a dict is the same message at the same price).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import eq
from typing import Any, TypeGuard

from ..model import Message
from ..providers import detect_format, openai_chat, read_messages
from .lazy import DictColumns, LazyMessages

_CHUNK = 512  # a cold read is done in pieces, so a later edit re-reads from a nearby piece


def _skeleton(value: Any) -> Any:
    """``value`` with its dicts, lists and tuples copied and its leaves shared."""
    kind = type(value)
    if kind is dict:
        return {k: _skeleton(v) for k, v in value.items()}
    if kind is list:
        return [_skeleton(v) for v in value]
    if kind is tuple:
        return tuple(_skeleton(v) for v in value)
    return value


def _skeleton_of_message(message: dict[str, Any]) -> dict[str, Any]:
    """A message dict's skeleton; most are flat (role and a string), copied at C speed."""
    if len(message) == 2 and type(message.get("content")) is str:  # role and content
        return message.copy()
    return _skeleton(message)  # type: ignore[no-any-return]


class DictSource:
    """The Messages read from the last list of OpenAI-format dicts, and what those dicts
    held (their skeletons), to tell an append from an edit."""

    def __init__(self) -> None:
        self._first: Any = None  # the first dict of the last list (its format is known)
        self._skeletons: list[dict[str, Any]] = []
        self._boundaries: list[tuple[int, int]] = [(0, 0)]  # (dicts read, messages made)
        self._messages: tuple[Message, ...] = ()
        self.last: tuple[Message, ...] | None = None  # what read() returned last
        self._openai = False  # whether the list starting with self._first is OpenAI Chat
        # the lazy read of the list (see read_lazily); None: not read lazily (yet)
        self._columns: DictColumns | None = None
        self._eager = False  # this list has a shape only the whole read takes

    def accepts(self, payload: Any) -> TypeGuard[list[dict[str, Any]]]:
        """A plain list of OpenAI Chat dicts (the format is detected once per list)."""
        if type(payload) is not list or not payload or set(map(type, payload)) != {dict}:
            return False
        if payload[0] is not self._first:
            try:
                self._openai = detect_format(payload) == "openai"
            except ValueError:
                self._openai = False
            self._first = payload[0] if self._openai else None
            self._skeletons = []
            self._columns, self._eager = None, False
        return self._openai

    def read_lazily(self, payload: Any) -> LazyMessages | None:
        """``payload`` (the app's list) as LazyMessages, re-scanning only the dicts after
        those that hold what they held at the last read; None: read it whole (``read``).

        A first fit reads the dicts as a one-shot ``fit`` does (only what it looks at), and
        keeps their skeletons, so later fits tell an append from an edit exactly as the
        whole read does."""
        if not self.accepts(payload) or self._eager:
            return None
        dicts: list[dict[str, Any]] = payload
        columns = self._columns
        same = self._unchanged_prefix(dicts) if columns is not None else 0
        if columns is None:
            columns = DictColumns(dicts)
        columns.dicts = dicts
        if not columns.scan(same):
            # a shape only the whole read takes (a tool's folded images, a late system
            # message): this list is read whole from now on
            self._columns, self._eager, self._skeletons = None, True, []
            return None
        self._columns = columns
        del self._skeletons[same:]
        self._skeletons.extend(map(_skeleton_of_message, dicts[same:]))
        return LazyMessages(columns, 0, same)

    def read(self, dicts: list[dict[str, Any]]) -> tuple[Message, ...]:
        same = self._unchanged_prefix(dicts)
        # Restart at the last boundary inside the unchanged prefix (a boundary is never
        # right after a tool message, where a user turn of tool images could fold in).
        k = len(self._boundaries) - 1
        while self._boundaries[k][0] > same:
            k -= 1
        start, made = self._boundaries[k]
        del self._boundaries[k + 1 :]
        messages = list(self._messages[:made])
        pos = start
        while pos < len(dicts):
            end = min(pos + _CHUNK, len(dicts))
            while end < len(dicts) and dicts[end - 1].get("role") == "tool":
                end += 1  # never cut right after a tool message
            messages.extend(openai_chat.read(dicts[pos:end], start=pos))
            pos = end
            if dicts[pos - 1].get("role") != "tool":
                self._boundaries.append((pos, len(messages)))
        # Skeletons only of what was read (the prefix before ``start`` is unchanged).
        del self._skeletons[start:]
        self._skeletons.extend(map(_skeleton_of_message, dicts[start:]))
        self._messages = self.last = tuple(messages)
        return self._messages

    def _unchanged_prefix(self, dicts: list[dict[str, Any]]) -> int:
        """How many leading dicts hold what they held when last read."""
        before = self._skeletons
        n = min(len(dicts), len(before))
        try:
            if dicts[:n] == before[:n]:  # the usual case: one comparison, at C speed
                return n
            return list(map(eq, dicts[:n], before[:n])).index(False)
        except Exception:  # a value whose == raises: read everything again
            return 0


def read_source(source: DictSource | None, messages: Sequence[Any] | Any) -> tuple[Message, ...]:
    """``messages`` as Messages: through ``source`` when it is the app's list of dicts."""
    if source is not None and source.accepts(messages):
        return source.read(messages)
    return read_messages(messages)
