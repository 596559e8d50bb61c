"""Choosing the gists, those surely over a step's room (by a lower bound of their price) are
not looked at: the same gists are pinned as when every one of them is priced and tried, at
any mix of gist sizes (a command of a few words beside a command of a thousand, failures,
files written, statements), at any window, in a one-shot fit and in a kept Fitter's refits
after each append."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import chat_exchange
from contextledger.fit import Fitter, anchors, fit
from contextledger.providers import translate

MODEL = "gpt-4o"


def _exchange(i: int, kind: int, size: int) -> list[dict[str, Any]]:
    """An exchange whose gist is of about ``size`` words, then the assistant's answer."""
    words = " ".join(f"--flag{j}=v{i}" for j in range(size))
    cid = f"call_{i}"
    if kind == 0:  # a command run
        out = "ok\n" * 3
        made = chat_exchange(cid, "shell", {"cmd": f"deploy {words}"}, out)
    elif kind == 1:  # a command that failed
        out = f"ERROR: step {i} failed: {words}\nexit status 1"
        made = chat_exchange(cid, "shell", {"cmd": f"make target{i} {words}"}, out)
    else:  # a file written
        args = {"path": f"src/mod{i}.py", "content": f"X = {i}\n" + f"# {words}\n"}
        made = chat_exchange(cid, "write_file", args, "ok")
    said = f"The rollout reached {i * 7} hosts." if i % 3 == 0 else f"ok {i}"
    return [*made, {"role": "assistant", "content": said}]


def _session(plan: list[tuple[int, int]]) -> list[dict[str, Any]]:
    dicts: list[dict[str, Any]] = [{"role": "system", "content": "You run the deploys."}]
    for i, (kind, size) in enumerate(plan):
        dicts.append({"role": "user", "content": f"Next step {i}, please."})
        dicts += _exchange(i, kind, size)
    return dicts


def _sent(dicts: list[dict[str, Any]], window: int) -> tuple[str, list[str]]:
    res = fit(dicts, MODEL, window=window, max_output_tokens=300)
    return json.dumps(translate(res.messages, "openai").body), res.report.kept


def _every_one_tried(
    index: Any, bounds: Any, found: list[tuple[int, int, str]], pricer: Any
) -> list[int]:
    return [0] * len(found)


_PLAN = st.lists(
    st.tuples(st.integers(0, 2), st.sampled_from([0, 1, 2, 5, 40, 200, 900])),
    min_size=20,
    max_size=70,
)


@given(_PLAN, st.integers(2_500, 14_000))
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_gists_pinned_are_those_pinned_trying_every_one(
    plan: list[tuple[int, int]], window: int
) -> None:
    dicts = _session(plan)
    chosen = _sent(dicts, window)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(anchors, "_gist_needs", _every_one_tried)
        assert _sent(dicts, window) == chosen


@given(_PLAN, st.integers(3_000, 12_000), st.lists(st.sampled_from([0, 5, 200, 900]), max_size=6))
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_a_refit_after_each_append_pins_the_gists_a_one_shot_fit_pins(
    plan: list[tuple[int, int]], window: int, appended: list[int]
) -> None:
    dicts = _session(plan)
    fitter = Fitter(MODEL, window=window, max_output_tokens=300)
    fitter.fit(dicts)
    for n, size in enumerate(appended):
        dicts.append({"role": "user", "content": f"And then {n}."})
        dicts += _exchange(len(plan) + n, n % 3, size)
        res = fitter.fit(dicts)
        body = json.dumps(translate(res.messages, "openai").body)
        assert (body, res.report.kept) == _sent(dicts, window)
