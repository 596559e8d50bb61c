"""EXIF orientation, read exactly as Pillow reads it (``ImageOps.exif_transpose``).

The probe must agree with the decoder: if Pillow rotates the pixels and the probe did not
swap the size, a resize squashes the picture (a 1200×400 photo tagged "rotate 90°" came
back 300×100 instead of 100×300). So this mirrors Pillow 12–13 rule for rule, checked
against Pillow itself by a differential fuzz test (``tests/test_exif_orientation.py``):

* the TIFF header may be ``II*\\0``, ``MM\\0*`` or the swapped magics Pillow tolerates;
  BigTIFF headers and anything else make Pillow's EXIF reader fail: no rotation at all;
* only IFD0 is read; the first Orientation entry (tag 274) Pillow can load wins; entries
  of an unknown type or with a count of 0 are skipped (so a later duplicate may win);
  out-of-line data past the end of the block ends the reading of the IFD;
* every numeric type counts: SHORT, LONG, SSHORT, SLONG, SBYTE, LONG8, IFD, FLOAT,
  DOUBLE, and RATIONAL/SRATIONAL when the fraction is a whole number (Pillow compares
  ``IFDRational(12, 2) == 6``); BYTE, ASCII and UNDEFINED values never match;
* with a count above 1 the first value is used;
* without a readable Orientation entry, XMP's ``tiff:Orientation`` is used (JPEG only).

Values other than 2–8 mean "as stored" (1).
"""

from __future__ import annotations

import math
import re
import struct

__all__ = ["exif_orientation", "xmp_orientation"]

_TIFF_PREFIXES = (b"MM\x00\x2a", b"II\x2a\x00", b"MM\x2a\x00", b"II\x00\x2a")
_BIGTIFF_PREFIXES = (b"MM\x00\x2b", b"II\x2b\x00")
_ORIENTATION_TAG = 0x0112
# TIFF type → (bytes per value, struct code or None for types whose value never matches)
_TYPES: dict[int, tuple[int, str | None]] = {
    1: (1, None),  # BYTE: Pillow keeps it as bytes
    2: (1, None),  # ASCII: a string
    3: (2, "H"),
    4: (4, "L"),
    5: (8, "rational"),
    6: (1, "b"),
    7: (1, None),  # UNDEFINED: bytes
    8: (2, "h"),
    9: (4, "l"),
    10: (8, "srational"),
    11: (4, "f"),
    12: (8, "d"),
    13: (4, "L"),  # IFD
    16: (8, "Q"),  # LONG8
}
_XMP_ORIENTATION = re.compile(rb'tiff:Orientation(="|>)([0-9])')


def exif_orientation(exif: bytes) -> int | None:
    """The orientation in an EXIF block (``Exif\\0\\0`` + TIFF data, or bare TIFF data).

    ``None`` when Pillow would find no Orientation entry (then XMP may supply one); else
    the orientation 1-8 Pillow applies (1 for values it ignores).
    """
    data = re.sub(b"^(Exif\x00\x00){1,2}", b"", exif)
    if not data:
        return None
    head = data[:8]
    if head[:4] in _BIGTIFF_PREFIXES or head[:4] not in _TIFF_PREFIXES or len(head) < 8:
        return 1  # Pillow's EXIF reader raises on these (so XMP is never consulted either)
    e = ">" if head[:2] == b"MM" else "<"
    limit = len(data)
    pos = struct.unpack_from(e + "L", head, 4)[0]
    if pos + 2 > limit:
        return None
    count = struct.unpack_from(e + "H", data, pos)[0]
    pos += 2
    out_of_line = 0  # Pillow skips tags once their out-of-line data outgrows the block
    loaded: set[int] = set()
    for _ in range(count):
        if pos + 12 > limit:
            return None  # a truncated IFD: Pillow keeps what it read, and read no orientation
        tag, typ, n = struct.unpack_from(e + "HHL", data, pos)
        value_field = data[pos + 8 : pos + 12]
        pos += 12
        if tag in loaded or typ not in _TYPES:
            continue
        unit, code = _TYPES[typ]
        size = n * unit
        if size > 4:
            offset = struct.unpack(e + "L", value_field)[0]
            out_of_line += size
            if out_of_line > limit:
                continue
            raw = data[offset : offset + size]
            if len(raw) < size:
                return None  # Pillow's read of it fails, and it stops reading the IFD there
        else:
            raw = value_field[:size]
        if len(raw) != size or not raw:
            continue
        if tag == _ORIENTATION_TAG:
            return _first_value(raw, e, code)
        loaded.add(tag)
    return None


def _first_value(raw: bytes, e: str, code: str | None) -> int:
    """The orientation Pillow's ``exif_transpose`` acts on for this entry's first value."""
    value: float
    if code is None:
        return 1  # bytes or a string: never equal to 2-8
    if code in ("rational", "srational"):
        num, den = struct.unpack_from(e + ("LL" if code == "rational" else "ll"), raw)
        if den == 0 or num % den:
            return 1
        value = num // den
    else:
        value = struct.unpack_from(e + code, raw)[0]
    if isinstance(value, float) and (math.isnan(value) or not value.is_integer()):
        return 1
    whole = int(value)
    return whole if 2 <= whole <= 8 else 1


def xmp_orientation(xmp: bytes) -> int | None:
    """``tiff:Orientation`` in an XMP packet, as Pillow reads it (one digit); else None."""
    match = _XMP_ORIENTATION.search(xmp)
    if match is None:
        return None
    value = int(match[2])
    return value if 2 <= value <= 8 else 1
