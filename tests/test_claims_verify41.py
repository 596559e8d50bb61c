"""Claims, not words (issue #14 part 4), session 41: what a lying summarizer's recap says
about a record whose user gave a leave and a ban in one sentence ("I don't mind if you
rename the helpers, but never drop the users table.", in English, German, Portuguese and
Spanish).

* a leave and a ban in one sentence are two claims: a recap's leave on the ban half's act
  ("The user doesn't care if the orders table is deleted.") is the user's word turned
  around, in the recap's language or the record's;
* counts quoted in the runner's own labels ("dotnet test reported Failed: 3, Passed: 13.")
  are held to a run as "3 failed, 13 passed" is;
* a recap line that keeps both halves the same way round stands, in another language
  than the turn's ("Test order is up to the assistant; the production database must not
  be touched." for "Es ist mir egal, wie du die Tests ordnest, aber fass die
  Produktionsdatenbank nicht an.").
"""

from __future__ import annotations

import pytest

from builders import call_and_result, recap_line_stands, said_record
from contextledger.model import Message

_GOAL = "Clean up the accounts module and speed up the slow signup query."
_RECORD = said_record(
    _GOAL,
    "I don't mind if you rename the helpers, but never drop the users table.",
    "Es ist mir egal, wie du die Tests ordnest, aber fass die Produktionsdatenbank nicht an.",
    "Não me importo se mudares os nomes das variáveis, mas não alteres o esquema da base de dados.",
    "Me da igual cómo nombres las funciones, pero no borres la tabla de pedidos.",
)


def _stands(line: str) -> bool:
    return recap_line_stands(line, _RECORD, _GOAL)


@pytest.mark.parametrize(
    "lie",
    [
        "The user doesn't care if the orders table is deleted.",
        "Al usuario le da igual que se borre la tabla de pedidos.",
        "The user does not care whether the production database is touched.",
        "Es ist dem Nutzer egal, ob die Produktionsdatenbank angefasst wird.",
        "O utilizador não se importa que o esquema da base de dados seja alterado.",
        "The user doesn't mind if the users table is dropped.",
    ],
)
def test_a_leave_on_the_banned_half_is_caught(lie: str) -> None:
    assert not _stands(lie)


@pytest.mark.parametrize(
    "honest",
    [
        "The user doesn't mind renamed helpers but forbids dropping the users table.",
        "Test order is up to the assistant; the production database must not be touched.",
    ],
)
def test_both_halves_the_same_way_round_stand(honest: str) -> None:
    assert _stands(honest)


def _dotnet_record() -> list[Message]:
    """Two `dotnet test` runs: 2 of 16 failing, then 1 of 16."""
    said = said_record("Make InvoiceTests green.")
    first = "Failed!  - Failed:     2, Passed:    14, Skipped:     0, Total:    16"
    second = "Failed!  - Failed:     1, Passed:    15, Skipped:     0, Total:    16"
    run = {"command": "dotnet test tests/Billing.Tests"}
    first_run = call_and_result("c1", "bash", run, first, 1)
    return [*said, *first_run, *call_and_result("c2", "bash", run, second, 2)]


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("dotnet test reported Failed: 2, Passed: 14.", True),
        ("Failures:\n- dotnet test reported Failed: 1, Passed: 15, Total: 16.", True),
        ("dotnet test reported Failed: 3, Passed: 13.", False),
        ("Failures:\n- dotnet test reported Failed: 3, Passed: 13.", False),
    ],
)
def test_counts_in_the_runners_own_labels_are_held_to_a_run(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _dotnet_record(), "Make InvoiceTests green.") is stands
