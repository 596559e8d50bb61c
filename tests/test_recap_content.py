"""What the recap keeps: every kind of fact, in its role, on a generator of its own
(``recap_sessions``, phrased unlike the benchmark's), for the offline recap and for an LLM
recap that says little."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextledger.compaction import Conversation, OfflineSummarizer
from contextledger.compaction.digest import (
    BACKFILL_HEADER,
    backfill,
    digest,
    failing_tests,
    is_rule,
    render_digest,
)
from contextledger.compaction.facts import transcript_facts
from contextledger.model import Message, ToolCall
from contextledger.prepare import prepare
from contextledger.validate import tool_pair_problems
from recap_sessions import generate


def _text(messages: tuple[Message, ...]) -> str:
    return "\n".join(m.text for m in messages)


@pytest.mark.parametrize("window", [8_000, 16_000])
def test_every_planted_fact_survives_prepare(window: int) -> None:
    for seed in (1, 2):
        s = generate(seed, rounds=60)
        out = prepare(s.messages, "gpt-4o", window=window, max_output_tokens=1000, compaction=True)
        assert out.event is not None
        assert out.report.used <= window - 1000
        assert not tool_pair_problems(out.messages)
        view = _text(out.messages)
        lost = [f for f in s.facts if f.key not in view]
        assert not [f for f in lost if f.kind in ("goal", "constraint", "correction")]
        assert len(lost) <= len(s.facts) // 10, lost


def _sections(recap: str) -> dict[str, str]:
    out: dict[str, str] = {}
    name = ""
    for line in recap.splitlines():
        head, sep, rest = line.partition(":")
        if sep and not line.startswith("- ") and head[:1].isupper():
            name = head
            out[name] = rest
        elif name:
            out[name] += "\n" + line
    return out


def test_the_editor_tool_reads_and_writes_by_its_command() -> None:
    s = generate(3, rounds=50)
    out = Conversation.from_messages(s.messages).compact(OfflineSummarizer(), force=True)
    assert out.event is not None
    sec = _sections(out.event.recap_text)
    written = sec.get("Files written", "")
    assert not [p for p in s.viewed_only if p in written]  # viewed is not written
    for f in s.facts:
        if f.kind == "file_written":
            assert f.key in written
    commands = sec.get("Commands run", "")
    for op in ("view", "create", "str_replace"):
        assert f"`{op}`" not in commands  # an editor operation is not a shell command


def test_written_files_are_not_crowded_out_by_files_only_read() -> None:
    msgs = [Message.user("Tidy the reports module.")]
    for i in range(80):
        args = {"command": "view", "path": f"src/reports/long_module_name_{i}.py"}
        msgs += [
            Message(
                "assistant", (ToolCall(f"v{i}", "str_replace_based_edit_tool", json.dumps(args)),)
            ),
            Message.tool(f"v{i}", "x = 1\n"),
        ]
    args = {"command": "create", "path": "src/reports/summary.py", "file_text": "y = 2\n"}
    msgs += [
        Message("assistant", (ToolCall("w", "str_replace_based_edit_tool", json.dumps(args)),)),
        Message.tool("w", "File created successfully at: src/reports/summary.py"),
    ]
    recap = render_digest(digest(msgs), 1_000)
    assert "Files written: src/reports/summary.py" in recap


FORMATS = {
    "pytest": lambda n: f"FAILED tests/test_mod.py::{n} - assert 1 == 2",
    "go": lambda n: f"--- FAIL: {n} (0.01s)",
    "unittest": lambda n: f"FAIL: {n} (tests.test_mod.Case)",
    "cargo": lambda n: f"test mod::tests::{n} ... FAILED",
}


@given(
    names=st.lists(
        st.from_regex(r"test_[a-z]{3,12}", fullmatch=True), min_size=1, max_size=25, unique=True
    ),
    fmt=st.sampled_from(sorted(FORMATS)),
    traceback_lines=st.integers(0, 40),
    cap=st.integers(600, 6_000),
)
def test_every_failing_test_name_is_kept_or_counted(
    names: list[str], fmt: str, traceback_lines: int, cap: int
) -> None:
    """Tracebacks first, the summary last (pytest's order): each failing test's name is in
    the recap, or the Failures heading counts what the cap left out."""
    out = "\n".join(
        ["Traceback (most recent call last):", "E   AssertionError: boom"] * traceback_lines
        + [FORMATS[fmt](n) for n in names]
    )
    call = ToolCall("c", "bash", json.dumps({"command": "make check"}))
    msgs = [
        Message.user("Make the checks pass."),
        Message("assistant", (call,)),
        Message.tool("c", out),
    ]
    recap = render_digest(digest(msgs), cap)
    assert len(recap.encode()) <= cap
    kept = [n for n in names if n in recap]
    if len(kept) < len(names):
        head = next(line for line in recap.splitlines() if line.startswith("Failures:"))
        assert f"(+{len(names) - len(kept)} more" in head


def test_failing_test_names_in_several_runners() -> None:
    out = (
        "--- FAIL: TestExpiry (0.02s)\n"
        "FAIL: test_rotate (tests.test_tokens.TokenTests)\n"
        "test a::b::overlap ... FAILED\n"
        "  ✕ keeps focus on retry (48 ms)\n"
        "ERROR tests/test_db.py::test_pool - OperationalError\n"
    )
    assert failing_tests(out) == [
        "TestExpiry",
        "test_rotate (tests.test_tokens.TokenTests)",
        "a::b::overlap",
        "keeps focus on retry",
        "tests/test_db.py::test_pool",
    ]


def test_a_forbidden_path_is_not_a_path_touched() -> None:
    facts = transcript_facts(
        [
            Message.user("Don't touch the migrations/ folder. Edit src/app.py instead."),
            Message.assistant("Understood, only src/app.py."),
        ]
    )
    assert "migrations/" not in facts.paths and "src/app.py" in facts.paths


@pytest.mark.parametrize(
    ("sentence", "rule"),
    [
        ("We need to make the nightly export finish in under an hour.", False),
        ("I need you to add pagination to the list endpoint.", False),
        ("You need to keep the API backwards compatible, never break it.", True),
        ("Leave the alembic history alone.", True),
        ("Scratch that, the bucket is invoices-eu-2.", True),
    ],
)
def test_a_request_phrased_as_a_need_is_not_a_rule(sentence: str, rule: bool) -> None:
    assert is_rule(sentence) is rule


@pytest.mark.parametrize(
    "request_",
    [
        "When you're done, also add a note to docs/runbook.md.",
        "Once the tests pass, bump the version to 2.4.1.",
        "Before you wrap up, add the setting to config/example.env.",
    ],
)
def test_requests_for_after_the_work_stay_open(request_: str) -> None:
    msgs = [Message.user("Speed up the exporter."), Message.user(request_)]
    for i in range(6):
        msgs += [Message.assistant(f"Step {i} done."), Message.user("ok")]
    assert request_ in digest(msgs).items("Open requests")


def test_sentences_say_who_said_them() -> None:
    d = digest(
        [
            Message.user("Fix the CSV importer for good."),
            Message.user("The biggest file we get is 37 MB."),
            Message.assistant("It turns out the importer keeps the BOM in the first header."),
            Message.assistant("I measured 4,812 rows per second after the change."),
            Message.user("Export FEATURE_BOM=1 before running the suite."),
        ]
    )
    assert d.items("Numbers that matter") == [
        "User: The biggest file we get is 37 MB.",
        "Assistant: I measured 4,812 rows per second after the change.",
    ]
    assert d.items("Findings") == [
        "Assistant: It turns out the importer keeps the BOM in the first header."
    ]
    # an environment setting the user gives is how to run things: a constraint (RT22-21)
    assert d.items("Constraints and corrections") == [
        "Export FEATURE_BOM=1 before running the suite."
    ]


class _Fixed:
    """A summarizer that always answers the same text and counts its calls."""

    def __init__(self, reply: str) -> None:
        self.reply = reply
        self.transcripts: list[str] = []

    @property
    def name(self) -> str:
        return "fixed"

    def summarize(self, prompt: str, transcript: str, *, max_tokens: int) -> str:
        self.transcripts.append(transcript)
        return self.reply


@pytest.mark.parametrize("reply", ["?", "The assistant worked on the task for a while."])
def test_an_llm_recap_that_says_little_is_backfilled_from_the_record(reply: str) -> None:
    s = generate(4, rounds=70)
    summarizer = _Fixed(reply)
    out = Conversation.from_messages(s.messages).compact(summarizer, force=True)
    assert out.status == "compacted" and out.event is not None
    recap = out.event.recap_text
    assert BACKFILL_HEADER in recap
    assert len(summarizer.transcripts) > 1  # incremental: recap of recap + new turns
    covered = _text(out.conversation.covered_messages(out.event.covers))
    for f in s.facts:
        if (
            f.kind in ("goal", "constraint", "correction", "command", "failing_test")
            and f.key in covered
        ):
            assert f.key in recap, f
    assert "from the record" in " ".join(out.report)
    assert out.verification is not None and not out.verification.misclaims


@pytest.mark.parametrize(
    "rule",
    [
        "No force pushes.",
        "Hands off the payments module.",
        "The prod database is read-only for you.",
        "Nothing under deploy/ should change.",
        "Keep changes out of the public API.",
        "Stick with the existing logging format.",
        "We're on Python 3.11, not 3.12.",
        "I'd rather you didn't rename public functions.",
    ],
)
def test_rules_in_other_phrasings_are_constraints(rule: str) -> None:
    msgs = [Message.user("Refactor the order pipeline for partial refunds."), Message.user(rule)]
    assert rule in digest(msgs).items("Constraints and corrections")


@pytest.mark.parametrize("said", ["No problem, take your time.", "No idea why it broke."])
def test_no_is_not_always_a_rule(said: str) -> None:
    msgs = [Message.user("Refactor the order pipeline for partial refunds."), Message.user(said)]
    assert said not in digest(msgs).items("Constraints and corrections")


@pytest.mark.parametrize(
    ("output", "name"),
    [
        (
            " FAIL  src/cart.test.ts > CartSummary > keeps the skeleton\nTests  1 failed | 87 passed",
            "src/cart.test.ts > CartSummary > keeps the skeleton",
        ),
        (
            "FAIL src/settings.test.tsx\n  ● settings › saves the theme after reload\n",
            "settings › saves the theme after reload",
        ),
        (
            "34 examples, 1 failure\n\nFailed examples:\n\nrspec ./spec/order_spec.rb:42 # Order#total",
            "./spec/order_spec.rb:42",
        ),
        (
            "There was 1 failure:\n\n1) Tests\\Unit\\InvoiceTest::testRoundsTax\nFailed asserting",
            "Tests\\Unit\\InvoiceTest::testRoundsTax",
        ),
        (
            "[ERROR] Failures: \n[ERROR]   MergerTest.shouldKeepBothEdits:57 expected: <2> but was: <1>",
            "MergerTest.shouldKeepBothEdits",
        ),
        (
            "[ERROR] shouldKeepBothEdits(app.MergerTest)  Time elapsed: 0.1 s  <<< FAILURE!",
            "shouldKeepBothEdits(app.MergerTest)",
        ),
        (
            "SyncWorkerTest > retriesWithBackoff() FAILED\n    java.lang.AssertionError",
            "SyncWorkerTest > retriesWithBackoff()",
        ),
        ("tests/test_auth.py::test_login[admin] FAILED    [ 50%]", "tests/test_auth.py::test_login[admin]"),
        ("  Failed Shop.Tests.OrderTests.Refund [12 ms]\n  Error Message:", "Shop.Tests.OrderTests.Refund"),
        ("Test Case '-[ShopTests.OrderTests testRefund]' failed (0.012 seconds).", "ShopTests.OrderTests testRefund"),
        ("  1) test refunds twice (Shop.OrderTest)\n     test/order_test.exs:42", "test refunds twice (Shop.OrderTest)"),
        ("The following tests FAILED:\n\t  2 - order_refund (Failed)", "order_refund"),
        ("  1) [chromium] › tests/order.spec.ts:12:5 › Order › refunds ──", "tests/order.spec.ts:12:5 › Order › refunds"),
    ],
)  # fmt: skip
def test_failing_tests_of_more_runners_are_named(output: str, name: str) -> None:
    """Vitest, Jest's ● heading, RSpec, PHPUnit, Maven Surefire, Gradle, pytest -v, dotnet,
    XCTest, ExUnit, CTest and Playwright name a failing test in their own words; the
    recap's Failures keep the line that names it."""
    assert name in failing_tests(output)
    msgs = [
        Message.user("Fix the build."),
        Message("assistant", (ToolCall("c", "run", json.dumps({"argv": ["make", "test"]})),)),
        Message.tool("c", output),
    ]
    assert any(name in item for item in digest(msgs).items("Failures"))


def test_jest_console_output_is_not_a_failure() -> None:
    assert failing_tests("  ● Console\n\n    console.log\n      hello") == []


@pytest.mark.parametrize(
    "rule",
    ["Only modify the :sync and :notes modules.", "Only touch code under pipelines/dedup/."],
)
def test_only_rules_are_constraints(rule: str) -> None:
    assert is_rule(rule)
    assert not is_rule("Only 3 tests failed on the last run.")


@pytest.mark.parametrize(
    "rule",
    [
        "Not Kafka - we use SQS here.",
        "Nobody should run migrations on Friday.",
        "Stop using moment.js, it's deprecated.",
        "Leave the CI config as it is.",
        "Correct that: the port is 6380.",
        "Only the admin role may see the export button.",
        "Max 2 concurrent uploads.",
    ],
)
def test_more_rule_phrasings_are_constraints(rule: str) -> None:
    assert is_rule(rule)


@pytest.mark.parametrize(
    "said", ["Not bad: the build is green.", "Nobody knows why.", "Stopping here for today."]
)
def test_remarks_are_not_rules(said: str) -> None:
    assert not is_rule(said)


@pytest.mark.parametrize(
    ("said", "key"),
    [
        ("ok. FYI the cron runs at 02:15 UTC daily.", "02:15 UTC"),
        ("btw the Slack channel for this is #sync-incidents.", "#sync-incidents"),
        ("Keep it behind the feature flag new_checkout_v2.", "new_checkout_v2"),
        ("This is for Globex Corporation, our biggest account.", "Globex Corporation"),
        ("The API key is in the vault at secret/data/ci/stripe.", "secret/data/ci/stripe"),
        ("Ask Wen before merging, she reviews infra changes.", "Ask Wen before merging"),
        ("If it breaks, roll back with helm rollback api 41.", "helm rollback api 41"),
        ("Send the report to ops-team@example.com when done.", "ops-team@example.com"),
        ("Use the leaky bucket here.", "leaky bucket"),
    ],
)
def test_what_the_user_states_in_passing_reaches_the_recap(said: str, key: str) -> None:
    msgs = [Message.user("Fix the flaky sync job."), Message.assistant("On it.")]
    msgs += [Message.user(said), Message.assistant("Noted, continuing.")]
    assert key in render_digest(digest(msgs), 4000)


def test_a_long_llm_recap_is_cut_at_a_sentence_end_never_mid_word() -> None:
    # the backfill takes room from the LLM's prose; a cut mid-word ("uploaded to TestFli")
    # left a fragment the verifier then reported as an invented name
    s = generate(4, rounds=70)
    reply = "The assistant worked on the task for a while and then kept going. " * 120
    out = Conversation.from_messages(s.messages).compact(_Fixed(reply), force=True)
    assert out.status == "compacted" and out.event is not None
    prose = out.event.recap_text.partition(BACKFILL_HEADER)[0].strip()
    assert prose.endswith("kept going.")
    assert set(prose.replace(".", " ").split()) <= set(reply.replace(".", " ").split())


def test_a_request_the_user_talked_past_stays_open() -> None:
    """A request followed by a pasted note, a screenshot turn or a nudge before the
    assistant said anything is still open; a reply to the later turn does not answer it
    (redteam14 N12)."""
    paste = "Here's another chunk from the archive notes, just for context:\n\n" + (
        "Harbour tide ledger lantern archive. " * 40
    )
    msgs = [
        Message.user("Cut the essay to 1,800 words."),
        Message.assistant("On it."),
        Message.user("Then write a two-line bio for the contributor page."),
        Message("assistant", (ToolCall("c1", "doc_read", '{"range": "section 1"}'),)),
        Message.tool("c1", "Harbour tide ledger lantern. " * 20),
        Message.user("keep going please"),
        Message.assistant("Moving to the next section."),
        Message.user(paste),
        Message.assistant("Thanks, I've read it; nothing there changes the plan."),
        Message.user("Also pin the app to the taskbar when it's back."),
        Message.user("Here's what I see now."),
        Message.assistant("I see the settings window; nothing unusual there."),
    ]
    assert digest(msgs).items("Open requests") == [
        "Then write a two-line bio for the contributor page.",
        "Also pin the app to the taskbar when it's back.",
    ]
    # answered right away, or on its topic after a nudge: no longer open
    msgs += [
        Message.user("Send the refund reply to the customer."),
        Message.assistant("Sent."),
        Message.user("Draft the release notes."),
        Message.user("ok?"),
        Message.assistant("Drafted the release notes in docs/notes.md."),
    ]
    assert len(digest(msgs).items("Open requests")) == 2


def test_the_goal_line_is_the_task_alone() -> None:
    """No pasted draft's title nor a later permission on the Goal line (redteam14 N4)."""
    draft = "# The Ledger of Small Harbours\n\n" + "Harbour tide ledger lantern. " * 60
    d = digest(
        [
            Message.user(
                "I need to cut the essay to 1,800 words. Here is the full draft:\n\n" + draft
            ),
            Message.assistant("Reading it."),
            Message.user("Never write to raw.orders directly."),
            Message.user("Change of plan: you may write to raw.backfill_tmp, Priya created it."),
        ]
    )
    assert d.items("Goal") == ["I need to cut the essay to 1,800 words."]
    assert "Change of plan: you may write to raw.backfill_tmp, Priya created it." in d.items(
        "Constraints and corrections"
    )


def test_backfill_does_not_repeat_what_the_summary_says_in_an_llms_words() -> None:
    """A folder without its trailing slash and a test by its bare name are stated
    (retain3's note: both were added again under "From the record")."""
    d = digest(
        [
            Message.user("Make the export idempotent."),
            Message.user("Do not touch src/payments/."),
            Message("assistant", (ToolCall("c1", "shell", '{"command": "pytest -q"}'),)),
            Message.tool("c1", "FAILED tests/test_export.py::test_rerun_is_idempotent - E"),
        ]
    )
    said = (
        "Make the export idempotent. The user said not to touch src/payments. `pytest -q`: "
        "1 failed (test_rerun_is_idempotent)."
    )
    left = backfill(d, said)
    assert not left.items("Constraints and corrections")
    assert not left.items("Failures")


def test_a_pasted_table_is_not_what_the_user_said() -> None:
    """A pasted table after "Table 2 from the supplement:" is neither numbers nor things
    the user said, nor is its announcing line; the user's own deadline stays (redteam15 R2),
    as a constraint with its date."""
    table = "\n".join(f"S{k} | summer | {k} | 1993 | {400 + k}" for k in range(60))
    d = digest(
        [
            Message.user("Write the literature review for the interim report."),
            Message.user(f"Table 2 from the supplement:\n\n{table}"),
            Message.user("The report deadline moved from 2027-01-15 to 2027-01-29."),
        ]
    )
    assert not [*d.items("Numbers that matter"), *d.items("User also said")]
    # (a deadline is a constraint with its date: RT22-21)
    assert d.items("Constraints and corrections") == [
        "The report deadline moved from 2027-01-15 to 2027-01-29."
    ]


def test_the_assistant_saying_a_failure_works_now_is_a_finding() -> None:
    """A fix reported in the assistant's words ("passes now", "installed successfully",
    "went through") and a shortcut it names are findings (redteam14 N2, N5)."""
    said = [
        "unique_orders_refund_id passes now after the dedupe.",
        "Second attempt: Figma installed successfully.",
        "The retry went through: refund re_9b5b succeeded for €184.20.",
        "Tip: Ctrl+Shift+Alt+K reopens the last closed panel in Figma.",
    ]
    d = digest([Message.user("Fix the install."), *map(Message.assistant, said)])
    assert d.items("Findings") == [f"Assistant: {s}" for s in said]


def test_an_id_a_tool_returned_and_the_assistant_restated_is_a_finding() -> None:
    """redteam17 R3: a code a lookup returned, restated by the assistant in any language,
    reaches the recap; a sentence naming nothing a tool returned is no finding."""
    call = ToolCall("c1", "consultar_rastreio", json.dumps({"pedido": "BR-1"}))
    said = "O código de rastreio do pedido é QB482913377BR; o objeto voltou ao remetente."
    d = digest(
        [
            Message.user("Resolva a reclamação do pedido BR-1."),
            Message("assistant", (call,)),
            Message.tool("c1", '{"codigo": "QB482913377BR", "status": "DEVOLVIDO"}'),
            Message.assistant(said),
            Message.assistant("Vou escrever a resposta ao cliente agora."),
        ]
    )
    assert d.items("Findings") == [f"Assistant: {said}"]
    assert not d.items("Actions taken")  # the lookup did nothing
