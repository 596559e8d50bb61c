"""The recap's failure detector: what a failure looks like in any tool's output (an exit
status, a level, an error's name, a count of failures, a run's status in capitals), and
what does not (a counter's key, a commit subject, a line grep printed, a bullet)."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.digest import (
    PASSED_LATER,
    digest,
    error_answer_lines,
    failing_tests,
    failure_lines,
    recovered,
    render_digest,
)
from contextledger.model import Message, ToolCall
from failure_cases import HELD_OUT_FAILED, HELD_OUT_OK, TUNE_FAILED, TUNE_OK


@pytest.mark.parametrize("name", sorted(TUNE_FAILED))
def test_a_failed_run_is_seen(name: str) -> None:
    assert failure_lines(TUNE_FAILED[name]), name


@pytest.mark.parametrize("name", sorted(TUNE_OK) + sorted(HELD_OUT_OK))
def test_a_successful_run_is_no_failure(name: str) -> None:
    output = {**TUNE_OK, **HELD_OUT_OK}[name]
    assert failure_lines(output) == [], name


def test_most_held_out_failures_are_seen() -> None:
    """A floor, not a target: the held-out outputs are never tuned on (their recall is
    printed by bench/bench_compaction.py); this only catches a detector that broke."""
    seen = [n for n, out in HELD_OUT_FAILED.items() if failure_lines(out)]
    assert len(seen) >= 0.8 * len(HELD_OUT_FAILED)


@pytest.mark.parametrize(
    ("output", "line"),
    [
        ("attempt 1/3: connection refused\nattempt 3/3: connection refused",
         "attempt 3/3: connection refused"),
        ("try 1: timed out\ntry 2: timed out", "try 2: timed out"),
    ],
)  # fmt: skip
def test_the_last_failed_attempt_is_a_failure(output: str, line: str) -> None:
    assert failure_lines(output) == [line]


def test_an_attempt_a_later_line_got_past_is_no_failure() -> None:
    assert failure_lines("attempt 1 of 3: connection refused\nattempt 2 of 3: connected") == []


@pytest.mark.parametrize(
    ("output", "still_failing"),
    [
        ("upload failed; retry succeeded", False),
        ("part 3: failed (timeout)\nretrying part 3... ok\n12 parts uploaded", False),
        ("push failed: 503 Service Unavailable", True),
        ("part 3: failed (timeout)\nretrying part 3... failed (timeout)", True),
    ],
)
def test_a_failure_a_retry_got_past_is_history_not_state(output: str, still_failing: bool) -> None:
    lines = failure_lines(output)
    assert lines
    assert any(not recovered(x, output) for x in lines) is still_failing


def test_the_recap_keeps_a_recovered_failure_and_says_the_run_passed() -> None:
    rec = [
        Message.user("Upload the build to the bucket."),
        Message("assistant", (ToolCall("c", "shell", json.dumps({"cmd": "./upload.sh"})),)),
        Message.tool("c", "upload failed; retry succeeded"),
    ]
    recap = render_digest(digest(rec), 2000)
    assert "`./upload.sh`: upload failed; retry succeeded" in recap
    assert f"`./upload.sh`: {PASSED_LATER}" in recap


@pytest.mark.parametrize(
    "output",
    [
        "requests=1200 errors=0 p99=120ms",
        "web01 : ok=5 changed=2 unreachable=0 failed=0 skipped=1",
        "3f2a9c1 fix: handle failed refunds\n9e8d7c6 Log ERROR level to stderr",
        "src/errors.py:12:class FailedPayment(Exception):",
        "lib/retry.rb:40:      rescue Timeout::Error => e  # connection refused",
        "● postgresql.service - PostgreSQL RDBMS\n     Active: active (exited)",
    ],
)
def test_counters_commits_grep_lines_and_bullets_are_no_failures(output: str) -> None:
    assert failure_lines(output) == []


@pytest.mark.parametrize(
    "output",
    [
        "main.c:12:5: error: implicit declaration of function 'foo'",
        "cart_test.go:14: got 99.99, want 107.99\n--- FAIL: TestTotal (0.00s)",
        "Interrupted: 2 errors during collection",
        "==99== ERROR SUMMARY: 1 errors from 1 contexts (suppressed: 0 from 0)",
        "Msg 547, Level 16, State 0, Line 3\nThe INSERT statement conflicted",
        'time=2026-12-01T10:00:01Z level=error msg="migration 42 aborted"',
        "PLS-00201: identifier 'TAX_RATE' must be declared",
        "app.services.billing.InvoiceLockedError: invoice 42 is locked",
        "2m  Warning  FailedMount  pod/api-0  MountVolume.SetUp failed",
        "[INFO] BUILD FAILURE",
        "Job 'deploy' exited with 3",
        "Oh no! 💥 💔 💥\n2 files would be reformatted.",
    ],
)
def test_general_failure_shapes_are_seen(output: str) -> None:
    assert failure_lines(output), output


@pytest.mark.parametrize(
    "output",
    [
        "ruff format --diff: 0 files would be reformatted, 42 files already formatted",
        "ERROR SUMMARY: 0 errors from 0 contexts (suppressed: 0 from 0)",
        "STATUS: deployed\nNOTES: 0 pods failed readiness in the last rollout",
        # a zero count in any language, either way round, after an item's id (redteam19
        # RT19-R1: "…: tất cả OK, 0 lỗi" was a failure: the id read as an error code)
        "KB-88: alles in Ordnung, 0 Fehler",
        "Fel: 0",
        "错误：0，警告：3",
        "검사 완료: 오류 0개",
        "Hatalar: 0, uyarılar: 4",
        "ΣΦΑΛΜΑΤΑ: 0",
        "hata: 0, uyarı: 0",
        "失败 0 个，通过 12 个",
    ],
)
def test_a_line_that_counts_no_failures_is_no_failure(output: str) -> None:
    """Found in review (review11 R1): a count of zero beside a failure word was a failure."""
    assert failure_lines(output) == []


@pytest.mark.parametrize(
    "output",
    [
        "==1234== ERROR SUMMARY: 3 errors from 3 contexts (suppressed: 0 from 0)",
        "2m  Warning  BackOff  pod/api-0  Back-off restarting failed container",
        "Would reformat: src/app.py\n2 files would be reformatted, 40 files already formatted",
        # a zero beside a failure said otherwise
        "0 passed, 3 failed",
        "0 failed, 2 errors",
        "BUILD FAILED, 0 warnings",
        "FAILED (errors=0, failures=1)",
        "1 lỗi, 0 cảnh báo, exit code 2",
        # a zero that counts what got done under an error, not the errors (review15 R15-RC2)
        "ERROR: 0 bytes written, disk full",
        "error: 0 of 12 migrations applied",
        "BŁĄD: 0 plików skopiowano (brak miejsca)",
    ],
)
def test_a_line_that_counts_some_failures_or_names_one_still_is(output: str) -> None:
    assert failure_lines(output)


def test_documented_exceptions_and_status_values_in_a_table_are_no_failures() -> None:
    # review11 R1: a docs page listing exceptions, a CSV with a FAILED column value
    quiet = [
        "# Exceptions\nTimeoutError: raised when the gateway takes over 30 s.\n"
        "PermissionError: is raised if the token lacks the refunds scope.",
        "order,state,total\n881,SHIPPED,12.00\n882,FAILED,4.10\n883,ERROR,9.99",
        "job\tresult\tseconds\nnightly\tfailed\t31\nhourly\tok\t2\nweekly\tok\t40",
    ]
    assert [q for q in quiet if failure_lines(q)] == []
    loud = [
        'Traceback (most recent call last):\n  File "a.py", line 3\n'
        "TimeoutError: gateway took 31 s",
        "order,state,total\n881,SHIPPED,12.00\nError: could not read row 3: unexpected EOF",
    ]
    assert [x for x in loud if not failure_lines(x)] == []


def test_a_bare_exit_status_keeps_the_line_that_says_what_failed() -> None:
    """redteam17 R1: a failure marked only by "exit status N" keeps the line above it
    that says what failed, in words no marker list knows (a count only the output holds
    with it)."""
    out = "chunk 00..63 compared\nCHECKSUM MISMATCH order_items: 3,118 rows differ\nexit status 3"
    assert failure_lines(out) == [
        "CHECKSUM MISMATCH order_items: 3,118 rows differ",
        "exit status 3",
    ]
    diff = "42c42\n<   price numeric(10,4)\n---\n>   price numeric(10,2)\nexit status 1"
    assert failure_lines(diff)[0] == "> price numeric(10,2)"
    assert failure_lines("Exit code: 2") == ["Exit code: 2"]  # nothing else to say
    # review13 RC2: the line that tells a problem, not the progress after it, and a bare
    # marker in other words
    tidy = "LEDGER: 17 entries missing\nremoving scratch files...\nfinished in 3.2s\nexit status 5"
    assert failure_lines(tidy)[0] == "LEDGER: 17 entries missing"
    said = "checking 12 hosts\nhost db-3: port 5432 refused\nJob failed with exit code 1."
    assert failure_lines(said) == ["host db-3: port 5432 refused", "Job failed with exit code 1."]
    probe = "GET /live -> 200\nGET /ready -> 503 (queue full)\nProcess finished with exit code 2"
    assert failure_lines(probe)[0] == "GET /ready -> 503 (queue full)"


def test_a_failing_test_in_a_json_report_is_a_failure_with_its_name() -> None:
    """redteam20 RT20-R1: pytest-json-report, go test -json and jest --json name a failing
    test in a field ("outcome": "failed", "Action": "fail"); a JSON-wrapped run's output
    ({"exit_code": 1, "stdout": …}) is read as the output it carries (retain8)."""
    pytest_report = json.dumps(
        {
            "summary": {"passed": 2, "failed": 1},
            "tests": [
                {"nodeid": "tests/test_cart.py::test_total", "outcome": "passed"},
                {"nodeid": "tests/test_cart.py::test_coupon_once", "outcome": "failed"},
            ],
        },
        indent=2,
    )
    go_json = "\n".join(
        json.dumps(x)
        for x in (
            {"Action": "run", "Package": "acme/lots", "Test": "TestQuota"},
            {"Action": "pass", "Package": "acme/lots", "Test": "TestQuota"},
            {"Action": "fail", "Package": "acme/lots", "Test": "TestExpiry", "Elapsed": 0.02},
        )
    )
    wrapped = json.dumps(
        {"exit_code": 1, "stdout": "..F\nFAILED tests/t.py::test_x - KeyError\n1 failed, 2 passed"}
    )
    assert failing_tests(pytest_report) == ["tests/test_cart.py::test_coupon_once"]
    assert failing_tests(go_json) == ["TestExpiry"]
    assert failing_tests(wrapped) == ["tests/t.py::test_x"]
    for report, name in ((pytest_report, "test_coupon_once"), (go_json, "TestExpiry")):
        assert any(name in line for line in failure_lines(report)), report
    passed = json.dumps(
        {"summary": {"failed": 0}, "tests": [{"nodeid": "t.py::a", "outcome": "passed"}]}
    )
    assert failure_lines(passed) == []


def test_a_mocha_failure_is_seen_with_the_failing_tests_name() -> None:
    """recap10: Mocha's "1 failing" and its numbered test were no failure at all."""
    out = (
        "\n  Auth service\n    ✓ issues a token\n    1) rejects an expired token\n\n\n"
        "  1 passing (48ms)\n  1 failing\n\n  1) Auth service\n       rejects an expired token:\n"
        "     AssertionError [ERR_ASSERTION]: Expected 401 but got 200\n"
        "      at Context.<anonymous> (test/auth.spec.js:41:14)\n"
    )
    assert failing_tests(out) == ["rejects an expired token"]
    lines = failure_lines(out)
    assert lines[0] == "1) rejects an expired token"
    assert "AssertionError [ERR_ASSERTION]: Expected 401 but got 200" in lines
    assert failure_lines("\n  Auth service\n    ✓ issues a token\n\n  1 passing (48ms)\n") == []
    numbered = "Steps:\n1) build the image\n2) push it\nDone, 0 failing checks."
    assert failing_tests(numbered) == [] and failure_lines(numbered) == []


