"""`contextledger fit` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from builders import json_file
from contextledger.cli import main
from contextledger.examples import load_example_payload


def test_fit_json_has_the_documented_shape(tmp_path: Path) -> None:
    file = json_file(tmp_path, load_example_payload())
    res = CliRunner().invoke(
        main,
        [
            "fit",
            file,
            "--model",
            "gpt-4o",
            "--window",
            "8000",
            "--max-output",
            "1000",
            "--to",
            "anthropic",
            "--json",
        ],
    )
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    report = data["report"]
    assert {
        "budget",
        "used",
        "text_tokens",
        "image_tokens",
        "kept",
        "shrunk",
        "dropped",
        "notices",
    } <= set(report)
    assert report["used"] <= report["budget"]
    assert data["messages"][-1]["role"] == "user"


def test_fit_accepts_messages_wrapper_and_anthropic_requests(tmp_path: Path) -> None:
    wrapped = json_file(tmp_path, {"messages": [{"role": "user", "content": "hi"}]})
    assert CliRunner().invoke(main, ["fit", wrapped, "--model", "gpt-4o", "--json"]).exit_code == 0
    anth = tmp_path / "anth.json"
    anth.write_text(
        json.dumps(
            {
                "system": "s",
                "messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}],
            }
        )
    )
    res = CliRunner().invoke(main, ["fit", str(anth), "--model", "claude-sonnet-4-5", "--json"])
    assert res.exit_code == 0 and json.loads(res.stdout)["messages"][0] == {
        "role": "system",
        "content": "s",
    }


def test_fit_budget_error_exits_2_with_the_text_on_stderr(tmp_path: Path) -> None:
    file = json_file(tmp_path, [{"role": "user", "content": "word " * 4000}])
    res = CliRunner().invoke(
        main, ["fit", file, "--model", "gpt-4o-mini", "--window", "2000", "--max-output", "500"]
    )
    assert res.exit_code == 2
    assert "The current request and tool schemas need" in res.stderr
    assert res.stdout == ""


def test_fit_compact_is_opt_in(tmp_path: Path) -> None:
    file = json_file(tmp_path, load_example_payload())
    plain = json.loads(
        CliRunner().invoke(main, ["fit", file, "--model", "gpt-4o", "--json"]).stdout
    )
    assert "compaction" not in plain
    compacted = json.loads(
        CliRunner().invoke(main, ["fit", file, "--model", "gpt-4o", "--json", "--compact"]).stdout
    )
    assert compacted["compaction"] and compacted["compaction"][0].startswith("compacted")
    assert compacted["messages"][1]["content"].startswith(
        "Compacted summary of earlier conversation:"
    )
