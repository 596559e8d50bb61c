"""A candidate whose first English word starts already state a rule or a correction is read
as one without a screen (``intent._rules_early``): ``steering_requests`` says of each text
what reading it alone says, wherever in a pasted document its rule stands, before or after
many words that start no rule (speed78: a chat of pasted contracts and manuals, "The
Licensee must not sublicense …", screened each paste whole by RE2 first)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import steering_reference
from contextledger import intent
from contextledger.intent import (
    steering_requests,
)

_LINES = [
    "Section 4. The Licensee must not sublicense the Software without consent.",
    "Payment is due within 30 days of invoice; use the portal to pay.",
    "Das Gerät darf nicht in feuchten Räumen betrieben werden.",
    "Please never share this contract with anyone.",
    "Actually, use Redis not Memcached.",
    "I am not sure what the clause below means.",
    "We use the warehouse below for returns within 14 days.",
    "Do not use the old endpoint.",
    "2026-03-05T10:22:00Z ERROR sync-worker[3] upstream timeout url=https://x.example/use",
    "12,SKU-1203,Widget 12,3.99,in_stock,warehouse-3",
    "The goal is still a green build today.",
    "No, the limit is 7, not 3.",
    "use use use not not within within below",
]


_PASTES = st.lists(st.sampled_from(_LINES), min_size=1, max_size=30).map("\n".join)


@settings(derandomize=True, max_examples=200, deadline=None)
@given(st.lists(_PASTES, min_size=1, max_size=6))
def test_pasted_documents_read_as_each_alone(batch: list[str]) -> None:
    assert steering_requests(batch) == steering_reference(batch)


def test_a_rule_after_many_starts_that_rule_nothing_is_still_found() -> None:
    filler = "\n".join([_LINES[1], _LINES[5], _LINES[6]] * 4)  # (English starts, no rule)
    assert not steering_requests([filler])[0]
    late = filler + "\n" + _LINES[7]
    assert not intent._rules_early(
        late, sorted(intent._candidates([late])[0][0]), *_MATCHERS
    )  # (beyond the starts tried early: found by the screened reading)
    assert steering_requests([late, filler]) == ([0], []) == steering_reference([late, filler])


def test_a_rule_among_the_first_starts_is_found_early() -> None:
    text = _LINES[0] + "\n" + "\n".join(_LINES[1:3] * 20)
    assert intent._rules_early(text, sorted(intent._candidates([text])[0][0]), *_MATCHERS)
    assert steering_requests([text]) == ([0], []) == steering_reference([text])


_MATCHERS = (intent._ENGLISH_AT.match,)


_OTHER_LANGUAGES = [
    "Non aprire il forno.", "Lasciare riposare l'impasto.", "Dopo la cottura servire.",
    "Nie wolno zmieniać rezerwacji.", "Nicht die Config ändern.", "Ne jamais toucher prod.",
    "No usar el puerto 8080.", "Não pode mexer no banco.", "ne",
]  # fmt: skip
# (the log line's URL, ".../use", is left out: see the xfail below)
_MIXED = st.lists(
    st.sampled_from(_LINES[:8] + _LINES[9:] + _OTHER_LANGUAGES), min_size=1, max_size=12
).map(" ".join)


@settings(derandomize=True, max_examples=300, deadline=None)
@given(_MIXED)
def test_an_english_pattern_matches_only_where_an_english_word_starts(text: str) -> None:
    """``steering_requests`` tries the English patterns only at the candidate starts where a
    word of theirs starts (``_ENGLISH_AT``): right only if no match starts elsewhere."""
    for p in intent._candidates([text])[0].get(0, []):
        if intent._CORRECTION.match(text, p) or intent._CONSTRAINT.match(text, p):
            assert intent._ENGLISH_AT.match(text, p), text[p : p + 40]


@settings(derandomize=True, max_examples=150, deadline=None)
@given(st.lists(_MIXED, min_size=1, max_size=6))
def test_pastes_in_other_languages_read_as_each_alone(batch: list[str]) -> None:
    assert steering_requests(batch) == steering_reference(batch)


def test_an_english_rule_after_many_italian_imperatives_is_found() -> None:
    recipe = "\n".join(_OTHER_LANGUAGES[:3] * 15)
    late = recipe + "\nPlease never share this contract with anyone."
    assert steering_requests([recipe, late]) == steering_reference([recipe, late])
    assert 1 in steering_requests([recipe, late])[0]


@pytest.mark.xfail(
    strict=True, reason="on main too: the bulk reading finds a rule the per-text one does not"
)
def test_a_url_ending_in_use_before_a_french_rule_reads_as_alone() -> None:
    batch = ["x https://x.example/use Ne jamais toucher prod."]
    assert steering_requests(batch) == steering_reference(batch)