def test_a_scalatest_failure_under_sbts_info_level_is_seen() -> None:
    """recap10: ScalaTest prints its failing test at sbt's [info] level; and why it failed
    there too (R29-m11: "did not equal" was dropped)."""
    out = (
        "[info] DiscountSpec:\n[info] - applies percentage discounts *** FAILED ***\n"
        "[info]   90.0 did not equal 81.0 (DiscountSpec.scala:27)\n[info] - applies fixed discounts\n"
    )
    assert failing_tests(out) == ["applies percentage discounts"]
    assert failure_lines(out) == [
        "[info] - applies percentage discounts *** FAILED ***",
        "[info] 90.0 did not equal 81.0 (DiscountSpec.scala:27)",
    ]
    assert (
        failure_lines("[info] - applies fixed discounts\n[info] Tests: succeeded 2, failed 0\n")
        == []
    )


def test_tests_said_fixed_are_no_failure() -> None:
    """review17 R17-R1: Mocha's count is a line of its own; "Fixed 3 previously failing
    tests" on a green run is no failure."""
    for out in (
        "Fixed 3 previously failing tests.\n48 passed in 2.1s",
        "Re-enabled 2 formerly failing specs; all green.",
        "Removed 4 flaky failing tests from the quarantine list.",
    ):
        assert failure_lines(out) == [], out


