"""Who writes recaps in `serve` and `chat`: ``--summarizer`` (``offline``, ``openai:MODEL``,
``anthropic:MODEL``) over ``CONTEXT_SUMMARIZER``, with ``CONTEXT_SUMMARIZER_BASE_URL`` and
``CONTEXT_SUMMARIZER_API_KEY`` for its endpoint and key — the configuration's precedence
(process environment > project .env > default), read by the one config module."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner

from contextledger.cli import main
from contextledger.config import load_config
from contextledger.serve import ServeSettings
from serve_harness import RunningProxy
from stub_server import StubServer

APP_KEY = "sk-app-key-for-the-model"
RECAP_KEY = "sk-recap-key-for-the-summarizer"


def test_the_summarizer_settings_follow_the_configurations_precedence(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text(
        "CONTEXT_SUMMARIZER=anthropic:claude-haiku-4-5\nCONTEXT_SUMMARIZER_API_KEY=from-file\n"
    )
    env = {"CONTEXTLEDGER_HOME": str(tmp_path), "CONTEXT_SUMMARIZER": "openai:gpt-4o-mini"}
    config = load_config(env, dotenv)
    assert config.summarizer == "openai:gpt-4o-mini"  # the environment over .env
    assert config.summarizer_api_key == "from-file"  # .env over the default
    assert load_config({"CONTEXTLEDGER_HOME": str(tmp_path)}, None).summarizer is None
    shown = {s.name: s for s in config.settings()}
    assert shown["CONTEXT_SUMMARIZER_API_KEY"].value == "********"  # a key is never shown
    assert "from-file" not in repr(config)
    settings = ServeSettings.from_config(config)
    assert settings.summarizer is not None and settings.summarizer.name == "openai:gpt-4o-mini"
    bad = load_config({**env, "CONTEXT_SUMMARIZER": "gemini:x"}, None)
    with pytest.raises(ValueError, match="CONTEXT_SUMMARIZER"):
        ServeSettings.from_config(bad)


@pytest.mark.parametrize("command", ["serve", "chat", "compact"])
def test_an_unknown_summarizer_is_a_usage_error_without_a_traceback(
    command: str, tmp_path: Path
) -> None:
    args = {
        "serve": ["serve", "--data-dir", str(tmp_path)],
        "chat": ["chat", "--data-dir", str(tmp_path), "hello"],
        "compact": ["compact", str(_conversation_file(tmp_path))],
    }[command]
    result = CliRunner().invoke(main, [*args, "--summarizer", "gemini:x"])
    assert result.exit_code == 2, result.output
    assert "unknown summarizer 'gemini:x'" in result.output
    assert "--summarizer" in result.output and "Traceback" not in result.output


def _conversation_file(tmp_path: Path) -> Path:
    path = tmp_path / "c.json"
    path.write_text('[{"role": "user", "content": "hi"}]')
    return path


def test_serve_writes_recaps_with_the_configured_summarizer_and_its_own_key(
    stub: StubServer, tmp_path: Path
) -> None:
    """``CONTEXT_SUMMARIZER=openai:gpt-4o-mini`` with its own key and base URL: when the
    window forces a recap, the proxy asks that model with that key (never the client's),
    off the event loop; the app's requests still go with the app's key."""
    config = load_config(
        {
            "CONTEXTLEDGER_HOME": str(tmp_path),
            "CONTEXT_SUMMARIZER": "openai:gpt-4o-mini",
            "CONTEXT_SUMMARIZER_BASE_URL": stub.url,
            "CONTEXT_SUMMARIZER_API_KEY": RECAP_KEY,
        },
        None,
    )
    settings = ServeSettings.from_config(
        config,
        openai_upstream=stub.url,
        anthropic_upstream=stub.anthropic_url,
        window=2_000,
        compaction=True,
    )
    proxy = RunningProxy(settings).start()
    try:
        assert proxy.proxy.prepare_thread is not None
        messages: list[Any] = []
        for turn in range(24):
            messages.append({"role": "user", "content": f"Step {turn}: " + "check the logs " * 40})
            reply = httpx.post(
                proxy.url + "/v1/chat/completions",
                json={"model": "gpt-4o", "messages": messages, "max_tokens": 100},
                headers={"authorization": f"Bearer {APP_KEY}", "x-contextledger-session": "s"},
                timeout=60,
            )
            assert reply.status_code == 200, reply.text
            messages.append(reply.json()["choices"][0]["message"])
        proxy.flush()
    finally:
        proxy.stop()
    recaps = [
        r
        for r in stub.requests
        if isinstance(r.body, dict) and r.body.get("model") == "gpt-4o-mini"
    ]
    assert recaps, "the configured summarizer was never asked"
    assert all(r.headers["authorization"] == f"Bearer {RECAP_KEY}" for r in recaps)
    app = [r for r in stub.requests if isinstance(r.body, dict) and r.body.get("model") == "gpt-4o"]
    assert app and all(r.headers["authorization"] == f"Bearer {APP_KEY}" for r in app)
