"""repair: broken restored histories come back valid, with a truthful report."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.model import (
    Image,
    InlineData,
    Message,
    Reasoning,
    Text,
    ToolCall,
    ToolResult,
)
from contextledger.repair import INCOMPLETE_NOTE, repair
from contextledger.validate import ensure_valid, tool_pair_problems


def kinds(result: Any) -> list[str]:
    return [c.kind for c in result.changes]


def valid_history() -> list[Message]:
    return [
        Message.system("be brief", id="s"),
        Message.user("look", Image("image/png", data=InlineData("aGk="), name="a.png"), id="u1"),
        Message.assistant("checking", ToolCall("c1", "ls", '{"dir": "."}'), id="a1"),
        Message.tool("c1", "a.txt", id="t1"),
        Message.assistant("done", id="a2"),
    ]


def test_valid_history_is_returned_unchanged_and_unreported() -> None:
    history = valid_history()
    result = repair(history)
    assert result.changes == ()
    assert list(result.messages) == history
    assert all(a is b for a, b in zip(result.messages, history, strict=True))
    assert result.summary() == "no repairs needed"


def test_dangling_call_is_answered_as_interrupted_by_default() -> None:
    history = [Message.user("go", id="u"), Message.assistant(ToolCall("c1", "ls"), id="a")]
    result = repair(history)
    assert kinds(result) == ["synthesized_result"]
    added = result.messages[-1]
    assert added.role == "tool"
    res = added.tool_results[0]
    assert res.call_id == "c1" and res.is_error and res.text.startswith("[Tool call interrupted")
    assert result.messages[1] is history[1]  # the call and its id are untouched
    ensure_valid(result.messages)


def test_dangling_call_removed_with_seed_note_when_asked() -> None:
    history = [
        Message.assistant("let me check", ToolCall("c1", "ls"), ToolCall("c2", "cat"), id="a"),
        Message.tool("c1", "ok", id="t"),
    ]
    result = repair(history, dangling="remove")
    assert kinds(result) == ["dangling_call_removed"]
    assistant = result.messages[0]
    assert [c.id for c in assistant.tool_calls] == ["c1"]
    assert assistant.text == f"let me check\n{INCOMPLETE_NOTE}"
    assert result.changes[0].message_id == "a" and "c2" in result.changes[0].detail


def test_remove_mode_adds_note_block_when_assistant_had_no_text() -> None:
    result = repair([Message.assistant(ToolCall("c1", "ls"))], dangling="remove")
    assert result.messages[0].content == (Text(INCOMPLETE_NOTE),)


def test_orphan_results_are_removed() -> None:
    history = [Message.user("q"), Message.tool("ghost", "r", id="t"), Message.assistant("a")]
    result = repair(history)
    assert [m.role for m in result.messages] == ["user", "assistant"]
    assert kinds(result) == ["orphan_result"]
    assert result.changes[0].index == 1 and "ghost" in result.changes[0].detail


def test_out_of_order_result_is_moved_next_to_its_call() -> None:
    history = [
        Message.assistant(ToolCall("c1", "ls"), id="a"),
        Message.user("still there?", id="u"),
        Message.tool("c1", "a.txt", id="t"),
    ]
    result = repair(history)
    assert [m.id for m in result.messages] == ["a", "t", "u"]
    assert kinds(result) == ["moved_result"]


def test_result_recorded_before_its_call_is_moved_after_it() -> None:
    """An app that logs a tool's output when it arrives and the call when its stream ends
    (R39-O1): the output is the tool's real one, not an orphan to answer as interrupted."""
    history = [Message.tool("c1", "early"), Message.assistant(ToolCall("c1", "ls"))]
    result = repair(history)
    assert kinds(result) == ["moved_result"]
    assert "recorded before the call" in result.changes[0].detail
    assert [m.role for m in result.messages] == ["assistant", "tool"]
    assert result.messages[1].tool_results[0].content[0] == Text("early")


def test_result_before_a_call_already_answered_is_removed() -> None:
    history = [
        Message.tool("c1", "stale"),
        Message.assistant(ToolCall("c1", "ls")),
        Message.tool("c1", "real"),
    ]
    result = repair(history)
    assert kinds(result) == ["duplicate_result"]
    assert [m.tool_results[0].content[0] for m in result.messages[1:]] == [Text("real")]


