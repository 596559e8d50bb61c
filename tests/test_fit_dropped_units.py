"""The dropped units a refit reports, held as a range less its pinned units plus a few left
out above the cut (``DroppedUnits``), say what the list of every unit says."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contextledger.fit.drops import DroppedUnits


@st.composite
def dropped_units(draw: st.DrawFn, top: int = 40) -> DroppedUnits:
    cut = draw(st.integers(0, top))
    kept = draw(st.sets(st.integers(0, cut - 1), max_size=5)) if cut else set()
    beyond = draw(st.sets(st.integers(cut, top + 10), max_size=4))
    return DroppedUnits(cut, tuple(sorted(kept)), tuple(sorted(beyond)))


def _listed(d: DroppedUnits) -> list[int]:
    return [*(k for k in range(d.cut) if k not in d.kept), *d.beyond]


@given(dropped_units(), st.integers(0, 60), st.integers(0, 60))
def test_a_range_less_its_kept_units_is_the_list_of_them(d: DroppedUnits, n: int, hi: int) -> None:
    units = _listed(d)
    assert list(d) == units and len(d) == len(units)
    assert d.last == (units[-1] if units else -1)
    assert d.after(n) == units[n:]
    assert d.between(min(n, hi), hi) == [u for u in units if min(n, hi) <= u < hi]


@given(dropped_units(), dropped_units())
def test_one_starts_with_another_as_their_lists_do(a: DroppedUnits, b: DroppedUnits) -> None:
    units, first = _listed(a), _listed(b)
    assert a.starts_with(b) == (units[: len(first)] == first)


@given(dropped_units(), st.integers(0, 12))
def test_a_refit_that_drops_more_starts_with_what_it_dropped_before(
    d: DroppedUnits, more: int
) -> None:
    # the usual refit: the cut moves up, the same pins below it, nothing left out above
    before = DroppedUnits(d.cut, d.kept)
    assert DroppedUnits(d.cut + more, d.kept).starts_with(before)
