"""What the offline recap reads out of a record it had missed: failing tests of PHPUnit,
RSpec, Go and Terraform, writes by any tool whose arguments carry a path and content,
commands kept as typed (argv lists quoted, multi-line scripts not glued into one line),
and decisions phrased as a plan ("We'll …", "Let's …", "I'll go with …")."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction import Conversation, OfflineSummarizer
from contextledger.compaction.digest import (
    BACKFILL_HEADER,
    call_commands,
    digest,
    failing_tests,
    failure_lines,
    is_write_call,
    render_digest,
)
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall

PHPUNIT = """PHPUnit 10.5.0 by Sebastian Bergmann and contributors.

..F.                                                                4 / 4 (100%)

There was 1 failure:

1) Tests\\Unit\\OrderTest::testRefund
Failed asserting that 2 matches expected 3.

/app/tests/Unit/OrderTest.php:42

FAILURES!
Tests: 4, Assertions: 6, Failures: 1."""

RSPEC = """..F

Failures:

  1) Order refunds twice
     Failure/Error: expect(order.refunds.count).to eq(1)

       expected: 1
            got: 2

Finished in 0.02 seconds (files took 0.3 seconds to load)
3 examples, 1 failure

Failed examples:

rspec ./spec/models/order_spec.rb:42 # Order refunds twice"""

GO_TEST = """=== RUN   TestRefund
    order_test.go:42: expected 3, got 2
--- FAIL: TestRefund (0.01s)
=== RUN   TestTotal
--- PASS: TestTotal (0.00s)
FAIL
FAIL\texample.com/shop/order\t0.012s"""

GO_PASS = """=== RUN   TestTotal
    order_test.go:12: seeding 3 orders
--- PASS: TestTotal (0.00s)
ok  \texample.com/shop/order\t0.010s"""

TERRAFORM_PLAN = """Terraform will perform the following actions:

  # aws_instance.web will be created
  + resource "aws_instance" "web" {

Plan: 2 to add, 0 to change, 1 to destroy."""

TERRAFORM_ERROR = """╷
│ Error: Invalid reference
│
│   on main.tf line 12, in resource "aws_instance" "web":
│   12:   ami = var.ami_id
│
│ A reference to a resource type must be followed by at least one attribute access.
╵"""


def _ran(i: int, name: str, args: object, output: str) -> list[Message]:
    return [
        Message("assistant", (ToolCall(f"c{i}", name, json.dumps(args)),), id=f"a{i}"),
        Message.tool(f"c{i}", output, id=f"t{i}"),
    ]


def _recap(record: list[Message]) -> str:
    """The offline recap of ``record`` after verification (with a few turns after it)."""
    tail = [m for i in range(6) for m in (Message.user(f"note {i}"), Message.assistant("ok"))]
    conv = Conversation.from_messages([*record, *tail])
    out = conv.compact(OfflineSummarizer(), force=True)
    assert out.event is not None
    assert not [line for line in out.report if "removed" in line]  # nothing it said was false
    return out.event.recap_text


GOAL = Message.user("Fix the refund bug in the order module.", id="u")


def test_phpunit_failure_and_its_assertion() -> None:
    assert failing_tests(PHPUNIT) == ["Tests\\Unit\\OrderTest::testRefund"]
    assert "Failed asserting that 2 matches expected 3." in failure_lines(PHPUNIT)
    recap = _recap([GOAL, *_ran(1, "bash", {"command": "vendor/bin/phpunit"}, PHPUNIT)])
    assert "1) Tests\\Unit\\OrderTest::testRefund" in recap
    assert "Failed asserting that 2 matches expected 3." in recap


def test_phpunit_summary_alone_is_a_failure() -> None:
    assert failure_lines("FAILURES!\nTests: 4, Assertions: 6, Failures: 1.")


def test_rspec_failed_example_keeps_its_description() -> None:
    assert failing_tests(RSPEC) == ["./spec/models/order_spec.rb:42"]
    recap = _recap([GOAL, *_ran(1, "bash", {"command": "bundle exec rspec"}, RSPEC)])
    assert "rspec ./spec/models/order_spec.rb:42 # Order refunds twice" in recap


