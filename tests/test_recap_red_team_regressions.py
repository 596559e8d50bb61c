"""The offline recap as `contextledger compact --summarizer offline --json` prints it, on the
red team's cases (review29/30): "Goal: Goal: …" not doubled, a "do not touch X" rule never
the command `touch X`, a test renamed and still failing listed under Failures by its new
name, an argv shown as typed, a value corrected twice in its final form only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from contextledger.cli import main

TAIL = [
    {"role": "assistant", "content": "Working on it."},
    {"role": "user", "content": "ok"},
    {"role": "assistant", "content": "Still going."},
    {"role": "user", "content": "What's the status now?"},
]


def _run(cid: str, args: dict[str, Any], out: str) -> list[dict[str, Any]]:
    call = {
        "id": cid,
        "type": "function",
        "function": {"name": "shell", "arguments": json.dumps(args)},
    }
    return [
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": cid, "content": out},
    ]


def _sections(tmp_path: Path, messages: list[dict[str, Any]]) -> dict[str, list[str]]:
    file = tmp_path / "chat.json"
    file.write_text(json.dumps([*messages, *TAIL]))
    args = ["compact", str(file), "--summarizer", "offline", "--json", "--keep-recent", "4"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    sections: dict[str, list[str]] = json.loads(result.output)["sections"]
    return sections


def _user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text}


@pytest.mark.parametrize(
    "said", ["Goal: ship the export feature.", "Goal: Goal: ship the export feature."]
)
def test_a_labelled_goal_is_not_doubled(tmp_path: Path, said: str) -> None:
    got = _sections(tmp_path, [_user(said), *_run("c1", {"command": "pytest -q"}, "1 passed")])
    assert got["Goal"] == ["ship the export feature."], got["Goal"]


def test_a_touch_rule_is_no_command(tmp_path: Path) -> None:
    got = _sections(
        tmp_path,
        [
            _user("Fix checkout totals."),
            _user("Do not touch src/payments/."),
            *_run("c1", {"command": "pytest -q tests/test_checkout.py"}, "3 passed"),
        ],
    )
    assert not any("touch src/payments" in c for c in got.get("Commands run", []))
    assert any("src/payments/" in r for r in got["Constraints and corrections"])


def test_a_renamed_test_still_failing_is_a_failure_by_its_new_name(tmp_path: Path) -> None:
    got = _sections(
        tmp_path,
        [
            _user("Fix the login test."),
            *_run("c1", {"command": "pytest tests/test_login.py"},
                  "FAILED tests/test_login.py::test_login - AssertionError: 401 != 200\n1 failed"),
            *_run("c2", {"command": "sed -i 's/def test_login(/def test_login_ok(/' tests/test_login.py"}, ""),
            *_run("c3", {"command": "pytest tests/test_login.py"},
                  "FAILED tests/test_login.py::test_login_ok - AssertionError: 401 != 200\n1 failed"),
        ],
    )  # fmt: skip
    assert any("test_login_ok" in f for f in got["Failures"]), got["Failures"]


@pytest.mark.parametrize(
    ("args", "typed"),
    [
        ({"argv": ["zsh", "-lc", "pytest -k 'a or b'"]}, "`pytest -k 'a or b'`"),
        ({"cmd": ["git", "commit", "-m", "fix: x"]}, "`git commit -m 'fix: x'`"),
    ],
)
def test_an_argv_is_shown_as_typed(tmp_path: Path, args: dict[str, Any], typed: str) -> None:
    got = _sections(tmp_path, [_user("Run the checks and commit."), *_run("c1", args, "ok")])
    assert typed in got["Commands run"], got["Commands run"]


def test_a_value_corrected_twice_is_in_its_final_form(tmp_path: Path) -> None:
    got = _sections(
        tmp_path,
        [
            _user("Goal: make the HTTP client resilient."),
            _user("Set the timeout to 30s."),
            *_run("c1", {"command": "pytest -q"}, "4 passed"),
            _user("Make it 45s."),
            {"role": "assistant", "content": "Done."},
            _user("Actually 60s."),
            {"role": "assistant", "content": "Updated."},
        ],
    )
    items = [x for v in got.values() for x in v]
    assert any("60s" in x for x in items), items
    assert all("60s" in x for x in items if "30s" in x or "45s" in x), items
