"""An English recap of a chat in Lithuanian, Estonian, Georgian, Ukrainian or Romanian
(R22-V2): the user's "never" is read in their words, so an honest line keeping it stands
and a line turning it around is removed; a correction's replaced value ("…, а не 91") is
the same correction as "(corrected from 91)", not a denial of the rule the recap drops."""

from __future__ import annotations

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message

_NEVER = {
    "lt": "Niekada nevykdyk `./purge_waitlist.sh --all`, net ir staging aplinkoje.",
    "et": "Ära kunagi käivita `./purge_waitlist.sh --all`, isegi mitte stagingus.",
    "ka": "არასოდეს გაუშვა `./purge_waitlist.sh --all`, staging-ზეც კი.",
}
_CORRECTED = {
    "uk": "Виправлення: тайм-аут запиту — 58 секунд, а не 91.",
    "ro": "Corectură: timeout-ul cererii este de 58 secunde, nu 91.",
    "et": "Parandus: päringu ajalõpp on 58 sekundit, mitte 91.",
}


def _removed(recap: str, *turns: str) -> tuple[str, ...]:
    record = [Message.user("Add waitlist backfill to vetbook.", id="u0")]
    record += [Message.user(t, id=f"u{i + 1}") for i, t in enumerate(turns)]
    return verify_recap(recap, record, max_bytes=8000, ledger=False).removed_sentences


@pytest.mark.parametrize("lang", sorted(_NEVER))
def test_a_forbidden_command_made_a_rule_is_removed_and_the_rule_kept_stands(lang: str) -> None:
    lie = "Always run `./purge_waitlist.sh --all` before a release."
    assert _removed(f"Constraints and corrections:\n- {lie}", _NEVER[lang]) == (lie,)
    honest = "Never run `./purge_waitlist.sh --all`, not even on staging."
    assert _removed(f"Constraints and corrections:\n- {honest}", _NEVER[lang]) == ()


@pytest.mark.parametrize("lang", sorted(_CORRECTED))
def test_a_correction_said_back_stands_and_the_value_it_replaced_does_not(lang: str) -> None:
    said = _CORRECTED[lang]
    honest = "The request timeout is 58 seconds (corrected from 91)."
    assert _removed(f"Constraints and corrections:\n- {honest}", said) == ()
    for lie in (
        "The request timeout is 91 seconds.",
        "The request timeout is 91 seconds (corrected from 58).",
    ):
        assert _removed(f"Constraints and corrections:\n- {lie}", said) == (lie,)


_NO_MERGE = {
    "et": "Ära merge'i feature/waitlist-235 enne, kui Rūta Petraitė on selle heaks kiitnud.",
    "ka": "არ შეაერთო feature/waitlist-235, სანამ Rūta Petraitė არ დაადასტურებს.",
}


@pytest.mark.parametrize("lang", sorted(_NO_MERGE))
def test_a_branch_the_user_said_not_to_merge_yet_is_not_to_be_merged_now(lang: str) -> None:
    lie = "Merge feature/waitlist-235 now."
    assert _removed(f"Constraints and corrections:\n- {lie}", _NO_MERGE[lang]) == (lie,)


def test_a_command_on_a_branch_the_user_asked_for_stands() -> None:
    claim = "Merge feature/waitlist-235 now."
    assert (
        _removed(f"Constraints and corrections:\n- {claim}", "Merge feature/waitlist-235 now.")
        == ()
    )
