"""Anthropic blocks a user or a tool sends that only Anthropic reads (R31-P1): a
``search_result`` to cite (top level, and in a ``tool_result``: the documented RAG use) and
a ``container_upload`` for the code execution tool. They were refused as unknown block
types; now they are read, sent back as they came to Anthropic (accepted by the stub through
the official client, never priced below its bill) and as text, reported, to the others."""

from __future__ import annotations

import json
from typing import Any

import anthropic
import openai
import pytest

from contextledger import prepare
from contextledger.prepare import price_request
from stub_server import StubServer

CLAUDE, GPT = "claude-sonnet-4-6", "gpt-4o"

SEARCH_RESULT = {
    "type": "search_result",
    "source": "https://kb.example/refunds",
    "title": "Refund policy",
    "content": [{"type": "text", "text": "Refunds are paid within 5 business days."}],
    "citations": {"enabled": True},
}
UPLOAD = {"type": "container_upload", "file_id": "file_011CNha8iCJcU1wXNR6q4V8w"}


def rag_session() -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "How long do refunds take?"},
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "toolu_1", "name": "kb", "input": {"q": "refund"}}
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": [SEARCH_RESULT]}
            ],
        },
        {"role": "assistant", "content": "Within 5 business days."},
        {"role": "user", "content": [{"type": "text", "text": "Analyse this file."}, UPLOAD]},
    ]


def test_anthropic_gets_them_back_as_they_came(stub: StubServer) -> None:
    out = prepare(rag_session(), CLAUDE, target="anthropic", compaction=False)
    sent = out.body["messages"]
    assert sent[2]["content"][0]["content"] == [SEARCH_RESULT]
    assert sent[4]["content"][1] == UPLOAD
    assert out.report.used == price_request(out.body, CLAUDE).total
    client = anthropic.Anthropic(api_key="k", base_url=stub.anthropic_url, max_retries=0)
    reply = client.messages.create(**out.sdk_kwargs())
    assert out.report.used >= reply.usage.input_tokens
    assert stub.rejected() == []


def test_a_search_result_alone_in_a_user_turn_is_read_as_anthropic_s() -> None:
    out = prepare(
        [{"role": "user", "content": [{"type": "text", "text": "Use this."}, SEARCH_RESULT]}],
        CLAUDE,
        compaction=False,
    )
    assert out.body["messages"][0]["content"][1] == SEARCH_RESULT


@pytest.mark.parametrize("target", ["openai", "openai-responses"])
def test_other_providers_get_them_as_text_reported(stub: StubServer, target: str) -> None:
    out = prepare(rag_session(), GPT, target=target, compaction=False)  # type: ignore[arg-type]
    text = json.dumps(out.body, ensure_ascii=False)
    assert "Refunds are paid within 5 business days." in text
    assert "https://kb.example/refunds" in text and '"search_result"' not in text
    replaced = [n.text for n in out.report.notices if n.kind == "replaced" and "as text" in n.text]
    assert any("search_result block from anthropic" in t for t in replaced)
    assert any("container_upload block from anthropic" in t for t in replaced)
    assert out.report.used == price_request(out.body, GPT).total
    oai = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    create = oai.chat.completions.create if target == "openai" else oai.responses.create
    assert create(**out.sdk_kwargs())
    assert stub.rejected() == []
