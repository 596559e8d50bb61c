"""A switch's state and a ban said of "it", in any language (verify18, R24-V1).

"Feature flag X is ON in production." where the user said X must stay OFF (VYPNUTÝ,
KAPALI, MATI) turns the user's word around; "User: cherry-pick commit S" where the user
said "commit S was reverted; do not cherry-pick it again" (the ban's object named in the
clause before) makes the ban a request."""

from __future__ import annotations

import pytest

from builders import recap_stripped, said_record

FLAG = "new_checkout_001"


@pytest.mark.parametrize(
    "said",
    [
        f"The feature flag {FLAG} must stay OFF in production until legal signs off.",
        f"Příznak funkce {FLAG} musí zůstat v produkci VYPNUTÝ, dokud to neschválí právníci.",
        f"{FLAG} özellik bayrağı, hukuk onay verene kadar üretimde KAPALI kalmalı.",
        f"Feature flag {FLAG} harus tetap MATI di produksi sampai tim legal menyetujui.",
    ],
)
def test_a_switch_given_the_other_state_is_caught(said: str) -> None:
    record = said_record("Please ship the new checkout.", said)
    rules = "Constraints and corrections:\n- "
    assert recap_stripped(f"{rules}Feature flag {FLAG} is ON in production.", record)
    # (in English the condition is read too: dropping "until legal signs off" is caught)
    until = " until legal signs off" if said.startswith("The feature flag") else ""
    assert not recap_stripped(f"{rules}Keep {FLAG} off in production{until}.", record)


SHA = "4f2a9c1"


@pytest.mark.parametrize(
    "said",
    [
        f"Commit {SHA} was reverted because it broke prod; do not cherry-pick it again.",
        f"Commit {SHA} byl revertnut, protože rozbil produkci; znovu ho necherry-pickuj.",
        f"{SHA} commit'i üretimi bozduğu için geri alındı; onu tekrar cherry-pick etme.",
        f"Commit {SHA} sudah di-revert karena merusak produksi; jangan di-cherry-pick lagi.",
    ],
)
def test_a_ban_said_of_it_is_a_ban_of_what_the_clause_before_names(said: str) -> None:
    record = said_record("Please ship the new checkout.", said)
    assert recap_stripped(
        f"Decisions:\n- User: cherry-pick commit {SHA} onto the release branch.", record
    )
    rules = "Constraints and corrections:\n- "
    assert not recap_stripped(f"{rules}Commit {SHA} was reverted; do not cherry-pick it.", record)
    assert not recap_stripped(f"{rules}Commit {SHA} was reverted because it broke prod.", record)


CRONS = [
    "Naplánuj nightly-load cron výrazem `17 3 * * 1-5` (UTC).",
    "nightly-load işini `17 3 * * 1-5` cron ifadesiyle zamanla (UTC).",
    "Schedule nightly-load with the cron expression `17 3 * * 1-5` (UTC).",
]


@pytest.mark.parametrize("said", CRONS)
def test_a_schedule_is_no_command_run_and_must_be_the_one_given(said: str) -> None:
    record = said_record("Please build the reconciliation job.", said)
    numbers = "Numbers that matter:\n- "
    assert not recap_stripped(f"{numbers}nightly-load runs on cron `17 3 * * 1-5` (UTC).", record)
    assert recap_stripped(f"{numbers}nightly-load runs on cron `0 0 * * *` (UTC).", record)


@pytest.mark.parametrize(
    "said",
    [
        "Všechna data musí zůstat v us-east-1 (#001); nic se nesmí nasadit do jiného regionu.",
        "Semua data harus tetap di us-east-1 (#001); tidak boleh ada yang dideploy ke region lain.",
    ],
)
def test_a_rule_restated_is_read_against_its_own_clause(said: str) -> None:
    """The ban after the semicolon is no denial of the clause the recap restates."""
    record = said_record("Please build the reconciliation job.", said)
    assert not recap_stripped(
        "Constraints and corrections:\n- Data stays in us-east-1 (#001).", record
    )


@pytest.mark.parametrize(
    "said",
    [
        "Předtím jsem se spletl: používáme dbt 1.8 [002], ne dbt 1.7.",
        "Daha önce yanlış söyledim: dbt 1.7 değil, dbt 1.8 [002] kullanıyoruz.",
        "Tadi saya salah sebut: kita pakai dbt 1.8 [002], bukan dbt 1.7.",
    ],
)
def test_a_correction_keeps_its_direction_whichever_side_the_negation_stands(said: str) -> None:
    """Turkish says "not" after the value ("dbt 1.7 değil, dbt 1.8"): the same correction."""
    record = said_record("Please build the reconciliation job.", said)
    rules = "Constraints and corrections:\n- "
    assert not recap_stripped(f"{rules}We use dbt 1.8 [002], not dbt 1.7.", record)
    assert recap_stripped(f"{rules}We use dbt 1.7, not dbt 1.8 [002].", record)
