"""`whole_token` and `spaced_token` say what the patterns they replace said: a value (or its
words, any whitespace between them) between two zero-width edges, found without searching a
pattern from every place of a long record (the verifier's cost)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from contextledger.compaction.wording import spaced_token, whole_token

EDGES = [
    (r"(?<![\w])", r"(?![\w])"),
    (r"(?<![\w.-])", r"(?![\w-])"),
    (r"(?<![\w.])", r"(?![^\W\u3040-\u30ff\u4e00-\u9fff]|[.,:]\d)"),
    (r"(?<![\w-])", r"(?!\d|[.,:]\d)"),
]
ALPHABET = st.sampled_from(list("ab1._- :x2é本を"))


@given(st.text(ALPHABET, max_size=30), st.text(ALPHABET, max_size=4), st.sampled_from(EDGES))
def test_same_answer_as_the_pattern(text: str, value: str, edges: tuple[str, str]) -> None:
    before, after = edges
    expected = re.search(before + re.escape(value) + after, text) is not None
    assert whole_token(text, value, before, after) is expected


def test_a_later_place_counts_when_the_first_is_glued() -> None:
    assert whole_token("pytests then pytest -x", "pytest")
    assert not whole_token("src/app.py.bak", "src/app.py", r"(?<![\w.-])", r"(?![\w.-])")


@given(
    st.text(ALPHABET, max_size=30),
    st.lists(
        st.text(st.sampled_from(list("ab1._-x2é本")), min_size=1, max_size=3),
        min_size=1,
        max_size=3,
    ),
    st.sampled_from(EDGES),
)
def test_spaced_words_same_answer_as_the_pattern(
    text: str, words: list[str], edges: tuple[str, str]
) -> None:
    before, after = edges
    value = " ".join(words)
    expected = re.search(before + r"\s+".join(map(re.escape, words)) + after, text) is not None
    assert spaced_token(text, value, before, after) is expected


def test_spaced_words_found_at_a_later_place_across_a_line_break() -> None:
    text = "xgit push -f\nthen git\n  push origin main"
    assert spaced_token(text, "git push origin", r"(?<![\w-])", r"(?![\w-])")
    assert not spaced_token(text, "git push main", r"(?<![\w-])", r"(?![\w-])")
