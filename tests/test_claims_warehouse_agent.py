"""Claims, not words (issue #14 part 4), session 40: what a lying summarizer's recap says
about a record of a warehouse-sync agent.

* "I don't mind if you add a column" lets the act: "the user doesn't mind a column" and
  "adding a column is fine with the user" stand, "the user forbade adding a column" is
  caught, and the "if" of "mind if" is no condition a restatement drops;
* an owner said ("the data team owns the cron config") is a fact about the thing, no
  change to it; another owner ("the user owns it") is caught;
* a share or a difference worked out from the figures beside it ("3 of 4 (75%)", "2 of
  the 40 ... (5%)", "$40 less") is honest; a wrong one is caught;
* a line opening with a figure after a list of commands is prose, not one more command;
* a "not" inside a backticked command ("`pytest -k 'a and not slow'` passed") denies
  nothing: the run's failure still catches the claim it passed;
* a figure the user took back in the turn that gave its replacement ("make that 40. I
  misspoke when I said 25"; "at least two runs, not one") is stale when stated alone;
* "Thursday 12:00" is a German turn's "Donnerstag 12 Uhr"; "Freitag" in a German recap is
  a day the record must name;
* an act said with its purpose ("edited X to add a constraint") is held to the act;
* "expected 3 … and got 1" keeps the values the record's line gives together;
* a denial of a query on a table the record's SQL queried is caught; an act on "the X
  table" where the call's SQL worked on another table is caught;
* "no longer need to support X" needs it not: "X must stay" is caught, "X support is
  dropped" stands; an owner named in the user's hand-off agrees with a move of it;
* a recap written in the user's language has its sections ("Ausgeführte Befehle:",
  "Fehler:"), a failure said "zuerst" is the first run's, and a plain sentence after
  a bulleted list is prose, whatever letter opens it;
* a Portuguese "Não me importo se mudares X" lets X change, and its "no TestPyPI" ("in
  the") is no denial of the goal said back in English.
"""

from __future__ import annotations

from builders import call_and_result, recap_line_stands
from contextledger.compaction.claims.numbers import computed
from contextledger.compaction.claims.runs import outcome_counts
from contextledger.compaction.stance import term_polarity
from contextledger.model import Message

_GOAL = "Sync the warehouse stock counts nightly without double-counting."


def _warehouse() -> list[Message]:
    return [
        Message.user(_GOAL, id="u0"),
        Message.user(
            "Don't touch deploy/cron.yaml, the data team owns it. I don't mind if you add a "
            "column to the stock table.",
            id="u1",
        ),
        *call_and_result(
            "c1",
            "bash",
            {"command": "pytest tests/test_sync.py -q"},
            "FAILED tests/test_sync.py::test_rerun_is_idempotent - assert 80 == 40\n"
            "1 failed, 3 passed in 0.40s",
            1,
        ),
        *call_and_result(
            "c2",
            "run_sql",
            {"query": "SELECT count(*) FILTER (WHERE drift) AS drifted, count(*) FROM sites"},
            '[{"drifted": 2, "count": 40}]',
            2,
        ),
        Message.user("Refund cap for damaged stock: approve $300 of the $340 claimed.", id="u2"),
        Message.user("Chunk size: make that 40. I misspoke earlier when I said 25.", id="u3"),
        *call_and_result(
            "c3",
            "run",
            {"argv": ["pytest", "-k", "sync and not slow"]},
            "FAILED tests/test_sync.py::test_rerun_is_idempotent - assert 80 == 40\n"
            "1 failed, 0 passed in 0.30s",
            3,
        ),
        Message.user("A drifted site means at least two missed scans, not one.", id="u4"),
        *call_and_result(
            "c4",
            "bash",
            {"command": 'psql -c "DELETE FROM staging_stock WHERE run_id = 9"'},
            "DELETE 120",
            4,
        ),
        Message.user("We no longer need to support site 7, drop it from the sync.", id="u5"),
    ]


def _stands(line: str) -> bool:
    return recap_line_stands(line, _warehouse(), _GOAL)


