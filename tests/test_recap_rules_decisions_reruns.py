"""review40's offline-recap findings: rules and corrections in Swedish and French under
Constraints and corrections (R40-R2, R40-R4), a bound the speakers hold themselves to
(R40-R7), a decision the user's next turn corrected (R40-R1), and a test that failed and then
passed when its command ran again, failing others (R40-R3)."""

import json

import pytest

from builders import offline_recap, openai_tool_call, openai_tool_result, recap_section
from contextledger.compaction.digest import digest, render_digest
from contextledger.compaction.verify import verify_recap
from contextledger.providers import read_messages


@pytest.mark.parametrize(
    "said",
    [
        # R40-R2: "we may not switch to …", "No, VAT is per line, not on the total."
        "Vi får inte byta till decimal.Round med MidpointRounding.ToEven, revisorn kräver AwayFromZero.",
        "Nej, momsen ska räknas per rad, inte på totalen.",
        # R40-R4: a pronoun before the verb; a ban said of whoever does the work
        "Ne m'appelez jamais avant 10 heures, je travaille de nuit.",
        "Le technicien ne doit pas passer par le jardin, le chien n'aime pas les inconnus.",
        # R40-R7: a bound the speakers hold themselves to
        "We have to stay under 512 MB of memory per pod.",
        "Our budget caps us at 3 replicas for the widget service.",
    ],
)
def test_a_rule_or_correction_is_recapped_as_a_constraint(said: str) -> None:
    recap = offline_recap(
        ("user", "Fix the invoice rounding and make the tests green."),
        ("assistant", "On it."),
        ("user", said),
        ("assistant", "Noted."),
    )
    assert said in recap_section(recap, "Constraints and corrections")


@pytest.mark.parametrize(
    "said",
    [
        "Vi får inte in några ordrar just nu.",  # "we aren't getting any orders": a status
        "Nej tack, det räcker så.",  # "no thanks"
        "Ça ne marche pas depuis hier soir.",
        "We need to finish the migration this week.",  # the task, no bound
    ],
)
def test_a_status_or_a_task_is_no_constraint(said: str) -> None:
    recap = offline_recap(
        ("user", "Fix the invoice rounding and make the tests green."),
        ("assistant", "On it."),
        ("user", said),
        ("assistant", "Noted."),
    )
    assert said not in recap_section(recap, "Constraints and corrections")


def test_a_decision_the_users_next_turn_corrects_is_not_recapped_as_standing() -> None:
    """R40-R1: "I'll set the cap to 5 as in the ticket." then "Actually the coupon limit is 3
    per customer, not 5." (the decision shares no word with it but the number; its turn
    names the limit: the reply turns it down)."""
    recap = offline_recap(
        ("user", "Cap coupons per customer and make the checkout tests green."),
        (
            "assistant",
            "Two checkout tests fail: the per-customer limit and stacking. "
            "I'll set the cap to 5 as in the ticket.",
        ),
        ("user", "Actually the coupon limit is 3 per customer, not 5."),
        ("assistant", "Understood."),
    )
    assert "cap to 5" not in recap
    assert "not 5" in recap_section(recap, "Constraints and corrections")


def test_a_decision_corrected_in_another_language_is_not_recapped_as_standing() -> None:
    recap = offline_recap(
        ("user", "Napraw zaokrąglanie VAT w module faktur."),
        ("assistant", "Ustawię limit połączeń na 50 jak w zgłoszeniu."),
        ("user", "Właściwie limit połączeń to 20, a nie 50."),
        ("assistant", "Poprawiam."),
    )
    assert "na 50 jak" not in recap


def test_a_number_reported_before_a_correction_on_another_topic_stays() -> None:
    recap = offline_recap(
        ("user", "Plan the launch campaign with me."),
        ("assistant", "We decided to schedule the first post for day 30 of the quarter."),
        ("user", "Thanks. Separately, the newsletter list has 900 readers, not 30."),
    )
    assert "day 30" in recap  # (the reply's "not 30" names the list's size, said apart)


def _run(cid: str, command: str, out: str) -> list[dict[str, object]]:
    return [openai_tool_call(cid, "shell", {"command": command}), openai_tool_result(cid, out)]


_DOTNET = "dotnet test tests/Billing.Tests --filter FullyQualifiedName~InvoiceTests"
_FIRST = (
    "  Failed Billing.Tests.InvoiceTests.Rounds_to_two_decimals [12 ms]\n"
    "  Failed Billing.Tests.InvoiceTests.Vat_is_applied_per_line [3 ms]\n"
    "Failed!  - Failed:     2, Passed:    14, Skipped:     0, Total:    16"
)
_AGAIN = (
    "  Failed Billing.Tests.InvoiceTests.Rounds_to_two_decimals [10 ms]\n"
    "Failed!  - Failed:     1, Passed:    15, Skipped:     0, Total:    16"
)


