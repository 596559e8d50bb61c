"""Sending Gemini requests with the official ``google-genai`` SDK
(``models.generate_content_stream`` / ``generate_content``) against the validating stub on
127.0.0.1, its base URL carried in the SDK's HTTP options.

The stub (tests/stub_gemini.py) refuses what the Gemini API refuses — roles, function-call
placement, response pairing and count, inline data, ``systemInstruction``, Gemini 3
thought signatures — so a pass means the body ``prepare`` priced was sent, accepted,
streamed back and assembled.
"""

from __future__ import annotations

import base64
import json
import re
import socket
from pathlib import Path
from typing import Any

import httpx
import pytest

from builders import image_block
from contextledger import Message, Reasoning, Text, ToolCall
from contextledger.client import complete, gemini_client, send, usage_record
from contextledger.config import Config
from contextledger.errors import ContentError, SendError
from contextledger.prepare import Preparer, prepare
from stub_gemini import b64decode, prompt_tokens, signature_for
from stub_server import Fault, StubReply, StubServer


def gemini(model: str = "gemini-2.5-flash", **options: Any) -> Preparer:
    return Preparer(model, compaction=False, **options)


def start() -> list[Message]:
    return [
        Message.system("You are a careful debugging assistant."),
        Message.user("The upload endpoint returns 500 when the file is larger than 2 MB."),
    ]


def snake(value: Any) -> Any:
    """A proto-JSON value with every key in snake_case and bytes in standard padded
    base64 (how ``write`` spells the body; the SDK sends camelCase and URL-safe base64)."""
    if isinstance(value, list):
        return [snake(v) for v in value]
    if not isinstance(value, dict):
        return value
    out = {re.sub(r"(?<=[a-z])([A-Z])", r"_\1", k).lower(): snake(v) for k, v in value.items()}
    for key in ("data", "thought_signature"):
        if isinstance(out.get(key), str):
            out[key] = base64.b64encode(b64decode(out[key])).decode()
    return out


def test_a_gemini_model_is_prepared_for_gemini_and_streamed(
    stub: StubServer, config: Config
) -> None:
    prepared = gemini().prepare(
        [*start(), Message.user("Here is the screenshot.", image_block(1600, 900))]
    )
    assert prepared.format == "gemini"
    chunks: list[str] = []
    reply = send(prepared, config=config, on_text=chunks.append)

    assert len(chunks) > 3 and "".join(chunks) == reply.text
    # two user messages in a row go as one user turn (Gemini wants roles to alternate)
    assert reply.text.startswith("Stub reply 1: I read 1 content(s) and 1 image(s)")
    assert reply.finish_reason == "stop" and reply.response_model == "gemini-2.5-flash"
    (request,) = stub.completions()
    assert request.path.endswith("/models/gemini-2.5-flash:streamGenerateContent?alt=sse")
    assert request.headers["x-goog-api-key"] == "test-key"
    sent = snake(request.body)
    # what was priced is what was sent: contents and system prompt exactly
    assert sent["contents"] == snake(prepared.body["contents"])
    assert sent["system_instruction"] == prepared.body["system_instruction"]
    assert sent["generation_config"] == snake(prepared.body["generation_config"])
    assert reply.usage is not None
    assert reply.usage.input_tokens == prompt_tokens("gemini-2.5-flash", request.body)
    record = usage_record(reply)
    assert record["estimated"] == prepared.report.used
    assert 0 <= record["error_pct"] < 30, record  # never below what the provider counts


def test_prepare_then_send_in_one_line(stub: StubServer, config: Config) -> None:
    reply = prepare(start(), "gemini-2.5-flash", compaction=False).send(config=config)
    assert reply.text.startswith("Stub reply 1")


def test_thoughts_calls_and_signatures_come_back_and_go_out_verbatim(
    stub: StubServer, config: Config
) -> None:
    args = '{"path": "src/upload.py", "lines": [1, 40]}'
    stub.script(StubReply("", (("call_a", "read_file", args),), reasoning="Read the handler."))
    reply = send(gemini().prepare(start()), config=config)

    assert reply.finish_reason == "tool_calls"
    thought, call = reply.message.content
    assert isinstance(thought, Reasoning) and isinstance(call, ToolCall)
    assert (thought.provider, thought.text) == ("gemini", "Read the handler.")
    assert thought.signature == signature_for(1, 0)
    assert call.signature == signature_for(1, 1)
    assert call.name == "read_file" and json.loads(call.arguments) == json.loads(args)

    followed = [
        *start(),
        reply.message,
        Message.tool(call.id, "MAX_SIZE = 2 * 1024 * 1024"),
        Message.user("So the limit is hard-coded?"),
    ]
    second = send(gemini().prepare(followed), config=config)
    assert second.text.startswith("Stub reply 2"), stub.rejected()
    contents = snake(stub.completions()[-1].body)["contents"]
    assert [c["role"] for c in contents] == ["user", "model", "user"]
    model_turn = contents[1]["parts"]
    assert model_turn[0] == {
        "text": "Read the handler.",
        "thought": True,
        "thought_signature": signature_for(1, 0),
    }
    assert model_turn[1]["thought_signature"] == signature_for(1, 1)
    assert "id" not in model_turn[1]["function_call"]  # Gemini 2.x gave none: none goes back
    response, question = contents[2]["parts"]
    assert response["function_response"]["name"] == "read_file"
    assert question == {"text": "So the limit is hard-coded?"}


