"""Requests every provider takes, carrying what the user sent (session 36):

* R35-P1: ``prepare``'s Gemini body named ``"model"``, which the generateContent REST
  endpoint refuses (``Unknown name "model"``: the model is in the URL). ``Prepared.body`` is
  the REST body as the endpoint takes it; ``Prepared.model`` and ``sdk_kwargs()["model"]``
  name the model.
* A Responses list whose first item only Responses writes is a hosted tool's call
  (``web_search_call``, ``code_interpreter_call``) or an ``item_reference`` was read as Chat
  by ``fit`` ("unknown role None"): every item type only Responses writes names the format.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from contextledger import fit, translate
from contextledger.prepare import prepare
from contextledger.pricing.messages import price_request
from sdk_check import validate_body
from stub_responses import validate_responses
from stub_server import StubServer

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
