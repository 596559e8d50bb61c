"""Framing as OpenAI bills it: the OpenAI cookbook's published prompt-token counts.

Source: OpenAI cookbook, "How to count tokens with tiktoken" (examples/How_to_count_tokens_
with_tiktoken.ipynb), whose cells print the ``usage.prompt_tokens`` the API returned.
"""

from __future__ import annotations

from typing import Any

import pytest

from contextledger.errors import BudgetError
from contextledger.fit import fit
from contextledger.model import Message, ToolCall
from contextledger.prepare import prepare
from contextledger.pricing.framing import rendered_call
from contextledger.pricing.messages import (
    REQUEST_OVERHEAD,
    Pricer,
    price_messages,
    price_request,
)
from contextledger.pricing.text import count_text
from contextledger.providers import read_messages, translate
from stub_server import prompt_tokens as stub_prompt_tokens

# The framing OpenAI billed gpt-3.5-turbo and gpt-4 while they were served (shut down
# 2026-10-23; their refusals: test_catalog_shut_down.py).
pytestmark = pytest.mark.usefixtures("served_by_default")

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
    assert price_messages(CORPORATE_JARGON, model).total == billed  # was 3 under (priming)
    body = {"model": model, "messages": CORPORATE_JARGON}
    assert price_request(body, model, "openai").total == billed


@pytest.mark.parametrize(
    ("model", "billed"),
    [("gpt-4o", 101), ("gpt-4o-mini", 101), ("gpt-4", 105), ("gpt-3.5-turbo", 105)],
)
def test_the_cookbook_tool_request_is_priced_as_billed(model: str, billed: int) -> None:
    """The namespace joins the system message on Chat Completions: exact there (red team 22,
    RT22-10: 116 / 113 before). Where the wire is not known, the namespace is priced as a
    message of its own, the larger. The cookbook sent no tool_choice, billed as "auto" (the
    default; RT22-10: 108 / 112 before); where the wire, hence what is sent, is not known,
    the most a choice costs is added."""
    pricer = Pricer.for_model(model)
    anywhere = pricer.request(read_messages(WEATHER), WEATHER_TOOLS)
    assert price_messages(WEATHER, model, tools=WEATHER_TOOLS).total == anywhere
    body = {"model": model, "messages": WEATHER, "tools": WEATHER_TOOLS}
    auto = price_request({**body, "tool_choice": "auto"}, model, "openai").total
    assert auto == billed == price_request(body, model, "openai").total
    named = {"type": "function", "function": {"name": "get_current_weather"}}
    forced = price_request({**body, "tool_choice": named}, model, "openai").total
    # (a named choice primes the reply as a call to it: the name and 4 on cl100k_base, as
    # hmarr measured on gpt-4-0613, 2 more on the parallel-call generation gpt-3.5-turbo
    # names since 2024 (R42-B4); on the o200k models their rendering of a call, R36-B3)
    header, special = rendered_call("get_current_weather", Pricer.for_model(model).model.tokenizer)
    later = 2 if model == "gpt-3.5-turbo" else 0
    primed = max(
        count_text("get_current_weather", model) + 4 + later, count_text(header, model) + special
    )
    assert forced == auto + primed
    assert anywhere >= forced
    # told the choice, a fit or a Preparer prices it; not told (the app may add any): the
    # most one costs, never below the bill (review18 R18-P1)
    for choice, price in (("auto", billed), (named, forced), (None, forced)):
        told = fit(WEATHER, model, tools=WEATHER_TOOLS, target="openai", tool_choice=choice)
        assert told.report.used == price
        prepared = prepare(
            WEATHER, model, tools=WEATHER_TOOLS, compaction=False, tool_choice=choice
        )
        assert prepared.report.used == price


def test_a_fit_reports_what_the_request_is_billed() -> None:
    report = fit(CORPORATE_JARGON, "gpt-4o").report
    assert report.used == 124 == report.to_dict()["used"]
    assert report.prompt_tokens == 124 and report.to_dict()["prompt_tokens"] == 124
    assert report.messages_tokens == 124 - REQUEST_OVERHEAD
    report = fit(WEATHER, "gpt-4o", tools=WEATHER_TOOLS, target="openai", tool_choice="auto").report
    body = {"messages": WEATHER, "tools": WEATHER_TOOLS}
    assert 101 == report.used == report.prompt_tokens == price_request(body, "gpt-4o").total
    assert report.used == report.messages_tokens + report.tools_tokens + REQUEST_OVERHEAD
    assert fit(WEATHER, "gpt-4o", tools=WEATHER_TOOLS).report.used >= report.used


