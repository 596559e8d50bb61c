"""Keep-off rules in the languages users write in are constraints, and a later permission
that lifts one, with the thing allowed between its words ("Je mag src/payments/ nu toch
aanpassen.", "Finalement tu peux toucher à src/legacy/.", "Oublie la contrainte sur …"), is
shown with it: the rule never stands alone as live (review30's red team)."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.digest import digest
from contextledger.compaction.rules import is_rule
from contextledger.model import Message, ToolCall, with_ids

FILLER = [Message.assistant("Working on it."), Message.user("ok")] * 3


def _rules(said: list[str]) -> list[str]:
    call = ToolCall("c1", "bash", json.dumps({"command": "ls src"}))
    turns = [Message.user("Make the checkout faster."), Message.assistant("Sure.")]
    for k, s in enumerate(said):
        turns += [Message.user(s), Message.assistant("OK.")]
        if k == 0:
            turns += [Message("assistant", (call,)), Message.tool("c1", "payments\ncheckout")]
    record = with_ids([*turns, *FILLER, Message.user("What's the status?")])
    return digest(record[:-2], history=record).items("Constraints and corrections")


@pytest.mark.parametrize(
    "rule",
    [
        "Blijf van src/payments/ af.",
        "Laat de migraties met rust.",
        "Bleib von infra/ weg.",
        "Laisse src/legacy/ tranquille.",
        "Deja config/prod.yaml en paz.",
        "Lascia stare migrations/.",
        "Deixa db/schema.sql em paz.",
        "Stay away from src/payments/.",
        "Steer clear of vendor/.",
    ],
)
def test_a_keep_off_rule_is_a_constraint(rule: str) -> None:
    assert is_rule(rule)
    assert rule in _rules([rule])


@pytest.mark.parametrize("said", ["Blijf rustig, het komt goed.", "Ik blijf vandaag thuis."])
def test_staying_is_no_rule(said: str) -> None:
    assert not is_rule(said)


@pytest.mark.parametrize(
    ("rule", "lifting"),
    [
        ("Ne touche pas à src/legacy/.", "Finalement tu peux toucher à src/legacy/."),
        ("Ne modifie pas requirements.txt.", "Oublie la contrainte sur requirements.txt."),
        ("Blijf van src/payments/ af.", "Je mag src/payments/ nu toch aanpassen."),
        ("Finger weg von src/billing/.", "Du darfst src/billing/ jetzt doch anfassen."),
        ("Never touch the vendor/ folder.", "Forget the rule about the vendor/ folder."),
        ("Hands off api/v1.", "You're free to edit api/v1 now."),
    ],
)
def test_a_lifted_rule_is_shown_only_with_its_lifting(rule: str, lifting: str) -> None:
    rules = _rules([rule, lifting])
    assert rule not in rules or rules[rules.index(rule) + 1 : rules.index(rule) + 2] == [lifting]
