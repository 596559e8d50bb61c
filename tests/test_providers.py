"""Translators: lossless round trips, loud failures, shape rules, official SDK types."""

from __future__ import annotations

import base64
import dataclasses
import io
import json
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from PIL import Image as PILImage

from builders import png
from contextledger import (
    Audio,
    ContentError,
    FileAttachment,
    Image,
    InlineData,
    Message,
    Reasoning,
    Text,
    ToolCall,
    ToolResult,
    UnsupportedBlockError,
    VisionGateError,
)
from contextledger.model import Block
from contextledger.providers import FORMATS, detect_format, read_messages, translate
from contextledger.providers.common import sent_media_type
from sdk_check import validate_body
from strategies import conversations
from stub_server import Invalid, StubServer, validate_anthropic

# Shown on gpt-3.5-turbo and o3-mini as text-only models, served again here (shut down by its provider since:
# test_catalog_shut_down.py tests the refusals).
pytestmark = pytest.mark.usefixtures("served_by_default")

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def canon(messages: tuple[Message, ...], fmt: str) -> list[tuple[Any, ...]]:
    """What a format is expected to preserve: everything but position-derived ids and
    the few fields a format has no place for (documented in each translator)."""

    def block(b: Block) -> Block:
        if isinstance(b, Image):
            if fmt in ("anthropic", "gemini"):
                b = dataclasses.replace(b, detail=None)
                if b.data is not None and b.media_type:  # sent as the format of its bytes
                    b = dataclasses.replace(b, media_type=sent_media_type(b.media_type, b.data))
            if fmt == "gemini" and b.url is not None:
                b = dataclasses.replace(b, media_type=None)
            if fmt == "anthropic" and b.url is not None:
                b = dataclasses.replace(b, media_type=None)
            return b
        if isinstance(b, ToolResult):
            return ToolResult(b.call_id, tuple(block(x) for x in b.content), b.is_error, None)  # type: ignore[misc]
        return b

    out = [(m.role, m.name, tuple(block(b) for b in m.content)) for m in messages]
    if fmt in ("anthropic", "gemini"):  # consecutive user (or assistant) turns are written as one
        merged: list[tuple[Any, ...]] = []
        for role, name, content in out:
            if merged and role != "tool" and merged[-1][0] == role:
                merged[-1] = (role, name, merged[-1][2] + content)
            else:
                merged.append((role, name, content))
        out = merged
    return out


def user_first(data: tuple[Message, ...]) -> tuple[Message, ...]:
    """``data`` opening with a user turn (Gemini and Anthropic refuse anything else)."""
    first = next((m for m in data if m.role != "system"), None)
    if first is None or first.role == "user":
        return data
    system = tuple(m for m in data if m.role == "system")
    return (*system, Message.user("hi"), *(m for m in data if m.role != "system"))


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("user_first", [True, False], ids=["image-first", "text-first"])
def test_a_users_image_after_a_tools_images_stays_the_users(fmt: str, user_first: bool) -> None:
    """Gemini joins the user's turn to the tool's media under "Images returned by tool call
    …:": a screenshot the user sent right after was read back (and shown to the model) as the
    tool's (the round-trip property test's explore profile found it)."""
    shot = Image(url="https://example.com/theirs.png")
    own = (shot, Text("see")) if user_first else (Text("see"), shot)
    data = (
        Message.user("go"),
        Message("assistant", (ToolCall("call_1", "read_file", "{}"),)),
        Message(
            "tool", (ToolResult("call_1", (Text("?"), Image(url="https://example.com/tools.png"))),)
        ),
        Message("user", own),
    )
    body = translate(data, fmt).body  # type: ignore[arg-type]
    back = read_messages(json.loads(json.dumps(body)), fmt)  # type: ignore[arg-type]
    assert canon(back, fmt) == canon(data, fmt)


@pytest.mark.parametrize("fmt", FORMATS)
@given(data=conversations(with_detail=False))
@SETTINGS
def test_model_to_wire_to_model_is_lossless(fmt: str, data: tuple[Message, ...]) -> None:
    body = translate(data, fmt, validate=False).body  # type: ignore[arg-type]
    back = read_messages(json.loads(json.dumps(body)), fmt)  # type: ignore[arg-type]
    assert canon(back, fmt) == canon(data, fmt)


@pytest.mark.parametrize("fmt", FORMATS)
@given(data=conversations(with_detail=False))
@SETTINGS
def test_wire_to_model_to_wire_is_identical(fmt: str, data: tuple[Message, ...]) -> None:
    # Anthropic and Gemini write consecutive user (or assistant) messages as one turn, which
    # reads back as one message, written images first like any other
    # (test_anthropic_turns_alternate, test_gemini_turns_alternate)
    pairs = pairwise(m.role for m in data)
    assume(fmt not in ("anthropic", "gemini") or all(a != b or a == "tool" for a, b in pairs))
    body = translate(data, fmt, validate=False).body  # type: ignore[arg-type]
    again = translate(read_messages(body, fmt), fmt, validate=False).body  # type: ignore[arg-type]
    assert again == body


@given(data=conversations(with_detail=True, readable=True))
@SETTINGS
def test_openai_keeps_detail(data: tuple[Message, ...]) -> None:
    body = translate(data, "openai").body
    assert canon(read_messages(body, "openai"), "openai") == canon(data, "openai")


@pytest.mark.parametrize("provider", ["anthropic", "openai-responses", "gemini"])
@given(data=conversations(reasoning_provider="anthropic"))
@SETTINGS
def test_reasoning_survives_its_own_provider_only(provider: str, data: tuple[Message, ...]) -> None:
    reasoning = sum(isinstance(b, Reasoning) for m in data for b in m.content)
    result = translate(user_first(data), provider)  # type: ignore[arg-type]
    dropped = [n for n in result.notices if n.kind == "dropped" and "reasoning" in n.text]
    assert len(dropped) == (0 if provider == "anthropic" else reasoning)


