"""An agent that makes parallel calls fits after each result comes in, in whatever order its
tools finish: while one call is still unanswered, the refit answers it as repair does and
gives what a one-shot fit of the same list gives. So does a refit after an earlier dict
was edited, replaced or removed while the calls wait, and after the app edits the pending
call's arguments."""

from __future__ import annotations

import copy
import json
import random

import pytest

from builders import Dicts, openai_tool_call, openai_tool_result
from contextledger.fit import Fitter, fit
from test_fit_refit_invariant import _decisions

MODEL, RESERVE = "gpt-4o", 400


def _history(rng: random.Random, turns: int) -> Dicts:
    """A warehouse agent's OpenAI dicts: requests, 0-3 exchanges of 1-3 calls, an answer."""
    dicts: Dicts = [{"role": "system", "content": "You run the parts warehouse. Use tools."}]
    for t in range(turns):
        dicts.append({"role": "user", "content": f"Check bin {t} and tell me what is short."})
        for _ in range(rng.randint(0, 3)):
            calls, _ = _calls(rng, t, rng.randint(1, 3))
            dicts.append(calls)
            dicts.extend(_results(rng, calls))
        dicts.append({"role": "assistant", "content": f"Bin {t}: {rng.randint(0, 40)} short."})
    return dicts


def _calls(rng: random.Random, t: int, k: int) -> tuple[dict[str, object], list[str]]:
    ids = [f"call_{t}_{rng.getrandbits(32):08x}" for _ in range(k)]
    # (one call per turn as ``openai_tool_call`` makes it, the turns' calls made one)
    turns = [openai_tool_call(i, "stock", {"bin": t, "shelf": rng.randint(1, 9)}) for i in ids]
    calls = [c for turn in turns for c in turn["tool_calls"]]  # type: ignore[attr-defined]
    return {"role": "assistant", "content": None, "tool_calls": calls}, ids


def _results(rng: random.Random, calls: dict[str, object]) -> Dicts:
    listed = calls["tool_calls"]
    assert isinstance(listed, list)
    return [
        openai_tool_result(
            c["id"], "\n".join(f"part P{rng.randint(100, 999)} qty {q}" for q in range(9))
        )
        for c in listed
    ]


def _same_as_one_shot(fitter: Fitter, app: Dicts, window: int, where: str) -> None:
    got = fitter.fit(app)
    want = fit(copy.deepcopy(app), MODEL, window=window, max_output_tokens=RESERVE)
    assert _decisions(got) == _decisions(want), where
    assert got.report.used <= got.report.budget


def _earlier_user(app: Dicts, back: int) -> int:
    at = len(app) - back
    while app[at]["role"] != "user":
        at -= 1
    return at


@pytest.mark.parametrize("window", [3_000, 9_000])
@pytest.mark.parametrize("seed", range(3))
def test_each_result_of_parallel_calls_refits_as_a_one_shot_fit(window: int, seed: int) -> None:
    rng = random.Random(seed)
    app = _history(rng, 40)
    fitter = Fitter(MODEL, window=window, max_output_tokens=RESERVE)
    fitter.fit(app)
    for step in range(12):
        calls, _ = _calls(rng, 100 + step, rng.randint(2, 3))
        app.append(calls)
        _same_as_one_shot(fitter, app, window, f"calls {step}")
        results = _results(rng, calls)
        rng.shuffle(results)  # (the tools finish in any order)
        for k, result in enumerate(results):
            app.append(result)
            _same_as_one_shot(fitter, app, window, f"result {k} of step {step}")
        app.append({"role": "assistant", "content": f"Step {step} done."})
        _same_as_one_shot(fitter, app, window, f"answer {step}")


@pytest.mark.parametrize("window", [3_000, 9_000])
@pytest.mark.parametrize(
    "change", ["edit", "replace", "remove", "arguments", "result edited", "copied"]
)
def test_a_change_while_parallel_calls_wait_refits_as_a_one_shot_fit(
    window: int, change: str
) -> None:
    rng = random.Random(7)
    app = _history(rng, 40)
    fitter = Fitter(MODEL, window=window, max_output_tokens=RESERVE)
    fitter.fit(app)
    for step in range(4):
        calls, _ = _calls(rng, 200 + step, 3)
        app.append(calls)
        fitter.fit(app)
        results = _results(rng, calls)
        app.append(results[1])  # (one call answered, two still waiting)
        fitter.fit(app)
        at = _earlier_user(app, 6 + 11 * step)
        if change == "edit":
            app[at]["content"] += " Also count the returns."
        elif change == "replace":
            app[at] = {"role": "user", "content": "Only bins with red labels, please."}
        elif change == "remove":
            del app[at]
        elif change == "arguments":
            listed = calls["tool_calls"]
            assert isinstance(listed, list)
            listed[0]["function"]["arguments"] = json.dumps({"bin": 0, "shelf": 99})
        elif change == "result edited":
            app[-1]["content"] += "\npart P000 qty 0"
        else:
            app = copy.deepcopy(app)
        _same_as_one_shot(fitter, app, window, f"{change} {step}")
        app.append(results[2])
        _same_as_one_shot(fitter, app, window, f"{change} {step}, then a result")
        app.append(results[0])
        app.append({"role": "assistant", "content": f"Step {step} done."})
        _same_as_one_shot(fitter, app, window, f"{change} {step}, answered")


def _put_off(app: Dicts) -> None:
    """A request put off for later, answered as noted, then other work."""
    app.append({"role": "user", "content": "Later, when you have time, reorder the M6 bolts."})
    app.append({"role": "assistant", "content": "Noted: I will reorder the M6 bolts later."})


@pytest.mark.parametrize("window", [3_000, 9_000])
@pytest.mark.parametrize(
    "change",
    ["output shortened", "output replaced", "answer edited", "reported done", "request edited"],
)
def test_an_earlier_dict_edited_then_a_call_refits_as_a_one_shot_fit(
    window: int, change: str
) -> None:
    """What the app edits before the current request, then appends its next call: an
    old tool output cut short, an answer reworded or made to report a put-off request
    done, or the user's own words changed."""
    rng = random.Random(11)
    app = _history(rng, 30)
    _put_off(app)
    app.extend(_history(rng, 6)[1:])
    fitter = Fitter(MODEL, window=window, max_output_tokens=RESERVE)
    fitter.fit(app)
    for step in range(6):
        calls, _ = _calls(rng, 300 + step, 1 + step % 2)
        app.append(calls)
        fitter.fit(app)
        app.extend(_results(rng, calls))
        fitter.fit(app)
        back = len(app) - 5 - 7 * step
        kind = "user" if change == "request edited" else "assistant"
        kind = "tool" if change.startswith("output") else kind
        at = next(j for j in range(back, 0, -1) if app[j]["role"] == kind)
        if change == "output shortened":
            app[at]["content"] = app[at]["content"][:20]
        elif change == "output replaced":
            app[at] = {**app[at], "content": f"part P{step} qty 0"}
        elif change == "answer edited" and app[at].get("content"):
            app[at]["content"] += " (checked twice)"
        elif change == "reported done":
            app[at] = {"role": "assistant", "content": "Done: the M6 bolts are reordered."}
        elif change == "request edited":
            app[at]["content"] += " Later, also reorder the M8 nuts."
        calls, _ = _calls(rng, 400 + step, 1)
        app.append(calls)
        _same_as_one_shot(fitter, app, window, f"{change} {step}")
        app.extend(_results(rng, calls))
        _same_as_one_shot(fitter, app, window, f"{change} {step}, answered")
