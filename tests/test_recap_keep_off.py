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


def _all_items(said: list[str]) -> list[str]:
    turns = [
        Message.user("Tidy up the repository before Friday's release."),
        Message.assistant("OK."),
    ]
    for s in said:
        turns += [Message.user(s), Message.assistant("Understood.")]
    record = with_ids([*turns, *FILLER, Message.user("What's the status?")])
    d = digest(record[:-2], history=record)
    return [x for name in d.sections for x in d.items(name)]


@pytest.mark.parametrize(
    ("leave", "ban"),
    [
        ("Tu peux supprimer le dossier tmp/ quand tu veux.", "Finalement, ne supprime pas tmp/."),
        (
            "Je mag de oude tabellen droppen.",
            "Drop de oude tabellen toch niet, we hebben ze nodig.",
        ),
        ("Du darfst die alten Logs löschen.", "Lösch die alten Logs doch nicht."),
        ("You can delete the old fixtures in tests/data/.", "Actually, don't delete tests/data/."),
    ],
)
def test_a_leave_taken_back_is_in_no_section(leave: str, ban: str) -> None:
    """A permission a later ban took back is neither a request nor something the user
    "also said": only the ban stands (review30)."""
    items = _all_items([leave, ban])
    assert not any(leave in x for x in items), items
    assert any(ban in x for x in items), items


def test_a_leave_not_taken_back_stays() -> None:
    leave = "Tu peux supprimer le dossier tmp/ quand tu veux."
    items = _all_items([leave, "Ne touche pas à src/legacy/."])
    assert any(leave in x for x in items), items


def test_told_not_to_forget_a_rule_lifts_none() -> None:
    """ "And never forget the rule about prod credentials" keeps every rule (review31: the
    earlier src/billing/ rule left the offline recap, read as lifted by "forget the rule")."""
    from contextledger.compaction import Conversation, OfflineSummarizer

    said = [
        "Build the nightly export job. Never touch src/billing/.",
        "Don't forget the rule about src/billing/ — it is audited.",
        "And never forget the rule about prod credentials: never print them.",
        *(f"note {i}" for i in range(6)),
    ]
    record = [m for s in said for m in (Message.user(s), Message.assistant("Understood."))]
    out = Conversation.from_messages(with_ids(record)).compact(OfflineSummarizer(), force=True)
    assert out.event is not None
    assert "Never touch src/billing/." in out.event.recap_text
