"""`whole_token` says what the pattern it replaces said: a value between two zero-width
edges, found without compiling a pattern for each value (the verifier's cost)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from contextledger.compaction.wording import whole_token

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