def test_a_unity_failure_under_ctest_names_its_test() -> None:
    """redteam22 RT22-2: the Unity line looked like a grep hit; only CTest's summary was kept."""
    out = (
        "test_ring.c:105:test_crc_wraparound:FAIL: Expected 512 Was 256\n\n"
        "-----------------------\n14 Tests 1 Failures 0 Ignored\nFAIL\n"
        "67% tests passed, 1 tests failed out of 3\nThe following tests FAILED:\n"
        "\t  2 - ring (Failed)\nErrors while running CTest"
    )
    assert failing_tests(out)[0] == "test_crc_wraparound"
    assert failure_lines(out)[0] == "test_ring.c:105:test_crc_wraparound:FAIL: Expected 512 Was 256"
    assert failure_lines("src/ring.c:105:static int wrap(int x) {") == []


def test_node_test_runner_failures_are_read_and_named() -> None:
    """review17 R17-M5: Node's built-in runner marks a failing test "✖ name (1.2ms)" and counts
    "ℹ fail 1"; ESLint's "✖ 3 problems" and the runner's "✖ failing tests:" heading name no test."""
    from contextledger.compaction.failures import failing_tests, failure_lines

    run = (
        "✔ adds (0.5ms)\n✖ subtracts (1.2ms)\n  AssertionError [ERR_ASSERTION]: 1 !== 2\n"
        "ℹ tests 2\nℹ pass 1\nℹ fail 1\n\n✖ failing tests:\n\n✖ subtracts (1.2ms)"
    )
    assert failing_tests(run) == ["subtracts"]
    assert "✖ subtracts (1.2ms)" in failure_lines(run)
    assert failing_tests("✖ 3 problems (3 errors, 0 warnings)") == []
    assert failure_lines("✔ adds (0.5ms)\nℹ tests 1\nℹ pass 1\nℹ fail 0") == []


