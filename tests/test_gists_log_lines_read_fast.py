"""A pasted line that opens as a log or table line does (a digit, a bracket, a sigil) is read
as one without a search (``gists._said_among_log_lines``): the user's sentences said among a
pasted log are what searching every line finds (speed78: a pasted log or CSV is thousands of
such lines, each searched)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.fit import gists


def _searched(paragraph: str) -> list[str]:
    """``_said_among_log_lines`` searching every line (as first written)."""
    lines = [ln.strip() for ln in paragraph.split("\n") if ln.strip()]
    mine: list[str] = []
    for ln in lines:
        if not gists._LOG_LINE.search(ln):
            mine.append(ln)
            if len(mine) > gists._OWN_MOST:
                return []
    if not mine or len(lines) - len(mine) < gists._PASTED_LINES_LEAST:
        return []
    if not all(gists._SENTENCE_END.search(ln) and len(ln) <= gists._OWN_CHARS for ln in mine):
        return []
    return mine


_LINES = st.sampled_from(
    ["2026-03-05T10:22:00Z ERROR sync-worker[3] timeout", "12,SKU-1203,in_stock", "[warn] disk",
     "  at ledger.cache(ledger.java:12)", "Don't touch maps/prod/ in this change.", "-- retry 3",
     "Traceback (most recent call last):", "ValueError: bad", "key=value here", "\tindented",
     "Please keep the retry limit at 5.", "%d formatted", "@user said hi", "$ ls -la", "٣ items",
     "Résumé of the call.", "", "   ", "ok", "*bold* note.", "{\"a\": 1}", "| a | b |", "#42 open"]
)  # fmt: skip


@settings(derandomize=True, max_examples=400, deadline=None)
@given(st.lists(_LINES, min_size=1, max_size=40))
def test_sentences_among_log_lines_are_what_a_search_of_each_line_finds(lines: list[str]) -> None:
    paragraph = "\n".join(lines)
    assert gists._said_among_log_lines(paragraph) == _searched(paragraph)


def test_a_rule_said_among_a_pasted_log_is_found() -> None:
    log = [f"2026-11-{d:02d} 10:00:00 INFO worker {d} ok" for d in range(1, 20)]
    paragraph = "\n".join([*log[:9], "Don't touch maps/prod/ in this change.", *log[9:]])
    assert gists._said_among_log_lines(paragraph) == ["Don't touch maps/prod/ in this change."]


@settings(derandomize=True, max_examples=400, deadline=None)
@given(st.text(alphabet=".!?。！？।a \t\u00a0\u3000\u2028\x1c\x85\n", max_size=12))
def test_a_line_ends_as_a_sentence_as_the_pattern_says(line: str) -> None:
    assert (line.rstrip()[-1:] in gists._SENTENCE_ENDS) == bool(gists._SENTENCE_END.search(line))
