"""Image normalization before an image is stored or sent.

Rules (in order):

1. The header is probed first (no decode); an unreadable or unsupported file raises
   :class:`~contextledger.errors.ImageProbeError` naming the file, and a declared pixel
   count over ``max_pixels`` is refused before any pixel is decoded (decompression bombs).
2. The cap is ``max_edge`` (default 2,000 px on the long edge), lowered to the provider's
   ``max_side``, and to ``many_images_max_side`` when the request carries more than
   ``many_images_threshold`` images.
3. An image within the cap, in a format the provider takes, under its base64 byte limit
   (and not animated when the provider refuses animation) **passes through untouched**:
   same bytes, same format. Except a rotated photo (EXIF orientation other than 1): the
   providers ignore image metadata, so the model would see it sideways; it is re-encoded
   upright.
4. Otherwise it is decoded once (Pillow, PNG/JPEG/GIF/WebP/BMP/TIFF only; JPEG via
   ``draft()``), EXIF (or TIFF) orientation is applied, an animation (or a multi-page
   TIFF) becomes its first frame, it is resized once
   with LANCZOS to the cap (never upscaled) and re-encoded as WebP quality 92, method 2.
   Never JPEG: screenshots of text smear. (PNG is used only when the provider does not
   take WebP.)
5. If the base64 size is still over the provider's limit, quality steps down (85, 75,
   60), then the size shrinks by 15 % at a time, until it fits.

>>> import io
>>> from PIL import Image as PILImage
>>> buf = io.BytesIO(); PILImage.new("RGB", (3000, 1000), "white").save(buf, "PNG")
>>> out = normalize_image(buf.getvalue(), name="wide.png")
>>> (out.width, out.height, out.media_type, out.changed)
(2000, 667, 'image/webp', True)
>>> normalize_image(out.data).changed
False
"""

from __future__ import annotations

import io
import math
import struct
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..catalog import ImageLimits
from ..errors import ImageProbeError
from ..model import Image, InlineData

if TYPE_CHECKING:
    from PIL import Image as PILImage

    from .probe import ImageInfo

__all__ = [
    "DECODE_BUDGET",
    "DEFAULT_MAX_EDGE",
    "DEFAULT_MAX_PIXELS",
    "DEFAULT_PROCESS_PIXELS",
    "DecodeBudget",
    "NormalizedImage",
    "normalize_image",
]

DEFAULT_MAX_EDGE = 2000
#: Declared pixel counts above this are refused before decoding (Pillow warns at 89 M).
DEFAULT_MAX_PIXELS = 80_000_000
#: Decoding memory per pixel relative to PNG/JPEG/GIF (~5 B): Pillow decodes WebP through
#: libwebp's animation decoder, which holds two RGBA canvases besides the image (~16 B).
#: Measured with bench/bench_decode_memory.py.
_DECODE_WEIGHT = {"webp": 4}
#: Pixels decoded at once across all threads of a process (see :class:`DecodeBudget`).
DEFAULT_PROCESS_PIXELS = 2 * DEFAULT_MAX_PIXELS
WEBP_QUALITY = 92
WEBP_METHOD = 2  # measured: vs method 4, 18-42% faster at the same size (bench_normalize.py)
_FALLBACK_QUALITIES = (85, 75, 60)
_PIL_FORMATS = ["PNG", "JPEG", "GIF", "WEBP", "BMP", "TIFF", "AVIF"]


def _pil() -> None:
    """Register Pillow's plugins for ``_PIL_FORMATS`` (and WebP, which Anthropic's and
    OpenAI's images are re-encoded to): opening a WebP or TIFF, or saving a WebP, with only
    the plugins ``Image.preinit`` imports made Pillow import all of its 45 plugins
    (``Image.init``: ~150 ms of CPU and ~1.8 MB held, ~0.7x the input at the peak of memory
    of a first fit of 130 screenshots in tool results). The same plugins decode and encode."""
    from PIL import Image as PILImage
    from PIL import TiffImagePlugin, WebPImagePlugin  # noqa: F401 (they register themselves)

    PILImage.preinit()