def test_go_test_failure_keeps_its_message_line() -> None:
    assert failing_tests(GO_TEST) == ["TestRefund"]
    lines = failure_lines(GO_TEST)
    assert "--- FAIL: TestRefund (0.01s)" in lines
    assert "order_test.go:42: expected 3, got 2" in lines
    recap = _recap([GOAL, *_ran(1, "run", {"argv": ["go", "test", "./..."]}, GO_TEST)])
    assert "`go test ./...`: order_test.go:42: expected 3, got 2" in recap


def test_a_passing_go_run_with_log_lines_is_no_failure() -> None:
    assert failure_lines(GO_PASS) == []


def test_terraform_plan_counts_are_numbers_that_matter() -> None:
    record = [GOAL, *_ran(1, "terminal", {"command": "terraform plan"}, TERRAFORM_PLAN)]
    assert "Plan: 2 to add, 0 to change, 1 to destroy." in _recap(record)


def test_terraform_error_block_is_a_failure() -> None:
    assert failure_lines(TERRAFORM_ERROR)[0] == "Error: Invalid reference"
    record = [GOAL, *_ran(1, "terminal", {"command": "terraform validate"}, TERRAFORM_ERROR)]
    assert "`terraform validate`: Error: Invalid reference" in _recap(record)


WRITES = [
    ("write_to_file", {"path": "src/a.py", "content": "x = 1"}),
    ("apply_diff", {"path": "src/a.py", "diff": "<<<<<<< SEARCH"}),
    ("edit_file", {"target_file": "src/a.py", "code_edit": "x = 1"}),
    ("create_file", {"file_path": "src/a.py", "content": "x = 1"}),
    ("str_replace_editor", {"command": "create", "path": "src/a.py", "file_text": "x"}),
    ("str_replace_editor", {"command": "str_replace", "path": "src/a.py", "old_str": "a",
                            "new_str": "b"}),
    ("fs", {"filename": "src/a.py", "contents": "x = 1"}),
    ("files", {"file_path": "src/a.py", "new_string": "b", "old_string": "a"}),
    ("upload", {"path": "src/a.py", "content": "x = 1"}),
]  # fmt: skip


@pytest.mark.parametrize(("name", "args"), WRITES)
def test_writes_by_name_or_by_argument_shape(name: str, args: dict[str, str]) -> None:
    assert is_write_call(ToolCall("c", name, json.dumps(args)))
    recap = _recap([GOAL, *_ran(1, name, args, "ok")])
    assert "Files written: src/a.py" in recap


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("read_file", {"path": "src/a.py"}),
        ("readFile", {"path": "src/a.py", "content": "x"}),  # a reader echoing content
        ("grep_search", {"path": "src", "diff": "x"}),
        ("fs", {"filename": "src/a.py"}),
        ("str_replace_editor", {"command": "view", "path": "src/a.py"}),
    ],
)
def test_reads_are_not_writes(name: str, args: dict[str, str]) -> None:
    assert not is_write_call(ToolCall("c", name, json.dumps(args)))


def test_argv_lists_are_quoted_as_typed() -> None:
    """An argv is the command as a user types it: ``shlex.join`` of the words, or the script
    a shell runs after ``-c`` as written (R30-M2: the recap re-quoted both)."""
    commit = ToolCall("c", "exec", json.dumps({"argv": ["git", "commit", "-m", "fix refunds"]}))
    assert call_commands(commit) == ["git commit -m 'fix refunds'"]
    wrapped = ToolCall("c", "run", json.dumps({"cmd": ["bash", "-lc", "pytest -k 'a or b'"]}))
    assert call_commands(wrapped) == ["pytest -k 'a or b'"]
    record = [GOAL, *_ran(1, "exec", {"argv": ["git", "commit", "-m", "fix refunds"]}, "ok")]
    assert "`git commit -m 'fix refunds'`" in _recap(record)


