"""The offline recap's "Constraints and corrections" (issue #14), read by the shape of the
user's words and what the record did with them, in any language:

- a path said as a topic, then more of its state and an aside for the listener ("<path> —
  red since yesterday, just so you know"), answered "Got it." and other work, is a status,
  not a rule; a path said as a label with a few words on what to do ("infra/prod/ - hands
  off.") stays a rule;
- a correction sets a new value against one the record showed before in a tool's output
  only (``REGION=eu-west-1``, ``TIMEOUT=30s``, ``BUCKET=exports_prod``), and is no number
  that matters;
- an owner may be named before the path in their care, or by a first name alone after it;
  a day's name is no one, and a person quoted without a path is no owner;
- a version pinned by a verb, the name, a particle, the version and one closing word."""

from __future__ import annotations

import pytest

from builders import call_and_result, export_recap, filed_as_a_rule, recap_section
from contextledger.compaction.rules import owner_area, pinned_versions
from contextledger.model import Message

RULES = "Constraints and corrections"

TASK = "Fix the CSV export in src/export/csv_writer.py so that it writes ISO dates."

# what the assistant ran before the user spoke: a value seen only in a tool's output
EARLIER = [
    *call_and_result(
        "c20",
        "shell",
        {"command": "cat deploy.env"},
        "REGION=eu-west-1\nTIMEOUT=30s\nBUCKET=exports_prod\n",
        20,
    ),
    *call_and_result("c21", "shell", {"command": "ls src/billing/"}, "invoice.py", 21),
]
OTHER_WORK = call_and_result("c23", "shell", {"command": "git diff --stat"}, "1 file changed", 23)
GOT_IT = [Message.assistant("Got it."), *OTHER_WORK]
OK = [Message.assistant("OK."), *OTHER_WORK]
SILENT = OTHER_WORK

ANSWERS = pytest.mark.parametrize("answer", [GOT_IT, OK, SILENT], ids=["got-it", "ok", "silent"])
ONLY_WORDS = [Message.assistant("Got it.")]  # (no call)


def _recap(said: str, answer: list[Message]) -> str:
    return export_recap(TASK, "I'll fix the date format first.", EARLIER, said, answer)


@ANSWERS
@pytest.mark.parametrize(
    "said",
    [
        "services/ferry-gateway/ — red since yesterday, just so you know.",
        # Icelandic: … — red since yesterday, just so you know
        "services/ferry-gateway/ — rautt síðan í gær, bara svo þú vitir.",
        # Malagasy: … — red since yesterday, just for you to know
        "services/ferry-gateway/ — mena hatramin'ny omaly, mba ho fantatrao fotsiny.",
        # Zulu: … — red since yesterday, just so you know
        "services/ferry-gateway/ — ibomvu kusukela izolo, ukuze nje wazi.",
    ],
)
def test_a_status_of_a_path_answered_got_it_is_no_rule(said: str, answer: list[Message]) -> None:
    assert said[:30] not in recap_section(_recap(said, answer), RULES)
    assert said[:30] not in recap_section(_recap(said, ONLY_WORDS), RULES)


@pytest.mark.parametrize("said", ["infra/prod/ - ungayithinti.", "infra/prod/ - hands off."])
def test_a_path_said_as_a_label_with_what_to_do_answered_got_it_stays_a_rule(said: str) -> None:
    assert "infra/prod/" in recap_section(_recap(said, GOT_IT), RULES)
    assert "infra/prod/" in recap_section(_recap(said, ONLY_WORDS), RULES)


@ANSWERS
@pytest.mark.parametrize(
    "said",
    [
        "Not eu-west-1 — eu-central-1.",
        "Si eu-west-1, tumia eu-central-1.",  # Swahili: not eu-west-1, use eu-central-1
        "Tsy eu-west-1 — eu-central-1.",  # Malagasy
        "Kìí ṣe eu-west-1, lo eu-central-1.",  # Yoruba
        "Si 30s, tumia 45s.",  # Swahili: not 30s, use 45s (a number with its unit)
        "Tsy exports_prod — exports_stage.",  # Malagasy: not exports_prod — exports_stage
    ],
)
def test_a_correction_of_a_value_only_a_tool_showed_is_a_rule_not_a_number(
    said: str, answer: list[Message]
) -> None:
    assert filed_as_a_rule(_recap(said, answer), said[:12])


