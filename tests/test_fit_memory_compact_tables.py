"""What a cold fit holds at its peak of memory: compact tables that answer as the plain ones."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contextledger.catalog import lookup_model
from contextledger.fit.steering import _Positions
from contextledger.model import Message, ToolCall
from contextledger.pricing.messages import Pricer

operations = st.lists(
    st.tuples(
        st.sampled_from(["update", "discard", "difference_update", "forget_from"]),
        st.lists(st.integers(0, 300), max_size=8),
    ),
    max_size=30,
)


@given(operations, st.lists(st.integers(0, 320), max_size=20))
def test_positions_answer_as_a_set_of_positions(
    ops: list[tuple[str, list[int]]], asked: list[int]
) -> None:
    """The steering's position sets (a byte a position) answer ``in`` as a set would."""
    compact, plain = _Positions(), set[int]()
    for op, positions in ops:
        if op == "update":
            compact.update(positions)
            plain.update(positions)
        elif op == "discard":
            for p in positions:
                compact.discard(p)
                plain.discard(p)
        elif op == "difference_update":
            compact.difference_update(positions)
            plain.difference_update(positions)
        elif positions:
            compact.forget_from(positions[0])
            plain = {p for p in plain if p < positions[0]}
        assert [p in compact for p in asked] == [p in plain for p in asked]


def test_a_message_priced_again_after_its_call_was_found_parallel_is_priced_afresh() -> None:
    """The prices remembered by identity forget a tool result when its call turns out to be
    one of parallel calls (billed escaped), and hold every other message's price."""
    info = lookup_model("gpt-4o")
    pricer = Pricer.for_model(info, wire="openai")
    result = Message.tool("c1", 'He said "hi"\n')
    other = Message.user("unrelated")
    before, kept = pricer.message(result), pricer.message(other)
    pricer.message(Message.assistant(ToolCall("c1", "run", "{}"), ToolCall("c2", "run", "{}")))
    fresh = Pricer.for_model(info, wire="openai")
    fresh.message(Message.assistant(ToolCall("c1", "run", "{}"), ToolCall("c2", "run", "{}")))
    assert pricer.message(result) == fresh.message(result)
    assert pricer.message(other) is kept
    assert len(pricer._messages) >= 2 and before.total > 0


def test_a_batch_not_remembered_still_counts_its_hits_and_keeps_nothing_new() -> None:
    """``Pricer.prime`` keeps its counts itself: the memo serves its hits (texts counted
    before, e.g. by the pinning) and keeps no copy of the new ones."""
    from contextledger.pricing.text import CachedCounter, EstimateCounter

    memo = CachedCounter(EstimateCounter())
    seen = memo.count("counted before")
    counts = memo.count_many(["counted before", "new text", "new text"], remember=False)
    assert counts == [seen, *[EstimateCounter().count("new text")] * 2]
    assert len(memo) == 1 and memo.hits == 0 and memo.misses == 2
