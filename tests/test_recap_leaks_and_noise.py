"""What the recap must not copy or list (a credential a tool printed: RT25-1; the shell that
ran a script: RT25-7) and the numbers it must keep (a table row the user asked about)."""

from __future__ import annotations

import json

import pytest

from contextledger import prepare
from contextledger.compaction import Conversation, OfflineSummarizer
from contextledger.compaction.credentials import HIDDEN, masked
from contextledger.compaction.findings import counted_lines
from contextledger.compaction.floor import choose_quotes
from contextledger.compaction.tool_calls import call_commands
from contextledger.model import Message, ToolCall

SECRET = "sk_live_0f3a9c1b2d4e6f8091a2b3c4d5e6f708"
ENV_DUMP = f"HOME=/home/ci\nDB_PASSWORD={SECRET}\nREGION=eu-west-1\nLOG_LEVEL=info"


def _session(rounds: int = 30) -> list[dict[str, object]]:
    """The user says where the password is and not to print it; a tool prints it; long
    reads follow, so a small window recaps the dump's turn."""
    msgs: list[dict[str, object]] = [
        {"role": "user", "content": "Fix the nightly export job."},
        {"role": "user", "content": "The password is in DB_PASSWORD; never print its value."},
        {"role": "assistant", "content": "Noted."},
    ]

    def call(k: int, name: str, args: dict[str, str], out: str) -> None:
        cid = f"call_{k}"
        fn = {"name": name, "arguments": json.dumps(args)}
        msgs.append(
            {"role": "assistant", "tool_calls": [{"id": cid, "type": "function", "function": fn}]}
        )
        msgs.append({"role": "tool", "tool_call_id": cid, "content": out})

    call(0, "bash", {"command": "printenv | sort"}, ENV_DUMP)
    for k in range(1, rounds):
        body = "\n".join(f"{j:4d}  rows = load(cfg, {k * j})  # batch {k}" for j in range(80))
        call(k, "read_file", {"path": f"src/export_{k}.py"}, body)
        msgs.append({"role": "assistant", "content": "Nothing relevant there."})
    msgs.append({"role": "user", "content": "Continue with the fix."})
    return msgs


def _non_tool_text(body: dict[str, object]) -> str:
    out = []
    for m in body["messages"]:  # type: ignore[attr-defined]
        if m["role"] == "tool":
            continue
        c = m.get("content")
        out += [c] if isinstance(c, str) else [p.get("text", "") for p in c or []]
    return "\n".join(out)


def test_masked_keeps_the_name_and_hides_the_value() -> None:
    assert masked(ENV_DUMP) == ENV_DUMP.replace(SECRET, HIDDEN)
    assert masked("max_tokens=4096, region=eu") == "max_tokens=4096, region=eu"


def test_a_quote_of_an_env_dump_names_the_secret_without_its_value() -> None:
    record = [
        Message.user("Fix it.", id="m1"),
        Message("assistant", (ToolCall("c1", "bash", '{"command": "printenv"}'),), id="m2"),
        Message.tool("c1", ENV_DUMP, id="m3"),
        Message.user("ok", id="m4"),
    ]
    quotes = choose_quotes(record, {"m1", "m4"}, {"m2", "m3"}, "", 500)
    said = "\n".join(line for _, line in quotes)
    assert SECRET not in said
    assert f"DB_PASSWORD={HIDDEN}" in said


@pytest.mark.parametrize("window", [8_000, 16_000])
def test_prepare_never_copies_a_printed_secret_outside_the_tool_message(window: int) -> None:
    body = prepare(_session(), "gpt-4o", window=window, max_output_tokens=1000).body
    assert SECRET not in _non_tool_text(body)


def test_the_offline_recap_never_copies_a_printed_secret() -> None:
    conv = Conversation.from_messages(
        [
            Message.user("Fix the export. The password is in DB_PASSWORD; never print its value."),
            Message("assistant", (ToolCall("c1", "bash", '{"command": "printenv | sort"}'),)),
            Message.tool("c1", ENV_DUMP),
            *(Message.user(f"step {i}") for i in range(20)),
        ]
    )
    out = conv.compact(OfflineSummarizer(), force=True)
    assert out.event is not None
    assert SECRET not in out.event.recap_text