def test_gemini_3_calls_keep_their_ids_and_signatures(stub: StubServer, config: Config) -> None:
    stub.script(StubReply("Let me look.", (("call_9", "ls", "{}"),)))
    reply = send(gemini("gemini-3-flash-preview").prepare(start()), config=config)
    signed, text, call = reply.message.content
    assert isinstance(signed, Reasoning) and signed.signature == signature_for(1, 99)
    assert isinstance(text, Text) and text.text == "Let me look."
    assert isinstance(call, ToolCall) and call.id == "call_9"
    history = [*start(), reply.message, Message.tool("call_9", "a.txt b.txt")]
    assert send(gemini("gemini-3-flash-preview").prepare(history), config=config).text
    parts = snake(stub.completions()[-1].body)["contents"][1]["parts"]
    assert parts[0] == {"text": "Let me look.", "thought_signature": signature_for(1, 99)}
    assert parts[1]["function_call"]["id"] == "call_9"


def test_another_providers_calls_go_to_gemini_3_with_the_documented_stand_in(
    stub: StubServer, config: Config
) -> None:
    """A gpt-4o call (no signature) in the current turn, then a switch to Gemini 3."""
    foreign = Message.assistant(ToolCall("call_oa", "screenshot", "{}"))
    shot = Message.tool("call_oa", "the screen")
    history = [*start(), foreign, shot]
    prepared = gemini("gemini-3-flash-preview").prepare(history)
    assert send(prepared, config=config, max_retries=0).text, stub.rejected()
    call = snake(stub.completions()[-1].body)["contents"][1]["parts"][0]
    assert b64decode(call["thought_signature"]) == b64decode("skip_thought_signature_validator")
    assert any("stand-in signature" in n.text for n in prepared.report.notices)

    # a finished turn (a user message after it) is not checked again: nothing is added
    later = [*history, Message.assistant("Done."), Message.user("Thanks. And now?")]
    prepared = gemini("gemini-3-flash-preview").prepare(later)
    assert send(prepared, config=config, max_retries=0).text, stub.rejected()
    call = snake(stub.completions()[-1].body)["contents"][1]["parts"][0]
    assert "thought_signature" not in call
    assert not any("stand-in signature" in n.text for n in prepared.report.notices)


def test_a_parallel_gemini_3_batch_is_signed_once_and_goes_back_as_it_came(
    stub: StubServer, config: Config
) -> None:
    calls = (("call_1", "ls", '{"dir": "a"}'), ("call_2", "ls", '{"dir": "b"}'))
    stub.script(StubReply("", calls))
    reply = send(gemini("gemini-3-flash-preview").prepare(start()), config=config)
    first, second = (b for b in reply.message.content if isinstance(b, ToolCall))
    assert first.signature == signature_for(1, 1) and second.signature is None
    history = [*start(), reply.message, Message.tool("call_1", "x"), Message.tool("call_2", "y")]
    assert send(gemini("gemini-3-flash-preview").prepare(history), config=config).text
    parts = snake(stub.completions()[-1].body)["contents"][1]["parts"]
    assert parts[0]["thought_signature"] == signature_for(1, 1)
    assert "thought_signature" not in parts[1]


def _user(*parts: dict[str, Any]) -> dict[str, Any]:
    return {"role": "user", "parts": list(parts)}


def _model(*parts: dict[str, Any]) -> dict[str, Any]:
    return {"role": "model", "parts": list(parts)}


_CALL = {"function_call": {"name": "ls", "args": {}}}
_RESPONSE = {"function_response": {"name": "ls", "response": {"output": "a"}}}