def test_duplicate_result_keeps_the_first() -> None:
    history = [
        Message.assistant(ToolCall("c1", "ls")),
        Message.tool("c1", "one"),
        Message.tool("c1", "two"),
    ]
    result = repair(history)
    assert [m.text for m in result.messages[1:]] == ["one"]
    assert kinds(result) == ["duplicate_result"]


def test_truncated_arguments_remove_call_and_result_with_note() -> None:
    history = [
        Message.assistant(
            "running", ToolCall("c1", "sh", '{"cmd": "rm -rf /tmp/a'), ToolCall("c2", "ls")
        ),
        Message.tool("c1", "done"),
        Message.tool("c2", "x"),
    ]
    result = repair(history)
    assert [c.id for c in result.messages[0].tool_calls] == ["c2"]
    assert result.messages[0].text.endswith(INCOMPLETE_NOTE)
    assert [m.tool_results[0].call_id for m in result.messages[1:]] == ["c2"]
    assert kinds(result) == ["malformed_call_removed", "orphan_result"]
    ensure_valid(result.messages)


def test_non_string_arguments_are_encoded() -> None:
    call = ToolCall("c1", "ls", {"dir": "é"})  # type: ignore[arg-type]
    result = repair([Message.assistant(call), Message.tool("c1", "ok")])
    assert result.messages[0].tool_calls[0].arguments == '{"dir": "é"}'
    assert kinds(result) == ["non_string_arguments"]


def test_missing_id_gets_deterministic_id_shared_with_its_result() -> None:
    history = [Message.assistant(ToolCall("", "ls"), id="a"), Message.tool("", "ok")]
    one, two = repair(history), repair(history)
    assert one.messages == two.messages
    new_id = one.messages[0].tool_calls[0].id
    assert new_id.startswith("call_") and one.messages[1].tool_results[0].call_id == new_id
    assert kinds(one) == ["missing_call_id", "renamed_result"]


def test_duplicate_ids_across_messages_renumber_later_call_and_its_result() -> None:
    history = [
        Message.assistant(ToolCall("c1", "ls")),
        Message.tool("c1", "first"),
        Message.assistant(ToolCall("c1", "cat")),
        Message.tool("c1", "second"),
    ]
    result = repair(history)
    assert result.messages[2].tool_calls[0].id == "c1~2"
    assert result.messages[3].tool_results[0].call_id == "c1~2"
    assert result.messages[3].text == "second"
    assert kinds(result) == ["duplicate_call_id", "renamed_result"]


def test_duplicate_ids_in_one_message_pair_by_position_when_counts_agree() -> None:
    history = [
        Message.assistant(ToolCall("c1", "ls"), ToolCall("c1", "cat")),
        Message.tool("c1", "ls-out"),
        Message.tool("c1", "cat-out"),
    ]
    result = repair(history)
    calls = result.messages[0].tool_calls
    assert [c.id for c in calls] == ["c1", "c1~2"]
    assert [m.tool_results[0].call_id for m in result.messages[1:]] == ["c1", "c1~2"]


def test_ambiguous_duplicate_in_one_message_is_removed() -> None:
    history = [
        Message.assistant("x", ToolCall("c1", "ls"), ToolCall("c1", "cat"), ToolCall("c1", "rm")),
        Message.tool("c1", "one"),
        Message.tool("c1", "two"),
    ]
    result = repair(history)
    assert [c.name for c in result.messages[0].tool_calls] == ["ls"]
    assert result.messages[0].text.endswith(INCOMPLETE_NOTE)
    assert kinds(result) == ["malformed_call_removed", "malformed_call_removed", "duplicate_result"]


def test_attachment_user_turn_is_kept_whole() -> None:
    turn = Message.user(Text("see attached"), Image("image/png", ref="a" * 64 + ".png"), id="u")
    result = repair([turn, Message.assistant("ok")])
    assert result.messages[0] is turn and not result.changes