SAID_PASSWORDS = [  # the user gives a password in their language, a few words before it
    "La contraseña del panel es Tarn-7731-vq.",
    "Hasło do konta to Tarn-7731-vq, nie zapisuj go.",
    "पैनल का पासवर्ड Tarn-7731-vq है।",
    "管理画面のパスワードは Tarn-7731-vq です。",
    "პაროლი: Tarn-7731-vq",
    "Nenosiri la dashibodi ni Tarn-7731-vq.",
]


@pytest.mark.parametrize("sentence", SAID_PASSWORDS)
def test_a_password_the_user_said_in_any_language_is_never_recapped(sentence: str) -> None:
    """review48: 44/48 offline recaps quoted "Cyfrinair y porth yw Kestrel-…-4471." beside the
    user's "never repeat my password"; only English "password is …" was read as a credential."""
    assert "Tarn-7731-vq" not in masked(sentence)
    conv = Conversation.from_messages(
        [
            Message.user("Update the vendor list on the dashboard. " + sentence),
            *(Message.user(f"step {i}") for i in range(20)),
        ]
    )
    out = conv.compact(OfflineSummarizer(), force=True)
    assert out.event is not None
    assert "Tarn-7731-vq" not in out.event.recap_text


@pytest.mark.parametrize(
    "sentence",
    [
        "Il codice d'errore E1234 appare dopo la versione v2.3.1-rc.",
        "Das Passwort für den Test ist 12345678.",  # a number alone is no made value
        "Ändra inte lösenordspolicyn.",  # the word, no value
        "암호화 모듈 v2.3.14 를 써 주세요.",  # Korean "encryption", not a password
    ],
)
def test_words_near_a_password_word_that_are_no_made_value_stay(sentence: str) -> None:
    assert masked(sentence) == sentence


@pytest.mark.parametrize("shell", ["/bin/bash", "/usr/bin/env bash", "zsh", "pwsh"])
def test_the_shell_that_runs_a_script_is_no_command_run(shell: str) -> None:
    call = ToolCall("c", "exec", json.dumps({"script": "make build TARGET=web", "shell": shell}))
    assert call_commands(call) == ["make build TARGET=web"]


def test_a_shell_run_alone_is_still_a_command_run() -> None:
    assert call_commands(ToolCall("c", "exec", '{"command": "bash"}')) == ["bash"]


def test_the_table_row_the_user_asked_about_is_a_number_that_matters() -> None:
    """A CSV's cell answers the user's question; no line states it with its label."""
    csv = "region,p50_ms,p95_ms\neu-west-1,88,359\nus-east-2,70,250\nap-south-1,60,240"
    conv = Conversation.from_messages(
        [
            Message.user("Fix the latency regression."),
            Message.user("What does the latency report say for eu-west-1?"),
            Message("assistant", (ToolCall("c1", "bash", '{"command": "cat lat.csv"}'),)),
            Message.tool("c1", csv),
            Message.assistant("Here is the report."),
            *(Message.user(f"step {i}") for i in range(12)),
        ]
    )
    out = conv.compact(OfflineSummarizer(), force=True)
    assert out.event is not None
    assert "region,p50_ms,p95_ms → eu-west-1,88,359" in out.event.recap_text
    assert "us-east-2" not in out.event.recap_text


def _recap_of(*messages: Message) -> str:
    padded = [Message.user("Fix the nightly export."), *messages]
    conv = Conversation.from_messages([*padded, *(Message.user(f"step {i}") for i in range(12))])
    out = conv.compact(OfflineSummarizer(), force=True)
    assert out.event is not None
    return out.event.recap_text


def _run(cid: str, command: str) -> Message:
    return Message(
        "assistant", (ToolCall(cid, "execute_command", json.dumps({"command": command})),)
    )


def test_a_password_in_a_url_a_tool_printed_is_not_recapped() -> None:
    """RT26-4: redis://default:<password>@host reached Findings."""
    url = "redis://default:FtpAwQbkdnf4Xsh4U3PcXM@redis-eu.fleet.svc:6379/0"
    recap = _recap_of(
        _run("c1", "kubectl get secret redis-auth | base64 -d"), Message.tool("c1", url)
    )
    assert "FtpAwQbkdnf4Xsh4U3PcXM" not in recap
    assert masked(url) == f"redis://default:{HIDDEN}@redis-eu.fleet.svc:6379/0"


