"""The offline recap files the goal, requests and short statements in one right section
(issue #14), by the shape of the user's turn and what the record did with it:

- the session's opening turn, read as rules only by a word that denies elsewhere ("No",
  "no"), that the assistant set to work on is the Goal, not a rule, and the next request is
  not taken for the Goal; an opening rule answered by words only still leaves the Goal to
  the task said after it;
- a short word that denies in some languages and links words in others ("ni", "ne": is,
  of, if) makes no rule of a pointer, a status or a request where no denial sits: not the
  first words of the clause naming the path, or ending it; a denial said there stays one;
- what a person named before a colon wrote of a path, answered "Got it.", with work
  elsewhere or none, is news passed on: no rule and no owner."""

from __future__ import annotations

import pytest

from builders import call_and_result, export_recap, filed_as_a_rule, recap_section
from contextledger.compaction.digest import digest, render_digest
from contextledger.compaction.rules import denies_a_named_thing
from contextledger.model import Message

RULES = "Constraints and corrections"
TASK = "Fix the CSV export in src/export/csv_writer.py so that it writes ISO dates."
OTHER_WORK = call_and_result("c23", "shell", {"command": "git diff --stat"}, "1 file changed", 23)
GOT_IT = [Message.assistant("Got it."), *OTHER_WORK]
ONLY_WORDS = [Message.assistant("Got it.")]
ANSWERS = pytest.mark.parametrize("answer", [GOT_IT, OTHER_WORK], ids=["got-it", "silent"])


def _recap(said: str, answer: list[Message]) -> str:
    return export_recap(TASK, "I'll fix the date format first.", said, answer)


@pytest.mark.parametrize(
    "goal",
    [
        # Twi: we must fix the payouts ledger: the tests do not go well
        "Ɛsɛ sɛ yɛsiesie akatua ledger no: sɔhwɛ no nkɔ yiye.",
        # Luo: we must repair the ledger of payments: the tests fail
        "No nyaka waloso ledger mar chudo: temo ok tiyo.",
    ],
)
def test_an_opening_turn_the_assistant_set_to_work_on_is_the_goal(goal: str) -> None:
    request = "Please write up `retry_budget` in docs/operations.md."
    recap = export_recap(
        goal, "Looking at the ledger first.", request, [Message.assistant("On it.")]
    )
    assert goal in recap_section(recap, "Goal")
    assert request not in recap_section(recap, "Goal")
    assert goal[:20] not in recap_section(recap, RULES)


def test_an_opening_rule_answered_in_words_leaves_the_goal_to_the_task_after_it() -> None:
    record = [
        Message.user("Do not modify the database schema."),
        Message.assistant("Understood."),
        Message.user("Fix the report timezone bug in src/reports/tz.py."),
        *call_and_result("c1", "shell", {"command": "cat src/reports/tz.py"}, "def tz(): ...", 1),
        Message.user("ok, go on"),
    ]
    recap = render_digest(digest(record), 4800)
    assert "timezone bug" in recap_section(recap, "Goal")
    assert "schema" in recap_section(recap, RULES)


@ANSWERS
@pytest.mark.parametrize(
    "said",
    [
        # Swahili: the old price tables are data/tariffs/archive_2023/, if you need them
        "Jedwali la zamani la bei ni data/tariffs/archive_2023/, ukilihitaji.",
        # Swahili: services/ferry-gateway/ is red since yesterday, just so you know
        "services/ferry-gateway/ ni nyekundu tangu jana, ili ujue tu.",
        # Ewe: the old tables are in data/tariffs/archive_2023/ (ne: if)
        "Home tabulowo le data/tariffs/archive_2023/ me ne èhiã wo la.",
        # Luo: the old price tables are in data/tariffs/archive_2023/, if you need them
        "Tables machon mag nengo ni e data/tariffs/archive_2023/, ka idwarogi.",
    ],
)
def test_a_short_linking_word_makes_no_rule_of_a_pointer_or_a_status(
    said: str, answer: list[Message]
) -> None:
    assert said[:30] not in recap_section(_recap(said, answer), RULES)


def test_a_request_with_a_linking_word_is_an_open_request_only() -> None:
    # Swahili: please write the description of `retry_budget` in docs/operations.md
    said = "Tafadhali andika maelezo ya kina ni `retry_budget` katika docs/operations.md."
    recap = _recap(said, [Message.assistant("On it."), *OTHER_WORK])
    assert said[:30] in recap_section(recap, "Open requests")
    assert said[:30] not in recap_section(recap, RULES)


@pytest.mark.parametrize(
    "said",
    [
        "Réier ni infra/prod/ un.",  # Luxembourgish: never touch infra/prod/
        "Molim te, ne diraj infra/prod/.",  # Croatian: please, don't touch infra/prod/
        "infra/prod/ ne diraj.",  # Croatian: infra/prod/, don't touch
    ],
)
def test_a_short_denial_where_its_language_puts_it_stays_a_rule(said: str) -> None:
    assert denies_a_named_thing(said)
    assert filed_as_a_rule(_recap(said, GOT_IT), said[:12])


@pytest.mark.parametrize(
    "said",
    [
        "This morning Maria Rossi wrote: src/printing/ works again.",
        # Swahili: this morning Amina Mwangi wrote: src/printing/ works again
        "Asubuhi hii Amina Mwangi aliandika: src/printing/ inafanya kazi tena.",
    ],
)
@pytest.mark.parametrize(
    "answer", [GOT_IT, OTHER_WORK, ONLY_WORDS], ids=["got-it", "silent", "words"]
)
def test_what_a_named_person_wrote_of_a_path_is_news_passed_on(
    said: str, answer: list[Message]
) -> None:
    assert said[:30] not in recap_section(_recap(said, answer), RULES)


def test_an_owner_named_after_the_path_stays_a_rule() -> None:
    said = "src/billing/ is Naledi Molefe's work: ask her before you change anything."
    assert filed_as_a_rule(_recap(said, ONLY_WORDS), said[:30])
