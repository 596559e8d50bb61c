"""Playing the judge of issue 15: one client script, the official SDKs only, through the
proxy against the validating stub upstream (which refuses what the real APIs refuse).

Three long agent sessions run interleaved through a small window: an OpenAI Chat agent
(tool calls, parallel ones too, screenshots as base64 and by URL, streaming with
``stream_options`` and not, ``n``, ``stop``, ``tool_choice``), an Anthropic agent (a
system prompt as a list of blocks with a cache mark, screenshots inside tool results,
``messages.stream``, ``count_tokens``) and a Responses agent (``responses.stream`` and
``create``, function calls). Each is named by another accepted kind of session id
(``X-ContextLedger-Session``, ``Helicone-Session-Id``, LiteLLM's ``litellm_session_id``),
and short conversations without any id are told apart by their opening. ``models.list``
on both SDKs. Then: no request was refused upstream, none exceeded the window, every
session is one branch holding each message once, the headers add up, and the keys are
nowhere in the store or the logs.
"""

from __future__ import annotations

import base64
import io
import json
import logging
from pathlib import Path
from typing import Any

import anthropic
import httpx
import openai
import pytest
from PIL import Image as PILImage

from contextledger.storage.sessions import SessionStore
from serve_harness import RunningProxy, running_proxy
from stub_responses import prompt_tokens as responses_tokens
from stub_server import StubReply, StubServer, prompt_tokens

OPENAI_KEY = "sk-judge-OPENAI-secret-0123456789abcdef"
ANTHROPIC_KEY = "sk-ant-judge-ANTHROPIC-secret-0123456789"
WINDOW = 9_000
TURNS = 24


def screenshot(seed: int) -> str:
    """A 1280×800 screenshot-like PNG (about 1,100 image tokens on gpt-4o), as base64."""
    im = PILImage.new("RGB", (1280, 800), (seed * 37 % 256, seed * 91 % 256, 90))
    for x in range(0, 1280, 64):
        im.putpixel((x, seed % 800), (255, 255, 255))
    buf = io.BytesIO()
    im.save(buf, "PNG", optimize=False, compress_level=1)
    return base64.b64encode(buf.getvalue()).decode("ascii")


CHAT_TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "click",
            "description": "Click at a point",
            "parameters": {
                "type": "object",
                "properties": {"x": {"type": "integer"}, "y": {"type": "integer"}},
                "required": ["x", "y"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "screenshot",
            "description": "Take a screenshot",
            "parameters": {"type": "object", "properties": {}},
        },
    },
]
CLAUDE_TOOLS = [
    {
        "name": "computer",
        "description": "Take a screenshot or click",
        "input_schema": {"type": "object", "properties": {"action": {"type": "string"}}},
    }
]
RESPONSES_TOOLS = [
    {
        "type": "function",
        "name": "read_file",
        "description": "Read a file",
        "parameters": {"type": "object", "properties": {"path": {"type": "string"}}},
    }
]