@pytest.mark.parametrize("fmt", ["openai", "anthropic", "openai-responses"])
@given(data=conversations(with_files=False))
@SETTINGS
def test_payloads_validate_against_official_sdk_types(fmt: str, data: tuple[Message, ...]) -> None:
    validate_body(fmt, translate(user_first(data), fmt).body)  # type: ignore[arg-type]


@given(data=conversations(reasoning_provider="anthropic", with_files=False))
@SETTINGS
def test_anthropic_thinking_validates(data: tuple[Message, ...]) -> None:
    validate_body("anthropic", translate(user_first(data), "anthropic").body)


@given(data=conversations(reasoning_provider="openai-responses", with_files=False, readable=True))
@SETTINGS
def test_responses_reasoning_validates_and_round_trips(data: tuple[Message, ...]) -> None:
    body = translate(data, "openai-responses").body
    validate_body("openai-responses", body)
    assert canon(read_messages(body, "openai-responses"), "openai-responses") == canon(
        data, "openai-responses"
    )


# ------------------------------------------------------------------- loud failures


def test_unknown_block_names_its_path() -> None:
    msgs = [
        {"role": "user", "content": "hi"},
        {"role": "user", "content": [{"type": "video", "video": {}}]},
    ]
    with pytest.raises(
        ContentError, match=r"messages\[1\]\.content\[0\]\.type: unknown block type 'video'"
    ):
        read_messages(msgs)


def test_audio_cannot_be_sent_to_anthropic() -> None:
    msgs = [
        {"role": "user", "content": "hello"},
        {"role": "assistant", "content": "hi"},
        {"role": "user", "content": "x"},
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "listen"},
                {"type": "input_audio", "input_audio": {"data": "AAAA", "format": "wav"}},
            ],
        },
    ]
    with pytest.raises(UnsupportedBlockError) as err:
        translate(msgs, "anthropic")
    assert (
        str(err.value)
        == "messages[3].content[1]: block type 'input_audio' cannot be sent to anthropic"
    )
    assert err.value.path == "messages[3].content[1]"
    # Gemini takes the audio; the two user messages in a row go as one user turn
    assert translate(msgs, "gemini").body["contents"][-1]["parts"][:2] == [
        {"text": "x"},
        {"text": "listen"},
    ]


def test_unknown_role_and_bad_shapes_raise_content_errors() -> None:
    with pytest.raises(ContentError, match=r"messages\[0\]\.role"):
        read_messages([{"role": "narrator", "content": "x"}], "openai")
    with pytest.raises(ContentError, match="data URL is not base64"):
        read_messages(
            [
                {
                    "role": "user",
                    "content": [{"type": "image_url", "image_url": {"url": "data:image/png,abc"}}],
                }
            ]
        )
    with pytest.raises(ContentError, match=r"messages\[0\]: expected an object"):
        read_messages(["hi"], "openai")


def test_anthropic_rejects_unparseable_tool_arguments_with_advice() -> None:
    msgs = (
        Message.user("go"),
        Message("assistant", (ToolCall("c1", "run", '{"cmd": "ls'),)),
        Message.tool("c1", "ok"),
    )
    for fmt in ("anthropic", "gemini"):  # their calls carry a JSON object
        with pytest.raises(ContentError, match=r"messages\[1\]\.content\[0\].*repair"):
            translate(msgs, fmt)
    # The OpenAI formats take the string as the model wrote it
    raw = translate(msgs, "openai").body["messages"][1]["tool_calls"][0]
    assert raw["function"]["arguments"] == '{"cmd": "ls'
    assert translate(msgs, "openai-responses").body["input"][1]["arguments"] == '{"cmd": "ls'


def test_store_refs_must_be_materialized() -> None:
    msgs = (Message.user(Image(ref="a" * 64 + ".png", media_type="image/png"), "see"),)
    for fmt in FORMATS:
        with pytest.raises(ContentError, match="materialize"):
            translate(msgs, fmt)


# ------------------------------------------------------------------- shape rules


#: A real 1x1 PNG as an OpenAI part (fit prices images by their pixels).
_PNG = {
    "type": "image_url",
    "image_url": {
        "url": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"
    },
}


def _user(*parts: Any) -> dict[str, Any]:
    return {
        "role": "user",
        "content": [p if isinstance(p, dict) else {"type": "text", "text": p} for p in parts],
    }


def _img_data(n: int) -> InlineData:
    """A real 10x10 PNG, one color per ``n`` (bytes that are no image are sent as a note)."""
    return InlineData(base64.b64encode(png(10, 10, (n * 40 % 256, 0, 0))).decode())


def _img(n: int) -> Image:
    return Image(
        media_type="image/png",
        data=_img_data(n),
        name=f"shot{n}.png",
        width=10,
        height=10,
    )


def test_user_images_keep_their_place_and_are_labelled_on_every_provider() -> None:
    msgs = (Message.user("compare these", _img(1), _img(2)),)
    openai_parts = translate(msgs, "openai").body["messages"][0]["content"]
    assert [p["type"] for p in openai_parts] == ["text", "text", "image_url", "text", "image_url"]
    texts = [p.get("text") for p in openai_parts if p["type"] == "text"]
    assert texts == ["compare these", "Image 1:", "Image 2:"]
    anthropic_blocks = translate(msgs, "anthropic").body["messages"][0]["content"]
    assert [b["type"] for b in anthropic_blocks] == ["text", "text", "image", "text", "image"]
    assert anthropic_blocks[3]["text"] == "Image 2:"
    responses_parts = translate(msgs, "openai-responses").body["input"][0]["content"]
    assert [p["type"] for p in responses_parts] == [
        "input_text",
        "input_text",
        "input_image",
        "input_text",
        "input_image",
    ]
    gemini_parts = translate(msgs, "gemini").body["contents"][0]["parts"]
    assert gemini_parts[1] == {"text": "Image 1:"} and "inline_data" in gemini_parts[2]
    back = read_messages(translate(msgs, "gemini").body)[0].content
    assert [b.type for b in back] == ["text", "image", "image"]  # labels read back out


