"""Edits to one block of a message: a visible placeholder in place of an image or a file
body, shorter text, an image re-encoded for a provider that refuses it as it is; each
reported twice (a Change for code, a Notice for people)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import compress

from ..catalog import ModelInfo
from ..errors import ImageProbeError
from ..images import labels
from ..images.sendable import conversion, is_many, re_encoded_notice
from ..model import (
    Block,
    FileAttachment,
    Image,
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
    return replace_block(m, path, _retexted(_block_at(m, path), text))


def replace_text(m: Message, path: BlockPath, new_text: str) -> Message:
    b = m.content[path[0]]
    if isinstance(b, FileAttachment):
        return replace_block(m, path, replace(b, text=new_text))
    return replace_block(m, path, _retexted(_block_at(m, path), new_text))


def _block_at(m: Message, path: BlockPath) -> object:
    b = m.content[path[0]]
    return b.content[path[1]] if len(path) > 1 and isinstance(b, ToolResult) else b


def _retexted(old: object, text: str) -> Text:
    """``text`` in place of the block ``old``: a text keeps the Responses output item it
    came in (a reasoning item sent back must be followed by that item, id and all: a
    shortened answer lost it, and the fitted request could not be written) and its cache
    mark; its citations go, as they point into the words it no longer has."""
    if isinstance(old, Text):
        return replace(old, text=text, citations=None, citations_format=None)
    return Text(text)


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


#: An image re-encoded for the provider: (the original, what is sent instead, why, its label)
_Conversion = tuple[Image, Image | Text, str, str]


class SendableImages:
    """Images the provider refuses as they are (``images.sendable``: a GIF for Gemini, an
    animation for OpenAI, a BMP or TIFF for anyone, a side or a file over the provider's
    limit), re-encoded for it as ``prepare`` does (it re-encodes the images it plans
    itself), priced as sent and reported. Conversions are remembered, so a refit decodes
    nothing again. An image whose bytes cannot be read is left to the fitter's
    unreadable-image pass; one that must change and cannot be decoded becomes a note,
    reported; a URL or a stored ref is the caller's to send."""

    _MAX_REMEMBERED = 50_000

    def __init__(self, info: ModelInfo) -> None:
        self.info = info
        # by identity (hashing an inline image reads its payload), the original kept alive,
        # one table for each answer to whether the request has more images than the
        # many-image rule allows at full size; an image sent as it is is its own entry (no
        # key and value tuples per image: they were ~0.1x a body of 1,000 tiny screenshots
        # at the fit's peak of memory), one re-encoded is (itself, what is sent, why, label)
        self._images: tuple[dict[int, Image | _Conversion], dict[int, Image | _Conversion]] = (
            {},
            {},
        )
        # the messages looked at, by identity (the message kept alive), and of those the ids
        # of the ones that have an image to re-encode: a refit's kept screenshots are looked
        # at once, not one by one every refit
        self._messages: tuple[dict[int, Message], dict[int, Message]] = ({}, {})
        self._converting: tuple[set[int], set[int]] = (set(), set())
        self._many = False

    def forget(self, replaced: Sequence[Message]) -> None:
        """Forget what was remembered of ``replaced`` and its images: messages a fit done once
        swapped for their placeholder views (no later fit looks at them again). The tables
        are built again without them (a dict does not shrink when emptied)."""
        messages = set(map(id, replaced))
        if not messages:
            return
        images = {id(img) for m in replaced for img in m.images()}
        few, many = ({k: v for k, v in seen.items() if k not in images} for seen in self._images)
        self._images = (few, many)
        few_m, many_m = (
            {k: v for k, v in seen.items() if k not in messages} for seen in self._messages
        )
        self._messages = (few_m, many_m)
        for converting in self._converting:
            converting -= messages

    def converted(self, img: Image) -> tuple[Image | Text, str, str] | None:
        """(the image, or a note when it cannot be re-encoded, to send instead; why; the
        original's label), or None when ``img`` is sent as it is."""
        if img.data is None or not self.info.vision:
            return None
        seen = self._images[self._many]
        hit = seen.get(id(img))
        if hit is img:
            return None
        if isinstance(hit, tuple) and hit[0] is img:
            return hit[1], hit[2], hit[3]
        if len(seen) > self._MAX_REMEMBERED:
            seen.clear()
        sent, why, label = self._convert(img)
        if sent is None:
            seen[id(img)] = img
            return None
        seen[id(img)] = (img, sent, why, label)
        return sent, why, label

    def _converts(self, pricer: Pricer, img: Image) -> tuple[Image | Text, str, str] | None:
        """``converted``, but for an image ``prepare`` plans to re-encode itself (it sizes
        it for the pricer, and reports it in ``report.normalized``)."""
        return None if pricer.planned_size(img) is not None else self.converted(img)

    def _any_converted(self, pricer: Pricer, m: Message) -> bool:
        """Whether an image of ``m`` is sent re-encoded (``_converts``), remembered while no
        image is planned by ``prepare`` (a plan can change between fits)."""
        if pricer.plans_sizes:
            return any(self._converts(pricer, img) for img in m.images())
        seen, converting = self._messages[self._many], self._converting[self._many]
        if seen.get(id(m)) is not m:
            if len(seen) > self._MAX_REMEMBERED:
                seen.clear()
                converting.clear()
            seen[id(m)] = m
            if any(map(self.converted, m.images())):
                converting.add(id(m))
            else:
                converting.discard(id(m))  # (an id of a message no longer alive, reused)
        return id(m) in converting

    def _convert(self, img: Image) -> tuple[Image | Text | None, str, str]:
        try:
            done = conversion(img, self.info.image_limits, self._many)
        except ImageProbeError as exc:
            label = labels.image_label(img)
            return Text(f"[image {label} omitted: it could not be re-encoded]"), exc.reason, label
        return (None, "", "") if done is None else (done.image, done.reason, done.label)

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
        # (the messages with images found at C speed: a loop over every kept message was
        # ~0.14 ms a refit of 3,000 kept at 128k)
        at = list(compress(range(len(image_tokens)), image_tokens))
        self._many = is_many(list(map(messages.__getitem__, at)), self.info.image_limits)
        fixed: list[Message] | None = None
        for i in at:
            m = messages[i]
            if not self._any_converted(pricer, m):
                continue
            fixed = fixed if fixed is not None else list(messages)
            fixed[i] = self._sent(pricer, m, changes, notices)
        return messages if fixed is None else tuple(fixed)

    def _sent(
        self, pricer: Pricer, m: Message, changes: list[Change], notices: list[Notice]
    ) -> Message:
        def swap(img: Image, block: int) -> Image | Text:
            done = self._converts(pricer, img)
            if done is None:
                return img
            sent, why, label = done
            before = pricer.image(img).tokens
            if isinstance(sent, Text):
                text = (
                    f"The model will not see image {label}: {self.info.id} does not take it as "
                    f"it is and it could not be re-encoded ({why}); a note was sent instead."
                )
                changes.append(Change("replaced", m.id, block, "image", text, before, 0))
                notices.append(Notice("replaced", m.id, text))
                return sent
            text = re_encoded_notice(label, self.info.id, why)
            after = pricer.image(sent).tokens
            changes.append(Change("replaced", m.id, block, "image", text, before, after))
            notices.append(Notice("normalized", m.id, text))
            return sent

        return m.map_images(swap)
