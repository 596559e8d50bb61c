"""Prices remembered between messages are the prices computed afresh."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from contextledger.catalog import lookup_model
from contextledger.model import Image, InlineData, Message, ToolCall
from contextledger.pricing.messages import Pricer

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
arguments = st.one_of(
    json_values.map(lambda v: json.dumps(v)),  # compact or not, escaped or not
    json_values.map(lambda v: json.dumps(v, indent=1, ensure_ascii=False)),
    st.text(max_size=20),  # not JSON at all
)


@given(
    st.lists(arguments, min_size=1, max_size=6),
    st.sampled_from([None, "openai", "anthropic", "gemini"]),
)
def test_tool_call_arguments_are_priced_as_if_for_the_first_time(
    texts: list[str], wire: str | None
) -> None:
    info = lookup_model("gpt-4o")
    shared = Pricer.for_model(info, wire=wire)
    for k, args in enumerate(texts * 2):  # every text seen twice by the shared pricer
        call = Message.assistant(ToolCall(f"c{k}", "run", args))
        assert shared.message(call) == Pricer.for_model(info, wire=wire).message(call)


def _png_data_url(width: int, height: int) -> str:
    import base64
    import io

    from PIL import Image as PILImage

    buf = io.BytesIO()
    PILImage.new("RGB", (width, height), (9, 99, 199)).save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def test_an_image_is_priced_from_its_header_without_hashing_its_payload(monkeypatch: Any) -> None:
    """Hashing an inline image reads its whole payload (a screenshot's megabyte); a fit
    prices it from its header's few bytes and remembers the price by identity."""
    from contextledger.fit import fit

    def boom(self: InlineData) -> int:
        raise AssertionError("an image payload was hashed")

    shot = _png_data_url(1920, 1080)
    dicts = [
        {"role": "user", "content": [{"type": "text", "text": "what is this?"},
                                     {"type": "image_url", "image_url": {"url": shot}}]},
        {"role": "assistant", "content": "a blue screen"},
        {"role": "user", "content": [{"type": "image_url", "image_url": {"url": shot}}]},
    ]  # fmt: skip
    monkeypatch.setattr(InlineData, "__hash__", boom)
    report = fit(dicts, "gpt-4o", window=8000).report
    assert report.image_tokens == 2 * Pricer.for_model("gpt-4o").image(Image(
        media_type="image/png", data=InlineData(shot, shot.index(",") + 1))).tokens  # fmt: skip


def test_a_size_planned_after_pricing_by_identity_is_the_price() -> None:
    """A size planned for an image (``prepare``) prices every copy of it at that size, even
    after images were priced by identity; an image without a plan keeps its own price."""
    shot = _png_data_url(2000, 1000)
    img = Image(media_type="image/png", data=InlineData(shot, shot.index(",") + 1))
    twin = Image(media_type="image/png", data=InlineData(shot[:], shot.index(",") + 1))
    other = Image(url="https://example.com/a.png", width=640, height=480)
    pricer = Pricer.for_model("gpt-4o")
    own, other_price = pricer.image(img), pricer.image(other)
    pricer.plan_size(img, 200, 100)
    planned = Pricer.for_model("gpt-4o")
    planned.plan_size(img, 200, 100)
    assert pricer.image(twin) == pricer.image(img) == planned.image(img) != own
    assert pricer.image(img).tokens < own.tokens
    assert pricer.image(other) == other_price