def _failures_of(chat: list[dict[str, object]], kept: int = 0) -> tuple[str, list[object]]:
    record = read_messages([*chat, {"role": "user", "content": "What's left?"}])
    covered = record[: len(record) - kept - 1] if kept else record
    d = digest(covered, history=record)
    recap = render_digest(d, 4800)
    return recap_section(recap, "Failures"), list(covered)


def test_a_test_that_passes_when_its_command_runs_again_is_said_passed() -> None:
    """R40-R3: the rerun lists only Rounds_to_two_decimals failing; Vat_is_applied_per_line
    is said passed, not listed failing, and the line stands against the record."""
    chat = [{"role": "user", "content": "Fix the rounding and get InvoiceTests green."}]
    chat += _run("c1", _DOTNET, _FIRST) + _run("c2", _DOTNET, _AGAIN)
    failures, covered = _failures_of(chat)
    vat = [x for x in failures.splitlines() if "Vat_is_applied_per_line" in x]
    assert vat == [
        f"- `{_DOTNET}`: Billing.Tests.InvoiceTests.Vat_is_applied_per_line passed on its last run"
    ]
    assert "Rounds_to_two_decimals" in failures
    line = vat[0].removeprefix("- ")
    v = verify_recap(
        f"Goal: Fix the rounding.\nFailures:\n- {line}", covered, mode="strip", ledger=False
    )
    assert v.accepted and line in v.text


@pytest.mark.parametrize(
    ("command", "first", "again", "fixed", "failing"),
    [
        (
            "go test ./internal/invoice/...",
            "--- FAIL: TestParseInvoice (0.00s)\n--- FAIL: TestRoundVat (0.00s)\nFAIL",
            "ok  \tfin/invoice/parse\t0.004s\n--- FAIL: TestRoundVat (0.00s)\nFAIL",
            "TestParseInvoice",
            "TestRoundVat",
        ),
        (
            "npx jest src/widget --ci",
            "FAIL src/widget/Header.test.tsx\n  ✕ renders header (12 ms)\n  ✕ shows banner (4 ms)",
            "FAIL src/widget/Header.test.tsx\n  ✓ renders header (10 ms)\n  ✕ shows banner (5 ms)",
            "renders header",
            "shows banner",
        ),
    ],
)
def test_a_test_fixed_on_a_rerun_is_resolved_in_every_runners_shape(
    command: str, first: str, again: str, fixed: str, failing: str
) -> None:
    chat = [{"role": "user", "content": "Make the suite green again please."}]
    chat += _run("c1", command, first) + _run("c2", command, again)
    failures, _ = _failures_of(chat)
    assert all("passed on its last run" in x for x in failures.splitlines() if fixed in x)
    assert failing in failures


@pytest.mark.parametrize(
    ("command", "again"),
    [
        ("pytest -x -q", "FAILED tests/test_money.py::test_currency_parse - ValueError\n"),
        (
            "pytest -q",
            "FAILED tests/test_money.py::test_currency_parse - ValueError\n"
            "!!!!!!!!!!!!!!!!!!!!!!!!!! stopping after 1 failures !!!!!!!!!!!!!!!!!!!!!!!!!!\n"
            "1 failed in 0.12s",
        ),
    ],
)
def test_a_rerun_stopped_at_a_new_failure_says_nothing_of_the_tests_it_did_not_reach(
    command: str, again: str
) -> None:
    """review41 R41-R10: `pytest -x` stopped at a new first failure before it reached the
    test the first run saw fail: that test did not run, so it is no "passed on its last run"."""
    first = "FAILED tests/test_invoice.py::test_invoice_total_rounding - AssertionError\n1 failed"
    chat = [{"role": "user", "content": "Fix the invoice rounding."}]
    chat += _run("c1", command, first) + _run("c2", command, again)
    failures, _ = _failures_of(chat)
    assert "passed on its last run" not in failures
    assert "test_invoice_total_rounding" in failures
    assert "test_currency_parse" in failures


def test_a_command_whose_last_run_passed_keeps_its_failures_said_fixed() -> None:
    """Each check that failed once in a run of `run_all.sh` whose last run passed stays
    listed (the whole command is said passed after them), not dropped one by one."""
    script = "./ops/checks/run_all.sh --table orders"
    chat = [{"role": "user", "content": "Migrate the orders table, checking each step."}]
    for k in (3, 13):
        chat += _run(f"c{k}", script, f"PASS check_0_ok\nFAIL check_fk_orders_{k}: found {k}")
    chat += _run("c99", script, "PASS check_0_ok\nPASS check_1_ok")
    failures, _ = _failures_of(chat)
    assert "FAIL check_fk_orders_3: found 3" in failures
    assert "FAIL check_fk_orders_13: found 13" in failures
    assert f"`{script}`: passed on its last run" in failures


