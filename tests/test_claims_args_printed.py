"""A recap line quoting what a call printed is no claim about its arguments: the tool's
"SUMMARY orphaned_rows_0=55780" under `exec-report --summary recall-reminders` was read as
"the call gave summary recall-reminders, not orphaned_rows_0" and stripped (recap23's
leftover, R28-M2's tool numbers); a claim that names another value for the flag still is."""

from __future__ import annotations

import json

from contextledger.compaction.claims.args import check_arguments
from contextledger.compaction.claims.evidence import Evidence
from contextledger.model import Message, ToolCall


def _evidence() -> Evidence:
    call = ToolCall(
        "c1", "shell", json.dumps({"argv": ["exec-report", "--summary", "recall-reminders"]})
    )
    out = "0001 INFO a id=1 lat=2ms\nSUMMARY orphaned_rows_0=55780 checked=90831\n"
    return Evidence.of([Message("assistant", (call,)), Message.tool("c1", out)])


def test_a_line_the_call_printed_is_no_claim_about_its_flag() -> None:
    line = "`exec-report --summary recall-reminders`: SUMMARY orphaned_rows_0=55780 checked=90831"
    assert check_arguments(line, _evidence()) == []


def test_another_value_claimed_for_the_flag_is_still_caught() -> None:
    line = "Ran exec-report with summary weekly-digest; it found orphaned_rows_0=55780."
    found = check_arguments(line, _evidence())
    assert found and "recall-reminders" in found[0].reason, found
