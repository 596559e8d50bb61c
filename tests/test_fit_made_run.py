"""``HistoryIndex.made_run``: how many units from ``k`` down are made and fit a room, asked
by the pinning and then the selection of one fit (the second answered from the running
sums the first worked out)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contextledger.fit.units import HistoryIndex


def _counted(costs: list[int], made: bytes, k: int, lowest: int, room: int) -> int:
    run, total = 0, 0
    while k >= lowest and made[k] and total + costs[k] <= room:
        total += costs[k]
        run, k = run + 1, k - 1
    return run


@given(
    st.lists(st.tuples(st.integers(0, 400), st.booleans()), min_size=1, max_size=1_500),
    st.lists(st.tuples(st.integers(0, 1_600), st.integers(0, 300_000)), min_size=1, max_size=4),
    st.integers(0, 1_499),
)
def test_a_run_asked_again_in_one_fit_is_counted_as_afresh(
    units: list[tuple[int, bool]], asks: list[tuple[int, int]], top: int
) -> None:
    index = HistoryIndex()
    index.unit_costs = [c if m else -1 for c, m in units]
    index._made = bytearray(m for _, m in units)
    k = min(top, len(units) - 1)
    for lowest, room in asks:
        got = index.made_run(k, lowest, room)
        assert got == _counted(index.unit_costs, bytes(index._made), k, lowest, room)
