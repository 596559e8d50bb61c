"""An image whose bytes are not an image is never sent: every provider refuses the request."""

from __future__ import annotations

from typing import Any

import pytest

from builders import b64, data_url, png, png_header
from contextledger import Fitter, fit, translate
from contextledger.pricing.messages import Pricer

BROKEN = [
    "data:image/png;base64,!!!notbase64",
    data_url(b"hello world"),  # text labelled image/png
    data_url(png(64, 48)[:20]),  # a truncated PNG
]


def _user(url: str, text: str = "what is this") -> dict[str, Any]:
    return {"role": "user", "content": [{"type": "image_url", "image_url": {"url": url}},
                                        {"type": "text", "text": text}]}  # fmt: skip


@pytest.mark.parametrize("url", BROKEN)
@pytest.mark.parametrize(
    ("target", "model"), [("anthropic", "claude-sonnet-4-5"), ("openai", "gpt-4o")]
)
def test_an_unreadable_image_is_replaced_by_a_note_reported(
    url: str, target: str, model: str
) -> None:
    res = fit([_user(url)], model, target=target)
    assert not any(True for m in res.messages for _ in m.images())
    assert "not a readable image" in res.messages[-1].text
    assert [n.kind for n in res.report.notices] == ["replaced"]
    assert res.report.dropped[0].what == "image"
    assert (
        res.report.messages_tokens
        == Pricer.for_model(model, wire=target).messages(res.messages).total
    )
    translate(res.messages, target, model=model)


def test_a_readable_image_beside_it_is_kept() -> None:
    good = data_url(png(64, 48))
    msg = {"role": "user", "content": [
        {"type": "image_url", "image_url": {"url": BROKEN[0]}},
        {"type": "image_url", "image_url": {"url": good}},
        {"type": "text", "text": "compare"},
    ]}  # fmt: skip
    res = fit([msg], "gpt-4o")
    assert [img.data is not None for m in res.messages for img in m.images()] == [True]
    assert len(res.report.notices) == 1


def test_an_unreadable_image_in_a_tool_result_is_replaced_too() -> None:
    body = {
        "messages": [
            {"role": "user", "content": "take a screenshot"},
            {"role": "assistant", "content": [{"type": "tool_use", "id": "c1", "name": "shot",
                                                "input": {}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "c1", "content": [
                {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                             "data": "aGVsbG8gd29ybGQ="}}]}]},
        ]
    }  # fmt: skip
    res = fit(body, "claude-sonnet-4-5", target="anthropic")
    assert not any(True for m in res.messages for _ in m.images())
    assert any("not a readable image" in n.text for n in res.report.notices)
    translate(res.messages, "anthropic", model="claude-sonnet-4-5")


def test_a_fitter_replaces_it_on_every_turn_alike() -> None:
    history = [_user(BROKEN[1]), {"role": "assistant", "content": "It is not an image."}]
    fitter = Fitter("gpt-4o")
    first = fitter.fit(history)
    history.append({"role": "user", "content": "ok, thanks"})
    again = fitter.fit(history)
    assert first.messages[0].text == again.messages[0].text
    assert "not a readable image" in again.messages[0].text
    assert again.report.messages_tokens == Pricer.for_model("gpt-4o").messages(again.messages).total


@pytest.mark.parametrize("declared", [(100, 100), (1, 1), (8000, 8000)])
@pytest.mark.parametrize("model", ["gpt-4o", "claude-sonnet-4-5", "gemini-2.5-flash"])
def test_an_image_is_priced_by_the_bytes_it_holds_not_a_size_declared_beside_them(
    declared: tuple[int, int], model: str
) -> None:
    """The provider bills the pixels it receives: a 4000×3000 PNG declared 100×100 was
    priced 255 tokens on gpt-4o (billed 765), below the bill."""
    from contextledger import Message
    from contextledger.model import Image, InlineData, Text

    held = png_header(4000, 3000)
    width, height = declared
    declared_img = Image("image/png", InlineData(b64(held)), width=width, height=height)
    plain_img = Image("image/png", InlineData(b64(held)))
    pricer = Pricer.for_model(model)
    assert pricer.image(declared_img).tokens == pricer.image(plain_img).tokens
    got = fit([Message("user", (Text("look"), declared_img))], model, window=100_000)
    want = fit([Message("user", (Text("look"), plain_img))], model, window=100_000)
    assert got.report.image_tokens == want.report.image_tokens
