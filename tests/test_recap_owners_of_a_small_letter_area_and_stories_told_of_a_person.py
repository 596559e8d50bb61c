"""The offline recap's "Constraints and corrections" (issue #14) holds who owns an area,
read by the shape of the user's words in any language:

- a person named before a system in capitals is an owner though their name is written with
  the palochka of the Caucasian alphabets ("ХӀава", or a Latin "I" for it) or set off by a
  dash ("<person> — DNS …; ask them first");
- a person named before an area in small letters the record works on ("export" of
  src/export/), with a rule after it the words read ("ask her before …"), or an area the
  sentence opens with, capitalised, is an owner - in one section only;
- so is a person named by full name in a short sentence of its own with an area in Latin
  letters the record works on as a folder, in the user's words ("Tom Okafor handles the
  export part.", "Amina Juma anasimamia sehemu ya export."), and not one of an area no
  call works on ("… payroll …");
- so is an owner of an area the user's language declines with a case ending glued on
  ("Deploy-алъул <person> …; …", "<person> export-ҡа …; …", "<person> ETL-на … ." said
  alone; the shapes: tests/test_recap_owners_of_an_area_declined_with_a_case_ending.py);
- a story telling what a person did ("Update: <person> merged the fix; CI is green now.",
  "<person> fixed DNS yesterday; …") or an area in small letters with no rule after it is
  no rule."""

from __future__ import annotations

import pytest

from builders import (
    ANSWERED_THREE_WAYS,
    AVAR_LABEL,
    AVAR_NAME_FIRST,
    CHECHEN_ALONE,
    a_rule_in_one_section,
    export_recap_of,
    recap_section,
)
from contextledger.compaction.rules import owner_area, owner_by_shape
from contextledger.model import Message

RULES = "Constraints and corrections"


@ANSWERED_THREE_WAYS
@pytest.mark.parametrize(
    "said",
    [
        # Chechen, the palochka in the name: Hava Dudaeva answers for DNS; ask her before …
        "ХӀава Дудаева DNS-на жоп лун ю; зона хийцале цуьнга хатта.",
        # the same with a Latin "I" for the palochka, an English rule after
        "ХIава Дудаева DNS-на жоп лун ю; ask her before changing the zone.",
        # Swahili, the name set off by a dash: Baraka Mwita - is in charge of DNS; ask him first
        "Baraka Mwita — anasimamia DNS; muulize kwanza.",
        # Swahili, an area in small letters the record works on, an English rule after
        "Amina Juma anasimamia export; ask her before changing the export format.",
        "Grace Okafor looks after export; nothing ships without her approval.",
        # Swahili, the area opening the sentence: export is overseen by Amina Juma; ask her
        "Export inasimamiwa na Amina Juma; muulize kwanza.",
        # the area declined with a case ending glued on, a label or after the name, or the
        # owner said alone (Avar, Chechen, Bashkir, Finnish; an English control)
        AVAR_LABEL,
        AVAR_NAME_FIRST,
        CHECHEN_ALONE,
        "Азат Ғәлиев export-ҡа яуаплы; уҙенән һорамайынса үҙгәртмәгеҙ.",
        "Export:ista Liisa Virtanen vastaa; häneltä ensin lupa.",
        "Deploy: Nadia Brooks is responsible; nothing goes to production without her approval.",
        "Ravi Menon owns the ETL.",
        # an area in Latin letters the record works on, said alone in the user's words
        # (Swahili, Lithuanian, Welsh: <person> looks after the export part)
        "Amina Juma anasimamia sehemu ya export.",
        "Rūta Kazlauskienė prižiūri export dalį.",
        "Mae Siân Huws yn gofalu am y rhan export.",
        "Tom Okafor handles the export part.",
    ],
)
def test_an_owner_of_a_system_or_of_an_area_the_record_works_on_is_a_rule_in_one_section(
    said: str, answer: list[Message]
) -> None:
    assert a_rule_in_one_section(export_recap_of(said, answer), said)


@ANSWERED_THREE_WAYS
@pytest.mark.parametrize(
    "said",
    [
        "Update: Omar Haddad merged the fix; CI is green now.",
        "Omar Haddad fixed DNS yesterday; the zone resolves again.",
        # Swahili with a borrowed verb: Update: Juma Ali merged the fix; CI is green now
        "Update: Juma Ali ali-merged fix; CI ni kijani sasa.",
        # Swahili: Juma Ali repaired export yesterday; it works again (no rule after it)
        "Juma Ali alirekebisha export jana; inafanya kazi tena.",
        "Omar Haddad restarted the ETL.",
    ],
)
def test_a_story_of_what_a_person_did_is_no_rule(said: str, answer: list[Message]) -> None:
    assert said not in recap_section(export_recap_of(said, answer), RULES)


def test_the_area_of_an_owner_named_before_it() -> None:
    assert owner_area("ХӀава Дудаева DNS-на жоп лун ю; зона хийцале цуьнга хатта.") == "DNS"
    assert owner_by_shape("Baraka Mwita — anasimamia DNS; muulize kwanza.")
    # (an area in small letters: the record decides, the shape alone names no owner)
    said = "Amina Juma anasimamia export; ask her before changing the export format."
    assert "export" in owner_area(said).split()
    assert not owner_by_shape(said)
    # (a story: no area)
    assert owner_area("Omar Haddad fixed DNS yesterday; the zone resolves again.") == ""
    assert not owner_by_shape("Update: Omar Haddad merged the fix; CI is green now.")
