"""Header probe: equal to Pillow on every variant, typed errors on everything else."""

from __future__ import annotations

import base64
import contextlib
import struct
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _pricing_helpers import insert_after_soi, pillow_facts, samples
from builders import data_url, png_header
from contextledger.errors import ImageProbeError
from contextledger.images.probe import ImageInfo, display_size, probe_image, probe_image_header
from contextledger.model import InlineData

SAMPLES = samples()
NAMES = sorted(SAMPLES)


def facts(info: ImageInfo) -> tuple[int, int, str, bool, int]:
    return info.width, info.height, info.format, info.animated, info.orientation


# --- equality with Pillow --------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_probe_matches_pillow(name: str) -> None:
    data = SAMPLES[name]
    assert facts(probe_image(data)) == pillow_facts(data)


@pytest.mark.parametrize("name", NAMES)
def test_every_input_kind_agrees(name: str, tmp_path: Path) -> None:
    data = SAMPLES[name]
    expected = probe_image(data)
    path = tmp_path / "img.bin"
    path.write_bytes(data)
    assert probe_image(str(path)) == expected
    assert probe_image(path) == expected
    assert probe_image(bytearray(data)) == expected
    assert probe_image(memoryview(data)) == expected
    assert probe_image(InlineData.from_bytes(data)) == expected
    assert probe_image(data_url(data)) == expected
    assert probe_image_header(data) == expected


def test_exif_thumbnail_is_never_reported() -> None:
    info = probe_image(SAMPLES["jpeg-exif-thumbnail"])
    assert (info.width, info.height) == (640, 480)
    assert info.orientation == 3
    assert probe_image(SAMPLES["jpeg-exif-thumbnail-be"]).orientation == 8


def test_display_size_swaps_for_rotations() -> None:
    for o in range(1, 9):
        info = probe_image(SAMPLES[f"jpeg-exif-orient-{o}"])
        assert info.display_size == ((48, 64) if o >= 5 else (64, 48))


def test_exif_after_sof_is_ignored() -> None:
    jpeg = SAMPLES["jpeg-baseline"]
    # An APP1 EXIF segment placed after SOF does not count (the parser stops at SOF).
    sof = jpeg.index(b"\xff\xc0")
    exif = b"Exif\0\0II*\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0\x06\0\0\0\0\0\0\0"
    seg = b"\xff\xe1" + struct.pack(">H", len(exif) + 2) + exif
    moved = jpeg[: sof + 2 + struct.unpack(">H", jpeg[sof + 2 : sof + 4])[0] + 2] + seg
    assert probe_image_header(moved).orientation == 1
    assert probe_image_header(insert_after_soi(jpeg, 0xE1, exif)).orientation == 6


# --- truncation ------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_every_prefix_raises_or_agrees(name: str) -> None:
    data = SAMPLES[name]
    full = probe_image(data)
    step = max(1, len(data) // 3000)
    lengths = sorted({*range(0, min(len(data), 400)), *range(0, len(data), step)})
    first_ok = None
    for n in lengths:
        try:
            got = probe_image_header(data[:n])
        except ImageProbeError as exc:
            assert exc.reason
            assert first_ok is None, f"prefix {n} failed after {first_ok} succeeded"
            continue
        assert got == full, f"prefix {n}"
        first_ok = first_ok or n
    assert first_ok is None or first_ok >= 10


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"", "empty"),
        (b"\x89PNG\r\n\x1a\n", "truncated"),
        (b"\xff\xd8\xff\xd9", "end of image"),
        (b"\xff\xd8\xff\xda\x00\x02", "SOS"),
        (b"<!DOCTYPE html><html>", "looks like text"),
        (bytes(range(40)), "unknown image format"),
        (b"RIFF\0\0\0\0WAVEfmt ", "not WebP"),
        (png_header(0, 10), "zero size"),
        (png_header(100000, 100000), "declared size 100000x100000 is absurd"),
        (png_header(70000, 2), "absurd"),
        (png_header(10, 10, depth=7), "bit depth"),
        (b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDX" + b"\0" * 17, "IHDR"),
        (b"GIF89a\xff\xff\x40\x9c\0\0\0", "declared size 65535x40000 is absurd"),
        (b"GIF89a\x00\x00\x05\x00\0\0\0;", "zero size"),
        (b"GIF89a\x02\x00\x02\x00\0\0\0;", "no image"),
        (b"GIF89a\x02\x00\x02\x00\0\0\0\x99", "unexpected block"),
        (b"\xff\xd8\xff\xc0\x00\x11\x08\xfd\xe8\xfd\xe8\x03" + b"\0" * 12, "absurd"),
        (b"\xff\xd8\xff\xc0\x00\x11\x08\x00\x00\x01\x00\x03" + b"\0" * 12, "DNL"),
        (b"\xff\xd8\xff\xc0\x00\x01", "segment length"),
        (b"RIFF\0\0\0\0WEBPVP8 " + b"\0" * 14, "start code"),
        (b"RIFF\0\0\0\0WEBPVP8L\0\0\0\0\x00" + b"\0" * 8, "signature"),
        (b"RIFF\0\0\0\0WEBPABCD" + b"\0" * 14, "unknown first chunk"),
        (b"RIFF\0\0\0\0WEBPVP8X\0\0\0\0\0\0\0\0\xff\xff\xff\xff\xff\xff", "absurd"),
    ],
)
def test_errors_say_why(data: bytes, words: str) -> None:
    with pytest.raises(ImageProbeError) as err:
        probe_image(data)
    assert words in str(err.value)


