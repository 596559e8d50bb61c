"""OpenAI Agents SDK: a real ``Agent`` run (OpenAIChatCompletionsModel over HTTP to the
validating stub server) through ContextLedgerFilter and ContextLedgerSession."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from agents import (
    Agent,
    OpenAIChatCompletionsModel,
    RunConfig,
    Runner,
    ToolOutputImage,
    function_tool,
    set_tracing_disabled,
)
from openai import AsyncOpenAI

from _agents import CallLog
from builders import data_url, png
from contextledger.integrations.openai_agents import (
    ContextLedgerFilter,
    ContextLedgerSession,
    to_messages,
)
from contextledger.model import Image, Reasoning, ToolCall, ToolResult
from stub_server import StubReply, StubServer

MODEL = "gpt-4o"
SHOT = data_url(png(1280, 800, "navy"))

set_tracing_disabled(True)  # no exporter: nothing may leave the machine


@function_tool
def screenshot() -> ToolOutputImage:
    """Take a screenshot of the app."""
    return ToolOutputImage(image_url=SHOT)


@function_tool
def read_file(path: str) -> str:
    """Read a source file."""
    return f"# {path}\n" + "def handler(event):\n    return render(event)\n" * 120


def make_agent(stub: StubServer) -> Agent[Any]:
    client = AsyncOpenAI(base_url=stub.url, api_key="test")
    return Agent(
        name="coder",
        instructions="You are a coding agent. Fix what you see.",
        model=OpenAIChatCompletionsModel(MODEL, openai_client=client),
        tools=[screenshot, read_file],
    )


def run_session(
    stub: StubServer, session: ContextLedgerSession, flt: ContextLedgerFilter, turns: int
) -> None:
    agent = make_agent(stub)
    for t in range(turns):
        stub.script(
            StubReply(
                "Let me look.",
                (
                    (f"shot_{t}", "screenshot", "{}"),
                    (f"read_{t}", "read_file", '{"path": "app.py"}'),
                ),
            ),
            StubReply(f"Fixed it (turn {t})."),
        )
        text = f"Turn {t}: the chart on the dashboard is blank again, please fix it."
        content: list[dict[str, Any]] = [{"type": "input_text", "text": text}]
        if t % 3 == 0:
            content.append(
                {
                    "type": "input_image",
                    "image_url": data_url(png(1600, 1000, "gray")),
                    "detail": "auto",
                }
            )
        Runner.run_sync(
            agent,
            [{"role": "user", "content": content}],
            session=session,
            run_config=RunConfig(call_model_input_filter=flt),
        )


def test_long_agent_run_through_the_filter_and_the_session(
    stub: StubServer, tmp_path: Path
) -> None:
    reports: list[Any] = []
    flt = ContextLedgerFilter(
        MODEL, window=9000, max_output_tokens=1000, target="openai", on_report=reports.append
    )
    session = ContextLedgerSession("bugfix", tmp_path / "sessions.db")
    run_session(stub, session, flt, turns=12)
    assert [r.error for r in stub.requests if r.status != 200] == []
    log = CallLog(MODEL, 9000, 1000)
    for r in stub.completions():
        log.check(r.body["messages"], tools=r.body.get("tools"), wire="openai")
    assert log.problems == []
    assert log.calls == 24
    assert any(r.fit.dropped for r in reports)
    assert any("will not see image" in n.text for r in reports for n in r.notices)
    assert all(r.used <= r.budget for r in reports)
    # the session holds every item, verbatim, and the store holds the conversation
    items = asyncio.run(session.get_items())
    assert len(items) == 12 * 7  # request, "Let me look.", two calls, two outputs, answer
    loaded = session.store.load("bugfix")
    assert len(loaded.stored) > 0 and not loaded.repair.changes


def test_session_round_trip_pop_clear_and_limit(tmp_path: Path) -> None:
    session = ContextLedgerSession("s", tmp_path / "s.db")
    items: list[Any] = [
        {"role": "user", "content": [{"type": "input_text", "text": "look"}, {"type": "input_image", "image_url": SHOT, "detail": "auto"}]},
        {"type": "function_call", "call_id": "c1", "name": "read_file", "arguments": "{}", "id": "fc_1", "status": "completed"},
        {"type": "function_call_output", "call_id": "c1", "output": "x = 1"},
        {"id": "msg_1", "type": "message", "role": "assistant", "status": "completed",
         "content": [{"type": "output_text", "text": "done", "annotations": [], "logprobs": []}]},
    ]  # fmt: skip

    async def scenario() -> None:
        await session.add_items(items)
        assert await session.get_items() == items  # verbatim, image included
        assert await session.get_items(limit=2) == items[2:][1:]  # no orphan output first
        assert await session.pop_item() == items[-1]
        assert await session.get_items() == items[:-1]
        await session.clear_session()
        assert await session.get_items() == []
        await session.add_items(items[:1])
        assert await session.get_items() == items[:1]

    asyncio.run(scenario())
    # append-only: every message ever added is still in the record, the image stored once
    assert len(session.store.load("s").stored) == 5
    assert len(list((tmp_path / "s.media").rglob("*.png"))) <= 1


def test_conversion_reads_images_calls_and_reasoning() -> None:
    msgs = to_messages(
        [
            {"role": "user", "content": [{"type": "input_text", "text": "look"}, {"type": "input_image", "image_url": SHOT}]},
            {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "opaque"},
            {"type": "function_call", "call_id": "c1", "name": "read_file", "arguments": "{}", "id": "fc_1"},
            {"type": "function_call_output", "call_id": "c1", "output": [{"type": "input_image", "image_url": SHOT}]},
        ]
    )  # fmt: skip
    assert isinstance(msgs[0].content[1], Image)
    reasoning, call = msgs[1].content
    assert isinstance(reasoning, Reasoning) and reasoning.encrypted == "opaque"
    assert isinstance(call, ToolCall) and call.item_id == "fc_1"
    result = msgs[2].content[0]
    assert isinstance(result, ToolResult) and isinstance(result.content[0], Image)