@pytest.mark.parametrize("target", ["openai", "anthropic", "gemini", "openai-responses"])
def test_text_written_between_images_keeps_its_order_and_gets_no_labels(target: str) -> None:
    """Regression: "Image A:", shot, "Image B:", shot became "Image 1:", shot, "Image 2:",
    shot, "Image A:", "Image B:" — the user's references pointed nowhere."""
    from contextledger.pricing.messages import Pricer

    msg = Message.user("Image A:", _img(1), "Image B:", _img(2), "Which one is red?")
    body = translate((msg,), target).body
    key, inner = {
        "openai": ("messages", "content"),
        "anthropic": ("messages", "content"),
        "gemini": ("contents", "parts"),
        "openai-responses": ("input", "content"),
    }[target]
    parts = body[key][0][inner]
    texts = [p.get("text") for p in parts if p.get("text") is not None]
    assert texts == ["Image A:", "Image B:", "Which one is red?"]
    assert len(parts) == 5 and parts[1].get("text") is None and parts[3].get("text") is None
    # priced as sent: no label tokens for labels that are not there
    pricer = Pricer.for_model("gpt-4o" if "openai" in target else "claude-sonnet-4-5", wire=target)
    images_first = Message.user(_img(1), _img(2), "Image A:", "Image B:", "Which one is red?")
    labels = pricer.text("Image 1:") + pricer.text("Image 2:")
    assert pricer.message(msg).text == pricer.message(images_first).text - labels


@pytest.mark.parametrize("target", FORMATS)
def test_a_single_image_keeps_its_place_after_the_text_that_introduces_it(target: str) -> None:
    """Regression: [text, image] was written [image, text] on every provider, silently (and
    read back in the new order)."""
    msg = Message.user("what is this:", _img(1), "and why is it red?")
    body = translate((msg,), target).body
    assert [b.type for b in read_messages(body, target)[0].content] == ["text", "image", "text"]
    anthropic = translate((msg,), "anthropic").body["messages"][0]["content"]
    assert [b["type"] for b in anthropic] == ["text", "image", "text"]


def test_no_empty_text_blocks_and_text_only_turns_stay_strings() -> None:
    msgs = (Message.user(_img(1), ""), Message.assistant("ok"), Message.user("plain"))
    body = translate(msgs, "anthropic").body
    assert body["messages"][0]["content"] == [
        translate(msgs, "anthropic").body["messages"][0]["content"][0]
    ]
    assert body["messages"][2]["content"] == "plain"
    assert translate(msgs, "openai").body["messages"][2]["content"] == "plain"


def test_tool_result_images_on_openai_chat_follow_in_a_user_turn() -> None:
    msgs = (
        Message.user("take a screenshot"),
        Message("assistant", (ToolCall("c1", "screenshot", "{}"), ToolCall("c2", "ls", "{}"))),
        Message.tool("c1", "captured", _img(3)),
        Message.tool("c2", "a b c"),
        Message.user("what do you see?"),
    )
    wire = translate(msgs, "openai").body["messages"]
    assert [m["role"] for m in wire] == ["user", "assistant", "tool", "tool", "user", "user"]
    assert wire[4]["content"][0] == {"type": "text", "text": "Images returned by tool call c1:"}
    assert wire[4]["content"][1]["type"] == "image_url"
    validate_body("openai", {"messages": wire})
    back = read_messages(wire)
    assert back[2].tool_results[0].content[1] == _img(3).__class__(
        media_type="image/png", data=_img_data(3)
    )
    # Anthropic carries the image inside tool_result
    anth = translate(msgs, "anthropic").body["messages"]
    assert anth[2]["content"][0]["content"][1]["type"] == "image"


def test_recap_is_a_labelled_user_turn() -> None:
    from contextledger import Recap

    msgs = (Message("user", (Recap("We fixed the bug in src/app.py."),)), Message.user("next?"))
    wire = translate(msgs, "openai").body["messages"]
    assert wire[0] == {
        "role": "user",
        "content": "Compacted summary of earlier conversation:\nWe fixed the bug in src/app.py.",
    }
    assert read_messages(wire)[0].is_recap


def test_attachment_travels_as_document_on_anthropic_and_text_elsewhere() -> None:
    msgs = (Message.user("summarize", FileAttachment("notes.txt", text="line 1\nline 2")),)
    anth = translate(msgs, "anthropic").body["messages"][0]["content"]
    assert anth[1] == {
        "type": "document",
        "source": {"type": "text", "media_type": "text/plain", "data": "line 1\nline 2"},
        "title": "notes.txt",
    }
    oa = translate(msgs, "openai").body["messages"][0]["content"]
    assert oa[1]["text"] == "Attached file: notes.txt\n```\nline 1\nline 2\n```"


# ------------------------------------------------------------------- vision gate


def test_vision_gate_refuses_images_for_text_only_model() -> None:
    msgs = (Message.user(_img(1), "why?"),)
    with pytest.raises(
        VisionGateError,
        match=r"gpt-3.5-turbo cannot accept images.*Switch to a vision model or remove the images",
    ):
        translate(msgs, "openai", model="gpt-3.5-turbo")


def test_vision_gate_placeholder_is_visible_reported_and_reversible() -> None:
    msgs = (Message.user(_img(1), "why?"),)
    result = translate(msgs, "openai", model="gpt-3.5-turbo", on_images="placeholder")
    content = result.body["messages"][0]["content"]
    assert "[image 'shot1.png' 10×10 omitted: gpt-3.5-turbo does not accept images]" in json.dumps(
        content, ensure_ascii=False
    )
    assert len(result.notices) == 1 and result.notices[0].kind == "replaced"
    # the record is untouched: a vision model gets the image back
    again = translate(msgs, "openai", model="gpt-4o").body["messages"][0]["content"]
    assert again[0]["type"] == "image_url"


