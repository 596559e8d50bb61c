"""A move to another version of a named thing, said by where it leads or with both ends.

After "We run the server on Postgres 15 for now.", the user's "Upgrade to Postgres 16." (or
"Not Postgres 15 any more, use Postgres 16.") moves the server: "Use Postgres 15, as the
user asked." turns the move around and is stripped, while "The user moved the server from
Postgres 15 to Postgres 16." and "The user asked to move the server to Postgres 16." retell
it and stand - the earlier sentence's "server" beside Postgres 15 is the thing whose
version moved, not another event the new version is wrongly bound to."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from tests.builders import stands_under

# (earlier sentence, product, old version, new version)
SETUPS = [
    ("We run the server on {old} for now.", "server", "Postgres 15", "Postgres 16"),
    ("The cache runs on {old} at the moment.", "cache", "Redis 6", "Redis 7"),
    ("Our build uses {old} today.", "build", "Node 18", "Node 22"),
]
MOVES = [
    "Upgrade to {new}.",
    "Please migrate the {thing} to {new}.",
    "Switch to {new}.",
    "Not {old} any more, use {new}.",
    "Move the {thing} from {old} to {new}.",
    "Let's move the {thing} to {new} instead of {old}.",
]
HEADINGS = ["Constraints and corrections", "Summary"]


def _record(earlier: str, move: str) -> list[dict[str, Any]]:
    return [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": earlier},
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": move},
        {"role": "assistant", "content": "Understood, I'll plan for that."},
    ]


@pytest.mark.parametrize(("setup", "move", "heading"), list(product(SETUPS, MOVES, HEADINGS)))
def test_the_move_retold_stands_and_told_back_is_stripped(
    setup: tuple[str, str, str, str], move: str, heading: str
) -> None:
    earlier, thing, old, new = setup
    dicts = _record(earlier.format(old=old), move.format(thing=thing, old=old, new=new))
    # (in prose "The user moved …" may read as the user's own act: told under the heading)
    moved = f"The user moved the {thing} from {old} to {new}."
    assert heading == "Summary" or stands_under(moved, dicts, heading)
    assert stands_under(f"The user asked to move the {thing} to {new}.", dicts, heading)
    assert stands_under(f"The user corrected the earlier choice to {new}.", dicts, heading)
    assert not stands_under(f"Use {old}, as the user asked.", dicts, heading)


@pytest.mark.parametrize("heading", HEADINGS)
def test_a_version_never_moved_stays_the_users(heading: str) -> None:
    dicts = _record("We run the server on Postgres 15 for now.", "Add a health check.")
    assert stands_under("The user runs the server on Postgres 15 for now.", dicts, heading)
    assert not stands_under("The user asked to move the server to Postgres 16.", dicts, heading)
