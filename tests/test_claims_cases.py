"""Claims, not words, on generated sessions (``claim_cases``): honest recaps pass untouched,
one-spot lies of every kind are caught, through ``Conversation.compact`` as the CLI runs it.

Plus regressions for readings the red team broke: "said not to X" is "don't X", "X not Y"
is a preference, "at most" is not "at least", "unless" is not "even if", a sentence after a
list is prose, a table row is a claim, "the other 7 tests passed" inside a failing run.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claim_cases import Case, FixedSummarizer, Session, generate, judge, shell_session
from contextledger.compaction.claims.check import Evidence, check_clause, check_sentence
from contextledger.compaction.claims.numbers import counts
from contextledger.compaction.outcome import Outcome, outcome_of, which_run
from contextledger.compaction.stance import (
    bound_conflicts,
    condition_conflict,
    only_conflict,
    opposed,
    plain_assertion,
    segments,
)
from contextledger.compaction.verify import table_row, verify_recap
from contextledger.model import Message, ToolCall, with_ids

SESSIONS = {split: generate(3, 7, split) for split in ("tune", "held-out")}


@pytest.mark.parametrize("split", ["tune", "held-out"])
def test_honest_recaps_of_generated_sessions_are_never_flagged(split: str) -> None:
    for s in SESSIONS[split]:
        for case in (c for c in s.cases if c.kind == "honest"):
            flagged, why = judge(s, case)
            assert not flagged, (case.recap, why)


SOLVED_KINDS = (
    "role swap",
    "outcome flip",
    "denial",
    "polarity swap",
    "modality swap",
    "quantifier flip",
    "condition flip",
    "number swap",
    "invented command",
    "invented file",
    "invented failure",
    "only swap",
    "correction reversed",
    "hedged outcome",
)


@pytest.mark.parametrize("kind", SOLVED_KINDS)
def test_every_generated_lie_of_a_kind_is_caught(kind: str) -> None:
    for s in SESSIONS["tune"]:
        for case in (c for c in s.cases if c.kind == kind):
            caught, _ = judge(s, case)
            assert caught, case.marker


# --------------------------------------------------------------------------- stance


@pytest.mark.parametrize(
    ("claim", "said", "same"),
    [
        ("not to upgrade React", "Don't upgrade React, it's pinned to 17.0.2.", True),
        ("never to edit the lockfile by hand", "Never edit the lockfile by hand.", True),
        ("it is fine to edit the lockfile by hand", "Never edit the lockfile by hand.", False),
        ("not to deploy without asking first", "Don't deploy without asking me first.", True),
        ("may deploy without asking first", "Don't deploy without asking me first.", False),
        ("use orjson, not ujson", "Actually use orjson, not ujson.", True),
        ("use ujson, not orjson", "Actually use orjson, not ujson.", False),
        ("opening a PR rather than force-pushing", "Do not force-push; open a PR.", True),
        ("keep the public API unchanged", "Don't change the public API.", True),
        ("runs may only happen at night", "Only run at night.", True),
        ("runs must never happen at night", "Only run at night.", False),
    ],
)
def test_polarity_is_read_word_by_word(claim: str, said: str, same: bool) -> None:
    assert (not opposed(claim, said)) is same, segments(claim)


def test_bounds_conditions_and_only_keep_their_direction() -> None:
    assert bound_conflicts("the pool must be 10000 at least", "Pool must be 10000 at most")
    assert bound_conflicts("must not go above 50", "at most 50") == []
    assert bound_conflicts("never below 8", "no more than 8")
    assert condition_conflict("stays at 500 even if lag is high", "stays at 500 unless lag is high")
    assert condition_conflict("stays at 500 unless lag is high", "500 unless lag is high") is None
    assert only_conflict("only the Header, not Settings", "Only Settings, not the Header")
    assert plain_assertion("It seems the suite passes now.") == "the suite passes now."


# --------------------------------------------------------------------------- outcomes


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("`make check` completed without errors.", Outcome("pass")),
        ("The first dry run succeeded.", Outcome("pass")),
        ("The build came back green.", Outcome("pass")),
        ("It no longer timed out", Outcome("pass", "timeout")),
        ("`cargo test` did not pass", Outcome("fail")),
        ("The script crashed with a KeyError.", Outcome("fail", "crash")),
        ("2 failed, 38 passed", Outcome("fail")),
        ("The assistant read the file.", None),
    ],
)
def test_outcome_words_fold_to_pass_or_fail(text: str, verdict: Outcome | None) -> None:
    assert outcome_of(text) == verdict


def test_which_run_a_clause_means() -> None:
    assert which_run("the first attempt") == "first"
    assert which_run("the rerun of `x`") == "last"
    assert which_run("`x` passed") is None


def _runs() -> list[Message]:
    def call(cid: str, cmd: str) -> Message:
        return Message("assistant", (ToolCall(cid, "shell", f'{{"command": "{cmd}"}}'),))

    return list(
        with_ids(
            [
                Message.user("Backfill the events. Keep chunks at 5000 at most."),
                call("c1", "python load.py --dry-run"),
                Message.tool(
                    "c1", "Traceback (most recent call last):\nKeyError: 'x'\n[exit code 2]"
                ),
                call("c2", "python load.py --dry-run --chunk 5000"),
                Message.tool("c2", "would insert 48,210,344 rows in 4,822 chunks\nexit code 0"),
                call("c3", "pytest -q"),
                Message.tool(
                    "c3",
                    "FAILED tests/test_load.py::test_march - Timeout >120s\n1 failed, 7 passed",
                ),
            ]
        )
    )


@pytest.mark.parametrize(
    ("sentence", "ok"),
    [
        ("The first dry run succeeded.", False),
        ("The second dry run succeeded.", True),
        ("`python load.py --dry-run` completed without errors.", False),
        ("`pytest -q` timed out on test_march while the other 7 tests passed.", True),
        ("The dry run would insert 48,210,344 rows in 4,822 chunks.", True),
        ("The dry run would insert 4,822 rows in 48,210,344 chunks.", False),
        ("test_march then succeeded.", False),
    ],
)
def test_outcomes_and_counts_are_checked_against_the_run_named(sentence: str, ok: bool) -> None:
    ev = Evidence.of(_runs())
    assert (check_sentence(sentence, ev)[1] == ()) is ok


def test_counts_read_thousands_separators() -> None:
    assert counts("48,210,344 rows in 4,822 chunks") == {("48210344", "row"), ("4822", "chunk")}


def test_a_table_row_is_a_claim_and_a_sentence_after_a_list_is_prose() -> None:
    assert table_row("| `pytest -q` | passed |", "") == "`pytest -q`: passed"
    assert table_row("| Command | Result |", "|---|---|") == ""
    assert table_row("plain", "") is None
    recap = (
        "Commands run:\n- `pytest -q`\n"
        "The user ran `pytest -q` themselves.\n"
        "| Command | Result |\n|---|---|\n| `pytest -q` | 8 passed, all green |"
    )
    v = verify_recap(recap, _runs(), ledger=False)
    assert "themselves" not in v.text and "all green" not in v.text
    assert "- `pytest -q`" in v.text and len(v.misclaims) >= 2


def test_a_rule_the_user_set_is_not_the_assistants_proposal() -> None:
    ev = Evidence.of(_runs())
    said = "The assistant proposed keeping chunks at 5000 at most."
    assert check_sentence(said, ev)[1]
    assert check_clause(said, "Constraints and corrections", ev)
    assert not check_clause("Keep chunks at 5000 at most.", "Constraints and corrections", ev)


# --------------------------------------------------------------------------- second round


def _conv_c() -> list[Message]:
    """A Go rate-limiter session: a failing then passing race run, a cargo test outside
    scope, two edits (one replacing an old value), a dry-run style 'would' result."""

    def call(cid: str, name: str, args: str) -> Message:
        return Message("assistant", (ToolCall(cid, name, args),))

    return list(
        with_ids(
            [
                Message.user("Fix the rate limiter. The burst must not go above 50."),
                Message.assistant("Agreed: burst capped at 50."),
                call("c1", "exec", '{"argv": ["go", "test", "-race", "./ratelimit/..."]}'),
                Message.tool("c1", "--- FAIL: TestBurst (0.2s)\n  got 53, want 50\nexit status 1"),
                call(
                    "c2",
                    "edit_file",
                    '{"path": "ratelimit/config.go", "old": "Interval = 100", "new": "Interval = 250"}',
                ),
                Message.tool("c2", "ratelimit/config.go: 1 replacement"),
                call(
                    "c3", "edit_file", '{"path": "ratelimit/bucket.go", "new": "min(t, b.burst)"}'
                ),
                Message.tool("c3", "ratelimit/bucket.go: 1 replacement"),
                call("c4", "exec", '{"argv": ["go", "test", "-race", "./ratelimit/..."]}'),
                Message.tool("c4", "ok  example.com/ratelimit 0.8s\nexit status 0"),
                call("c5", "exec", '{"argv": ["python", "sync.py", "--dry-run"]}'),
                Message.tool("c5", "would upload 1,204 files in 12 batches\nexit status 0"),
                Message.user("Only touch ratelimit/ for now, not tools/loadgen."),
                Message.assistant("Okay, I'll leave tools/loadgen alone."),
            ]
        )
    )


@pytest.mark.parametrize(
    ("sentence", "ok"),
    [
        ("The assistant did not run the race tests.", False),
        ("The race tests were not run a second time.", False),
        ("The assistant did not edit ratelimit/config.go.", False),
        ("ratelimit/bucket.go was left unchanged.", False),
        ("The assistant did not touch tools/loadgen.", True),
        ("The migrations were run against staging.", False),
        ("The assistant uploaded 1,204 files.", False),  # only a dry run would
        ("The dry run would upload 1,204 files in 12 batches.", True),
        ("The refill interval is now 250.", True),
        ("The burst is now clamped to 50 in ratelimit/bucket.go.", True),
        ("The first race run exited with code 0.", False),
        ("The second race run exited with code 0.", True),
        ("The race tests failed on the second run.", False),
        ("TestBurst failed because the burst went over 50 (got 53, want 50).", True),
        ("TestBurst failed because the refill interval was 100.", False),
        ("The user said to leave tools/loadgen alone.", True),
        ("It seems the race tests pass now.", True),
    ],
)
def test_denials_dry_runs_states_exit_codes_and_causes(sentence: str, ok: bool) -> None:
    v = verify_recap(sentence, _conv_c(), ledger=False)
    assert (not v.misclaims and not v.unsupported) is ok, v.summary()


def test_a_recap_that_says_little_is_no_false_claim() -> None:
    """Regression (red team a__useless): vague filler is no action claim; the recap is
    accepted and backfilled from the record instead of rejected."""
    from claim_cases import Case

    s = SESSIONS["tune"][0]
    vague = "The conversation covered several topics and good progress was made on the task."
    flagged, why = judge(s, Case("honest", vague))
    assert not flagged, why


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), split=st.sampled_from(["tune", "held-out"]))
def test_the_records_own_digest_is_never_flagged(seed: int, split: str) -> None:
    """Property: the offline recap (the record's own digest) of any generated session
    passes verification untouched, whatever is kept verbatim."""
    from contextledger.compaction import CompactionPolicy, Conversation, OfflineSummarizer
    from contextledger.providers import read_messages
    from contextledger.repair import repair

    (s,) = generate(1, seed, split)
    messages = repair(with_ids(read_messages(s.messages))).messages
    for keep in (0, 10):
        out = Conversation.from_messages(messages).compact(
            OfflineSummarizer(), CompactionPolicy(keep_recent=keep), force=True
        )
        v = out.verification
        assert v is not None and v.accepted, out.report
        assert not v.misclaims and not v.unsupported and not v.removed_sentences, v.summary()


def _conv_k8s() -> list[Message]:
    """A Kubernetes session (a domain no generator here writes): helm, kubectl, a panic."""

    def call(cid: str, cmd: str) -> Message:
        return Message("assistant", (ToolCall(cid, "bash", f'{{"command": "{cmd}"}}'),))

    upgrade = "helm upgrade checkout charts/checkout --atomic"
    return list(
        with_ids(
            [
                Message.user("Get checkout healthy. Don't scale it above 6 replicas."),
                call("k1", "kubectl logs checkout-abc --previous"),
                Message.tool("k1", "panic: missing env STRIPE_API_KEY"),
                Message.user("Use helm upgrade with --atomic, not kubectl apply, for any change."),
                call("k2", upgrade),
                Message.tool("k2", "Error: UPGRADE FAILED: timed out waiting for the condition"),
                Message.user("The secret is called stripe-live in staging, not stripe."),
                call("k3", upgrade),
                Message.tool("k3", "STATUS: deployed\nREVISION: 9"),
                call("k4", "pytest tests/smoke -q"),
                Message.tool("k4", "3 passed in 4.21s"),
                Message.assistant("Checkout is healthy: the 3 smoke tests pass."),
            ]
        )
    )


@pytest.mark.parametrize(
    ("sentence", "ok"),
    [
        ("The user asked for helm upgrade --atomic instead of kubectl apply.", True),
        ("kubectl apply was never used.", True),
        ("The second helm upgrade succeeded (revision 9).", True),
        ("The secret turned out to be stripe-live, not stripe, as the user corrected.", True),
        ("The pods crashed because STRIPE_API_KEY was missing.", True),
        ("The secret is called stripe, not stripe-live.", False),
        ("The helm upgrade never failed.", False),
        ("5 smoke tests passed.", False),
        ("The pods crashed because the stripe-live secret was missing.", False),
        ("The user asked for kubectl apply instead of helm upgrade.", False),
    ],
)
def test_a_new_domain_commands_in_prose_variants_and_causes(sentence: str, ok: bool) -> None:
    v = verify_recap(sentence, _conv_k8s(), ledger=False)
    assert (not v.misclaims and not v.unsupported) is ok, v.summary()


def test_a_swapped_preference_is_not_supported_by_another_correction() -> None:
    """Regression: "requests" is a filler word to the tracer; another correction of the
    same store ("use Kafka not RabbitMQ for the tenants store") must not support the
    swapped one — a preference's options must both be in the sentence it traces to."""
    said = with_ids(
        [
            Message.user("Actually, use httpx not requests for the tenants store."),
            Message.user("Actually, use Kafka not RabbitMQ for the tenants store."),
        ]
    )
    lie = verify_recap("The user wants requests not httpx for the tenants store.", said)
    assert lie.misclaims
    honest = verify_recap("The user wants httpx, not requests, for the tenants store.", said)
    assert not honest.misclaims


def test_the_users_own_words_naming_a_rejected_option_are_no_reversal() -> None:
    """Regression (offline recap of recap_sessions): "I meant the v3 endpoint, not v2; v2
    is being retired." quoted back is the user's words, not "the user rejected v2"."""
    said = with_ids([Message.user("I meant the v3 endpoint, not v2; v2 is being retired.")])
    ev = Evidence.of(said)
    quoted = "I meant the v3 endpoint, not v2; v2 is being retired."
    assert check_clause(quoted, "Constraints and corrections", ev) == ()
    assert check_clause("Use the v2 endpoint.", "Constraints and corrections", ev)


def test_only_one_failure_must_be_the_only_one() -> None:
    def call(cid: str, cmd: str) -> Message:
        return Message("assistant", (ToolCall(cid, "bash", f'{{"command": "{cmd}"}}'),))

    said = with_ids(
        [
            call("c1", "pytest -q"),
            Message.tool("c1", "FAILED t.py::test_a - E\nFAILED t.py::test_b - E\n2 failed"),
            call("c2", "pytest -q -k a"),
            Message.tool("c2", "FAILED t.py::test_a - E\n1 failed, 3 deselected"),
        ]
    )
    ev = Evidence.of(said)
    assert check_sentence("Only test_b failed in the first run.", ev)[1]
    assert check_sentence("test_a failed.", ev)[1] == ()


def test_a_markdown_recap_reads_titles_and_numbered_steps() -> None:
    """Regression: "## What happened" is a title, "2. Ran `pytest`" is step 2 (not the
    number 2), and a backticked test name after "→" is no command claimed run."""
    recap = (
        "## Constraints\n- Keep chunks at 5000 at most.\n\n## What happened\n"
        "1. Ran `python load.py --dry-run` → it crashed with a KeyError.\n"
        "2. Ran `pytest -q` → `test_march` timed out; the other 7 tests passed.\n"
        "## Next\nFix the KeyError."
    )
    v = verify_recap(recap, _runs(), ledger=False)
    assert v.removed_sentences == () and v.misclaims == (), v.summary()
    lie = recap.replace("- Keep chunks at 5000 at most.", "- Keep chunks at 5000 at least.")
    assert verify_recap(lie, _runs(), ledger=False).misclaims


# --------------------------------------------------------------------------- red team C

# Sessions of the red team's held-out findings, in the shape an agent writes them
# (OpenAI tool messages with no error flag), each with honest recaps in the words a model
# uses and lies of the kinds it slipped past. A lie's marker must be gone and reported.
KEEP = shell_session(
    ("u", "Move the reports DB to Aurora."),
    ("u", "Do not delete the old RDS snapshot rds-reports-2024-final; legal hold."),
    ("u", "Don't open port 5432 to 0.0.0.0/0."),
    ("u", "Do not change the public props of <SettingsPanel>."),
    ("u", "You must not log tenant API keys, not even at debug level."),
    ("u", "Do not change the exit codes; scripts rely on them."),
    ("u", "Leave the Go toolchain version in go.mod alone."),
)
CORRECTED = shell_session(
    ("u", "Add a --since flag to the logq CLI."),
    ("u", "Correction: use Redis, not Memcached, for the idempotency store."),
    ("u", "Correction: the key TTL is 48 hours, not 24."),
    ("u", "Sorry, the region is eu-central-1, not eu-west-1."),
    ("u", "Wait, I was wrong: the flag should be --since, not --after."),
)
QUOTED = shell_session(
    ("u", "Clean up the build scripts."),
    ("u", "Never run `git push --force` on this repo."),
    ("u", "About 1,270 invoices were affected last month."),
)
PURPOSE = shell_session(
    (
        "u",
        "Add idempotency keys to the /v1/payments endpoint so that retried POSTs never "
        "double-charge a card.",
    ),
)
RUST = shell_session(
    ("u", "Add --since."),
    (
        "sh",
        "cargo test -p logq-cli --test since_flag",
        "test since_flag::rejects_naive_timestamps ... FAILED\nassertion `left == right` failed:"
        " left: 0, right: 2\ntest result: FAILED. 5 passed; 1 failed",
    ),
)
LIMITER = shell_session(
    ("u", "Fix the limiter."),
    (
        "sh",
        "go test ./internal/ratelimit/... -run TestBucket -count=1 -race",
        "ok  \tgithub.com/acme/gateway/internal/ratelimit\t1.2s",
    ),
    (
        "sh",
        "go test ./internal/ratelimit/... -count=1",
        "--- FAIL: TestBucketRefillAfterBurst (0.26s)\n    bucket_test.go:88: tokens after "
        "250ms = 3, want 5\nFAIL",
    ),
)
PAYMENTS = shell_session(
    ("u", "Fix the failing idempotency test."),
    ("u", "Correction: use Redis, not Memcached."),
    (
        "sh",
        "pytest tests/test_idem.py -q",
        "FAILED tests/test_idem.py::test_retry_same_charge - psycopg.errors.UniqueViolation: "
        "duplicate key\n1 failed, 9 passed",
    ),
)
LINT_THEN_TESTS = shell_session(
    ("u", "Make CI pass."),
    ("sh", "ruff check src", "src/app.py:3:1: F401 `os` imported but unused\nFound 1 error."),
    ("sh", "pytest -q", "12 passed in 0.4s"),
)
LINT_FAILED = shell_session(
    ("u", "Fix the limiter."),
    (
        "sh",
        "go test ./internal/ratelimit/... -count=1",
        "--- FAIL: TestBucketRefillAfterBurst (0.26s)\nFAIL",
    ),
    (
        "sh",
        "npx eslint src",
        "src/a.ts\n  3:1  error  'x' is assigned a value but never used  no-unused-vars\n\n"
        "✖ 1 problem (1 error, 0 warnings)",
    ),
)
RERUN = shell_session(
    ("u", "Fix the limiter."),
    ("sh", "go test ./internal/ratelimit/... -count=1", "--- FAIL: TestBucketRefill (0.26s)\nFAIL"),
    (
        "sh",
        "go test ./internal/ratelimit/... -count=1",
        "ok  \tacme/gateway/internal/ratelimit\t1.2s",
    ),
)
REPORTED = shell_session(
    ("u", "Fix the proration bug."),
    ("u", "About 1,270 invoices were affected last month."),
    ("u", "Do not delete the old RDS snapshot rds-reports-2024-final."),
    ("u", "Correction: the key TTL is 48 hours, not 24."),
    ("u", "Correction: use Redis, not Memcached, for the idempotency store."),
)
IDEMPOTENCY = shell_session(
    (
        "u",
        "I need you to add idempotency keys to the /v1/payments endpoint so that retried "
        "POSTs never double-charge a card.",
    ),
    ("read", "app/payments/views.py", "def create_payment(request):\n    ...\n"),
    ("u", "Don't touch the legacy /v0 routes. Keep the idempotency window at 24 hours at most."),
    ("u", "Correction: use Redis, not Memcached, for the idempotency store."),
    ("a", "I'll go with Redis for the store, keyed by the Idempotency-Key header."),
    ("write", "app/payments/idempotency.py", "import redis\n"),
    (
        "sh",
        "pytest tests/test_idem.py -q",
        "FAILED tests/test_idem.py::test_retry_same_charge - psycopg.errors.UniqueViolation: "
        'duplicate key value violates unique constraint "payments_idem_uniq"\n1 failed, 9 passed',
    ),
)
# A recap in markdown sections as a model writes it, with its own section names.
MODEL_SECTIONS = """## Goal
Add idempotency keys to the /v1/payments endpoint so that retried POSTs never double-charge a card.

## Constraints
- Legacy /v0 routes must stay untouched.
- The idempotency window is capped at 24 hours.
- Use Redis (not Memcached) for the idempotency store.

## Decisions
- Redis is the store, keyed by the Idempotency-Key header (after the user's correction).

## Files
- Read: app/payments/views.py
- Written: app/payments/idempotency.py

## Commands
- `pytest tests/test_idem.py -q` → 1 failed, 9 passed

## Failures
- test_retry_same_charge: psycopg.errors.UniqueViolation: duplicate key value violates unique constraint "payments_idem_uniq"
"""
C = "Constraints and corrections:\n- "

RED_TEAM_C = [
    # A1: keeping a thing restates "do not delete / open / change / log it"
    (KEEP, "honest", C + "The snapshot rds-reports-2024-final must be kept (legal hold).", ""),
    (KEEP, "honest", C + "Port 5432 stays closed to 0.0.0.0/0.", ""),
    (KEEP, "honest", C + "The public props of <SettingsPanel> must stay as they are.", ""),
    (KEEP, "honest", C + "Tenant API keys are never logged, at any level.", ""),
    (KEEP, "honest", C + "Exit codes must not change because scripts rely on them.", ""),
    (KEEP, "honest", C + "The Go toolchain version in go.mod stays as it is.", ""),
    (KEEP, "honest", "The user wants rds-reports-2024-final preserved.", ""),
    (KEEP, "lie", C + "The snapshot rds-reports-2024-final may be deleted.", "may be deleted"),
    (KEEP, "lie", C + "Port 5432 can be opened to 0.0.0.0/0.", "can be opened"),
    (KEEP, "lie", C + "Tenant API keys may be logged at debug level.", "may be logged"),
    (KEEP, "lie", "The user allowed changing the exit codes.", "allowed changing"),
    # A2: a correction naming the option it rejected
    (CORRECTED, "honest", C + "The idempotency store is Redis (the user corrected Memcached).", ""),
    (CORRECTED, "honest", C + "The key TTL is 48 hours (corrected from 24).", ""),
    (CORRECTED, "honest", C + "The region is eu-central-1 (the user corrected eu-west-1).", ""),
    (CORRECTED, "honest", "The user corrected the TTL from 24 to 48 hours.", ""),
    (CORRECTED, "lie", C + "The idempotency store is Memcached (corrected from Redis).", "is Memc"),
    (CORRECTED, "lie", C + "The key TTL is 24 hours (corrected from 48).", "is 24 hours"),
    # B3: a correction after a hedge, turned around
    (CORRECTED, "honest", C + "The flag should be --since, not --after.", ""),
    (CORRECTED, "lie", C + "The flag should be --after, not --since.", "be --after"),
    (CORRECTED, "lie", "The user asked for --after instead of --since.", "--after instead"),
    # A3, A5: the user's own words behind a label, a heading or a bullet
    (
        QUOTED,
        "honest",
        "Goal: Clean up the build scripts.\n- Rule from the user: Never run `git push --force`.",
        "",
    ),
    (
        QUOTED,
        "honest",
        "- Task: Clean up the build scripts.\n- About 1,270 invoices were affected last month.",
        "",
    ),
    (
        QUOTED,
        "honest",
        "## Goal\nClean up the build scripts.\n\n## Constraints\n- Never run "
        "`git push --force` on this repo.",
        "",
    ),
    (
        QUOTED,
        "lie",
        "- Task: Clean up the build scripts.\n- Ran `git push --force` to tidy up.",
        "Ran `git push",
    ),
    (
        QUOTED,
        "lie",
        "## Goal\nClean up the build scripts.\n\nThe user ran `git push --force` on this repo.",
        "The user ran",
    ),
    # A4: a purpose clause with "never" is the goal, not a prohibition
    (
        PURPOSE,
        "honest",
        "The user asked me to add idempotency keys to the /v1/payments endpoint.",
        "",
    ),
    (
        PURPOSE,
        "honest",
        "Goal: add idempotency keys to the /v1/payments endpoint so that "
        "retried POSTs never double-charge a card.",
        "",
    ),
    (PURPOSE, "lie", "The user said retried POSTs may double-charge a card.", "may double"),
    # A7: backticks inside a failure message are printed text, not a command
    (
        RUST,
        "honest",
        "The user asked me to add --since. `cargo test -p logq-cli --test "
        "since_flag` failed: since_flag::rejects_naive_timestamps (assertion `left == right` "
        "failed: left: 0, right: 2).",
        "",
    ),
    (RUST, "lie", "`cargo test -p logq-cli --test since_flag` passed.", "` passed"),
    (
        RUST,
        "lie",
        "Failures:\n- since_flag::rejects_naive_timestamps failed because the gzip "
        "decoder stopped early.",
        "gzip decoder",
    ),
    # A8: a test name is matched whole; a sentence is never cut inside a command
    (
        LIMITER,
        "honest",
        "Fix the limiter was the goal. `go test ./internal/ratelimit/... -run "
        "TestBucket -count=1 -race` passed.",
        "",
    ),
    (
        LIMITER,
        "honest",
        "`go test ./internal/ratelimit/... -count=1` failed: "
        "TestBucketRefillAfterBurst (tokens after 250ms = 3, want 5).",
        "",
    ),
    (LIMITER, "lie", "`go test ./internal/ratelimit/... -count=1` now passes.", "now passes"),
    (LIMITER, "lie", "TestBucketRefillAfterBurst passed on the last run.", "passed on"),
    # B1: "CI is green" after a failure nothing passing followed
    (
        LIMITER,
        "lie",
        "`go test ./internal/ratelimit/... -count=1` failed: "
        "TestBucketRefillAfterBurst. CI is green.",
        "CI is green",
    ),
    (
        LIMITER,
        "lie",
        "The limiter tests failed once. Every suite passed on the last run.",
        "Every suite",
    ),
    (LINT_THEN_TESTS, "lie", "`pytest -q` passed. CI is green.", "CI is green"),
    (LINT_THEN_TESTS, "honest", "`ruff check src` found 1 error; `pytest -q` passed.", ""),
    # B2: an invented cause, in the Failures section as in prose
    (
        PAYMENTS,
        "lie",
        "Goal: Fix the failing idempotency test.\nFailures:\n- "
        "test_retry_same_charge failed because Redis timed out.",
        "Redis timed out",
    ),
    (
        LIMITER,
        "lie",
        "Failures:\n- TestBucketRefillAfterBurst failed because of a data race in the router.",
        "data race",
    ),
    (
        PAYMENTS,
        "honest",
        "Failures:\n- test_retry_same_charge failed because of a duplicate "
        "key (psycopg.errors.UniqueViolation).",
        "",
    ),
]

# The same kinds in other words: phrasings the fixes above were not written against.
RED_TEAM_C += [
    (REPORTED, "honest", "- Roughly 1,270 invoices were affected last month.", ""),
    (REPORTED, "honest", "- The snapshot rds-reports-2024-final is retained.", ""),
    (REPORTED, "honest", "- The key TTL is 48 hours (changed from 24).", ""),
    (REPORTED, "honest", "- The idempotency store is Redis (was Memcached).", ""),
    (REPORTED, "lie", "- About 1,720 invoices were affected last month.", "1,720"),
    (REPORTED, "lie", "- The idempotency store is Memcached (was Redis).", "is Memcached"),
    (REPORTED, "lie", "- The key TTL is 24 hours (changed from 48).", "is 24 hours"),
    (
        REPORTED,
        "lie",
        "- The snapshot rds-reports-2024-final remains allowed to be deleted.",
        "allowed",
    ),
    (PAYMENTS, "lie", "Failures:\n- test_retry_same_charge failed with a Redis timeout.", "Redis"),
    (PAYMENTS, "lie", "The Redis timeout caused test_retry_same_charge to fail.", "Redis timeout"),
    (
        PAYMENTS,
        "honest",
        "test_retry_same_charge failed with a UniqueViolation (duplicate key).",
        "",
    ),
    (PAYMENTS, "lie", "All tests pass now.", "All tests"),
    (LINT_FAILED, "lie", "Everything passes now.", "Everything"),
    (LINT_FAILED, "lie", "All checks pass.", "All checks"),
    (LINT_FAILED, "lie", "Lint is clean.", "Lint is clean"),
    (LINT_FAILED, "honest", "`npx eslint src` reported 1 problem (no-unused-vars).", ""),
    (
        RERUN,
        "honest",
        "`go test ./internal/ratelimit/... -count=1` failed on TestBucketRefill, "
        "then passed after the fix. CI is green.",
        "",
    ),
    (RERUN, "honest", "All tests pass now.", ""),
    (RERUN, "lie", "TestBucketRefill failed on the second run.", "second run"),
]

# A model's own section names ("## Files" with "Read:" and "Written:" items, "## Commands"
# with an outcome beside each, "## Decisions" in the assistant's words), honest and lying.
RED_TEAM_C += [
    (IDEMPOTENCY, "honest", MODEL_SECTIONS, ""),
    (
        IDEMPOTENCY,
        "honest",
        "The user asked me to add idempotency keys to the /v1/payments endpoint so retried "
        "POSTs never double-charge a card.",
        "",
    ),
] + [
    (IDEMPOTENCY, "lie", MODEL_SECTIONS.replace(old, new), new.removeprefix("- "))
    for old, new in [
        ("- Read: app/payments/views.py", "- Read: app/payments/models.py"),
        ("- Written: app/payments/idempotency.py", "- Written: app/payments/views.py"),
        ("→ 1 failed, 9 passed", "→ passed"),
        (
            "- Redis is the store, keyed by the Idempotency-Key header (after the user's correction).",
            "- Redis is the store, keyed by a hash of the request body.",
        ),
        ("- Legacy /v0 routes must stay untouched.", "- Legacy /v0 routes may be changed."),
    ]
]


@pytest.mark.parametrize(("session", "kind", "recap", "marker"), RED_TEAM_C)
def test_red_team_c_findings(session: Session, kind: str, recap: str, marker: str) -> None:
    flagged, why = judge(session, Case(kind, recap, marker))
    if kind == "honest":
        assert not flagged, why
    else:
        assert flagged, why


def test_a_lie_stripped_before_the_backfill_is_still_reported() -> None:
    """Regression (red team C, B1): the second verification pass (over what survived
    the first, with nothing to backfill) used to drop what the first pass removed: the
    lie was gone from the recap but nothing said so."""
    from contextledger.compaction import Conversation
    from contextledger.providers import read_messages

    recap = "The user asked me to fix the limiter. CI is green."
    out = Conversation.from_messages(with_ids(read_messages(LIMITER.messages))).compact(
        FixedSummarizer(recap), force=True
    )
    assert out.verification is not None
    assert out.verification.removed_sentences == ("CI is green.",)
    assert any("CI is green" in line for line in out.report)
