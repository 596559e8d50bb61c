"""`contextledger serve`: the official SDKs through the proxy against the validating stub.

Everything here is real HTTP on 127.0.0.1: the SDK talks to the proxy (uvicorn), the proxy
to the stub, which refuses any request the real API would refuse.
"""

from __future__ import annotations

import base64
import io
import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

import anthropic
import httpx
import openai
import pytest
from PIL import Image as PILImage

from contextledger.pricing.messages import price_request
from contextledger.storage.sessions import SessionStore
from serve_harness import RunningProxy, running_proxy
from stub_server import Fault, StubReply, StubServer, prompt_tokens

OPENAI_KEY = "sk-test-SECRET-openai-0123456789"
ANTHROPIC_KEY = "sk-ant-SECRET-anthropic-0123456789"


def oai(proxy: RunningProxy, **headers: str) -> openai.OpenAI:
    return openai.OpenAI(
        base_url=proxy.url + "/v1", api_key=OPENAI_KEY, max_retries=0, default_headers=headers
    )


def ant(proxy: RunningProxy, **headers: str) -> anthropic.Anthropic:
    return anthropic.Anthropic(
        base_url=proxy.url, api_key=ANTHROPIC_KEY, max_retries=0, default_headers=headers
    )


def png(seed: int, size: tuple[int, int] = (640, 400)) -> str:
    """A small screenshot-like PNG, different for every seed, as base64."""
    im = PILImage.new("RGB", size, (seed * 37 % 256, seed * 91 % 256, seed * 53 % 256))
    for y in range(0, size[1], 40):
        for x in range(0, size[0], 40):
            im.putpixel((x, y), ((x + seed) % 256, (y * seed) % 256, 0))
    buf = io.BytesIO()
    im.save(buf, "PNG")
    return base64.b64encode(buf.getvalue()).decode("ascii")


def stored(proxy: RunningProxy, session: str) -> tuple[Any, ...]:
    proxy.flush()
    with SessionStore(proxy.settings.store, media=proxy.settings.media) as store:
        return store.load(session).stored


# --------------------------------------------------------------------------- chat completions


def test_chat_completions_non_streaming_fits_and_reports(
    proxy: RunningProxy, stub: StubServer
) -> None:
    client = oai(proxy, **{"X-ContextLedger-Session": "chat-1"})
    messages: list[Any] = [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "hello"},
    ]
    raw = client.chat.completions.with_raw_response.create(
        model="gpt-4o", messages=messages, temperature=0.2
    )
    reply = raw.parse()
    assert reply.choices[0].message.content.startswith("Stub reply")
    upstream = stub.completions()[-1]
    assert upstream.body["messages"] == messages
    assert upstream.body["temperature"] == 0.2  # the client's parameters travel unchanged
    used = int(raw.headers["x-contextledger-used"])
    assert used == price_request(upstream.body, "gpt-4o").total
    assert int(raw.headers["x-contextledger-budget"]) > used
    assert raw.headers["x-contextledger-dropped"] == "0"
    assert raw.headers["x-contextledger-report"].endswith("/contextledger/sessions/chat-1")
    assert upstream.headers["authorization"] == f"Bearer {OPENAI_KEY}"

    report = httpx.get(raw.headers["x-contextledger-report"]).json()
    assert report["turns"][0]["usage"]["input_tokens"] == reply.usage.prompt_tokens
    assert report["turns"][0]["used"] == used
    # dollars from the dated price table, from the provider's own usage
    from contextledger.catalog import cost_in_dollars

    assert reply.usage is not None
    expected = cost_in_dollars("gpt-4o", reply.usage.prompt_tokens, reply.usage.completion_tokens)
    assert expected.dollars is not None
    assert report["summary"]["cost"]["usd"] == float(expected.dollars)
    assert report["summary"]["cost"]["prices_as_of"] == expected.as_of
    page = httpx.get(proxy.url + "/contextledger/").text
    assert "<th class='num'>Cost</th>" in page and f"price table of {expected.as_of}" in page
    assert [m.role for m in stored(proxy, "chat-1")] == ["system", "user", "assistant"]


