"""The newest user request is sacred, and so are the tool results that came with it.

Anthropic and Gemini put a tool's results and the user's new question in one user turn (a
``tool_result`` then a text; a ``functionResponse`` then a text); OpenAI Chat and Responses
send the tool's answer and then the question. Read, that is a tool exchange right before
the newest request, unanswered: the model answers both now. The fit used to drop it as an
"older tool exchange" when it did not fit whole beside the pins, leaving the question
without the data it asks about (a 5,841-token output: the model got 17 tokens). It stays,
shortened if it must be; one that cannot be shortened (a call's arguments are sent whole, a
file by reference at its bound) goes as before, reported, and the request is sent."""

from __future__ import annotations

import json
from typing import Any

import pytest

from contextledger import fit
from contextledger.model import Message, ToolResult
from contextledger.providers import translate
from stub_responses import validate_responses
from stub_server import StubServer, validate_anthropic, validate_gemini, validate_openai

GOAL = "Please migrate the billing service from MySQL to Postgres 16 and keep the API stable. " * 12
ROWS = "".join(f"row {i}: total=42.00 EUR status=open\n" for i in range(300))
ASK = "list the open invoices"
QUESTION = "Which rows are still open?"
HEADERS = {"x-api-key": "k", "anthropic-version": "2023-06-01", "authorization": "Bearer k"}


def chat(result: Any = ROWS) -> list[dict[str, Any]]:
    call = {"id": "call_1", "type": "function", "function": {"name": "sql", "arguments": "{}"}}
    return [
        {"role": "user", "content": GOAL},
        {"role": "assistant", "content": "On it."},
        {"role": "user", "content": ASK},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "call_1", "content": result},
        {"role": "user", "content": QUESTION},
    ]


def anthropic(result: Any = ROWS) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": GOAL},
        {"role": "assistant", "content": "On it."},
        {"role": "user", "content": ASK},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "sql", "input": {}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": result},
            {"type": "text", "text": QUESTION}]},
    ]  # fmt: skip


def responses() -> dict[str, Any]:
    return {
        "input": [
            {"role": "user", "content": GOAL},
            {"role": "assistant", "content": "On it."},
            {"role": "user", "content": ASK},
            {"type": "function_call", "call_id": "call_1", "name": "sql", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "call_1", "output": ROWS},
            {"role": "user", "content": QUESTION},
        ]
    }


def gemini() -> dict[str, Any]:
    return {
        "contents": [
            {"role": "user", "parts": [{"text": GOAL}]},
            {"role": "model", "parts": [{"text": "On it."}]},
            {"role": "user", "parts": [{"text": ASK}]},
            {"role": "model", "parts": [{"functionCall": {"name": "sql", "args": {}}}]},
            {"role": "user", "parts": [
                {"functionResponse": {"name": "sql", "response": {"rows": ROWS}}},
                {"text": QUESTION}]},
        ]
    }  # fmt: skip


def accepted(messages: tuple[Message, ...], target: str, model: str) -> None:
    """The fitted history, written for ``target``, passes the stub's checks of that API."""
    stub = StubServer()
    body = {"model": model, **translate(messages, target).body}
    if target == "openai":
        validate_openai(body, stub)
    elif target == "openai-responses":
        validate_responses(body, HEADERS, stub)
    elif target == "anthropic":
        validate_anthropic({"max_tokens": 10, **body}, HEADERS, stub)
    else:
        validate_gemini(translate(messages, target).body)


FORMATS = [
    (chat, "gpt-4o", "openai"),
    (anthropic, "claude-sonnet-4-5", "anthropic"),
    (responses, "gpt-4.1", "openai-responses"),
    (gemini, "gemini-2.5-flash", "gemini"),
]


@pytest.mark.parametrize(("history", "model", "target"), FORMATS)
def test_the_results_that_came_with_the_question_stay_with_it(
    history: Any, model: str, target: str
) -> None:
    """At 700 tokens the pinned goal left too little room to share: the exchange was cut."""
    result = fit(history(), model, window=700, max_output_tokens=100, target=target)
    kept = [b for m in result.messages for b in m.content if isinstance(b, ToolResult)]
    assert len(kept) == 1 and "row 0:" in kept[0].text
    assert result.messages[-1].text == QUESTION
    assert any("A long tool output" in n.text for n in result.report.notices)
    assert result.report.used <= result.report.budget
    accepted(result.messages, target, model)


def test_without_its_question_the_exchange_is_opened_by_a_user_turn_reported() -> None:
    """The request that asked for the call cannot fit: the exchange stays (its results came
    with the new question), opened by a short user turn, said."""
    history = anthropic()[2:]
    history[0] = {"role": "user", "content": "x1 y2 z3 " * 3000}
    result = fit(history, "claude-sonnet-4-5", window=800, max_output_tokens=100)
    roles = [m.role for m in result.messages]
    assert roles == ["user", "assistant", "tool", "user"]
    assert result.messages[0].text == "(continue)"
    said = [n.text for n in result.report.notices]
    assert any("does not start with a user message" in t for t in said), said
    accepted(result.messages, "anthropic", "claude-sonnet-4-5")


def test_a_file_by_id_that_came_with_the_question_is_named_when_it_cannot_stay() -> None:
    """Its length is unknown here (a bound the window cannot hold): the exchange is left out
    and the file named; the question is sent. Its pages declared, it stays."""
    document = [{"type": "document", "source": {"type": "file", "file_id": "file_011Invoice"}}]
    result = fit(anthropic(document), "claude-sonnet-4-5", window=3_000, max_output_tokens=300)
    assert result.messages[-1].text == QUESTION
    assert not [b for m in result.messages for b in m.content if isinstance(b, ToolResult)]
    assert any("file_011Invoice" in n.text for n in result.report.notices)
    accepted(result.messages, "anthropic", "claude-sonnet-4-5")
    result = fit(
        anthropic(document),
        "claude-sonnet-4-5",
        window=5_000,
        max_output_tokens=300,
        file_pages={"file_011Invoice": 1},
    )
    kept = [b for m in result.messages for b in m.content if isinstance(b, ToolResult)]
    assert len(kept) == 1 and result.messages[-1].text == QUESTION


def test_an_exchange_that_cannot_be_shortened_goes_and_the_request_stays() -> None:
    """Review 17 (R17-P3): a 70k-character write call (its arguments are sent whole) right
    before an unrelated question: the exchange is left out, reported; the question is sent."""
    code = "def handler(event):\n    return process(event)\n" * 1500
    args = json.dumps({"path": "src/handler.py", "content": code})
    call = {"id": "c1", "type": "function", "function": {"name": "write_file", "arguments": args}}
    history = [
        {"role": "user", "content": "Write the handler module."},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": "wrote 72000 bytes"},
        {"role": "user", "content": "Thanks. Now, separately: what does HTTP 429 mean?"},
    ]
    for model, target in [m[1:] for m in FORMATS if m[2] != "openai-responses"]:
        result = fit(history, model, window=8_000, max_output_tokens=1_000, target=target)
        assert result.messages[-1].text.endswith("HTTP 429 mean?")
        assert any("72,058 characters was left out" in n.text for n in result.report.notices)
        accepted(result.messages, target, model)
