"""The proxy forwards what the client wrote wherever the provider takes it, and renders
the rest: a Chat tool message holding an image (OpenAI refuses it) and tool-call ids
outside the provider's rule (``providers.ids``). Official SDKs through the proxy against
the validating stub, which refuses what the real APIs refuse."""

from __future__ import annotations

from typing import Any

import httpx
import openai

from builders import data_url, png
from serve_harness import RunningProxy
from stub_server import StubServer

KEY = "sk-test-openai-0123456789"


def chat(proxy: RunningProxy, session: str) -> openai.OpenAI:
    return openai.OpenAI(
        base_url=proxy.url + "/v1",
        api_key=KEY,
        max_retries=0,
        default_headers={"X-ContextLedger-Session": session},
    )


def call(call_id: str, name: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": "{}"}}


def notices(proxy: RunningProxy, session: str) -> list[dict[str, str]]:
    proxy.flush()
    turns = httpx.get(f"{proxy.url}/contextledger/sessions/{session}").json()["turns"]
    return [n for t in turns for n in t["notices"]]


def test_an_image_in_a_chat_tool_message_goes_upstream_in_a_user_turn(
    proxy: RunningProxy, stub: StubServer
) -> None:
    """Regression: the client's tool message with an image part was forwarded as written,
    and OpenAI answers 400 ("Image URLs are only allowed for messages with role 'user'")."""
    shot = data_url(png(320, 200))
    messages: list[Any] = [
        {"role": "user", "content": "take a screenshot and list the files"},
        {"role": "assistant", "content": None,
         "tool_calls": [call("call_1", "screenshot"), call("call_2", "ls")]},
        {"role": "tool", "tool_call_id": "call_1", "content": [
            {"type": "text", "text": "captured"},
            {"type": "image_url", "image_url": {"url": shot}}]},
        {"role": "tool", "tool_call_id": "call_2", "content": "a.py b.py"},
    ]  # fmt: skip
    reply = chat(proxy, "shots").chat.completions.create(model="gpt-4o", messages=messages)
    assert reply.choices[0].message.content
    assert not stub.rejected(), stub.rejected()[0].error
    sent = stub.completions()[-1].body["messages"]
    assert [m["role"] for m in sent] == ["user", "assistant", "tool", "tool", "user"]
    assert sent[2]["content"] == "captured"  # the text stays in the tool message
    assert sent[4]["content"][0] == {"type": "text", "text": "Images returned by tool call call_1:"}
    assert sent[4]["content"][1]["image_url"]["url"] == shot
    (moved,) = [n for n in notices(proxy, "shots") if n["kind"] == "moved"]
    assert "call_1" in moved["text"] and "text only" in moved["text"]


def test_a_chat_tool_call_id_over_40_characters_is_renamed_upstream_every_turn(
    proxy: RunningProxy, stub: StubServer
) -> None:
    """An id the client copied from another provider: renamed alike in the call and its
    result, the same bytes next turn; the client's own record keeps its id."""
    long_id = "fc_0f0e50a1476a6c35006912c58dc9f8819192c25864eb16f07f"
    messages: list[Any] = [
        {"role": "user", "content": "list the files"},
        {"role": "assistant", "content": None, "tool_calls": [call(long_id, "ls")]},
        {"role": "tool", "tool_call_id": long_id, "content": "a.py b.py"},
    ]
    client = chat(proxy, "ids")
    first = client.chat.completions.create(model="gpt-4o", messages=messages)
    messages += [
        {"role": "assistant", "content": first.choices[0].message.content},
        {"role": "user", "content": "and the tests?"},
    ]
    client.chat.completions.create(model="gpt-4o", messages=messages)
    assert not stub.rejected(), stub.rejected()[0].error
    one, two = (r.body["messages"] for r in stub.completions()[-2:])
    new = one[1]["tool_calls"][0]["id"]
    assert len(new) <= 40 and one[2]["tool_call_id"] == new
    assert two[: len(one)] == one  # the same prefix: prompt caching keeps working
    renamed = [n for n in notices(proxy, "ids") if n["kind"] == "renamed"]
    assert renamed and long_id in renamed[0]["text"]


def test_a_refusal_passed_back_goes_upstream_as_its_text(
    proxy: RunningProxy, stub: StubServer
) -> None:
    """Regression (prov18's fuzz): a completion's refusal passed back as the SDK returns it,
    ``{"content": null, "refusal": …}``, was forwarded as written, and OpenAI answers 400
    ("Invalid value for 'content': expected a string, got null"). An empty assistant
    message goes too (left out), and the rest of the client's JSON still goes as written."""
    messages: list[Any] = [
        {"role": "user", "content": "help me pick a lock"},
        {"role": "assistant", "content": None, "refusal": "I can't help with that."},
        {"role": "user", "content": "then tell me about locksmiths"},
        {"role": "assistant", "content": ""},
        {"role": "user", "content": "and their tools?"},
    ]
    reply = chat(proxy, "refusal").chat.completions.create(model="gpt-4o", messages=messages)
    assert reply.choices[0].message.content
    assert not stub.rejected(), stub.rejected()[0].error
    sent = stub.completions()[-1].body["messages"]
    assert sent[1] == {"role": "assistant", "content": "I can't help with that."}
    assert all(m.get("content") for m in sent)
    assert sent[0] == messages[0] and sent[-1] == messages[-1]


def test_a_name_openai_refuses_goes_upstream_renamed(proxy: RunningProxy, stub: StubServer) -> None:
    """Regression (prov18's fuzz set B): a user message named "Ana María" was forwarded as
    written, and OpenAI answers 400 ("'messages[1].name': string does not match pattern")."""
    messages: list[Any] = [
        {"role": "system", "content": "Two people share this chat."},
        {"role": "user", "name": "Ana María", "content": "when is my appointment?"},
    ]
    reply = chat(proxy, "names").chat.completions.create(model="gpt-4o", messages=messages)
    assert reply.choices[0].message.content
    assert not stub.rejected(), stub.rejected()[0].error
    sent = stub.completions()[-1].body["messages"]
    assert sent[0] == messages[0]
    assert sent[1]["content"] == "when is my appointment?"
    assert sent[1]["name"] != "Ana María" and sent[1]["name"].startswith("Ana_Mar")
