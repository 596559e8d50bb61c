"""The current request carrying a file's text larger than the window (a first turn with a
7,000-token CSV at 8k: review47 saw ``BudgetError``) is sent with the file as its head and
tail, reported as a long tool output is; the user's own words are never shortened."""

from __future__ import annotations

import base64

import pytest

from contextledger import BudgetError, Message, fit, translate
from contextledger.model import FileAttachment
from contextledger.pricing.messages import price_request

ASK = "Find which warehouse ships late most often and tell me the three worst weeks."


def inventory_csv(rows: int) -> str:
    lines = ["sku,warehouse,week,shipped,late"]
    lines += [
        f"SKU-{k:05d},WH-{k % 7},2026-W{k % 52 + 1:02d},{k * 13 % 997},{k % 5}" for k in range(rows)
    ]
    return "\n".join(lines) + "\nTOTAL,all,all,0,0\n"


def test_a_first_turn_with_a_file_over_the_window_goes_with_the_file_shortened() -> None:
    text = inventory_csv(1_400)
    res = fit([Message.user(ASK, FileAttachment("stock.csv", text=text))], "gpt-4o",
              window=8_000, max_output_tokens=1_000)  # fmt: skip
    sent = translate(res.messages, "openai").body
    assert res.report.used <= res.report.budget
    # (a CSV goes as text, priced with an allowance: never below what is sent)
    assert res.report.used >= price_request(sent, "gpt-4o", "openai").total
    shown = str(sent)
    assert ASK in shown  # the words whole
    assert "sku,warehouse,week,shipped,late" in shown and "TOTAL,all,all,0,0" in shown
    assert "tokens omitted" in shown
    assert res.report.used > res.report.budget * 3 // 4  # (the window is used, not left empty)
    said = [n.text for n in res.report.notices if "stock.csv" in n.text and "shortened" in n.text]
    assert len(said) == 1
    assert [c for c in res.report.changes if c.action == "shrunk"]


def test_an_apps_dicts_with_a_csv_file_part_fit_too() -> None:
    data = base64.b64encode(inventory_csv(1_400).encode()).decode()
    dicts = [{"role": "user", "content": [
        {"type": "text", "text": ASK},
        {"type": "file", "file": {"filename": "stock.csv", "file_data": f"data:text/csv;base64,{data}"}},
    ]}]  # fmt: skip
    res = fit(dicts, "gpt-4o", window=8_000, max_output_tokens=1_000)
    assert res.report.used <= res.report.budget
    assert ASK in str(translate(res.messages, "openai").body)


def test_a_later_turn_with_a_big_file_leaves_room_for_the_goal() -> None:
    goal = "Please build the weekly late-shipment report for the board, as a one-page PDF."
    history = [
        Message.user(goal, id="u1"),
        Message.assistant("Sure, send me the export.", id="a1"),
        Message.user(
            "Here it is.", FileAttachment("stock.csv", text=inventory_csv(1_400)), id="u2"
        ),
    ]
    res = fit(history, "gpt-4o", window=8_000, max_output_tokens=1_000)
    shown = str(translate(res.messages, "openai").body)
    assert goal in shown and "Here it is." in shown and "tokens omitted" in shown
    assert res.report.used <= res.report.budget


def test_words_alone_over_the_window_are_still_refused() -> None:
    words = "Check every line of this. " * 1_200
    msg = Message.user(words, FileAttachment("stock.csv", text=inventory_csv(50)))
    with pytest.raises(BudgetError, match="current request"):
        fit([msg], "gpt-4o", window=4_000, max_output_tokens=1_000)
