"""Peak memory of body building (speed65): the fitter's table of images sent as they are holds
each image once, with no key or value tuples per image, and still re-encodes what the
provider refuses, once per image."""

from __future__ import annotations

import base64
import io

from PIL import Image as Pil

from contextledger import warm
from contextledger.catalog import lookup_model
from contextledger.fit import fit
from contextledger.fit.edits import SendableImages
from contextledger.model import Image, InlineData
from contextledger.pricing.messages import Pricer
from memory_sizes import peak_over_size
from test_fit_memory_image_limit import _body


def _image(fmt: str, mime: str) -> Image:
    buf = io.BytesIO()
    Pil.new("RGB", (12, 9), (200, 10, 10)).save(buf, fmt)
    return Image(mime, InlineData(base64.b64encode(buf.getvalue()).decode()))


def test_an_image_is_re_encoded_once_and_one_sent_as_it_is_stays_as_it_is() -> None:
    sendable = SendableImages(lookup_model("gpt-4o"))
    bmp, png = _image("BMP", "image/bmp"), _image("PNG", "image/png")
    first = sendable.converted(bmp)
    assert first is not None and isinstance(first[0], Image)
    assert first[0].media_type != "image/bmp" and first[1]  # (re-encoded, saying why)
    again = sendable.converted(bmp)
    assert again is not None and again[0] is first[0]  # (remembered, not re-encoded)
    assert sendable.converted(png) is None
    assert sendable.converted(png) is None
    # an equal image that is another object is looked at afresh, with the same answer
    copy = _image("BMP", "image/bmp")
    other = sendable.converted(copy)
    assert other is not None and other[0] is not first[0] and other[0] == first[0]


def test_images_priced_alike_in_a_row_share_one_price_and_others_keep_their_own() -> None:
    pricer = Pricer.for_model("claude-sonnet-4-5")
    a, b = _image("PNG", "image/png"), _image("PNG", "image/png")
    assert a is not b
    assert pricer.image(a) is pricer.image(b)  # (one object for equal prices)
    buf = io.BytesIO()
    Pil.new("RGB", (1200, 800)).save(buf, "PNG")
    big = Image("image/png", InlineData(base64.b64encode(buf.getvalue()).decode()))
    price = pricer.image(big)
    assert (price.width, price.height, price.shown) == (1200, 800, (1200, 800))
    assert price.tokens > pricer.image(a).tokens
    assert pricer.image(big) is price


def test_a_fit_of_a_thousand_tiny_screenshots_in_tool_results_peaks_below_1_5x_its_body() -> None:
    """An Anthropic body of 1,000 tiny screenshots in tool results fitted at 128k (the 900 over
    the 100-image limit replaced), warmed as ``bench_fit.py --memory`` is: its peak of
    traced memory over the body's size in memory (main before speed65: 1.65x; after: 1.46x)."""
    warm()
    fit(_body(30, []), "claude-sonnet-4-5", window=128_000)  # (one-time loads)
    body = _body(1_000, [], size=(16, 12))
    ratio = peak_over_size(
        lambda: fit(body, "claude-sonnet-4-5", window=128_000, max_output_tokens=4096), body
    )
    assert ratio < 1.5, f"{ratio:.3f}x"
