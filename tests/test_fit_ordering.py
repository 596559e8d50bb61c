"""The fitted history starts with a user turn, and every provider's ordering rules hold."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.errors import BudgetError, ContentError
from contextledger.fit import fit
from contextledger.model import Message, Text, ToolCall, ToolResult
from contextledger.prepare import prepare, price_request
from contextledger.pricing.messages import Pricer
from contextledger.providers import translate
from contextledger.validate import gemini_contents_problems, ordering_problems, tool_pair_problems
from strategies import conversations
from stub_server import Invalid, StubServer, validate_anthropic, validate_gemini, validate_openai

ANTHROPIC_HEADERS = {"x-api-key": "k", "anthropic-version": "2023-06-01"}


def agent_history() -> list[Message]:
    """A request answered with a tool exchange, then a long new request."""
    return [
        Message.system("You are a coding agent.", id="sys"),
        Message.user("Why does the build fail? " + "context " * 1500, id="u1"),
        Message.assistant(ToolCall("c1", "run", '{"cmd": "make"}'), id="a1"),
        Message.tool("c1", "error: missing header", id="t1"),
        Message.assistant("The header is missing.", id="a2"),
        Message.user("Fix it. " + "details " * 200, id="u2"),
    ]


def test_an_answer_whose_request_was_dropped_goes_too() -> None:
    # A window where the first request cannot stay but its exchange could (no earlier
    # request pinned: u1 would be pinned as its opening and closing words; a shrink floor
    # the room cannot hold: u1 would be kept shortened to head and tail).
    res = fit(agent_history(), "gpt-4o", window=2000, max_output_tokens=500,
              prior_anchor_tokens=0, shrink_floor=400)  # fmt: skip
    roles = [m.role for m in res.messages]
    assert roles[0] == "system" and roles[1] == "user"
    assert [m.id for m in res.messages] == ["sys", "u2"]
    orphaned = [c for c in res.report.dropped if "must start with a user turn" in c.reason]
    assert [c.message_id for c in orphaned] == ["a1", "t1", "a2"]
    assert any("starts with a user message" in n.text for n in res.report.notices)
    assert res.report.cut_index == 4  # the kept run begins at u2 (body position 4)


def test_a_history_that_fits_is_untouched() -> None:
    res = fit(agent_history(), "gpt-4o")
    assert [m.id for m in res.messages] == ["sys", "u1", "a1", "t1", "a2", "u2"]
    assert not res.report.dropped


def send_checks(messages: tuple[Message, ...]) -> None:
    """What every provider would say about ``messages``, written in its format."""
    stub = StubServer()
    body = translate(messages, "openai").body
    validate_openai({"model": "gpt-4o", **body}, stub)
    anthropic = translate(messages, "anthropic").body
    validate_anthropic(
        {"model": "claude-sonnet-4-5", "max_tokens": 10, **anthropic}, ANTHROPIC_HEADERS, stub
    )
    validate_gemini(translate(messages, "gemini").body)


def test_the_validators_know_each_providers_first_turn_rule() -> None:
    history = (Message.assistant("Hello!"), Message.user("hi"))
    assert [p.kind for p in ordering_problems(history, "anthropic")] == ["first_turn"]
    assert [p.kind for p in ordering_problems(history, "gemini")] == ["first_turn"]
    assert ordering_problems(history, "openai") == []
    with pytest.raises(Invalid, match="first message"):
        validate_anthropic(
            {
                "model": "m",
                "max_tokens": 1,
                **translate(history, "anthropic", validate=False).body,
            },
            ANTHROPIC_HEADERS,
            StubServer(),
        )
    with pytest.raises(Invalid, match="first content"):
        validate_gemini(translate(history, "gemini", validate=False).body)
    # and translate refuses to write what those providers would refuse
    for target in ("anthropic", "gemini"):
        with pytest.raises(ContentError, match="start with a user turn"):
            translate(history, target)  # type: ignore[arg-type]
    assert translate(history, "openai").body


def test_gemini_calls_after_several_assistant_messages_follow_the_user() -> None:
    # Two or more assistant messages before a call: all of them join the call's turn.
    history = (
        Message.user("check the build"),
        Message.assistant("Sure."),
        Message.assistant("Let me look."),
        Message.assistant(ToolCall("c1", "ls", "{}")),
        Message.tool("c1", "a.txt"),
        Message.user("and now?"),
    )
    body = translate(history, "gemini").body
    validate_gemini(body)
    assert [c["role"] for c in body["contents"]] == ["user", "model", "user"]
    assert gemini_contents_problems(body["contents"]) == []
    bad = [
        {"role": "user", "parts": [{"text": "q"}]},
        {"role": "model", "parts": [{"text": "a"}]},
        {"role": "model", "parts": [{"function_call": {"name": "ls", "args": {}}}]},
    ]
    assert [p.kind for p in gemini_contents_problems(bad)] == ["call_placement"]
    opened_by_a_call = (Message.assistant(ToolCall("c1", "ls", "{}")), Message.tool("c1", "x"))
    kinds = [p.kind for p in ordering_problems(opened_by_a_call, "gemini")]
    assert kinds == ["first_turn", "call_placement"]


@pytest.mark.parametrize("model", ["gemini-2.5-flash", "claude-sonnet-4-5", "gpt-4o"])
@pytest.mark.parametrize(
    "history",
    [
        [Message.system("Be kind."), Message.assistant("Hi! How can I help?", id="hello")],
        [
            Message.assistant(ToolCall("c1", "whoami", "{}"), id="boot"),
            Message.tool("c1", "alice", id="boot-result"),
        ],
    ],
    ids=["greeting", "opened-by-a-tool-call"],
)
def test_a_history_without_a_user_turn_gets_one_reported(
    history: list[Message], model: str
) -> None:
    res = fit(history, model)
    body = [m for m in res.messages if m.role != "system"]
    assert body[0].role == "user" and body[1:] == [m for m in history if m.role != "system"]
    assert any(n.kind == "inserted" for n in res.report.notices)
    pricer = Pricer.for_model(model)  # one request's: a result is priced as its call named
    assert res.report.messages_tokens == sum(pricer.message(m).total for m in res.messages)
    send_checks(res.messages)
    out = prepare(history, model, compaction=False)
    assert out.report.used == price_request(out.body, model).total


def test_gemini_gets_text_and_calls_of_one_turn_in_one_model_turn() -> None:
    history = (
        Message.user("list files"),
        Message.assistant("Let me look."),
        Message.assistant(ToolCall("c1", "ls", "{}")),
        Message.tool("c1", "a.txt"),
    )
    validate_gemini(translate(history, "gemini").body)
    bad: dict[str, Any] = {
        "contents": [
            {"role": "user", "parts": [{"text": "q"}]},
            {"role": "model", "parts": [{"text": "a"}]},
            {"role": "model", "parts": [{"function_call": {"name": "ls", "args": {}}}]},
        ]
    }
    with pytest.raises(Invalid, match="function call turn"):
        validate_gemini(bad)


def _without_images(conv: tuple[Message, ...]) -> tuple[Message, ...]:
    out = []
    for m in conv:
        blocks = [
            replace(b, content=tuple(x for x in b.content if isinstance(x, Text)) or (Text("x"),))
            if isinstance(b, ToolResult)
            else b
            for b in m.content
            if b.type in ("text", "tool_call", "tool_result", "recap")
        ]
        if m.role == "tool" or blocks:
            out.append(m.with_content(blocks or [Text("x")]))
    return tuple(out)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    conversations(min_turns=2, max_turns=12, with_files=False),
    st.integers(300, 3000),
    st.sampled_from(["gpt-4o", "claude-sonnet-4-5", "gemini-2.5-flash"]),
)
def test_every_fit_starts_with_the_user_and_every_provider_accepts_it(
    conv: tuple[Message, ...], window: int, model: str
) -> None:
    history = _without_images(conv)
    if any(p.kind != "orphan_result" for p in tool_pair_problems(history)):
        return
    try:
        res = fit(history, model, window=window, max_output_tokens=200)
    except BudgetError:
        return
    body = [m for m in res.messages if m.role != "system"]
    if any(m.role == "user" for m in body):
        assert body[0].role == "user"
        for target in ("anthropic", "gemini", "openai"):
            assert ordering_problems(res.messages, target) == []
        send_checks(res.messages)


@pytest.mark.parametrize(
    ("model", "target"),
    [("claude-sonnet-4-5", "anthropic"), ("gemini-2.5-flash", "gemini"), ("gpt-4o", "openai")],
)
def test_a_turn_emptied_by_dropped_reasoning_is_left_out_reported(model: str, target: str) -> None:
    # A Responses history whose reasoning produced no output (max_output_tokens was hit).
    history = {
        "input": [
            {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "go"}]},
            {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAAB"},
            {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "?"}]},
        ]
    }
    out = prepare(history, model, target=target, compaction=False)
    turns = out.body.get("messages") or out.body["contents"]
    assert {t["role"] for t in turns} == {"user"}  # (Anthropic merges the two user turns)
    assert any("left out" in n.text for n in out.report.notices)
    assert out.report.used == price_request(out.body, model).total
    if target == "openai":
        validate_openai(out.body, StubServer())
    elif target == "anthropic":
        validate_anthropic(out.body, ANTHROPIC_HEADERS, StubServer())
    else:
        validate_gemini(out.body)


# ------------------------------------------------------------- fit, then translate


def _tiny_png(width: int, height: int) -> str:
    import base64
    import io

    from PIL import Image as PILImage

    buf = io.BytesIO()
    PILImage.new("RGB", (width, height), "white").save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def _images_history() -> list[dict[str, Any]]:
    shots = [_tiny_png(64 + k, 48) for k in range(3)]
    return [
        {
            "role": "user",
            "content": [{"type": "text", "text": "compare these"}]
            + [{"type": "image_url", "image_url": {"url": u}} for u in shots],
        },
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "shot", "arguments": "{}"}}
            ],
        },
        {
            "role": "tool",
            "tool_call_id": "c1",
            "content": [{"type": "text", "text": "two shots"}]
            + [{"type": "image_url", "image_url": {"url": u}} for u in shots[:2]],
        },
        {"role": "user", "content": "which is better?"},
    ]


@pytest.mark.parametrize(
    ("model", "target"),
    [("gpt-4o", "openai"), ("claude-sonnet-4-5", "anthropic"), ("gemini-2.5-flash", "gemini")],
)
def test_fit_then_translate_never_sends_more_than_used(model: str, target: str) -> None:
    history = _images_history()

    def sent(messages: tuple[Message, ...]) -> int:
        body = translate(messages, target).body  # type: ignore[arg-type]
        return price_request(body, model, target).total

    res = fit(history, model)  # the README's path: no target known to the fit
    assert res.report.used >= sent(res.messages)
    exact = fit(history, model, target=target)  # the target known: exact
    assert exact.report.used == sent(exact.messages)


def test_a_mid_conversation_system_message_moved_to_the_top_is_reported() -> None:
    history = [
        Message.system("Be brief.", id="s1"),
        Message.user("q1", id="u1"),
        Message.assistant("a1", id="a1"),
        Message.system("From now on answer in French.", id="s2"),
        Message.user("q2", id="u2"),
    ]
    res = fit(history, "gpt-4o")
    assert [m.id for m in res.messages] == ["s1", "s2", "u1", "a1", "u2"]
    moved = [n for n in res.report.notices if n.kind == "moved"]
    assert [n.where for n in moved] == ["s2"]
    assert not [n for n in fit(history[:3], "gpt-4o").report.notices if n.kind == "moved"]
