"""The offline recap files a user's correction under "Constraints and corrections" (issue #14),
read by shape in any language and in either order ("not A, use B" and "use B, not A"):

- two values of one kind, one in each clause of a short sentence, one beside a word or two
  only (its denial): versions ("Fedora 38" / "Fedora 40"), region ids ("us-east-1" /
  "eu-west-3"), names in Latin letters among another script's ("gzip" / "brotli");
- values in small Latin letters among a Latin-script language's words, when the record tells
  which is which: the assistant's answer takes one up ("partial index lookups from now on",
  a call writing it) or the work before said the other (a config's "weekly full backups").

Two values told together otherwise - "compare A and B", "B is faster than A", a state of two
things, a status the assistant echoes - are no rule."""

from __future__ import annotations

import pytest

from builders import (
    ANSWERED_THREE_WAYS,
    EXPORT_TASK,
    OTHER_WORK,
    call_and_result,
    export_recap,
    filed_as_a_rule,
    recap_section,
)
from contextledger.model import Message

RULES = "Constraints and corrections"
ALSO = "User also said"


def _recap(said: str, answer: list[Message], *before: str | list[Message]) -> str:
    return export_recap(EXPORT_TASK, "I'll fix the date format first.", *before, said, answer)


def _a_rule_only(recap: str, said: str) -> bool:
    """Whether the recap files ``said`` as a rule and nowhere else the user's words go."""
    return filed_as_a_rule(recap, said) and said not in recap_section(recap, ALSO)


def _writes(value: str) -> list[Message]:
    return call_and_result(
        "c24", "shell", {"command": f"echo 'strategy: {value}' >> docs/plan.md"}, "", 24
    )


@ANSWERED_THREE_WAYS
@pytest.mark.parametrize(
    "said",
    [
        "Si us-east-1 — tumia eu-west-3.",  # Swahili: not us-east-1, use eu-west-3
        "me-south-1 ishlating, us-west-2 emas.",  # Uzbek: use me-south-1, not us-west-2
        "Fedora 40 қолданыңыз, Fedora 38 емес.",  # Kazakh: use Fedora 40, not Fedora 38
        "Si Fedora 38, tumia Fedora 40.",  # Swahili, the other order
        "gzip არა, brotli გამოიყენე.",  # Georgian: not gzip, use brotli
        "write through cache ашигла, write back cache биш.",  # Mongolian: use B, not A
        "Use eu-west-3, not us-east-1.",  # English control
        "Not Fedora 38, use Fedora 40.",  # English control
    ],
)
def test_two_values_of_one_kind_set_one_against_the_other_are_a_rule(
    said: str, answer: list[Message]
) -> None:
    assert _a_rule_only(_recap(said, answer), said)


@pytest.mark.parametrize(
    ("said", "new"),
    [
        # Swahili: not full table scans, use partial index lookups
        ("Si full table scans, tumia partial index lookups.", "partial index lookups"),
        # Uzbek: use partial index lookups, not full table scans
        ("partial index lookups ishlating; full table scans emas.", "partial index lookups"),
        ("Mitte yarn, kasuta pnpm.", "pnpm"),  # Estonian: not yarn, use pnpm
        ("Not full table scans, use partial index lookups.", "partial index lookups"),  # English
    ],
)
@pytest.mark.parametrize("taken_up", ["said", "written"])
def test_a_value_in_small_letters_the_answer_takes_up_makes_a_rule(
    said: str, new: str, taken_up: str
) -> None:
    answer = (
        [Message.assistant(f"Understood: {new} from now on."), *OTHER_WORK]
        if taken_up == "said"
        else _writes(new)
    )
    assert _a_rule_only(_recap(said, answer), said)


@pytest.mark.parametrize(
    "said",
    [
        "Si weekly full backups, tumia daily incremental backups.",  # Swahili
        "daily incremental backups ishlating, weekly full backups emas.",  # Uzbek, use B not A
        "Not weekly full backups, use daily incremental backups.",  # English control
    ],
)
def test_a_value_in_small_letters_set_against_one_the_work_said_makes_a_rule(said: str) -> None:
    config = call_and_result(
        "c22", "shell", {"command": "cat ops/backup.yaml"}, "backup: weekly full backups\n", 22
    )
    recap = _recap(said, [Message.assistant("Noted.")], config, "ok")
    assert _a_rule_only(recap, said)


@ANSWERED_THREE_WAYS
@pytest.mark.parametrize(
    "said",
    [
        "Compare Fedora 38 and Fedora 40 when you have a moment.",
        "Fedora 38 мен Fedora 40 салыстырыңыз, уақыт болса.",  # Kazakh: compare …, if time allows
        "pnpm is faster than yarn here.",
        "Linganisha Fedora 38 na Fedora 40 ukipata muda.",  # Swahili: compare … when you can
        "Redis is down, Memcached is fine.",
    ],
)
def test_two_values_told_together_are_no_rule(said: str, answer: list[Message]) -> None:
    assert said not in recap_section(_recap(said, answer), RULES)


@pytest.mark.parametrize(
    ("said", "echo"),
    [
        ("Redis is down, Memcached is fine.", "Restarting Redis now."),
        ("tests pass now, great job.", "Great, tests pass now."),
        ("deploy finished, rollback not needed.", "Good: deploy finished."),
    ],
)
def test_a_status_the_assistant_echoes_is_no_rule(said: str, echo: str) -> None:
    recap = _recap(said, [Message.assistant(echo), *OTHER_WORK])
    assert said not in recap_section(recap, RULES)


def test_a_state_of_two_things_one_the_work_named_before_is_no_rule() -> None:
    # (Kazakh: Redis went down, Memcached works well - after a config naming memcached, the
    # value said before sits in the clause that is no denial)
    said = "Redis түсті, Memcached жақсы жұмыс істейді."
    config = call_and_result("c22", "shell", {"command": "cat app.yaml"}, "cache: memcached\n", 22)
    recap = _recap(said, [Message.assistant("Got it."), *OTHER_WORK], config, "ok")
    assert said not in recap_section(recap, RULES)
