"""A command whose arguments hold a date, an ISO time or a hyphenated value is kept in the
verified recap whole: never cut at the value's first "-" ("--since 2026" for "--since
2026-10-02"), a command no one ran that verification cannot trace and takes out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import contextledger.cli.compact  # noqa: F401  (registers the command)
from builders import chat_exchange, json_file
from contextledger.cli import main
from contextledger.compaction.facts import extract_claims

_DATED = [
    "python -m reef.backfill --since 2026-10-02 --chunk 512",
    "python -m reef.backfill --until 2026-11-30T23:59:00Z --batch 500",
    "python -m reef.replay --shards 3-5 --from 2026-10-02",
]


@pytest.mark.parametrize("command", _DATED)
def test_a_command_said_in_prose_is_named_with_every_argument(command: str) -> None:
    said = f"Ran {command}: 4173 rows reindexed."
    assert command in [f.value for f in extract_claims(said) if f.kind == "command"]


@pytest.mark.parametrize("command", _DATED)
def test_the_verified_recap_keeps_the_assistants_report_of_it_whole(
    command: str, tmp_path: Path
) -> None:
    chat: list[dict[str, object]] = [
        {"role": "user", "content": "Hamisha huduma ya reef bila kusimama."}
    ]
    for k in range(30):
        cmd = command if k == 5 else f"pytest -x tests/test_m{k}.py"
        chat += chat_exchange(f"c{k}", "shell", {"cmd": cmd}, "4173 rows" if k == 5 else "1 passed")
        if k == 5:
            chat.append({"role": "assistant", "content": f"Ran {command}: 4173 rows reindexed."})
    chat.append({"role": "user", "content": "Sawa, endelea."})
    args = ["compact", json_file(tmp_path, chat), "--summarizer", "offline", "--json"]
    out = json.loads(CliRunner().invoke(main, [*args, "--keep-recent", "2"]).output)
    text = json.dumps(out, ensure_ascii=False)
    assert f"Ran {command}: 4173 rows reindexed." in text
    assert "could not trace" not in text
