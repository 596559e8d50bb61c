"""Property: whatever history an app holds — leading assistant turns, interrupted or orphaned
tool exchanges, a system message mid-way, turns of one role in a row, reasoning of every
provider, images — ``fit`` for a target gives messages that target's stub accepts (each of
its ordering rules included) and that are budgeted exactly as the body they are written to.

The stubs (tests/stub_server.py, stub_responses.py, stub_gemini.py) refuse what each real API
refuses; the validators are called directly (no HTTP), so many histories run in seconds.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import image_block
from contextledger import fit, translate
from contextledger.errors import BudgetError
from contextledger.model import (
    FileAttachment,
    InlineData,
    Message,
    Reasoning,
    Text,
    ToolCall,
    ToolResult,
)
from contextledger.pricing.messages import price_request
from contextledger.providers.native import read_block, read_openai_file
from contextledger.validate import ordering_problems, problems_for
from stub_gemini import validate_request
from stub_responses import validate_responses
from stub_server import StubServer, validate_anthropic, validate_openai

MODELS = {"openai": "gpt-4o", "openai-responses": "gpt-5", "anthropic": "claude-sonnet-4-5",
          "gemini": "gemini-2.5-flash"}  # fmt: skip
HEADERS = {"authorization": "Bearer k", "x-api-key": "k", "anthropic-version": "2023-06-01",
           "x-goog-api-key": "k"}  # fmt: skip
STUB = StubServer()
WORDS = st.sampled_from(["ok", "look at this", "why does it fail?", "done", "ls -la", "测试一下"])
IMAGE = image_block(64, 48)
FILES = [
    FileAttachment("notes.txt", text="line one\nline two"),
    FileAttachment("q3.pdf", data=InlineData.from_bytes(b"%PDF-1.4\n%%EOF\n"),
                   media_type="application/pdf"),
    read_openai_file({"file_id": "file-abc", "filename": "q3.pdf"}, "f"),
    read_openai_file({"file_url": "https://files.test/q3.pdf"}, "f"),
    read_block("anthropic", {"type": "document", "title": "B",
                             "source": {"type": "url", "url": "https://files.test/b.pdf"}}, "d"),
]  # fmt: skip


@st.composite
def messy_histories(draw: st.DrawFn) -> list[Message]:
    """Histories as apps really keep them, broken ones included."""
    out: list[Message] = []
    calls: list[str] = []
    for n in range(1, draw(st.integers(1, 14)) + 1):
        kind = draw(st.sampled_from(
            ["user", "user", "image", "assistant", "calls", "results", "orphan", "system",
             "reasoning", "cut", "file"]
        ))  # fmt: skip
        if kind == "file":  # a file inline or by reference, as users paste them
            out.append(Message("user", (Text(draw(WORDS)), draw(st.sampled_from(FILES)))))
        elif kind in ("user", "image"):
            blocks: tuple[Any, ...] = (Text(draw(WORDS)),)
            out.append(Message("user", (IMAGE, *blocks) if kind == "image" else blocks))
        elif kind == "system":
            out.append(Message("system", (Text(draw(WORDS)),), developer=draw(st.booleans())))
        elif kind == "assistant":
            out.append(Message.assistant(draw(WORDS)))
        elif kind == "calls":
            ids = [f"call_{n}_{k}" for k in range(draw(st.integers(1, 2)))]
            calls += ids
            text = (Text(draw(WORDS)),) if draw(st.booleans()) else ()
            out.append(Message("assistant", (*text, *(ToolCall(i, "sh", "{}") for i in ids))))
        elif kind == "results" and calls:
            call = draw(st.sampled_from(calls))
            content = (Text(draw(WORDS)), IMAGE) if draw(st.booleans()) else (Text("x"),)
            out.append(Message("tool", (ToolResult(call, content),)))
        elif kind == "orphan":
            out.append(Message.tool(f"call_gone_{n}", draw(WORDS)))
        elif kind in ("reasoning", "cut"):
            provider = draw(st.sampled_from(["openai-responses", "anthropic", "gemini"]))
            thought = Reasoning(provider, text="hm", signature="sig", encrypted="enc",
                                item_id=f"rs_{n}" if draw(st.booleans()) else None)  # fmt: skip
            after = () if kind == "cut" else (Text(draw(WORDS), item_id=f"msg_{n}"),)
            out.append(Message("assistant", (thought, *after)))
    out.append(Message.user("and now?"))
    return [replace(m, id=f"m{i}") for i, m in enumerate(out)]


def accepted(target: str, messages: tuple[Message, ...]) -> dict[str, Any]:
    """The body ``target``'s stub gets for ``messages`` (it raises what it refuses)."""
    model = MODELS[target]
    body = dict(translate(messages, target).body)  # type: ignore[arg-type]
    if target == "openai":
        validate_openai({"model": model, **body}, STUB)
    elif target == "openai-responses":
        validate_responses({"model": model, **body}, HEADERS, STUB)
    elif target == "anthropic":
        validate_anthropic({"model": model, "max_tokens": 100, **body}, HEADERS, STUB)
    else:
        validate_request(model, body, HEADERS, f"/v1beta/models/{model}:generateContent", STUB)
    return body


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(messy_histories(), st.sampled_from(sorted(MODELS)), st.sampled_from([2_000, 100_000, None]))
def test_every_fit_is_a_request_its_target_accepts_priced_as_sent(
    history: list[Message], target: str, window: int | None
) -> None:
    model = MODELS[target]
    try:
        res = fit(history, model, target=target, window=window, max_output_tokens=200)  # type: ignore[arg-type]
    except BudgetError:
        return
    assert problems_for(res.messages, target) == []
    assert ordering_problems(res.messages, target) == []
    body = accepted(target, res.messages)
    assert res.report.used >= price_request(body, model, target).total
