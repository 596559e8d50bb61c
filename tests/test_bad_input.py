"""Wrong-typed, absurd or hostile input: a typed error naming where it is, never a crash."""

from __future__ import annotations

import json
from typing import Any

import pytest

from contextledger import Text, fit, prepare
from contextledger.errors import ArgumentError, ContentError, describe
from contextledger.providers import read_messages, translate
from contextledger.repair import repair
from contextledger.storage.codec import loads_messages, message_from_dict
from fuzzing import deep


@pytest.mark.parametrize(
    ("call", "path"),
    [
        (lambda: read_messages([{"content": [{"type": []}]}]), "messages[0].role"),
        (lambda: read_messages([{"role": "user", "content": [{"type": []}]}]), "content[0].type"),
        (lambda: repair([{"role": "user", "content": [{"type": {}}]}]), "content[0].type"),
        (lambda: repair(None), "messages"),
        (lambda: repair(5), "messages"),
        (
            lambda: read_messages({"system_instruction": {"parts": -1}, "contents": []}),
            "system_instruction.parts",
        ),
        (
            lambda: read_messages(
                {"system_instruction": {"parts": [{"text": []}]}, "contents": []}
            ),
            "system_instruction.parts[0].text",
        ),
        (
            lambda: read_messages({"input": [{"type": "reasoning", "summary": -1}]}),
            "input[0].summary",
        ),
        (
            lambda: read_messages({"input": [{"type": "reasoning", "content": [{"text": 5}]}]}),
            "input[0].content[0].text",
        ),
        (
            lambda: read_messages(
                [
                    {
                        "role": "user",
                        "content": [
                            {
                                "type": "image_url",
                                "image_url": {"url": "https://e/a.png", "detail": "huge"},
                            }
                        ],
                    }
                ]
            ),
            "messages[0].content[0].image_url.detail",
        ),
        (
            lambda: read_messages(
                {
                    "system": "s",
                    "messages": [
                        {
                            "role": "user",
                            "content": [
                                {
                                    "type": "image",
                                    "source": {"type": "base64", "media_type": [], "data": "QUJD"},
                                }
                            ],
                        }
                    ],
                }
            ),
            "messages[0].content[0].source.media_type",
        ),
        (lambda: message_from_dict({"role": [], "content": []}), "message.role"),
        (lambda: loads_messages([]), "messages"),  # type: ignore[arg-type]
    ],
)
def test_wrong_typed_fields_raise_content_error_with_a_path(call: Any, path: str) -> None:
    with pytest.raises(ContentError) as err:
        call()
    assert path in err.value.path, err.value


def _call_with_args(arguments: Any) -> list[dict[str, Any]]:
    fn = {"name": "f", "arguments": arguments}
    return [{"role": "assistant", "content": None, "tool_calls": [{"id": "c", "function": fn}]}]


def test_deeply_nested_tool_arguments_are_a_typed_error() -> None:
    with pytest.raises(ContentError) as err:
        read_messages(_call_with_args(deep(5_000)))
    assert err.value.path == "messages[0].tool_calls[0].function.arguments"
    assert "nested too deeply" in err.value.reason
    with pytest.raises(ContentError, match="nested too deeply"):
        repair(_call_with_args(deep(5_000)))
    anthropic = {"system": "s", "messages": [{"role": "assistant", "content": [
        {"type": "tool_use", "id": "c", "name": "f", "input": deep(5_000)}]}]}  # fmt: skip
    with pytest.raises(ContentError, match=r"messages\[0\]\.content\[0\]\.input"):
        read_messages(anthropic)


def test_deep_json_text_is_a_typed_error() -> None:
    with pytest.raises(ContentError, match="nested too deeply"):
        loads_messages("[" * 100_000 + "]" * 100_000)


def test_deep_arguments_as_a_string_are_kept_and_refused_by_name() -> None:
    # A string is what the wire carries: read verbatim. A target that needs a JSON object
    # cannot parse it, and says so (OpenAI's formats carry the string as written).
    text = "[" * 5_000 + "]" * 5_000
    (msg,) = read_messages(_call_with_args(text))
    assert msg.tool_calls[0].arguments == text
    for target in ("anthropic", "gemini"):
        with pytest.raises(ContentError, match="nested too deeply"):
            translate([msg], target)


def test_error_messages_survive_values_that_cannot_be_printed() -> None:
    # repr() of a 5,000-digit integer raises; of a 100,000-deep list, recursion
    for value in (10**5000, deep(100_000, as_list=True)):
        with pytest.raises(ContentError) as err:
            read_messages([{"role": "user", "content": [{"type": value}]}])
        assert "unknown block type" in str(err.value)
    assert describe(10**5000) == "an integer of 5001 digits"


def test_lone_surrogates_round_trip_through_every_format() -> None:
    text = "a \ud800 b"
    msgs = read_messages([{"role": "user", "content": text}])
    for fmt in ("openai", "anthropic", "openai-responses", "gemini"):
        body = translate(msgs, fmt).body  # type: ignore[arg-type]
        assert text in json.dumps(body, ensure_ascii=False)


def test_fit_refuses_what_is_not_a_conversation() -> None:
    from contextledger.fit import fit

    for value in (None, "", 0):
        with pytest.raises(ContentError, match="expected a list of messages"):
            fit(value, "gpt-4o")  # type: ignore[arg-type]
    with pytest.raises(ContentError, match="add the user's request"):
        fit([], "gpt-4o")  # an empty list is an empty request: nothing to fit (test_validate)


def test_an_image_detail_the_model_does_not_take_names_its_block() -> None:
    from contextledger.fit import fit

    image = {"type": "image_url", "image_url": {"url": "https://e.com/a.png", "detail": "original"}}
    msgs = [{"role": "user", "content": "hi"}, {"role": "user", "content": [image]}]
    with pytest.raises(ContentError) as err:
        fit(msgs, "gpt-4o")
    assert err.value.path == "message m1 content[0]"
    assert "detail 'original' is not supported by gpt-4o" in err.value.reason


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: fit([{"role": "user", "content": "hi"}], "gpt-4o", window="8k"), "window"),
        (lambda: fit([{"role": "user", "content": "hi"}], "gpt-4o", window=2.5), "window"),
        (lambda: fit([{"role": "user", "content": "hi"}], "gpt-4o", window=True), "window"),
        (
            lambda: fit([{"role": "user", "content": "hi"}], "gpt-4o", max_output_tokens="a"),
            "max_output_tokens",
        ),
        (lambda: fit([{"role": "user", "content": "hi"}], "gpt-4o", on_images="drop"), "on_images"),
        (lambda: prepare([{"role": "user", "content": "hi"}], "gpt-4o", window=-5), "window"),
        (
            lambda: prepare([{"role": "user", "content": "hi"}], "gpt-4o", on_images="bogus"),
            "on_images",
        ),
    ],
)
def test_wrong_python_arguments_raise_argument_error_naming_them(call: Any, named: str) -> None:
    """Regression: these raised a bare TypeError from arithmetic, or (on_images) were taken
    silently as "placeholder"."""
    with pytest.raises(ArgumentError, match=f"^{named} must be"):
        call()


def test_a_text_block_holds_a_string() -> None:
    with pytest.raises(ContentError, match=r"Text\.text: must be a string, not 5"):
        Text(5)  # type: ignore[arg-type]
