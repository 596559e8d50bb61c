"""An id the catalog does not know, served OpenAI-compatibly and given a window but no
``image_family``: its images are refused until a family is named (review40 R40-M1: a
1200×900 image was priced 765 with gpt-4o's tiles and called "on the high side", where a
Claude bills 1,419, a Qwen2-VL server ~1,376 and gpt-4o-mini 25,501 — no price is both
useful and never below the bill). Text still fits; a named family prices the images."""

from __future__ import annotations

import pytest

from builders import data_url, png
from contextledger import ContentError, UnpricedImagesError, VisionGateError, fit, image_cost
from contextledger.catalog import lookup_model
from contextledger.model import Message

MODEL = "acme/qwen2-vl-7b-instruct"
PHOTO = [
    {
        "role": "user",
        "content": [
            {"type": "text", "text": "what is in this photo?"},
            {"type": "image_url", "image_url": {"url": data_url(png(1200, 900))}},
        ],
    }
]


def test_its_images_are_refused_naming_the_family_to_give() -> None:
    with pytest.raises(UnpricedImagesError, match="image_family") as caught:
        fit(PHOTO, MODEL, window=8000, max_output_tokens=500)
    assert isinstance(caught.value, VisionGateError)  # (caught where a gate refusal is)
    assert "cannot accept images" not in str(caught.value)  # it may well see them


def test_placeholders_say_why_the_image_was_left_out() -> None:
    out = fit(PHOTO, MODEL, window=8000, max_output_tokens=500, on_images="placeholder")
    assert isinstance(out.messages[0], Message)
    assert "no known image prices" in out.messages[0].text
    assert any("no known image prices" in n.text for n in out.report.notices)


def test_a_named_family_prices_its_images_as_estimates() -> None:
    out = fit(PHOTO, MODEL, window=8000, max_output_tokens=500, image_family="claude-sonnet-4-5")
    assert out.report.image_tokens == image_cost(1200, 900, "claude-sonnet-4-5").tokens
    info = lookup_model(MODEL, window=8000, image_family="gpt-4o")
    cost = image_cost(1200, 900, info)
    assert cost.tokens == image_cost(1200, 900, "gpt-4o").tokens and not cost.exact


def test_its_text_still_fits() -> None:
    out = fit([{"role": "user", "content": "hello"}], MODEL, window=8000, max_output_tokens=500)
    assert out.report.used > 0


def test_pricing_its_image_directly_is_a_typed_error() -> None:
    with pytest.raises(ContentError, match="no image_family was given"):
        image_cost(1200, 900, lookup_model(MODEL, window=8000))


@pytest.mark.parametrize(("unknown", "known"), [("claude-sonnet-9", "claude-opus-4-7")])
def test_an_unknown_id_of_a_known_provider_keeps_that_providers_highest_formula(
    unknown: str, known: str
) -> None:
    """A Claude id the catalog does not know is priced on the high-resolution tier, the
    most any Claude bills for an image."""
    info = lookup_model(unknown, window=8000)
    for w, h in ((1200, 900), (3840, 2160), (200, 5000)):
        assert image_cost(w, h, info).tokens >= image_cost(w, h, known).tokens
