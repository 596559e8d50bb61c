"""Who owns an area, said in one short sentence in whatever words of the user's language
(:func:`contextledger.compaction.rules.areas_of_a_short_owner`; the recap's side:
tests/test_recap_owners_of_a_small_letter_area_and_stories_told_of_a_person.py): an area
no call works on is no rule; the areas such a sentence may name, not a question's nor a
story's."""

from __future__ import annotations

import pytest

from builders import ANSWERED_THREE_WAYS, export_recap_of, recap_section
from contextledger.compaction.rules import areas_of_a_short_owner
from contextledger.model import Message


@ANSWERED_THREE_WAYS
@pytest.mark.parametrize(
    "said",
    [
        "Amina Juma anasimamia sehemu ya payroll.",  # Swahili: (no call works on payroll)
        "Tom Okafor handles the payroll part.",
    ],
)
def test_an_owner_of_an_area_no_call_works_on_is_no_rule(said: str, answer: list[Message]) -> None:
    assert said not in recap_section(export_recap_of(said, answer), "Constraints and corrections")


def test_the_areas_a_short_owner_sentence_may_name() -> None:
    assert "billing" in areas_of_a_short_owner("Joseph Camilleri jieħu ħsieb tal-billing.")
    assert "billing" in areas_of_a_short_owner("Sunnvá Poulsen tekur sær av billing-partinum.")
    # (asked, a story told in English words, or a story going on after the person's clause)
    assert areas_of_a_short_owner("Does Tom Okafor handle billing?") == []
    assert areas_of_a_short_owner("Tom Okafor merged the billing fix.") == []
    assert areas_of_a_short_owner("Juma Ali alirekebisha export jana; inafanya kazi tena.") == []
