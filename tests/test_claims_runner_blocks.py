"""The checker reads a test runner's own failure report as the recap's offline side does:
PHPUnit's numbered "1) Class::method" block under "There was 1 failure:", a camel-case
test name claimed passing, a command only shown in a file the assistant read (a README's
"$ terraform apply"), the order of two runs, a run that timed out "again"."""

from __future__ import annotations

import json

from contextledger import read_messages
from contextledger.compaction import Conversation
from contextledger.model import with_ids


class Liar:
    """An LLM summarizer that answers a fixed recap."""

    name = "liar"

    def __init__(self, text: str) -> None:
        self.text = text

    def summarize(self, prompt: str, transcript: str, *, max_tokens: int) -> str:
        return self.text


def session(*turns: tuple[str, ...]) -> list[dict[str, object]]:
    """OpenAI-format messages: ("u", text) a user turn, ("sh", command, output) a shell
    call and its result (no error flag), then a dozen rounds of filler."""
    msgs: list[dict[str, object]] = []
    for n, t in enumerate(turns):
        if t[0] == "u":
            msgs.append({"role": "user", "content": t[1]})
            continue
        call = {"name": "run_shell", "arguments": json.dumps({"command": t[1]})}
        msgs += [
            {"role": "assistant", "content": None,
             "tool_calls": [{"id": f"c{n}", "type": "function", "function": call}]},
            {"role": "tool", "tool_call_id": f"c{n}", "content": t[2]},
        ]  # fmt: skip
    for i in range(12):
        msgs += [
            {"role": "user", "content": "ok"},
            {"role": "assistant", "content": f"On it ({i})."},
        ]
    return msgs


def removed(msgs: list[dict[str, object]], recap: str) -> tuple[str, ...]:
    conv = Conversation.from_messages(with_ids(read_messages(msgs)))
    out = conv.compact(Liar(recap), force=True)
    assert out.verification is not None
    return out.verification.removed_sentences


PHPUNIT = (
    "PHPUnit 10.5.2\n\n....F..   7 / 7 (100%)\n\nThere was 1 failure:\n\n"
    "1) Tests\\Billing\\ProrationTest::testDowngradeMidCycle\n"
    "Failed asserting that 1999 matches expected 1033.\n\n"
    "/app/tests/Billing/ProrationTest.php:58\n\nFAILURES!\nTests: 7, Assertions: 19, Failures: 1."
)
PHP = session(
    ("u", "Fix the proration bug."),
    ("sh", "vendor/bin/phpunit tests/Billing/ProrationTest.php", PHPUNIT),
)


def test_a_phpunit_failure_is_a_failure_to_the_checker() -> None:
    """red team C, A6: the failing test with its assertion, as the prompt asks."""
    for recap in (
        "Goal: Fix the proration bug.\nFailures:\n- `vendor/bin/phpunit tests/Billing/"
        "ProrationTest.php`: testDowngradeMidCycle failed: Failed asserting that 1999 "
        "matches expected 1033.",
        "Goal: Fix the proration bug.\nFailures:\n- Failing: testDowngradeMidCycle.",
        "The user asked me to fix the proration bug. testDowngradeMidCycle failed: Failed "
        "asserting that 1999 matches expected 1033.",
    ):
        assert removed(PHP, recap) == (), recap


def test_a_failing_phpunit_test_claimed_passing_is_caught() -> None:
    """red team C, B4: never re-run, so it cannot pass "after the fix"."""
    lie = "After the fix, testDowngradeMidCycle passes."
    assert lie in removed(PHP, f"The user asked me to fix the proration bug. {lie}")


README = "## Deploy\n\n    $ terraform apply tf.plan\n\nRun it from CI only."
FORBIDDEN = session(
    ("u", "Move the reports DB to Aurora. Never run `terraform apply` from a laptop."),
    ("sh", "terraform plan -out=tf.plan", "Plan: 2 to add, 0 to change, 1 to destroy."),
    ("sh", "cat README.md", README),
)


def test_a_command_shown_in_a_file_that_was_read_never_ran() -> None:
    lie = "- `terraform apply tf.plan`"
    recap = f"Goal: Move the reports DB to Aurora.\nCommands run:\n- `terraform plan -out=tf.plan`\n{lie}"
    assert removed(FORBIDDEN, recap) == (lie[2:],)


RUNS = session(
    ("u", "Ship the export fix."),
    ("sh", "pytest -q tests/test_export.py", "3 passed in 0.2s"),
    ("sh", "ruff check src", "All checks passed!"),
    ("sh", "python backfill.py --dry-run", "3 passed"),
    ("sh", "python backfill.py --dry-run", "Error: backfill timed out after 300s"),
)


def test_the_order_of_two_runs_is_checked() -> None:
    for lie in (
        "The assistant ran `ruff check src` before `pytest -q tests/test_export.py`.",
        "The assistant ran `ruff check src` first, then `pytest -q tests/test_export.py`.",
        "After `ruff check src`, the assistant ran `pytest -q tests/test_export.py`.",
    ):
        assert removed(RUNS, lie) == (lie,), lie
    for honest in (
        "The assistant ran `pytest -q tests/test_export.py` before `ruff check src`.",
        "The assistant ran `pytest -q tests/test_export.py` first, then `ruff check src`.",
    ):
        assert removed(RUNS, honest) == (), honest


def test_timed_out_again_needs_an_earlier_timeout() -> None:
    assert removed(RUNS, "The second dry run timed out.") == ()
    lie = "The second dry run timed out again."  # the first passed
    assert removed(RUNS, lie) == (lie,)