@pytest.mark.parametrize(
    "output",
    [
        "PASS src/cart/cart.test.ts\n  ✓ adds items (3 ms)\n  ✕ skipped: legacy coupon (todo)\n\n"
        "Tests:       0 failed, 1 todo, 18 passed, 19 total",
        "tests/test_retry.py ✓✓✓ ×0 failures\n============ 14 passed in 1.1s ============",
        "lint ✓\ntypes ✓\nunit ✓ (✗ 0)\nall green",
    ],
)
def test_a_cross_inside_a_passing_run_is_no_failure_and_names_no_failing_test(output: str) -> None:
    """R18-R2: failures only from real markers; a run that says it passed and counts no
    failure has none, whatever crosses its lines carry."""
    assert failure_lines(output) == []
    assert failing_tests(output) == []
    msgs = [
        Message.user("Run the tests."),
        Message("assistant", (ToolCall("c1", "bash", json.dumps({"command": "npx jest"})),)),
        Message.tool("c1", output),
        Message.assistant("All passed."),
    ]
    recap = render_digest(digest(msgs), 2_000)
    assert "Failures:" not in recap and "- `npx jest`" in recap


@pytest.mark.parametrize(
    ("output", "failing"),
    [
        ("PASS src/a.test.ts\nFAIL src/b.test.ts\n  ✕ rejects expired token (4 ms)\n\n"
         "Tests:       1 failed, 18 passed, 19 total", "rejects expired token"),
        ("  ✓ adds items\n  ✕ removes items\n\n1 passing\n1 failing", "removes items"),
    ],
)  # fmt: skip
def test_a_cross_in_a_run_that_counts_a_failure_still_names_the_failing_test(
    output: str, failing: str
) -> None:
    assert failing in failing_tests(output)
    assert any(failing in line for line in failure_lines(output))


