"""A Fitter's refit reports every message it leaves out, as a cold fit does."""

from __future__ import annotations

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
