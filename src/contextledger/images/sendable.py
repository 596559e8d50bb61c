"""Images a provider refuses as they are, re-encoded into a form it takes.

A GIF for Gemini (which takes PNG, JPEG, WebP, HEIC and HEIF only), an animated image for
OpenAI (non-animated GIF only), a BMP, TIFF or AVIF for anyone, a side over the provider's limit
(Anthropic: 8,000 px; 2,000 px when a request has more than 20 images), a file over its
base64 limit (Anthropic: 5 MB). Each becomes its first frame in a format the provider
takes, no smaller than the limits make it. ``images.normalize`` does the work.

Every path that writes a request goes through here: the fit (``fit.edits.SendableImages``,
which prices and reports what it sends) and ``translate`` (:func:`sendable_messages`), so
no request carries an image its provider answers with HTTP 400.
"""

from __future__ import annotations

import base64
import hashlib
from _thread import allocate_lock  # threading.Lock itself (threading: ~0.5 ms to import)
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..catalog import ImageLimits
from ..errors import ContentError, ImageProbeError
from ..model import Image, InlineData, Message, Text, ToolResult
from ..report import Notice
from .labels import image_label
from .probe import MAX_SIDE, probe_image

if TYPE_CHECKING:  # (imported by the first re-encoding: most fits send every image as it is)
    from .normalize import NormalizedImage

# URL schemes a provider fetches an image from: every one takes http(s) (and inline data:
# URLs, which hold the bytes); Gemini also reads Cloud Storage (``gs://``) file URIs.
_FETCHED = (("http://", "https://"), "http(s) URLs")
_FETCHED_BY = {"gemini": (("http://", "https://", "gs://"), "http(s) and gs:// URLs")}


def unfetchable(url: str, provider: str) -> str:
    """Why ``provider`` cannot fetch an image at ``url`` ("" when it can): a ``file://`` URL,
    a bare path, an ``ftp://`` link is on no server the provider reaches, and the whole
    request is refused with HTTP 400 for it (OpenAI: "Invalid image URL").

    >>> unfetchable("https://example.com/a.png", "openai")
    ''
    >>> print(unfetchable("file:///home/me/shot.png", "anthropic"))
    its URL file:///home/me/shot.png is not one anthropic can fetch (it takes http(s) URLs)
    """
    schemes, takes = _FETCHED_BY.get(provider, _FETCHED)
    if url[:5].lower() == "data:" or url[:8].lower().startswith(schemes):
        return ""
    shown = url if len(url) <= 80 else url[:77] + "..."
    return f"its URL {shown} is not one {provider} can fetch (it takes {takes})"


def unreadable(img: Image) -> str:
    """Why ``img``'s own bytes are no image a provider reads ("" when they are, or it holds
    none): bad base64, a text labelled image/png, a truncated file."""
    if img.data is None:
        return ""
    try:
        probe_image(img.data)
    except ImageProbeError as exc:
        return f"its data is not a readable image ({exc.reason})"
    return ""


def omitted(label: str, why: str, unreadable: bool) -> tuple[str, Text]:
    """What a person is told of an image the provider refuses whatever is done to it
    (``unreadable`` bytes, or a URL it cannot fetch: ``why``), and the note sent instead:
    every provider answers such an image with HTTP 400 for the whole request."""
    reason = (
        f"The model will not see image {label}: {why}, "
        "and providers refuse the whole request for one; a note was sent instead."
    )
    what = "its data is not a readable image" if unreadable else why
    return reason, Text(f"[image {label} omitted: {what}]")


def is_many(messages: Sequence[Message], limits: ImageLimits) -> bool:
    """Whether ``messages`` hold more images than the many-image rule allows at full size
    (Anthropic: over 20 in one request, each at most 2,000 px a side)."""
    threshold = limits.many_images_threshold
    return threshold is not None and threshold < sum(sum(1 for _ in m.images()) for m in messages)


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Conversion:
    """An image re-encoded for a provider: what to send, why, and how a person knows the
    original (its label, with the size it was shown at)."""

    image: Image
    reason: str
    label: str


