"""recap28: a plan the assistant said again after each step is one decision, not six that
crowd the commands out of the recap; VSTest's "X Name [3 ms]" names a failing test; the
older Rust panic ("panicked at 'msg', src/lib.rs:10:5") keeps its location when its
message ran over several lines."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.decisions import without_restated
from contextledger.compaction.digest import digest
from contextledger.compaction.failures import failing_tests, failure_lines
from contextledger.model import with_ids
from contextledger.providers import read_messages


def _run(cid: str, command: str, out: str) -> list[dict[str, object]]:
    call = {
        "id": cid,
        "type": "function",
        "function": {"name": "bash", "arguments": json.dumps({"command": command})},
    }
    return [
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": cid, "content": out},
    ]


def test_a_plan_said_again_after_each_step_is_one_decision() -> None:
    plan = "I'll use an LRU cache for the weather client"
    steps = [
        ("pytest tests/test_weather.py -q", "4 passed"),
        ("ruff check weather/", "All checks passed!"),
        ("mypy weather/", "Success: no issues found in 3 source files"),
        ("python -m weather.smoke --city Oslo", "ok 4C"),
        ("git diff --stat", " weather/client.py | 12 +++"),
    ]
    said = [".", " with maxsize 256.", ".", ", maxsize 256.", " (maxsize 256)."]
    dicts: list[dict[str, object]] = [
        {"role": "user", "content": "Add a cache to the weather client."}
    ]
    for k, ((command, out), end) in enumerate(zip(steps, said, strict=True)):
        dicts += [{"role": "assistant", "content": plan + end}, *_run(f"c{k}", command, out)]
    tail = [
        {"role": "assistant", "content": "Done."},
        {"role": "user", "content": "What's the status?"},
    ]
    record = with_ids(read_messages([*dicts, *tail]))
    d = digest(record[:-2], history=record)
    assert [x for x in d.items("Decisions") if "LRU cache" in x] == [
        f"Assistant: {plan} (maxsize 256)."
    ]
    assert all(any(command in c for c in d.items("Commands run")) for command, _ in steps)


@pytest.mark.parametrize(
    ("decisions", "kept"),
    [
        # (different numbers, different polarity, different speakers: each stands)
        (
            [
                "Assistant: I'll retry 3 times on a timeout.",
                "Assistant: I'll retry 5 times on a timeout.",
            ],
            2,
        ),
        (
            [
                "User: Deploy the release on Friday evening.",
                "User: Don't deploy the release on Friday evening.",
            ],
            2,
        ),
        (
            [
                "User: We use Postgres for the ledger service.",
                "Assistant: We use Postgres for the ledger service.",
            ],
            2,
        ),
        # (the one that says more stands, whichever came first)
        (
            [
                "Assistant: Going with Postgres for the ledger service, version 16.",
                "Assistant: Going with Postgres for the ledger service.",
            ],
            1,
        ),
    ],
)
def test_only_a_decision_another_says_again_is_left_out(decisions: list[str], kept: int) -> None:
    assert len(without_restated(decisions)) == kept


def test_the_one_that_says_more_stands() -> None:
    more = "Assistant: Going with Postgres for the ledger service, version 16."
    assert without_restated([more, "Assistant: Going with Postgres for the ledger service."]) == [
        more
    ]


@pytest.mark.parametrize(
    ("output", "name"),
    [
        (
            "  X MathTests.Divide_ByZero [3 ms]\n  Error Message:\n   Expected DivideByZeroException\n\n"
            "Total tests: 5\n     Passed: 4\n     Failed: 1",
            "MathTests.Divide_ByZero",
        ),
        (
            "  Passed Pricing.Tests.RoundsUp [2 ms]\n  X Pricing.Tests.AppliesVat(rate: 0.2, net: 100) [< 1 ms]\n"
            "  Error Message:\n   Expected: 120\n  But was:  100\n\nFailed!  - Failed:     1, Passed:    11",
            "Pricing.Tests.AppliesVat(rate: 0.2, net: 100)",
        ),
    ],
)
def test_vstest_marks_a_failing_test_with_an_x(output: str, name: str) -> None:
    assert failing_tests(output) == [name]
    assert any(name in line for line in failure_lines(output))


def test_an_x_that_is_no_test_line_marks_nothing() -> None:
    assert failing_tests("X Window System started [ok]\nx = 3 [note]") == []


def test_the_older_rust_panic_keeps_its_location_past_a_message_of_several_lines() -> None:
    output = (
        "test tests::parse_empty ... FAILED\n\nfailures:\n\n---- tests::parse_empty stdout ----\n"
        "thread 'tests::parse_empty' panicked at 'assertion failed: `(left == right)`\n"
        "  left: `1`,\n right: `0`', src/parser.rs:88:9\n"
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n\n"
        "test result: FAILED. 2 passed; 1 failed; 0 ignored"
    )
    lines = failure_lines(output)
    assert any("src/parser.rs:88:9" in line for line in lines)
    assert failing_tests(output) == ["tests::parse_empty"]


def test_a_request_said_again_in_other_case_is_one_open_request() -> None:
    said = [
        {"role": "user", "content": "Refactor the exporter."},
        {"role": "assistant", "content": "OK."},
        {"role": "user", "content": "Please add a progress bar when you get a chance."},
        {"role": "assistant", "content": "Will do after the main change."},
        {"role": "user", "content": "please add a progress bar when you get a chance"},
        {"role": "user", "content": "Later, write the docs."},
        {"role": "assistant", "content": "Sure."},
        {"role": "user", "content": "What's the status?"},
    ]
    record = with_ids(read_messages(said))
    d = digest(record[:-1], history=record)
    assert d.items("Open requests") == [
        "Please add a progress bar when you get a chance.",
        "Later, write the docs.",
    ]
