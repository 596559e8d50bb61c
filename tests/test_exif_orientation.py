"""EXIF orientation: the probe reads it exactly as Pillow does, for every encoding.

If they disagree, normalization squashes the picture: Pillow turns the pixels while the
size was planned unturned. A differential fuzz test builds EXIF blocks by hand (every TIFF
type, both byte orders, counts, out-of-line values, duplicates, truncation, XMP) and
compares the probe with Pillow's own reading.
"""

from __future__ import annotations

import io
import struct
import warnings
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image as PILImage

from builders import jpeg
from contextledger.images.normalize import normalize_image
from contextledger.images.probe import probe_image
from fuzzing import fuzz_settings

_PILLOW_TRANSPOSES = {2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8}
_FORMATS = {3: "H", 4: "L", 6: "b", 8: "h", 9: "l", 11: "f", 12: "d", 13: "L", 16: "Q"}
_SIZES = {1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4, 16: 8}


def _tiff(order: str, entries: list[tuple[int, int, int, bytes]], extra: bytes = b"") -> bytes:
    """A TIFF block: header, IFD0 with ``entries`` (tag, type, count, value field or
    out-of-line data), then the out-of-line data."""
    e = "<" if order == "II" else ">"
    head = (b"II*\x00" if order == "II" else b"MM\x00*") + struct.pack(e + "L", 8)
    ifd_end = 8 + 2 + 12 * len(entries) + 4
    body, data = b"", b""
    for tag, typ, count, value in entries:
        if len(value) > 4:
            field = struct.pack(e + "L", ifd_end + len(data))
            data += value
        else:
            field = value.ljust(4, b"\x00")
        body += struct.pack(e + "HHL", tag, typ, count) + field
    return head + struct.pack(e + "H", len(entries)) + body + b"\x00" * 4 + data + extra


def _with_app1(image: bytes, *payloads: bytes) -> bytes:
    segments = b"".join(b"\xff\xe1" + struct.pack(">H", len(p) + 2) + p for p in payloads)
    return image[:2] + segments + image[2:]


def _pillow_orientation(data: bytes) -> int:
    """The transposition Pillow's exif_transpose applies (1: none, or Pillow cannot read it)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            value = PILImage.open(io.BytesIO(data)).getexif().get(274, 1)
            return _PILLOW_TRANSPOSES.get(value, 1)
        except Exception:  # Pillow's EXIF reader failed: it would not rotate
            return 1


def _value(order: str, typ: int, numbers: list[int]) -> bytes:
    e = "<" if order == "II" else ">"
    if typ in (5, 10):
        num = (lambda n: n) if typ == 10 else (lambda n: n % (1 << 32))
        return b"".join(struct.pack(e + ("ll" if typ == 10 else "LL"), num(n), 1) for n in numbers)
    if typ in (1, 2, 7):
        return bytes(n & 0xFF for n in numbers)
    fmt = _FORMATS[typ]
    out = b""
    for n in numbers:
        if fmt in "fd":
            out += struct.pack(e + fmt, float(n))
        elif fmt in "HLQ":
            out += struct.pack(e + fmt, n % (1 << (8 * _SIZES[typ])))
        else:
            bits = 8 * _SIZES[typ] - 1
            out += struct.pack(e + fmt, max(min(n, (1 << bits) - 1), -(1 << bits)))
    return out


SMALL = jpeg(12, 4)


@pytest.mark.parametrize("order", ["II", "MM"])
@pytest.mark.parametrize(("typ", "name"), [(3, "SHORT"), (8, "SSHORT"), (4, "LONG"), (9, "SLONG")])
def test_a_rotated_photo_in_any_integer_encoding_comes_back_upright(
    order: str, typ: int, name: str
) -> None:
    photo = PILImage.new("RGB", (1200, 400), "red")
    buf = io.BytesIO()
    photo.save(buf, "JPEG")
    exif = b"Exif\x00\x00" + _tiff(order, [(0x0112, typ, 1, _value(order, typ, [6]))])
    data = _with_app1(buf.getvalue(), exif)
    assert probe_image(data).orientation == 6 == _pillow_orientation(data), name
    out = normalize_image(data, max_edge=300)
    assert (out.width, out.height) == (100, 300)
    assert PILImage.open(io.BytesIO(out.data)).size == (100, 300)


def test_rational_float_and_xmp_orientations_count_as_pillow_counts_them() -> None:
    cases = {
        "rational 12/2": _tiff("MM", [(0x0112, 5, 1, struct.pack(">LL", 12, 2))]),
        "double 8.0": _tiff("II", [(0x0112, 12, 1, struct.pack("<d", 8.0))]),
        "byte 6 (bytes: ignored)": _tiff("II", [(0x0112, 1, 1, b"\x06")]),
    }
    for name, tiff in cases.items():
        data = _with_app1(SMALL, b"Exif\x00\x00" + tiff)
        assert probe_image(data).orientation == _pillow_orientation(data), name
    xmp = b'http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta tiff:Orientation="8"/>'
    data = _with_app1(SMALL, xmp)
    assert probe_image(data).orientation == 8 == _pillow_orientation(data)


@st.composite
def exif_blocks(draw: st.DrawFn) -> bytes:
    order = draw(st.sampled_from(["II", "MM"]))
    entries = []
    for _ in range(draw(st.integers(0, 4))):
        tag = draw(st.sampled_from([0x0112, 0x0112, 0x010F, 0x8769]))
        typ = draw(st.sampled_from([*range(0, 14), 16, 99]))
        count = draw(st.sampled_from([0, 1, 1, 1, 2, 3, 0xFFFFFFFF]))
        numbers = draw(st.lists(st.integers(-9, 300), min_size=1, max_size=3))
        value = _value(order, typ, numbers) if typ in _SIZES else b"\x00\x06"
        entries.append((tag, typ, count, value))
    block = _tiff(order, entries)
    cut = draw(st.sampled_from([None, None, None, 6, 12, 20, 30, 40]))
    if cut is not None:
        block = block[:cut]
    if draw(st.integers(0, 5)) == 0:
        block = draw(st.sampled_from([b"MM\x2a\x00", b"II\x00\x2a", b"II+\x00", b"XX*\x00"]))
        block += bytes(4) + bytes(draw(st.binary(max_size=30)))
    prefix = draw(st.sampled_from([b"Exif\x00\x00", b"Exif\x00\x00Exif\x00\x00"]))
    return prefix + block


@fuzz_settings(150)
@given(exif=exif_blocks(), xmp=st.sampled_from([None, b"5", b"9", b"x"]), twice=st.booleans())
def test_probe_agrees_with_pillow_on_any_exif(exif: bytes, xmp: Any, twice: bool) -> None:
    payloads = [exif]
    if twice:  # Pillow joins every EXIF APP1 segment into one block
        payloads.append(b"Exif\x00\x00" + exif[6:])
    if xmp is not None:
        payloads.append(b"http://ns.adobe.com/xap/1.0/\x00<r tiff:Orientation>" + xmp + b"</r>")
    data = _with_app1(SMALL, *payloads)
    assert probe_image(data).orientation == _pillow_orientation(data)
