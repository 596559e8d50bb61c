"""Images a tool returned, on every wire: inside the result where the API takes them
(Anthropic ``tool_result``, Responses ``function_call_output``); on Chat Completions, whose
tool messages carry text only, in a user turn right after all the tool messages of the
exchange, introduced by the call's id, reported; on Gemini beside the function responses
of the turn, introduced alike (``function_response.parts`` is Gemini 3's alone); priced
as sent."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import image_block
from contextledger import Image, Message, Text, ToolCall, ToolResult, fit
from contextledger.errors import UnsupportedBlockError
from contextledger.model import Audio, InlineData
from contextledger.prepare import prepare
from contextledger.pricing.messages import price_request
from contextledger.providers import read_messages, translate
from contextledger.providers.ids import wire_id
from sdk_check import validate_body
from stub_server import StubServer, validate_openai

SHOT = image_block(640, 400, name="shot.png")


@st.composite
def exchanges(draw: st.DrawFn) -> tuple[Message, ...]:
    """A parallel call of one to four tools, some returning screenshots, the results in
    any order, then the next request (or nothing: the exchange ends the history)."""
    n = draw(st.integers(1, 4))
    ids = [draw(st.sampled_from(["call_", "toolu_", "x" * 50, "call:"])) + str(k) for k in range(n)]
    out: list[Message] = [
        Message.user("check the screen"),
        Message("assistant", tuple(ToolCall(i, "screenshot", "{}") for i in ids)),
    ]
    for i in draw(st.permutations(ids)):
        content: list[Text | Image] = [Text(f"result of {i}")]
        content += [SHOT] * draw(st.integers(0, 2))
        out.append(Message("tool", (ToolResult(i, tuple(content)),)))
    if draw(st.booleans()):
        out.append(Message.user("what do you see?"))
    return tuple(out)


@given(msgs=exchanges())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_chat_tool_images_follow_all_the_tool_messages_and_read_back(
    msgs: tuple[Message, ...],
) -> None:
    translation = translate(msgs, "openai")
    wire: list[dict[str, Any]] = translation.body["messages"]
    validate_openai({"model": "gpt-4o", "messages": wire}, StubServer())
    validate_body("openai", translation.body)
    tools = [k for k, m in enumerate(wire) if m["role"] == "tool"]
    assert tools == list(range(2, 2 + len(tools)))  # right after the call, together
    with_images = [
        r for m in msgs for r in m.tool_results if any(isinstance(b, Image) for b in r.content)
    ]
    moved = [n for n in translation.notices if n.kind == "moved"]
    assert len(moved) == len(with_images)
    if with_images:
        turn = wire[tools[-1] + 1]
        assert turn["role"] == "user"
        headers = [
            p["text"] for p in turn["content"] if p.get("text", "").startswith("Images returned")
        ]
        assert headers == [
            f"Images returned by tool call {wire_id(r.call_id, 'openai')}:" for r in with_images
        ]
    assert not any(
        isinstance(p, dict) and p.get("type") == "image_url"
        for m in wire
        if m["role"] == "tool"
        for p in (m["content"] if isinstance(m["content"], list) else [])
    )
    back = read_messages(wire)  # folded back into their results
    assert [len(r.content) for m in back for r in m.tool_results] == [
        len(r.content) for m in msgs for r in m.tool_results
    ]


@pytest.mark.parametrize("model", ["gpt-4o", "gpt-4.1-mini"])
def test_moved_tool_images_are_priced_as_sent(model: str) -> None:
    msgs = (
        Message.user("check the screen"),
        Message("assistant", (ToolCall("c1", "screenshot", "{}"), ToolCall("c2", "ls", "{}"))),
        Message("tool", (ToolResult("c1", (Text("here"), SHOT, SHOT)),)),
        Message("tool", (ToolResult("c2", (Text("a b"),)),)),
        Message.user("what do you see?"),
    )
    out = prepare(msgs, model, target="openai")
    assert out.report.used >= price_request(out.body, model, "openai").total
    assert any(n.kind == "moved" for n in out.report.notices)


@pytest.mark.parametrize("fmt", ["anthropic", "openai-responses"])
def test_other_wires_keep_a_tools_images_inside_its_result(fmt: str) -> None:
    msgs = (
        Message.user("check the screen"),
        Message.assistant(ToolCall("c1", "screenshot", "{}")),
        Message("tool", (ToolResult("c1", (Text("here"), SHOT)),)),
    )
    translation = translate(msgs, fmt)
    validate_body(fmt, translation.body)
    assert not [n for n in translation.notices if n.kind == "moved"]
    image = read_messages(translation.body, fmt)[2].tool_results[0].content[1]
    assert isinstance(image, Image) and image.data == SHOT.data


def test_image_only_results_of_a_parallel_call_are_priced_as_sent() -> None:
    """review15 R15-P1: a parallel call's result holding only a screenshot is a Chat tool
    message with an empty text, which OpenAI bills escaped ('""'): ``used`` was one token
    below the body's price per such result."""
    shot = image_block(20, 20)
    call = Message(
        "assistant", (ToolCall("call_a", "shot", "{}"), ToolCall("call_b", "shot", "{}"))
    )
    for second in ((shot,), (Text("t"),), (shot, shot), (Text("x"), shot)):
        msgs = (
            Message.user("look"), call,
            Message("tool", (ToolResult("call_a", (shot,)),)),
            Message("tool", (ToolResult("call_b", second),)),
        )  # fmt: skip
        res = prepare(msgs, "gpt-4o", target="openai", compaction=False)
        assert res.report.used == price_request(res.body, "gpt-4o", "openai").total


