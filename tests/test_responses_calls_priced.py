"""Tool calls and results sent through the Responses API are never priced below the same
messages sent through Chat Completions (``pricing.framing``, "Responses").

The same model reads both APIs' requests, and Chat's rendering of calls (no call ids; the
call addressed to ``functions.NAME``, the result under that name) is exact on every
published Chat bill and above every published Responses bill of a call
(``test_billed_fantasy.py``): Responses calls are priced so. Priced as their items, short
call ids made Responses 1-3 tokens a call below Chat (prov17's fuzz: 120 of 300 requests).

Not compared: a tool's images. Chat's writer carries them in a user turn of their own after
the tool messages, with a header (``providers.common.tool_images_header``); Responses sends
them inside ``function_call_output``, so that turn is not part of a Responses bill.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.model import Image, Message, ToolResult
from contextledger.pricing.messages import price_request
from contextledger.providers import translate
from strategies import conversations


def _both(messages: Any, model: str) -> tuple[int, int]:
    """(Chat price, Responses price) of ``messages`` sent to ``model``."""
    prices = []
    for wire in ("openai", "openai-responses"):
        body = {"model": model, **translate(messages, wire, model=model).body}
        prices.append(price_request(body, model, wire).total)
    return prices[0], prices[1]


def _calls(n: int, call_id: str, text: str | None) -> list[dict[str, Any]]:
    calls = [
        {
            "id": f"{call_id}{k}",
            "type": "function",
            "function": {"name": "lookup", "arguments": '{"q": "x"}'},
        }
        for k in range(n)
    ]
    results = [{"role": "tool", "tool_call_id": c["id"], "content": "result"} for c in calls]
    return [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": text, "tool_calls": calls},
        *results,
        {"role": "user", "content": "ok"},
    ]


@pytest.mark.parametrize("model", ["gpt-5", "gpt-4.1", "gpt-4o", "gpt-4-turbo"])
@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("call_id", ["c", "call_Xq7rT2mZp9LkV4bN8wYc"])
@pytest.mark.parametrize("text", [None, "let me check"])
def test_responses_calls_are_never_priced_below_chat(
    model: str, n: int, call_id: str, text: str | None
) -> None:
    chat, responses = _both(_calls(n, call_id, text), model)
    assert responses >= chat


def test_a_single_call_with_a_short_id_is_priced_as_chat_renders_it() -> None:
    # main priced this 39 on Responses and 42 on Chat (o200k's harmony rendering of a call and
    # its result is longer than a short id)
    chat, responses = _both(_calls(1, "c", None), "gpt-5")
    assert (chat, responses) == (42, 42)


def test_results_of_one_turn_are_each_framed_as_chat_frames_them() -> None:
    # an Anthropic-native turn of two results is one tool message of two results, which
    # Responses sends as two items and Chat as two messages
    anthropic = [
        {"role": "user", "content": "check both"},
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "t1", "name": "lookup", "input": {"q": "a"}},
                {"type": "tool_use", "id": "t2", "name": "search", "input": {"q": "b"}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "t1", "content": "one"},
                {"type": "tool_result", "tool_use_id": "t2", "content": "two"},
            ],
        },
    ]
    for model in ("gpt-5", "gpt-4-turbo"):
        chat, responses = _both(anthropic, model)
        assert responses >= chat, model


def _without_tool_images(messages: tuple[Message, ...]) -> list[Message]:
    def plain(b: Any) -> Any:
        if not isinstance(b, ToolResult):
            return b
        return replace(b, content=tuple(x for x in b.content if not isinstance(x, Image)))

    return [replace(m, content=tuple(map(plain, m.content))) for m in messages]


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(
        conversations(with_files=False),
        conversations(with_files=False, reasoning_provider="openai-responses"),
    ),
    st.sampled_from(["gpt-5", "gpt-4o", "gpt-4-turbo"]),
)
def test_a_responses_request_is_never_priced_below_its_chat_request(
    messages: tuple[Message, ...], model: str
) -> None:
    chat, responses = _both(_without_tool_images(messages), model)
    assert responses >= chat