def test_vp8x_at_the_pixel_limit_is_reported() -> None:
    # 16384 x 16384 = 2**28 pixels: large but allowed.
    hdr = b"RIFF\0\0\0\0WEBPVP8X\x0a\0\0\0\0\0\0\0" + b"\xff\x3f\0" * 2
    assert probe_image(hdr).width == 16384


def test_file_errors(tmp_path: Path) -> None:
    with pytest.raises(ImageProbeError, match="cannot read"):
        probe_image(tmp_path / "missing.png")
    with pytest.raises(ImageProbeError, match="cannot read"):
        probe_image(str(tmp_path))
    with pytest.raises(ImageProbeError, match="remote URLs"):
        probe_image("https://example.com/a.png")
    with pytest.raises(ImageProbeError, match="cannot probe"):
        probe_image(12345)  # type: ignore[arg-type]


# --- data URLs -------------------------------------------------------------------------


class CountingStr(str):
    """A str that records how many characters were sliced out of it."""

    sliced = 0

    def __getitem__(self, key):  # type: ignore[no-untyped-def]
        out = super().__getitem__(key)
        type(self).sliced += len(out)
        return out


def test_data_url_decodes_only_a_prefix() -> None:
    header = SAMPLES["png-odd"]
    header += b"\0" * (-len(header) % 3)  # no '=' padding inside the payload
    # 10 MB of payload whose tail is not valid base64: decoding it all would fail.
    url = data_url(header) + "A" * 8192 + "!" * 10_000_000
    assert probe_image(url).width == 1001
    inline = InlineData(url, url.index(",") + 1)
    assert probe_image(inline).width == 1001
    CountingStr.sliced = 0
    assert probe_image(InlineData(CountingStr(url), url.index(",") + 1)).width == 1001
    assert CountingStr.sliced <= 4096 * 4


def test_a_growing_prefix_decodes_each_character_once() -> None:
    """A palette and an ICC profile before a PNG's first IDAT take more than the first read:
    the prefix grows, and only what it adds is decoded (it was decoded from the start again,
    so a palette PNG's header cost two or three decodes)."""
    import io
    import random

    from PIL import Image as PILImage

    buf = io.BytesIO()
    icc = random.Random(7).randbytes(3000)  # random: zlib leaves it about as long
    PILImage.new("P", (33, 21)).save(buf, "PNG", icc_profile=icc)
    data = buf.getvalue()
    assert data.index(b"IDAT") > 3000
    payload = base64.b64encode(data).decode()
    url = CountingStr("data:image/png;base64," + payload)
    CountingStr.sliced = 0
    assert probe_image(InlineData(url, url.index(",") + 1)).display_size == (33, 21)
    assert CountingStr.sliced <= len(payload)


def test_display_size_reads_a_pngs_header_alone() -> None:
    data = SAMPLES["png-odd"]
    payload = base64.b64encode(data).decode()
    url = CountingStr("data:image/png;base64," + payload + "A" * 100_000)
    CountingStr.sliced = 0
    assert display_size(InlineData(url, url.index(",") + 1)) == probe_image(data).display_size
    assert CountingStr.sliced <= 64
    for name in NAMES:  # any other image, or a PNG not in plain base64: the whole probe
        url = data_url(SAMPLES[name])
        try:
            expected = probe_image(SAMPLES[name]).display_size
        except ImageProbeError:
            continue
        assert display_size(InlineData(url, url.index(",") + 1)) == expected, name


