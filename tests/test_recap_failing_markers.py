"""One reader of a runner's failing-test markers (issue #14 item 3): the recap's
Failures and the check of a failure claimed read a test's name the same way, at a line's
start, indented or inside a line (a log's prefix, a recap's "`cmd`: ● …")."""

from __future__ import annotations

import pytest

from builders import openai_tool_call, openai_tool_result
from contextledger.compaction.failures import failing_tests, failure_lines
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message
from contextledger.providers import read_messages


@pytest.mark.parametrize(
    ("output", "names"),
    [
        ("12:00:01 FAILED tests/t.py::test_b - boom", ["tests/t.py::test_b"]),
        ("    --- FAIL: TestExpiry/leap_year (0.01s)", ["TestExpiry/leap_year"]),
        ("[ci] step 4: --- FAIL: TestExpiry", ["TestExpiry"]),
        ("run 3 ✕ applies coupon (4 ms)", ["applies coupon"]),
    ],
)
def test_a_marker_inside_or_after_a_prefix_names_its_test(output: str, names: list[str]) -> None:
    assert failing_tests(output) == names


def test_a_bullet_names_a_test_only_in_a_jest_run_or_a_failure_quoted() -> None:
    assert failing_tests("● nginx.service - A high performance web server") == []
    assert failing_tests("`npx jest`: ● Cart › removes coupon", marked=True) == [
        "Cart › removes coupon"
    ]
    assert failing_tests("✖ 3 problems (3 errors, 0 warnings)") == []


def _record(output: str) -> list[Message]:
    return list(
        read_messages(
            [
                {"role": "user", "content": "The nightly job fails; find out why."},
                openai_tool_call("r1", "bash", {"cmd": "./ci/run_tests.sh"}),
                openai_tool_result("r1", output),
                {"role": "user", "content": "ok"},
            ]
        )
    )


def _removed(recap: str, record: list[Message]) -> list[str]:
    v = verify_recap("Goal: The nightly job fails; find out why.\n" + recap, record, context=record)
    return list(v.removed_sentences) + [c.value for c in v.misclaims]


def test_a_failure_a_log_prints_after_a_prefix_supports_the_claim_and_no_other() -> None:
    record = _record(
        "2026-12-02T03:00:04 FAILED tests/test_job.py::test_retry_backoff - assert 3 == 4\n"
        "2026-12-02T03:00:04 1 failed, 40 passed\nexit status 1"
    )
    kept = "- `./ci/run_tests.sh`: FAILED tests/test_job.py::test_retry_backoff"
    assert _removed(f"Failures:\n{kept}", record) == []
    lie = "- `./ci/run_tests.sh`: FAILED tests/test_job.py::test_schedule_parse"
    assert _removed(f"Failures:\n{lie}", record)


def test_a_gradle_failure_quoted_in_the_recap_is_kept() -> None:
    """The claim check reads a result by its lines, as the recap does (a result's text is
    kept on one line): a gradle test named in a recap is marked failing by its result."""
    record = _record(
        "> Task :app:testDebugUnitTest\n\nOrdersViewModelTest > emitsErrorOnTimeout FAILED\n"
        "    java.lang.AssertionError at OrdersViewModelTest.kt:57\n\n42 tests completed, 1 failed"
    )
    kept = "- `./ci/run_tests.sh`: OrdersViewModelTest > emitsErrorOnTimeout FAILED"
    assert _removed(f"Failures:\n{kept}", record) == []


def test_behave_names_its_failing_scenario() -> None:
    """RT23-6: behave lists its failing scenarios with no marker on their lines."""
    output = (
        "Failing scenarios:\n  features/nda.feature:14  Governing law clause keeps numbering\n\n"
        "0 features passed, 1 failed, 0 skipped\n3 scenarios passed, 1 failed, 0 skipped"
    )
    assert failing_tests(output) == [
        "features/nda.feature:14  Governing law clause keeps numbering"
    ]
    assert (
        failure_lines(output)[0] == "features/nda.feature:14 Governing law clause keeps numbering"
    )


def test_a_name_in_an_escaped_json_output_supports_the_recap() -> None:
    """RT23-6: a tool's JSON output keeps its lines escaped ("\\nsnowflake…"): the name that
    opens an escaped line is in the record."""
    record = _record(
        '{"exit_code": 1, "stdout": "ERROR - Task failed with exception\\n'
        "snowflake.connector.errors.ProgrammingError: 002003 (42S02): Table 'RAW.ORDERS_V2' "
        'does not exist\\nINFO - Marking task as FAILED.", "stderr": ""}'
    )
    line = (
        "- `./ci/run_tests.sh`: snowflake.connector.errors.ProgrammingError: 002003 (42S02): "
        "Table 'RAW.ORDERS_V2' does not exist"
    )
    assert _removed(f"Failures:\n{line}", record) == []


