"""A move the user asked for, told in a Summary as the user's (issue #14 item 4): "The user
moved the database from Postgres 15 to Postgres 16." was stripped as "no turn of the
record shows the user doing it" though the user asked for that move. The user's sentence
asking for it supports it, held to where the move leads: told the other way round, or
to the value it leaves, the line is stripped."""

from __future__ import annotations

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message

_ASKED = {
    "english": "Move the database from Postgres 15 to Postgres 16.",
    "indonesian": "Pindahkan basis data dari Postgres 15 ke Postgres 16.",
    "japanese": "データベースを Postgres 15 から Postgres 16 へ移行して。",
    "swahili": "Hamisha hifadhidata kutoka Postgres 15 hadi Postgres 16.",
    "turkish": "Veritabanını Postgres 15'ten Postgres 16'ya taşı.",
}
_HONEST = [
    "The user moved the database from Postgres 15 to Postgres 16.",
    "The user migrated the database to Postgres 16.",
]
_LIES = [
    "The user moved the database from Postgres 16 to Postgres 15.",
    "The user migrated the database to Postgres 15.",
]


def _stands(line: str, said: str, heading: str = "Summary:\n") -> bool:
    record = [
        Message.user("Set up the export job.", id="u0"),
        Message.assistant("Ok.", id="a0"),
        Message.user(said, id="u1"),
        Message.assistant("Noted.", id="a1"),
    ]
    return line in verify_recap(heading + line, record, max_bytes=8000, ledger=False).text


@pytest.mark.parametrize("lang", sorted(_ASKED))
@pytest.mark.parametrize("line", _HONEST)
def test_the_move_the_user_asked_for_stands(lang: str, line: str) -> None:
    assert _stands(line, _ASKED[lang])


@pytest.mark.parametrize("lang", sorted(_ASKED))
@pytest.mark.parametrize("line", _LIES)
def test_the_move_told_the_other_way_round_is_stripped(lang: str, line: str) -> None:
    assert not _stands(line, _ASKED[lang])


@pytest.mark.parametrize("line", _HONEST)
def test_a_move_nobody_asked_for_is_stripped(line: str) -> None:
    assert not _stands(line, "Check the logs from yesterday.")
