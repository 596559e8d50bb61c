"""A correction told as leading to the value the user moved away from ("The user corrected
the region to us-west-2." when the record used us-west-2, the user said "<us-west-2> …
<eu-central-1>" in words no reader reads, and the calls after it used eu-central-1) is a
lie, read by where the two values sit in the record, not by the user's words (issue #14
item 4: it stood 45/54 in review). The honest line, told to the new value or from the old
to the new, stands, whatever the recap calls the thing moved."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from tests.builders import chat_exchange

from contextledger import read_messages
from contextledger.compaction import verify_recap

# (where the bucket is now, the user's move from {old} to {new}) in Fijian, Tongan, Kikuyu
# and Maori
MOVES = [
    ("Na bucket e tiko e {old} ena gauna oqo.", "Sega, sega ni {old} — vakayagataka na {new}."),
    (
        "ʻOku ʻi he {old} ʻa e bucket he taimí ni.",
        "ʻIkai, ʻikai ko e {old} — ngāueʻaki ʻa e {new}.",
    ),
    ("Bucket ĩrĩ {old} rĩu.", "Aca, ti {old} — hũthĩra {new}."),
    ("Kei {old} te bucket ināianei.", "Kāo, ehara i te {old} — whakamahia te {new}."),
]
ENGLISH = ("The bucket is in {old} right now.", "Actually, not {old} — use {new}.")
# (what is moved, old value, new value, a command naming a value)
VALUES = [
    ("region", "us-west-2", "eu-central-1", "aws s3 ls s3://exports-{v}"),
    ("queue", "orders-v1", "orders-v2", "rabbitmqctl list_queues name={v}"),
]
HEADINGS = ["Constraints and corrections", "Summary"]
CASES = list(product([*MOVES, ENGLISH], VALUES, HEADINGS))


def _record(earlier: str, moved: str, old: str, new: str, command: str) -> list[dict[str, Any]]:
    """The old value said and used, the user's move, then calls on the new value."""
    return [
        {"role": "user", "content": "Set up the nightly export job."},
        {"role": "assistant", "content": "Understood."},
        {"role": "user", "content": earlier.format(old=old)},
        {"role": "assistant", "content": "Noted."},
        *chat_exchange("c1", "shell", {"cmd": command.format(v=old)}, "ok"),
        {"role": "user", "content": moved.format(old=old, new=new)},
        {"role": "assistant", "content": "Noted."},
        *chat_exchange("c2", "shell", {"cmd": command.format(v=new)}, "ok"),
        *chat_exchange("c3", "shell", {"cmd": "pytest -q tests/export"}, "9 passed"),
        {"role": "user", "content": "Ok, keep going."},
        {"role": "assistant", "content": "Continuing."},
    ]


def _stands(line: str, dicts: list[dict[str, Any]], heading: str) -> bool:
    record = list(read_messages(dicts))
    recap = f"{heading}:\n- {line}" if heading != "Summary" else f"Summary:\n{line}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return line in v.text


def _told_back(thing: str, old: str, new: str) -> list[str]:
    return [
        f"The user corrected the {thing} to {old}.",
        f"The {thing} was corrected to {old}.",
        f"The user switched the {thing} to {old}.",
        f"The user changed the {thing} from {new} to {old}.",
    ]


def _told_right(thing: str, old: str, new: str) -> list[str]:
    return [
        f"The user corrected the {thing} to {new}.",
        f"The user changed the {thing} to {new}.",
        f"The user changed the {thing} from {old} to {new}.",
    ]


@pytest.mark.parametrize(("move", "value", "heading"), CASES)
def test_a_correction_told_to_the_value_the_user_moved_away_from_is_stripped(
    move: tuple[str, str], value: tuple[str, str, str, str], heading: str
) -> None:
    dicts = _record(*move, *value[1:])
    for line in _told_back(*value[:3]):
        assert not _stands(line, dicts, heading), line


@pytest.mark.parametrize(("move", "value", "heading"), CASES)
def test_the_correction_told_to_the_new_value_stands(
    move: tuple[str, str], value: tuple[str, str, str, str], heading: str
) -> None:
    dicts = _record(*move, *value[1:])
    for line in _told_right(*value[:3]):
        assert _stands(line, dicts, heading), line


@pytest.mark.parametrize("move", [MOVES[0], ENGLISH], ids=["fj", "en"])
def test_a_move_taken_back_later_makes_the_first_value_the_one_that_stands(
    move: tuple[str, str],
) -> None:
    """The user moved to eu-central-1 and later back to us-west-2, and the calls followed:
    us-west-2 is where the last move leads, and eu-central-1 is what it left."""
    earlier, moved = move
    dicts = _record(earlier, moved, "us-west-2", "eu-central-1", VALUES[0][3])
    dicts += [
        {"role": "user", "content": moved.format(old="eu-central-1", new="us-west-2")},
        {"role": "assistant", "content": "Noted."},
        *chat_exchange("c4", "shell", {"cmd": "aws s3 ls s3://exports-us-west-2"}, "ok"),
    ]
    assert _stands("The user switched the region back to us-west-2.", dicts, "Summary")
    assert not _stands("The user corrected the region to eu-central-1.", dicts, "Summary")


def test_two_values_of_one_shape_both_still_used_are_no_move() -> None:
    """ "Keep us-west-2 for the bucket, eu-central-1 for the replicas" with calls on both
    after it: nothing was moved away from, so nothing is told back."""
    dicts = _record(
        ENGLISH[0],
        "Keep {old} for the bucket, {new} for the replicas.",
        "us-west-2",
        "eu-central-1",
        VALUES[0][3],
    )
    dicts += chat_exchange("c4", "shell", {"cmd": "aws s3 ls s3://exports-us-west-2"}, "ok")
    assert _stands("The user kept the bucket region at us-west-2.", dicts, "Summary")