# Runners that print a failing test's name on a line of its own beside their marker
# (RT24-9): under it (Ginkgo, busted), above it with its place (Deno), a heading between
# two rules above it (Catch2)
_NAMED_NEARBY = [
    (
        "• [FAILED] [0.003 seconds]\nLimiter [It] rejects over limit\n/src/limiter_test.go:41\n\n"
        "Ran 20 of 20 Specs in 0.02 seconds\nFAIL! -- 19 Passed | 1 Failed | 0 Pending",
        "Limiter [It] rejects over limit",
    ),
    (
        "●●◼●●\n4 successes / 1 failure / 0 errors / 0 pending : 0.02 seconds\n\n"
        "Failure → spec/limiter_spec.lua @ 14\nlimiter refills tokens\n"
        "spec/limiter_spec.lua:16: Expected objects to be the same.",
        "limiter refills tokens",
    ),
    (
        "-" * 79
        + "\nburst window resets\n"
        + "-" * 79
        + "\n/src/tests/limiter.cpp:20\n"
        + "." * 79
        + "\n\n/src/tests/limiter.cpp:24: FAILED:\n  REQUIRE( allowed == 5 )\n"
        "with expansion:\n  4 == 5\n\n" + "=" * 79 + "\ntest cases: 14 | 13 passed | 1 failed",
        "burst window resets",
    ),
    (
        "cart merges lines => ./cart_test.ts:12:6\nerror: AssertionError: Values are not equal.\n\n"
        "FAILED | 8 passed | 1 failed (41ms)",
        "cart merges lines => ./cart_test.ts:12:6",
    ),
    (  # RT25-2: Newman names the request above its failing line, Ceedling under its summary
        "checkout\n→ Create cart\n  POST https://api.local/carts [201 Created, 412B, 88ms]\n"
        "→ Place order\n  POST https://api.local/orders [500 Internal Server Error, 1.2kB, 301ms]\n"
        "  1. status is 201",
        "→ Place order",
    ),
    (
        "Running test_ringbuf.out...\n\n-----------\nFAILED TEST SUMMARY\n-----------\n"
        '[test_ringbuf.c]\n  Test: test_ringbuf_wraps\n  At line (88): "Expected 64 Was 63"\n\n'
        "--------------------\nOVERALL TEST SUMMARY\n--------------------\nTESTED:  31\n"
        "PASSED:  30\nFAILED:   1",
        "Test: test_ringbuf_wraps",
    ),
]


@pytest.mark.parametrize(("output", "name"), _NAMED_NEARBY)
def test_a_test_named_beside_its_marker_is_the_failure_recapped(output: str, name: str) -> None:
    assert failing_tests(output) == [name]
    assert failure_lines(output)[0] == name


@pytest.mark.parametrize(
    "output",
    [
        "Ran 12 of 12 Specs in 0.01 seconds\nSUCCESS! -- 12 Passed | 0 Failed | 0 Pending",
        "●●●●●\n5 successes / 0 failures / 0 errors / 0 pending : 0.01 seconds",
        "-" * 79
        + "\nparses header\n"
        + "-" * 79
        + "\n/src/t.cpp:12\n"
        + "." * 79
        + "\n\n/src/t.cpp:15: PASSED:\n  REQUIRE( x == 3 )\n"
        + "=" * 79
        + "\nAll tests passed (1 assertion in 1 test case)",
        "running 3 tests from ./a_test.ts\nmaps errors ... ok (2ms)\n\nok | 3 passed | 0 failed (12ms)",
        # RT25-3: a rate of no failures, a cross counting none
        "=== Test Summary\nOutcome              Passed\nTests Ran            4\n"
        "Pass Rate            100%\nFail Rate            0%",
        "     checks.........................: 100.00% ✓ 9120 ✗ 0\n     errors_total.........: 0",
    ],
)
def test_the_same_runners_passing_name_no_failure(output: str) -> None:
    assert failure_lines(output) == []
    assert failing_tests(output) == []


def test_jasmines_numbered_failure_and_a_linters_rule_are_named_not_its_tally() -> None:
    jasmine = (
        "Started\n..F...\n\nFailures:\n1) RefundCalculator prorates shipping\n  Message:\n"
        "    Expected 12.5 to equal 10.\n\n6 specs, 1 failure\nFinished in 0.041 seconds"
    )
    assert failing_tests(jasmine) == ["RefundCalculator prorates shipping"]
    vale = (
        " chapters/intro.tex\n 14:22  error    Use 'utilize' sparingly.    Academic.Wordiness\n\n"
        "✖ 1 error, 1 warning and 0 suggestions in 6 files."
    )
    assert "Academic.Wordiness" in failure_lines(vale)[0]


def test_a_step_that_failed_then_passed_on_its_retry_is_no_failure() -> None:
    """The brief: retry-then-pass is no failure; a step that failed again still is."""
    passed = "[1/3] health ... FAILED (timeout), retrying\n[1/3] health ... ok\n[2/3] smoke ... ok"
    assert failure_lines(passed) == []
    again = "[1/3] health ... FAILED (timeout), retrying\n[1/3] health ... FAILED (timeout)"
    assert failure_lines(again)


@pytest.mark.parametrize(
    "output",
    [
        "══ Failed ══════════════\n── 1. Failure ('test-chargebacks.R:19:3'): chargebacks match by ARN ──\n"
        "`matched` (`actual`) not equal to 12 (`expected`).\n\n[ FAIL 1 | WARN 0 | SKIP 0 | PASS 30 ]",
        "✔ | F W  S  OK | Context\n✖ | 1        4 | chargebacks\n"
        "Failure (test-chargebacks.R:31:3): chargebacks match by ARN\nmatched not equal to 12.",
    ],
)
def test_testthat_names_its_failing_test_not_its_tally_row(output: str) -> None:
    assert failing_tests(output) == ["chargebacks match by ARN"]
