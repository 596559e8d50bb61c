"""Reasoning sent back from earlier turns is not billed by the providers that drop it
(``pricing.messages.STRIPS_EARLIER_REASONING``): a follow-up after a thinking turn is priced
near its bill, not 5-14x over it (review40 R40-B2), while the reasoning of the turn still in
a tool-use loop is billed and priced, and a model that keeps earlier reasoning (Claude Opus
4.5, Sonnet 4.6 and later) is priced with it. The fit's ``used`` is the body's price."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import served_again
from contextledger import prepare
from contextledger.pricing.messages import Pricer, price_request
from contextledger.providers import read_messages

BILLS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "billed_cassettes.json").read_text(encoding="utf-8")
)


def _bill(ending: str) -> dict[str, Any]:
    return next(b for b in BILLS if b["source"].endswith(ending))


# Mirascope's follow-ups after a turn of reasoning (bodies sent back whole, with the
# thinking block or the reasoning item and its summaries): billed 97 and 62; crmne/ruby_llm's
# gpt-5-nano and Arize-ai/openinference's gpt-5-mini after encrypted reasoning items: 208 and
# 20 (1,656 and 388 priced before).
FOLLOW_UPS = [
    "test_call_with_thinking/anthropic_claude_sonnet_4_0/sync.yaml (interaction 1)",
    "test_call_with_thinking/openai_gpt_5_responses/sync.yaml (interaction 1)",
    "openai_gpt-5-nano_can_use_tools_in_multi-turn_conversations.yml (interaction 2)",
    "test_responses/test_responses_input_typed_reasoning_item.yaml (interaction 1)",
]
THOUGHT = "Let me weigh the options carefully before answering. " * 40


@pytest.mark.parametrize("ending", FOLLOW_UPS)
def test_a_follow_up_after_reasoning_is_priced_near_its_bill(ending: str) -> None:
    bill = _bill(ending)
    priced = price_request(bill["body"], bill["model"], bill["format"], catalog=served_again())
    assert bill["billed"] <= priced.total < 2 * bill["billed"]  # (was 1,054 for 97, 646 for 62)


def _claude_turns(newest: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "Which index should the orders table get?"},
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": THOUGHT, "signature": "c2ln"},
                {"type": "tool_use", "id": "t1", "name": "explain", "input": {"q": "orders"}},
            ],
        },
        newest,
    ]


TOOLS = [{"name": "explain", "description": "EXPLAIN a query", "input_schema": {"type": "object"}}]
LOOP = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]}
NEXT = {
    "role": "user",
    "content": [
        {"type": "tool_result", "tool_use_id": "t1", "content": "ok"},
        {"type": "text", "text": "thanks; and for the users table?"},
    ],
}


def _price(messages: list[dict[str, Any]], model: str) -> int:
    body = {"model": model, "messages": messages, "tools": TOOLS}
    return price_request(body, model, "anthropic").total


def test_the_turn_in_a_tool_loop_keeps_its_reasoning_priced() -> None:
    """The thinking before a call whose results are all the user sent is the current turn's:
    billed (Anthropic requires it sent back), priced in full."""
    thought = Pricer.for_model("claude-sonnet-4-5", wire="anthropic").text(THOUGHT)
    in_loop = _price(_claude_turns(LOOP), "claude-sonnet-4-5")
    after = _price(_claude_turns(NEXT), "claude-sonnet-4-5")
    assert in_loop - after > thought // 2  # the request the user wrote ends the turn


@pytest.mark.parametrize("model", ["claude-opus-4-5", "claude-sonnet-4-6", "claude-opus-4-7"])
def test_a_model_that_keeps_earlier_thinking_is_priced_with_it(model: str) -> None:
    thought = Pricer.for_model(model, wire="anthropic").text(THOUGHT)
    assert _price(_claude_turns(NEXT), model) > thought


def test_prepare_budgets_what_the_body_is_billed() -> None:
    history = _claude_turns(NEXT)
    out = prepare(history, "claude-sonnet-4-5", target="anthropic", compaction=False)
    assert out.report.used == price_request(out.body, "claude-sonnet-4-5", "anthropic").total
    whole = price_request(
        {**out.body, "model": "claude-opus-4-5"}, "claude-opus-4-5", "anthropic"
    ).total
    assert out.report.used < whole  # (the same body, on a model that keeps the thinking)


def _turn(k: int, thinks: bool) -> list[dict[str, Any]]:
    """A request, a call (after thinking, when ``thinks``), its result and the answer."""
    thinking = [{"type": "thinking", "thinking": THOUGHT, "signature": "c2ln"}] if thinks else []
    call = {"type": "tool_use", "id": f"t{k}", "name": "explain", "input": {"q": str(k)}}
    result = {"type": "tool_result", "tool_use_id": f"t{k}", "content": "ok"}
    return [
        {"role": "user", "content": f"request {k}"},
        {"role": "assistant", "content": [*thinking, call]},
        {"role": "user", "content": [result]},
        {"role": "assistant", "content": f"answer {k}"},
    ]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=5), st.booleans())
def test_stripping_prices_between_no_reasoning_and_all_of_it(
    thinks: list[bool], in_loop: bool
) -> None:
    """Whatever the turns, the price is at most the whole one, at least that of the same
    body with no reasoning, and whole when the newest turn is still in its tool loop."""
    messages = [m for k, t in enumerate(thinks) for m in _turn(k, t)]
    if in_loop:
        messages = messages[:-1]  # (ends on the newest call's result: the turn goes on)
    pricer = Pricer.for_model("claude-sonnet-4-5", wire="anthropic")
    msgs = read_messages(messages)
    whole = sum(pricer.message(m).total for m in msgs) - pricer.merged_framing(msgs)
    stripped = pricer.messages(msgs).total
    bare = pricer.messages(read_messages(_without_thinking(messages))).total
    assert bare <= stripped <= whole
    if in_loop and thinks[-1]:
        unthought = [*thinks[:-1], False]
        rest = [m for k, t in enumerate(unthought) for m in _turn(k, t)][:-1]
        without = pricer.messages(read_messages(rest)).total
        assert stripped - without >= pricer.text(THOUGHT)  # the newest turn's thinking billed


def _without_thinking(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {**m, "content": [b for b in m["content"] if b.get("type") != "thinking"]}
        if isinstance(m["content"], list)
        else m
        for m in messages
    ]
