"""Reading requests for restatements and then for rules with the texts found to hold no
ASCII letter remembered (``intent._word_bytes``'s ``letterless``, kept by a fit's
``Steering``) gives the answers of reading each batch afresh."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contextledger.intent import restating_requests, steering_requests

_TEXTS = st.sampled_from(
    [
        "ok",
        "Actually, use Redis not Memcached.",
        "Never touch prod.",
        "To be clear, the goal is a green build today.",
        "请总结这份会议记录。不要删除任何数据。",
        "ช่วยสรุปบทสัมภาษณ์นี้",
        "[12:04] 화자1: 연구 농업 시장",
        "İstanbul'daki depo: asla silme",  # (a letter folded to ASCII: not letterless)
        "ıı",
        "Zmiana planów: najpierw testy.",
        "12:30 — 45",
    ]
)


@given(st.lists(st.lists(_TEXTS, max_size=8), max_size=4), st.lists(st.booleans(), max_size=8))
def test_answers_with_the_letterless_remembered_are_the_fresh_ones(
    batches: list[list[str]], restating_first: list[bool]
) -> None:
    seen: dict[int, str] = {}
    # (each batch a fresh list of fresh strings, as a fit's batches are its own texts)
    fresh = [["".join(list(t)) for t in batch] for batch in batches]
    for batch, first in zip(fresh, restating_first + [True] * len(fresh), strict=False):
        if first:
            assert restating_requests(batch, seen) == restating_requests(list(batch))
        assert steering_requests(batch, True, seen) == steering_requests(list(batch))
        assert steering_requests(batch, False, seen) == steering_requests(list(batch), False)
    letterless = {
        t for batch in fresh for t in batch if not any("a" <= c.lower() <= "z" for c in t)
    }
    letterless -= {t for t in letterless if any(c in t for c in "İıſK")}
    assert {t for t in seen.values()} == letterless


def test_a_text_remembered_is_the_same_text_not_an_equal_one() -> None:
    seen: dict[int, str] = {}
    kept = "请总结这份会议记录。"
    assert restating_requests([kept], seen) == []
    assert seen == {id(kept): kept}  # (kept alive with its id: the id is never reused)
