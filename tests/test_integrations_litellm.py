"""LiteLLM: an agent loop on ``litellm.completion`` (over HTTP to the validating stub server)
with every request passed through ContextLedgerHook as the proxy would, and trim_messages."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import litellm
import pytest

from _agents import CallLog
from builders import data_url, png
from contextledger import UnknownModelError
from contextledger.integrations.litellm import ContextLedgerHook, trim_messages
from stub_server import StubReply, StubServer

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # LiteLLM's own pydantic models

MODEL = "gpt-4o"
TOOLS = [
    {"type": "function", "function": {"name": "screenshot", "description": "Take a screenshot.",
     "parameters": {"type": "object", "properties": {}}}},
    {"type": "function", "function": {"name": "read_file", "description": "Read a file.",
     "parameters": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}},
]  # fmt: skip


def run_tool(call: Any) -> list[dict[str, Any]]:
    """The tool's messages: a screenshot answers in text and shows the image in a user turn."""
    if call.function.name == "screenshot":
        return [
            {"role": "tool", "tool_call_id": call.id, "content": "Screenshot attached below."},
            {"role": "user", "content": [{"type": "image_url", "image_url": {"url": data_url(png(1280, 800, "navy"))}}]},
        ]  # fmt: skip
    path = json.loads(call.function.arguments)["path"]
    return [
        {
            "role": "tool",
            "tool_call_id": call.id,
            "content": f"# {path}\n" + "x = render(event)\n" * 150,
        }
    ]


def test_long_agent_loop_through_the_proxy_hook(stub: StubServer) -> None:
    reports: list[Any] = []
    hook = ContextLedgerHook(window=9000, on_report=reports.append)
    messages: list[dict[str, Any]] = [{"role": "system", "content": "You are a coding agent."}]
    for t in range(12):
        stub.script(
            StubReply("", ((f"shot_{t}", "screenshot", "{}"), (f"read_{t}", "read_file", '{"path": "app.py"}'))),
            StubReply(f"Fixed it (turn {t})."),
        )  # fmt: skip
        content: Any = f"Turn {t}: the chart on the dashboard is blank again, please fix it."
        if t % 3 == 0:
            content = [{"type": "text", "text": content},
                       {"type": "image_url", "image_url": {"url": data_url(png(1600, 1000, "gray"))}}]  # fmt: skip
        messages.append({"role": "user", "content": content})
        while True:
            data = {"model": MODEL, "messages": messages, "tools": TOOLS, "max_tokens": 1000,
                    "litellm_session_id": "bugfix"}  # fmt: skip
            fitted = asyncio.run(hook.async_pre_call_hook(None, None, data, "acompletion"))
            assert isinstance(fitted, dict)
            assert (
                fitted["metadata"]["contextledger"]["used"]
                <= fitted["metadata"]["contextledger"]["budget"]
            )
            reply = litellm.completion(
                model=f"openai/{MODEL}", api_base=stub.url, api_key="test",
                messages=fitted["messages"], tools=TOOLS, max_tokens=1000,
            )  # fmt: skip
            msg = reply.choices[0].message
            messages.append(msg.model_dump(exclude_none=True))
            if not msg.tool_calls:
                break
            for call in msg.tool_calls:
                messages.extend(run_tool(call))
    assert [r.error for r in stub.requests if r.status != 200] == []
    log = CallLog(MODEL, 9000, 1000)
    for r in stub.completions():
        log.check(r.body["messages"], tools=r.body.get("tools"), wire="openai")
    assert log.problems == []
    assert log.calls == 24
    assert any(r.fit.dropped for r in reports)
    assert any("will not see image" in n.text for r in reports for n in r.notices)


def test_hook_rejects_what_cannot_fit_and_passes_unknown_models() -> None:
    hook = ContextLedgerHook(window=2000)
    big = {
        "model": MODEL,
        "messages": [{"role": "user", "content": "x " * 5000}],
        "max_tokens": 500,
    }
    answer = asyncio.run(hook.async_pre_call_hook(None, None, big, "completion"))
    assert isinstance(answer, str) and "contextledger" in answer
    unknown = {"model": "my-private-model", "messages": [{"role": "user", "content": "hi"}]}
    assert asyncio.run(hook.async_pre_call_hook(None, None, unknown, "completion")) is unknown
    strict = ContextLedgerHook(unknown_model="reject")
    assert "unknown model" in str(
        asyncio.run(strict.async_pre_call_hook(None, None, unknown, "completion"))
    )
    embedding = {"model": MODEL, "input": "hello"}
    assert asyncio.run(hook.async_pre_call_hook(None, None, embedding, "embedding")) is embedding


def _history(n: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "system", "content": "Be brief."}]
    for i in range(n):
        out.append({"role": "user", "content": [{"type": "text", "text": f"question {i}"}]})
        out.append({"role": "assistant", "content": None, "tool_calls": [
            {"id": f"c{i}", "type": "function", "function": {"name": "read_file", "arguments": "{}"}}]})  # fmt: skip
        out.append({"role": "tool", "tool_call_id": f"c{i}", "content": "contents " * 300})
        out.append({"role": "assistant", "content": f"answer {i}"})
    return out


def test_trim_messages_keeps_pairs_prices_list_content_and_returns_tokens_left() -> None:
    history = _history(20)
    reports: list[Any] = []
    out, left = trim_messages(
        history, model=MODEL, max_tokens=2000, return_response_tokens=True, on_report=reports.append
    )  # type: ignore[misc]
    assert out[0] is history[0] and out[-4:] == history[-4:]
    assert all(any(m is h for h in history) for m in out)  # untouched dicts come back as they were
    calls = {c["id"] for m in out if m.get("tool_calls") for c in m["tool_calls"]}
    assert calls == {m["tool_call_id"] for m in out if m["role"] == "tool"}
    assert left >= 0 and reports[0].used - 3 + left == 2000
    assert reports[0].fit.dropped


def test_trim_messages_refuses_an_unknown_model_instead_of_skipping() -> None:
    with pytest.raises(UnknownModelError):
        trim_messages(_history(2), model="not-a-model", max_tokens=100)
    assert trim_messages(_history(2), model=MODEL) == _history(2)  # fits: nothing changes
