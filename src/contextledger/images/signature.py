"""What an image file is, by the bytes it starts with: the formats contextledger reads.

>>> sniff_image_format(b"\\x89PNG\\r\\n\\x1a\\n\\0\\0\\0\\rIHDR"), sniff_image_format(b"BM6\\x0c")
('png', 'bmp')
>>> sniff_image_media_type(b"II*\\x00\\x08\\x00\\x00\\x00"), sniff_image_media_type(b"hello")
('image/tiff', None)
"""

from __future__ import annotations

from typing import Literal, TypeAlias

ImageFormat: TypeAlias = Literal["png", "jpeg", "gif", "webp", "bmp", "tiff", "avif"]

#: Signatures, longest first where one starts another. WebP is RIFF....WEBP (12 bytes);
#: BMP's "BM" is the shortest and weakest: read only where an image is expected.
SIGNATURES: tuple[tuple[bytes, ImageFormat], ...] = (
    (b"\x89PNG\r\n\x1a\n", "png"),
    (b"\xff\xd8", "jpeg"),
    (b"GIF87a", "gif"),
    (b"GIF89a", "gif"),
    (b"II*\x00", "tiff"),  # little-endian ("Intel") TIFF
    (b"MM\x00*", "tiff"),  # big-endian ("Motorola") TIFF
    (b"BM", "bmp"),
)


#: An AVIF file opens with an ISO BMFF ``ftyp`` box (its 4-byte size, ``ftyp``) whose major
#: brand is one of these (a still image, an image sequence): Android and Chrome share photos so.
AVIF_BRANDS = (b"avif", b"avis")


def sniff_image_format(head: bytes) -> ImageFormat | None:
    """The format ``head`` (the file's first bytes, 12 are enough) starts as, or None."""
    for magic, fmt in SIGNATURES:
        if head.startswith(magic):
            return fmt
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    if head[4:8] == b"ftyp" and head[8:12] in AVIF_BRANDS:
        return "avif"
    return None


def sniff_image_media_type(head: bytes) -> str | None:
    """``image/<format>`` of ``head``, or None when it starts as no image format read here."""
    fmt = sniff_image_format(head)
    return None if fmt is None else f"image/{fmt}"
