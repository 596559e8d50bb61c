"""Screens that find the lines and outputs a slow test may hold in one pass (speed50): the
answer is the slow test's, line by line and output by output."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.compaction.claims.evidence import _CRASH, _crashed
from contextledger.compaction.claims.secrets import _values
from contextledger.compaction.credentials import holding_hints, may_hold_secret
from failure_cases import HELD_OUT_FAILED, HELD_OUT_OK, TUNE_FAILED, TUNE_OK

_PIECES = ["TOKEN", "Secret", "PASSWORD", "pwd", "KEY", "Auth", "SK_", "gh", "XOX", "eyJ"]
_PIECES += ["AKIA", "://", "Bearer", "-u", "-P", "ß", "İ", "ﬃ", "K", "Σ", "ς", "\u0130"]
_TEXT = st.lists(st.sampled_from([*"aeksy =:_-\t", *_PIECES]), max_size=12).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.lists(_TEXT, max_size=12))
def test_holding_hints_are_the_lines_that_may_hold_a_secret(lines: list[str]) -> None:
    assert holding_hints(lines) == [k for k, x in enumerate(lines) if may_hold_secret(x)]


def test_holding_hints_on_lines_with_newlines_and_long_outputs() -> None:
    lines = ["a\nDB_PASSWORD=hunter22x", "plain", "STRASSE ß high"] * 200
    assert holding_hints(lines) == [k for k, x in enumerate(lines) if may_hold_secret(x)]
    printed = ("x = 1", "GRAFANA_SA_TOKEN_017=sk_06fb6c1f0bd269eb5e56c35d", "y = 2")
    assert _values(printed) == frozenset({"sk_06fb6c1f0bd269eb5e56c35d"})


def test_a_crash_is_read_as_without_the_screen() -> None:
    outputs = [*HELD_OUT_FAILED.values(), *HELD_OUT_OK.values(), *TUNE_FAILED.values()]
    outputs += [*TUNE_OK.values(), "def f():\n    return 1\n" * 300, "panic: boom\n"]
    for body in outputs:
        assert _crashed(body) == bool(_CRASH.search(body)), body
