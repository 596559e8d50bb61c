"""BMP and TIFF screenshots (the Windows clipboard, some capture tools) and data URLs with no
media type. Pillow reads them and no provider takes BMP or TIFF: they are sized from their
headers, re-encoded into a format the provider takes, priced as sent and reported — never
dropped as "not a readable image" (review10 R7)."""

from __future__ import annotations

import base64
import io
import json
import struct
from typing import Any

import pytest
from PIL import Image as PILImage

from contextledger import fit, prepare, translate
from contextledger.errors import ContentError, ImageProbeError
from contextledger.images.probe import probe_image, probe_image_header
from contextledger.model import Image, InlineData, Message
from contextledger.pricing.vision import image_cost
from test_images_sendable import TAKES, TARGETS, _sent_images


def encode(img: PILImage.Image, fmt: str, **options: Any) -> bytes:
    buf = io.BytesIO()
    img.save(buf, fmt, **options)
    return buf.getvalue()


def _screenshot(size: tuple[int, int] = (300, 200)) -> PILImage.Image:
    img = PILImage.new("RGB", size, "navy")
    img.paste(PILImage.new("RGB", (size[0] // 2, size[1] // 3), "white"), (10, 10))
    return img


def _bmp_core(width: int, height: int) -> bytes:
    """An OS/2 BMP (12-byte BITMAPCOREHEADER: 16-bit sizes), 24 bits a pixel."""
    row = (width * 3 + 3) // 4 * 4
    header = struct.pack("<IHHHH", 12, width, height, 1, 24)
    return b"BM" + struct.pack("<IHHI", 26 + row * height, 0, 0, 26) + header + b"\0" * row * height


def _bmp_top_down(width: int, height: int) -> bytes:
    """A BITMAPINFOHEADER BMP stored top-down (negative height), as some tools write it."""
    bmp = bytearray(encode(_screenshot((width, height)), "BMP"))
    struct.pack_into("<i", bmp, 22, -height)
    return bytes(bmp)


def _tiff_big_endian(width: int, height: int) -> bytes:
    """A Motorola-order ("MM") uncompressed greyscale TIFF, IFD after the pixels."""
    pixels = b"\x80" * width * height
    entries = [
        (256, 4, 1, width), (257, 4, 1, height), (258, 3, 1, 8 << 16), (259, 3, 1, 1 << 16),
        (262, 3, 1, 1 << 16), (273, 4, 1, 8), (277, 3, 1, 1 << 16), (278, 4, 1, height),
        (279, 4, 1, len(pixels)),
    ]  # fmt: skip
    ifd = struct.pack(">H", len(entries))
    ifd += b"".join(struct.pack(">HHII", *e) for e in entries) + b"\0\0\0\0"
    return b"MM\0*" + struct.pack(">I", 8 + len(pixels)) + pixels + ifd


SAMPLES = {
    "bmp": encode(_screenshot(), "BMP"),
    "bmp-rgba": encode(PILImage.new("RGBA", (300, 200), (0, 0, 255, 128)), "BMP"),
    "bmp-palette": encode(_screenshot().convert("P"), "BMP"),
    "bmp-core": _bmp_core(300, 200),
    "bmp-top-down": _bmp_top_down(300, 200),
    "tiff": encode(_screenshot(), "TIFF"),
    "tiff-lzw": encode(_screenshot(), "TIFF", compression="tiff_lzw"),
    "tiff-big-endian": _tiff_big_endian(300, 200),
}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_bmp_and_tiff_are_sized_from_their_headers_as_pillow_reads_them(name: str) -> None:
    data = SAMPLES[name]
    info = probe_image(data)
    with PILImage.open(io.BytesIO(data)) as img:
        assert (info.width, info.height, info.format) == (*img.size, str(img.format).lower())
    assert info.media_type == f"image/{info.format}"
    assert probe_image("data:image/x-ms-bmp;base64," + base64.b64encode(data).decode()) == info


def assert_every_prefix_raises_or_agrees(data: bytes, most: int | None = None) -> None:
    """Each prefix of ``data`` (its first ``most`` bytes at most) is read as the whole file
    is, or refused with a reason."""
    full = probe_image(data)
    for n in range(min(len(data), most or len(data)) + 1):
        try:
            got = probe_image_header(data[:n])
        except ImageProbeError as exc:
            assert exc.reason
            continue
        assert got == full, n


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_prefix_of_a_bmp_or_tiff_raises_or_agrees(name: str) -> None:
    assert_every_prefix_raises_or_agrees(SAMPLES[name])


def test_a_tiffs_orientation_and_pages_are_read() -> None:
    """A rotated TIFF is sent upright (providers ignore the tag); a multi-page TIFF is sent
    as its first page, as an animation is."""
    rotated = probe_image(encode(_screenshot(), "TIFF", tiffinfo={274: 6}))
    assert (rotated.orientation, rotated.display_size) == (6, (200, 300))
    pages = encode(_screenshot(), "TIFF", save_all=True, append_images=[_screenshot()])
    assert probe_image(pages).animated


def _chat(data: bytes, media_type: str) -> list[dict[str, Any]]:
    url = f"data:{media_type};base64,{base64.b64encode(data).decode()}"
    return [{"role": "user", "content": [
        {"type": "text", "text": "What is in this screenshot?"},
        {"type": "image_url", "image_url": {"url": url}},
    ]}]  # fmt: skip


@pytest.mark.parametrize("name", ["bmp", "bmp-rgba", "tiff-lzw", "tiff-big-endian"])
@pytest.mark.parametrize(("target", "model"), TARGETS)
def test_a_bmp_or_tiff_is_sent_in_a_format_the_provider_takes(
    target: str, model: str, name: str
) -> None:
    media_type = "image/bmp" if name.startswith("bmp") else "image/tiff"
    res = fit(_chat(SAMPLES[name], media_type), model, target=target)
    [sent] = _sent_images(translate(res.messages, target, model=model).body)
    info = probe_image(sent)
    assert info.format in TAKES[target][0] and (info.width, info.height) == (300, 200)
    assert res.report.image_tokens == image_cost(300, 200, model).tokens
    [notice] = [n for n in res.report.notices if n.kind in ("normalized", "replaced")]
    assert notice.kind == "normalized" and "re-encoded for" in notice.text
    assert f"image/{name.split('-')[0]} is not a format the provider accepts" in notice.text


@pytest.mark.parametrize("fmt", ["BMP", "TIFF"])
def test_prepare_sends_a_bmp_or_tiff_re_encoded(fmt: str) -> None:
    out = prepare(_chat(encode(_screenshot(), fmt), f"image/{fmt.lower()}"), "gpt-4o")
    [sent] = _sent_images(out.body)
    assert probe_image(sent).format in TAKES["openai"][0]
    assert out.report.image_tokens == image_cost(300, 200, "gpt-4o").tokens


def test_a_data_url_with_no_media_type_is_read_by_its_bytes() -> None:
    """``data:;base64,<png>`` was refused ("inline image has no media type") though its
    bytes say PNG: the bytes decide."""
    png = encode(_screenshot(), "PNG")
    img = Image(url="data:;base64," + base64.b64encode(png).decode())
    assert img.media_type == "image/png" and img.data is not None
    for target, model in TARGETS:
        res = fit([Message.user("what is this?", img)], model, target=target)
        [sent] = _sent_images(translate(res.messages, target).body)
        assert sent == png
    unknown = Image(url="data:;base64," + base64.b64encode(b"just some text").decode())
    assert unknown.media_type is None  # refused by the writers, naming where


@pytest.mark.parametrize(("name", "ext"), [("bmp", "bmp"), ("tiff-lzw", "tif")])
def test_the_store_keeps_a_bmp_or_tiff_as_it_came_and_it_is_sent_re_encoded(
    tmp_path: Any, name: str, ext: str
) -> None:
    """review11 I3: the fit took BMP/TIFF screenshots but the store refused them, so an app
    recording its history could not record the turn. The record keeps the bytes (lose
    nothing); the fit re-encodes them on the way out."""
    from contextledger.storage.media import MediaStore

    store = MediaStore(tmp_path)
    data = SAMPLES[name]
    media_type = "image/bmp" if ext == "bmp" else "image/tiff"
    stored = store.intern(Image(media_type, data=InlineData.from_bytes(data)))
    assert stored.ref is not None and stored.ref.endswith(f".{ext}")
    assert store.read(stored.ref) == data
    assert store.intern(Image(None, data=InlineData.from_bytes(data))).ref == stored.ref
    sent = store.materialize(stored)
    res = fit([Message.user("what is this?", sent)], "gemini-2.5-flash", target="gemini")
    [out] = _sent_images(translate(res.messages, "gemini").body)
    assert probe_image(out).format in TAKES["gemini"][0]


def test_a_bmp_that_cannot_be_decoded_becomes_a_reported_note() -> None:
    """Its header reads but its pixels are cut off: no provider takes it as it is and it
    cannot be re-encoded, so the model gets a note, and the person a notice."""
    cut = SAMPLES["bmp"][:200]
    res = fit(_chat(cut, "image/bmp"), "gpt-4o", target="openai")
    body = translate(res.messages, "openai").body
    assert _sent_images(body) == []
    assert "could not be re-encoded" in json.dumps(body)
    [notice] = [n for n in res.report.notices if n.kind == "replaced"]
    assert (
        "The model will not see image" in notice.text and "could not be re-encoded" in notice.text
    )


@pytest.mark.parametrize(("target", "model"), TARGETS)
def test_translate_alone_sends_only_what_the_provider_takes(target: str, model: str) -> None:
    """Without a fit (``translate`` of an app's own history), a GIF for Gemini, an animated
    GIF for OpenAI and a BMP for anyone were written as they came, and answered 400."""
    gif = encode(_screenshot(), "GIF", save_all=True, append_images=[_screenshot()])
    msgs = [
        Message.user("first", Image("image/gif", InlineData.from_bytes(gif)), id="g"),
        Message.assistant("ok"),
        Message.user("second", Image("image/bmp", InlineData.from_bytes(SAMPLES["bmp"])), id="b"),
    ]
    for named in (None, model):
        out = translate(msgs, target, model=named)
        for sent in _sent_images(out.body):
            info = probe_image(sent)
            assert info.format in TAKES[target][0] and (TAKES[target][1] or not info.animated)
        assert [n.where for n in out.notices if n.kind == "normalized"][-1] == "b"


def test_translate_refuses_an_image_it_cannot_make_sendable_naming_where() -> None:
    cut = Image("image/bmp", InlineData.from_bytes(SAMPLES["bmp"][:200]))
    with pytest.raises(ContentError, match=r"messages\[1\]\.content\[1\].*cannot be re-encoded"):
        translate([Message.user("hi"), Message.user("see", cut)], "anthropic")


def _png_b64() -> str:
    return base64.b64encode(encode(_screenshot(), "PNG")).decode()


@pytest.mark.parametrize(
    "history",
    [
        [{"role": "user", "content": [
            {"type": "image_url", "image_url": {"url": "data:;base64," + _png_b64()}},
            {"type": "text", "text": "what is this?"}]}],
        [{"role": "user", "content": [
            {"type": "input_image", "image_url": "data:;base64," + _png_b64()},
            {"type": "input_text", "text": "what is this?"}]}],
        [{"role": "user", "content": [
            {"type": "image", "source": {"type": "base64", "media_type": "", "data": _png_b64()}},
            {"type": "text", "text": "what is this?"}]}],
    ],
)  # fmt: skip
def test_an_image_read_with_an_empty_media_type_takes_its_bytes_type(
    history: list[dict[str, Any]],
) -> None:
    for target, model in TARGETS:
        res = fit(history, model, target=target)
        [sent] = _sent_images(translate(res.messages, target).body)
        assert probe_image(sent).format == "png"
