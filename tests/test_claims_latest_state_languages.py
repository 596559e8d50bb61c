"""A state said in the user's language is checked as in English: "passes now" against the
latest run of what it names, "on the first attempt" against the first run of the command."""

from __future__ import annotations

import pytest

from builders import recap_line_stands, runs_of
from contextledger.model import Message

GOAL = "Fix the cart totals."
TEST = "go test ./cart -run TestTotalsRounding"
PASS = "=== RUN   TestTotalsRounding\n--- PASS: TestTotalsRounding (0.00s)\nok  \tshop/cart\t0.01s"
FAIL = (
    "=== RUN   TestTotalsRounding\n--- FAIL: TestTotalsRounding (0.00s)\n"
    "    cart_test.go:41: got 10.01, want 10.00\nFAIL\tshop/cart\t0.02s"
)
APPLY = "kubectl apply -f k8s/cart.yaml"
REFUSED = 'Error from server (Forbidden): deployments.apps "cart" is forbidden\nexit code 1'
APPLIED = "deployment.apps/cart configured\nexit code 0"


def _runs(command: str, *outputs: str) -> list[Message]:
    return runs_of(GOAL, command, *outputs)


@pytest.mark.parametrize(
    "line",
    [
        "TestTotalsRounding går igenom nu.",  # sv
        "TestTotalsRounding teď prochází.",  # cs
        "TestTotalsRounding artık geçiyor.",  # tr
        "Το TestTotalsRounding περνάει τώρα.",  # el
        "TestTotalsRounding теперь проходит.",  # ru
        "TestTotalsRounding ja passa.",  # ca
    ],
)
def test_a_pass_said_now_is_held_to_the_latest_run(line: str) -> None:
    broke_again, fixed = _runs(TEST, FAIL, PASS, FAIL), _runs(TEST, FAIL, PASS)
    assert recap_line_stands(line, fixed, GOAL, "heading")
    assert recap_line_stands(line, fixed, GOAL, "prose")
    assert not recap_line_stands(line, broke_again, GOAL, "heading")
    assert not recap_line_stands(line, broke_again, GOAL, "prose")


@pytest.mark.parametrize(
    "line",
    [
        f"`{APPLY}` lyckades på första försöket.",  # sv
        f"`{APPLY}` onnistui ensimmäisellä yrityksellä.",  # fi
        f"`{APPLY}` πέτυχε με την πρώτη προσπάθεια.",  # el
        f"`{APPLY}` пройшов з першої спроби.",  # uk
        f"`{APPLY}` ha funcionat a la primera.",  # ca
    ],
)
@pytest.mark.parametrize("where", ["heading", "prose"])
def test_a_success_on_the_first_attempt_is_held_to_the_first_run(line: str, where: str) -> None:
    assert recap_line_stands(line, _runs(APPLY, APPLIED), GOAL, where)
    assert not recap_line_stands(line, _runs(APPLY, REFUSED, APPLIED), GOAL, where)


def test_a_pass_denied_in_the_users_language_is_no_pass() -> None:
    """A pass denied ("neprošel", "nie przeszedł") is the failure it says, not a pass: said of a
    test that only ever passed it is stripped."""
    passed = _runs(TEST, PASS)
    for line in ("TestTotalsRounding neprošel.", "TestTotalsRounding nie przeszedł."):
        assert not recap_line_stands(line, passed, GOAL, "heading")


@pytest.mark.parametrize(
    "line",
    [
        f"`{APPLY}` virket ikke ved første forsøk; det gikk andre gang.",  # nb
        f"`{APPLY}` fungerede ikke i første forsøg.",  # da
        f"`{APPLY}` klarade inte första försöket.",  # sv
        f"`{APPLY}` lukte bij de eerste poging niet.",  # nl: the denial at the clause's end
        f"`{APPLY}` funktionierte beim ersten Versuch nicht.",  # de
    ],
)
def test_a_success_denied_after_its_verb_is_a_failure_not_a_first_try(line: str) -> None:
    """Danish/Norwegian/Swedish, Dutch and German main clauses deny a success after the verb
    ("lukte … niet"): a true line about a command whose first run failed stands (review47:
    they were stripped as claims that it worked the first time), and is a failure claimed."""
    failed_first = _runs(APPLY, REFUSED, APPLIED)
    assert recap_line_stands(line, failed_first, GOAL, "heading")
    assert recap_line_stands(line, failed_first, GOAL, "prose")
    assert not recap_line_stands(line, _runs(APPLY, APPLIED), GOAL, "heading")


@pytest.mark.parametrize(
    "line",
    [
        f"`{APPLY}` virket ved første forsøk.",  # nb
        f"`{APPLY}` lukte bij de eerste poging.",  # nl
        f"`{APPLY}` funktionierte beim ersten Versuch.",  # de
    ],
)
def test_the_same_success_undenied_is_held_to_the_first_run(line: str) -> None:
    assert recap_line_stands(line, _runs(APPLY, APPLIED), GOAL, "heading")
    assert not recap_line_stands(line, _runs(APPLY, REFUSED, APPLIED), GOAL, "heading")
