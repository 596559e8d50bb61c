"""A pass said to hold every time now ("fixed, passes reliably now") is held to every run
after the test first passed: a flaky test (pass, fail, pass) passes now, not reliably —
in any language, whatever verb gives the pass. A failure fixed by a change written after
it, a claim that denies, and a failure said to repeat stay as they are."""

from __future__ import annotations

import pytest

from builders import openai_tool_call, openai_tool_result, recap_line_stands, runs_of
from contextledger.model import Message
from contextledger.providers import read_messages

GOAL = "Fix the flaky checkout test."
COMMAND = "pytest tests/test_checkout.py"
TEST = "test_applies_coupon_once"
PASSED = f"tests/test_checkout.py::{TEST} PASSED\n1 passed in 0.2s"
FAILED = f"tests/test_checkout.py::{TEST} FAILED\nAssertionError: 2 != 1\n1 failed in 0.3s"

RELIABLY = [
    f"{TEST} is fixed and passes reliably now.",
    f"{TEST} ist behoben und läuft jetzt zuverlässig durch.",
    f"{TEST} passe maintenant de façon fiable.",
    f"{TEST} jest naprawiony i teraz niezawodnie przechodzi.",
    f"{TEST} düzeltildi, artık istikrarlı şekilde geçiyor.",
    f"`{COMMAND}` is green consistently now.",
]


@pytest.mark.parametrize("line", RELIABLY)
@pytest.mark.parametrize("where", ["line", "heading"])
def test_a_flaky_test_does_not_pass_reliably(line: str, where: str) -> None:
    flaky = runs_of(GOAL, COMMAND, PASSED, FAILED, PASSED)
    assert not recap_line_stands(line, flaky, GOAL, where)
    steady = runs_of(GOAL, COMMAND, FAILED, PASSED, PASSED)
    assert recap_line_stands(line, steady, GOAL, where)


def _fixed_after_failing_again() -> list[Message]:
    turns: list[dict[str, object]] = [{"role": "user", "content": GOAL}]
    steps = [
        ("bash", {"command": COMMAND}, PASSED),
        ("bash", {"command": COMMAND}, FAILED),
        ("write_file", {"path": "src/checkout.py", "content": "LOCK = True\n"}, "ok"),
        ("bash", {"command": COMMAND}, PASSED),
    ]
    for i, (tool, args, out) in enumerate(steps):
        turns += [openai_tool_call(f"s{i}", tool, args), openai_tool_result(f"s{i}", out)]
    return list(read_messages(turns))


def test_a_failure_fixed_by_a_change_written_after_it_leaves_the_claim() -> None:
    assert recap_line_stands(RELIABLY[0], _fixed_after_failing_again(), GOAL, "heading")


@pytest.mark.parametrize(
    "line",
    [
        f"{TEST} passes now, but not reliably yet.",
        f"{TEST} is still flaky: it does not pass reliably.",
    ],
)
def test_a_claim_that_denies_the_steady_pass_stands(line: str) -> None:
    assert recap_line_stands(line, runs_of(GOAL, COMMAND, PASSED, FAILED, PASSED), GOAL)


def test_a_failure_said_to_repeat_is_no_steady_pass() -> None:
    failing_again = runs_of(GOAL, COMMAND, PASSED, FAILED, FAILED)
    assert recap_line_stands(
        f"{TEST} fails consistently since the second run.", failing_again, GOAL
    )


@pytest.mark.parametrize(
    "line",
    [
        f"I reran {TEST}; it passes reliably now.",
        f"Ich habe {TEST} erneut ausgeführt; er läuft jetzt zuverlässig durch.",
    ],
)
def test_a_steady_pass_said_of_the_test_a_clause_before_named(line: str) -> None:
    """(each run another command: only the test's name ties the runs together)"""
    assert not recap_line_stands(
        line, _each_run_its_command(PASSED, FAILED, PASSED), GOAL, "heading"
    )
    steady = _each_run_its_command(FAILED, PASSED, PASSED)
    assert recap_line_stands(line, steady, GOAL, "heading")


def _each_run_its_command(*outputs: str) -> list[Message]:
    commands = [COMMAND, f"pytest -k {TEST}", "pytest tests/ -q"]
    turns: list[dict[str, object]] = [{"role": "user", "content": GOAL}]
    for i, (command, out) in enumerate(zip(commands, outputs, strict=False)):
        turns += [
            openai_tool_call(f"r{i}", "bash", {"command": command}),
            openai_tool_result(f"r{i}", out),
        ]
    return list(read_messages(turns))