# Images sent by a file id: Anthropic's Files API, OpenAI Responses' input_image file_id.
IMAGES_BY_FILE_ID = [
    ("anthropic", "file_011CNha8iCJcU1wXNR6q4V8w", [{"role": "user", "content": [
        {"type": "image", "source": {"type": "file", "file_id": "file_011CNha8iCJcU1wXNR6q4V8w"}},
        {"type": "text", "text": "What is in this picture?"}]}]),
    ("openai-responses", "file-6F2ksmvXxt4VdoqmHRw6kL", [{"role": "user", "content": [
        {"type": "input_image", "file_id": "file-6F2ksmvXxt4VdoqmHRw6kL"},
        {"type": "input_text", "text": "What is in this picture?"}]}]),
]  # fmt: skip


@pytest.mark.parametrize(("fmt", "file_id", "msgs"), IMAGES_BY_FILE_ID)
def test_vision_gate_sees_images_by_file_id(fmt: str, file_id: str, msgs: list[Any]) -> None:
    """An image by file id sent to a text-only model is refused (or, by option, a reported
    placeholder) like an inline one: the provider refuses it all the same."""
    from contextledger import fit
    from contextledger.catalog import default_catalog

    catalog = default_catalog().copy()
    # (text-only models of each provider, registered: OpenAI's own were shut down)
    blind, seeing = (
        ("claude-blind", "claude-sonnet-4-5")
        if fmt == "anthropic"
        else ("gpt-blind", "gpt-5.4-mini")
    )
    catalog.register(dataclasses.replace(catalog.lookup(seeing), id=blind, vision=False))
    with pytest.raises(VisionGateError, match="cannot accept images"):
        fit(msgs, blind, catalog=catalog)
    res = fit(msgs, blind, catalog=catalog, on_images="placeholder")
    assert [n.kind for n in res.report.notices] == ["replaced"]
    assert file_id in res.report.notices[0].text
    assert res.messages[-1].text.startswith(f"[image '{file_id}' omitted: {blind} does not")


def test_vision_gate_also_covers_images_inside_tool_results() -> None:
    msgs = (
        Message.user("shot"),
        Message("assistant", (ToolCall("c1", "screenshot", "{}"),)),
        Message.tool("c1", "done", _img(2)),
    )
    with pytest.raises(VisionGateError):
        translate(msgs, "openai", model="gpt-3.5-turbo")
    res = translate(msgs, "openai", model="gpt-3.5-turbo", on_images="placeholder")
    assert "omitted" in json.dumps(res.body["messages"][2]["content"])


# ------------------------------------------------------------------- detection


@pytest.mark.parametrize("fmt", FORMATS)
@given(data=conversations(with_detail=False, min_turns=2))
@SETTINGS
def test_format_detection_on_our_own_output(fmt: str, data: tuple[Message, ...]) -> None:
    body = translate(data, fmt, validate=False).body  # type: ignore[arg-type]
    detected = detect_format(body)
    back = read_messages(body)
    assert canon(back, detected) == canon(read_messages(body, fmt), detected)  # type: ignore[arg-type]


def test_input_is_never_mutated() -> None:
    msgs = [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "a"},
                {"type": "image_url", "image_url": {"url": "https://x/y.png"}},
            ],
        }
    ]
    snapshot = json.dumps(msgs)
    translate(msgs, "anthropic")
    assert json.dumps(msgs) == snapshot


def test_audio_block_is_readable_and_kept_for_openai() -> None:
    m = read_messages(
        [
            {
                "role": "user",
                "content": [
                    {"type": "input_audio", "input_audio": {"data": "AAAA", "format": "wav"}}
                ],
            }
        ]
    )
    assert isinstance(m[0].content[0], Audio)
    assert translate(m, "openai").body["messages"][0]["content"][0]["type"] == "input_audio"
    assert isinstance(m[0].content[0], Audio | Text)


def test_gemini_function_call_signatures_survive() -> None:
    """Gemini 3 answers 400 when a function call comes back without its thought signature."""
    g = {"contents": [
        {"role": "user", "parts": [{"text": "weather?"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}, "thoughtSignature": "SIG_A"}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "get_weather", "response": {"output": "20"}}}]},
    ]}  # fmt: skip
    msgs = read_messages(g)
    assert msgs[1].tool_calls[0].signature == "SIG_A"
    part = translate(msgs, "gemini").body["contents"][1]["parts"][0]
    assert part["thought_signature"] == "SIG_A"


def test_anthropic_cache_control_survives_a_round_trip() -> None:
    """Prompt-caching breakpoints are not dropped on the way through (system, text, image,
    tool_use, tool_result: four at most, the API's limit), and the result still validates
    against the SDK types."""
    body = {
        "system": "You are X.",
        "messages": [
            {"role": "user", "content": [
                {"type": "image", "source": {"type": "url", "url": "https://x/a.png"}, "cache_control": {"type": "ephemeral"}},
                {"type": "text", "text": "look", "cache_control": {"type": "ephemeral", "ttl": "1h"}},
            ]},
            {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "ls", "input": {}, "cache_control": {"type": "ephemeral"}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "a b", "cache_control": {"type": "ephemeral"}}]},
        ],
    }  # fmt: skip
    out = translate(read_messages(body), "anthropic").body
    assert out == body
    validate_body("anthropic", out)
    # a fifth mark (on the system prompt) is one too many: the earliest is taken off, said
    mark = {"type": "ephemeral"}
    marked = {**body, "system": [{"type": "text", "text": "You are X.", "cache_control": mark}]}
    five = translate(read_messages(marked), "anthropic")
    assert five.body["messages"] == body["messages"]
    assert "cache_control" not in five.body["system"][0]
    assert [n.where for n in five.notices] == ["system[0]"]
    # other formats carry no cache_control, and nothing else changes for them
    assert "cache_control" not in json.dumps(translate(read_messages(body), "openai").body)


def test_tool_image_turn_on_openai_chat_labels_two_or_more_images() -> None:
    msgs = (
        Message.user("screenshots please"),
        Message("assistant", (ToolCall("c1", "shot", "{}"), ToolCall("c2", "shot", "{}"))),
        Message.tool("c1", "one", _img(1)),
        Message.tool("c2", "two", _img(2)),
    )
    wire = translate(msgs, "openai").body["messages"]
    texts = [p.get("text") for p in wire[-1]["content"] if p["type"] == "text"]
    assert texts == [
        "Images returned by tool call c1:",
        "Image 1:",
        "Images returned by tool call c2:",
        "Image 2:",
    ]
    back = read_messages(wire)
    assert [len(m.tool_results[0].content) for m in back[2:]] == [2, 2]  # folded back, labels gone


