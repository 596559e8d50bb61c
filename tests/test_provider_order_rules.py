"""Every ordering rule each provider enforces, refused by the stub as the real API refuses it,
and every fitted or prepared request written for a provider obeys all of them (fuzzed).

The rules, each with where it is stated or seen refused (HTTP 400):

OpenAI Chat Completions (``stub_server.validate_openai``)
  O1. A ``tool`` message answers a call of the assistant message right before its run of
      tool messages: "Invalid parameter: messages with role 'tool' must be a response to a
      preceeding message with 'tool_calls'" (miurla/morphic#136, smarter-sh/smarter#264,
      FoundationAgents/OpenManus#744; the stray one, after a user turn or a closed round).
  O2. An assistant message with ``tool_calls`` is followed by tool messages answering every
      id before any other message: "An assistant message with 'tool_calls' must be followed
      by tool messages responding to each 'tool_call_id'" (microsoft/promptflow#3130).
  O3. Each call is answered once (a second answer is a stray tool message: O1).
  O4. Message and part shapes are the official SDK's ``ChatCompletionMessageParam``
      (``sdk_check``): images only in user turns, tool content text only.

Anthropic Messages (``stub_server.validate_anthropic``)
  A1. The first message is a user turn (Vertex and Bedrock refuse an assistant first:
      gemini-cli#11814's twin; anthropics/claude-code on Vertex, Kilo-Org/kilocode#5163).
  A2. Roles alternate user / assistant (Bedrock refuses two in a row; the first-party API
      merges them, so alternating is what every route takes).
  A3. Every ``tool_use`` is answered by a ``tool_result`` in the very next message:
      "`tool_use` ids were found without `tool_result` blocks immediately after … Each
      `tool_use` block must have a corresponding `tool_result` block in the next message"
      (anthropics/claude-code#5989, #2697, #1237).
  A4. A user turn's ``tool_result`` blocks come first in it, before any text or image:
      "Did not find 1 `tool_result` block(s) at the beginning of this message"
      (Zoo-Code-Org/Zoo-Code#1705, QwenLM/qwen-code#8161, NousResearch/hermes-agent#65369).
  A5. A ``tool_result`` names a ``tool_use`` of the message before it ("unexpected
      `tool_use_id` found in `tool_result` blocks"), once; ``tool_use`` ids are unique.
  A6. Block shapes are the official SDK's ``MessageParam`` (``sdk_check``).
  A7. A system prompt's text blocks are not empty ("system: text content blocks must be
      non-empty": mcpjam/inspector, and apps with a blank persona slot), nor marked for the
      cache when empty ("system.N: cache_control cannot be set for empty text blocks").

Gemini generateContent (``stub_server.validate_gemini``)
  G1. The first content is a user turn, roles alternate user / model.
  G2. A function-call turn comes right after a user turn or a function-response turn:
      "Please ensure that function call turn comes immediately after a user turn or after a
      function response turn." (google-gemini/gemini-cli#11814, #26486; lobehub#10049).
  G3. A function-response turn comes right after the function-call turn it answers:
      "Please ensure that function response turn comes immediately after a function call
      turn." (langchain-ai/langchain#27799, GoogleCloudPlatform/generative-ai#368).
  G4. As many responses as calls, each answering one by name (and id):
      "Please ensure that the number of function response parts is equal to the number of
      function call parts of the function call turn." (microsoft/vscode#299295).
  G5. Contents are google-genai's ``types.Content`` (no unknown field).

OpenAI Responses (``stub_responses.validate_responses``)
  R1. Every ``function_call_output`` follows a ``function_call`` with its ``call_id``, once,
      and every ``function_call`` is answered ("No tool output found for function call").
  R2. No two items share an ``id``: "Duplicate item found with id rs_…. Remove duplicate
      items from your input and try again." (continuedev/continue#10200, #10723;
      OpenRouterTeam/ai-sdk-provider#254; github/app#540).
  R3. A reasoning item is followed by the item it produced, which carries its id.
  R4. Item shapes are the official SDK's ``ResponseInputItemParam`` (``sdk_check``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger import fit, prepare
from contextledger.errors import BudgetError, ContentError
from contextledger.model import Image, Message, Text, ToolCall, ToolResult
from contextledger.providers import translate
from sdk_check import validate_body
from strategies import conversations
from stub_responses import validate_responses
from stub_server import Invalid, StubServer, validate_anthropic, validate_gemini, validate_openai

HEADERS = {"x-api-key": "k", "anthropic-version": "2023-06-01", "authorization": "Bearer k"}
MODELS = {
    "openai": "gpt-4o",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
    "openai-responses": "gpt-4.1",
}
STUB = StubServer()


def check(target: str, body: dict[str, Any]) -> None:
    """What ``target``'s API would say of ``body`` (its model and max tokens added)."""
    if target == "openai":
        validate_openai({"model": MODELS[target], **body}, STUB)
    elif target == "anthropic":
        validate_anthropic({"model": MODELS[target], "max_tokens": 10, **body}, HEADERS, STUB)
    elif target == "gemini":
        validate_gemini(body)
    else:
        validate_responses({"model": MODELS[target], **body}, HEADERS, STUB)


