"""A kept Fitter carries the gists' scan of its last refit on (speed122) when an agent's call
(before its result), its results, the assistant's statement, the user's words or a
screenshot are appended: the units that scan looked at are looked at in the same order,
further from the history's end, and the oldest it reached may no longer be reached. Whatever
the scan's reach, and whether a failure moves past ``GIST_NEAR`` on the way, the refit pins
the gists a one-shot fit of the same list pins, with the same report; and so when the app
edits, replaces or removes an earlier dict while a call dangles."""

from __future__ import annotations

import copy
import importlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import Dicts, openai_tool_result
from contextledger.fit import Fitter, fit
from test_fit_refit_agent_pins import _failing_agent
from test_fit_refit_invariant import PNG_1x1, _decisions

# (``contextledger.fit.fit`` is the function: the modules are reached by name)
anchors = importlib.import_module("contextledger.fit.anchors")
gists = importlib.import_module("contextledger.fit.gists")

MODEL, RESERVE = "gpt-4o", 500

_GAUGES = [
    "boiler",
    "furnace",
    "chiller",
    "pump",
    "valve",
    "tank",
    "cellar",
    "attic",
    "roof",
    "kiln",
    "press",
    "mixer",
    "dryer",
    "oven",
    "silo",
    "hopper",
    "auger",
    "belt",
    "crane",
    "hoist",
    "winch",
    "dock",
    "gate",
    "fence",
    "pond",
    "well",
    "vat",
    "still",
    "cask",
]


def _agent(turns: int) -> Dicts:
    """``_failing_agent``'s dicts with the assistant's reading of a gauge after each call,
    each worded its own way: failures, commands and statements compete for the gists' room."""
    dicts = _failing_agent(turns)
    said = [d for d in dicts if d["role"] == "assistant" and d["content"]]
    for t, d in enumerate(said):
        d["content"] = f"The {_GAUGES[t % len(_GAUGES)]} gauge reads {t * 13} psi."
    return dicts


_OPS = ("call", "calls", "answer", "said", "user", "shot", "edit", "replace", "remove")


def _call(t: int, k: int) -> dict[str, Any]:
    calls = [
        {
            "id": f"c{t}_{j}",
            "type": "function",
            "function": {"name": "run_check", "arguments": f'{{"n": {t}, "j": {j}}}'},
        }
        for j in range(k)
    ]
    return {"role": "assistant", "content": None, "tool_calls": calls}


def _result(cid: str, t: int) -> dict[str, Any]:
    lines = [f"check {t} line {r}: exit 0" for r in range(12)]
    if t % 2:
        lines += ["Traceback (most recent call last):", f"ValueError: shelf_{t} is empty"]
    return openai_tool_result(cid, "\n".join(lines))


def _pending(dicts: Dicts) -> list[str]:
    """The ids of the last assistant turn's calls no tool message answers yet."""
    for i in range(len(dicts) - 1, -1, -1):
        if dicts[i]["role"] == "assistant":
            answered = {d["tool_call_id"] for d in dicts[i + 1 :] if d["role"] == "tool"}
            return [c["id"] for c in dicts[i].get("tool_calls") or () if c["id"] not in answered]
    return []


