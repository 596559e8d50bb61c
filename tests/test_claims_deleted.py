"""A file claimed deleted must be one a command or a call removed (R21-V1: an honest
"wrote `b`; deleted `c`" was read as a claim that `c` was written, and stripped)."""

from __future__ import annotations

import pytest

from builders import openai_tool_call, openai_tool_result
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message
from contextledger.providers import read_messages

RECORD = read_messages(
    [
        {"role": "user", "content": "Replace the v1 exporter with the streaming one."},
        openai_tool_call("r1", "read_file", {"path": "etc/export.toml"}),
        openai_tool_result("r1", "[export]\nformat = 'csv'\n"),
        openai_tool_call("w1", "write_file", {"path": "lib/export/stream.rb", "content": "x"}),
        openai_tool_result("w1", "ok"),
        openai_tool_call("d1", "shell", {"command": "git rm lib/export/v1.rb"}),
        openai_tool_result("d1", "rm 'lib/export/v1.rb'"),
        openai_tool_call("d2", "delete_file", {"path": "spec/export/v1_spec.rb"}),
        openai_tool_result("d2", "deleted"),
    ]
)


@pytest.mark.parametrize(
    "honest",
    [
        "Read `etc/export.toml`; wrote `lib/export/stream.rb`; deleted `lib/export/v1.rb`.",
        "The assistant wrote `lib/export/stream.rb` and removed `spec/export/v1_spec.rb`.",
        "Removed the csv default from `lib/export/stream.rb`.",
    ],
)
def test_a_deletion_the_record_shows_stands(honest: str) -> None:
    assert verify_recap(honest, RECORD, ledger=False).removed_sentences == ()


@pytest.mark.parametrize(
    "lie",
    [
        "The assistant deleted `lib/export/stream.rb`.",
        "Wrote `lib/export/stream.rb` and deleted `etc/export.toml`.",
    ],
)
def test_a_deletion_no_call_made_is_removed(lie: str) -> None:
    v = verify_recap(lie, RECORD, ledger=False)
    assert v.removed_sentences != ()
    assert any("deleted" in c.reason for c in v.misclaims)


def _written_then(*after: tuple[str, dict[str, object], str]) -> list[Message]:
    steps = [("write_file", {"path": "reports/q3.csv", "content": "a,b\n"}, "ok"), *after]
    turns: list[dict[str, object]] = [{"role": "user", "content": "Draft the Q3 report."}]
    for i, (name, args, result) in enumerate(steps):
        turns += [openai_tool_call(f"s{i}", name, args), openai_tool_result(f"s{i}", result)]
    return read_messages(turns)


def _listed_written_stands(item: str, record: list[Message]) -> bool:
    recap = f"Goal: Draft the Q3 report.\nFiles written:\n- {item}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and f"- {item}" in v.text


@pytest.mark.parametrize(
    "after",
    [
        [("delete_file", {"path": "reports/q3.csv"}, "deleted reports/q3.csv")],
        [("bash", {"command": "rm -f reports/q3.csv"}, "")],
        [("bash", {"command": "git rm reports/q3.csv"}, "rm 'reports/q3.csv'")],
    ],
)
def test_a_file_deleted_after_it_was_written_is_not_listed_as_written(
    after: list[tuple[str, dict[str, object], str]],
) -> None:
    """review46 R46-ver1: the deleted file under Files written stood 12/12."""
    record = _written_then(*after)
    assert not _listed_written_stands("reports/q3.csv", record)
    assert _listed_written_stands("reports/q3.csv (deleted later)", record)


@pytest.mark.parametrize(
    "after",
    [
        [("bash", {"command": "rm reports/q3.csv"}, ""),
         ("write_file", {"path": "reports/q3.csv", "content": "a,b,c\n"}, "ok")],
        [("delete_file", {"path": "reports/q3.csv"}, "Error: file is locked")],
        [("bash", {"command": "git rm --cached reports/q3.csv"}, "rm 'reports/q3.csv'")],
        [("delete_file", {"path": "reports/q2.csv"}, "deleted reports/q2.csv")],
    ],
)  # fmt: skip
def test_a_file_that_is_there_at_the_end_stays_listed_as_written(
    after: list[tuple[str, dict[str, object], str]],
) -> None:
    assert _listed_written_stands("reports/q3.csv", _written_then(*after))


@pytest.mark.parametrize(
    "command",
    [
        "mv reports/q3.csv reports/q3_final.csv",
        "git mv reports/q3.csv archive/",
        "Move-Item reports/q3.csv reports/q3_final.csv",
    ],
)
def test_a_file_renamed_away_is_not_listed_as_written(command: str) -> None:
    """review47: a path renamed away, listed under Files written, stood 12/12."""
    record = _written_then(("bash", {"command": command}, ""))
    assert not _listed_written_stands("reports/q3.csv", record)


def test_a_file_copied_or_moved_back_stays_listed_as_written() -> None:
    copied = _written_then(("bash", {"command": "cp reports/q3.csv backup/q3.csv"}, ""))
    assert _listed_written_stands("reports/q3.csv", copied)
    back = _written_then(
        ("bash", {"command": "mv reports/q3.csv /tmp/q3.csv"}, ""),
        ("bash", {"command": "mv /tmp/q3.csv reports/q3.csv"}, ""),
    )
    assert _listed_written_stands("reports/q3.csv", back)


RECREATED = read_messages(
    [
        {"role": "user", "content": "Draft the release notes, then start them over."},
        openai_tool_call("w1", "write_file", {"path": "docs/notes_v3.md", "content": "a"}),
        openai_tool_result("w1", "ok"),
        openai_tool_call("d1", "shell", {"command": "rm docs/notes_v3.md"}),
        openai_tool_result("d1", ""),
        openai_tool_call("w2", "write_file", {"path": "docs/notes_v3.md", "content": "b"}),
        openai_tool_result("w2", "ok"),
        openai_tool_call("w3", "write_file", {"path": "docs/draft_old.md", "content": "c"}),
        openai_tool_result("w3", "ok"),
        openai_tool_call("d2", "delete_file", {"path": "docs/draft_old.md"}),
        openai_tool_result("d2", "deleted"),
    ]
)


def test_a_file_noted_deleted_then_written_again_stands() -> None:
    """review48 R48-ver2 (12/12 false alarms): the note's comma split the item in two,
    "`…` (deleted" and "then written again)", each stripped as written by no call."""
    line = "Files written: `docs/notes_v3.md` (deleted, then written again)"
    assert verify_recap(line, RECREATED, ledger=False).removed_sentences == ()


def test_a_file_deleted_last_said_written_with_a_note_is_still_stripped() -> None:
    line = "Files written: `docs/draft_old.md` (final, reviewed), `docs/notes_v3.md`"
    kept = verify_recap(line, RECREATED, ledger=False).text
    assert "draft_old" not in kept and "notes_v3" in kept
