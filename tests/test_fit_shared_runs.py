"""``shared_runs``: the runs a refit's output shares with the last output (the very
objects, in order), found by walking both side by side; what lies between them is new."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contextledger.fit.report import SharedRuns, shared_runs
from contextledger.model import Message

POOL = [Message.user(f"m{i}", id=f"m{i}") for i in range(120)]


def _covered(runs: list[tuple[int, int, int]]) -> set[int]:
    return {i + d for i, _, run in runs for d in range(run)}


@given(
    st.lists(st.integers(0, 119), unique=True, max_size=80),
    st.lists(st.integers(0, 119), unique=True, max_size=80),
    st.lists(st.integers(0, 119), max_size=5),
)
def test_runs_are_the_same_objects_in_order_and_the_rest_is_new(
    last_at: list[int], now_at: list[int], fresh_at: list[int]
) -> None:
    last = [POOL[k] for k in sorted(last_at)]
    # now: mostly in history order (a cut, pins, new ones), with equal copies mixed in
    now = [POOL[k] for k in sorted(now_at)]
    for k in fresh_at:
        now.insert(k % (len(now) + 1), Message.user(f"m{k}", id=f"m{k}"))  # equal, not same
    runs = shared_runs(now, last)
    at_now = at_last = 0
    for i, j, run in runs:
        assert run > 0 and i >= at_now and j >= at_last  # in order, never overlapping
        assert all(now[i + d] is last[j + d] for d in range(run))
        at_now, at_last = i + run, j + run
    # both in history order: every message of last sent again is in a run, the rest is new
    covered = _covered(runs)
    ids = {id(m) for m in last}
    assert [i in covered for i in range(len(now))] == [id(m) in ids for m in now]


def test_many_new_messages_cost_one_pass_not_one_search_each() -> None:
    last = POOL[:100]
    now = [Message.user(f"fresh {i}") for i in range(100)] + POOL[50:100]
    assert shared_runs(now, last) == [(100, 50, 50)]


def test_a_refit_output_is_its_last_from_a_cut_behind_pins_then_new() -> None:
    last = [POOL[0], POOL[3], *POOL[10:60]]
    now = [POOL[0], POOL[3], POOL[7], *POOL[20:60], Message.user("new")]
    assert shared_runs(now, last) == [(0, 0, 2), (3, 12, 40)]


@given(st.lists(st.lists(st.integers(0, 119), unique=True, max_size=30), min_size=1, max_size=6))
def test_remembered_runs_are_those_of_the_very_outputs_asked(outputs: list[list[int]]) -> None:
    """A ``SharedRuns`` answers as ``shared_runs`` for every pair asked in turn (a list
    asked again after a change is not answered from memory)."""
    runs = SharedRuns()
    made = [tuple(POOL[k] for k in sorted(at)) for at in outputs]
    for now, last in zip(made, [(), *made[:-1]], strict=True):
        assert runs(now, last) == shared_runs(now, last)
        assert runs(now, last) == shared_runs(now, last)  # (asked again: remembered)
    listed = list(made[-1])
    assert runs(listed, made[0]) == shared_runs(listed, made[0])
    listed.insert(0, Message.user("new", id="new"))
    assert runs(listed, made[0]) == shared_runs(listed, made[0])
