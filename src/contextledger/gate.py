"""The vision gate: a conversation with images goes only to a provider AND model that see them.

The gate never edits the record. With ``on_images="placeholder"`` it returns a *view* in
which each image is a visible text placeholder, and reports each replacement; switching
back to a vision model sends the images again.

Per-request limits (``request_image_cut``, ``replace_images_before``): a model that takes
at most N images in one request, or a request of at most so many bytes of inline data
(Gemini: 20 MB), gets the newest images that fit; older ones become reported placeholders.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Literal, get_args

from .catalog import (
    IMAGE_FAMILY_HINT,
    UNKNOWN_IMAGE_COST,
    Catalog,
    ModelInfo,
    lookup_model,
    resolve_catalog,
)
from .errors import (
    ArgumentError,
    ContextLedgerError,
    UnpricedImagesError,
    UnsupportedBlockError,
    VisionGateError,
)
from .images.labels import image_label as image_label  # (the transcript imports it from here)
from .model import (
    Audio,
    Block,
    FileAttachment,
    Image,
    Message,
    ProviderContent,
    Text,
    ToolCall,
    ToolResult,
    count_images,
    is_audio_reply,
    reference_of,
)
from .report import Notice

OnImages = Literal["error", "placeholder"]
#: Audio for a model that hears none: an earlier clip sent as a reported text placeholder
#: (the newest request's own audio is its goal: refused all the same), or any refused.
OnAudio = Literal["placeholder", "refuse"]


@dataclass(frozen=True, slots=True)
class GateResult:
    """The messages the gate lets through and the notices of what it changed."""

    messages: tuple[Message, ...]
    notices: tuple[Notice, ...]


def accepts_images(model: str | ModelInfo, catalog: Catalog | None = None) -> tuple[bool, str]:
    """Whether both the provider and the model take images, and if not, why."""
    cat = resolve_catalog(catalog)
    info = lookup_model(model, cat)
    if not cat.provider_accepts_images(info.provider):
        return False, f"its provider, {info.provider}, takes no images"
    if not info.vision:
        return False, "it is text-only in the model catalog"
    if info.image_cost == UNKNOWN_IMAGE_COST:
        return False, (
            "it is not in the model catalog and no image_family was given, so what it bills "
            f"for an image is not known: {IMAGE_FAMILY_HINT}"
        )
    return True, ""


def check_on_images(value: object) -> None:
    """Refuse an ``on_images`` the gate does not know (a typo must not mean "placeholder")."""
    _check_choice("on_images", get_args(OnImages), value)


#: Why a gated image is left out, for the placeholder and the notice.
_NOT_ACCEPTED = "does not accept images"
_NOT_PRICED = "has no known image prices (no image_family given)"


def placeholder(img: Image, model: str, why: str = _NOT_ACCEPTED) -> str:
    return f"[image {image_label(img)} omitted: {model} {why}]"


def vision_gate(
    messages: Sequence[Message],
    model: str | ModelInfo,
    *,
    on_images: OnImages = "error",
    catalog: Catalog | None = None,
) -> GateResult:
    """Check (or, by option, replace) images for a model that cannot see them.

    >>> from contextledger.model import Message, Image
    >>> msgs = (Message.user(Image(url="https://x/shot.png", name="shot.png"), "why?"),)
    >>> res = vision_gate(msgs, "gpt-oss-120b", on_images="placeholder")
    >>> res.messages[0].text.splitlines()[0]
    "[image 'shot.png' omitted: gpt-oss-120b does not accept images]"
    """
    check_on_images(on_images)
    cat = resolve_catalog(catalog)
    info = lookup_model(model, cat)  # resolved once; below, only the ModelInfo
    ok, reason = accepts_images(info, cat)
    if ok:
        return GateResult(tuple(messages), ())
    # images sent by a file id (Anthropic's Files API, OpenAI's input_image file_id) are
    # images all the same: a text-only model refuses them as it refuses inline ones
    n = count_images(messages) + sum(map(_images_by_reference, messages))
    if n == 0:
        return GateResult(tuple(messages), ())
    model_id = model.id if isinstance(model, ModelInfo) else model
    unpriced = info.vision and info.image_cost == UNKNOWN_IMAGE_COST
    if on_images == "error":
        refusal = UnpricedImagesError if unpriced else VisionGateError
        raise refusal(model_id, info.provider, n, reason)
    why = _NOT_PRICED if unpriced else _NOT_ACCEPTED
    notices: list[Notice] = []
    out: list[Message] = []
    for m in messages:

        def swap(img: Image, _block: int, where: str = m.id) -> Text:
            notices.append(_notice(image_label(img), model_id, where, why))
            return Text(placeholder(img, model_id, why))

        out.append(_swap_referenced_images(m.map_images(swap), model_id, notices, why))
    return GateResult(tuple(out), tuple(notices))


def _is_image_by_reference(b: object) -> bool:
    return isinstance(b, ProviderContent) and b.kind == "image"


def _images_by_reference(m: Message) -> int:
    """Images by file id in ``m``, inside tool results too."""
    inner = (x for b in m.content if isinstance(b, ToolResult) for x in b.content)
    return sum(map(_is_image_by_reference, (*m.content, *inner)))


def _swap_referenced_images(
    m: Message, model: str, notices: list[Notice], why: str = _NOT_ACCEPTED
) -> Message:
    """``m`` with each image by file id (inside tool results too) a reported placeholder."""
    if not _images_by_reference(m):
        return m

    def swap(b: Block) -> Block:
        if not _is_image_by_reference(b):
            return b
        assert isinstance(b, ProviderContent)
        label = repr(reference_of(b) or "by file id")
        notices.append(_notice(label, model, m.id, why))
        return Text(f"[image {label} omitted: {model} {why}]")

    content = [
        replace(b, content=tuple(swap(x) for x in b.content))  # type: ignore[misc]
        if isinstance(b, ToolResult)
        else swap(b)
        for b in m.content
    ]
    return m.with_content(content)


def _notice(label: str, model: str, where: str, why: str = _NOT_ACCEPTED) -> Notice:
    return Notice(
        "replaced",
        where,
        f"The model will not see image {label}: {model} {why}, "
        "so a text placeholder was sent instead.",
    )


# --- audio for a model that hears none -------------------------------------------------


def check_on_audio(value: object) -> None:
    """Refuse an ``on_audio`` the fit does not know (a typo must not mean "placeholder")."""
    _check_choice("on_audio", get_args(OnAudio), value)


def _check_choice(option: str, allowed: tuple[object, ...], value: object) -> None:
    if value not in allowed:
        raise ArgumentError(option, " or ".join(repr(v) for v in allowed), value)


def audio_placeholder(clip: Audio, model: str) -> str:
    """The text sent instead of ``clip`` (the pricer prices a deaf model's audio as it)."""
    return f"[audio clip ({clip.format}) omitted: {model} takes no audio input]"


def unheard_error(where: str, model: str) -> UnsupportedBlockError:
    """The refusal of audio for a model that takes none: the provider answers HTTP 400 for
    the whole request (gpt-4o on Chat: only the -audio variants hear; every Claude)."""
    return UnsupportedBlockError(
        where,
        "audio",
        model,
        "the model takes no audio input: send its transcript, or use a model that hears "
        "(gpt-4o-audio-preview, Gemini)",
    )


def without_audio(m: Message, model: str) -> tuple[Message, tuple[Notice, ...]]:
    """``m`` with each audio clip (inside tool results too) a text placeholder, and a
    notice for each: a person knows a user's clip as their voice note, a tool's as what
    that tool returned."""
    notices: list[Notice] = []

    def swap(b: Block) -> Block:
        if is_audio_reply(b):  # an earlier spoken reply: its line (its transcript if kept)
            assert isinstance(b, ProviderContent)
            notices.append(_unheard_reply_notice(m, model))
            return Text(b.text)
        if not isinstance(b, Audio):
            return b
        notices.append(_unheard_notice(m, b, model))
        return Text(audio_placeholder(b, model))

    content = [
        replace(b, content=tuple(swap(x) for x in b.content))  # type: ignore[misc]
        if isinstance(b, ToolResult)
        else swap(b)
        for b in m.content
    ]
    return m.with_content(content), tuple(notices)


def _unheard_reply_notice(m: Message, model: str) -> Notice:
    return Notice(
        "replaced",
        m.id,
        f"{model} takes no audio, so an earlier spoken reply of the assistant was sent as its "
        "line (its transcript where the app kept it) instead of by its id (only OpenAI's audio "
        "models, such as gpt-4o-audio-preview, take it back).",
    )


def _unheard_notice(m: Message, clip: Audio, model: str) -> Notice:
    from .pricing.files import audio_seconds  # (only when a deaf model is sent audio)

    try:
        timed = audio_seconds(clip.data.decode(), clip.format)
    except ValueError:  # (binascii.Error: not base64; the writers refuse it)
        timed = None
    length = f", {timed[0]:.0f} s" if timed and timed[0] >= 1 else ""
    what = (
        f"the voice note ({clip.format}{length}) from an earlier message of yours"
        if m.role == "user"
        else f"the audio clip ({clip.format}{length}) a tool returned"
    )
    return Notice(
        "replaced",
        m.id,
        f"The model will not hear {what}: {model} takes no audio input, so a text "
        "placeholder was sent instead (on_audio='refuse' refuses instead; a model that "
        "hears, such as gpt-4o-audio-preview or Gemini, gets the audio).",
    )


# --- per-request limits ----------------------------------------------------------------

# The written request's JSON adds quotes, escapes and structure around the texts: counted
# as a tenth more than their UTF-8 bytes, plus this much.
_JSON_SLACK = 64 * 1024


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class ImageCut:
    """Where a request breaks a per-request image limit, counting from the newest image:
    the message holding the newest image that must go, how many of that message's images
    (its last ones) stay, and why (for the notices)."""

    message_id: str
    keep_in_message: int
    reason: str
    #: Only the one image (over the per-image byte limit) goes, not the older ones too.
    only_this: bool = False


def may_break_request_limits(image_tokens: int, info: ModelInfo) -> bool:
    """False when a request whose images cost ``image_tokens`` cannot break the limits:
    no byte limit, and too few tokens for more images than the count limit allows at the
    cheapest an image can cost (OpenAI's 85, Gemini's 258: no scan on every turn). A byte
    limit per image or per request is checked whenever there is an image: a tiny picture
    can carry megabytes (a 100×100 PNG of 8 MB costs Anthropic 14 tokens)."""
    limits = info.image_limits
    if limits.max_request_bytes is not None or limits.max_base64_bytes is not None:
        return image_tokens > 0
    if limits.max_images is None:
        return False
    from .pricing.vision import image_cost

    cheapest = []
    for detail in (None, "low"):
        try:
            cheapest.append(image_cost(1, 1, info, detail).tokens)
        except ContextLedgerError:
            continue
    return image_tokens > limits.max_images * max(1, min(cheapest, default=1))


def request_image_cut(
    messages: Sequence[Message],
    info: ModelInfo,
    stored_bytes: Callable[[Image], int | None] | None = None,
    size_of: Callable[[Image], tuple[int, int] | None] | None = None,
) -> ImageCut | None:
    """The cut the model's per-request limits (``ImageLimits.max_images``,
    ``max_request_bytes``) force on ``messages`` (a fitted request), or None when they
    hold. Newer images are kept first. Inline bytes count base64 images, files and audio,
    and the texts; images by URL count toward the number only; stored ones (``ref``) by
    ``stored_bytes`` (their base64 size, known to ``prepare``, which reads the store), else
    toward the number only. With ``size_of`` (an image's pixel size, None: unknown), the
    many-image rule too (``_many_images_limit``)."""
    limits = info.image_limits
    max_images, max_bytes = limits.max_images, limits.max_request_bytes
    many = _many_images_limit(messages, info, size_of)
    if many is not None and (max_images is None or many[0] < max_images):
        max_images, many_reason = many
    else:
        many_reason = ""
    if max_images is None and max_bytes is None:
        return None
    size = _other_bytes(messages) if max_bytes is not None else 0
    n = 0
    for m in reversed(messages):
        images = list(m.images())
        for k, img in enumerate(reversed(images)):
            n += 1
            if max_images is not None and n > max_images:
                return ImageCut(
                    m.id,
                    k,
                    many_reason or f"{info.id} takes at most {max_images:,} images in one request",
                )
            if max_bytes is not None:
                stored = stored_bytes(img) if stored_bytes and img.ref is not None else None
                size += _image_bytes(img) if stored is None else stored
                if size > max_bytes:
                    return ImageCut(
                        m.id,
                        k,
                        f"{info.id} takes at most {max_bytes / 1e6:g} MB of inline data in one "
                        "request",
                    )
    return None


def _many_images_limit(
    messages: Sequence[Message],
    info: ModelInfo,
    size_of: Callable[[Image], tuple[int, int] | None] | None,
) -> tuple[int, str] | None:
    """Anthropic: in a request of more than ``many_images_threshold`` images (20) every
    image must be at most ``many_images_max_side`` px a side (2000), else HTTP 400 about
    "many-image requests". When more are sent and one is bigger: (the threshold, why),
    so the newest 20 stay at full size and the older ones give way."""
    limits = info.image_limits
    threshold, side = limits.many_images_threshold, limits.many_images_max_side
    if threshold is None or side is None or size_of is None:
        return None
    images = [img for m in messages for img in m.images()]
    if len(images) <= threshold or all(max(size_of(img) or (0, 0)) <= side for img in images):
        return None
    return threshold, (
        f"{info.id} takes more than {threshold} images in one request only when each is at "
        f"most {side} px a side"
    )


def oversized_image(
    messages: Sequence[Message],
    info: ModelInfo,
    stored_bytes: Callable[[Image], int | None] | None = None,
) -> ImageCut | None:
    """The newest image of ``messages`` over the model's per-image base64 limit
    (``ImageLimits.max_base64_bytes``: Anthropic 5 MB; the provider answers 400 "image
    exceeds 5 MB maximum"), as a cut of that one image, or None. ``prepare`` and the fit
    (``fit.edits.SendableImages``) re-encode such images first; one that still does not
    fit (or cannot be decoded) is sent as a placeholder."""
    limit = info.image_limits.max_base64_bytes
    if limit is None:
        return None
    for m in reversed(messages):
        images = list(m.images())
        for k, img in enumerate(reversed(images)):
            stored = stored_bytes(img) if stored_bytes and img.ref is not None else None
            size = _image_bytes(img) if stored is None else stored
            if size > limit:
                reason = (
                    f"it is {size / 1e6:.1f} MB of base64 and {info.id} takes at most "
                    f"{limit / 1e6:.1f} MB per image (contextledger.prepare shrinks such images)"
                )
                return ImageCut(m.id, k, reason, only_this=True)
    return None


def _image_bytes(img: Image) -> int:
    if img.data is not None:
        return img.data.base64_length
    if img.url is not None and img.url.startswith("data:"):
        return len(img.url)
    return 0


def _other_bytes(messages: Sequence[Message]) -> int:
    """Inline bytes other than images: texts (UTF-8, with JSON slack), files and audio, and
    provider-only blocks (sent as they came to their provider: a server tool's encrypted
    results; as their text to any other)."""
    text = data = 0
    for m in messages:
        t, d = inline_parts(m)
        text, data = text + t, data + d
    return request_other_bytes(text, data)


def request_other_bytes(text: int, data: int) -> int:
    """``_other_bytes`` of a request from its messages' ``inline_parts``, summed."""
    return text + text // 10 + _JSON_SLACK + data


def inline_parts(m: Message) -> tuple[int, int]:
    """(UTF-8 bytes of ``m``'s texts, call arguments and file texts; base64 bytes of its
    files and audio and bytes of its provider-only blocks): its share of ``_other_bytes``."""
    text = data = 0
    for b in _leaf_blocks(m):
        if isinstance(b, Text):
            text += len(b.text.encode("utf-8", "surrogatepass"))
        elif isinstance(b, ToolCall):
            text += len(b.arguments.encode("utf-8", "surrogatepass"))
        elif isinstance(b, FileAttachment | Audio):
            if isinstance(b, FileAttachment) and b.text is not None:
                text += len(b.text.encode("utf-8", "surrogatepass"))
            if b.data is not None:
                data += b.data.base64_length
        elif isinstance(b, ProviderContent):
            sent = max(b.raw, b.text, key=len)
            data += len(sent.encode("utf-8", "surrogatepass"))
    return text, data


def image_inline_bytes(img: Image) -> int:
    """The inline bytes of ``img`` as the request limits count them (0: by URL)."""
    return _image_bytes(img)


def _leaf_blocks(m: Message) -> Iterator[Block]:
    for b in m.content:
        yield b
        if isinstance(b, ToolResult):
            yield from b.content


#: Swaps by position (the messages changed) and the labels replaced per message id.
Swaps = tuple[dict[int, Message], dict[str, list[str]]]


def replace_images_before(
    messages: Sequence[Message], cut: ImageCut
) -> tuple[tuple[Message, ...], dict[str, list[str]]] | None:
    """``messages`` with every image older than ``cut`` allows replaced by a visible text
    placeholder, and the labels replaced per message id (for the notices of the messages a
    fit keeps). None when the cut's message is not in ``messages``."""
    return _swapped(messages, image_swaps_before(messages, cut))


def image_swaps_before(
    messages: Sequence[Message], cut: ImageCut, holding: Iterable[int] | None = None
) -> Swaps | None:
    """``replace_images_before`` as swaps: the messages it changes by position, and the
    labels replaced per message id. ``holding``: the positions (ascending) of the messages
    that may hold images, when known: only they are looked at (a history read lazily is
    then not read whole); None: every message."""
    at = _position_of(messages, cut.message_id)
    if at is None:
        return None
    swaps: dict[int, Message] = {}
    replaced: dict[str, list[str]] = {}
    said: dict[str, tuple[str, Text]] = {}
    for i in range(at + 1) if holding is None else holding:
        if i > at:
            break
        m = messages[i]
        total = sum(1 for _ in m.images())
        drop = total if i < at else total - cut.keep_in_message
        if drop <= 0:
            continue
        swaps[i], replaced[m.id] = _swap_oldest(m, drop, cut.reason, said=said)
    return swaps, replaced


def replace_image(
    messages: Sequence[Message], cut: ImageCut
) -> tuple[tuple[Message, ...], dict[str, list[str]]] | None:
    """``messages`` with the one image ``cut`` names (an ``oversized_image``) replaced by a
    visible text placeholder, and its label by message id; None when it is not there."""
    return _swapped(messages, image_swap(messages, cut))


def image_swap(
    messages: Sequence[Message], cut: ImageCut, holding: Iterable[int] | None = None
) -> Swaps | None:
    """``replace_image`` as a swap by position (``holding``: unused, as in
    ``image_swaps_before``)."""
    at = _position_of(messages, cut.message_id)
    if at is None:
        return None
    m = messages[at]
    index = sum(1 for _ in m.images()) - 1 - cut.keep_in_message
    new, labels = _swap_oldest(m, index + 1, cut.reason, skip=index)
    return {at: new}, {m.id: labels}


def _position_of(messages: Sequence[Message], message_id: str) -> int | None:
    """The position of the first message of id ``message_id`` (a history that can say it
    without reading every message, ``position_of``, is asked)."""
    find = getattr(messages, "position_of", None)
    if find is not None:
        at: int | None = find(message_id)
        return at
    return next((i for i, m in enumerate(messages) if m.id == message_id), None)


def _swapped(
    messages: Sequence[Message], swaps: Swaps | None
) -> tuple[tuple[Message, ...], dict[str, list[str]]] | None:
    if swaps is None:
        return None
    out = list(messages)
    for i, m in swaps[0].items():
        out[i] = m
    return tuple(out), swaps[1]


def _swap_oldest(
    m: Message,
    drop: int,
    reason: str,
    skip: int = 0,
    said: dict[str, tuple[str, Text]] | None = None,
) -> tuple[Message, list[str]]:
    """``m`` with its first ``drop`` images (``m.images()`` order) replaced by placeholders,
    but for the first ``skip`` of them. ``said``: the placeholders made so far for
    ``reason``, by label: screenshots of one size share one label and one placeholder (a
    block is immutable; a label and a placeholder per image were ~0.07x a body of 1,000
    tiny screenshots at a fit's peak of memory)."""
    labels: list[str] = []
    seen = 0
    said = {} if said is None else said

    def swap(img: Image, _block: int) -> Image | Text:
        nonlocal seen
        seen += 1
        if seen <= skip or seen > drop:
            return img
        label = image_label(img)
        hit = said.get(label)
        if hit is None:
            hit = said[label] = (label, Text(f"[image {label} omitted: {reason}]"))
        labels.append(hit[0])
        return hit[1]

    return m.map_images(swap), labels


def limit_notice(message_id: str, label: str, reason: str, only_this: bool = False) -> Notice:
    newer = "" if only_this else ", and newer images came first"
    return Notice(
        "replaced",
        message_id,
        f"The model will not see image {label}: {reason}{newer}, so a text placeholder was "
        "sent instead.",
    )
