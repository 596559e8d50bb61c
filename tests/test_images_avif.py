"""AVIF photos (Android's and Chrome's share format): no provider takes AVIF, Pillow reads it.
Sized from their ISO BMFF boxes (``ispe``, and ``irot``/``imir`` as the orientation Pillow
reports), re-encoded into a format the provider takes, priced as sent and reported — not
replaced by "[image (AVIF) omitted: not a readable image]" (R39-O2)."""

from __future__ import annotations

import base64
import io

import pytest
from PIL import Image as PILImage

from contextledger import fit, prepare, translate
from contextledger.errors import ImageProbeError
from contextledger.images.probe import probe_image
from contextledger.images.signature import sniff_image_media_type
from contextledger.pricing.vision import image_cost
from test_images_bmp_tiff import _chat, _screenshot, assert_every_prefix_raises_or_agrees, encode
from test_images_sendable import TAKES, TARGETS, _sent_images


def _avif(size: tuple[int, int] = (300, 200), orientation: int = 1, mode: str = "RGB") -> bytes:
    img = _screenshot(size).convert(mode)
    exif = img.getexif()
    exif[274] = orientation
    return encode(img, "AVIF", exif=exif.tobytes(), quality=50)


@pytest.mark.parametrize("orientation", range(1, 9))
@pytest.mark.parametrize("size", [(300, 200), (7, 1001)])
def test_an_avif_is_sized_and_turned_as_pillow_reads_it(
    size: tuple[int, int], orientation: int
) -> None:
    data = _avif(size, orientation)
    info = probe_image(data)
    with PILImage.open(io.BytesIO(data)) as img:
        assert (info.width, info.height, info.format) == (*img.size, "avif")
        assert info.orientation == img.getexif().get(274, 1)
    assert info.media_type == sniff_image_media_type(data[:12]) == "image/avif"
    assert probe_image("data:image/avif;base64," + base64.b64encode(data).decode()) == info


def test_every_prefix_of_an_avif_raises_or_agrees() -> None:
    assert_every_prefix_raises_or_agrees(_avif(mode="RGBA"), most=600)


def test_an_avif_with_no_size_is_refused_saying_why() -> None:
    ftyp = b"\0\0\0\x14ftypavif\0\0\0\0avif"
    with pytest.raises(ImageProbeError, match="AVIF"):
        probe_image(ftyp + b"\0\0\0\x10mdat" + b"\0" * 8)


@pytest.mark.parametrize(("target", "model"), TARGETS)
def test_an_avif_is_sent_in_a_format_the_provider_takes(target: str, model: str) -> None:
    res = fit(_chat(_avif(), "image/avif"), model, target=target)
    [sent] = _sent_images(translate(res.messages, target, model=model).body)
    info = probe_image(sent)
    assert info.format in TAKES[target][0] and (info.width, info.height) == (300, 200)
    assert res.report.image_tokens == image_cost(300, 200, model).tokens
    [notice] = [n for n in res.report.notices if n.kind in ("normalized", "replaced")]
    assert notice.kind == "normalized" and "re-encoded for" in notice.text


def test_prepare_sends_a_rotated_avif_upright() -> None:
    out = prepare(_chat(_avif(orientation=6), "image/avif"), "gpt-4o")
    [sent] = _sent_images(out.body)
    info = probe_image(sent)
    assert info.format in TAKES["openai"][0] and info.display_size == (200, 300)
