"""Documents a tool returned (redteam11 F20): Anthropic's ``tool_result`` may hold ``document``
blocks (a PDF the tool read, a text file). They were refused with a ContentError; now they
are read, priced (a PDF by its pages), and written to every provider in the form it takes:
Anthropic keeps them in the result, Responses as ``input_file`` output parts, Gemini in the
function response's parts, OpenAI Chat (text-only tool messages) with the PDF in the user
turn after the results and a text file as text. Bodies go through the official SDKs to the
validating stubs."""

from __future__ import annotations

import json
from typing import Any

import anthropic
import openai
import pytest

from builders import b64
from contextledger import prepare, translate
from contextledger.errors import ContentError
from contextledger.model import FileAttachment
from contextledger.prepare import price_request
from contextledger.providers import read_messages
from contextledger.storage.codec import message_from_dict, message_to_dict
from stub_server import StubServer

PDF = (
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
    b"2 0 obj<</Type/Pages/Kids[3 0 R 4 0 R]/Count 2>>endobj\n"
    b"3 0 obj<</Type/Page/Parent 2 0 R>>endobj\n4 0 obj<</Type/Page/Parent 2 0 R>>endobj\n"
    b"trailer<</Root 1 0 R>>\n%%EOF\n"
)
MODELS = {"anthropic": "claude-sonnet-4-6", "openai": "gpt-4o",
          "openai-responses": "gpt-4o", "gemini": "gemini-2.5-flash"}  # fmt: skip


def session() -> dict[str, Any]:
    return {"messages": [
        {"role": "user", "content": "Read the contract and the notes, then tell me the term."},
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_1", "name": "read_files",
             "input": {"paths": ["contract.pdf", "notes.txt"]}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": [
                {"type": "text", "text": "2 files read"},
                {"type": "document", "title": "contract.pdf", "source": {
                    "type": "base64", "media_type": "application/pdf", "data": b64(PDF)}},
                {"type": "document", "title": "notes.txt", "source": {
                    "type": "text", "media_type": "text/plain",
                    "data": "The term is 24 months."}}]},
            {"type": "text", "text": "So, what is the term?"}]},
    ]}  # fmt: skip


def test_documents_in_a_tool_result_are_read_and_kept() -> None:
    msgs = read_messages(session())
    (result,) = msgs[2].tool_results
    files = [b for b in result.content if isinstance(b, FileAttachment)]
    assert [(f.name, f.media_type) for f in files] == [
        ("contract.pdf", "application/pdf"),
        ("notes.txt", "text/plain"),
    ]
    assert all(message_from_dict(message_to_dict(m)) == m for m in msgs)


def send(stub: StubServer, target: str, kwargs: dict[str, Any]) -> None:
    if target == "anthropic":
        client = anthropic.Anthropic(api_key="k", base_url=stub.anthropic_url, max_retries=0)
        assert client.messages.create(**kwargs).content
    elif target == "gemini":
        from google import genai
        from google.genai import types

        g = genai.Client(api_key="k", http_options=types.HttpOptions(base_url=stub.gemini_url))
        assert g.models.generate_content(**kwargs).text
    else:
        oai = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
        create = oai.chat.completions.create if target == "openai" else oai.responses.create
        assert create(**kwargs)
    assert stub.rejected() == []


@pytest.mark.parametrize("target", ["anthropic", "openai", "openai-responses", "gemini"])
def test_every_provider_gets_the_documents_a_tool_returned(stub: StubServer, target: str) -> None:
    """Priced as sent (the PDF by its 2 pages, an estimate where the per-page rate is), the
    text file's words reach every model, the PDF travels as a file, and each provider's stub
    accepts the request from its official client."""
    model = MODELS[target]
    out = prepare(session(), model, target=target, compaction=False)  # type: ignore[arg-type]
    sent = json.dumps(out.body)
    assert "The term is 24 months." in sent and b64(PDF) in sent
    assert out.report.used == price_request(out.body, model).total
    if target != "gemini":  # Gemini's 258 a page is its bill; the others' rates are a top
        assert any("'contract.pdf' is priced" in n.text for n in out.report.notices)
    if target == "anthropic":
        result = out.body["messages"][2]["content"][0]
        assert [b["type"] for b in result["content"]] == ["text", "document", "document"]
    if target == "openai":
        files_turn = out.body["messages"][3]
        assert files_turn["role"] == "user"
        assert [p["type"] for p in files_turn["content"]] == ["text", "file"]
        # a PDF is not an image (review10 P7: "Images returned by tool call")
        assert files_turn["content"][0]["text"] == "Files returned by tool call toolu_1:"
        assert any(n.kind == "moved" for n in out.report.notices)
    send(stub, target, out.sdk_kwargs())
    again = translate(read_messages(translate(out.messages, target).body), target).body  # type: ignore[arg-type]
    assert again == translate(out.messages, target).body  # type: ignore[arg-type]


def test_a_tool_turn_of_images_and_files_says_so_and_reads_back() -> None:
    """The user turn after OpenAI Chat tool messages says what it carries, and is read back
    into the tool result (files too), priced as sent."""
    from builders import image_block
    from contextledger.model import Image, InlineData, Message, ToolCall, ToolResult

    pdf = FileAttachment("a.pdf", data=InlineData(b64(PDF)), media_type="application/pdf")
    result = ToolResult("c1", (pdf, image_block(40, 30)))
    history = [Message.user("look"), Message.assistant(ToolCall("c1", "fetch")),
               Message("tool", (result,)), Message.user("and?")]  # fmt: skip
    out = prepare(history, "gpt-4o", target="openai", compaction=False)
    header = out.body["messages"][3]["content"][0]["text"]
    assert header == "Images and files returned by tool call c1:"
    assert out.report.used == price_request(out.body, "gpt-4o").total
    (back,) = read_messages(out.body, "openai")[2].tool_results
    assert [type(b) for b in back.content if b.type != "text"] == [FileAttachment, Image]


