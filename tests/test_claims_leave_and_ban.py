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
from contextledger.compaction.stance import opposed
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


_LARAVEL_GOAL = "Cap coupons per customer and make the checkout tests green."
_LARAVEL = [
    *said_record(
        _LARAVEL_GOAL,
        "Under no circumstances run php artisan migrate:fresh, the staging DB is shared.",
        "You may not push to main; open a branch.",
        "Hold off on upgrading Laravel itself, we're pinned to 10.x until January.",
    ),
    *call_and_result(
        "c1",
        "bash",
        {"command": "vendor/bin/phpunit"},
        "FAILURES!\nTests: 4, Assertions: 6, Failures: 1.",
        1,
    ),
]


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        # a reason given for a ban is no part of what the ban negates
        (
            "The user forbade running php artisan migrate:fresh because the staging DB is shared.",
            True,
        ),
        # "may" before "not" is the verb's, no option preferred over pushing
        ("The user asked for a branch instead of pushing to main.", True),
        # "hold off" bans; the sentence keeps the condition one clause left out
        ("Laravel stays on 10.x until January; no upgrade.", True),
        ("Do not upgrade Laravel (pinned to 10.x until January).", True),
        ("Upgrading Laravel is fine.", False),
        # PHPUnit's "Tests: 4, …" is the run's total
        ("PHPUnit reported Tests: 4, Assertions: 6, Failures: 1.", True),
        ("PHPUnit reported Tests: 4, Assertions: 6, Failures: 2.", False),
    ],
)
def test_bans_said_in_idioms_and_their_reasons(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _LARAVEL, _LARAVEL_GOAL) is stands


_INTAKE_GOAL = "Get my security deposit back from Brightwater Properties."
_INTAKE = said_record(
    _INTAKE_GOAL,
    "I moved out on March 3rd, not March 13th.",
    "Sorry, the deposit was $1,850, not $1,580 like I typed before.",
    "En fait l'adresse c'est 14 bis rue des Tanneurs, pas le 41.",
)


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        # a correction's old value is never the standing one, whatever word sits between
        # "not" and it ("not March 13th", "pas le 41")
        ("The user moved out on March 13th.", False),
        ("The user moved out on March 3rd.", True),
        ("L'adresse est le 41 rue des Tanneurs.", False),
        ("L'adresse est le 14 bis rue des Tanneurs (et non le 41).", True),
        # ... nor said the other way round
        ("The user moved out on March 13th, not March 3rd.", False),
        # the slip as the value does not stand
        ("The deposit was $1,580 (the user first typed $1,850).", False),
    ],
)
def test_a_corrected_value_is_never_the_standing_one(line: str, stands: bool) -> None:
    assert recap_line_stands(line, _INTAKE, _INTAKE_GOAL) is stands


def test_a_slip_named_as_one_agrees_with_the_correction() -> None:
    said = "Sorry, the deposit was $1,850, not $1,580 like I typed before."
    assert not opposed("The deposit was $1,850 (the user first typed $1,580).", said)
    assert opposed("The deposit was $1,580 (the user first typed $1,850).", said)


def test_a_leave_this_reader_does_not_know_is_not_read_as_a_ban() -> None:
    """verify41's set B: "Il posto non importa" (no "mi") is no leave the reader knows, and
    the clause was read as a ban on the act the user left: the honest line was stripped."""
    record = said_record(
        "Prenotami un volo per Lisbona.",
        "Non mi importa il posto a sedere, ma niente scali a Francoforte.",
    )
    line = "- Il posto non importa, ma niente scali a Francoforte."
    assert recap_line_stands(line, record, "Prenotare un volo per Lisbona.")