@pytest.mark.parametrize(
    ("argv", "typed"),
    [
        (["zsh", "-lc", "pytest -k 'a or b'"], "pytest -k 'a or b'"),
        (
            ["/bin/bash", "--noprofile", "-euc", 'echo "a  b" && make check'],
            'echo "a  b" && make check',
        ),
        (["sh", "-c", "grep -rn 'TODO' src | wc -l"], "grep -rn 'TODO' src | wc -l"),
        (["git", "commit", "-m", "fix: x"], "git commit -m 'fix: x'"),
        (
            ["python", "-m", "pytest", "-k", "not slow and db"],
            "python -m pytest -k 'not slow and db'",
        ),
        (["python", "-c", 'print("a  b")'], "python -c 'print(\"a  b\")'"),
    ],
)
@pytest.mark.parametrize("key", ["argv", "cmd", "command"])
def test_an_argv_is_in_the_recap_exactly_as_typed(argv: list[str], typed: str, key: str) -> None:
    record = [GOAL, *_ran(1, "shell", {key: argv}, "ok")]
    recap = _recap(record)
    assert f"`{typed}`" in recap


def test_a_multi_line_script_is_not_glued_into_one_command() -> None:
    heredoc = "python - <<'EOF'\nimport sys\nprint(sys.argv)\nEOF"
    assert call_commands(ToolCall("c", "bash", json.dumps({"command": heredoc}))) == [
        "python - <<'EOF' …"
    ]
    steps = "cd api\npytest -q tests/"
    assert call_commands(ToolCall("c", "bash", json.dumps({"command": steps}))) == [
        "cd api",
        "pytest -q tests/",
    ]
    loop = "for f in *.py; do\n  ruff check $f\ndone"
    assert call_commands(ToolCall("c", "bash", json.dumps({"command": loop}))) == [
        "for f in *.py; do …"
    ]
    record = [GOAL, *_ran(1, "bash", {"command": heredoc}, "[]"), *_ran(2, "bash",
              {"command": steps}, "3 passed")]  # fmt: skip
    recap = _recap(record)
    assert "`python - <<'EOF' …`" in recap and "`pytest -q tests/`" in recap
    assert "import sys print" not in recap


DECISIONS = [
    "We'll ship the migration behind a feature flag.",
    "I'll go with the token bucket limiter for the upload endpoint.",
    "Agreed, use the existing Redis cluster for the locks.",
    "We'll do the rollout in two stages.",
    "OK, let's split the parser into its own module.",
    "Going forward we store timestamps in UTC.",
]


@pytest.mark.parametrize("role", ["user", "assistant"])
def test_decisions_phrased_as_a_plan_are_kept(role: str) -> None:
    record = [GOAL]
    for i, text in enumerate(DECISIONS):
        said = Message.user(text) if role == "user" else Message.assistant(text)
        reply = Message.assistant("ok") if role == "user" else Message.user("ok")
        record += [said, reply] if i % 2 == 0 else [said]
    recap = render_digest(digest(record), 4_800)
    for text in DECISIONS:
        assert text in recap, text


def test_looking_around_is_no_decision() -> None:
    record = [GOAL, Message.assistant("Let's check the logs first. We'll see what the rerun says.")]
    assert not digest(record).items("Decisions")


def test_a_rule_with_fails_in_it_is_no_failure_claim() -> None:
    """A stated bound ("then the order fails") states a bound the assistant agreed to, not a failed run; a
    run claimed failed that passed is still caught."""
    record = [
        Message.user("Make order submission retry on 503s, at most 2 retries.", id="u"),
        Message.assistant("Understood: at most 2 retries, then the order fails.", id="a"),
        *_ran(1, "bash", {"command": "pytest -q tests/test_order.py"}, "5 passed in 0.2s"),
    ]
    for recap in (
        "Assistant: Understood: at most 2 retries, then the order fails.",
        f"{BACKFILL_HEADER}\nUnderstood: at most 2 retries, then the order fails.",
    ):
        assert verify_recap(recap, record).removed_sentences == ()
    lie = verify_recap("`pytest -q tests/test_order.py` failed.", record)
    assert lie.removed_sentences


PYTEST_UNIQUE = """____________________ test_retry_same_charge ____________________
>       charge(db, key="k1")
E       psycopg.errors.UniqueViolation: duplicate key value violates unique constraint "payments_idem_uniq"
E       DETAIL:  Key (idempotency_key)=(k1) already exists.
=========================== short test summary info ============================
FAILED tests/test_idem.py::test_retry_same_charge - psycopg.errors.UniqueViolation: duplicate key value violates unique constraint "payments_idem_uniq"
1 failed, 9 passed in 0.31s"""

CARGO = """test since_flag::rejects_naive_timestamps ... FAILED
thread 'since_flag::rejects_naive_timestamps' panicked at tests/since_flag.rs:41:5:
assertion `left == right` failed: left: 0, right: 2
test result: FAILED. 5 passed; 1 failed; 0 ignored"""