def call(i: str) -> dict[str, Any]:
    return {"id": i, "type": "function", "function": {"name": "f", "arguments": "{}"}}


def use(i: str) -> dict[str, Any]:
    return {"type": "tool_use", "id": i, "name": "f", "input": {}}


def result(i: str) -> dict[str, Any]:
    return {"type": "tool_result", "tool_use_id": i, "content": "ok"}


def fn_call(name: str = "f") -> dict[str, Any]:
    return {"functionCall": {"name": name, "args": {}}}


def fn_response(name: str = "f") -> dict[str, Any]:
    return {"functionResponse": {"name": name, "response": {"r": 1}}}


def user(text: str = "hi") -> dict[str, Any]:
    return {"role": "user", "content": text}


def turn(role: str, *parts: dict[str, Any]) -> dict[str, Any]:
    return {"role": role, "parts": list(parts)}


U, M = "user", "model"
# (rule, target, refused body, the message's words, the valid counterpart)
RULES: list[tuple[str, str, dict[str, Any], str, dict[str, Any]]] = [
    ("O1 stray tool message", "openai",
     {"messages": [user(), {"role": "tool", "tool_call_id": "c1", "content": "x"}]},
     "must be a response to a preceeding message",
     {"messages": [user(), {"role": "assistant", "content": None, "tool_calls": [call("c1")]},
                   {"role": "tool", "tool_call_id": "c1", "content": "x"}]}),
    ("O2 a call unanswered before the next turn", "openai",
     {"messages": [user(), {"role": "assistant", "content": None, "tool_calls": [call("c1"), call("c2")]},
                   {"role": "tool", "tool_call_id": "c2", "content": "x"}, user("?")]},
     "must be followed by tool messages",
     {"messages": [user(), {"role": "assistant", "content": None, "tool_calls": [call("c1"), call("c2")]},
                   {"role": "tool", "tool_call_id": "c2", "content": "x"},
                   {"role": "tool", "tool_call_id": "c1", "content": "y"}, user("?")]}),
    ("O3 a call answered twice", "openai",
     {"messages": [user(), {"role": "assistant", "content": None, "tool_calls": [call("c1")]},
                   {"role": "tool", "tool_call_id": "c1", "content": "x"},
                   {"role": "tool", "tool_call_id": "c1", "content": "x"}]},
     "must be a response to a preceeding message",
     {"messages": [user(), {"role": "assistant", "content": None, "tool_calls": [call("c1")]},
                   {"role": "tool", "tool_call_id": "c1", "content": "x"}]}),
    ("A1 assistant first", "anthropic",
     {"messages": [{"role": "assistant", "content": "hello"}, user()]},
     'first message must use the "user" role',
     {"messages": [user(), {"role": "assistant", "content": "hello"}]}),
    ("A2 two user turns in a row", "anthropic",
     {"messages": [user("a"), user("b")]}, "roles must alternate",
     {"messages": [{"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]}]}),
    ("A3 a tool_use answered a turn late", "anthropic",
     {"messages": [user(), {"role": "assistant", "content": [use("toolu_1")]},
                   {"role": "user", "content": "wait"}]},
     "without `tool_result` blocks immediately after",
     {"messages": [user(), {"role": "assistant", "content": [use("toolu_1")]},
                   {"role": "user", "content": [result("toolu_1"), {"type": "text", "text": "wait"}]}]}),
    ("A4 text before the tool_result", "anthropic",
     {"messages": [user(), {"role": "assistant", "content": [use("toolu_1")]},
                   {"role": "user", "content": [{"type": "text", "text": "q"}, result("toolu_1")]}]},
     "must come first",
     {"messages": [user(), {"role": "assistant", "content": [use("toolu_1")]},
                   {"role": "user", "content": [result("toolu_1"), {"type": "text", "text": "q"}]}]}),
    ("A5 a tool_result of an earlier turn", "anthropic",
     {"messages": [user(), {"role": "assistant", "content": [use("toolu_1")]},
                   {"role": "user", "content": [result("toolu_1")]},
                   {"role": "assistant", "content": "ok"},
                   {"role": "user", "content": [result("toolu_1")]}]},
     "unexpected `tool_use_id`",
     {"messages": [user(), {"role": "assistant", "content": [use("toolu_1")]},
                   {"role": "user", "content": [result("toolu_1")]}]}),
    ("A7 an empty system text block", "anthropic",
     {"system": [{"type": "text", "text": "Rules.", "cache_control": {"type": "ephemeral"}},
                 {"type": "text", "text": ""}], "messages": [user()]},
     "system: text content blocks must be non-empty",
     {"system": [{"type": "text", "text": "Rules.", "cache_control": {"type": "ephemeral"}}],
      "messages": [user()]}),
    ("A7 a cache mark on an empty system block", "anthropic",
     {"system": [{"type": "text", "text": "Rules."},
                 {"type": "text", "text": "", "cache_control": {"type": "ephemeral"}}],
      "messages": [user()]},
     "cache_control cannot be set for empty text blocks",
     {"system": [{"type": "text", "text": "Rules.", "cache_control": {"type": "ephemeral"}}],
      "messages": [user()]}),
    ("A7 a blank system text block", "anthropic",
     {"system": [{"type": "text", "text": "Rules."}, {"type": "text", "text": " \n"}],
      "messages": [user()]},
     "must contain non-whitespace text",
     {"system": [{"type": "text", "text": "Rules."}], "messages": [user()]}),
    ("G1 model first", "gemini",
     {"contents": [turn(M, {"text": "hello"}), turn(U, {"text": "hi"})]}, "first content",
     {"contents": [turn(U, {"text": "hi"}), turn(M, {"text": "hello"})]}),
    ("G2 a call after a model text turn", "gemini",
     {"contents": [turn(U, {"text": "a"}), turn(M, {"text": "b"}), turn(M, fn_call()),
                   turn(U, fn_response())]},
     "function call turn comes immediately after a user turn",
     {"contents": [turn(U, {"text": "a"}), turn(M, {"text": "b"}, fn_call()), turn(U, fn_response())]}),
    ("G3 a response without its call turn", "gemini",
     {"contents": [turn(U, {"text": "a"}), turn(M, {"text": "b"}), turn(U, fn_response())]},
     "function response turn comes immediately after a function call turn",
     {"contents": [turn(U, {"text": "a"}), turn(M, fn_call()), turn(U, fn_response())]}),
    ("G4 two calls, one response", "gemini",
     {"contents": [turn(U, {"text": "a"}), turn(M, fn_call("f"), fn_call("g")), turn(U, fn_response("f"))]},
     "number of function response parts",
     {"contents": [turn(U, {"text": "a"}), turn(M, fn_call("f"), fn_call("g")),
                   turn(U, fn_response("g"), fn_response("f"))]}),
    ("R1 an output before its call", "openai-responses",
     {"input": [user(), {"type": "function_call_output", "call_id": "c1", "output": "x"},
                {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"}]},
     "No tool call found",
     {"input": [user(), {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
                {"type": "function_call_output", "call_id": "c1", "output": "x"}]}),
    ("R2 two items with one id", "openai-responses",
     {"input": [user(), {"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "f", "arguments": "{}"},
                {"type": "function_call_output", "call_id": "c1", "output": "x"},
                {"type": "function_call", "id": "fc_1", "call_id": "c2", "name": "f", "arguments": "{}"},
                {"type": "function_call_output", "call_id": "c2", "output": "x"}]},
     "Duplicate item found with id fc_1",
     {"input": [user(), {"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "f", "arguments": "{}"},
                {"type": "function_call_output", "call_id": "c1", "output": "x"},
                {"type": "function_call", "id": "fc_2", "call_id": "c2", "name": "f", "arguments": "{}"},
                {"type": "function_call_output", "call_id": "c2", "output": "x"}]}),
    ("R3 reasoning then a user turn", "openai-responses",
     {"input": [user(), {"type": "reasoning", "id": "rs_1", "summary": []}, user("?")]},
     "without its required following item",
     {"input": [user(), {"type": "reasoning", "id": "rs_1", "summary": []},
                {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
                 "content": [{"type": "output_text", "text": "ok", "annotations": []}]}, user("?")]}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("target", "refused", "words", "valid"), [r[1:] for r in RULES], ids=[r[0] for r in RULES]
)
def test_the_stub_refuses_what_the_api_refuses_and_takes_the_valid_counterpart(
    target: str, refused: dict[str, Any], words: str, valid: dict[str, Any]
) -> None:
    with pytest.raises(Invalid, match=words.replace("(", r"\(")):
        check(target, refused)
    check(target, valid)


# ----------------------------------------------------------------- fits and prepares, fuzzed


def _sendable(conv: tuple[Message, ...]) -> tuple[Message, ...]:
    """The generated images as URLs (their inline stand-ins are not real images)."""
    return tuple(
        m.map_images(lambda img, _j: img if img.url else Image(url="https://example.com/x.png"))
        for m in conv
    )


def _target_body(messages: tuple[Message, ...], target: str) -> dict[str, Any]:
    body = dict(translate(messages, target).body)
    if target != "gemini":  # the official SDK's request types, strictly
        validate_body(target, body)
    return body


@pytest.mark.parametrize("target", list(MODELS))
@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), window=st.integers(250, 3_000), with_prepare=st.booleans())
def test_every_fitted_or_prepared_request_obeys_the_targets_rules(
    target: str, data: st.DataObject, window: int, with_prepare: bool
) -> None:
    reasoning = "openai-responses" if target == "openai-responses" else None
    conv = _sendable(
        data.draw(conversations(min_turns=2, max_turns=14, reasoning_provider=reasoning))
    )
    try:
        check(target, _target_body(conv, target))  # only histories the target takes whole
    except (Invalid, ContentError):
        return
    model = MODELS[target]
    try:
        if with_prepare:
            sent = prepare(
                conv, model, window=window, max_output_tokens=100, target=target
            ).messages
        else:
            sent = fit(conv, model, window=window, max_output_tokens=100, target=target).messages
    except BudgetError:
        return
    check(target, _target_body(tuple(sent), target))


def test_a_fitted_anthropic_turn_keeps_its_tool_results_first() -> None:
    """A4 through a fit: a tool's results and the user's question in one turn, written back
    with the results first, whatever the window keeps."""
    history = [
        Message.user("Read both files.", id="u1"),
        Message.assistant(ToolCall("toolu_1", "read", "{}"), ToolCall("toolu_2", "read", "{}"), id="a1"),
        Message.tool("toolu_1", "first " * 400, id="t1"),
        Message.tool("toolu_2", "second " * 400, id="t2"),
        Message.user("Which one is longer?", id="u2"),
    ]  # fmt: skip
    for window in (600, 1_200, 4_000):
        sent = fit(history, MODELS["anthropic"], window=window, max_output_tokens=100).messages
        body = _target_body(tuple(sent), "anthropic")
        check("anthropic", body)
        last = body["messages"][-1]["content"]
        kinds = [b["type"] for b in last]
        assert kinds == ["tool_result", "tool_result", "text"], kinds
        assert isinstance(sent[-2].content[0], ToolResult) and replace(sent[-1]) == sent[-1]
        assert sent[-1].content == (Text("Which one is longer?"),)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(
        st.tuples(st.sampled_from(["Rules.", "", " ", "\n\n", "Be brief."]), st.booleans()),
        min_size=1,
        max_size=5,
    )
)
def test_a_cached_system_prompt_never_goes_out_with_a_blank_block(
    parts: list[tuple[str, bool]],
) -> None:
    # The writer kept every system block once one was cached, an empty one too: Anthropic
    # answers 400 "system: text content blocks must be non-empty" (prov23).
    cache = '{"type": "ephemeral"}'
    system = Message("system", tuple(Text(t, cache=cache if c else None) for t, c in parts))
    try:
        body = dict(translate([system, Message.user("hi")], "anthropic").body)
    except ContentError:  # a system prompt of no words at all is refused, named
        assert not any(t.strip() for t, _ in parts)
        return
    check("anthropic", body)
    sent = body.get("system")
    words = [t for t, _ in parts if t.strip()]
    if isinstance(sent, list):
        assert [b["text"] for b in sent] == words
        assert len([b for b in sent if "cache_control" in b]) >= min(
            1, sum(c for t, c in parts if t.strip())
        )


def test_a_blank_cached_system_block_hands_its_mark_to_the_block_before() -> None:
    cache = '{"type": "ephemeral"}'
    system = Message("system", (Text("Rules."), Text("", cache=cache), Text("Be brief.")))
    body = dict(translate([system, Message.user("hi")], "anthropic").body)
    assert body["system"] == [
        {"type": "text", "text": "Rules.", "cache_control": {"type": "ephemeral"}},
        {"type": "text", "text": "Be brief."},
    ]
    check("anthropic", body)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(
        st.tuples(st.sampled_from(["out", "", " ", "\n", "more out"]), st.booleans()),
        min_size=1,
        max_size=4,
    ),
    st.booleans(),
)
def test_a_tool_result_never_goes_to_anthropic_with_a_blank_text_block(
    parts: list[tuple[str, bool]], error: bool
) -> None:
    # A result of text blocks kept an empty one ([Text("a"), Text("")]): Anthropic answers
    # 400 "text content blocks must be non-empty" (prov23). Blank blocks are left out.
    cache = '{"type": "ephemeral"}'
    result = ToolResult(
        "toolu_1", tuple(Text(t, cache=cache if c else None) for t, c in parts), error
    )
    messages = [
        Message.user("q"),
        Message.assistant(ToolCall("toolu_1", "f", "{}")),
        Message("tool", (result,)),
    ]
    body = dict(translate(messages, "anthropic").body)
    check("anthropic", body)
    (sent,) = body["messages"][2]["content"]
    content = sent.get("content", [])
    texts = [content] if isinstance(content, str) else [b["text"] for b in content]
    assert [t for t in texts if t] == [t for t, _ in parts if t.strip()] or len(parts) == 1