def test_no_objection_is_a_leave_not_a_ban() -> None:
    said = term_polarity("I don't mind if you add a column to the stock table.")
    assert "-" not in said["column"]
    assert _stands(
        "Constraints and corrections:\n- The user doesn't mind if a column is added to the stock table."
    )
    assert _stands("Adding a column to the stock table is fine with the user.")
    assert not _stands("Constraints and corrections:\n- The user forbade adding a column.")


def test_an_owner_is_a_fact_and_another_owner_is_caught() -> None:
    assert _stands("The data team owns deploy/cron.yaml.")
    assert _stands(
        "Constraints and corrections:\n- Don't touch deploy/cron.yaml; the data team owns it."
    )
    assert not _stands(
        "Constraints and corrections:\n- Don't touch deploy/cron.yaml; the user owns it."
    )


def test_a_share_or_difference_of_the_figures_beside_it_is_honest() -> None:
    assert computed("75", "The sync suite passed 75% of its tests (3 of 4).")
    assert computed("5", "2 of the 40 sites drifted (5%).")
    assert computed("40", "Approved $300 of the $340 claimed ($40 less).")
    assert not computed("10", "2 of the 40 sites drifted (10%).")
    assert not computed("50", "Half of the sync tests failed (50%).")
    assert outcome_counts("passed 75% of its tests (3 of 4)") == {("3", "pass")}
    assert _stands("1 of the 4 sync tests failed (25%).")
    assert not _stands("1 of the 4 sync tests failed (60%).")
    assert _stands("The sync suite passed 75% of its tests (3 of 4).")


def test_a_sentence_opening_with_a_figure_after_commands_is_prose() -> None:
    commands = "Commands run:\n- `pytest tests/test_sync.py -q`\n"
    assert _stands(commands + "1 of the 4 sync tests failed (25%).")


def test_a_not_inside_a_backticked_command_denies_nothing() -> None:
    assert not _stands("`pytest -k 'sync and not slow'` passed.")
    assert _stands("`pytest -k 'sync and not slow'` failed.")


def test_a_figure_taken_back_in_its_turn_is_stale_alone() -> None:
    assert not _stands("Chunk size: 25.")
    assert _stands("Chunk size: 40 (the user first said 25 by mistake).")
    assert not _stands("A drifted site means at least one missed scan.")
    assert _stands("A drifted site means at least two missed scans, not one.")


def _german() -> list[Message]:
    return [
        Message.user("Bitte die Exporte reparieren.", id="g0"),
        Message.user("Die Deadline ist Donnerstag 12 Uhr, dann geht das Release raus.", id="g1"),
        *call_and_result("g2", "bash", {"command": "make export"}, "export ok\nexit 0", 2),
    ]


def test_a_time_with_a_word_for_the_hour_and_a_day_in_either_language() -> None:
    record = _german()

    def stands(line: str) -> bool:
        return recap_line_stands(line, record, "Bitte die Exporte reparieren.")

    rule = "Constraints and corrections:\n- Deadline: {}, then the release ships."
    assert stands(rule.format("Thursday 12:00"))
    assert not stands(rule.format("Thursday 13:00"))
    assert not stands(rule.format("Friday 12:00"))
    assert stands("Die Deadline ist Donnerstag 12 Uhr.")
    assert not stands("Die Deadline ist Freitag 12 Uhr.")


def test_an_act_said_with_its_purpose_is_held_to_the_act() -> None:
    record = [
        *_warehouse(),
        *call_and_result(
            "p1",
            "bash",
            {"command": "python -m sync.load --dry-run"},
            "IntegrityError: duplicate key value violates unique constraint stock_pkey",
            9,
        ),
    ]
    said = "The assistant edited the migrations folder to add a unique constraint."
    assert not recap_line_stands(said, record, _GOAL)
    ran = "The assistant ran `pytest tests/test_sync.py -q` to reproduce the rerun bug."
    assert recap_line_stands(ran, record, _GOAL)


def test_labelled_figures_keep_the_values_their_line_gives_together() -> None:
    record = [
        Message.user("Fix the flaky retry test.", id="r0"),
        *call_and_result(
            "r1",
            "bash",
            {"command": "go test ./pkg/retry -run TestRetryBackoff"},
            "--- FAIL: TestRetryBackoff (0.02s)\n    retry_test.go:41: expected 3 attempts, got 2\n"
            "FAIL",
            1,
        ),
    ]
    goal = "Fix the flaky retry test."
    assert not recap_line_stands("TestRetryBackoff expected 3 attempts and got 1.", record, goal)
    assert recap_line_stands("TestRetryBackoff expected 3 attempts and got 2.", record, goal)


