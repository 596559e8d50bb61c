"""Hostile-input strategies for the fuzz suite (``test_fuzz.py``).

Inputs start from valid payloads (canonical conversations written in every wire format, our
own storage JSON, real image headers) and are then mutated: a node replaced with a value of
the wrong type, a key deleted, nesting thousands of levels deep, lone surrogates, huge
integers. Mutating valid input reaches the deep parts of each reader that random JSON never
would.

``FUZZ_SCALE`` (environment) multiplies the number of examples: CI runs the default (1,
a few seconds); a local campaign runs e.g. ``FUZZ_SCALE=200 FUZZ_SEED=random``.
"""

from __future__ import annotations

import copy
import io
import json
import os
import struct
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from contextledger.providers import FORMATS, translate
from contextledger.storage.codec import message_to_dict
from strategies import conversations

SCALE = max(1, int(os.environ.get("FUZZ_SCALE", "1")))
CAMPAIGN = os.environ.get("FUZZ_SEED", "") == "random" or SCALE > 1


def fuzz_settings(examples: int) -> Callable[[Any], Any]:
    """Seeded and bounded in CI; random seeds and many more examples in a local campaign."""
    return settings(
        max_examples=examples * SCALE,
        derandomize=not CAMPAIGN,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


class _DeepDict(dict[str, Any]):
    """The outer level of a deeply nested value: prints short (a failure report must not
    recurse through it)."""

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text("<dict nested deeply>")


class _DeepList(list[Any]):
    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text("<list nested deeply>")


def deep(depth: int, leaf: Any = 1, *, as_list: bool = False) -> Any:
    """A value nested ``depth`` levels (built iteratively: building it must not recurse)."""
    value = leaf
    for _ in range(depth - 1):
        value = [value] if as_list else {"a": value}
    return _DeepList([value]) if as_list else _DeepDict(a=value)


_SCALARS: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    float("nan"),
    float("inf"),
    2**70,
    "",
    "x",
    "a \ud800 b",
    "\udfff",
    "data:",
    "data:image/png;base64,",
    "data:image/png;base64,@@@@",
    "data:image/png;base64,iVBORw0KGgo=",
    "https://example.com/x.png",
    "image",
    "text",
    "tool_use",
    "function_call",
    "user",
    "assistant",
    "tool",
    "model",
    "system",
    "Image 1:",
    "[tool error] ",
    "Attached file: x\n```\ny\n```",
]

_SHAPES: list[Any] = [
    [],
    {},
    [[]],
    [None],
    [-1],
    {"type": []},
    {"type": {}},
    {"type": None},
    {"type": "image"},
    {"type": "text"},
    {"type": "text", "text": []},
    {"type": "image_url", "image_url": {"url": -1}},
    {"type": "image_url", "image_url": {"url": "https://e.com/a.png", "detail": "huge"}},
    {"type": "image_url", "image_url": {"url": "https://e.com/a.png", "detail": []}},
    {"type": "image", "source": {"type": "base64", "media_type": [], "data": "QUJD"}},
    {"type": "image", "source": {"type": "url", "url": {}}},
    {"type": "tool_use", "id": [], "name": {}, "input": -1},
    {"type": "tool_result", "tool_use_id": "c", "content": -1},
    {"type": "reasoning", "summary": -1},
    {"type": "reasoning", "summary": [{"type": "summary_text", "text": []}]},
    {"type": "function_call", "call_id": [], "name": None, "arguments": {}},
    {"type": "function_call_output", "call_id": "c", "output": [{"type": []}]},
    {"role": [], "content": []},
    {"role": "user", "content": [{"type": []}]},
    {"role": "user", "parts": -1},
    {"role": "model", "parts": [{"functionCall": {"name": [], "args": -1}}]},
    {"role": "user", "parts": [{"inlineData": {"mimeType": [], "data": -1}}]},
    {"role": "user", "parts": [{"functionResponse": {"name": "f", "response": -1}}]},
    {"parts": -1},
    {"id": [], "role": "assistant", "tool_calls": [{"id": "c", "function": -1}]},
    {"role": "assistant", "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": -1}}]},
    {"role": "tool", "tool_call_id": [], "content": {}},
]


