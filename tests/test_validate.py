"""validate: the check every provider translator runs before writing a request."""

from __future__ import annotations

import time

import pytest

from contextledger.errors import ContentError
from contextledger.model import Image, InlineData, Message, Text, ToolCall, ToolResult
from contextledger.validate import Problem, ensure_valid, ordering_problems, tool_pair_problems


def kinds(messages: list[Message]) -> list[str]:
    return [p.kind for p in tool_pair_problems(messages)]


def good() -> list[Message]:
    return [
        Message.system("be brief"),
        Message.user("look", Image("image/png", data=InlineData("aGk="))),
        Message.assistant("checking", ToolCall("c1", "ls", '{"dir": "."}'), ToolCall("c2", "cat")),
        Message.tool("c2", "body"),
        Message.tool("c1", "a.txt"),
        Message.assistant("done"),
    ]


def test_valid_conversation_has_no_problems() -> None:
    assert tool_pair_problems(good()) == []
    ensure_valid(good(), target="openai")


def test_one_tool_message_may_answer_several_calls() -> None:
    both = Message("tool", (ToolResult("c1", (Text("x"),)), ToolResult("c2", (Text("y"),))))
    ensure_valid(
        [Message.user("q"), Message.assistant(ToolCall("c1", "a"), ToolCall("c2", "b")), both]
    )


@pytest.mark.parametrize(
    ("messages", "expected"),
    [
        ([Message.user("q"), Message.assistant(ToolCall("c1", "ls"))], ["dangling_call"]),
        ([Message.user("q"), Message.tool("c1", "r")], ["orphan_result"]),
        (
            [Message.assistant(ToolCall("c1", "ls")), Message.user("hm"), Message.tool("c1", "r")],
            ["dangling_call", "orphan_result"],
        ),
        (
            [
                Message.assistant(ToolCall("c1", "ls")),
                Message.tool("c1", "r"),
                Message.tool("c1", "r"),
            ],
            ["duplicate_result"],
        ),
        (
            [Message.assistant(ToolCall("", "ls")), Message.user("x")],
            ["missing_call_id"],
        ),
        (
            [
                Message.assistant(ToolCall("c1", "ls")),
                Message.tool("c1", "r"),
                Message.assistant(ToolCall("c1", "ls")),
                Message.tool("c1", "r"),
            ],
            ["duplicate_call_id"],
        ),
        (
            [Message.assistant(ToolCall("c1", "ls", '{"a": ')), Message.tool("c1", "r")],
            ["json_arguments"],
        ),
        (
            [Message.assistant(ToolCall("c1", "ls", "[1]")), Message.tool("c1", "r")],
            ["json_arguments"],
        ),
        ([Message.assistant(ToolCall("c1", "")), Message.tool("c1", "r")], ["missing_tool_name"]),
        ([Message.user("")], ["empty"]),
        ([Message("user", ())], ["empty"]),
        ([Message.user("q"), Message.system("s")], ["system_position"]),
        ([Message.user(ToolCall("c1", "ls"))], ["misplaced_call"]),
        ([Message.user(ToolResult("c1"))], ["misplaced_result"]),
        (
            [
                Message.assistant(ToolCall("c1", "ls")),
                Message("tool", (ToolResult("c1"), Text("x"))),
            ],
            ["non_result_in_tool"],
        ),
    ],
)
def test_each_rule_is_reported(messages: list[Message], expected: list[str]) -> None:
    assert kinds(messages) == expected


def test_problem_names_the_path() -> None:
    problems = tool_pair_problems(
        [Message.user("q"), Message("tool", (Text("x"), ToolResult("z")))]
    )
    assert problems[0] == Problem(
        1, "messages[1].content[0]", "non_result_in_tool", problems[0].message
    )
    assert problems[1].path == "messages[1].content[1]"
    assert "'z'" in problems[1].message


def test_unknown_role_is_reported() -> None:
    m = Message.user("x")
    object.__setattr__(m, "role", "bot")
    assert kinds([m]) == ["role"]


def test_ensure_valid_raises_content_error_with_path_and_target() -> None:
    with pytest.raises(ContentError) as err:
        ensure_valid(
            [Message.user("q"), Message.assistant(ToolCall("c9", "ls"))], target="anthropic"
        )
    assert err.value.path == "messages[1]"
    assert "c9" in err.value.reason and "anthropic" in err.value.reason


def test_linear_time_on_a_long_history() -> None:
    history: list[Message] = []
    for i in range(20_000):
        history += [Message.assistant(ToolCall(f"c{i}", "ls")), Message.tool(f"c{i}", "ok")]
    # CPU time of this process, not wall time: other processes on a loaded machine do not
    # count. About 0.1 s when linear; a quadratic scan of 40,000 messages takes minutes.
    start = time.process_time()
    assert tool_pair_problems(history) == []
    assert time.process_time() - start < 2.0


def test_a_conversation_with_no_turn_to_send_is_refused_by_name() -> None:
    """Anthropic answers "messages: at least one message is required", Gemini "contents is
    not specified", OpenAI "Invalid 'messages': empty array": nothing to send, or (Anthropic,
    Gemini) a system prompt alone, is refused before it is written, saying what to add."""
    system = [Message.system("be brief")]
    for target in ("anthropic", "gemini"):
        assert [p.kind for p in ordering_problems(system, target)] == ["no_turn"]
    for target in ("openai", "openai-responses", "anthropic", "gemini"):
        assert [p.kind for p in ordering_problems([], target)] == ["no_turn"]
        with pytest.raises(ContentError, match="add the user's request"):
            ensure_valid([], target)
    assert ordering_problems(system, "openai") == []  # a system prompt alone is a request
    assert ordering_problems([*system, Message.user("hi")], "anthropic") == []


@pytest.mark.parametrize(
    ("history", "model", "target", "refused"),
    [
        ([], "gpt-4o", None, True),
        ([], "claude-sonnet-4-5", "anthropic", True),
        ([{"role": "system", "content": "Be brief."}], "claude-sonnet-4-5", None, True),
        ([{"role": "system", "content": "Be brief."}], "gemini-2.5-flash", "gemini", True),
        # OpenAI answers a system prompt alone
        ([{"role": "system", "content": "Be brief."}], "gpt-4o", "openai", False),
    ],
)
def test_fit_refuses_a_history_with_no_turn_naming_what_is_missing(
    history: list[dict[str, str]], model: str, target: str | None, refused: bool
) -> None:
    """fit() returned an empty or system-only result that every provider (or, system-only,
    Anthropic and Gemini) refuses with a 400; now a typed refusal says what is missing."""
    from contextledger import fit, prepare

    if not refused:
        assert fit(history, model, target=target).messages
        return
    for call in (fit, prepare):
        with pytest.raises(ContentError, match="add the user's request") as err:
            call(history, model, target=target)  # type: ignore[operator]
        assert err.value.path == "messages" and "user turn" in err.value.reason


def test_the_proxy_says_to_add_the_request_when_there_is_no_turn() -> None:
    """serve/outgoing's refusal said "run contextledger.repair" for a request with no turn,
    which repair cannot fix: the fix is the user's request."""
    from contextledger.serve.outgoing import Checked, check_sent

    with pytest.raises(ContentError, match="add the user's request") as err:
        check_sent(Checked(), (Message.system("Be brief."),), "anthropic")
    assert "repair" not in err.value.reason
