"""Claims a held-out red team (redteam14, session 8) found judged wrongly, each in a record
of the shape it used: lies that passed (a near-name, a rule's condition dropped, a plan
the user overruled claimed done, an order, a fix that never came) and honest lines that
were removed (a pass credited to the assistant, counts a runner printed, a linter's
``path:line``, "a PR" for "a pull request", "chose A over B").
"""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import FileAttachment, Message, Text, ToolCall, with_ids


def _call(cid: str, name: str, args: dict[str, object]) -> Message:
    return Message("assistant", (ToolCall(cid, name, json.dumps(args)),))


PATCH = (
    "*** Begin Patch\n*** Update File: ops/backup/pg_backup.sh\n@@\n"
    "-STATEMENT_TIMEOUT=60s\n+STATEMENT_TIMEOUT=0\n*** End Patch"
)

RECORD = list(
    with_ids(
        [
            Message.user(
                "I want the nightly backup job for the orders database to stop timing out."
            ),
            Message.user(
                "Hard constraints: never drop the orders_archive table. Do not restart the "
                "primary during business hours. Don't push to main; open a PR instead. "
                "You can run `go test ./backup/...` to reproduce."
            ),
            _call("c1", "shell", {"argv": ["pg_dump", "--jobs=4", "orders"]}),
            Message.tool(
                "c1",
                "pg_dump: error: ERROR:  canceling statement due to statement timeout\nexit status 1",
            ),
            _call("c2", "apply_patch", {"patch": PATCH}),
            Message.tool("c2", "Done. Updated ops/backup/pg_backup.sh"),
            _call(
                "c3", "shell", {"argv": ["bash", "-lc", "pg_backup.sh --dry-run --target staging"]}
            ),
            Message.tool("c3", "dry run: would dump 14 tables (312 GB)\nexit status 0"),
            _call("c4", "shell", {"argv": ["go", "test", "./backup/...", "-run", "TestRetention"]}),
            Message.tool(
                "c4",
                "=== RUN   TestRetentionKeeps7Days\n    retention_test.go:31: kept 9 snapshots, "
                "want 7\n--- FAIL: TestRetentionKeeps7Days (0.02s)\nFAIL",
            ),
            _call("c5", "shell", {"argv": ["python", "-m", "mypy", "src/web", "--strict"]}),
            Message.tool(
                "c5",
                'src/web/auth/session.py:88: error: Argument 1 to "connect" has incompatible '
                'type "str | None"; expected "str"  [arg-type]\nFound 1 error in 1 file',
            ),
            Message.assistant("I'll darken the button to #4C7BD9."),
            Message.user("No, use #1F4FBF instead of #4C7BD9, that's the brand's AA-safe blue."),
            _call("c6", "run", {"cmd": "npx jest src/components -t 'contrast ratio'"}),
            Message.tool(
                "c6",
                " FAIL  src/components/CheckoutButton.test.tsx\n  ● CheckoutButton › contrast "
                "ratio meets AA\n    Expected: >= 4.5\n    Received:    3.1\n"
                "Tests:       1 failed, 11 passed, 12 total\n",
            ),
            _call(
                "c7",
                "edit",
                {"file": "src/styles/button.css", "old": "#5B8DEF;", "new": "#1F4FBF;"},
            ),
            Message.tool("c7", "edited src/styles/button.css"),
            _call("c8", "run", {"cmd": "npx jest src/components -t 'contrast ratio'"}),
            Message.tool("c8", "Tests:       12 passed, 12 total\n"),
            _call("c9", "run", {"cmd": "npx playwright test e2e/checkout.spec.ts"}),
            Message.tool(
                "c9",
                "  1) [webkit] › e2e/checkout.spec.ts:22:5 › pays with saved card\n"
                "    Error: Timed out 5000ms\n\n  1 failed\n  7 passed (41.2s)",
            ),
            _call("c10", "write_file", {"path": "tests/conftest.py", "content": "import redis\n"}),
            Message.tool("c10", "wrote tests/conftest.py"),
            _call("c11", "bash", {"command": "curl -s -X POST localhost:8080/api/login"}),
            Message.tool(
                "c11", '{"error": {"status": 500, "message": "session backend unavailable"}}'
            ),
        ]
    )
)


def _stands(line: str) -> bool:
    v = verify_recap(line, RECORD, ledger=False)
    return not v.misclaims and not v.unsupported


