"""Hebrew's "אל" is "don't" only before a verb of the second person opening its clause;
elsewhere it is "to" ("שלח אל ערוץ …"), and a recap of such a request in English is no
rule with its denial dropped."""

from __future__ import annotations

import pytest

from builders import recap_stripped, said_record
from contextledger.compaction.claims.words import restricts

GOAL = "Set up the nightly alerts."


def _stands(said: str, line: str) -> bool:
    recap = f"Goal: {GOAL}\nConstraints and corrections:\n- {line}"
    return not recap_stripped(recap, said_record(GOAL, said))


@pytest.mark.parametrize(
    ("text", "bans"),
    [
        ("תמיד שלח את ההתראות אל ערוץ ops-alerts.", False),
        ("העלה את הקבצים אל תור ההודעות jobs-q.", False),
        ("אל תשלח את ההתראות לערוץ ops-alerts.", True),
        ("בבקשה, אל תמחק את jobs-q.", True),
    ],
)
def test_hebrew_to_is_no_restriction_and_its_dont_is(text: str, bans: bool) -> None:
    assert restricts(text) == bans


def test_an_english_recap_of_a_hebrew_request_with_to_stands() -> None:
    said = "תמיד שלח את ההתראות אל ערוץ ops-alerts."
    assert _stands(said, "always send the alerts to the ops-alerts channel.")
