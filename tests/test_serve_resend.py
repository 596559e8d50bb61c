"""`contextledger serve`: a client's faithful resend of the model's reply is the same history.

Clients do not send the reply back byte for byte: the Agents SDK and other Responses
clients rebuild the ``function_call`` item (no ``fc_…`` id, no status) after the model's
message item, LangChain writes tool-call arguments again from their parsed value, and
Anthropic clients move their ``cache_control`` breakpoint onto the newest block. Each is
a shape the provider accepts for the same items: the session must go on appending, not
fork a new branch every turn. The official SDKs, through the proxy, against the stub.
"""

from __future__ import annotations

import json
from typing import Any

import httpx

from serve_harness import RunningProxy
from stub_server import StubReply, StubServer
from test_serve import ant, oai, stored

TOOL = {"type": "object", "properties": {"path": {"type": "string"}}}


def listed(proxy: RunningProxy) -> dict[str, int]:
    proxy.flush()
    rows = httpx.get(proxy.url + "/contextledger/sessions").json()["sessions"]
    return {s["session"]: s["messages"] for s in rows}


def test_a_responses_client_that_rebuilds_its_function_call_items_stays_on_one_branch(
    proxy: RunningProxy, stub: StubServer
) -> None:
    client = oai(proxy, **{"X-ContextLedger-Session": "agent"})
    tools = [{"type": "function", "name": "read", "description": "read a file", "parameters": TOOL}]
    items: list[Any] = [{"role": "user", "content": "Read the three files."}]
    for turn in range(4):
        stub.script(
            StubReply(f"Reading file {turn}.", ((f"call_{turn}", "read", f'{{"path":"f{turn}"}}'),))
        )
        raw = client.responses.with_raw_response.create(model="gpt-4o", input=items, tools=tools)
        assert raw.headers["x-contextledger-session"] == "agent", f"turn {turn} forked"
        reply = raw.parse()
        # the model's message item as it came, then the client's own function_call item
        items += [o.model_dump(exclude_none=True) for o in reply.output if o.type == "message"]
        for call in (o for o in reply.output if o.type == "function_call"):
            args = json.dumps(json.loads(call.arguments))  # written again: other spacing
            items.append(
                {"type": "function_call", "call_id": call.call_id, "name": call.name,
                 "arguments": args}
            )  # fmt: skip
            items.append({"type": "function_call_output", "call_id": call.call_id, "output": "ok"})
    assert listed(proxy) == {"agent": 1 + 4 + 3}  # the user turn, 4 replies, 3 outputs sent
    assert not stub.rejected()
    # what went upstream is the client's own items, as it sent them
    last = stub.completions()[-1].body["input"]
    assert last[: len(items)] == items[: len(last)]


def test_an_anthropic_client_moving_its_cache_breakpoint_stays_on_one_branch(
    proxy: RunningProxy, stub: StubServer
) -> None:
    client = ant(proxy, **{"X-ContextLedger-Session": "claude"})
    tools = [{"name": "read", "description": "read a file", "input_schema": TOOL}]
    messages: list[dict[str, Any]] = [{"role": "user", "content": "Read the files."}]
    for turn in range(3):
        stub.script(StubReply(f"Reading {turn}.", ((f"toolu_{turn}", "read", '{"path": "a"}'),)))
        raw = client.messages.with_raw_response.create(
            model="claude-sonnet-4-6", max_tokens=256, messages=messages, tools=tools
        )
        assert raw.headers["x-contextledger-session"] == "claude", f"turn {turn} forked"
        reply = raw.parse()
        for m in messages:  # the breakpoint moves to the newest turn, as Claude Code does
            if isinstance(m["content"], list):
                for block in m["content"]:
                    block.pop("cache_control", None)
        blocks = [b.model_dump(exclude_none=True) for b in reply.content]
        blocks[-1]["cache_control"] = {"type": "ephemeral"}
        messages.append({"role": "assistant", "content": blocks})
        call = blocks[-1]["id"]
        messages.append(
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call,
                                          "content": "ok"}]}
        )  # fmt: skip
    assert listed(proxy) == {"claude": 1 + 3 + 2}
    assert not stub.rejected()


def test_a_chat_client_writing_arguments_again_stays_on_one_branch(
    proxy: RunningProxy, stub: StubServer
) -> None:
    client = oai(proxy, **{"X-ContextLedger-Session": "lc"})
    messages: list[dict[str, Any]] = [{"role": "user", "content": "Read it."}]
    for turn in range(3):
        stub.script(StubReply("", ((f"call_{turn}", "read", '{"path":"a","n":1}'),)))
        raw = client.chat.completions.with_raw_response.create(model="gpt-4o", messages=messages)
        assert raw.headers["x-contextledger-session"] == "lc", f"turn {turn} forked"
        call = raw.parse().choices[0].message.tool_calls[0]  # type: ignore[index]
        args = json.dumps(json.loads(call.function.arguments), indent=1)
        messages.append(
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": call.id, "type": "function",
                 "function": {"name": call.function.name, "arguments": args}}]}
        )  # fmt: skip
        messages.append({"role": "tool", "tool_call_id": call.id, "content": "ok"})
    assert listed(proxy) == {"lc": 1 + 3 + 2}
    assert len(stored(proxy, "lc")) == 6


def test_other_arguments_or_another_call_id_is_still_a_branch(
    proxy: RunningProxy, stub: StubServer
) -> None:
    """Tolerance stops at the items themselves: an edited call is another history."""
    client = oai(proxy, **{"X-ContextLedger-Session": "edit"})
    stub.script(StubReply("", (("call_0", "read", '{"path":"a"}'),)))
    client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "go"}])
    for args, cid in (('{"path":"b"}', "call_0"), ('{"path":"a"}', "call_9")):
        messages = [
            {"role": "user", "content": "go"},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": cid, "type": "function", "function": {"name": "read", "arguments": args}}]},
            {"role": "tool", "tool_call_id": cid, "content": "ok"},
        ]  # fmt: skip
        raw = client.chat.completions.with_raw_response.create(model="gpt-4o", messages=messages)
        assert raw.headers["x-contextledger-session"] != "edit"