def test_a_line_of_a_file_cat_showed_is_no_failure() -> None:
    """RT26-5: "Always force-push … after a failed build." from CONTRIBUTING.md as a failure."""
    text = "# Contributing\n- Always force-push the release branch after a failed build.\n"
    recap = _recap_of(_run("c1", "cat CONTRIBUTING.md"), Message.tool("c1", text))
    assert "Failures" not in recap
    missing = _recap_of(
        _run("c1", "cat NOTES.md"), Message.tool("c1", "cat: NOTES.md: No such file or directory")
    )
    assert "Failures:\n- `cat NOTES.md`: cat: NOTES.md: No such file or directory" in missing


def test_a_file_a_failed_command_would_have_written_is_not_written() -> None:
    """RT26-9: `pg_dump … -f /tmp/x.sql` denied was listed under Files written."""
    denied = "pg_dump: error: query failed: ERROR:  permission denied for table ledger"
    recap = _recap_of(
        _run("c1", "pg_dump -d ledger -t ledger --no-owner -f /tmp/ledger.sql"),
        Message.tool("c1", denied),
        _run("c2", "pytest -q > out/report.txt"),
        Message.tool("c2", "12 passed in 0.4s"),
    )
    assert "Files written: out/report.txt" in recap
    assert "/tmp/ledger.sql\n" not in recap.split("Commands run")[0]


def test_a_setting_set_three_times_keeps_only_its_newest_value() -> None:
    """RT26-2/RT26-1: the older values stood as constraints; "Change of plan: … should be
    10." was read as a new task and appended to the Goal."""
    recap = _recap_of(
        Message.user("Set fx_rate_tolerance_bps to 5."),
        Message.assistant("Done."),
        Message.user("Change of plan: fx_rate_tolerance_bps should be 10."),
        Message.assistant("Updated."),
        Message.user("Final answer: set fx_rate_tolerance_bps to 2."),
        Message.assistant("Set to 2."),
    )
    assert "set fx_rate_tolerance_bps to 2." in recap
    assert "to 5." not in recap
    assert "should be 10" not in recap
    assert recap.splitlines()[0] == "Goal: Fix the nightly export."


@pytest.mark.parametrize(
    ("said", "secret"),
    [
        (
            "the key sk-proj-Q7vN2mX9kL4pR8tY1wZ3bC6dF0gH5jA is set",
            "Q7vN2mX9kL4pR8tY1wZ3bC6dF0gH5jA",
        ),
        ("ANTHROPIC=sk-ant-api03-Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1Jh0Gf9EdCbA", "Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1"),
        (
            "sends Authorization: Bearer 9f8a7b6c5d4e3f2a1b0c9d8e7f6a, twice",
            "9f8a7b6c5d4e3f2a1b0c9d8e7f6a",
        ),
        ("the config password is c0rrect-h0rse-battery.", "c0rrect-h0rse-battery"),
        ('{"db": {"password": "c0rrect-h0rse-battery"}}', "c0rrect-h0rse-battery"),
    ],
)
def test_key_shapes_are_masked(said: str, secret: str) -> None:
    """R21-R1: OpenAI/Anthropic key shapes, bearer tokens, "password is …" went through."""
    assert secret not in masked(said)
    assert HIDDEN in masked(said)


def test_an_assistant_restating_a_secret_never_puts_it_in_the_recap() -> None:
    """R21-R1: the assistant's own line ("The app uses DATABASE_URL=postgres://app:…@…")
    was recapped verbatim."""
    recap = _recap_of(
        _run("c1", "env | sort"),
        Message.tool("c1", "DATABASE_URL=postgres://app:Hunter2Hunter2xyz@db.internal:5432/app"),
        Message.assistant(
            "The app uses DATABASE_URL=postgres://app:Hunter2Hunter2xyz@db.internal:5432/app "
            "and the key sk-proj-Q7vN2mX9kL4pR8tY1wZ3bC6dF0gH5jA for the jobs, version 2.3.1."
        ),
    )
    assert "Hunter2Hunter2xyz" not in recap
    assert "Q7vN2mX9kL4pR8tY1wZ3bC6dF0gH5jA" not in recap