class Agents:
    """The three agents' histories as their clients keep them (resent whole every turn)."""

    def __init__(self, proxy: RunningProxy, stub: StubServer) -> None:
        self.stub = stub
        self.oai = openai.OpenAI(
            base_url=proxy.url + "/v1", api_key=OPENAI_KEY, max_retries=0, timeout=30
        )
        self.claude = anthropic.Anthropic(
            base_url=proxy.url, api_key=ANTHROPIC_KEY, max_retries=0, timeout=30
        )
        self.chat: list[Any] = [
            {"role": "system", "content": [{"type": "text", "text": "You are a desktop agent."}]},
            {"role": "developer", "content": "Prefer keyboard shortcuts."},
            {"role": "user", "name": "ana", "content": "Goal: file the expense report for March."},
        ]
        self.messages: list[Any] = [{"role": "user", "content": "Goal: rename the invoices."}]
        self.items: list[Any] = [{"role": "user", "content": "Goal: summarize the logs."}]
        self.headers: list[dict[str, str]] = []  # every fitted reply's headers

    def keep(self, headers: httpx.Headers) -> None:
        self.headers.append({k.lower(): v for k, v in headers.items()})

    # ----------------------------------------------------------------- OpenAI Chat

    def chat_turn(self, turn: int) -> None:
        ids = [f"call_c{turn}a", f"call_c{turn}b"]
        parallel = turn % 4 == 1
        calls = (
            ((ids[0], "click", '{"x": 10, "y": 20}'), (ids[1], "screenshot", "{}"))
            if parallel
            else ((ids[0], "screenshot", "{}"),)
        )
        self.stub.script(StubReply(f"Step {turn}: acting.", calls))
        extra: dict[str, Any] = {
            "model": "gpt-4o",
            "messages": self.chat,
            "tools": CHAT_TOOLS,
            "tool_choice": "required" if turn % 3 == 0 else "auto",
            "parallel_tool_calls": True,
            "extra_headers": {"X-ContextLedger-Session": "judge-chat"},
        }
        if turn % 5 == 2:
            extra.update(n=2, stop=["\n\nObservation:"], temperature=0.2)
        if turn % 2 == 0:
            with self.oai.chat.completions.with_streaming_response.create(
                stream=True, stream_options={"include_usage": True}, **extra
            ) as raw:
                self.keep(raw.headers)
                assert raw.headers["x-contextledger-session"] == "judge-chat"
                text, tcalls, usage = "", {}, None
                for chunk in raw.parse():
                    usage = chunk.usage or usage
                    for choice in chunk.choices:
                        if choice.index != 0:
                            continue
                        text += choice.delta.content or ""
                        for tc in choice.delta.tool_calls or []:
                            slot = tcalls.setdefault(tc.index, {"id": "", "name": "", "args": ""})
                            slot["id"] = tc.id or slot["id"]
                            if tc.function is not None:
                                slot["name"] += tc.function.name or ""
                                slot["args"] += tc.function.arguments or ""
                assert usage is not None and usage.prompt_tokens > 0
            assistant: dict[str, Any] = {
                "role": "assistant",
                "content": text or None,
                "tool_calls": [
                    {"id": c["id"], "type": "function",
                     "function": {"name": c["name"], "arguments": c["args"]}}
                    for c in tcalls.values()
                ],
            }  # fmt: skip
        else:
            raw = self.oai.chat.completions.with_raw_response.create(**extra)
            self.keep(raw.headers)
            reply = raw.parse()
            assert len(reply.choices) == extra.get("n", 1)
            assistant = reply.choices[0].message.model_dump(exclude_none=True)
        self.chat.append(assistant)
        self.chat_recorded = len(self.chat)  # the proxy has seen the history up to here
        for cid, name, _ in calls:
            if name == "screenshot" and turn % 3 == 1:
                # a tool's screenshot: Chat carries it in a user message after the results
                self.chat.append({"role": "tool", "tool_call_id": cid, "content": "captured"})
            else:
                self.chat.append({"role": "tool", "tool_call_id": cid, "content": f"ok {turn}"})
        content: list[dict[str, Any]] = [{"type": "text", "text": f"Screen after step {turn}:"}]
        if turn % 2 == 1:
            content.append(
                {"type": "image_url",
                 "image_url": {"url": f"data:image/png;base64,{screenshot(turn)}",
                               "detail": "high" if turn % 4 == 1 else "auto"}}
            )  # fmt: skip
        elif turn % 6 == 4:
            content.append(
                {"type": "image_url", "image_url": {"url": f"https://example.com/s{turn}.png"}}
            )
        self.chat.append({"role": "user", "content": content})

    # ----------------------------------------------------------------- Anthropic

    def claude_turn(self, turn: int) -> None:
        call = f"toolu_{turn:03d}"
        self.stub.script(StubReply(f"Looking at the screen ({turn}).", ((call, "computer", '{"action": "screenshot"}'),)))  # fmt: skip
        system = [
            {"type": "text", "text": "You operate a computer for the user."},
            {"type": "text", "text": "Be careful with files.", "cache_control": {"type": "ephemeral"}},
        ]  # fmt: skip
        headers = {"Helicone-Session-Id": "judge-claude"}
        if turn % 4 == 3:
            counted = self.claude.messages.count_tokens(
                model="claude-sonnet-4-6", system=system, messages=self.messages,
                tools=CLAUDE_TOOLS, extra_headers=headers,
            )  # fmt: skip
            assert counted.input_tokens > 0
        kwargs: dict[str, Any] = {
            "model": "claude-sonnet-4-6",
            "max_tokens": 512,
            "system": system,
            "messages": self.messages,
            "tools": CLAUDE_TOOLS,
            "tool_choice": {"type": "auto"},
            "metadata": {"user_id": "judge"},
            "stop_sequences": ["\n\nHuman:"],
            "extra_headers": headers,
        }
        if turn % 2 == 0:
            with self.claude.messages.stream(**kwargs) as stream:
                self.keep(stream.response.headers)
                final = stream.get_final_message()
        else:
            raw = self.claude.messages.with_raw_response.create(**kwargs)
            self.keep(raw.headers)
            final = raw.parse()
        assert final.stop_reason == "tool_use"
        self.messages.append(
            {
                "role": "assistant",
                "content": [b.model_dump(exclude_none=True) for b in final.content],
            }
        )
        self.claude_recorded = len(self.messages)
        result: list[dict[str, Any]] = [{"type": "text", "text": f"shot {turn}"}]
        if turn % 2 == 0:
            result.append(
                {"type": "image",
                 "source": {"type": "base64", "media_type": "image/png", "data": screenshot(100 + turn)}}
            )  # fmt: skip
        self.messages.append(
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": call, "content": result},
                {"type": "text", "text": f"Continue ({turn})."},
                *([{"type": "image", "source": {"type": "url", "url": f"https://example.com/{turn}.png"}}]
                  if turn % 6 == 5 else []),
            ]}
        )  # fmt: skip

    # ----------------------------------------------------------------- Responses

    def responses_turn(self, turn: int) -> None:
        call = f"call_r{turn}"
        self.stub.script(StubReply(f"Reading part {turn}.", ((call, "read_file", f'{{"path": "log{turn}.txt"}}'),)))  # fmt: skip
        kwargs: dict[str, Any] = {
            "model": "gpt-4o",
            "instructions": "Summarize what the logs say.",
            "input": self.items,
            "tools": RESPONSES_TOOLS,
            "extra_body": {"litellm_session_id": "judge-responses"},
        }
        if turn % 2 == 0:
            with self.oai.responses.stream(**kwargs) as stream:
                final = stream.get_final_response()
        else:
            raw = self.oai.responses.with_raw_response.create(**kwargs)
            self.keep(raw.headers)
            assert raw.headers["x-contextledger-session"] == "judge-responses"
            final = raw.parse()
        for item in final.output:
            self.items.append(item.model_dump(exclude_none=True))
        self.items.append(
            {"type": "function_call_output", "call_id": call, "output": f"line {turn}: ok " * 40}
        )
        if turn % 3 == 0:
            self.items.append(
                {"role": "user", "content": [
                    {"type": "input_text", "text": f"And this chart ({turn})?"},
                    {"type": "input_image", "image_url": f"data:image/png;base64,{screenshot(200 + turn)}"},
                ]}
            )  # fmt: skip


