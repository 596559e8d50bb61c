"""Tool lists are checked before they are priced: a malformed schema is refused, naming
where it is (issue #11, F23), in every provider's shape."""

from __future__ import annotations

from typing import Any

import pytest

from contextledger import fit
from contextledger.errors import ContentError
from contextledger.pricing.messages import price_request

HI = [{"role": "user", "content": "hi"}]


@pytest.mark.parametrize(
    ("tools", "where", "why"),
    [
        ([{"foo": 1}], "tools[0]", "not a tool"),
        (["get_weather"], "tools[0]", "must be an object"),
        ([{"type": "function", "function": {"description": "no name"}}], "tools[0]", "name"),
        (
            [{"type": "function", "function": {"name": "ok"}}, {"parameters": {}}],
            "tools[1]",
            "not a tool",
        ),
        ([{"functionDeclarations": [{"description": "x"}]}], "tools[0]", "functionDeclarations"),
    ],
)
@pytest.mark.parametrize("model", ["gpt-4o", "claude-sonnet-4-5", "gemini-2.5-flash"])
def test_a_malformed_tool_is_refused_where_it_is(
    tools: list[Any], where: str, why: str, model: str
) -> None:
    with pytest.raises(ContentError, match=why) as caught:
        fit(HI, model, tools=tools)
    assert caught.value.path == where


@pytest.mark.parametrize(
    "tool",
    [
        {"type": "function", "function": {"name": "get_weather", "parameters": {}}},  # Chat
        {"type": "function", "name": "get_weather", "parameters": {}},  # Responses
        {"type": "web_search"},  # a Responses built-in
        {"name": "get_weather", "input_schema": {"type": "object"}},  # Anthropic
        {"type": "bash_20250124", "name": "bash"},  # an Anthropic server tool
        {"functionDeclarations": [{"name": "get_weather"}]},  # Gemini
        {"google_search": {}},  # a Gemini built-in
    ],
)
def test_every_providers_tool_shape_is_priced(tool: dict[str, Any]) -> None:
    assert fit(HI, "gpt-4o", tools=[tool]).report.tools_tokens > 0


def test_a_body_with_a_malformed_tool_is_refused_too() -> None:
    with pytest.raises(ContentError, match=r"tools\[0\]"):
        price_request({"model": "gpt-4o", "messages": HI, "tools": [{"foo": 1}]}, "gpt-4o")
