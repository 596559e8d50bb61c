"""A refit after the app takes a dict out mid-history (or puts one in) and, in the same
turn, appends the result of the tool call its list ended with prices that call's exchange
with its result (speed68: the call's sum from the last fit, made before the result came,
was kept for the exchange it opened, and the refit sent ~3,400 tokens over the budget
where a one-shot fit shrank the result)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from contextledger.fit import Fitter, fit
from test_fit_refit_invariant import _decisions

MODEL = "gpt-4o"
WINDOW, RESERVE = 6_000, 500
Dicts = list[dict[str, Any]]


def _session(turns: int) -> Dicts:
    dicts: Dicts = [{"role": "system", "content": "You help with the billing service."}]
    for t in range(turns):
        dicts.append({"role": "user", "content": f"Step {t}: check invoice batch {t * 37}."})
        call = {
            "id": f"call_{t}",
            "type": "function",
            "function": {"name": "run_sql", "arguments": f'{{"batch": {t * 37}}}'},
        }
        dicts.append({"role": "assistant", "content": None, "tool_calls": [call]})
        rows = "\n".join(f"{t},{r},{r * 13 % 97},ok" for r in range(12))
        dicts.append({"role": "tool", "tool_call_id": f"call_{t}", "content": rows})
        dicts.append({"role": "assistant", "content": f"Batch {t * 37} holds 12 rows."})
    dicts.append({"role": "user", "content": "Now dump the whole ledger table."})
    last = {
        "id": "call_dump",
        "type": "function",
        "function": {"name": "run_sql", "arguments": "{}"},
    }
    dicts.append({"role": "assistant", "content": None, "tool_calls": [last]})
    return dicts


def _big_result() -> dict[str, Any]:
    rows = "\n".join(f"{r},{r * 7919 % 10007},{r * 31 % 101},pending,EUR" for r in range(700))
    return {"role": "tool", "tool_call_id": "call_dump", "content": rows}


@pytest.mark.parametrize("change", ["remove a user dict", "remove a result", "insert a user dict"])
def test_a_splice_with_the_last_calls_result_appended_prices_that_exchange(change: str) -> None:
    dicts = _session(30)
    fitter = Fitter(MODEL, window=WINDOW, max_output_tokens=RESERVE)
    fitter.fit(dicts)
    at = len(dicts) * 3 // 5
    if change == "remove a user dict":
        at = next(j for j in range(at, len(dicts)) if dicts[j]["role"] == "user")
        del dicts[at]
    elif change == "remove a result":
        at = next(j for j in range(at, len(dicts)) if dicts[j]["role"] == "tool")
        del dicts[at]
    else:
        at = next(j for j in range(at, len(dicts)) if dicts[j]["role"] == "user")
        dicts.insert(at, {"role": "user", "content": "Also note batch 999 is late."})
    dicts.append(_big_result())
    refit = fitter.fit(dicts)
    once = fit(copy.deepcopy(dicts), MODEL, window=WINDOW, max_output_tokens=RESERVE)
    assert refit.report.used <= refit.report.budget
    assert _decisions(refit) == _decisions(once)
