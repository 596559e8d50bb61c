"""A move told as the user's when the record cannot tell an ask from a report (issue #14
item 4): the user's sentence is in words no reader holds ("Move it from A to B" and "I moved
it from A to B" look alike) and the assistant only answered "Noted.". Keeping "The user
moved the service from A to B." leaves a lie when the user asked; stripping it loses a true
line when the user reported. The line gives way to the user's own sentence, quoted ("The
user said: "…""), which is true either way, with a reason a UI can show. What the record
decides keeps its verdict: an English ask is stripped, an English report stands, a move the
assistant's call carried out is stripped, a move told the other way round is stripped, and
"The user asked to move …" stands."""

from __future__ import annotations

import json

import pytest

from builders import said_record
from contextledger.compaction.verify import Verification, verify_recap
from contextledger.model import Message
from contextledger.providers import read_messages

# (an ask, a report of the move made): in words no reader here holds
_SAID = {
    "hausa": (
        "Ka matsar da sabis daga {A} zuwa {B}.",
        "Na matsar da sabis daga {A} zuwa {B} jiya.",
    ),
    "turkish": ("Servisi {A}'dan {B}'ye taşı.", "Servisi dün {A}'dan {B}'ye taşıdım."),
    "japanese": (
        "サービスを {A} から {B} へ移行して。",
        "昨日サービスを {A} から {B} へ移行しました。",
    ),
}
_MOVES = [("MySQL", "MariaDB"), ("Kafka 3.6", "Redpanda 24.1"), ("Amazon SQS", "Google PubSub")]
_UNKNOWN = "the record does not say whether the user did this or asked for it"


def _lines(old: str, new: str) -> list[str]:
    return [
        f"The user moved the service from {old} to {new}.",
        f"The user migrated the service to {new}.",
    ]


def _verified(lines: list[str], record: list[Message]) -> Verification:
    recap = "Summary:\n" + "\n".join(f"- {line}" for line in lines)
    return verify_recap(recap, record, max_bytes=8000, ledger=False)


@pytest.mark.parametrize("lang", sorted(_SAID))
@pytest.mark.parametrize("move", _MOVES)
@pytest.mark.parametrize("told", [0, 1], ids=["ask", "report"])
def test_a_move_no_reader_can_place_gives_way_to_the_users_sentence(
    lang: str, move: tuple[str, str], told: int
) -> None:
    said = _SAID[lang][told].format(A=move[0], B=move[1])
    v = _verified(_lines(*move), said_record("Set up the export job.", said))
    quoted = f'The user said: "{said}"'
    assert all(line not in v.text for line in _lines(*move))
    assert v.text.count(quoted) == 1  # two lines told of one sentence: one quote
    assert all(_UNKNOWN in c.reason for c in v.misclaims), v.misclaims
    # the quote is the user's words: checked again, it stands
    assert not _verified([quoted], said_record("Set up the export job.", said)).misclaims


@pytest.mark.parametrize("lang", sorted(_SAID))
def test_what_the_user_asked_stands_and_a_reversed_move_is_stripped_not_quoted(lang: str) -> None:
    said = _SAID[lang][0].format(A="Kafka 3.6", B="Redpanda 24.1")
    record = said_record("Set up the export job.", said)
    asked = "The user asked to move the service from Kafka 3.6 to Redpanda 24.1."
    assert asked in _verified([asked], record).text
    reversed_ = _verified(["The user moved the service from Redpanda 24.1 to Kafka 3.6."], record)
    assert "Redpanda 24.1 to Kafka 3.6" not in reversed_.text
    assert "The user said" not in reversed_.text


@pytest.mark.parametrize("lang", sorted(_SAID))
def test_a_move_the_assistants_call_carried_out_is_stripped_as_before(lang: str) -> None:
    said = _SAID[lang][0].format(A="Kafka 3.6", B="Redpanda 24.1")
    args = json.dumps({"command": "./scripts/migrate.sh --to redpanda-24.1"})
    call = {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": args}}
    record = list(
        read_messages(
            [
                {"role": "user", "content": said},
                {"role": "assistant", "content": None, "tool_calls": [call]},
                {"role": "tool", "tool_call_id": "c1", "content": "migrated\nexit code 0"},
                {"role": "assistant", "content": "Done."},
            ]
        )
    )
    v = _verified(["The user moved the service from Kafka 3.6 to Redpanda 24.1."], record)
    assert "Kafka 3.6 to Redpanda 24.1" not in v.text
    assert "The user said" not in v.text
    assert any("the assistant" in c.reason for c in v.misclaims), v.misclaims


@pytest.mark.parametrize("move", _MOVES)
def test_english_keeps_its_verdicts_an_ask_stripped_a_report_kept(move: tuple[str, str]) -> None:
    old, new = move
    line = f"The user moved the service from {old} to {new}."
    ask = said_record("Set up the export job.", f"Please move the service from {old} to {new}.")
    v = _verified([line], ask)
    assert line not in v.text and "The user said" not in v.text
    assert any("the user asked for this move" in c.reason for c in v.misclaims), v.misclaims
    report = said_record("Set up the export job.", f"I moved the service from {old} to {new}.")
    assert line in _verified([line], report).text


@pytest.mark.parametrize(
    "said",
    [
        "Servicio-ta Redis 6.2-manta Valkey 8.0-man astay.",  # Quechua: a five-letter "-manta"
        "Servicio-ta MySQL-manta MariaDB-kama astay.",
    ],
)
def test_an_ask_told_the_other_way_round_with_a_long_glued_ending_is_stripped(said: str) -> None:
    old, new = ("Redis 6.2", "Valkey 8.0") if "Redis" in said else ("MySQL", "MariaDB")
    record = said_record("Set up the export job.", said)
    backwards = f"The user asked to move the service from {new} to {old}."
    assert backwards not in _verified([backwards], record).text
    asked = f"The user asked to move the service from {old} to {new}."
    assert asked in _verified([asked], record).text
