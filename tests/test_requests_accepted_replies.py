"""Every request written is one the provider accepts, priced never below its bill (session 34):

* R33-A1: an OpenAI Chat assistant's earlier spoken reply (``{"role": "assistant", "audio":
  {"id": "audio_…"}}``, OpenAI's documented multi-turn audio) was removed as an empty
  message. It is kept and sent back by its id to a model that hears, priced at an upper
  bound; a model that hears none, and every other provider, gets a line naming it, reported.
* Assistant texts that came in no Responses output message (an Anthropic turn of two text
  blocks) were written to Responses as one id-less message of ``output_text`` parts, which
  the openai SDK's types refuse (those parts belong to an output message, with its id and
  status) while the stub accepted it. Each text is now a message of its own, priced so.
* Audio in a user turn was written to Responses as ``input_audio``, a part the Responses API
  does not take (its input parts are text, images and files): refused by name instead.
"""

from __future__ import annotations

import json
from typing import Any

import openai
import pydantic
import pytest

from contextledger import fit, translate
from contextledger.errors import UnsupportedBlockError
from contextledger.model import Audio, InlineData, Message, Text
from contextledger.prepare import prepare
from contextledger.pricing.messages import price_request
from sdk_check import validate_body
from stub_responses import validate_responses
from stub_server import Invalid, StubServer, validate_openai

AUDIO_MODEL = "gpt-4o-audio-preview"
REPLY = {"role": "assistant", "content": None, "audio": {"id": "audio_67c8a1f2b3e08191"}}
SPOKEN = [{"role": "user", "content": "Is a golden retriever a good family dog?"}, REPLY,
          {"role": "user", "content": "Why do you say they are loyal?"}]  # fmt: skip
HEADERS = {"authorization": "Bearer k"}


def _chat(stub: StubServer, model: str, body: dict[str, Any]) -> None:
    """``body`` sent to the stub through the official client (raises what the API would)."""
    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    client.chat.completions.create(model=model, **body)


def _responses(stub: StubServer, body: dict[str, Any]) -> None:
    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    client.responses.create(model="gpt-5", **body)


# --- R33-A1: an earlier spoken reply


@pytest.mark.parametrize("model", [AUDIO_MODEL, "gpt-audio"])
def test_a_spoken_reply_is_sent_back_by_its_id(stub: StubServer, model: str) -> None:
    out = fit(SPOKEN, model, window=40_000, max_output_tokens=500, target="openai")
    body = translate(out.messages, "openai", model=model).body
    assert body["messages"][1] == {"role": "assistant", "audio": {"id": "audio_67c8a1f2b3e08191"}}
    validate_body("openai", body)
    _chat(stub, model, body)
    assert out.report.used >= price_request(body, model, "openai").total


def test_a_spoken_reply_is_priced_at_most_one_reply_long() -> None:
    """Sent back, the reply is billed as the audio it was: its length is not in the request,
    so it is priced at the model's output cap (a reply can say no more), said an estimate."""
    alone = fit(SPOKEN[:1] + SPOKEN[2:], AUDIO_MODEL, window=40_000, target="openai")
    out = fit(SPOKEN, AUDIO_MODEL, window=40_000, target="openai")
    assert out.report.used - alone.report.used >= 16_384
    assert any("spoken reply" in n.text for n in out.report.notices if n.kind == "estimated")


def test_a_spoken_reply_with_its_transcript_keeps_both(stub: StubServer) -> None:
    said = {"role": "assistant", "content": "They are loyal.", "audio": {"id": "audio_x1"}}
    history = [SPOKEN[0], said, SPOKEN[2]]
    out = fit(history, AUDIO_MODEL, window=40_000, target="openai")
    body = translate(out.messages, "openai", model=AUDIO_MODEL).body
    assert body["messages"][1] == said
    _chat(stub, AUDIO_MODEL, body)


def test_a_spoken_reply_too_long_for_the_window_as_audio_goes_as_its_line_reported() -> None:
    # priced by its id at one reply's most, it cannot fit a 4k window as audio: it goes as
    # the line naming it (its transcript where the app kept it), not dropped whole (R35-A1)
    out = fit(SPOKEN, AUDIO_MODEL, window=4_000, max_output_tokens=100, target="openai")
    assert [m.role for m in out.messages] == ["user", "assistant", "user"]
    body = translate(out.messages, "openai", model=AUDIO_MODEL).body
    assert "audio_67c8a1f2b3e08191" in json.dumps(body) and '"audio": {' not in json.dumps(body)
    validate_openai({"model": AUDIO_MODEL, **body}, StubServer())
    [line] = [c for c in out.report.dropped if c.message_id == "m1"]
    assert line.action == "replaced" and line.what == "spoken reply"
    assert out.report.used <= out.report.budget


