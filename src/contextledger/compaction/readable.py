"""The record as it reads: a terminal's painted output as the terminal shows it, a shell
tool's JSON envelope ({"stdout": …, "exit_code": …}) as the output it wraps. The recap, its
verification and the LLM transcript read this; the record and the view keep every message
as it came."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..model import Message, Text, ToolResult
from ..printed import unwrapped, without_ansi

__all__ = ["readable", "unwrapped", "without_ansi"]


def readable(record: Sequence[Message]) -> tuple[Message, ...]:
    """``record`` as it reads: painted texts without their colour codes, a tool's envelope
    as the output it wraps (:func:`unwrapped`); ids and every other field kept, so what a
    recap says traces to the same message."""
    return tuple(_readable(m) for m in record)


def _readable(m: Message) -> Message:
    content = tuple(_plain(b) for b in m.content)
    same = all(a is b for a, b in zip(content, m.content, strict=True))
    return m if same else replace(m, content=content)


def _plain(block: Any, printed: bool = False) -> Any:
    if isinstance(block, Text):
        text = without_ansi(block.text)
        text = (unwrapped(text) if printed else None) or text
        return block if text == block.text else replace(block, text=text)
    if isinstance(block, ToolResult):
        content = tuple(_plain(b, printed=True) for b in block.content)
        same = all(a is b for a, b in zip(content, block.content, strict=True))
        return block if same else replace(block, content=content)
    return block
