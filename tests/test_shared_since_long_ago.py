"""What a refit read of the earlier history many updates ago still stands when no update
since changed it (``HistoryIndex.shared_since``): it was forgotten after 16 updates, and
the refit of a 10,000-message session at 128k whose edge moved past a user's turn read
every told fact again (~70 ms, speed138). Never more than every update since kept."""

from __future__ import annotations

from bisect import bisect_right

from hypothesis import given
from hypothesis import strategies as st

from contextledger.catalog import lookup_model
from contextledger.fit.units import HistoryIndex, shared_least_with
from contextledger.model import Message
from contextledger.pricing.messages import Pricer


def _told(least: list[tuple[int, int]], update: int) -> int:
    """What ``least`` says of ``update`` (as ``HistoryIndex.shared_since`` reads it)."""
    return least[bisect_right(least, update, key=lambda pair: pair[0])][1]


@given(st.lists(st.integers(0, 400), min_size=1, max_size=300))
def test_an_update_is_never_told_more_stands_than_every_update_since_kept(
    shared: list[int],
) -> None:
    least: list[tuple[int, int]] = []
    for update, kept in enumerate(shared, 1):
        least = shared_least_with(least, update, kept)
    last = len(shared)
    for update in range(last):
        assert _told(least, update) <= min(shared[update:])
    assert _told(least, last - 1) == shared[-1]


def test_an_app_that_only_appends_is_told_about_what_stands_long_ago() -> None:
    least: list[tuple[int, int]] = []
    for update in range(1, 5_001):  # each update keeps the messages before it
        least = shared_least_with(least, update, 1_000 + update)
    for ago in (1, 2, 17, 50, 300, 2_000):
        update = 5_000 - ago
        assert 1_000 + update + 1 - _told(least, update) <= ago // 3
    assert len(least) <= 32


def test_a_scan_made_a_hundred_appends_ago_still_stands() -> None:
    pricer = Pricer.for_model(lookup_model("gpt-4o"))
    body = [Message.user(f"turn {i}", id=f"m{i}") for i in range(10)]
    index = HistoryIndex()
    index.update(body, pricer)
    first = index.updates
    for i in range(100):
        body = [*body, Message.assistant(f"step {i}", id=f"a{i}")]
        index.update(body, pricer)
    assert index.shared_since(first) == 10
