"""A file claimed deleted must be one a command or a call removed (R21-V1: an honest
"wrote `b`; deleted `c`" was read as a claim that `c` was written, and stripped)."""

from __future__ import annotations

import pytest

from builders import openai_tool_call, openai_tool_result
from contextledger.compaction.verify import verify_recap
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
