"""A number keeps its unit through a recap (review17 R17-M3): "900 seconds" restated as
"900 minutes", "900 ms" or "900 hours", "64 MB" as "64 GB" or "64 connections" is removed;
the same value in another spelling of its unit ("900 s", "64 megabytes") stands."""

from __future__ import annotations

import pytest

from contextledger.compaction.claims.numbers import measures
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, with_ids

RECORD = list(
    with_ids(
        [
            Message.user(
                "Port the session cache to Redis. Keep the TTL at 900 seconds and the pool at 64 MB."
            ),
            Message.assistant("Understood."),
        ]
    )
)


@pytest.mark.parametrize(
    ("sentence", "stands"),
    [
        ("TTL stays at 900 seconds.", True),
        ("TTL stays at 900 s.", True),
        ("The pool stays at 64 MB.", True),
        ("The pool stays at 64 megabytes.", True),
        ("The user said the TTL should be 900 minutes.", False),
        ("TTL stays at 900 ms.", False),
        ("TTL stays at 900 hours.", False),
        ("The pool stays at 64 GB.", False),
        ("The pool stays at 64 connections.", False),
    ],
)
def test_a_number_keeps_its_unit(sentence: str, stands: bool) -> None:
    assert (sentence in verify_recap(sentence, RECORD, ledger=False).text) is stands


def test_units_are_read_in_other_languages() -> None:
    assert measures("Sesje wygasają po 30 minutach, 30分, 30 Minuten") >= {("30", "time", "min")}


def test_an_airflow_dag_is_no_day() -> None:
    # redteam23 set 5 en_pipeline: "30 dag runs" is a count of runs, not 30 days
    record = list(
        with_ids(
            [
                Message.user("Backfill events_daily for November."),
                Message.assistant("Backfill done: 30 dag runs, 0 failed."),
            ]
        )
    )
    line = "The backfill made 30 runs, 0 failed."
    assert line in verify_recap(line, record, ledger=False).text
