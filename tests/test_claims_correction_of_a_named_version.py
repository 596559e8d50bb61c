"""A correction between two values each made of a name and its version ("not Debian 11, use
Ubuntu 24.04") is a move from the one to the other, as one of two single values is: the
old one credited to the user ("Use Debian 11, as the user asked.", "The user corrected the
earlier choice to Debian 11.") is stripped, the new one stands - whatever the versions'
forms, with or without calls after it (review54: these lies stood 6/6 and 4/6 in unread
languages, and in English too, because a claim's value was read as one token)."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from tests.builders import stands_under, value_moved_dicts

# (what the server runs now, the user's move from {old} to {new}) in Fijian, Kikuyu, English
MOVES = [
    ("Na server e vakayagataka tiko na {old} ena gauna oqo.", "Sega, sega ni {old} — vakayagataka na {new}."),
    ("Server ĩrĩ {old} rĩu.", "Aca, ti {old} — hũthĩra {new}."),
    ("The server runs {old} now.", "Sorry, I was wrong earlier — not {old}, use {new}."),
]  # fmt: skip
VALUES = [
    ("Debian 11", "Ubuntu 24.04"),
    ("Python 3.11", "Python 3.12"),
    ("Postgres 15", "Postgres 16"),
]


def _record(move: tuple[str, str], values: tuple[str, str], calls: bool) -> list[dict[str, Any]]:
    return value_moved_dicts(*move, *values, calls=calls)


@pytest.mark.parametrize(("move", "values", "calls"), list(product(MOVES, VALUES, [True, False])))
def test_the_old_named_version_credited_to_the_user_is_stripped(
    move: tuple[str, str], values: tuple[str, str], calls: bool
) -> None:
    old, _ = values
    dicts = _record(move, values, calls)
    told_back = [
        f"Use {old}, as the user asked.",
        f"The user corrected the earlier choice to {old}.",
    ]
    assert [
        line for line in told_back if stands_under(line, dicts, "Constraints and corrections")
    ] == []


@pytest.mark.parametrize(("move", "values", "calls"), list(product(MOVES, VALUES, [True, False])))
def test_the_new_named_version_stands(
    move: tuple[str, str], values: tuple[str, str], calls: bool
) -> None:
    _, new = values
    dicts = _record(move, values, calls)
    honest = [
        f"Use {new}, as the user asked.",
        f"The user corrected the earlier choice to {new}.",
    ]
    assert all(stands_under(line, dicts, "Constraints and corrections") for line in honest)
