"""A decision the user took back by approving the assistant's other proposal for the same
choice is no decision: quoted under ``Decisions`` it is stripped, in any language and
script; the approval quoted stands, and so does a choice the proposal did not touch."""

from __future__ import annotations

import pytest

from builders import recap_stripped
from contextledger.model import Message
from contextledger.providers import read_messages

GOAL = "Set up the job queue for the reports service."

# (the user's choice, the assistant's other proposal, the user's approval)
TAKEN_BACK = [
    (
        "Use RabbitMQ for the report jobs.",
        "I'd suggest SQS instead: the service already runs on AWS. Shall I switch?",
        "Yes, go with SQS.",
    ),
    (
        "Usa o RabbitMQ para os jobs de relatório.",
        "Sugiro o SQS em vez disso, o serviço já roda na AWS. Posso trocar?",
        "Pode, troca para o SQS.",
    ),
    (
        "리포트 작업에는 RabbitMQ를 써 주세요.",
        "대신 SQS를 쓰는 게 좋겠습니다. 서비스가 이미 AWS에 있습니다. 바꿀까요?",
        "네, SQS로 바꿔 주세요.",
    ),
    (
        "Käytä RabbitMQ:ta raporttitöihin.",
        "Ehdotan SQS:ää RabbitMQ:n sijaan, palvelu on jo AWS:ssä. Vaihdanko?",
        "Kyllä, vaihda SQS:ään.",
    ),
]


def _record(*turns: tuple[str, str]) -> list[Message]:
    dicts: list[dict[str, object]] = [{"role": "user", "content": GOAL}]
    dicts += [{"role": role, "content": text} for role, text in turns]
    return list(read_messages([*dicts, {"role": "assistant", "content": "Done."}]))


def _decision_stands(line: str, record: list[Message]) -> bool:
    return not recap_stripped(f"Goal: {GOAL}\nDecisions:\n- User: {line}", record)


@pytest.mark.parametrize(("chosen", "proposal", "approval"), TAKEN_BACK)
def test_a_choice_taken_back_is_no_decision(chosen: str, proposal: str, approval: str) -> None:
    record = _record(("user", chosen), ("assistant", proposal), ("user", approval))
    assert not _decision_stands(chosen, record)
    assert _decision_stands(approval, record)


ANOTHER_PROPOSAL = (
    ("user", "Use RabbitMQ for the report jobs."),
    ("assistant", "Shall I also add Grafana dashboards for the workers?"),
    ("user", "Yes, add Grafana."),
)


def test_a_proposal_about_something_else_leaves_the_choice() -> None:
    assert _decision_stands(ANOTHER_PROPOSAL[0][1], _record(*ANOTHER_PROPOSAL))


def test_a_proposal_refused_or_a_choice_taken_again_leaves_it() -> None:
    chosen, proposal, approval = TAKEN_BACK[0]
    refused = _record(("user", chosen), ("assistant", proposal), ("user", "No, keep RabbitMQ."))
    assert _decision_stands(chosen, refused)
    again = _record(
        ("user", chosen),
        ("assistant", proposal),
        ("user", approval),
        ("user", "Actually, RabbitMQ after all: we leave AWS next quarter."),
    )
    assert _decision_stands(chosen, again)


# a rollback to a version taken back for a forward fix; the approval names no thing, only
# what the proposal brought ("forward fix")
VERSION_TAKEN_BACK = [
    (
        "Roll back to release 7.1.4.",
        "Rather than rolling back, I propose a forward fix shipped as 7.2.1. OK?",
        "Sure, do the forward fix.",
    ),
    (
        "Wir gehen zurück auf Version 7.1.4.",
        "Statt des Rollbacks schlage ich einen Vorwärts-Fix als 7.2.1 vor. Passt das?",
        "Ja, mach den Vorwärts-Fix.",
    ),
    (
        "Vraťme se na verzi 7.1.4.",
        "Místo návratu navrhuji opravu dopředu ve verzi 7.2.1. Souhlasíš?",
        "Ano, udělej opravu dopředu.",
    ),
]


@pytest.mark.parametrize(("chosen", "proposal", "approval"), VERSION_TAKEN_BACK)
def test_a_version_taken_back_is_no_decision(chosen: str, proposal: str, approval: str) -> None:
    record = _record(("user", chosen), ("assistant", proposal), ("user", approval))
    assert not _decision_stands(chosen, record)
    assert _decision_stands(approval, record)


def test_a_version_chosen_and_kept_stands() -> None:
    chosen, proposal, _ = VERSION_TAKEN_BACK[0]
    refused = _record(("user", chosen), ("assistant", proposal), ("user", "No, roll back."))
    assert _decision_stands(chosen, refused)
    kept = _record(("user", chosen), ("assistant", proposal), ("user", "Yes, keep 7.1.4."))
    assert _decision_stands(chosen, kept)
    unrelated = _record(("user", chosen), ("assistant", "Done: 7.1.4 is live."), ("user", "Yes."))
    assert _decision_stands(chosen, unrelated)
