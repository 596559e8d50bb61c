"""A goal's manner said by an ending in unread words (issue #14 item 4): "Goal: move the
service to MariaDB 11.4 without downtime." for "Хеҙмәтте MariaDB 11.4-кә туҡтауһыҙ
күсерергә." was stripped as "it adds a denial": Bashkir, Kazakh and Turkish say "without
stopping" with an ending ("-һыҙ", "-сыз", "-siz"), no word of denial. The goal stands; a
goal naming another value, or turning the move around, is still stripped."""

from __future__ import annotations

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message

_SAID = {
    "bashkir": "Хеҙмәтте {v}-кә туҡтауһыҙ күсерергә.",
    "kazakh": "Сервисті {v}-ге тоқтаусыз көшіру.",
    "mongolian": "Сервисийг {v}-д downtime-гүйгээр шилжүүлэх.",
    "turkish": "Servisi kesintisiz {v}'ya taşı.",
}
_VALUES = ["MariaDB 11.4", "eu-central-2", "Postgres 16"]


def _stands(line: str, said: str) -> bool:
    record = [
        Message.user(said, id="u0"),
        Message.assistant("Ok.", id="a0"),
        Message.user("Ok, keep going.", id="u1"),
        Message.assistant("Continuing.", id="a1"),
    ]
    text = f"{line}\nCommands run:\n- none yet"
    return line in verify_recap(text, record, max_bytes=8000, ledger=False).text


@pytest.mark.parametrize("lang", sorted(_SAID))
@pytest.mark.parametrize("value", _VALUES)
def test_the_goal_with_its_manner_stands(lang: str, value: str) -> None:
    said = _SAID[lang].format(v=value)
    assert _stands(f"Goal: move the service to {value} without downtime.", said)


@pytest.mark.parametrize("lang", sorted(_SAID))
def test_a_goal_naming_another_value_is_stripped(lang: str) -> None:
    said = _SAID[lang].format(v="MariaDB 11.4")
    assert not _stands("Goal: move the service to MariaDB 10.6 without downtime.", said)


def test_english_is_still_read_for_its_manner() -> None:
    said = "Move the service to MariaDB 11.4; some downtime at night is fine."
    assert not _stands("Goal: move the service to MariaDB 11.4 without downtime.", said)
    said = "Move the service to MariaDB 11.4 without downtime."
    assert _stands("Goal: move the service to MariaDB 11.4 without downtime.", said)


def test_a_rules_without_is_still_held_to_the_users_words() -> None:
    """Only a move's manner is set aside: "anything may go … without their approval" for
    a rule that lets nothing go without it is still stripped."""
    said = "Айгүл deploy-ды басқарады; оның рұқсатынсыз production-ға ештеңе шықпайды."
    lie = "Айгүл owns the deploy; anything may go to production without their approval."
    assert not _stands(lie, said)
