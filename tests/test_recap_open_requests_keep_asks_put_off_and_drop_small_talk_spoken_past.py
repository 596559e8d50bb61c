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


_VIEWER_PUT_OFF = Message.assistant("I'll embed the Mirador viewer after the date fix is merged.")
_VIEWER_WRITTEN = [
    *call_and_result(
        "c31",
        "write_file",
        {"path": "web/mirador/index.html", "content": "<div id='viewer'></div>"},
        "wrote 1 file",
        31,
    ),
    Message.assistant("The Mirador viewer is embedded in web/mirador/index.html."),
]


@pytest.mark.parametrize(
    "said",
    [
        "Na vipi kuhusu kitazamaji cha Mirador kwenye ukurasa wa wavuti?",  # Swahili
        "O kaip dėl Mirador peržiūros programos tinklalapyje?",  # Lithuanian
        "What about the Mirador viewer on the web page?",
    ],
)
def test_a_question_put_off_is_closed_once_a_call_does_the_work_the_reply_named(said: str) -> None:
    # (what about the Mirador viewer on the web page?) - review58: put off by naming its
    # work, then done by a write naming it, it stayed an Open request
    assert said not in _open_after(said, [_VIEWER_PUT_OFF, *_VIEWER_WRITTEN])
    assert said in _open_after(said, [_VIEWER_PUT_OFF])


def test_a_put_off_question_stays_open_when_later_calls_touch_only_the_work_under_way() -> None:
    said = "Could you also check how the tax module rounds?"
    reply = Message.assistant("I'll look at the tax module after the date fix is merged.")
    assert said in _open_after(said, [reply, *_WORKS_ON])


_CONDITION_RUN = [
    *call_and_result(
        "c32", "shell", {"command": "python manage.py migrate"}, "Applied 3 migrations.", 32
    ),
    Message.assistant("Working on the date fix now."),
]
_ONE_WORD_SHARED = [
    *call_and_result("c33", "shell", {"command": "python convert.py data/bib.mrc"}, "ok", 33),
    Message.assistant("The bib records convert cleanly now."),
]


@pytest.mark.parametrize(
    ("said", "reply", "then"),
    [
        # Swahili: can you add a CSV export of the invoices?
        (
            "Unaweza kuongeza export ya CSV ya ankara?",
            "Sure, after the migration passes.",
            _CONDITION_RUN,
        ),
        (
            "What about the authority records?",
            "I'll convert the authority records after the bib records work.",
            _ONE_WORD_SHARED,
        ),
    ],
)
def test_a_put_off_question_stays_open_when_only_the_condition_or_one_word_is_worked_on(
    said: str, reply: str, then: list[Message]
) -> None:
    # review58b on lead145: the condition's command ("after the migration passes", then
    # `migrate`) or a verb alone (`convert.py` on other records) closed a request never done
    assert said in _open_after(said, [Message.assistant(reply), *then])