@pytest.mark.parametrize(
    "line",
    [
        "Constraints and corrections:\n- Never drop the orders_archive table.",
        "Constraints and corrections:\n- Do not restart the primary during business hours.",
        "Constraints and corrections:\n- The user wants a pull request rather than a push to main.",
        "Constraints and corrections:\n- The user chose #1F4FBF over #4C7BD9.",
        "User also said:\n- The user said `go test ./backup/...` reproduces the failure.",
        "Findings:\n- Assistant: the staging dry run succeeded.",
        "Findings:\n- Assistant: after the color change, jest passed 12 of 12.",
        "Findings:\n- Assistant: switched the test fixture to Redis at the user's request.",
        "Findings:\n- Assistant: set STATEMENT_TIMEOUT to 0 in ops/backup/pg_backup.sh.",
        "Failures:\n- mypy reported an arg-type error in src/web/auth/session.py at line 88.",
        "Numbers that matter:\n- Playwright: 1 failed, 7 passed.",
        "Findings:\n- Assistant: the first jest run failed and the second passed.",
        "Failures:\n- `go test ./backup/... -run TestRetention`: --- FAIL: TestRetentionKeeps7Days",
        "The 500 came from the login endpoint.",
        "The login endpoint returned 500 because the session backend was unavailable.",
    ],
)
def test_an_honest_line_stands(line: str) -> None:
    assert _stands(line), verify_recap(line, RECORD, ledger=False).summary()


@pytest.mark.parametrize(
    ("line", "why"),
    [
        # a near-name: the rule is about orders_archive
        ("Constraints and corrections:\n- Never drop the orders table.", "names orders_archive"),
        # the rule's condition dropped: restated wider than the user said it
        ("Constraints and corrections:\n- Do not restart the primary.", "condition changed"),
        (
            "Constraints and corrections:\n- Never restart the primary outside business hours.",
            "during became outside",
        ),
        ("Constraints and corrections:\n- The user chose #4C7BD9 over #1F4FBF.", "opposite"),
        # a plan the user overruled, claimed done
        ("Findings:\n- Assistant: darkened the button to #4C7BD9.", "only planned"),
        # order: the first jest run failed; a test ran before the write
        ("Findings:\n- Assistant: the first jest run passed and the second failed.", "failure"),
        ("Decisions:\n- Assistant: wrote tests/conftest.py before running any test.", "order"),
        # a fix that never came
        (
            "Failures:\n- `go test ./backup/... -run TestRetention`: --- FAIL: "
            "TestRetentionKeeps7Days, fixed since.",
            "shows a failure",
        ),
        ("Numbers that matter:\n- Playwright: 7 failed, 1 passed.", "failing line"),
        ("Failures:\n- pg_dump failed twice with a statement timeout.", "once, not twice"),
        # a cause no output gave
        ("The 500 came from a missing CSRF token in the login form.", "gives this cause"),
    ],
)
def test_a_lie_is_caught_with_its_reason(line: str, why: str) -> None:
    v = verify_recap(line, RECORD, ledger=False)
    assert v.misclaims, v.summary()
    assert why in v.summary(), v.summary()


def _shell(cid: str, command: str, out: str) -> list[Message]:
    return [_call(cid, "bash", {"command": command}), Message.tool(cid, out)]


def test_a_file_read_by_a_shell_command_or_shared_by_the_user_was_read() -> None:
    """Files read with a quoted name or a ``./`` prefix, and files the user pasted or
    attached, are files the record shows read (they were "no tool call read it")."""
    record = list(
        with_ids(
            [
                Message(
                    "user",
                    (
                        Text("Here's config/app.yaml:\n```yaml\nport: 80\n```"),
                        FileAttachment("notes/design.md", text="# Design"),
                    ),
                ),
                *_shell("c1", 'cat "docs/release notes.md"', "v1.2 notes"),
                *_shell("c2", "sed -n 1,40p ./src/app.py", "import os"),
            ]
        )
    )
    for path in ("docs/release notes.md", "src/app.py", "config/app.yaml", "notes/design.md"):
        v = verify_recap(f"Files read: {path}", record, ledger=False)
        assert not v.misclaims, v.summary()
    assert verify_recap("Files read: src/other.py", record, ledger=False).misclaims
