"""A failure denied ("nothing failed", "No test failed in this session.") is a lie when the
record holds a failure it covers; when it names what it is about ("assembleDebug never
failed", "No build step failed", "The lint step reported no errors"), only the runs of
that thing count, and "apart from X" leaves X out (review11 V1: verify4's first denial
check removed 10 of 18 honest lines of this record)."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.claims.check import Evidence, check_sentence
from contextledger.model import Message, ToolCall, with_ids


def _run(cid: str, cmd: str, output: str) -> list[Message]:
    call = ToolCall(cid, "shell", json.dumps({"cmd": cmd}))
    return [Message("assistant", (call,)), Message.tool(cid, output)]


RECORD = list(
    with_ids(
        [
            Message.user("Goal: fix the refund rounding bug in the Android app."),
            *_run(
                "c1",
                "pytest tests/test_refunds.py -q",
                "F.....\nFAILED tests/test_refunds.py::test_refund_rounding - assert 184.2 == "
                "184.25\n1 failed, 5 passed in 0.4s",
            ),
            *_run("c2", "pytest tests/test_refunds.py -q", "......\n6 passed in 0.4s"),
            *_run("c3", "ruff check src", "All checks passed!"),
            *_run("c4", "./gradlew assembleDebug", "BUILD SUCCESSFUL in 41s"),
        ]
    )
)


def _claims(sentence: str) -> list[str]:
    return [str(c) for c in check_sentence(sentence, Evidence.of(RECORD))[1]]


@pytest.mark.parametrize(
    "lie", ["Nothing failed.", "No test failed in this session.", "The test suite never failed."]
)
def test_a_denial_of_every_failure_is_caught(lie: str) -> None:
    assert _claims(lie), lie


@pytest.mark.parametrize(
    "honest",
    [
        "The lint step reported no errors.",
        "assembleDebug never failed.",
        "Apart from test_refund_rounding, nothing failed.",
        "No build step failed.",
        "The Gradle build finished without errors.",
        "ruff reported no errors.",
        "No test failed after the fix (6 passed).",
        "The second pytest run had no failures.",
    ],
)
def test_a_denial_about_one_thing_counts_that_things_runs(honest: str) -> None:
    assert not _claims(honest), honest
