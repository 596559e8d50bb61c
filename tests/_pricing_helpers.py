"""Generated images for the probe tests (Pillow writes them; nothing is downloaded)."""

from __future__ import annotations

import io
import struct
from functools import cache

from PIL import Image

from builders import encode

ORIENTATION = 0x0112


def _frames(size: tuple[int, int], mode: str = "RGB") -> list[Image.Image]:
    return [Image.new("RGB", size, c).convert(mode) for c in ("red", "blue", "green")]


def _gradient(size: tuple[int, int], mode: str = "RGB") -> Image.Image:
    img = Image.linear_gradient("L").resize(size)
    if mode == "L":
        return img
    return Image.merge("RGB", (img, img.transpose(Image.Transpose.FLIP_LEFT_RIGHT), img)).convert(
        mode
    )


def exif_bytes(orientation: int) -> bytes:
    exif = Image.Exif()
    exif[ORIENTATION] = orientation
    return exif.tobytes()


def exif_with_thumbnail(thumb: bytes, orientation: int = 1, big_endian: bool = False) -> bytes:
    """A raw EXIF payload ('Exif\\0\\0' + TIFF) whose IFD1 carries a JPEG thumbnail."""
    e = ">" if big_endian else "<"
    head = b"MM\x00*" if big_endian else b"II*\x00"
    ifd0_off = 8
    ifd0 = struct.pack(e + "H", 1) + struct.pack(e + "HHIHH", ORIENTATION, 3, 1, orientation, 0)
    ifd1_off = ifd0_off + len(ifd0) + 4
    ifd1_len = 2 + 2 * 12 + 4
    thumb_off = ifd1_off + ifd1_len
    ifd1 = (
        struct.pack(e + "H", 2)
        + struct.pack(e + "HHII", 0x0201, 4, 1, thumb_off)
        + struct.pack(e + "HHII", 0x0202, 4, 1, len(thumb))
        + struct.pack(e + "I", 0)
    )
    tiff = head + struct.pack(e + "I", ifd0_off) + ifd0 + struct.pack(e + "I", ifd1_off) + ifd1
    return b"Exif\x00\x00" + tiff + thumb


def insert_after_soi(jpeg: bytes, marker: int, payload: bytes) -> bytes:
    segment = bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload
    return jpeg[:2] + segment + jpeg[2:]


@cache
def samples() -> dict[str, bytes]:
    """name → encoded image bytes, one per variant the probe must handle."""
    s: dict[str, bytes] = {}
    size = (64, 48)
    odd = (1001, 333)
    for mode in ("RGB", "RGBA", "P", "L", "1", "I;16", "LA"):
        img = Image.new(mode, size)
        s[f"png-{mode}"] = encode(img, "PNG")
    s["png-odd"] = encode(_gradient(odd), "PNG")
    s["png-1x1"] = encode(Image.new("RGB", (1, 1)), "PNG")
    s["png-tall"] = encode(Image.new("L", (3, 4000)), "PNG")
    fr = _frames(size)
    s["apng"] = encode(fr[0], "PNG", save_all=True, append_images=fr[1:])
    s["png-text-before-idat"] = encode(
        Image.new("RGB", size), "PNG", pnginfo=_pnginfo("Comment", "x" * 5000)
    )
    base = _gradient(size)
    s["jpeg-baseline"] = encode(base, "JPEG", quality=80)
    s["jpeg-progressive"] = encode(base, "JPEG", progressive=True)
    s["jpeg-cmyk"] = encode(base.convert("CMYK"), "JPEG")
    s["jpeg-gray"] = encode(_gradient(size, "L"), "JPEG")
    s["jpeg-odd"] = encode(_gradient(odd), "JPEG")
    s["jpeg-optimized"] = encode(base, "JPEG", optimize=True, quality=95, subsampling=0)
    for o in range(1, 9):
        s[f"jpeg-exif-orient-{o}"] = encode(base, "JPEG", exif=exif_bytes(o))
    big_exif = Image.Exif()
    big_exif[ORIENTATION] = 6
    big_exif[0x010E] = "d" * 30000  # ImageDescription: a 30 KB EXIF block
    s["jpeg-big-exif-icc"] = encode(
        base, "JPEG", exif=big_exif.tobytes(), icc_profile=b"\0" * 60000
    )
    thumb = encode(Image.new("RGB", (160, 120), "white"), "JPEG")
    main = encode(_gradient((640, 480)), "JPEG")
    s["jpeg-exif-thumbnail"] = insert_after_soi(main, 0xE1, exif_with_thumbnail(thumb, 3))
    s["jpeg-exif-thumbnail-be"] = insert_after_soi(
        main, 0xE1, exif_with_thumbnail(thumb, 8, big_endian=True)
    )
    s["jpeg-fill-bytes"] = main[:2] + b"\xff" * 7 + main[2:]
    s["gif-still"] = encode(Image.new("P", size), "GIF")
    s["gif-odd"] = encode(_gradient(odd).convert("P"), "GIF")
    gf = _frames(size, "P")
    s["gif-animated"] = encode(gf[0], "GIF", save_all=True, append_images=gf[1:])
    s["gif-animated-loop"] = encode(gf[0], "GIF", save_all=True, append_images=gf[1:], loop=0)
    s["webp-lossy"] = encode(base, "WEBP", quality=70)
    s["webp-lossless"] = encode(base, "WEBP", lossless=True)
    s["webp-alpha"] = encode(base.convert("RGBA"), "WEBP")
    s["webp-odd"] = encode(_gradient(odd), "WEBP")
    s["webp-exif"] = encode(base, "WEBP", exif=exif_bytes(6))
    s["webp-animated"] = encode(fr[0], "WEBP", save_all=True, append_images=fr[1:])
    return s


def _pnginfo(key: str, value: str) -> object:
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add_text(key, value, zip=False)
    return info


def pillow_facts(data: bytes) -> tuple[int, int, str, bool, int]:
    """(width, height, format, animated, orientation) as Pillow reports them."""
    with Image.open(io.BytesIO(data)) as img:
        orientation = 1
        if img.format == "JPEG":
            orientation = int(img.getexif().get(ORIENTATION, 1))
        fmt = str(img.format).lower()
        return img.size[0], img.size[1], fmt, bool(getattr(img, "is_animated", False)), orientation
