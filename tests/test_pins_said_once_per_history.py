"""A rule read by its shape is pinned when said once in all the user's requests
(``anchors._by_shape``); whether it is, is looked up once per history and kept for the
next fit (``anchors._SaidOnce``), grown with the history on an append (speed90: every
walk of a fit joined every request's text and counted each sentence in it again).

The answers are ``str.count``'s on the requests' text joined, whatever was appended
since a sentence was first looked up, and a kept ``Fitter``'s refit decides as a fresh
fit does when an appended request says a rule again."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from builders import chat_between_pastes
from contextledger.fit import Fitter, fit
from contextledger.fit.anchors import _NEVER, _SaidOnce

MODEL = "gpt-4o"

# (written for this test: a Swahili-English parent planning a school trip)
GOAL = "Nisaidie kupanga safari ya shule ya watoto kwenda Mombasa mwezi Julai."
MINE = [
    "Usiwaweke watoto kwenye basi la usiku.",
    "Bajeti ni shilingi 90,000, si 60,000.",
]
SMALL = ["mvua ilinyesha sana leo", "paka hajala chochote", "barabara ilikuwa na foleni"]
NUDGES = ("sawa", "endelea", "asante")


def _paste(rng: random.Random) -> str:
    lines = "\n".join(
        f"[{rng.randrange(8, 20)}:{rng.randrange(10, 59)}] Mwalimu: Usisahau fomu ya ruhusa."
        for _ in range(rng.randrange(6, 10))
    )
    return f"Kikundi cha wazazi:\n\n{lines}"


def _grown(kept: _SaidOnce, added: str) -> _SaidOnce:
    """``kept`` after an append, as ``anchors._said_once`` grows it."""
    return replace(kept, joined=f"{kept.joined}\n{added}" if kept.requests else added)


_TEXTS = st.lists(st.text(alphabet="ab\n. ", max_size=12), min_size=1, max_size=6)


@settings(max_examples=300, deadline=None)
@given(_TEXTS, _TEXTS, st.text(alphabet="ab\n. ", min_size=1, max_size=4))
def test_said_once_answers_as_count_after_appends(
    before: list[str], after: list[str], sentence: str
) -> None:
    kept = _SaidOnce(0, 0, b"", [], 0, "\n".join(before), len(before))
    first = kept.once(sentence)  # (looked up before the appends, then after each)
    assert first == (kept.joined.count(sentence) == 1)
    for added in after:
        kept = _grown(kept, added)
        assert kept.once(sentence) == (kept.joined.count(sentence) == 1)


def test_a_sentence_not_said_yet_is_found_once_when_appended() -> None:
    kept = _SaidOnce(0, 0, b"", [], 0, "jambo", 1)
    assert not kept.once("Usiguse faili.")
    assert kept.found["Usiguse faili."][0] == _NEVER
    kept = _grown(kept, "Tafadhali. Usiguse faili.")
    assert kept.once("Usiguse faili.")
    kept = _grown(kept, "Usiguse faili.")
    assert not kept.once("Usiguse faili.")


def test_a_rule_said_again_after_an_append_is_dropped_as_a_fresh_fit_drops_it() -> None:
    msgs = chat_between_pastes(4, GOAL, MINE, SMALL, _paste, 240, NUDGES)
    fitter = Fitter(MODEL, window=8_000, max_output_tokens=1000)
    first = fitter.fit(msgs)
    sent = "\n".join(m.text for m in first.messages)
    assert all(rule in sent for rule in MINE)
    # the user says her rule again, word for word, in a new request, then goes on
    msgs += [
        {"role": "assistant", "content": "Sawa."},
        {"role": "user", "content": f"Nakumbusha: {MINE[0]}"},
        {"role": "assistant", "content": "Sawa."},
        {"role": "user", "content": "Nini kinafuata?"},
    ]
    refit = fitter.fit(msgs)
    fresh = fit(msgs, MODEL, window=8_000, max_output_tokens=1000)
    assert [m.id for m in refit.messages] == [m.id for m in fresh.messages]
    assert refit.report.pinned == fresh.report.pinned
