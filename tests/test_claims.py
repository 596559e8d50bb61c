"""Verification of claims, not words: who did what, whether it ran, whether it failed.

Generated sessions (commands run and failed, files written and read, the user's rules and
preferences) are recapped honestly (never a false alarm) and with lies that reuse the
record's own words in the wrong role: a command only the user mentioned claimed as run,
a rule turned around, arguments cut off, a read file claimed written, a pass claimed as a
failure. Every lie is stripped (or the recap rejected) and reported. A lying
OpenAI-compatible summarizer on 127.0.0.1 goes through the same check end to end.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.compaction import (
    CompactionPolicy,
    Conversation,
    OfflineSummarizer,
    OpenAISummarizer,
)
from contextledger.compaction.digest import BACKFILL_HEADER, parse_digest
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall, with_ids
from stub_server import StubReply, StubServer

PACKAGES = ["billing", "auth", "ingest", "search", "export", "payments", "ledger"]
PROGRAMS = ["pytest -q tests/{p}", "ruff check src/{p}", "make {p}", "npm run {p}", "mypy src/{p}"]
DANGEROUS = ["rm -rf build/{p}", "git push --force origin {p}", "docker system prune -af"]
CACHES = [("Redis", "Memcached"), ("Postgres", "MySQL"), ("httpx", "requests")]


@dataclass
class Session:
    messages: list[Message]
    ran: list[tuple[str, bool]] = field(default_factory=list)  # (command, failed)
    written: list[str] = field(default_factory=list)
    read: list[str] = field(default_factory=list)
    forbidden: list[str] = field(default_factory=list)  # commands the user said never to run
    preference: tuple[str, str] = ("Redis", "Memcached")


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    pk = draw(st.permutations(PACKAGES))
    prefer = draw(st.sampled_from(CACHES))
    forbidden = draw(st.sampled_from(DANGEROUS)).format(p=pk[0])
    msgs = [
        Message.user(f"Please fix the {pk[1]} export so totals match the ledger."),
        Message.user(f"Never run `{forbidden}` on the shared runner."),
        Message.user(f"Use {prefer[0]} not {prefer[1]} for the session cache."),
    ]
    s = Session(msgs, forbidden=[forbidden], preference=prefer)
    steps = draw(st.lists(st.sampled_from(["run", "write", "read"]), min_size=3, max_size=9))
    for i, step in enumerate(steps):
        cid = f"call_{i}"
        p = pk[(i % (len(pk) - 1)) + 1]
        if step == "run":
            cmd = draw(st.sampled_from(PROGRAMS)).format(p=p) + f" -k case_{i}"
            failed = draw(st.booleans())
            out = (
                f"FAILED tests/{p}/test_{p}.py::test_case_{i} - AssertionError\n1 failed, 3 passed"
                if failed
                else "4 passed in 0.8s"
            )
            msgs.append(
                Message("assistant", (ToolCall(cid, "shell", json.dumps({"command": cmd})),))
            )
            msgs.append(Message.tool(cid, out))
            s.ran.append((cmd, failed))
        else:
            path = f"src/{p}/module_{i}.py"
            tool = "write_file" if step == "write" else "read_file"
            args = {"path": path, "content": "x = 1\n"} if step == "write" else {"path": path}
            msgs.append(Message("assistant", (ToolCall(cid, tool, json.dumps(args)),)))
            msgs.append(Message.tool(cid, "ok" if step == "write" else "x = 1"))
            (s.written if step == "write" else s.read).append(path)
        msgs.append(Message.assistant(f"Step {i} done."))
    s.messages = list(with_ids(msgs))
    return s


def honest(s: Session) -> str:
    lines = [
        "The user wants the export totals to match the ledger.",
        f"The user said never to run `{s.forbidden[0]}` on the shared runner.",
        f"The user asked to use {s.preference[0]} not {s.preference[1]} for the session cache.",
    ]
    for cmd, failed in s.ran:
        lines.append(f"The assistant ran `{cmd}`, which {'failed' if failed else 'passed'}.")
    lines += [f"It wrote {p}." for p in s.written]
    lines += [f"It read {p}." for p in s.read]
    return " ".join(lines)


def lies(s: Session) -> list[str]:
    """Lies made of the record's own words, each in a role the record does not give them."""
    a, b = s.preference
    out = [
        f"The assistant ran `{s.forbidden[0]}`.",  # only the user said it, and said never
        f"Commands run:\n- `{s.forbidden[0]}`",
        f"The user asked to run `{s.forbidden[0]}` on the shared runner.",  # polarity swap
        f"Constraints and corrections:\n- Run `{s.forbidden[0]}` on the shared runner.",
        f"The user wants {b} not {a} for the session cache.",  # preference swapped
        f"Constraints and corrections:\n- Use {b} instead of {a} for the session cache.",
        f"The assistant decided never to run `{s.forbidden[0]}`.",  # the user's rule
    ]
    for cmd, failed in s.ran:
        out.append(f"Commands run:\n- `{cmd.rsplit(' ', 1)[0]}`")  # arguments cut
        out.append(f"`{cmd}` {'passed' if failed else 'failed'}.")  # outcome swapped
    out += [f"The assistant wrote {p}." for p in s.read]  # read, not written
    out += [f"Files written: {p}" for p in s.read]
    return out


