"""A rule typed right after a nudge with no full stop between ("okay Slet ikke tabellen
ordrer.") is a sentence of its own: the recap quoting it stands (review46 R46-ver4: 8/12
true recaps lost a line), in a script with capitals or without; a quote that drops a denial or a condition the turn opens with does not."""

from __future__ import annotations

import pytest

from builders import said_record
from contextledger.compaction.verify import verify_recap

GOAL = "Move the reporting jobs to the new scheduler."


def _quote_stands(turn: str, quote: str) -> bool:
    record = said_record(GOAL, "Set the timeout to 30 seconds.", turn)
    recap = f"Goal: {GOAL}\nConstraints and corrections:\n- User: {quote}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and quote in v.text


@pytest.mark.parametrize(
    ("turn", "quote"),
    [
        ("okay Slet ikke tabellen ordrer.", "Slet ikke tabellen ordrer."),
        ("rendben Ne töröld a users táblát.", "Ne töröld a users táblát."),
        ("хорошо Не перезапускай сервер db-7.", "Не перезапускай сервер db-7."),
        ("thanks, go on Keep the cron file untouched.", "Keep the cron file untouched."),
        ("ok lock-7 darf nicht gelöscht werden.", "lock-7 darf nicht gelöscht werden."),
        ("شكرا لا تحذف جدول الطلبات orders.", "لا تحذف جدول الطلبات orders."),
        ("ok, let me think Make it 45 seconds, not 30.", "Make it 45 seconds, not 30."),
    ],
)  # fmt: skip
def test_a_rule_typed_after_a_nudge_without_a_stop_is_quoted_whole(turn: str, quote: str) -> None:
    assert _quote_stands(turn, quote)


@pytest.mark.parametrize(
    ("turn", "quote"),
    [
        ("nie Usuwaj wierszy audytu z bazy.", "Usuwaj wierszy audytu z bazy."),
        ("solo los viernes Despliega el servicio web.", "Despliega el servicio web."),
        ("si falla Reinicia el planificador ahora.", "Reinicia el planificador ahora."),
    ],
)  # fmt: skip
def test_a_quote_that_drops_the_turns_denial_or_condition_is_not_the_users(
    turn: str, quote: str
) -> None:
    assert not _quote_stands(turn, quote)
