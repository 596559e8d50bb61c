"""Claims in languages the other claim tests hardly use (Russian, Finnish, Indonesian,
Greek, Hebrew, Korean, Vietnamese, Polish), checked by structure first: who a line
names as its subject, what the tool calls ran, wrote and read, which results failed.

Each record is a short coding session in one language; each table row is one recap line
and whether it must stand.
"""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall, with_ids


def _call(cid: str, name: str, args: dict[str, object], result: str) -> list[Message]:
    return [
        Message("assistant", (ToolCall(cid, name, json.dumps(args, ensure_ascii=False)),)),
        Message.tool(cid, result),
    ]


PYTEST_OUT = (
    "F..\nE   AssertionError: assert Decimal('20.01') == Decimal('20.00')\n"
    "FAILED tests/test_vat.py::test_vat_rounding - AssertionError\n1 failed, 2 passed in 0.12s"
)

RU = list(
    with_ids(
        [
            Message.user("Нужно исправить расчёт НДС в модуле счетов до пятницы."),
            Message.user(
                "Никогда не запускай `make deploy-prod` с этой машины. "
                "И не трогай файл config/prod.yaml."
            ),
            *_call("c1", "read_file", {"path": "src/invoice/vat.py"}, "def vat(a): ..."),
            *_call("c2", "shell", {"cmd": "pytest tests/test_vat.py -q"}, PYTEST_OUT),
            *_call("c3", "write_file", {"path": "src/invoice/rounding.py", "content": "x"}, "ok"),
        ]
    )
)

FAILURES = "Failures:\n- tests/test_vat.py::test_vat_rounding: 20.01 вместо 20.00\n"


@pytest.mark.parametrize(
    "sentence",
    [
        "Ассистент прочитал src/invoice/vat.py и записал src/invoice/rounding.py.",
        "Πρώτα διαβάστηκε το src/invoice/vat.py και γράφτηκε το src/invoice/rounding.py.",
        "העוזר קרא את src/invoice/vat.py וכתב את src/invoice/rounding.py.",
    ],
)
def test_a_sentence_after_a_list_is_prose_in_any_script(sentence: str) -> None:
    """A sentence right after a list, opening with a capital of any script (or a letter of
    a script with no case), is prose of its own, not one more failure item."""
    v = verify_recap(FAILURES + sentence, RU, ledger=False)
    assert sentence in v.text, [str(c) for c in v.misclaims]
