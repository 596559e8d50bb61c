"""Who owns an area (issue #14: a standing rule of the recap's "Constraints and corrections")
is read when the user's language declines the area's Latin name with a case ending glued on
by a hyphen, an apostrophe or a colon ("Deploy-алъул", "export-ҡа", "Export:ista"), in any
language (the recap's filing of these sentences:
tests/test_recap_owners_of_a_small_letter_area_and_stories_told_of_a_person.py):

- the area as a label opening the sentence, then the person ("Deploy-<ending> <person> is
  responsible; nothing to production without their approval") - the label is no first word
  of the person's name;
- the person first, then the area with its ending, and a rule in the user's own words;
- a sentence that only says who owns a system ("<person> ETL-<ending> is responsible."), no
  clause after it;
- a word with the palochka of the Caucasian alphabets inside ("гӀадамал") is no name.

A story told of the person, a request to them, or a sentence that also names a path is no
owner by that shape."""

from __future__ import annotations

import pytest

from builders import AVAR_LABEL, AVAR_NAME_FIRST, CHECHEN_ALONE
from contextledger.compaction.rules import owner_area, owner_by_shape


def test_the_area_is_the_label_without_its_case_ending_not_a_part_of_the_name() -> None:
    assert owner_area(AVAR_LABEL) == "Deploy"
    assert owner_by_shape(AVAR_LABEL)
    assert owner_area(AVAR_NAME_FIRST) == "export"
    assert owner_by_shape(AVAR_NAME_FIRST)
    assert owner_area(CHECHEN_ALONE) == "ETL"
    # (the palochka written as a Latin "I" inside a word of the rule: still no second name)
    assert owner_area(AVAR_NAME_FIRST.replace("гӀ", "гI")) == "export"


@pytest.mark.parametrize(
    "said",
    [
        "Omar Haddad restarted the ETL.",  # a story
        "Omar Haddad, check the ETL.",  # a request to the person
        "Хава Дудаева ETL-на src/etl/ чохь болх бо.",  # a path: work, not who owns
        "Jean-Luc Martin is in Paris.",  # a double name, no area
        # Bashkir, a story saying more than an owner's clause: A. G. fixed export again yesterday
        "Азат Ғәлиев export-ты кисә ҡабат төҙәтте; хәҙер эшләй.",
    ],
)
def test_a_sentence_naming_a_person_and_a_system_is_not_always_an_owner(said: str) -> None:
    assert not owner_by_shape(said)