def _earlier_output(dicts: Dicts, step: int) -> int:
    """A tool output in the older half of the list (its gist may be pinned)."""
    outputs = [i for i, d in enumerate(dicts[: len(dicts) // 2]) if d["role"] == "tool"]
    return outputs[step % len(outputs)]


def _apply(dicts: Dicts, op: str, t: int) -> None:
    pending = _pending(dicts)
    if op == "call":
        dicts.append(_call(t, 1))
    elif op == "calls":
        dicts.append(_call(t, 2))
    elif op == "answer" and pending:
        dicts.append(_result(pending[-1], t))  # (the last first: out of order)
    elif op == "said":
        dicts.append({"role": "assistant", "content": f"Shelf {t} holds {t * 37 % 500} jars."})
    elif op == "user" and not pending:
        dicts.append({"role": "user", "content": f"Check shelf {t} again, then the cellar."})
    elif op == "shot" and not pending:
        shot = {"type": "image_url", "image_url": {"url": PNG_1x1}}
        dicts.append({"role": "user", "content": [{"type": "text", "text": f"shot {t}"}, shot]})
    elif op == "edit":
        at = _earlier_output(dicts, t)
        dicts[at]["content"] += f"\nKeyError: 'rack_{t}'"  # (in place: the same dict)
    elif op == "replace":
        at = _earlier_output(dicts, t)
        dicts[at] = {**dicts[at], "content": f"check {t}: ok"}
    elif op == "remove":
        at = next(i for i, d in enumerate(dicts) if i > len(dicts) // 3 and d["role"] == "user")
        if type(dicts[at]["content"]) is str:
            del dicts[at]


def _each_refit_as_one_shot(
    dicts: Dicts, ops: list[str], window: int, step: Callable[[Dicts, str, int], None]
) -> None:
    """A kept Fitter refits ``dicts`` after each of ``ops`` (``step`` applies one) as a
    one-shot fit of the same list: the same messages, report and notices."""
    fitter = Fitter(MODEL, window=window, max_output_tokens=RESERVE)
    fitter.fit(dicts)
    for t, op in enumerate(ops):
        step(dicts, op, t)
        got = fitter.fit(dicts)
        want = fit(copy.deepcopy(dicts), MODEL, window=window, max_output_tokens=RESERVE)
        assert _decisions(got) == _decisions(want), (t, op)


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    ops=st.lists(st.sampled_from(_OPS), min_size=3, max_size=9),
    visits=st.sampled_from([6, 16, 40, 1_200]),
    beyond=st.sampled_from([1, 40]),
    near=st.sampled_from([2, 12, 20, 300]),
    window=st.sampled_from([2_500, 4_000]),
)
def test_a_refit_after_any_append_pins_the_gists_a_one_shot_fit_pins(
    ops: list[str], visits: int, beyond: int, near: int, window: int
) -> None:
    dicts = _agent(30)
    with pytest.MonkeyPatch.context() as patch:
        # (a few visits and a reach beyond them: the scan's reach, not the history's start,
        # stops it, and each unit appended takes its oldest units out of reach)
        patch.setattr(anchors, "GIST_VISITS", visits)
        patch.setattr(anchors, "GIST_REACH", visits + beyond)
        patch.setattr(gists, "GIST_NEAR", near)  # (where the far failures start)
        _each_refit_as_one_shot(dicts, ops, window, _apply)


@pytest.mark.parametrize("near", [3, 14, 20])
@pytest.mark.parametrize(("visits", "beyond"), [(16, 40), (24, 30), (1_200, 150)])
def test_calls_and_screenshots_appended_one_by_one_pin_as_a_one_shot_fit(
    visits: int, beyond: int, near: int
) -> None:
    dicts = _agent(30)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(anchors, "GIST_VISITS", visits)
        patch.setattr(anchors, "GIST_REACH", visits + beyond)
        patch.setattr(gists, "GIST_NEAR", near)
        fitter = Fitter(MODEL, window=3_000, max_output_tokens=RESERVE)
        fitter.fit(dicts)
        for t, op in enumerate(["call", "answer", "calls", "answer", "answer", "said"] * 3):
            _apply(dicts, op, t)
            got = fitter.fit(dicts)
            want = fit(copy.deepcopy(dicts), MODEL, window=3_000, max_output_tokens=RESERVE)
            assert _decisions(got) == _decisions(want), (t, op)
        for t in range(3):
            _apply(dicts, "shot", 100 + t)
            got = fitter.fit(dicts)
            want = fit(copy.deepcopy(dicts), MODEL, window=3_000, max_output_tokens=RESERVE)
            assert _decisions(got) == _decisions(want), ("shot", t)