@pytest.mark.parametrize("fmt", ["anthropic", "openai-responses"])
def test_tool_results_with_two_images_are_labelled_and_read_back(fmt: str) -> None:
    msgs = (
        Message.user("compare the two pages"),
        Message("assistant", (ToolCall("c1", "shots", "{}"),)),
        Message.tool("c1", "two pages", _img(1), _img(2)),
    )
    body = translate(msgs, fmt).body  # type: ignore[arg-type]
    assert "Image 2:" in json.dumps(body)
    back = read_messages(body, fmt)  # type: ignore[arg-type]
    assert [type(b).__name__ for b in back[-1].tool_results[0].content] == [
        "Text",
        "Image",
        "Image",
    ]


def test_responses_function_call_item_ids_survive() -> None:
    """Reasoning items refer to the item that follows them by id: keep fc_… ids."""
    body = {"input": [
        {"role": "user", "content": "q"},
        {"type": "reasoning", "id": "rs_1", "summary": []},
        {"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "a", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": "x"},
    ]}  # fmt: skip
    out = translate(read_messages(body), "openai-responses").body
    assert out["input"][2]["id"] == "fc_1"
    validate_body("openai-responses", out)


def test_anthropic_turns_alternate() -> None:
    """Consecutive turns of one role (a fit keeps a pinned request before the newest one, or
    drops the answer between two requests) are written as one turn, tool results first."""
    history = (
        Message.user("first request"),
        Message.user("second request", Image(url="https://example.com/a.png")),
        Message.assistant("Let me look."),
        Message.assistant(ToolCall("c1", "ls", "{}")),
        Message.tool("c1", "a.txt"),
        Message.user("and then?"),
        Message.user("please"),
    )
    body = translate(history, "anthropic").body
    assert [t["role"] for t in body["messages"]] == ["user", "assistant", "user"]
    first, calls, results = body["messages"]
    assert [b["type"] for b in first["content"]] == ["text", "text", "image"]  # as written
    assert [b["type"] for b in calls["content"]] == ["text", "tool_use"]
    assert [b["type"] for b in results["content"]] == ["tool_result", "text", "text"]
    validate_body("anthropic", body)
    headers = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
    validate_anthropic(
        {"model": "claude-sonnet-4-5", "max_tokens": 9, **body}, headers, StubServer()
    )
    raw = {"model": "m", "max_tokens": 9, "messages": [first, first]}
    with pytest.raises(Invalid, match="roles must alternate"):
        validate_anthropic(raw, headers, StubServer())


@pytest.mark.parametrize(
    "turns",
    [
        [_user("first"), _user(_PNG, _PNG, "what differs?")],
        [_user(_PNG, _PNG), _user("which one?")],
        [_user(_PNG, "this"), _user(_PNG, "and this")],
    ],
    ids=["text-then-two-images", "two-images-then-text", "one-image-each"],
)
def test_anthropic_joins_turns_with_images(turns: list[dict[str, Any]]) -> None:
    """Two user turns in a row go as one Anthropic turn even when they hold two images or
    more (they used to stay apart: the stub refuses that, as Bedrock does), and the fit's
    budget for them is what the joined body is priced at: one framing, the labels each
    turn was written with."""
    from contextledger import fit
    from contextledger.pricing.messages import price_request

    model = "claude-sonnet-4-5"
    res = fit(turns, model, target="anthropic")
    body = translate(res.messages, "anthropic", model=model).body
    assert [t["role"] for t in body["messages"]] == ["user"]
    headers = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
    validate_anthropic({"model": model, "max_tokens": 9, **body}, headers, StubServer())
    assert price_request(body, model, "anthropic").total == res.report.used


def test_gemini_turns_alternate() -> None:
    """Gemini refuses two turns of one role in a row ("Please ensure that multiturn
    requests alternate between user and model"): the writer joins them, parts in order, the
    validator and the stub refuse them, and the price counts one framing per turn sent."""
    from contextledger.pricing.messages import price_request
    from contextledger.validate import gemini_contents_problems
    from stub_server import validate_gemini

    history = (
        Message.user("first request"),
        Message.user("second request", Image(url="https://example.com/a.png")),
        Message.assistant("Let me look."),
        Message.assistant("Still looking."),
        Message.assistant(ToolCall("c1", "ls", "{}")),
        Message.tool("c1", "a.txt"),
        Message.user("and then?"),
        Message.user("please"),
    )
    body = translate(history, "gemini").body
    assert [t["role"] for t in body["contents"]] == ["user", "model", "user"]
    first, calls, results = body["contents"]
    assert [next(iter(p)) for p in first["parts"]] == ["text", "text", "file_data"]
    assert [next(iter(p)) for p in calls["parts"]] == ["text", "text", "function_call"]
    assert [next(iter(p)) for p in results["parts"]] == ["function_response", "text", "text"]
    validate_gemini(body)
    assert gemini_contents_problems(body["contents"]) == []
    twice = [first, first]
    assert [p.kind for p in gemini_contents_problems(twice)] == ["alternation"]
    with pytest.raises(Invalid, match="alternate between user and model"):
        validate_gemini({"contents": twice})
    # what a fit budgets for these messages is what the written body is priced at
    from contextledger.pricing.messages import REQUEST_OVERHEAD, Pricer

    pricer = Pricer.for_model("gemini-2.5-flash", wire="gemini")
    priced = price_request(body, "gemini-2.5-flash").total
    assert pricer.messages(history).total + REQUEST_OVERHEAD == priced


