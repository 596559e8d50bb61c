"""A kept Fitter knows the least each far tool exchange may rank as a gist (read from its
calls alone: a write, a look-up with words beside it, any other run) from the refits before,
so a screenshot or a result that moves the kept run does not read every far call again. When
the app edits a far call in place (a look-up made a write, a write made a look-up), replaces
its dict or removes a turn before it, while a call of its own dangles or not, the refit pins
the gists a one-shot fit of the same list pins, with the same report."""

from __future__ import annotations

import copy
import importlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import Dicts, openai_tool_result
from contextledger.fit import Fitter, fit
from test_fit_refit_gists_scan_carried_on import _apply as _append
from test_fit_refit_gists_scan_carried_on import _each_refit_as_one_shot, _pending
from test_fit_refit_invariant import _decisions

gists = importlib.import_module("contextledger.fit.gists")

MODEL, RESERVE = "gpt-4o", 500

_WRITE = ("write_file", {"path": "notes/plan.md", "content": "step one\nstep two"})
_LOOK = ("read_file", {"path": "notes/plan.md"})
_RUN = ("run_job", {"job": 7})


def _call_turn(t: int, name: str, args: dict[str, Any], words: str | None) -> dict[str, Any]:
    call = {
        "id": f"far_{t}",
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(args)},
    }
    return {"role": "assistant", "content": words, "tool_calls": [call]}


def _agent(turns: int) -> Dicts:
    """An agent whose calls write, look things up (some with words beside them) or run jobs,
    each answered; the user asks now and then."""
    dicts: Dicts = [{"role": "system", "content": "You keep the notes and the jobs in order."}]
    for t in range(turns):
        if t % 4 == 0:
            dicts.append({"role": "user", "content": f"Tidy section {t} and tell me what changed."})
        name, args = (_WRITE, _LOOK, _RUN)[t % 3]
        words = f"Section {t} reads {t * 11} lines." if t % 2 else None
        dicts.append(_call_turn(t, name, {**args, "n": t}, words))
        out = [f"section {t} line {r}: done" for r in range(10)]
        if t % 5 == 0:
            out += ["Traceback (most recent call last):", f"OSError: section_{t} locked"]
        dicts.append(openai_tool_result(f"far_{t}", "\n".join(out)))
    return dicts


def _far_calls(dicts: Dicts) -> list[int]:
    """The assistant turns with calls in the older half of the list."""
    return [i for i, d in enumerate(dicts[: len(dicts) // 2]) if d.get("tool_calls")]


def _edit(dicts: Dicts, op: str, step: int) -> None:
    far = _far_calls(dicts)
    at = far[step % len(far)]
    function = dicts[at]["tool_calls"][0]["function"]
    if op == "made_write":  # (in place: the same dicts, a look-up now writes)
        function["name"], function["arguments"] = _WRITE[0], json.dumps(_WRITE[1])
    elif op == "made_look":
        function["name"], function["arguments"] = _LOOK[0], json.dumps(_LOOK[1])
    elif op == "words":  # (the words beside the call, in place)
        dicts[at]["content"] = f"Section {step} now reads {step * 7} lines."
    elif op == "replace":
        old = dicts[at]["tool_calls"][0]
        dicts[at] = _call_turn(step, *_RUN, None) | {"tool_calls": [{**old, "type": "function"}]}
        dicts[at]["tool_calls"][0]["function"] = {
            "name": _WRITE[0],
            "arguments": json.dumps({**_WRITE[1], "n": step}),
        }
    elif op == "remove":
        users = [i for i, d in enumerate(dicts[:at]) if d["role"] == "user"]
        if users:
            del dicts[users[-1]]


_APPENDS = ("call", "calls", "answer", "said", "user", "shot")
_EDITS = ("made_write", "made_look", "words", "replace", "remove")


def _step(dicts: Dicts, op: str, t: int) -> None:
    if op in _EDITS:
        _edit(dicts, op, t)
    else:
        _append(dicts, op, t)


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    ops=st.lists(st.sampled_from(_APPENDS + _EDITS), min_size=3, max_size=10),
    near=st.sampled_from([2, 8, 300]),
    window=st.sampled_from([2_500, 4_000]),
)
def test_a_far_call_edited_between_refits_is_ranked_as_it_now_reads(
    ops: list[str], near: int, window: int
) -> None:
    dicts = _agent(36)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(gists, "GIST_NEAR", near)  # (where the far exchanges start)
        _each_refit_as_one_shot(dicts, ops, window, _step)


@pytest.mark.parametrize("edit", _EDITS)
@pytest.mark.parametrize("dangling", [False, True])
def test_each_kind_of_far_call_edit_after_screenshots_refits_as_a_one_shot_fit(
    edit: str, dangling: bool
) -> None:
    dicts = _agent(36)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(gists, "GIST_NEAR", 4)
        fitter = Fitter(MODEL, window=3_000, max_output_tokens=RESERVE)
        fitter.fit(dicts)
        # (screenshots move the kept run: the far exchanges' bounds are asked again)
        for t, op in enumerate(["shot", "call", "answer", "shot", "said", "shot"]):
            _append(dicts, op, t)
            fitter.fit(dicts)
        if dangling:
            _append(dicts, "call", 50)
            fitter.fit(dicts)
            assert _pending(dicts)
        for t in range(3):  # (each far call in turn: the first edits the newest of them)
            _edit(dicts, edit, t)
            got = fitter.fit(dicts)
            want = fit(copy.deepcopy(dicts), MODEL, window=3_000, max_output_tokens=RESERVE)
            assert _decisions(got) == _decisions(want), (edit, t)