def test_a_passing_tests_title_is_no_failure_whatever_it_says() -> None:
    """RT24-2: "✓ maps ECONNRESET to a retryable error" names a test that passed."""
    out = (
        "PASS src/errors/errorMapping002.test.ts\n  ✓ maps ECONNRESET to a retryable error "
        "(4 ms)\n\nTests:       0 failed, 42 passed, 42 total"
    )
    assert failure_lines(out) == []


@pytest.mark.parametrize(
    ("output", "test"),
    [
        (  # Mocha's JSON reporter (RT24-2)
            '{"stats": {"suites": 3, "tests": 12, "passes": 11, "failures": 1}, "failures": '
            '[{"title": "drains_on_shutdown_002", "fullTitle": "queue drains_on_shutdown_002", '
            '"err": {"message": "expected true to equal false"}}]}',
            "drains_on_shutdown_002",
        ),
        (  # GUT (Godot) names the test on the line above its "[Failed]" (RT24-1)
            "res://tests/test_save.gd\n* test_roundtrip_inventory_10375\n    [Failed]:  "
            "[Dictionary] expected to equal [Dictionary]\n      at line 34\n\nTotals\n"
            "Tests:  18\nPassing:  17\nFailing:  1",
            "test_roundtrip_inventory_10375",
        ),
        (  # minitest (RT24-1)
            "Run options: --seed 4242\n\n  1) Failure:\nOrderTest#test_totals_line_items_2062 "
            "[test/models/order_test.rb:31]:\nExpected: 3\n  Actual: 2\n\n19 runs, 40 "
            "assertions, 1 failures, 0 errors, 0 skips",
            "OrderTest#test_totals_line_items_2062",
        ),
        (  # Robot Framework (RT24-1)
            "Checkout_Smoke_2071                                  | FAIL |\nExpected 'OK' but "
            "got 'TIMEOUT'\n------\nSmoke                              | FAIL |\n6 tests, 5 "
            "passed, 1 failed",
            "Checkout_Smoke_2071",
        ),
    ],
)
def test_the_failing_test_is_named_in_the_failure_lines(output: str, test: str) -> None:
    assert test in failing_tests(output)
    assert any(test in line for line in failure_lines(output))


def test_an_operation_outcome_with_an_error_issue_is_a_failure_saying_its_rule() -> None:
    """RT24-1: a FHIR $validate answer names the rule broken; the status line alone does not."""
    out = (
        '{"resourceType": "OperationOutcome", "issue": [{"severity": "error", "code": '
        '"invariant", "diagnostics": "Rule app-10167: end must be after start"}]}\n'
        "HTTP/1.1 422 Unprocessable Entity"
    )
    assert any("Rule app-10167: end must be after start" in x for x in failure_lines(out))
    assert error_answer_lines('{"issue": [{"severity": "information", "code": "ok"}]}') == []


