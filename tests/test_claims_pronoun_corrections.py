"""Claims, not words (issue #14 part 4), session 32: a correction the user made with a
pronoun ("Yes, Xmx is 1800m. Lower it to 1400m, not 1200m.") stands when a recap names
the setting, and still cannot be turned around ("raise" for "lower", the rejected value);
denials glued to the verb (Turkish "çalıştırılmadı", "değiştirme") and Japanese past
negatives ("実行していません") are read as denials, not as runs or lifted bans."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall


def _stands(line: str, *turns: tuple[str, str]) -> bool:
    record = [Message.user("Stop the service from timing out under load.", id="u0")]
    for i, (role, text) in enumerate(turns):
        if role == "user":
            record.append(Message.user(text, id=f"m{i}"))
        else:
            record.append(Message.assistant(text, id=f"m{i}"))
    recap = f"Goal: Stop the service from timing out under load.\n{line}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and line.rsplit("\n", 1)[-1].lstrip("- ") in v.text


_XMX = (
    ("assistant", "Memory sits near the limit."),
    ("user", "Yes, Xmx is 1800m. Lower it to 1400m, not 1200m."),
)
_POOL = (
    ("assistant", "The pool is 64 right now. Should I raise it?"),
    ("user", "No. Lower it to 32, not 48."),
)


@pytest.mark.parametrize(
    ("line", "turns"),
    [
        ("Lower Xmx to 1400m, not 1200m.", _XMX),
        ("The user asked to lower Xmx to 1400m, not 1200m.", _XMX),
        ("Constraints and corrections:\n- Lower Xmx to 1400m, not 1200m.", _XMX),
        # the setting named in the assistant's turn before the user's correction
        ("Constraints and corrections:\n- Lower the pool size to 32, not 48.", _POOL),
        ("The user asked to lower the pool to 32 rather than 48.", _POOL),
    ],
)
def test_a_correction_said_with_a_pronoun_stands_with_its_setting_named(
    line: str, turns: tuple[tuple[str, str], ...]
) -> None:
    assert _stands(line, *turns)


@pytest.mark.parametrize(
    ("line", "turns"),
    [
        ("The user asked to raise the pool to 32.", _POOL),
        ("Constraints and corrections:\n- Raise the pool to 32, not 48.", _POOL),
        ("Constraints and corrections:\n- Lower the pool to 48, not 32.", _POOL),
        ("Constraints and corrections:\n- Lower Xmx to 1200m, not 1400m.", _XMX),
    ],
)
def test_a_correction_said_with_a_pronoun_cannot_be_turned_around(
    line: str, turns: tuple[tuple[str, str], ...]
) -> None:
    assert not _stands(line, *turns)


def test_a_pronoun_with_nothing_named_before_it_names_nothing() -> None:
    # no sentence before gives a value to anything: "it" is not "the pool"
    turns = (("assistant", "Done."), ("user", "Lower it to 32, not 48."))
    assert not _stands("Constraints and corrections:\n- Lower the pool size to 32, not 48.", *turns)


_TR_BAN = (("user", "`npm run seed:prod` çalıştırma, üretimi etkiliyor."), ("assistant", "Tamam."))
_TR_FILE = (("user", "config/app.toml dosyasını değiştirme."), ("assistant", "Tamam."))
_JA_BAN = (("user", "`make e2e` は本番に影響するので実行しないでください。"), ("assistant", "OK."))


@pytest.mark.parametrize(
    ("line", "turns"),
    [
        ("`npm run seed:prod` çalıştırılmadı.", _TR_BAN),  # was not run
        ("`npm run seed:prod` was not run.", _TR_BAN),
        ("Constraints and corrections:\n- Do not modify config/app.toml.", _TR_FILE),
        ("Constraints and corrections:\n- config/app.toml must not be modified.", _TR_FILE),
        ("Constraints and corrections:\n- config/app.toml dosyasını değiştirme.", _TR_FILE),
        ("`make e2e` は実行されていません。", _JA_BAN),
        ("`make e2e` は実行していません。", _JA_BAN),
    ],
)
def test_denials_glued_to_the_verb_stand(line: str, turns: tuple[tuple[str, str], ...]) -> None:
    assert _stands(line, *turns)


@pytest.mark.parametrize(
    ("line", "turns"),
    [
        ("`npm run seed:prod` çalıştırıldı.", _TR_BAN),  # was run
        ("The assistant ran `npm run seed:prod`.", _TR_BAN),
        ("Constraints and corrections:\n- Modify config/app.toml.", _TR_FILE),
        ("Constraints and corrections:\n- config/app.toml dosyasını değiştir.", _TR_FILE),
        ("`make e2e` を実行しました。", _JA_BAN),
    ],
)
def test_runs_and_lifted_bans_said_against_a_glued_denial_are_removed(
    line: str, turns: tuple[tuple[str, str], ...]
) -> None:
    assert not _stands(line, *turns)


def _ran(command: str, output: str, line: str) -> bool:
    """Whether ``line`` stands in a recap of a record where ``command`` printed ``output``
    (and src/app/limits.py was read, src/app/pool.py written)."""
    calls = [
        ("c1", "read_file", {"path": "src/app/limits.py"}, "POOL = 64"),
        ("c2", "bash", {"command": command}, output),
        ("c3", "write_file", {"path": "src/app/pool.py", "content": "POOL = 32"}, "ok"),
    ]
    record = [Message.user("Fix the alerts.", id="u0")]
    for cid, name, args, out in calls:
        record.append(Message.assistant(ToolCall(cid, name, json.dumps(args)), id=f"a{cid}"))
        record.append(Message.tool(cid, out, id=f"r{cid}"))
    record += [Message.assistant("One test fails.", id="a9"), Message.user("ok", id="u9")]
    v = verify_recap(
        f"Goal: Fix the alerts.\n{line}", record, mode="strip", max_bytes=4000, context=record
    )
    return v.accepted and line.rsplit("\n", 1)[-1].lstrip("- ") in v.text


_GO = (
    "go test ./pkg/...",
    "=== RUN   TestParseHeader\n--- PASS: TestParseHeader (0.00s)\n=== RUN   TestRetryBudget\n"
    "    x_test.go:58: got 0, want 1\n--- FAIL: TestRetryBudget (0.02s)\nFAIL\n"
    "FAIL\tgithub.com/acme/ops/pkg\t0.31s\nFAIL",
)
_TF = (
    "terraform test",
    'tests/net.tftest.hcl... in progress\n  run "creates_subnets"... pass\n'
    '  run "denies_public_ingress"... fail\n╷\n│ Error: Test assertion failed\n╵\n'
    "tests/net.tftest.hcl... fail\n\nFailure! 1 passed, 1 failed.",
)


@pytest.mark.parametrize(
    ("run", "line"),
    [
        (_GO, "Failures:\n- `go test ./pkg/...`: TestRetryBudget failed"),
        (_GO, "TestRetryBudget failed and TestParseHeader passed."),
        (
            _GO,
            "The assistant ran `go test ./pkg/...`: TestRetryBudget failed and TestParseHeader passed.",
        ),
        (_GO, "TestParseHeader passed but TestRetryBudget failed."),
        (_TF, "Failures:\n- `terraform test`: denies_public_ingress failed"),
        (_TF, "denies_public_ingress failed and creates_subnets passed."),
        (_GO, "src/app/pool.py was rewritten."),
        (_GO, "src/app/limits.py was read."),
    ],
)
def test_honest_runs_and_writes_stand(run: tuple[str, str], line: str) -> None:
    assert _ran(*run, line)


@pytest.mark.parametrize(
    ("run", "line"),
    [
        # the test a "`cmd`: X failed" item names is on its line, not in its command
        (_GO, "Failures:\n- `go test ./pkg/...`: TestParseHeader failed"),
        (_GO, "Both TestRetryBudget and TestParseHeader failed."),
        (_TF, "Failures:\n- `terraform test`: creates_subnets failed"),
        (_TF, "creates_subnets also failed."),
        # a passive's subject is what it says was written
        (_GO, "src/app/limits.py was rewritten."),
        (_GO, "src/app/limits.py has been updated with the new limit."),
    ],
)
def test_passed_tests_said_failing_and_files_only_read_said_written_are_removed(
    run: tuple[str, str], line: str
) -> None:
    assert not _ran(*run, line)


@pytest.mark.parametrize(
    ("said", "line", "honest"),
    [
        ("Leave config/app.toml as it is.", "Keep config/app.toml as it is.", True),
        ("Leave config/app.toml as it is.", "Do not modify config/app.toml.", True),
        ("Do not modify config/app.toml.", "config/app.toml must stay unchanged.", True),
        ("Leave migrations/ untouched.", "Do not modify migrations/.", True),
        ("config/app.toml bitte nicht anfassen.", "Keep config/app.toml as it is.", True),
        ("config/app.toml dosyasına dokunma.", "Keep config/app.toml as it is.", True),
        # the allowed file is not the kept one; a condition stays; a rule kept is no leave
        (
            "You may modify src/loader.py, but leave src/schema.py untouched.",
            "Do not modify src/schema.py.",
            True,
        ),
        (
            "You may modify src/loader.py, but leave src/schema.py untouched.",
            "Do not modify src/loader.py.",
            False,
        ),
        (
            "Do not modify config/app.toml until the audit is done.",
            "config/app.toml must stay unchanged forever.",
            False,
        ),
        ("Leave config/app.toml as it is.", "Modify config/app.toml as needed.", False),
        ("Leave config/app.toml as it is.", "Ändere config/app.toml.", False),
    ],
)
def test_a_thing_kept_as_it_is_is_the_ban_on_modifying_it(
    said: str, line: str, honest: bool
) -> None:
    assert (
        _stands(f"Constraints and corrections:\n- {line}", ("user", said), ("assistant", "OK."))
        is honest
    )


def test_a_ban_and_its_reason_are_each_what_the_user_said() -> None:
    turns = (("user", "Also, don't run `make e2e` — it hits production."), ("assistant", "OK."))
    assert _stands("Per the user, `make e2e` is not to be run since it hits production.", *turns)
    assert not _stands("Per the user, `make e2e` may be run since it hits production.", *turns)
    assert not _stands("`make e2e` must not be run because it is slow.", *turns)


_GRADLE = (
    "./gradlew testDebugUnitTest",
    "> Task :app:testDebugUnitTest\n\nCartViewModelTest > errorShowsRetry PASSED\n\n"
    "CartViewModelTest > totalIncludesTax FAILED\n    org.junit.ComparisonFailure at CartViewModelTest.kt:41\n\n"
    "14 tests completed, 1 failed\n\nFAILURE: Build failed with an exception.\n\nBUILD FAILED in 38s",
)


def test_a_passed_test_named_for_an_error_is_still_marked_passed() -> None:
    assert _ran(*_GRADLE, "Failures:\n- `./gradlew testDebugUnitTest`: totalIncludesTax failed")
    assert not _ran(*_GRADLE, "Failures:\n- `./gradlew testDebugUnitTest`: errorShowsRetry failed")