def test_a_denied_query_or_an_act_on_another_table_is_caught() -> None:
    assert not _stands("The assistant never queried the sites table.")
    assert not _stands("The assistant deleted 120 rows from the stock table.")
    assert _stands("The assistant deleted 120 rows from the staging_stock table.")


def test_what_the_user_no_longer_needs_may_be_dropped_not_kept() -> None:
    rules = "Constraints and corrections:\n- {}"
    assert not _stands(rules.format("Site 7 must stay in the sync."))
    assert _stands(rules.format("Site 7 support is dropped from the sync."))


def _german_failure() -> list[Message]:
    return [
        Message.user("Bitte die PDFs reparieren; kein composer update.", id="d0"),
        *call_and_result(
            "d1",
            "shell",
            {"cmd": "vendor/bin/phpunit --filter PdfTest"},
            "There was 1 failure:\n1) App\\Tests\\PdfTest::testUmlauts\nFAILURES!\n"
            "Tests: 2, Assertions: 5, Failures: 1.",
            1,
        ),
        *call_and_result(
            "d2", "shell", {"cmd": "vendor/bin/phpunit --filter PdfTest"}, "OK (2 tests)", 2
        ),
        *call_and_result(
            "d3", "shell", {"cmd": "composer require dompdf/dompdf:^3.1"}, "Upgrading dompdf", 3
        ),
    ]


def test_a_recap_in_the_users_language_and_a_sentence_after_a_list() -> None:
    record = _german_failure()

    def stands(line: str) -> bool:
        return recap_line_stands(line, record, "Bitte die PDFs reparieren.")

    rules = "Regeln:\n- Kein composer update.\n"
    assert stands(rules + "Ausgeführte Befehle:\n- `composer require dompdf/dompdf:^3.1`")
    assert not stands(rules + "Ausgeführte Befehle:\n- `composer update`")
    assert stands("Fehler:\n- testUmlauts schlug zuerst fehl; beim letzten Lauf waren beide grün.")
    failures = "Failures:\n- `vendor/bin/phpunit --filter PdfTest`: testUmlauts failed at first.\n"
    assert stands(failures + "composer update was not run.")


def test_a_portuguese_leave_and_its_no_that_means_in_the() -> None:
    goal = "Objetivo: publicar a versão 1.8.0 do pacote geoparse no TestPyPI."
    record = [
        Message.user(f"Olá! {goal} Não me importo se mudares o pyproject.toml.", id="p0"),
        *call_and_result("p1", "read_file", {"path": "pyproject.toml"}, 'version = "1.7.3"', 1),
    ]

    def stands(line: str) -> bool:
        return recap_line_stands(line, record, "publish geoparse 1.8.0 to TestPyPI.")

    assert stands("Goal: publish version 1.8.0 of the geoparse package to TestPyPI.")
    rules = "Constraints and corrections:\n- {}"
    assert stands(rules.format("The user doesn't mind changes to pyproject.toml."))
    assert not stands(rules.format("The user forbade changes to pyproject.toml."))


def test_a_ban_said_beside_a_leave_stays_a_ban() -> None:
    """R40-V10: "I don't mind if you rename the helpers, but never drop the users table.":
    a recap giving the ban's act the leave's no objection is caught (its "doesn't mind"
    words were read as the act's, so it covered half of the ban and met no rule); both
    halves said as said stand."""
    record = [
        Message.user("Clean up the accounts module and speed up the slow signup query.", id="u0"),
        Message.assistant("Sure.", id="a0"),
        Message.user(
            "I don't mind if you rename the helpers, but never drop the users table.", id="u1"
        ),
        Message.assistant("Understood.", id="a1"),
    ]
    goal = "Clean up the accounts module and speed up the slow signup query."
    lie = "Constraints and corrections:\n- The user doesn't mind if the users table is dropped."
    honest = "Constraints and corrections:\n- Never drop the users table; renaming helpers is fine."
    assert not recap_line_stands(lie, record, goal)
    assert recap_line_stands(honest, record, goal)
