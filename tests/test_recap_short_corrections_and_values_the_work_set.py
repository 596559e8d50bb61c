"""The offline recap files under "Constraints and corrections" the corrections a reader of
words alone missed (issue #14, recap72):

- a word or two and one value, the whole turn, answering the assistant: "no, staging" with
  a "no" of a language read, and in any language an id among hyphens set against another of
  its shape the assistant named ("tsia — eu-south-1" after "us-east-1");
- a number corrected with a denial in words no lexicon here reads, told by the record: the
  work set the value the user sets aside beside the setting's name ("3 replika, tsy 5." after
  ``--replicas=5``): a correction, not a number that matters.

A story naming the port the work set, told in a long sentence ("Last year we ran everything on
Debian 10 and port 8080."), is no setting; a short one stays one.

An assent and a word, "no, thanks", the value the assistant itself named, a region said with
no other beside it, two numbers the work said of another thing, and a report in English stay no rule."""

from __future__ import annotations

import pytest

from builders import (
    EXPORT_TASK,
    OTHER_WORK,
    a_rule_in_one_section,
    call_and_result,
    export_recap,
    filed_as_a_rule,
    recap_section,
)
from contextledger.model import Message

RULES = "Constraints and corrections"
PLAN = "I'll deploy the export job to production in us-east-1 with 5 replicas."
SCALE = call_and_result(
    "c22", "shell", {"command": "kubectl scale deploy/export --replicas=5"}, "scaled", 22
)


def _recap(said: str, *, plan: str = PLAN, answer: list[Message] = OTHER_WORK) -> str:
    return export_recap(EXPORT_TASK, plan, said, answer)


@pytest.mark.parametrize(
    "said",
    [
        "no, staging",
        "nope — eu-west-1",
        "hapana, staging",  # Swahili: no, staging
        "tidak — staging",  # Indonesian
        "tsia — eu-south-1",  # Malagasy: no (a word no list here holds), an id the plan's shape
        "leai, ap-southeast-2",  # Samoan
    ],
)
def test_a_word_and_a_value_answering_the_plan_is_a_correction(said: str) -> None:
    recap = _recap(said)
    assert filed_as_a_rule(recap, said)
    assert a_rule_in_one_section(recap, said)


@pytest.mark.parametrize(
    ("said", "plan"),
    [
        ("ok, staging", PLAN),  # an assent and a word
        ("sure, staging", PLAN),
        ("no, thanks", PLAN),
        ("no, wait", PLAN),  # an interjection, a deferral: no value
        ("no, later", PLAN),
        ("nah, skip", PLAN),
        # the value the assistant offered, taken
        ("yes, eu-west-1", "Should I use us-east-1 or eu-west-1 for the export job?"),
        ("tsia — eu-west-1", "I'll deploy the export job to production."),  # nothing it replaces
    ],
)
def test_an_answer_that_sets_no_other_value_is_no_rule(said: str, plan: str) -> None:
    assert said not in recap_section(_recap(said, plan=plan), RULES)


@pytest.mark.parametrize(
    "said",
    [
        "3 replika, tsy 5.",  # Malagasy: 3 replicas, not 5
        "3 replikas, nevis 5.",  # Latvian
        "3 replicas, not 5.",  # English, read by its words all along
    ],
)
def test_a_number_set_against_the_one_the_work_set_is_a_correction(said: str) -> None:
    recap = export_recap(EXPORT_TASK, "I'll scale the export job first.", SCALE, said, OTHER_WORK)
    assert filed_as_a_rule(recap, said)


def test_a_number_the_work_said_of_another_thing_is_no_correction() -> None:
    said = "3 replika, tsy 5."
    diff = call_and_result("c22", "shell", {"command": "git diff --stat"}, "5 files changed", 22)
    recap = export_recap(EXPORT_TASK, "I'll fix the date format first.", diff, said, OTHER_WORK)
    assert said not in recap_section(recap, RULES)


def test_a_report_of_a_value_the_work_measured_is_no_correction() -> None:
    said = "Latency is 412 ms, was 380."
    probe = call_and_result("c22", "shell", {"command": "bench/latency.sh"}, "p95 380 ms", 22)
    recap = export_recap(EXPORT_TASK, "I'll measure the export first.", probe, said, OTHER_WORK)
    assert said not in recap_section(recap, RULES)


OPENED = call_and_result(
    "c22", "shell", {"command": "terraform apply -var port=8080 -var image=debian-11"}, "ok", 22
)


@pytest.mark.parametrize(
    "said",
    [
        # Indonesian: last year we ran everything on Debian 10 and port 8080
        "Tahun lalu kami menjalankan semuanya di Debian 10 dan port 8080.",
        # Tagalog, the story's time in its own clause
        "Noong nakaraang taon, lahat ay tumakbo sa Debian 10 at port 8080.",
        "Last year we ran everything on Debian 10 and port 8080.",
    ],
)
def test_a_story_naming_the_port_the_work_set_is_no_rule(said: str) -> None:
    recap = export_recap(EXPORT_TASK, "I'll provision the VM first.", OPENED, said, OTHER_WORK)
    assert said not in recap_section(recap, RULES)


@pytest.mark.parametrize(
    "said",
    [
        "Aplikasi harus mendengarkan di port 8080.",  # Indonesian: the app must listen on 8080
        "Die App lauscht auf Port 8080.",  # German: the app listens on port 8080
    ],
)
def test_a_short_setting_of_the_port_the_work_set_stays_a_rule(said: str) -> None:
    recap = export_recap(EXPORT_TASK, "I'll provision the VM first.", OPENED, said, OTHER_WORK)
    assert filed_as_a_rule(recap, said)