@st.composite
def hostile_values(draw: st.DrawFn) -> Any:
    """A value of the wrong type, shape or size for wherever it lands."""
    kind = draw(st.integers(0, 9))
    if kind <= 3:
        return copy.deepcopy(draw(st.sampled_from(_SHAPES)))
    if kind <= 6:
        return draw(st.sampled_from(_SCALARS))
    if kind == 7:
        depth = draw(st.sampled_from([50, 999, 1_100, 5_000]))
        return deep(depth, as_list=draw(st.booleans()))
    if kind == 8:
        return 10**5000 if draw(st.booleans()) else -(10**4400)
    return draw(
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=8),
            lambda inner: (
                st.lists(inner, max_size=3)
                | st.dictionaries(st.text(max_size=6), inner, max_size=3)
            ),
            max_leaves=8,
        )
    )


def _paths(value: Any) -> list[tuple[Any, ...]]:
    """Every node's path (iterative, so deep inputs do not recurse here)."""
    out: list[tuple[Any, ...]] = []
    stack: list[tuple[tuple[Any, ...], Any]] = [((), value)]
    while stack and len(out) < 5_000:
        path, node = stack.pop()
        out.append(path)
        if isinstance(node, dict):
            stack.extend(((*path, k), v) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend(((*path, i), v) for i, v in enumerate(node))
    return out


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


@st.composite
def mutated(draw: st.DrawFn, base: Any) -> Any:
    """``base`` with one to three nodes replaced, deleted or extended."""
    value = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(value)
        path = draw(st.sampled_from(paths))
        action = draw(st.sampled_from(["replace", "replace", "replace", "delete", "insert"]))
        if not path:
            value = draw(hostile_values())
            continue
        parent = _at(value, path[:-1])
        key = path[-1]
        if action == "delete":
            del parent[key]
        elif action == "insert" and isinstance(parent, list):
            parent.insert(key, draw(hostile_values()))
        else:
            parent[key] = draw(hostile_values())
    return value


@st.composite
def wire_payloads(draw: st.DrawFn, fmt: str | None = None) -> tuple[str, Any]:
    """A valid request body (or bare message list) in a wire format, and the format."""
    fmt = fmt or draw(st.sampled_from(FORMATS))
    provider = {"anthropic": "anthropic", "openai-responses": "openai-responses"}.get(fmt)
    msgs = draw(conversations(reasoning_provider=provider, max_turns=4))
    body = translate(msgs, fmt, validate=False).body  # type: ignore[arg-type]
    if fmt == "openai" and draw(st.booleans()):
        return fmt, body["messages"]
    return fmt, json.loads(json.dumps(body))


@st.composite
def hostile_payloads(draw: st.DrawFn, fmt: str | None = None) -> tuple[str, Any]:
    fmt, body = draw(wire_payloads(fmt))
    return fmt, draw(mutated(body))


@st.composite
def hostile_internal(draw: st.DrawFn) -> Any:
    """Our own storage JSON (a list of message dicts), mutated."""
    msgs = draw(conversations(reasoning_provider="anthropic", max_turns=4))
    return draw(mutated([message_to_dict(m) for m in msgs]))


# --- images --------------------------------------------------------------------------


def _image_seeds() -> list[bytes]:
    from PIL import Image

    seeds = []
    for fmt, mode in (("PNG", "RGB"), ("JPEG", "RGB"), ("GIF", "P"), ("WEBP", "RGB")):
        buf = io.BytesIO()
        img = Image.new(mode, (37, 21))
        kwargs: dict[str, Any] = {}
        if fmt == "JPEG":
            exif = Image.Exif()
            exif[0x0112] = 6
            kwargs["exif"] = exif.tobytes()
        img.save(buf, fmt, **kwargs)
        seeds.append(buf.getvalue())
    return seeds


IMAGE_SEEDS = _image_seeds()


@st.composite
def hostile_image_bytes(draw: st.DrawFn) -> bytes:
    """A real image header with bytes flipped, cut, or huge sizes patched in; or noise."""
    if draw(st.integers(0, 5)) == 0:
        return draw(st.binary(max_size=64))
    data = bytearray(draw(st.sampled_from(IMAGE_SEEDS)))
    for _ in range(draw(st.integers(1, 4))):
        action = draw(st.sampled_from(["flip", "cut", "patch", "insert"]))
        if not data:
            break
        pos = draw(st.integers(0, min(len(data) - 1, 400)))
        if action == "flip":
            data[pos] = draw(st.integers(0, 255))
        elif action == "cut":
            del data[pos:]
        elif action == "patch":
            value = draw(st.sampled_from([0, 1, 0xFFFF, 0xFFFFFFFF, 0x7FFFFFFF, 8900]))
            packed = struct.pack(">I" if draw(st.booleans()) else "<I", value)
            data[pos : pos + 4] = packed
        else:
            data[pos:pos] = draw(st.binary(min_size=1, max_size=16))
    return bytes(data)
