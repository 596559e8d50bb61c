"""Per-request image limits: a fitted request never holds more images, or more inline data,
than the model's provider takes in one request; the oldest images give way, reported."""

from __future__ import annotations

import dataclasses
import io
import random
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image as PILImage

from builders import image_block
from contextledger.catalog import lookup_model
from contextledger.fit import fit
from contextledger.model import Image as ImageBlock
from contextledger.model import InlineData, Message, ToolCall
from contextledger.prepare import prepare, price_request
from contextledger.providers import provider_format, translate
from contextledger.storage.media import MediaStore
from stub_gemini import validate_request
from stub_server import Invalid, StubServer, validate_anthropic

GEMINI_HEADERS = {"x-goog-api-key": "k"}


def noise_png(side: int, seed: int) -> ImageBlock:
    """A PNG that does not compress (random pixels): about 4 bytes of base64 per pixel."""
    rng = random.Random(seed)
    im = PILImage.frombytes("RGB", (side, side), rng.randbytes(side * side * 3))
    buf = io.BytesIO()
    im.save(buf, "PNG", compress_level=0)
    return ImageBlock("image/png", data=InlineData.from_bytes(buf.getvalue()), name=f"shot{seed}")


def gemini_check(body: dict[str, object], model: str = "gemini-2.5-flash") -> None:
    body = {k: v for k, v in body.items() if k != "model"}  # prepare's body names the model
    validate_request(
        model, body, GEMINI_HEADERS, f"/v1beta/models/{model}:generateContent", StubServer()
    )


def test_gemini_requests_stay_under_20_mb_of_inline_data() -> None:
    """Five ~5.8 MB screenshots are 29 MB of inline data: Gemini refuses that request (the
    stub too); the fit keeps the newest three that fit in 20 MB with the texts, and replaces
    the older two with placeholders, each reported."""
    shots = [noise_png(1200, seed) for seed in range(5)]
    history = []
    for k, shot in enumerate(shots):
        history += [
            Message.user(f"step {k}: what changed?", shot, id=f"u{k}"),
            Message.assistant(f"Step {k} looks fine.", id=f"a{k}"),
        ]
    history.append(Message.user("and now, what is wrong?", id="ask"))
    with pytest.raises(Invalid, match="Request payload size exceeds the limit"):
        gemini_check(translate(history, "gemini").body)

    out = prepare(history, "gemini-2.5-flash", compaction=False)
    gemini_check(out.body)
    kept_images = [m.id for m in out.messages for _ in m.images()]
    assert kept_images == ["u2", "u3", "u4"]
    assert [m.id for m in out.messages][:2] == ["u0", "a0"]  # the turns stay, as text
    placeholders = [n for n in out.report.notices if n.kind == "replaced"]
    assert [n.where for n in placeholders] == ["u0", "u1"]
    assert all("20 MB of inline data in one request" in n.text for n in placeholders)
    assert "[image 'shot0'" in out.messages[0].text
    assert out.report.used == price_request(out.body, "gemini-2.5-flash").total


def test_stored_images_count_at_their_stored_size(tmp_path: Path) -> None:
    """Images kept in the media store (a chat session, the proxy) are sized when prepare
    reads them: the request still stays under Gemini's 20 MB once they are materialized."""
    store = MediaStore(tmp_path)
    history = []
    for k in range(5):
        shot = noise_png(1200, 10 + k)
        assert shot.data is not None
        stored = store.put(shot.data.decode(), "image/png")
        ref = ImageBlock("image/png", ref=stored.ref, width=1200, height=1200, name=f"s{k}")
        history += [
            Message.user(f"step {k}", ref, id=f"u{k}"),
            Message.assistant("fine", id=f"a{k}"),
        ]
    history.append(Message.user("and now?", id="ask"))
    out = prepare(history, "gemini-2.5-flash", compaction=False, media=store)
    gemini_check(out.body)
    assert [m.id for m in out.messages for _ in m.images()] == ["u2", "u3", "u4"]
    assert [n.where for n in out.report.notices if n.kind == "replaced"] == ["u0", "u1"]


def test_a_model_taking_n_images_per_request_gets_the_newest_n() -> None:
    """The count limit (Anthropic 100, Gemini 3,000, Gemini 3 Pro 900, OpenAI 1,500): the
    newest images stay, tool-result images included; older ones become placeholders, and
    only the kept messages' replacements are reported."""
    limits = dataclasses.replace(lookup_model("gemini-2.5-flash").image_limits, max_images=3)
    model = dataclasses.replace(lookup_model("gemini-2.5-flash"), image_limits=limits)
    history = [
        Message.user("first", image_block(64, 64, color="red"), id="u0"),
        Message.assistant("ok", id="a0"),
        Message.user("two at once", image_block(64, 64), image_block(65, 65), id="u1"),
        Message.assistant(ToolCall("c1", "screenshot", "{}"), id="a1"),
        Message.tool("c1", image_block(66, 66, color="blue"), id="t1"),
        Message.user("what now?", image_block(67, 67, color="green"), id="u2"),
    ]
    res = fit(history, model)
    kept = [(m.id, img.width or 0) for m in res.messages for img in m.images()]
    assert [k for k, _ in kept] == ["u1", "t1", "u2"]  # u1's older image went too
    assert sum(1 for _ in res.messages[2].images()) == 1
    notices = [n for n in res.report.notices if n.kind == "replaced"]
    assert [n.where for n in notices] == ["u0", "u1"]
    assert all("at most 3 images in one request" in n.text for n in notices)
    assert [c.message_id for c in res.report.changes if c.action == "replaced"] == ["u0", "u1"]

    # smaller windows drop turns: a dropped turn's replacement is never reported (nothing
    # sent). (The earlier requests stay as their words — retain49 — so the turns that go are
    # the assistant's.)
    for window in range(res.report.used + 94, res.report.used - 300, -10):
        small = fit(history, model, window=window, max_output_tokens=100)
        ids = [m.id for m in small.messages]
        assert all(n.where in ids for n in small.report.notices if n.kind == "replaced")


