"""Header-only image probe: size, format, animation and EXIF orientation, no pixel decode.

Reads only as much of the input as the header needs. PNG, JPEG, GIF and WebP are parsed
by hand (see ``../shared/reference/dependencies.md`` §1 for why there is no dependency);
so are BMP and TIFF, which no provider takes but screenshots arrive in (the Windows
clipboard, capture tools): sized here, they are re-encoded before they are sent.
A base64 data URL is decoded through a growing prefix (4 KB of base64 characters, ×4 on
each "need more", up to the whole payload), so pricing a 10 MB data URL touches a few KB.

Every failure is an :class:`~contextledger.errors.ImageProbeError` whose message says
why: truncated, corrupt, unknown format, zero size or an absurd declared size.

>>> import base64, struct, zlib
>>> ihdr = struct.pack(">IIBBBBB", 640, 480, 8, 2, 0, 0, 0)
>>> png = (b"\\x89PNG\\r\\n\\x1a\\n" + struct.pack(">I", 13) + b"IHDR" + ihdr
...        + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr)) + b"\\0\\0\\0\\0IDAT")
>>> info = probe_image(png)
>>> info.width, info.height, info.format, info.animated
(640, 480, 'png', False)
>>> probe_image("data:image/png;base64," + base64.b64encode(png).decode()).width
640
"""

from __future__ import annotations

import binascii
import os
import re
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from ..errors import ImageProbeError
from ..model import InlineData
from .signature import SIGNATURES, ImageFormat, sniff_image_format

__all__ = [
    "MAX_PIXELS",
    "MAX_SIDE",
    "ImageFormat",
    "ImageInfo",
    "display_size",
    "probe_image",
    "probe_image_header",
]

#: Declared sizes above this many pixels (16384²) are reported as absurd.
MAX_PIXELS = 1 << 28
#: No provider accepts a side longer than this; PNG/WebP headers can declare more.
MAX_SIDE = 65535

# base64 characters decoded first: 96 bytes cover a PNG's IHDR and the chunk after it, WebP's
# headers and a GIF's without a global palette; the rest grow (×4), each character decoded once
_B64_START = 128
_BYTES_START = 65536  # bytes read first from a file or a large buffer
_GROWTH = 4

