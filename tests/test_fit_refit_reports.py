"""A Fitter's refit reports every message it leaves out, as a cold fit does."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger import BudgetError, ContentError, Fitter
from contextledger.model import Message
from strategies import conversations


def _unreported(msgs: list[Message], res: Any) -> list[str]:
    kept = {m.id for m in res.messages}
    told = {c.message_id for c in res.report.changes}
    return [m.id for m in msgs if m.id not in kept and m.id not in told]


def test_a_tool_result_repair_removes_is_a_change_of_the_report() -> None:
    fitter = Fitter("gpt-4o")
    history: list[dict[str, Any]] = [{"role": "user", "content": "check the refund"}]
    fitter.fit(history)
    history.append({"role": "tool", "tool_call_id": "ghost", "content": "late output"})
    history.append({"role": "user", "content": "and now?"})
    res = fitter.fit(history)
    (change,) = [c for c in res.report.changes if c.message_id == "m1"]
    assert change.action == "dropped" and "no matching call" in change.reason


@given(
    msgs=conversations(max_turns=14),
    window=st.integers(400, 3_000),
)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_message_left_out_by_a_growing_fitter_is_reported(
    msgs: tuple[Message, ...], window: int
) -> None:
    history = [m if m.id else Message(m.role, m.content, id=f"m{i}") for i, m in enumerate(msgs)]
    fitter = Fitter("gpt-4o", window=window, max_output_tokens=200)
    for n in range(1, len(history) + 1):
        try:
            res = fitter.fit(history[:n])
        except (BudgetError, ContentError):
            continue  # a refused turn reports nothing, and must not count as reported
        assert _unreported(history[:n], res) == []


PNG_1x1 = (
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA"
    "60e6kgAAAABJRU5ErkJggg=="
)


def test_a_shortened_exchange_says_how_long_ago_as_a_fresh_fit_says() -> None:
    """A tool exchange kept shortened (its screenshot left out) is made once per share; its
    notice says when it was sent ("from 3 turns ago"), which moves with each new request:
    a refit said what the first fit said (speed35's fuzz, set B seed 9; found by speed41)."""
    history: list[dict[str, Any]] = [{"role": "system", "content": "Ops bot."}]
    # (older turns fill the other half of the room: the exchange stays shortened to its share)
    history += [
        {"role": "assistant" if i % 2 else "user", "content": f"older {i} " + "fine " * 20}
        for i in range(40)
    ]
    history += [
        {"role": "user", "content": "grab the dashboard"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "grab", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": [
            {"type": "text", "text": "dashboard " + "cpu 93% on host-7; " * 50},
            {"type": "image_url", "image_url": {"url": PNG_1x1}}]},
    ]  # fmt: skip
    history += [
        {"role": "assistant" if i % 2 else "user", "content": f"turn {i} " + "ok " * 20}
        for i in range(6)
    ]
    history.append({"role": "user", "content": "and?"})
    fitter = Fitter("gpt-4o", window=1200, max_output_tokens=300)
    fitter.fit(history)
    for i in range(3):
        history.append({"role": "user", "content": f"more {i}"})
        fresh = Fitter("gpt-4o", window=1200, max_output_tokens=300).fit(copy.deepcopy(history))
        said = [n.text for n in fitter.fit(history).report.notices]
        assert said == [n.text for n in fresh.report.notices]
        assert any(f"from {4 + i} turns ago" in text for text in said)
