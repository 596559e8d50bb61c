"""Anthropic takes at most four ``cache_control`` marks a request ("A maximum of 4 blocks
with cache_control may be provided"); an app that marks every turn sends more. The writer
keeps the last four in prompt order and reports each one it takes off (review41 R41-O1)."""

from __future__ import annotations

import json
from typing import Any

from contextledger import fit, translate
from contextledger.prepare import prepare
from stub_server import StubServer, validate_anthropic

HEADERS = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
STUB = StubServer()
MARK = {"type": "ephemeral"}


def _marked_history(turns: int) -> dict[str, Any]:
    """A system prompt and ``turns`` exchanges, every block marked for caching, one tool
    exchange with a marked result inside."""
    messages: list[dict[str, Any]] = []
    for i in range(turns):
        messages.append(
            {
                "role": "user",
                "content": [{"type": "text", "text": f"Step {i}?", "cache_control": MARK}],
            }
        )
        messages.append(
            {
                "role": "assistant",
                "content": [{"type": "text", "text": f"Done {i}.", "cache_control": MARK}],
            }
        )
    messages.append(
        {
            "role": "assistant",
            "content": [
                {
                    "type": "tool_use",
                    "id": "toolu_1",
                    "name": "ls",
                    "input": {},
                    "cache_control": MARK,
                }
            ],
        }
    )
    messages.append(
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_1",
                    "content": [{"type": "text", "text": "a.txt", "cache_control": MARK}],
                    "cache_control": MARK,
                },
                {"type": "text", "text": "And now?", "cache_control": MARK},
            ],
        }
    )
    system = [{"type": "text", "text": "Be brief.", "cache_control": MARK}]
    return {"system": system, "messages": messages}


def _marks(body: dict[str, Any]) -> int:
    return json.dumps(body).count('"cache_control"')


def test_a_translated_history_keeps_the_last_four_marks_and_says_so() -> None:
    history = _marked_history(6)
    out = translate(history, "anthropic")
    assert _marks(out.body) == 4
    validate_anthropic({"model": "claude-sonnet-4-5", "max_tokens": 100, **out.body}, HEADERS, STUB)
    last = out.body["messages"][-1]["content"]
    assert [("cache_control" in b) for b in last] == [True, True]  # the newest kept
    assert last[0]["content"][0]["cache_control"] == MARK
    taken = [n for n in out.notices if "cache_control" in n.text]
    assert len(taken) == 17 - 4  # system 1, six exchanges 12, the tool exchange 4; 4 kept
    assert taken[0].where == "system[0]"
    assert all(n.kind == "shrunk" and "at most 4" in n.text for n in taken)


def test_fit_and_prepare_send_at_most_four_marks() -> None:
    history = _marked_history(7)
    body = prepare(
        history, "claude-sonnet-4-5", window=3000, max_output_tokens=500, target="anthropic"
    ).body
    assert _marks(body) <= 4
    validate_anthropic({"model": "claude-sonnet-4-5", "max_tokens": 100, **body}, HEADERS, STUB)
    fitted = fit(history, "claude-sonnet-4-5", window=3000, max_output_tokens=500)
    sent = translate(fitted.messages, "anthropic", model="claude-sonnet-4-5").body
    assert _marks(sent) <= 4
    assert sent["system"][0].get("cache_control") is None  # the earliest mark went first


def test_four_marks_or_fewer_are_left_alone() -> None:
    history = _marked_history(1)
    history["messages"] = history["messages"][:2]
    out = translate(history, "anthropic")
    assert _marks(out.body) == 3
    assert not [n for n in out.notices if "cache_control" in n.text]


SEARCH = {
    "name": "search",
    "description": "Search the catalog",
    "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}},
}


def test_the_tools_marks_count_with_the_messages_marks() -> None:
    """prepare adds the tools after the writer capped the messages' marks: the body's
    marks are counted whole (the tools come first in prompt order, so theirs go first),
    and the caller's tool dicts keep their marks."""
    tools = [{**SEARCH, "cache_control": MARK}, {**SEARCH, "name": "lend", "cache_control": MARK}]
    out = prepare(
        _marked_history(3), "claude-sonnet-4-5", tools=tools, target="anthropic", window=20_000
    )
    assert _marks(out.body) == 4
    validate_anthropic({"max_tokens": 100, **out.body}, HEADERS, STUB)
    assert [("cache_control" in t) for t in out.body["tools"]] == [False, False]
    assert all("cache_control" in t for t in tools)
    taken = [n.where for n in out.report.notices if "cache_control" in n.text]
    assert "tools[0]" in taken and "tools[1]" in taken


def test_a_tool_keeps_its_mark_and_its_anthropic_schema() -> None:
    """A tool given in Anthropic's own shape keeps its ``input_schema`` (it was read as no
    parameters and sent with an empty one) and its cache mark, when the body has room."""
    history = {"messages": [{"role": "user", "content": "Find Dune."}]}
    tool = {**SEARCH, "cache_control": MARK}
    out = prepare(history, "claude-sonnet-4-5", tools=[tool], target="anthropic")
    assert out.body["tools"] == [tool]
    validate_anthropic({"max_tokens": 100, **out.body}, HEADERS, STUB)


def test_an_anthropic_shaped_tool_keeps_its_schema_on_every_target() -> None:
    """Its ``input_schema`` is the parameters each target declares (the OpenAI ones were sent
    with an empty schema, Chat's with Anthropic's fields OpenAI refuses); checked with the
    official SDKs' tool types, no field beyond theirs."""
    from google.genai.types import Tool
    from openai.types.chat import ChatCompletionToolParam
    from openai.types.responses import FunctionToolParam
    from openai.types.shared_params import FunctionDefinition
    from pydantic import TypeAdapter

    history = {"messages": [{"role": "user", "content": "Find Dune."}]}
    tool = {**SEARCH, "cache_control": MARK}
    schema = SEARCH["input_schema"]
    for target, model in (("openai", "gpt-4o"), ("openai-responses", "gpt-4.1")):
        (sent,) = prepare(history, model, tools=[tool], target=target).body["tools"]
        typed: Any = ChatCompletionToolParam if target == "openai" else FunctionToolParam
        if target == "openai":  # (the Responses type requires `strict`, which the API does not)
            TypeAdapter(typed).validate_python(sent)
        assert set(sent) <= set(typed.__annotations__)
        function = sent.get("function", sent)
        assert function["parameters"] == schema
        if target == "openai":
            assert set(function) <= set(FunctionDefinition.__annotations__)
    body = prepare(history, "gemini-2.5-flash", tools=[tool], target="gemini").body
    (declared,) = Tool.model_validate(body["tools"][0]).function_declarations or []
    assert declared.parameters_json_schema == schema
