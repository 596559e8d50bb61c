"""Anthropic through the proxy after a recap: roles still alternate.

The proxy forwards the client's own JSON for unchanged turns and writes only what it made
(a recap). A recap is a user turn; when the kept history starts with the client's user
turn, the two must go as one turn (Anthropic's wire wants user / assistant alternating,
and the budget priced them merged). Found by an independent review: HTTP 400 "roles must
alternate" at the first recap of a long session in a small window.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import anthropic

from serve_harness import RunningProxy, running_proxy
from stub_server import StubReply, StubServer


def test_a_recap_before_the_clients_user_turn_goes_as_one_turn(
    stub: StubServer, tmp_path: Path
) -> None:
    with running_proxy(
        store=tmp_path / "sessions.db",
        anthropic_upstream=stub.anthropic_url,
        openai_upstream=stub.url,
        window=3000,
    ) as proxy:
        _converse(proxy, stub)


def _converse(proxy: RunningProxy, stub: StubServer) -> None:
    client = anthropic.Anthropic(
        base_url=proxy.url, api_key="sk-ant-test", max_retries=0,
        default_headers={"X-ContextLedger-Session": "alternate"},
    )  # fmt: skip
    messages: list[dict[str, Any]] = [{"role": "user", "content": "Fix the flaky export job."}]
    recapped = 0
    for i in range(30):
        stub.script(StubReply(text="ok " * 50))
        reply = client.messages.with_raw_response.create(
            model="claude-sonnet-4-6", max_tokens=200, messages=messages
        )
        text = reply.parse().content[0].text
        upstream = stub.completions()[-1].body["messages"]
        roles = [m["role"] for m in upstream]
        assert all(a != b for a, b in pairwise(roles)), (i, roles)
        first = upstream[0]["content"]
        blocks = [first] if isinstance(first, str) else [b.get("text", "") for b in first]
        recapped += any("summary" in b.lower() for b in blocks)
        messages += [
            {"role": "assistant", "content": [{"type": "text", "text": text}]},
            {"role": "user", "content": f"more {i} " + "lorem ipsum " * 30},
        ]
    assert stub.rejected() == []
    assert recapped, "the window never forced a recap: the test did not test anything"
