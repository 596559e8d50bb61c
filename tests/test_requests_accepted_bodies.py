"""Requests every provider takes, carrying what the user sent (session 36):

* R35-P1: ``prepare``'s Gemini body named ``"model"``, which the generateContent REST
  endpoint refuses (``Unknown name "model"``: the model is in the URL). ``Prepared.body`` is
  the REST body as the endpoint takes it; ``Prepared.model`` and ``sdk_kwargs()["model"]``
  name the model.
* A Responses list whose first item only Responses writes is a hosted tool's call
  (``web_search_call``, ``code_interpreter_call``) or an ``item_reference`` was read as Chat
  by ``fit`` ("unknown role None"): every item type only Responses writes names the format.
* R35-prov30-1: an OpenAI spoken reply kept by its id expires (``expires_at``; OpenAI then
  answers 400 for the id). The request made at a moment after it sends its line, reported:
  ``translate``, a one-shot fit and a kept ``Fitter`` decide at the moment given (``now``,
  default the clock's), so a refit equals a fit afresh at the same moment, and a fit
  before the expiry, translated after it, sends the line (priced below the id's price).
* An empty text document went to Anthropic as a document of no text (Anthropic refuses
  empty text blocks): it goes as the line naming it, as to every other format.
* A named file sent to Gemini as its bytes lost its name silently (Gemini's inline data
  carries none): reported.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import httpx
import pytest

from contextledger import fit, translate
from contextledger.fit.fitter import Fitter
from contextledger.prepare import prepare
from contextledger.pricing.messages import price_request
from sdk_check import validate_body
from stub_responses import validate_responses
from stub_server import StubServer, validate_anthropic, validate_openai

HEADERS = {"authorization": "Bearer k"}


def responses_accepted(body: dict[str, Any], stub: StubServer, model: str = "gpt-5") -> None:
    validate_body("openai-responses", json.loads(json.dumps(body)))
    validate_responses({**body, "model": model}, HEADERS, stub)


def test_a_gemini_rest_body_is_what_generate_content_takes(stub: StubServer) -> None:
    out = prepare([{"role": "user", "content": "hi"}], "gemini-2.5-flash", max_output_tokens=100)
    url = f"{stub.gemini_url}/v1beta/models/{out.model}:generateContent"
    answer = httpx.post(url, json=out.body, headers={"x-goog-api-key": "k"}, timeout=30)
    assert answer.status_code == 200, answer.text
    assert stub.rejected() == []
    assert "model" not in out.body and out.model == "gemini-2.5-flash"
    assert out.sdk_kwargs()["model"] == "gemini-2.5-flash"
    assert out.report.used == price_request(out.body, out.model).total


def test_the_other_formats_name_their_model_in_the_body() -> None:
    for model, target in (("gpt-4o", "openai"), ("gpt-5", "openai-responses"),
                          ("claude-sonnet-4-5", "anthropic")):  # fmt: skip
        out = prepare([{"role": "user", "content": "hi"}], model, target=target)
        assert out.body["model"] == model == out.sdk_kwargs()["model"]


HOSTED_FIRST = {
    "web_search": {"type": "web_search_call", "id": "ws_1", "status": "completed",
                   "action": {"type": "search", "query": "release date of kappa"}},
    "code_interpreter": {"type": "code_interpreter_call", "id": "ci_1", "status": "completed",
                         "container_id": "cntr_1", "code": "print(2)",
                         "outputs": [{"type": "logs", "logs": "2"}]},
}  # fmt: skip


@pytest.mark.parametrize("tool", sorted(HOSTED_FIRST))
def test_a_responses_list_opening_with_a_hosted_tools_call_is_read_as_responses(
    tool: str, stub: StubServer
) -> None:
    items = [
        {"role": "user", "content": "Look it up for me."},
        HOSTED_FIRST[tool],
        {"type": "message", "role": "assistant", "status": "completed",
         "content": [{"type": "output_text", "text": "It shipped in May.", "annotations": []}]},
        {"role": "user", "content": "And the price?"},
    ]  # fmt: skip
    out = fit(items, "gpt-5", target="openai-responses", window=8000, max_output_tokens=300)
    body = dict(translate(out.messages, "openai-responses", model="gpt-5").body)
    responses_accepted(body, stub)
    assert body["input"][1]["type"] == HOSTED_FIRST[tool]["type"]  # carried as it came
    assert out.report.used >= price_request(body, "gpt-5", "openai-responses").total


def test_an_item_reference_opening_a_list_is_read_as_responses(stub: StubServer) -> None:
    items = [{"type": "item_reference", "id": "msg_0abc"}, {"role": "user", "content": "go on"}]
    out = fit(items, "gpt-5", target="openai-responses", window=8000, max_output_tokens=300)
    body = dict(translate(out.messages, "openai-responses", model="gpt-5").body)
    responses_accepted(body, stub)
    # (a history opens on the user's turn: an item before it goes, reported)
    assert [c.message_id for c in out.report.dropped] == ["m0"]
    assert body["input"] == [{"type": "message", "role": "user", "content": "go on"}]


T0 = 1_800_000_000.0  # the moment of the first fit (explicit: no test sleeps or reads the clock)


def spoken(expires_at: int) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "Say hello in French, out loud."},
        {"role": "assistant", "content": None,
         "audio": {"id": "audio_abc123", "expires_at": expires_at, "transcript": "Bonjour !"}},
        {"role": "user", "content": "Again, slower."},
    ]  # fmt: skip


def chat_body(messages: Any, now: float) -> dict[str, Any]:
    return dict(translate(messages, "openai", model="gpt-audio", now=now).body)


def test_a_refit_after_a_spoken_reply_expired_equals_a_fit_afresh_at_that_moment(
    stub: StubServer,
) -> None:
    msgs = spoken(int(T0) + 600)
    kept = Fitter("gpt-audio", window=128_000, max_output_tokens=1000)
    first = kept.fit(msgs, now=T0)
    assert chat_body(first.messages, T0)["messages"][1]["audio"] == {"id": "audio_abc123"}
    msgs += [{"role": "assistant", "content": "D'accord."}, {"role": "user", "content": "Merci."}]
    later = T0 + 3600
    refit = kept.fit(msgs, now=later)
    afresh = Fitter("gpt-audio", window=128_000, max_output_tokens=1000).fit(msgs, now=later)
    body = chat_body(refit.messages, later)
    assert body == chat_body(afresh.messages, later)
    assert refit.report.used == afresh.report.used
    assert [n.text for n in refit.report.notices] == [n.text for n in afresh.report.notices]
    assert "audio" not in body["messages"][1]
    assert (
        body["messages"][1]["content"]
        == "[spoken reply audio_abc123, as its transcript:] Bonjour !"
    )
    assert any("audio_abc123" in n.text and "expired" in n.text for n in refit.report.notices)
    # priced as the line it now is, not as the reply's audio (the output cap)
    assert refit.report.used == price_request(body, "gpt-audio", "openai").total
    assert refit.report.used < first.report.used
    validate_openai({"model": "gpt-audio", **body}, stub)


def test_a_fit_made_before_the_expiry_is_sent_after_it_as_the_line() -> None:
    first = Fitter("gpt-audio", window=128_000, max_output_tokens=1000).fit(
        spoken(int(T0) + 600), now=T0
    )
    late = translate(first.messages, "openai", model="gpt-audio", now=T0 + 3600)
    assert "audio" not in late.body["messages"][1]
    assert any("expired" in n.text for n in late.notices)
    # (the line costs less than the id was priced at: the fit's used stays above the bill)
    assert first.report.used >= price_request(late.body, "gpt-audio", "openai").total


def test_a_reply_within_a_minute_of_its_expiry_goes_as_its_line() -> None:
    """The request is on its way for a while (and may be retried)."""
    body = chat_body(spoken(int(T0) + 30), T0)
    assert "audio" not in body["messages"][1]
    assert chat_body(spoken(int(T0) + 3600), T0)["messages"][1]["audio"] == {"id": "audio_abc123"}


def test_prepare_sends_an_expired_reply_as_the_line_it_priced() -> None:
    out = prepare(spoken(1_000_000_000), "gpt-audio", max_output_tokens=1000, compaction=False)
    assert "audio" not in out.body["messages"][1]
    assert out.report.used == price_request(out.body, "gpt-audio").total
    assert any("expired" in n.text for n in out.report.notices)


def test_an_empty_text_document_goes_to_anthropic_as_the_line_naming_it(stub: StubServer) -> None:
    history = {"messages": [{"role": "user", "content": [
        {"type": "document", "title": "notes.txt",
         "source": {"type": "text", "media_type": "text/plain", "data": ""}},
        {"type": "text", "text": "Is this file empty?"}]}]}  # fmt: skip
    out = prepare(history, "claude-sonnet-4-5", max_output_tokens=300, compaction=False)
    first = out.body["messages"][0]["content"][0]
    assert first["type"] == "text" and "notes.txt" in first["text"]
    assert out.report.used == price_request(out.body, "claude-sonnet-4-5").total
    validate_body("anthropic", json.loads(json.dumps(out.body)))
    validate_anthropic(out.body, {"x-api-key": "k", "anthropic-version": "2023-06-01"}, stub)
    full = {"messages": [{"role": "user", "content": [
        {"type": "document", "title": "notes.txt",
         "source": {"type": "text", "media_type": "text/plain", "data": "Ship on Friday."}},
        {"type": "text", "text": "When?"}]}]}  # fmt: skip
    kept = prepare(full, "claude-sonnet-4-5", max_output_tokens=300, compaction=False)
    assert kept.body["messages"][0]["content"][0]["type"] == "document"  # (a text one stays so)


PDF = base64.b64encode(b"%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%%EOF\n").decode()


@pytest.mark.parametrize("in_result", [False, True])
def test_a_named_file_sent_to_gemini_as_its_bytes_is_reported_without_its_name(
    in_result: bool,
) -> None:
    doc = {"type": "document", "title": "Q3 board report",
           "source": {"type": "base64", "media_type": "application/pdf", "data": PDF}}  # fmt: skip
    turns: list[dict[str, Any]] = [
        {"role": "user", "content": [doc, {"type": "text", "text": "Summarize."}]}
    ]
    if in_result:
        turns = [
            {"role": "user", "content": "Fetch the report."},
            {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "fetch", "input": {}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [doc]}]},
        ]  # fmt: skip
    sent = translate({"messages": turns}, "gemini", model="gemini-2.5-flash")
    assert "Q3 board report" not in json.dumps(sent.body)  # (no place for it in inline data)
    assert any("'Q3 board report'" in n.text and "name" in n.text for n in sent.notices)
    unnamed = translate({"messages": turns}, "anthropic")
    assert not any("without its name" in n.text for n in unnamed.notices)
