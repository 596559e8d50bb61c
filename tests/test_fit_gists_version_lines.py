"""The version a command's output gave by its key ("x-api-version: 2025-02-24") stays in
the gist of that exchange once it is left out, not only the output's last line (retain65:
a header's API version kept in 0-1 of 6 sessions at any window)."""

from __future__ import annotations

import pytest

from builders import Dicts, chat_exchange
from contextledger.fit import fit

_HEADERS = (
    "HTTP/2 200\ncontent-type: application/json\nx-api-version: 2025-02-24\n"
    "x-request-id: 2a23d10c\ncache-control: no-store"
)


def _session() -> Dicts:
    messages: Dicts = [
        {"role": "system", "content": "You are a mobile release agent."},
        {"role": "user", "content": "Find out which orders API the staging app talks to."},
    ]
    messages += chat_exchange(
        "call_h", "terminal", {"input": "curl -sI https://api.shop.test/orders/health"}, _HEADERS
    )
    for n in range(50):
        messages.append({"role": "user", "content": "go on"})
        log = "\n".join(f"> Task :app:compileDebugKotlin {n}.{i} UP-TO-DATE" for i in range(120))
        messages += chat_exchange(f"call_{n}", "terminal", {"input": "./gradlew build"}, log)
        messages.append({"role": "assistant", "content": f"Build {n} is green."})
    messages.append({"role": "user", "content": "go on"})
    return messages


@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_the_version_an_output_gave_stays_in_its_gist(window: int) -> None:
    result = fit(_session(), "gpt-4o", window=window, max_output_tokens=1_000)
    gist = next(m.text for m in result.messages if "curl -sI" in m.text)
    assert "x-api-version: 2025-02-24" in gist
    assert gist.endswith("cache-control: no-store]")


_KUBECTL = (
    "Client Version: v1.30.1\nKustomize Version: v5.0.4-0.20230601165947-6ce0bf390ce3\n"
    "Server Version: v1.29.3\nWARNING: version difference between client (1.30) and server (1.29)"
    " exceeds the supported minor version skew of +/-1"
)


def test_the_version_of_what_answered_is_kept_before_the_clients() -> None:
    # review58 on retain65: kubectl prints its own versions first; a gist keeps two lines
    session = _session()
    session[2:2] = chat_exchange("call_k", "terminal", {"input": "kubectl version"}, _KUBECTL)
    result = fit(session, "gpt-4o", window=8_000, max_output_tokens=1_000)
    gist = next(m.text for m in result.messages if "kubectl version" in m.text)
    assert "Server Version: v1.29.3" in gist
