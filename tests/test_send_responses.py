"""Sending OpenAI Responses requests with the official ``openai`` client
(``responses.create``, streaming) against the validating stub on 127.0.0.1.

The stub (tests/stub_responses.py) refuses what the Responses API refuses — item order,
call/output pairing, reasoning placement, image data — so a pass means the body
``prepare`` priced was sent, accepted, streamed back and assembled.
"""

from __future__ import annotations

import json

import pytest

from builders import image_block
from contextledger import Message, Reasoning, ToolCall, fit
from contextledger.client import complete, send, usage_record
from contextledger.config import Config
from contextledger.errors import SendError
from contextledger.prepare import Preparer
from contextledger.pricing.messages import Pricer
from contextledger.providers import openai_responses
from contextledger.report import Notice
from stub_responses import prompt_tokens
from stub_server import Fault, StubReply, StubServer


def responses(model: str = "gpt-4o", **options: object) -> Preparer:
    return Preparer(model, target="openai-responses", compaction=False, **options)  # type: ignore[arg-type]


def start() -> list[Message]:
    return [
        Message.system("You are a careful debugging assistant."),
        Message.user("The upload endpoint returns 500 when the file is larger than 2 MB."),
    ]


def test_streams_text_sends_the_prepared_body_and_records_usage(
    stub: StubServer, config: Config
) -> None:
    prepared = responses().prepare(
        [*start(), Message.user("Here is the screenshot.", image_block(1600, 900))]
    )
    chunks: list[str] = []
    reply = send(prepared, config=config, on_text=chunks.append)

    assert len(chunks) > 3 and "".join(chunks) == reply.text
    assert reply.text.startswith("Stub reply 1: I read 3 item(s) and 1 image(s)")
    assert reply.finish_reason == "stop" and reply.request_id == "req_stub"
    (request,) = stub.completions()
    assert request.path == "/v1/responses"
    assert request.body == {**prepared.body, "stream": True}
    assert reply.usage is not None
    assert reply.usage.input_tokens == prompt_tokens(request.body)
    record = usage_record(reply)
    assert record["estimated"] == prepared.report.used
    assert record["reported"] == reply.usage.input_tokens
    assert abs(record["error_pct"]) < 10, record


def test_reasoning_and_function_calls_come_back_and_go_out_verbatim(
    stub: StubServer, config: Config
) -> None:
    args = '{"path": "src/upload.py",  "lines": [1, 40]}'  # odd spacing kept as sent
    stub.script(StubReply("", (("call_a", "read_file", args),), reasoning="Read the handler."))
    reply = send(responses().prepare(start()), config=config)

    assert reply.finish_reason == "tool_calls"
    reasoning, call = reply.message.content
    assert isinstance(reasoning, Reasoning) and isinstance(call, ToolCall)
    assert reasoning.provider == "openai-responses" and reasoning.summary == ("Read the handler.",)
    assert reasoning.encrypted == "enc-1-opaque" and reasoning.item_id == "rs_stub1"
    assert (call.id, call.name, call.arguments, call.item_id) == (
        "call_a",
        "read_file",
        args,
        "fc_stub1_0",
    )

    followed = [
        *start(),
        reply.message,
        Message.tool("call_a", "MAX_SIZE = 2 * 1024 * 1024"),
        Message.user("So the limit is hard-coded?"),
    ]
    second = send(responses().prepare(followed), config=config)
    assert second.text.startswith("Stub reply")
    items = stub.completions()[-1].body["input"]
    assert [i.get("type") for i in items] == [
        "message",
        "message",
        "reasoning",
        "function_call",
        "function_call_output",
        "message",
    ]
    assert items[2]["encrypted_content"] == "enc-1-opaque" and items[2]["id"] == "rs_stub1"
    assert items[3]["arguments"] == args and items[3]["id"] == "fc_stub1_0"


def test_a_reasoning_reply_in_text_goes_back_with_its_message_id(
    stub: StubServer, config: Config
) -> None:
    """The real API refuses a reasoning item whose following message lost its ``msg_`` id."""
    stub.script(StubReply("Three.", reasoning="Count the letters."))
    reply = send(responses("gpt-5").prepare(start()), config=config)
    assert reply.text == "Three."

    followed = [*start(), reply.message, Message.user("And in raspberry?")]
    assert send(responses("gpt-5").prepare(followed), config=config).text  # accepted
    items = stub.completions()[-1].body["input"]
    assert [(i.get("type"), i.get("id")) for i in items[2:4]] == [
        ("reasoning", "rs_stub1"),
        ("message", "msg_stub1"),
    ]
    assert items[3]["status"] == "completed"
    assert items[3]["content"] == [{"type": "output_text", "text": "Three.", "annotations": []}]

    # read back from a request: the id and status are kept, and written out again as they came
    notices: list[Notice] = []
    assert openai_responses.write(openai_responses.read(items), notices) == items


