"""The Responses API pairs a function call a reasoning model made with its reasoning item by
id, and refuses the call's id sent back without that item: "Item 'fc_…' of type
'function_call' was provided without its required 'reasoning' item: 'rs_…'" (cline#12242,
continuedev/continue#10018, mastra#8738). The stub refuses it as the API does; the writer
sends a call's id only after a reasoning item of its turn, so a history that lost the
reasoning (a client that keeps calls, not reasoning) is still a valid request."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from contextledger.model import Message, Reasoning, ToolCall
from contextledger.providers import translate
from serve_harness import RunningProxy
from stub_server import StubReply, StubServer
from test_serve import oai

CALL = ("call_1", "ls", '{"path": "/tmp"}')


def _post(stub: StubServer, items: list[dict[str, Any]]) -> httpx.Response:
    return httpx.post(
        stub.url + "/responses",
        json={"model": "gpt-5.4-mini", "input": items},
        headers={"authorization": "Bearer k"},
        timeout=60,
    )


def test_the_stub_refuses_a_reasoned_calls_id_without_its_reasoning() -> None:
    with StubServer() as stub:
        stub.script(StubReply(reasoning="List it first.", tool_calls=(CALL,)))
        first = _post(stub, [{"role": "user", "content": "What is in /tmp?"}]).json()
        output = first["output"]
        assert [o["type"] for o in output] == ["reasoning", "function_call"]
        answer = {"type": "function_call_output", "call_id": "call_1", "output": "a.txt"}
        both = [{"role": "user", "content": "What is in /tmp?"}, *output, answer]
        assert _post(stub, both).status_code == 200
        lost = [both[0], output[1], answer]  # the reasoning left out, the call's id kept
        reply = _post(stub, lost)
        assert reply.status_code == 400
        assert "without its required 'reasoning' item" in reply.text
        unpaired = {k: v for k, v in output[1].items() if k != "id"}  # a call, not that call
        assert _post(stub, [both[0], unpaired, answer]).status_code == 200


def test_a_calls_id_is_written_only_after_its_reasoning() -> None:
    call = ToolCall("call_1", "ls", '{"path": "/tmp"}', item_id="fc_1")
    thought = Reasoning("openai-responses", "", encrypted="enc", item_id="rs_1")
    alone = [Message.user("ls?"), Message("assistant", (call,)), Message.tool("call_1", "a.txt")]
    [item] = [i for i in translate(alone, "openai-responses").body["input"]
              if i.get("type") == "function_call"]  # fmt: skip
    assert "id" not in item
    paired = [alone[0], Message("assistant", (thought, call)), alone[2]]
    items = translate(paired, "openai-responses").body["input"]
    assert [i.get("id") for i in items if i.get("type") in ("reasoning", "function_call")] == [
        "rs_1",
        "fc_1",
    ]


@pytest.mark.parametrize("with_reasoning", [True, False])
def test_a_reply_sent_back_whole_through_the_proxy_stays_valid(
    proxy: RunningProxy, stub: StubServer, with_reasoning: bool
) -> None:
    """The proxy keeps a reasoning item and its call together (the stub answers 400 to a
    call's id without its reasoning)."""
    reasoning = "List it first." if with_reasoning else None
    stub.script(StubReply(reasoning=reasoning, tool_calls=(CALL,)))
    client = oai(proxy)
    first = client.responses.create(model="gpt-5.4-mini", input="What is in /tmp?")
    output = [o.model_dump(exclude_none=True) for o in first.output]
    client.responses.create(
        model="gpt-5.4-mini",
        input=[{"role": "user", "content": "What is in /tmp?"}, *output,  # type: ignore[list-item]
               {"type": "function_call_output", "call_id": "call_1", "output": "a.txt"}],
    )  # fmt: skip
    sent = stub.completions()[-1].body["input"]
    kinds = [i.get("type", "message") for i in sent]
    assert kinds[-2:] == ["function_call", "function_call_output"]
    assert ("reasoning" in kinds) is with_reasoning
