"""The offline recap lists a user's ask to write a file, said in words not read here and
naming a version ("release 2.3"), under "Open requests" when the assistant took it on as
work ("Will add the changelog entry."), not under "Constraints and corrections" as a
setting's value (issue #14, review58: Open requests empty, the ask filed as a rule). A
setting asked for stays a rule."""

from __future__ import annotations

import pytest

from builders import EXPORT_TASK, export_recap, recap_section
from contextledger.model import Message

RULES = "Constraints and corrections"
OPEN = "Open requests"


def _recap(*turns: str | list[Message]) -> str:
    return export_recap(EXPORT_TASK, "I'll fix the date format first.", *turns)


@pytest.mark.parametrize(
    "answer",
    ["Will add the changelog entry.", "Will update CHANGELOG.md after the fix."],
)
def test_a_file_to_write_with_a_version_in_it_taken_on_as_work_is_an_open_request(
    answer: str,
) -> None:
    # Avar: today, write about release 2.3 in `CHANGELOG.md` (review58: filed as a rule for
    # its "release 2.3", no request open)
    said = "Жакъа, `CHANGELOG.md`-алда release 2.3 хъвай."
    recap = _recap(said, [Message.assistant(answer)])
    assert said in recap_section(recap, OPEN)
    assert said not in recap_section(recap, RULES)


def test_a_setting_asked_for_stays_a_rule() -> None:
    said = "Please set batch_size to 384."
    assert said in recap_section(_recap(said, [Message.assistant("Will do.")]), RULES)
