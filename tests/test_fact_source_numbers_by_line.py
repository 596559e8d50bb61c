"""The numbers a record holds are those of its lines, whatever lines stand around them: a
record read again after messages were added or put in between finds the same numbers in
its unchanged lines (and a recap's number is found as before: grouped, split at its
separators, or started inside a run)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.compaction.facts import Fact, FactSource

_LINE = st.text(alphabet=st.sampled_from('0123456789.,:/- \tabcéЖn"T'), min_size=0, max_size=40)


@settings(max_examples=200, deadline=None)
@given(st.lists(_LINE, min_size=1, max_size=8), st.lists(_LINE, min_size=0, max_size=4))
def test_numbers_of_a_record_are_its_lines_numbers(lines: list[str], more: list[str]) -> None:
    whole = FactSource("\n".join([*lines, *more]))
    apart = [FactSource("\n".join(lines)), *(FactSource(x) for x in more)]
    assert whole.numbers == set().union(*(a.numbers for a in apart))


def test_numbers_a_recap_names_are_found_in_the_record() -> None:
    source = FactSource("Bei 1.250 Zeilen\nT04:35:00.733Z lag=0042\ntotal 3,400,000 rows")
    for said in ("1250", "35:00.733", "42", "0042", "3400000"):
        assert source.supports(Fact("number", said)), said
    assert not source.supports(Fact("number", "1251"))


def test_quoted_words_are_found_casefolded_across_lines() -> None:
    source = FactSource("the user said:\nNever   Touch\nprod")
    assert source.supports(Fact("quoted", "never touch prod"))
    assert not source.supports(Fact("quoted", "never touch staging"))