def test_whitespace_only_text_never_reaches_anthropic() -> None:
    """Anthropic answers 400 "text content blocks must contain non-whitespace text": a
    blank message is removed (reported) and a blank block beside real content is left out."""
    from contextledger import fit, translate

    history = [
        {"role": "user", "content": "real question"},
        {"role": "assistant", "content": ""},
        {"role": "user", "content": "   "},
        {
            "role": "assistant",
            "content": [{"type": "text", "text": " "}, {"type": "text", "text": "answer"}],
        },
        {
            "role": "user",
            "content": [{"type": "text", "text": "\n\t"}, {"type": "text", "text": "again?"}],
        },
    ]
    res = fit(history, "claude-sonnet-4-5", target="anthropic")
    body = translate(res.messages, "anthropic").body
    texts = [
        block["text"] if isinstance(block, dict) else block
        for turn in body["messages"]
        for block in (turn["content"] if isinstance(turn["content"], list) else [turn["content"]])
        if not isinstance(block, dict) or block.get("type") == "text"
    ]
    assert texts and all(t.strip() for t in texts)
    assert [t["role"] for t in body["messages"]] == ["user", "assistant", "user"]
    assert "removed an empty user message" in " ".join(n.text for n in res.report.notices)


def test_one_gemini_item_in_an_openai_list_is_refused_not_misread() -> None:
    """One Gemini-shaped dict among OpenAI dicts made the whole list read as Gemini: the
    OpenAI turns read as empty and were removed, the newest request with them. The list
    is refused, naming the first item that cannot be read and the one that decided."""
    from contextledger import fit

    mixed = [
        {"role": "user", "content": "my refund for order 123 is late"},
        {"role": "model", "parts": [{"text": "Let me check."}]},
        {"role": "user", "content": "please answer the refund question"},
    ]
    with pytest.raises(ContentError, match=r"contents\[1\] has 'parts'") as err:
        fit(mixed, "gpt-4o", window=8000)
    assert err.value.path == "contents[0]"
    with pytest.raises(ContentError, match="cannot mix formats"):
        read_messages({"contents": mixed})


@pytest.mark.parametrize(
    ("model", "target"),
    [
        ("gpt-4o", "openai"),
        ("claude-sonnet-4-5", "anthropic"),
        ("gemini-2.5-flash", "gemini"),
        ("gpt-4o", "openai-responses"),
    ],
)
def test_system_prompt_media_move_to_a_user_turn(model: str, target: str) -> None:
    """An image or a file in the system prompt used to vanish in translate (every writer
    sends the system prompt as text): fit moves them to a user turn after it, reported,
    and translate refuses a system message that still holds one, naming it."""
    from contextledger import fit
    from contextledger.pricing.messages import price_request

    pdf = {
        "type": "file",
        "file": {"filename": "guide.pdf", "file_data": "data:application/pdf;base64,JVBERi0xLjQK"},
    }
    system = {
        "role": "system",
        "content": [{"type": "text", "text": "Follow the brand guide:"}, _PNG, pdf],
    }
    msgs = [system, {"role": "user", "content": "make a banner in our style"}]
    res = fit(msgs, model, target=target)  # type: ignore[arg-type]
    assert [m.role for m in res.messages] == ["system", "user", "user"]
    assert [b.type for b in res.messages[1].content] == ["text", "image", "file"]
    assert any("from the system prompt" in n.text for n in res.report.notices)
    body = translate(res.messages, target, model=model).body  # type: ignore[arg-type]
    sent = json.dumps(body)
    assert _PNG["image_url"]["url"].split(",")[1] in sent and "JVBERi0xLjQK" in sent
    assert price_request(body, model, target).total <= res.report.prompt_tokens
    with pytest.raises(ContentError, match="system message holds an image") as err:
        translate(msgs, target)  # type: ignore[arg-type]
    assert err.value.path == "messages[0].content[1]"


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_arguments_never_reach_a_json_body(constant: str) -> None:
    """Python's json reads NaN and Infinity, and ``json.dumps`` writes them back bare: the
    Anthropic body was not JSON. They are refused where they are, as not JSON: in call
    arguments (named, and repair removes the call, reported) and in an input object."""
    from contextledger import fit

    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "f", "arguments": f'{{"x": {constant}}}'},
    }
    msgs = [
        {"role": "user", "content": "go"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
        {"role": "user", "content": "next"},
    ]
    with pytest.raises(ContentError, match=f"{constant.lstrip('-')} is not JSON") as err:
        translate(msgs, "anthropic")
    assert err.value.path == "messages[1].content[0]"
    res = fit(msgs, "claude-sonnet-4-5", target="anthropic")
    body = translate(res.messages, "anthropic").body
    json.loads(json.dumps(body, allow_nan=False))  # strict JSON
    assert any("not valid JSON" in n.text for n in res.report.notices)
    anthropic_body = {"messages": [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "a", "name": "f", "input": {"x": float(constant)}}]},
    ]}  # fmt: skip
    with pytest.raises(ContentError, match="not JSON") as err:
        read_messages(anthropic_body)
    assert err.value.path == "messages[1].content[0].input"


def test_anthropic_prefill_ends_without_trailing_whitespace() -> None:
    """OpenAI takes a final assistant turn ending in whitespace (a prefill); Anthropic
    refuses it ("final assistant content cannot end with trailing whitespace"), and so does
    the stub. The writer trims it, reported; earlier assistant turns are left as written."""
    from contextledger import fit

    msgs = [
        {"role": "user", "content": "Write JSON for order 5"},
        {"role": "assistant", "content": "Sure. "},
        {"role": "user", "content": "Go on"},
        {"role": "assistant", "content": "Here is the JSON: \n"},
    ]
    headers = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
    raw = {"model": "claude-sonnet-4-5", "max_tokens": 9, "messages": msgs}
    with pytest.raises(Invalid, match="trailing whitespace"):
        validate_anthropic(raw, headers, StubServer())
    res = fit(msgs, "claude-sonnet-4-5", target="anthropic")
    tr = translate(res.messages, "anthropic")
    turns = tr.body["messages"]
    assert turns[1]["content"] == "Sure. " and turns[-1]["content"] == "Here is the JSON:"
    assert [n.where for n in tr.notices if "trailing whitespace" in n.text] == ["messages[3]"]
    validate_anthropic({**raw, **tr.body}, headers, StubServer())
    blocks = [Message.user("q"), Message.assistant(ToolCall("c1", "ls"))]
    blocks += [Message.tool("c1", "a"), Message.assistant("Done ", Text("then\t"))]
    last = translate(blocks, "anthropic").body["messages"][-1]["content"]
    assert [b["text"] for b in last] == ["Done ", "then"]


