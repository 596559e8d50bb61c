"""Sending prepared requests with the official clients, against a real HTTP stub on 127.0.0.1.

The stub (tests/stub_server.py) validates every request as the real API does, so a pass
here means the exact body ``prepare`` priced was sent, accepted, streamed back and
assembled, and the provider's usage was recorded next to our estimate.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from builders import data_url, image_block, png
from contextledger import (
    Image,
    Message,
    SessionStore,
    Text,
    ToolCall,
    ToolResult,
    VisionGateError,
)
from contextledger.client import (
    describe_usage,
    openai_client,
    send,
    usage_record,
    usage_summary,
)
from contextledger.config import Config, load_config
from contextledger.errors import SendError
from contextledger.prepare import Preparer
from contextledger.reply import Reply, Usage
from stub_server import Fault, StubReply, StubServer, prompt_tokens

# Shown on gpt-3.5-turbo as the text-only model, served again here (shut down since:
# test_catalog_shut_down.py tests the refusals).
pytestmark = pytest.mark.usefixtures("served_by_default")

STREAM = {"stream": True, "stream_options": {"include_usage": True}}


@pytest.fixture
def stub() -> Iterator[StubServer]:
    with StubServer(chunk_size=5) as server:
        yield server


@pytest.fixture
def config(stub: StubServer, tmp_path: Path) -> Config:
    # Overrides conftest's `config` on purpose: no Gemini key, so a Gemini send here must fail
    # with a SendError naming GEMINI_API_KEY (see the missing-key test below).
    return Config(
        data_dir=tmp_path,
        openai_base_url=stub.url,
        openai_api_key="test-key",
        anthropic_base_url=stub.anthropic_url,
        anthropic_api_key="test-key",
    )


def image(width: int = 800, height: int = 600, name: str = "shot.png") -> Image:
    return image_block(width, height, name=name)


def conversation(*extra: Message) -> list[Message]:
    return [
        Message.system("You are a careful debugging assistant."),
        Message.user("The upload endpoint returns 500 when the file is larger than 2 MB."),
        *extra,
    ]


# --------------------------------------------------------------------------- OpenAI


def test_send_streams_text_and_sends_exactly_the_prepared_body(
    stub: StubServer, config: Config
) -> None:
    prepared = Preparer("gpt-4o", compaction=False).prepare(conversation())
    chunks: list[str] = []
    reply = send(prepared, config=config, on_text=chunks.append)

    assert len(chunks) > 3, "the reply arrives in pieces"
    assert "".join(chunks) == reply.text
    assert reply.text.startswith("Stub reply 1: I read 2 message(s)")
    assert reply.finish_reason == "stop"
    assert reply.message.role == "assistant"
    (request,) = stub.completions()
    assert request.body == {**prepared.body, **STREAM}
    assert request.headers["authorization"] == "Bearer test-key"


def test_usage_is_reported_next_to_the_estimate_and_stored_per_model(
    stub: StubServer, config: Config, tmp_path: Path
) -> None:
    prepared = Preparer("gpt-4o", compaction=False).prepare(
        conversation(Message.user("Here is the screenshot.", image(1600, 900)))
    )
    reply = send(prepared, config=config)
    (request,) = stub.completions()

    assert reply.usage is not None
    assert reply.usage.input_tokens == prompt_tokens(request.body)
    assert reply.estimated_input == prepared.report.used
    record = usage_record(reply)
    expected = round(
        (prepared.report.used - reply.usage.input_tokens) / reply.usage.input_tokens * 100, 1
    )
    assert record == {
        "model": "gpt-4o",
        "estimated": prepared.report.used,
        "reported": reply.usage.input_tokens,
        "error_pct": expected,
        "output_tokens": reply.usage.output_tokens,
    }
    # tiktoken + the tile formula against an independent count: close, never wildly off
    assert abs(record["error_pct"]) < 10

    with SessionStore(tmp_path / "s.db") as store:
        store.create("s")
        store.append_event("s", "usage", record)
        (event,) = store.load("s").events
    assert event.kind == "usage" and event.data == record
    assert "gpt-4o: estimated" in describe_usage(event.data)
    summary = usage_summary([event.data])
    assert summary["gpt-4o"]["turns"] == 1 and summary["gpt-4o"]["mean_error_pct"] == expected


def test_tool_call_deltas_are_assembled_with_arguments_verbatim(
    stub: StubServer, config: Config
) -> None:
    args_a = '{"path": "src/upload.py",  "lines": [1, 40]}'  # odd spacing kept as sent
    args_b = '{"pattern":"MAX_SIZE"}'
    stub.script(
        StubReply("Let me look.", (("call_a", "read_file", args_a), ("call_b", "grep", args_b)))
    )
    prepared = Preparer("gpt-4o", compaction=False).prepare(conversation())
    reply = send(prepared, config=config)

    assert reply.finish_reason == "tool_calls"
    assert reply.message.content == (
        reply.message.content[0],
        ToolCall("call_a", "read_file", args_a),
        ToolCall("call_b", "grep", args_b),
    )
    assert reply.text == "Let me look."

    # The assembled message goes back with its results: the stub checks the tool pairs.
    followed = [
        *conversation(),
        reply.message,
        Message.tool("call_a", "MAX_SIZE = 2 * 1024 * 1024"),
        Message.tool("call_b", "src/upload.py:12: MAX_SIZE"),
        Message.user("So the limit is hard-coded?"),
    ]
    second = send(Preparer("gpt-4o", compaction=False).prepare(followed), config=config)
    assert second.text.startswith("Stub reply")
    sent = stub.completions()[-1].messages
    assert [m["role"] for m in sent] == ["system", "user", "assistant", "tool", "tool", "user"]
    assert sent[2]["tool_calls"][0]["function"]["arguments"] == args_a


def test_the_stub_rejects_what_the_api_rejects_and_the_error_is_typed(
    stub: StubServer, config: Config
) -> None:
    prepared = Preparer("gpt-4o", compaction=False).prepare(
        conversation(Message.user("what is this?", image()))
    )
    # The same request for a text-only model: the real API answers 400.
    forged = replace(prepared, body={**prepared.body, "model": "gpt-3.5-turbo"})
    with pytest.raises(SendError) as caught:
        send(forged, config=config)
    err = caught.value
    assert err.status == 400 and err.kind == "status" and err.provider == "openai"
    assert err.message == "Invalid content type. image_url is only supported by certain models."
    assert "HTTP 400" in str(err) and err.message in str(err)


def test_vision_gate_refuses_before_anything_is_sent(stub: StubServer, config: Config) -> None:
    with pytest.raises(VisionGateError, match=r"gpt-3\.5-turbo cannot accept images"):
        Preparer("gpt-3.5-turbo", compaction=False).prepare(
            conversation(Message.user("what is this?", image()))
        )
    assert stub.requests == []


def test_server_errors_are_retried_a_bounded_number_of_times(
    stub: StubServer, config: Config
) -> None:
    prepared = Preparer("gpt-4o", compaction=False).prepare(conversation())
    stub.fail(Fault("status", 500))
    assert send(prepared, config=config, max_retries=1).text.startswith("Stub reply")
    assert [r.status for r in stub.requests] == [500, 200]

    stub.fail(Fault("status", 503, "overloaded"), Fault("status", 503, "overloaded"))
    with pytest.raises(SendError) as caught:
        send(prepared, config=config, max_retries=1)
    assert caught.value.status == 503 and caught.value.message == "overloaded"
    assert "failed on the request" in str(caught.value)
    assert len(stub.requests) == 4


@pytest.mark.parametrize(
    ("fault", "kind", "words"),
    [
        (Fault("garbage"), "protocol", "could not be read"),
        (Fault("truncate"), "protocol", "the reply is incomplete"),
        (Fault("stall", seconds=600), "timeout", "did not answer in time"),
    ],
)
def test_broken_replies_become_typed_errors(
    stub: StubServer, config: Config, fault: Fault, kind: str, words: str
) -> None:
    prepared = Preparer("gpt-4o", compaction=False).prepare(conversation())
    stub.fail(fault)
    # a short timeout only where the stub stalls (until teardown); elsewhere a loaded
    # machine must not turn a garbled reply into a timeout
    timeout = 0.5 if fault.kind == "stall" else 60
    with pytest.raises(SendError) as caught:
        send(prepared, config=config, max_retries=0, timeout=timeout)
    assert caught.value.kind == kind
    assert words in str(caught.value)
    if fault.kind == "truncate":
        assert caught.value.partial is not None
        assert caught.value.partial.text == "Stub "  # what arrived is handed back


def test_unreachable_endpoint_and_missing_key(tmp_path: Path, refused_port: int) -> None:
    closed = Config(data_dir=tmp_path, openai_base_url=f"http://127.0.0.1:{refused_port}/v1")
    prepared = Preparer("gpt-4o", compaction=False).prepare(conversation())
    with pytest.raises(SendError) as caught:
        send(prepared, config=closed, max_retries=0, timeout=60)
    assert caught.value.kind == "connection"

    with pytest.raises(SendError, match="OPENAI_API_KEY is not set") as missing:
        send(prepared, config=Config(data_dir=tmp_path))
    assert missing.value.kind == "config"


def test_every_format_is_sent_by_its_own_sdk_and_a_missing_key_stops_it_up_front(
    stub: StubServer, config: Config
) -> None:
    from contextledger.providers import REGISTRY

    assert {f.name: f.sdk for f in REGISTRY.values()} == {
        "openai": "openai",
        "anthropic": "anthropic",
        "openai-responses": "openai",
        "gemini": "google.genai",
    }
    prepared = Preparer("gemini-2.5-flash", compaction=False).prepare(conversation())
    assert prepared.format == "gemini"  # the model picks its provider's API
    with pytest.raises(SendError, match="GEMINI_API_KEY") as missing:
        send(prepared, config=config)  # configured for OpenAI only
    assert missing.value.kind == "config"
    assert stub.requests == []


def test_a_given_client_is_used_as_is(stub: StubServer, config: Config) -> None:
    client = openai_client(config, timeout=60, max_retries=0)
    prepared = Preparer("gpt-4o", compaction=False).prepare(conversation())
    assert send(prepared, openai_client=client).text.startswith("Stub reply")


# --------------------------------------------------------------------------- Anthropic


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_anthropic_stream_text_tool_use_and_usage(stub: StubServer, config: Config) -> None:
    args = '{"path": "src/upload.py"}'
    stub.script(StubReply("Checking the handler.", (("toolu_01", "read_file", args),)))
    prepared = Preparer("claude-sonnet-4-5", compaction=False).prepare(
        conversation(Message.user("And this screenshot?", image(1000, 700)))
    )
    chunks: list[str] = []
    reply = send(prepared, config=config, on_text=chunks.append)

    (request,) = stub.completions()
    assert request.path == "/v1/messages"
    assert request.body == {**prepared.body, "stream": True}
    assert request.body["system"] == "You are a careful debugging assistant."
    assert "".join(chunks) == "Checking the handler."
    assert reply.message.tool_calls == (ToolCall("toolu_01", "read_file", args),)
    assert reply.finish_reason == "tool_use"
    assert reply.usage is not None
    assert reply.usage.input_tokens == prompt_tokens(request.body, anthropic=True)
    assert usage_record(reply)["model"] == "claude-sonnet-4-5"


def test_the_anthropic_stub_counts_a_tool_results_image_by_its_pixels() -> None:
    """The stub's stand-in count is what our estimate is judged against: a screenshot in a
    tool result is priced by the image formula, not its base64 as text (was 2.2x ours)."""
    shot = ToolResult("t1", (Text("here"), image_block(1280, 800)), False, "screenshot")
    history = [
        Message.user("look"),
        Message.assistant(ToolCall("t1", "screenshot", "{}")),
        Message("tool", (shot,)),
        Message.user("what now?"),
    ]
    prepared = Preparer("claude-sonnet-4-5", compaction=False).prepare(history)
    counted = prompt_tokens(prepared.body, anthropic=True)
    assert abs(prepared.report.used - counted) <= 0.1 * counted, (prepared.report.used, counted)


# --------------------------------------------------------------------------- usage helpers


def test_usage_record_without_reported_usage() -> None:
    record = usage_record(Reply(Message.assistant("x"), None, 120, "local-model"))
    assert record["reported"] is None and record["error_pct"] is None
    assert (
        describe_usage(record)
        == "local-model: estimated 120 input tokens, the provider reported no usage"
    )
    assert usage_record(Reply(Message.assistant("x"), Usage(100, 5), 90, "m"))["error_pct"] == -10.0


# --------------------------------------------------------------------------- config


def test_config_environment_wins_over_dotenv_and_keys_stay_hidden(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text(
        "OPENAI_API_KEY=sk-from-dotenv\nCONTEXTLEDGER_MODEL=claude-sonnet-4-5\n"
        "OPENAI_BASE_URL=http://127.0.0.1:2/v1\nANTHROPIC_BASE_URL=\n"
    )
    env = {
        "OPENAI_API_KEY": "sk-from-env",
        "OPENAI_BASE_URL": "",  # empty counts as unset: the .env value stands
        "ANTHROPIC_API_KEY": "sk-ant-env",
        "ANTHROPIC_BASE_URL": "http://127.0.0.1:3",
        "CONTEXTLEDGER_HOME": str(tmp_path / "home"),
    }
    cfg = load_config(env, dotenv)
    assert cfg.openai_api_key == "sk-from-env"  # a stray .env never overrides the shell
    assert cfg.model == "claude-sonnet-4-5"  # .env beats the default
    assert cfg.openai_base_url == "http://127.0.0.1:2/v1"
    assert cfg.anthropic_base_url == "http://127.0.0.1:3"
    assert cfg.anthropic_api_key == "sk-ant-env"
    assert cfg.store_path == tmp_path / "home" / "sessions.db"
    shown = repr(cfg) + "\n".join(cfg.describe()) + repr(cfg.settings())
    assert "sk-" not in shown
    assert "OPENAI_API_KEY: set (environment)" in cfg.describe()
    assert f"model: claude-sonnet-4-5 ({dotenv})" in cfg.describe()
    sources = {s.name: s.source for s in cfg.settings()}
    assert sources["OPENAI_API_KEY"] == "environment"
    assert sources["OPENAI_BASE_URL"] == str(dotenv)
    assert sources["CONTEXT_COMPACTION"] == "default"
    assert {s.name: s.value for s in cfg.settings()}["OPENAI_API_KEY"] == "********"


def test_a_stray_dotenv_does_not_redirect_calls(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("OPENAI_BASE_URL=http://127.0.0.1:9/v1\n")
    cfg = load_config({"OPENAI_BASE_URL": "https://api.openai.com/v1"}, tmp_path / ".env")
    assert cfg.sources["OPENAI_BASE_URL"] == "environment"
    assert str(openai_client(cfg).base_url) == "https://api.openai.com/v1/"


def test_config_defaults_and_store_override(tmp_path: Path) -> None:
    cfg = load_config({}, tmp_path / "missing.env")
    assert cfg.model == "gpt-4o" and cfg.openai_api_key is None
    assert cfg.data_dir.name == "contextledger"
    cfg = load_config({"CONTEXTLEDGER_STORE": str(tmp_path / "x.db")}, None)
    assert cfg.store_path == tmp_path / "x.db"
    assert cfg.with_data_dir(tmp_path / "d").store_path == tmp_path / "d" / "sessions.db"


# --------------------------------------------------------------------------- the stub itself


def _post(stub: StubServer, body: Any, path: str = "/v1/chat/completions") -> tuple[int, Any]:
    req = urllib.request.Request(
        f"http://127.0.0.1:{stub.port}{path}",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", "authorization": "Bearer k"},
    )
    try:
        with urllib.request.urlopen(req, timeout=60) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


CALL = {"id": "c1", "type": "function", "function": {"name": "ls", "arguments": "{}"}}
IMG = {"type": "image_url", "image_url": {"url": data_url(png(4, 4))}}


@pytest.mark.parametrize(
    ("messages", "model", "words"),
    [
        ([{"role": "tool", "tool_call_id": "c1", "content": "x"}], "gpt-4o", "preceeding message with 'tool_calls'"),
        ([{"role": "user", "content": "hi"}, {"role": "assistant", "content": None, "tool_calls": [CALL]},
          {"role": "user", "content": "next"}], "gpt-4o", "did not have response messages: c1"),
        ([{"role": "user", "content": "hi"}, {"role": "assistant", "content": None, "tool_calls": [CALL]},
          {"role": "user", "content": "x"}, {"role": "tool", "tool_call_id": "c1", "content": "late"}],
         "gpt-4o", "did not have response messages"),
        ([{"role": "user", "content": "hi"}, {"role": "assistant", "content": [IMG]}], "gpt-4o",
         "only allowed for messages with role 'user'"),
        ([{"role": "user", "content": []}], "gpt-4o", "empty array"),
        ([{"role": "assistant", "content": None}], "gpt-4o", "expected a string, got null"),
        ([{"role": "robot", "content": "hi"}], "gpt-4o", "Supported values are"),
        ([{"role": "user", "content": [IMG]}], "gpt-3.5-turbo", "only supported by certain models"),
        ([{"role": "user", "content": [{"type": "image_url", "image_url": {"url": data_url(b"not an image")}}]}],
         "gpt-4o", "unsupported image"),
        ([{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "data:image/png;base64,@@"}}]}],
         "gpt-4o", "Invalid base64"),
        ([{"role": "user", "content": [IMG, IMG, IMG]}], "gpt-4o", "Too many images"),
        ([{"role": "user", "content": [{"type": "image_url", "image_url": {"url": data_url(png(300, 300, "red"))}}]}],
         "gpt-4o", "Image too large"),
    ],
)  # fmt: skip
def test_stub_validates_like_the_api(messages: list[Any], model: str, words: str) -> None:
    with StubServer(max_images=2, max_image_base64=1000) as stub:
        status, body = _post(stub, {"model": model, "messages": messages})
    assert status == 400, body
    assert words in body["error"]["message"]
    assert body["error"]["type"] == "invalid_request_error"


def test_stub_top_level_rules() -> None:
    with StubServer() as stub:
        assert _post(stub, {"messages": [{"role": "user", "content": "hi"}]})[0] == 400
        status, body = _post(stub, {"model": "m", "messages": [{"role": "user", "content": "hi"}],
                                    "stream_options": {"include_usage": True}})  # fmt: skip
        assert status == 400 and "only allowed when 'stream'" in body["error"]["message"]
        status, body = _post(
            stub, {"model": "m", "messages": [{"role": "user", "content": "hi"}], "foo": 1}
        )
        assert (
            status == 400
            and "Unrecognized request argument supplied: foo" in body["error"]["message"]
        )
        status, body = _post(stub, {"model": "m", "messages": [{"role": "user", "content": "hi"}]})
        assert status == 200 and body["usage"]["prompt_tokens"] > 0
        status, body = _post(
            stub,
            {"model": "claude-x", "max_tokens": 5, "messages": [{"role": "user", "content": ""}]},
            "/v1/messages",
        )
        assert status == 400 and body["type"] == "error"


def test_config_command_shows_values_and_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from contextledger.cli import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("OPENAI_API_KEY=sk-dotenv-secret\nCONTEXTLEDGER_MODEL=m1\n")
    env = {"CONTEXTLEDGER_MODEL": "m2", "OPENAI_API_KEY": "", "COLUMNS": "80"}
    res = CliRunner().invoke(main, ["config", "--json"], env=env)
    assert res.exit_code == 0, res.output
    rows = {r["name"]: r for r in json.loads(res.output)["settings"]}
    assert rows["CONTEXTLEDGER_MODEL"] == {
        "name": "CONTEXTLEDGER_MODEL",
        "value": "m2",
        "source": "environment",
    }
    assert rows["OPENAI_API_KEY"]["source"] == ".env"
    assert rows["OPENAI_API_KEY"]["value"] == "********"
    assert rows["CONTEXT_COMPACTION"] == {
        "name": "CONTEXT_COMPACTION",
        "value": None,
        "source": "default",
    }
    res = CliRunner().invoke(main, ["config"], env=env)
    assert res.exit_code == 0, res.output
    assert "sk-dotenv-secret" not in res.output
    assert "CONTEXTLEDGER_MODEL" in res.output and "environment" in res.output
