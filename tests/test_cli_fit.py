"""`contextledger fit` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from builders import data_url, json_file, png
from contextledger.cli import main
from contextledger.examples import load_example_payload

# Shown on gpt-3.5-turbo as the text-only model, served again here (shut down since:
# test_catalog_shut_down.py tests the refusals).
pytestmark = pytest.mark.usefixtures("served_by_default")


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
    args = ["fit", file, "--model", "gpt-4o", "--json", "--compact"]
    roomy = json.loads(CliRunner().invoke(main, args).stdout)  # 128k holds it all
    assert roomy["compaction"] == ["compaction not needed: the whole view fits the window"]
    assert len(roomy["messages"]) == len(plain["messages"])
    small = ["--window", "6000", "--max-output", "500"]
    compacted = json.loads(CliRunner().invoke(main, [*args, *small]).stdout)
    assert compacted["compaction"] and compacted["compaction"][0].startswith("compacted")
    assert compacted["messages"][1]["content"].startswith(
        "Compacted summary of earlier conversation:"
    )
    # the recap stands only for what the window cannot hold: the view fills it
    report = compacted["report"]
    # (the fill keeps whole turns: the room left can be up to one turn's; 0.9 failed at 0.887
    # once intent8 changed which earlier turns the recap quotes, with 89 messages in view)
    assert 0.85 * report["budget"] <= report["used"] <= report["budget"]


def test_fit_compact_names_each_screenshot_the_recap_takes_out(tmp_path: Path) -> None:
    """Found by a red team: `fit --compact` sent the recap and the newest 10 messages (a
    quarter of the window) and its screenshots left the request with no notice."""
    shot = {"type": "image_url", "image_url": {"url": data_url(png(1280, 720))}}
    msgs: list[dict[str, object]] = [{"role": "user", "content": "The goal: fix the export."}]
    for i in range(60):
        if i == 5:
            msgs.append({"role": "user", "content": [{"type": "text", "text": "Now:"}, shot]})
        msgs.append({"role": "assistant", "content": f"Step {i}: " + "looked at the log. " * 30})
        msgs.append({"role": "user", "content": f"ok, step {i} next"})
    file = json_file(tmp_path, msgs)
    args = ["fit", file, "-m", "gpt-4o", "--window", "8000", "--max-output", "500", "--compact"]
    data = json.loads(CliRunner().invoke(main, [*args, "--json"]).stdout)
    assert "image_url" not in json.dumps(data["messages"])
    said = [n for n in data["report"]["notices"] if "1280×720 PNG" in n]
    assert len(said) == 1 and "recapped by compaction" in said[0]
    assert data["report"]["used"] >= 0.9 * data["report"]["budget"]
    text = CliRunner().invoke(main, args)
    assert text.exit_code == 0 and "1280×720 PNG" in text.stdout


# --- a new user's findings (#13) -----------------------------------------------------


def test_fit_json_keeps_the_system_prompt_for_every_target(tmp_path: Path) -> None:
    conv = tmp_path / "c.json"
    conv.write_text(json.dumps([{"role": "system", "content": "Be terse."},
                                {"role": "user", "content": "hi"}]))  # fmt: skip
    for target, key in (("anthropic", "system"), ("gemini", "system_instruction")):
        res = CliRunner().invoke(main, ["fit", str(conv), "-m", "gpt-4o", "--to", target, "--json"])
        assert res.exit_code == 0, res.output
        data = json.loads(res.stdout)
        assert data["format"] == target
        assert "Be terse." in json.dumps(data[key])


def test_a_bad_compaction_setting_is_one_plain_line(tmp_path: Path) -> None:
    conv = tmp_path / "c.json"
    conv.write_text(json.dumps([{"role": "user", "content": "hi"}]))
    env = {"CONTEXT_COMPACTION": "maybe"}
    for args in (["fit", str(conv), "-m", "gpt-4o"], ["compact", str(conv), "--auto"]):
        res = CliRunner().invoke(main, args, env=env)
        assert res.exit_code != 0, args
        lines = res.stderr.strip().splitlines()
        assert len(lines) == 1 and "CONTEXT_COMPACTION='maybe'" in lines[0], res.stderr
        assert "enabled/disabled" in lines[0] and "Traceback" not in res.output


def test_compact_auto_follows_compaction_off(tmp_path: Path) -> None:
    conv = tmp_path / "c.json"
    conv.write_text(json.dumps([{"role": "user", "content": f"q{i}"} for i in range(40)]))
    res = CliRunner().invoke(main, ["compact", str(conv), "--auto", "--json"],
                             env={"CONTEXT_COMPACTION": "off"})  # fmt: skip
    assert res.exit_code == 0 and json.loads(res.stdout)["status"] == "off"


def test_a_tiny_window_names_the_cli_flag(tmp_path: Path) -> None:
    conv = tmp_path / "c.json"
    conv.write_text(json.dumps([{"role": "user", "content": "hi"}]))
    res = CliRunner().invoke(main, ["fit", str(conv), "-m", "gpt-4o", "--window", "100"])
    assert res.exit_code == 2
    assert "--max-output" in res.stderr and "max_output_tokens" not in res.stderr


def test_images_for_a_text_only_model_name_the_cli_flag(tmp_path: Path) -> None:
    file = json_file(tmp_path, load_example_payload())
    res = CliRunner().invoke(main, ["fit", file, "-m", "gpt-3.5-turbo"])
    assert res.exit_code == 2 and "gpt-3.5-turbo cannot accept images" in res.stderr
    assert "--on-images placeholder" in res.stderr and "on_images" not in res.stderr
    ok = CliRunner().invoke(main, ["fit", file, "-m", "gpt-3.5-turbo", "--on-images",
                                   "placeholder", "--json"])  # fmt: skip
    assert ok.exit_code == 0, ok.output
    assert "image_url" not in ok.stdout and "omitted: gpt-3.5-turbo" in ok.stdout


def test_an_empty_file_is_the_same_clear_error_in_fit_repair_and_cost(tmp_path: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text("")
    for args in (["fit", str(empty), "-m", "gpt-4o"], ["repair", str(empty)],
                 ["cost", str(empty), "-m", "gpt-4o"]):  # fmt: skip
        res = CliRunner().invoke(main, args)
        assert res.exit_code != 0, (args, res.output)
        assert f"{empty}: the file is empty" in res.stderr, res.stderr


def test_no_internal_jargon_in_help() -> None:
    for command in ("fit", "repair", "compact", "cost", "normalize", "chat", "sessions"):
        res = CliRunner().invoke(main, [command, "--help"])
        assert "seed" not in res.output.lower(), command


def test_fit_compact_prints_a_saved_transcript_that_ends_on_the_answer(tmp_path: Path) -> None:
    """R20-P1: a saved transcript ends on the assistant's answer; ``fit --compact`` prints
    a view (it sends nothing), so Claude 4.6's prefill rule does not refuse it."""
    saved = [
        {"role": "system", "content": "You are helpful."},
        {"role": "user", "content": "Write a haiku about tea."},
        {"role": "assistant", "content": "Steam curls from the cup / ..."},
    ]
    file = json_file(tmp_path, saved)
    for extra in ([], ["--compact"]):
        args = ["fit", file, "--model", "claude-sonnet-4-6", "--json", *extra]
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 0, res.output


