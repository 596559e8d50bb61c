"""The offline recap's "Constraints and corrections" (issue #14) holds who owns an area
when the user's language declines the area's Latin name with a case ending glued on by a
hyphen, an apostrophe or a colon ("Deploy-алъул", "export-ҡа", "export:sta"), in any
language:

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

from builders import ANSWERED_THREE_WAYS, a_rule_in_one_section, export_recap_of, recap_section
from contextledger.compaction.rules import owner_area, owner_by_shape
from contextledger.model import Message

RULES = "Constraints and corrections"

# Avar: Deploy - Patimat Gadzhieva is responsible; nothing goes to production without her leave
AVAR_LABEL = (
    "Deploy-алъул Патимат Гаджиева жавабчи йиго; production-алде гьелъул изну гьечӀого щибго"
    " бачунаро."
)
# Avar: P. G. is responsible for export; ask her before people change export
AVAR_NAME_FIRST = (
    "Патимат Гаджиева export-алъул жавабчи йиго; гӀадамаз export хисизе цеве гьелда гьикъе."
)
# Chechen: Hava Dudaeva answers for the ETL (and nothing else said)
CHECHEN_ALONE = "Хава Дудаева ETL-на жоп лун ю."


@ANSWERED_THREE_WAYS
@pytest.mark.parametrize(
    "said",
    [
        AVAR_LABEL,
        AVAR_NAME_FIRST,
        CHECHEN_ALONE,
        # Bashkir, the name first: Azat Galiev is responsible for export; don't change it unasked
        "Азат Ғәлиев export-ҡа яуаплы; уҙенән һорамайынса үҙгәртмәгеҙ.",
        # Finnish, the ending after a colon: export is Liisa Virtanen's; ask her first
        "Export:ista Liisa Virtanen vastaa; häneltä ensin lupa.",
        # English controls
        "Deploy: Nadia Brooks is responsible; nothing goes to production without her approval.",
        "Ravi Menon owns the ETL.",
    ],
)
def test_an_owner_of_an_area_declined_with_a_case_ending_is_a_rule_in_one_section(
    said: str, answer: list[Message]
) -> None:
    assert a_rule_in_one_section(export_recap_of(said, answer), said)


@ANSWERED_THREE_WAYS
@pytest.mark.parametrize(
    "said",
    [
        "Omar Haddad restarted the ETL.",
        "Update: Omar Haddad merged the fix; CI is green now.",
    ],
)
def test_a_story_of_what_a_person_did_to_a_system_is_no_rule(
    said: str, answer: list[Message]
) -> None:
    assert said not in recap_section(export_recap_of(said, answer), RULES)


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