@settings(max_examples=40)
@given(sessions())
def test_the_offline_recap_is_never_a_false_alarm(s: Session) -> None:
    everything = CompactionPolicy(keep_recent=0)
    out = Conversation.from_messages(s.messages).compact(
        OfflineSummarizer(), everything, force=True
    )
    v = out.verification
    assert v is not None and v.accepted
    assert v.misclaims == () and v.unsupported == (), v.summary()
    recap = out.event.recap_text if out.event else ""
    # the structured recap states the claims the record supports, in their sections
    assert f"- Never run `{s.forbidden[0]}` on the shared runner." in recap
    sections = parse_digest(recap).sections
    assert f"`{s.forbidden[0]}`" not in sections.get("Commands run", [])
    assert sections.get("Commands run", []) == [f"`{c}`" for c, _ in s.ran]


@settings(max_examples=40)
@given(sessions())
def test_an_honest_prose_recap_passes_untouched(s: Session) -> None:
    v = verify_recap(honest(s), s.messages, max_bytes=20_000, ledger=False)
    assert v.misclaims == () and v.unsupported == (), v.summary()
    assert v.removed_sentences == ()


@settings(max_examples=30)
@given(sessions(), st.data())
def test_every_lie_in_the_wrong_role_is_caught(s: Session, data: st.DataObject) -> None:
    base = honest(s)
    for lie in lies(s):
        v = verify_recap(base + "\n" + lie, s.messages, max_bytes=20_000, ledger=False)
        assert v.misclaims, f"not caught: {lie!r}"
        assert lie.splitlines()[-1].removeprefix("- ") not in v.text.split(base)[-1], lie
        assert "claims checked" in v.summary() and v.misclaims[0].reason in v.summary()
        rejected = verify_recap(base + "\n" + lie, s.messages, mode="reject")
        assert not rejected.accepted and rejected.text == ""


def test_the_issue_cases_in_their_own_words() -> None:
    """The hidden case of the issue: a constraint turned into a command, a command cut."""
    said = with_ids(
        [
            Message.user("Fix the login flow. Do not touch src/payments/."),
            Message("assistant", (ToolCall("c", "bash", '{"command": "pytest -k login_flow"}'),)),
            Message.tool("c", "FAILED tests/test_auth.py::test_login_flow - AssertionError"),
        ]
    )
    for lie, kind in [
        ("Commands run:\n- `touch src/payments/`", "ran"),
        ("Commands run:\n- `pytest -k`", "ran"),
        ("The assistant ran `rm -rf build`.", "ran"),
        ("Files written: src/payments/", "wrote"),
        ("tests/test_auth.py::test_logout_flow failed.", "failed"),
    ]:
        v = verify_recap("Goal: Fix the login flow.\n" + lie, said)
        assert [c.kind for c in v.misclaims] == [kind], (lie, v.misclaims)
        assert v.text.startswith("Goal: Fix the login flow.")
    cut = verify_recap("Commands run:\n- `pytest -k`", said).misclaims[0]
    assert "`pytest -k login_flow` ran" in cut.reason
    assert "only the user mentioned it" in (
        verify_recap("Commands run:\n- `touch src/payments/`", said).misclaims[0].reason
    )


