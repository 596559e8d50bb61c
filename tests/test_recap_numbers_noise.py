""" "Numbers that matter" holds what a run summed up and what the user stated, not a log's
records (R28-M2: a pasted or printed log's "id=… lat=…ms" filled the section while the
tool's "SUMMARY orphaned_rows_0=55780" was left out)."""

from __future__ import annotations

import json
import random

from contextledger.compaction.digest import digest
from contextledger.compaction.findings import counted_lines, log_records, superseded
from contextledger.model import Message, ToolCall


def _log(rng: random.Random, n: int) -> str:
    levels = ["INFO", "WARN", "DEBUG", "sync", "poll", "ack"]
    return "\n".join(
        f"{rng.randrange(10**9):09d} {rng.choice(levels)} api.{rng.choice(levels).lower()} "
        f"id={rng.randrange(10**6)} lat={rng.random() * 90:.1f}ms"
        for _ in range(n)
    )


def test_a_logs_records_are_no_counted_lines() -> None:
    rng = random.Random(5)
    assert counted_lines(_log(rng, 12)) == []
    assert counted_lines("TOTAL LAG: 18,204 messages behind") == [
        "TOTAL LAG: 18,204 messages behind"
    ]


def test_log_records_need_three_lines_with_the_same_keys() -> None:
    lines = ["a=1 b=2", "a=3 b=4", "SUMMARY rows_0=5 checked=6"]
    assert log_records(lines) == set()
    assert log_records([*lines, "a=7 b=8"]) == {0, 1, 3}
    assert log_records(["p50=88 ms", "p95=359 ms", "p99=900 ms"]) == set()  # one key each


def test_two_metrics_of_one_shape_are_not_one_said_again() -> None:
    items = [
        "`report --summary`: SUMMARY orphaned_rows_0=55780 checked=90831",
        "`report --summary`: SUMMARY late_pushbacks_1=99003 checked=17049",
        "`terraform plan`: Plan: 2 to add, 0 to change, 1 to destroy.",
        "`terraform plan`: Plan: 3 to add, 0 to change, 0 to destroy.",
    ]
    assert superseded(items) == {items[2]}


def test_the_numbers_are_the_summary_and_the_users_not_a_logs() -> None:
    rng = random.Random(7)
    msgs = [Message.user("Goal: move the reminders to the new scheduler.", id="u0")]
    pasted = f"{_log(rng, 10)}\n\nThe p95 budget for xray is 48280 ms.\n\n{_log(rng, 10)}"
    msgs.append(Message.user(pasted, id="u1"))
    for i, out in enumerate(
        [
            _log(rng, 12),
            _log(rng, 30) + "\nSUMMARY orphaned_rows_0=55780 checked=90831\n" + _log(rng, 10),
        ]
    ):
        call = ToolCall(f"c{i}", "shell", json.dumps({"command": f"report-{i}"}))
        msgs += [Message("assistant", (call,), id=f"a{i}"), Message.tool(f"c{i}", out, id=f"t{i}")]
    numbers = digest(msgs).items("Numbers that matter")
    assert "`report-1`: SUMMARY orphaned_rows_0=55780 checked=90831" in numbers
    assert "User: The p95 budget for xray is 48280 ms." in numbers
    assert not [n for n in numbers if "lat=" in n], numbers
