"""Recap verification: hallucinated facts are caught, honest recaps pass, the ledger fills gaps."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction import extract_claims, transcript_facts, verify_recap
from contextledger.compaction.transcript import utf8_len
from contextledger.compaction.verify import fit_recap
from contextledger.model import Message, ToolCall, with_ids


def session() -> tuple[Message, ...]:
    return with_ids(
        [
            Message.user(
                "We need to fix the upload timeout in src/api/upload.py. "
                'The user-facing limit is 8443 requests and the mode is "strict".'
            ),
            Message.assistant(
                "I will look at upload_handler first.",
                ToolCall("c1", "read_file", '{"path": "src/api/upload.py"}'),
            ),
            Message.tool("c1", "def upload_handler(req): ..."),
            Message.assistant(
                "Running the tests.",
                ToolCall("c2", "run_command", '{"command": "pytest -q tests/test_upload.py"}'),
            ),
            Message.tool("c2", "1 failed: test_timeout (exit code 1)", is_error=True),
            Message.assistant(
                "Decided: raise UPLOAD_TIMEOUT to 30 seconds in config/settings.toml."
            ),
            Message.user(
                "Later, please add retry backoff to the S3 client. See https://docs.example.com/s3."
            ),
            Message.assistant("Noted, I will come back to that."),
        ]
    )


HONEST = (
    "The user wants the upload timeout in src/api/upload.py fixed. "
    'The limit is 8443 requests and the mode is "strict". '
    "The assistant read upload_handler with read_file, then ran `pytest -q tests/test_upload.py` "
    "with run_command; it failed. "
    "It decided to raise UPLOAD_TIMEOUT to 30 seconds in config/settings.toml. "
    "Open: add retry backoff to the S3 client (https://docs.example.com/s3)."
)


def test_honest_recap_passes_untouched() -> None:
    v = verify_recap(HONEST, session())
    assert v.accepted
    assert v.unsupported == ()
    assert v.removed_sentences == ()
    assert v.text.startswith(HONEST)
    kinds = {f.kind for f in v.supported}
    assert {"path", "number", "command", "identifier", "url", "quoted"} <= kinds


@pytest.mark.parametrize(
    ("injected", "kind", "value"),
    [
        ("It also rewrote src/api/auth_backend.py.", "path", "src/api/auth_backend.py"),
        ("The limit was raised to 9000 requests.", "number", "9000"),
        ("Then it ran `rm -rf build/`.", "command", "rm -rf build/"),
        ("Then it ran git push --force origin main.", "command", "git push --force"),
        ("The fix lives in retry_with_jitter().", "identifier", "retry_with_jitter"),
        ("Docs moved to https://evil.example.net/x.", "url", "https://evil.example.net/x"),
        ('The user said "ship it on Friday".', "quoted", "ship it on Friday"),
        ("It used the S3Uploader class.", "identifier", "S3Uploader"),
    ],
)
def test_injected_facts_are_caught_and_stripped(injected: str, kind: str, value: str) -> None:
    v = verify_recap(HONEST + " " + injected, session())
    assert any(f.kind == kind and f.value == value for f in v.unsupported), v.unsupported
    assert injected in v.removed_sentences
    assert injected not in v.text
    assert v.accepted  # the rest of the recap stands
    assert "never occurred" in v.summary()


def test_reject_mode_refuses_the_whole_recap() -> None:
    v = verify_recap(HONEST + " It deleted src/legacy.py.", session(), mode="reject")
    assert not v.accepted and v.text == ""
    assert [f.value for f in v.unsupported] == ["src/legacy.py"]
    assert verify_recap(HONEST, session(), mode="reject").accepted


def test_previous_recap_counts_as_a_source() -> None:
    msgs = with_ids([Message.user("Now add tests for the parser.")])
    prev = "Earlier the user chose port 5432 for db/schema.sql."
    assert verify_recap("Port 5432 and db/schema.sql stay.", msgs, prev).unsupported == ()
    assert verify_recap("Port 5432 and db/schema.sql stay.", msgs).unsupported


def test_facts_ledger_adds_what_the_recap_left_out() -> None:
    v = verify_recap("The user is fixing an upload timeout.", session())
    assert v.accepted
    missing = {(f.kind, f.value) for f in v.missing}
    assert ("path", "src/api/upload.py") in missing
    assert ("tool", "run_command") in missing
    assert any(k == "request" and "retry backoff" in val for k, val in missing)
    assert "Facts ledger" in v.ledger
    assert "src/api/upload.py" in v.text
    assert 'Failed: run_command(command="pytest -q tests/test_upload.py")' in v.text
    assert "Open requests: Later, please add retry backoff" in v.text
    assert v.counts["missing"] == len(v.missing)


def test_ledger_and_recap_stay_within_the_byte_cap_on_multibyte_text() -> None:
    hindi = "उपयोगकर्ता ने अपलोड टाइमआउट ठीक करने को कहा और परीक्षण विफल रहा। " * 40
    for cap in (2000, 700, 300):
        v = verify_recap(hindi, session(), max_bytes=cap)
        assert len(v.text.encode()) <= cap
        assert v.text.encode().decode() == v.text
        assert "Facts ledger" in v.text  # the ledger is given room even when prose is long


def test_recap_of_only_inventions_is_rejected() -> None:
    v = verify_recap("It edited lib/other.py. It set 77 retries.", session())
    assert not v.accepted and v.text == ""
    assert "nothing of the recap survived" in v.reason


def test_extraction_kinds() -> None:
    text = (
        "See https://x.org/a. Edit ./src/app.py and README.md, not and/or. "
        "Call compactHistoryIfNeeded() and os.path.join; COMPACTION_MIN_OLD=6; 12,000 bytes; "
        "commit 9fceb02a; run `npm run build`."
    )
    got = {(f.kind, f.value) for f in extract_claims(text)}
    assert ("url", "https://x.org/a") in got
    assert ("path", "src/app.py") in got and ("path", "README.md") in got
    assert not any(v == "and/or" for _, v in got)
    assert ("identifier", "compactHistoryIfNeeded") in got
    assert ("identifier", "os.path.join") in got
    assert ("identifier", "COMPACTION_MIN_OLD") in got
    assert ("number", "12000") in got and ("number", "6") in got
    assert ("identifier", "9fceb02a") in got
    assert ("command", "npm run build") in got


def test_transcript_facts_tools_failures_and_open_requests() -> None:
    facts = transcript_facts(session())
    assert dict(facts.tools) == {"read_file": False, "run_command": True}
    assert "src/api/upload.py" in facts.paths and "config/settings.toml" in facts.paths
    assert facts.open_requests == ("Later, please add retry backoff to the S3 client.",)
    # a request reported done is not open
    done = (
        *session(),
        Message.assistant("Done: added retry backoff to the S3 client.", id="late"),
    )
    assert transcript_facts(done).open_requests == ()


def test_a_command_is_supported_only_as_a_whole() -> None:
    """Regression: every word of an invented command appearing somewhere is not support."""
    said = [Message.user("push it with git push origin main. Never use --force on main.", id="u")]
    assert (
        verify_recap("The assistant ran git push --force origin main.", said).counts["unsupported"]
        == 1
    )
    assert verify_recap("The assistant ran git push origin main.", said).counts["unsupported"] == 0


def test_open_requests_are_found_in_chinese_and_hindi() -> None:
    facts = transcript_facts(
        [
            Message.user("缓存逻辑在哪里？别忘了稍后更新 config/production.toml。", id="zh"),
            Message.user("कृपया बाद में टेस्ट फिर से चलाइए।", id="hi"),
        ]
    )
    assert any("稍后" in r for r in facts.open_requests)
    assert any("बाद में" in r for r in facts.open_requests)


def test_a_failed_tool_is_stated_by_its_failing_command_not_only_by_its_name() -> None:
    """A recap whose Failures line quotes the failing command has said the tool failed:
    the ledger does not report the tool's name (``bash``) as missing, nor repeat the call."""
    said = with_ids(
        [
            Message.user("Fix the login flow."),
            Message("assistant", (ToolCall("a", "bash", '{"command": "pytest -k login_flow"}'),)),
            Message.tool(
                "a", "FAILED tests/test_auth.py::test_login_flow - AssertionError\nexit code 1"
            ),
            Message("assistant", (ToolCall("b", "exec", '{"argv": ["go", "test", "./..."]}'),)),
            Message.tool("b", "--- FAIL: TestExpiry (0.01s)\nexit status 1"),
        ]
    )
    recap = (
        "Goal: Fix the login flow.\nFailures:\n"
        "- `pytest -k login_flow`: FAILED tests/test_auth.py::test_login_flow - AssertionError\n"
        "- `go test ./...`: --- FAIL: TestExpiry (0.01s)"
    )
    v = verify_recap(recap, said)
    assert [f for f in v.missing if f.kind == "tool"] == []
    assert "Failed:" not in v.text
    # a recap silent about the failure still gets it in the ledger
    quiet = verify_recap(
        "Goal: Fix the login flow.\nThe assistant ran `pytest -k login_flow`.", said
    )
    assert "Failed: bash(" in quiet.text
    assert {f.value for f in quiet.missing if f.kind == "tool" and f.failed} == {"bash", "exec"}


