"""A refit steps one by one only through what is new (session 22): the runs of units kept
at the last fit are summed in slices (``HistoryIndex.made_run``), and the pinning's walk to
the run surely kept (``anchors._surely_kept_from``) takes those runs whole. Both must
decide exactly what the unit-by-unit walk decided; a kept Fitter equals a fresh fit."""

from __future__ import annotations

import copy
import random
from bisect import bisect_right
from itertools import accumulate
from typing import Any

import pytest

from builders import data_url, png
from contextledger import Fitter, fit
from contextledger.fit.anchors import _surely_kept_from


def _chat(turns: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    words = [
        "ok",
        "sure",
        "next",
        "one",
        "please",
        "yes",
        "no",
        "wait",
        "stop",
        "go",
        "on",
        "again",
        "done",
    ]
    msgs: list[dict[str, Any]] = [{"role": "system", "content": "Talk briefly."}]
    for i in range(turns):
        said = " ".join(rng.choice(words) for _ in range(rng.randint(1, 30)))
        msgs.append({"role": "user", "content": f"{said} {i}"})
        msgs.append(
            {"role": "assistant", "content": " ".join(rng.choices(words, k=rng.randint(1, 9)))}
        )
    return msgs


def _walked(index: Any, anchor_unit: int, room: int, min_cut: int) -> int:
    """The unit-by-unit walk ``_surely_kept_from`` replaced (session 21's)."""
    starts, total, k = index.starts, 0, len(index.starts) - 1
    while k >= 0 and starts[k] >= min_cut:
        if k != anchor_unit:
            left = room - total
            if not index.may_fit(k, left):
                break
            total += index.unit_cost(k, left)
            if total > room:
                break
        k -= 1
    return k + 1


def _index_after_refits(window: int, seed: int) -> tuple[Fitter, Any]:
    msgs = _chat(1_500, seed)
    fitter = Fitter("gpt-4o", window=window, max_output_tokens=500)
    for i in range(3):
        fitter.fit(msgs)
        msgs.append({"role": "user", "content": f"and then {i}?"})
    fitter.fit(msgs)
    return fitter, fitter._memory.index


@pytest.mark.parametrize("window", [3_000, 20_000, 128_000])
def test_made_runs_summed_in_slices_are_the_runs_summed_whole(window: int) -> None:
    _, index = _index_after_refits(window, seed=window)
    rng = random.Random(window)
    n = len(index.starts)
    for _ in range(300):
        k, lowest, room = rng.randrange(n), rng.randrange(n), rng.randrange(-5, 3 * window)
        floor = max(lowest, index._made.rfind(0, lowest, k + 1) + 1)
        whole = bisect_right(list(accumulate(reversed(index.unit_costs[floor : k + 1]))), room)
        assert index.made_run(k, lowest, room) == (whole if floor <= k else 0)


@pytest.mark.parametrize("window", [3_000, 20_000, 128_000])
def test_the_run_surely_kept_is_the_one_the_unit_by_unit_walk_finds(window: int) -> None:
    _, index = _index_after_refits(window, seed=window + 1)
    rng = random.Random(window)
    n = len(index.starts)
    for _ in range(100):
        anchor = rng.choice([n - 1, n - 2, rng.randrange(n)])
        room, min_cut = rng.randrange(0, 2 * window), rng.choice([0, 0, rng.randrange(n)])
        assert _surely_kept_from(index, anchor, room, min_cut) == _walked(
            index, anchor, room, min_cut
        )


@pytest.mark.parametrize("window", [2_500, 40_000])
def test_a_kept_fitter_fed_appends_and_screenshots_equals_a_fresh_fit(window: int) -> None:
    msgs = _chat(800, seed=7)
    fitter = Fitter("gpt-4o", window=window, max_output_tokens=500)
    fitter.fit(msgs)
    for i in range(6):
        parts = [{"type": "text", "text": f"see screen {i}"}]
        parts.append({"type": "image_url", "image_url": {"url": data_url(png(40 + i, 30))}})
        msgs.append({"role": "user", "content": parts if i % 2 else f"next {i}"})
        got = fitter.fit(msgs)
        want = fit(copy.deepcopy(msgs), "gpt-4o", window=window, max_output_tokens=500)
        assert got.report.used == want.report.used
        assert got.report.kept == want.report.kept
        msgs.append({"role": "assistant", "content": f"seen {i}"})


def test_an_inline_image_is_probed_once_for_its_price_and_its_sendability() -> None:
    from contextledger.images.probe import probe_image
    from contextledger.model import InlineData

    data = InlineData.from_bytes(png(31, 17))
    first = probe_image(data)
    assert probe_image(data) is first  # (remembered by identity: not decoded again)
    other = InlineData.from_bytes(png(32, 17))
    assert (probe_image(other).width, probe_image(other).height) == (32, 17)
    assert (first.width, first.height) == (31, 17)