def test_the_prompt_tokens_of_a_fit_are_the_price_of_the_request_it_makes() -> None:
    """``prompt_tokens`` counts what is sent beside the messages: schemas and reply priming."""
    for choice in ("auto", "none", "required"):
        res = fit(WEATHER, "gpt-4o", tools=WEATHER_TOOLS, window=4_000, target="openai",
                  tool_choice=choice)  # fmt: skip
        body = {"model": "gpt-4o", **translate(res.messages, "openai").body,
                "tools": WEATHER_TOOLS, "tool_choice": choice}  # fmt: skip
        assert res.report.prompt_tokens == price_request(body, "gpt-4o", "openai").total


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


# Anthropic's token-counting docs: one tool and one question, billed 403 input tokens on
# Claude Sonnet 4.5 (the tool-use system prompt Anthropic adds: 346 by its table, priced 440).
ANTHROPIC_WEATHER_TOOLS: list[dict[str, Any]] = [
    {
        "name": "get_weather",
        "description": "Get the current weather in a given location",
        "input_schema": {
            "type": "object",
            "properties": {
                "location": {
                    "type": "string",
                    "description": "The city and state, e.g. San Francisco, CA",
                }
            },
            "required": ["location"],
        },
    }
]
# OpenAI API reference, "Create chat completion": the default example (a system prompt and
# "Hello!") answers ``usage.prompt_tokens`` 19; the logprobs example ("Hello!" alone) 9.
API_REFERENCE = [
    ([{"role": "system", "content": "You are a helpful assistant."},
      {"role": "user", "content": "Hello!"}], 19),
    ([{"role": "user", "content": "Hello!"}], 9),
]  # fmt: skip


@pytest.mark.parametrize("model", ["gpt-4o", "gpt-4o-mini", "gpt-4.1"])
def test_used_is_the_prompt_tokens_of_the_api_reference_examples(model: str) -> None:
    """``report.used`` is what the reply's ``usage.prompt_tokens`` says, reply priming
    included (it was 16 for the 19-token example), and a fit never spends past its budget
    with the priming counted: a window of exactly the bill fits, one token less does not."""
    for messages, billed in API_REFERENCE:
        report = fit(messages, model, window=10_000, max_output_tokens=1_000).report
        assert report.used == report.prompt_tokens == billed
        assert report.budget == 10_000 - 1_000
        body = translate(read_messages(messages), "openai").body
        assert price_request(body, model, "openai").total == billed
        exact = {"max_output_tokens": 100, "min_history_tokens": 1}
        tight = fit(messages, model, window=billed + 100, **exact).report
        assert tight.used == billed == tight.budget
        with pytest.raises(BudgetError):
            fit(messages, model, window=billed + 99, **exact)


ANTHROPIC_WEATHER = [{"role": "user", "content": "What's the weather like in San Francisco?"}]


def test_anthropic_tool_requests_are_never_priced_below_the_bill() -> None:
    model = "claude-sonnet-4-5"
    body = {"model": model, "tools": ANTHROPIC_WEATHER_TOOLS, "messages": ANTHROPIC_WEATHER}
    assert price_request(body, model, "anthropic").total >= 403
    report = fit(ANTHROPIC_WEATHER, model, tools=ANTHROPIC_WEATHER_TOOLS).report
    assert report.used >= 403


