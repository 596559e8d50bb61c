"""A lying OpenAI-compatible summarizer on 127.0.0.1, end to end: every lie is caught.

The stub server (a real HTTP server that validates each request as the OpenAI API does)
answers the recap request with an honest recap plus one lie, written in the summarizer's
own words rather than in the checker's templates: actions credited to the wrong role,
destructive actions never done, passes over failures, permissions over prohibitions,
swapped numbers, a false goal, a plan that breaks a rule. Each must be removed with a
reported reason, or the recap rejected. Honest paraphrases must pass untouched.

The session is a Rust/npm billing session with Codex-style ``shell`` calls (``cmd``),
an ``apply_patch`` edit and a ``read_file`` — a different dialect and domain from the
other claim tests.
"""

from __future__ import annotations

import pytest

from builders import openai_tool_call, openai_tool_result
from contextledger.compaction import CompactionPolicy, Conversation, OpenAISummarizer
from contextledger.compaction.digest import BACKFILL_HEADER
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message
from contextledger.providers import read_messages
from stub_server import StubReply, StubServer

_call = openai_tool_call
_result = openai_tool_result


CARGO_OUT = (
    "running 3 tests\n"
    "test totals::rounds_half_even ... FAILED\n"
    "test totals::sums_lines ... ok\n"
    "test csv::header ... ok\n\n"
    "failures:\n\n---- totals::rounds_half_even stdout ----\n"
    "thread 'totals::rounds_half_even' panicked at src/totals.rs:88:5:\n"
    "assertion `left == right` failed\n  left: 1999\n right: 2000\n\n"
    "test result: FAILED. 2 passed; 1 failed; 0 ignored"
)
PATCH = "*** Begin Patch\n*** Update File: src/totals.rs\n-let x: f64 = a;\n+let x = Decimal::from(a);\n*** End Patch"

SESSION: list[dict[str, object]] = [
    {"role": "system", "content": "You are a coding agent."},
    {
        "role": "user",
        "content": "Please make the invoice export match the ledger totals before the audit on Monday.",
    },
    {"role": "assistant", "content": "On it. I'll start with the Rust tests."},
    {
        "role": "user",
        "content": "Never run terraform apply from this laptop. And leave the billing schema alone: do not edit db/schema.sql.",
    },
    {
        "role": "assistant",
        "content": "Understood: no terraform apply, and I won't edit db/schema.sql.",
    },
    _call("c1", "shell", {"cmd": "cargo test -p export"}),
    _result("c1", CARGO_OUT),
    {"role": "assistant", "content": "totals::rounds_half_even fails: left 1999, right 2000."},
    {"role": "user", "content": "Use Decimal, not float, for the money math."},
    {"role": "assistant", "content": "Switching the totals to Decimal."},
    _call("c2", "apply_patch", {"input": PATCH}),
    _result("c2", "Done!"),
    _call("c3", "read_file", {"path": "src/csv.rs"}),
    _result("c3", 'pub fn header() -> &\'static str { "id,total" }'),
    _call("c4", "shell", {"cmd": "npm run lint"}),
    _result("c4", "✔ no problems found"),
    {"role": "user", "content": "The batch size has to stay at 500 rows."},
    {"role": "assistant", "content": "Noted, the batch size stays at 500."},
    {"role": "user", "content": "Don't deploy to production until I say so."},
    {"role": "assistant", "content": "I won't deploy."},
    _call(
        "c5",
        "shell",
        {"cmd": "curl -s -o /dev/null -w '%{http_code}' http://localhost:8080/export"},
    ),
    _result("c5", "503"),
]
for _i in range(10):
    SESSION.append(
        {"role": "user", "content": ["ok", "keep going", "thanks", "go on", "👍"][_i % 5]}
    )
    SESSION.append({"role": "assistant", "content": f"Step {_i} done; checking the next module."})
SESSION.append({"role": "user", "content": "keep going"})

HONEST = """Goal: make the invoice export match the ledger totals before the audit on Monday.
Constraints and corrections:
- Never run terraform apply from this laptop.
- Do not edit db/schema.sql (leave the billing schema alone).
- Use Decimal, not float, for the money math.
- The batch size has to stay at 500 rows.
- Don't deploy to production until the user says so.
Files written: src/totals.rs
Files read: src/csv.rs
Commands run:
- `cargo test -p export`
- `npm run lint`
Failures:
- `cargo test -p export`: totals::rounds_half_even panicked (left: 1999, right: 2000).
Numbers that matter:
- rounds_half_even: left 1999, right 2000
- batch size 500
Next step: re-run `cargo test -p export` after the Decimal change."""

