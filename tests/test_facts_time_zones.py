"""A time zone's IANA name ("Africa/Addis_Ababa") is a setting's value, not a file: the
facts ledger never lists it under "Paths touched", and a recap that changes it is still
caught (it is an identifier the record must hold)."""

from __future__ import annotations

import pytest

from contextledger.compaction.facts import extract_claims
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message

ZONES = ["Africa/Addis_Ababa", "America/Argentina/Buenos_Aires", "Etc/GMT+3", "Asia/Ho_Chi_Minh"]


@pytest.mark.parametrize("zone", ZONES)
def test_a_time_zone_is_an_identifier_not_a_path(zone: str) -> None:
    facts = {(f.kind, f.value) for f in extract_claims(f"Run the nightly job in {zone} time.")}
    assert ("identifier", zone) in facts
    assert not any(kind == "path" for kind, _ in facts)


@pytest.mark.parametrize("text", ["edit src/Europe/Paris.py", "see Asia/Kolkata/notes.md"])
def test_a_file_under_a_folder_named_like_a_zone_is_still_a_path(text: str) -> None:
    assert any(f.kind == "path" for f in extract_claims(text))


def test_the_ledger_does_not_list_a_time_zone_as_a_path_touched() -> None:
    record = [
        Message.user(
            "Schedule the report at 06:00 in Africa/Addis_Ababa, and write it to out/report.csv."
        ),
        Message.assistant("Scheduled; the report goes to out/report.csv."),
    ]
    v = verify_recap("The report is scheduled.", record)
    assert "Africa/Addis_Ababa" not in v.text.partition("Paths touched")[2].partition("\n")[0]


def test_a_recap_that_changes_the_time_zone_is_caught() -> None:
    record = [Message.user("Run the nightly backup in America/Argentina/Buenos_Aires time.")]
    v = verify_recap("The backup runs nightly in America/Sao_Paulo time.", record)
    assert "America/Sao_Paulo" not in v.text
