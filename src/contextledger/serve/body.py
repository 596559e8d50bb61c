"""Reading a request body that mostly repeats the last one, in time proportional to what changed.

A client resends its whole history every turn: a 10,000-message conversation is a 1.7 MB
body of which only the last few items are new. :class:`BodyReader` keeps, per conversation,
the text of the last body up to the end of its last conversation item, the items it parsed
and where each ended. When the new body starts with exactly those characters (one memcmp),
the earlier items are reused as they are (the same objects: the session's reader recognizes
them by identity) and only the rest is parsed. Anything else is parsed in full, item by item,
with the standard library's scanner (as fast as orjson here, and it gives each item's end).

Both paths accept exactly what ``json.loads`` accepts; the cheap path never changes the
result, only its cost.

>>> reader = BodyReader()
>>> first = reader.read(b'{"model": "m", "messages": [{"role": "user", "content": "hi"}]}',
...                     "messages", "s1")
>>> reader.keep(first)
>>> first.reused, first.body["messages"]
(0, [{'role': 'user', 'content': 'hi'}])
>>> again = reader.read(b'{"model": "m", "messages": [{"role": "user", "content": "hi"}, '
...                     b'{"role": "assistant", "content": "yo"}], "max_tokens": 5}',
...                     "messages", "s1")
>>> reader.keep(again)
>>> again.reused, len(again.body["messages"]), again.body["max_tokens"]
(1, 2, 5)
>>> again.body["messages"][0] is first.body["messages"][0]
True
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import orjson

__all__ = ["BodyReader", "ReadBody", "dumps", "loads"]


_WS = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def loads(raw: bytes | str) -> Any:
    """JSON: orjson where it can, the standard library for what orjson refuses and JSON
    allows (lone surrogate escapes, NaN, integers beyond 64 bits), so both accept exactly
    the same requests. JSON nested deeper than the standard library can recurse (orjson
    stops at 1,024) raises ValueError like any unreadable body."""
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        try:
            return json.loads(raw)
        except RecursionError:
            raise ValueError("JSON nested too deeply to read") from None


def dumps(value: Any) -> bytes:
    """Compact UTF-8 JSON (orjson; the standard library for lone surrogates and huge ints)."""
    try:
        return orjson.dumps(value)
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode(
            "utf-8", "surrogatepass"
        )


@dataclass(slots=True)
class _Memo:
    prefix: str  # the last body's text up to the end of its last conversation item
    head: dict[str, Any]  # the top-level members before the conversation list
    items: list[Any]
    ends: list[int]  # where each item ended in ``prefix``


@dataclass(frozen=True, slots=True)
class ReadBody:
    """A parsed request body; its first ``reused`` conversation items are the objects the
    same conversation's previous body held (already checked then)."""

    body: Any
    reused: int = 0
    name: str = ""  # the conversation's memo, to keep with :meth:`BodyReader.keep`
    memo: _Memo | None = None


class _NotSimple(Exception):
    """The body is not one object holding the conversation list once: parse it plainly."""