@pytest.mark.parametrize(
    ("contents", "words"),
    [
        ([{"role": "system", "parts": [{"text": "x"}]}, _user({"text": "hi"})], "valid role"),
        ([_user({"text": "hi"}), _model({"text": "a"}), _model(_CALL)], "function call turn"),
        ([_user({"text": "hi"}), _model(_CALL, _CALL), _user(_RESPONSE)], "number of function"),
        ([_user({"text": "hi"}), _model(_CALL)], "no function responses"),
        ([_user(_RESPONSE)], "function response turn comes immediately after"),
        (
            [
                _user({"text": "hi"}),
                _model(_CALL),
                _user({"function_response": {"name": "cat", "response": {"output": "a"}}}),
            ],
            "answers no function call",
        ),
        ([_user({"text": "hi", "inline_data": {"mime_type": "image/png", "data": ""}})], "oneof"),
        ([_user({"inline_data": {"mime_type": "image/gif", "data": "R0lG"}})], "MIME type"),
        ([_user({"inline_data": {"mime_type": "image/png", "data": "/9j/4AAQ"}})], "not a valid"),
        ([_user({"text": ""})], "empty text"),
    ],
)
def test_the_stub_refuses_what_the_api_refuses(
    stub: StubServer, config: Config, contents: list[Any], words: str
) -> None:
    client = gemini_client(config, max_retries=0)
    body = {"model": "gemini-2.5-flash", "contents": contents}
    with pytest.raises(SendError, match=words) as refused:
        complete("gemini", body, client=client, model="gemini-2.5-flash")
    assert refused.value.status == 400


_SIGNED = {"function_call": {"name": "ls", "args": {}}, "thought_signature": "c2ln"}


@pytest.mark.parametrize(
    ("contents", "accepted"),
    [
        # the current turn's step without a signature on its first call: refused
        ([_user({"text": "hi"}), _model(_CALL), _user(_RESPONSE)], False),
        # only the first call of a parallel batch carries one
        ([_user({"text": "hi"}), _model(_SIGNED, _CALL), _user(_RESPONSE, _RESPONSE)], True),
        # an earlier turn is not checked
        (
            [
                _user({"text": "hi"}),
                _model(_CALL),
                _user(_RESPONSE),
                _model({"text": "done"}),
                _user({"text": "next"}),
            ],
            True,
        ),
    ],
)
def test_the_stub_checks_gemini_3_signatures_as_the_api_does(
    stub: StubServer, config: Config, contents: list[Any], accepted: bool
) -> None:
    client = gemini_client(config, max_retries=0)
    body = {"model": "gemini-3-flash-preview", "contents": contents}
    if accepted:
        assert complete("gemini", body, client=client, model="m")
        return
    with pytest.raises(SendError, match="missing a thought_signature") as refused:
        complete("gemini", body, client=client, model="m")
    assert refused.value.status == 400


STRICT_TOOL = {
    "type": "function",
    "function": {
        "name": "read_file",
        "description": "Read a file",
        "strict": True,
        "parameters": {
            "type": "object",
            "properties": {"path": {"type": "string"}, "lines": {"type": ["integer", "null"]}},
            "required": ["path", "lines"],
            "additionalProperties": False,
        },
    },
}


def test_an_openai_strict_tool_schema_goes_to_gemini_as_json_schema(
    stub: StubServer, config: Config
) -> None:
    """Nullable type lists and additionalProperties: the SDK's ``parameters`` cannot take
    them (it failed locally, blamed on Gemini); ``parameters_json_schema`` takes them as is."""
    prepared = gemini().prepare(start(), tools=[STRICT_TOOL])
    assert send(prepared, config=config, max_retries=0).text, stub.rejected()
    (decl,) = stub.completions()[-1].body["tools"][0]["functionDeclarations"]
    assert decl["name"] == "read_file"
    schema = decl.get("parametersJsonSchema", decl.get("parameters_json_schema"))
    assert schema == STRICT_TOOL["function"]["parameters"]  # type: ignore[index]  # verbatim


def test_a_tool_schema_gemini_cannot_take_is_refused_before_sending_naming_the_tool(
    stub: StubServer,
) -> None:
    bad = {"type": "function", "function": {"name": "count", "parameters": {"type": "integer"}}}
    with pytest.raises(ContentError, match="count"):
        gemini().prepare(start(), tools=[bad])
    assert not stub.requests


