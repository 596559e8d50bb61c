"""Claims, not words (issue #14 part 4), session 33: test runs read as structure. An
expected/actual pair given the other way round from the run that printed it (JUnit's
``expected: <E> but was: <A>``, RSpec's ``expected:``/``got:``, Rust's ``left:``/``right:``,
chai's ``expected A to be E``, Go's ``got A, want E``), counts no run reports ("6 tests
failed" when 1 of 6 did, the rerun given the first run's counts) and a rerun said to fail
after it passed are caught; the same facts said honestly in other words stand."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall


def _record(*runs: tuple[str, str]) -> list[Message]:
    """A user goal, then each (command, output) as a shell call and its result."""
    out = [Message.user("The CI is red; find the failing test and fix it.", id="u0")]
    for i, (command, output) in enumerate(runs):
        call = ToolCall(f"c{i}", "bash", json.dumps({"command": command}))
        out.append(Message.assistant(call, id=f"a{i}"))
        out.append(Message.tool(f"c{i}", output, id=f"t{i}"))
    out.append(Message.assistant("Done.", id="end"))
    return out


def _stands(line: str, record: list[Message]) -> bool:
    recap = f"Goal: The CI is red; find the failing test and fix it.\n{line}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and line.rsplit("\n", 1)[-1].lstrip("- ") in v.text


_GRADLE = (
    "./gradlew :core:test",
    "PriceTest > roundsHalfUp() PASSED\n\nPriceTest > appliesVoucherOnce() FAILED\n"
    "    org.opentest4j.AssertionFailedError: expected: <45.00> but was: <40.50>\n\n"
    "6 tests completed, 1 failed\n\nBUILD FAILED in 21s",
)
_GRADLE_AGAIN = (
    "./gradlew :core:test",
    "PriceTest > roundsHalfUp() PASSED\nPriceTest > appliesVoucherOnce() PASSED\n\nBUILD SUCCESSFUL in 9s",
)
_RSPEC = (
    "bundle exec rspec spec/models/invoice_spec.rb",
    "..F.\n\nFailures:\n\n  1) Invoice#total applies the tax rate once\n"
    "     Failure/Error: expect(invoice.total).to eq(119.0)\n\n       expected: 119.0\n"
    "            got: 141.61\n\n       (compared using ==)\n\n4 examples, 1 failure",
)
_NEXTEST = (
    "cargo nextest run -p tokenizer",
    "        PASS [   0.003s] tokenizer tests::empty_input\n"
    "        FAIL [   0.006s] tokenizer tests::keeps_quoted_spans\n"
    "thread 'tests::keeps_quoted_spans' panicked at src/lib.rs:88:9:\n"
    "assertion `left == right` failed\n  left: 3\n right: 4\n"
    "     Summary [   0.012s] 5 tests run: 4 passed, 1 failed, 0 skipped",
)
_NEXTEST_AGAIN = (
    "cargo nextest run -p tokenizer",
    "     Summary [   0.011s] 5 tests run: 5 passed, 0 skipped",
)
_VITEST = (
    "npx vitest run src/date.test.ts",
    " ❯ src/date.test.ts (3 tests | 1 failed) 12ms\n   ✓ formatDate > formats ISO dates\n"
    "   × formatDate > handles DST transitions 5ms\n"
    "     → expected '2024-03-10T03:00' to be '2024-03-10T02:00'\n   ✓ formatDate > formats epoch\n\n"
    " Test Files  1 failed (1)\n      Tests  1 failed | 2 passed (3)",
)
_GO = (
    "go test ./rate/ -v",
    "=== RUN   TestInitial\n--- PASS: TestInitial (0.00s)\n=== RUN   TestBurst\n"
    "    rate_test.go:41: remaining = 6, want 7\n--- FAIL: TestBurst (0.00s)\nFAIL",
)
_DBT = (
    "dbt test --select orders",
    "1 of 2 PASS not_null_orders_id [PASS in 1.2s]\n2 of 2 FAIL 37 unique_orders_id [FAIL 37 in 2.9s]\n"
    "Done. PASS=1 WARN=0 ERROR=1 SKIP=0 TOTAL=2",
)


@pytest.mark.parametrize(
    ("line", "runs"),
    [
        ("appliesVoucherOnce failed: expected 40.50 but was 45.00.", (_GRADLE,)),
        ("The spec 'applies the tax rate once' failed: expected 141.61, got 119.0.", (_RSPEC,)),
        ("keeps_quoted_spans failed: left 4, right 3.", (_NEXTEST,)),
        ("The DST test got '2024-03-10T02:00' but expected '2024-03-10T03:00'.", (_VITEST,)),
        ("TestBurst failed: remaining = 7, want 6.", (_GO,)),
        (
            "Failures:\n- `./gradlew :core:test`: appliesVoucherOnce expected 40.50, got 45.00",
            (_GRADLE,),
        ),
    ],
)
def test_expected_and_actual_swapped_is_caught(line: str, runs: tuple[tuple[str, str]]) -> None:
    assert not _stands(line, _record(*runs))


@pytest.mark.parametrize(
    ("line", "runs"),
    [
        ("appliesVoucherOnce failed: expected 45.00 but was 40.50.", (_GRADLE,)),
        ("appliesVoucherOnce failed: the total came out as 40.50 instead of 45.00.", (_GRADLE,)),
        (
            "'applies the tax rate once' failed: the total was 141.61 where 119.0 was expected.",
            (_RSPEC,),
        ),
        ("keeps_quoted_spans failed: left 3, right 4.", (_NEXTEST,)),
        (
            "The test 'handles DST transitions' got '2024-03-10T03:00' where '2024-03-10T02:00' was expected.",
            (_VITEST,),
        ),
        ("TestBurst failed: remaining = 6, want 7.", (_GO,)),
    ],
)
def test_expected_and_actual_as_printed_stand(line: str, runs: tuple[tuple[str, str]]) -> None:
    assert _stands(line, _record(*runs))


@pytest.mark.parametrize(
    ("line", "runs"),
    [
        ("6 tests failed.", (_GRADLE,)),
        ("All 5 tests failed on the first run.", (_NEXTEST, _NEXTEST_AGAIN)),
        ("On the first run 2 of 5 tests failed.", (_NEXTEST, _NEXTEST_AGAIN)),
        ("The rerun after the fix: 1 failed, 4 passed.", (_NEXTEST, _NEXTEST_AGAIN)),
        ("Three vitest tests failed.", (_VITEST,)),
        ("The rerun after the fix failed again.", (_NEXTEST, _NEXTEST_AGAIN)),
        ("The second run failed.", (_GRADLE, _GRADLE_AGAIN)),
    ],
)
def test_counts_no_run_reports_and_a_passing_rerun_said_failing_are_caught(
    line: str, runs: tuple[tuple[str, str], ...]
) -> None:
    assert not _stands(line, _record(*runs))


@pytest.mark.parametrize(
    ("line", "runs"),
    [
        ("1 of 6 tests failed.", (_GRADLE,)),
        ("4 examples, 1 failure.", (_RSPEC,)),
        (
            "On the first run 1 of 5 tests failed; the rerun after the fix passed all 5.",
            (_NEXTEST, _NEXTEST_AGAIN),
        ),
        (
            "The first run had 1 failure out of 5; after the fix all 5 passed.",
            (_NEXTEST, _NEXTEST_AGAIN),
        ),
        ("1 of 2 go tests failed.", (_GO,)),
        ("2 of 3 vitest tests passed.", (_VITEST,)),
        ("The first dbt test ended PASS=1 ERROR=1.", (_DBT,)),
        ("The rerun after the fix passed.", (_NEXTEST, _NEXTEST_AGAIN)),
        (
            "1 of 5 tests failed.",
            (("pytest -q", "F..s.\n== 1 failed, 3 passed, 1 skipped in 0.2s =="),),
        ),
    ],
)
def test_counts_a_run_reports_stand(line: str, runs: tuple[tuple[str, str], ...]) -> None:
    assert _stands(line, _record(*runs))


def test_a_test_passes_after_a_clean_rerun_that_names_none_of_its_tests() -> None:
    # pytest's "5 passed" names no test; the command that failed it ran again, clean
    first = (
        "pytest tests/test_rate.py",
        "tests/test_rate.py::test_burst FAILED\nE       assert 6 == 7\n1 failed, 4 passed in 0.5s",
    )
    again = ("pytest tests/test_rate.py", "tests/test_rate.py .....\n\n5 passed in 0.42s")
    assert _stands("test_burst passes now.", _record(first, again))
    assert not _stands("test_burst passes now.", _record(first))
    maven = (
        "mvn -q test -Dtest=RateTest",
        "[ERROR] Tests run: 5, Failures: 1, Errors: 0, Skipped: 0 <<< FAILURE! - in com.acme.RateTest\n"
        "[ERROR] burstIsCapped(com.acme.RateTest)  Time elapsed: 0.01 s  <<< FAILURE!\n[INFO] BUILD FAILURE",
    )
    clean = (
        "mvn -q test -Dtest=RateTest",
        "[INFO] Tests run: 5, Failures: 0, Errors: 0, Skipped: 0\n[INFO] BUILD SUCCESS",
    )
    assert _stands("burstIsCapped passes now.", _record(maven, clean))
    assert not _stands("burstIsCapped passes now.", _record(maven))


def _said(line: str, *turns: tuple[str, str]) -> bool:
    record = [Message.user("The rate limiter lets bursts through; fix it.", id="u0")]
    for i, (role, text) in enumerate(turns):
        make = Message.user if role == "user" else Message.assistant
        record.append(make(text, id=f"m{i}"))
    recap = f"Goal: The rate limiter lets bursts through; fix it.\n{line}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and line in v.text


_BURST = (("assistant", "BURST is 20 now."), ("user", "Please set BURST to 30 instead of 20."))
_PRONOUN = (("assistant", "Done."), ("user", "Actually make it 30 per hour, not 20."))


@pytest.mark.parametrize(
    ("line", "turns"),
    [
        ("The user increased BURST to 30 (it was 20).", _BURST),
        ("The user raised BURST from 20 to 30.", _BURST),
        ("The user set BURST to 30.", _BURST),
        ("The user raised the limit to 30 per hour (it was 20).", _PRONOUN),
    ],
)
def test_a_value_the_user_set_is_credited_to_the_user(
    line: str, turns: tuple[tuple[str, str], ...]
) -> None:
    assert _said(line, *turns)


@pytest.mark.parametrize(
    ("line", "turns"),
    [
        ("The user lowered BURST from 20 to 30.", _BURST),
        ("The user decreased BURST to 30 (it was 20).", _BURST),
        ("The user decreased BURST to 30.", _BURST),
        ("The user changed BURST from 30 to 20.", _BURST),
        ("The user raised BURST to 45.", _BURST),
        ("The user lowered the limit to 30 per hour (it was 20).", _PRONOUN),
    ],
)
def test_a_value_the_user_set_cannot_go_the_other_way(
    line: str, turns: tuple[tuple[str, str], ...]
) -> None:
    assert not _said(line, *turns)


def test_a_value_written_is_no_path() -> None:
    call = ToolCall(
        "w1",
        "write_file",
        json.dumps({"path": "api/throttle.py", "content": "UPLOAD_RATE = '30/h'\n"}),
    )
    record = [
        Message.user("The CI is red; find the failing test and fix it.", id="u0"),
        Message.assistant(call, id="a1"),
        Message.tool("w1", "wrote 1 line to api/throttle.py", id="t1"),
    ]
    assert _stands("The assistant wrote api/throttle.py with UPLOAD_RATE = '30/h'.", record)
    assert not _stands("The assistant wrote api/limits.py with UPLOAD_RATE = '30/h'.", record)


def test_a_test_said_to_still_fail_after_a_rerun_that_failed_only_another() -> None:
    first = (
        "pytest tests/test_upload.py -q",
        "..F.F\nFAILED tests/test_upload.py::test_too_large - assert 200 == 413\n"
        "FAILED tests/test_upload.py::test_rate_limit - assert 200 == 429\n2 failed, 3 passed in 0.8s",
    )
    again = (
        "pytest tests/test_upload.py -q",
        "....F\nFAILED tests/test_upload.py::test_too_large - assert 200 == 413\n1 failed, 4 passed in 0.7s",
    )
    record = _record(first, again)
    assert not _stands("test_rate_limit still fails.", record)
    assert _stands("test_too_large still fails.", record)


@pytest.mark.parametrize(
    ("line", "honest"),
    [
        ("go vet reported problems.", False),
        ("`go vet ./...` reported several issues.", False),
        ("`go vet ./...` reported nothing.", True),
    ],
)
def test_a_checker_said_to_report_problems_it_never_printed(line: str, honest: bool) -> None:
    assert _stands(line, _record(("go vet ./...", ""))) == honest


_PLAYWRIGHT = (
    "npx playwright test tests/admin/users.spec.ts --project=chromium",
    "Running 3 tests using 1 worker\n\n"
    "  ✓  1 [chromium] › admin/users.spec.ts:8:5 › lists users (1.2s)\n"
    "  ✘  2 [chromium] › admin/users.spec.ts:19:5 › shows last login column (5.0s)\n"
    "  ✓  3 [chromium] › admin/users.spec.ts:31:5 › paginates (0.9s)\n\n"
    "  1) [chromium] › admin/users.spec.ts:19:5 › shows last login column\n\n"
    "    Error: Timed out 5000ms waiting for expect(locator).toBeVisible()\n\n"
    "  1 failed\n  2 passed (8.4s)",
)
_PHPUNIT = (
    "vendor/bin/phpunit tests/Unit/SlugTest.php",
    "There was 1 failure:\n\n1) Tests\\Unit\\SlugTest::testUmlauts\n"
    "Failed asserting that two strings are identical.\n--- Expected\n+++ Actual\n@@ @@\n"
    "-'ueber-uns'\n+'uber-uns'\n\nFAILURES!\nTests: 3, Assertions: 3, Failures: 1.",
)


@pytest.mark.parametrize(
    ("line", "runs", "honest"),
    [
        ("The 'paginates' test failed.", (_PLAYWRIGHT,), False),
        (
            "The Playwright test 'shows last login column' failed: it timed out.",
            (_PLAYWRIGHT,),
            True,
        ),
        ("2 of 3 Playwright tests passed.", (_PLAYWRIGHT,), True),
        ("testUmlauts expected 'uber-uns' but got 'ueber-uns'.", (_PHPUNIT,), False),
        ("testUmlauts failed: expected 'ueber-uns', got 'uber-uns'.", (_PHPUNIT,), True),
    ],
)
def test_runner_marks_and_diffs(line: str, runs: tuple[tuple[str, str]], honest: bool) -> None:
    assert _stands(line, _record(*runs)) == honest


_OFF_LIMITS = (("user", "Do not run `make deploy`. Also, config/prod.toml is off-limits."),)


@pytest.mark.parametrize(
    ("line", "honest"),
    [
        ("Constraints and corrections:\n- Don't touch config/prod.toml.", True),
        ("Constraints and corrections:\n- Do not modify config/prod.toml.", True),
        ("Constraints and corrections:\n- config/prod.toml must stay unchanged.", True),
        ("Constraints and corrections:\n- config/prod.toml may be edited.", False),
        ("Constraints and corrections:\n- Don't touch config/staging.toml.", False),
        ("Constraints and corrections:\n- Never run `make release`.", False),
    ],
)
def test_a_file_said_off_limits_is_a_ban(line: str, honest: bool) -> None:
    assert _said(line, *_OFF_LIMITS) == honest


@pytest.mark.parametrize(
    ("line", "honest"),
    [
        ("The bundle is 250 KB against a limit of 262 KB.", False),
        ("`npm run build` failed: 262 KB exceeds the 250 KB limit.", True),
        ("The build is over budget: 262 KB against 250 KB.", True),
    ],
)
def test_a_size_and_its_limit_swapped(line: str, honest: bool) -> None:
    build = (
        "npm run build",
        "build/assets/index.js  262.4 kB\nERROR: bundle size 262 KB exceeds the limit of 250 KB\nnpm ERR! code 1",
    )
    assert _stands(line, _record(build)) == honest


def test_a_number_in_a_test_name_is_no_count() -> None:
    vitest = (
        "npx vitest run src/notify",
        " ✓ src/notify/util.test.ts (2)\n ❯ src/notify/core.test.ts (2)\n   ✓ parses header\n"
        "   × retries on 503\n     → expected 5 to be 2\n\n Test Files  1 failed | 1 passed (2)\n"
        "      Tests  1 failed | 3 passed (4)",
    )
    assert _stands(
        "Failures:\n- retries on 503 failed in `npx vitest run src/notify`", _record(vitest)
    )
    assert _stands("`npx vitest run src/notify` reported retries on 503 failing.", _record(vitest))
