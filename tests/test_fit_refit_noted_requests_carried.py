"""What the earlier requests' pins noted of the user's messages (to tell, at a later refit,
whether an earlier dict edited in place changed what their walk read) is carried from the
pins made before, up to where every refit since kept the messages the same (speed140: each
refit whose budget's edge passed a user's turn noted the kept run's ~700 user messages
again). Whatever was carried, a kept Fitter pins and reports as a one-shot fit: after the
user's turns moved the edge, an earlier request edited or replaced in place, alone or with
the assistant's next call, and more turns after it."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.errors import BudgetError, ContentError
from contextledger.fit import Fitter
from contextledger.fit.anchors import _counts, _tables
from contextledger.fit.units import HistoryIndex
from contextledger.model import Message
from test_fit_refit_invariant import (
    _SAID,
    MODEL,
    RESERVE,
    apply_user,
    check_session,
    history,
    ops,
    user_ops,
)

edits = st.one_of(
    st.tuples(st.just("edit"), st.floats(0.0, 1.0), st.integers(0, 20)),
    st.tuples(st.just("replace"), st.floats(0.0, 1.0), st.integers(1, 60)),
    st.tuples(
        st.just("both"),
        st.tuples(st.just("edit"), st.floats(0.0, 1.0), st.integers(0, 20)),
        st.tuples(st.just("call"), st.integers(1, 2)),
    ),
    st.tuples(st.just("answer"), st.floats(0.0, 1.0), st.sampled_from([1, 5])),
)


@given(
    n=st.integers(12, 36),
    steps=st.lists(st.one_of(user_ops, user_ops, edits), min_size=3, max_size=16),
    window=st.sampled_from([1200, 2000, 3500]),
)
@settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))
def test_an_earlier_request_edited_after_the_edge_moved_pins_as_a_one_shot_fit(
    n: int, steps: list[tuple[Any, ...]], window: int
) -> None:
    check_session(history(n), steps, window, apply_user)


@pytest.mark.parametrize("share", [0.3, 0.6, 0.85])
@pytest.mark.parametrize("window", [1200, 2000])
def test_a_request_edited_in_the_kept_run_after_turns_that_moved_the_edge(
    share: float, window: int
) -> None:
    turns = [("say", k % len(_SAID)) for k in range(8)]
    then = [("both", ("edit", share, 7), ("call", 1)), ("answer", 0.0, 5), ("say", 3)]
    check_session(
        history(30), [*turns, *then, ("replace", share, 20), ("say", 1)], window, apply_user
    )


def _fresh_counts(index: HistoryIndex) -> list[int]:
    counted = [0]
    for k in range(len(index.starts)):
        counted.append(counted[-1] + _counts(index, k))
    return counted


def _noted_afresh(index: HistoryIndex, said_from: int) -> dict[int, Message]:
    roles, body = index.roles, index.body
    return {p: body[p] for p in range(said_from, len(roles)) if roles[p] == "user"}


@given(
    n=st.integers(12, 36),
    steps=st.lists(st.one_of(user_ops, ops), min_size=2, max_size=14),
    window=st.sampled_from([1200, 2000, 3500]),
)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_what_a_refit_carries_is_what_reading_the_history_again_finds(
    n: int, steps: list[tuple[Any, ...]], window: int
) -> None:
    """After any change the app makes, the gist visits counted before each unit and the
    user's messages the newest pins noted (carried from earlier refits) are those the
    history as it is now holds."""
    dicts = history(n)
    fitter = Fitter(MODEL, window=window, max_output_tokens=RESERVE)
    for step, op in enumerate([None, *steps]):
        if op is not None:
            apply_user(dicts, op, step)
        try:
            fitter.fit(dicts)
        except (BudgetError, ContentError):
            continue
        index = fitter._memory.index
        tables = _tables(index)
        if tables.visits is not None and tables.visits.updates == index.updates:
            assert list(tables.visits.counted) == _fresh_counts(index), f"step {step}"
        for made in tables.request_pins:
            if made.updates == index.updates:
                assert made.said == _noted_afresh(index, made.said_from), f"step {step}"