@pytest.mark.parametrize(
    ("declaration", "words"),
    [
        ({"name": "f", "parameters": {"type": ["integer", "null"]}}, "Type"),
        ({"name": "f", "parameters": {"type": "object", "$schema": "x"}}, "Unknown name"),
        ({"name": "1f"}, "Invalid function name"),
        (
            {"name": "f", "parameters": {"type": "object"}, "parametersJsonSchema": {}},
            "mutually exclusive",
        ),
        ({"name": "f", "parametersJsonSchema": {"type": "string"}}, "describe an object"),
    ],
)
def test_the_stub_refuses_function_declarations_the_api_refuses(
    stub: StubServer, declaration: dict[str, Any], words: str
) -> None:
    body = {
        "contents": [_user({"text": "hi"})],
        "tools": [{"functionDeclarations": [declaration]}],
    }
    answer = httpx.post(
        f"{stub.gemini_url}/v1beta/models/gemini-2.5-flash:generateContent",
        json=body,
        headers={"x-goog-api-key": "k"},
        timeout=30,
    )
    assert answer.status_code == 400 and words in answer.text


def test_bad_base64_is_refused_before_sending(stub: StubServer, config: Config) -> None:
    body = {
        "model": "m",
        "contents": [_user({"inline_data": {"mime_type": "image/png", "data": "@@"}})],
    }
    with pytest.raises(ContentError, match=r"contents\[0\].parts\[0\].inline_data.data"):
        complete("gemini", body, client=gemini_client(config), model="m")
    assert stub.requests == []


def test_inline_data_over_the_request_limit_is_refused(stub: StubServer, config: Config) -> None:
    import stub_gemini

    big = "iVBORw0KGgo" + "A" * (stub_gemini.MAX_INLINE_BASE64 - 7)
    body = {
        "model": "gemini-2.5-flash",
        "contents": [_user({"inline_data": {"mime_type": "image/png", "data": big}})],
    }
    with pytest.raises(SendError, match="exceeds the limit"):
        complete("gemini", body, client=gemini_client(config, max_retries=0), model="m")


def test_system_instruction_goes_beside_contents_text_only(
    stub: StubServer, config: Config
) -> None:
    client = gemini_client(config, max_retries=0)
    body = {
        "model": "gemini-2.5-flash",
        "contents": [_user({"text": "hi"})],
        "system_instruction": {"parts": [{"inline_data": {"mime_type": "image/png", "data": ""}}]},
    }
    with pytest.raises(SendError, match="system_instruction"):
        complete("gemini", body, client=client, model="m")
    body["system_instruction"] = {"parts": [{"text": "Be brief."}]}
    assert str(complete("gemini", body, client=client, model="m")).startswith("Stub reply")


def test_failures_are_typed_errors(stub: StubServer, config: Config, tmp_path: Path) -> None:
    stub.fail(Fault("truncate"))
    with pytest.raises(SendError, match="stream ended") as broken:
        send(gemini().prepare(start()), config=config, max_retries=0)
    assert broken.value.partial is not None and broken.value.partial.text

    stub.fail(Fault("status", 503, "The model is overloaded."))
    with pytest.raises(SendError, match="overloaded") as failed:
        send(gemini().prepare(start()), config=config, max_retries=0)
    assert (failed.value.kind, failed.value.status) == ("status", 503)

    stub.fail(Fault("status", 503, "The model is overloaded."))
    assert send(gemini().prepare(start()), config=config, max_retries=1).text  # retried

    with pytest.raises(SendError, match="GEMINI_API_KEY") as missing:
        send(gemini().prepare(start()), config=Config(data_dir=tmp_path))
    assert missing.value.kind == "config"


def test_a_stalled_gemini_is_a_timeout_error(stub: StubServer, config: Config) -> None:
    """google-genai's transport is httpx2 (not httpx): its timeouts are SendErrors too."""
    stub.fail(Fault("stall", seconds=600))  # until teardown
    with pytest.raises(SendError, match="did not answer in time") as stalled:
        send(gemini().prepare(start()), config=config, timeout=0.5, max_retries=0)
    assert stalled.value.kind == "timeout"


def test_a_refused_gemini_connection_is_a_connection_error(tmp_path: Path) -> None:
    with socket.socket() as closed:  # a port nothing listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    config = Config(
        data_dir=tmp_path, gemini_base_url=f"http://127.0.0.1:{port}", gemini_api_key="k"
    )
    with pytest.raises(SendError, match="could not reach gemini") as refused:
        send(gemini().prepare(start()), config=config, timeout=5, max_retries=0)
    assert refused.value.kind == "connection"


def test_hitting_the_output_cap_is_reported_as_truncated(stub: StubServer, config: Config) -> None:
    stub.script(StubReply("The answer is", finish_reason="length"))
    reply = send(gemini().prepare(start()), config=config)
    assert reply.truncated and reply.text == "The answer is"


