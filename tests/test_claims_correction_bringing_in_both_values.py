"""A correction that brings in both of its values: which one the user settled on.

"I was wrong earlier: not lz4, use brotli level 9." in words no reader here holds, where
nothing before the turn named either value and no call uses them (issue #14 item 4: "Use
<old>, as the user asked." stood 6/6 in review, and the honest "corrected the earlier
choice to <new>" was stripped 4/6). Read by what came after: the value the assistant goes
on with is the user's choice, and a line giving the other one is stripped. Nothing else
decides a strip: not the order the values are named in ("use B, not A" is as common as
"not A, use B"), nor a clause of short unread words - a line giving either value alone is
kept, and two lines giving both are replaced by the user's own sentence, quoted. English
sentences are left to the readers of English."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from tests.builders import chat_exchange, stands_under

from contextledger.compaction.claims.evidence import Evidence
from contextledger.compaction.claims.settled import check_settled_back
from contextledger.providers import read_messages

HEADINGS = ["Constraints and corrections", "Summary"]
# (old, new): multi-word or lowercase values
PAIRS = [("gzip", "zstd level 12"), ("port 8088", "port 8090"), ("us-east-1", "eu-north-1")]
# "I was wrong earlier: not {A}, use {B}." in Zulu, Tatar, Amharic, Kikuyu
NOT_A_USE_B = [
    "Ngiphosisile ekuqaleni: akusiyo {A}, sebenzisa {B}.",
    "Элек ялгыштым: {A} түгел, {B} куллан.",
    "ቀደም ብዬ ተሳስቼ ነበር፦ {A} አይደለም፣ {B} ተጠቀም።",
    "Ndahĩtĩtie mbere: ti {A}, hũthĩra {B}.",
]
# "… use {B}, not {A}." with a denial of particles only (Kikuyu "ti", Zulu "hha")
USE_B_NOT_A_SHORT = [
    "Ndahĩtĩtie mbere: hũthĩra {B}, ti {A}.",
    "Ngiphosisile ekuqaleni: sebenzisa {B}, hha {A}.",
]
# "… use {B}, not {A}." with a long denial: only the assistant's answer tells
USE_B_NOT_A_LONG = [
    "Элек ялгыштым: {B} куллан, {A} түгел.",
    "ቀደም ብዬ ተሳስቼ ነበር፦ {B} ተጠቀም፣ {A} አይደለም።",
]


def _record(turn: str, old: str, new: str, answer: str = "Noted.") -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "Set up the nightly export job."},
        {"role": "assistant", "content": "Understood."},
        *chat_exchange("c1", "shell", {"cmd": "ls src/export"}, "job.py"),
        {"role": "user", "content": turn.format(A=old, B=new)},
        {"role": "assistant", "content": answer.format(B=new)},
        *chat_exchange("c2", "write_file", {"path": "src/export/job.py", "content": "x"}, "ok"),
        {"role": "user", "content": "Ok, keep going."},
        {"role": "assistant", "content": "Continuing."},
    ]


def _told_back(old: str) -> list[str]:
    return [f"Use {old}, as the user asked.", f"The user corrected the earlier choice to {old}."]


def _told_right(new: str) -> list[str]:
    return [f"Use {new}, as the user asked.", f"The user corrected the earlier choice to {new}."]


def _standing(lines: list[str], dicts: list[dict[str, Any]], heading: str) -> list[str]:
    return [line for line in lines if stands_under(line, dicts, heading)]


@pytest.mark.parametrize(
    ("turn", "pair", "heading"),
    list(product(NOT_A_USE_B + USE_B_NOT_A_SHORT + USE_B_NOT_A_LONG, PAIRS, HEADINGS)),
)
def test_the_value_the_assistant_goes_on_with_is_the_users_choice(
    turn: str, pair: tuple[str, str], heading: str
) -> None:
    dicts = _record(turn, *pair, answer="Noted, {B} from now on.")
    assert _standing(_told_back(pair[0]), dicts, heading) == []
    assert _standing(_told_right(pair[1]), dicts, heading) == _told_right(pair[1])


@pytest.mark.parametrize(
    ("turn", "pair", "heading"),
    list(product(NOT_A_USE_B[:3] + USE_B_NOT_A_LONG, PAIRS, HEADINGS)),
)
def test_a_line_giving_either_value_stands_when_nothing_after_tells(
    turn: str, pair: tuple[str, str], heading: str
) -> None:
    # (order and short words alone are a guess: "use B, not A" reads the other way round)
    dicts = _record(turn, *pair)
    both = _told_back(pair[0]) + _told_right(pair[1])
    assert _standing(both, dicts, heading) == both


def test_only_what_came_after_strips_a_choice() -> None:
    dicts = _record(NOT_A_USE_B[1], "port 8088", "port 8090")
    ev = Evidence.of(list(read_messages(dicts)))
    assert check_settled_back("Use port 8088, as the user asked.", ev) == []
    answered = _record(NOT_A_USE_B[1], "port 8088", "port 8090", "Noted, {B} from now on.")
    [claim] = check_settled_back(
        "Use port 8088, as the user asked.", Evidence.of(list(read_messages(answered)))
    )
    assert "went on with" in claim.reason


@pytest.mark.parametrize(
    "turn",
    [
        "Use zstd level 12, it compresses better than the old setting.",
        "Use zstd level 12, and keep port 8090 for the exporter.",
        "Please use zstd level 12 for the nightly files, port 8090 stays.",
        "We want zstd level 12, gzip is too slow.",
    ],
)
@pytest.mark.parametrize("heading", HEADINGS)
def test_an_english_choice_beside_another_value_stands(turn: str, heading: str) -> None:
    dicts = _record(turn, "", "")
    assert stands_under("Use zstd level 12, as the user asked.", dicts, heading)
