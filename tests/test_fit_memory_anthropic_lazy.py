"""A fit done once of an Anthropic body reads it lazily whatever its blocks (tool uses, tool
results, thinking, documents, images): its plain turns are priced from their dicts and read
only after the fit's tables are freed, the other turns are read on the spot, a user turn of
tool results making a tool message per result. Same decisions, same report, same errors as
a fit of the body read whole."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.fit import fit
from contextledger.fit.lazy import LazyMessages, TurnColumns, read_lazily
from contextledger.fit.report import Change, Later, with_added
from contextledger.providers import read_messages
from contextledger.report import Notice

PNG_1x1 = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"
)

_texts = st.one_of(
    st.text(min_size=0, max_size=30),
    st.sampled_from(["ok", "   ", "日本語", "[Recap of earlier turns]\nx", "Attached file: a"]),
)
_text_block = st.builds(lambda t: {"type": "text", "text": t}, _texts)
_tool_ids = st.sampled_from(["toolu_1", "toolu_2", "toolu_3"])
_tool_use = st.builds(
    lambda i, q: {"type": "tool_use", "id": i, "name": "look", "input": {"q": q}},
    _tool_ids,
    _texts,
)
_result_content = st.one_of(
    _texts,
    st.lists(_text_block, max_size=2),
    st.just([{"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                          "data": PNG_1x1}}]),
)  # fmt: skip
_tool_result = st.builds(
    lambda i, c, e: {"type": "tool_result", "tool_use_id": i, "content": c, **e},
    _tool_ids,
    _result_content,
    st.sampled_from([{}, {"is_error": True}]),
)
_thinking = st.builds(lambda t: {"type": "thinking", "thinking": t, "signature": "c2ln"}, _texts)
_document = st.builds(
    lambda t: {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                              "data": t}},
    _texts,
)  # fmt: skip
_cached = st.just({"type": "text", "text": "cached", "cache_control": {"type": "ephemeral"}})
_user = st.fixed_dictionaries(
    {
        "role": st.just("user"),
        "content": st.one_of(
            _texts,
            st.lists(st.one_of(_text_block, _tool_result, _document, _cached), max_size=3),
        ),
    }
)
_assistant = st.fixed_dictionaries(
    {
        "role": st.just("assistant"),
        "content": st.one_of(
            _texts, st.lists(st.one_of(_text_block, _tool_use, _thinking), max_size=3)
        ),
    }
)
_odd = st.sampled_from(
    [
        {"role": "system", "content": "a system turn in the list"},  # (refused, naming where)
        {"role": "user", "content": [{"type": "nope"}]},
        {"role": "user", "content": "with an id", "id": "mine"},
        {"role": "assistant", "content": [{"type": "redacted_thinking", "data": "ZGF0YQ=="}]},
    ]
)


def _outcome(payload: Any, window: int, target: str | None) -> str:
    try:
        res = fit(payload, "claude-sonnet-4-5", window=window, max_output_tokens=100, target=target)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return repr((res.messages, res.report))


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(st.one_of(_user, _assistant, _user, _assistant, _odd), min_size=1, max_size=30),
    st.sampled_from([300, 2_000, 64_000]),
    st.sampled_from([None, "anthropic", "openai"]),
    st.booleans(),
)
def test_an_anthropic_body_of_blocks_fitted_once_decides_and_reports_as_one_read_whole(
    turns: list[dict[str, Any]], window: int, target: str | None, with_system: bool
) -> None:
    body: dict[str, Any] = {"messages": [*turns, {"role": "user", "content": "now?"}]}
    if with_system:
        body["system"] = "Be terse."
    try:
        whole = _outcome(read_messages(copy.deepcopy(body)), window, target)
    except Exception as exc:  # (a malformed turn: refused as the whole read refuses it)
        whole = f"{type(exc).__name__}: {exc}"
    assert _outcome(body, window, target) == whole


def test_a_user_turn_of_tool_results_makes_a_tool_message_per_result() -> None:
    body = {
        "system": "Ops bot.",
        "messages": [
            {"role": "user", "content": "ping both"},
            {
                "role": "assistant",
                "content": [
                    {"type": "tool_use", "id": "a", "name": "ping", "input": {"h": 1}},
                    {"type": "tool_use", "id": "b", "name": "ping", "input": {"h": 2}},
                ],
            },
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "a", "content": "up"},
                    {"type": "tool_result", "tool_use_id": "b", "content": "down"},
                    {"type": "text", "text": "and?"},
                ],
            },
            {"role": "assistant", "content": "b is down"},
            {"role": "user", "content": [{"type": "text", "text": "fix b"}]},
        ],
    }
    lazy = read_lazily(body)
    assert isinstance(lazy, LazyMessages) and isinstance(lazy.columns, TurnColumns)
    # the plain turns are left unread, the others read on the spot
    assert [m is None for m in lazy.columns.made] == [True, False, False, False, False, True, True]
    assert [lazy.columns.id_of(p) for p in range(7)] == [
        "m0",
        "m1",
        "m2t0",
        "m2t1",
        "m2",
        "m3",
        "m4",
    ]
    assert lazy.columns.ids_later(4, 7)() == ["m2", "m3", "m4"]
    assert list(lazy) == list(read_messages(body))


def test_a_body_without_a_system_prompt_is_read_lazily_when_only_anthropic_writes_it() -> None:
    turns = [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "t", "name": "f", "input": {}}],
        },
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": "1"}]},
    ]
    lazy = read_lazily({"messages": turns})
    assert lazy is not None and list(lazy) == list(read_messages({"messages": turns}))
    openai = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}]
    assert read_lazily({"messages": openai}) is None  # (left to the whole read, as before)


# --- Responses input ----------------------------------------------------------------------

_item_texts = st.one_of(_texts, st.just("Attached file: x.txt\n```\nhi\n```"))
_user_item = st.one_of(
    st.builds(lambda t: {"role": "user", "content": t}, _item_texts),
    st.builds(lambda t: {"type": "message", "role": "user", "content": t}, _item_texts),
    st.builds(
        lambda t: {"role": "user", "content": [{"type": "input_text", "text": t}]}, _item_texts
    ),
    st.just({"role": "user", "content": [{"type": "input_text", "text": "a"},
                                         {"type": "input_text", "text": "b"}]}),
)  # fmt: skip
_answer_item = st.one_of(
    st.builds(
        lambda t, extra: {
            "type": "message",
            "role": "assistant",
            "content": [{"type": "output_text", "text": t, **extra}],
        },
        _texts,
        st.sampled_from([{}, {"annotations": []}, {"annotations": [{"type": "url_citation"}]}]),
    ),
    st.builds(
        lambda t: {"type": "message", "id": "msg_1", "status": "completed", "role": "assistant",
                   "content": [{"type": "output_text", "text": t}]},
        _texts,
    ),
)  # fmt: skip
_call_items = st.sampled_from(
    [
        {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": "done"},
        {"type": "function_call_output", "call_id": "c1", "output": "[tool error] it failed"},
        {"type": "function_call_output", "call_id": 7, "output": "a bad id"},
        {"type": "function_call_output", "call_id": "c9", "output": [{"type": "input_text",
                                                                      "text": "x"}]},
        {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "t"}]},
        {"role": "developer", "content": "a late rule"},  # (moved to the top: read whole)
        {"type": "nope"},  # (refused, naming where)
    ]
)  # fmt: skip


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(st.one_of(_user_item, _answer_item, _call_items), min_size=1, max_size=30),
    st.sampled_from([300, 2_000, 64_000]),
    st.sampled_from([None, "openai-responses", "openai"]),
    st.booleans(),
)
def test_a_responses_input_fitted_once_decides_and_reports_as_one_read_whole(
    items: list[dict[str, Any]], window: int, target: str | None, with_instructions: bool
) -> None:
    body: dict[str, Any] = {"input": [*items, {"role": "user", "content": "now?"}]}
    if with_instructions:
        body["instructions"] = "Be terse."

    def outcome(payload: Any) -> str:
        try:
            res = fit(payload, "gpt-4.1", window=window, max_output_tokens=100, target=target)
        except Exception as exc:
            return f"{type(exc).__name__}: {exc}"
        return repr((res.messages, res.report))

    try:
        whole = outcome(read_messages(copy.deepcopy(body)))
    except Exception as exc:
        whole = f"{type(exc).__name__}: {exc}"
    assert outcome(body) == whole


def test_a_run_of_an_assistant_s_items_is_one_message_read_on_the_spot() -> None:
    """(and a function's output of a string is left unread, as a plain turn is)"""
    body = {
        "instructions": "Dispatcher.",
        "input": [
            {"role": "user", "content": "where is PO-1?"},
            {"type": "reasoning", "id": "rs_1", "summary": []},
            {"type": "function_call", "call_id": "c1", "name": "track", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "c1", "output": "Rotterdam"},
            {"type": "message", "role": "assistant",
             "content": [{"type": "output_text", "text": "In Rotterdam."}]},
            {"role": "user", "content": [{"type": "input_text", "text": "thanks"}]},
        ],
    }  # fmt: skip
    lazy = read_lazily(body)
    assert lazy is not None
    columns = lazy.columns
    assert [m is None for m in columns.made] == [True, False, True, True, True]
    assert columns.roles == ["user", "assistant", "tool", "assistant", "user"]
    assert [columns.id_of(p) for p in range(5)] == ["m0", "m1", "m3", "m4", "m5"]
    assert columns.flat(3) == ("assistant", "In Rotterdam.", None)
    assert list(lazy) == list(read_messages(body))
    late = {**body, "input": [*body["input"], {"role": "system", "content": "late"}]}
    assert read_lazily(late) is None  # (a system item after the first turn: read whole)


# --- a report given more changes keeps its parts unmade -------------------------------------


def test_a_report_given_more_changes_and_notices_leaves_its_parts_unmade() -> None:
    dicts = [{"role": "user" if k % 2 == 0 else "assistant", "content": f"t{k}"} for k in range(41)]
    report = fit(dicts, "gpt-4o", window=200, max_output_tokens=10).report
    first = Change("replaced", "m3", None, "image", "an image over a limit", 0, 0)
    last = Notice("replaced", "m3", "an image over a limit")
    added = with_added(report, [first], [last])
    later = [p for p in added.__dict__["_changes"].parts if isinstance(p, Later)]
    assert later and all(p._make is not None for p in later)  # (not made by with_added)
    assert added.changes == (first, *report.changes)
    assert added.notices == (*report.notices, last)
    assert with_added(added).changes == added.changes  # (a report read already)
