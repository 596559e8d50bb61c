"""Honest recap lines the verifier used to strip (red team, session 33, R33-V4): a rule
said back with its reason in parentheses, and a correction the user asked as a question."""

from __future__ import annotations

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message

GOAL = "Goal: The notifier pods keep restarting in prod-eu; find the cause and stop it."
RECORD = [
    Message.user("The notifier pods keep restarting in prod-eu; find the cause and stop it."),
    Message.assistant("Looking at the pods now."),
    Message.user(
        "Please avoid restarting the gateway statefulset, it rebuilds its cache for an hour."
    ),
    Message.assistant("Understood."),
    Message.user("Shouldn't the notifier memory limit be 768Mi, not 512Mi?"),
    Message.assistant("Yes, I'll set it to 768Mi."),
]


def _stands(line: str) -> bool:
    checked = verify_recap(f"{GOAL}\n{line}", RECORD, mode="strip", max_bytes=6000, context=RECORD)
    return checked.accepted and line in checked.text


@pytest.mark.parametrize(
    "line",
    [
        "The user forbids restarting the gateway statefulset (it rebuilds its cache for an hour).",
        "The memory limit was corrected from 512Mi to 768Mi.",
    ],
)
def test_an_honest_line_stands(line: str) -> None:
    assert _stands(line)


@pytest.mark.parametrize(
    "line",
    [
        "The user allowed restarting the gateway statefulset.",
        "The memory limit was corrected from 768Mi to 512Mi.",
    ],
)
def test_its_lie_is_still_caught(line: str) -> None:
    assert not _stands(line)