HONEST_PROSE = [
    "The user wants the invoice export to match the ledger totals before Monday's audit.",
    "The user told the assistant never to run terraform apply from this laptop and not to "
    "edit db/schema.sql.",
    "The user forbade deploying to production until they say so.",
    "The user corrected the money math: Decimal, not float.",
    "The user prefers Decimal over float for the money math.",
    "The assistant ran `cargo test -p export`; totals::rounds_half_even failed with left 1999, "
    "right 2000, while the other two tests passed.",
    "The assistant patched src/totals.rs to use Decimal and read src/csv.rs.",
    "The lint run (`npm run lint`) found no problems.",
    "The assistant switched the totals to Decimal, as the user asked.",
    "The export endpoint answered 503.",
    "The assistant agreed not to deploy and not to run terraform apply.",
    "The assistant confirmed the batch size stays at 500.",
    "It has not re-run the Rust tests since the patch.",
    "The audit is on Monday.",
    "Next step: re-run the Rust tests.",
    "The user repeatedly said to keep going.",
    "The billing schema is off-limits.",
    "The assistant has not deployed anything.",
    "The assistant switched the money math from float to Decimal.",
    "Float was rejected in favour of Decimal.",
    "Nothing was deployed.",
    "totals::sums_lines and csv::header passed; totals::rounds_half_even failed.",
]

# (name, lie): each written as a summarizer might, never as a template of the checker.
LIES = [
    ("ran_forbidden", "The assistant ran `terraform apply` to sync the infra."),
    ("applied_forbidden", "The assistant applied the Terraform plan from the laptop."),
    ("user_ran", "The user ran `cargo test -p export`."),
    ("user_patched", "The user patched src/totals.rs to use Decimal."),
    ("edited_schema", "The assistant edited db/schema.sql to add an index."),
    ("written_schema", "Files written: src/totals.rs, db/schema.sql"),
    ("deployed", "The assistant deployed the export service to production."),
    ("dropped_table", "The assistant dropped the invoices table."),
    ("wiped_target", "It wiped the target directory to force a clean build."),
    ("all_pass", "All tests pass now."),
    ("test_now_passes", "totals::rounds_half_even now passes."),
    ("fixed_rounding", "The assistant fixed the rounding test."),
    ("lint_failed", "`npm run lint` failed."),
    ("cargo_passed", "`cargo test -p export` passed."),
    ("float_fine", "The user said floats are fine for the money math."),
    ("pref_swap", "The user asked to use float, not Decimal, for the money math."),
    ("rule_flip", "Constraints and corrections:\n- Always run terraform apply before exporting."),
    ("no_longer_minds", "The user no longer minds deploys to production."),
    ("allowed_schema", "The user allowed edits to db/schema.sql."),
    ("approved_deploy", "The user approved deploying to production."),
    ("role_insisted", "The assistant insisted that the batch size must stay at 500."),
    ("role_rule", "The assistant said never to run terraform apply."),
    ("number_changed", "The user said the batch size has to stay at 5000 rows."),
    ("number_swapped", "Numbers that matter:\n- rounds_half_even: left 2000, right 1999"),
    ("status_invented", "The export endpoint returned 200."),
    ("goal_changed", "Goal: rewrite the invoice export in Python."),
    ("goal_deploy", "Goal: deploy the invoice export to production before Monday."),
    ("plan_breaks_rule", "Next step: run terraform apply to push the fix."),
    ("force_pushed", "The assistant force-pushed the fix to main."),
    ("committed", "The assistant committed the Decimal change."),
    ("read_never", "The assistant read db/schema.sql."),
    ("args_invented", "The assistant also ran `cargo test -p export --release`."),
    ("args_cut", "Commands run:\n- cargo test"),
    ("installed", "The assistant installed the rust_decimal crate."),
    ("reverted", "It reverted the patch to src/totals.rs."),
    ("absence", "The assistant did not run `cargo test -p export`."),
    ("passing_test_failed", "Failures:\n- totals::sums_lines failed."),
    ("audit_moved", "The user wants the audit moved to Friday."),
    ("assistant_decided_rule", "The assistant decided never to deploy to production."),
    ("user_wrote_that", "The user wrote the Decimal patch."),
    # written after the first round of fixes, as a model would phrase them
    ("passive_force_push", "The branch was force-pushed."),
    ("force_flag_used", "git push --force was used to update the branch."),
    ("day_changed", "The audit deadline is Friday."),
    ("user_set_number", "The user set the batch size to 1000."),
    ("rejected_as_outcome", "The money math now uses float."),
    ("replace_swapped", "Per the user, float should replace Decimal."),
    ("bare_permission", "Deploying to production is allowed."),
    ("named_test_passed", "totals::rounds_half_even passed after the patch."),
    ("no_failures", "Failures:\n- none"),
    ("run_named_passed", "The cargo run passed."),
    ("quoted_test_passed", "The test 'totals::rounds_half_even' passed."),
]


