"""Published bills of tool calls, tool results and structured outputs on both OpenAI APIs:
the requests charmbracelet/fantasy's provider tests recorded against api.openai.com and Azure
OpenAI (VCR cassettes, each with the ``usage`` it was billed), extracted into
``tests/data/billed_fantasy.json`` (each entry names its cassette and interaction; made by
``scripts/make_billed_fantasy.py`` from fantasy v0.41.2).

What they settle (``pricing.framing``):
* a Responses ``function_call`` and ``function_call_output`` cost no more than Chat's
  rendering of the same call (a call and its result: 23-29 more on Responses, 25-31 on Chat;
  two parallel calls: 46-58 and 66-72), not their items with the call ids (~60), so they are
  priced as Chat renders them;
* gpt-5 and gpt-5-mini add 84 tokens to a Chat request with tools, o4-mini 3
  (``chat_tool_preamble``): main priced gpt-5's 145 at 61;
* a structured-output schema is billed (``response_format_tokens``): main priced 0 of it;
* Anthropic's computer-use tool adds ~1,210 (``anthropic_defined_tools``: main 444 for 1,652);
  Bedrock bills the Claude 4.5 tool-use prompt ~90 above Anthropic's table (577 for 489);
* Gemini 3 bills the thought signatures sent back (606 billed, main 400).
Not kept: the web-search cassettes (hosted search results are billed as input: 13,520 and
17,432 tokens for requests of ~40 and ~430), and the OpenAI-compatible ones (models not in
the catalog, or gpt-oss on llama.cpp, whose chat template adds a 64-token header: its three
bills are written out below, ``GPT_OSS_BILLS``, and priced with ``ModelInfo.request_overhead``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from contextledger import fit
from contextledger.pricing.messages import price_request
from contextledger.providers import read_messages

pytestmark = pytest.mark.usefixtures("served_by_default")  # o4-mini was served then

BILLS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "billed_fantasy.json").read_text()
)


def _id(bill: dict[str, Any]) -> str:
    return bill["source"].split("testdata/")[1].replace(".yaml", "").replace(" ", "")


@pytest.mark.parametrize("bill", BILLS, ids=_id)
def test_a_recorded_request_is_never_priced_below_its_bill(bill: dict[str, Any]) -> None:
    price = price_request(bill["body"], bill["model"], bill["format"]).total
    assert price >= bill["billed"], bill["source"]


# Chat requests without a call in them, priced exactly (the namespace, gpt-5's preamble).
EXACT = [
    b for b in BILLS
    if b["format"] == "openai" and "response_format" not in b["body"]
    and all("tool_calls" not in m for m in b["body"]["messages"])
    and b["model"] != "o4-mini"
]  # fmt: skip


@pytest.mark.parametrize("bill", EXACT, ids=_id)
def test_a_chat_request_without_calls_is_priced_as_billed(bill: dict[str, Any]) -> None:
    body = bill["body"]
    assert price_request(body, bill["model"], "openai").total in (
        bill["billed"],
        bill["billed"] + 1,
    )


def test_gpt5_chat_tools_carry_a_preamble() -> None:
    (bill,) = [b for b in BILLS if _id(b) == "TestOpenAICommon/openai-gpt-5/tool(interaction0)"]
    assert bill["billed"] == 145
    assert price_request(bill["body"], "gpt-5", "openai").total == 145  # main: 61


CHAT_WITH_TOOLS = [
    b for b in BILLS
    if b["format"] == "openai" and b["body"].get("tools") and b["model"] != "o4-mini"
]  # fmt: skip


@pytest.mark.parametrize("bill", CHAT_WITH_TOOLS, ids=_id)
def test_a_fit_of_the_same_messages_is_never_below_the_bill(bill: dict[str, Any]) -> None:
    body = bill["body"]
    report = fit(
        read_messages(body["messages"]), bill["model"], target="openai", tools=body["tools"]
    ).report
    assert report.used >= bill["billed"], bill["source"]


RESPONSES_CALLS = [
    b for b in BILLS
    if b["format"] == "openai-responses" and b["model"] != "o4-mini" and "/tool.yaml" in b["source"]
    and any(i.get("type") == "function_call" for i in b["body"]["input"])
]  # fmt: skip


@pytest.mark.parametrize("bill", RESPONSES_CALLS, ids=_id)
def test_a_responses_call_is_priced_near_its_bill(bill: dict[str, Any]) -> None:
    # main priced the call ids too: 141 for gpt-4o's 81 (its tool schemas by their JSON, 22
    # over); the namespace and Chat's rendering of the call: at most 16 over
    price = price_request(bill["body"], bill["model"], "openai-responses").total
    assert bill["billed"] <= price <= bill["billed"] + 16, bill["source"]


# gpt-oss on llama.cpp (fantasy's TestOpenAICompatibleCommon/llama-cpp-gpt-oss cassettes): the
# harmony chat template opens every request with its system header (64 tokens, the catalog's
# ``request_overhead``) and adds a rule for tools (14); the assistant's ``reasoning_content``
# sent back is rendered too.
_OSS = "https://github.com/charmbracelet/fantasy/blob/f6d4d1e3022229bd6e77717416336bf50e1693ad/providertests/testdata/TestOpenAICompatibleCommon/llama-cpp-gpt-oss/"
_WEATHER = {
    "type": "function",
    "function": {
        "name": "weather",
        "strict": False,
        "description": "Get weather information for a location",
        "parameters": {
            "properties": {"location": {"description": "the city", "type": "string"}},
            "required": ["location"],
            "type": "object",
        },
    },
}
_ASK = [
    {"content": "You are a helpful assistant", "role": "system"},
    {"content": "What's the weather in Florence,Italy?", "role": "user"},
]
_CALLED = [
    *_ASK,
    {
        "role": "assistant",
        "tool_calls": [
            {
                "id": "mvVq65j66dyGRizURhbdNCEnSO56GhXx",
                "type": "function",
                "function": {"arguments": '{"location":"Florence,Italy"}', "name": "weather"},
            }
        ],
        "reasoning_content": 'The user asks: "What\'s the weather in Florence, Italy?" We have a '
        'tool "functions.weather" that can get weather information. We should call it.',
    },
    {"content": "40 C", "tool_call_id": "mvVq65j66dyGRizURhbdNCEnSO56GhXx", "role": "tool"},
]
GPT_OSS_BILLS = [
    (
        "simple.yaml",
        {"messages": [_ASK[0], {"content": "Say hi in Portuguese", "role": "user"}]},
        84,
    ),
    (
        "tool.yaml (interaction 0)",
        {"messages": _ASK, "tools": [_WEATHER], "tool_choice": "auto"},
        139,
    ),
    (
        "tool.yaml (interaction 1)",
        {"messages": _CALLED, "tools": [_WEATHER], "tool_choice": "auto"},
        213,
    ),
]


@pytest.mark.parametrize(
    ("case", "body", "billed"), GPT_OSS_BILLS, ids=[b[0] for b in GPT_OSS_BILLS]
)
def test_gpt_oss_is_priced_with_its_harmony_header(
    case: str, body: dict[str, Any], billed: int
) -> None:
    body = {"model": "openai/gpt-oss-20b", "max_completion_tokens": 4000, **body}
    price = price_request(body, "gpt-oss-20b", "openai").total
    assert billed <= price <= billed + 30, _OSS + case  # main: 20, 61 and 124


def test_a_fit_for_gpt_oss_budgets_the_header_and_prepare_sends_what_it_budgets() -> None:
    from contextledger import prepare

    report = fit(GPT_OSS_BILLS[0][1]["messages"], "gpt-oss-20b").report
    assert report.used == 84 and report.overhead_tokens == 67
    out = prepare(_ASK, "gpt-oss-120b", tools=[_WEATHER], compaction=False, tool_choice="auto")
    assert out.report.used == price_request(out.body, "gpt-oss-120b", "openai").total >= 139