def test_a_run_naming_no_test_says_nothing_of_the_tests() -> None:
    """A build error before the tests ran is no sign the earlier failing test passed."""
    chat = [{"role": "user", "content": "Fix the rounding and get InvoiceTests green."}]
    chat += _run("c1", _DOTNET, _FIRST)
    chat += _run("c2", _DOTNET, "error CS1002: ; expected\nBuild FAILED.")
    failures, _ = _failures_of(chat)
    assert "Failed Billing.Tests.InvoiceTests.Vat_is_applied_per_line" in failures
    assert json.dumps("passed on its last run") not in failures


def test_a_need_opening_the_session_is_its_goal() -> None:
    """gen40's clinic: the first turn greets and says what the user needs done; a later turn
    of talk and an id was recapped as the Goal."""
    goal = "Necesito organizar la colonoscopia de mi padre y que el seguro la cubra."
    recap = offline_recap(
        ("user", f"Hola, trabajo de noche en el hospital. {goal}"),
        ("assistant", "Con gusto le ayudo."),
        ("user", "Bueno, estoy cansadísima. Su número de afiliado es AF-5285656."),
        ("assistant", "Anotado."),
    )
    assert recap_section(recap, "Goal").strip() == goal


def test_a_to_do_of_the_day_opening_the_session_is_no_goal() -> None:
    recap = offline_recap(
        ("user", "Hiya. I need to call the plumber back later. Ugh."),
        ("assistant", "Hi! What can I do for you?"),
        ("user", "Draft the quarterly report for the board, two pages."),
    )
    assert "quarterly report" in recap_section(recap, "Goal")


@pytest.mark.parametrize(
    "said",
    [
        "Quand vous aurez un moment, envoyez-moi le récapitulatif par courriel.",
        "Cuando pueda, mándeme la lista de lo que tiene que llevar.",
    ],
)
def test_a_request_for_when_there_is_time_is_open_not_a_constraint(said: str) -> None:
    """R40-R4: said formally ("vous", "usted"), a request for later is no rule."""
    recap = offline_recap(
        ("user", "Aidez-moi avec ma connexion fibre, elle coupe tous les soirs."),
        ("assistant", "Je regarde."),
        ("user", said),
        ("assistant", "D'accord."),
    )
    assert said not in recap_section(recap, "Constraints and corrections")
    assert said in recap_section(recap, "Open requests")


def test_still_nothing_is_no_constraint() -> None:
    recap = offline_recap(
        ("user", "Aidez-moi avec ma connexion fibre, elle coupe tous les soirs."),
        ("assistant", "Je regarde."),
        ("user", "toujours rien de mon côté"),
        ("assistant", "D'accord."),
    )
    assert "toujours rien" not in recap_section(recap, "Constraints and corrections")


@pytest.mark.parametrize(
    "said",
    [
        # gen40's companion: a day's ordinal ends no sentence; an object pronoun before "nie"
        "Nein, der Lauf ist am 14. Juni, nicht am 21.",
        "Erinnere mich nie nach 22 Uhr an irgendwas.",
    ],
)
def test_a_german_rule_or_correction_is_recapped_whole(said: str) -> None:
    recap = offline_recap(
        ("user", "Hilf mir bitte, bis zum Sommer regelmäßig zu laufen."),
        ("assistant", "Gern!"),
        ("user", said),
        ("assistant", "Alles klar."),
    )
    assert said in recap_section(recap, "Constraints and corrections")


def test_an_http_error_of_any_reason_phrase_is_a_failure() -> None:
    """gen40's clinic: "402 Payment Required: …" was listed as a number, not a failure."""
    chat = [{"role": "user", "content": "Check whether my insurance covers the colonoscopy."}]
    chat += [
        openai_tool_call("c1", "check_insurance", {"procedure": "colonoscopia"}),
        openai_tool_result(
            "c1", "402 Payment Required: póliza 489853 sin cobertura para endoscopia"
        ),
    ]
    failures, _ = _failures_of(chat)
    assert "402 Payment Required" in failures


def test_an_option_taken_by_name_is_a_decision() -> None:
    """gen40's support chat: "D'accord pour le créneau de jeudi matin, je serai là." was
    listed with the user's talk, not as the choice it makes."""
    said = "D'accord pour le créneau de jeudi matin, je serai là."
    recap = offline_recap(
        ("user", "Je veux que ma connexion fibre soit réparée avant la fin du mois."),
        ("assistant", "Un technicien peut passer jeudi matin ou vendredi après-midi."),
        ("user", said),
        ("assistant", "C'est noté."),
    )
    assert said in recap_section(recap, "Decisions")


def test_a_request_for_some_day_is_open() -> None:
    said = "Erinnere mich irgendwann daran, neue Laufschuhe zu kaufen."
    recap = offline_recap(
        ("user", "Hilf mir bitte, bis zum Sommer regelmäßig zu laufen."),
        ("assistant", "Gern!"),
        ("user", said),
        ("assistant", "Super, das freut mich."),
    )
    assert said in recap_section(recap, "Open requests")
