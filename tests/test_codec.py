"""codec: the internal JSON format round-trips every block losslessly."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.errors import ContentError
from contextledger.model import (
    Audio,
    FileAttachment,
    Image,
    InlineData,
    Message,
    Reasoning,
    Recap,
    Text,
    ToolCall,
    ToolResult,
)
from contextledger.storage.codec import (
    dumps_messages,
    loads_messages,
    message_from_bytes,
    message_from_dict,
    message_to_bytes,
    message_to_dict,
)

texts = st.text(max_size=20)
opt_texts = st.none() | texts
inline = st.binary(max_size=30).map(InlineData.from_bytes)
sizes = st.none() | st.integers(min_value=0, max_value=10_000)


@st.composite
def images(draw: st.DrawFn) -> Image:
    source = draw(st.sampled_from(["data", "url", "ref"]))
    kwargs = {source: draw(inline) if source == "data" else draw(texts)}
    return Image(
        media_type=draw(st.none() | st.sampled_from(["image/png", "image/webp"])),
        width=draw(sizes),
        height=draw(sizes),
        name=draw(opt_texts),
        detail=draw(st.none() | st.sampled_from(["low", "high", "auto"])),
        **kwargs,
    )


text_blocks = st.builds(Text, texts)
blocks = st.one_of(
    text_blocks,
    images(),
    st.builds(ToolCall, texts, texts, texts),
    st.builds(
        ToolResult,
        texts,
        st.lists(text_blocks | images(), max_size=3).map(tuple),
        st.booleans(),
        opt_texts,
    ),
    st.builds(FileAttachment, texts, opt_texts, st.none() | inline, texts),
    st.builds(Audio, inline, texts),
    st.builds(
        Reasoning,
        texts,
        texts,
        opt_texts,
        st.booleans(),
        opt_texts,
        opt_texts,
        st.lists(texts, max_size=2).map(tuple),
    ),
    st.builds(Recap, texts, st.lists(texts, max_size=3).map(tuple)),
)
messages = st.builds(
    Message,
    st.sampled_from(["system", "user", "assistant", "tool"]),
    st.lists(blocks, max_size=4).map(tuple),
    texts,
    opt_texts,
)


@settings(max_examples=100, deadline=None)
@given(messages)
def test_dict_and_bytes_round_trip(m: Message) -> None:
    assert message_from_dict(message_to_dict(m)) == m
    assert message_from_bytes(message_to_bytes(m)) == m


@settings(max_examples=30, deadline=None)
@given(st.lists(messages, max_size=5))
def test_jsonl_round_trip(ms: list[Message]) -> None:
    assert loads_messages(dumps_messages(ms)) == tuple(ms)


def test_defaults_are_omitted_and_inline_data_is_plain_base64() -> None:
    raw = base64.b64encode(b"\x89PNG").decode()
    m = Message.user(Image("image/png", data=InlineData("data:image/png;base64," + raw, 22)))
    d = message_to_dict(m)
    assert d == {
        "role": "user",
        "content": [{"type": "image", "media_type": "image/png", "data": raw}],
    }


def test_json_array_is_accepted_too() -> None:
    ms = [Message.user("a"), Message.assistant("b")]
    text = "[" + ",".join(dumps_messages([m]).strip() for m in ms) + "]"
    assert loads_messages(text) == tuple(ms)


def test_lone_surrogate_survives_bytes() -> None:
    m = Message.user("bad \ud800 half")
    assert message_from_bytes(message_to_bytes(m)) == m


@pytest.mark.parametrize(
    ("raw", "path", "words"),
    [
        (
            {"role": "user", "content": [{"type": "video"}]},
            "m.content[0].type",
            "unknown block type",
        ),
        ({"role": "user", "content": [{"type": "text"}]}, "m.content[0].text", "missing"),
        ({"role": "user", "content": [{"type": "text", "text": 3}]}, "m.content[0].text", "string"),
        (
            {"role": "user", "content": [{"type": "image", "width": 3}]},
            "m.content[0]",
            "exactly one",
        ),
        ({"role": "user", "content": "hi"}, "m.content", "list"),
        ({"role": "user", "content": [], "extra": 1}, "m", "unknown field"),
        (
            {
                "role": "tool",
                "content": [
                    {
                        "type": "tool_result",
                        "call_id": "c",
                        "content": [{"type": "recap", "text": "x"}],
                    }
                ],
            },
            "m.content[0].content[0]",
            "text, images or files",
        ),
        (
            {"role": "user", "content": [{"type": "image", "url": "u", "width": True}]},
            "m.content[0].width",
            "integer",
        ),
    ],
)
def test_bad_input_names_the_path(raw: object, path: str, words: str) -> None:
    with pytest.raises(ContentError) as err:
        message_from_dict(raw, "m")
    assert err.value.path == path
    assert words in err.value.reason


def test_bad_jsonl_line_is_named() -> None:
    with pytest.raises(ContentError, match="line 2"):
        loads_messages('{"role":"user","content":[]}\n{not json\n')


def test_a_file_in_a_tool_result_and_provider_content_survive_a_round_trip() -> None:
    """Documents a tool returned and content only one provider reads are stored whole."""
    from contextledger.model import FileAttachment, ProviderContent, ToolResult

    result = ToolResult("t1", (Text("read"), FileAttachment("a.txt", text="hi")))
    native = ProviderContent("gemini", "executable_code", '{"executable_code": {}}', "code")
    for m in (Message("tool", (result,), id="t"), Message("assistant", (native,), id="a")):
        assert message_from_dict(message_to_dict(m)) == m
