"""A refit keeps the gists' scan of the fit before (speed64: the ~600 earlier units a refit
visits for gists were looked at again every turn) only while every message it read is the
same: a tool exchange or a statement edited in place, replaced, removed or put in earlier,
its call's arguments changed, or the list rebuilt, and the refit pins the gists a one-shot
fit of that list pins, with the same report."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.fit import Fitter, fit
from test_fit_gists import session
from test_fit_refit_invariant import _decisions, wrong_sizes

MODEL = "gpt-4o"
WINDOW, RESERVE = 4_000, 500
Dicts = list[dict[str, Any]]


def _one_shot(dicts: Dicts) -> Any:
    return fit(copy.deepcopy(dicts), MODEL, window=WINDOW, max_output_tokens=RESERVE)


def _text(res: Any) -> str:
    return "\n".join(m.text for m in res.messages)


def _call_of(dicts: Dicts, name: str) -> int:
    return next(
        i
        for i, d in enumerate(dicts)
        if d.get("tool_calls") and d["tool_calls"][0]["function"]["name"] == name
    )


def _failing(dicts: Dicts) -> int:
    return next(
        i
        for i, d in enumerate(dicts)
        if d["role"] == "tool" and "FAIL" in (d["content"] if type(d["content"]) is str else "")
    )


def _args(d: dict[str, Any]) -> dict[str, Any]:
    return json.loads(d["tool_calls"][0]["function"]["arguments"])  # type: ignore[no-any-return]


def _set_args(d: dict[str, Any], args: dict[str, Any]) -> None:
    d["tool_calls"][0]["function"]["arguments"] = json.dumps(args)  # in place, nested


def _edit_path(dicts: Dicts, step: int) -> None:
    d = dicts[_call_of(dicts, "write_file")]
    _set_args(d, {**_args(d), "path": f"internal/ledger/balance_v{step}.go"})


def _edit_failure(dicts: Dicts, step: int) -> None:
    d = dicts[_failing(dicts)]
    d["content"] = d["content"].replace("TestLedgerBalanceRounding", f"TestLedgerStep{step}")


def _failure_as_parts(dicts: Dicts, step: int) -> None:
    d = dicts[_failing(dicts)]
    d["content"] = [{"type": "text", "text": d["content"]}]
    d["content"][0]["text"] += f"\nretried {step}"  # (the part edited in place after)


def _edit_statement(dicts: Dicts, step: int) -> None:
    i = next(i for i, d in enumerate(dicts) if "open accounts" in str(d.get("content")))
    dicts[i]["content"] = f"The ledger holds {step * 1_111:,} open accounts."


def _rename_tool(dicts: Dicts, step: int) -> None:
    d = dicts[_call_of(dicts, "write_file")]
    d["tool_calls"][0]["function"]["name"] = "read_file"  # a look-up now: no gist


def _remove_failure(dicts: Dicts, step: int) -> None:
    i = _failing(dicts)
    del dicts[i - 1 : i + 1]  # the call and its result


def _insert_exchange(dicts: Dicts, step: int) -> None:
    i = _call_of(dicts, "write_file")
    cid = f"ins{step}"
    call = {"id": cid, "type": "function", "function": {"name": "shell", "arguments": ""}}
    call["function"]["arguments"] = json.dumps({"command": f"make deploy-{step}"})
    dicts[i:i] = [
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": cid, "content": f"Error: deploy {step} failed\nexit 2"},
    ]


def _equal_copy(dicts: Dicts, step: int) -> None:
    i = _call_of(dicts, "write_file")
    dicts[i] = copy.deepcopy(dicts[i])  # the same content: the same decisions


def _swap_statements(dicts: Dicts, step: int) -> None:
    said = [i for i, d in enumerate(dicts) if d["role"] == "assistant" and d.get("content")]
    a, b = said[len(said) // 4], said[len(said) // 2]
    dicts[a], dicts[b] = dicts[b], dicts[a]


def _append(dicts: Dicts, step: int) -> None:
    dicts.append({"role": "user", "content": f"and the next step, {step}?"})


EDITS = {
    "path": _edit_path,
    "failure": _edit_failure,
    "parts": _failure_as_parts,
    "statement": _edit_statement,
    "rename": _rename_tool,
    "remove": _remove_failure,
    "insert": _insert_exchange,
    "copy": _equal_copy,
    "swap": _swap_statements,
    "append": _append,
}


def _check(fitter: Fitter, dicts: Dicts, note: str) -> Any:
    res = fitter.fit(dicts)
    assert _decisions(res) == _decisions(_one_shot(dicts)), note
    assert wrong_sizes(res, dicts) == [], note
    return res


def test_an_earlier_exchange_edited_in_place_is_gisted_as_it_is_now() -> None:
    dicts = session()
    fitter = Fitter(MODEL, window=WINDOW, max_output_tokens=RESERVE)
    first = _check(fitter, dicts, "first fit")
    assert "internal/ledger/balance.go" in _text(first)  # (a gist: what this test is about)
    assert "TestLedgerBalanceRounding" in _text(first)
    for step in range(3):  # appends: the scan of the fit before stands
        _append(dicts, step)
        _check(fitter, dicts, f"append {step}")
    _edit_path(dicts, 7)  # the call's arguments, edited in place
    _append(dicts, 8)
    res = _check(fitter, dicts, "path edited")
    assert "balance_v7.go" in _text(res) and "internal/ledger/balance.go" not in _text(res)
    _edit_failure(dicts, 9)  # the tool's output, edited in place
    res = _check(fitter, dicts, "failure edited")
    assert "TestLedgerStep9" in _text(res) and "TestLedgerBalanceRounding" not in _text(res)
    _remove_failure(dicts, 10)
    res = _check(fitter, dicts, "failure removed")
    assert "TestLedgerStep9" not in _text(res)


def test_every_kind_of_change_refits_as_a_one_shot_fit() -> None:
    for name, edit in EDITS.items():
        dicts = session()
        fitter = Fitter(MODEL, window=WINDOW, max_output_tokens=RESERVE)
        _check(fitter, dicts, "first fit")
        _append(dicts, 1)
        _check(fitter, dicts, "append")
        edit(dicts, 2)
        _check(fitter, dicts, name)
        _append(dicts, 3)  # (the fit after the change keeps its scan again)
        _check(fitter, dicts, f"{name}, then an append")


def test_a_new_list_of_the_same_dicts_and_a_deep_copy_refit_as_a_one_shot_fit() -> None:
    dicts = session()
    fitter = Fitter(MODEL, window=WINDOW, max_output_tokens=RESERVE)
    _check(fitter, dicts, "first fit")
    dicts = [*dicts, {"role": "user", "content": "go on"}]
    _check(fitter, dicts, "a new list")
    dicts = copy.deepcopy(dicts)
    _edit_path(dicts, 4)
    _check(fitter, dicts, "a deep copy, edited")


@given(steps=st.lists(st.sampled_from(sorted(EDITS)), min_size=1, max_size=8))
@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_any_sequence_of_changes_refits_as_a_one_shot_fit(steps: list[str]) -> None:
    dicts = session(60)
    fitter = Fitter(MODEL, window=WINDOW, max_output_tokens=RESERVE)
    _check(fitter, dicts, "first fit")
    for step, name in enumerate(steps):
        try:
            EDITS[name](dicts, step)
        except StopIteration:  # (what it edits was removed by an earlier step)
            continue
        _check(fitter, dicts, f"step {step}: {name} after {steps[:step]}")
