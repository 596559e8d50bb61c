"""A request's inline bytes: within every provider's per-request limit (Anthropic's 32 MB,
Gemini's 20 MB), counting everything the writer sends inline, provider-only content too."""

from __future__ import annotations

import dataclasses

import pytest

from contextledger.catalog import lookup_model
from contextledger.fit import fit
from contextledger.gate import request_image_cut
from contextledger.model import Message, ProviderContent
from contextledger.providers import provider_format, translate
from stub_server import Invalid, StubServer, validate_anthropic
from test_request_limits import noise_png

ANTHROPIC_HEADERS = {"x-api-key": "k", "anthropic-version": "2023-06-01"}


def test_anthropic_requests_stay_under_32_mb() -> None:
    """Seven screenshots of ~4.8 MB each are under Anthropic's 5 MB per image but 34 MB in
    one request: the API answers 413 (the stub too). The fit keeps the newest that fit in
    32 MB; the oldest becomes a reported placeholder."""
    history = []
    for k in range(7):
        history += [
            Message.user(f"step {k}: what changed?", noise_png(1100, k), id=f"u{k}"),
            Message.assistant(f"Step {k} looks fine.", id=f"a{k}"),
        ]
    history.append(Message.user("and now, what is wrong?", id="ask"))
    model = "claude-sonnet-4-5"
    raw = {"model": model, "max_tokens": 9, **provider_format("anthropic").write(history, [])}
    with pytest.raises(Invalid, match="maximum allowed number of bytes"):
        validate_anthropic(raw, ANTHROPIC_HEADERS, StubServer())

    out = fit(history, model, target="anthropic")
    body = {"model": model, "max_tokens": 9, **translate(out.messages, "anthropic").body}
    validate_anthropic(body, ANTHROPIC_HEADERS, StubServer())
    assert [m.id for m in out.messages for _ in m.images()] == [f"u{k}" for k in range(1, 7)]
    (replaced,) = [n for n in out.report.notices if n.kind == "replaced"]
    assert replaced.where == "u0" and "32 MB of inline data in one request" in replaced.text


def test_provider_content_counts_toward_the_request_bytes() -> None:
    """An Anthropic server tool's result goes back as it came (its encrypted pages and all):
    its bytes are inline bytes of the request like an image's."""
    info = lookup_model("claude-sonnet-4-5")
    info = dataclasses.replace(
        info, image_limits=dataclasses.replace(info.image_limits, max_request_bytes=400_000)
    )
    result = ProviderContent(
        "anthropic",
        "web_search_tool_result",
        '{"type": "web_search_tool_result", "content": [{"encrypted_content": "'
        + "x" * 300_000
        + '"}]}',
        "[web search results]",
    )
    shot = noise_png(150, 1)  # ~90 kB of base64
    messages = [Message.assistant(result, id="search"), Message.user("and this?", shot, id="u")]
    cut = request_image_cut(messages, info)
    assert cut is not None and cut.message_id == "u"
    assert request_image_cut(messages[1:], info) is None
