"""A correction between two values the record named nowhere before, said in words whose
denial is read ("Sorry, I was wrong earlier: not us-east-2, use sa-east-1."): a recap line
giving the value the user took up as the correction ("The user corrected the earlier choice
to sa-east-1.") is the user's word in the recap's own framing and stands; one giving the value
the user set aside is stripped (independent review 56: the honest line was stripped as "no
user turn says this", and a recap holding only it was rejected whole)."""

from __future__ import annotations

import pytest

from builders import recap_line_stands
from contextledger.model import Message

GOAL = "Move the backup job to the new cluster."

CORRECTIONS = [
    ("Sorry, I was wrong earlier: not us-east-2, use sa-east-1.", "sa-east-1", "us-east-2"),
    ("Not us-east-2, use sa-east-1.", "sa-east-1", "us-east-2"),
    ("Use eu-central-2, not eu-west-1.", "eu-central-2", "eu-west-1"),
    ("Not Python 3.10 - use Python 3.12.7.", "Python 3.12.7", "Python 3.10"),
    ("Sorry, I was wrong earlier: not eu-west-1, use eu-central-2.", "eu-central-2", "eu-west-1"),
]


def _record(said: str) -> list[Message]:
    return [
        Message.user(GOAL),
        Message.assistant("On it."),
        Message.user(said),
        Message.assistant("Noted."),
        *[
            m
            for i in range(3)
            for m in (Message.user("ok, go on"), Message.assistant(f"Step {i}."))
        ],
    ]


@pytest.mark.parametrize(("said", "new", "old"), CORRECTIONS)
def test_the_correction_told_by_where_it_leads_stands(said: str, new: str, old: str) -> None:
    record = _record(said)
    assert recap_line_stands(f"The user corrected the earlier choice to {new}.", record, GOAL)


@pytest.mark.parametrize(("said", "new", "old"), CORRECTIONS)
def test_the_value_set_aside_told_as_the_correction_is_stripped(
    said: str, new: str, old: str
) -> None:
    record = _record(said)
    assert not recap_line_stands(f"The user corrected the earlier choice to {old}.", record, GOAL)
    assert not recap_line_stands(f"Use {old}, as the user asked.", record, GOAL)


def test_an_act_credited_to_the_user_is_still_judged_as_an_act() -> None:
    record = [
        Message.user("Fix the totals: use Decimal, not f64."),
        Message.assistant("On it."),
        Message.user("ok"),
    ]
    assert not recap_line_stands(
        "The user patched src/totals.rs to use Decimal.", record, "Fix the totals."
    )
