"""A short tail that asks nothing ("— ok?", "Thanks!", "(btw the CI is slow today)", an
emoji) never changes what a user's statement is (issue #14 items 3 and 5): a rule, a
correction, a value and a request on a condition are filed where they are without it, with
the user's whole words; a timeout the user sets is never a failure; and a user's sentence
that names something and that no reader filed is still said, under "User also said"."""

from __future__ import annotations

import json

import pytest

from builders import offline_recap, recap_section
from contextledger.compaction.digest import digest, posted_failures
from contextledger.compaction.wording import without_check_back
from contextledger.model import Message, ToolCall, ToolResult

RULES, ALSO = "Constraints and corrections", "User also said"
TASK = ("user", "Move the invoice export in src/billing/export.py to the new queue.")
READING = ("assistant", "Reading src/billing/export.py now.")

TAILS = [
    " — ok?",
    " ok?",
    " Thanks!",
    " (btw the CI is slow today)",
    " 🙏",
    " — dobrze?",  # Polish: all right?
    " Asante!",  # Swahili: thanks
]

STATEMENTS = [
    ("Never run migrations on the staging database.", RULES, "Noted."),
    ("Nie, nie Memcached — użyj Redis.", RULES, "Switched."),  # Polish: no, not Memcached
    ("Usiguse kamwe infra/prod/.", RULES, "Got it."),  # Swahili: never touch infra/prod/
    ("When you're done, post the summary to #release-notes.", "Open requests", "Will do."),
]


def _recap(said: str, reply: str) -> str:
    return offline_recap(TASK, READING, ("user", said), ("assistant", reply), ("user", "go on"))


@pytest.mark.parametrize("tail", TAILS)
@pytest.mark.parametrize(("said", "section", "reply"), STATEMENTS)
def test_a_tail_that_asks_nothing_leaves_the_statement_where_it_was(
    said: str, section: str, reply: str, tail: str
) -> None:
    assert said in recap_section(_recap(said, reply), section)  # (without the tail)
    recap = _recap(said + tail, reply)
    assert said in recap_section(recap, section)
    assert said not in recap_section(recap, ALSO)


@pytest.mark.parametrize("tail", TAILS)
@pytest.mark.parametrize(
    "timeout",
    [
        "Timeout 45 sekund, nie więcej.",  # Polish
        "Timeout ni sekunde 45, si zaidi ya hapo.",  # Swahili: no more than that
    ],
)
def test_a_timeout_set_with_a_tail_is_a_number_never_a_failure(timeout: str, tail: str) -> None:
    recap = _recap(timeout + tail, "Noted.")
    assert timeout not in recap_section(recap, "Failures")
    assert timeout in recap_section(recap, "Numbers that matter") + recap_section(recap, RULES)
    assert not posted_failures(timeout + tail)


def test_a_timeout_a_run_hit_is_still_a_failure_with_a_tail() -> None:
    assert posted_failures("Timeout waiting for db after 45 seconds. Thanks!")


@pytest.mark.parametrize("tail", TAILS)
def test_a_question_with_a_tail_is_still_no_rule(tail: str) -> None:
    question = "Which file holds the HTTP handlers?"
    recap = _recap(question + tail, "src/api/handlers.py holds them.")
    assert question not in recap_section(recap, RULES)


@pytest.mark.parametrize(
    ("said", "core"),
    [
        ("Never touch db/seeds/. — ok?", "Never touch db/seeds/."),
        ("Post it to #releases when done. Thanks! 🙏", "Post it to #releases when done."),
        ("Keep it at 45 s (btw the CI is slow today).", "Keep it at 45 s."),
        ("Use Redis. :)", "Use Redis."),
        # a tail that names something, asks something, or names a person, stays
        ("Timeout 45 s. Or 60?", "Timeout 45 s. Or 60?"),
        ("Never touch db/seeds/. — see #ops!", "Never touch db/seeds/. — see #ops!"),
        ("Use Redis (ask Olga first).", "Use Redis (ask Olga first)."),
        ("Which database does the nightly job use?", "Which database does the nightly job use?"),
        ("Ok?", "Ok?"),
    ],
)
def test_what_a_statement_says_without_its_check_back(said: str, core: str) -> None:
    assert without_check_back(said) == core


@pytest.mark.parametrize(
    "said",
    [
        # Swahili: Amina Yusuf with data/warehouse/ together, every Friday at 14:00 - right?
        "Amina Yusuf na data/warehouse/ pamoja, kila Ijumaa saa 14:00 — sawa?",
        "Amina Yusuf na data/warehouse/ pamoja, kila Ijumaa saa 14:00, sawa?",
        "Olga Yamberdova answers for the deploy; send nothing to production without her consent — ok?",
        "Olga Yamberdova answers for the deploy, ok?",
        "assets/fonts/latin/ bado, sawa?",  # Swahili: ... not yet, right? (a path, 3 words)
    ],
)
def test_a_statement_asked_back_that_no_reader_filed_is_still_said(said: str) -> None:
    record = [
        Message.user(TASK[1]),
        Message.assistant(READING[1]),
        Message.user(said),
        Message.assistant("Noted."),
        Message.user("go on"),
    ]
    items = [x for v in digest(record).sections.values() for x in v]
    assert any(said in x for x in items)


def test_a_question_that_names_something_is_not_filed_as_said() -> None:
    record = [
        Message.user(TASK[1]),
        Message.assistant(READING[1]),
        Message.user("Does Olga Yamberdova answer for the deploy in data/warehouse/?"),
        Message.assistant("Yes, she does."),
        Message.user("go on"),
    ]
    assert "User also said" not in digest(record).sections


@pytest.mark.parametrize(
    "said",
    [
        "assets/fonts/latin/ bado.",  # Swahili: ... not yet
        "vendor/ldap-shim/ usiguse.",  # Swahili: don't touch
        "migrations/archive/ nie.",  # Polish: no
    ],
)
def test_a_path_said_with_one_word_is_never_gone_though_the_work_went_elsewhere(
    said: str,
) -> None:
    # ("Got it.", then a write in another folder: no reader files it as a rule; two words
    # are still the user's statement on that path, said in the recap)
    write = ToolCall("w1", "write_file", json.dumps({"path": "docs/runbooks/queue.md"}))
    record = [
        Message.user(TASK[1]),
        Message.assistant(READING[1]),
        Message.user(said),
        Message.assistant("Got it."),
        Message.assistant("", write),
        Message("tool", (ToolResult("w1", "wrote 120 bytes to docs/runbooks/queue.md"),)),
        Message.user("go on"),
    ]
    items = [x for v in digest(record).sections.values() for x in v]
    assert any(said in x for x in items)
