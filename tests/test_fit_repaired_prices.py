"""A history repair changes is priced as repaired: a reused call id renumbered in a later
parallel turn leaves the first call's result plain (OpenAI escapes only the results of
parallel calls), so a cold fit, a refit and the body agree (red team s8 F14, seed 175)."""

from __future__ import annotations

import copy
from typing import Any

from contextledger import Fitter, fit, translate
from contextledger.pricing.messages import price_request
from contextledger.validate import problems_for


def _call(call_id: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function",
            "function": {"name": "lookup", "arguments": '{"q": "x"}'}}  # fmt: skip


HISTORY = [
    {"role": "system", "content": "Be brief."},
    {"role": "user", "content": "Look up the order."},
    {"role": "assistant", "content": None, "tool_calls": [_call("dup_1")]},
    # CJK: escaped (as a parallel call's result is billed) it costs 2.5 times as much
    {"role": "tool", "tool_call_id": "dup_1", "content": "退款 日志 错误 " * 40},
    {"role": "user", "content": "And the two others?"},
    {"role": "assistant", "content": None, "tool_calls": [_call("dup_1"), _call("call_b")]},
    {"role": "tool", "tool_call_id": "dup_1", "content": "ok"},
    {"role": "tool", "tool_call_id": "call_b", "content": "ok"},
    {"role": "assistant", "content": None, "tool_calls": [_call("call_c")]},  # interrupted
    {"role": "user", "content": "Thanks, and now?"},
]


def _body_price(res: Any) -> int:
    body = translate(res.messages, "openai").body
    return price_request(body, "gpt-4o", "openai").total


def test_a_renumbered_parallel_call_leaves_the_first_result_priced_plain() -> None:
    cold = fit(copy.deepcopy(HISTORY), "gpt-4o", target="openai")
    assert any("renumbered" in n.text for n in cold.report.notices)
    assert cold.report.used == _body_price(cold)  # was 1,202 against a body of 476


def test_a_growing_fitter_prices_the_repaired_history_as_a_cold_fit() -> None:
    fitter, app = Fitter("gpt-4o", target="openai"), []
    for message in copy.deepcopy(HISTORY):
        app.append(message)
        got = fitter.fit(app)
        if problems_for(got.messages, "openai"):
            # (a reused id the fit does not repair while every unit is valid on its own:
            # a separate bug, reported to the fit's owner; such a body is refused anyway)
            continue
        assert got.report.used == fit(copy.deepcopy(app), "gpt-4o", target="openai").report.used
    assert not problems_for(got.messages, "openai")
    assert got.report.used == _body_price(got)
