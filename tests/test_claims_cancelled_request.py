"""A request the user called off is neither open nor done: listed under Open requests, or
said done with nothing done for it, it is stripped — in any language. A request still
wanted, a "don't cancel", and one done before it was called off stand."""

from __future__ import annotations

import pytest

from builders import openai_tool_call, openai_tool_result
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message
from contextledger.providers import read_messages

GOAL = "Prepare the quarterly sales report."

# (the ask, the user calling it off, the open item, the item said done)
CALLED_OFF = [
    (
        "Also add a pie chart of revenue by region.",
        "Actually, cancel the pie chart, we won't use it.",
        "pie chart of revenue by region",
        "Added the pie chart of revenue by region.",
    ),
    (
        "Füge noch ein Tortendiagramm des Umsatzes nach Region hinzu.",
        "Vergiss das Tortendiagramm, brauche ich nicht.",
        "Tortendiagramm des Umsatzes nach Region",
        "Tortendiagramm des Umsatzes nach Region hinzugefügt.",
    ),
    (
        "Añade un gráfico circular de ingresos por región.",
        "Cancela el gráfico circular, ya no lo necesito.",
        "gráfico circular de ingresos por región",
        "Añadí el gráfico circular de ingresos por región.",
    ),
    (
        "Bölgeye göre gelir pasta grafiği de ekle.",
        "Pasta grafiğinden vazgeç, gerek yok.",
        "bölgeye göre gelir pasta grafiği",
        "Bölgeye göre gelir pasta grafiği eklendi.",
    ),
]


def _record(*turns: tuple[str, str]) -> list[Message]:
    dicts: list[dict[str, object]] = [{"role": "user", "content": GOAL}]
    dicts += [{"role": role, "content": text} for role, text in turns]
    return list(read_messages([*dicts, {"role": "assistant", "content": "OK."}]))


def _stands(section: str, item: str, record: list[Message]) -> bool:
    recap = f"Goal: {GOAL}\n{section}:\n- {item}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and f"- {item}" in v.text.split("Facts ledger")[0]


@pytest.mark.parametrize(("ask", "off", "open_item", "done_item"), CALLED_OFF)
def test_a_request_called_off_is_neither_open_nor_done(
    ask: str, off: str, open_item: str, done_item: str
) -> None:
    record = _record(("user", ask), ("assistant", "OK."), ("user", off))
    assert not _stands("Open requests", open_item, record)
    assert not _stands("Actions taken", done_item, record)
    still_wanted = _record(("user", ask))
    assert _stands("Open requests", open_item, still_wanted)


def test_a_request_not_called_off_or_done_before_it_was_stays() -> None:
    ask, _, open_item, done_item = CALLED_OFF[0]
    kept = _record(("user", ask), ("user", "Don't cancel the pie chart, the board wants it."))
    assert _stands("Open requests", open_item, kept)
    other = _record(("user", ask), ("user", "Cancel the bar chart, keep the rest."))
    assert _stands("Open requests", open_item, other)
    turns: list[dict[str, object]] = [
        {"role": "user", "content": GOAL},
        {"role": "user", "content": ask},
        openai_tool_call("c1", "make_chart", {"kind": "pie", "title": "revenue by region"}),
        openai_tool_result("c1", "saved charts/revenue_by_region.png"),
        {"role": "user", "content": "Actually, cancel the pie chart, we won't use it."},
        {"role": "assistant", "content": "OK."},
    ]
    done_first = list(read_messages(turns))
    assert _stands("Actions taken", done_item, done_first)
