"""Edits to one block of a message: a visible placeholder in place of an image or a file
body, shorter text, an image re-encoded for a provider that refuses it as it is; each
reported twice (a Change for code, a Notice for people)."""

from __future__ import annotations

import base64
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace

from ..catalog import ImageLimits, ModelInfo
from ..errors import ImageProbeError
from ..images import labels
from ..images.normalize import NormalizedImage, normalize_image
from ..images.probe import probe_image
from ..model import (
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


class SendableImages:
    """Images the provider refuses as they are, re-encoded for it: a GIF for Gemini (which
    takes PNG, JPEG, WebP, HEIC and HEIF only), an animated image for OpenAI (non-animated
    GIF only), a side over the provider's limit (Anthropic: 8,000 px), a file over its
    base64 limit (Anthropic: 5 MB). Each becomes its first frame in a format the provider
    takes, no smaller than the limits make it (priced as sent), with a notice.
    ``images.normalize`` does the work, as ``prepare`` does (it re-encodes the images it
    plans itself); conversions are remembered, so a refit decodes nothing again. An image
    whose bytes cannot be read is left to the fitter's unreadable-image pass; a URL or a
    stored ref is the caller's to send."""

    _MAX_REMEMBERED = 50_000

    def __init__(self, info: ModelInfo) -> None:
        self.info = info
        # by identity (hashing an inline image reads its payload), the original kept alive;
        # and whether the request has more images than the many-image rule allows at full size
        self._images: dict[tuple[int, bool], tuple[Image, Image | None, str]] = {}
        self._many = False

    def converted(self, img: Image) -> tuple[Image, str] | None:
        """(the image to send instead, why), or None when ``img`` is sent as it is."""
        if img.data is None or not self.info.vision:
            return None
        key = (id(img), self._many)
        hit = self._images.get(key)
        if hit is None or hit[0] is not img:
            if len(self._images) > self._MAX_REMEMBERED:
                self._images.clear()
            hit = self._images[key] = (img, *self._convert(img))
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
            long_edge = max(info.display_size)
            side = limits.many_images_max_side if self._many else limits.max_side
            if (
                info.media_type in limits.formats
                and (limits.animated_ok or not info.animated)
                and (side is None or long_edge <= side)
                and (
                    limits.max_base64_bytes is None
                    or img.data.base64_length <= limits.max_base64_bytes
                )
            ):
                return None, ""
            count = (limits.many_images_threshold or 0) + 1 if self._many else 1
            out = _ENCODINGS.get(img.data.base64, limits, long_edge, count)
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
        image_tokens: Sequence[int],
        changes: list[Change],
        notices: list[Notice],
    ) -> tuple[Message, ...]:
        """``messages`` with every image the provider refuses as it is re-encoded, reported.
        ``image_tokens``: each message's (only those with images are looked at). Over
        Anthropic's 20 images in a request each must be at most 2,000 px a side: a bigger one
        is resized to it (the fit's request limits would otherwise send a placeholder)."""
        threshold = self.info.image_limits.many_images_threshold
        self._many = threshold is not None and threshold < sum(
            sum(1 for _ in messages[i].images()) for i, n in enumerate(image_tokens) if n
        )
        fixed: list[Message] | None = None
        for i, n in enumerate(image_tokens):
            m = messages[i]
            if not n or not any(self._converts(pricer, img) for img in m.images()):
                continue
            fixed = fixed if fixed is not None else list(messages)
            fixed[i] = self._sent(pricer, m, changes, notices)
        return messages if fixed is None else tuple(fixed)

    def _sent(
        self, pricer: Pricer, m: Message, changes: list[Change], notices: list[Notice]
    ) -> Message:
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

        return m.map_images(swap)


class _Encodings:
    """Images re-encoded for a provider, remembered for the process by a digest of their
    bytes and the limits (``fit()`` called every turn builds a new Fitter, so a GIF would be
    decoded again each turn), holding at most ``max_bytes`` of encodings: the payloads are
    not kept, and the oldest encodings go first."""

    def __init__(self, max_bytes: int = 64_000_000) -> None:
        self.max_bytes = max_bytes
        self._held = 0
        self._items: OrderedDict[tuple[bytes, ImageLimits, int, int], NormalizedImage] = (
            OrderedDict()
        )
        self._lock = threading.Lock()

    def get(
        self, payload: str, limits: ImageLimits, long_edge: int, image_count: int
    ) -> NormalizedImage:
        digest = hashlib.blake2b(payload.encode("ascii"), digest_size=20).digest()
        key = (digest, limits, long_edge, image_count)
        with self._lock:
            hit = self._items.get(key)
            if hit is not None:
                self._items.move_to_end(key)
                return hit
        data = base64.b64decode(payload)
        out = normalize_image(data, max_edge=long_edge, limits=limits, image_count=image_count)
        with self._lock:
            if key not in self._items and len(out.data) <= self.max_bytes:
                self._items[key] = out
                self._held += len(out.data)
                while self._held > self.max_bytes:
                    self._held -= len(self._items.popitem(last=False)[1].data)
        return out


_ENCODINGS = _Encodings()