def test_chat_streaming_is_passed_through_byte_for_byte(
    proxy: RunningProxy, stub: StubServer
) -> None:
    stub.script(StubReply("Here is a long answer, in many small pieces. " * 3))
    body = {
        "model": "gpt-4o",
        "messages": [{"role": "user", "content": "stream please"}],
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    with httpx.stream(
        "POST",
        proxy.url + "/v1/chat/completions",
        json=body,
        headers={"authorization": f"Bearer {OPENAI_KEY}", "x-contextledger-session": "s1"},
    ) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        received = b"".join(response.iter_raw())
    assert received == bytes(stub.completions()[-1].sent)
    assert received.endswith(b"data: [DONE]\n\n")
    messages = stored(proxy, "s1")
    assert messages[-1].role == "assistant"
    assert messages[-1].text == "Here is a long answer, in many small pieces. " * 3
    turn = httpx.get(proxy.url + "/contextledger/sessions/s1").json()["turns"][-1]
    assert turn["usage"]["input_tokens"] > 0 and turn["stream"] is True


def test_chat_sdk_streaming_with_tool_calls_records_each_message_once(
    proxy: RunningProxy, stub: StubServer
) -> None:
    client = oai(proxy, **{"X-ContextLedger-Session": "tools"})
    tools = [
        {
            "type": "function",
            "function": {
                "name": "read_file",
                "description": "Read a file",
                "parameters": {"type": "object", "properties": {"path": {"type": "string"}}},
            },
        }
    ]
    stub.script(StubReply(tool_calls=(("call_1", "read_file", '{"path": "a.py"}'),)))
    messages: list[Any] = [{"role": "user", "content": "read a.py"}]
    stream = client.chat.completions.create(
        model="gpt-4o", messages=messages, tools=tools, stream=True
    )
    calls: dict[int, dict[str, Any]] = {}
    for chunk in stream:
        for tc in chunk.choices[0].delta.tool_calls or [] if chunk.choices else []:
            slot = calls.setdefault(tc.index, {"id": "", "name": "", "arguments": ""})
            slot["id"] = tc.id or slot["id"]
            slot["name"] += (tc.function.name or "") if tc.function else ""
            slot["arguments"] += (tc.function.arguments or "") if tc.function else ""
    call = calls[0]
    messages.append(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": call["id"],
                    "type": "function",
                    "function": {"name": call["name"], "arguments": call["arguments"]},
                }
            ],
        }
    )
    messages.append({"role": "tool", "tool_call_id": call["id"], "content": "print('hi')"})
    reply = client.chat.completions.create(model="gpt-4o", messages=messages, tools=tools)
    assert reply.choices[0].message.content
    assert stub.completions()[-1].body["tools"] == tools
    roles = [m.role for m in stored(proxy, "tools")]
    assert roles == ["user", "assistant", "tool", "assistant"]


# --------------------------------------------------------------------------- anthropic


def test_anthropic_messages_non_streaming_and_streaming(
    proxy: RunningProxy, stub: StubServer
) -> None:
    client = ant(proxy, **{"X-ContextLedger-Session": "claude"})
    first = client.messages.create(
        model="claude-sonnet-4-6",
        max_tokens=256,
        system="Be brief.",
        messages=[{"role": "user", "content": "hi"}],
    )
    upstream = stub.completions()[-1]
    # the key travels as the SDK sent it (newer SDKs use a bearer token)
    assert ANTHROPIC_KEY in (
        upstream.headers.get("x-api-key"),
        upstream.headers.get("authorization", "")[7:],
    )
    assert upstream.headers["anthropic-version"]
    assert upstream.body["system"] == "Be brief."
    assert upstream.body["max_tokens"] == 256
    with client.messages.stream(
        model="claude-sonnet-4-6",
        max_tokens=256,
        system="Be brief.",
        messages=[
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": first.content},
            {"role": "user", "content": "and then?"},
        ],
    ) as stream:
        text = "".join(stream.text_stream)
        final = stream.get_final_message()
    assert text == final.content[0].text
    assert final.usage.input_tokens > 0
    # the client's query string travels too (Claude Code sends ?beta=true)
    client.messages.create(
        model="claude-sonnet-4-6",
        max_tokens=64,
        messages=[{"role": "user", "content": "beta?"}],
        extra_query={"beta": "true"},
        extra_headers={"X-ContextLedger-Session": "claude-beta"},
    )
    assert stub.completions()[-1].path == "/v1/messages?beta=true"
    roles = [m.role for m in stored(proxy, "claude")]
    assert roles == ["system", "user", "assistant", "user", "assistant"]


def test_count_tokens_is_answered_locally(proxy: RunningProxy, stub: StubServer) -> None:
    client = ant(proxy)
    before = len(stub.requests)
    counted = client.messages.count_tokens(
        model="claude-sonnet-4-6", messages=[{"role": "user", "content": "how many tokens?"}]
    )
    assert counted.input_tokens > 0
    assert len(stub.requests) == before  # never went upstream


def test_count_tokens_is_never_below_the_bill_for_a_document_the_provider_fetches(
    proxy: RunningProxy, stub: StubServer
) -> None:
    """A PDF by URL: its length is unknown here, so it counts at its bound, as a fit
    budgets it (review42: 20 tokens answered for it, the text alone), and the answer says
    why in a header."""
    client = ant(proxy)
    document = {"type": "document", "source": {"type": "url", "url": "https://example.com/a.pdf"}}
    counted = client.messages.with_raw_response.count_tokens(
        model="claude-sonnet-4-5",
        messages=[{"role": "user", "content": [document, {"type": "text", "text": "Sum it up."}]}],
    )
    assert counted.parse().input_tokens > 100_000
    assert "lower bound" in counted.headers["x-contextledger-note"]


# --------------------------------------------------------------------------- errors


