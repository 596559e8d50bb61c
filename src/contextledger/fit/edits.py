"""Edits to one block of a message: a visible placeholder in place of an image or a file
body, or shorter text; each reported twice (a Change for code, a Notice for people)."""

from __future__ import annotations

from dataclasses import replace

from ..images import labels
from ..model import Block, FileAttachment, Image, Message, Text, ToolResult
from ..pricing.messages import Pricer
from ..report import Notice
from .report import Change

BlockPath = tuple[int, ...]  # block index, then inner index for tool results


def image_label(pricer: Pricer, img: Image) -> str:
    """How a person knows the image (``images.labels``; the pricer is not needed)."""
    return labels.image_label(img)


def placeholder(
    pricer: Pricer,
    changes: list[Change],
    notices: list[Notice],
    m: Message,
    path: BlockPath,
    tokens_before: int,
    *,
    what: str,
    text: str,
    reason: str,
    notice: str,
) -> Message:
    """Replace one block with a visible placeholder, and report it twice: for code and for people."""
    changes.append(
        Change("replaced", m.id, path[0], what, reason, tokens_before, pricer.text(text))
    )
    notices.append(Notice("replaced", m.id, notice))
    return replace_block(m, path, Text(text))


def replace_text(m: Message, path: BlockPath, new_text: str) -> Message:
    b = m.content[path[0]]
    if isinstance(b, FileAttachment):
        return replace_block(m, path, replace(b, text=new_text))
    return replace_block(m, path, Text(new_text))


def replace_block(m: Message, path: BlockPath, new: Block) -> Message:
    content = list(m.content)
    if len(path) == 1:
        content[path[0]] = new
    else:
        tr = content[path[0]]
        assert isinstance(tr, ToolResult) and isinstance(new, Text | Image)
        inner = list(tr.content)
        inner[path[1]] = new
        content[path[0]] = replace(tr, content=tuple(inner))
    return m.with_content(content)
