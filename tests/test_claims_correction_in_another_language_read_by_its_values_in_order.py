"""A user's correction said in a language no reader here holds, recapped in English.

"Germination is measured over 21 days, not 14." for the user's "<words> 21 <days>, <not>
14." after the assistant's "14 days" (issue #14, review 58 kind (a)): the English words
are not in the user's turn, and its denial is in words no reader holds, so the line was
stripped ("no user turn says this", "the record counts 21 <word>, not day"). It is read by
what can be checked across languages: every number and name of the line is in the user's
sentence, the value set aside is the one the record had before (and the kept one is new),
and the unit the line gives the kept value is the unit the record gave the value it
replaces. A line with the values the other way round, a number the user never gave, or
another unit is still stripped, under every heading that holds the user's words."""

from __future__ import annotations

import pytest
from tests.builders import stands_under

# "Germination is measured over 21 days, not 14." in Swahili, Yoruba, Zulu, Kikuyu
CORRECTIONS = [
    "Uotaji unapimwa kwa siku 21, si 14.",
    "A máa ń wọn ìdàgbà ní ọjọ́ 21, kì í ṣe 14.",
    "Ukumila kukalwa ezinsukwini ezingu-21, hhayi ezingu-14.",
    "Kũmera gũthimagwo mĩthenya 21, ti 14.",
]
HEADINGS = ["User also said", "Constraints and corrections"]
HONEST = "Germination is measured over 21 days, not 14."
LIES = [
    "Germination is measured over 14 days, not 21.",  # the correction the other way round
    "Germination is measured over 28 days, not 14.",  # a number the user never gave
    "Germination is measured over 21 weeks, not 14.",  # another unit
]


def _session(correction: str) -> list[dict[str, object]]:
    return [
        {"role": "user", "content": "Set up the seed germination tracker."},
        {"role": "assistant", "content": "Ok. I'll measure germination over 14 days."},
        {"role": "user", "content": correction},
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": "Go on."},
        {"role": "assistant", "content": "Continuing."},
    ]


@pytest.mark.parametrize("heading", HEADINGS)
@pytest.mark.parametrize("correction", CORRECTIONS)
def test_the_correction_translated_the_users_way_round_stands(
    correction: str, heading: str
) -> None:
    assert stands_under(HONEST, _session(correction), heading)


@pytest.mark.parametrize("lie", LIES)
@pytest.mark.parametrize("heading", HEADINGS)
@pytest.mark.parametrize("correction", CORRECTIONS)
def test_a_turned_or_changed_correction_is_stripped(
    correction: str, heading: str, lie: str
) -> None:
    assert not stands_under(lie, _session(correction), heading)