RECORDING = Audio(InlineData(base64.b64encode(b"RIFF" + bytes(200)).decode()), "wav")


def _recorded(content: tuple[Any, ...]) -> tuple[Message, ...]:
    return (
        Message.user("transcribe the call"),
        Message("assistant", (ToolCall("call_1", "record", "{}"),)),
        Message("tool", (ToolResult("call_1", content),)),
        Message.user("what was said?"),
    )


@pytest.mark.parametrize(
    "content", [(Text("recorded:"), RECORDING), (RECORDING,)], ids=["with-text", "alone"]
)
@pytest.mark.parametrize(
    ("fmt", "model"), [("openai", "gpt-4o-audio-preview"), ("gemini", "gemini-2.5-flash")]
)
def test_audio_a_tool_returned_follows_the_results_where_a_user_turn_takes_it(
    fmt: str, model: str, content: tuple[Any, ...]
) -> None:
    """Audio in a tool result used to crash the Chat writer (AttributeError) and to vanish,
    priced, from a Gemini body: it now follows the results as their images do (Chat's user
    turn takes ``input_audio``, Gemini's an audio ``inline_data``), priced as sent, and reads
    back into its result."""
    res = fit(_recorded(content), model, target=fmt)
    body = {"model": model, **translate(res.messages, fmt).body}
    assert res.report.used == price_request(body, model, fmt).total
    wire = json.dumps(body)
    assert ("input_audio" if fmt == "openai" else "audio/wav") in wire
    if fmt == "openai":
        validate_body(fmt, body)
    back = [r for m in read_messages(body, fmt) for r in m.tool_results]
    assert [type(b).__name__ for b in back[0].content][-1] == "Audio"


@pytest.mark.parametrize("fmt", ["anthropic", "openai-responses"])
def test_audio_a_tool_returned_is_refused_naming_it_where_results_cannot_carry_it(
    fmt: str,
) -> None:
    """Anthropic's ``tool_result`` and Responses' ``function_call_output`` take no audio:
    the writers left it out unsaid (priced, not sent); now a typed error names it."""
    with pytest.raises(UnsupportedBlockError) as err:
        translate(_recorded((Text("recorded:"), RECORDING)), fmt)
    assert err.value.path == "messages[2].content[0].content[1]"
    assert "audio" in str(err.value)
