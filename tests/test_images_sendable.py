"""Images a provider refuses as they are, and images given as hand-built data URLs.

Gemini takes PNG, JPEG, WebP, HEIC and HEIF (a GIF is answered 400 "Unsupported MIME
type"); OpenAI takes non-animated GIF only; Anthropic takes JPEG, PNG, GIF and WebP. A fit
sends each image in a form its provider takes, priced as sent, and says so.
"""

from __future__ import annotations

import base64
import io
import json
from typing import Any

import pytest
from PIL import Image as PILImage

from contextledger import fit, translate
from contextledger.catalog import default_catalog
from contextledger.fit import Fitter
from contextledger.images.probe import probe_image
from contextledger.model import Image, InlineData, Message
from contextledger.pricing.vision import image_cost, max_image_cost
from contextledger.providers import provider_format
from stub_gemini import validate_request
from stub_server import Invalid, StubServer

TARGETS = [
    ("anthropic", "claude-sonnet-4-5"),
    ("gemini", "gemini-2.5-flash"),
    ("openai", "gpt-4o"),
    ("openai-responses", "gpt-5"),
]
TAKES = {
    "anthropic": ({"gif", "png", "jpeg", "webp"}, True),
    "gemini": ({"png", "jpeg", "webp"}, True),
    "openai": ({"gif", "png", "jpeg", "webp"}, False),
    "openai-responses": ({"gif", "png", "jpeg", "webp"}, False),
}


def _gif(size: tuple[int, int], frames: int) -> bytes:
    buf = io.BytesIO()
    shots = [PILImage.new("RGB", size, c) for c in ("red", "blue", "green")[:frames]]
    shots[0].save(buf, "GIF", save_all=frames > 1, append_images=shots[1:], duration=100)
    return buf.getvalue()


def _chat(data: bytes, media_type: str = "image/gif") -> list[dict[str, Any]]:
    url = f"data:{media_type};base64,{base64.b64encode(data).decode()}"
    return [{"role": "user", "content": [
        {"type": "text", "text": "What is in this picture?"},
        {"type": "image_url", "image_url": {"url": url}},
    ]}]  # fmt: skip


def _sent_images(body: Any) -> list[bytes]:
    """The image bytes a translated body carries, whatever the wire format."""
    found: list[bytes] = []

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for key in ("data", "url", "image_url"):
                v = x.get(key)
                if isinstance(v, str) and (v.startswith("data:image/") or key == "data"):
                    found.append(base64.b64decode(v.split(",", 1)[-1]))
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(body)
    return found


@pytest.mark.parametrize("frames", [1, 3])
@pytest.mark.parametrize(("target", "model"), TARGETS)
def test_every_gif_is_sent_in_a_form_the_provider_takes(
    target: str, model: str, frames: int
) -> None:
    res = fit(_chat(_gif((600, 400), frames)), model, target=target)
    body = translate(res.messages, target, model=model).body
    [sent] = _sent_images(body)
    info = probe_image(sent)
    formats, animated_ok = TAKES[target]
    assert info.format in formats and (animated_ok or not info.animated)
    assert (info.width, info.height) == (600, 400)
    # priced as sent: the report's image tokens are the sent image's price
    assert res.report.image_tokens == image_cost(600, 400, model).tokens
    changed = info.format != "gif" or info.animated != (frames > 1)
    notices = [n for n in res.report.notices if n.kind == "normalized"]
    assert bool(notices) == changed
    if changed:
        assert "re-encoded for" in notices[0].text and "600×400" in notices[0].text
        assert any(c.what == "image" and c.action == "replaced" for c in res.report.changes)


def _gemini_refusal(body: Any, stub: StubServer) -> str | None:
    """What the validating Gemini stub answers ``body`` (None: accepted)."""
    path = "/v1beta/models/gemini-2.5-flash:generateContent"
    try:
        validate_request("gemini-2.5-flash", body, {"x-goog-api-key": "k"}, path, stub)
    except Invalid as exc:
        return exc.message
    return None


def test_a_gif_for_gemini_is_accepted_by_the_stub_that_refuses_gifs(stub: StubServer) -> None:
    gif = _gif((300, 200), 3)
    raw = (Message.user("What is this?", Image("image/gif", InlineData.from_bytes(gif))),)
    refusal = _gemini_refusal(provider_format("gemini").write(raw, []), stub)
    assert refusal is not None and "Unsupported MIME type" in refusal  # as the real API
    res = fit(_chat(gif), "gemini-2.5-flash", target="gemini")
    assert _gemini_refusal(translate(res.messages, "gemini").body, stub) is None


def test_a_refit_does_not_decode_a_converted_gif_again() -> None:
    fitter = Fitter("gemini-2.5-flash", target="gemini")
    msgs = _chat(_gif((300, 200), 1))
    first = fitter.fit(msgs)
    msgs.append({"role": "assistant", "content": "A red square."})
    msgs.append({"role": "user", "content": "And now?"})
    again = fitter.fit(msgs)
    [img1] = [i for m in first.messages for i in m.images()]
    [img2] = [i for m in again.messages for i in m.images()]
    assert img1 is img2  # remembered, not re-encoded
    assert again.report.image_tokens == first.report.image_tokens


