"""What kept speed55's splices out of CI65, and what a search for it found besides: a tool
result left without its call (the app took the call out) is reported, when repair takes it
out, at its price in the list as it is now, not named by the call the Fitter's pricer
remembers; the check of dropped sizes holds no pricer across tests (whether a result was
"right" named hung on the tests an xdist worker ran first); a message taken out of the end
of a unit dropped last fit (the second of two parallel results) is not reported again. Each
refit decides and reports as a one-shot fit of the same list."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from contextledger.errors import BudgetError
from contextledger.fit import Fitter, fit
from contextledger.pricing.messages import Pricer
from contextledger.providers import read_messages
from test_fit_refit_invariant import MODEL, RESERVE, _decisions, history, wrong_sizes
from test_fit_refit_splices import ORPHANED_THEN_INSERTED, run_splices, splice


def test_ci65s_failing_example_decides_and_prices_as_a_one_shot_fit() -> None:
    run_splices(*ORPHANED_THEN_INSERTED)


def _sh_call(call_id: str) -> dict[str, Any]:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": "run_shell_command", "arguments": '{"cmd": "make test"}'},
    }


def test_an_orphan_repair_takes_out_is_priced_as_answering_no_call() -> None:
    """The Fitter priced the call (its result is rendered under the function's name); the
    app then takes the call out: the orphan repair takes out is reported at what a fresh
    fit says, the price of a result that answers no call."""
    n, steps = ORPHANED_THEN_INSERTED
    dicts = history(n)
    fitter = Fitter(MODEL, window=1500, max_output_tokens=RESERVE)
    fitter.fit(dicts)
    for step, change in enumerate(steps):
        splice(dicts, step, *change)
        got = fitter.fit(dicts)
    orphans = [c for c in got.report.changes if c.reason.startswith("tool result with no")]
    assert [c.message_id for c in orphans] == ["m1"] and dicts[1]["role"] == "tool"
    fresh = fit(copy.deepcopy(dicts), MODEL, window=1500, max_output_tokens=RESERVE)
    assert _decisions(got) == _decisions(fresh)
    unnamed = Pricer.for_model(MODEL).message(read_messages([dicts[1]])[0]).total
    assert orphans[0].tokens_before == unnamed and not orphans[0].estimated


def test_the_check_of_sizes_is_the_same_whatever_it_checked_before() -> None:
    """``wrong_sizes`` prices each list afresh, every result under the call the list makes:
    one pricer kept across checks said a dropped result was right or wrong by the calls of
    the lists checked before, and by the order it met a call and its result in."""
    dicts = history(12)
    at = next(i for i, d in enumerate(dicts) if d.get("tool_calls"))
    assert dicts[at + 1]["role"] == "tool"
    del dicts[at]  # (its result, an orphan, is dropped at its exact price)
    res = fit(copy.deepcopy(dicts), MODEL, window=3000, max_output_tokens=RESERVE)
    first = wrong_sizes(res, dicts)
    other = history(12)  # the same call id, calling another function
    other[at]["tool_calls"] = [_sh_call(other[at]["tool_calls"][0]["id"])]
    dropped = fit(copy.deepcopy(other), MODEL, window=900, max_output_tokens=0)
    assert wrong_sizes(dropped, other) == []
    assert wrong_sizes(res, dicts) == first == []


def _parallel_session() -> list[dict[str, Any]]:
    dicts: list[dict[str, Any]] = [{"role": "system", "content": "Support copilot."}]
    for i in range(12):
        dicts.append({"role": "user", "content": f"customer {i} asks about order {i} " * 8})
        dicts.append({"role": "assistant", "content": f"order {i} ships tomorrow " * 8})
    calls = [
        {"id": f"tc-{j}", "type": "function",
         "function": {"name": "lookup_order", "arguments": f'{{"q": {j}}}'}}
        for j in (1, 2)
    ]  # fmt: skip
    return [
        *dicts,
        {"role": "user", "content": "check both orders"},
        {"role": "assistant", "content": None, "tool_calls": calls},
        {"role": "tool", "tool_call_id": "tc-1", "content": "order 1: shipped\n" * 40},
        {"role": "tool", "tool_call_id": "tc-2", "content": "order 2: held\n" * 40},
        {"role": "assistant", "content": "One shipped, one is held."},
        {"role": "user", "content": "status?"},
    ]


@pytest.mark.parametrize("window", [700, 900, 1200, 1500])
def test_a_result_taken_out_of_the_end_of_a_dropped_exchange_is_not_reported(
    window: int,
) -> None:
    """The exchange of two parallel calls was dropped; the app takes its second result out
    (the next dicts move up one): the drops reported last fit are not reused for it (they
    named the result taken out, with its size, at the position of the answer after it)."""
    dicts = _parallel_session()
    fitter = Fitter(MODEL, window=window, max_output_tokens=RESERVE)
    fitter.fit(dicts)
    del dicts[-3]
    got = fitter.fit(dicts)
    fresh = fit(copy.deepcopy(dicts), MODEL, window=window, max_output_tokens=RESERVE)
    assert _decisions(got) == _decisions(fresh)
    assert wrong_sizes(got, dicts) == []


def test_a_request_too_big_is_refused_the_same_way_every_time() -> None:
    """The same list, too big, fitted twice by a Fitter: the second refusal is the first's
    and a one-shot fit's (it was "need at least N (a lower bound read from its length)"
    once the first had priced the request exactly)."""
    dicts = [
        {"role": "system", "content": "ops"},
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "hello"},
        {"role": "user", "content": "deploy the cache again please " * 400},
    ]
    fitter = Fitter(MODEL, window=2000, max_output_tokens=RESERVE)
    said = []
    for fitted in (
        fitter.fit,
        fitter.fit,
        lambda d: fit(copy.deepcopy(d), MODEL, window=2000, max_output_tokens=RESERVE),
    ):
        with pytest.raises(BudgetError) as refused:
            fitted(dicts)
        said.append(str(refused.value))
    assert said[0] == said[1] == said[2] and "at least" not in said[0]
