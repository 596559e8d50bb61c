"""A move the user asked for, told as done by the user (issue #14 item 4): "The user moved
the service from A to B." says the move is done, and done by the user. When the assistant's
answer to the user's sentence takes the move up ("Starting now: … on Valkey 8.0."), the
sentence was an ask: the line is stripped while "The user asked to move …" stands. A report
in English ("I moved …") stays the user's. Values of several words and dotted versions
("RabbitMQ 3.8", "NATS JetStream 2.10") are read whole, told the other way round they are
stripped, and a call's "--to nats-2.10" flag is no reading of "asked to move". A call that
only looks ("psql --version", "apt-cache show valkey") takes nothing up."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.failures import only_looks
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message
from contextledger.providers import read_messages

_ASKED = {
    "indonesian": "Pindahkan layanan dari {A} ke {B}.",
    "swahili": "Hamisha huduma kutoka {A} hadi {B}.",
    "turkish": "Servisi {A}'ten {B}'ye taşı.",
}
_MOVES = [("Redis 6.2", "Valkey 8.0"), ("RabbitMQ 3.8", "NATS JetStream 2.10")]


def _call(command: str, output: str) -> list[dict[str, object]]:
    args = json.dumps({"command": command})
    return [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": args}}
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": output},
    ]


def _record(said: str, answer: list[dict[str, object]]) -> list[Message]:
    turns: list[dict[str, object]] = [
        {"role": "user", "content": "Set up the export job."},
        {"role": "assistant", "content": "Ok."},
        {"role": "user", "content": said},
        *answer,
        {"role": "user", "content": "ok, go on with the export"},
        {"role": "assistant", "content": "Writing the export job next."},
    ]
    return list(read_messages(turns))


def _verified(line: str, record: list[Message]) -> tuple[bool, list[str]]:
    v = verify_recap("Summary:\n" + line, record, max_bytes=8000, ledger=False)
    return line in v.text, [c.reason for c in v.misclaims]


def _done_lines(old: str, new: str) -> list[str]:
    return [
        f"The user moved the service from {old} to {new}.",
        f"The user migrated the service to {new}.",
        f"The user upgraded the service to {new}.",
    ]


@pytest.mark.parametrize("lang", sorted(_ASKED))
@pytest.mark.parametrize("move", _MOVES)
def test_a_move_the_assistant_took_up_in_its_answer_is_not_told_as_the_users(
    lang: str, move: tuple[str, str]
) -> None:
    old, new = move
    answer = [
        {"role": "assistant", "content": f"Starting now: I'll stop it and bring it up on {new}."},
        *_call("systemctl stop billing", "exit code 0"),
    ]
    record = _record(_ASKED[lang].format(A=old, B=new), answer)
    for line in _done_lines(old, new):
        stands, reasons = _verified(line, record)
        assert not stands
        # (a move the user made may be taken up too: in words no reader holds, the
        # user's sentence is quoted in the line's place)
        assert any("took it up" in r and "the user's words are quoted" in r for r in reasons)
    assert _verified(f"The user asked to move the service from {old} to {new}.", record)[0]
    assert _verified(f"The user asked to move the service to {new}.", record)[0]


@pytest.mark.parametrize("lang", sorted(_ASKED))
@pytest.mark.parametrize("move", _MOVES)
def test_an_acknowledgment_or_a_look_takes_no_move_up(lang: str, move: tuple[str, str]) -> None:
    old, new = move
    looked = [
        {"role": "assistant", "content": f"Noted, {new} from now on."},
        *_call("psql --version", "psql (PostgreSQL) 15.4"),
    ]
    record = _record(_ASKED[lang].format(A=old, B=new), looked)
    _, reasons = _verified(f"The user moved the service from {old} to {new}.", record)
    assert not any("took it up" in r for r in reasons), reasons


@pytest.mark.parametrize("lang", sorted(_ASKED))
@pytest.mark.parametrize("move", _MOVES)
def test_a_move_told_the_other_way_round_is_stripped(lang: str, move: tuple[str, str]) -> None:
    old, new = move
    record = _record(_ASKED[lang].format(A=old, B=new), [{"role": "assistant", "content": "Ok."}])
    assert not _verified(f"The user asked to move the service from {new} to {old}.", record)[0]
    assert not _verified(f"The user moved the service from {new} to {old}.", record)[0]


@pytest.mark.parametrize("move", _MOVES)
def test_an_english_report_of_the_move_stays_the_users(move: tuple[str, str]) -> None:
    old, new = move
    said = f"I moved the service from {old} to {new} last night."
    record = _record(said, [{"role": "assistant", "content": "Noted."}])
    assert _verified(f"The user moved the service from {old} to {new}.", record)[0]


@pytest.mark.parametrize("lang", sorted(_ASKED))
def test_a_to_flag_of_the_call_is_no_reading_of_asked_to_move(lang: str) -> None:
    old, new = _MOVES[1]
    answer = _call("./scripts/migrate.sh --to nats-2.10", "migrated\nexit code 0")
    record = _record(_ASKED[lang].format(A=old, B=new), answer)
    assert _verified(f"The user asked to move the service from {old} to {new}.", record)[0]
    assert _verified(f"The user asked to move the service to {new}.", record)[0]


@pytest.mark.parametrize(
    "command", ["psql --version", "python3 -V", "apt-cache show valkey", "apt list --installed"]
)
def test_a_version_or_a_package_record_read_only_looks(command: str) -> None:
    assert only_looks([command])


@pytest.mark.parametrize("command", ["apt-get install valkey", "psql -c 'DROP TABLE t'"])
def test_an_install_or_a_query_is_no_look(command: str) -> None:
    assert not only_looks([command])