def test_the_tool_use_system_prompt_follows_the_model_and_tool_choice() -> None:
    def price(model: str, tool_choice: dict[str, str] | None) -> int:
        body: dict[str, Any] = {"tools": ANTHROPIC_WEATHER_TOOLS, "messages": ANTHROPIC_WEATHER}
        if tool_choice is not None:
            body["tool_choice"] = tool_choice
        without = {"messages": ANTHROPIC_WEATHER}
        return (
            price_request(body, model, "anthropic").total
            - price_request(without, model, "anthropic").total
        )

    schema = Pricer.for_model("claude-sonnet-4-5").tools(ANTHROPIC_WEATHER_TOOLS, "auto") - 470
    # Anthropic's table: 346 (auto, none) and 313 (any, tool) on Claude 4.x, but the 4.5
    # models are billed more, and more for a forced choice (recorded bills: 470 and 560,
    # ``framing._TOOL_USE_PROMPT``); Haiku 3.5 is the other way round (264 / 340); unknown
    # tool_choice: the larger figure.
    assert price("claude-sonnet-4-5", {"type": "auto"}) == schema + 470
    assert price("claude-sonnet-4-5", {"type": "any"}) == schema + 560
    assert price("claude-sonnet-4-5", None) == schema + 470  # none sent: auto
    assert price("claude-3-5-haiku", {"type": "tool", "name": "get_weather"}) == schema + 340
    assert price("claude-3-5-haiku", {"type": "none"}) == schema + 264
    # A Claude model Anthropic's table does not list: its largest figure, never less.
    assert price("claude-opus-4-6", {"type": "auto"}) >= schema + 346
    # No tools, no tool-use prompt; OpenAI bills none either.
    assert Pricer.for_model("claude-sonnet-4-5").tools([]) == 0
    gpt = Pricer.for_model("gpt-4o")
    assert gpt.tools(WEATHER_TOOLS, "required") == gpt.tools(WEATHER_TOOLS)


def parallel_calls(
    n: int, result: str, model: str, args: str = "{}", ids: str | None = None
) -> dict[str, Any]:
    """One assistant message with ``n`` calls, then their ``n`` results."""
    ids_ = list(ids[:n]) if ids else [f"call_{k}" for k in range(n)]
    calls = [
        {"id": i, "type": "function", "function": {"name": "calculator", "arguments": args}}
        for i in ids_
    ]
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": [{"type": "text", "text": "How much is 2 plus 2?"}]},
        {"role": "assistant", "tool_calls": calls},
        *({"role": "tool", "tool_call_id": i, "content": result} for i in ids_),
    ]
    return {"model": model, "messages": messages}


@pytest.mark.parametrize(("n", "billed"), [(1, 40), (2, 89), (3, 114)])
def test_parallel_tool_calls_are_never_priced_below_the_bill(n: int, billed: int) -> None:
    # community.openai.com/t/538914: this exchange (ids "a", "b", …) with 1, 2, 3 calls,
    # billed in December 2023 on the snapshot gpt-3.5-turbo named then (0613); today's (0125)
    # bills each result 2-3 more (R39-B3: ``framing._PARALLEL_GENERATION``).
    body = parallel_calls(n, "4", "gpt-3.5-turbo", '{"a":2, "b":2}', ids="abc")
    price = price_request(body, "gpt-3.5-turbo", "openai").total
    assert billed <= price <= billed + n + 3 * n  # as rendered: 97/126 (were 102/137 by a bound)
    assert price_request(body, "gpt-3.5-turbo").total >= price  # no wire known: never less
    assert billed <= stub_prompt_tokens(body) <= price  # the stub bills it so too
    # the o200k models add harmony's channel tokens: more, never less
    assert price_request({**body, "model": "gpt-4o"}, "gpt-4o", "openai").total >= price


def test_parallel_results_are_priced_escaped_as_openai_bills_them() -> None:
    # community.openai.com/t/1375117 (gpt-4.1, "verified, replicated"): "테스트 " × 1000 as the
    # result of 1 call billed 1,121; of each of 3 parallel calls 39,235; "test " × 1000 as
    # each of 3 results 3,191. The thread's request also held a tool schema: compare the
    # differences, which it cancels out of.
    korean, english = "테스트 " * 1000, "test " * 1000

    def price(n: int, text: str) -> int:
        return price_request(parallel_calls(n, text, "gpt-4.1"), "gpt-4.1", "openai").total

    one_korean = price(1, korean)
    assert price(3, korean) - one_korean >= 39_235 - 1_121
    assert price(3, english) - one_korean >= 3_191 - 1_121
    assert one_korean < 1_121  # a single result is not escaped
    # fit prices the same exchange the same way
    report = fit(
        parallel_calls(3, korean, "gpt-4.1")["messages"], "gpt-4.1", target="openai"
    ).report
    assert report.used == price(3, korean)