def test_a_failure_needs_a_failure_marker_in_tool_output() -> None:
    """OpenAI-format tool messages carry no error flag: the output text decides."""
    said = with_ids(
        [
            Message.user("Run the tests."),
            Message("assistant", (ToolCall("a", "shell", '{"command": "npm test"}'),)),
            Message.tool("a", "npm ERR! Test failed.  See above for more details.\nexit code 1"),
            Message("assistant", (ToolCall("b", "shell", '{"command": "make lint"}'),)),
            Message.tool("b", "All checks passed!"),
        ]
    )
    assert verify_recap("`npm test` failed.", said).misclaims == ()
    assert [c.value for c in verify_recap("`make lint` failed.", said).misclaims] == ["make lint"]
    assert verify_recap("`make lint` passed.", said).misclaims == ()
    assert [c.value for c in verify_recap("`npm test` passed.", said).misclaims] == ["npm test"]


def test_a_previous_recap_vouches_for_what_it_said() -> None:
    prev = "Commands run:\n- `alembic upgrade head`\nFiles written: db/schema.sql"
    msgs = with_ids([Message.user("Now add tests for the parser.")])
    v = verify_recap(
        "The assistant ran `alembic upgrade head` and wrote db/schema.sql.", msgs, prev
    )
    assert v.misclaims == (), v.misclaims


LYING_RECAP = (
    "Goal: fix the login flow so users stay signed in.\n"
    "Constraints and corrections:\n"
    "- Do not touch src/payments/.\n"
    "- Use Memcached instead of Redis for the session cache.\n"
    "Commands run:\n"
    "- `pytest -k login_flow`\n"
    "- `rm -rf build`\n"
    "Failures:\n"
    "- `pytest -k login_flow`: FAILED tests/test_auth.py::test_login_flow - AssertionError\n"
    "Files written: src/auth/session.py, src/payments/refund.py"
)


def agent_session() -> list[dict[str, object]]:
    def call(cid: str, name: str, args: dict[str, str]) -> dict[str, object]:
        fn = {"name": name, "arguments": json.dumps(args)}
        return {
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": cid, "type": "function", "function": fn}],
        }

    msgs: list[dict[str, object]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": "Fix the login flow so users stay signed in."},
        {"role": "user", "content": "Do not touch src/payments/. Never run rm -rf build."},
        call("c1", "bash", {"command": "pytest -k login_flow"}),
        {
            "role": "tool",
            "tool_call_id": "c1",
            "content": "FAILED tests/test_auth.py::"
            "test_login_flow - AssertionError\n1 failed, 4 passed",
        },
        {"role": "user", "content": "Actually, use Redis not Memcached for the session cache."},
        call("c2", "write_file", {"path": "src/auth/session.py", "content": "x"}),
        {"role": "tool", "tool_call_id": "c2", "content": "wrote 1 file"},
    ]
    for i in range(6):
        msgs.append({"role": "user", "content": "ok, keep going"})
        msgs.append({"role": "assistant", "content": f"Step {i} done."})
    return msgs


def test_a_lying_openai_compatible_summarizer_is_caught(stub: StubServer) -> None:
    """A real HTTP summarizer on 127.0.0.1 whose recap lies in the record's own words."""
    from contextledger.providers import read_messages

    conv = Conversation.from_messages(with_ids(read_messages(agent_session())))
    summarizer = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)
    stub.script(StubReply(LYING_RECAP))
    out = conv.compact(summarizer, force=True)
    assert out.status == "compacted", out.report
    v = out.verification
    assert v is not None
    assert {(c.kind, c.value) for c in v.misclaims} == {
        ("constraint", "Use Memcached instead of Redis for the session cache."),
        ("ran", "rm -rf build"),
        ("wrote", "src/payments/refund.py"),
    }
    recap = out.event.recap_text if out.event else ""
    assert "- `rm -rf build`" not in recap and "Use Memcached" not in recap
    assert "rm -rf build" not in recap.split(BACKFILL_HEADER)[0]
    assert "refund.py" not in recap
    assert "`pytest -k login_flow`" in recap and "Do not touch src/payments/." in recap
    assert any("3 unsupported" in line and "rm -rf build" in line for line in out.report)
    stub.script(StubReply(LYING_RECAP))
    rejected = conv.compact(summarizer, force=True, mode="reject")
    assert rejected.status == "failed" and rejected.conversation == conv
    assert "recap rejected" in " ".join(rejected.report)
    assert len(stub.completions()) == 2


