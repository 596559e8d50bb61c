"""Shedding: when the kept messages still exceed the budget, shrink the biggest texts to
head + tail (never below ``shrink_floor``), then replace images from older turns, costliest
first, then attached file bodies, until it fits. The current request is never touched here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from ..model import FileAttachment, Image, Message, Text, ToolResult
from ..pricing.messages import Pricer
from ..report import Notice
from .edits import BlockPath, image_label, placeholder, replace_text
from .report import Change


@dataclass(slots=True)
class _TextUnit:
    msg: int
    path: BlockPath
    text: str
    tokens: int
    kind: Literal["text", "file"]


def shed(
    pricer: Pricer,
    shrink_floor: int,
    ago: Callable[[str], str],
    msgs: list[Message],
    anchor: Message | None,
    total: int,
    budget: int,
    changes: list[Change],
    notices: list[Notice],
) -> tuple[list[Message], int]:
    """Shrink texts, then replace older images, then replace file bodies, until it fits.
    ``ago`` names when a message was sent ("from 2 turns ago")."""
    msgs = list(msgs)
    protected = {i for i, m in enumerate(msgs) if m is anchor}
    total = _shrink_texts(pricer, shrink_floor, msgs, protected, total, budget, changes, notices)
    if total > budget:
        total = _replace_images(pricer, ago, msgs, protected, total, budget, changes, notices)
    if total > budget:
        total = _replace_files(pricer, msgs, protected, total, budget, changes, notices)
    return msgs, total


def _text_units(pricer: Pricer, msgs: list[Message], protected: set[int]) -> list[_TextUnit]:
    """Every text outside the protected messages, biggest first."""
    units: list[_TextUnit] = []
    for i, m in enumerate(msgs):
        if i in protected:
            continue
        for j, b in enumerate(m.content):
            if isinstance(b, Text):
                units.append(_TextUnit(i, (j,), b.text, pricer.text(b.text), "text"))
            elif isinstance(b, FileAttachment) and b.text is not None:
                units.append(_TextUnit(i, (j,), b.text, pricer.text(b.text), "file"))
            elif isinstance(b, ToolResult):
                for k, inner in enumerate(b.content):
                    if isinstance(inner, Text):
                        units.append(
                            _TextUnit(i, (j, k), inner.text, pricer.text(inner.text), "text")
                        )
    units.sort(key=lambda u: -u.tokens)
    return units


def _shrink_texts(
    pricer: Pricer,
    floor: int,
    msgs: list[Message],
    protected: set[int],
    total: int,
    budget: int,
    changes: list[Change],
    notices: list[Notice],
) -> int:
    """Pass A: shrink the biggest texts to head + tail, each to one common size (never
    below ``floor``): four long tool results over budget each keep their share, rather
    than the two biggest cut to nothing while the others stay whole. Edits ``msgs``;
    returns the new total."""
    units = _text_units(pricer, msgs, protected)
    level = common_size([u.tokens for u in units], total - budget, floor)
    for u in units:
        if total <= budget or u.tokens <= level:
            break
        new_text = shrink_text(u.text, level, pricer.text)
        old_msg = pricer.message(msgs[u.msg]).total
        msgs[u.msg] = replace_text(msgs[u.msg], u.path, new_text)
        new_msg = pricer.message(msgs[u.msg]).total
        total += new_msg - old_msg
        changes.append(
            Change(
                "shrunk",
                msgs[u.msg].id,
                u.path[0],
                _describe(u),
                "shrunk to head and tail to fit the context window",
                u.tokens,
                pricer.text(new_text),
            )
        )
        notices.append(
            Notice(
                "shrunk",
                msgs[u.msg].id,
                f"A long {_describe(u)} was shortened to its beginning and end ({u.tokens:,} → {pricer.text(new_text):,} tokens) to fit the context window.",
            )
        )
    return total


def common_size(sizes: list[int], excess: int, floor: int) -> int:
    """The size the biggest of ``sizes`` (biggest first) are cut to so that they lose
    ``excess`` between them, never below ``floor``.

    >>> common_size([4800, 4700, 1400, 500], 10_000, 48)
    350
    >>> common_size([4800, 4700, 1400], 50, 48)  # a small excess: the biggest only
    4750
    """
    kept = 0
    for n, size in enumerate(sizes, 1):
        kept += size
        level = (kept - excess) // n
        if level >= (sizes[n] if n < len(sizes) else 0):
            return max(level, floor)
    return floor


def _replace_images(
    pricer: Pricer,
    ago: Callable[[str], str],
    msgs: list[Message],
    protected: set[int],
    total: int,
    budget: int,
    changes: list[Change],
    notices: list[Notice],
) -> int:
    """Pass B: replace images from older turns, costliest first."""
    images: list[tuple[int, int, BlockPath, Image]] = []
    for i, m in enumerate(msgs):
        if i in protected:
            continue
        for j, b in enumerate(m.content):
            if isinstance(b, Image):
                images.append((pricer.block(b)[1], i, (j,), b))
            elif isinstance(b, ToolResult):
                for k, inner in enumerate(b.content):
                    if isinstance(inner, Image):
                        images.append((pricer.block(inner)[1], i, (j, k), inner))
    images.sort(key=lambda t: (-t[0], t[1]))
    for tokens, i, path, img in images:
        if total <= budget:
            break
        label = image_label(pricer, img)
        old_msg = pricer.message(msgs[i]).total
        msgs[i] = placeholder(
            pricer,
            changes,
            notices,
            msgs[i],
            path,
            tokens,
            what=f"image {label}",
            text=f"[image {label} omitted to fit the context window]",
            reason="image dropped to fit the context window (costliest first)",
            notice=f"The model will not see image {label} {ago(msgs[i].id)}: "
            "dropped to fit the context window.",
        )
        total += pricer.message(msgs[i]).total - old_msg
    return total


def _replace_files(
    pricer: Pricer,
    msgs: list[Message],
    protected: set[int],
    total: int,
    budget: int,
    changes: list[Change],
    notices: list[Notice],
) -> int:
    """Pass C: replace attached file bodies, largest first."""
    files = [
        (pricer.block(b)[0], i, j, b)
        for i, m in enumerate(msgs)
        if i not in protected
        for j, b in enumerate(m.content)
        if isinstance(b, FileAttachment)
    ]
    files.sort(key=lambda t: (-t[0], t[1]))
    for tokens, i, j, f in files:
        if total <= budget:
            break
        old_msg = pricer.message(msgs[i]).total
        msgs[i] = placeholder(
            pricer,
            changes,
            notices,
            msgs[i],
            (j,),
            tokens,
            what=f"file '{f.name}'",
            text=f"[file '{f.name}' omitted to fit the context window]",
            reason="attached file body dropped to fit the context window",
            notice=f"The model will not see the body of file '{f.name}': "
            "dropped to fit the context window.",
        )
        total += pricer.message(msgs[i]).total - old_msg
    return total


def _describe(u: _TextUnit) -> str:
    if u.kind == "file":
        return "attached file"
    return "tool output" if len(u.path) == 2 else "message"


def shrink_text(text: str, target_tokens: int, count: Any) -> str:
    """Keep the head and tail of ``text`` within ``target_tokens``, with a visible marker.

    Works on characters, so a multi-byte character is never split.

    >>> from contextledger.pricing.text import EstimateCounter
    >>> out = shrink_text("a" * 4000, 100, EstimateCounter().count)
    >>> "tokens omitted" in out
    True
    """
    total = count(text)
    if total <= target_tokens:
        return text

    def build(keep: int) -> str:
        head, tail = keep - keep // 2, keep // 2
        omitted = max(
            total - count(text[:head]) - count(text[len(text) - tail :] if tail else ""), 1
        )
        return f"{text[:head]}\n[… {omitted:,} tokens omitted …]\n{text[len(text) - tail :] if tail else ''}"

    def fits(keep: int) -> bool:
        return bool(count(build(keep)) <= target_tokens)

    # About the largest kept length whose result fits (within 1/64 of it: each try
    # tokenizes a text of the target's size three times, and a fit may shorten several).
    # The search starts from the text's own characters per token and gallops out from
    # there, so every count is of a text about the target's size: linear in the input (one
    # full count above), never a binary search over a 50 MB paste.
    guess = min(len(text), max(1, len(text) * target_tokens // max(total, 1)))
    step = max(1, guess // 32)
    if fits(guess):
        lo, hi = guess, guess + step
        while hi < len(text) and fits(hi):
            lo, hi, step = hi, hi + step, step * 2
        hi = min(hi, len(text))
    else:
        lo, hi = guess - step, guess
        while lo > 0 and not fits(lo):
            hi, lo, step = lo, lo - step, step * 2
        lo = max(lo, 0)
        if lo == 0 and not fits(0):
            return build(0)
    while hi - lo > max(1, lo // 64):  # fits(lo), not fits(hi) (or hi is the whole text)
        mid = (lo + hi) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return build(hi) if hi == len(text) and fits(hi) else build(lo)