def test_an_attempt_said_failed_that_a_later_attempt_got_past_is_no_failure() -> None:
    """RT24-6: "Attempt 1 failed: …" then "Attempt 2 succeeded" is a run that got through."""
    ok = "Attempt 1 failed: connection reset by peer\nAttempt 2 succeeded\nupload: OK\nall checks passed"
    assert failure_lines(ok) == []
    still = "Attempt 1 failed: connection reset by peer\nAttempt 2 failed: connection reset by peer"
    assert failure_lines(still) == ["Attempt 2 failed: connection reset by peer"]


@pytest.mark.parametrize(
    ("output", "test"),
    [
        ("  FAIL  Tests\\Feature\\BookingTest\n  ⨯ it_rejects_double_booking\n  ───\n  Failed "
         "asserting that false is true.\n\n  Tests:    1 failed, 31 passed (52 assertions)",
         "it_rejects_double_booking"),
        ("│  └─ CartTest ✔\n│     └─ totalsWithCoupon() ✘ expected: <3> but was: <2>\n"
         "[        11 tests successful      ]\n[         1 tests failed          ]",
         "totalsWithCoupon()"),
    ],
)  # fmt: skip
def test_the_heavy_crosses_mark_a_failing_test_too(output: str, test: str) -> None:
    """RT24-9: '⨯' and '✘' are crosses as '✕' and '✗' are; the failure line names the test."""
    assert any(test in line for line in failure_lines(output))


@pytest.mark.parametrize(
    "output",
    [
        # rspec's documentation format lists a passing test by its title, with no mark
        "\nPaymentRetry\n  retries a failed charge\n  gives up after 3 failures\n\n"
        "Finished in 0.21 seconds (files took 0.88 seconds to load)\n12 examples, 0 failures\n",
        "=== RUN   TestBreakerTripsOnFault\n--- PASS: TestBreakerTripsOnFault (0.00s)\nPASS\n"
        "ok  \tgrid/breaker\t0.118s",
        "\n  RetryPolicy\n    requeues failed jobs\n    drops jobs after 3 failures\n\n  12 passing (48ms)\n",
        "  Passed Search.Tests.FailedQueryReturnsEmpty [3 ms]\n\nPassed!  - Failed:     0, Passed:    42, "
        "Skipped:     0, Total:    42",
        "test geom::tests::rejects_failed_geometry ... ok\n\ntest result: ok. 9 passed; 0 failed; 0 ignored",
    ],
)
def test_a_passing_runs_summary_makes_its_test_titles_no_failures(output: str) -> None:
    """recap15: rspec's "12 examples, 0 failures" (and go's "ok", mocha's "12 passing",
    dotnet's "Passed!") is a run that passed: "retries a failed charge" is a test's title,
    "after 3 failures" no tally of the run."""
    assert failure_lines(output) == []
    assert failing_tests(output) == []


def test_a_run_that_counts_a_failure_keeps_its_failure_lines_beside_passing_titles() -> None:
    """A tally after a separator still counts: "6 examples, 1 failure" is a failing run."""
    out = (
        "  retries a failed charge\n  1) CrewRoster rejects overlapping duty\n"
        "     Failure/Error: expect(x).to be_falsey\n\n6 examples, 1 failure\n\n"
        "rspec ./spec/crew_roster_spec.rb:39 # CrewRoster rejects overlapping duty"
    )
    assert any("CrewRoster rejects overlapping duty" in line for line in failure_lines(out))


@pytest.mark.parametrize(
    ("output", "test"),
    [
        (
            "  ✓ parses header\n  × refunds failed payments twice\n\n Test Files  1 failed | 3 passed (4)\n"
            "      Tests  1 failed | 40 passed (41)",
            "refunds failed payments twice",
        ),
        (
            "  retries a failed charge\n  gives up after 3 failures (FAILED - 1)\n\nFailures:\n\n"
            "  1) PaymentRetry gives up after 3 failures\n     Failure/Error: expect(x).to eq(3)\n\n"
            "12 examples, 1 failure",
            "gives up after 3 failures",
        ),
    ],
)
def test_a_run_whose_summary_counts_a_failure_keeps_it_whatever_its_titles_say(
    output: str, test: str
) -> None:
    """R22-R4: vitest's "Tests  1 failed | 40 passed" counts a failure after a word: the
    run failed, and its crossed test is a failure line."""
    assert any(test in line for line in failure_lines(output))


