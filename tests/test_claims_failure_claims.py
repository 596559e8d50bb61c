"""A failure claimed must be one a tool result printed with its failure marker, and still
stand (issue #14 item 4; red team RT22-7, RT22-8).

A test named with a runner's marker ("● Cart › …", "FAILED tests/x.py::test_y") in a
recap's Failures must be marked failing by a failed result; a failure said to last ("still
fails") must not have a later passing run. Lies are removed; the honest lines are kept.
"""

from __future__ import annotations

from builders import openai_tool_call, openai_tool_result
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message
from contextledger.providers import read_messages

_JEST = (
    "FAIL src/cart/cart.test.ts\n  ● Cart › applies percentage coupon\n\n"
    "    expect(received).toBe(expected)\n    Expected: 90\n    Received: 100\n\n"
    "Tests:       1 failed, 23 passed, 24 total"
)


def _record(*turns: dict[str, object]) -> list[Message]:
    return list(
        read_messages(
            [{"role": "user", "content": "Coupons stopped applying; find out why."}, *turns]
        )
    )


def _jest() -> list[Message]:
    return _record(
        openai_tool_call("d1", "terminal", {"command": "npx jest src/cart"}),
        openai_tool_result("d1", _JEST),
        {"role": "user", "content": "ok"},
    )


def _money(last: str) -> list[Message]:
    return _record(
        openai_tool_call("s1", "bash", {"cmd": "pytest tests/test_money.py -q"}),
        openai_tool_result(
            "s1",
            "F.........\nFAILED tests/test_money.py::test_round_half_even - assert 0.125 == 0.12\n"
            "1 failed, 9 passed in 0.09s",
        ),
        openai_tool_call("s2", "write_file", {"path": "src/money.py", "content": "x = 1\n"}),
        openai_tool_result("s2", "wrote 6 bytes"),
        openai_tool_call("s3", "bash", {"cmd": "pytest tests/test_money.py -q"}),
        openai_tool_result("s3", last),
        {"role": "user", "content": "ok"},
    )


GOAL = "Goal: Coupons stopped applying; find out why.\n"


def _removed(recap: str, record: list[Message]) -> list[str]:
    v = verify_recap(GOAL + recap, record, context=record)
    return list(v.removed_sentences) + [c.value for c in v.misclaims]


def test_a_test_that_never_failed_claimed_failing_is_removed() -> None:
    line = "- `npx jest src/cart`: ● Cart › removes expired coupon"
    assert _removed(f"Failures:\n{line}", _jest())


def test_the_test_jest_marked_failing_is_kept() -> None:
    for line in (
        "- `npx jest src/cart`: ● Cart › applies percentage coupon",
        "- `npx jest src/cart`: ✕ applies percentage coupon",
        "- `npx jest src/cart`: the 'applies percentage coupon' test fails (expected 90, received 100)",
    ):
        assert _removed(f"Failures:\n{line}", _jest()) == [], line


def test_a_pytest_failure_not_printed_is_removed_and_the_printed_one_kept() -> None:
    record = _money(
        "F.........\nFAILED tests/test_money.py::test_round_half_even - x\n1 failed, 9 passed"
    )
    lie = "- `pytest tests/test_money.py -q`: FAILED tests/test_money.py::test_round_half_up"
    honest = "- `pytest tests/test_money.py -q`: FAILED tests/test_money.py::test_round_half_even"
    assert _removed(f"Failures:\n{lie}", record)
    assert _removed(f"Failures:\n{honest}", record) == []


def test_a_failure_claimed_current_after_a_passing_run_is_removed() -> None:
    step = "Next step: Fix test_round_half_even, which still fails after the last run."
    assert _removed(step, _money("..........\n10 passed in 0.08s"))


def test_a_failure_still_failing_in_the_last_run_is_kept() -> None:
    still = "F.........\nFAILED tests/test_money.py::test_round_half_even - assert 0.125 == 0.12\n1 failed, 9 passed"
    step = "Next step: Fix test_round_half_even, which still fails after the last run."
    assert _removed(step, _money(still)) == []


def test_asking_whether_a_test_still_fails_is_a_plan() -> None:
    step = "Next step: Check whether test_round_half_even still fails."
    assert _removed(step, _money("..........\n10 passed in 0.08s")) == []


def test_a_failing_line_quoted_as_printed_stands_though_it_says_passes() -> None:
    """A Failures item that quotes its run's failing line as printed ("got 5 passes, want
    4") is no claim that something passed; a changed line or a claimed pass is removed."""
    record = _record(
        openai_tool_call("g1", "terminal", {"command": "go test ./orbit/..."}),
        openai_tool_result(
            "g1",
            "--- FAIL: TestWindowMerge (0.01s)\n    merge_test.go:41: got 5 passes, want 4\n"
            "FAIL\nFAIL\tsat/orbit\t0.208s",
        ),
        {"role": "user", "content": "ok"},
    )
    honest = "Failures:\n- `go test ./orbit/...`: merge_test.go:41: got 5 passes, want 4"
    assert verify_recap(honest, record, ledger=False).removed_sentences == ()
    for lie in (
        "Failures:\n- `go test ./orbit/...`: merge_test.go:41: got 4 passes, want 4",
        "Failures:\n- `go test ./orbit/...`: all tests passed",
    ):
        assert verify_recap(lie, record, ledger=False).removed_sentences != (), lie
