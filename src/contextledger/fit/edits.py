"""Edits to one block of a message: a visible placeholder in place of an image or a file
body, or shorter text; each reported twice (a Change for code, a Notice for people)."""

from __future__ import annotations

from dataclasses import replace

from ..errors import ImageProbeError
from ..images.probe import display_size
from ..model import Block, FileAttachment, Image, Message, Text, ToolResult, describe_image
from ..pricing.messages import Pricer
from ..providers.common import parse_data_url
from ..report import Notice
from .report import Change

BlockPath = tuple[int, ...]  # block index, then inner index for tool results


def image_label(pricer: Pricer, img: Image) -> str:
    """How a person knows the image: its own size (as pasted), not the size it is sent at.

    Read from the image's header, not from its price: a cold fit names hundreds of dropped
    screenshots it never prices, and a price is looked up by the image's value (hashing a
    data URL of many kilobytes), a header read by its first few bytes."""
    if (img.width is None or img.height is None) and img.data is not None:
        try:
            return img.describe(*display_size(img.data))
        except ImageProbeError:
            pass  # no size to show: named by its kind
    return img.describe()


def url_label(url: str) -> str:
    """``image_label`` of the image an OpenAI ``image_url`` part holds (a URL the lazy read
    checked), without making the ``Image``: a cold fit names ~480 dropped screenshots."""
    if not url.startswith("data:"):
        return describe_image(None, None, None, None)
    media_type, data = parse_data_url(url, "")
    try:
        return describe_image(None, media_type, *display_size(data))
    except ImageProbeError:
        return describe_image(None, media_type, None, None)


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