def test_within_the_limits_nothing_changes() -> None:
    history = [Message.user("look", image_block(100, 100), id="u0")]
    res = fit(history, "gemini-2.5-flash")
    assert res.messages == tuple(history) or list(res.messages) == history
    assert not [n for n in res.report.notices if n.kind == "replaced"]


@pytest.mark.parametrize("where", ["current request", "history"])
def test_anthropic_image_over_5_mb_is_never_sent(where: str) -> None:
    """Anthropic refuses an image over 5 MB of base64 ("image exceeds 5 MB maximum"; the
    stub too). fit kept and sent one silently; then a placeholder; now it is re-encoded
    under the limit (as prepare does), priced as sent and reported, and the other stays."""
    big, small = noise_png(1200, 1), noise_png(64, 2)  # ~5.8 MB and ~16 kB of base64
    turn = Message.user("see this screenshot", big, small, id="shot")
    history = (
        [turn]
        if where == "current request"
        else [turn, Message.assistant("I see it."), Message.user("and now?")]
    )
    model = "claude-sonnet-4-5"
    headers = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
    raw = {"model": model, "max_tokens": 9, **provider_format("anthropic").write(history, [])}
    with pytest.raises(Invalid, match="image exceeds 5 MB maximum"):
        validate_anthropic(raw, headers, StubServer())

    res = fit(history, model, target="anthropic")
    body = translate(res.messages, "anthropic").body
    validate_anthropic({"model": model, "max_tokens": 9, **body}, headers, StubServer())
    sent = [b for t in body["messages"] if isinstance(t["content"], list) for b in t["content"]]
    images = [b for b in sent if b["type"] == "image"]
    assert len(images) == 2 and len(images[0]["source"]["data"]) <= 5_242_880
    (notice,) = [n for n in res.report.notices if n.kind == "normalized"]
    assert notice.where == "shot" and "5,242,880 B limit" in notice.text


def small_heavy_png(side: int, padding: int) -> ImageBlock:
    """A valid ``side``×``side`` PNG carrying ``padding`` bytes in a text chunk: a cheap
    picture (a few tokens) that is megabytes on the wire."""
    raw = noise_png(side, 7).data
    assert raw is not None
    data = raw.decode()
    text = b"Comment\0" + b"x" * padding
    chunk = struct.pack(">I", len(text)) + b"tEXt" + text
    chunk += struct.pack(">I", zlib.crc32(b"tEXt" + text))
    return ImageBlock("image/png", data=InlineData.from_bytes(data[:33] + chunk + data[33:]))


def test_anthropic_per_image_limit_holds_for_a_cheap_image(stub: StubServer) -> None:
    """redteam11 F19: the per-image byte check ran only when the images' tokens could break
    the per-request count limit, so a 100×100 PNG of 8 MB (14 tokens) went to Anthropic and
    was answered 400. It is checked whenever there is an image."""
    import anthropic

    heavy = small_heavy_png(100, 6_000_000)
    history = [Message.user("what does this icon show?", heavy, id="ask")]
    model = "claude-sonnet-4-6"
    client = anthropic.Anthropic(api_key="k", base_url=stub.anthropic_url, max_retries=0)
    with pytest.raises(anthropic.BadRequestError, match="image exceeds 5 MB maximum"):
        client.messages.create(
            model=model, max_tokens=9, **provider_format("anthropic").write(history, [])
        )

    res = fit(history, model, target="anthropic")
    assert client.messages.create(
        model=model, max_tokens=9, **translate(res.messages, "anthropic").body
    ).content
    # re-encoded under the limit (a 100×100 icon is a few hundred bytes as WebP), reported
    (notice,) = [n for n in res.report.notices if n.kind == "normalized"]
    assert notice.where == "ask" and "5,242,880 B limit" in notice.text


def test_anthropic_many_image_rule() -> None:
    """Over 20 images in one Anthropic request, each must be at most 2000 px a side (the
    API and the stub refuse "many-image requests" otherwise): every one bigger is resized
    to 2000 px (it was a placeholder: a picture lost a resize keeps), priced as sent and
    reported."""
    wide = image_block(3000, 2400)
    history: list[Message] = []
    for k in range(25):
        history += [Message.user(f"shot {k}", wide, id=f"u{k}"), Message.assistant(f"ok {k}")]
    history.append(Message.user("compare them all", id="ask"))
    model = "claude-sonnet-4-5"
    headers = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
    with pytest.raises(Invalid, match="many-image requests"):
        raw = {"model": model, "max_tokens": 9, **provider_format("anthropic").write(history, [])}
        validate_anthropic(raw, headers, StubServer())
    res = fit(history, model, window=200_000, target="anthropic")
    body = translate(res.messages, "anthropic").body
    validate_anthropic({"model": model, "max_tokens": 9, **body}, headers, StubServer())
    kept = [m.id for m in res.messages if any(m.images())]
    assert kept == [f"u{k}" for k in range(25)]
    sizes = {(i.width, i.height) for m in res.messages for i in m.images()}
    assert sizes == {(2000, 1600)}
    resized = [n.where for n in res.report.notices if n.kind == "normalized"]
    assert resized == kept and "2000 px side limit" in res.report.notices[-1].text
