"""Framing as OpenAI bills it: the OpenAI cookbook's published prompt-token counts.

Source: OpenAI cookbook, "How to count tokens with tiktoken" (examples/How_to_count_tokens_
with_tiktoken.ipynb), whose cells print the ``usage.prompt_tokens`` the API returned.
"""

from __future__ import annotations

from typing import Any

import pytest

from contextledger.fit import fit
from contextledger.pricing.messages import REQUEST_OVERHEAD, Pricer, price_request
from contextledger.providers import read_messages

CORPORATE_JARGON: list[dict[str, Any]] = [
    {
        "role": "system",
        "content": "You are a helpful, pattern-following assistant that translates corporate "
        "jargon into plain English.",
    },
    {
        "role": "system",
        "name": "example_user",
        "content": "New synergies will help drive top-line growth.",
    },
    {
        "role": "system",
        "name": "example_assistant",
        "content": "Things working well together will increase revenue.",
    },
    {
        "role": "system",
        "name": "example_user",
        "content": "Let's circle back when we have more bandwidth to touch base on opportunities "
        "for increased leverage.",
    },
    {
        "role": "system",
        "name": "example_assistant",
        "content": "Let's talk later when we're less busy about how to do better.",
    },
    {
        "role": "user",
        "content": "This late pivot means we don't have time to boil the ocean for the client "
        "deliverable.",
    },
]

WEATHER_TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": "get_current_weather",
            "description": "Get the current weather in a given location",
            "parameters": {
                "type": "object",
                "properties": {
                    "location": {
                        "type": "string",
                        "description": "The city and state, e.g. San Francisco, CA",
                    },
                    "unit": {
                        "type": "string",
                        "description": "The unit of temperature to return",
                        "enum": ["celsius", "fahrenheit"],
                    },
                },
                "required": ["location"],
            },
        },
    }
]

WEATHER: list[dict[str, Any]] = [
    {
        "role": "system",
        "content": "You are a helpful assistant that can answer to questions about the weather.",
    },
    {"role": "user", "content": "What's the weather like in San Francisco?"},
]


@pytest.mark.parametrize(
    ("model", "billed"),
    [("gpt-4o", 124), ("gpt-4o-mini", 124), ("gpt-4", 129), ("gpt-3.5-turbo", 129)],
)
def test_the_cookbook_conversation_is_priced_as_billed(model: str, billed: int) -> None:
    assert Pricer.for_model(model).request(read_messages(CORPORATE_JARGON)) == billed
    body = {"model": model, "messages": CORPORATE_JARGON}
    assert price_request(body, model, "openai").total == billed


@pytest.mark.parametrize(
    ("model", "billed"),
    [("gpt-4o", 101), ("gpt-4o-mini", 101), ("gpt-4", 105), ("gpt-3.5-turbo", 105)],
)
def test_the_cookbook_tool_request_is_priced_as_billed(model: str, billed: int) -> None:
    pricer = Pricer.for_model(model)
    assert pricer.request(read_messages(WEATHER), WEATHER_TOOLS) == billed
    body = {"model": model, "messages": WEATHER, "tools": WEATHER_TOOLS}
    assert price_request(body, model, "openai").total == billed


def test_a_fit_reports_what_the_request_is_billed() -> None:
    report = fit(CORPORATE_JARGON, "gpt-4o").report
    assert report.used + report.tools_tokens + REQUEST_OVERHEAD == 124
    report = fit(WEATHER, "gpt-4o", tools=WEATHER_TOOLS).report
    assert report.used + report.tools_tokens + REQUEST_OVERHEAD == 101


def test_schemas_outside_the_measured_shape_are_never_under_their_rendering() -> None:
    """A nested schema falls back to its JSON, which is longer than the rendered namespace."""
    nested = [
        {
            "type": "function",
            "function": {
                "name": "book",
                "description": "Book a trip",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "legs": {
                            "type": "array",
                            "items": {"type": "object", "properties": {"to": {"type": "string"}}},
                        }
                    },
                },
            },
        }
    ]
    pricer = Pricer.for_model("gpt-4o")
    flat = [
        {
            "type": "function",
            "function": {
                **nested[0]["function"],
                "parameters": {"type": "object", "properties": {}},
            },
        }
    ]
    assert pricer.tools(nested) > pricer.tools(flat)
