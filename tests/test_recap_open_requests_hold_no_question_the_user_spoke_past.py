"""The offline recap's "Open requests" (issue #14) holds what is still owed: not a question
naming nothing to work on ("what now?", "back from the meeting, where were we?") that the
user spoke past with a nudge while the assistant went on with the work under way (its words
name that work, or its calls go back to the work's files), nor one the assistant answered by telling where the work stands and going back to "it", in any
language. A request naming a path, or a reply that puts the user's turn off ("I'll get back
to you on that"), stays open."""

from __future__ import annotations

import pytest

from builders import EXPORT_TASK, call_and_result, export_recap, recap_section
from contextledger.model import Message

OPEN = "Open requests"
_OPENING = "I'll fix the date format in the CSV writer first."
_GOES_ON = call_and_result(
    "c30", "shell", {"command": "sed -n 1,40p src/export/csv_writer.py"}, "def write(rows): ...", 30
)

_QUESTIONS = [
    "Nimerudi kutoka mkutanoni, tulikuwa wapi?",  # Swahili: back from the meeting, where were we?
    "Sasa nini?",  # Swahili: what now?
    "Kas dabar?",  # Lithuanian: what now?
    "Rwy'n ôl o'r cyfarfod, lle oedden ni?",  # Welsh: back from the meeting, where were we?
    "what now?",
    "Back from the meeting, where were we?",
]


def _open_after(said: str, *turns: str | list[Message]) -> str:
    return recap_section(export_recap(EXPORT_TASK, _OPENING, said, *turns), OPEN)


@pytest.mark.parametrize("said", _QUESTIONS)
@pytest.mark.parametrize(
    "went_on",
    [
        [*_GOES_ON, Message.assistant("Still on the date format.")],
        [*_GOES_ON, Message.assistant("Done.")],  # (its call went back to the file worked on)
    ],
    ids=["said", "called"],
)
def test_a_question_the_user_spoke_past_while_the_work_went_on_is_not_open(
    said: str, went_on: list[Message]
) -> None:
    assert said not in _open_after(said, "go on", went_on)


@pytest.mark.parametrize("said", _QUESTIONS)
def test_a_question_answered_by_where_the_work_stands_and_going_back_to_it_is_not_open(
    said: str,
) -> None:
    reply = "We were on the date format in the CSV writer. I'll get back to it after this run."
    assert said not in _open_after(said, [Message.assistant(reply), *_GOES_ON])


def test_a_request_naming_a_path_the_user_spoke_past_stays_open() -> None:
    said = "Can you also update docs/export.md?"
    went_on = [*_GOES_ON, Message.assistant("Still on the date format.")]
    assert said in _open_after(said, "go on", went_on)


def test_a_question_the_reply_puts_off_for_the_user_stays_open() -> None:
    said = "What's the error rate in prod?"
    reply = "We were on the date format. I'll get back to you on that after this run."
    assert said in _open_after(said, [Message.assistant(reply), *_GOES_ON])
