"""The proxy prices the ``tool_choice`` the client's request states, as the provider bills
it: it was priced as unknown (the most any choice costs) on every request, so the
``x-contextledger-used`` header stood above the body's price."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from contextledger.pricing.messages import price_request
from serve_harness import RunningProxy
from stub_server import StubServer

PARAMS = {"type": "object", "properties": {"path": {"type": "string"}}}
CHAT_TOOLS = [{"type": "function", "function": {"name": "read_a_long_named_file_from_disk",
                                                "description": "Read a file", "parameters": PARAMS}}]  # fmt: skip
CLAUDE_TOOLS = [{"name": "read_file", "description": "Read a file", "input_schema": PARAMS}]
HEADERS = {"authorization": "Bearer sk-test", "x-api-key": "sk-ant-test",
           "anthropic-version": "2023-06-01"}  # fmt: skip


def post(proxy: RunningProxy, path: str, body: dict[str, Any], session: str) -> httpx.Response:
    headers = {**HEADERS, "x-contextledger-session": session}
    response = httpx.post(proxy.url + path, json=body, headers=headers, timeout=60)
    assert response.status_code == 200, response.text
    return response


@pytest.mark.parametrize("choice", ["auto", "none", "required", None,
                                    {"type": "function", "function": {"name": "read_a_long_named_file_from_disk"}}])  # fmt: skip
def test_chat_used_is_the_price_of_the_body_with_its_tool_choice(
    proxy: RunningProxy, stub: StubServer, choice: object
) -> None:
    body: dict[str, Any] = {"model": "gpt-4o", "max_tokens": 50, "tools": CHAT_TOOLS,
                            "messages": [{"role": "user", "content": "read notes.md"}]}  # fmt: skip
    if choice is not None:
        body["tool_choice"] = choice
    response = post(proxy, "/v1/chat/completions", body, f"chat-{choice!s:.8}")
    sent = stub.completions()[-1].body
    assert sent.get("tool_choice") == choice
    assert int(response.headers["x-contextledger-used"]) == price_request(sent, "gpt-4o").total


@pytest.mark.parametrize("choice", [{"type": "auto"}, {"type": "any"}, None])
def test_messages_used_is_the_price_of_the_body_with_its_tool_choice(
    proxy: RunningProxy, stub: StubServer, choice: object
) -> None:
    """Anthropic's tool-use system prompt follows tool_choice (``framing._TOOL_USE_PROMPT``)."""
    body: dict[str, Any] = {"model": "claude-sonnet-4-5", "max_tokens": 50, "tools": CLAUDE_TOOLS,
                            "messages": [{"role": "user", "content": "read notes.md"}]}  # fmt: skip
    if choice is not None:
        body["tool_choice"] = choice
    response = post(proxy, "/v1/messages", body, f"claude-{choice!s:.12}")
    sent = stub.completions()[-1].body
    assert (
        int(response.headers["x-contextledger-used"])
        == price_request(sent, "claude-sonnet-4-5", "anthropic").total
    )
