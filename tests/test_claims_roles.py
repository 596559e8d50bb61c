"""Who did what: a claim that binds a person (or the user, or the assistant) to an act
is checked against who the record says did that act (redteam16 A8/A15/A16: approver,
owner, author and who-will-run swapped between named people passed; a question became
the user's decision)."""

from __future__ import annotations

import pytest

from claim_cases import HELDOUT5_CASES, HELDOUT5_RECORDS, heldout5_flagged, heldout5_removed
from contextledger.compaction.claims.check import check_clause
from contextledger.compaction.claims.evidence import Evidence
from contextledger.model import Message, with_ids

SAID = [
    "Kofi countersigned the lease amendment; Marta only skimmed it.",
    "Ines runs the Monday payroll batch and Olu runs the Friday one.",
    "Hugo will present the roadmap; I'll take notes.",
    "Our auditor Beatriz drafted the control matrix, the consultants only reviewed it.",
    "Should we also rotate the staging API keys?",
]


@pytest.fixture(scope="module")
def ev() -> Evidence:
    return Evidence.of(list(with_ids([Message.user(s) for s in SAID])))


@pytest.mark.parametrize(
    ("line", "section"),
    [
        ("Marta countersigned the lease amendment.", "Decisions"),
        ("Kofi only skimmed the lease amendment.", "Findings"),
        ("Olu runs the Monday payroll batch.", "Findings"),
        ("The assistant will present the roadmap.", "Next step"),
        ("The user will present the roadmap; Hugo takes notes.", "Next step"),
        ("The consultants drafted the control matrix.", "Findings"),
        ("Beatriz only reviewed the control matrix.", "Findings"),
        ("The user decided to rotate the staging API keys.", "Decisions"),
    ],
)
def test_a_swapped_role_is_caught(ev: Evidence, line: str, section: str) -> None:
    assert check_clause(line, section, ev), line


@pytest.mark.parametrize(
    ("line", "section"),
    [
        ("Kofi countersigned the lease amendment (Marta skimmed it).", "Decisions"),
        ("Ines runs the Monday payroll batch; Olu runs the Friday one.", "Findings"),
        ("Hugo presents the roadmap while the user takes notes.", "Next step"),
        ("Beatriz, our auditor, drafted the control matrix.", "Findings"),
        ("The worker pool may be restarted by the on-call engineer.", "Findings"),
        ("Whether to rotate the staging API keys is still open.", "Open requests"),
    ],
)
def test_the_right_role_stands(ev: Evidence, line: str, section: str) -> None:
    assert not check_clause(line, section, ev), check_clause(line, section, ev)


def test_a_recaps_own_i_is_no_one() -> None:
    """A recap quoting the user's "I meant …" names no agent to compare."""
    ev = Evidence.of([Message.user("I meant the v3 endpoint, not v2.", id="u")])
    assert not check_clause("I meant the v3 endpoint, not v2.", "Constraints and corrections", ev)


def test_heldout5_people_are_judged_right() -> None:
    """Held-out set 5 (written before the fix): every role swap caught, no honest line
    about who did what removed."""
    wrong = [
        (line, why)
        for record, section, line, lie in HELDOUT5_CASES
        if record == "people"
        for flagged, why in [heldout5_flagged(record, section, line)]
        if flagged != lie
    ]
    assert not wrong, wrong


def test_who_will_do_it_is_who_does_the_act_before() -> None:
    """ "Don't raise the ticket yourself, Ana will do it.": Ana raises it, not the assistant."""
    ev = Evidence.of(
        [Message.user("Don't raise the vendor ticket yourself, Ana will do it.", id="u")]
    )
    assert check_clause("The assistant raises the vendor ticket.", "Next step", ev)
    assert not check_clause("Ana will raise the vendor ticket.", "Next step", ev)


def test_whom_to_tell_rejects_no_one_elsewhere() -> None:
    """ "Tell Marco, not Lena, …" is about whom to tell: Lena still owns billing."""
    said = ["Lena owns the billing service.", "Tell Marco, not Lena, when the migration is done."]
    ev = Evidence.of(list(with_ids([Message.user(s) for s in said])))
    assert not check_clause("Lena owns billing.", "Findings", ev)
    assert check_clause("Tell Lena when the migration is done.", "Open requests", ev)


def test_heldout5_scores() -> None:
    """Held-out set 5 as a whole (written before the fixes; main then: 14/38 lies caught,
    10/32 honest lines removed). Known misses: a Japanese success claimed for a failed
    run ("デプロイは成功しました。"), "the git repo" for the user's "the repo", "during a
    running deploy" for "while a deploy is running"."""
    removed = {line for record in HELDOUT5_RECORDS for line in heldout5_removed(record)}
    caught = sum(line in removed for _, _, line, lie in HELDOUT5_CASES if lie)
    alarms = sum(line in removed for _, _, line, lie in HELDOUT5_CASES if not lie)
    assert caught >= 37
    assert alarms <= 2
