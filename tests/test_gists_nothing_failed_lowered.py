"""A failing line's "nothing failed" count ("0 failed", "errors=0", "No failures", "exit code
0") is looked for in an ASCII line lowered, case-sensitively (``gists._nothing_failed``):
it finds what the case-blind search finds, in any casing (speed94: the case-blind search
cost ~70 µs a log line)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.fit import gists

_PIECES = st.sampled_from(
    ["0", " ", "0 ", "FAILED", "failures", "Failure", "ERRORS", "error", "failing", "=", ":",
     " = ", "no ", "No ", "NO ", "exit ", "Exit ", "CODE ", "status ", "STATUS", "code", "_",
     "x", "10", "00", "-", "\t", "é", "İ", "ı", "ſ", "\u212a", "01"]
)  # fmt: skip


def _case_blind(line: str) -> bool:
    pattern = gists._NOTHING_FAILED if "0" in line else gists._NO_FAILURES
    return pattern.search(line) is not None


@settings(derandomize=True, max_examples=1_500, deadline=None)
@given(st.lists(_PIECES, max_size=14), st.sampled_from([str, str.upper, str.lower, str.title]))
def test_nothing_failed_is_found_as_the_case_blind_search_finds_it(
    pieces: list[str], case: object
) -> None:
    line = case("".join(pieces))  # type: ignore[operator]
    assert gists._nothing_failed(line) == _case_blind(line)


def test_counts_of_nothing_failed_in_any_casing() -> None:
    for line in ("12 passed, 0 FAILED", "Errors: 0", "NO FAILURES", "EXIT STATUS 0", "No errors"):
        assert gists._nothing_failed(line), line
    for line in ("ERROR req=R0 status=200", "10 failed", "exit code 10", "nothing"):
        assert not gists._nothing_failed(line), line
