"""Claims, not words, on generated sessions (``claim_cases``): honest recaps pass untouched,
one-spot lies of every kind are caught, through ``Conversation.compact`` as the CLI runs it.

Plus regressions for readings the red team broke: "said not to X" is "don't X", "X not Y"
is a preference, "at most" is not "at least", "unless" is not "even if", a sentence after a
list is prose, a table row is a claim, "the other 7 tests passed" inside a failing run.
"""

from __future__ import annotations

import pytest

from claim_cases import generate, judge
from contextledger.compaction.claims import Evidence, check_clause, check_sentence, counts
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
    assert "- `pytest -q`" in v.text and len(v.misclaims) == 2


def test_a_rule_the_user_set_is_not_the_assistants_proposal() -> None:
    ev = Evidence.of(_runs())
    said = "The assistant proposed keeping chunks at 5000 at most."
    assert check_sentence(said, ev)[1]
    assert check_clause(said, "Constraints and corrections", ev)
    assert not check_clause("Keep chunks at 5000 at most.", "Constraints and corrections", ev)
