"""The offline recap's "Open requests" (issue #14) holds what the user asked that the record
does not show done or answered, in any language, read by what the assistant did next:

- a question the reply puts off by naming the work it asks for ("I'll look at the tax module
  after the date fix is merged.") stays open, though it asks in words not read here and the
  reply also names the work under way;
- small talk the assistant passed by with calls only ("how are you doing today?": a
  question naming nothing the record names) is owed nothing; a question about the work
  passed by so (it shares the task's words) stays open."""

from __future__ import annotations

import pytest

from builders import EXPORT_TASK, call_and_result, export_recap, recap_section
from contextledger.model import Message

OPEN = "Open requests"
_OPENING = "I'll fix the date format in the CSV writer first."


def _open_after(said: str, answer: list[Message]) -> str:
    return recap_section(export_recap(EXPORT_TASK, _OPENING, said, answer), OPEN)


@pytest.mark.parametrize(
    "said",
    [
        "Unaweza pia kuangalia jinsi moduli ya kodi inavyozungusha?",  # Swahili
        "Ar galėtum dar patikrinti, kaip mokesčių modulis apvalina?",  # Lithuanian
        "Alli di hefyd wirio sut mae'r modiwl treth yn talgrynnu?",  # Welsh
        "Could you also check how the tax module rounds?",
    ],
)
def test_a_question_the_reply_puts_off_by_naming_its_work_stays_open(said: str) -> None:
    # (can you also check how the tax module rounds?)
    reply = Message.assistant("I'll look at the tax module after the date fix is merged.")
    assert said in _open_after(said, [reply])


def test_a_question_the_reply_answers_by_going_back_to_the_work_is_not_open() -> None:
    said = "Nimerudi kutoka mkutanoni, tulikuwa wapi?"  # Swahili: back, where were we?
    reply = Message.assistant("We were on the date format. I'll get back to it after lunch.")
    assert said not in _open_after(said, [reply])


_WORKS_ON = call_and_result(
    "c30", "shell", {"command": "sed -n 1,40p src/export/csv_writer.py"}, "def write(rows): ...", 30
)


@pytest.mark.parametrize(
    "said",
    [
        "Habari, hujambo leo?",  # Swahili: hello, how are you today?
        "Labas, kaip tau šiandien sekasi?",  # Lithuanian: hi, how is it going today?
        "Hi there, how are you doing today?",
    ],
)
def test_small_talk_the_assistant_passed_by_with_calls_only_is_not_open(said: str) -> None:
    assert said not in _open_after(said, _WORKS_ON)


@pytest.mark.parametrize(
    "said",
    [
        "Je, export ya CSV inaandika tarehe ngapi kwa sekunde?",  # Swahili: how many dates a second?
        "How many dates does the CSV export write per second?",
    ],
)
def test_a_question_on_the_work_passed_by_with_calls_only_stays_open(said: str) -> None:
    assert said in _open_after(said, _WORKS_ON)
