"""A value choice credited to the user must be the user's latest value of that kind.

"Use us-west-2, as the user asked." where the user moved from us-west-2 to eu-central-1
(in words no reader reads) is the correction told back as a directive: it goes through the
same check as "The user corrected the region to us-west-2." (issue #14 item 4: it stood
4/6 in review). The move is read by where the values sit: the old value named before the
user's turn, the new one first named there, and nothing after it using the old one - with
or without calls on the new value. The honest lines stand."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from tests.builders import stands_under, value_moved_dicts

# (where the bucket is now, the user's move from {old} to {new}) in Fijian, Tongan, Kikuyu
MOVES = [
    ("Na bucket e tiko e {old} ena gauna oqo.", "Sega, sega ni {old} — vakayagataka na {new}."),
    (
        "ʻOku ʻi he {old} ʻa e bucket he taimí ni.",
        "ʻIkai, ʻikai ko e {old} — ngāueʻaki ʻa e {new}.",
    ),
    ("Bucket ĩrĩ {old} rĩu.", "Aca, ti {old} — hũthĩra {new}."),
]
OLD, NEW = "us-west-2", "eu-central-1"
HEADINGS = ["Constraints and corrections", "Summary"]


def _record(earlier: str, moved: str, calls: bool) -> list[dict[str, Any]]:
    return value_moved_dicts(earlier, moved, OLD, NEW, calls=calls)


TOLD_BACK = [
    f"Use {OLD}, as the user asked.",
    f"The user chose {OLD}.",
    f"Keep {OLD} (per the user's request).",
    f"The user corrected the earlier choice to {OLD}.",
]
TOLD_RIGHT = [
    f"Use {NEW}, as the user asked.",
    f"The user chose {NEW}.",
    f"The user corrected the earlier choice to {NEW}.",
]


@pytest.mark.parametrize(
    ("move", "calls", "heading"), list(product(MOVES, [True, False], HEADINGS))
)
def test_a_choice_of_the_old_value_credited_to_the_user_is_stripped(
    move: tuple[str, str], calls: bool, heading: str
) -> None:
    dicts = _record(*move, calls=calls)
    assert [line for line in TOLD_BACK if stands_under(line, dicts, heading)] == []


@pytest.mark.parametrize(
    ("move", "calls", "heading"), list(product(MOVES, [True, False], HEADINGS))
)
def test_a_choice_of_the_new_value_credited_to_the_userstands_under(
    move: tuple[str, str], calls: bool, heading: str
) -> None:
    dicts = _record(*move, calls=calls)
    assert [line for line in TOLD_RIGHT if not stands_under(line, dicts, heading)] == []


@pytest.mark.parametrize("heading", HEADINGS)
def test_english_new_value_named_first_is_no_move_back(heading: str) -> None:
    """ "Use NEW, not OLD." names the kept value first: the choices of NEW stand."""
    dicts = _record("The bucket is in {old} right now.", "Use {new}, not {old}.", calls=False)
    assert [line for line in TOLD_RIGHT[:2] if not stands_under(line, dicts, heading)] == []


@pytest.mark.parametrize("heading", HEADINGS)
def test_a_value_the_session_went_on_with_is_no_move_away(heading: str) -> None:
    """ "Keep OLD, don't move to NEW." answered "Noted, staying in OLD.": the choice of OLD
    credited to the user stands."""
    dicts = _record(
        "The bucket is in {old} right now.", "Keep {old}, don't move to {new}.", calls=False
    )
    dicts[7] = {"role": "assistant", "content": f"Noted, staying in {OLD}."}
    assert stands_under(f"Use {OLD}, as the user asked.", dicts, heading)
