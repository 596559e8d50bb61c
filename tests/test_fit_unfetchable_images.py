"""An image at a URL the provider cannot fetch (``file://``, ``ftp://``, a bare path; ``gs://``
beyond Gemini) is never sent: the whole request would be refused with HTTP 400 (R32-T1). A
local agent that stores screenshots as file URLs gets a reported note in their place."""

from __future__ import annotations

from typing import Any

import anthropic
import openai
import pytest

from contextledger import Fitter, fit, translate
from contextledger.pricing.messages import Pricer
from stub_server import StubServer

FAR = ["file:///home/me/shot.png", "ftp://example.com/a.png", "/tmp/screenshot.png"]


def _ask(url: str) -> list[dict[str, Any]]:
    return [{"role": "user", "content": [{"type": "text", "text": "what is on this screen?"},
                                         {"type": "image_url", "image_url": {"url": url}}]}]  # fmt: skip


@pytest.mark.parametrize("url", FAR)
@pytest.mark.parametrize(
    ("target", "model"),
    [("openai", "gpt-4o"), ("anthropic", "claude-sonnet-4-5"), ("gemini", "gemini-2.5-flash")],
)
def test_an_image_no_server_can_fetch_is_a_note_reported(url: str, target: str, model: str) -> None:
    res = fit(_ask(url), model, target=target)
    assert not any(True for m in res.messages for _ in m.images())
    note = res.messages[-1].content[-1]
    assert url in res.messages[-1].text
    assert "can fetch" in res.messages[-1].text, note
    [notice] = res.report.notices
    assert notice.kind == "replaced" and url in notice.text
    assert res.report.dropped[0].what == "image"
    priced = Pricer.for_model(model, wire=target).messages(res.messages).total
    assert res.report.messages_tokens == priced
    translate(res.messages, target, model=model)


@pytest.mark.parametrize(
    ("url", "model", "kept"),
    [
        ("https://example.com/a.png", "gpt-4o", True),
        ("HTTP://example.com/a.png", "claude-sonnet-4-5", True),
        ("gs://bucket/a.png", "gemini-2.5-flash", True),
        ("gs://bucket/a.png", "gpt-4o", False),  # Cloud Storage is Gemini's alone
        ("gs://bucket/a.png", "claude-sonnet-4-5", False),
    ],
)
def test_urls_the_provider_fetches_are_sent(url: str, model: str, kept: bool) -> None:
    res = fit(_ask(url), model)
    assert any(True for m in res.messages for _ in m.images()) is kept
    assert bool(res.report.notices) is not kept


def test_a_kept_fitter_replaces_it_on_every_refit() -> None:
    msgs = _ask(FAR[0])
    fitter = Fitter("gpt-4o")
    first = fitter.fit(msgs)
    msgs += [{"role": "assistant", "content": "I cannot open that."},
             {"role": "user", "content": "ok, describe it from memory"}]  # fmt: skip
    again = fitter.fit(msgs)
    once = fit(msgs, "gpt-4o")
    for res in (first, again, once):
        assert not any(True for m in res.messages for _ in m.images())
    assert again.report.used == once.report.used
    assert [n.text for n in again.report.notices] == [n.text for n in once.report.notices]


def test_the_fitted_request_is_accepted_by_the_providers(stub: StubServer) -> None:
    """Through the official SDKs to the stub upstreams, which refuse such URLs as the real APIs
    do ("Invalid image URL")."""
    for url in FAR:
        body = translate(fit(_ask(url), "gpt-4o").messages, "openai", model="gpt-4o").body
        client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
        client.chat.completions.create(model="gpt-4o", messages=body["messages"])
        fitted = fit(_ask(url), "claude-sonnet-4-5", target="anthropic").messages
        body = translate(fitted, "anthropic", model="claude-sonnet-4-5").body
        claude = anthropic.Anthropic(api_key="k", base_url=stub.anthropic_url, max_retries=0)
        claude.messages.create(model="claude-sonnet-4-5", max_tokens=9, messages=body["messages"])


def test_the_stub_refuses_the_request_unfitted(stub: StubServer) -> None:
    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    with pytest.raises(openai.BadRequestError, match="Invalid image URL"):
        client.chat.completions.create(model="gpt-4o", messages=_ask(FAR[0]))  # type: ignore[arg-type]