class BodyReader:
    """Reads request bodies, remembering the last one of up to ``limit`` conversations."""

    def __init__(self, limit: int = 256) -> None:
        self.limit = limit
        self._memos: OrderedDict[str, _Memo] = OrderedDict()

    def read(self, raw: bytes, key: str, hint: str | None) -> ReadBody:
        """The body ``raw`` (JSON; raises ValueError or UnicodeDecodeError like ``loads``)
        whose conversation list is member ``key``. ``hint`` names the conversation (its
        session header), else the body's opening is used to find the last body."""
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return ReadBody(loads(raw))  # UTF-16/32 JSON, or the error to report
        name = f"{key}\0{hint}" if hint else f"{key}\0\0{text[:2048]}"
        memo = self._memos.get(name)
        try:
            if memo is not None and text.startswith(memo.prefix):
                body, new_memo = self._continue(text, key, memo)
                reused = len(memo.items)
            else:
                body, new_memo = self._scan(text, key)
                reused = 0
        except (_NotSimple, ValueError, RecursionError):  # the plain parser's answer (or error)
            self._memos.pop(name, None)
            return ReadBody(loads(raw))
        return ReadBody(body, reused, name, new_memo)

    def keep(self, read: ReadBody) -> None:
        """Remember ``read`` for its conversation's next body (once the request is known
        to be well formed: the items reused next time are not checked again)."""
        if not read.name:
            return
        if read.memo is None:
            self._memos.pop(read.name, None)
            return
        self._memos[read.name] = read.memo
        self._memos.move_to_end(read.name)
        while len(self._memos) > self.limit:
            self._memos.popitem(last=False)

    # ------------------------------------------------------------------ parsing

    def _scan(self, text: str, key: str) -> tuple[Any, _Memo | None]:
        """The whole body, member by member; the conversation list item by item."""
        pos = _WS.match(text, 0).end()  # type: ignore[union-attr]
        if not text.startswith("{", pos):
            raise _NotSimple
        pos += 1
        body: dict[str, Any] = {}
        memo: _Memo | None = None
        pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
        if text.startswith("}", pos):
            return _end(text, pos + 1, body), None
        while True:
            name, pos = _member_name(text, pos)
            if name in body:
                raise _NotSimple  # a repeated member: the plain parser's rule decides
            if name == key and memo is None and text.startswith("[", pos):
                items, ends, pos = _items(text, pos + 1, [], [])
                if ends:
                    memo = _Memo(text[: ends[-1]], dict(body), items, ends)
                value: Any = items
            else:
                value, pos = _DECODER.raw_decode(text, pos)
            body[name] = value
            pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
            if text.startswith(",", pos):
                pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
                continue
            if text.startswith("}", pos):
                return _end(text, pos + 1, body), memo
            raise _NotSimple

    def _continue(self, text: str, key: str, memo: _Memo) -> tuple[Any, _Memo | None]:
        """The body after ``memo.prefix``: new items, the end of the list, the other members."""
        items, ends, pos = _items(text, len(memo.prefix), list(memo.items), list(memo.ends))
        body = dict(memo.head)
        body[key] = items
        pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
        if text.startswith(",", pos):
            rest = loads("{" + text[pos + 1 :])
            if not isinstance(rest, dict) or key in rest or rest.keys() & body.keys():
                raise _NotSimple
            body.update(rest)
        elif text.startswith("}", pos):
            _end(text, pos + 1, body)
        else:
            raise _NotSimple
        return body, _Memo(text[: ends[-1]], memo.head, items, ends)


def _member_name(text: str, pos: int) -> tuple[str, int]:
    if not text.startswith('"', pos):
        raise _NotSimple
    name, pos = _DECODER.raw_decode(text, pos)
    pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
    if not text.startswith(":", pos):
        raise _NotSimple
    return name, _WS.match(text, pos + 1).end()  # type: ignore[union-attr]


def _items(
    text: str, pos: int, items: list[Any], ends: list[int]
) -> tuple[list[Any], list[int], int]:
    """Items of a list from ``pos`` (just after ``[``, or after an item already read) to
    its ``]``; returns the position after it."""
    pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
    if items:
        if text.startswith("]", pos):
            return items, ends, pos + 1
        if not text.startswith(",", pos):
            raise _NotSimple
        pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
    elif text.startswith("]", pos):
        return items, ends, pos + 1
    while True:
        value, pos = _DECODER.raw_decode(text, pos)
        items.append(value)
        ends.append(pos)
        pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
        if text.startswith("]", pos):
            return items, ends, pos + 1
        if not text.startswith(",", pos):
            raise _NotSimple
        pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]


def _end(text: str, pos: int, body: dict[str, Any]) -> dict[str, Any]:
    if _WS.match(text, pos).end() != len(text):  # type: ignore[union-attr]
        raise _NotSimple
    return body
