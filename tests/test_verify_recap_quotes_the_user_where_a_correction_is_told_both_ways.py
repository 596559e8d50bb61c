"""A recap that tells one correction both ways, where the record cannot tell which is right.

"I was wrong earlier: use zstd level 12, not gzip." in words no reader here holds, nothing
before naming either value, and nothing after naming one: a recap saying both "Use gzip,
as the user asked." and "The user corrected the earlier choice to zstd level 12." asserts
a guess whichever line is kept (issue #14 item 4). The lines are replaced by the user's
own sentence, quoted and credited - true whichever way the user meant it, and read by the
model in its language - and the replacement is reported with its reason. One line alone
stands (nothing speaks against it); when the assistant's answer names one value, the line
giving the other is stripped and nothing is quoted."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from tests.builders import chat_exchange

from contextledger.compaction.verify import Verification, verify_recap
from contextledger.providers import read_messages

PAIRS = [("gzip", "zstd level 12"), ("port 8088", "port 8090"), ("us-east-1", "eu-north-1")]
# "I was wrong earlier: …" in Tatar, Amharic and Zulu, in both orders
TURNS = [
    "Элек ялгыштым: {B} куллан, {A} түгел.",
    "Элек ялгыштым: {A} түгел, {B} куллан.",
    "ቀደም ብዬ ተሳስቼ ነበር፦ {B} ተጠቀም፣ {A} አይደለም።",
    "Ngiphosisile ekuqaleni: akusiyo {A}, sebenzisa {B}.",
]


def _record(turn: str, answer: str = "Noted.") -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "Set up the nightly export job."},
        {"role": "assistant", "content": "Understood."},
        *chat_exchange("c1", "shell", {"cmd": "ls src/export"}, "job.py"),
        {"role": "user", "content": turn},
        {"role": "assistant", "content": answer},
        *chat_exchange("c2", "shell", {"cmd": "git status"}, "nothing to commit"),
    ]


def _verified(lines: list[str], dicts: list[dict[str, Any]]) -> Verification:
    record = list(read_messages(dicts))
    recap = "Constraints and corrections:\n" + "\n".join(f"- {line}" for line in lines)
    return verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)


def _both_ways(old: str, new: str) -> list[list[str]]:
    return [
        [f"Use {old}, as the user asked.", f"The user corrected the earlier choice to {new}."],
        [f"Use {new}, as the user asked.", f"The user corrected the earlier choice to {old}."],
    ]


@pytest.mark.parametrize(("turn", "pair"), list(product(TURNS, PAIRS)))
def test_both_directions_give_way_to_the_users_sentence_quoted(
    turn: str, pair: tuple[str, str]
) -> None:
    said = turn.format(A=pair[0], B=pair[1])
    for lines in _both_ways(*pair):
        v = _verified(lines, _record(said))
        assert f'- The user said: "{said}"' in v.text
        assert not any(line in v.text for line in lines)
        assert {c.value for c in v.misclaims} == set(lines)
        assert all(c.reason.startswith("replaced by the user's own words") for c in v.misclaims)


@pytest.mark.parametrize(("turn", "pair"), list(product(TURNS, PAIRS)))
def test_the_assistant_naming_one_value_decides_and_nothing_is_quoted(
    turn: str, pair: tuple[str, str]
) -> None:
    old, new = pair
    dicts = _record(turn.format(A=old, B=new), f"Noted, {new} from now on.")
    for lines in _both_ways(old, new):
        v = _verified(lines, dicts)
        assert "The user said" not in v.text
        assert [line for line in lines if line in v.text] == [
            line for line in lines if line.endswith((f"{new}.", f"{new}, as the user asked."))
        ]


@pytest.mark.parametrize(("turn", "pair"), list(product(TURNS, PAIRS)))
def test_one_direction_alone_stands(turn: str, pair: tuple[str, str]) -> None:
    dicts = _record(turn.format(A=pair[0], B=pair[1]))
    for line in [f"Use {pair[1]}, as the user asked.", f"Use {pair[0]}, as the user asked."]:
        v = _verified([line], dicts)
        assert line in v.text
        assert "The user said" not in v.text


def test_two_lines_giving_the_same_value_are_no_contradiction() -> None:
    dicts = _record(TURNS[0].format(A="gzip", B="zstd level 12"))
    lines = [
        "Use zstd level 12, as the user asked.",
        "The user corrected the earlier choice to zstd level 12.",
    ]
    v = _verified(lines, dicts)
    assert all(line in v.text for line in lines)
    assert v.misclaims == ()


def test_an_english_correction_is_read_not_quoted() -> None:
    dicts = _record("Use zstd level 12, not gzip.")
    v = _verified(_both_ways("gzip", "zstd level 12")[1], dicts)
    assert "The user said" not in v.text
    assert "Use zstd level 12, as the user asked." in v.text
    assert "The user corrected the earlier choice to gzip." not in v.text


@pytest.mark.parametrize("turn", TURNS)
def test_every_line_of_either_way_gives_way_to_one_quote(turn: str) -> None:
    said = turn.format(A="port 8088", B="port 8090")
    lines = [line for pair in _both_ways("port 8088", "port 8090") for line in pair]
    v = _verified(lines, _record(said))
    assert v.text.count("The user said:") == 1
    assert not any(line in v.text for line in lines)