JEST = """FAIL src/theme.test.ts
    ✕ saves the theme after reload (30 ms)
  ● Settings › saves the theme after reload

    expect(received).toBe(expected) // Object.is equality

    Expected: "dark"
    Received: "light"
"""


@pytest.mark.parametrize(
    ("output", "message"),
    [
        (PYTEST_UNIQUE, 'violates unique constraint "payments_idem_uniq"'),
        (CARGO, "assertion `left == right` failed: left: 0, right: 2"),
        (JEST, 'Expected: "dark"'),
        (GO_TEST, "order_test.go:42: expected 3, got 2"),
        (PHPUNIT, "Failed asserting that 2 matches expected 3."),
    ],
)
def test_the_recap_says_why_a_test_failed(output: str, message: str) -> None:
    assert any(message in line for line in failure_lines(output))
    assert message in _recap([GOAL, *_ran(1, "bash", {"command": "make test"}, output)])


def test_jest_names_a_test_once() -> None:
    assert len([t for t in failure_lines(JEST) if "saves the theme" in t]) == 1
    assert "Settings › saves the theme after reload" in failing_tests(JEST)


def _long_session() -> tuple[list[Message], list[str]]:
    """400 messages of a billing task: the facts that matter said early (the next step at
    62 %), around them the filler an agent produces: greps, listings, reads, bare installs,
    nudges."""
    keep = [
        "Let's round prorated amounts half-even to the cent.",
        "We'll compute proration in BillingPeriod::prorate().",
        "Also, before we ship, update the CHANGELOG for the new proration rule.",
        'violates unique constraint "payments_idem_uniq"',
        "Next I'll run the DMS task in full-load-only mode against the staging copy.",
    ]
    filler = ["rg -n prorate src/{i}", "ls -la app/Billing/{i}", "kubectl get pods -n ns{i}",
              "npm install", "tail -n 200 storage/logs/{i}.log", "git status", "cat {i}.json"]  # fmt: skip
    msgs: list[Message] = [
        Message.user("Fix the proration bug: downgrades mid-cycle are charged the full month."),
        Message.user(keep[0]),
        Message.assistant(f"Agreed. {keep[1]}"),
        Message.user(keep[2]),
    ]
    for i in range(130):
        if i == 20:
            msgs += _ran(900, "run_shell", {"command": "pytest tests/test_idem.py"}, PYTEST_UNIQUE)
        elif i == 80:
            msgs.append(Message.assistant(f"The export is done. {keep[4]}"))
        elif i % 3 == 0:
            msgs += _ran(i, "read_file", {"path": f"app/Billing/Part{i}.php"}, "<?php\n" * 20)
        else:
            command = filler[i % len(filler)].format(i=i)
            msgs += _ran(i, "run_shell", {"command": command}, "x\n" * 5)
        if i % 10 == 9:
            msgs += [Message.user("ok, keep going"), Message.assistant("Continuing.")]
    msgs.append(Message.assistant("Added the proration tests."))
    return msgs, keep


@pytest.mark.parametrize("cap", [2_000, 4_800])
def test_decisions_requests_failures_and_next_step_outrank_filler(cap: int) -> None:
    msgs, keep = _long_session()
    recap = render_digest(digest(msgs), cap)
    for fact in keep:
        assert fact in recap, fact
    if cap == 2_000:  # filler gets what is left, and what is cut is counted
        assert "`npm install`" not in recap
        head = next(line for line in recap.splitlines() if line.startswith("Commands run:"))
        assert "more in the record" in head


def test_a_plural_status_code_is_no_measure() -> None:
    said = [GOAL, Message.assistant("Thanks — the spinner is stuck, consistent with the 502s.")]
    assert not digest(said).items("Numbers that matter")


def test_a_run_that_timed_out_failed() -> None:
    assert failure_lines("backfill: batch 3 of 9\nrequest timed out after 300s")
    assert failure_lines("context deadline exceeded")
    assert not failure_lines("backfill: batch 3 of 9\ndone: 1,204 rows")


