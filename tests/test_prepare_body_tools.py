"""Tools given as an app holds them: a whole request body passed to ``prepare`` keeps the
tools and the tool choice it declares (review42 R42-O1: the request made from it held tool
calls and no tools, which Anthropic answers with 400), and a tool in any provider's own
shape is declared by its name and schema (R42-O2: Gemini's ``functionDeclarations`` were
written ``"name": null``; a Responses tool's ``"strict": false`` was dropped)."""

from __future__ import annotations

from typing import Any

import pytest

from contextledger.prepare import prepare
from sdk_check import validate_body
from stub_server import validate_gemini

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}

ANTHROPIC = {
    "model": "claude-sonnet-4-5",
    "max_tokens": 1000,
    "tools": [{"name": "get_weather", "description": "weather", "input_schema": SCHEMA}],
    "tool_choice": {"type": "auto"},
    "messages": [
        {"role": "user", "content": "weather in Oslo?"},
        {
            "role": "assistant",
            "content": [
                {
                    "type": "tool_use",
                    "id": "toolu_1",
                    "name": "get_weather",
                    "input": {"city": "Oslo"},
                }
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": "3C"},
                {"type": "text", "text": "and Rome?"},
            ],
        },
    ],
}
CHAT = {
    "model": "gpt-4o",
    "tools": [
        {
            "type": "function",
            "function": {"name": "get_weather", "description": "weather", "parameters": SCHEMA},
        }
    ],
    "messages": [
        {"role": "user", "content": "weather in Oslo?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "3C"},
        {"role": "user", "content": "and Rome?"},
    ],
}
GEMINI = {
    "tools": [
        {
            "functionDeclarations": [
                {"name": "get_weather", "description": "weather", "parameters": SCHEMA}
            ]
        }
    ],
    "toolConfig": {"functionCallingConfig": {"mode": "AUTO"}},
    "contents": [
        {"role": "user", "parts": [{"text": "weather in Oslo?"}]},
        {
            "role": "model",
            "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Oslo"}}}],
        },
        {
            "role": "user",
            "parts": [
                {"functionResponse": {"name": "get_weather", "response": {"output": "3C"}}},
                {"text": "and Rome?"},
            ],
        },
    ],
}
MODELS = {"anthropic": "claude-sonnet-4-5", "openai": "gpt-4o", "gemini": "gemini-2.5-flash"}


def _declared(body: dict[str, Any], target: str) -> list[str]:
    tools = body.get("tools") or []
    if target == "gemini":
        return [d["name"] for t in tools for d in t.get("function_declarations", [])]
    if target == "openai":
        return [t["function"]["name"] for t in tools]
    return [t["name"] for t in tools]


@pytest.mark.parametrize("given", [ANTHROPIC, CHAT, GEMINI], ids=["anthropic", "chat", "gemini"])
@pytest.mark.parametrize("target", ["anthropic", "openai", "gemini"])
def test_a_whole_body_keeps_the_tools_it_declares(given: dict[str, Any], target: str) -> None:
    out = prepare(given, MODELS[target], window=32_000, max_output_tokens=1_000, target=target)
    assert _declared(out.body, target) == ["get_weather"]
    if target == "gemini":
        validate_gemini(out.body)
    else:
        validate_body(target, out.body)


def test_a_gemini_apps_own_tools_are_declared_by_name() -> None:
    out = prepare(
        CHAT["messages"], "gpt-4o", window=32_000, max_output_tokens=1_000, tools=GEMINI["tools"]
    )
    assert out.body["tools"][0]["function"]["name"] == "get_weather"
    assert out.body["tools"][0]["function"]["parameters"] == SCHEMA


def test_a_responses_tools_strict_setting_goes_with_it() -> None:
    tool = {"type": "function", "name": "get_weather", "parameters": SCHEMA, "strict": False}
    out = prepare(
        CHAT["messages"], "gpt-4o", window=32_000, max_output_tokens=1_000,
        target="openai-responses", tools=[tool],
    )  # fmt: skip
    assert out.body["tools"][0]["strict"] is False
