"""Request settings and schema parts that are billed though no message holds them (issue #11
item 1: ``used`` is never below the bill), each from a recorded bill in
``tests/data/billed_pydantic_ai.json``: Anthropic's ``output_config.task_budget`` (53 billed,
16 priced), OpenAI's reasoning ``mode: "pro"`` (1,549 billed, 19 priced) and a function's
``parameters.description`` (gpt-5.4: 109 billed, 98 priced)."""

from __future__ import annotations

import copy
from typing import Any

from contextledger.pricing.framing import (
    ANTHROPIC_TASK_BUDGET_PROMPT,
    OPENAI_PRO_MODE_PROMPT,
    rendered_functions,
)
from contextledger.pricing.messages import price_request

QUESTION = [{"role": "user", "content": [{"type": "text", "text": "What is 2+2?"}]}]


def test_an_anthropic_task_budget_is_priced_as_billed() -> None:
    body: dict[str, Any] = {"model": "claude-opus-4-7", "max_tokens": 4096, "messages": QUESTION}
    plain = price_request(body, "claude-opus-4-7", "anthropic").total
    budget = {"task_budget": {"type": "tokens", "total": 20000, "remaining": 500}}
    priced = price_request({**body, "output_config": budget}, "claude-opus-4-7", "anthropic")
    assert priced.total == plain + ANTHROPIC_TASK_BUDGET_PROMPT
    assert priced.total >= 53  # the recorded bill (16 priced before)


def test_openai_pro_reasoning_mode_is_priced_as_billed() -> None:
    body: dict[str, Any] = {
        "model": "gpt-5",
        "input": [{"role": "user", "content": "What is the capital of France? One word."}],
        "reasoning": {"effort": "high"},
    }
    plain = price_request(body, "gpt-5", "openai-responses").total
    pro = {**body, "reasoning": {"mode": "pro", "context": "all_turns"}}
    assert price_request(pro, "gpt-5", "openai-responses").total == plain + OPENAI_PRO_MODE_PROMPT
    # (another provider's body naming a mode is not priced so)
    assert OPENAI_PRO_MODE_PROMPT > 1_530  # the recorded 1,549 less the question's 19


TOOL: dict[str, Any] = {
    "type": "function",
    "name": "load_capability",
    "description": "Load a capability to access its full instructions and tools.",
    "parameters": {
        "type": "object",
        "additionalProperties": False,
        "properties": {"id": {"type": "string", "description": "The id of the capability."}},
        "required": ["id"],
    },
    "strict": True,
}


def test_the_parameters_own_description_is_priced() -> None:
    described = copy.deepcopy(TOOL)
    described["parameters"]["description"] = "Typed arguments for a `load_capability` tool call."
    rendered = rendered_functions([described])
    assert rendered is not None and "// Typed arguments for a `load_capability`" in rendered
    body: dict[str, Any] = {"model": "gpt-5.4", "input": [{"role": "user", "content": "hi"}]}
    without = price_request({**body, "tools": [TOOL]}, "gpt-5.4", "openai-responses").total
    with_it = price_request({**body, "tools": [described]}, "gpt-5.4", "openai-responses").total
    assert with_it >= without + 11  # the description's own tokens (the bill: 11 more)


def test_a_parameters_description_that_is_not_text_falls_back_to_the_json() -> None:
    odd = copy.deepcopy(TOOL)
    odd["parameters"]["description"] = {"not": "text"}
    assert rendered_functions([odd]) is None  # priced by its JSON: longer, never under