def test_a_tap_or_bats_passing_line_is_no_failure_whatever_its_title() -> None:
    """recap16 held-out: bats's "ok 1 failed deploy exits non-zero" passed; "not ok" failed."""
    passed = "1..2\nok 1 failed deploy exits non-zero\nok 2 prints an error on a bad flag\n\n2 tests, 0 failures"
    assert failure_lines(passed) == []
    failed = (
        "1..2\nok 1 install works\nnot ok 2 rollback restores the release\n\n2 tests, 1 failure"
    )
    assert failure_lines(failed)[0] == "not ok 2 rollback restores the release"
    assert (
        failure_lines("failed fetch is retried ... ok (1ms)\n\nok | 1 passed | 0 failed (5ms)")
        == []
    )


def test_a_twister_failure_in_an_info_line_is_a_failure_naming_its_test() -> None:
    """review23 R23-R2: Zephyr's twister logs a test's FAILED status at INFO level."""
    out = (
        "INFO    - 1/12 native_sim  tests/lora/lora.uplink.duty_cycle  FAILED Failed (native 0.4s)\n"
        "INFO    - 11 of 12 executed test configurations passed (91.67%), 1 failed"
    )
    assert failing_tests(out) == ["tests/lora/lora.uplink.duty_cycle"]
    assert failure_lines(out)
    assert failure_lines("INFO    - 1/1 native_sim  tests/lora/x  PASSED (native 0.4s)") == []


def test_a_go_json_failure_is_listed_as_the_runner_printed_it() -> None:
    """recap16's open note: a `go test -json` failure was listed as the raw JSON event
    line; the line the runner printed names it, with why, and a parent failing only for
    its subtest is not listed beside it."""
    pkg, sub = "acme/quota", "TestLimit/refund_restores"
    events = [
        {"Action": "run", "Package": pkg, "Test": "TestLimit"},
        {"Action": "run", "Package": pkg, "Test": sub},
        {"Action": "output", "Package": pkg, "Test": sub, "Output": f"=== RUN   {sub}\n"},
        {
            "Action": "output",
            "Package": pkg,
            "Test": sub,
            "Output": "    q_test.go:9: got 4, want 5\n",
        },
        {
            "Action": "output",
            "Package": pkg,
            "Test": sub,
            "Output": f"    --- FAIL: {sub} (0.00s)\n",
        },
        {"Action": "fail", "Package": pkg, "Test": sub, "Elapsed": 0},
        {
            "Action": "output",
            "Package": pkg,
            "Test": "TestLimit",
            "Output": "--- FAIL: TestLimit (0.00s)\n",
        },
        {"Action": "fail", "Package": pkg, "Test": "TestLimit", "Elapsed": 0},
        {"Action": "fail", "Package": pkg, "Elapsed": 0.01},
    ]
    lines = failure_lines("\n".join(json.dumps(e) for e in events))
    assert lines == [f"--- FAIL: {sub} (0.00s)", "q_test.go:9: got 4, want 5"]


def test_a_robot_suites_status_line_is_not_a_failing_test() -> None:
    """review23 R23-R2 (rest): Robot Framework's suite line "Paging | FAIL |" was listed
    beside the failing test; alone (a suite setup failed) it is still the failure."""
    rule = "=" * 78
    out = (
        f"{rule}\nPaging\n{rule}\nRoster Push Gets ACK                          | FAIL |\n"
        f"Expected ACK AA but got AE\n{'-' * 78}\nPaging                                | FAIL |\n"
        f"6 tests, 5 passed, 1 failed\n{rule}"
    )
    assert failing_tests(out) == ["Roster Push Gets ACK"]
    assert failure_lines(out) == ["Roster Push Gets ACK | FAIL |"]
    alone = f"{rule}\nPaging\n{rule}\nPaging                                | FAIL |\nSuite setup failed:\n0 tests, 0 passed, 0 failed"
    assert failure_lines(alone)
