"""A decision said in the first person singular is a decision: Finnish "päätin / valitsin"
(each person of the past, not only "we" and "they"), Malay "saya / aku (dah) putuskan"
(the bare verb after any pronoun, not only "kita / kami"); not one not made yet."""

from __future__ import annotations

import pytest

from builders import said_after_a_task

DECISIONS = "Decisions"


@pytest.mark.parametrize(
    "said",
    [
        "Valitsin Postgresin tietokannaksi.",
        "Päätitte siis käyttää Redis-välimuistia.",
        "Aku dah putuskan kita guna Redis untuk cache.",
        "Mereka putuskan untuk memakai Postgres.",
    ],
)
def test_a_decision_said_by_one_person_is_a_decision(said: str) -> None:
    assert said.rstrip(".") in said_after_a_task(said, DECISIONS)


def test_a_decision_not_made_yet_is_none() -> None:
    assert said_after_a_task("Saya belum putuskan lagi soal cache.", DECISIONS) == ""
