"""A refit whose cut moved while a unit above it stays left out (neither fit's drops start
with the other's) reports the units under both cuts from the last fit's parts: the same
Changes, image rows, file rows and notices as made afresh (``drops._common_start``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from builders import data_url, openai_tool_call, openai_tool_result, png
from contextledger.fit import Fitter
from contextledger.fit.drops import DroppedBefore, DroppedUnits, report_drops
from contextledger.fit.report import Parts


def _session() -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = [{"role": "system", "content": "Be brief."}]
    for i in range(40):
        if i % 5 == 0:
            content: Any = [
                {"type": "text", "text": f"Here is screen {i}, what changed?"},
                {"type": "image_url", "image_url": {"url": data_url(png(40 + i, 30))}},
            ]
            msgs.append({"role": "user", "content": content})
        else:
            msgs.append({"role": "user", "content": f"Step {i}: rename the field to total_{i}."})
        if i % 3 == 0:
            cid = f"call_{i}"
            msgs.append(openai_tool_call(cid, "run", {"cmd": f"make test-{i}"}))
            msgs.append(openai_tool_result(cid, f"FAILED test_{i}\n" * 20))
        msgs.append({"role": "assistant", "content": f"Done with step {i}. " * 8})
    return msgs


_SESSION = _session()


def _refitted() -> Fitter:
    fitter = Fitter("gpt-4o", window=2_000, max_output_tokens=200)
    fitter.fit(_SESSION[:-1])
    fitter.fit(_SESSION)  # (a refit: the index's update after one that kept all but the end)
    return fitter


_INDEX = _refitted()._memory.index
_UNITS = max(k for k in range(len(_INDEX.starts)) if _INDEX.end(k) <= _INDEX.shared)


@st.composite
def _two_drops(draw: st.DrawFn) -> tuple[DroppedUnits, DroppedUnits]:
    cuts = st.integers(1, _UNITS - 2)
    now_cut, before_cut = draw(cuts), draw(cuts)
    under = min(now_cut, before_cut)
    kept = tuple(sorted(draw(st.sets(st.integers(0, under - 1), max_size=3))))

    def drops(cut: int) -> DroppedUnits:
        above = st.sets(st.integers(cut, _UNITS), max_size=2)
        more = (
            tuple(sorted(draw(st.sets(st.integers(under, cut - 1), max_size=2))))
            if cut > under
            else ()
        )
        return DroppedUnits(cut, kept + more, tuple(sorted(draw(above))))

    return drops(now_cut), drops(before_cut)


def _read(parts: tuple[list[Any], list[Any], DroppedBefore]) -> tuple[Any, ...]:
    changes, notices, memo = parts
    return Parts(*changes).get(), Parts(*notices).get(), memo.images, Parts(*memo.files).get()


@given(_two_drops(), st.sets(st.integers(0, len(_SESSION) - 2), max_size=4))
@settings(max_examples=120, deadline=None)
def test_the_drops_reported_from_the_last_fits_parts_are_those_made_afresh(
    drops: tuple[DroppedUnits, DroppedUnits], priced_since: set[int]
) -> None:
    """... whichever way the cut moved (the last fit's drops a start of these, these a start
    of the last fit's, or only the units under both cuts shared), also when a message
    dropped both times was priced exactly in between (by pinning): its Change then says the
    exact count, not the estimate it was dropped with first."""
    now, before = drops
    fitter = _refitted()
    index, pricer = fitter._memory.index, fitter.pricer
    last = report_drops(index, pricer, before, [], [], DroppedBefore())[2]
    last = replace(last, at=index.updates - 1)  # (made by the fit before this update)
    for i in priced_since:
        index.exact_cost(i)
    carried = report_drops(index, pricer, now, [], [], last)
    afresh = report_drops(index, pricer, now, [], [], DroppedBefore())
    assert _read(carried) == _read(afresh)


def test_a_cut_moved_past_a_unit_left_out_above_it_reuses_the_parts_under_it() -> None:
    """(the case the bench's multilingual session met most refits at 32k)"""
    fitter = _refitted()
    index, pricer = fitter._memory.index, fitter.pricer
    before = DroppedUnits(10, (3,), (_UNITS,))
    now = DroppedUnits(11, (3,), (_UNITS,))
    last = report_drops(index, pricer, before, [], [], DroppedBefore())[2]
    last = replace(last, at=index.updates - 1)
    carried = report_drops(index, pricer, now, [], [], last)
    assert carried[2].depth == last.depth + 1  # (taken from the last fit's parts)
    assert _read(carried) == _read(report_drops(index, pricer, now, [], [], DroppedBefore()))
