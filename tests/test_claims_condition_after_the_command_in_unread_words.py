"""A leave given on a condition said after the command, in words no reader here holds
("Ka taea e koe te whakahaere `X` mēnā he kākāriki ngā whakamātautau staging."), does not
become unconditional: "The user approved running `X` right away." is stripped (issue #14
item 4: it stood where the condition was in an unread language). A leave that says no
more than the command, and an English leave with no condition, keep the claim."""

from __future__ import annotations

from typing import Any

import pytest
from tests.builders import stands_under

COMMAND = "`make cutover-primary ENV=prod`"
# (a leave with its condition after the command, the same leave with none) in Maori,
# Tongan and Kikuyu
LEAVES = [
    (
        f"Ka taea e koe te whakahaere {COMMAND} mēnā he kākāriki ngā whakamātautau staging.",
        f"Ka taea e koe te whakahaere {COMMAND}.",
    ),
    (
        f"ʻE lava ke ke fakahoko {COMMAND} kapau ʻoku lanu mata ʻa e ngaahi sivi staging.",
        f"ʻE lava ke ke fakahoko {COMMAND}.",
    ),
    (
        f"Ũrahota kũhũthĩra {COMMAND} angĩkorwo ithimi cia staging nĩ ngirini.",
        f"Ũrahota kũhũthĩra {COMMAND}.",
    ),
]
GIVEN_OUTRIGHT = f"The user approved running {COMMAND} right away."
HEADINGS = ["Constraints and corrections", "Summary"]


def _record(leave: str) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "Prepare the database cutover."},
        {"role": "assistant", "content": "Understood."},
        {"role": "user", "content": leave},
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": "Ok, keep going."},
        {"role": "assistant", "content": "Continuing."},
    ]


@pytest.mark.parametrize(("conditional", "outright"), LEAVES)
@pytest.mark.parametrize("heading", HEADINGS)
def test_a_leave_with_its_condition_after_the_command_is_not_given_outright(
    conditional: str, outright: str, heading: str
) -> None:
    assert not stands_under(GIVEN_OUTRIGHT, _record(conditional), heading)


@pytest.mark.parametrize(("conditional", "outright"), LEAVES)
@pytest.mark.parametrize("heading", HEADINGS)
def test_a_leave_that_says_no_more_than_the_command_is_given_outright(
    conditional: str, outright: str, heading: str
) -> None:
    assert stands_under(GIVEN_OUTRIGHT, _record(outright), heading)


@pytest.mark.parametrize("heading", HEADINGS)
def test_an_english_leave_with_no_condition_stays_given_outright(heading: str) -> None:
    assert stands_under(GIVEN_OUTRIGHT, _record(f"You can run {COMMAND} right away."), heading)