@pytest.mark.parametrize("target", ["anthropic", "gemini", "openai-responses"])
def test_message_names_dropped_are_reported(target: str) -> None:
    """In a chat of several people, only OpenAI Chat carries who said what (``name``);
    Gemini and Responses dropped the names without a word (Anthropic reported them)."""
    chat = [
        {"role": "system", "name": "ops", "content": "Be fair."},
        {"role": "user", "name": "alice", "content": "I want a refund"},
        {"role": "user", "name": "bob", "content": "No, do not refund her"},
        {"role": "assistant", "content": "Understood."},
        {"role": "user", "name": "alice", "content": "who objected?"},
    ]
    tr = translate(chat, target)  # type: ignore[arg-type]
    named = [n.where for n in tr.notices if "no message names" in n.text]
    assert named == ["messages[0]", "messages[1]", "messages[2]", "messages[4]"]
    assert translate(chat, "openai").notices == ()


@pytest.mark.parametrize(
    ("target", "model"),
    [("openai", "gpt-4o"), ("anthropic", "claude-sonnet-4-5"), ("openai-responses", "gpt-4o")],
)
def test_tool_names_another_provider_refuses_are_renamed_alike(target: str, model: str) -> None:
    """Gemini takes '.' and ':' in function names (MCP-style ``github.create_issue``);
    OpenAI and Anthropic refuse them (the stubs too). Calls, results and declared tools
    are renamed alike (a pure function of the name, every turn the same), reported, and
    the fit prices the renamed body; two names that would become one are refused."""
    from contextledger import fit
    from contextledger.pricing.messages import price_request
    from contextledger.providers import provider_format
    from contextledger.providers.ids import wire_name
    from stub_responses import validate_responses
    from stub_server import validate_openai

    history = {"contents": [
        {"role": "user", "parts": [{"text": "open an issue"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "github.create_issue", "args": {"title": "bug"}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "github.create_issue", "response": {"url": "https://x/1"}}}]},
        {"role": "user", "parts": [{"text": "thanks, and label it"}]},
    ]}  # fmt: skip
    tools = [
        {
            "type": "function",
            "function": {"name": "github.create_issue", "parameters": {"type": "object"}},
        }
    ]
    res = fit(history, model, target=target, tools=tools)  # type: ignore[arg-type]
    tr = translate(res.messages, target, model=model)  # type: ignore[arg-type]
    assert "github.create_issue" not in json.dumps(tr.body)
    assert wire_name("github.create_issue", target) == "github_create_issue"
    assert any("'github.create_issue' as 'github_create_issue'" in n.text for n in tr.notices)
    declared = provider_format(target).convert_tools(tools)
    assert "github_create_issue" in json.dumps(declared)
    request = {"model": model, **tr.body, "tools": declared}
    stub, headers = (
        StubServer(),
        {"authorization": "Bearer k", "x-api-key": "k", "anthropic-version": "2023-06-01"},
    )
    if target == "openai":
        validate_openai(request, stub)
    elif target == "anthropic":
        validate_anthropic({**request, "max_tokens": 9}, headers, stub)
    else:
        validate_responses(request, headers, stub)
    assert (
        price_request(tr.body, model, target).total
        <= res.report.prompt_tokens - res.report.tools_tokens
    )
    both = [
        Message.user("q"),
        Message.assistant(ToolCall("c1", "a.b"), ToolCall("c2", "a_b")),
        Message.tool("c1", "x"),
        Message.tool("c2", "y"),
    ]
    with pytest.raises(ContentError, match="another tool's too"):
        translate(both, target)  # type: ignore[arg-type]


def test_gemini_model_turn_images_round_trip() -> None:
    """Gemini image models answer with images in the model turn (multi-turn editing sends
    them back, Gemini 3 with their thought signature): such a history is read, fitted and
    written back as it was; a target whose assistant turns take no images refuses it,
    naming where (it was refused on reading, even for Gemini)."""
    from contextledger import fit
    from stub_server import validate_gemini

    png = _PNG["image_url"]["url"].split(",")[1]
    body = {"contents": [
        {"role": "user", "parts": [{"text": "draw a cat"}]},
        {"role": "model", "parts": [
            {"text": "Here it is"},
            {"inlineData": {"mimeType": "image/png", "data": png}, "thoughtSignature": "c2ln"},
        ]},
        {"role": "user", "parts": [{"text": "make it orange"}]},
    ]}  # fmt: skip
    res = fit(body, "gemini-2.5-flash", target="gemini")
    assert [b.type for b in res.messages[1].content] == ["text", "reasoning", "image"]
    out = translate(res.messages, "gemini").body
    assert out["contents"][1]["parts"][1] == {
        "inline_data": {"mime_type": "image/png", "data": png},
        "thought_signature": "c2ln",
    }
    validate_gemini(out)
    assert translate(read_messages(out), "gemini").body == out
    with pytest.raises(UnsupportedBlockError) as err:
        translate(res.messages, "anthropic")
    assert err.value.path == "messages[1].content[2]"


