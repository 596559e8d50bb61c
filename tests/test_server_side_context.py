"""A request body that names context its provider adds itself is priced as far as it goes and
says it is a lower bound (review41 R41-B3: pydantic-ai's gemini-2.5-flash call with a
``cachedContent`` billed 3,520 and was priced 17 as if complete; its Anthropic call with
``mcp_servers`` billed 2,674, priced 68)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import contextledger.cli.cost  # noqa: F401  (registers the commands)
from contextledger.cli import main
from contextledger.pricing.messages import price_request
from contextledger.pricing.server_side import server_side_context

# the recorded calls' models, shut down since, served again (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("served_by_default")

GEMINI = {"contents": [{"role": "user", "parts": [{"text": "What does the cached report say?"}]}]}
ANTHROPIC = {
    "model": "claude-sonnet-4-5",
    "max_tokens": 512,
    "messages": [{"role": "user", "content": "Which tools does the wiki server have?"}],
}
RESPONSES = {"model": "gpt-4.1", "input": [{"role": "user", "content": "And the next step?"}]}
CHAT = {"model": "gpt-4o", "messages": [{"role": "user", "content": "Any news on the launch?"}]}

#: (format, model, the complete body, what is added that names server-side context)
NAMED: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [
    ("gemini", "gemini-2.5-flash", GEMINI, {"cachedContent": "cachedContents/q3-report"}),
    ("gemini", "gemini-2.5-flash", GEMINI, {"cached_content": "cachedContents/q3-report"}),
    ("gemini", "gemini-2.5-flash", GEMINI, {"tools": [{"googleSearch": {}}]}),
    ("gemini", "gemini-2.5-flash", GEMINI, {"tools": [{"url_context": {}}]}),
    ("anthropic", "claude-sonnet-4-5", ANTHROPIC,
     {"mcp_servers": [{"type": "url", "url": "https://mcp.example/sse", "name": "wiki"}]}),
    ("anthropic", "claude-sonnet-4-5", ANTHROPIC,
     {"tools": [{"type": "web_search_20250305", "name": "web_search", "max_uses": 2}]}),
    ("anthropic", "claude-sonnet-4-5", ANTHROPIC,
     {"tools": [{"type": "web_fetch_20250910", "name": "web_fetch"}]}),
    ("openai-responses", "gpt-4.1", RESPONSES, {"previous_response_id": "resp_123"}),
    ("openai-responses", "gpt-4.1", RESPONSES, {"conversation": {"id": "conv_9"}}),
    ("openai-responses", "gpt-4.1", RESPONSES, {"prompt": {"id": "pmpt_7", "version": "2"}}),
    ("openai-responses", "gpt-4.1", RESPONSES,
     {"tools": [{"type": "file_search", "vector_store_ids": ["vs_1"]}]}),
    ("openai-responses", "gpt-4.1", RESPONSES, {"tools": [{"type": "web_search_preview"}]}),
    ("openai-responses", "gpt-4.1", RESPONSES,
     {"tools": [{"type": "mcp", "server_label": "wiki", "server_url": "https://mcp.example"}]}),
    ("openai", "gpt-4o-search-preview", CHAT, {"web_search_options": {}}),
]  # fmt: skip


@pytest.mark.parametrize(("fmt", "model", "body", "added"), NAMED)
def test_a_body_naming_server_side_context_is_a_lower_bound(
    fmt: str, model: str, body: dict[str, Any], added: dict[str, Any]
) -> None:
    plain = price_request(body, model, fmt)
    assert plain.complete and plain.note == "" and plain.server_side == ()
    named = price_request({**body, **added}, model, fmt)
    assert not named.complete
    assert next(iter(added)) in named.note and "lower bound" in named.note
    assert named.total >= plain.total  # what the body holds is still priced


def test_a_reference_item_in_the_input_is_named_with_its_place() -> None:
    body = {**RESPONSES, "input": [{"type": "item_reference", "id": "msg_1"}, *RESPONSES["input"]]}
    assert server_side_context(body) == ("input[0] item_reference msg_1: an item OpenAI holds",)


def test_empty_or_null_fields_name_nothing() -> None:
    body = {**RESPONSES, "previous_response_id": None, "conversation": None, "tools": []}
    assert price_request(body, "gpt-4.1", "openai-responses").complete
    assert price_request({**ANTHROPIC, "mcp_servers": []}, "claude-sonnet-4-5").complete
    assert price_request({**GEMINI, "cachedContent": ""}, "gemini-2.5-flash", "gemini").complete


#: pydantic/pydantic-ai's recorded calls (4fda3898, tests/models/cassettes):
#: test_google/test_google_model_cached_content.yaml (interaction 1) and
#: test_anthropic/test_anthropic_mcp_servers.yaml (interaction 0), as (model, billed, body).
RECORDED = [
    ("gemini-2.5-flash", 3520, {
        "cachedContent": "cachedContents/7lf5him5ev4iemi1yjv2gwli5bhpz3yidzejwllo",
        "contents": [{"parts": [{"text": "What is the capital of France?"}], "role": "user"}],
        "generationConfig": {"responseModalities": ["TEXT"]},
    }),
    ("claude-sonnet-4-0", 2674, {
        "max_tokens": 4096,
        "mcp_servers": [{"name": "deepwiki", "type": "url", "url": "https://mcp.deepwiki.com/mcp"}],
        "messages": [{"content": [{"text": "Can you tell me more about the pydantic/pydantic-ai "
                                   "repo? Keep your answer short", "type": "text"}],
                      "role": "user"}],
        "model": "claude-sonnet-4-0", "stream": False,
        "thinking": {"budget_tokens": 3000, "type": "enabled"},
    }),
]  # fmt: skip


@pytest.mark.parametrize(("model", "billed", "body"), RECORDED)
def test_recorded_bills_of_server_side_context_are_priced_as_lower_bounds(
    model: str, billed: int, body: dict[str, Any]
) -> None:
    priced = price_request(body, model)
    assert priced.total < billed  # the cached context and the MCP tools are not in the body
    assert not priced.complete and "lower bound" in priced.note


def test_the_cli_prints_the_lower_bound(tmp_path: Path) -> None:
    path = tmp_path / "body.json"
    path.write_text(json.dumps({**GEMINI, "cachedContent": "cachedContents/q3-report"}))
    runner = CliRunner()
    res = runner.invoke(main, ["price", str(path), "--model", "gemini-2.5-flash"])
    assert res.exit_code == 0, res.output
    assert "at least" in res.output and "cachedContents/q3-report" in res.output
    res = runner.invoke(main, ["price", str(path), "-m", "gemini-2.5-flash", "--json"])
    said = json.loads(res.output)
    assert said["complete"] is False and said["server_side"] and said["tokens"] > 0
    path.write_text(json.dumps(CHAT))
    res = runner.invoke(main, ["price", str(path), "--json"])  # the body's own model
    said = json.loads(res.output)
    assert said["complete"] is True and said["model"] == "gpt-4o" and said["note"] == ""


def test_items_the_server_holds_are_named() -> None:
    """A compaction item and a reasoning item sent back by its id alone: OpenAI bills what
    it stored for them."""
    items = [
        {"type": "compaction", "id": "cmp_1", "encrypted_content": "gAAAA"},
        {"type": "reasoning", "id": "rs_1", "summary": []},
        {"type": "reasoning", "id": "rs_2", "summary": [], "encrypted_content": "gAAAB"},
        *RESPONSES["input"],
    ]
    found = server_side_context({**RESPONSES, "input": items})
    assert [f.split(" ", 1)[0] for f in found] == ["input[0]", "input[1]"]