def test_data_url_grows_for_a_big_exif_block() -> None:
    data = SAMPLES["jpeg-big-exif-icc"]
    data += b"\0" * (-len(data) % 3)
    tail = "A" * 400_000 + "!" * 1_000_000  # the ×4 growth never reaches the invalid part
    assert probe_image(data_url(data, "image/jpeg") + tail).orientation == 6


def test_data_url_whitespace_and_padding() -> None:
    data = SAMPLES["gif-still"]
    b64 = base64.b64encode(data).decode()
    wrapped = "\n".join(b64[i : i + 76] for i in range(0, len(b64), 76))
    assert probe_image("data:image/gif;base64," + wrapped).format == "gif"
    assert probe_image("data:image/gif;base64," + b64.rstrip("=")).format == "gif"
    escaped = b64.replace("+", "%2B").replace("/", "%2F")
    assert probe_image("data:image/gif;base64," + escaped).format == "gif"
    assert probe_image("DATA:image/gif;BASE64," + b64).format == "gif"


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("data:image/png,rawbytes", "not base64"),
        ("data:image/png;base64", "malformed"),
        ("data:image/png;base64,iVBO-_", "not valid base64"),
        ("data:image/png;base64,A", "not valid base64"),
        ("data:image/png;base64,", "empty"),
        ("data:image/png;base64,iVBORw0KGgo=", "truncated"),
    ],
)
def test_data_url_errors(url: str, words: str) -> None:
    with pytest.raises(ImageProbeError) as err:
        probe_image(url)
    assert words in str(err.value)
    assert err.value.source == "data URL"


# --- fuzzing ---------------------------------------------------------------------------

_mutation = st.tuples(st.integers(min_value=0, max_value=4000), st.integers(0, 255))


@settings(
    max_examples=250,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    name=st.sampled_from(NAMES),
    mutations=st.lists(_mutation, max_size=6),
    cut=st.one_of(st.none(), st.integers(min_value=0, max_value=4000)),
    as_url=st.booleans(),
)
def test_fuzz_only_typed_errors(
    name: str, mutations: list[tuple[int, int]], cut: int | None, as_url: bool
) -> None:
    data = bytearray(SAMPLES[name][:4000] if cut is None else SAMPLES[name][:cut])
    for pos, value in mutations:
        if data:
            data[pos % len(data)] = value
    try:
        info = probe_image(data_url(bytes(data)) if as_url else bytes(data))
    except ImageProbeError:
        return
    assert info.width > 0 and info.height > 0
    assert info.width * info.height <= 1 << 28
    assert 1 <= info.orientation <= 8


@settings(max_examples=50, deadline=None, derandomize=True)
@given(
    sig=st.sampled_from([b"\x89PNG\r\n\x1a\n", b"\xff\xd8", b"GIF89a", b"RIFF\0\0\0\0WEBP"]),
    body=st.binary(max_size=300),
)
def test_fuzz_random_bodies(sig: bytes, body: bytes) -> None:
    with contextlib.suppress(ImageProbeError):
        probe_image(sig + body)


def test_gif_animation_and_size_follow_pillow() -> None:
    """A one-frame GIF with a NETSCAPE loop block is still; a first frame beyond the
    logical screen widens the canvas (both as Pillow 13 reports them)."""
    import io

    from PIL import Image as PILImage

    still = io.BytesIO()
    PILImage.new("P", (50, 40)).save(still, "GIF", loop=0)
    assert probe_image(still.getvalue()).animated is False
    assert PILImage.open(io.BytesIO(still.getvalue())).is_animated is False
    moving = io.BytesIO()
    frames = [PILImage.new("RGB", (50, 40), c) for c in ((255, 0, 0), (0, 255, 0))]
    frames[0].save(moving, "GIF", save_all=True, append_images=frames[1:], loop=0)
    assert probe_image(moving.getvalue()).animated is True
    data = bytearray(still.getvalue())
    data[6:10] = (10).to_bytes(2, "little") + (10).to_bytes(
        2, "little"
    )  # screen smaller than frame
    assert probe_image(bytes(data)).width == PILImage.open(io.BytesIO(bytes(data))).size[0]
