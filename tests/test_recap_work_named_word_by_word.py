"""The recap reads the work before each user turn once a record (``facts._WorkRead``): what
the work named word by word is looked up, not read again from the texts joined. That holds
only while the stems and names of code of texts joined by spaces are those of each text
alone (``lexicon.done.named``); numbers are read from the joined texts."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contextledger.lexicon.done import named, topic

# letters of several scripts, digits, what names of code are made of, and letters whose
# casefold is longer or differs ("ß", "İ", "ẞ")
_CHARS = st.sampled_from([*"abcXYZ019 ._-/,:'éßİẞ日本ह्िन", "ing", "ed", "src/", ".py", " 5"])
_TEXTS = st.lists(_CHARS, max_size=30).map("".join)


@given(st.lists(_TEXTS, min_size=1, max_size=5))
def test_texts_joined_by_spaces_name_what_each_names_alone(texts: list[str]) -> None:
    alone = set().union(*(named(t) for t in texts))
    assert named(" ".join(texts)) == alone


@given(st.lists(_TEXTS, min_size=1, max_size=5))
def test_what_a_text_names_word_by_word_is_in_its_topic(texts: list[str]) -> None:
    joined = " ".join(texts)
    assert named(joined) <= topic(joined)
