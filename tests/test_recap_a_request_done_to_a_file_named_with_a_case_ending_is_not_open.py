"""The offline recap's "Open requests" (issue #14) holds what is still owed: a request
naming a file with a case ending of the user's language glued on by a hyphen
("tests/test_export.py-ға", Bashkir "to tests/test_export.py") that a later call wrote to
is done, not open; one no call wrote to stays open."""

from __future__ import annotations

import pytest

from builders import call_and_result, export_recap, recap_section
from contextledger.model import Message

TASK = "Fix the CSV export in src/export/csv_writer.py so that it writes ISO dates."
WRITES = [
    Message.assistant("On it."),
    *call_and_result(
        "c31",
        "shell",
        {"command": "cat >> tests/test_export.py <<'EOF'\ndef test_empty(): ...\nEOF"},
        "",
        31,
    ),
    Message.assistant("Added the test."),
]
ASKED = pytest.mark.parametrize(
    "said",
    [
        "Буш экспорт тестын tests/test_export.py-ға өҫтә.",  # Bashkir: add an empty-export test to …
        "Lisää tyhjän viennin testi tests/test_export.py-hin.",  # Finnish, the same
        "Add a test for the empty export to tests/test_export.py.",
    ],
)


@ASKED
def test_a_request_a_call_wrote_to_its_file_is_not_open(said: str) -> None:
    recap = export_recap(TASK, "I'll fix the date format first.", said, WRITES)
    assert said not in recap_section(recap, "Open requests")


@ASKED
def test_a_request_no_call_wrote_to_stays_open(said: str) -> None:
    recap = export_recap(
        TASK, "I'll fix the date format first.", said, [Message.assistant("On it.")]
    )
    assert said in recap_section(recap, "Open requests")
