"""A step held back until the user says so is a ban, in any language (recap44: "Nu mai face
… până nu-ți spun eu" was filed as a remark): a negation with "until I say / tell you"."""

from __future__ import annotations

from builders import said_after_a_task
from contextledger.compaction.rules import is_rule

HELD_BACK = [
    "Nu mai face asta până nu-ți spun eu.",  # (recap44's)
    "Nu mai modifica schema bazei de date până îți spun eu.",
    "Nu mai trimite emailuri clienților până nu zic eu.",
    "Merge den Branch nicht mehr, bis ich Bescheid gebe.",
    "Не запускай деплой, поки я не скажу.",
    "Ne pousse plus rien sur main tant que je ne te le dis pas.",
    "Rör inte databasen tills jag säger till.",
    "Don't rotate the keys until I give you the go-ahead.",
]


NO_RULE = [
    "Am așteptat până nu mai era nimeni în birou.",  # (a story: waited until no one was left)
    "Ich warte, bis ich es dir sage.",  # (no negation: nothing is held back)
    "I didn't know what to do until I saw the logs.",
]


def test_a_step_held_back_until_the_user_says_so_is_a_rule_and_a_wait_is_not() -> None:
    assert [s for s in HELD_BACK if not is_rule(s)] == []
    assert [s for s in NO_RULE if is_rule(s)] == []


def test_the_romanian_ban_is_filed_under_constraints() -> None:
    said = "Nu mai modifica schema bazei de date până îți spun eu."
    assert said.rstrip(".") in said_after_a_task(said, "Constraints and corrections")
