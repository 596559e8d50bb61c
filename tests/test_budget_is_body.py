"""What a fit budgets for a target is the price of the body translate writes (issue #11, F16)."""

from __future__ import annotations

import base64
import io

import pytest
from PIL import Image

from contextledger import fit, translate
from contextledger.pricing.messages import price_request

MODELS = {
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
    "openai": "gpt-4o",
    "openai-responses": "gpt-4o",
}


def png(w: int, h: int) -> str:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), (9, 9, 9)).save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


@pytest.mark.parametrize("target", list(MODELS))
@pytest.mark.parametrize("between", ["   \n\t ", "", " "])
def test_blank_text_between_two_images_budgets_what_is_sent(target: str, between: str) -> None:
    """Blank text is no words between the images: they are labelled on every target (the
    Anthropic writer drops the blank block, and it was budgeted 4 under the body)."""
    model = MODELS[target]
    msgs = [{"role": "user", "content": [
        {"type": "image_url", "image_url": {"url": png(1, 1)}},
        {"type": "text", "text": between},
        {"type": "image_url", "image_url": {"url": png(64, 64)}}]}]  # fmt: skip
    res = fit(msgs, model, target=target)
    body = translate(res.messages, target, model=model).body
    budgeted = res.report.used
    assert budgeted == price_request(body, model, target).total
