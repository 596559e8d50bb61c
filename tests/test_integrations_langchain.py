"""LangChain v1: a real ``create_agent`` run through ContextLedgerMiddleware, and trim_messages."""

from __future__ import annotations

import json
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
    convert_to_openai_messages,
)
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.tools import tool
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.checkpoint.memory import InMemorySaver

from _agents import CallLog
from builders import b64, png
from contextledger import BudgetError, fit, translate
from contextledger.compaction import OfflineSummarizer
from contextledger.errors import ContentError
from contextledger.integrations._engine import ReadCache
from contextledger.integrations.langchain import (
    ContextLedgerMiddleware,
    fit_messages,
    from_messages,
    to_messages,
    trim_messages,
)
from contextledger.model import Image, Reasoning, ToolCall, ToolResult

MODEL = "claude-sonnet-4-5"
SHOT = b64(png(1280, 800, "navy"))


@tool(response_format="content")
def screenshot() -> list[dict[str, Any]]:
    """Take a screenshot of the app."""
    return [
        {"type": "text", "text": "the app as it looks now"},
        {"type": "image", "base64": SHOT, "mime_type": "image/png"},
    ]


@tool
def read_file(path: str) -> str:
    """Read a source file."""
    return f"# {path}\n" + "def handler(event):\n    return render(event)\n" * 120


TOOLS = [screenshot, read_file]


class ScriptedAgentModel(GenericFakeChatModel):
    """A LangChain fake chat model that plays an agent: on a new request it calls both tools
    (in parallel), then answers. Every call is checked before it is answered."""

    log: Any = None
    newest: Any = None

    def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
        return self

    def _generate(self, messages: list[BaseMessage], *a: Any, **kw: Any) -> ChatResult:
        wire = convert_to_openai_messages(messages)
        self.log.check(
            wire,
            tools=[convert_to_openai_tool(t) for t in TOOLS],
            newest_request=convert_to_openai_messages(self.newest),
        )
        n = self.log.calls
        if isinstance(messages[-1], HumanMessage):
            msg = AIMessage(
                content=[{"type": "reasoning", "reasoning": "look, then read", "id": f"rs_{n}"}],
                tool_calls=[
                    {"name": "screenshot", "args": {}, "id": f"shot_{n}"},
                    {"name": "read_file", "args": {"path": f"src/f{n}.py"}, "id": f"read_{n}"},
                ],
            )
        else:
            msg = AIMessage(content=f"Fixed it (step {n}): the handler now renders the chart.")
        return ChatResult(generations=[ChatGeneration(message=msg)])


def run_agent(
    turns: int, window: int, **options: Any
) -> tuple[CallLog, list[dict[str, Any]], dict[str, Any], list[Any]]:
    log = CallLog(MODEL, window, 1000)
    llm = ScriptedAgentModel(messages=iter(()), log=log)
    reports: list[Any] = []
    middleware = ContextLedgerMiddleware(
        model=MODEL, window=window, max_output_tokens=1000, on_report=reports.append, **options
    )
    agent = create_agent(
        llm,
        TOOLS,
        system_prompt="You are a coding agent. Fix what the user shows you.",
        middleware=[middleware],
        checkpointer=InMemorySaver(),
    )
    config: Any = {"configurable": {"thread_id": "long-session"}}
    states = []
    state: dict[str, Any] = {}
    for t in range(turns):
        content: Any = f"Turn {t}: the chart on the dashboard is blank again, please fix it."
        if t % 3 == 0:  # a pasted screenshot every third turn
            content = [
                {"type": "text", "text": content},
                {"type": "image", "base64": b64(png(1600, 1000, "gray")), "mime_type": "image/png"},
            ]
        request = HumanMessage(content=content)
        llm.newest = request
        state = agent.invoke({"messages": [request]}, config)
        states.append(state)
    return log, states, state, reports


def test_long_agent_run_every_call_valid_within_window_and_drops_reported() -> None:
    log, _, state, reports = run_agent(turns=12, window=9000)
    assert log.problems == []
    assert log.calls == 24
    assert log.max_used + 1000 <= 9000
    # the record keeps every message; only the model's view was fitted
    assert len(state["messages"]) == 12 * 5  # request, two calls, two results, answer
    report = state["contextledger"]
    assert report["used"] <= report["budget"]
    assert report["fit"]["dropped"], "a long run under a small window must drop something"
    dropped_ids = {c["message_id"] for r in reports for c in r.fit.to_dict()["dropped"]}
    assert dropped_ids <= {m.id for m in state["messages"]}
    assert any("will not see image" in n.text for r in reports for n in r.notices)


