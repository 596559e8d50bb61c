"""Hypothesis strategies for canonical conversations (shared by several test modules)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

from contextledger.model import (
    FileAttachment,
    Image,
    InlineData,
    Message,
    Reasoning,
    Recap,
    Text,
    ToolCall,
    ToolResult,
)

# Letters from several scripts (Latin, CJK, Devanagari) plus punctuation; never the reserved
# wire conventions (labels, tool-error prefix, attachment header, recap prefix).
_ALPHABET = st.sampled_from(
    list("abcdefghij klmnop.,!?-_/") + list("日本語中文你好") + list("हिन्दीनमस्ते") + ["😀"]
)
words = st.text(_ALPHABET, min_size=1, max_size=40).filter(lambda s: s.strip() == s and s != "")

_PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="

media_types = st.sampled_from(["image/png", "image/jpeg", "image/webp", "image/gif"])


@st.composite
def images(
    draw: st.DrawFn, *, with_detail: bool = True, inline_only: bool = False, readable: bool = False
) -> Image:
    """An image by URL or inline; inline bytes that are no image too unless ``readable``
    (``translate`` sends those as a note, as ``fit`` does)."""
    detail = draw(st.sampled_from([None, "low", "high"])) if with_detail else None
    if inline_only or draw(st.booleans()):
        payload = draw(st.sampled_from([_PNG_1x1] if readable else [_PNG_1x1, "QUJD", "AAAA" * 8]))
        return Image(media_type=draw(media_types), data=InlineData(payload), detail=detail)
    n = draw(st.integers(0, 999))
    return Image(url=f"https://example.com/shot{n}.png", detail=detail)


def json_args() -> st.SearchStrategy[str]:
    values = st.recursive(
        st.none() | st.booleans() | st.integers(-1000, 1000) | words,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(words, inner, max_size=3),
        max_leaves=6,
    )
    return st.dictionaries(words, values, max_size=4).map(
        lambda d: json.dumps(d, ensure_ascii=False)
    )


@st.composite
def conversations(
    draw: st.DrawFn,
    *,
    reasoning_provider: str | None = None,
    with_detail: bool = True,
    with_files: bool = True,
    min_turns: int = 1,
    max_turns: int = 6,
    readable: bool = False,
) -> tuple[Message, ...]:
    """A valid, canonical conversation: images first in user turns, tool pairs complete;
    every inline image's bytes an image when ``readable``."""
    out: list[Message] = []
    if draw(st.booleans()):
        out.append(Message.system(draw(words)))
    call_no = 0
    for _ in range(draw(st.integers(min_turns, max_turns))):
        kind = draw(st.sampled_from(["user", "user", "assistant", "tools", "recap"]))
        if kind == "recap":
            out.append(Message("user", (Recap(draw(words)),)))
            continue
        if kind == "user":
            imgs = draw(st.lists(images(with_detail=with_detail, readable=readable), max_size=3))
            blocks: list[Any] = list(imgs)
            if draw(st.booleans()) or not blocks:
                blocks.append(Text(draw(words)))
            if with_files and draw(st.integers(0, 4)) == 0:
                blocks.append(FileAttachment(name=draw(words), text=draw(words)))
            out.append(Message("user", tuple(blocks)))
            continue
        if out and out[-1].role == "assistant":
            # Two assistant turns in a row are not a canonical shape (Responses and Gemini
            # would read them back as one turn): a user turn separates them.
            out.append(Message.user(draw(words)))
        content: list[Any] = []
        if reasoning_provider and draw(st.booleans()):
            if reasoning_provider == "openai-responses":
                content.append(
                    Reasoning(
                        reasoning_provider,
                        summary=(draw(words),),
                        encrypted=draw(words),
                        item_id=f"rs_{len(out)}",  # (item ids are unique in a request)
                    )
                )
            else:
                content.append(
                    Reasoning(reasoning_provider, text=draw(words), signature=draw(words))
                )
        # The Responses API pairs a reasoning item with the item after it by id.
        paired = bool(content) and reasoning_provider == "openai-responses"
        if kind == "assistant" or draw(st.booleans()):
            content.append(
                Text(draw(words), item_id=f"msg_{len(out)}", item_status="completed")
                if paired
                else Text(draw(words))
            )
        calls: list[ToolCall] = []
        if kind == "tools":
            for _ in range(draw(st.integers(1, 3))):
                call_no += 1
                calls.append(
                    ToolCall(
                        f"call_{call_no}",
                        draw(st.sampled_from(["read_file", "run", "screenshot"])),
                        draw(json_args()),
                        item_id=f"fc_{call_no}" if paired else None,
                    )
                )
        content.extend(calls)
        if not any(isinstance(b, Text | ToolCall) for b in content):
            content.append(Text(draw(words), item_id=f"msg_{len(out)}" if paired else None))
        out.append(Message("assistant", tuple(content)))
        for call in calls:
            parts: list[Text | Image] = [Text(draw(words))]
            parts.extend(
                draw(st.lists(images(with_detail=with_detail, readable=readable), max_size=2))
            )
            out.append(Message("tool", (ToolResult(call.id, tuple(parts), draw(st.booleans())),)))
    return tuple(out)