_PNG_SIG = b"\x89PNG\r\n\x1a\n"
_PNG_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
_JPEG_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
_JPEG_STANDALONE = frozenset([0x01, 0xD8, *range(0xD0, 0xD8)])
_FILL = re.compile(rb"\xff+")
_DATA_URL = re.compile(r"data:([^,;]*)((?:;[^,;]*)*),", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class ImageInfo:
    """What an image header says. ``width``/``height`` are the stored (raw) size.

    ``orientation`` is the JPEG EXIF orientation (1-8; 1 when absent or not a JPEG).
    ``display_size`` is the size as shown, swapped for orientations 5-8.

    >>> ImageInfo(4032, 3024, "jpeg", orientation=6).display_size
    (3024, 4032)
    """

    width: int
    height: int
    format: ImageFormat
    animated: bool = False
    orientation: int = 1

    @property
    def display_size(self) -> tuple[int, int]:
        if self.orientation >= 5:
            return (self.height, self.width)
        return (self.width, self.height)

    @property
    def media_type(self) -> str:
        return f"image/{self.format}"


class _NeedMore(Exception):
    """Internal: the buffer ends before the header does. ``needed`` is a total byte count."""

    def __init__(self, needed: int, what: str) -> None:
        super().__init__(what)
        self.needed = needed
        self.what = what
        #: What the header said before it ended, when that is enough (a JPEG cut off
        #: between its frame header and its first scan): used when no more input exists.
        self.partial: ImageInfo | None = None


def _need(buf: bytes, n: int, what: str) -> None:
    if len(buf) < n:
        raise _NeedMore(n, what)


def _check_size(width: int, height: int, fmt: str) -> None:
    if width <= 0 or height <= 0:
        raise ImageProbeError(f"{fmt} header declares a zero size ({width}x{height})")
    if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE:
        raise ImageProbeError(f"{fmt} header's declared size {width}x{height} is absurd")


# --- PNG -------------------------------------------------------------------------------


def _png_size(b: bytes) -> tuple[int, int]:
    """The size a PNG's IHDR declares, checked (``b``: at least its first 33 bytes)."""
    _need(b, 33, "the PNG IHDR chunk")
    length, ctype = struct.unpack_from(">I4s", b, 8)
    if ctype != b"IHDR" or length != 13:
        raise ImageProbeError("corrupt PNG: the first chunk is not a 13-byte IHDR")
    width, height, depth, color = struct.unpack_from(">IIBB", b, 16)
    if depth not in _PNG_DEPTHS.get(color, ()):
        raise ImageProbeError(f"corrupt PNG: invalid bit depth {depth} for colour type {color}")
    if width > 0x7FFFFFFF or height > 0x7FFFFFFF:
        raise ImageProbeError(f"corrupt PNG: size {width}x{height} exceeds the PNG limit")
    _check_size(width, height, "PNG")
    return width, height


def _parse_png(b: bytes) -> ImageInfo:
    width, height = _png_size(b)
    # APNG: an acTL chunk before the first IDAT. Walk chunk headers only.
    pos = 33
    animated = False
    while True:
        _need(b, pos + 8, "the PNG chunks before the first IDAT")
        length, ctype = struct.unpack_from(">I4s", b, pos)
        if length > 0x7FFFFFFF or not ctype.isalpha():
            raise ImageProbeError(f"corrupt PNG: bad chunk header at byte {pos}")
        if ctype in (b"IDAT", b"IEND"):
            break
        if ctype == b"acTL":
            _need(b, pos + 12, "the PNG acTL chunk")
            animated = struct.unpack_from(">I", b, pos + 8)[0] > 1
            break
        pos += 12 + length
    return ImageInfo(width, height, "png", animated)


# --- JPEG ------------------------------------------------------------------------------


def _parse_jpeg(b: bytes) -> ImageInfo:
    """Size from the frame header (SOF); orientation from every APP1 up to the first scan
    (SOS), EXIF segments joined and the last XMP packet kept, as Pillow reads them."""
    n = len(b)
    pos = 2
    found: ImageInfo | None = None
    exif = b""
    xmp = b""
    while True:
        try:
            marker, pos, length = _jpeg_segment(b, pos, n)
        except _NeedMore as more:
            if found is not None:  # input ends before the scan: what was read stands
                more.partial = replace(found, orientation=_jpeg_orientation(exif, xmp))
            raise
        if marker == 0xDA and found is not None:
            return replace(found, orientation=_jpeg_orientation(exif, xmp))
        if marker == 0xD9:
            raise ImageProbeError("corrupt JPEG: end of image before any frame header (SOF)")
        if marker == 0xDA:
            raise ImageProbeError("corrupt JPEG: scan data (SOS) before any frame header (SOF)")
        if marker in _JPEG_SOF and found is None:
            if length < 8:
                raise ImageProbeError(f"corrupt JPEG: SOF segment too short ({length} bytes)")
            _need(b, pos + 7, "the JPEG frame header")
            height, width = struct.unpack_from(">HH", b, pos + 3)
            if height == 0 and width > 0:
                raise ImageProbeError(
                    "unsupported JPEG: height is declared later (DNL marker), not in the header"
                )
            _check_size(width, height, "JPEG")
            found = ImageInfo(width, height, "jpeg", False)
        end = pos + length
        if marker == 0xE1:
            try:
                _need(b, end, "the JPEG APP1 (EXIF) segment")
            except _NeedMore as more:
                if found is not None:
                    more.partial = replace(found, orientation=_jpeg_orientation(exif, xmp))
                raise
            payload = b[pos + 2 : end]
            if payload.startswith(b"Exif\x00\x00"):
                exif += payload if not exif else payload[6:]
            elif payload.startswith(_XMP_HEADER):
                xmp = payload.split(b"\x00", 1)[1]
        pos = end


_XMP_HEADER = b"http://ns.adobe.com/xap/1.0/\x00"


def _jpeg_segment(b: bytes, pos: int, n: int) -> tuple[int, int, int]:
    """The next marker at or after ``pos``, where its segment starts, and its length (0 for
    SOS and EOI, which end the header)."""
    while True:
        # Junk between segments is skipped (as libjpeg and Pillow do), then fill bytes.
        ff = b.find(b"\xff", pos)
        if ff < 0:
            raise _NeedMore(n + 1, "a JPEG frame header (SOF)")
        m = _FILL.match(b, ff)
        assert m is not None
        pos = m.end()
        _need(b, pos + 1, "a JPEG marker")
        marker = b[pos]
        pos += 1
        if marker == 0x00 or marker in _JPEG_STANDALONE:
            continue
        if marker in (0xD9, 0xDA):
            return marker, pos, 0
        _need(b, pos + 2, "a JPEG segment length")
        length = struct.unpack_from(">H", b, pos)[0]
        if length < 2:
            raise ImageProbeError(f"corrupt JPEG: segment length {length} at byte {pos}")
        return marker, pos, length


def _jpeg_orientation(exif: bytes, xmp: bytes) -> int:
    if not exif and not xmp:
        return 1
    # (imported here: PNG screenshots and JPEGs with no metadata never need the readers)
    from .exif import exif_orientation, xmp_orientation

    found = exif_orientation(exif) if exif else None
    if found is None and xmp:
        found = xmp_orientation(xmp)
    return found or 1


# --- GIF -------------------------------------------------------------------------------


def _skip_sub_blocks(b: bytes, pos: int) -> int:
    while True:
        _need(b, pos + 1, "GIF data sub-blocks")
        size = b[pos]
        pos += 1 + size
        if size == 0:
            return pos


def _parse_gif(b: bytes) -> ImageInfo:
    _need(b, 13, "the GIF logical screen descriptor")
    screen_w, screen_h = struct.unpack_from("<HH", b, 6)
    if screen_w * screen_h > MAX_PIXELS or max(screen_w, screen_h) > MAX_SIDE:
        _check_size(screen_w, screen_h, "GIF")  # absurd from the header alone
    packed = b[10]
    pos = 13 + (3 << ((packed & 7) + 1) if packed & 0x80 else 0)
    images = 0
    width, height = screen_w, screen_h
    # Animated means a second frame, as Pillow decides: a NETSCAPE looping extension alone
    # (Pillow writes one for loop=0) is not animation. Bounded: stops at the second image
    # descriptor or the trailer.
    while True:
        _need(b, pos + 1, "the GIF blocks after the first frame")
        intro = b[pos]
        if intro == 0x21:  # extension
            _need(b, pos + 3, "a GIF extension")
            pos = _skip_sub_blocks(b, pos + 2)
        elif intro == 0x2C:  # image descriptor
            images += 1
            if images > 1:
                _check_size(width, height, "GIF")
                return ImageInfo(width, height, "gif", True)
            _need(b, pos + 11, "a GIF image descriptor")
            left, top, fw, fh = struct.unpack_from("<HHHH", b, pos + 1)
            # A first frame beyond the logical screen (or a 0×0 screen) widens the canvas,
            # as Pillow reports it.
            width, height = max(screen_w, left + fw), max(screen_h, top + fh)
            local = b[pos + 9]
            pos += 10 + (3 << ((local & 7) + 1) if local & 0x80 else 0)
            pos = _skip_sub_blocks(b, pos + 1)  # +1: LZW minimum code size
        elif intro == 0x3B:  # trailer
            if images == 0:
                _check_size(screen_w, screen_h, "GIF")
                raise ImageProbeError("corrupt GIF: no image before the trailer")
            _check_size(width, height, "GIF")
            return ImageInfo(width, height, "gif", False)
        else:
            raise ImageProbeError(f"corrupt GIF: unexpected block 0x{intro:02x} at byte {pos}")


# --- WebP ------------------------------------------------------------------------------


def _parse_webp(b: bytes) -> ImageInfo:
    _need(b, 16, "the WebP chunk header")
    fourcc = b[12:16]
    animated = False
    if fourcc == b"VP8 ":
        _need(b, 30, "the WebP VP8 frame header")
        if b[20] & 1:
            raise ImageProbeError("corrupt WebP: the VP8 frame is not a key frame")
        if b[23:26] != b"\x9d\x01\x2a":
            raise ImageProbeError("corrupt WebP: VP8 start code missing")
        width, height = struct.unpack_from("<HH", b, 26)
        width &= 0x3FFF
        height &= 0x3FFF
    elif fourcc == b"VP8L":
        _need(b, 25, "the WebP VP8L header")
        if b[20] != 0x2F:
            raise ImageProbeError("corrupt WebP: VP8L signature missing")
        bits = struct.unpack_from("<I", b, 21)[0]
        if bits >> 29:
            raise ImageProbeError("corrupt WebP: unknown VP8L version")
        width = (bits & 0x3FFF) + 1
        height = ((bits >> 14) & 0x3FFF) + 1
    elif fourcc == b"VP8X":
        _need(b, 30, "the WebP VP8X header")
        animated = bool(b[20] & 0x02)
        width = 1 + int.from_bytes(b[24:27], "little")
        height = 1 + int.from_bytes(b[27:30], "little")
    else:
        raise ImageProbeError(f"corrupt WebP: unknown first chunk {fourcc!r}")
    _check_size(width, height, "WebP")
    return ImageInfo(width, height, "webp", animated)


# --- AVIF ------------------------------------------------------------------------------

# EXIF orientation of an AVIF's ``irot`` (anticlockwise quarter turns) and ``imir`` (mirror
# axis, None: none): Pillow reports an AVIF's transforms as this orientation and leaves its
# pixels as stored, as a JPEG's (checked against Pillow for orientations 1-8 in the tests).
_AVIF_ORIENTATION = {
    (0, None): 1, (0, 0): 4, (0, 1): 2,
    (1, None): 8, (1, 0): 5, (1, 1): 7,
    (2, None): 3, (2, 0): 2, (2, 1): 4,
    (3, None): 6, (3, 0): 7, (3, 1): 5,
}  # fmt: skip
_AVIF_CONTAINERS = {b"meta": 4, b"iprp": 0, b"ipco": 0}  # (bytes before their boxes)


def _boxes(b: bytes, start: int, end: int | None) -> Iterator[tuple[bytes, int, int]]:
    """The ISO BMFF boxes from ``start`` to ``end`` (None: to the end of the file, read as
    far as needed): (type, where its content starts, where it ends)."""
    pos = start
    while end is None or pos < end:
        _need(b, pos + 8, "an AVIF box header")
        size, kind = struct.unpack_from(">I4s", b, pos)
        head = 8
        if size == 1:
            _need(b, pos + 16, "an AVIF box's 64-bit size")
            size, head = struct.unpack_from(">Q", b, pos + 8)[0], 16
        elif size == 0:
            size = (end if end is not None else len(b)) - pos
        if size < head or (end is not None and pos + size > end):
            raise ImageProbeError(f"corrupt AVIF: box {kind!r} at byte {pos} overruns its parent")
        yield kind, pos + head, pos + size
        pos += size


def _parse_avif(b: bytes) -> ImageInfo:
    """An AVIF's size: the largest ``ispe`` (image spatial extents) among its item
    properties — the primary image's; a grid's tiles, a thumbnail are smaller, an alpha
    plane the same — and its orientation from ``irot``/``imir``."""
    sizes: list[tuple[int, int]] = []
    angle, axis = 0, None
    for kind, start, end in _boxes(b, 0, None):
        if kind == b"meta":
            _need(b, end, "the AVIF meta box")
            for kind2, start2, end2 in _walk_avif(b, start + 4, end):
                if kind2 == b"ispe" and end2 - start2 >= 12:
                    sizes.append(struct.unpack_from(">II", b, start2 + 4))
                elif kind2 == b"irot" and end2 > start2:
                    angle = b[start2] & 3
                elif kind2 == b"imir" and end2 > start2:
                    axis = b[start2] & 1
            break
        if kind == b"mdat":
            break
    if not sizes:
        raise ImageProbeError("corrupt AVIF: no image size (ispe) before the image data")
    width, height = max(sizes, key=lambda wh: wh[0] * wh[1])
    _check_size(width, height, "AVIF")
    return ImageInfo(width, height, "avif", orientation=_AVIF_ORIENTATION[angle, axis])


def _walk_avif(b: bytes, start: int, end: int) -> Iterator[tuple[bytes, int, int]]:
    """The boxes in an AVIF's meta box, into its item properties (``iprp``/``ipco``)."""
    for kind, inner, stop in _boxes(b, start, end):
        if kind in _AVIF_CONTAINERS:
            yield from _walk_avif(b, inner + _AVIF_CONTAINERS[kind], stop)
        else:
            yield kind, inner, stop


# --- BMP -------------------------------------------------------------------------------


def _parse_bmp(b: bytes) -> ImageInfo:
    """A BMP's size: 16-bit in an OS/2 core header (12 bytes), else signed 32-bit, the
    height negative for a bitmap stored top-down."""
    _need(b, 18, "the BMP headers")
    header = struct.unpack_from("<I", b, 14)[0]
    if header == 12:
        _need(b, 22, "the BMP core header")
        width, height = struct.unpack_from("<HH", b, 18)
    elif 40 <= header <= 124:
        _need(b, 26, "the BMP info header")
        width, height = struct.unpack_from("<ii", b, 18)
        height = abs(height)  # negative: top-down rows
    else:
        raise ImageProbeError(f"corrupt BMP: unknown {header}-byte header")
    _check_size(width, height, "BMP")
    return ImageInfo(width, height, "bmp")


# --- TIFF ------------------------------------------------------------------------------

_TIFF_WIDTH, _TIFF_HEIGHT, _TIFF_ORIENTATION = 256, 257, 274
_TIFF_MAX_ENTRIES = 4096


def _parse_tiff(b: bytes) -> ImageInfo:
    """The first IFD's width, height and orientation (tags 256, 257, 274; a SHORT or LONG
    value held in the entry itself), and whether a second page follows. The IFD can be
    anywhere in the file: at its end when a writer puts the pixels first."""
    order = "<" if b[:2] == b"II" else ">"
    _need(b, 8, "the TIFF header")
    ifd = struct.unpack_from(order + "I", b, 4)[0]
    if ifd < 8:
        raise ImageProbeError(f"corrupt TIFF: first IFD at byte {ifd}")
    _need(b, ifd + 2, "the TIFF IFD")
    count = struct.unpack_from(order + "H", b, ifd)[0]
    if not 0 < count <= _TIFF_MAX_ENTRIES:
        raise ImageProbeError(f"corrupt TIFF: an IFD of {count} entries")
    end = ifd + 2 + 12 * count
    _need(b, end + 4, "the TIFF IFD entries")
    tags: dict[int, int] = {}
    for pos in range(ifd + 2, end, 12):
        tag, kind, n = struct.unpack_from(order + "HHI", b, pos)
        if tag in (_TIFF_WIDTH, _TIFF_HEIGHT, _TIFF_ORIENTATION) and n == 1 and kind in (3, 4):
            tags[tag] = struct.unpack_from(order + ("H" if kind == 3 else "I"), b, pos + 8)[0]
    if _TIFF_WIDTH not in tags or _TIFF_HEIGHT not in tags:
        raise ImageProbeError("corrupt TIFF: the first IFD has no image width or length")
    width, height = tags[_TIFF_WIDTH], tags[_TIFF_HEIGHT]
    _check_size(width, height, "TIFF")
    orientation = tags.get(_TIFF_ORIENTATION, 1)
    pages = struct.unpack_from(order + "I", b, end)[0] != 0
    return ImageInfo(width, height, "tiff", pages, orientation if 1 <= orientation <= 8 else 1)


# --- dispatch --------------------------------------------------------------------------


def _unknown(b: bytes) -> ImageProbeError:
    head = b[:16]
    hint = ""
    stripped = head.lstrip()
    if stripped[:1] in (b"<", b"{", b"[") or (
        head.isascii() and head.decode("ascii").isprintable()
    ):
        hint = " (it looks like text)"
    return ImageProbeError(
        "unknown image format: not PNG, JPEG, GIF, WebP, BMP, TIFF or AVIF"
        f"{hint}; starts with {head.hex(' ')}"
    )


_PARSERS: dict[ImageFormat, Callable[[bytes], ImageInfo]] = {
    "png": _parse_png,
    "jpeg": _parse_jpeg,
    "gif": _parse_gif,
    "webp": _parse_webp,
    "bmp": _parse_bmp,
    "tiff": _parse_tiff,
    "avif": _parse_avif,
}
# every format's signature (``signature.SIGNATURES``), and WebP's RIFF, which needs 12 bytes
_SIGNATURES = (*(magic for magic, _ in SIGNATURES), b"RIFF")


def _parse(b: bytes) -> ImageInfo:
    """Parse a header; raises _NeedMore when ``b`` is a too-short prefix."""
    if not b:
        raise _NeedMore(1, "the image signature")
    fmt = sniff_image_format(b)
    if fmt is not None:
        return _PARSERS[fmt](b)
    if b.startswith(b"RIFF") and len(b) >= 12:
        raise ImageProbeError(f"unknown image format: a RIFF {b[8:12]!r} file, not WebP")
    for sig in _SIGNATURES:
        if len(b) < len(sig) and sig.startswith(b):
            raise _NeedMore(12 if sig == b"RIFF" else len(sig), "the image signature")
    if b.startswith(b"RIFF"):
        raise _NeedMore(12, "the RIFF form type")
    raise _unknown(b)


def _guarded(b: bytes) -> ImageInfo:
    """`_parse` with a last-resort net: only ImageProbeError and _NeedMore ever leave."""
    try:
        return _parse(b)
    except (ImageProbeError, _NeedMore):
        raise
    except (struct.error, IndexError, ValueError, OverflowError) as exc:  # pragma: no cover
        raise ImageProbeError(f"corrupt image header ({exc})") from None


def _truncated(exc: _NeedMore, have: int) -> ImageProbeError:
    if have == 0:
        return ImageProbeError("empty input: no image bytes")
    return ImageProbeError(
        f"truncated: {exc.what} needs at least {exc.needed} bytes, only {have} available"
    )


def probe_image_header(data: bytes) -> ImageInfo:
    """Probe raw image bytes (the whole file or a prefix of it).

    >>> gif = b"GIF89a\\x02\\x00\\x03\\x00\\x00\\x00\\x00,\\0\\0\\0\\0\\2\\0\\3\\0\\0\\2\\0;"
    >>> probe_image_header(gif)
    ImageInfo(width=2, height=3, format='gif', animated=False, orientation=1)
    >>> probe_image_header(gif[:8])
    Traceback (most recent call last):
    ...
    contextledger.errors.ImageProbeError: truncated: the GIF logical screen descriptor needs at least 13 bytes, only 8 available
    """
    try:
        return _guarded(bytes(data) if not isinstance(data, bytes) else data)
    except _NeedMore as exc:
        if exc.partial is not None:
            return exc.partial
        raise _truncated(exc, len(data)) from None


def _grow(
    read: Callable[[int], tuple[bytes, bool]], start: int, chars_for: Callable[[int], int]
) -> ImageInfo:
    """Parse growing prefixes. ``read(n)`` gives (decoded prefix, whether it is everything)."""
    n = start
    while True:
        data, complete = read(n)
        try:
            return _guarded(data)
        except _NeedMore as exc:
            if complete and exc.partial is not None:
                return exc.partial
            if complete:
                raise _truncated(exc, len(data)) from None
            n = max(n * _GROWTH, chars_for(exc.needed))


# --- base64 ----------------------------------------------------------------------------


def _b64_decode(chunk: str, complete: bool) -> bytes:
    rest = len(chunk) % 4
    if not complete:
        chunk = chunk[: len(chunk) - rest]
    elif rest == 1:
        raise binascii.Error("impossible length")
    elif rest:
        chunk += "=" * (4 - rest)
    return binascii.a2b_base64(chunk, strict_mode=True)


def _b64_prefix(chunk: str, complete: bool) -> bytes:
    """Decode a prefix of a base64 payload: whitespace and %-escapes tolerated, strict alphabet."""
    try:
        return _b64_decode(chunk, complete)  # fast path: clean base64
    except (binascii.Error, ValueError):
        pass
    if "%" in chunk:
        if not complete:
            cut = chunk.rfind("%", max(0, len(chunk) - 2))
            if cut >= 0:
                chunk = chunk[:cut]
        # (imported here: urllib.parse and the ipaddress it imports cost ~3 ms of a
        # fresh process's first fit, for the rare percent-encoded data URL)
        from urllib.parse import unquote

        chunk = unquote(chunk)
    chunk = "".join(chunk.split())  # MIME line breaks and other whitespace
    try:
        return _b64_decode(chunk, complete)
    except (binascii.Error, ValueError) as exc:
        raise ImageProbeError(f"data URL payload is not valid base64 ({exc})") from None


# The last inline images probed, by identity (the payload kept alive): a fit prices an image
# from its header, then asks whether the provider takes it as it is; each new screenshot of
# a refit was decoded and parsed twice.
_PROBED: dict[int, tuple[InlineData, ImageInfo]] = {}
_PROBED_MAX = 32  # (a refit's new images; few payloads kept alive past their conversation)


def _probe_inline(data: InlineData) -> ImageInfo:
    hit = _PROBED.get(id(data))
    if hit is not None and hit[0] is data:
        return hit[1]
    info = _probe_base64(data)
    if len(_PROBED) >= _PROBED_MAX:
        _PROBED.clear()
    _PROBED[id(data)] = (data, info)
    return info


def _probe_base64(data: InlineData) -> ImageInfo:
    """Probe a base64 payload through growing prefixes, each character decoded once: a
    prefix that grows decodes only what it adds (a palette or an ICC profile before a PNG's
    first IDAT, an EXIF block before a JPEG's frame header), as long as the payload is plain
    base64; with line breaks or %-escapes the whole prefix is cleaned and decoded again."""
    total = data.base64_length
    text, start = data.text, data.start
    have = bytearray()  # the bytes of text[start : start + done]
    done = 0  # characters decoded, whole 4-character groups until the payload ends
    plain = True

    def read(n: int) -> tuple[bytes, bool]:
        nonlocal done, plain
        complete = n >= total
        if plain:
            chunk = text[start + done : start + min(n, total)]
            if not complete:
                chunk = chunk[: len(chunk) - len(chunk) % 4]
            try:
                have.extend(_b64_decode(chunk, complete))
                done += len(chunk)
                return bytes(have), complete
            except (binascii.Error, ValueError):
                plain = False  # not plain base64 from here on: clean the whole prefix
        return _b64_prefix(data.prefix(n), complete), complete

    # +8: slack for whitespace; the ×4 growth covers the rest. A JPEG's header (tables,
    # frame header) rarely ends in 96 bytes: the second read takes 1024 characters at once.
    return _grow(read, _B64_START, lambda needed: max(1024, (needed + 2) // 3 * 4 + 8))


#: A PNG's signature and IHDR (33 bytes), in base64; the first 10 characters are the
#: signature's alone.
_PNG_HEAD_CHARS = 44
_PNG_SIG_B64 = "iVBORw0KGg"


def display_size(data: InlineData) -> tuple[int, int]:
    """(width, height) of a base64 image as shown, from as little of it as that needs.

    A PNG's size is its IHDR's (PNG has no orientation here): 44 characters are decoded,
    whatever comes after them; any other image is probed (``probe_image``). Naming the
    hundreds of screenshots a long session drops costs a few microseconds each.

    >>> import base64, struct, zlib
    >>> ihdr = struct.pack(">IIBBBBB", 640, 480, 8, 2, 0, 0, 0)
    >>> png = (_PNG_SIG + struct.pack(">I", 13) + b"IHDR" + ihdr
    ...        + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr)) + b"\\0" * 3000)
    >>> display_size(InlineData.from_bytes(png))
    (640, 480)
    """
    if data.base64_length > _PNG_HEAD_CHARS and data.prefix(10) == _PNG_SIG_B64:
        try:
            head = _b64_decode(data.prefix(_PNG_HEAD_CHARS), complete=False)
        except (binascii.Error, ValueError):
            pass  # not plain base64 (line breaks, %-escapes): probed in full below
        else:
            return _png_size(head)
    return probe_image(data).display_size


def _data_url(url: str) -> InlineData:
    m = _DATA_URL.match(url, 0, 512)
    if m is None:
        raise ImageProbeError("malformed data URL: no ',' after the media type")
    params = [p.strip().lower() for p in m.group(2).split(";") if p.strip()]
    if "base64" not in params:
        raise ImageProbeError("unsupported data URL: the payload is not base64-encoded")
    return InlineData(url, m.end())


# --- files and buffers -----------------------------------------------------------------


def _probe_buffer(mv: memoryview) -> ImageInfo:
    total = len(mv)

    def read(n: int) -> tuple[bytes, bool]:
        return bytes(mv[:n]), n >= total

    return _grow(read, _BYTES_START, lambda needed: needed)


def _probe_file(path: str | bytes) -> ImageInfo:
    try:
        with open(path, "rb") as f:
            buf = bytearray()

            def read(n: int) -> tuple[bytes, bool]:
                want = n - len(buf)
                chunk = f.read(want) if want > 0 else b""
                buf.extend(chunk)
                return bytes(buf), len(chunk) < want

            return _grow(read, _BYTES_START, lambda needed: needed)
    except UnicodeEncodeError:
        raise ImageProbeError("the file name cannot be encoded (a lone surrogate)") from None
    except OSError as exc:
        raise ImageProbeError(f"cannot read the file ({exc.strerror or exc})") from None


def probe_image(
    source: bytes | bytearray | memoryview | str | os.PathLike[str] | InlineData,
) -> ImageInfo:
    """Probe an image's header: bytes, a file path, a base64 data URL or :class:`InlineData`.

    Only a prefix of the input is read or decoded. Raises :class:`ImageProbeError` (and
    nothing else) when the header is truncated, corrupt, unknown, zero-sized or absurd.

    >>> import base64
    >>> gif = b"GIF89a\\x40\\x01\\xf0\\x00\\x00\\x00\\x00,\\0\\0\\0\\0\\1\\0\\1\\0\\0\\2\\0;"
    >>> probe_image(InlineData.from_bytes(gif)).width
    320
    >>> probe_image(b"hello")
    Traceback (most recent call last):
    ...
    contextledger.errors.ImageProbeError: unknown image format: not PNG, JPEG, GIF, WebP, BMP, TIFF or AVIF (it looks like text); starts with 68 65 6c 6c 6f
    """
    if isinstance(source, bytes):
        return probe_image_header(source)
    if isinstance(source, InlineData):
        return _probe_inline(source)
    if isinstance(source, (bytearray, memoryview)):
        try:
            mv = memoryview(source).cast("B")
        except (TypeError, ValueError) as exc:
            raise ImageProbeError(f"unreadable buffer ({exc})") from None
        return _probe_buffer(mv)
    if isinstance(source, str):
        if source[:5].lower() == "data:":
            try:
                return _probe_base64(_data_url(source))
            except ImageProbeError as exc:
                raise ImageProbeError(exc.reason, source="data URL") from None
        if source.startswith(("http://", "https://")):
            raise ImageProbeError("remote URLs are not fetched; the size is unknown", source=source)
    try:
        path = os.fspath(source)
    except TypeError:
        raise ImageProbeError(f"cannot probe a {type(source).__name__}") from None
    try:
        return _probe_file(path)
    except ImageProbeError as exc:
        raise ImageProbeError(exc.reason, source=str(path)) from None
