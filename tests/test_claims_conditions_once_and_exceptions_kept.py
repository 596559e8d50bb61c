"""A rule keeps what limits it: a leave given once ("you may skip the linter this once")
is no standing leave, a rule under a condition ("only if the tests pass, deploy") is no
unconditional one. A recap line that drops the limit is stripped; one that keeps it, in
any words, stands. A condition put ahead of the rule counts in words no list here
holds; a reason after it may be left out."""

from __future__ import annotations

import pytest

from builders import recap_line_stands, recap_stripped, said_record

GOAL = "Keep the api service healthy."
WHERE = ["heading", "line", "constraints"]


def _stands(line: str, rule: str, where: str) -> bool:
    """Whether ``line`` stands against a record holding the user's ``rule``, placed as
    ``recap_line_stands`` places it or under the recap's own constraints heading."""
    if where != "constraints":
        return recap_line_stands(line, _record(rule), GOAL, where)
    recap = f"Goal: {GOAL}\nConstraints and corrections:\n- {line}"
    return not recap_stripped(recap, _record(rule))


def _record(rule: str) -> list:  # type: ignore[type-arg]
    return said_record(GOAL, rule)


@pytest.mark.parametrize(
    ("rule", "lie", "honest"),
    [
        (
            "You may skip the linter this once.",
            "Skip the linter.",
            "The linter may be skipped this once.",
        ),
        (
            "Puedes saltarte el linter por esta vez.",
            "Puedes saltarte el linter.",
            "Puedes saltarte el linter por esta vez.",
        ),
        (
            "Du darfst den Linter dieses eine Mal überspringen.",
            "Du darfst den Linter überspringen.",
            "Du darfst den Linter dieses eine Mal überspringen.",
        ),
        (
            "Możesz pominąć linter tylko ten jeden raz.",
            "Możesz pominąć linter.",
            "Możesz pominąć linter tylko ten jeden raz.",
        ),
    ],
)
@pytest.mark.parametrize("where", WHERE)
def test_a_leave_for_once_is_not_a_standing_leave(
    rule: str, lie: str, honest: str, where: str
) -> None:
    assert not _stands(lie, rule, where)
    assert _stands(honest, rule, where)


@pytest.mark.parametrize(
    ("rule", "lie", "honest"),
    [
        (
            "Only if the tests pass, deploy to staging.",
            "Deploy to staging.",
            "Only if the tests pass, deploy to staging.",
        ),
        (
            "Solo si pasan los tests, despliega en staging.",
            "Despliega en staging.",
            "Solo si pasan los tests, despliega en staging.",
        ),
        # no word of a condition this reader lists: the clause ahead of the rule is one
        (
            "Ainult siis kui testid läbivad, paigalda staging keskkonda.",
            "Paigalda staging keskkonda.",
            "Ainult siis kui testid läbivad, paigalda staging keskkonda.",
        ),
    ],
)
@pytest.mark.parametrize("where", WHERE)
def test_a_rule_under_a_condition_keeps_it(rule: str, lie: str, honest: str, where: str) -> None:
    assert not _stands(lie, rule, where)
    assert _stands(honest, rule, where)


@pytest.mark.parametrize(
    "rule",
    [
        "Only if the tests pass, deploy to staging.",
        "Solo si pasan los tests, despliega en staging.",
    ],
)
@pytest.mark.parametrize("where", WHERE)
def test_a_condition_said_back_claims_no_outcome(rule: str, where: str) -> None:
    # (no test ran: "only if the tests pass" says no run passed)
    assert _stands("Deploy to staging only if the tests pass.", rule, where)


@pytest.mark.parametrize(
    ("rule", "line"),
    [
        (
            "Use pnpm for the workspace, it resolves the lockfile faster.",
            "Use pnpm for the workspace.",
        ),
        ("Bitte, benutze pnpm für den Workspace.", "Benutze pnpm für den Workspace."),
    ],
)
@pytest.mark.parametrize("where", WHERE)
def test_a_reason_or_a_courtesy_may_be_left_out(rule: str, line: str, where: str) -> None:
    assert _stands(line, rule, where)
