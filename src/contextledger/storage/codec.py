"""Lossless JSON codec for :class:`~contextledger.model.Message` and its blocks.

This is the internal format: the session store keeps one encoded message per row and
``export --format internal`` writes one per line (JSONL). Every field of every block
survives a round trip; fields equal to their default are left out to keep rows small.
Decoding is strict: an unknown block type, a missing field or a value of the wrong type
raises :class:`~contextledger.errors.ContentError` naming where it is.

>>> from contextledger.model import Message, ToolCall
>>> m = Message.assistant("on it", ToolCall("c1", "ls", '{"dir": "."}'), id="a1")
>>> message_to_dict(m)["content"][1]
{'type': 'tool_call', 'id': 'c1', 'name': 'ls', 'arguments': '{"dir": "."}'}
>>> message_from_dict(message_to_dict(m)) == m
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import MISSING, fields
from typing import Any

from ..errors import ContentError, describe
from ..model import (
    ROLES,
    Audio,
    Block,
    FileAttachment,
    Image,
    InlineData,
    Message,
    ProviderContent,
    Reasoning,
    Recap,
    ResultBlock,
    Text,
    ToolCall,
    ToolResult,
)

__all__ = [
    "FORMAT_VERSION",
    "block_from_dict",
    "block_to_dict",
    "dumps_messages",
    "loads_messages",
    "message_from_bytes",
    "message_from_dict",
    "message_to_bytes",
    "message_to_dict",
]

FORMAT_VERSION = 1

_BLOCKS: dict[str, type[Any]] = {
    "text": Text,
    "image": Image,
    "tool_call": ToolCall,
    "tool_result": ToolResult,
    "file": FileAttachment,
    "audio": Audio,
    "reasoning": Reasoning,
    "recap": Recap,
    "provider_content": ProviderContent,
}

# Field kinds: how each field is written and checked on the way back.
_DATA_FIELDS = {"data"}  # InlineData ↔ base64 string
_TUPLE_STR_FIELDS = {"summary", "covers"}
_INT_FIELDS = {"width", "height"}
_BOOL_FIELDS = {"is_error", "redacted"}


def _defaults(cls: type[Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(cls):
        if f.name == "type" or not f.init:
            continue
        out[f.name] = f.default if f.default is not MISSING else MISSING
    return out


_FIELD_DEFAULTS: dict[str, dict[str, Any]] = {k: _defaults(c) for k, c in _BLOCKS.items()}


def block_to_dict(block: Block) -> dict[str, Any]:
    """One block as a JSON-ready dict (``type`` first, defaults omitted).

    >>> block_to_dict(Text("hi"))
    {'type': 'text', 'text': 'hi'}
    """
    kind = block.type
    out: dict[str, Any] = {"type": kind}
    for name, default in _FIELD_DEFAULTS[kind].items():
        value = getattr(block, name)
        if default is not MISSING and value == default and type(value) is type(default):
            continue
        if name in _DATA_FIELDS and isinstance(value, InlineData):
            out[name] = value.base64
        elif name in _TUPLE_STR_FIELDS:
            out[name] = list(value)
        elif name == "content" and isinstance(block, ToolResult):
            out[name] = [block_to_dict(b) for b in value]
        else:
            out[name] = value
    return out


def _check(path: str, name: str, value: Any, ok: bool, want: str) -> None:
    if not ok:
        raise ContentError(f"{path}.{name}", f"expected {want}, got {describe(value)}")


def _names(keys: Iterable[Any]) -> str:
    """Field names for a message (a hostile key need not be a string)."""
    return ", ".join(sorted(k if isinstance(k, str) else describe(k) for k in keys))


def block_from_dict(raw: Any, path: str = "block") -> Block:
    """Decode one block; raises :class:`ContentError` at ``path`` when it does not fit.

    >>> block_from_dict({"type": "text", "text": "hi"})
    Text(text='hi', cache=None, item_id=None, item_status=None, citations=None, citations_format=None, type='text')
    """
    if not isinstance(raw, Mapping):
        raise ContentError(path, f"a block must be an object, not {describe(raw)}")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in _BLOCKS:
        raise ContentError(f"{path}.type", f"unknown block type {describe(kind)}")
    spec = _FIELD_DEFAULTS[kind]
    extra = set(raw) - set(spec) - {"type"}
    if extra:
        raise ContentError(path, f"unknown field(s) for {kind}: {_names(extra)}")
    args: dict[str, Any] = {}
    for name, default in spec.items():
        if name not in raw:
            if default is MISSING:
                raise ContentError(f"{path}.{name}", f"missing required field of {kind}")
            continue
        value = raw[name]
        if value is None:
            args[name] = None
        elif name in _DATA_FIELDS:
            _check(path, name, value, isinstance(value, str), "a base64 string")
            args[name] = InlineData(value)
        elif name in _TUPLE_STR_FIELDS:
            ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
            _check(path, name, value, ok, "a list of strings")
            args[name] = tuple(value)
        elif name == "content" and kind == "tool_result":
            _check(path, name, value, isinstance(value, list), "a list of blocks")
            inner = [block_from_dict(b, f"{path}.content[{i}]") for i, b in enumerate(value)]
            for i, b in enumerate(inner):
                if not isinstance(b, ResultBlock):
                    raise ContentError(
                        f"{path}.content[{i}]",
                        f"a tool result holds text, images or files, not {b.type}",
                    )
            args[name] = tuple(inner)
        elif name in _INT_FIELDS:
            ok = isinstance(value, int) and not isinstance(value, bool)
            _check(path, name, value, ok, "an integer")
            args[name] = value
        elif name in _BOOL_FIELDS:
            _check(path, name, value, isinstance(value, bool), "true or false")
            args[name] = value
        else:
            _check(path, name, value, isinstance(value, str), "a string")
            args[name] = value
    try:
        block: Block = _BLOCKS[kind](**args)
    except ContentError as exc:
        raise ContentError(path, exc.reason) from None
    except (TypeError, ValueError) as exc:  # a value the block's own checks refuse
        raise ContentError(path, f"not a valid {kind} block ({exc})") from None
    return block


def message_to_dict(message: Message) -> dict[str, Any]:
    """A message as a JSON-ready dict: ``{"role", "content", "id"?, "name"?}``."""
    out: dict[str, Any] = {"role": message.role}
    if message.id:
        out["id"] = message.id
    if message.name is not None:
        out["name"] = message.name
    if message.developer:
        out["developer"] = True
    out["content"] = [block_to_dict(b) for b in message.content]
    return out


def message_from_dict(raw: Any, path: str = "message") -> Message:
    """Decode one message; raises :class:`ContentError` naming the bad field.

    >>> message_from_dict({"role": "user", "content": [{"type": "text", "text": "hi"}]}).text
    'hi'
    >>> message_from_dict({"role": "robot", "content": []}, "messages[4]")
    Traceback (most recent call last):
    ...
    contextledger.errors.ContentError: messages[4].role: unknown role 'robot'
    """
    if not isinstance(raw, Mapping):
        raise ContentError(path, f"a message must be an object, not {describe(raw)}")
    role = raw.get("role")
    if not isinstance(role, str) or role not in ROLES:
        raise ContentError(f"{path}.role", f"unknown role {describe(role)}")
    content = raw.get("content")
    if not isinstance(content, list):
        raise ContentError(f"{path}.content", "expected a list of blocks")
    mid = raw.get("id", "")
    name = raw.get("name")
    if not isinstance(mid, str):
        raise ContentError(f"{path}.id", "expected a string")
    if name is not None and not isinstance(name, str):
        raise ContentError(f"{path}.name", "expected a string")
    developer = raw.get("developer", False)
    if not isinstance(developer, bool) or (developer and role != "system"):
        raise ContentError(f"{path}.developer", "expected true on a system message, or nothing")
    extra = set(raw) - {"role", "content", "id", "name", "developer"}
    if extra:
        raise ContentError(path, f"unknown field(s): {_names(extra)}")
    blocks = tuple(block_from_dict(b, f"{path}.content[{i}]") for i, b in enumerate(content))
    return Message(role, blocks, id=mid, name=name, developer=developer)  # type: ignore[arg-type]  # role checked above


def _encode(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def message_to_bytes(message: Message) -> bytes:
    """Compact UTF-8 JSON for one message (lone surrogates survive)."""
    return _encode(message_to_dict(message)).encode("utf-8", "surrogatepass")


def message_from_bytes(body: bytes, path: str = "message") -> Message:
    """Inverse of :func:`message_to_bytes`; bad JSON is a :class:`ContentError` too."""
    if not isinstance(body, bytes | bytearray | memoryview):
        raise ContentError(path, f"expected bytes, got {describe(body)}")
    try:
        raw = json.loads(bytes(body).decode("utf-8", "surrogatepass"))
    except ValueError as exc:
        raise ContentError(path, f"not valid JSON ({exc})") from None
    except RecursionError:
        raise ContentError(path, "JSON nested too deeply to read") from None
    return message_from_dict(raw, path)


def dumps_messages(messages: Iterable[Message]) -> str:
    """JSONL: one message per line, newline-terminated.

    >>> from contextledger.model import Message
    >>> dumps_messages([Message.user("a"), Message.user("b")]).count("\\n")
    2
    """
    return "".join(_encode(message_to_dict(m)) + "\n" for m in messages)


def loads_messages(text: str) -> tuple[Message, ...]:
    """Parse JSONL (or one JSON array) back to messages; errors name ``line N`` or ``messages[i]``.

    >>> [m.text for m in loads_messages('[{"role":"user","content":[{"type":"text","text":"a"}]}]')]
    ['a']
    """
    if not isinstance(text, str):
        raise ContentError("messages", f"expected JSON text, got {describe(text)}")
    stripped = text.lstrip()
    if stripped.startswith("["):
        try:
            raw = json.loads(stripped)
        except ValueError as exc:
            raise ContentError("messages", f"not valid JSON ({exc})") from None
        except RecursionError:
            raise ContentError("messages", "JSON nested too deeply to read") from None
        if not isinstance(raw, list):
            raise ContentError("messages", "expected a JSON array of messages")
        return tuple(message_from_dict(m, f"messages[{i}]") for i, m in enumerate(raw))
    out: list[Message] = []
    for n, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
        except ValueError as exc:
            raise ContentError(f"line {n}", f"not valid JSON ({exc})") from None
        except RecursionError:
            raise ContentError(f"line {n}", "JSON nested too deeply to read") from None
        out.append(message_from_dict(raw, f"line {n}"))
    return tuple(out)
