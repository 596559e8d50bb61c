"""The stub upstreams refuse the tool schemas the real APIs refuse, and take what they take
(each rule's public source in ``stub_server.check_function_schema`` and
``stub_server._check_input_schema``). Requests go through the official SDKs."""

from __future__ import annotations

from typing import Any

import anthropic
import openai
import pytest

from stub_server import StubServer

WEATHER: dict[str, Any] = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
    "required": ["city", "days"],
    "additionalProperties": False,
}


def _chat(stub: StubServer, parameters: Any, strict: bool | None = None) -> None:
    function: dict[str, Any] = {"name": "weather", "parameters": parameters}
    if strict is not None:
        function["strict"] = strict
    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    messages = [{"role": "user", "content": "weather in Oslo?"}]
    tools = [{"type": "function", "function": function}]
    client.chat.completions.create(model="gpt-4o", messages=messages, tools=tools)  # type: ignore[arg-type]


def _responses(stub: StubServer, parameters: Any, strict: bool | None = None) -> None:
    tool: dict[str, Any] = {"type": "function", "name": "weather", "parameters": parameters}
    if strict is not None:
        tool["strict"] = strict
    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    client.responses.create(model="gpt-4o", input="weather in Oslo?", tools=[tool])  # type: ignore[list-item]


def _claude(stub: StubServer, tool: dict[str, Any]) -> None:
    client = anthropic.Anthropic(api_key="k", base_url=stub.anthropic_url, max_retries=0)
    messages = [{"role": "user", "content": "weather in Oslo?"}]
    client.messages.create(model="claude-sonnet-4-6", max_tokens=9, messages=messages, tools=[tool])  # type: ignore[list-item]


NESTED_OPEN = {
    **WEATHER,
    "properties": {**WEATHER["properties"], "where": {"type": "object", "properties": {}}},
    "required": ["city", "days", "where"],
}
REFUSED_BY_OPENAI = {
    "not a schema": ([], None, r"\[\] is not of type 'object', 'boolean'"),
    "not an object": ({"type": "string"}, None, r"got 'type: \"string\"'"),
    "required not a list": ({**WEATHER, "required": None}, None, r"null is not of type 'array'"),
    "strict, open object": (
        {k: v for k, v in WEATHER.items() if k != "additionalProperties"},
        True,
        r"'additionalProperties' is required to be supplied and to be false",
    ),
    "strict, optional property": ({**WEATHER, "required": ["city"]}, True, r"Missing 'days'"),
    "strict, nested open object": (NESTED_OPEN, True, r"context=\('properties', 'where'\)"),
}
TAKEN_BY_OPENAI = {
    "closed and complete": (WEATHER, True),
    "open, not strict": ({k: v for k, v in WEATHER.items() if k != "additionalProperties"}, None),
    "optional property, strict false": ({**WEATHER, "required": ["city"]}, False),
    # recorded requests answered by OpenAI: pydantic titles, no parameters at all
    "titled": ({**WEATHER, "title": "weather_input"}, None),
    "no properties": (None, None),
}


@pytest.mark.parametrize("send", [_chat, _responses], ids=["chat", "responses"])
@pytest.mark.parametrize("case", REFUSED_BY_OPENAI, ids=list(REFUSED_BY_OPENAI))
def test_openai_stubs_refuse_a_schema_openai_refuses(
    stub: StubServer, send: Any, case: str
) -> None:
    parameters, strict, message = REFUSED_BY_OPENAI[case]
    with pytest.raises(openai.BadRequestError, match=message):
        send(stub, parameters, strict)


@pytest.mark.parametrize("send", [_chat, _responses], ids=["chat", "responses"])
@pytest.mark.parametrize("case", TAKEN_BY_OPENAI, ids=list(TAKEN_BY_OPENAI))
def test_openai_stubs_take_a_schema_openai_takes(stub: StubServer, send: Any, case: str) -> None:
    parameters, strict = TAKEN_BY_OPENAI[case]
    if parameters is None:
        parameters = {"type": "object", "properties": {}}
    send(stub, parameters, strict)


def test_the_anthropic_stub_refuses_a_custom_tool_without_an_object_schema(
    stub: StubServer,
) -> None:
    """lidge-jun/opencodex#75: "tools.26.custom.input_schema.type: Field required"."""
    untyped = {"name": "weather", "input_schema": {"properties": WEATHER["properties"]}}
    with pytest.raises(anthropic.BadRequestError, match=r"input_schema\.type: Field required"):
        _claude(stub, untyped)
    with pytest.raises(anthropic.BadRequestError, match=r"input_schema: Field required"):
        _claude(stub, {"name": "weather"})
    with pytest.raises(anthropic.BadRequestError, match=r"Input should be 'object'"):
        _claude(stub, {"name": "weather", "input_schema": {"type": "string"}})
    _claude(stub, {"name": "weather", "input_schema": WEATHER})
    _claude(stub, {"type": "custom", "name": "weather", "input_schema": {"type": "object"}})
