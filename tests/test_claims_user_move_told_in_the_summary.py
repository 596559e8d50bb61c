"""A move the user asked for, told in a Summary as the user's (issue #14 item 4): "The user
moved the database from Postgres 15 to Postgres 16." was stripped as "no turn of the
record shows the user doing it" though the user asked for that move. The user's sentence
asking for it supports it, held to where the move leads: told the other way round, or
to the value it leaves, the line is stripped. When the assistant's calls or answers carried
the move out, or took it up in its answer, or the user's sentence reads as an ask ("Move the
database …"), "The user moved …" says the user did what the user asked for: stripped, with a
reason saying so; "The user asked to move …" stands. A sentence in words no reader holds,
answered by nothing that takes the move up, may be an ask or a report: the line gives way
to the user's own sentence, quoted."""

from __future__ import annotations

import pytest

from builders import chat_exchange
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message
from contextledger.providers import read_messages

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


def _kept(line: str, said: str, heading: str = "Summary:\n") -> str:
    record = [
        Message.user("Set up the export job.", id="u0"),
        Message.assistant("Ok.", id="a0"),
        Message.user(said, id="u1"),
        Message.assistant("Noted.", id="a1"),
    ]
    return verify_recap(heading + line, record, max_bytes=8000, ledger=False).text


def _stands(line: str, said: str, heading: str = "Summary:\n") -> bool:
    return line in _kept(line, said, heading)


_UNREAD = sorted(set(_ASKED) - {"english"})


@pytest.mark.parametrize("lang", _UNREAD)
@pytest.mark.parametrize("line", _HONEST)
def test_a_move_in_words_no_reader_holds_gives_way_to_the_users_words(lang: str, line: str) -> None:
    # an ask or a report of the move: nothing here tells which, and nothing took it up;
    # a guess either way loses a true line or leaves a lie, the user's words are true
    kept = _kept(line, _ASKED[lang])
    assert line not in kept
    assert f'The user said: "{_ASKED[lang]}"' in kept


@pytest.mark.parametrize("line", _HONEST)
def test_a_move_the_user_asked_for_in_english_is_not_told_as_done_by_the_user(line: str) -> None:
    # "Move the database …": an ask, read; "The user moved …" says it is done, by the user
    assert not _stands(line, _ASKED["english"])
    assert _stands("The user asked to move the database to Postgres 16.", _ASKED["english"])


@pytest.mark.parametrize("lang", sorted(_ASKED))
@pytest.mark.parametrize("line", _LIES)
def test_the_move_told_the_other_way_round_is_stripped(lang: str, line: str) -> None:
    assert not _stands(line, _ASKED[lang])


@pytest.mark.parametrize("line", _HONEST)
def test_a_move_nobody_asked_for_is_stripped(line: str) -> None:
    assert not _stands(line, "Check the logs from yesterday.")


# The assistant carried the move out after the user asked for it: "The user moved …" then
# credits the user with the assistant's work, while "The user asked to move …" tells it right.
_PERFORMED_IN = ["english", "indonesian", "turkish"]
_CARRIED_OUT: dict[str, list[dict[str, object]]] = {
    "call": chat_exchange(
        "c1",
        "bash",
        {"command": "./scripts/upgrade-db.sh postgres-16 && systemctl restart db"},
        "Postgres 16 is up, data copied",
    ),
    "config": chat_exchange(
        "c1", "write_file", {"path": "deploy/db.yaml", "content": "image: Postgres 16\n"}, "ok"
    ),
    "answer": [
        {"role": "assistant", "content": "I migrated the database to Postgres 16; it is up."}
    ],
}


def _carried_out(said: str, how: str) -> list[Message]:
    turns: list[dict[str, object]] = [
        {"role": "user", "content": "Set up the export job."},
        {"role": "assistant", "content": "Ok."},
        {"role": "user", "content": said},
        *_CARRIED_OUT[how],
    ]
    return list(read_messages(turns))


def _verified(line: str, record: list[Message]) -> tuple[bool, list[str]]:
    v = verify_recap("Summary:\n" + line, record, max_bytes=8000, ledger=False)
    return line in v.text, [c.reason for c in v.misclaims]


@pytest.mark.parametrize("lang", _PERFORMED_IN)
@pytest.mark.parametrize("how", sorted(_CARRIED_OUT))
@pytest.mark.parametrize("line", _HONEST)
def test_a_move_the_assistant_carried_out_is_not_credited_to_the_user(
    lang: str, how: str, line: str
) -> None:
    stands, reasons = _verified(line, _carried_out(_ASKED[lang], how))
    assert not stands
    assert any("the user asked for it" in r for r in reasons), reasons


@pytest.mark.parametrize("lang", _PERFORMED_IN)
@pytest.mark.parametrize("how", sorted(_CARRIED_OUT))
def test_the_users_asking_for_a_move_the_assistant_carried_out_stands(lang: str, how: str) -> None:
    line = "The user asked to move the database to Postgres 16."
    assert _verified(line, _carried_out(_ASKED[lang], how))[0]


@pytest.mark.parametrize("lang", sorted(set(_PERFORMED_IN) - {"english"}))
@pytest.mark.parametrize("line", _HONEST)
def test_a_move_the_assistant_only_read_about_is_not_the_assistants(lang: str, line: str) -> None:
    looked = chat_exchange(
        "c1", "bash", {"command": "cat docs/postgres-16-notes.md"}, "Postgres 16: nothing breaks"
    )
    record = _carried_out(_ASKED[lang], "answer")[:3] + list(read_messages(looked))
    stands, reasons = _verified(line, record)
    # (not carried out by the assistant: whose move it was, the record does not say)
    assert stands or all("the record does not say whether" in r for r in reasons), reasons