def test_a_result_priced_before_its_parallel_call_is_priced_again() -> None:
    messages = read_messages(parallel_calls(2, "테스트 " * 50, "gpt-4o")["messages"])
    fresh = Pricer.for_model("gpt-4o").request(messages)
    pricer = Pricer.for_model("gpt-4o")
    pricer.message(messages[-1])  # the result alone first: its call is not known yet
    assert pricer.request(messages) == fresh


def test_openai_compatible_servers_get_no_openai_call_wrapper() -> None:
    from contextledger.catalog import ModelInfo

    local = ModelInfo("llama", "openai-compatible", 8192, 1024, False, tokenizer="o200k_base")
    body = parallel_calls(2, "테스트 " * 50, "llama")
    escaped = price_request(body, "gpt-4o", "openai").total
    assert price_request(body, local, "openai").total < escaped


@pytest.mark.parametrize(
    "system",
    ["", "  ", [{"type": "text", "text": "Be brief."}, {"type": "text", "text": "Use metric."}]],
    ids=["empty", "blank", "parts"],
)
def test_tools_join_only_a_system_message_that_is_sent(system: Any) -> None:
    """Review 17 (R17-P5): an empty or blank system prompt is not sent, so the namespace is a
    message of its own (priced 5 less, the fit was below the bill); parts are sent joined."""
    messages = [
        {"role": "system", "content": system},
        {"role": "user", "content": "Weather in Paris?"},
    ]
    res = fit(
        messages,
        "gpt-4o",
        tools=WEATHER_TOOLS,
        window=4_000,
        max_output_tokens=500,
        target="openai",
        tool_choice="auto",
    )
    body = {"model": "gpt-4o", **translate(res.messages, "openai").body, "tools": WEATHER_TOOLS}
    assert res.report.used == price_request(body, "gpt-4o", "openai").total


UNREADABLE_PNG = "data:image/png;base64,aGVsbG8gd29ybGQ="


@pytest.mark.parametrize(
    "opening",
    [
        [{"role": "system", "content": ""}, {"role": "system", "content": "Be brief."}],
        [{"role": "system", "content": " \n "}, {"role": "developer", "content": "Be brief."}],
        [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"},
         {"role": "system", "content": "Use metric."}],
        [{"role": "system", "content": [{"type": "image_url", "image_url": {"url": UNREADABLE_PNG}}]}],
    ],
    ids=["blank-then-system", "blank-then-developer", "system-mid-history", "image-only-prompt"],
)  # fmt: skip
def test_tools_join_the_system_message_the_body_opens_with(opening: list[Any]) -> None:
    """Review 17 (R17-P7): the namespace's host is the first system message sent (a blank
    one is left out, a later one moves to the front, an unreadable image becomes a note):
    the fit was 5 over the body it sends."""
    messages = [*opening, {"role": "user", "content": "Weather in Paris?"}]
    for tools in (WEATHER_TOOLS, None):
        res = fit(messages, "gpt-4o", tools=tools, window=4_000, max_output_tokens=500,
                  target="openai", tool_choice="auto")  # fmt: skip
        body = {"model": "gpt-4o", **translate(res.messages, "openai").body}
        if tools:
            body["tools"] = tools
        assert res.report.used == price_request(body, "gpt-4o", "openai").total
        assert res.report.used <= res.report.budget


def test_a_result_is_priced_under_the_longest_name_its_call_id_had() -> None:
    """OpenAI renders a single call's result under its function's name (no id): an id two
    calls share keeps the longer name, so an edit never leaves a result priced too low."""
    short = Message.assistant(ToolCall("c1", "ls", "{}"))
    long = Message.assistant(ToolCall("c1", "list_every_file_in_the_tree", "{}"))
    result = Message.tool("c1", "a.txt")
    alone = Pricer.for_model("gpt-4", wire="openai").message(result).total
    pricer = Pricer.for_model("gpt-4", wire="openai")
    pricer.message(short)
    named_short = pricer.message(result).total
    pricer.message(long)
    assert pricer.message(result).total > named_short
    assert alone > named_short  # its call not seen: its id and a margin