def test_empty_messages_and_unknown_roles_are_removed() -> None:
    odd = Message.user("x", id="odd")
    object.__setattr__(odd, "role", "narrator")
    history = [
        Message.user("", id="e"),
        odd,
        Message("assistant", (), id="e2"),
        Message.user("q", id="q"),
    ]
    result = repair(history)
    assert [m.id for m in result.messages] == ["q"]
    assert kinds(result) == ["empty_message", "unknown_role", "empty_message"]


def test_late_system_message_becomes_a_user_turn() -> None:
    result = repair([Message.user("q"), Message.system("new rules", id="s2")])
    assert result.messages[1].role == "user" and result.messages[1].text == "new rules"
    assert kinds(result) == ["system_moved"]


def test_results_inside_a_user_turn_are_split_out() -> None:
    history = [
        Message.assistant(ToolCall("c1", "ls"), id="a"),
        Message.user(ToolResult("c1", (Text("out"),)), Text("and now?"), id="u"),
    ]
    result = repair(history)
    assert [m.role for m in result.messages] == ["assistant", "tool", "user"]
    assert result.messages[2].text == "and now?"
    ensure_valid(result.messages)


def test_changes_carry_readable_text() -> None:
    result = repair([Message.user("q", id="u1"), Message.tool("zz", "r", id="t1")])
    line = str(result.changes[0])
    assert line.startswith("message 1 (t1): ") and "zz" in line


# --- properties -------------------------------------------------------------------

IDS = st.sampled_from(["c1", "c2", "c3", ""])
ARGS = st.sampled_from(["{}", '{"a": 1}', '{"a": ', "[1]", "", "5"])


@st.composite
def blocks(draw: st.DrawFn, role: str) -> tuple[Any, ...]:
    kinds_ = ["text", "empty_text", "image", "call", "result", "reasoning"]
    weights = {
        "assistant": ["text", "call", "call", "reasoning", "result"],
        "tool": ["result", "result", "result", "text"],
        "user": ["text", "image", "result", "call", "empty_text"],
        "system": ["text", "empty_text"],
    }[role]
    out: list[Any] = []
    for kind in draw(st.lists(st.sampled_from(weights or kinds_), max_size=3)):
        if kind == "text":
            out.append(Text(draw(st.sampled_from(["hi", "ok", INCOMPLETE_NOTE]))))
        elif kind == "empty_text":
            out.append(Text(""))
        elif kind == "image":
            out.append(Image("image/png", ref="b" * 64 + ".png"))
        elif kind == "call":
            args = draw(st.one_of(ARGS, st.just({"k": 1})))
            out.append(ToolCall(draw(IDS), draw(st.sampled_from(["ls", "", "cat"])), args))
        elif kind == "result":
            out.append(ToolResult(draw(IDS), (Text("r"),)))
        else:
            out.append(Reasoning("anthropic", "thinking", signature="sig"))
    return tuple(out)


@st.composite
def histories(draw: st.DrawFn) -> list[Message]:
    roles = draw(
        st.lists(
            st.sampled_from(["user", "assistant", "assistant", "tool", "tool", "system", "??"]),
            max_size=12,
        )
    )
    out: list[Message] = []
    for n, role in enumerate(roles):
        if role == "??":
            m = Message.user("lost", id=f"m{n}")
            object.__setattr__(m, "role", "robot")
        else:
            m = Message(role, draw(blocks(role)), id=draw(st.sampled_from([f"m{n}", ""])))  # type: ignore[arg-type]
        out.append(m)
    return out


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(histories(), st.sampled_from(["synthesize", "remove"]))
def test_repair_output_is_always_valid(history: list[Message], mode: Any) -> None:
    result = repair(history, dangling=mode)
    assert tool_pair_problems(result.messages) == []
    if tool_pair_problems(history) == [] and history:
        assert result.changes == ()


@SETTINGS
@given(histories(), st.sampled_from(["synthesize", "remove"]))
def test_repair_is_idempotent(history: list[Message], mode: Any) -> None:
    once = repair(history, dangling=mode)
    twice = repair(once.messages, dangling=mode)
    assert twice.changes == ()
    assert twice.messages == once.messages


