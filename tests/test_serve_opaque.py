"""`contextledger serve` and content only one provider reads. Anthropic server-tool blocks
(web search) are read and kept (``ProviderContent``): the turn is fitted and recorded, the
blocks sent as they came (redteam11 N4). Responses built-in tool items (computer use,
custom tools, item references), which a client resends every turn (Codex's apply_patch, a
computer-use agent), are read too (R31-P2; they were forwarded unfitted, redteamE 1a): the
turn is fitted and the items go upstream as the client wrote them."""

from __future__ import annotations

import base64
import io
from typing import Any

import httpx
from PIL import Image as PILImage

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


def _png() -> str:
    buf = io.BytesIO()
    PILImage.new("RGB", (64, 40), (200, 200, 200)).save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def test_a_computer_use_agent_on_responses_is_fitted_with_its_items_as_written(
    proxy: RunningProxy, stub: StubServer
) -> None:
    """Responses items of the API's own tools are read (R31-P2): the turn is fitted and
    recorded like any other, and the items go upstream as the client wrote them."""
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
             "output": {"type": "computer_screenshot", "image_url": _png()}},
        ],
    }  # fmt: skip
    reply = httpx.post(
        proxy.url + "/v1/responses",
        json=body,
        headers={"authorization": f"Bearer {OPENAI_KEY}", "x-contextledger-session": "cua"},
    )
    assert reply.status_code == 200, reply.text
    sent = stub.completions()[-1].body["input"]
    assert sent[1:] == body["input"][1:]  # type: ignore[index]
    assert sent[0]["content"] == "Open the settings page."
    assert turn_report(proxy, "cua")["fitted"] is True
