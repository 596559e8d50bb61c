"""A setting the user set again later: the recap states the value that stands (RT26-7
value-middle-as-final). "pool.max_size is 40" after the user's last word set it to 30 is
removed and reported; the standing value with its history, or a setting said once, stands."""

from __future__ import annotations

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.providers import read_messages

RECORD = read_messages(
    [
        {"role": "user", "content": "Pon pool.max_size a 20 para el worker de facturas."},
        {"role": "assistant", "content": "Hecho."},
        {"role": "user", "content": "Mejor sube pool.max_size a 40, el lote es grande."},
        {"role": "assistant", "content": "Vale."},
        {"role": "user", "content": "Definitivo: pool.max_size = 30 y el timeout_ms a 900."},
        {"role": "assistant", "content": "Entendido."},
    ]
)


@pytest.mark.parametrize(
    "line",
    [
        "Decisions:\n- Final setting: pool.max_size = 40.",
        "Constraints and corrections:\n- Keep pool.max_size at 20 for the invoice worker.",
    ],
)
def test_a_value_the_user_set_before_a_later_one_is_removed(line: str) -> None:
    v = verify_recap(line, RECORD, ledger=False)
    assert line.split("- ", 1)[1] not in v.text
    assert any("pool.max_size to 30" in c.reason for c in v.misclaims)


@pytest.mark.parametrize(
    "line",
    [
        "Decisions:\n- pool.max_size is 30 (first 20, then 40).",
        "Decisions:\n- pool.max_size = 30; timeout_ms = 900.",
        "Numbers that matter:\n- timeout_ms is 900.",
    ],
)
def test_the_standing_value_stands(line: str) -> None:
    assert verify_recap(line, RECORD, ledger=False).removed_sentences == ()


def test_the_standing_value_with_its_history_stands_as_a_constraint() -> None:
    """RT26-8: "K is 30 (first 20, then 40)." under Constraints, the user's three turns
    said in another language, is what the user set; a history the user never gave is not."""
    honest = "Constraints and corrections:\n- pool.max_size is 30 (first 20, then 40)."
    assert verify_recap(honest, RECORD, ledger=False).removed_sentences == ()
    lie = "Constraints and corrections:\n- pool.max_size is 30 (first 20, then 50)."
    assert verify_recap(lie, RECORD, ledger=False).removed_sentences != ()
