"""Run `contextledger chat` against the stub servers, as the chat tests do."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

import contextledger.cli.chat  # noqa: F401  (registers the command)
from contextledger.cli import main
from stub_server import StubServer


def run_chat(
    stub: StubServer, home: Path, args: list[str], *lines: str, compaction: str = "on"
) -> Result:
    """`chat --retries 0 ARGS` with LINES typed in; every provider pointed at ``stub``."""
    env = {
        "OPENAI_BASE_URL": stub.url,
        "OPENAI_API_KEY": "test-key",
        "ANTHROPIC_BASE_URL": stub.anthropic_url,
        "ANTHROPIC_API_KEY": "test-key",
        "GEMINI_BASE_URL": stub.gemini_url,
        "GEMINI_API_KEY": "test-key",
        "CONTEXTLEDGER_HOME": str(home),
        "CONTEXTLEDGER_MODEL": "gpt-4o",
        "CONTEXTLEDGER_STORE": "",
        "CONTEXT_COMPACTION": compaction,
    }
    result = CliRunner().invoke(
        main, ["chat", "--retries", "0", *args], input="".join(f"{x}\n" for x in lines), env=env
    )
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == 0, result.output
    return result
