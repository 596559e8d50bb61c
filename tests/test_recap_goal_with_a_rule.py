"""The Goal holds the request that set the task even when that sentence carries a rule too
(R32-G2): "Find out why X fails and fix it without changing the fixtures" after a status
line, "I don't want you to rewrite X; just bump Y" as the whole opening turn."""

from __future__ import annotations

import pytest

from contextledger.compaction.digest import digest
from contextledger.model import Message, ToolCall


def _session(opening: str) -> list[Message]:
    return [
        Message.user(opening, id="u0"),
        Message.assistant(ToolCall("c1", "shell", '{"cmd": "terraform plan"}'), id="a0"),
        Message.tool("c1", "Plan: 0 to add, 1 to change, 0 to destroy.", id="t0"),
        Message.assistant("The plan changes one resource.", id="a1"),
        Message.user("Wait until after 18:00 UTC; the finance batch runs until then.", id="u1"),
        Message.assistant("Understood.", id="a2"),
    ]


@pytest.mark.parametrize(
    ("opening", "must"),
    [
        ("I don't want you to rewrite the Terraform modules; just bump the RDS instance class "
         "for the reporting DB to db.r6g.xlarge. No applies without my OK.", "db.r6g.xlarge"),
        ("The nightly job is red. Find out why test_billing_rollover fails and fix it without "
         "changing the fixtures in tests/fixtures/billing/.", "test_billing_rollover"),
    ],
)  # fmt: skip
def test_the_task_said_with_a_rule_is_the_goal(opening: str, must: str) -> None:
    goal = " ".join(digest(_session(opening)).items("Goal"))
    assert must in goal and "18:00" not in goal


@pytest.mark.parametrize(
    "opening",
    [
        "Ziel: den Parser für das .ini-Format in src/parser.rs fertigstellen.",
        "Objectif : migrer le service de paiement vers FastAPI.",
        "Objetivo: migrar el servicio de pagos a FastAPI.",
        "Obiettivo: migrare il servizio pagamenti a FastAPI.",
    ],
)
def test_a_goal_label_in_another_language_is_not_kept(opening: str) -> None:
    """ "Goal: Ziel: …" was the recap's line (R32-G1)."""
    goal = " ".join(digest(_session(opening)).items("Goal"))
    label = opening.split()[0]
    assert goal and not goal.startswith(label) and opening.split(":", 1)[1].strip() in goal


def test_filler_is_no_next_step() -> None:
    msgs = [
        Message.user("Migrate the billing service to FastAPI.", id="u0"),
        Message.assistant("Continuing with the next step.", id="a0"),
        Message.user("ok", id="u1"),
        Message.assistant("Moving on to the next one.", id="a1"),
    ]
    assert not digest(msgs).items("Next step")
