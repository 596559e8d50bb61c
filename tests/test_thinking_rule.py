"""Extended thinking sets a rule on the assistant turn a request continues (a prefill, or
the turn whose tool calls the request's last results answer): with thinking on it starts
with its thinking block, "When `thinking` is enabled, a final `assistant` message must
start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result`
blocks)" (Aider-AI/aider#3820, olimorris/codecompanion.nvim#1752, tinovyatkin/
amazon-bedrock-copilot-chat#248); with it off, "an assistant message in the final position
cannot contain thinking" (microsoft/vscode#282326). The stub answers 400 as Anthropic does;
the proxy fits a tool loop keeping that block, and refuses a request that breaks the rule
before anything goes upstream, naming the turn."""

from __future__ import annotations

from typing import Any

import anthropic
import pytest

from contextledger.model import Message, Reasoning, ToolCall
from contextledger.validate import thinking_problem
from serve_harness import RunningProxy
from stub_server import Invalid, StubServer, validate_anthropic

HEADERS = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
THOUGHT = {"type": "thinking", "thinking": "The user wants the weather.", "signature": "sig1"}
CALL = {"type": "tool_use", "id": "toolu_1", "name": "weather", "input": {"city": "Oslo"}}
RESULT = {"type": "tool_result", "tool_use_id": "toolu_1", "content": "4 C, sleet"}
WEATHER = {"name": "weather", "description": "Weather now",
           "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}  # fmt: skip


def _loop(first_blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "Weather in Oslo?"},
        {"role": "assistant", "content": [*first_blocks, CALL]},
        {"role": "user", "content": [RESULT]},
    ]


def _body(messages: list[dict[str, Any]], thinking: str) -> dict[str, Any]:
    mode = {"type": "enabled", "budget_tokens": 1024} if thinking == "on" else {"type": "disabled"}
    return {"model": "claude-sonnet-4-5", "max_tokens": 2048, "messages": messages,
            "tools": [WEATHER], "thinking": mode}  # fmt: skip


def test_the_stub_answers_400_as_anthropic_does() -> None:
    validate_anthropic(_body(_loop([THOUGHT]), "on"), HEADERS, StubServer())
    with pytest.raises(Invalid, match="must start with a thinking block"):
        validate_anthropic(_body(_loop([]), "on"), HEADERS, StubServer())
    prefill = [{"role": "user", "content": "JSON?"}, {"role": "assistant", "content": "{"}]
    with pytest.raises(Invalid, match="must start with a thinking block"):
        validate_anthropic(_body(prefill, "on"), HEADERS, StubServer())
    thought_last = [
        prefill[0],
        {"role": "assistant", "content": [THOUGHT, {"type": "text", "text": "{"}]},
    ]
    with pytest.raises(Invalid, match="cannot contain thinking"):
        validate_anthropic(_body(thought_last, "off"), HEADERS, StubServer())
    validate_anthropic(_body(thought_last, "on"), HEADERS, StubServer())
    # a new user question: earlier turns need no thinking (Anthropic strips it)
    validate_anthropic(_body([*_loop([]), {"role": "assistant", "content": "Sleet."},
                              {"role": "user", "content": "And tomorrow?"}], "on"),
                       HEADERS, StubServer())  # fmt: skip


def test_the_rule_names_the_turn_the_request_continues() -> None:
    call = Message("assistant", (ToolCall("toolu_1", "weather", '{"city": "Oslo"}'),), id="a1")
    loop = [Message.user("Weather in Oslo?"), call, Message.tool("toolu_1", "4 C, sleet")]
    problem = thinking_problem(loop, True)
    assert problem is not None and problem[0] == "messages[1]" and "a1" in problem[1]
    thought = Reasoning("anthropic", "The user wants the weather.", signature="sig1")
    kept = [loop[0], Message("assistant", (thought, *call.content)), loop[2]]
    assert thinking_problem(kept, True) is None
    assert thinking_problem(loop, False) is None
    assert thinking_problem([*kept, Message.user("And tomorrow?")], True) is None


def _client(proxy: RunningProxy, session: str) -> anthropic.Anthropic:
    return anthropic.Anthropic(
        base_url=proxy.url, api_key="sk-ant-test", max_retries=0,
        default_headers={"X-ContextLedger-Session": session},
    )  # fmt: skip


def test_the_proxy_fits_a_thinking_tool_loop_keeping_its_thinking_block(
    tight_proxy: RunningProxy, stub: StubServer
) -> None:
    """A long history before the loop (fitted into 2,000 tokens): the turn being continued
    keeps its thinking block first, and the stub takes the request."""
    history: list[dict[str, Any]] = []
    for i in range(30):
        history += [{"role": "user", "content": f"note {i}: " + "sleet and wind " * 20},
                    {"role": "assistant", "content": f"noted {i}"}]  # fmt: skip
    _client(tight_proxy, "think-loop").messages.create(
        model="claude-sonnet-4-5", max_tokens=1100, messages=[*history, *_loop([THOUGHT])],  # type: ignore[list-item]
        tools=[WEATHER], thinking={"type": "enabled", "budget_tokens": 1024},  # type: ignore[list-item]
    )  # fmt: skip
    [sent] = stub.completions()
    assert len(sent.body["messages"]) < len(history) + 3  # fitted
    assert sent.body["messages"][-2]["content"][0]["type"] == "thinking"


def test_the_proxy_refuses_a_loop_without_its_thinking_naming_the_turn(
    proxy: RunningProxy, stub: StubServer
) -> None:
    with pytest.raises(anthropic.BadRequestError) as err:
        _client(proxy, "think-missing").messages.create(
            model="claude-sonnet-4-5", max_tokens=1500, messages=_loop([]),  # type: ignore[arg-type]
            tools=[WEATHER], thinking={"type": "enabled", "budget_tokens": 1024},  # type: ignore[list-item]
        )  # fmt: skip
    assert "thinking block" in str(err.value) and "HTTP 400" in str(err.value)
    assert not stub.completions()  # nothing went upstream to be answered 400 there