def test_results_split_between_two_assistants_get_distinct_ids() -> None:
    """Regression (found by the idempotence property): one user message holding the
    results of two calls made by two assistants was split into two tool messages both
    named ``m9.results.0``, so a second repair renamed one of them."""
    history = [
        Message.assistant(ToolCall("c1", "ls", "{}"), id="m6"),
        Message.assistant(ToolCall("c2", "ls", "{}"), id="m7"),
        Message.user("hi", id="m8"),
        Message.user(ToolResult("c1", (Text("r"),)), ToolResult("c2", (Text("r"),)), id="m9"),
    ]
    once = repair(history)
    ids = [m.id for m in once.messages]
    assert len(ids) == len(set(ids)), ids
    assert [m.id for m in once.messages if m.role == "tool"] == ["m9.results.0", "m9.results.1"]
    assert repair(once.messages).changes == ()


@SETTINGS
@given(histories())
def test_every_removed_or_altered_message_is_reported(history: list[Message]) -> None:
    result = repair(history)
    reported = {c.index for c in result.changes}
    survivors = {id(m) for m in result.messages}
    for i, m in enumerate(history):
        if id(m) not in survivors:
            assert i in reported, f"message {i} changed without a report"


def test_openai_dicts_are_repaired_leniently_with_input_indices() -> None:
    """Broken sessions arrive as dicts: unknown roles, id-less calls, non-string arguments."""
    from contextledger.validate import tool_pair_problems

    msgs = [
        {"role": "user", "content": "hi"},
        {"role": "narrator", "content": "x"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"type": "function", "function": {"name": "ls", "arguments": {"path": "."}}},
        ]},
        {"role": "tool", "tool_call_id": "nope", "content": "orphan"},
        {"role": "user", "content": [{"type": "text", "text": "see"}, {"type": "image_url", "image_url": {"url": "https://x/y.png"}}]},
    ]  # fmt: skip
    result = repair(msgs)
    kinds = {(c.index, c.kind) for c in result.changes}
    assert (1, "unknown_role") in kinds
    assert any(i == 3 for i, _ in kinds)  # the orphan, reported at its input index
    assert not tool_pair_problems(result.messages)
    assert (
        result.messages[-1].role == "user" and len(result.messages[-1].content) == 2
    )  # attachment kept
    call = result.messages[1].tool_calls[0]
    assert call.id and call.arguments == '{"path": "."}'
    assert repair(result.messages).changes == ()


