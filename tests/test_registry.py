"""The provider registry: every format-specific rule is reached through one ProviderFormat."""

from __future__ import annotations

from pathlib import Path

import pytest

from contextledger.errors import ContentError, SendError
from contextledger.model import Message
from contextledger.prepare import Preparer
from contextledger.providers import (
    FORMATS,
    REGISTRY,
    format_for_provider,
    provider_format,
    translate,
)

TOOL = {
    "type": "function",
    "function": {
        "name": "run",
        "description": "Run a command",
        "parameters": {"type": "object", "properties": {"cmd": {"type": "string"}}},
    },
}


def test_every_format_is_registered_once_and_complete() -> None:
    assert tuple(REGISTRY) == FORMATS == ("openai", "anthropic", "openai-responses", "gemini")
    msgs = (Message.system("Be brief."), Message.user("hi"))
    for name, fmt in REGISTRY.items():
        assert fmt.name == name and fmt.title
        body = translate(msgs, name).body
        assert body == fmt.write(msgs, [])
        assert fmt.read(body)[-1].text == "hi"
        assert fmt.messages_key in body
        if fmt.system_key is not None:
            assert fmt.system_key in body
        assert fmt.convert_tools([TOOL])
        assert fmt.output_limit(100, name)
        assert fmt.sends


def test_catalog_providers_map_to_their_default_format() -> None:
    assert format_for_provider("openai").name == "openai"
    assert format_for_provider("mistral").name == "openai"
    assert format_for_provider("anthropic").name == "anthropic"
    assert format_for_provider("gemini").name == "gemini"
    assert format_for_provider("someone-new").name == "openai"
    with pytest.raises(ContentError, match="unknown format 'cohere'"):
        provider_format("cohere")


def test_one_rule_for_the_output_cap() -> None:
    openai = provider_format("openai")
    assert openai.output_limit(9, "openai") == {"max_completion_tokens": 9}
    assert openai.output_limit(9, "openai-compatible") == {"max_tokens": 9}
    assert provider_format("anthropic").output_limit(9, "anthropic") == {"max_tokens": 9}
    assert provider_format("openai-responses").output_limit(9, "openai") == {"max_output_tokens": 9}
    assert provider_format("gemini").output_limit(9, "gemini") == {
        "generation_config": {"max_output_tokens": 9}
    }
    body = (
        Preparer("gpt-4o", compaction=False, max_output_tokens=50)
        .prepare([Message.user("hi")], tools=[TOOL])
        .body
    )
    assert body["max_completion_tokens"] == 50 and body["tools"] == [TOOL]


def test_tools_are_declared_in_each_formats_shape() -> None:
    assert provider_format("anthropic").convert_tools([TOOL])[0]["input_schema"]["type"] == "object"
    assert provider_format("openai-responses").convert_tools([TOOL])[0]["name"] == "run"
    gemini = provider_format("gemini").convert_tools([TOOL])
    assert gemini == [
        {
            "function_declarations": [
                {
                    "name": "run",
                    "description": "Run a command",
                    "parameters": TOOL["function"]["parameters"],  # type: ignore[index]
                }
            ]
        }
    ]
    assert provider_format("gemini").convert_tools([]) == []


def test_a_format_without_its_key_is_refused_before_anything_leaves(tmp_path: Path) -> None:
    from contextledger.client import send
    from contextledger.config import Config

    prepared = Preparer("gemini-2.5-flash", compaction=False).prepare([Message.user("hi")])
    with pytest.raises(SendError, match="cannot send to gemini: GEMINI_API_KEY"):
        send(prepared, config=Config(data_dir=tmp_path))
