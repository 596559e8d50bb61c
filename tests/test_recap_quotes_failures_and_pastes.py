"""The quotes under a recap state what a plain fit keeps as it keeps it: what failed in each
run of one check script (the call's own line is the same for every run), and a user's
pasted log as the words said around it, not as the log (which took a small window's room
for quotes). Found on retain33's held-out migration sessions: at 8k, prepare kept 12 of 18
failing checks and lost a number said after a paste, where fit kept them."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.floor import choose_quotes
from contextledger.fit import fit
from contextledger.model import Message, ToolCall
from contextledger.prepare import prepare

MODEL = "gpt-4o"


def _checks(i: int, failing: str) -> list[Message]:
    call = ToolCall(f"c{i}", "sh", json.dumps({"script": "./ops/checks/run_all.sh --table orders"}))
    out = "\n".join(f"PASS check_{n}_ok" for n in range(40))  # (too long to quote whole)
    out += f"\nFAIL {failing}: expected 0 violations, found 12\nERROR: 1 check(s) failed\nexit 2"
    return [Message("assistant", (call,), id=f"a{i}"), Message.tool(f"c{i}", out, id=f"t{i}")]


def test_each_failing_check_of_a_script_run_again_is_quoted() -> None:
    record = [Message.user("Migrate the orders table to monthly partitions.", id="u0")]
    record += _checks(1, "check_fk_orders_customers_61") + _checks(2, "check_row_count_p34")
    floor = {"a1", "a2"}  # (a plain fit keeps both exchanges as gists)
    quotes = [line for _, line in choose_quotes(record, {"u0"}, floor, "", 2_000)]
    assert any("check_fk_orders_customers_61" in q for q in quotes), quotes
    assert any("check_row_count_p34" in q for q in quotes), quotes
    assert sum(q == "Assistant ran sh: ./ops/checks/run_all.sh --table orders" for q in quotes) == 1


def test_a_passing_run_is_quoted_as_run_only() -> None:
    call = ToolCall("c1", "sh", json.dumps({"script": "./ops/checks/run_all.sh"}))
    record = [
        Message.user("Check the orders table.", id="u0"),
        Message("assistant", (call,), id="a1"),
        Message.tool("c1", "PASS check_1_ok\nPASS check_2_ok\nall 2 checks passed", id="t1"),
    ]
    quotes = [line for _, line in choose_quotes(record, {"u0"}, {"a1"}, "", 2_000)]
    assert not any("failed" in q for q in quotes), quotes


def test_a_pasted_log_is_quoted_as_the_words_said_around_it() -> None:
    log = "\n".join(
        f"2026-12-04 01:{n % 60:02d}:10 UTC [{n}] LOG:  checkpoint complete" for n in range(80)
    )
    said = "Log from the replica. The orders table has 89,178 rows right now."
    record = [
        Message.user("Migrate the orders table to monthly partitions.", id="u0"),
        Message.user(f"{log}\n\n{said}", id="u1"),
    ]
    quotes = [line for _, line in choose_quotes(record, {"u0"}, {"u1"}, "", 1_000)]
    pasted = [q for q in quotes if said in q]
    assert pasted and all(len(q) < 400 for q in pasted), quotes
    assert all("checkpoint complete\n" not in q for q in quotes)


def _session(turns: int) -> list[dict[str, object]]:
    msgs: list[dict[str, object]] = [
        {"role": "system", "content": "You are a database assistant."},
        {
            "role": "user",
            "content": "Migrate the orders table to monthly partitions, checking each step.",
        },
    ]
    for i in range(turns):
        if i % 15 == 5:
            log = "\n".join(
                f"2026-12-04 01:{n:02d}:10 UTC [{i}{n}] LOG:  duration {n * 37}" for n in range(50)
            )
            msgs.append(
                {
                    "role": "user",
                    "content": f"{log}\n\nFrom the primary. We have {1000 + i} open connections at peak.",
                }
            )
        else:
            msgs.append({"role": "user", "content": "go on"})
        script = {"script": "./ops/checks/run_all.sh --table orders"}
        msgs.append(
            {
                "role": "assistant",
                "tool_calls": [
                    {
                        "id": f"c{i}",
                        "type": "function",
                        "function": {"name": "sh", "arguments": json.dumps(script)},
                    }
                ],
            }
        )
        out = "\n".join(f"PASS check_{n}_ok" for n in range(12))
        if i % 10 == 3:
            out += f"\nFAIL check_fk_orders_{i}: expected 0 violations, found {i}\nERROR: 1 check(s) failed\nexit 2"
        msgs.append({"role": "tool", "tool_call_id": f"c{i}", "content": out})
        msgs.append({"role": "assistant", "content": "Checked."})
    msgs.append({"role": "user", "content": "go on"})
    return msgs


@pytest.mark.parametrize("window", [8_000, 16_000])
def test_prepare_keeps_the_failing_checks_a_fit_keeps_and_what_was_said_after_a_paste(
    window: int,
) -> None:
    msgs = _session(120)
    body = json.dumps(
        prepare(msgs, MODEL, window=window, max_output_tokens=1_000, compaction=True).body
    )
    plain = json.dumps(
        [m.text for m in fit(msgs, MODEL, window=window, max_output_tokens=1_000).messages]
    )
    failing = [f"check_fk_orders_{i}:" for i in range(3, 120, 10)]
    assert [f for f in failing if f in plain and f not in body] == []
    assert sum(f in body for f in failing) >= (10 if window == 8_000 else 12)
    for i in range(5, 120, 15):
        assert f"We have {1000 + i} open connections at peak." in body, i