def cut_call_history() -> list[dict[str, Any]]:
    """An OpenAI history holding a call cut short by max_tokens (its arguments are not JSON;
    OpenAI returned it and takes it back) and, later, a call the user interrupted."""
    return [
        {"role": "user", "content": "export the report"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function",
             "function": {"name": "export", "arguments": '{"format": "csv", "rows": [1, 2'}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "Exported to s3://reports/q3.csv"},
        {"role": "user", "content": "now list the bucket"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_2", "type": "function", "function": {"name": "ls", "arguments": "{}"}}]},
        {"role": "user", "content": "never mind: where did the export go?"},
    ]  # fmt: skip


def test_repair_keeps_unparsed_arguments_for_a_target_that_takes_them() -> None:
    """OpenAI Chat and Responses take a call's arguments as the string the model wrote:
    ``repair(target="openai")`` keeps such a call and its result; for any target (None) or
    one that needs a JSON object, the call goes, reported."""
    for target in ("openai", "openai-responses"):
        kept = repair(cut_call_history(), target=target)
        assert kinds(kept) == ["synthesized_result"]
        assert "s3://reports/q3.csv" in kept.messages[2].text
        ensure_valid(kept.messages, target)
    for target in (None, "anthropic", "gemini"):
        gone = repair(cut_call_history(), target=target)
        assert kinds(gone)[:2] == ["malformed_call_removed", "orphan_result"]
        assert "s3://" not in "".join(m.text for m in gone.messages)


def test_fit_and_prepare_repair_for_their_target(stub: Any) -> None:
    """When a history needs repair for another reason (an interrupted call), fit and prepare
    for OpenAI keep the cut call and its result (they used to remove them, as the untargeted
    repair did), and the official client's request is accepted by the stub."""
    import openai

    from contextledger import fit, prepare

    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    history = cut_call_history()
    fitted = fit(history, "gpt-4o", target="openai")
    prepared = prepare(history, "gpt-4o", compaction=False)
    for messages in (fitted.messages, prepared.messages):
        assert "s3://reports/q3.csv" in messages[2].text
        assert messages[1].tool_calls[0].arguments == '{"format": "csv", "rows": [1, 2'
    assert [n.kind for n in fitted.report.notices] == ["repaired"]
    assert client.chat.completions.create(**prepared.sdk_kwargs()).choices[0].message.content
    from contextledger.providers import translate

    body = translate(fitted.messages, "openai").body
    assert client.chat.completions.create(model="gpt-4o", **body).choices
    assert stub.rejected() == []


def reused_id_history() -> list[dict[str, Any]]:
    """Two rounds whose first calls share the id ``call_dup`` (an app numbering calls per
    round)."""

    def call(cid: str) -> dict[str, Any]:
        return {"id": cid, "type": "function", "function": {"name": "sh", "arguments": "{}"}}

    return [
        {"role": "user", "content": "go"},
        {"role": "assistant", "content": None, "tool_calls": [call("call_dup"), call("call_4")]},
        {"role": "tool", "tool_call_id": "call_dup", "content": "first"},
        {"role": "tool", "tool_call_id": "call_4", "content": "x"},
        {"role": "assistant", "content": None, "tool_calls": [call("call_dup"), call("call_9")]},
        {"role": "tool", "tool_call_id": "call_dup", "content": "second"},
        {"role": "tool", "tool_call_id": "call_9", "content": "ok"},
        {"role": "user", "content": "and now?"},
    ]


def test_fit_repairs_a_call_id_reused_across_rounds(stub: Any) -> None:
    """review10 P4: the fit checks each tool exchange on its own, so an id reused in another
    round reached the writers, which refused it (all four). The fit now repairs it (the
    second call and its result renumbered, reported) and the official clients' requests
    are accepted."""
    import anthropic
    import openai

    from contextledger import fit
    from contextledger.providers import translate

    models = {"openai": "gpt-4o", "openai-responses": "gpt-4o", "anthropic": "claude-sonnet-4-6",
              "gemini": "gemini-2.5-flash"}  # fmt: skip
    for target, model in models.items():
        res = fit(reused_id_history(), model, target=target)  # type: ignore[arg-type]
        ids = [c.id for m in res.messages for c in m.tool_calls]
        assert len(ids) == len(set(ids)) == 4 and "call_dup~2" in ids
        assert any(n.kind == "repaired" and "call_dup" in n.text for n in res.report.notices)
        body = translate(res.messages, target).body  # type: ignore[arg-type]
        if target == "openai":
            oai = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
            assert oai.chat.completions.create(model=model, **body).choices
        elif target == "anthropic":
            claude = anthropic.Anthropic(api_key="k", base_url=stub.anthropic_url, max_retries=0)
            assert claude.messages.create(model=model, max_tokens=9, **body).content
    assert stub.rejected() == []


REASONING = {"type": "reasoning", "id": "rs_1", "encrypted_content": "enc",
             "summary": [{"type": "summary_text", "text": "thought"}]}  # fmt: skip


def cut_after_reasoning() -> list[dict[str, Any]]:
    """A Responses history whose stream was cut after the reasoning item."""
    return [{"role": "user", "content": "q1"}, REASONING, {"role": "user", "content": "hello?"}]


def message_without_its_id() -> list[dict[str, Any]]:
    """A Responses history whose app rebuilt the assistant message from its text (no id)."""
    answer = {"type": "message", "role": "assistant",
              "content": [{"type": "output_text", "text": "an answer"}]}  # fmt: skip
    return [{"role": "user", "content": "q1"}, REASONING, answer,
            {"role": "user", "content": "what now?"}]  # fmt: skip


def test_orphan_responses_reasoning_is_a_problem_for_responses_only() -> None:
    """review10 P5: the Responses API refuses a reasoning item without the item it produced
    ("Item 'rs_1' of type 'reasoning' was provided without its required following item"),
    and one with an id followed by an item without its own; the other writers drop it."""
    from contextledger.providers import read_messages
    from contextledger.validate import problems_for

    for history in (cut_after_reasoning(), message_without_its_id()):
        messages = read_messages(history, "openai-responses")
        assert [p.kind for p in problems_for(messages, "openai-responses")] == ["orphan_reasoning"]
        assert [p.kind for p in problems_for(messages, None)] == ["orphan_reasoning"]
        for other in ("openai", "anthropic", "gemini"):
            assert problems_for(messages, other) == []


def test_repair_removes_an_orphan_reasoning_item_and_unpairs_an_id() -> None:
    cut = repair(cut_after_reasoning(), target="openai-responses")
    assert kinds(cut) == ["orphan_reasoning", "empty"]
    assert [m.role for m in cut.messages] == ["user", "user"]
    assert "rs_1" in str(cut.changes[0]) and "cut stream" in str(cut.changes[0])

    rebuilt = repair(message_without_its_id(), target="openai-responses")
    assert kinds(rebuilt) == ["orphan_reasoning"]
    assert "has no id of its own" in str(rebuilt.changes[0])
    assert rebuilt.messages[1].text == "an answer"
    assert not any(isinstance(b, Reasoning) for m in rebuilt.messages for b in m.content)
    # the SDK's ResponseReasoningItemParam requires the id (review11 P1)
    no_id = [Message.user("q", id="u"), Message.assistant(
        Reasoning("openai-responses", encrypted="e"), Text("a", item_id="msg_1"), id="a")]  # fmt: skip
    assert kinds(repair(no_id)) == ["orphan_reasoning"]
    for fixed in (cut, rebuilt):
        ensure_valid(fixed.messages, "openai-responses")
        assert repair(fixed.messages, target="openai-responses").changes == ()


def test_reasoning_items_cut_before_their_output_all_go() -> None:
    """Two reasoning items and then the cut: both go (looked at from the turn's end, so
    the first is not kept for the second, which is itself removed). A call removed as
    truncated takes its reasoning with it (the note that says so has no item id)."""
    first = Reasoning("openai-responses", encrypted="e1", item_id="rs_1")
    second = Reasoning("openai-responses", encrypted="e2", item_id="rs_2")
    history = [Message.user("go", id="u"), Message.assistant(first, second, id="a"),
               Message.user("hello?", id="u2")]  # fmt: skip
    fixed = repair(history)
    assert kinds(fixed) == ["orphan_reasoning", "orphan_reasoning", "empty"]
    assert [m.id for m in fixed.messages] == ["u", "u2"]

    cut_call = [Message.user("go", id="u"),
                Message.assistant(first, ToolCall("c1", "ls", '{"a": 1'), id="a"),
                Message.tool("c1", "x", id="t")]  # fmt: skip
    fixed = repair(cut_call)
    assert kinds(fixed) == ["malformed_call_removed", "orphan_reasoning", "orphan_result"]
    assert fixed.messages[1].text == INCOMPLETE_NOTE
    ensure_valid(fixed.messages, "openai-responses")


def test_fit_and_prepare_send_a_repaired_reasoning_turn_the_stub_accepts(stub: Any) -> None:
    """The requests fit and prepare make from those histories are accepted by the stub
    (which refuses both as they came), each repair reported."""
    import openai

    from contextledger import fit, prepare
    from contextledger.providers import translate

    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    for history in (cut_after_reasoning(), message_without_its_id()):
        with pytest.raises(openai.BadRequestError, match="required following item"):
            client.responses.create(model="gpt-5", input=history)  # type: ignore[arg-type]
        fitted = fit(history, "gpt-5", target="openai-responses")
        assert [n.kind for n in fitted.report.notices][:1] == ["repaired"]
        body = translate(fitted.messages, "openai-responses").body
        assert client.responses.create(model="gpt-5", **body).output
        prepared = prepare(history, "gpt-5", compaction=False, target="openai-responses")
        assert client.responses.create(**prepared.sdk_kwargs()).output
