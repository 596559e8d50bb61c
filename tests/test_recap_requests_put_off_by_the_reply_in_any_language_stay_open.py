"""A turn in words no reader holds that the reply puts off is an open request: "I'll do that
once the mosaic is done." puts it off (the "done" there is the condition), and "Will do once
it is merged." takes on a turn that says "merge" with another language's ending or particle
("na-merge", "merge-ra"): stems are compared, not whole words (review58, recap73's leftovers)."""

from __future__ import annotations

import pytest

from builders import chat_exchange
from contextledger.compaction.digest import digest
from contextledger.providers import read_messages

Dicts = list[dict[str, object]]


def _open_after(turn: str, reply: str) -> list[str]:
    said: Dicts = [
        {"role": "user", "content": "Build the orthophoto of the north plots with OpenDroneMap."},
        *chat_exchange("c1", "shell", {"command": "odm --project-path /data plots"}, "exit 137"),
        {"role": "user", "content": turn},
        {"role": "assistant", "content": reply},
        *chat_exchange("c2", "shell", {"command": "odm --split 400"}, "3 submodels"),
        {"role": "user", "content": "ok"},
    ]
    return list(digest(read_messages(said)).sections.get("Open requests", []))


@pytest.mark.parametrize(
    "turn",
    [
        "`exports/timetable-2027.xlsx` kwadebe ya, emesia.",  # Igbo: prepare it, later
        "`exports/timetable-2027.xlsx` omano koa, rahatrizay.",  # Malagasy
        "`exports/timetable-2027.xlsx` uyitegure nawe, nyuma.",  # Kinyarwanda
    ],
)
def test_an_ask_naming_a_file_put_off_until_something_is_done_stays_open(turn: str) -> None:
    assert turn in _open_after(turn, "I'll do that once the mosaic is done.")


@pytest.mark.parametrize(
    "turn",
    [
        "Mgbe emechara merge-ya, gwa m ka m rerun backfill.",  # Igbo
        "Rehefa vita ny merge-ra, lazao ahy mba hamerina ny backfill.",  # Malagasy
        "Nibimara ku-merge, umbwire nongere nkore backfill.",  # Kinyarwanda
    ],
)
def test_an_ask_deferred_until_a_merge_said_with_a_local_ending_stays_open(turn: str) -> None:
    assert turn in _open_after(turn, "Will do once it is merged.")


def test_a_request_reported_done_is_not_open() -> None:
    """Done before the words that put off: "Done, I'll add tests later." answers the ask."""
    turn = "`exports/timetable-2027.xlsx` kwadebe ya."
    assert turn not in _open_after(turn, "Done, exported it. I'll add tests later.")
