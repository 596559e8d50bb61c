"""System prompts are budgeted as the body sends them: Anthropic and Gemini send every system
message merged into one ``system`` / ``system_instruction`` (one framing, joined by a blank
line), and every writer sends a system message's text blocks joined by a newline."""

from __future__ import annotations

from typing import Any

import pytest

from contextledger import Message, Recap, Text, fit, prepare, translate
from contextledger.pricing.messages import price_request

MODELS = {
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
    "openai": "gpt-4o",
    "openai-responses": "gpt-4o",
}
TAIL = [Message.user("hi"), Message.assistant("salut"), Message.user("how are you")]
CACHED = '{"type": "ephemeral"}'

SYSTEMS: dict[str, list[Message]] = {
    "one": [Message.system("Be brief.")],
    "two": [Message.system("Be brief."), Message.system("Answer in French.")],
    "three": [Message.system(f"Rule {k}.") for k in range(3)],
    "two blocks": [Message("system", (Text("Be brief"), Text("Answer in French")))],
    "cached and plain": [
        Message("system", (Text("Be brief.", cache=CACHED),)),
        Message("system", (Text("Answer"), Text("in French"))),
    ],
    "cached and a recap": [
        Message("system", (Text("Be brief.", cache=CACHED), Recap("They asked about X."))),
    ],
    "one late": [Message.system("Be brief."), *TAIL[:2], Message.system("Now in French.")],
}


def _budgeted_and_sent(system: list[Message], target: str) -> tuple[int, int, int, int]:
    """(prepare's budget, its body's price, fit's budget, the price of its body)."""
    model = MODELS[target]
    msgs: list[Any] = [*system, *(m for m in TAIL if m not in system)]
    prepared = prepare(msgs, model, target=target)
    res = fit(msgs, model, target=target)
    body = translate(res.messages, target, model=model).body
    return (
        prepared.report.used,
        price_request(prepared.body, model, target).total,
        res.report.used,
        price_request(body, model, target).total,
    )


@pytest.mark.parametrize("target", list(MODELS))
def test_system_messages_budget_what_is_sent(target: str) -> None:
    got = {case: _budgeted_and_sent(system, target) for case, system in SYSTEMS.items()}
    wrong = {case: v for case, v in got.items() if v[0] != v[1] or v[2] != v[3]}
    assert not wrong, f"(prepare used, its body, fit used, its body) differ: {wrong}"
