"""Edits to one block of a message: a visible placeholder in place of an image or a file
body, shorter text, an image re-encoded for a provider that refuses it as it is; each
reported twice (a Change for code, a Notice for people)."""

from __future__ import annotations

from dataclasses import replace

from ..catalog import ModelInfo
from ..errors import ImageProbeError
from ..images import labels
from ..images.normalize import normalize_image
from ..images.probe import probe_image
from ..model import (
    IMAGE_MEDIA_TYPES,
    Block,
    FileAttachment,
    Image,
    InlineData,
    Message,
    Text,
    ToolResult,
)
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


_EVERY_FORMAT = frozenset(IMAGE_MEDIA_TYPES)  # what images.probe reads


class SendableImages:
    """Images the provider refuses as they are, re-encoded for it: a GIF for Gemini (which
    takes PNG, JPEG, WebP, HEIC and HEIF only), an animated image for OpenAI (non-animated
    GIF only). Each becomes its first frame in a format the provider takes, at the same
    pixel size (so at the same price: the fit prices what is sent), with a notice.
    ``images.normalize`` does the work, as ``prepare`` does; conversions are remembered, so
    a refit decodes nothing again. An image whose bytes cannot be read is left to the
    fitter's unreadable-image pass; a URL or a stored ref is the caller's to send."""

    _MAX_REMEMBERED = 50_000

    def __init__(self, info: ModelInfo) -> None:
        self.info = info
        # by identity (hashing an inline image reads its payload), the original kept alive
        self._images: dict[int, tuple[Image, Image | None, str]] = {}

    def converted(self, img: Image) -> tuple[Image, str] | None:
        """(the image to send instead, why), or None when ``img`` is sent as it is."""
        if img.data is None:
            return None
        hit = self._images.get(id(img))
        if hit is None or hit[0] is not img:
            if len(self._images) > self._MAX_REMEMBERED:
                self._images.clear()
            hit = self._images[id(img)] = (img, *self._convert(img))
        return None if hit[1] is None else (hit[1], hit[2])

    def _converts(self, pricer: Pricer, img: Image) -> tuple[Image, str] | None:
        """``converted``, but for an image ``prepare`` plans to re-encode itself (it sizes
        it for the pricer, and reports it in ``report.normalized``)."""
        return None if pricer.planned_size(img) is not None else self.converted(img)

    def _convert(self, img: Image) -> tuple[Image | None, str]:
        assert img.data is not None
        limits = self.info.image_limits
        try:
            info = probe_image(img.data)
            if info.media_type in limits.formats and (limits.animated_ok or not info.animated):
                return None, ""
            out = normalize_image(
                img.data.decode(), max_edge=max(info.display_size), limits=limits, name=img.name
            )
        except ImageProbeError:
            return None, ""
        sent = Image(
            out.media_type, InlineData.from_bytes(out.data), width=out.width, height=out.height,
            name=img.name, detail=img.detail, cache=img.cache,
        )  # fmt: skip
        return sent, out.reason

    def apply(
        self,
        pricer: Pricer,
        messages: tuple[Message, ...],
        sent_last: tuple[Message, ...],
        changes: list[Change],
        notices: list[Notice],
    ) -> tuple[Message, ...]:
        """``messages`` with every image the provider refuses as it is re-encoded, reported.
        Messages sent last time as they are were looked at then."""
        limits = self.info.image_limits
        if not self.info.vision or (limits.animated_ok and set(limits.formats) >= _EVERY_FORMAT):
            return messages  # Anthropic takes every format an image can be read in
        checked = set(map(id, sent_last))
        fixed: list[Message] | None = None
        for i, m in enumerate(messages):
            if id(m) in checked or not any(self._converts(pricer, img) for img in m.images()):
                continue
            fixed = fixed if fixed is not None else list(messages)
            fixed[i] = m.with_content(self._blocks(pricer, m, changes, notices))
        return messages if fixed is None else tuple(fixed)

    def _blocks(
        self, pricer: Pricer, m: Message, changes: list[Change], notices: list[Notice]
    ) -> list[Block]:
        def swap(img: Image, block: int) -> Image:
            done = self._converts(pricer, img)
            if done is None:
                return img
            sent, why = done
            text = (
                f"Image {labels.image_label(img)} was re-encoded for {self.info.id}, which "
                f"does not take it as it is ({why})."
            )
            before, after = pricer.image(img).tokens, pricer.image(sent).tokens
            changes.append(Change("replaced", m.id, block, "image", text, before, after))
            notices.append(Notice("normalized", m.id, text))
            return sent

        blocks: list[Block] = []
        for j, b in enumerate(m.content):
            if isinstance(b, Image):
                blocks.append(swap(b, j))
            elif isinstance(b, ToolResult) and any(isinstance(x, Image) for x in b.content):
                inner = tuple(swap(x, j) if isinstance(x, Image) else x for x in b.content)
                blocks.append(replace(b, content=inner))
            else:
                blocks.append(b)
        return blocks
