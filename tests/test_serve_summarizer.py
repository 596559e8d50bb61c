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


def _long_session(name: str, n: int = 60) -> Any:
    """A session whose record a 1,500-token window cannot hold: compaction is due."""
    from contextledger.model import Message
    from contextledger.serve.sessions import SessionState

    state = SessionState(name, name, "openai")
    state.recorded(
        [
            Message.user(f"step {k}: check config/app{k}.toml " + "and then " * 12, id=f"m{k}")
            if k % 2 == 0
            else Message.assistant(f"checked app{k}", id=f"m{k}")
            for k in range(n)
        ],
        state.mark,
    )
    return state


def test_a_summarizer_that_is_down_is_not_asked_again_until_its_backoff_passed(
    stub: StubServer,
) -> None:
    """Found by a red team: every compaction asked a summarizer that was down, so every
    recap waited on its timeout. The proxy remembers the failure (its own state, shared by
    the sessions, which ask the same endpoint): recaps are made offline, said in each
    turn's report, until the backoff has passed; one answer ends the outage."""
    from contextledger.compaction import OpenAISummarizer
    from contextledger.prepare import Preparer
    from contextledger.serve.backoff import SummarizerBackoff
    from contextledger.serve.fitting import prepare_with_backoff
    from stub_server import Fault

    clock = [1000.0]
    backoff = SummarizerBackoff(first=30, clock=lambda: clock[0])
    summarizer = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)

    def turn(name: str) -> tuple[Any, int]:
        preparer = Preparer(
            "gpt-4o", compaction=True, summarizer=summarizer, window=1500, max_output_tokens=200
        )
        before = len(stub.requests)
        prepared = prepare_with_backoff(_long_session(name), preparer, None, None, backoff)
        assert preparer.summarizer is summarizer  # the configured one, back in place
        return prepared, len(stub.requests) - before

    stub.fail(Fault("status", 503))
    first, asked = turn("a")
    assert asked == 1 and first.event is not None and first.event.summarizer == "offline"
    assert first.report.fallback is not None and first.report.fallback.down
    said = [n.text for n in first.report.notices if n.kind == "compaction"]
    assert any("asked again in 30 s" in t for t in said), said
    # another session, within the backoff: the endpoint is not asked, the recap is made
    # offline and the turn says why
    second, asked = turn("b")
    assert asked == 0 and second.event is not None and second.event.summarizer == "offline"
    assert second.report.fallback is None
    said = [n.text for n in second.report.notices if n.kind == "compaction"]
    assert any("made offline" in t and "openai:gpt-4o-mini" in t for t in said), said
    # the backoff passed: asked again; it fails again, so the next wait is twice as long
    clock[0] += 31
    stub.fail(Fault("status", 500))
    _, asked = turn("c")
    assert asked == 1 and backoff.outage is not None and backoff.retry_in() == 60
    clock[0] += 61
    recovered, asked = turn("d")  # it answers: the outage is over
    assert asked >= 1 and backoff.outage is None and recovered.event is not None
