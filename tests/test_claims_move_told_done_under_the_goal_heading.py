"""A move told done by the user under a recap's goal heading is held to the record (issue
#14, verify72 item 1): "**Goal:** The user moved the service from A to B." stood while the
same line in prose was stripped, as the goal's path checked only that the user's words
named the move, not whether the user made it or asked for it. An English ask put as a
question ("Can we move …?") is no report of the user's either. An English report ("I moved
it last night") still stands, and so does a goal telling the move as the user's ask."""

from __future__ import annotations

import pytest

from builders import chat_exchange
from contextledger.compaction.verify import verify_recap
from contextledger.providers import read_messages

OLD, NEW = "Redis 6.2", "Valkey 8.0"
ASKED = {
    "latvian": f"Pārcel servisu no {OLD} uz {NEW}.",
    "english question": f"Can we move the service from {OLD} to {NEW}?",
    "english ask": f"Please move the service from {OLD} to {NEW}.",
}
ANSWERS = {
    "took it up": [
        {"role": "assistant", "content": f"Starting now: I'll stop it and bring it up on {NEW}."},
        *chat_exchange("c1", "bash", {"command": "systemctl stop cache"}, "exit code 0"),
    ],
    "reported it": [
        {"role": "assistant", "content": f"I moved the service from {OLD} to {NEW}."},
    ],
}
GOALS = ["**Goal:** {line}", "Goal: {line}", "## Goal\n{line}", "**Goal:**\n- {line}"]


def _record(said: str, answer: list[dict[str, object]]) -> list[dict[str, object]]:
    return [
        {"role": "user", "content": "Set up the export job."},
        {"role": "assistant", "content": "Ok."},
        {"role": "user", "content": said},
        *answer,
        {"role": "user", "content": "ok, go on with the export"},
        {"role": "assistant", "content": "Writing the export job next."},
    ]


def _stands(line: str, recap: str, dicts: list[dict[str, object]]) -> bool:
    record = list(read_messages(dicts))
    v = verify_recap(recap, record, max_bytes=8000, ledger=False, context=record)
    return line in v.text


@pytest.mark.parametrize("goal", GOALS)
@pytest.mark.parametrize("answer", sorted(ANSWERS))
@pytest.mark.parametrize("asked", sorted(ASKED))
def test_a_move_the_user_asked_for_told_done_by_the_user_under_the_goal_is_stripped(
    asked: str, answer: str, goal: str
) -> None:
    lie = f"The user moved the service from {OLD} to {NEW}."
    assert not _stands(lie, goal.format(line=lie), _record(ASKED[asked], ANSWERS[answer]))


@pytest.mark.parametrize("goal", GOALS)
@pytest.mark.parametrize("asked", ["english question", "english ask"])
def test_the_move_told_as_the_users_ask_stands_under_the_goal(asked: str, goal: str) -> None:
    line = f"The user asked to move the service from {OLD} to {NEW}."
    assert _stands(line, goal.format(line=line), _record(ASKED[asked], ANSWERS["took it up"]))


@pytest.mark.parametrize("goal", GOALS)
def test_a_move_the_user_reported_stands_under_the_goal(goal: str) -> None:
    said = f"I moved the service from {OLD} to {NEW} last night."
    line = f"The user moved the service from {OLD} to {NEW}."
    record = _record(said, [{"role": "assistant", "content": "Noted."}])
    assert _stands(line, goal.format(line=line), record)


def test_a_question_asking_for_a_move_is_no_report_in_prose_either() -> None:
    lie = f"The user moved the service from {OLD} to {NEW}."
    record = _record(ASKED["english question"], ANSWERS["reported it"])
    assert not _stands(lie, f"Summary:\n{lie}", record)
