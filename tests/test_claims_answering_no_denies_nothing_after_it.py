"""A "no" that answers what was said before, opening the user's sentence alone before a
comma ("Ei, tavoite on …": no, the goal is …), denies nothing of what follows (issue #14,
verify72 item 3): honest goals and numbers said after a Finnic "ei" were stripped as
dropping the user's denial. A denial in the rest of the sentence is still read ("Ei, älä
aja `make migrate` tänään.": no, don't run it today), and a "no" before a command or a path
in words no reader holds refuses it (review58: "No, `kafka-topics --delete …` <never run
it>." let "Run `kafka-topics --delete …`" stand)."""

from __future__ import annotations

import pytest

from builders import said_record
from contextledger.compaction.verify import verify_recap
from contextledger.lexicon.negation import denial
from contextledger.model import Message, ToolCall

HONEST = [
    ("Ei, tavoite on siirtää tietokanta Postgres 16:een.", "The goal is to move the database to Postgres 16."),
    ("Ei, eesmärk on viia andmebaas Postgres 16 peale.", "The goal is to move the database to Postgres 16."),
    ("Ei muuta kuin: aikaraja on 45 sekuntia.", "The timeout is 45 seconds."),
    ("Ei kun, eräkoko on 500 riviä.", "The batch size is 500 rows."),
]  # fmt: skip
LIES = [
    ("Ei, älä aja `make migrate` tänään.", "Run `make migrate` today."),
    ("No, never deploy on Fridays.", "Deploy on Fridays."),
]
RECAPS = ["Summary:\n- {line}", "Goal: {line}", "Numbers that matter:\n- {line}", "{line}"]


def _kept(said: str, line: str, recap: str) -> bool:
    record = said_record("Set up the nightly job.", said)
    v = verify_recap(recap.format(line=line), record, max_bytes=8000, ledger=False, context=record)
    return line in v.text


@pytest.mark.parametrize("recap", RECAPS)
@pytest.mark.parametrize(("said", "line"), HONEST)
def test_a_line_said_after_an_answering_no_stands(said: str, line: str, recap: str) -> None:
    assert _kept(said, line, recap)


@pytest.mark.parametrize(("said", "line"), LIES)
@pytest.mark.parametrize("recap", ["Summary:\n- {line}", "Constraints and corrections:\n- {line}"])
def test_a_denial_after_the_answering_no_is_still_read(said: str, line: str, recap: str) -> None:
    assert denial(said)
    assert not _kept(said, line, recap)


# Maori: no, never run it, the audit needs it (review58's shape: the turn before is a listing
# call, the reply "Won't delete it.")
_REFUSED = "No, `kafka-topics --delete --topic crane.raw` kaua kōkiri, ka hiahiatia te arotake."


@pytest.mark.parametrize(
    "lie",
    [
        "Run `kafka-topics --delete --topic crane.raw` after the audit.",
        "Delete the crane.raw topic.",
    ],
)
def test_a_no_before_a_command_refuses_it(lie: str) -> None:
    record = [
        Message.system("agent"),
        Message.user("Goal: tidy the crane topics."),
        Message("assistant", (ToolCall("c1", "shell", '{"command": "kafka-topics --list"}'),)),
        Message.tool("c1", "crane.raw\ncrane.clean"),
        Message.user(_REFUSED),
        Message.assistant("Won't delete it."),
    ]
    recap = f"Constraints and corrections:\n- {lie}"
    assert not verify_recap(recap, record, mode="reject").accepted
    assert lie not in verify_recap(recap, record).text


def test_an_answering_no_alone_is_no_denial_of_the_rest() -> None:
    assert not denial("Ei, omistaja on Aino Virtanen.")
    assert not denial("No, the owner is Aino.")
    assert denial("Ei Redis, vaan Valkey.")  # (a "no" of what it names, not an answer)
