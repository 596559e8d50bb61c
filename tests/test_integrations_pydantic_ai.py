"""pydantic-ai: a real ``Agent`` (OpenAIChatModel, over HTTP to the validating stub server)
through the ContextLedger capability and a history processor."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic_ai import Agent, BinaryContent
from pydantic_ai.capabilities import ProcessHistory
from pydantic_ai.messages import (
    DocumentUrl,
    ModelMessage,
    ModelRequest,
    ModelResponse,
    SystemPromptPart,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolReturnPart,
    UploadedFile,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider

from _agents import CallLog
from builders import png
from contextledger.errors import ContentError
from contextledger.integrations._engine import ReadCache
from contextledger.integrations.pydantic_ai import (
    ContextLedger,
    fit_history,
    history_processor,
    to_messages,
)
from contextledger.model import Image, ProviderContent, Reasoning, ToolCall, ToolResult
from stub_server import StubReply, StubServer

MODEL = "gpt-4o"
SHOT = png(1280, 800)


def make_agent(stub: StubServer, capability: Any) -> Agent[None, str]:
    model = OpenAIChatModel(MODEL, provider=OpenAIProvider(base_url=stub.url, api_key="test"))
    agent: Agent[None, str] = Agent(
        model, capabilities=[capability], instructions="You are a coding agent. Fix what you see."
    )

    @agent.tool_plain
    def screenshot() -> BinaryContent:
        """Take a screenshot of the app."""
        return BinaryContent(SHOT, media_type="image/png")

    @agent.tool_plain
    def read_file(path: str) -> str:
        """Read a source file."""
        return f"# {path}\n" + "def handler(event):\n    return render(event)\n" * 120

    return agent


def run_session(stub: StubServer, capability: Any, turns: int) -> list[ModelMessage]:
    agent = make_agent(stub, capability)
    history: list[ModelMessage] = []
    for t in range(turns):
        stub.script(
            StubReply(
                "Let me look.",
                (
                    (f"shot_{t}", "screenshot", "{}"),
                    (f"read_{t}", "read_file", '{"path": "app.py"}'),
                ),
            ),
            StubReply(f"Fixed it (turn {t})."),
        )
        prompt: list[Any] = [f"Turn {t}: the chart on the dashboard is blank again, please fix it."]
        if t % 3 == 0:
            prompt.append(BinaryContent(png(1600, 1000, "gray"), media_type="image/png"))
        result = agent.run_sync(prompt, message_history=history)
        history = result.all_messages()
    return history


def check_stub_calls(stub: StubServer, window: int, turns: int) -> CallLog:
    assert [r.error for r in stub.requests if r.status != 200] == []
    log = CallLog(MODEL, window, 1000)
    for r in stub.completions():
        users = [m for m in r.body["messages"] if m["role"] == "user"]
        log.check(r.body["messages"], tools=r.body.get("tools"), wire="openai")
        assert any("Turn" in str(u["content"]) for u in users)
    assert log.calls == 2 * turns
    return log


def test_long_agent_run_through_the_capability(stub: StubServer) -> None:
    reports: list[Any] = []
    cap = ContextLedger(MODEL, window=9000, max_output_tokens=1000, on_report=reports.append)
    history = run_session(stub, cap, turns=12)
    log = check_stub_calls(stub, 9000, 12)
    assert log.problems == []
    # the newest request reached the model whole, every time
    for r in stub.completions():
        first_user_of_turn = [m for m in r.body["messages"] if m["role"] == "user"]
        assert first_user_of_turn
    # the run's history keeps every message: only requests were fitted
    assert len(history) == 12 * 4
    assert any(r.fit.dropped for r in reports)
    assert any("will not see image" in n.text for r in reports for n in r.notices)
    assert cap.last_report is reports[-1]
    assert all(r.used <= r.budget for r in reports)


def test_history_processor_runs_under_process_history(stub: StubServer) -> None:
    reports: list[Any] = []
    processor = history_processor(
        MODEL, window=9000, max_output_tokens=1000, on_report=reports.append
    )
    run_session(stub, ProcessHistory(processor), turns=8)
    log = check_stub_calls(stub, 9000, 8)
    assert log.problems == []
    assert any(r.fit.dropped for r in reports)


def test_function_model_sees_a_valid_fitted_history() -> None:
    seen: list[list[ModelMessage]] = []

    def play(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        seen.append(messages)
        n = len(seen)
        last = messages[-1]
        if isinstance(last, ModelRequest) and any(
            isinstance(p, UserPromptPart) for p in last.parts
        ):
            return ModelResponse(
                parts=[
                    ThinkingPart("look first", signature="sig", provider_name="anthropic"),
                    ToolCallPart("read_file", {"path": "a.py"}, tool_call_id=f"c{n}"),
                ]
            )
        return ModelResponse(parts=[TextPart(f"done {n}")])

    cap = ContextLedger("claude-sonnet-4-5", window=6000, max_output_tokens=1000)
    agent: Agent[None, str] = Agent(FunctionModel(play), capabilities=[cap])

    @agent.tool_plain
    def read_file(path: str) -> str:
        """Read a file."""
        return "code line\n" * 300

    history: list[ModelMessage] = []
    for t in range(10):
        history = agent.run_sync(f"turn {t}", message_history=history).all_messages()
    for messages in seen:
        calls = {
            p.tool_call_id
            for m in messages
            if isinstance(m, ModelResponse)
            for p in m.parts
            if isinstance(p, ToolCallPart)
        }
        results = {
            p.tool_call_id
            for m in messages
            if isinstance(m, ModelRequest)
            for p in m.parts
            if isinstance(p, ToolReturnPart)
        }
        assert results <= calls
    assert cap.last_report is not None and cap.last_report.fit.dropped
    assert len(history) == 10 * 4


# ----------------------------------------------------------------------------- conversion


def _history() -> list[ModelMessage]:
    return [
        ModelRequest(
            parts=[
                SystemPromptPart("Be brief."),
                UserPromptPart(["what is wrong?", BinaryContent(SHOT, media_type="image/png")]),
            ]
        ),
        ModelResponse(
            parts=[
                ThinkingPart("hmm", signature="sig-1", provider_name="anthropic"),
                ToolCallPart("read_file", {"path": "a.py"}, tool_call_id="call_1"),
            ]
        ),
        ModelRequest(
            parts=[
                ToolReturnPart("read_file", "x = 1", tool_call_id="call_1"),
                UserPromptPart("and now?"),
            ]
        ),
    ]


def test_conversion_reads_images_calls_and_reasoning() -> None:
    msgs = to_messages(_history())
    assert [m.role for m in msgs] == ["system", "user", "assistant", "tool", "user"]
    assert isinstance(msgs[1].content[1], Image) and msgs[1].content[1].media_type == "image/png"
    thinking, call = msgs[2].content
    assert isinstance(thinking, Reasoning) and thinking.provider == "anthropic"
    assert isinstance(call, ToolCall) and call.id == "call_1"
    assert isinstance(msgs[3].content[0], ToolResult) and msgs[3].content[0].call_id == "call_1"


def test_untouched_history_comes_back_as_the_same_objects() -> None:
    history = _history()
    out = fit_history(history, "claude-sonnet-4-5").messages
    assert all(a is b for a, b in zip(out, history, strict=True))


def test_the_results_that_came_with_the_request_stay_with_it() -> None:
    """A tool's return and the user's new question in one request are the current turn: the
    return is kept (shortened), not dropped as an older exchange; kept whole (shrink=False)
    it cannot fit, so it goes, reported, and the question is sent."""
    history = [
        ModelRequest(parts=[UserPromptPart("first " * 300)]),
        ModelResponse(parts=[ToolCallPart("read_file", {"path": "a.py"}, tool_call_id="c1")]),
        ModelRequest(
            parts=[
                ToolReturnPart("read_file", "y " * 150_000, tool_call_id="c1"),
                UserPromptPart("now?"),
            ]
        ),
    ]
    res = fit_history(history, "claude-sonnet-4-5", window=1500, max_output_tokens=300)
    last = res.messages[-1]
    assert isinstance(last, ModelRequest) and last is not history[2]
    assert [type(p) for p in last.parts] == [ToolReturnPart, UserPromptPart]
    assert res.report.fit.shrunk
    whole = fit_history(
        history, "claude-sonnet-4-5", window=1500, max_output_tokens=300, shrink=False
    )
    assert whole.report.fit.dropped
    last = whole.messages[-1]
    assert isinstance(last, ModelRequest) and [type(p) for p in last.parts] == [UserPromptPart]
    assert not any(isinstance(m, ModelResponse) for m in whole.messages)


def test_a_request_that_grows_in_place_is_read_again() -> None:
    cache = ReadCache()
    request = ModelRequest(parts=[UserPromptPart("a")])
    assert len(to_messages([request], cache)) == 1
    request.parts.append(UserPromptPart("b"))
    assert [m.text for m in to_messages([request], cache)] == ["a", "b"]


def _files_history(doc: DocumentUrl, uploaded: UploadedFile) -> list[ModelMessage]:
    """Two exchanges under one call id (a repair renames the second, so its part is
    rewritten), the second returning a document by URL and an uploaded PDF."""
    return [
        ModelRequest(parts=[UserPromptPart(["Compare these", uploaded])]),
        ModelResponse(parts=[ToolCallPart("fetch", {}, tool_call_id="c1")]),
        ModelRequest(parts=[ToolReturnPart("fetch", "first", tool_call_id="c1")]),
        ModelResponse(parts=[ToolCallPart("fetch", {}, tool_call_id="c1")]),
        ModelRequest(parts=[ToolReturnPart("fetch", ["here", doc, uploaded], tool_call_id="c1")]),
        ModelResponse(parts=[TextPart("They differ.")]),
        ModelRequest(parts=[UserPromptPart("Why?")]),
    ]


def test_files_by_reference_are_priced_at_their_bound_and_sent_as_they_came() -> None:
    """An UploadedFile and a DocumentUrl (in a prompt and inside a tool's return) were
    refused ("cannot be priced"): they are read as files by reference, priced at the bound
    a PDF of unknown length has (reported as an estimate, never as a line of text), and a
    part that is rewritten sends the very objects it held."""
    doc = DocumentUrl("https://files.test/q3.pdf")
    uploaded = UploadedFile("file-abc", "openai", media_type="application/pdf")
    history = _files_history(doc, uploaded)
    read = to_messages(history, wire="openai")
    assert isinstance(read[0].content[1], ProviderContent)
    result = read[4].content[0]
    assert isinstance(result, ToolResult)
    assert [type(b).__name__ for b in result.content][:3] == [
        "Text",
        "ProviderContent",
        "ProviderContent",
    ]
    res = fit_history(history, "gpt-4.1")
    assert res.report.fit.used > 3 * 200_000  # three PDFs of up to 100 pages each
    assert sum(n.kind == "estimated" for n in res.report.fit.notices) >= 1
    part = res.messages[4].parts[0]
    assert isinstance(part, ToolReturnPart) and part is not history[4].parts[0]
    assert part.tool_call_id != "c1"  # the repair's new id; the files are the same objects
    assert [x for x in part.content if not isinstance(x, str)] == [doc, uploaded]
    assert all(a is b for a, b in zip(part.content[1:], (doc, uploaded), strict=True))


def test_a_file_by_url_in_the_current_request_that_cannot_fit_is_refused_naming_it() -> None:
    current = [
        ModelRequest(parts=[UserPromptPart(["Read this", DocumentUrl("https://x.test/b.pdf")])])
    ]
    with pytest.raises(ContentError) as err:
        fit_history(current, "claude-sonnet-4-5")
    assert err.value.path.endswith("content[1]") and "file_pages" in err.value.reason
