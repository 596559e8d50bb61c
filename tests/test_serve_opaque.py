"""`contextledger serve` and content only one provider reads. Anthropic server-tool blocks
(web search) are read and kept (``ProviderContent``): the turn is fitted and recorded, the
blocks sent as they came (redteam11 N4). Responses built-in tool items (computer use,
custom tools, item references), which the content model does not hold: a client resends
them every turn (Codex's apply_patch, a computer-use agent), and the proxy forwards such a
request as the client wrote it and says so (not fitted, not recorded), instead of refusing
it (redteamE finding 1a)."""

from __future__ import annotations

from typing import Any

import httpx

from serve_harness import RunningProxy
from stub_server import StubServer
from test_serve import ANTHROPIC_KEY, OPENAI_KEY


def turn_report(proxy: RunningProxy, session: str) -> dict[str, Any]:
    proxy.flush()
    turns: list[dict[str, Any]] = httpx.get(
        proxy.url + f"/contextledger/sessions/{session}"
    ).json()["turns"]
    return turns[-1]


def test_an_anthropic_web_search_turn_is_fitted_with_its_blocks_as_written(
    proxy: RunningProxy, stub: StubServer
) -> None:
    body = {
        "model": "claude-sonnet-4-6",
        "max_tokens": 256,
        "tools": [{"type": "web_search_20250305", "name": "web_search", "max_uses": 3}],
        "messages": [
            {"role": "user", "content": "What is new in Python 3.14?"},
            {"role": "assistant", "content": [
                {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search",
                 "input": {"query": "python 3.14 release"}},
                {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": [
                    {"type": "web_search_result", "url": "https://docs.python.org/3.14/",
                     "title": "What's new", "encrypted_content": "abc", "page_age": None}]},
                {"type": "text", "text": "Free-threading is supported."},
            ]},
            {"role": "user", "content": "And the JIT?"},
        ],
    }  # fmt: skip
    reply = httpx.post(
        proxy.url + "/v1/messages",
        json=body,
        headers={"x-api-key": ANTHROPIC_KEY, "anthropic-version": "2023-06-01",
                 "x-contextledger-session": "search"},
    )  # fmt: skip
    assert reply.status_code == 200, reply.text
    assert "x-contextledger-fitted" not in reply.headers
    assert stub.completions()[-1].body["messages"] == body["messages"]
    turn = turn_report(proxy, "search")
    assert turn["fitted"] is True and turn["messages_sent"] == 3
    estimated = [n["text"] for n in turn["notices"] if n["kind"] == "estimated"]
    assert any("web_search_tool_result" in t for t in estimated)


def test_a_computer_use_agent_on_responses_is_forwarded_as_written(
    proxy: RunningProxy, stub: StubServer
) -> None:
    shot = "data:image/png;base64,iVBORw0KGgo="
    body = {
        "model": "gpt-4o",
        "tools": [{"type": "computer_use_preview", "display_width": 1280,
                   "display_height": 800, "environment": "browser"}],
        "input": [
            {"role": "user", "content": "Open the settings page."},
            {"type": "computer_call", "id": "cu_1", "call_id": "call_1",
             "action": {"type": "screenshot"}, "pending_safety_checks": [],
             "status": "completed"},
            {"type": "computer_call_output", "call_id": "call_1",
             "output": {"type": "computer_screenshot", "image_url": shot}},
        ],
    }  # fmt: skip
    reply = httpx.post(
        proxy.url + "/v1/responses",
        json=body,
        headers={"authorization": f"Bearer {OPENAI_KEY}", "x-contextledger-session": "cua"},
    )
    assert reply.status_code == 200, reply.text
    assert reply.headers["x-contextledger-fitted"] == "false"
    assert stub.completions()[-1].body["input"] == body["input"]
    assert "computer_call" in turn_report(proxy, "cua")["reason"]