def test_unknown_model_and_impossible_fit_get_the_providers_error_shape(
    proxy: RunningProxy, stub: StubServer, tmp_path: Path
) -> None:
    client = oai(proxy)
    with pytest.raises(openai.BadRequestError) as info:
        client.chat.completions.create(
            model="no-such-model-9", messages=[{"role": "user", "content": "hi"}]
        )
    assert "unknown model 'no-such-model-9'" in info.value.message
    assert info.value.code == "model_not_found"
    with running_proxy(
        store=tmp_path / "small.db",
        openai_upstream=stub.url,
        anthropic_upstream=stub.anthropic_url,
        window=1000,
    ) as small:
        with pytest.raises(anthropic.BadRequestError) as ainfo:
            ant(small).messages.create(
                model="claude-sonnet-4-6",
                max_tokens=200,
                messages=[{"role": "user", "content": "word " * 3000}],
            )
        assert ainfo.value.body["error"]["type"] == "invalid_request_error"  # type: ignore[index]
        assert "contextledger proxy" in ainfo.value.message
    assert not stub.rejected()


def test_bad_json_too_large_and_upstream_errors(proxy: RunningProxy, stub: StubServer) -> None:
    headers = {"authorization": f"Bearer {OPENAI_KEY}", "content-type": "application/json"}
    bad = httpx.post(proxy.url + "/v1/chat/completions", content=b"{not json", headers=headers)
    assert bad.status_code == 400
    assert "not valid JSON" in bad.json()["error"]["message"]
    listy = httpx.post(proxy.url + "/v1/messages", content=b"[1, 2]", headers=headers)
    assert listy.status_code == 400 and listy.json()["type"] == "error"

    stub.fail(Fault("status", status=429, message="Rate limit reached for gpt-4o"))
    upstream_error = httpx.post(
        proxy.url + "/v1/chat/completions",
        json={"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]},
        headers=headers,
    )
    assert upstream_error.status_code == 429
    assert upstream_error.content == bytes(stub.requests[-1].sent)  # verbatim

    invalid = httpx.post(  # the stub (like the API) refuses an unknown parameter: verbatim too
        proxy.url + "/v1/chat/completions",
        json={"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}], "bogus": 1},
        headers=headers,
    )
    assert invalid.status_code == 400
    assert invalid.json()["error"]["param"] == "bogus"


def test_request_size_limit(stub: StubServer, tmp_path: Path) -> None:
    with running_proxy(
        store=tmp_path / "s.db", openai_upstream=stub.url, max_body_bytes=10_000
    ) as small:
        response = httpx.post(
            small.url + "/v1/chat/completions",
            json={"model": "gpt-4o", "messages": [{"role": "user", "content": "x" * 20_000}]},
            headers={"authorization": f"Bearer {OPENAI_KEY}"},
        )
        assert response.status_code == 413
        assert "limit" in response.json()["error"]["message"]
    assert not stub.requests


def test_require_key(stub: StubServer, tmp_path: Path) -> None:
    with running_proxy(
        store=tmp_path / "s.db",
        openai_upstream=stub.url,
        require_key="proxy-key-1",
        openai_api_key="sk-upstream-configured",
    ) as guarded:
        with pytest.raises(openai.AuthenticationError):
            oai(guarded).chat.completions.create(
                model="gpt-4o", messages=[{"role": "user", "content": "hi"}]
            )
        # the proxy's key as the API key: the proxy calls upstream with its configured key
        client = openai.OpenAI(base_url=guarded.url + "/v1", api_key="proxy-key-1", max_retries=0)
        client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
        assert stub.completions()[-1].headers["authorization"] == "Bearer sk-upstream-configured"
        # or in its own header, the client's key going upstream
        oai(guarded, **{"X-ContextLedger-Key": "proxy-key-1"}).chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": "hi"}]
        )
        assert stub.completions()[-1].headers["authorization"] == f"Bearer {OPENAI_KEY}"
        assert "x-contextledger-key" not in stub.completions()[-1].headers


def test_healthz_models_and_session_ids(proxy: RunningProxy, stub: StubServer) -> None:
    assert httpx.get(proxy.url + "/healthz").json()["status"] == "ok"
    client = oai(proxy, **{"Helicone-Session-Id": "helicone-7"})
    raw = client.chat.completions.with_raw_response.create(
        model="gpt-4o", messages=[{"role": "user", "content": "hi"}]
    )
    assert raw.headers["x-contextledger-session"] == "helicone-7"
    raw = oai(proxy).chat.completions.with_raw_response.create(
        model="gpt-4o",
        messages=[{"role": "user", "content": "hi"}],
        extra_body={"litellm_session_id": "lite-1"},
    )
    assert raw.headers["x-contextledger-session"] == "lite-1"
    assert "litellm_session_id" not in stub.completions()[-1].body


# --------------------------------------------------------------------------- the long session


def test_300_turn_agent_session_through_a_small_window(
    stub: StubServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """An agent loop with screenshots and tool calls, 300 turns, window 6,000 tokens:
    every upstream request valid and within the window, every message stored once,
    the key nowhere in the store or the logs."""
    caplog.set_level(logging.DEBUG, logger="contextledger")
    window = 6000
    with running_proxy(
        store=tmp_path / "agent.db",
        openai_upstream=stub.url,
        anthropic_upstream=stub.anthropic_url,
        window=window,
    ) as proxy:
        client = oai(proxy, **{"X-ContextLedger-Session": "agent"})
        tools = [
            {
                "type": "function",
                "function": {
                    "name": "screenshot",
                    "description": "Take a screenshot of the app",
                    "parameters": {"type": "object", "properties": {}},
                },
            }
        ]
        messages: list[Any] = [
            {"role": "system", "content": "You are a desktop agent. Keep the user's goal."},
            {"role": "user", "content": "Goal: fix the failing build in the settings page."},
        ]
        turns = 0
        k = 0
        while turns < 300:
            turns += 1
            calls = turns % 3 != 0
            if calls:
                stub.script(StubReply(tool_calls=((f"call_{turns}", "screenshot", "{}"),)))
            stream = turns % 2 == 0
            # The SDK sends the history as given; passing it as extra_body skips only its
            # client-side TypedDict walk, which costs ~1.4 s a call at 900 messages and
            # would make this test take minutes.
            history: Any = {"messages": [], "extra_body": {"messages": messages}}
            if stream:
                pieces = client.chat.completions.create(
                    model="gpt-4o", stream=True, **history, tools=tools, max_tokens=500
                )
                text, tcalls = "", {}
                for chunk in pieces:
                    for choice in chunk.choices:
                        text += choice.delta.content or ""
                        for tc in choice.delta.tool_calls or []:
                            slot = tcalls.setdefault(tc.index, {"id": "", "args": "", "name": ""})
                            slot["id"] = tc.id or slot["id"]
                            slot["name"] += tc.function.name or ""
                            slot["args"] += tc.function.arguments or ""
                assistant: dict[str, Any] = {"role": "assistant", "content": text or None}
                if tcalls:
                    assistant["tool_calls"] = [
                        {
                            "id": c["id"],
                            "type": "function",
                            "function": {"name": c["name"], "arguments": c["args"]},
                        }
                        for c in tcalls.values()
                    ]
            else:
                reply = client.chat.completions.create(
                    model="gpt-4o", **history, tools=tools, max_tokens=500
                )
                assistant = reply.choices[0].message.model_dump(exclude_none=True)
            messages.append(assistant)
            if calls:
                k += 1
                messages.append(
                    {"role": "tool", "tool_call_id": f"call_{turns}", "content": "screenshot taken"}
                )
                messages.append(
                    {
                        "role": "user",
                        "content": [
                            {"type": "text", "text": f"Screenshot {k}:"},
                            {
                                "type": "image_url",
                                "image_url": {"url": f"data:image/png;base64,{png(k)}"},
                            },
                        ],
                    }
                )
            else:
                messages.append({"role": "user", "content": f"Step {turns}: carry on."})
        proxy.flush()
        report = httpx.get(proxy.url + "/contextledger/sessions/agent").json()
        page = httpx.get(proxy.url + "/contextledger/view/agent")
        assert page.status_code == 200 and "<svg" in page.text

    assert not stub.rejected(), stub.rejected()[0].error
    accepted = stub.completions()
    assert len(accepted) == 300
    # within the window by the stub's own count (an implementation independent of ours:
    # its own tokenizer, and tool calls and schemas rendered as OpenAI has published them)
    fitted = [t for t in report["turns"] if t.get("fitted")]
    assert len(fitted) == len(accepted)
    for r, t in zip(accepted, fitted, strict=True):
        billed = prompt_tokens(r.body)
        assert billed + r.body["max_tokens"] <= window, (t["turn"], billed)
        assert t["used"] >= billed, (t["turn"], t["used"], billed)  # never below the bill
    # the window forced recaps (compaction: older turns summarized in the view, each recap
    # verified) and the fit reported what it left out
    assert len(report["compactions"]) >= 3
    assert any(t["notices"] for t in report["turns"])
    print("added ms", [t["timing_ms"] for t in report["turns"]][::30])
    print(
        "sum added",
        sum(t["added_ms"] for t in report["turns"]),
        "sum total",
        sum(t["total_ms"] for t in report["turns"]),
    )
    assert all(t["status"] == 200 for t in report["turns"])
    # every message stored once, in order (the last user turn is not sent yet)
    with SessionStore(tmp_path / "agent.db") as store:
        assert [s.name for s in store.list()] == ["agent"]
        record = store.load("agent").stored
    client_history = len(messages) - 1
    assert len(record) == client_history
    # the key is nowhere on disk or in the logs
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert OPENAI_KEY.encode() not in path.read_bytes(), path
    assert OPENAI_KEY not in caplog.text
    db = sqlite3.connect(tmp_path / "agent.db")
    assert db.execute("SELECT COUNT(*) FROM events WHERE kind = 'serve.turn'").fetchone()[0] == 300
    json.dumps(report)  # the report is plain JSON


def test_a_restarted_proxy_continues_the_stored_session(stub: StubServer, tmp_path: Path) -> None:
    """Memory is a cache: after a restart the session is read back from the store and only
    the new messages are appended; an edited history continues in a new branch."""
    settings: dict[str, Any] = {
        "store": tmp_path / "s.db",
        "openai_upstream": stub.url,
        "anthropic_upstream": stub.anthropic_url,
    }
    messages: list[Any] = [{"role": "user", "content": "first"}]
    with running_proxy(**settings) as first:
        reply = oai(first, **{"X-ContextLedger-Session": "keep"}).chat.completions.create(
            model="gpt-4o", messages=messages
        )
    messages += [
        {"role": "assistant", "content": reply.choices[0].message.content},
        {"role": "user", "content": "second"},
    ]
    with running_proxy(**settings) as second:
        oai(second, **{"X-ContextLedger-Session": "keep"}).chat.completions.create(
            model="gpt-4o", messages=messages
        )
        assert [m.text for m in stored(second, "keep")][:3] == [
            "first",
            reply.choices[0].message.content,
            "second",
        ]
        assert len(stored(second, "keep")) == 4
        edited = [{"role": "user", "content": "first, edited"}]
        raw = oai(
            second, **{"X-ContextLedger-Session": "keep"}
        ).chat.completions.with_raw_response.create(model="gpt-4o", messages=edited)
        assert raw.headers["x-contextledger-session"] == "keep~2"
        assert len(stored(second, "keep")) == 4  # the original is untouched
        assert stored(second, "keep~2")[0].text == "first, edited"


def test_serve_refuses_an_upstream_that_is_itself() -> None:
    from click.testing import CliRunner

    from contextledger.cli import main

    result = CliRunner().invoke(
        main, ["serve", "--port", "8765", "--openai-upstream", "http://127.0.0.1:8765/v1"]
    )
    assert result.exit_code != 0
    assert "is this proxy itself" in result.output


# --------------------------------------------------------------------------- shared stores


def agent_turn(
    client: openai.OpenAI, stub: StubServer, messages: list[Any], turn: int, *, image: bool
) -> int:
    """One turn of a small agent loop: a tool call (streamed on even turns) and its result,
    or a plain reply; then the next user message (a screenshot when ``image``). Returns
    how many messages it appended that the proxy has not seen yet."""
    calls = turn % 3 != 2
    if calls:
        stub.script(StubReply(tool_calls=((f"call_{turn}", "screenshot", "{}"),)))
    tools = [
        {
            "type": "function",
            "function": {"name": "screenshot", "parameters": {"type": "object", "properties": {}}},
        }
    ]
    if turn % 2 == 0:
        text, tcalls = "", {}
        for chunk in client.chat.completions.create(
            model="gpt-4o", messages=messages, tools=tools, stream=True
        ):
            for choice in chunk.choices:
                text += choice.delta.content or ""
                for tc in choice.delta.tool_calls or []:
                    slot = tcalls.setdefault(tc.index, {"id": "", "name": "", "args": ""})
                    slot["id"] = tc.id or slot["id"]
                    slot["name"] += tc.function.name or "" if tc.function else ""
                    slot["args"] += tc.function.arguments or "" if tc.function else ""
        assistant: dict[str, Any] = {"role": "assistant", "content": text or None}
        if tcalls:
            assistant["tool_calls"] = [
                {
                    "id": c["id"],
                    "type": "function",
                    "function": {"name": c["name"], "arguments": c["args"]},
                }
                for c in tcalls.values()
            ]
    else:
        reply = client.chat.completions.create(model="gpt-4o", messages=messages, tools=tools)
        assistant = reply.choices[0].message.model_dump(exclude_none=True)
    messages.append(assistant)
    if calls:
        messages.append({"role": "tool", "tool_call_id": f"call_{turn}", "content": "done"})
    content: Any = f"Step {turn}: carry on."
    if image:
        content = [
            {"type": "text", "text": f"Screenshot after step {turn}:"},
            {
                "type": "image_url",
                "image_url": {"url": f"data:image/png;base64,{png(turn, (96, 64))}"},
            },
        ]
    messages.append({"role": "user", "content": content})
    return 2 if calls else 1


def test_two_proxies_on_one_store_store_each_message_once(
    stub: StubServer, store_location: str, tmp_path: Path
) -> None:
    """Two instances behind a load balancer, one store (SQLite file or PostgreSQL): a
    client alternating between them, streaming and not, with tool calls, gets every
    message stored once and in order; each instance reads what the other wrote."""
    settings: dict[str, Any] = {
        "store": store_location,
        "media": str(tmp_path / "media"),
        "openai_upstream": stub.url,
        "anthropic_upstream": stub.anthropic_url,
    }
    with running_proxy(**settings) as a, running_proxy(**settings) as b:
        clients = [oai(p, **{"X-ContextLedger-Session": "shared"}) for p in (a, b)]
        messages: list[Any] = [
            {"role": "system", "content": "You are a desktop agent."},
            {"role": "user", "content": "Goal: tidy the settings page."},
        ]
        for turn in range(12):
            unsent = agent_turn(clients[turn % 2], stub, messages, turn, image=turn % 4 == 1)
        a.flush()
        b.flush()
        record = stored(a, "shared")
        report_a = httpx.get(a.url + "/contextledger/sessions/shared").json()
    assert not stub.rejected(), stub.rejected()[0].error
    # everything the client sent, each once, in order
    assert [m.role for m in record] == [m["role"] for m in messages[:-unsent]]
    assert all("." not in m.id for m in record)  # no conflicting second copy of any id
    assert sum(1 for m in record for _ in m.images()) == 3
    with SessionStore(store_location, media=tmp_path / "media") as store:
        assert [s.name for s in store.list()] == ["shared"]
        turns = [e for e in store.load("shared").events if e.kind == "serve.turn"]
    assert len(turns) == 12
    # the instance that served the even turns knows about the odd ones too
    assert len(report_a["turns"]) == 12


def test_the_same_request_on_two_proxies_at_once_is_stored_once(
    stub: StubServer, store_location: str, tmp_path: Path
) -> None:
    """A client retrying on another instance while the first still works on the request:
    the new message and the reply are stored once."""
    import threading

    settings: dict[str, Any] = {
        "store": store_location,
        "media": str(tmp_path / "media"),
        "openai_upstream": stub.url,
    }
    with running_proxy(**settings) as a, running_proxy(**settings) as b:
        first = [{"role": "user", "content": "hello"}]
        reply = oai(a, **{"X-ContextLedger-Session": "retry"}).chat.completions.create(
            model="gpt-4o", messages=first
        )
        messages = [
            *first,
            {"role": "assistant", "content": reply.choices[0].message.content},
            {"role": "user", "content": "and again, from both"},
        ]
        errors: list[BaseException] = []

        def send(p: RunningProxy) -> None:
            try:
                oai(p, **{"X-ContextLedger-Session": "retry"}).chat.completions.create(
                    model="gpt-4o", messages=messages
                )
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=send, args=(p,)) for p in (a, b, a, b)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        a.flush()
        b.flush()
        record = stored(a, "retry")
    assert not errors, errors
    assert [m.text for m in record[:3]] == [
        "hello",
        reply.choices[0].message.content,
        "and again, from both",
    ]
    assert len(record) == 4 and record[3].role == "assistant"


def test_serve_on_postgresql_with_images_in_s3(
    stub: StubServer, postgres_server: Any, s3_server: Any, tmp_path: Path
) -> None:
    """``--store postgresql://…`` and ``--media s3://…``: screenshots are stored once in S3,
    rows in PostgreSQL hold refs, and a restarted proxy continues from there."""
    url = postgres_server.new_database()
    media = f"s3://{s3_server.new_bucket()}/media"
    settings: dict[str, Any] = {
        "store": url,
        "media": media,
        "openai_upstream": stub.url,
        "anthropic_upstream": stub.anthropic_url,
    }
    messages: list[Any] = [{"role": "user", "content": "Goal: check the login page."}]
    with running_proxy(**settings) as first:
        client = oai(first, **{"X-ContextLedger-Session": "pg"})
        for turn in range(4):
            agent_turn(client, stub, messages, turn, image=True)
    with running_proxy(**settings) as second:
        client = oai(second, **{"X-ContextLedger-Session": "pg"})
        unsent = agent_turn(client, stub, messages, 4, image=True)
        record = stored(second, "pg")
    assert not stub.rejected(), stub.rejected()[0].error
    assert [m.role for m in record] == [m["role"] for m in messages[:-unsent]]
    images = [i for m in record for i in m.images()]
    assert len(images) == 4 and all(i.ref and i.data is None for i in images)
    keys = s3_server.client().list_objects_v2(Bucket=media.split("/")[2]).get("Contents", [])
    assert sum(1 for k in keys if k["Key"].endswith(".png")) == 4
    # the upstream got the screenshots inline, never a ref
    last = stub.completions()[-1].body["messages"]
    assert any(
        isinstance(m.get("content"), list)
        and any(
            p.get("type") == "image_url" and p["image_url"]["url"].startswith("data:")
            for p in m["content"]
        )
        for m in last
    )


def test_serve_cli_refuses_a_store_it_cannot_open(tmp_path: Path) -> None:
    """``--store`` reaches the proxy, and a store that cannot be opened is refused at
    start with a plain message (no traceback), not on the first request."""
    from click.testing import CliRunner

    from contextledger.cli import main

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = CliRunner().invoke(
        main, ["serve", "--port", "8766", "--store", str(blocker / "sessions.db")]
    )
    assert result.exit_code != 0
    assert "cannot open the session store" in result.output
    assert "Traceback" not in result.output


# --------------------------------------------------------------------------- responses


def test_responses_through_the_sdk_streaming_and_not_with_a_function_call(
    proxy: RunningProxy, stub: StubServer
) -> None:
    """``client.responses.create`` through the proxy, against the validating Responses
    stub: a function call (non-streaming), its output and a streamed answer; what the
    upstream got is valid, the reply is recorded, each item once."""
    client = oai(proxy, **{"X-ContextLedger-Session": "resp"})
    tools: list[Any] = [
        {
            "type": "function",
            "name": "read_file",
            "description": "Read a file",
            "parameters": {"type": "object", "properties": {"path": {"type": "string"}}},
        }
    ]
    items: list[Any] = [{"role": "user", "content": "Why does upload.py fail?"}]
    stub.script(StubReply(tool_calls=(("call_r1", "read_file", '{"path": "upload.py"}'),)))
    raw = client.responses.with_raw_response.create(
        model="gpt-4o", instructions="Be brief.", input=items, tools=tools
    )
    first = raw.parse()
    (call,) = [o for o in first.output if o.type == "function_call"]
    assert call.call_id == "call_r1"
    assert int(raw.headers["x-contextledger-used"]) > 0
    upstream = stub.completions()[-1]
    assert upstream.path == "/v1/responses" and upstream.body["instructions"] == "Be brief."
    items += [o.model_dump(exclude_none=True) for o in first.output]
    items.append({"type": "function_call_output", "call_id": "call_r1", "output": "size = 2MB"})
    stub.script(StubReply("The limit is 1 MB; raise it."))
    text, final = "", None
    for event in client.responses.create(
        model="gpt-4o", instructions="Be brief.", input=items, tools=tools, stream=True
    ):
        if event.type == "response.output_text.delta":
            text += event.delta
        elif event.type == "response.completed":
            final = event.response
    assert final is not None
    assert text == final.output_text == "The limit is 1 MB; raise it."
    assert final.usage is not None and final.usage.input_tokens > 0
    assert not stub.rejected(), stub.rejected()[0].error
    sent = stub.completions()[-1].body
    assert [i.get("type", "message") for i in sent["input"]][-2:] == [
        "function_call",
        "function_call_output",
    ]
    roles = [m.role for m in stored(proxy, "resp")]
    assert roles == ["system", "user", "assistant", "tool", "assistant"]
    report = httpx.get(proxy.url + "/contextledger/sessions/resp").json()
    assert [t["fitted"] for t in report["turns"]] == [True, True]
    assert report["turns"][-1]["stream"] is True
    assert report["turns"][-1]["usage"]["input_tokens"] == final.usage.input_tokens


def test_responses_with_previous_response_id_pass_through_untouched(
    proxy: RunningProxy, stub: StubServer
) -> None:
    """The provider holds the earlier turns: the request goes upstream as the client sent
    it, and the turn is reported as not fitted, with the reason."""
    client = oai(proxy, **{"X-ContextLedger-Session": "chained"})
    first = client.responses.create(model="gpt-4o", input="Remember the number 7.")
    for stream in (False, True):
        body = {
            "model": "gpt-4o",
            "input": [{"role": "user", "content": "Which number?"}],
            "previous_response_id": first.id,
            "temperature": 0.3,
        }
        if stream:
            body["stream"] = True
        response = httpx.post(
            proxy.url + "/v1/responses",
            json=body,
            headers={"authorization": f"Bearer {OPENAI_KEY}", "x-contextledger-session": "chained"},
        )
        assert response.status_code == 200
        assert response.headers["x-contextledger-fitted"] == "false"
        assert stub.completions()[-1].body == body  # byte-for-byte the client's request
        if stream:
            assert response.content == bytes(stub.completions()[-1].sent)
    sdk = client.responses.create(
        model="gpt-4o", input="And doubled?", previous_response_id=first.id
    )
    assert sdk.output_text
    assert not stub.rejected()
    turns = httpx.get(proxy.url + "/contextledger/sessions/chained").json()["turns"]
    assert [t["fitted"] for t in turns] == [True, False, False, False]
    assert "previous_response_id" in turns[-1]["reason"]
    assert turns[-1]["notices"][0]["kind"] == "not_fitted"


class _InventingSummarizer:
    """A model that makes things up: every recap states a number the session never had."""

    name = "inventing"

    def __init__(self) -> None:
        self.calls = 0

    def summarize(self, prompt: str, transcript: str, *, max_tokens: int) -> str:
        self.calls += 1
        return "The deploy used build 987654321."


def test_a_rejected_recap_gives_way_to_the_offline_recap_not_retried_every_turn() -> None:
    """Writing and verifying a recap of a long history costs seconds: after one is
    rejected, the local offline recap stands in (said in the report), and it leaves room
    for the turns to come, so the summarizer is not asked again on each of them."""
    from contextledger.model import Message
    from contextledger.prepare import Preparer
    from contextledger.serve.fitting import prepare_with_backoff
    from contextledger.serve.sessions import SessionState

    state = SessionState("s", "s", "openai")
    summarizer = _InventingSummarizer()
    # a small window: the fit would drop old turns, so compaction tries to recap them
    preparer = Preparer(
        "gpt-4o", compaction=True, summarizer=summarizer, window=1500, max_output_tokens=200
    )

    def grow(n: int) -> None:
        base = state.size
        state.recorded(
            [
                Message.user(
                    f"step {base + k}: check config/app{base + k}.toml " + "and then " * 12,
                    id=f"m{base + k}",
                )
                if (base + k) % 2 == 0
                else Message.assistant(f"checked app{base + k}", id=f"m{base + k}")
                for k in range(n)
            ],
            state.mark,
        )

    grow(60)
    first = prepare_with_backoff(state, preparer, None)
    assert summarizer.calls >= 1 and first.event is not None
    assert first.event.summarizer == "offline" and not state.compaction_paused
    assert "inventing's recap, which was not used" in first.report.compaction[0]
    state.add_event(first.event)
    calls = summarizer.calls
    for _ in range(3):
        grow(2)
        later = prepare_with_backoff(state, preparer, None)
        # (while the paid summarizer waits for its cooldown, what the window cannot hold is
        # recapped offline rather than dropped unrecapped: never a paid retry)
        assert later.event is None or later.event.summarizer == "offline"
        if later.event is not None:
            state.add_event(later.event)
    assert summarizer.calls == calls


def test_a_clients_structured_output_and_thinking_are_priced_as_forwarded(
    proxy: RunningProxy, stub: StubServer
) -> None:
    # The client's response_format / output_config / thinking travel as it sent them, so the
    # budget counts them: the used header is what the forwarded body is priced at.
    schema = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
    fmt = {"type": "json_schema", "json_schema": {"name": "City", "schema": schema}}
    raw = oai(
        proxy, **{"X-ContextLedger-Session": "fmt-1"}
    ).chat.completions.with_raw_response.create(
        model="gpt-4o", messages=[{"role": "user", "content": "A city?"}], response_format=fmt
    )
    upstream = stub.completions()[-1]
    assert upstream.body["response_format"] == fmt
    used = int(raw.headers["x-contextledger-used"])
    assert used == price_request(upstream.body, "gpt-4o").total
    assert used > price_request({**upstream.body, "response_format": None}, "gpt-4o").total
    raw = ant(proxy, **{"X-ContextLedger-Session": "fmt-2"}).messages.with_raw_response.create(
        model="claude-sonnet-4-5",
        max_tokens=2000,
        messages=[{"role": "user", "content": "A city?"}],
        thinking={"type": "enabled", "budget_tokens": 1024},
        extra_body={"output_config": {"format": {"type": "json_schema", "schema": schema}}},
    )
    body = stub.requests[-1].body
    assert body["output_config"]["format"]["schema"] == schema and body["thinking"]
    assert (
        int(raw.headers["x-contextledger-used"])
        == price_request(body, "claude-sonnet-4-5", "anthropic").total
    )


def test_a_forwarded_pro_reasoning_mode_is_budgeted(stub: StubServer, tmp_path: Path) -> None:
    # R28-P1: reasoning mode "pro" bills a 1,540-token prompt of its own; a history fitted to
    # a small window with it on is sent priced within the budget, the used header its price
    items: list[Any] = [
        {"role": "user" if i % 2 == 0 else "assistant", "content": f"turn {i}: " + "word " * 200}
        for i in range(30)
    ]
    with running_proxy(store=tmp_path / "pro.db", openai_upstream=stub.url, window=6000) as small:
        raw = oai(small, **{"X-ContextLedger-Session": "pro-1"}).responses.with_raw_response.create(
            model="gpt-5.6-sol",
            input=items,
            max_output_tokens=500,
            reasoning={"mode": "pro"},  # type: ignore[typeddict-unknown-key]
        )
    upstream = stub.completions()[-1]
    assert upstream.body["reasoning"] == {"mode": "pro"}
    used, budget = (
        int(raw.headers["x-contextledger-used"]),
        int(raw.headers["x-contextledger-budget"]),
    )
    billed = price_request(upstream.body, "gpt-5.6-sol").total
    assert used == billed <= budget <= 6000 - 500


@pytest.mark.parametrize("taken", [True, False])
def test_serve_says_in_one_line_that_it_cannot_listen(tmp_path: Path, taken: bool) -> None:
    # R35-C1: the banner said the proxy was up, then uvicorn logged its own error, exit 3
    import socket

    from click.testing import CliRunner

    from contextledger.cli import main

    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        host, port = ("127.0.0.1", holder.getsockname()[1]) if taken else ("no-such.invalid", 0)
        result = CliRunner().invoke(
            main, ["serve", "--host", host, "--port", str(port), "--data-dir", str(tmp_path)]
        )
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1].startswith(f"error: cannot listen on {host}:")
    assert "contextledger proxy on" not in result.output
