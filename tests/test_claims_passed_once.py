"""A test that passed at one run and broke again: "passed once, then failed again" is the
truth (a pass at some run, not the latest), and stands; "passes now" and a bare "passed"
are held to the latest run, and "passed once" to some run."""

from __future__ import annotations

import pytest

from builders import openai_tool_call, openai_tool_result, recap_line_stands
from contextledger.model import Message
from contextledger.providers import read_messages

GOAL = "Fix the cart totals."
RUN = "go test ./cart -run TestTotalsRounding"
PASS = "=== RUN   TestTotalsRounding\n--- PASS: TestTotalsRounding (0.00s)\nok  \tshop/cart\t0.01s"
FAIL = (
    "=== RUN   TestTotalsRounding\n--- FAIL: TestTotalsRounding (0.00s)\n"
    "    cart_test.go:41: got 10.01, want 10.00\nFAIL\tshop/cart\t0.02s"
)


def _runs(*outputs: str) -> list[Message]:
    turns: list[dict[str, object]] = [{"role": "user", "content": GOAL}]
    for i, out in enumerate(outputs):
        turns += [
            openai_tool_call(f"g{i}", "bash", {"command": RUN}),
            openai_tool_result(f"g{i}", out),
        ]
    return read_messages(turns)


@pytest.mark.parametrize(
    "line",
    ["TestTotalsRounding passed once, then failed again.", "TestTotalsRounding passed once."],
)
def test_a_pass_at_some_run_stands_when_the_test_broke_again(line: str) -> None:
    assert recap_line_stands(line, _runs(FAIL, PASS, FAIL), GOAL, "heading")


@pytest.mark.parametrize(
    ("line", "outputs"),
    [
        ("TestTotalsRounding passes now.", (FAIL, PASS, FAIL)),
        ("Once the rounding fix landed, TestTotalsRounding passed.", (FAIL, PASS, FAIL)),
        ("TestTotalsRounding passed once, then failed again.", (FAIL, FAIL)),
    ],
)
def test_a_pass_the_runs_do_not_show_is_stripped(line: str, outputs: tuple[str, ...]) -> None:
    assert not recap_line_stands(line, _runs(*outputs), GOAL, "heading")
