"""The facts a long user turn tells are read once per text (``gists.told_sentences``,
kept by ``HistoryIndex.of_text``) and chosen each fit by what the user says again and
again (``gists.excerpt_told``): the same excerpt as reading the turn anew."""

from __future__ import annotations

from collections import Counter
from functools import partial

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.fit.gists import (
    excerpt_told,
    routine_sentence,
    sentence_keys,
    told_excerpt,
    told_sentences,
)

SENTENCES = [
    "Sorry for the long message, I'm on my phone.",
    "My policy number is MTR-118822-C.",
    "The invoice was £47.80 in March.",
    "Anyway, thanks for the help.",
    "My sister Sunniva Berg lives in Bergen.",
    "I tried it again 3 times.",
    "We fly out on 14 June at 09:40.",
    "lol",
    "The flat is number 12B on Rue Cler.",
]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(SENTENCES), min_size=1, max_size=12),
    st.lists(st.sampled_from(SENTENCES), max_size=20),
    st.booleans(),
)
def test_excerpt_from_the_sentences_read_once_is_the_excerpt_read_anew(
    said_in_turn: list[str], said_before: list[str], paragraphs: bool
) -> None:
    text = ("\n\n" if paragraphs else " ").join(said_in_turn)
    said: Counter[int] = Counter()
    for earlier in said_before:
        said.update(sentence_keys(earlier)[0])
    assert excerpt_told(told_sentences(text), said) == told_excerpt(
        text, partial(routine_sentence, said)
    )


def test_a_sentence_said_again_and_again_leaves_the_excerpt() -> None:
    text = "Sorry for the rant. The invoice was £47.80 in March. I tried it again 3 times."
    said = Counter(sentence_keys("I tried it again 5 times.")[0] * 3)
    assert excerpt_told(told_sentences(text), said) == (1, "The invoice was £47.80 in March.")
    assert excerpt_told(told_sentences(text)) == (
        0,
        "The invoice was £47.80 in March. … I tried it again 3 times.",
    )