def test_a_hand_built_data_url_is_priced_by_its_pixels() -> None:
    buf = io.BytesIO()
    PILImage.new("RGB", (100, 80), "navy").save(buf, "PNG")
    url = "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()
    by_url = Image(url=url)
    assert (by_url.data, by_url.url, by_url.media_type) == (
        InlineData(url, url.index(",") + 1),
        None,
        "image/png",
    )
    for model in ("gpt-4o", "claude-sonnet-4-5", "gemini-2.5-flash"):
        report = fit([Message.user("What is this?", by_url)], model).report
        assert report.image_tokens == image_cost(100, 80, model).tokens
        assert report.image_tokens < max_image_cost(model).tokens
        assert not any("per-image maximum" in n.text for n in report.notices)


def test_a_data_url_that_is_not_base64_stays_a_url() -> None:
    svg = "data:image/svg+xml,%3Csvg%3E%3C/svg%3E"
    img = Image(url=svg)
    assert (img.url, img.data) == (svg, None)
    assert svg in json.dumps(translate((Message.user("x", img),), "openai").body)


def test_a_data_url_with_parameters_keeps_only_the_media_type() -> None:
    """data:image/png;name=shot.png;base64,… (some apps name the file): the writers must send
    image/png, not the parameters (OpenAI answers 400 "Invalid image URL")."""
    buf = io.BytesIO()
    PILImage.new("RGB", (10, 10), "navy").save(buf, "PNG")
    url = "data:image/png;name=shot.png;base64," + base64.b64encode(buf.getvalue()).decode()
    img = Image(url=url)
    assert img.media_type == "image/png" and img.data is not None
    body = json.dumps(translate((Message.user("x", img),), "openai").body)
    assert "data:image/png;base64," in body and "name=shot.png" not in body


def _png(size: tuple[int, int]) -> bytes:
    buf = io.BytesIO()
    PILImage.new("RGB", size, "white").save(buf, "PNG")
    return buf.getvalue()


@pytest.mark.parametrize("size", [(400, 9000), (8001, 50)])
def test_a_side_over_anthropics_limit_is_resized_to_it(size: tuple[int, int]) -> None:
    """Anthropic answers 400 "At least one of the image dimensions exceed max allowed size:
    8000 pixels" (a scrolling screenshot): the fit sends it at 8,000 px, priced as sent."""
    res = fit(_chat(_png(size), "image/png"), "claude-sonnet-4-5", target="anthropic")
    [sent] = _sent_images(translate(res.messages, "anthropic").body)
    info = probe_image(sent)
    assert max(info.width, info.height) == 8000
    assert (
        res.report.image_tokens == image_cost(info.width, info.height, "claude-sonnet-4-5").tokens
    )
    assert any("8000 px" in n.text for n in res.report.notices if n.kind == "normalized")


def test_an_image_within_every_limit_is_sent_as_it_is() -> None:
    png = _png((1200, 800))
    for target, model in TARGETS:
        res = fit(_chat(png, "image/png"), model, target=target)
        assert _sent_images(translate(res.messages, target, model=model).body) == [png]
        assert not [n for n in res.report.notices if n.kind == "normalized"]


def test_one_shot_fits_do_not_decode_the_same_gif_again(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    # (the re-encoder's own module: sendable imports it at the first re-encoding)
    normalize = importlib.import_module("contextledger.images.normalize")
    decoded: list[int] = []
    real = normalize.normalize_image
    monkeypatch.setattr(
        normalize, "normalize_image", lambda *a, **k: decoded.append(1) or real(*a, **k)
    )
    msgs = _chat(_gif((320, 202), 2))
    first = fit(msgs, "gemini-2.5-flash", target="gemini")
    again = fit(msgs, "gemini-2.5-flash", target="gemini")
    assert len(decoded) == 1
    assert first.report.image_tokens == again.report.image_tokens


def test_the_encodings_remembered_are_bounded_by_their_bytes() -> None:
    import importlib

    encodings = importlib.import_module("contextledger.images.sendable").Encodings(max_bytes=3_000)
    limits = default_catalog().lookup("gemini-2.5-flash").image_limits
    for k in range(6):
        payload = base64.b64encode(_gif((40 + k, 30), 1)).decode()
        encodings.get(payload, limits, 40 + k, 1)
    assert 0 < encodings._held <= 3_000


def test_an_encoding_is_held_once_as_the_text_the_request_sends() -> None:
    # The re-encoded bytes beside their base64 were as much again at a fit's peak of memory:
    # the cache holds the text, and every Image made of it shares that very string.
    import importlib

    sendable = importlib.import_module("contextledger.images.sendable")
    limits = default_catalog().lookup("gemini-2.5-flash").image_limits
    encodings = sendable.Encodings()
    payload = base64.b64encode(_gif((61, 37), 2)).decode()
    made, text = encodings.get(payload, limits, 61, 1)
    again, same = encodings.get(payload, limits, 61, 1)
    assert same is text and again is made and made.data == b""
    assert encodings._held == len(text)
    assert probe_image(InlineData(text)).media_type == made.media_type
    assert (made.width, made.height) == (61, 37)
    img = Image(media_type="image/gif", data=InlineData(payload))
    first = sendable.conversion(img, limits)
    second = sendable.conversion(img, limits)
    assert first is not None and second is not None
    assert first.image.data is not None and second.image.data is not None
    assert first.image.data.text is second.image.data.text
    assert first.image == second.image
