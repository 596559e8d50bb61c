"""What a cold fit holds per message at its peak of memory, held compactly, answers as before."""

from __future__ import annotations

import copy
import pickle
import threading
from dataclasses import replace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from contextledger.catalog import lookup_model
from contextledger.fit import Fitter, fit
from contextledger.fit.lazy import read_lazily
from contextledger.fit.units import Unit
from contextledger.model import Message
from contextledger.pricing.messages import Pricer
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


_MODELS = ["gpt-4o", "claude-sonnet-4-5", "gemini-2.5-flash"]


@given(
    st.lists(st.tuples(st.integers(0, 2), st.integers(0, 5)), min_size=1, max_size=30),
    st.lists(st.integers(0, 2), max_size=3),
)
def test_messages_priced_by_several_pricers_get_each_pricers_own_price(
    asks: list[tuple[int, int]], cleared: list[int]
) -> None:
    """A price kept on the message for one pricer is never another's; a pricer that clears
    its memo gives its messages' room up, and every price stays the one a fresh pricer gives."""
    infos = [lookup_model(name) for name in _MODELS]
    pricers = [Pricer.for_model(info) for info in infos]
    messages = [Message.user("ok " * k + "thanks, and the total?") for k in range(6)]
    for step, (which, k) in enumerate(asks):
        if step in cleared:
            pricers[which]._messages.clear()
        got = pricers[which].message(messages[k])
        assert got == Pricer.for_model(infos[which]).message(messages[k])
        assert pricers[which].message(messages[k]) is got


def test_the_price_room_is_not_part_of_the_message_value() -> None:
    m = Message.user("hello there")
    Pricer.for_model(lookup_model("gpt-4o")).message(m)
    copies = (pickle.loads(pickle.dumps(m)), copy.copy(m), copy.deepcopy(m), replace(m))
    for other in copies:
        assert other == m and hash(other) == hash(m)
        assert getattr(other, "_price_owner", None) is None
    assert "_price" not in repr(m)


def test_pricers_in_two_threads_each_read_their_own_prices() -> None:
    """Two pricers (two models' tokenizers and framing) pricing the same messages at once,
    in two threads, each get what a fresh pricer of theirs gives (R24-M1)."""
    infos = [lookup_model("gpt-4o"), lookup_model("claude-sonnet-4-5")]
    messages = [Message.user(f"Réponds vite: {k} × 7 = ? " * (1 + k % 5)) for k in range(400)]
    expected = [[Pricer.for_model(info).message(m) for m in messages] for info in infos]
    wrong: list[tuple[int, int]] = []

    def work(which: int) -> None:
        for _ in range(5):
            pricer = Pricer.for_model(infos[which])
            for k, m in enumerate(messages):
                if pricer.message(m) != expected[which][k]:
                    wrong.append((which, k))
            pricer._messages.clear()

    threads = [threading.Thread(target=work, args=(w,)) for w in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert expected[0] != expected[1] and not wrong


def test_the_fitted_messages_do_not_change_when_the_app_edits_its_dicts() -> None:
    """The result holds no dict of the app's: edits in place after the fit change nothing,
    and a kept Fitter given the edited list fits the edit (as a fresh fit does)."""
    dicts: list[dict[str, Any]] = [{"role": "system", "content": "Be brief."}]
    for k in range(300):
        dicts.append({"role": "user", "name": "ana", "content": f"step {k}, then?"})
        dicts.append({"role": "assistant", "content": [{"type": "text", "text": f"done {k}"}]})
    fitter = Fitter("gpt-4o", window=4000, max_output_tokens=300)
    first = fitter.fit(dicts)
    before = repr(first)
    for d in dicts[-40:]:
        if type(d["content"]) is list:
            d["content"][0]["text"] = "EDITED " * 5
        else:
            d["content"] = "EDITED " * 5
    assert repr(first) == before
    again = fitter.fit(dicts)
    fresh = fit(copy.deepcopy(dicts), "gpt-4o", window=4000, max_output_tokens=300)
    assert again.messages == fresh.messages and again.report.used == fresh.report.used
    assert any("EDITED" in m.text for m in again.messages)
