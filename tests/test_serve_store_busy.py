"""`contextledger serve` on a shared PostgreSQL store: a session another instance holds
makes a request wait at most ``--store-timeout``, then answers 503 in the provider's error
shape with ``retry-after`` (the official SDKs retry it); nothing of the turn is stored
until it goes through, and then once."""

from __future__ import annotations

import threading
import time
from typing import Any

import anthropic
import openai
import pytest

from contextledger.storage.sessions import SessionStore
from serve_harness import RunningProxy, running_proxy
from stub_server import StubServer
from test_serve import ANTHROPIC_KEY, OPENAI_KEY


def hold_session(instance: RunningProxy, name: str) -> tuple[threading.Event, threading.Event]:
    """Make ``instance`` hold ``name``'s store lock (on its store thread, as it does while
    it records a turn) until the returned ``release`` is set."""
    held, release = threading.Event(), threading.Event()

    def hold(store: SessionStore) -> None:
        with store.session_lock(name):
            held.set()
            release.wait(60)

    instance.proxy.store_submit("holding the session", hold)
    assert held.wait(10)
    return held, release


@pytest.mark.parametrize("route", ["chat", "anthropic"])
def test_a_session_held_by_another_instance_is_a_prompt_503_the_sdk_can_retry(
    stub: StubServer, postgres_server: Any, route: str
) -> None:
    settings: dict[str, Any] = {
        "store": postgres_server.new_database(),
        "openai_upstream": stub.url,
        "anthropic_upstream": stub.anthropic_url,
        "store_timeout": 1.0,
    }
    headers = {"X-ContextLedger-Session": "busy"}
    with running_proxy(**settings) as a, running_proxy(**settings) as b:
        messages: list[dict[str, Any]] = [{"role": "user", "content": "hello"}]

        def ask(max_retries: int = 0) -> Any:
            if route == "chat":
                client = openai.OpenAI(
                    base_url=a.url + "/v1", api_key=OPENAI_KEY, max_retries=max_retries,
                    default_headers=headers,
                )  # fmt: skip
                return client.chat.completions.with_raw_response.create(
                    model="gpt-4o", messages=messages
                )
            claude = anthropic.Anthropic(
                base_url=a.url, api_key=ANTHROPIC_KEY, max_retries=max_retries,
                default_headers=headers,
            )  # fmt: skip
            return claude.messages.with_raw_response.create(
                model="claude-sonnet-4-6", max_tokens=64, messages=messages
            )

        first = ask().parse()
        said = first.choices[0].message.content if route == "chat" else first.content[0].text
        messages += [{"role": "assistant", "content": said}, {"role": "user", "content": "more"}]
        a.flush()

        _, release = hold_session(b, "busy")
        try:
            sdk = openai if route == "chat" else anthropic
            started = time.monotonic()
            with pytest.raises(sdk.APIStatusError) as refused:
                ask()
            waited = time.monotonic() - started
        finally:
            release.set()
        assert refused.value.status_code == 503
        assert waited < 10, f"waited {waited:.1f} s for a held session (the bound is 1 s)"
        assert refused.value.response.headers["retry-after"].isdigit()
        body = refused.value.response.json()  # the provider's own error shape
        error = body["error"]
        assert "another" in error["message"] and "--store-timeout" in error["message"]
        if route == "anthropic":
            assert body["type"] == "error" and error["type"] == "api_error"
        else:
            assert error["code"] == "session_busy"
        b.flush()
        ask(max_retries=2)  # the lock is free again: the same turn goes through
        a.flush()
        with SessionStore(settings["store"]) as store:
            record = store.load("busy").stored
    assert [m.role for m in record] == ["user", "assistant", "user", "assistant"]
    assert [m.text for m in record[:3]] == ["hello", said, "more"]
    assert not stub.rejected()
