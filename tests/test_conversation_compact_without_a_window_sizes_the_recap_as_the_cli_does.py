"""`Conversation.compact(summarizer)` called with its defaults recaps as `contextledger
compact FILE` does (issue #14 item 4): without ``window=`` the library sized the recap at
a 2,000-byte floor and cut honest lines ("The assistant ran `…`.") the CLI kept, while
the CLI sized it for its default model's window. Both now size it for that window."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

import contextledger.cli.compact  # noqa: F401  (registers the command)
from contextledger.catalog import lookup_model
from contextledger.cli import main
from contextledger.compaction import CompactionPolicy, Conversation, OpenAISummarizer
from contextledger.config import DEFAULT_MODEL
from contextledger.providers import read_messages
from stub_server import StubReply, StubServer

_COMMANDS = [f"python jobs/export.py --partition {i:03d}" for i in range(40)]


def _session() -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": "Make the nightly export idempotent."},
    ]
    for i, cmd in enumerate(_COMMANDS):
        call = {"id": f"c{i}", "type": "function",
                "function": {"name": "shell", "arguments": json.dumps({"cmd": cmd})}}  # fmt: skip
        msgs.append({"role": "assistant", "content": None, "tool_calls": [call]})
        msgs.append({"role": "tool", "tool_call_id": f"c{i}", "content": f"wrote {i} rows"})
    msgs.append({"role": "user", "content": "Ok, keep going."})
    return msgs


# every line true, together well over 2,000 bytes
_RECAP = "Goal: make the nightly export idempotent.\nCommands run:\n" + "\n".join(
    f"- The assistant ran `{cmd}`." for cmd in _COMMANDS
)


def _library(stub: StubServer, **kwargs: Any) -> tuple[str, tuple[str, ...]]:
    stub.script(*[StubReply(_RECAP)] * 4)
    summarizer = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)
    conv = Conversation.from_messages(read_messages(_session()))
    out = conv.compact(summarizer, force=True, **kwargs)
    assert out.event is not None, out.report
    return out.event.recap_text, out.report


def test_the_library_with_its_defaults_keeps_every_true_line(stub: StubServer) -> None:
    text, report = _library(stub)
    for cmd in _COMMANDS:
        assert f"The assistant ran `{cmd}`." in text, cmd
    assert not any("did not fit the byte cap" in line for line in report), report


def test_no_window_recaps_as_the_default_models_window_does(stub: StubServer) -> None:
    window = lookup_model(DEFAULT_MODEL).context_window
    assert _library(stub)[0] == _library(stub, window=window)[0]


def test_the_library_and_the_cli_give_the_same_recap(
    stub: StubServer, tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    monkeypatch.setenv("CONTEXT_COMPACTION_RETRIES", "0")
    file = tmp_path / "session.json"
    file.write_text(json.dumps(_session()))
    library = _library(stub)[0]
    stub.script(*[StubReply(_RECAP)] * 4)
    args = ["compact", str(file), "--summarizer", "openai:gpt-4o-mini"]
    result = CliRunner().invoke(
        main, [*args, "--summarizer-base-url", stub.url, "--json", "-m", DEFAULT_MODEL]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["recap"] == library


def test_a_cap_the_caller_sets_still_cuts_and_says_so(stub: StubServer) -> None:
    """A line left out for room is reported as left out for room, never as untrue."""
    stub.script(*[StubReply(_RECAP)] * 4)
    summarizer = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)
    conv = Conversation.from_messages(read_messages(_session()))
    out = conv.compact(summarizer, CompactionPolicy(max_reply_bytes=2_000), force=True)
    assert out.verification is not None and out.event is not None, out.report
    assert len(out.event.recap_text.encode()) <= 2_000
    assert out.verification.cut and not out.verification.misclaims
    assert any("did not fit the byte cap" in line for line in out.report), out.report
