"""A count of tests said to pass is held to the count the run printed: "all 9 tests pass"
over "6 passed, 3 deselected" is stripped, in the recap's language too; the printed count
stands."""

from __future__ import annotations

import pytest

from builders import recap_line_stands, runs_of

GOAL = "Fix the invoice rounding."
JEST = "jest --ci"
JEST_OUT = "Tests:       2 skipped, 7 passed, 9 total\nTime:        3.1 s"
CARGO = "cargo test"
CARGO_OUT = "running 9 tests\ntest result: ok. 8 passed; 0 failed; 1 ignored; 0 measured"


@pytest.mark.parametrize(
    ("command", "output", "lie", "true"),
    [
        (JEST, JEST_OUT, "All 9 tests pass.", "7 tests pass."),
        (JEST, JEST_OUT, "Os 9 testes passaram.", "Os 7 testes passaram."),
        (CARGO, CARGO_OUT, "Alla 9 testerna gick igenom.", "8 tester gick igenom."),
        (CARGO, CARGO_OUT, "All 9 tests passed in `cargo test`.", "8 tests passed."),
    ],
)
def test_a_count_said_to_pass_is_the_count_printed(
    command: str, output: str, lie: str, true: str
) -> None:
    record = runs_of(GOAL, command, output)
    assert not recap_line_stands(lie, record, GOAL, "heading")
    assert recap_line_stands(true, record, GOAL, "heading")


def test_a_count_of_something_else_is_no_count_of_tests() -> None:
    record = runs_of(GOAL, JEST, JEST_OUT)
    assert recap_line_stands("Fixed 2 rounding bugs and the tests pass.", record, GOAL, "heading")