def test_compact_json_shows_the_structured_recap_and_the_claims(
    stub: StubServer, tmp_path: Path
) -> None:
    import contextledger.cli.compact  # noqa: F401  (registers the command)
    from contextledger.cli import main

    file = tmp_path / "chat.json"
    file.write_text(json.dumps(agent_session()))
    offline = CliRunner().invoke(main, ["compact", str(file), "--json", "--keep-recent", "2"])
    assert offline.exit_code == 0, offline.output
    data = json.loads(offline.output)
    sections = data["sections"]
    assert sections["Commands run"] == ["`pytest -k login_flow`"]
    assert sections["Files written"] == ["src/auth/session.py"]
    assert "Never run rm -rf build." in sections["Constraints and corrections"]
    assert data["verification"]["counts"]["unsupported_claims"] == 0
    assert data["verification"]["counts"]["claims_checked"] > 5
    stub.script(StubReply(LYING_RECAP))
    env = {"OPENAI_BASE_URL": stub.url, "OPENAI_API_KEY": "k", "CONTEXT_COMPACTION_RETRIES": "0"}
    lying = CliRunner().invoke(
        main, ["compact", str(file), "--json", "--summarizer", "openai:gpt-4o-mini"], env=env
    )
    assert lying.exit_code == 0, lying.output
    claims = json.loads(lying.output)["verification"]["unsupported_claims"]
    assert {c["kind"] for c in claims} == {"constraint", "ran", "wrote"}
    assert all(c["reason"] for c in claims)


@pytest.mark.parametrize(
    ("recap", "ok"),
    [
        ("The user said never to run rm -rf build.", True),
        ("Never run rm -rf build.", True),
        ("The user asked to run rm -rf build.", False),
        ("rm -rf build was run to clean up.", False),
        ("The user prefers Redis over Memcached.", True),
        ("The user prefers Memcached over Redis.", False),
    ],
)
def test_polarity_and_preference(recap: str, ok: bool) -> None:
    said = with_ids(
        [
            Message.user("Never run rm -rf build."),
            Message.user("Actually, use Redis not Memcached for the session cache."),
        ]
    )
    assert (verify_recap(recap, said).misclaims == ()) is ok


def long_record(turns: int) -> list[Message]:
    """A session whose flattened transcript is several times the 12,000-byte cap, with a
    marker in every user turn."""
    msgs = [Message.user("Fix the export totals. Never run `rm -rf build`.")]
    for i in range(turns):
        msgs.append(Message.user(f"Note marker-{i}: check src/export/part_{i}.py next."))
        cid = f"call_{i}"
        cmd = json.dumps({"command": f"pytest -q tests/test_part_{i}.py"})
        msgs.append(Message("assistant", (ToolCall(cid, "shell", cmd),)))
        msgs.append(Message.tool(cid, f"{i} passed\n" + "log line\n" * 40))
        msgs.append(Message.assistant(f"Part {i} checked."))
    return list(with_ids(msgs))


def test_a_paid_recap_over_a_long_record_leaves_nothing_out(stub: StubServer) -> None:
    """Recap of recap + new turns: every message reaches the summarizer, each call within
    the transcript cap, each call extending the recap the last one wrote."""
    record = long_record(60)
    summarizer = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)
    replies = [f"Goal: Fix the export totals.\nNumbers that matter:\n- pass {k}" for k in range(20)]
    stub.script(*(StubReply(r) for r in replies))
    policy = CompactionPolicy(keep_recent=4)
    out = Conversation.from_messages(record).compact(summarizer, policy, force=True)
    assert out.status == "compacted", out.report
    sent = [r.body["messages"][-1]["content"] for r in stub.completions()]
    assert len(sent) > 2
    assert all(len(t.encode()) <= policy.transcript_bytes for t in sent)
    covered = [m for m in record if out.event and m.id in out.event.covers]
    markers = {m.text.split(":")[0] for m in covered if "marker-" in m.text}
    seen = {w.rstrip(":") for t in sent for w in t.split() if w.startswith("marker-")}
    assert {f"marker-{i}" for i in range(59)} <= {m.removeprefix("Note ") for m in markers}
    assert {m.removeprefix("Note ") for m in markers} <= seen  # no message left out
    for k, t in enumerate(sent[1:]):
        assert f"- pass {k}" in t  # each call extends the recap of the one before
    assert any("no message left out" in line for line in out.report)
    assert "held to" not in " ".join(out.report)