@ANSWERS
@pytest.mark.parametrize(
    ("said", "ruled"),
    [
        # an owner named before the path in their care, or by a first name alone
        ("Kagiso Sebego looks after src/payments/; ask him first.", True),
        # Swahili: Amina Mwangi looks after src/payments/; ask her first
        ("Amina Mwangi anasimamia src/payments/; muulize kwanza.", True),
        # Polish: Anna Nowak takes care of src/payments/; ask her first
        ("Anna Nowak opiekuje się src/payments/; zapytaj ją najpierw.", True),
        # Swahili: infra/terraform/ is Neema's; ask her before touching it
        ("infra/terraform/ ni ya Neema; muulize kabla ya kuigusa.", True),
        # Russian: infra/terraform/ is run by Olga; ask her before you touch it
        ("infra/terraform/ ведёт Ольга; спроси её, прежде чем трогать.", True),
        # a day's name is no one; a slow value, a person quoted without a path: no rule
        ("src/billing/ is red since Monday: have a look later.", False),
        ("src/billing/ ist seit Montag rot: schau es dir später an.", False),  # German
        ("eu-west-1 was slow this morning.", False),
        # Swahili: Amina Mwangi wrote this morning: the printer works again
        ("Amina Mwangi aliandika asubuhi: printa inafanya kazi tena.", False),
    ],
)
def test_owners_by_name_or_first_name_are_rules_and_statuses_beside_them_are_not(
    said: str, ruled: bool, answer: list[Message]
) -> None:
    assert (said[:20] in recap_section(_recap(said, answer), RULES)) is ruled


def test_the_shapes_read_alone() -> None:
    assert owner_area("Amina Mwangi anasimamia src/payments/; muulize kwanza.") == "src/payments/"
    assert owner_area("infra/terraform/ ni ya Neema; muulize kabla ya kuigusa.")
    # (a day's name is no one's; no path beside a first name, no owner)
    assert not owner_area("src/billing/ is red since Monday: have a look later.")
    assert not owner_area("Neema aliandika asubuhi: printa inafanya kazi tena.")
    # Russian: hold psycopg at 3.1.18 please - the version closes the order with one word
    assert ("psycopg", "3.1.18") in pinned_versions("Держи psycopg на 3.1.18 пожалуйста.")
    # (a status: the name deep in its clause)
    assert pinned_versions("У меня на ноутбуке Node 20.11.1 стоит.") == []


# the user set a count; a test run then printed that count's rival among its own numbers
SET_BEFORE = [
    "Retries: 3.",
    [
        Message.assistant("OK."),
        *call_and_result("c24", "shell", {"command": "python -m pytest -q"}, "5 passed", 24),
    ],
]


@ANSWERS
@pytest.mark.parametrize(
    "said",
    [
        "Not 3 — 5 retries.",
        "Si 3 — retries 5.",  # Swahili: not 3 — 5 retries
        "Tsy 3, retries 5.",  # Malagasy
    ],
)
def test_a_correction_of_a_small_number_the_record_also_printed_is_a_rule(
    said: str, answer: list[Message]
) -> None:
    recap = export_recap(TASK, "I'll fix the date format first.", *SET_BEFORE, said, answer)
    assert filed_as_a_rule(recap, said[:8])


@ANSWERS
def test_two_counts_said_together_are_no_correction(answer: list[Message]) -> None:
    said = "3 failed, 5 passed."
    recap = export_recap(TASK, "I'll fix the date format first.", *SET_BEFORE, said, answer)
    assert said not in recap_section(recap, RULES)