@pytest.mark.parametrize("target", ["openai", "anthropic", "gemini", "openai-responses"])
def test_fit_reports_what_the_printed_body_is_billed(tmp_path: Path, target: str) -> None:
    """What was budgeted is what is sent: ``used`` is the price of the body printed in the
    ``--to`` format (it was the most any format costs, 14,411 for a body billed 13,898)."""
    from contextledger import price_request

    file = json_file(tmp_path, load_example_payload())
    args = ["fit", file, "-m", "claude-sonnet-4-5", "--window", "20000", "--to", target, "--json"]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    body = {k: v for k, v in data.items() if k not in ("format", "report")}
    assert data["report"]["used"] == price_request(body, "claude-sonnet-4-5", target).total


@pytest.mark.parametrize("compact", ["--no-compact", "--compact"])
def test_fit_says_what_the_target_format_could_not_carry(tmp_path: Path, compact: str) -> None:
    """A message's name does not travel to Anthropic: the writer drops it, and the CLI says
    so (it printed the body without the name and no notice), verbatim even when the name
    reads as rich markup (``[/bold]`` raised a MarkupError, ``[bold]`` vanished)."""
    history = [
        {"role": "user", "name": "ops[/bold]", "content": "The deploy failed again."},
        {"role": "assistant", "content": "Which step?"},
        {"role": "user", "name": "a[bold]b", "content": "The migration step."},
    ]
    file = json_file(tmp_path, history)
    base = ["fit", file, "-m", "claude-sonnet-4-5", "--to", "anthropic", compact]
    text = CliRunner().invoke(main, base)
    assert text.exit_code == 0, text.output
    assert "The name 'ops[/bold]' on message 0 was not sent" in text.stdout
    assert "The name 'a[bold]b' on message 2 was not sent" in text.stdout
    data = json.loads(CliRunner().invoke(main, [*base, "--json"]).stdout)
    assert sum("was not sent" in n for n in data["report"]["notices"]) == 2
    assert all("name" not in m for m in data["messages"])
