"""The offline recap files a short reply that sets a new value against one of its kind
the user just said (issue #14, review58: "Нә — Star." after "… принтер Epson TM-T20." was
in no section, the printer it replaced the only open request) under "Constraints and
corrections", beside the sentence whose value it replaced, by shape in any language: a
word of denial or none, then a value - an id among hyphens, a number, or a word the work
then took up.

Short replies that set nothing stay out of the rules: thanks, a nudge, a name in capitals
the work never named, a value the record said before."""

from __future__ import annotations

import pytest

from builders import EXPORT_TASK, call_and_result, export_recap, recap_section
from contextledger.model import Message

RULES = "Constraints and corrections"
OPEN = "Open requests"
OK = [Message.assistant("OK.")]


def _wrote(path: str) -> list[Message]:
    return call_and_result("c21", "write_file", {"path": path, "content": "x"}, "wrote 1 B", 21)


def _recap(*turns: str | list[Message]) -> str:
    return export_recap(EXPORT_TASK, "I'll fix the date format first.", *turns)


@pytest.mark.parametrize(
    ("said", "reply", "work"),
    [
        # Swahili: we print on the Zebra ZD420 / no — Honeywell, and the work writes for it
        ("Tunachapisha kwa Zebra ZD420.", "Hapana — Honeywell.", _wrote("print/honeywell.go")),
        # Finnish: the derivatives are WebP / AVIF., written as such
        ("Johdannaiset ovat WebP-muodossa.", "AVIF.", _wrote("pipeline/derivatives_avif.py")),
        # Indonesian: the region / no, another id among hyphens; nothing takes it up yet
        ("EXPORT_REGION=eu-west-3 ya.", "Bukan, af-south-1.", OK),
        # Yoruba: the threshold is 2.5 / no — 3.5
        ("Iwọn threshold jẹ 2.5 liters.", "Rara — 3.5.", OK),
        # Quechua: the search index is on FTS4 / FTS5. (a version's name glued to its number;
        # review59's Khanty "FTS5." after "… FTS4-ын вэрлэн." was lost)
        ("Maskana indexqa FTS4-pi ruwasqa.", "FTS5.", OK),
    ],
)
def test_a_short_reply_replacing_a_value_just_said_is_a_correction(
    said: str, reply: str, work: list[Message]
) -> None:
    recap = _recap(said, OK, reply, work)
    rules = recap_section(recap, RULES)
    assert reply in rules
    assert said in rules  # (what it corrects, beside it)
    assert said not in recap_section(recap, OPEN)


def test_a_plain_word_answering_the_assistants_question_and_taken_up_is_a_correction() -> None:
    # Tagalog: "no, staging." to "Deploy to production?", then a deploy to staging
    deploy = call_and_result(
        "c21", "shell", {"command": "fab deploy --env staging"}, "deployed", 21
    )
    reply = "Hindi, staging."
    recap = _recap(
        "Fix the dates first.", [Message.assistant("Shall I deploy to production?")], reply, deploy
    )
    assert reply in recap_section(recap, RULES)


@pytest.mark.parametrize(
    "reply",
    [
        "Asante sana.",  # Swahili: thanks a lot
        "Bravo!",
        "Sawa, Juma.",  # Swahili: OK, Juma (a name the work never named)
        "ok",
        "Ndiyo, eu-west-3.",  # the very id said before: no new value
    ],
)
def test_a_short_reply_setting_nothing_new_is_no_rule(reply: str) -> None:
    recap = _recap("EXPORT_REGION=eu-west-3 ya, printer ni Zebra ZD420.", OK, reply, _wrote("a.py"))
    assert reply not in recap_section(recap, RULES)


@pytest.mark.parametrize(
    "question",
    [
        "Which channel should the smoke alerts go to: e-mail or a messenger?",
        # review59b: the question mid-turn, something said after it
        "Which channel should the smoke alerts go to: e-mail or a messenger? Tests are green.",
    ],
)
def test_a_name_answering_the_assistants_question_corrects_no_older_sentence(question: str) -> None:
    # review59 (Udege): "the dashboard is Grafana 11, from Prometheus." then the assistant
    # asks "e-mail or a messenger?" and the user says "Telegram.": the dashboard did not
    # move to Telegram, so the rule stands alone, uncorrected
    said = "Dashbodi ni Grafana 11, kutoka Prometheus."  # Swahili
    asked = [
        Message.assistant("Which channel should the smoke alerts go to: e-mail or a messenger?")
    ]
    recap = _recap(said, asked, "Telegram.", _wrote("alerts/telegram_notifier.py"))
    rules = recap_section(recap, RULES)
    assert "Telegram." not in rules
    assert f"{said} Telegram." not in recap
