"""What a cold fit holds per message at its peak of memory, held compactly, answers as before."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from contextledger.fit.lazy import read_lazily
from contextledger.fit.units import Unit
from contextledger.model import Message
from contextledger.providers import read_messages

PNG_1x1 = (
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA"
    "60e6kgAAAABJRU5ErkJggg=="
)


def test_a_unit_of_one_message_reads_as_a_tuple_of_it() -> None:
    m = Message.user("hi")
    unit = Unit(3, [m], 7, "message")
    assert unit.messages == (m,) and unit.messages[0] is m
    assert (unit.start, unit.cost, unit.kind) == (3, 7, "message")


def test_a_unit_of_several_messages_reads_as_given() -> None:
    pair = (Message.assistant("calling"), Message.tool("c1", "done"))
    unit = Unit(0, pair, 12, "exchange")
    assert unit.messages is pair


def test_a_unit_of_no_message_reads_as_given() -> None:
    assert Unit(0, (), 0, "message").messages == ()


_DICTS: list[dict[str, Any]] = [
    {"role": "user", "content": "plain request"},
    {"role": "user", "name": "ana", "content": "named request"},
    {"role": "assistant", "content": "an answer"},
    {
        "role": "user",
        "content": [
            {"type": "text", "text": "look"},
            {"type": "image_url", "image_url": {"url": PNG_1x1}},
        ],
    },
    {"role": "user", "content": [{"type": "image_url", "image_url": {"url": PNG_1x1}}]},
    {"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
        ],
    },
    {"role": "tool", "tool_call_id": "c1", "content": "result"},
]


@given(st.lists(st.integers(0, len(_DICTS) - 1), min_size=1, max_size=40), st.integers(0, 39))
def test_the_lazy_request_texts_are_the_read_requests_texts(picks: list[int], cut: int) -> None:
    """Each position's request text (None: not a request), noted by the lazy scan from the
    dicts, is the text of the Message the reader makes there; a rescan from a position on
    (an edit in place) notes the same."""
    dicts = [dict(_DICTS[k]) for k in picks]
    lazy = read_lazily(dicts)
    assert lazy is not None
    read = read_messages(dicts)
    expected = [m.text if m.role == "user" else None for m in read]
    assert lazy.columns.texts == expected
    start = min(cut, len(dicts))
    assert lazy.columns.scan(start)
    assert lazy.columns.texts == expected
