"""Who holds what is as the user paired it: "Amira owns payments; Jonas owns search" does
not support "Jonas owns payments", in the record's language or in English."""

import pytest

from builders import recap_line_stands, said_record

_GOAL = "Split the work."
# (what the user said, a true pairing, a swapped one), in the record's language
_SAID = [
    (
        "Amira se encarga de pagos; Jonas se encarga de búsqueda.",
        "Amira se encarga de pagos.",
        "Jonas se encarga de pagos.",
    ),
    (
        "Amira kümmert sich um Zahlungen, Jonas kümmert sich um die Berichte.",
        "Jonas kümmert sich um die Berichte.",
        "Amira kümmert sich um die Berichte.",
    ),
    (
        "Amira anasimamia malipo; Jonas anasimamia utafutaji.",
        "Amira anasimamia malipo.",
        "Jonas anasimamia malipo.",
    ),
    (
        "D'Amira s'occupe des paiements; Jonas s'occupe de la recherche.",
        "Amira s'occupe des paiements.",
        "Jonas s'occupe des paiements.",
    ),
]


@pytest.mark.parametrize(("said", "true", "swapped"), _SAID)
def test_an_owner_swapped_is_stripped_the_pairing_stands(
    said: str, true: str, swapped: str
) -> None:
    record = said_record(said)
    for where in ("line", "prose"):
        assert recap_line_stands(true, record, _GOAL, where), (true, where)
        assert not recap_line_stands(swapped, record, _GOAL, where), (swapped, where)


def test_in_english_of_a_record_in_another_language() -> None:
    record = said_record("Amira anasimamia payments; Jonas anasimamia search.")
    assert recap_line_stands("Amira owns payments.", record, _GOAL)
    assert recap_line_stands("Jonas owns search.", record, _GOAL)
    assert not recap_line_stands("Jonas owns payments.", record, _GOAL)
    assert not recap_line_stands("Payments is owned by Jonas.", record, _GOAL)


def test_a_person_alone_or_a_word_all_share_claims_no_swap() -> None:
    record = said_record("Amira owns payments; Jonas owns search.", "Jonas is on call today.")
    assert recap_line_stands("Jonas is on call today.", record, _GOAL)
    assert recap_line_stands("Amira owns payments and Jonas owns search.", record, _GOAL)
    assert not recap_line_stands("Amira owns search and Jonas owns payments.", record, _GOAL)