def test_a_git_diff_names_files_without_its_a_and_b_prefixes() -> None:
    patch = (
        "diff --git a/src/app.py b/src/app.py\n--- a/src/app.py\n+++ b/src/app.py\n"
        "@@ -1 +1 @@\n-x = 1\n+x = 2\n"
        "diff --git a/docs/new.md b/docs/new.md\n--- /dev/null\n+++ b/docs/new.md\n"
    )
    msgs = with_ids(
        [
            Message.user("Bump x."),
            Message("assistant", (ToolCall("p", "apply_patch", json.dumps({"patch": patch})),)),
            Message.tool("p", "applied"),
            Message.assistant(f"Here is the change:\n{patch}"),
        ]
    )
    paths = transcript_facts(msgs).paths
    assert "src/app.py" in paths and "docs/new.md" in paths
    assert not [p for p in paths if p.startswith(("a/", "b/")) or p == "/dev/null"]
    ledger = verify_recap("Goal: Bump x.", msgs).text
    assert "a/src" not in ledger and "b/src" not in ledger and "src/app.py" in ledger


def test_a_log_line_with_an_iso_timestamp_stands_verbatim() -> None:
    """The recap's "35:00.733" starts inside the record's "T04:35:00.733Z" (redteam14 F1);
    a time the record never shows is still caught."""
    log = "2026-11-13T04:35:00.733Z ERROR checkout-api path=/v1/cart status=500 dur_ms=390"
    said = list(
        with_ids(
            [
                Message.user("Why is checkout-api failing?"),
                Message("assistant", (ToolCall("c1", "bash", '{"cmd": "kubectl logs x"}'),)),
                Message.tool("c1", log),
            ]
        )
    )
    v = verify_recap(f"Failures:\n- `kubectl logs x`: {log}", said, ledger=False)
    assert v.unsupported == () and log in v.text, v.summary()
    v = verify_recap(f"Failures:\n- `kubectl logs x`: {log.replace('35:00', '36:00')}", said)
    assert [f.value for f in v.unsupported] == ["36:00.733"], v.summary()