def content_document(content: Any) -> dict[str, Any]:
    return {
        "type": "document",
        "title": "Runbook",
        "source": {"type": "content", "content": content},
    }


def test_a_custom_content_document_is_read_as_its_text_everywhere() -> None:
    """Anthropic's ``source.type: "content"`` documents (the app's own chunks) were refused
    ("document source type 'content' is not supported"), in a user turn and in a tool
    result. They are read as a text document holding the chunks' text; every provider gets
    that text."""
    chunks = [{"type": "text", "text": "Step 1: drain."}, {"type": "text", "text": "Step 2: swap."}]
    body = {"messages": [
        {"role": "user", "content": [content_document(chunks), {"type": "text", "text": "ok?"}]},
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_1", "name": "read", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1",
                                      "content": [content_document("Step 3: verify.")]}]},
    ]}  # fmt: skip
    messages = read_messages(body)
    first = messages[0].content[0]
    assert isinstance(first, FileAttachment) and first.text == "Step 1: drain.\n\nStep 2: swap."
    result = messages[2].content[0]
    assert result.content[0].text == "Step 3: verify."  # type: ignore[union-attr]
    for target in MODELS:
        sent = json.dumps(translate(messages, target).body)  # type: ignore[arg-type]
        assert "Step 1: drain." in sent and "Step 3: verify." in sent, target


@pytest.mark.parametrize(
    ("block", "said"),
    [
        (content_document([{"type": "image", "source": {"type": "url", "url": "https://x/a.png"}}]),
         "text blocks only"),
        # (by a file id they are taken: test_tool_result_files; without one, refused)
        ({"type": "document", "source": {"type": "file"}}, "needs file_id"),
        ({"type": "image", "source": {"type": "file", "file_id": None}}, "needs file_id"),
    ],
)  # fmt: skip
def test_what_a_tool_result_cannot_hold_is_refused_saying_what_to_do(
    block: dict[str, Any], said: str
) -> None:
    body = {"messages": [
        {"role": "user", "content": "read it"},
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_1", "name": "read", "input": {}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": [block]}]},
    ]}  # fmt: skip
    with pytest.raises(ContentError, match=said) as err:
        read_messages(body)
    assert err.value.path.startswith("messages[2].content[0].content[0]")


def cited(source: dict[str, Any]) -> dict[str, Any]:
    return {"model": "claude-sonnet-4-6", "max_tokens": 100, "messages": [{"role": "user", "content": [
        {"type": "document", "title": "Handbook", "context": "Ops handbook, Q3",
         "citations": {"enabled": True}, "source": source},
        {"type": "text", "text": "How do I swap a disk?"}]}]}  # fmt: skip


CHUNKS = {"type": "content", "content": [{"type": "text", "text": "Step 1: drain."},
                                         {"type": "text", "text": "Step 2: swap."}]}  # fmt: skip
TEXT = {"type": "text", "media_type": "text/plain", "data": "Step 1: drain. Step 2: swap."}


@pytest.mark.parametrize("source", [TEXT, CHUNKS], ids=["text", "content"])
def test_a_documents_citations_context_and_chunks_go_back_to_anthropic(
    stub: StubServer, source: dict[str, Any]
) -> None:
    """(review14 R14-P4) Anthropic → Anthropic, a document's ``citations`` and ``context``
    were dropped with no notice, and a content source's chunks (what citations index) were
    joined into one text: the request asked for no citations. They go back as they came,
    priced as sent (the context is text the model reads); the stored form keeps them."""
    body = cited(source)
    out = prepare(body, "claude-sonnet-4-6", target="anthropic")
    (doc, _) = out.body["messages"][0]["content"]
    assert doc["citations"] == {"enabled": True} and doc["context"] == "Ops handbook, Q3"
    assert doc["source"] == source
    assert not [n for n in out.report.notices if n.kind == "dropped"]
    assert out.report.used == price_request(out.body, "claude-sonnet-4-6", "anthropic").total
    bare = cited(source)
    for field in ("context", "citations"):
        del bare["messages"][0]["content"][0][field]
    plain = prepare(bare, "claude-sonnet-4-6", target="anthropic")
    assert out.report.used > plain.report.used  # the context is priced, not free
    client = anthropic.Anthropic(api_key="k", base_url=stub.anthropic_url, max_retries=0)
    assert client.messages.create(**out.body).content  # type: ignore[call-overload]
    (message,) = read_messages(body)
    assert message_from_dict(message_to_dict(message)) == message


def test_other_providers_are_told_a_document_went_without_its_citations() -> None:
    for target in ("openai", "openai-responses", "gemini"):
        out = prepare(cited(CHUNKS), MODELS[target], target=target)  # type: ignore[arg-type]
        (notice,) = [n for n in out.report.notices if n.kind == "dropped"]
        assert "without its citations, context and chunk boundaries (a content source)" in (
            notice.text
        ), notice.text
        assert "Step 1: drain." in json.dumps(out.body)  # the text itself is sent