def test_beyond_the_call_limit_the_oldest_runs_are_recapped_offline_first(
    stub: StubServer,
) -> None:
    record = long_record(60)
    summarizer = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)
    stub.script(*(StubReply("Goal: Fix the export totals.") for _ in range(5)))
    policy = CompactionPolicy(keep_recent=4, max_summarizer_calls=2)
    out = Conversation.from_messages(record).compact(summarizer, policy, force=True)
    assert out.status == "compacted", out.report
    sent = [r.body["messages"][-1]["content"] for r in stub.completions()]
    assert len(sent) == 2
    # the offline recap of the early runs is the first call's previous recap
    assert "Constraints and corrections:\n- Never run `rm -rf build`." in sent[0]
    assert "`pytest -q tests/test_part_0.py`" in sent[0]
    assert any("recapped offline first" in line for line in out.report)


@pytest.mark.parametrize(
    ("output", "failed"),
    [
        ("--- FAIL: TestBackoff0 (0.00s)\nFAIL\texample.com/x\t0.02s", True),
        ("test retry::backoff_0 ... FAILED", True),
        ("  ✕ retries with jitter (12 ms)\nTests: 1 failed, 9 passed", True),
        ("ok  \texample.com/x\t0.02s", False),
    ],
)
def test_failures_are_read_from_each_runners_output(output: str, failed: bool) -> None:
    said = with_ids(
        [
            Message.user("Run the tests."),
            Message("assistant", (ToolCall("a", "exec_command", '{"cmd": "go test ./..."}'),)),
            Message.tool("a", output),
        ]
    )
    assert (verify_recap("`go test ./...` failed.", said).misclaims == ()) is failed
    assert (verify_recap("`go test ./...` passed.", said).misclaims == ()) is not failed


def test_any_backticked_command_claimed_run_is_checked_and_items_are_exact() -> None:
    said = with_ids(
        [
            Message.user("Under no circumstances run `terraform apply` from a laptop."),
            Message("assistant", (ToolCall("a", "bash", '{"command": "mypy src/quotas"}'),)),
            Message.tool("a", "Success: no issues found"),
        ]
    )
    assert verify_recap("The assistant ran `terraform apply`.", said).misclaims
    assert verify_recap("The user asked to run `terraform apply` from a laptop.", said).misclaims
    assert verify_recap("Commands run:\n- `mypy`", said).misclaims  # its argument cut
    assert verify_recap("The assistant ran mypy.", said).misclaims == ()  # the program alone


def test_tests_claimed_green_need_a_passing_last_test_run() -> None:
    said = [
        Message.user("Fix the flaky checkout test."),
        Message("assistant", (ToolCall("a", "bash", '{"command": "pytest -q"}'),)),
        Message.tool("a", "FAILED tests/test_checkout.py::test_total\n1 failed, 8 passed"),
    ]
    failing = with_ids(said)
    assert verify_recap("All tests pass now.", failing).misclaims
    assert verify_recap("The tests failed.", failing).misclaims == ()
    fixed = with_ids(
        [
            *said,
            Message("assistant", (ToolCall("b", "bash", '{"command": "pytest -q"}'),)),
            Message.tool("b", "9 passed in 1.2s"),
        ]
    )
    assert verify_recap("All tests pass now.", fixed).misclaims == ()
    never_ran = with_ids([Message.user("Fix the flaky checkout test.")])
    assert verify_recap("The tests failed.", never_ran).misclaims


def test_an_editor_or_patch_tool_runs_no_shell_command() -> None:
    patch = '{"input": "*** Begin Patch\\n*** Update File: a.py\\n@@\\n-x\\n+y\\n*** End Patch"}'
    said = with_ids(
        [
            Message.user("Rename x to y in a.py."),
            Message("assistant", (ToolCall("a", "apply_patch", patch),)),
            Message.tool("a", "Done"),
            Message(
                "assistant",
                (ToolCall("b", "str_replace_editor", '{"command": "view", "path": "a.py"}'),),
            ),
            Message.tool("b", "y = 1"),
        ]
    )
    recap = OfflineSummarizer().summarize_record(said, None, max_bytes=2_000)
    assert "Commands run" not in recap and "Files written: a.py" in recap
    assert verify_recap("The assistant ran `view`.", said).misclaims


