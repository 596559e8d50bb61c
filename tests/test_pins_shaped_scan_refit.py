"""The requests read as rules by their shape are found once per history and kept for the
next fit (``anchors._ShapedScan``): a kept ``Fitter``'s refit reads only the requests new
to it (speed97: every refit after a user's dict walked all the earlier requests again).
Whatever the app does to its list between fits — appends a user's rule read by its
shape, says one again word for word, edits an earlier request in place into a remark or
a remark into a rule, replaces one, removes one — the refit pins and sends what a fresh
fit of the same list does."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest

from builders import chat_between_pastes
from contextledger.fit import FitResult, Fitter, fit
from contextledger.fit.anchors import _rules_by_shape, _shaped_newest_first
from contextledger.fit.units import HistoryIndex

MODEL = "gpt-4o"

# (written for this test: a family in Pune moving house, in Hinglish; the rules are read by
# their shape alone — a denial, a value set against another — not by the lexicon's words)
GOAL = "Humein Pune se Nashik shift hona hai, March ke end tak packing aur truck arrange karo."
MINE = [
    "Sofa ko truck mein sabse neeche mat rakhna.",
    "Kiraya 950 hai, 590 nahi.",
    "Piano ko Ravivaar ko mat hilana.",
]
SMALL = ["aaj phir baarish hui", "billi chhup gayi hai", "chaabi kho gayi thi"]
NUDGES = ("ok", "theek hai", "haan", "aage")
LATER_RULES = [
    "Gali mein boxes mat chhodna.",
    "Deposit 1,200 hai, 2,100 nahi.",
]


def _paste(rng: random.Random) -> str:
    lines = "\n".join(
        f"[{rng.randrange(8, 20)}:{rng.randrange(10, 59)}] Makan-malik: Gate ke saamne gaadi mat lagana."
        for _ in range(rng.randrange(6, 10))
    )
    return f"Makan-malik ka message:\n\n{lines}"


def _user_positions(msgs: list[dict[str, Any]]) -> list[int]:
    return [i for i, m in enumerate(msgs) if m["role"] == "user"]


def _step(msgs: list[dict[str, Any]], rng: random.Random, step: int) -> str:
    """One change of the app's list (what it was, for the assertion's message)."""
    op = rng.choice(["rule", "again", "nudge", "nudge", "edit", "replace", "remove", "reply"])
    users = _user_positions(msgs)[1:-1]  # (not the goal, not the current request)
    if op == "rule":
        msgs.append({"role": "user", "content": rng.choice(LATER_RULES)})
    elif op == "again":  # an earlier rule said again word for word: no longer said once
        msgs.append({"role": "user", "content": rng.choice(MINE)})
    elif op == "nudge":
        msgs.append({"role": "user", "content": rng.choice(NUDGES)})
    elif op == "reply":
        msgs.append({"role": "assistant", "content": f"Theek hai, ho gaya {step}."})
    elif op == "edit":  # in place: a rule into a remark, or a remark into a rule
        k = rng.choice(users)
        msgs[k]["content"] = rng.choice(SMALL + LATER_RULES + MINE)
    elif op == "replace":
        k = rng.choice(users)
        msgs[k] = {"role": "user", "content": rng.choice(SMALL + LATER_RULES)}
    else:  # a request and the answer after it taken out
        k = rng.choice(users)
        del msgs[k : k + 2]
    return op


def _refits(
    msgs: list[dict[str, Any]], fitter: Fitter, seed: int, steps: int
) -> Iterator[tuple[int, str, FitResult]]:
    """``fitter``'s refits after each of ``steps`` changes (``_step``), a request last."""
    fitter.fit(msgs)
    rng = random.Random(seed)
    for step in range(steps):
        op = _step(msgs, rng, step)
        if msgs[-1]["role"] != "user":
            msgs.append({"role": "user", "content": rng.choice(NUDGES)})
        yield step, op, fitter.fit(msgs)


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("window", [4_000, 8_000])
def test_a_kept_fitter_pins_rules_by_shape_as_a_fresh_fit_after_any_change(
    seed: int, window: int
) -> None:
    msgs: list[dict[str, Any]] = chat_between_pastes(seed, GOAL, MINE, SMALL, _paste, 160, NUDGES)
    fitter = Fitter(MODEL, window=window, max_output_tokens=1000)
    for step, op, got in _refits(msgs, fitter, seed, 14):
        want = fit(copy.deepcopy(msgs), MODEL, window=window, max_output_tokens=1000)
        assert [m.text for m in got.messages] == [m.text for m in want.messages], (step, op)
        assert got.report.pinned == want.report.pinned, (step, op)


def _walked(index: HistoryIndex, older: int) -> list[int]:
    """What ``_by_shape`` walks, read as it was before the scan was kept: every request
    before unit ``older``, newest first, asked."""
    starts, kinds, roles = index.starts, index.kinds, index.roles
    return [
        k
        for k in range(older - 1, -1, -1)
        if kinds[k] == "message"
        and roles[starts[k]] == "user"
        and index.substantive(starts[k])
        and _rules_by_shape(index.request_text(starts[k]))
    ]


@pytest.mark.parametrize("seed", [4, 5])
def test_the_kept_scan_gives_the_requests_a_walk_of_all_of_them_gives(seed: int) -> None:
    msgs: list[dict[str, Any]] = chat_between_pastes(seed, GOAL, MINE, SMALL, _paste, 120, NUDGES)
    fitter = Fitter(MODEL, window=4_000, max_output_tokens=1000)
    for step, op, _ in _refits(msgs, fitter, seed, 20):
        index = fitter._memory.index
        units = len(index.starts)
        substantive = partial(_substantive, index)
        # (as far down as a walk asks, at the kept scan's end, before it and past it)
        for older in sorted({units - 1, units // 2, max(0, units - 9), 3, 0}, reverse=True):
            kept = _shaped_newest_first(index, older, substantive)
            assert list(kept) == _walked(index, older), (step, op, older)


def _substantive(index: HistoryIndex, k: int) -> bool:
    return index.substantive(index.starts[k])
