"""normalize_image on real images of every format (Pillow-made, no mocks)."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image as PILImage

from builders import encode, image_bytes, png_header
from contextledger.catalog import ImageLimits
from contextledger.errors import ImageProbeError
from contextledger.images.normalize import normalize_image


def screenshot(w: int, h: int) -> PILImage.Image:
    im = PILImage.new("RGB", (w, h), "white")
    px = im.load()
    assert px is not None
    for y in range(0, h, 37):
        for x in range(0, w, 3):
            px[x, y] = (0, 0, 0)
    return im


def decoded(data: bytes) -> PILImage.Image:
    im = PILImage.open(io.BytesIO(data))
    im.load()
    return im


def test_small_png_passes_through_untouched() -> None:
    data = encode(screenshot(800, 600), "PNG")
    out = normalize_image(data, name="small.png")
    assert out.data is data or out.data == data
    assert (out.changed, out.media_type, out.width, out.height) == (False, "image/png", 800, 600)
    assert "untouched" in out.reason


def test_exactly_the_cap_passes_and_nothing_is_upscaled() -> None:
    at_cap = image_bytes(2000, 10, "PNG", "black")
    assert not normalize_image(at_cap).changed
    tiny = image_bytes(30, 20, "JPEG", "black")
    out = normalize_image(tiny, max_edge=2000)
    assert (out.width, out.height, out.data) == (30, 20, tiny)


def test_4k_screenshot_becomes_2000px_webp_with_tokens() -> None:
    data = encode(screenshot(3840, 2160), "PNG")
    out = normalize_image(data, name="4k.png", model="claude-sonnet-4-5")
    assert out.changed and out.media_type == "image/webp"
    assert (out.width, out.height) == (2000, 1125)
    assert decoded(out.data).format == "WEBP" and decoded(out.data).size == (2000, 1125)
    assert out.pixels_before == 3840 * 2160 and out.bytes_before == len(data)
    assert out.tokens_before is not None and out.tokens_after is not None
    assert out.tokens_after <= out.tokens_before
    assert "3840 px" in out.reason and "4k.png" in out.summary()


def test_large_jpeg_photo_is_never_reencoded_as_jpeg() -> None:
    photo = PILImage.radial_gradient("L").resize((4000, 3000)).convert("RGB")
    out = normalize_image(encode(photo, "JPEG", quality=90))
    assert out.media_type == "image/webp" and (out.width, out.height) == (2000, 1500)


def test_exif_orientation_applied_when_resizing() -> None:
    exif = PILImage.Exif()
    exif[0x0112] = 6  # rotate 90° CW on display
    data = image_bytes(3000, 1000, "JPEG", "red", exif=exif.tobytes())
    out = normalize_image(data)
    assert (out.width_before, out.height_before) == (1000, 3000)
    assert (out.width, out.height) == (667, 2000)
    assert decoded(out.data).size == (667, 2000)


def test_exif_orientation_small_image_is_turned_upright() -> None:
    """Providers ignore EXIF: a rotated photo under the cap is re-encoded upright (decision
    changed after review: passing it through would show the model a sideways photo)."""
    exif = PILImage.Exif()
    exif[0x0112] = 6
    data = image_bytes(300, 100, "JPEG", "black", exif=exif.tobytes())
    out = normalize_image(data)
    assert out.changed and "orientation" in out.reason
    assert (out.width, out.height) == (100, 300) and decoded(out.data).size == (100, 300)


def animated_gif(w: int, h: int) -> bytes:
    frames = [PILImage.new("RGB", (w, h), c) for c in ("red", "blue", "green")]
    return encode(frames[0], "GIF", save_all=True, append_images=frames[1:], duration=50, loop=0)


def test_small_animated_gif_passes_whole() -> None:
    data = animated_gif(64, 48)
    out = normalize_image(data)
    assert not out.changed and out.data == data and decoded(out.data).n_frames == 3


def test_large_animated_gif_becomes_its_first_frame() -> None:
    out = normalize_image(animated_gif(2400, 100))
    im = decoded(out.data)
    assert out.media_type == "image/webp" and getattr(im, "n_frames", 1) == 1
    assert im.convert("RGB").getpixel((10, 10))[0] > 200  # red, the first frame
    assert "first frame" in out.reason


def test_animation_refused_by_provider_is_flattened_even_when_small() -> None:
    out = normalize_image(animated_gif(64, 48), limits=ImageLimits(animated_ok=False))
    assert out.changed and (out.width, out.height) == (64, 48) and "animated" in out.reason


def test_format_the_provider_refuses_is_reencoded() -> None:
    gem = ImageLimits(formats=("image/png", "image/jpeg", "image/webp"))
    out = normalize_image(image_bytes(50, 50, "GIF", "black"), limits=gem)
    assert out.changed and out.media_type == "image/webp" and (out.width, out.height) == (50, 50)


def test_large_webp_and_alpha_are_kept_as_webp_with_alpha() -> None:
    im = PILImage.new("RGBA", (2500, 500), (255, 0, 0, 0))
    out = normalize_image(encode(im, "WEBP"))
    assert (out.width, out.height) == (2000, 400) and decoded(out.data).mode == "RGBA"


def test_many_images_side_limit_applies_above_threshold() -> None:
    lim = ImageLimits(many_images_threshold=20, many_images_max_side=1000)
    data = image_bytes(1500, 750, "PNG", "black")
    assert not normalize_image(data, limits=lim, image_count=20).changed
    out = normalize_image(data, limits=lim, image_count=21)
    assert (out.width, out.height) == (1000, 500) and "more than 20 images" in out.reason


def test_base64_byte_limit_is_met() -> None:
    noisy = PILImage.effect_noise((1200, 1200), 120).convert("RGB")
    data = encode(noisy, "PNG")
    lim = ImageLimits(max_base64_bytes=150_000)
    out = normalize_image(data, limits=lim)
    assert out.base64_bytes <= 150_000 and out.changed
    assert "byte limit" in out.reason


def test_decompression_bomb_refused_from_header_before_decoding() -> None:
    with pytest.raises(ImageProbeError, match="pixel decode limit") as err:
        normalize_image(png_header(12000, 12000), name="bomb.png")
    assert err.value.source == "bomb.png"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"plain text, not an image", "unknown image format"),
        (image_bytes(16, 16, "ICO", "black"), "unknown image format"),
        (image_bytes(3000, 5, "PNG", "black")[:60], "decoded"),
    ],
)
def test_unreadable_files_name_the_file(data: bytes, words: str) -> None:
    with pytest.raises(ImageProbeError, match=words) as err:
        normalize_image(data, name="bad.img")
    assert str(err.value).startswith("bad.img")


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 300), st.integers(1, 300), st.sampled_from(["PNG", "JPEG", "GIF", "WEBP"]))
def test_never_upscales_and_always_fits_the_cap(w: int, h: int, fmt: str) -> None:
    data = image_bytes(w, h, fmt, "gray")
    out = normalize_image(data, max_edge=100)
    assert max(out.width, out.height) <= max(100, 0) or not out.changed
    assert out.width <= w and out.height <= h
    if max(w, h) <= 100:
        assert out.data == data
    else:
        assert max(out.width, out.height) == 100


def test_re_encoding_imports_only_the_plugins_of_the_formats_it_reads() -> None:
    """Opening a WebP or a TIFF, or saving a WebP (every image re-encoded for Anthropic or
    OpenAI), with only the plugins ``Image.preinit`` registers made Pillow import all 45 of
    its plugins (~150 ms of CPU and ~1.8 MB held inside a first fit). Checked in a fresh
    process, over each format read; the outputs are the same as with every plugin."""
    import subprocess
    import sys

    code = (
        "import io, sys\n"
        "from PIL import Image\n"
        "from contextledger.images.normalize import normalize_image\n"
        "out = []\n"
        "for fmt in ('PNG', 'JPEG', 'GIF', 'WEBP', 'BMP', 'TIFF'):\n"
        "    buf = io.BytesIO(); Image.new('RGB', (2600, 1200), (9, 90, 200)).save(buf, fmt)\n"
        "    res = normalize_image(buf.getvalue(), name=fmt)\n"
        "    out.append((res.media_type, res.width, res.height, len(res.data)))\n"
        "print(repr(out))\n"
        "print('PIL.IcoImagePlugin' in sys.modules, Image._initialized)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    made, plugins = run.stdout.splitlines()
    assert plugins == "False 1"
    with_every_plugin = subprocess.run(
        [sys.executable, "-c", "from PIL import Image; Image.init()\n" + code],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert with_every_plugin.stdout.splitlines() == [made, "True 2"]
