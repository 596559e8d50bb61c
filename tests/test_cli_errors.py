"""The CLI's one error path: a plain line and an exit status, never a traceback or a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from contextledger.cli import main
from contextledger.errors import StoreError

SURROGATE = "a \ud800 b"  # a truncated emoji: valid JSON, not encodable as UTF-8


def _file(tmp_path: Path, text: str, name: str = "conv.json") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _surrogate_file(tmp_path: Path) -> str:
    # json.dumps writes the lone surrogate as the escape "\ud800": a valid JSON file
    return _file(tmp_path, json.dumps([{"role": "user", "content": SURROGATE}]))


def _assert_plain(res: object) -> None:
    output = getattr(res, "output", "")
    assert "Traceback" not in output
    assert not isinstance(getattr(res, "exception", None), Exception) or isinstance(
        res.exception,  # type: ignore[attr-defined]
        SystemExit,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["convert", "{f}", "--to", "anthropic"],
        ["convert", "{f}", "--to", "gemini"],
        ["convert", "{f}", "--to", "openai-responses"],
        ["fit", "{f}", "-m", "gpt-4o", "--json"],
        ["repair", "{f}", "--json"],
    ],
)
def test_lone_surrogates_are_escaped_in_json_output(tmp_path: Path, args: list[str]) -> None:
    file = _surrogate_file(tmp_path)
    res = CliRunner().invoke(main, [a.replace("{f}", file) for a in args])
    assert res.exit_code == 0, res.output
    _assert_plain(res)
    # JSON's own escape: the output parses back to the very same string
    assert SURROGATE in json.dumps(json.loads(res.stdout), ensure_ascii=False)


@pytest.mark.parametrize(
    "args", [["compact", "{f}"], ["compact", "{f}", "--json"], ["fit", "{f}", "-m", "gpt-4o"]]
)
def test_lone_surrogates_never_crash_text_output(tmp_path: Path, args: list[str]) -> None:
    res = CliRunner().invoke(main, [a.replace("{f}", _surrogate_file(tmp_path)) for a in args])
    assert res.exit_code == 0, res.output
    _assert_plain(res)


@pytest.mark.parametrize(
    ("text", "command", "expected"),
    [
        ("null", ["fit", "{f}", "-m", "gpt-4o"], "got null"),
        ("null", ["convert", "{f}", "--to", "openai"], "expected a list of messages"),
        ("null", ["compact", "{f}"], "expected a JSON list"),
        ("[" * 100_000 + "]" * 100_000, ["fit", "{f}", "-m", "gpt-4o"], "nested too deeply"),
        ("[" * 100_000 + "]" * 100_000, ["repair", "{f}"], "nested too deeply"),
        ("{not json", ["convert", "{f}", "--to", "openai"], "not valid JSON"),
        ("{not json", ["repair", "{f}"], "not valid JSON"),
        ('[{"role": "user", "content": "hi"}]', ["fit", "{f}", "-m", "no-such"], "unknown model"),
    ],
)
def test_bad_input_is_one_line_with_exit_status_2(
    tmp_path: Path, text: str, command: list[str], expected: str
) -> None:
    file = _file(tmp_path, text)
    res = CliRunner().invoke(main, [a.replace("{f}", file) for a in command])
    assert res.exit_code == 2, res.output
    _assert_plain(res)
    assert res.stderr.startswith("error: ") and res.stderr.count("\n") == 1, res.stderr
    assert expected in res.stderr


def test_undecodable_file_is_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe[]")
    res = CliRunner().invoke(main, ["repair", str(path)])
    assert res.exit_code == 2 and "not UTF-8" in res.stderr


def test_an_unexpected_exception_is_one_line_asking_for_a_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import contextledger.providers as providers

    def boom(*_: object, **__: object) -> None:
        raise KeyError("surprise")

    monkeypatch.setattr(providers, "translate", boom)
    file = _file(tmp_path, '[{"role": "user", "content": "hi"}]')
    res = CliRunner().invoke(main, ["convert", file, "--to", "openai"])
    assert res.exit_code == 1
    _assert_plain(res)
    assert res.stderr.count("\n") == 1
    assert "unexpected KeyError" in res.stderr and "please report" in res.stderr


def test_a_store_problem_exits_with_status_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import contextledger.providers as providers

    def locked(*_: object, **__: object) -> None:
        raise StoreError("database is locked\nafter 5 s")

    monkeypatch.setattr(providers, "translate", locked)
    file = _file(tmp_path, '[{"role": "user", "content": "hi"}]')
    res = CliRunner().invoke(main, ["convert", file, "--to", "openai"])
    assert res.exit_code == 1
    assert res.stderr == "error: database is locked after 5 s\n"


def test_unknown_models_name_what_a_cli_user_can_do_and_leave_nothing_behind(
    tmp_path: Path,
) -> None:
    """No library arguments (`window=`, `register_model`) in a CLI error; a chat with a
    mistyped model creates no store and no session."""
    conv = tmp_path / "c.json"
    conv.write_text(json.dumps([{"role": "user", "content": "hi"}]))
    env = {"CONTEXTLEDGER_HOME": str(tmp_path / "home"), "CONTEXTLEDGER_STORE": None}
    for args in (["fit", str(conv), "-m", "gpt-4o-mni"], ["convert", str(conv), "--to",
                 "anthropic", "-m", "gpt-4o-mni"], ["chat", "-m", "gpt-4o-mni", "hello"]):  # fmt: skip
        res = CliRunner().invoke(main, args, env=env)
        assert res.exit_code in (1, 2), res.output
        assert "did you mean gpt-4o-mini" in res.stderr and "CONTEXTLEDGER_MODELS" in res.stderr
        assert "window=" not in res.stderr and "register_model" not in res.stderr
    assert not (tmp_path / "home").exists()


def test_an_unknown_azure_deployment_says_how_to_map_it(tmp_path: Path) -> None:
    conv = tmp_path / "c.json"
    conv.write_text(json.dumps([{"role": "user", "content": "hi"}]))
    res = CliRunner().invoke(main, ["fit", str(conv), "-m", "azure/prod-chat"])
    assert res.exit_code in (1, 2), res.output
    assert 'under "aliases"' in res.stderr and "CONTEXTLEDGER_MODELS" in res.stderr
    assert "register_alias" not in res.stderr


def test_python_dash_m_runs_the_same_cli_with_the_same_error_path(tmp_path: Path) -> None:
    """``python -m contextledger`` (no script on PATH: an unactivated venv, CI) is the CLI
    itself: its name in the usage line, and a bad file is one plain line with exit 2."""
    import subprocess
    import sys

    run = [sys.executable, "-m", "contextledger"]
    help_ = subprocess.run([*run, "--help"], capture_output=True, text=True, check=False)
    assert help_.returncode == 0 and help_.stdout.startswith("Usage: contextledger ")
    bad = _file(tmp_path, "[{", "broken.json")
    res = subprocess.run(
        [*run, "fit", bad, "-m", "gpt-4o"], capture_output=True, text=True, check=False
    )
    assert res.returncode == 2, res.stderr
    assert "Traceback" not in res.stderr + res.stdout
    assert res.stderr.strip().splitlines()[-1].startswith("error: ")