def test_messages_the_middleware_keeps_are_the_state_objects() -> None:
    seen: list[list[BaseMessage]] = []

    class Spy(ScriptedAgentModel):
        def _generate(self, messages: list[BaseMessage], *a: Any, **kw: Any) -> ChatResult:
            seen.append(list(messages))
            return super()._generate(messages, *a, **kw)

    log = CallLog(MODEL, 200_000, 1000)
    llm = Spy(messages=iter(()), log=log)
    agent = create_agent(
        llm, TOOLS, middleware=[ContextLedgerMiddleware(model=MODEL, max_output_tokens=1000)]
    )
    request = HumanMessage("Why is the chart blank?")
    llm.newest = request
    state = agent.invoke({"messages": [request]})
    assert log.problems == []
    last_call = seen[-1]
    assert [m.id for m in last_call] == [m.id for m in state["messages"][:-1]]
    assert all(a is b for a, b in zip(last_call, state["messages"], strict=False))


def test_budget_error_when_the_request_alone_is_too_big() -> None:
    log = CallLog(MODEL, 2000, 1000)
    llm = ScriptedAgentModel(messages=iter(()), log=log)
    agent = create_agent(
        llm,
        TOOLS,
        middleware=[ContextLedgerMiddleware(model=MODEL, window=2000, max_output_tokens=1000)],
    )
    llm.newest = HumanMessage("x " * 5000)
    with pytest.raises(BudgetError):
        agent.invoke({"messages": [llm.newest]})


def test_compaction_recaps_old_turns_and_stays_valid() -> None:
    log, _, state, reports = run_agent(turns=10, window=9000, summarizer=OfflineSummarizer())
    assert log.problems == []
    assert any(r.compaction_state.startswith("recap") for r in reports)
    assert len(state["messages"]) == 10 * 5  # recaps change the view, never the record


# ----------------------------------------------------------------------------- conversion


def _history() -> list[BaseMessage]:
    return [
        SystemMessage("Be brief.", id="s"),
        HumanMessage(
            [
                {"type": "text", "text": "what is wrong here?"},
                {"type": "image", "base64": SHOT, "mime_type": "image/png"},
            ],
            id="h1",
        ),
        AIMessage(
            [
                {"type": "thinking", "thinking": "look at it", "signature": "sig-1"},
                {"type": "text", "text": "Let me look."},
            ],
            tool_calls=[{"name": "read_file", "args": {"path": "a.py"}, "id": "call_1"}],
            id="a1",
        ),
        ToolMessage(
            [
                {"type": "text", "text": "x = 1"},
                {"type": "image", "base64": SHOT, "mime_type": "image/png"},
            ],
            tool_call_id="call_1",
            id="t1",
        ),
        HumanMessage("and now?", id="h2"),
    ]


def test_conversion_reads_images_calls_and_reasoning() -> None:
    msgs = to_messages(_history())
    assert [m.id for m in msgs] == ["s", "h1", "a1", "t1", "h2"]
    assert isinstance(msgs[1].content[1], Image)
    reasoning, _text, call = msgs[2].content
    assert isinstance(reasoning, Reasoning) and reasoning.signature == "sig-1"
    assert isinstance(call, ToolCall) and (call.id, json.loads(call.arguments)) == (
        "call_1",
        {"path": "a.py"},
    )
    result = msgs[3].content[0]
    assert isinstance(result, ToolResult) and result.call_id == "call_1"
    assert [type(b).__name__ for b in result.content] == ["Text", "Image"]


def test_round_trip_returns_the_same_objects() -> None:
    history = _history()
    msgs = to_messages(history)
    back = from_messages(msgs, history, msgs)
    assert all(a is b for a, b in zip(back, history, strict=True))


def test_a_shrunk_result_comes_back_as_a_copy_with_the_same_id_and_call() -> None:
    history = [
        *_history(),
        AIMessage(
            "", tool_calls=[{"name": "read_file", "args": {"path": "b.py"}, "id": "c2"}], id="a2"
        ),
        ToolMessage("log line\n" * 3000, tool_call_id="c2", id="t2"),
    ]
    res = fit_messages(history, MODEL, window=4000, max_output_tokens=500)
    assert res.report.used <= res.report.budget
    by_id = {m.id: m for m in res.messages}
    assert by_id["h2"] is history[4] and by_id["a2"] is history[5]
    shrunk = by_id["t2"]
    assert isinstance(shrunk, ToolMessage) and shrunk is not history[6]
    assert shrunk.tool_call_id == "c2" and len(str(shrunk.content)) < len(str(history[6].content))
    assert [c.message_id for c in res.report.fit.shrunk] == ["t2"]