@pytest.mark.parametrize("target", ["openai", "openai-responses", "anthropic", "gemini"])
def test_a_model_that_hears_none_gets_a_line_naming_the_reply(target: str) -> None:
    model = {"openai": "gpt-4o", "openai-responses": "gpt-5", "anthropic": "claude-sonnet-4-5",
             "gemini": "gemini-2.5-flash"}[target]  # fmt: skip
    done = translate(SPOKEN, target, model=model)  # type: ignore[arg-type]
    sent = json.dumps(done.body)
    assert "audio_67c8a1f2b3e08191" in sent and '"audio": {' not in sent
    assert [n.kind for n in done.notices] == ["replaced"]
    out = fit(SPOKEN, model, window=4_000, max_output_tokens=100, target=target)
    body = translate(out.messages, target, model=model).body  # type: ignore[arg-type]
    assert "audio_67c8a1f2b3e08191" in json.dumps(body)
    assert any(n.kind == "replaced" for n in out.report.notices)
    assert out.report.used >= price_request(body, model, target).total


def test_the_stub_refuses_a_spoken_reply_to_a_model_that_speaks_none() -> None:
    body = {"model": "gpt-4o", "messages": SPOKEN}
    with pytest.raises(Invalid, match="Audio"):
        validate_openai(body, StubServer())
    validate_openai({**body, "model": AUDIO_MODEL}, StubServer())
    with pytest.raises(Invalid, match="audio"):
        validate_openai({**body, "model": AUDIO_MODEL, "messages": [
            {"role": "user", "content": "a", "audio": {"id": "audio_1"}}]}, StubServer())  # fmt: skip


# --- texts of no Responses output message


TWO_TEXTS = {"messages": [
    {"role": "user", "content": "fix the flaky test"},
    {"role": "assistant", "content": [{"type": "text", "text": "Found the race."},
                                      {"type": "text", "text": "I'll patch it."}]},
    {"role": "user", "content": "go ahead"},
]}  # fmt: skip


def test_two_assistant_texts_go_to_responses_as_the_sdk_types_take_them(stub: StubServer) -> None:
    body = translate(TWO_TEXTS, "openai-responses").body
    validate_body("openai-responses", body)
    assert [item["content"] for item in body["input"][1:3]] == ["Found the race.", "I'll patch it."]
    _responses(stub, body)


@pytest.mark.parametrize("window", [300, 2_000])
def test_two_assistant_texts_fitted_for_responses_are_priced_as_sent(window: int) -> None:
    out = fit(TWO_TEXTS, "gpt-5", window=window, max_output_tokens=100, target="openai-responses")
    body = translate(out.messages, "openai-responses").body
    validate_body("openai-responses", body)
    assert out.report.used >= price_request(body, "gpt-5", "openai-responses").total


def test_the_responses_stub_refuses_output_text_parts_without_an_id() -> None:
    item = {"type": "message", "role": "assistant",
            "content": [{"type": "output_text", "text": "a"}, {"type": "output_text", "text": "b"}]}  # fmt: skip
    body = {"model": "gpt-5", "input": [{"role": "user", "content": "hi"}, item]}
    with pytest.raises(pydantic.ValidationError):
        validate_body("openai-responses", body)
    with pytest.raises(Invalid):
        validate_responses(body, HEADERS, StubServer())


# --- audio is no Responses input


def test_audio_is_refused_for_responses_by_name() -> None:
    clip = Audio(InlineData("UklGRg=="), "wav")
    with pytest.raises(UnsupportedBlockError, match="Responses API takes no audio"):
        translate([Message.user(Text("transcribe"), clip)], "openai-responses")
    part = {"type": "input_audio", "input_audio": {"data": "UklGRg==", "format": "wav"}}
    body = {"model": "gpt-5", "input": [{"role": "user", "content": [part]}]}
    with pytest.raises(Invalid):
        validate_responses(body, HEADERS, StubServer())


def test_the_proxy_takes_a_spoken_reply_and_sends_it_back(proxy: Any, stub: StubServer) -> None:
    """The proxy refused ``{"role": "assistant", "audio": {…}}`` without a content key as
    "Missing required parameter: 'messages[1].content'", though OpenAI documents it."""
    spoken = {"role": "assistant", "audio": {"id": "audio_67c8a1f2b3e08191"}}
    client = openai.OpenAI(base_url=proxy.url + "/v1", api_key="sk-test-0123456789", max_retries=0)
    raw = client.chat.completions.with_raw_response.create(
        model=AUDIO_MODEL,
        messages=[SPOKEN[0], spoken, SPOKEN[2]],  # type: ignore[list-item]
        max_completion_tokens=200,
    )
    upstream = stub.completions()[-1].body
    assert upstream["messages"][1] == spoken
    used = int(raw.headers["x-contextledger-used"])
    assert used >= price_request(upstream, AUDIO_MODEL, "openai").total


@pytest.mark.parametrize("model", ["gpt-4o", AUDIO_MODEL])
def test_prepare_sends_a_spoken_reply_as_the_model_takes_it(stub: StubServer, model: str) -> None:
    """``prepare`` translated the fit's messages without the model: gpt-4o was sent the
    audio id the fit had priced and reported as its line."""
    out = prepare(SPOKEN, model, window=40_000, max_output_tokens=200, target="openai")
    body = dict(out.body)
    kept = "audio" in body["messages"][1]
    assert kept == (model == AUDIO_MODEL)
    assert "audio_67c8a1f2b3e08191" in json.dumps(body["messages"])
    validate_openai(body, stub)
    assert out.report.used >= price_request(body, model, "openai").total
