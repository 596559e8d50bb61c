"""The earlier requests are pinned within a ladder of caps (``options.cap_steps``), each
step walking the candidates again: the walks whose answers no pin changes (requests that
defer a task, rules read by their shape) are read once for all the steps and given again,
in the same order, to each step that asks."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

from contextledger.fit.anchors import _replayed


@given(
    items=st.lists(st.integers(0, 10_000), max_size=40),
    asks=st.lists(st.integers(0, 50), min_size=1, max_size=6),
)
def test_each_step_gets_the_same_items_and_the_source_is_read_once(
    items: list[int], asks: list[int]
) -> None:
    read: list[int] = []

    def source() -> Iterator[int]:
        for item in items:
            read.append(item)
            yield item

    again = _replayed(source())
    for step, n in enumerate(asks):
        walk = again()
        given_now = [item for _, item in zip(range(n), walk, strict=False)]
        assert given_now == items[:n]
        # (read no further than the most any step asked: a one-shot fit reads only as far
        # down as the pinning needs)
        assert read == items[: max(asks[: step + 1])]


def test_a_step_left_half_read_does_not_disturb_the_next() -> None:
    again = _replayed(iter([5, 3, 9, 1]))
    first = again()
    assert next(first) == 5
    assert list(again()) == [5, 3, 9, 1]
    assert list(first) == [3, 9, 1]
    assert list(again()) == [5, 3, 9, 1]
