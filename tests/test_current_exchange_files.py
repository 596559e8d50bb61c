"""A big file a tool returned in the CURRENT tool exchange (an agent fetched a 200-page PDF
for the request being answered) raised BudgetError for every source and target, with or
without ``drop_current_attachments``: shedding replaced only files attached to a message
itself, never one inside a tool result. It is now replaced by a reported placeholder, as
an image there is."""

from __future__ import annotations

from typing import Any

import pytest

from contextledger import fit, translate
from contextledger.model import FileAttachment, InlineData, Message, Text, ToolCall, ToolResult
from contextledger.pricing.messages import price_request


def pdf(pages: int) -> bytes:
    kids = " ".join(f"{3 + k} 0 R" for k in range(pages))
    body = [b"%PDF-1.4\n", b"1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n",
            f"2 0 obj << /Type /Pages /Kids [{kids}] /Count {pages} >> endobj\n".encode()]  # fmt: skip
    body += [
        f"{3 + k} 0 obj << /Type /Page /Parent 2 0 R >> endobj\n".encode() for k in range(pages)
    ]
    return b"".join(body) + b"%%EOF\n"


BIG = FileAttachment("big.pdf", data=InlineData.from_bytes(pdf(200)), media_type="application/pdf")
MODELS = {"openai": "gpt-4o", "anthropic": "claude-sonnet-4-5", "openai-responses": "gpt-4o",
          "gemini": "gemini-2.5-flash"}  # fmt: skip


def fetched(file: FileAttachment = BIG) -> list[Message]:
    return [
        Message.user("Summarise the file the tool fetches.", id="u1"),
        Message.assistant(ToolCall("c1", "fetch", "{}"), id="a1"),
        Message("tool", (ToolResult("c1", (Text("fetched"), file)),), id="t1"),
    ]


@pytest.mark.parametrize("source", ["openai", "anthropic", "openai-responses", "gemini", None])
@pytest.mark.parametrize("target", ["openai", "anthropic"])
@pytest.mark.parametrize("drop", [True, False])
def test_a_big_file_a_tool_returned_now_becomes_a_reported_placeholder(
    source: str | None, target: str, drop: bool
) -> None:
    history: Any = fetched()
    if source is not None:  # as the app holds it: that provider's dicts
        body = translate(history, source).body
        history = body["messages"] if source in ("openai", "anthropic") else body
    model = MODELS[target]
    res = fit(history, model, window=8_000, target=target, drop_current_attachments=drop)
    assert res.report.used <= res.report.budget
    sent = translate(res.messages, target, model=model).body
    assert res.report.used - res.report.tools_tokens == price_request(sent, model, target).total
    assert "JVBERi0" not in str(sent)  # (the PDF's base64) not sent
    # (Gemini's inline data carries no name: the file is known by its kind and pages)
    said = [n.text for n in res.report.notices if "200 pages" in n.text]
    assert len(said) == 1 and "will not see" in said[0] and "a tool returned" in said[0]
    replaced = [c for c in res.report.changes if c.action == "replaced"]
    assert len(replaced) == 1 and replaced[0].what.startswith("file")


def test_a_file_that_fits_stays() -> None:
    small = FileAttachment(
        "small.pdf", data=InlineData.from_bytes(pdf(1)), media_type="application/pdf"
    )
    res = fit(fetched(small), "gpt-4o", window=8_000, target="openai")
    assert "small.pdf" in str(translate(res.messages, "openai").body)
    assert not [c for c in res.report.changes if c.action == "replaced"]
