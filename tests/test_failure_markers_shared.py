"""A run's failure markers are one list (``lexicon.outcomes.RUN_FAILED``) that the recap's
failures and the fit's gists both read: each knows a process's non-zero exit, a crash, a kill,
npm's banner and a server's error page, and neither reads a count of nothing failed as one
(R38-F1); a failed run's INFO line is never quoted as what failed (R38-R1)."""

from __future__ import annotations

import re

import pytest

from contextledger.compaction.failures import failure_lines
from contextledger.fit.gists import failing_lines
from contextledger.lexicon.outcomes import RUN_FAILED, RUN_FAILED_MARKS

FAILED = [
    "Process exited with code 1",
    "npm ERR! code ELIFECYCLE",
    "Segmentation fault (core dumped)",
    "Aborted (core dumped)",
    "Killed",
    "[1]+  Killed                  python train.py",
    "Task exited with return code 1",
    "Error: Process completed with exit code 1.",
    "make: *** [Makefile:12: all] Error 2",
    "FAIL src/app.test.js",
    "error[E0308]: mismatched types",
    "BUILD FAILED",
    "exit status 1",
    "container exited with 137",
    'service "migrate" didn\'t complete successfully: exit 1',
    "panic: runtime error: invalid memory address or nil pointer dereference",
    'Exception in thread "main" java.lang.NullPointerException',
    "<html><head><title>503 Service Temporarily Unavailable</title></head></html>",
    "<center><h1>502 Bad Gateway</h1></center>",
    "HTTP/1.1 500 Internal Server Error",
]

NOT_FAILED = [
    "42 passed, 0 failed in 3.1s",
    "no errors",
    "exit code 0",
    "Process exited with code 0",
    "Killed 3 stale processes as asked",
    "INFO build step 3 done",
    "found 0 vulnerabilities",
    'if [ -z "$TOKEN" ]; then exit 1; fi',
    "make test || exit 1",
]


def _spaced(line: str) -> str:
    return " ".join(line.split())


@pytest.mark.parametrize("line", FAILED)
def test_the_recap_and_the_gists_both_read_a_run_failure_marker(line: str) -> None:
    out = f"step 1 of 3\nstep 2 of 3\n{line}"
    assert any(_spaced(line) in _spaced(x) for x in failure_lines(out)), failure_lines(out)
    assert any(_spaced(line) in _spaced(x) for x in failing_lines(out)), failing_lines(out)


@pytest.mark.parametrize("line", NOT_FAILED)
def test_neither_reads_a_clean_run_as_failed(line: str) -> None:
    out = f"step 1 of 3\n{line}"
    assert failure_lines(out) == []
    assert failing_lines(out) == []


@pytest.mark.parametrize("line", [x for x in FAILED if re.search(RUN_FAILED, x)])
def test_every_run_failed_match_holds_a_mark_the_gists_search_first(line: str) -> None:
    """The gists read only the lines that hold a literal of ``_MARKS`` (one search)."""
    assert any(mark in line for mark in RUN_FAILED_MARKS)


def test_the_failing_line_not_the_info_line_before_the_exit_is_quoted() -> None:
    """R38-R1: "... INFO build step 3 done\\nProcess exited with code 1" quoted the INFO line."""
    lines = failure_lines("compiling 14 units\nINFO build step 3 done\nProcess exited with code 1")
    assert lines == ["Process exited with code 1"]


def test_a_line_that_tells_the_problem_above_a_bare_exit_is_still_quoted() -> None:
    out = "INFO loading\nRECONCILE: 214 rows missing\nINFO cleaning up\nexit status 4"
    assert failure_lines(out) == ["RECONCILE: 214 rows missing", "exit status 4"]