@pytest.mark.parametrize(
    ("recap", "kept", "removed"),
    [
        ("Files read: src/a.py, config/app.yaml", "Files read: src/a.py", "config/app.yaml"),
        ("Files written: src/b.py, src/ghost.py", "Files written: src/b.py", "src/ghost.py"),
        ("Files written:\n- src/b.py, src/ghost.py", "Files written:\n- src/b.py", "src/ghost.py"),
        ("## Files\n- Read: src/a.py, src/nope.py", "## Files\n- Read: src/a.py", "src/nope.py"),
    ],
)
def test_one_unsupported_file_is_removed_alone(recap: str, kept: str, removed: str) -> None:
    """One doubtful path in a list of files read or written does not take the true ones
    with it (redteam14 F10): it alone is removed, and reported."""
    said = list(
        with_ids(
            [
                Message.user("Fix the importer."),
                Message(
                    "assistant",
                    (
                        ToolCall("c1", "read_file", '{"path": "src/a.py"}'),
                        ToolCall("c2", "write_file", '{"path": "src/b.py", "content": "x"}'),
                    ),
                ),
                Message.tool("c1", "print(1)"),
                Message.tool("c2", "ok"),
            ]
        )
    )
    v = verify_recap(recap, said, ledger=False)
    assert (v.text, v.removed_sentences) == (kept, (removed,)), v.summary()
    assert [c.value for c in v.misclaims] == [removed]


def test_the_reason_names_the_same_command_in_every_process() -> None:
    """Which command "ran instead" is chosen in order, not by a set's hash order (the
    reason was one or the other from one process to the next)."""
    said = list(
        with_ids(
            [
                Message.user("Run the crate tests."),
                Message(
                    "assistant", (ToolCall("a", "bash", '{"command": "cargo test -p sessions"}'),)
                ),
                Message.tool("a", "ok"),
                Message(
                    "assistant", (ToolCall("b", "bash", '{"command": "cargo test -p catalog"}'),)
                ),
                Message.tool("b", "ok"),
            ]
        )
    )
    v = verify_recap("Commands run:\n- `cargo test -p`", said)
    assert [c.reason for c in v.misclaims] == [
        "no tool call ran it; `cargo test -p catalog` ran (the recap cut its arguments)"
    ]


def test_a_recap_over_the_cap_loses_its_least_urgent_lines_and_says_which() -> None:
    recap = (
        "Goal: fix the login flow.\nFiles read: src/a.py, src/b.py, src/c.py\nCommands run:\n"
        "- `pytest -k login`\nOpen requests:\n- Write a runbook entry.\n"
        "Next step: re-run the login tests."
    )
    kept, cut = fit_recap(recap, 110)
    assert utf8_len(kept) <= 110
    assert "Next step: re-run the login tests." in kept and "- Write a runbook entry." in kept
    assert cut == ("Files read: src/a.py, src/b.py, src/c.py", "- `pytest -k login`")
    assert "Commands run" not in kept  # no heading left without its items
    # one paragraph: cut at a sentence end, the rest reported
    kept, cut = fit_recap("The tests failed. The user wants Redis. The deploy waits.", 40)
    assert kept == "The tests failed. The user wants Redis." and cut == ("The deploy waits.",)