@pytest.mark.parametrize("arguments", ['{"format": "csv", "rows": [1, 2', '["csv"]'])
def test_non_json_arguments_kept_where_the_target_takes_them(arguments: str) -> None:
    """A call whose arguments are not a JSON object (cut short by max_tokens) goes back to
    OpenAI as it came (Chat and Responses take the string; so do the stubs), with its
    result, which the user asks about; Anthropic and Gemini need an object: there repair
    removes the call and its result, reported (it used to, for every target)."""
    from contextledger import fit
    from stub_responses import validate_responses
    from stub_server import validate_openai

    call = {
        "id": "call_1",
        "type": "function",
        "function": {"name": "export", "arguments": arguments},
    }
    msgs = [
        {"role": "user", "content": "export the report"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {
            "role": "tool",
            "tool_call_id": "call_1",
            "content": "Exported 1,204 rows to s3://reports/q3.csv",
        },
        {"role": "user", "content": "where did it go?"},
    ]
    headers = {"authorization": "Bearer k"}
    for target in ("openai", "openai-responses"):
        res = fit(msgs, "gpt-4o", target=target)  # type: ignore[arg-type]
        assert "s3://reports/q3.csv" in res.messages[2].text and not res.report.notices
        body = translate(res.messages, target).body  # type: ignore[arg-type]
        assert arguments in json.dumps(body["messages" if target == "openai" else "input"]).replace(
            "\\", ""
        )
        if target == "openai":
            validate_openai({"model": "gpt-4o", **body}, StubServer())
        else:
            validate_responses({"model": "gpt-4o", **body}, headers, StubServer())
    for target, model in (("anthropic", "claude-sonnet-4-5"), ("gemini", "gemini-2.5-flash")):
        res = fit(msgs, model, target=target)
        assert "s3://" not in "".join(m.text for m in res.messages)
        assert any(
            "not valid JSON" in n.text or "not an object" in n.text or "JSON list" in n.text
            for n in res.report.notices
        )
        with pytest.raises(ContentError, match="refusing to write"):
            translate(msgs, target)  # type: ignore[arg-type]


def test_openai_message_names_outside_its_pattern_are_renamed() -> None:
    """OpenAI Chat refuses a message name with other than letters, digits, '_' and '-'
    ("Invalid 'messages[1].name': string does not match pattern"; the stub too): such a
    name is sent renamed, reported, and priced as sent (one token of it, per the
    cookbook's framing: the billed count follows the wire name)."""
    from contextledger import fit
    from contextledger.pricing.messages import price_request
    from stub_server import validate_openai

    chat = [
        {"role": "user", "name": "Ana M.", "content": "I want a refund"},
        {"role": "user", "name": "bob", "content": "No"},
    ]
    with pytest.raises(Invalid, match=r"messages\[0\]\.name"):
        validate_openai({"model": "gpt-4o", "messages": chat}, StubServer())
    res = fit(chat, "gpt-4o", target="openai")
    tr = translate(res.messages, "openai")
    assert [m["name"] for m in tr.body["messages"]] == ["Ana_M_", "bob"]
    assert [n.where for n in tr.notices] == ["messages[0]"]
    validate_openai({"model": "gpt-4o", **tr.body}, StubServer())
    assert price_request(tr.body, "gpt-4o").total == res.report.prompt_tokens


@pytest.mark.parametrize("target", ["anthropic", "gemini"])
@pytest.mark.parametrize(
    ("label", "fmt", "sent"),
    [
        ("image/png", "JPEG", "image/jpeg"),  # Anthropic: "does not match the media type"
        ("image/jpeg", "PNG", "image/png"),
        ("image/jpg", "JPEG", "image/jpeg"),  # the misspelling both refuse
    ],
)
def test_images_are_sent_as_the_format_their_bytes_are_in(
    target: str, label: str, fmt: str, sent: str
) -> None:
    buf = io.BytesIO()
    PILImage.new("RGB", (8, 8), "navy").save(buf, fmt)
    data = InlineData.from_bytes(buf.getvalue())
    for image in (Image(label, data=data), Image(url=f"data:{label};base64,{data.base64}")):
        body = translate((Message.user("What is this?", image),), target).body
        text = json.dumps(body)
        assert f'"{sent}"' in text and f'"{label}"' not in text


def test_fit_takes_anthropic_system_blocks_and_names_bad_ones() -> None:
    """review10 S2: ``fit(system=[{"type": "text", …}])`` (Anthropic's ``system`` list)
    failed with "Text.text: must be a string, not a list". The blocks are the prompt, each
    ``cache_control`` kept; anything else is refused naming the caller's ``system``."""
    from contextledger import fit
    from contextledger.pricing.messages import price_request

    blocks = [{"type": "text", "text": "Be brief."},
              {"type": "text", "text": "Cite files.", "cache_control": {"type": "ephemeral"}}]  # fmt: skip
    fitted = fit([{"role": "user", "content": "hi"}], "claude-sonnet-4-5", system=blocks)
    body = translate(fitted.messages, "anthropic").body
    assert body["system"] == blocks
    priced = price_request(body, "claude-sonnet-4-5", "anthropic").total
    assert fitted.report.used == priced
    for bad, where in (
        ([{"type": "image"}], r"system\[0\]\.type"),
        ([{"text": 1}], r"system\[0\]"),
    ):
        with pytest.raises(ContentError, match=where):
            fit([{"role": "user", "content": "hi"}], "claude-sonnet-4-5", system=bad)


def test_a_mapping_that_is_not_a_dict_is_named() -> None:
    """review11 P3: a UserDict message was refused with "expected an object, got an object"."""
    from collections import UserDict

    with pytest.raises(ContentError, match=r"messages\[1\]: expected an object, got a UserDict"):
        read_messages([{"role": "user", "content": "hi"}, UserDict(role="user", content="x")])


def test_a_persons_name_is_sent_as_a_name_and_billed() -> None:
    """review10 P10: a CJK speaker name went out as 'tool_<hash>' (a person is not a tool),
    and the stub billed no names, so a name priced under the bill went unseen."""
    from contextledger.prepare import prepare
    from stub_server import prompt_tokens

    history = [{"role": "user", "name": "名前です", "content": "hi"},
               {"role": "assistant", "content": "hello"},
               {"role": "user", "name": "ana_maria", "content": "and?"}]  # fmt: skip
    out = prepare(history, "gpt-4o", target="openai", compaction=False)
    names = [m.get("name") for m in out.body["messages"]]
    assert names[0].startswith("name_") and names[2] == "ana_maria"
    unnamed = prepare([{k: v for k, v in m.items() if k != "name"} for m in history], "gpt-4o",
                      target="openai", compaction=False)  # fmt: skip
    assert prompt_tokens(out.body) > prompt_tokens(unnamed.body)
    assert out.report.used >= prompt_tokens(out.body)
