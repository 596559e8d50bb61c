"""Reading the app's own message list, re-reading only what changed since the last fit.

Most apps keep an OpenAI-format list of dicts and append to it. A ``DictSource`` kept by a
``Fitter`` remembers the dicts it read and the ``Message`` objects it made from them: on the
next fit, the unchanged leading dicts give back the very same ``Message`` objects, so the
history index and the pricer see an append and price only the new tail.

"Unchanged" is checked on every dict, every fit, at C speed: the same dict object, the same
number of keys, the same ``role``/``content``/``tool_calls``/``name``/``tool_call_id``
objects (references are held, so an id is never reused), and for list contents (images,
parts) the same parts with the same text and URL objects. An app that edits or replaces an
earlier message gets that message and everything after it re-read: a stale price is never
served.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from operator import is_
from typing import Any, TypeGuard

from ..model import Message
from ..providers import detect_format, openai_chat, read_messages

_KEYS = ("role", "content", "tool_calls", "name", "tool_call_id")
_CHUNK = 512  # a cold read is done in pieces, so a later edit re-reads from a nearby piece


def _nested(value: Any) -> tuple[Any, ...]:
    """The objects inside a list content or tool_calls, two levels down (parts, their
    fields, an image_url's url and detail, a call's function name and arguments)."""
    out: list[Any] = [len(value)]
    for part in value:
        out.append(part)
        if type(part) is dict:
            out.extend(part.values())
            for inner in part.values():
                if type(inner) is dict:
                    out.extend(inner.values())
    return tuple(out)


class DictSource:
    """The last list of OpenAI-format dicts read, and the Messages read from it."""

    def __init__(self) -> None:
        self._dicts: list[Any] = []
        self._fields: list[list[Any]] = [[] for _ in _KEYS]
        self._sizes: list[int] = []
        self._nested: dict[int, tuple[Any, ...]] = {}  # position → _nested() of its lists
        self._boundaries: list[tuple[int, int]] = [(0, 0)]  # (dicts read, messages made)
        self._messages: tuple[Message, ...] = ()
        self._openai = False  # whether the list starting with self._dicts[0] is OpenAI Chat

    def accepts(self, payload: Any) -> TypeGuard[list[dict[str, Any]]]:
        """A plain list of OpenAI Chat dicts (the format is detected once per list)."""
        if type(payload) is not list or not payload or set(map(type, payload)) != {dict}:
            return False
        if not (self._dicts and payload[0] is self._dicts[0]):
            try:
                self._openai = detect_format(payload) == "openai"
            except ValueError:
                self._openai = False
            if not self._openai:
                self._dicts = []
        return self._openai

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
        self._remember(dicts, same)
        self._messages = tuple(messages)
        return self._messages

    def _unchanged_prefix(self, dicts: list[dict[str, Any]]) -> int:
        """How many leading dicts are the same, unedited objects as last time."""
        n = min(len(dicts), len(self._dicts))
        if n == 0:
            return 0
        checks = [
            map(is_, dicts[:n], self._dicts[:n]),
            map(int.__eq__, map(len, dicts[:n]), self._sizes[:n]),
        ]
        for key, before in zip(_KEYS, self._fields, strict=True):
            checks.append(map(is_, map(dict.get, dicts[:n], repeat(key)), before[:n]))
        same = n
        for check in checks:
            flags = list(check)
            if not all(flags):
                same = min(same, flags.index(False))
        for i, nested in self._nested.items():
            if i < same and _nested_of(dicts[i]) != nested:
                same = i
        return same

    def _remember(self, dicts: list[dict[str, Any]], same: int) -> None:
        self._dicts = list(dicts)
        self._sizes = list(map(len, dicts))
        for k, key in enumerate(_KEYS):
            self._fields[k] = list(map(dict.get, dicts, repeat(key)))
        self._nested = {i: v for i, v in self._nested.items() if i < same}
        content, calls = self._fields[1], self._fields[2]
        for i in range(same, len(dicts)):
            if type(content[i]) is list or calls[i] is not None:
                self._nested[i] = _nested_of(dicts[i])


def _nested_of(d: dict[str, Any]) -> tuple[Any, ...]:
    content, calls = d.get("content"), d.get("tool_calls")
    return (
        _nested(content) if type(content) is list else (),
        _nested(calls) if type(calls) is list else (),
    )


def read_source(source: DictSource | None, messages: Sequence[Any] | Any) -> tuple[Message, ...]:
    """``messages`` as Messages: through ``source`` when it is the app's list of dicts."""
    if source is not None and source.accepts(messages):
        return source.read(messages)
    return read_messages(messages)
