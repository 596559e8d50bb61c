"""Summarizers against real HTTP stub servers on 127.0.0.1, through the official clients.

Zero requests when compaction is off, exactly one when it is on; 500s, timeouts, garbage
and empty replies leave the record and the view unchanged with one report line.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from contextledger.compaction import (
    AnthropicSummarizer,
    Conversation,
    OfflineSummarizer,
    OpenAISummarizer,
    Summarizer,
    summarizer_from_spec,
)
from contextledger.config import compaction_enabled
from contextledger.errors import SummarizerError
from contextledger.model import Message, ToolCall

RECAP = (
    "The user is adding pagination to src/api/list.py; the assistant ran `pytest -q` with "
    "run_command and it failed once."
)


@dataclass
class Stub:
    """What the stub answers, and what it received."""

    status: int = 200
    body: Any = None  # dict -> JSON; str -> raw text
    delay: float = 0.0  # seconds to hold each reply, or until the stub stops
    requests: list[dict[str, Any]] = field(default_factory=list)
    stopping: threading.Event = field(default_factory=threading.Event)
    paths: list[str] = field(default_factory=list)


@pytest.fixture
def stub() -> Iterator[tuple[Stub, str]]:
    state = Stub()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("content-length", 0))
            raw = self.rfile.read(length)
            state.paths.append(self.path)
            state.requests.append(json.loads(raw or b"{}"))
            if state.delay:
                state.stopping.wait(state.delay)
            body = state.body
            data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
            try:
                self.send_response(state.status)
                ctype = "text/html" if isinstance(body, str) else "application/json"
                self.send_header("content-type", ctype)
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.block_on_close = False
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield state, f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        state.stopping.set()
        server.shutdown()
        server.server_close()


def openai_reply(text: str | None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": "stub",
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}
        ],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


def anthropic_reply(text: str) -> dict[str, Any]:
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "stub",
        "content": [{"type": "text", "text": text}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }


def long_conversation() -> Conversation:
    msgs: list[Message] = [Message.system("You are terse.")]
    msgs.append(Message.user("Add pagination to src/api/list.py."))
    msgs.append(
        Message.assistant("Testing.", ToolCall("c1", "run_command", '{"command": "pytest -q"}'))
    )
    msgs.append(Message.tool("c1", "1 failed", is_error=True))
    msgs += [
        Message.user(f"step {i}") if i % 2 else Message.assistant(f"ok {i}") for i in range(37)
    ]
    return Conversation.from_messages(msgs)


def openai(base: str, **kw: Any) -> OpenAISummarizer:
    return OpenAISummarizer("stub-model", base_url=base + "/v1", api_key="k", **kw)


def test_exactly_one_request_when_on(stub: tuple[Stub, str], tmp_path: Path) -> None:
    state, base = stub
    state.body = openai_reply(RECAP)
    (tmp_path / ".env").write_text("CONTEXT_COMPACTION=on\n")
    conv = long_conversation()
    assert compaction_enabled({}, tmp_path / ".env")  # .env beats the default
    assert not compaction_enabled({"CONTEXT_COMPACTION": "off"}, tmp_path / ".env")  # env wins
    out = conv.compact(openai(base, max_retries=0))
    assert out.status == "compacted"
    assert len(state.requests) == 1
    req = state.requests[0]
    assert state.paths == ["/v1/chat/completions"]
    # (no window: the recap is sized for the default model's, 24,000 bytes, 6,000 tokens)
    assert req["model"] == "stub-model" and req["max_tokens"] == 6000
    assert req["messages"][0]["role"] == "system"
    assert req["messages"][0]["content"].endswith(
        "Do not invent facts. Return only the summary text, no preamble."
    )
    assert "[called: run_command]" in req["messages"][1]["content"]
    recap = out.conversation.view[1]
    assert recap.role == "user" and recap.is_recap
    assert recap.text.startswith("Compacted summary of earlier conversation:\n" + RECAP)
    assert out.conversation.record == conv.record


def test_zero_requests_when_off(stub: tuple[Stub, str], tmp_path: Path) -> None:
    state, base = stub
    state.body = openai_reply(RECAP)
    (tmp_path / ".env").write_text("# project settings\nCONTEXT_COMPACTION=off\n")
    assert compaction_enabled({"CONTEXT_COMPACTION": "on"}, tmp_path / ".env")  # env wins
    enabled = compaction_enabled({}, tmp_path / ".env")
    conv = long_conversation()
    out = conv.compact(openai(base), enabled=enabled)
    assert out.status == "off" and len(out.report) == 1
    assert state.requests == []
    assert out.conversation is conv


@pytest.mark.parametrize(
    ("status", "body", "delay", "expect"),
    [
        (500, {"error": {"message": "boom"}}, 0.0, "HTTP 500"),
        (200, "<html>not json</html>", 0.0, "no choices"),
        (200, {"unexpected": True}, 0.0, "no choices"),
        (200, openai_reply(""), 0.0, "empty reply"),
        (200, openai_reply(None), 0.0, "not text"),
        (200, openai_reply(RECAP), 600.0, "timed out"),  # held until teardown
    ],
)
def test_failures_leave_history_intact(
    stub: tuple[Stub, str], status: int, body: Any, delay: float, expect: str
) -> None:
    state, base = stub
    state.status, state.body, state.delay = status, body, delay
    conv = long_conversation()
    # a short timeout only where the stub holds its reply: a loaded machine must not turn
    # a 500 or a garbled reply into a timeout
    out = conv.compact(openai(base, timeout=0.3 if delay else 60, max_retries=1))
    assert out.status == "failed"
    assert out.conversation is conv and out.conversation.view == conv.view
    assert len(out.report) == 1 and "history unchanged" in out.report[0]
    assert expect in out.report[0]
    assert len(state.requests) == (2 if status == 500 or delay else 1)  # bounded retries


def test_summarizer_error_is_typed(stub: tuple[Stub, str]) -> None:
    state, base = stub
    state.status, state.body = 503, {"error": {"message": "down"}}
    with pytest.raises(SummarizerError, match="HTTP 503"):
        openai(base, max_retries=0).summarize("p", "t", max_tokens=10)


def test_anthropic_round_trip(stub: tuple[Stub, str]) -> None:
    state, base = stub
    state.body = anthropic_reply(RECAP)
    s = AnthropicSummarizer("claude-stub", base_url=base, api_key="k", max_retries=0)
    out = long_conversation().compact(s)
    assert out.status == "compacted"
    assert state.paths == ["/v1/messages"]
    req = state.requests[0]
    assert req["max_tokens"] == 6000 and req["model"] == "claude-stub"
    assert req["system"].endswith("no preamble.")
    assert req["messages"][0]["role"] == "user"
    assert out.event is not None and out.event.summarizer == "anthropic:claude-stub"


def test_anthropic_failure_is_soft(stub: tuple[Stub, str]) -> None:
    state, base = stub
    state.status, state.body = (
        500,
        {"type": "error", "error": {"type": "api_error", "message": "x"}},
    )
    conv = long_conversation()
    out = conv.compact(AnthropicSummarizer("c", base_url=base, api_key="k", max_retries=0))
    assert out.status == "failed" and out.conversation is conv
    assert len(state.requests) == 1


def test_hallucinating_endpoint_is_caught(stub: tuple[Stub, str]) -> None:
    state, base = stub
    state.body = openai_reply(RECAP + " It also deleted src/api/admin.py.")
    out = long_conversation().compact(openai(base, max_retries=0))
    assert out.status == "compacted" and out.verification is not None
    assert [f.value for f in out.verification.unsupported] == ["src/api/admin.py"]
    assert "admin.py" not in out.conversation.view[1].text


def test_offline_is_deterministic_and_offline() -> None:
    conv = long_conversation()
    a = conv.compact(OfflineSummarizer())
    b = conv.compact(OfflineSummarizer())
    assert a.event is not None and b.event is not None
    assert a.event.recap_text == b.event.recap_text
    assert a.verification is not None and a.verification.unsupported == ()
    assert "src/api/list.py" in a.event.recap_text
    assert "`pytest -q`: 1 failed" in a.event.recap_text  # the exact command, and that it failed
    assert isinstance(OfflineSummarizer(), Summarizer)


def test_summarizer_from_spec() -> None:
    env = {"OPENAI_BASE_URL": "http://127.0.0.1:1/v1", "CONTEXT_COMPACTION_TIMEOUT": "5"}
    s = summarizer_from_spec("openai:llama3", env)
    assert isinstance(s, OpenAISummarizer)
    assert (s.model, s.base_url, s.timeout, s.token_param) == (
        "llama3",
        "http://127.0.0.1:1/v1",
        5.0,
        "max_tokens",
    )
    assert OpenAISummarizer("gpt-4o-mini").token_param == "max_completion_tokens"
    a = summarizer_from_spec("anthropic:claude-haiku-4-5", {"ANTHROPIC_API_KEY": "x"})
    assert isinstance(a, AnthropicSummarizer) and a.api_key == "x"
    assert summarizer_from_spec("offline").name == "offline"
    for bad in ("openai:", "gemini:x", "offline:x", ""):
        with pytest.raises(ValueError):
            summarizer_from_spec(bad, {})
    with pytest.raises(ValueError, match="not a number"):
        summarizer_from_spec("openai:m", {"CONTEXT_COMPACTION_TIMEOUT": "soon"})


def test_missing_key_is_a_soft_failure() -> None:
    conv = long_conversation()
    s = OpenAISummarizer("gpt-4o-mini", api_key=None, max_retries=0)
    import os

    if os.environ.get("OPENAI_API_KEY"):
        pytest.skip("a real key is set in this environment")
    out = conv.compact(s)
    assert out.status == "failed" and out.conversation is conv


def test_offline_goal_is_clipped_between_words_so_it_survives_verification() -> None:
    from contextledger.compaction import Conversation, OfflineSummarizer

    first = (
        "Please help me with the deployment, it keeps failing on the staging cluster and the "
        "logs mention the config file at deploy/prod/settings.yaml every time we roll out."
    )
    msgs = [Message.user(first)] + [Message.user(f"step {i}") for i in range(40)]
    out = Conversation.from_messages(msgs).compact(OfflineSummarizer(), force=True)
    assert out.event is not None and out.verification is not None
    assert out.verification.counts["unsupported"] == 0
    assert "Goal: Please help me with the deployment" in out.event.recap_text
