"""`contextledger convert` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from builders import json_file
from contextledger.cli import main
from contextledger.examples import load_example_payload

# Shown on gpt-3.5-turbo as the text-only model, served again here (shut down since:
# test_catalog_shut_down.py tests the refusals).
pytestmark = pytest.mark.usefixtures("served_by_default")


def test_convert_openai_to_anthropic(tmp_path: Path) -> None:
    file = json_file(tmp_path, load_example_payload())
    res = CliRunner().invoke(main, ["convert", file, "--from", "openai", "--to", "anthropic"])
    assert res.exit_code == 0, res.output
    body = json.loads(res.stdout)
    assert body["system"].startswith("You are a careful coding agent")
    # the user's text, then the screenshot it introduces, in the order written
    assert [b["type"] for b in body["messages"][0]["content"]] == ["text", "image"]


def test_convert_reports_the_path_of_an_unsupported_block(tmp_path: Path) -> None:
    msgs = [
        {
            "role": "user",
            "content": [{"type": "input_audio", "input_audio": {"data": "AAAA", "format": "wav"}}],
        }
    ]
    res = CliRunner().invoke(main, ["convert", json_file(tmp_path, msgs), "--to", "anthropic"])
    assert res.exit_code == 2
    assert (
        "messages[0].content[0]: block type 'input_audio' cannot be sent to anthropic" in res.stderr
    )


def test_convert_runs_the_vision_gate_for_a_model(tmp_path: Path) -> None:
    file = json_file(tmp_path, load_example_payload())
    res = CliRunner().invoke(main, ["convert", file, "--to", "openai", "--model", "gpt-3.5-turbo"])
    assert res.exit_code == 2 and "gpt-3.5-turbo cannot accept images" in res.stderr
    # the refusal names the flag a CLI user types, never the library argument
    assert "--on-images placeholder" in res.stderr and "on_images" not in res.stderr
    for flag in ("--on-images", "--images"):  # --images: the earlier spelling still works
        ok = CliRunner().invoke(
            main,
            ["convert", file, "--to", "openai", "--model", "gpt-3.5-turbo", flag, "placeholder"],
        )
        assert ok.exit_code == 0 and "does not accept images" in ok.stdout