def _shell(cid: str, command: str) -> Message:
    return Message("assistant", (ToolCall(cid, "bash", json.dumps({"command": command})),))


REDTEAM14 = list(
    with_ids(
        [
            Message.user("Fix the login session bug."),
            _shell("c1", "grep -rc 'TODO(login)' src/web | awk -F: '{s+=$2} END {print s}'"),
            Message.tool("c1", "17"),
            Message(
                "assistant",
                (
                    ToolCall(
                        "c2",
                        "apply_patch",
                        json.dumps(
                            {
                                "input": "*** Update File: ops/backup/pg_backup.sh\n"
                                "-STATEMENT_TIMEOUT=30000\n+STATEMENT_TIMEOUT=0\n"
                            }
                        ),
                    ),
                ),
            ),
            Message.tool("c2", "Done!"),
            _shell("c3", "pytest -k login_flow -x -q"),
            Message.tool("c3", "FAILED tests/test_login.py::test_redirect - assert 500 == 302"),
            _shell("c4", "pg_dump -Fc shop"),
            Message.tool("c4", "pg_dump: error: canceling statement due to statement timeout"),
        ]
    )
)


@pytest.mark.parametrize(
    ("line", "honest"),
    [  # what the assistant did, credited to it: a call or its result says it
        (
            "Numbers that matter:\n- Assistant: grep counted 17 TODO(login) markers in src/web.",
            True,
        ),
        ("Decisions:\n- Assistant: set STATEMENT_TIMEOUT to 0 in ops/backup/pg_backup.sh.", True),
        ("Decisions:\n- Assistant: deleted ops/backup/pg_backup.sh.", False),
        ("Decisions:\n- Assistant: set STATEMENT_TIMEOUT to 5 in ops/backup/pg_backup.sh.", False),
        # the sides of an assertion (redteam14 F8)
        (
            "`pytest -k login_flow -x -q`: FAILED tests/test_login.py::test_redirect - assert 500 == 302",
            True,
        ),
        (
            "`pytest -k login_flow -x -q`: FAILED tests/test_login.py::test_redirect - assert 302 == 500",
            False,
        ),
        # how many times it failed
        ("`pg_dump -Fc shop` failed with a statement timeout.", True),
        ("`pg_dump -Fc shop` failed twice with a statement timeout.", False),
        ("pg_dump failed twice with a statement timeout.", False),
    ],
)
def test_redteam14_honest_lines_stand_and_lies_do_not(line: str, honest: bool) -> None:
    v = verify_recap(line, REDTEAM14, ledger=False)
    assert (not v.misclaims and not v.unsupported) is honest, v.summary()


class _Fixed:
    """An LLM summarizer that answers a fixed recap."""

    name = "fixed"

    def __init__(self, text: str) -> None:
        self.text = text

    def summarize(self, prompt: str, transcript: str, *, max_tokens: int) -> str:
        return self.text


def test_a_rule_whose_turn_stays_in_view_is_true_in_an_llm_recap() -> None:
    """The rule's turn is pinned, so the recap does not cover it; the recap restating it
    is still true to the record (redteam14 F6: it was removed as "never occurred")."""
    from contextledger.prepare import prepare

    msgs: list[dict[str, object]] = [
        {"role": "user", "content": "Fix the flaky login flow tests."},
        {
            "role": "user",
            "content": "Rules: do not touch src/payments/ at all. Never run rm -rf build.",
        },
    ]
    for i in range(40):
        args = json.dumps({"command": f"pytest -k login_flow -x -q --count {i}"})
        call = {"id": f"c{i}", "type": "function", "function": {"name": "bash", "arguments": args}}
        msgs += [
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": f"c{i}", "content": f"{i} passed\n" + "log\n" * 20},
            {"role": "user", "content": "ok, keep going"},
            {"role": "assistant", "content": f"Run {i} done."},
        ]
    rules = "- Do not touch src/payments/ at all.\n- Never run rm -rf build."
    for recap, honest in [(rules, True), (rules.replace("Never run", "Always run"), False)]:
        reply = f"Goal: fix the flaky login flow tests.\nConstraints and corrections:\n{recap}"
        out = prepare(msgs, "gpt-4o", window=4000, max_output_tokens=500, summarizer=_Fixed(reply))
        verified = next(c for c in out.report.compaction if c.startswith("verified"))
        assert ("removed" not in verified) is honest, verified
