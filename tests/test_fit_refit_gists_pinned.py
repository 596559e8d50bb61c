"""A Fitter's refit of the app's own dicts pins the gists a one-shot fit of the same list pins:
the gists of earlier tool exchanges (failures, files written, commands run, a command run
again and again), the assistant's statements of a value and a long turn's own words, after
any sequence of appends, in-place edits (of a tool's output, of a call's nested arguments,
of a statement) and replacements (by an equal copy or a changed dict). The work behind the
gists is kept between refits (their wordings and their bounds, per text: speed58); this pins
that nothing kept is ever served for a text that changed.

Deterministic: the sessions are generated from their seed, and hypothesis is derandomized
(the same examples every run), so a CI run never meets an example no local run met."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.errors import BudgetError, ContentError
from contextledger.fit import Fitter, fit
from contextledger.providers import read_messages

MODEL = "gpt-4o"
RESERVE = 300
_TESTS = ["test_rounding", "test_ledger_close", "test_refund_window", "test_fx_rates"]
_FILES = ["billing/ledger.py", "billing/fx.py", "api/refunds.py", "jobs/close_day.py"]


def _call(cid: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
    call = {
        "id": cid,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(args)},
    }
    return {"role": "assistant", "content": None, "tool_calls": [call]}


def _exchange(i: int) -> list[dict[str, Any]]:
    """A tool exchange of one of several kinds, picked by ``i``, and what follows it."""
    cid = f"call_{i}"
    kind = i % 6
    if kind == 0:  # a failing test run
        name = _TESTS[i % len(_TESTS)]
        out = f"collected {i + 3} items\n" + "tests/test_x.py ...\n" * (i % 5)
        out += f"FAILED tests/test_billing.py::{name} - AssertionError: {i} != {i + 1}\n1 failed"
        return [_call(cid, "shell", {"cmd": f"pytest -q -k {name}"}), _tool(cid, out)]
    if kind == 1:  # a file written
        args = {"path": _FILES[i % len(_FILES)], "content": f"RATE = {i}\nLIMIT = {i * 2}\n"}
        return [_call(cid, "write_file", args), _tool(cid, "ok")]
    if kind == 2:  # a command run, then a statement of a value
        out = f"migrating...\nSUMMARY rows={i * 37} skipped={i % 4}\ndone in {i}.2s"
        said = f"The migration moved {i * 37} rows in {i}.2 seconds."
        return [
            _call(cid, "shell", {"command": ["alembic", "upgrade", f"rev{i}"]}),
            _tool(cid, out),
            {"role": "assistant", "content": said},
        ]
    if kind == 3:  # a poll run again and again in the same words (digits aside): routine
        return [_call(cid, "shell", {"cmd": f"kubectl rollout status deploy/api-{i}"}),
                _tool(cid, f"deployment api-{i} ready: {i % 3} of 3")]  # fmt: skip
    if kind == 4:  # a look-up: no gist
        return [_call(cid, "shell", {"cmd": f"grep -rn ledger billing/ | head -{i}"}),
                _tool(cid, "billing/ledger.py:1: import x\n" * (1 + i % 7))]  # fmt: skip
    log = "\n".join(f"2026-01-{1 + j % 28:02d}T10:00 WARN job={i * 10 + j} retry" for j in range(9))
    return [
        {
            "role": "user",
            "content": f"{log}\n\nNever raise the retry limit above {i % 7 + 2}.\n\n{log}",
        }
    ]


def _tool(cid: str, content: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": cid, "content": content}


def session(n: int, seed: int) -> list[dict[str, Any]]:
    """A coding agent's history of ``n`` turns: a goal, then requests, tool exchanges of every
    kind a gist is made of, answers."""
    out: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a billing service agent."},
        {"role": "user", "content": f"Fix the rounding bug in the ledger close (ticket {seed})."},
    ]
    for i in range(n):
        out += _exchange(seed + i)
        if i % 3 == 2:
            out.append(
                {"role": "assistant", "content": f"Checked step {i}; moving on to the next file."}
            )
            out.append({"role": "user", "content": f"ok, continue with part {i} of {seed}"})
    out.append({"role": "user", "content": "and now?"})
    return out


def _indices(dicts: list[dict[str, Any]], test: Any, share: float) -> int | None:
    """The first dict at or after ``share`` of the list that passes ``test`` (wrapping)."""
    start = max(1, int(len(dicts) * share))
    return next((i for i in [*range(start, len(dicts)), *range(1, start)] if test(dicts[i])), None)


def _is_tool(d: dict[str, Any]) -> bool:
    return d["role"] == "tool"


def _has_call(d: dict[str, Any]) -> bool:
    return bool(d.get("tool_calls"))


def _is_said(d: dict[str, Any]) -> bool:
    return d["role"] == "assistant" and type(d.get("content")) is str


def apply(dicts: list[dict[str, Any]], op: tuple[Any, ...], step: int) -> None:
    """One change the app makes to its list, in place."""
    kind, share = op[0], op[1]
    if kind == "append":
        dicts.append({"role": "user", "content": f"next {step}, part {share}"})
    elif kind == "turn":
        dicts += _exchange(step * 7 + int(share * 100))
        dicts.append({"role": "user", "content": f"go on ({step})"})
    elif kind == "output":  # a tool's output edited in place: a failure appears or goes
        i = _indices(dicts, _is_tool, share)
        if i is not None:
            was = dicts[i]["content"]
            dicts[i]["content"] = "3 passed" if "FAILED" in was else was + "\nERROR: disk full"
    elif kind == "arguments":  # a call's arguments edited in place, inside the nested call
        i = _indices(dicts, _has_call, share)
        if i is not None:
            function = dicts[i]["tool_calls"][0]["function"]
            function["arguments"] = json.dumps({"cmd": f"make deploy-{step}"})
    elif kind == "statement":  # the assistant's statement of a value edited in place
        i = _indices(dicts, _is_said, share)
        if i is not None:
            dicts[i]["content"] = f"The queue peaks at {step * 1_000 + 7} jobs a minute."
    elif kind == "copy":  # an earlier dict replaced by an equal copy: the same prices
        i = _indices(dicts, _has_call, share)
        if i is not None:
            dicts[i] = copy.deepcopy(dicts[i])
    elif kind == "replace":  # an earlier tool output replaced by a changed dict
        i = _indices(dicts, _is_tool, share)
        if i is not None:
            dicts[i] = {**dicts[i], "content": f"FAILED tests/t.py::test_{step} - boom"}


ops = st.tuples(
    st.sampled_from(["append", "turn", "output", "arguments", "statement", "copy", "replace"]),
    st.sampled_from([0.0, 0.15, 0.4, 0.7, 0.9, 0.99]),
)


def _decisions(res: Any) -> str:
    # (a dropped message's size may be exact in one and an estimate in the other: see
    # test_fit_refit_invariant; what is sent and every other part of the report are equal)
    changes = tuple(
        c._replace(tokens_before=0, estimated=False) if c.action == "dropped" else c
        for c in res.report.changes
    )
    return repr((res.messages, replace(res.report, changes=changes)))


def _outcome(fn: Any) -> tuple[str, Any]:
    try:
        res = fn()
    except (BudgetError, ContentError) as exc:
        return f"{type(exc).__name__}: {exc}", None
    return _decisions(res), res


def check(dicts: list[dict[str, Any]], steps: list[tuple[Any, ...]], window: int) -> int:
    """Refit after each step == a one-shot fit of the same list; returns the gists sent over
    all the steps (a check that pins no gist pins nothing)."""
    fitter = Fitter(MODEL, window=window, max_output_tokens=RESERVE)
    gists = 0
    for step, op in enumerate([None, *steps]):
        if op is not None:
            apply(dicts, op, step)
        got, res = _outcome(lambda: fitter.fit(dicts))
        want, _ = _outcome(
            lambda: fit(copy.deepcopy(dicts), MODEL, window=window, max_output_tokens=RESERVE)
        )
        assert got == want, f"step {step} after {op}"
        if res is not None:
            gists += sum(1 for m in res.messages if m.id.startswith("gist-"))
    return gists


@given(
    n=st.integers(12, 60),
    seed=st.integers(0, 50),
    steps=st.lists(ops, min_size=1, max_size=8),
    window=st.sampled_from([2_500, 4_000, 8_000]),
)
@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_gists_pinned_by_a_refit_are_a_one_shot_fits_after_any_changes(
    n: int, seed: int, steps: list[tuple[Any, ...]], window: int
) -> None:
    check(session(n, seed), steps, window)


SCRIPTS = {
    "appends": [("append", 0.0), ("turn", 0.1), ("append", 0.2), ("turn", 0.3)] * 2,
    "outputs edited": [("output", s) for s in (0.15, 0.4, 0.7, 0.9)] + [("turn", 0.5)],
    "arguments edited": [("arguments", s) for s in (0.15, 0.4, 0.7, 0.99)] + [("append", 0.1)],
    "statements edited": [("statement", s) for s in (0.15, 0.4, 0.7, 0.9)] + [("turn", 0.2)],
    "copies and replacements": [("copy", 0.4), ("replace", 0.7), ("copy", 0.9), ("replace", 0.2)],
}


@pytest.mark.parametrize("window", [3_000, 6_000])
@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_scripted_changes_refit_with_the_gists_of_a_one_shot_fit(name: str, window: int) -> None:
    assert check(session(60, 3), SCRIPTS[name], window) > 0  # (gists were pinned)


def test_a_failure_edited_into_an_old_output_is_gisted_on_the_next_refit() -> None:
    """An old tool output edited in place to fail: its gist says the failure on the very next
    refit (nothing kept from the text it held)."""
    dicts = session(60, 1)
    fitter = Fitter(MODEL, window=4_000, max_output_tokens=RESERVE)
    before = fitter.fit(dicts)
    ids = [m.id for m in read_messages(copy.deepcopy(dicts))]
    dropped = {c.message_id for c in before.report.dropped}
    i = max(  # the newest file written that was left out (a failure gisted ahead of the rest)
        j for j, d in enumerate(dicts) if ids[j] in dropped and d.get("content") == "ok"
    )
    dicts[i]["content"] = "Traceback (most recent call last):\nOSError: [Errno 28] No space left"
    after = fitter.fit(dicts)
    said = "\n".join(m.text for m in after.messages if m.id.startswith("gist-"))
    assert "No space left" not in "\n".join(m.text for m in before.messages)
    assert "OSError: [Errno 28] No space left" in said
    want = fit(copy.deepcopy(dicts), MODEL, window=4_000, max_output_tokens=RESERVE)
    assert _decisions(after) == _decisions(want)