def test_text_then_calls_from_a_reasoning_model_go_back_as_they_came(
    stub: StubServer, config: Config
) -> None:
    """A reply with reasoning, text and a call: three items back, no empty message among them."""
    stub.script(StubReply("Let me look.", (("call_a", "ls", "{}"),), reasoning="Look first."))
    reply = send(responses("gpt-5").prepare(start()), config=config)
    followed = [*start(), reply.message, Message.tool("call_a", "a.txt"), Message.user("And?")]
    assert send(responses("gpt-5").prepare(followed), config=config).text, stub.rejected()
    items = stub.completions()[-1].body["input"]
    assert [(i.get("type"), i.get("id")) for i in items[2:5]] == [
        ("reasoning", "rs_stub1"),
        ("message", "msg_stub1"),
        ("function_call", "fc_stub1_0"),
    ]
    assert items[5]["type"] == "function_call_output"


@pytest.mark.parametrize(
    ("items", "words"),
    [
        (
            [{"type": "function_call_output", "call_id": "c1", "output": "x"}],
            "No tool call found",
        ),
        (
            [
                {"role": "user", "content": "hi"},
                {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
            ],
            "No tool output found",
        ),
        (
            [
                {"role": "user", "content": "hi"},
                {"type": "reasoning", "id": "rs_1", "summary": []},
                {"role": "user", "content": "again"},
            ],
            "without its required following item",
        ),
        (  # the reasoning's message came back without its msg_… id
            [
                {"role": "user", "content": "hi"},
                {"type": "reasoning", "id": "rs_1", "summary": []},
                {"type": "message", "role": "assistant", "content": "Three."},
            ],
            "without its required following item",
        ),
        (
            [{"role": "assistant", "content": [{"type": "input_image", "image_url": "x"}]}],
            "Invalid value: 'input_image'",
        ),
        (
            [{"role": "user", "content": [{"type": "input_image", "image_url": "data:x"}]}],
            "Invalid image URL",
        ),
    ],
)
def test_the_stub_refuses_what_the_api_refuses(
    stub: StubServer, config: Config, items: list[object], words: str
) -> None:
    from contextledger.client import openai_client

    client = openai_client(config, max_retries=0)
    with pytest.raises(SendError, match=words) as refused:
        complete("openai-responses", {"model": "gpt-4o", "input": items}, client=client, model="m")
    assert refused.value.status == 400


def test_complete_returns_the_output_text(stub: StubServer, config: Config) -> None:
    from contextledger.client import openai_client

    body = responses().prepare(start()).body
    text = complete("openai-responses", body, client=openai_client(config), model="gpt-4o")
    assert isinstance(text, str) and text.startswith("Stub reply 1")


def test_a_truncated_stream_is_a_typed_error_keeping_what_arrived(
    stub: StubServer, config: Config
) -> None:
    stub.fail(Fault("truncate"))
    with pytest.raises(SendError, match="stream ended") as broken:
        send(responses().prepare(start()), config=config, max_retries=0)
    assert broken.value.partial is not None and broken.value.partial.text


def test_hitting_the_output_cap_is_reported_as_truncated(stub: StubServer, config: Config) -> None:
    stub.script(StubReply("The answer is", finish_reason="length"))
    reply = send(responses().prepare(start()), config=config)
    assert reply.truncated and reply.text == "The answer is"


def test_long_session_with_screenshots_and_tool_calls_through_a_small_window(
    stub: StubServer, config: Config
) -> None:
    """Forty turns of screenshots, tool calls with image results and reasoning, sent
    through a 12k window: every request is accepted, every drop reported, usage kept."""
    history = start()
    preparer = responses(window=12_000, max_output_tokens=1_000)
    records = []
    for turn in range(40):
        history.append(
            Message.user(f"Turn {turn}: what changed on screen?", image_block(1280, 800))
        )
        if turn % 3 == 0:
            stub.script(
                StubReply(
                    "",
                    ((f"call_{turn}", "screenshot", json.dumps({"turn": turn})),),
                    reasoning=f"I need a fresh look at turn {turn}.",
                )
            )
        prepared = preparer.prepare(history)
        assert prepared.report.used <= prepared.report.budget
        reply = send(prepared, config=config)
        history.append(reply.message)
        records.append(usage_record(reply))
        if reply.message.tool_calls:
            (call,) = reply.message.tool_calls
            history.append(
                Message.tool(call.id, f"Captured at turn {turn}.", image_block(900, 600))
            )
            reply = send(preparer.prepare(history), config=config)
            history.append(reply.message)
            records.append(usage_record(reply))

    assert stub.rejected() == [], stub.rejected()[0].error
    assert len(stub.completions()) == len(records) == 40 + 14
    last = stub.completions()[-1].body["input"]
    assert last[-1]["type"] == "function_call_output" and last[-1]["call_id"] == "call_39"
    users = [i for i in last if i.get("role") == "user"]
    assert "Turn 39" in json.dumps(users[-1]), "the newest request is always sent"
    assert preparer.prepare(history).report.fit.dropped, "a small window drops old turns"
    assert all(abs(r["error_pct"]) < 15 for r in records), records


def test_a_compaction_item_is_carried_verbatim(stub: StubServer, config: Config) -> None:
    compacted = {"type": "compaction", "id": "cmp_7", "encrypted_content": "gAAAA-opaque=="}
    items = [
        {"role": "user", "content": "The upload endpoint returns 500 for big files."},
        compacted,
        {"role": "user", "content": "Where were we?"},
    ]
    prepared = responses().prepare(items)
    reply = send(prepared, config=config)
    assert reply.text.startswith("Stub reply 1: I read 3 item(s)"), stub.rejected()
    assert stub.completions()[0].body["input"][1] == compacted
    (block,) = prepared.messages[1].content
    assert isinstance(block, Reasoning) and block.redacted and block.encrypted == "gAAAA-opaque=="


def test_a_compaction_item_never_becomes_an_empty_turn_elsewhere() -> None:
    from contextledger.providers import translate
    from stub_server import StubServer as Stub
    from stub_server import validate_anthropic, validate_gemini, validate_openai

    history = (
        responses()
        .prepare(
            [
                {"role": "user", "content": "hi"},
                {"type": "compaction", "id": "cmp_1", "encrypted_content": "opaque"},
                {"role": "user", "content": "again"},
            ]
        )
        .messages
    )
    headers = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
    for target in ("openai", "anthropic", "gemini"):
        out = translate(history, target)
        assert [n.where for n in out.notices] == ["messages[1].content[0]"], target
        assert "opaque" not in json.dumps(out.body)
    validate_openai({"model": "gpt-4o", **translate(history, "openai").body}, Stub())
    validate_anthropic({"model": "m", "max_tokens": 5, **translate(history, "anthropic").body},
                       headers, Stub())  # fmt: skip
    validate_gemini(translate(history, "gemini").body)


def test_each_input_item_of_an_assistant_turn_is_priced_its_framing() -> None:
    """review10 T7: the Responses API frames each input item as a message, so a turn whose
    text and call are two items is billed two framings. A text message followed by a call
    message (LangChain's shape) and one message holding both become the same two items:
    both are budgeted the same, and ``report.used`` is what ``price_request`` finds in the
    body (it was 4 tokens above it per such pair, or 4 under the bill when merged)."""
    from contextledger.prepare import price_request

    call = {"id": "c1", "type": "function", "function": {"name": "shell", "arguments": "{}"}}
    split = [{"role": "user", "content": "Goal: fix it"},
             {"role": "assistant", "content": "use this"},
             {"role": "assistant", "content": None, "tool_calls": [call]},
             {"role": "tool", "tool_call_id": "c1", "content": "ok"},
             {"role": "user", "content": "next?"}]  # fmt: skip
    merged = [split[0], {**split[1], "tool_calls": [call]}, *split[3:]]
    used = []
    for history in (split, merged):
        prepared = responses("gpt-5").prepare(history)
        assert [i.get("type") for i in prepared.body["input"]][1:3] == ["message", "function_call"]
        assert prepared.report.used == price_request(prepared.body, "gpt-5").total
        used.append(prepared.report.used)
        # without a target, the most any writer sends (review11 P2: the items' framings)
        untargeted = fit(history, "gpt-5").report
        assert untargeted.used >= prepared.report.used
    assert used[0] == used[1]
    pricer = Pricer.for_model("gpt-5", wire="openai-responses")
    both = pricer.message(Message.assistant(*both_blocks()))
    apart = [pricer.message(Message.assistant(b)) for b in both_blocks()]
    assert both.total == sum(p.total for p in apart)


def both_blocks() -> tuple[str, ToolCall]:
    return "use this", ToolCall("c1", "shell", "{}")
