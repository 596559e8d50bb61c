"""The facts told in passing are walked only where they may fit the room (``anchors._told_lows``:
each candidate's lower bound of what pinning it costs, kept with the told scan and grown as
the list grows), and the other requests' walk steps at once over the turns it found to say
nothing but what the user says again and again (``_ToldScan.routine_only``). A refit of a
10,000-message session at 32k walked ~1,900 candidates to pin none (~9 ms of a 14 ms refit)
and split ~270 routine turns into sentences again (speed84). Sound: a refit after any
sequence of appends (a user's text or screenshot, an assistant's text, a tool call fitted before
its result is in, its result), edits in place, removals and turns taken back sends and reports
what a one-shot fit of the same list does, and the bounds carried are those a fresh index
makes; a fact told that one cap step's room cannot hold is pinned by a later step."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import data_url, openai_tool_call, openai_tool_result, png
from contextledger.catalog import lookup_model
from contextledger.fit import Fitter, fit
from contextledger.fit.anchors import (
    Pins,
    _copy_pins,
    _pin_told,
    _sentences_pin,
    _tables,
    _told_excerpt,
    _told_lows,
    _told_scan,
    _ToldWalk,
)
from contextledger.fit.units import HistoryIndex
from contextledger.pricing.messages import Pricer
from contextledger.providers import read_messages
from test_fit_refit_invariant import _decisions

MODEL = "gpt-4o"
TOLD = (
    "My landlord Mr Okafor lives at 12 Elm Road.",
    "The boiler code is 7731.",
    "Sorry for the rant. My sister Priya lands on the 3rd at 9:40. Anyway.",
    "I work nights at St Mary's, so ping me after 2pm. Thanks so much for the help. The "
    "policy number is HX-20931-B, if you need it. I hope that is everything for today.",
    "ok",
    "Please plan the move for me.",
    "We have 14 boxes and 2 bikes.",
    "Sorry for the long message, typing on my phone. Thanks a lot for the help!",
    "Sorry for the long message, typing on my phone. Our van is booked for the 9th.",
)


def _chat(picks: list[int]) -> list[dict[str, Any]]:
    dicts: list[dict[str, Any]] = [{"role": "system", "content": "You help plan a move."}]
    for t, p in enumerate(picks):
        dicts.append({"role": "user", "content": f"{TOLD[p]} (turn {t})" if p < 4 else TOLD[p]})
        dicts.append({"role": "assistant", "content": f"Noted, step {t}. " * (1 + t % 5)})
    dicts.append({"role": "user", "content": "What is left to do before the move?"})
    return dicts


_STEP = st.tuples(
    st.sampled_from(
        ["user", "turn", "edit", "remove", "undo", "screenshot", "call", "result", "said"]
    ),
    st.integers(0, 10_000),
)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(st.integers(0, len(TOLD) - 1), min_size=20, max_size=60),
    st.sampled_from([1_500, 2_500, 4_000, 8_000]),
    st.lists(_STEP, min_size=1, max_size=6),
)
def test_a_refit_walks_the_facts_told_as_a_one_shot_fit_does(
    picks: list[int], window: int, steps: list[tuple[str, int]]
) -> None:
    dicts = _chat(picks)
    fitter = Fitter(MODEL, window=window, max_output_tokens=300)
    fitter.fit(dicts)
    for n, (what, at) in enumerate(steps):
        users = [i for i, d in enumerate(dicts) if d["role"] == "user"]
        if what == "user":
            dicts.append({"role": "user", "content": TOLD[at % len(TOLD)] + f" ({n})"})
        elif what == "turn":
            dicts.append({"role": "assistant", "content": f"Done with {n}."})
            dicts.append({"role": "user", "content": TOLD[at % 4] + f" (new {n})"})
        elif what == "edit":  # an earlier user text edited in place
            dicts[users[at % len(users)]]["content"] = TOLD[(at // 7) % len(TOLD)] + " (edited)"
        elif what == "screenshot":  # a user's screenshot alone moves the run kept
            shot = {"type": "image_url", "image_url": {"url": data_url(png(64 + at % 300, 48))}}
            dicts.append({"role": "user", "content": [shot]})
        elif what == "call":  # fitted before its result is in
            dicts.append(openai_tool_call(f"call_{n}", "ls", {"path": f"/srv/{at}"}))
        elif what == "result" and dicts[-1].get("tool_calls"):
            dicts.append(openai_tool_result(dicts[-1]["tool_calls"][0]["id"], "box.txt\n" * at))
        elif what == "said":  # the assistant's text: the earlier requests' pins stand
            dicts.append({"role": "assistant", "content": f"Packed box {at}."})
        elif what == "undo" and len(users) > 2:  # the newest turns taken back
            del dicts[users[-1 - at % 2] :]
        elif len(users) > 2:  # an earlier user's dict taken out
            del dicts[users[at % (len(users) - 1)]]
        got = fitter.fit(dicts)
        want = fit(copy.deepcopy(dicts), MODEL, window=window, max_output_tokens=300)
        assert _decisions(got) == _decisions(want), (what, window)


def _bounds(index: HistoryIndex, pricer: Pricer, upto: int) -> list[tuple[int, int, int, bool]]:
    lows = _told_lows(index, pricer, _told_scan(index, upto))
    # (an entry's bound is exact once its turn is priced: compared as bounds, not values)
    return sorted((rank, k, w, by) for rank, k, w, _, by in lows.entries)


def test_the_bounds_carried_are_of_every_candidate_a_fresh_index_finds() -> None:
    pricer = Pricer.for_model(lookup_model(MODEL))
    dicts = _chat([0, 1, 2, 3, 4, 5, 6] * 6)
    index = HistoryIndex()
    index.update(read_messages(dicts), pricer)
    first = _bounds(index, pricer, 40)
    assert first and any(by for *_, by in first) and not all(by for *_, by in first)
    for t in range(3):  # appended, as a refit sees them
        dicts.append({"role": "assistant", "content": "ok"})
        dicts.append({"role": "user", "content": f"{TOLD[1]} ({t})"})
        index.update(read_messages(dicts), pricer)
        fresh = HistoryIndex()
        fresh.update(read_messages(dicts), pricer)
        upto = len(index.starts) - 1
        assert _bounds(index, pricer, upto) == _bounds(fresh, pricer, upto)
    lows = _told_lows(index, pricer, _told_scan(index, len(index.starts) - 1))
    assert lows.bounds == sorted(lows.bounds) == [e[3] for e in lows.entries]
    least = index.least_message_cost()
    for _, k, _, bound, by_sentence in lows.entries:  # (a bound, never over the price)
        if not by_sentence:
            assert least <= bound <= index.exact_cost(index.starts[k])
            continue
        told = _told_excerpt(index, pricer, k, Counter())
        assert told is not None
        lean = _sentences_pin(index, pricer, k, told, "the facts told")
        assert lean is not None and least < bound <= lean.unit.cost


def test_a_refit_steps_over_the_turns_found_routine_and_keeps_them_so() -> None:
    dicts = _chat([7, 5, 7, 6, 7, 8] * 30)
    fitter = Fitter(MODEL, window=4_000, max_output_tokens=300)
    fitter.fit(dicts)
    for t in range(3):
        dicts.append({"role": "assistant", "content": "ok"})
        dicts.append({"role": "user", "content": f"{TOLD[7]} Step {t}?"})
        got = fitter.fit(dicts)
        assert _decisions(got) == _decisions(
            fit(copy.deepcopy(dicts), MODEL, window=4_000, max_output_tokens=300)
        )
    scan = _tables(fitter._memory.index).told_scan
    assert scan is not None and scan.routine_only  # (carried from the refits before)


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(st.integers(0, len(TOLD) - 1), min_size=10, max_size=40),
    st.lists(st.integers(0, 400), min_size=2, max_size=4),
)
def test_what_one_cap_step_passed_over_a_later_step_pins_as_if_walked_afresh(
    picks: list[int], rooms: list[int]
) -> None:
    # (the cap steps of one fit walk the same facts told with more room each time: what an
    # earlier step found, a fact's excerpt over its room or a turn that tells nothing, is
    # carried to the next; a step pins what a walk without it pins)
    dicts = _chat(picks)
    pricer = Pricer.for_model(lookup_model(MODEL))
    index = HistoryIndex()
    index.update(read_messages(dicts), pricer)
    older = len(index.starts) - 1
    newer = index.newer_settings(len(index.body) - 1)
    carried, walked = Pins(), _ToldWalk()
    for room in sorted(rooms):
        before = set(carried.numbers)
        afresh = _copy_pins(carried)
        _pin_told(index, pricer, carried, older, room, newer, walked)
        _pin_told(index, pricer, afresh, older, room, newer, _ToldWalk())
        assert carried.numbers == afresh.numbers and carried.numbers >= before
        assert [u.cost for u in carried.units] == [u.cost for u in afresh.units]