# ----------------------------------------------------------------------------- trim_messages


def _long_history(n: int) -> list[BaseMessage]:
    out: list[BaseMessage] = [SystemMessage("You are helpful.")]
    for i in range(n):
        out.append(HumanMessage(f"question {i}: " + "why does it fail? " * 20))
        out.append(
            AIMessage(
                "", tool_calls=[{"name": "read_file", "args": {"path": f"{i}.py"}, "id": f"c{i}"}]
            )
        )
        out.append(ToolMessage("contents " * 200, tool_call_id=f"c{i}"))
        out.append(AIMessage(f"answer {i}"))
    return out


def test_trim_messages_keeps_pairs_and_the_newest_request() -> None:
    history = _long_history(20)
    reports: list[Any] = []
    out = trim_messages(
        history,
        max_tokens=2000,
        token_counter=MODEL,
        strategy="last",
        start_on="human",
        include_system=True,
        on_report=reports.append,
    )
    assert isinstance(out[0], SystemMessage) and isinstance(out[1], HumanMessage)
    assert out[-4:] == history[-4:]
    calls = {c["id"] for m in out if isinstance(m, AIMessage) for c in m.tool_calls}
    results = {m.tool_call_id for m in out if isinstance(m, ToolMessage)}
    assert calls == results
    assert reports[0].used <= 2000
    assert reports[0].fit.dropped


def test_trim_messages_names_its_model_from_a_chat_model_and_refuses_approximation() -> None:
    class Named(GenericFakeChatModel):
        model: str = "gpt-4o"

    out = trim_messages(
        _long_history(3), max_tokens=100_000, token_counter=Named(messages=iter(()))
    )
    assert len(out) == 13
    with pytest.raises(ValueError, match="model"):
        trim_messages(_long_history(3), max_tokens=1000, token_counter="approximate")
    with pytest.raises(ValueError, match="newest"):
        trim_messages(_long_history(3), max_tokens=1000, token_counter=MODEL, strategy="first")  # type: ignore[arg-type]


def test_a_message_whose_content_changes_is_read_again() -> None:
    cache = ReadCache()
    message = HumanMessage("first", id="h")
    assert to_messages([message], cache)[0].text == "first"
    assert to_messages([message], cache)[0] is to_messages([message], cache)[0]  # cached
    message.content = "second"
    assert to_messages([message], cache)[0].text == "second"


REPORT_URL = "https://example.com/q3-report.pdf"


@pytest.mark.parametrize(
    "block",
    [
        {"type": "file", "url": REPORT_URL, "mime_type": "application/pdf"},
        {"type": "file", "source_type": "url", "url": REPORT_URL, "mime_type": "application/pdf"},
    ],
    ids=["v1", "v0"],
)
def test_a_file_by_url_is_priced_sent_or_reported(block: dict[str, Any]) -> None:
    """LangChain's Chat converter refuses a file by URL (a bare ValueError escaped): it is
    read as a file by reference, sent by URL where the target takes one (Responses), its
    rendition where not (Chat, reported), priced at the pages declared for it."""
    msgs = [
        SystemMessage("Be brief."),
        HumanMessage(content=[{"type": "text", "text": "Sum up."}, block]),
    ]
    read = to_messages(msgs)
    assert type(read[1].content[1]).__name__ == "ProviderContent"
    pages = {REPORT_URL: 3}
    sent = fit(read, "gpt-4o", target="openai-responses", file_pages=pages)
    body = translate(sent.messages, "openai-responses").body
    assert REPORT_URL in json.dumps(body) and sent.report.used > 3 * 258
    chat = fit_messages(msgs, "gpt-4o")  # Chat: its rendition, reported
    assert any("as text" in n.text for n in chat.report.notices)


def test_a_block_langchain_cannot_convert_is_a_typed_error_naming_it() -> None:
    msgs = [
        HumanMessage("hi"),
        HumanMessage(content=[{"type": "audio", "url": "https://e.com/a.wav"}]),
    ]
    with pytest.raises(ContentError) as err:
        to_messages(msgs)
    assert err.value.path == "messages[1]"