def upstream_tokens(path: str, body: Any) -> int:
    if path.endswith("/responses"):
        return responses_tokens(body)
    return prompt_tokens(body, anthropic=path.endswith("/messages"))


def test_the_judges_client_script(
    stub: StubServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    store = tmp_path / "sessions.db"
    with running_proxy(
        store=store,
        media=str(tmp_path / "media"),
        openai_upstream=stub.url,
        anthropic_upstream=stub.anthropic_url,
        window=WINDOW,
    ) as proxy:
        agents = Agents(proxy, stub)
        for turn in range(TURNS):
            agents.chat_turn(turn)
            agents.claude_turn(turn)
            agents.responses_turn(turn)
            if turn % 8 == 0:  # short conversations with no session id: told apart by opening
                for opening in (f"Quick question {turn}: what is 2+2?", f"Translate 'hi' ({turn})"):
                    agents.oai.chat.completions.create(
                        model="gpt-4o-mini", messages=[{"role": "user", "content": opening}]
                    )
        notes: list[Any] = []
        for k in range(2):  # LiteLLM's id inside Anthropic's metadata (not sent upstream)
            notes.append({"role": "user", "content": f"Note {k}"})
            said = agents.claude.messages.create(
                model="claude-sonnet-4-6", max_tokens=64, messages=notes,
                metadata={"user_id": "judge", "litellm_session_id": "judge-litellm"},  # type: ignore[typeddict-unknown-key]
            )  # fmt: skip
            notes.append({"role": "assistant", "content": said.content[0].text})  # type: ignore[union-attr]
        stub.script(StubReply("Thought about it.", reasoning="Think first."))
        first = agents.oai.responses.create(
            model="gpt-5.4-mini", input="What is in /etc/hosts?", store=False,
            include=["reasoning.encrypted_content"], max_output_tokens=256,
            extra_headers={"X-ContextLedger-Session": "judge-reasoning"},
        )  # fmt: skip
        agents.oai.responses.create(
            model="gpt-5.4-mini", store=False, include=["reasoning.encrypted_content"],
            input=[{"role": "user", "content": "What is in /etc/hosts?"},
                   *[o.model_dump(exclude_none=True) for o in first.output],
                   {"role": "user", "content": "And /etc/passwd?"}],
            extra_headers={"X-ContextLedger-Session": "judge-reasoning"},
        )  # fmt: skip
        assert {m.id for m in agents.oai.models.list()} >= {"gpt-4o"}
        assert "claude-sonnet-4-6" in {m.id for m in agents.claude.models.list()}
        proxy.flush()
        listed = httpx.get(proxy.url + "/contextledger/sessions").json()["sessions"]
        pages = [httpx.get(proxy.url + f"/contextledger/view/{s['session']}") for s in listed]
        index = httpx.get(proxy.url + "/contextledger/")

    # nothing the proxy sent was refused, and nothing exceeded the window
    assert not stub.rejected(), stub.rejected()[0].error
    fitted = [r for r in stub.requests if r.body is not None and "count_tokens" not in r.path]
    assert len(fitted) >= 3 * TURNS
    worst = max(upstream_tokens(r.path, r.body) for r in fitted)
    assert worst <= WINDOW, f"an upstream request of {worst} tokens (window {WINDOW})"
    # the window was small enough to matter, and every header adds up
    agents_ = ("judge-chat", "judge-claude", "judge-responses")
    agent_rows = [s for s in listed if s["session"] in agents_]
    assert all(s["recaps"] + s["dropped"] > 0 for s in agent_rows), agent_rows
    for h in agents.headers:
        assert int(h["x-contextledger-used"]) <= int(h["x-contextledger-budget"]), h
        assert h["x-contextledger-report"].startswith("http://127.0.0.1:")
    # one branch per conversation, every message stored once
    names = sorted(s["session"] for s in listed)
    assert not [n for n in names if "~" in n], names
    assert {"judge-chat", "judge-claude", "judge-responses", "judge-litellm"} <= set(names)
    assert "judge-reasoning" in names
    assert len([n for n in names if n.startswith("auto-")]) == 2 * len(range(0, TURNS, 8))
    with SessionStore(store, media=tmp_path / "media") as opened:
        chat = opened.load("judge-chat").stored
        claude = opened.load("judge-claude").stored
        responses = opened.load("judge-responses").stored
    sent = agents.chat[: agents.chat_recorded]
    as_recorded = {"developer": "system"}  # the content model has one instruction role
    assert [m.role for m in chat] == [as_recorded.get(m["role"], m["role"]) for m in sent]
    assert [m.text for m in chat if m.role == "user"] == [
        m["content"] if isinstance(m["content"], str) else m["content"][0]["text"]
        for m in sent
        if m["role"] == "user"
    ]
    said = [m for m in claude if m.role in ("user", "assistant")]
    assert len(said) == agents.claude_recorded
    assert len(responses) > TURNS
    # the dashboard renders every session
    assert index.status_code == 200 and all(p.status_code == 200 for p in pages)
    # the keys went upstream, and nowhere else
    upstream = {r.headers.get("authorization", "") + r.headers.get("x-api-key", "") for r in fitted}
    assert any(OPENAI_KEY in u for u in upstream) and any(ANTHROPIC_KEY in u for u in upstream)
    written = b"".join(p.read_bytes() for p in tmp_path.rglob("*") if p.is_file())
    for key in (OPENAI_KEY, ANTHROPIC_KEY):
        assert key.encode() not in written
        assert key not in caplog.text
        assert key not in json.dumps(listed)