@pytest.mark.parametrize("model", ["gemini-2.5-flash", "gemini-3-flash-preview"])
def test_long_session_with_screenshots_and_tool_calls_through_a_small_window(
    stub: StubServer, config: Config, model: str
) -> None:
    """Forty turns of screenshots, tool calls with image results and thoughts, sent
    through a 12k window: every request is accepted and within the window, drops are
    reported, signatures go back, usage is kept beside the estimate."""
    history = start()
    preparer = gemini(model, window=12_000, max_output_tokens=1_000)
    client = gemini_client(config)  # one client for the session, as an app keeps one
    records = []
    for turn in range(40):
        history.append(
            Message.user(f"Turn {turn}: what changed on screen?", image_block(1280, 800))
        )
        if turn % 3 == 0:
            stub.script(
                StubReply(
                    "Taking a look.",
                    ((f"call_{turn}", "screenshot", json.dumps({"turn": turn})),),
                    reasoning=f"I need a fresh look at turn {turn}.",
                )
            )
        prepared = preparer.prepare(history)
        assert prepared.report.used <= prepared.report.budget
        reply = prepared.send(client=client)
        history.append(reply.message)
        records.append(usage_record(reply))
        if reply.message.tool_calls:
            (call,) = reply.message.tool_calls
            history.append(
                Message.tool(call.id, f"Captured at turn {turn}.", image_block(900, 600))
            )
            reply = send(preparer.prepare(history), gemini_client=client)
            history.append(reply.message)
            records.append(usage_record(reply))

    assert stub.rejected() == [], stub.rejected()[0].error
    assert len(stub.completions()) == len(records) == 40 + 14
    last = snake(stub.completions()[-1].body)["contents"]
    *_, response, header, image = last[-1]["parts"]  # the tool's image follows its response
    assert response["function_response"]["name"] == "screenshot"
    assert header["text"].startswith("Images returned by tool call") and "inline_data" in image
    assert "Turn 39" in json.dumps(last), "the newest request is always sent"
    assert preparer.prepare(history).report.fit.dropped, "a small window drops old turns"
    for r in records:
        assert r["reported"] <= 12_000 - 1_000, r
        assert 0 <= r["error_pct"] < 35, r


def test_gemini_settings_come_from_our_config_with_the_sdks_names_too(
    stub: StubServer, tmp_path: Path
) -> None:
    from contextledger.config import load_config

    env = {"GOOGLE_GEMINI_BASE_URL": stub.gemini_url, "GOOGLE_API_KEY": "g-key"}
    config = load_config({**env, "CONTEXTLEDGER_HOME": str(tmp_path)}, dotenv=None)
    assert config.endpoint("google.genai") == (stub.gemini_url, "g-key")
    shown = {s.name: s for s in config.settings()}
    assert shown["GOOGLE_API_KEY"].value == "********"  # a key is never printed
    ours = load_config(
        {**env, "GEMINI_BASE_URL": "http://127.0.0.1:9", "GEMINI_API_KEY": "k"}, dotenv=None
    )
    assert ours.endpoint("google.genai") == ("http://127.0.0.1:9", "k")  # our names win
    assert send(gemini().prepare(start()), config=config).text.startswith("Stub reply 1")
    assert stub.completions()[0].headers["x-goog-api-key"] == "g-key"


def test_sdk_kwargs_go_straight_into_each_official_client(stub: StubServer, tmp_path: Path) -> None:
    """An app that keeps its own SDK call: ``**prepared.sdk_kwargs()`` is accepted by all four."""
    import anthropic
    import openai
    from google import genai
    from google.genai import types

    history = [*start(), Message.user("And the screenshot?", image_block(800, 600))]
    key = "test-key"
    oai = openai.OpenAI(api_key=key, base_url=stub.url, max_retries=0)
    claude = anthropic.Anthropic(api_key=key, base_url=stub.anthropic_url, max_retries=0)
    google = genai.Client(api_key=key, http_options=types.HttpOptions(base_url=stub.gemini_url))

    chat = prepare(history, "gpt-4o", compaction=False).sdk_kwargs()
    assert oai.chat.completions.create(**chat).choices[0].message.content
    resp = prepare(history, "gpt-4o", target="openai-responses", compaction=False).sdk_kwargs()
    assert oai.responses.create(**resp).output_text
    msgs = prepare(history, "claude-sonnet-4-6", compaction=False).sdk_kwargs()
    assert claude.messages.create(**msgs).content
    gem = prepare(history, "gemini-2.5-flash", compaction=False).sdk_kwargs()
    assert set(gem) == {"model", "contents", "config"}
    assert str(google.models.generate_content(**gem).text).startswith("Stub reply")
    assert stub.rejected() == [] and len(stub.completions()) == 4