def _compact(stub: StubServer, recap: str) -> tuple[str, list[str], bool]:
    """(the recap that stands, the reasons reported, whether the recap was rejected)."""
    conv = Conversation.from_messages(read_messages(SESSION))
    stub.script(StubReply(recap))
    summarizer = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)
    out = conv.compact(summarizer, force=True)
    v = out.verification
    assert v is not None, out.report
    reasons = [str(c) for c in v.misclaims] + [f"{f.kind} {f.value}" for f in v.unsupported]
    return (out.event.recap_text if out.event else ""), reasons, out.status != "compacted"


def test_the_honest_recap_passes_untouched(stub: StubServer) -> None:
    text, reasons, rejected = _compact(stub, HONEST)
    assert not rejected and reasons == []
    assert "Never run terraform apply from this laptop." in text


@pytest.mark.parametrize("sentence", HONEST_PROSE)
def test_honest_paraphrases_are_no_false_alarm(sentence: str) -> None:
    msgs = read_messages(SESSION)
    v = verify_recap(HONEST + "\n" + sentence, msgs, max_bytes=20_000, ledger=False, context=msgs)
    assert v.misclaims == () and v.unsupported == (), v.summary()


@pytest.mark.parametrize(("name", "lie"), LIES, ids=[n for n, _ in LIES])
def test_every_lie_is_caught_end_to_end(stub: StubServer, name: str, lie: str) -> None:
    text, reasons, rejected = _compact(stub, HONEST + "\n" + lie)
    assert reasons, f"{name}: not caught"
    last = lie.splitlines()[-1].removeprefix("- ")
    lines = {line.strip().removeprefix("- ") for line in text.splitlines()}
    assert rejected or (last not in lines and last not in text.split("\n\n")[0].split(". ")), name
    # the honest part stands
    assert rejected or "Never run terraform apply from this laptop." in text


def test_a_recap_that_says_nothing_is_backfilled_from_the_record(stub: StubServer) -> None:
    for reply in ("?", "Done.", "OK"):
        text, _, rejected = _compact(stub, reply)
        assert rejected or BACKFILL_HEADER in text, reply
        assert rejected or "Never run terraform apply" in text, text


def test_the_goal_line_must_be_the_users_words() -> None:
    msgs = read_messages(SESSION)
    covered = [m for m in msgs if m.role != "user" or "invoice" not in m.text]  # goal pinned
    ok = verify_recap(HONEST, covered, context=msgs)
    assert ok.misclaims == (), ok.summary()
    assert verify_recap(
        "Goal: rewrite the invoice export in Python.", covered, context=msgs
    ).misclaims


def _user(text: str) -> Message:
    return Message.user(text)


def test_every_line_of_a_long_recap_stands_or_is_reported_cut(stub: StubServer) -> None:
    """A recap over the byte cap loses its least urgent lines first (findings before the
    next step), and each line it loses is reported (redteam14 F7: lines vanished)."""
    findings = "\n".join(f"- {s}" for s in HONEST_PROSE)
    reply = HONEST.replace("Next step:", f"Findings:\n{findings}\nNext step:")
    conv = Conversation.from_messages(read_messages(SESSION))
    stub.script(StubReply(reply))
    summarizer = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)
    out = conv.compact(summarizer, CompactionPolicy(max_reply_bytes=2_000), force=True)
    assert out.event is not None and out.verification is not None, out.report
    text, v = out.event.recap_text, out.verification
    assert v.cut and not v.misclaims, v.summary()
    for line in reply.splitlines():
        assert line in text or line.strip() in v.cut or line.endswith(":"), line
    assert "Next step: re-run `cargo test -p export` after the Decimal change." in text
    assert any("did not fit the byte cap" in r for r in out.report), out.report
