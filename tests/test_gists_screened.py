"""A long tool output is screened by RE2 for a failure's mark before Python's engine searches
it (``gists.failing_lines``): the failing lines a gist shows are the same as searched without
the screen, wherever the mark stands and in whatever line breaks the output is cut (speed69:
a tool agent's cold fit reads ~3,700 outputs for gists, most with no mark)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.fit import gists

_LOG = "\n".join(f"0{i} INFO shard={i} moved 12 rows in 3ms, all good" for i in range(120))


def _unscreened(text: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    with monkeypatch.context() as m:
        m.setattr(gists, "_SCREENED_CHARS", 1 << 40)
        return gists.failing_lines(text, 3)


@pytest.mark.parametrize("mark", gists._MARKS)
@pytest.mark.parametrize("where", ["head", "middle", "tail"])
def test_a_mark_in_a_long_output_is_found(
    mark: str, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    line = f"tests/test_api.py::test_login {mark} 1 [exit status 2]"
    text = {"head": line + "\n" + _LOG, "middle": _LOG + "\n" + line + "\n" + _LOG,
            "tail": _LOG + "\n" + line}[where]  # fmt: skip
    assert len(text) > gists._SCREENED_CHARS
    assert gists.failing_lines(text, 3) == _unscreened(text, monkeypatch)


def test_a_long_output_without_a_mark_fails_in_nothing() -> None:
    assert gists.failing_lines(_LOG) == []


_PIECES = st.sampled_from(
    [*gists._MARKS, " ", "\n", "\r\n", "\x85", "\u2028", "x", "FAI", "rror", "exit", " code 1",
     "::test_a", " passed", "1 failed", "Traceback (most recent call last):", "✓", "é", "\x00"]
)  # fmt: skip


@settings(derandomize=True, max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=40), st.integers(0, 2))
def test_long_outputs_fail_as_searched_without_the_screen(pieces: list[str], at: int) -> None:
    said = "".join(pieces)
    text = [said + "\n" + _LOG, _LOG + "\n" + said, _LOG[:3_000] + said + _LOG][at]
    with pytest.MonkeyPatch.context() as m:
        m.setattr(gists, "_SCREENED_CHARS", 1 << 40)
        expected = gists.failing_lines(text, 3), gists.failing_lines(text)
    assert (gists.failing_lines(text, 3), gists.failing_lines(text)) == expected


@settings(derandomize=True, max_examples=500, deadline=None)
@given(st.text(), st.sampled_from(["", "step 4", "²", "٣", "x" * 5_000]))
def test_a_digit_is_found_as_str_isdigit_finds_it(text: str, beside: str) -> None:
    """The gists' digit test (a tool's tail, the words beside a call, a statement) reads an
    ASCII text at C speed and says what ``str.isdigit`` says of a character of any text."""
    for said in (text, text + beside, beside + text):
        assert gists._has_digit(said) == any(ch.isdigit() for ch in said)


_LINE_PIECES = st.sampled_from(
    [*gists._MARKS, " ", "x", "exit 1", "then ", "; ", "|| ", "exited with 3", "Killed", "[1]+ ",
     "line 4: ", "panic: boom", "not ok 3", "× Page", "● suite › test", "[-] It", " [E]",
     "Status: 503", "HTTP/2 404", "status: TIMEOUT", "<title>502 ", "npm ERR!", "İ", "✓", "é"]
)  # fmt: skip


@settings(derandomize=True, max_examples=800, deadline=None)
@given(st.lists(_LINE_PIECES, max_size=12))
def test_a_line_says_it_failed_as_the_whole_search_finds(pieces: list[str]) -> None:
    """A marked line is searched for a failure from where the pattern's RE2 superset may
    first match (``gists._says_failed``): the same answer as searching it whole, whatever
    the lookbehinds, the line's start and the scripts."""
    line = "".join(pieces).strip()
    assert gists._says_failed(line) == (gists._FAIL_LINE.search(line) is not None)


def _summary_lines_unscreened(text: str) -> list[str]:
    """``gists.summary_lines`` as it read before its RE2 screen: every line of the tail."""
    tail = text[-gists._TAIL_CHARS :]
    if not gists._has_digit(tail):
        return []
    return [
        gists._clip(line)
        for x in tail.splitlines()
        if (line := x.strip())
        and gists._SUMMARY_LINE.match(line)
        and any(c.isdigit() for c in line)
    ]


_SUMMARY_PIECES = st.sampled_from(
    ["Total", "TOTALS", "ſtats", "ſtatiſtics", "Result", "overall", "Report", "Count", "summary",
     "SUMMARY", "count", "=", ": ", " ", "\n", "\r\n", "\x85", "\u2028", "\x00", "#", "--", "3",
     "٣", "²", "rows", "é", "İ", "K", "x" * 50]
)  # fmt: skip


@settings(derandomize=True, max_examples=500, deadline=None)
@given(st.lists(_SUMMARY_PIECES, max_size=30), st.integers(0, 2))
def test_summary_lines_are_those_every_line_read_finds(pieces: list[str], at: int) -> None:
    """A tool output's tail is screened by RE2 for a summing-up word before its lines are
    read (``gists.summary_lines``): the lines found are those read without the screen,
    whatever the case folding (a long s, a Kelvin sign), line breaks and digits."""
    said = "".join(pieces)
    text = [said, _LOG + "\n" + said, said + "\n" + _LOG[:2_000]][at]
    assert gists.summary_lines(text) == _summary_lines_unscreened(text)


def test_a_summary_line_is_found_in_a_long_log() -> None:
    text = _LOG + "\n  Totals: 120 shards moved, 1,440 rows\n" + _LOG[:200]
    assert gists.summary_lines(text) == ["Totals: 120 shards moved, 1,440 rows"]
    assert gists.summary_lines(_LOG) == []