# How tools print a failure with none of a test runner's markers (redteam14 N1): the
# detector reads generic signs, not a list of tools
@pytest.mark.parametrize(
    "output",
    [
        "1 of 1 START sql incremental model marts.orders_daily\n1 of 1 ERROR creating sql "
        "incremental model marts.orders_daily\n  Database Error in model orders_daily\n"
        "Done. PASS=0 WARN=0 ERROR=1 SKIP=0 TOTAL=1",
        "Done. PASS=1 WARN=0 ERROR=1 SKIP=0 TOTAL=2",
        "BigQuery error in query operation: Error processing job 'proj:bqjob_r1': Not found",
        ": org.apache.spark.SparkException: Job aborted due to stage failure: Task 3 in stage "
        "7.0 failed 4 times",
        'The Deployment "api" is invalid: spec.template.spec.containers[0].image: Required value',
        "An error occurred (AccessDenied) when calling the PutObject operation: Access Denied",
        "ssh: connect to host bastion.internal port 22: Connection refused",
        "./main.go:14:2: undefined: fooBar",
        "src/app.py:1:8: F401 [*] `os` imported but unused\nFound 1 error.",
        "Remove-Item : Access to the path 'C:\\Users\\sam\\Figma' is denied.",
        "    + CategoryInfo          : PermissionDenied",
        "Killed",
        # redteam15 R10
        '[!] CocoaPods could not find compatible versions for pod "Firebase/Crashlytics":',
        "[10:01:02]: fastlane finished with errors",
        "e: file:///ci/app/src/main/java/com/shop/Cart.kt:12:5 Unresolved reference: fooBar",
        "! Undefined control sequence.\nl.42 \\citep\n! Emergency stop.",
        "pandoc: Could not fetch resource 'figures/fig2.png': resource not found",
        "Invalid config for 'automation' at automations.yaml, line 42: 'trigger' is invalid",
        "upload failed; 0/3 succeeded",
    ],
)
def test_failures_without_a_runners_markers_are_seen(output: str) -> None:
    assert failure_lines(output)


@pytest.mark.parametrize(
    "output",
    [
        "1 of 3 OK created sql view model stg.orders [SUCCESS 1 in 0.4s]\n"
        "Done. PASS=3 WARN=0 ERROR=0 SKIP=0 TOTAL=3",
        "Found 0 errors.",
        '10.0.0.1 - - [20/Nov/2026:10:00:01 +0000] "GET /api/errors HTTP/1.1" 200 512',
        "2026-11-13T04:35:01.100Z WARN checkout-api retrying: connection refused",
        'src/log.py:3:logger.setLevel(logging.ERROR)\nsrc/cfg.py:8:LOG_LEVEL = "ERROR"\n'
        "docs/guide.md:10:## Error handling",
        "a1b2c3d Fix error handling in the parser\n9f8e7d6 Retry when the connection is "
        "refused by the broker\n0e1f2a3 Handle access denied from S3 gracefully",
        "The error budget is 0.1%. Invalid entries are skipped. Access is denied to guests.",
        "Stage 7.0 finished in 3.2 s; 0 failed tasks",
        "Passed!  - Failed:     0, Passed:    12, Skipped:     0, Total:    12",
        "PLAY RECAP *********\nweb-01 : ok=3 changed=1 unreachable=0 failed=0",
        "http_errors_total 0\nerror_rate 0.0",
        # review10 C1, C3
        "Found 3 errors (3 fixed, 0 remaining).",
        "✔ 12 problems fixed\nFixed 4 errors automatically.",
        "a1b2c3d Handle FAIL state in CI badge\n9f8e7d6 Log ERROR level to stderr",
        "src/app.py:10:    if status == FAIL:\nsrc/app.py:12:        raise ERROR",
        "attempt 1: connection refused\nattempt 2: connected, 200 OK",
        "README.md:3: Returns an error in the response body when the id is invalid: see below",
        "role.rbac.authorization.k8s.io/AccessDenied-handler created",
        "Corrected 2 misspellings in README.md",
        "4412 Killed tests skipped: none",
        "requests=1200 errors=0 p99=120ms\nretries: 1 errors: 0",
        "Processed 1,000 rows with 2 errors ignored (allowed by --max-bad-records=5); load DONE",
        "warning: could not find config file, using defaults",
        "Deleted 3 failed jobs from the queue",
        "Retrying failed uploads... done (3/3 succeeded)",
    ],
)
def test_a_run_that_went_well_shows_no_failure(output: str) -> None:
    assert failure_lines(output) == []


