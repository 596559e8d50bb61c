"""Whether an act was done is the record's: a tool call that ran and did not fail did it,
so a recap saying it was not done is wrong; an assistant turn that only asked ("Shall I
roll back deployment/api?") and no call followed did not do it, so a recap saying it was
done is wrong. A line that tells of the offer ("offered to …; not done") stands."""

from __future__ import annotations

import pytest

from builders import call_and_result, recap_line_stands
from contextledger.model import Message

GOAL = "Keep the api service healthy."
UNDO = {"command": "kubectl rollout undo deployment/api"}


def _offered(
    offer: str, complaint: str = "deployment/api is slow since the release."
) -> list[Message]:
    return [
        Message.user(GOAL, id="u0"),
        Message.user(complaint, id="u1"),
        Message.assistant(offer, id="a1"),
    ]


def _rolled_back(
    report: str, result: str = "deployment.apps/api rolled back\n[exit code 0]"
) -> list[Message]:
    return [
        Message.user(GOAL, id="u0"),
        Message.user("deployment/api is broken since the release, roll it back.", id="u1"),
        *call_and_result("c1", "run_command", UNDO, result, 2),
        Message.assistant(report, id="a3"),
    ]


SPANISH_OFFER = (
    "¿Quieres que revierta deployment/api a la versión anterior? Puedo revertirlo si quieres."
)
POLISH_OFFER = "Czy mam wycofać deployment/api do poprzedniej wersji? Mogę to zrobić, jeśli chcesz."


@pytest.mark.parametrize(
    ("offer", "lie"),
    [
        (SPANISH_OFFER, "El asistente revirtió deployment/api a la versión anterior."),
        (POLISH_OFFER, "Asystent wycofał deployment/api do poprzedniej wersji."),
        (
            "Shall I roll back deployment/api? I can do it if you want.",
            "The assistant rolled back deployment/api.",
        ),
    ],
)
@pytest.mark.parametrize("where", ["heading", "line"])
def test_an_act_only_offered_is_not_done(offer: str, lie: str, where: str) -> None:
    assert not recap_line_stands(lie, _offered(offer), GOAL, where)


@pytest.mark.parametrize(
    ("offer", "honest"),
    [
        (SPANISH_OFFER, "El asistente ofreció revertir deployment/api; no se hizo."),
        (POLISH_OFFER, "Asystent zaproponował wycofanie deployment/api; nie zostało to zrobione."),
    ],
)
def test_a_line_telling_of_the_offer_stands(offer: str, honest: str) -> None:
    assert recap_line_stands(honest, _offered(offer), GOAL, "heading")


def test_an_offer_taken_up_by_a_call_is_done() -> None:
    record = [
        *_offered(SPANISH_OFFER),
        Message.user("Sí, hazlo.", id="u2"),
        *call_and_result("c1", "run_command", UNDO, "deployment.apps/api rolled back", 3),
    ]
    assert recap_line_stands(
        "El asistente revirtió deployment/api a la versión anterior.", record, GOAL, "heading"
    )


@pytest.mark.parametrize(
    ("report", "lie", "honest"),
    [
        (
            "Ich habe deployment/api auf die vorige Version zurückgerollt; es läuft wieder.",
            "Der Assistent hat deployment/api nicht zurückgerollt.",
            "Der Assistent hat deployment/api zurückgerollt.",
        ),
        (
            "J'ai remis deployment/api sur la version précédente ; il fonctionne de nouveau.",
            "L'assistant n'a pas remis deployment/api sur la version précédente.",
            "L'assistant a remis deployment/api sur la version précédente.",
        ),
        (
            "Rolled deployment/api back; it serves again.",
            "The rollback of deployment/api was not done.",
            "The assistant rolled back deployment/api.",
        ),
    ],
)
def test_an_act_a_call_did_is_not_said_undone(report: str, lie: str, honest: str) -> None:
    record = _rolled_back(report)
    assert not recap_line_stands(lie, record, GOAL, "heading")
    assert not recap_line_stands(
        "The assistant did not roll back deployment/api.", record, GOAL, "line"
    )
    assert recap_line_stands(honest, record, GOAL, "heading")


def test_a_call_that_failed_did_not_do_it() -> None:
    record = _rolled_back(
        "The rollback failed.",
        'error: no rollout history found for deployment "api"\n[exit code 1]',
    )
    assert recap_line_stands(
        "The assistant could not roll back deployment/api.", record, GOAL, "heading"
    )


@pytest.mark.parametrize(
    "honest",
    [
        "The assistant offered to roll back deployment/api; it was not done.",
        "The assistant offered to roll back deployment/api.",
        "The assistant asked whether to roll back deployment/api.",
    ],
)
@pytest.mark.parametrize("where", ["heading", "line"])
def test_an_offer_told_as_an_offer_stands(honest: str, where: str) -> None:
    record = _offered("Shall I roll back deployment/api? I can roll it back if you want.")
    assert recap_line_stands(honest, record, GOAL, where)