class DecodeBudget:
    """Pixels being decoded at once in this process, across threads: each decode reserves
    its pixels first and is refused (``ImageProbeError``) when the total would pass
    ``limit``. Decoding holds about 4-8 bytes per pixel (measured peaks in the README), so
    the budget bounds the memory images can take however many requests arrive at once."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._in_use = 0
        self._lock = threading.Lock()

    @property
    def in_use(self) -> int:
        return self._in_use

    @contextmanager
    def reserve(self, pixels: int, source: str = "image") -> Iterator[None]:
        with self._lock:
            if self._in_use + pixels > self.limit:
                busy = f" ({self._in_use:,} already being decoded)" if self._in_use else ""
                raise ImageProbeError(
                    f"decoding {pixels:,} pixels would pass the process decode budget of "
                    f"{self.limit:,} pixels{busy}; retry when other images are done",
                    source=source,
                )
            self._in_use += pixels
        try:
            yield
        finally:
            with self._lock:
                self._in_use -= pixels


#: The one process-wide decode budget (see :class:`DecodeBudget`).
DECODE_BUDGET = DecodeBudget(DEFAULT_PROCESS_PIXELS)


@dataclass(frozen=True, slots=True)
class NormalizedImage:
    """The result of :func:`normalize_image`: the bytes to store or send, and what changed.

    ``tokens_before``/``tokens_after`` are filled when a model was given.
    """

    data: bytes
    media_type: str
    width: int
    height: int
    changed: bool
    reason: str
    bytes_before: int
    width_before: int
    height_before: int
    media_type_before: str
    name: str | None = None
    tokens_before: int | None = None
    tokens_after: int | None = None

    @property
    def bytes_after(self) -> int:
        return len(self.data)

    @property
    def pixels_before(self) -> int:
        return self.width_before * self.height_before

    @property
    def pixels_after(self) -> int:
        return self.width * self.height

    @property
    def base64_bytes(self) -> int:
        return 4 * math.ceil(len(self.data) / 3)

    def to_image(self) -> Image:
        """An inline :class:`~contextledger.model.Image` block of the result."""
        return Image(
            self.media_type,
            data=InlineData.from_bytes(self.data),
            width=self.width,
            height=self.height,
            name=self.name,
        )

    def summary(self) -> str:
        """One line for a person: sizes, bytes and tokens before → after."""
        label = f"'{self.name}' " if self.name else ""
        line = (
            f"{label}{self.width_before}×{self.height_before} {self.bytes_before:,} B → "
            f"{self.width}×{self.height} {self.bytes_after:,} B"
        )
        if self.tokens_before is not None and self.tokens_after is not None:
            line += f", {self.tokens_before:,} → {self.tokens_after:,} tokens"
        return f"{line} ({self.reason})"


def _b64_len(n: int) -> int:
    return 4 * math.ceil(n / 3)


def _tokens(w: int, h: int, model: str | None) -> int | None:
    if model is None:
        return None
    from ..pricing.vision import image_cost

    return image_cost(w, h, model).tokens


def normalize_image(
    data: bytes,
    *,
    max_edge: int = DEFAULT_MAX_EDGE,
    limits: ImageLimits | None = None,
    image_count: int = 1,
    name: str | None = None,
    model: str | None = None,
    max_pixels: int = DEFAULT_MAX_PIXELS,
) -> NormalizedImage:
    """Pass an image through untouched or resize it once; see the module docstring.

    Raises :class:`ImageProbeError` (naming ``name``) for unreadable, unsupported or
    over-large images, and when no size meets the provider's byte limit.
    """
    from .probe import probe_image

    source = name or "image"
    if not isinstance(data, bytes | bytearray | memoryview):
        raise ImageProbeError(f"expected image bytes, got {type(data).__name__}", source=source)
    try:
        info = probe_image(bytes(data))
    except ImageProbeError as exc:
        raise ImageProbeError(exc.reason, source=source) from None
    raw_w, raw_h = info.width, info.height
    disp_w, disp_h = info.display_size
    media_type = info.media_type
    weight = _DECODE_WEIGHT.get(info.format, 1)
    if raw_w * raw_h * weight > max_pixels:
        counted = f" (a WebP decode holds {weight}× the memory per pixel, so it counts ×{weight})"
        raise ImageProbeError(
            f"declares {raw_w}×{raw_h} = {raw_w * raw_h:,} pixels, over the "
            f"{max_pixels:,}-pixel decode limit{counted if weight > 1 else ''} "
            "(refused before decoding)",
            source=source,
        )
    lim = limits or ImageLimits()
    cap, why_cap = max_edge, f"the {max_edge} px cap"
    if lim.max_side and lim.max_side < cap:
        cap, why_cap = lim.max_side, f"the provider's {lim.max_side} px side limit"
    many = lim.many_images_threshold
    if (
        many is not None
        and image_count > many
        and lim.many_images_max_side
        and lim.many_images_max_side < cap
    ):
        cap = lim.many_images_max_side
        why_cap = f"the {cap} px side limit for requests with more than {many} images"
    long_edge = max(disp_w, disp_h)
    reasons: list[str] = []
    if long_edge > cap:
        reasons.append(f"long edge {long_edge} px is over {why_cap}")
    if media_type not in lim.formats:
        reasons.append(f"{media_type} is not a format the provider accepts")
    if info.animated and not lim.animated_ok:
        reasons.append("the provider does not accept animated images")
    if info.orientation not in (0, 1):
        reasons.append(
            f"EXIF orientation {info.orientation} must be applied (providers ignore image "
            "metadata, so the model would see it sideways)"
        )
    max_b64 = lim.max_base64_bytes
    if max_b64 is not None and _b64_len(len(data)) > max_b64:
        reasons.append(
            f"base64 size {_b64_len(len(data)):,} B is over the provider's {max_b64:,} B limit"
        )

    tokens_before = _tokens(disp_w, disp_h, model)
    if not reasons:
        return NormalizedImage(
            bytes(data), media_type, disp_w, disp_h, False,
            f"within {why_cap} and the provider's limits: passed through untouched",
            len(data), disp_w, disp_h, media_type, name, tokens_before, tokens_before,
        )  # fmt: skip

    scale = min(1.0, cap / long_edge)
    target = (max(1, round(disp_w * scale)), max(1, round(disp_h * scale)))
    with DECODE_BUDGET.reserve(_decoded_pixels(info, target), source):
        frame = _decode_upright(data, info, target, source)
        return _encode_within(frame, target, lim, reasons, info, data, name, model, media_type)


def _decoded_pixels(info: ImageInfo, target: tuple[int, int]) -> int:
    """Pixels the decoder will hold (WebP weighted, see ``_DECODE_WEIGHT``): a JPEG is
    decoded at the smallest DCT scale (1/2, 1/4, 1/8) that still covers the target
    (``draft``); other formats at full size."""
    w, h = info.width, info.height
    if info.format != "jpeg":
        return w * h * _DECODE_WEIGHT.get(info.format, 1)
    tw, th = target if info.orientation < 5 else (target[1], target[0])
    fits = min(w // tw, h // th)  # Pillow's draft: the largest of 8, 4, 2, 1 that fits
    scale = next(k for k in (8, 4, 2, 1) if k <= max(fits, 1))
    return -(-w // scale) * -(-h // scale)


_TRANSPOSE = {2: "FLIP_LEFT_RIGHT", 3: "ROTATE_180", 4: "FLIP_TOP_BOTTOM", 5: "TRANSPOSE",
              6: "ROTATE_270", 7: "TRANSVERSE", 8: "ROTATE_90"}  # fmt: skip


def _decode_upright(
    data: bytes, info: ImageInfo, target: tuple[int, int], source: str
) -> PILImage.Image:
    """Decode once and turn upright by the probe's orientation (the probe reads it as Pillow
    does, so the size it promised is the size that comes out: nothing is squashed)."""
    from PIL import Image as PILImage
    from PIL import UnidentifiedImageError

    _pil()
    if info.format == "avif":  # (registered on use: its decoder's import is ~50 ms)
        from PIL import AvifImagePlugin  # noqa: F401
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", PILImage.DecompressionBombWarning)
            opened = PILImage.open(io.BytesIO(data), formats=_PIL_FORMATS)
            if info.format == "jpeg":
                raw_target = target if info.orientation < 5 else (target[1], target[0])
                opened.draft("RGB", raw_target)
            opened.seek(0)  # first frame of an animation
            opened.load()
            im: PILImage.Image = opened
            if info.orientation in _TRANSPOSE:
                im = opened.transpose(PILImage.Transpose[_TRANSPOSE[info.orientation]])
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, struct.error) as exc:
        raise ImageProbeError(f"could not be decoded ({exc})", source=source) from None
    except (PILImage.DecompressionBombError, PILImage.DecompressionBombWarning) as exc:
        raise ImageProbeError(f"refused as a decompression bomb ({exc})", source=source) from None
    has_alpha = im.mode in ("RGBA", "LA", "PA") or (im.mode == "P" and "transparency" in im.info)
    mode = "RGBA" if has_alpha else "RGB"
    return im if im.mode == mode else im.convert(mode)  # no copy when it already is


def _encode_within(
    frame: PILImage.Image,
    target: tuple[int, int],
    lim: ImageLimits,
    reasons: list[str],
    info: ImageInfo,
    data: bytes,
    name: str | None,
    model: str | None,
    media_type: str,
) -> NormalizedImage:
    from PIL import Image as PILImage

    _pil()
    source = name or "image"
    disp_w, disp_h = info.display_size
    max_b64 = lim.max_base64_bytes
    tokens_before = _tokens(disp_w, disp_h, model)
    out_type = "image/webp" if "image/webp" in lim.formats else "image/png"

    def encode(img: PILImage.Image, quality: int) -> bytes:
        buf = io.BytesIO()
        if out_type == "image/webp":
            img.save(buf, "WEBP", quality=quality, method=WEBP_METHOD)
        else:
            img.save(buf, "PNG", optimize=False)
        return buf.getvalue()

    size = target
    resized = frame if frame.size == size else frame.resize(size, PILImage.Resampling.LANCZOS)
    quality = WEBP_QUALITY
    out = encode(resized, quality)
    if max_b64 is not None and _b64_len(len(out)) > max_b64:
        for q in _FALLBACK_QUALITIES if out_type == "image/webp" else ():
            quality = q
            out = encode(resized, q)
            if _b64_len(len(out)) <= max_b64:
                break
        while _b64_len(len(out)) > max_b64:
            if max(size) <= 16:
                raise ImageProbeError(
                    f"cannot be made smaller than the provider's {max_b64:,} B base64 limit",
                    source=source,
                )
            size = (max(1, int(size[0] * 0.85)), max(1, int(size[1] * 0.85)))
            resized = frame.resize(size, PILImage.Resampling.LANCZOS)
            out = encode(resized, quality)
        reasons.append(
            f"stepped down to quality {quality} at {size[0]}×{size[1]} to fit the byte limit"
        )
    action = f"re-encoded as {out_type.split('/')[1].upper()}"
    if size != (disp_w, disp_h):
        action = f"resized to {size[0]}×{size[1]} and {action}"
    if info.animated:
        action += " (first frame)"
    return NormalizedImage(
        out, out_type, size[0], size[1], True, f"{'; '.join(reasons)}: {action}",
        len(data), disp_w, disp_h, media_type, name, tokens_before, _tokens(size[0], size[1], model),
    )  # fmt: skip