def test_a_tool_that_failed_then_passed_with_its_arguments_is_fixed() -> None:
    """A non-shell tool fails, then the same call (or one with more arguments: through a
    proxy) passes: the recap says it passed; a pass with other arguments fixes nothing
    (redteam15 R6)."""
    record = [
        GOAL,
        *_ran(1, "convert", {"path": "a.docx", "to": "pdf"}, "ERROR: font X is not embedded"),
        *_ran(2, "convert", {"path": "a.docx", "to": "pdf"}, "wrote a.pdf (41 pages)"),
        *_ran(3, "fetch_pdf", {"doi": "10.1/x"}, "HTTP/1.1 403 Forbidden"),
        *_ran(4, "fetch_pdf", {"doi": "10.1/x", "via": "proxy"}, "HTTP/1.1 200 OK"),
        *_ran(5, "refund", {"order": "A-1"}, '{"error": {"status": 502, "message": "down"}}'),
        *_ran(6, "refund", {"order": "B-2"}, '{"status": "ok"}'),
    ]
    failures = digest(record).items("Failures")
    assert "convert: passed on its last run" in failures
    assert "fetch_pdf: passed on its last run" in failures
    assert "refund: passed on its last run" not in failures
    assert "convert: passed on its last run" in _recap(record)


def test_a_moved_or_renamed_file_is_written_under_its_new_name() -> None:
    """move_file(src, dst), rename_file(from, to): the new name is a file written
    (redteam15 R1)."""
    record = [
        GOAL,
        *_ran(1, "move_file", {"src": "MSA_v3.docx", "dst": "MSA_v4_client.docx"}, "renamed"),
        *_ran(2, "rename_file", {"from": "notes.md", "to": "open_points.md"}, "ok"),
    ]
    assert digest(record).items("Files written") == ["MSA_v4_client.docx", "open_points.md"]
    assert "Files written: MSA_v4_client.docx, open_points.md" in _recap(record)


@pytest.mark.parametrize(
    ("name", "args", "ran"),
    [
        ("git", {"args": "mv a.kt b.kt"}, "git mv a.kt b.kt"),
        ("kubectl", {"args": ["apply", "-f", "x.yaml"]}, "kubectl apply -f x.yaml"),
        ("npm", {"args": "npm test"}, "npm test"),
        ("bash", {"args": "ls -la"}, "ls -la"),
    ],
)
def test_a_tool_named_after_a_program_ran_it_with_its_args(
    name: str, args: dict[str, object], ran: str
) -> None:
    """git(args="mv a b") ran ``git mv a b``, not ``mv a b`` (redteam15 R1)."""
    assert call_commands(ToolCall("c", name, json.dumps(args))) == [ran]


def test_what_a_tool_runs_is_a_command_whatever_its_language_and_only_then() -> None:
    """redteam18 R1, review12: a shell or a query named in another language ran a command
    (quoted whole, with where it ran); a tool that runs one thing of its own
    ("process_refund", "run_report") is an action, not a shell."""

    def commands(name: str, args: dict[str, str]) -> list[str]:
        call = ToolCall("c", name, json.dumps(args))
        d = digest([Message.user("Do it."), Message("assistant", (call,)), Message.tool("c", "ok")])
        return d.items("Commands run")

    rollout = "kubectl rollout undo deployment/api -n pay --to-revision=41"
    assert commands("ejecutar", {"comando": rollout}) == [f"`{rollout}`"]
    assert commands("befehl_ausfuehren", {"befehl": rollout}) == [f"`{rollout}`"]
    query = "SELECT compte, SUM(credit) FROM ecritures GROUP BY compte"
    assert commands("requete_erp", {"requete": query}) == [f"`{query}`"]
    assert commands("execute_sql", {"query": "DELETE FROM carts", "database": "prod"}) == [
        "`DELETE FROM carts` (database=prod)"
    ]
    assert commands("process_refund", {"order_id": "4411", "override": "manager_ok"}) == []
    assert commands("run_report", {"report": "weekly_sales"}) == []
    assert commands("search_kb", {"query": "refund policy"}) == []
    assert commands("sandbox_exec", {"cmd": "pytest -q"}) == ["`pytest -q`"]
