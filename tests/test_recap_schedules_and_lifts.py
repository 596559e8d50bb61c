"""recap30: a plan that only says when something happens ("We'll talk to 3 customers next
week.") is no decision - a decision chooses between options - but the recap still keeps it;
a permission that lifts a ban "after all" returns to no earlier choice, so the rule the user
said in between (an answer to the assistant's proposal) still stands."""

from __future__ import annotations

import pytest

from contextledger.compaction.decisions import decides, scheduled
from contextledger.compaction.digest import digest
from contextledger.model import with_ids
from contextledger.providers import read_messages

_FILLER = [
    {"role": r, "content": t}
    for r, t in [("user", "ok"), ("assistant", "Working on it."), ("user", "k")] * 3
]


def _digest(turns: list[tuple[str, str]]) -> dict[str, list[str]]:
    said = [{"role": r, "content": t} for r, t in turns]
    record = with_ids(read_messages([*said, *_FILLER, {"role": "user", "content": "go"}]))
    return digest(record[:-1], history=record).sections


@pytest.mark.parametrize(
    "plan",
    [
        "We'll talk to 3 customers next week.",
        "We'll interview two installers on Thursday for quotes.",
        "We'll demo it to finance on Friday.",
        "Let's sync with the design team tomorrow.",
        "We're going to run the survey in two weeks.",
    ],
)
def test_a_schedule_is_kept_but_not_as_a_decision(plan: str) -> None:
    sections = _digest([("user", "Help me plan the pricing page redesign."), ("user", plan)])
    assert not any(plan in item for item in sections.get("Decisions", []))
    assert any(plan in item for items in sections.values() for item in items)


@pytest.mark.parametrize(
    "choice",
    [
        "We'll go with Postgres from next week.",
        "We won't deploy on Friday.",
        "Let's ship the CSV export on Monday instead of the XLSX one.",
        "We decided to talk to 3 customers next week.",
        "Dana approved the refund on Monday.",
    ],
)
def test_a_dated_choice_is_still_a_decision(choice: str) -> None:
    assert not scheduled(choice)
    assert decides(choice)


def test_a_rule_said_between_a_ban_and_its_lifting_after_all_stands() -> None:
    sections = _digest(
        [
            ("user", "Help me plan the pricing page redesign for our scheduling app."),
            ("user", "Don't show annual prices first."),
            ("assistant", "Maybe we should drop the free tier?"),
            ("user", "No, the free tier stays."),
            ("user", "You can show annual prices first after all; marketing asked for it."),
        ]
    )
    rules = sections["Constraints and corrections"]
    assert "No, the free tier stays." in rules
    # the lifted ban is listed only with its lifting
    ban = rules.index("Don't show annual prices first.")
    assert rules[ban + 1].startswith("You can show annual prices first after all")


def test_a_return_to_a_choice_after_all_still_drops_what_took_it_back() -> None:
    sections = _digest(
        [
            ("user", "Build the settings dialog."),
            ("user", "Use Compose for the dialog."),
            ("assistant", "OK."),
            ("user", "Hmm, no, keep XML views."),
            ("assistant", "OK."),
            ("user", "Sorry, go with Compose for the dialog after all."),
        ]
    )
    assert not any("XML views" in item for items in sections.values() for item in items)


@pytest.mark.parametrize(
    "sentence",
    [
        "We'll migrate billing to Postgres next week.",
        "Let's deprecate the v1 endpoint next month.",
        "We'll delete the old S3 bucket next week.",
        "We're going to cut the release branch on Friday.",
    ],
)
def test_a_dated_plan_of_work_is_a_decision(sentence: str) -> None:
    # R34-recap30-1: only a meeting, a talk or a demo with a date decides nothing
    assert decides(sentence)
