"""The failing test and why it failed, as each runner prints them (review30's red team: the
recap kept the name and lost the reason, or kept a heading for one): a Rust panic's location,
Julia's failed expression, testthat's expect_equal message, dotnet's reason under its "Error
Message:" heading (the heading says nothing), testthat's progress table is no test."""

from __future__ import annotations

import pytest

from contextledger.compaction.failures import failure_lines

CARGO = """running 2 tests
test tests::lex_num ... FAILED
test tests::lex_id ... ok

failures:

---- tests::lex_num stdout ----
thread 'tests::lex_num' panicked at src/lib.rs:10:5:
assertion `left == right` failed
  left: 3
 right: 4

failures:
    tests::lex_num

test result: FAILED. 1 passed; 1 failed"""

JULIA = """Test Failed at /home/u/Pkg/test/runtests.jl:12
  Expression: add(2, 2) == 5
   Evaluated: 4 == 5
Test Summary: | Pass  Fail  Total
Pkg           |    3     1      4
ERROR: LoadError: Some tests did not pass: 3 passed, 1 failed, 0 errored, 0 broken."""

JULIA_ERROR = """Error During Test at /ci/CSVLite/test/runtests.jl:14
  Test threw exception
  Expression: parse_row("") == String[]
  BoundsError: attempt to access 0-element Vector{String} at index [1]
ERROR: LoadError: Some tests did not pass: 11 passed, 0 failed, 1 errored, 0 broken."""

TESTTHAT = """✔ | F W S  OK | Context
✖ | 1        2 | dates
── Failure (test-dates.R:12:3): parses a bare year ──
`parse("2024")` not equal to as.Date("2024-01-01").
[ FAIL 1 | WARN 0 | SKIP 0 | PASS 2 ]"""

DOTNET = """  Failed Calc.Tests.AddsTwoNumbers [12 ms]
  Error Message:
   Assert.Equal() Failure: Values differ
Expected: 4
Actual:   5
  Stack Trace:
     at Calc.Tests.AddsTwoNumbers() in /src/CalcTests.cs:line 14

Failed!  - Failed:     1, Passed:     9, Skipped:     0, Total:    10"""


@pytest.mark.parametrize(
    ("output", "name", "reason"),
    [
        (CARGO, "test tests::lex_num ... FAILED", "panicked at src/lib.rs:10:5"),
        (CARGO, "test tests::lex_num ... FAILED", "assertion `left == right` failed"),
        (JULIA, "Test Failed at /home/u/Pkg/test/runtests.jl:12", "Expression: add(2, 2) == 5"),
        (JULIA, "Test Failed at /home/u/Pkg/test/runtests.jl:12", "Evaluated: 4 == 5"),
        (JULIA_ERROR, "Error During Test at", 'Expression: parse_row("") == String[]'),
        (TESTTHAT, "parses a bare year", '`parse("2024")` not equal to as.Date("2024-01-01").'),
        (DOTNET, "Failed Calc.Tests.AddsTwoNumbers", "Assert.Equal() Failure: Values differ"),
    ],
)
def test_the_failing_test_and_its_reason_are_kept(output: str, name: str, reason: str) -> None:
    lines = failure_lines(output)
    assert any(name in x for x in lines), lines
    assert any(reason in x for x in lines), lines


def test_a_heading_is_no_reason() -> None:
    assert "Error Message:" not in failure_lines(DOTNET)


def test_testthat_progress_row_names_no_test() -> None:
    """ "✖ | 1        2 | dates" counts a file's failures; the test is named below it."""
    assert not any(x.startswith("✖ |") for x in failure_lines(TESTTHAT))


@pytest.mark.parametrize(
    "output",
    [
        "thread 'main' panicked at src/main.rs:3:5:\nindex out of bounds",
        "Expression: a + b\nEvaluated: 3",  # a REPL's echo, no test failed
    ],
)
def test_a_reason_alone_still_reads_as_it_did(output: str) -> None:
    """The panic of a program (no test) is a failure line; an echo of an expression with no
    failure marker is none."""
    got = failure_lines(output)
    assert bool(got) == ("panicked" in output)