@pytest.mark.parametrize(
    ("output", "name"),
    [
        (
            "LogAutomationController: Display: Test Started. Name={MatchBackfill}\n"
            "LogAutomationController: Error: Expected 'PlayerCount' to be 64, but it was 63.\n"
            "LogAutomationController: Display: Test Completed. Result={Fail} Name={MatchBackfill}"
            " Path={Project.Functional.MatchBackfill}",
            "MatchBackfill",
        ),
        (
            "test\tRun pytest -q\t2026-11-18T10:02:10.1190000Z pytest -q\n"
            "test\tRun pytest -q\t2026-11-18T10:02:41.0220000Z FAILED tests/test_s.py::test_plural"
            " - AssertionError\n"
            "test\tRun pytest -q\t2026-11-18T10:02:41.0230000Z 1 failed, 211 passed in 30.12s",
            "tests/test_s.py::test_plural",
        ),
        (
            "TASK [restart dicom-router] *****\n"
            'fatal: [pacs-app-01]: FAILED! => {"changed": false, "msg": "Unable to restart"}\n'
            "PLAY RECAP *****\npacs-app-01 : ok=11 changed=2 unreachable=0 failed=1",
            "TASK [restart dicom-router]",
        ),
        (
            "Summary: 1 package finished [43.0s]\n"
            "build/nav/test_results/nav/test_planner.gtest.xml: 18 tests, 0 errors, 1 failure, 0 skipped\n"
            "- nav.PlannerTest replans_around_obstacle\n  <<< failure message\n"
            "    Expected equality of these values:\n  >>>\n\n"
            "Summary: 18 tests, 0 errors, 1 failure, 0 skipped",
            "nav.PlannerTest replans_around_obstacle",
        ),
    ],
)
def test_failing_tests_of_new_runners_are_named(output: str, name: str) -> None:
    """RT26-3: Unreal automation, a GitHub Actions log, an Ansible task, colcon test-result."""
    recap = _recap_of(_run("c1", "make ci"), Message.tool("c1", output))
    failures = recap.split("Failures:")[1] if "Failures:" in recap else ""
    assert name in failures


def test_a_test_path_naming_auth_or_token_is_no_credential() -> None:
    """The mask once hid a pytest id: "tests/auth/test_auth.py::test_token_refresh"."""
    line = "FAILED tests/auth/test_auth.py::test_token_refresh - AssertionError"
    assert masked(line) == line


def test_settings_of_two_scopes_and_a_key_not_reset_stand() -> None:
    """R21-R4: staging's value was dropped for production's; a sentence setting two keys
    was dropped when one of them changed."""
    recap = _recap_of(
        Message.user("In staging, max_connections should be 50."),
        Message.user("In production, max_connections should be 500."),
        Message.user("Set retry_limit to 3 and timeout_s to 30."),
        Message.user("Actually retry_limit should be 5."),
    )
    for said in ("should be 50", "should be 500", "timeout_s to 30", "retry_limit should be 5"):
        assert said in recap


def test_settings_named_like_credentials_are_constraints_not_secrets() -> None:
    """R21-R2: "Keep auth: oidc-keycloak …" was masked, then stripped as unsupported."""
    rules = [
        "Keep auth: oidc-keycloak for the admin panel.",
        "Use token_format: opaque-v2 for service tokens.",
    ]
    recap = _recap_of(*(Message.user(r) for r in rules))
    for rule in rules:
        assert rule in recap


def test_a_secret_given_to_a_command_is_masked_and_the_command_kept() -> None:
    """R21-R3 (and R21-R2: a masked command was stripped as never run)."""
    recap = _recap_of(
        _run("c1", "PGPASSWORD=PgPassw0rd777 psql -h db -c 'select 2'"),
        Message.tool("c1", "ERROR 1045 access denied\nexit code 1"),
        _run("c2", "curl -u admin:AdminPass9876 https://ci.internal/api/jobs"),
        Message.tool("c2", "ok"),
    )
    assert "PgPassw0rd777" not in recap and "AdminPass9876" not in recap
    assert f"`PGPASSWORD={HIDDEN} psql -h db -c 'select 2'`" in recap
    assert f"curl -u admin:{HIDDEN}" in recap


def test_a_date_a_tool_printed_is_no_number_that_matters() -> None:
    """RT26-10: helm's "Last Started: Wed Nov 18 10:03:01 2026" is a date, not a count; a
    count beside a date still is one."""
    helm = (
        "TEST SUITE:     game-fleet-failover\nLast Started:   Wed Nov 18 10:03:01 2026\n"
        "Last Completed: Wed Nov 18 10:03:09 2026\nPhase:          Succeeded"
    )
    assert counted_lines(helm) == []
    assert counted_lines("TOTAL LAG: 18,204 messages behind\nchecked at 2026-11-18 10:02") == [
        "TOTAL LAG: 18,204 messages behind"
    ]