def conversion(img: Image, limits: ImageLimits, many: bool = False) -> Conversion | None:
    """``img`` re-encoded for a provider with ``limits``, or None when it is sent as it is
    (or is no inline image, or its header cannot be read: that is the unreadable-image
    check's). Raises :class:`~contextledger.errors.ImageProbeError` only when it must change
    and its pixels cannot be decoded. A format the provider never takes is known from the
    first bytes: the header is not read then (a GIF's is its whole file)."""
    if img.data is None:
        return None
    side = limits.many_images_max_side if many else limits.max_side
    sniffed = img.data.image_type()
    if sniffed is not None and sniffed not in limits.formats:
        cap = side or MAX_SIDE  # only the limit resizes: the native size is kept
    else:
        try:
            info = probe_image(img.data)
        except ImageProbeError:
            return None
        cap = long_edge = max(info.display_size)
        if (
            info.media_type in limits.formats
            and (limits.animated_ok or not info.animated)
            and (side is None or long_edge <= side)
            and (
                limits.max_base64_bytes is None or img.data.base64_length <= limits.max_base64_bytes
            )
        ):
            return None
    count = (limits.many_images_threshold or 0) + 1 if many else 1
    try:
        out, text = ENCODINGS.get(img.data.base64, limits, cap, count)
    except ImageProbeError:
        if sniffed is not None and sniffed not in limits.formats:
            try:
                probe_image(img.data)
            except ImageProbeError:
                return None  # not even its header reads: the unreadable-image check's
        raise
    sent = Image(
        out.media_type, InlineData(text), width=out.width, height=out.height,
        name=img.name, detail=img.detail, cache=img.cache,
    )  # fmt: skip
    return Conversion(sent, out.reason, img.describe(out.width_before, out.height_before))


def re_encoded_notice(label: str, model: str, why: str) -> str:
    return f"Image {label} was re-encoded for {model}, which does not take it as it is ({why})."


def sendable_messages(
    messages: Sequence[Message],
    limits: ImageLimits,
    model: str,
    notices: list[Notice],
    provider: str | None = None,
) -> tuple[Message, ...]:
    """``messages`` with every inline image ``model``'s provider refuses as it is re-encoded,
    each reported in ``notices``; one that cannot be re-encoded raises a
    :class:`~contextledger.errors.ContentError` naming where it is. With the ``provider``
    named, an image no re-encoding helps (its bytes are no image; a URL it cannot fetch)
    is a note, reported, as a fit sends it (R32-T1: ``translate`` sent undecodable PNG data
    as it came, and the provider refuses the whole request for it)."""
    many = is_many(messages, limits)
    at = 0  # the message being looked at

    def swap(img: Image, block: int) -> Image | Text:
        bad = unreadable(img) if provider is not None else ""
        why = bad or (unfetchable(img.url, provider) if img.url and provider else "")
        if why:
            reason, note = omitted(image_label(img), why, bool(bad))
            notices.append(Notice("replaced", messages[at].id, reason))
            return note
        try:
            done = conversion(img, limits, many)
        except ImageProbeError as exc:
            raise ContentError(
                f"messages[{at}].content[{block}]",
                f"image {img.describe()} is not in a form {model} takes and cannot be "
                f"re-encoded ({exc.reason})",
            ) from None
        if done is None:
            return img
        text = re_encoded_notice(done.label, model, done.reason)
        notices.append(Notice("normalized", messages[at].id, text))
        return done.image

    out = list(messages)
    for at, m in enumerate(messages):
        if any(isinstance(b, Image | ToolResult) for b in m.content):
            out[at] = m.map_images(swap)
    return tuple(out)


class Encodings:
    """Images re-encoded for a provider, remembered for the process by a digest of their
    bytes and the limits (``fit()`` called every turn builds a new Fitter, so a GIF would be
    decoded again each turn), holding at most ``max_bytes`` of encodings: the payloads are
    not kept, and the oldest encodings go first.

    An encoding is held once, as the base64 text a request sends (the Images made of it
    share that string): its bytes beside it were as much again at a fit's peak of memory
    (150 re-encoded screenshots: 0.50x the input for the bytes, 0.67x for the text)."""

    def __init__(self, max_bytes: int = 64_000_000) -> None:
        self.max_bytes = max_bytes
        self._held = 0
        self._items: OrderedDict[
            tuple[bytes, ImageLimits, int, int], tuple[NormalizedImage, str]
        ] = OrderedDict()
        self._lock = allocate_lock()

    def get(
        self, payload: str, limits: ImageLimits, long_edge: int, image_count: int
    ) -> tuple[NormalizedImage, str]:
        """The re-encoding of ``payload`` (base64) for ``limits``: what changed (its
        ``data`` empty: the bytes are held once, as the text) and its base64 text."""
        digest = hashlib.blake2b(payload.encode("ascii"), digest_size=20).digest()
        key = (digest, limits, long_edge, image_count)
        with self._lock:
            hit = self._items.get(key)
            if hit is not None:
                self._items.move_to_end(key)
                return hit
        from .normalize import normalize_image

        data = base64.b64decode(payload)
        out = normalize_image(data, max_edge=long_edge, limits=limits, image_count=image_count)
        made = (replace(out, data=b""), base64.b64encode(out.data).decode("ascii"))
        del data, out
        with self._lock:
            if key not in self._items and len(made[1]) <= self.max_bytes:
                self._items[key] = made
                self._held += len(made[1])
                while self._held > self.max_bytes:
                    self._held -= len(self._items.popitem(last=False)[1][1])
        return made


ENCODINGS = Encodings()
