"""A tool output's last lines are what stripping every line of its tail finds
(``gists._last_lines`` reads from the end: a cold fit reads the tails of hundreds of
exchanges for their gists, and asks each for its last line, speed91)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.fit import gists


def _every_line_last(text: str, n: int) -> list[str]:
    """``_last_lines`` stripping every line of the tail (as first written)."""
    lines = [x.strip() for x in text[-gists._TAIL_CHARS :].splitlines() if x.strip()]
    return [gists._clip(x) for x in lines[-n:]]


_LINES = st.sampled_from(
    ["SUMMARY rows=12 checked=40", "  Result: 3 of 40 stale  ", "2026-03-05 INFO ok", "", "   ",
     "\t", "x" * 200, "Résumé 5", "a\u2028b", "total\x1c7", "→ done 5", "\u00a0summary 8\u00a0"]
)  # fmt: skip


@settings(derandomize=True, max_examples=500, deadline=None)
@given(st.lists(_LINES, max_size=40), st.sampled_from(["\n", "\r\n", "\r", "\x85", "\n\n"]))
def test_a_tails_last_lines_are_what_stripping_every_line_finds(lines: list[str], sep: str) -> None:
    text = sep.join(lines)
    for n in (1, 2, 3):
        assert gists._last_lines(text, n) == _every_line_last(text, n)


def test_the_last_line_of_a_long_log_is_its_last_words() -> None:
    log = "\n".join(f"0001 INFO id={k} lat=2ms" for k in range(400))
    assert gists._last_lines(f"{log}\nexit 0\n\n  \n", 1) == ["exit 0"]
