"""OpenAI's ``developer`` role (Chat for o-series and newer models, Responses) is kept: it was
read as ``system`` and sent back as ``system``. The OpenAI formats send it in its role, priced
as sent; Anthropic and Gemini, which have one system prompt, join it there; the store keeps it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from contextledger import Message, SessionStore, Text, prepare, read_messages, translate
from contextledger.errors import ContentError
from contextledger.pricing.messages import price_request
from contextledger.storage.codec import message_from_dict, message_to_dict

CHAT: list[dict[str, Any]] = [
    {"role": "developer", "content": "Answer in French."},
    {"role": "system", "content": "Be brief."},
    {"role": "user", "content": "hi"},
]
RESPONSES = {"input": [{"type": "message", "role": "developer", "content": "Answer in French."},
                       {"type": "message", "role": "user", "content": "hi"}]}  # fmt: skip
MODELS = {"openai": "o3", "openai-responses": "o3", "anthropic": "claude-sonnet-4-5",
          "gemini": "gemini-2.5-flash"}  # fmt: skip


def _roles(body: dict[str, Any], target: str) -> list[str]:
    items = body["messages"] if target == "openai" else body["input"]
    return [item["role"] for item in items]


def test_each_target_gets_the_developer_message_where_it_takes_one() -> None:
    assert [m.developer for m in read_messages(CHAT)] == [True, False, False]
    assert read_messages(RESPONSES)[0].developer
    got = {}
    for target, model in MODELS.items():
        prepared = prepare(CHAT, model, target=target)
        assert prepared.report.used == price_request(prepared.body, model, target).total
        body = prepared.body
        if target.startswith("openai"):
            got[target] = _roles(body, target)
        else:
            system = body["system"] if target == "anthropic" else body["system_instruction"]
            got[target] = ["Answer in French." in str(system)]
    assert got == {
        "openai": ["developer", "system", "user"],
        "openai-responses": ["developer", "system", "user"],
        "anthropic": [True],
        "gemini": [True],
    }
    assert _roles(translate(RESPONSES, "openai").body, "openai") == ["developer", "user"]


def test_the_store_and_the_codec_keep_the_role(tmp_path: Path) -> None:
    dev = read_messages(CHAT)[0]
    assert message_from_dict(message_to_dict(dev)) == dev
    store = SessionStore(str(tmp_path / "s.db"))
    store.create("s1")
    store.append("s1", read_messages(CHAT))
    loaded = store.load("s1").messages
    assert [m.developer for m in loaded] == [True, False, False]
    assert _roles(translate(loaded, "openai").body, "openai")[0] == "developer"


def test_only_a_system_message_is_a_developers() -> None:
    """A late developer message repair keeps as a user's is a user's (the flag goes)."""
    assert not Message("user", (), developer=True).developer
    late = [*CHAT[2:], {"role": "assistant", "content": "salut"}, CHAT[0]]
    prepared = prepare(late, "o3", target="openai")
    assert _roles(prepared.body, "openai") == ["user", "assistant", "user"]
    with pytest.raises(ContentError) as err:
        message_from_dict({"role": "user", "content": [], "developer": True}, "m")
    assert err.value.path == "m.developer"


def test_a_conversation_keeps_the_role_of_a_message_it_numbers() -> None:
    """review12 P2: ``Conversation.append`` rebuilt an id-less message without the flag."""
    from contextledger import Conversation

    dev = Message("system", (Text("Answer in French."),), developer=True)
    conv = Conversation().append(dev, Message.user("hi"))
    assert conv.record[0].developer and conv.record[0].id == "m0"
    assert _roles(translate(conv.record, "openai").body, "openai") == ["developer", "user"]
