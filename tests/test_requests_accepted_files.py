"""Files and media every provider takes, carried or reported, priced never below the bill
(session 35):

* R34-P3: a text file sent as bytes (Gemini ``inlineData`` text/plain, an OpenAI Chat
  ``file`` part or Responses ``input_file`` of text/csv, JSON, Markdown…) passed the fit for
  Anthropic and then made translate raise "documents must be text or PDF"; to OpenAI Chat it
  went as a ``file`` part, which Chat Completions refuses for anything but a PDF; to Gemini a
  CSV, Markdown or JSON file went as bytes Gemini refuses ("Unsupported MIME type"). A text
  file (a text media type, UTF-8 bytes) is now read as the text it is: each provider gets
  text, priced as sent.
* R34-P2: the same file among a Gemini function response's parts raised to Anthropic.
* A file of a type a format takes no bytes of (a Word document to Anthropic, Chat or Gemini)
  goes as a line naming it, reported, priced as that line (it raised, or was refused).
* R34-P1: a Gemini video by URI whose ``videoMetadata`` bounds a clip was priced at the
  model's whole window: dropped with the question about it even in the full window, refused
  as the current request. It is priced at its seconds (frames and audio), never below.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from contextledger import fit, read_messages, translate
from contextledger.errors import ContentError
from contextledger.prepare import prepare
from contextledger.pricing.messages import price_request
from sdk_check import validate_body
from stub_gemini import validate_request as validate_gemini_request
from stub_responses import validate_responses
from stub_server import Invalid, StubServer, validate_anthropic, validate_openai

MODELS = {
    "openai": "gpt-4.1",
    "openai-responses": "gpt-5",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
}
HEADERS = {"authorization": "Bearer k", "x-api-key": "k", "anthropic-version": "2023-06-01",
           "x-goog-api-key": "k"}  # fmt: skip
LOG = "ERROR 42 in worker-7 at 10:02\n"


def b64(data: str | bytes) -> str:
    return base64.b64encode(data.encode() if isinstance(data, str) else data).decode()


def accept(target: str, body: dict[str, Any], stub: StubServer) -> None:
    """``body`` as the official SDK types and the repo's stub (the provider's rules) take it."""
    model = MODELS[target]
    if target != "gemini":
        validate_body(target, json.loads(json.dumps(body)))
    if target == "openai":
        validate_openai({**body, "model": model}, stub)
    elif target == "openai-responses":
        validate_responses({**body, "model": model}, HEADERS, stub)
    elif target == "anthropic":
        validate_anthropic({"max_tokens": 100, **body, "model": model}, HEADERS, stub)
    else:
        path = f"/v1beta/models/{model}:generateContent"
        validate_gemini_request(model, dict(body), HEADERS, path, stub)


def fitted(history: Any, target: str, window: int | None = None) -> tuple[dict[str, Any], Any]:
    """The body ``fit`` + ``translate`` write for ``target``, with every notice, after
    checking that the fit priced it at or above the body's own count."""
    model = MODELS[target]
    out = fit(history, model, window=window, max_output_tokens=500, target=target)
    written = translate(out.messages, target, model=model)
    body = dict(written.body)
    assert out.report.used >= price_request(body, model, target).total
    return body, (*out.report.notices, *written.notices)


def gemini_user(*parts: dict[str, Any]) -> dict[str, Any]:
    return {"contents": [{"role": "user", "parts": [*parts, {"text": "what does this say?"}]}]}


# --- R34-P3: a text file as bytes


@pytest.mark.parametrize("target", list(MODELS))
@pytest.mark.parametrize(
    "mime", ["text/plain", "text/csv", "text/markdown", "application/json", "text/html"]
)
def test_a_text_file_as_gemini_inline_data_goes_to_every_provider_as_text(
    stub: StubServer, target: str, mime: str
) -> None:
    history = gemini_user({"inlineData": {"mimeType": mime, "data": b64(LOG)}})
    body, _ = fitted(history, target)
    accept(target, body, stub)
    assert "ERROR 42 in worker-7" in json.dumps(body)


def test_a_text_file_goes_to_anthropic_as_a_text_document_and_to_chat_as_text(
    stub: StubServer,
) -> None:
    history = gemini_user({"inlineData": {"mimeType": "text/plain", "data": b64(LOG)}})
    anthropic, _ = fitted(history, "anthropic")
    document = anthropic["messages"][0]["content"][0]
    assert document["type"] == "document"
    assert document["source"] == {"type": "text", "media_type": "text/plain", "data": LOG}
    chat, _ = fitted(history, "openai")
    assert [p["type"] for p in chat["messages"][0]["content"]] == ["text", "text"]


@pytest.mark.parametrize("target", list(MODELS))
def test_chat_and_responses_text_files_are_read_as_text(stub: StubServer, target: str) -> None:
    chat = [{"role": "user", "content": [
        {"type": "file", "file": {"filename": "sales.csv",
                                  "file_data": "data:text/csv;base64," + b64("region,n\nnorth,7\n")}},
        {"type": "text", "text": "which region?"}]}]  # fmt: skip
    responses = {"input": [{"role": "user", "content": [
        {"type": "input_file", "filename": "notes.md",
         "file_data": "data:text/markdown;base64," + b64("# Ship on Friday\n")},
        {"type": "input_text", "text": "when?"}]}]}  # fmt: skip
    for history, said in ((chat, "north,7"), (responses, "Ship on Friday")):
        body, _ = fitted(history, target)
        accept(target, body, stub)
        assert said in json.dumps(body)


def test_a_file_that_is_not_utf8_stays_bytes() -> None:
    """A text media type on bytes that are no UTF-8 text is not read as text."""
    data = b64("café".encode("latin-1") + b"\xff")
    (m,) = read_messages(gemini_user({"inlineData": {"mimeType": "text/plain", "data": data}}))
    assert m.content[0].data is not None  # type: ignore[union-attr]


# --- R34-P2: a text file among a function response's parts


def gemini_tool_file(mime: str, data: str) -> dict[str, Any]:
    return {"contents": [
        {"role": "user", "parts": [{"text": "q"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {"a": "MARK0"}}}]},
        {"role": "user", "parts": [{"functionResponse": {
            "name": "f", "response": {"out": "MARK1"},
            "parts": [{"inlineData": {"mimeType": mime, "data": data}}]}}]},
        {"role": "model", "parts": [{"text": "ok"}]},
        {"role": "user", "parts": [{"text": "go"}]},
    ]}  # fmt: skip


@pytest.mark.parametrize("target", list(MODELS))
def test_a_text_file_a_function_returned_is_carried_to_every_provider(
    stub: StubServer, target: str
) -> None:
    body, _ = fitted(gemini_tool_file("text/plain", b64("MARK2 text")), target, window=50_000)
    accept(target, body, stub)
    assert "MARK2 text" in json.dumps(body)


# --- a file of a type a format takes no bytes of

DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


@pytest.mark.parametrize("target", ["openai", "anthropic", "gemini"])
def test_a_word_document_goes_as_a_line_naming_it_where_no_such_file_is_taken(
    stub: StubServer, target: str
) -> None:
    data = b64(b"PK\x03\x04 not text \xff\x00")
    chat = [{"role": "user", "content": [
        {"type": "file", "file": {"filename": "plan.docx", "file_data": f"data:{DOCX};base64,{data}"}},
        {"type": "text", "text": "summarize"}]}]  # fmt: skip
    for history in (chat, gemini_tool_file(DOCX, data)):
        body, notices = fitted(history, target, window=50_000)
        accept(target, body, stub)
        assert DOCX in json.dumps(body)  # the line names the file and its type
        assert any(n.kind == "replaced" and DOCX in n.text for n in notices)


def test_responses_takes_a_word_document_as_a_file(stub: StubServer) -> None:
    data = b64(b"PK\x03\x04 not text \xff\x00")
    history = {"input": [{"role": "user", "content": [
        {"type": "input_file", "filename": "plan.docx", "file_data": f"data:{DOCX};base64,{data}"},
        {"type": "input_text", "text": "summarize"}]}]}  # fmt: skip
    body, notices = fitted(history, "openai-responses")
    accept("openai-responses", body, stub)
    assert body["input"][0]["content"][0]["type"] == "input_file"
    assert not [n for n in notices if n.kind == "replaced"]


def test_the_chat_stub_takes_pdf_files_only(stub: StubServer) -> None:
    """Chat Completions refuses a ``file`` part that is no PDF (OpenAI's file-inputs guide):
    the stub does too, so a writer sending one fails the tests as it would the API."""
    part = {
        "type": "file",
        "file": {"filename": "a.txt", "file_data": "data:text/plain;base64," + b64("hi")},
    }
    body = {"model": "gpt-4.1", "messages": [{"role": "user", "content": [part]}]}
    with pytest.raises(Invalid, match="only PDF"):
        validate_openai(body, stub)


# --- R34-P1: a video clip by URI


def clip(start: str, end: str, **meta: Any) -> dict[str, Any]:
    return {"fileData": {"mimeType": "video/mp4", "fileUri": "https://www.youtube.com/watch?v=abc"},
            "videoMetadata": {"startOffset": start, "endOffset": end, **meta}}  # fmt: skip


def test_a_video_clip_and_its_question_are_kept_in_the_full_window(stub: StubServer) -> None:
    history = {"contents": [
        {"role": "user", "parts": [clip("10s", "40s"), {"text": "what happens in this clip"}]},
        {"role": "model", "parts": [{"text": "A cat jumps."}]},
        {"role": "user", "parts": [{"text": "and then?"}]}]}  # fmt: skip
    out = fit(history, "gemini-2.5-flash", max_output_tokens=500, target="gemini")
    assert not out.report.dropped
    body = translate(out.messages, "gemini", model="gemini-2.5-flash").body
    assert body["contents"][0]["parts"][0]["video_metadata"]["end_offset"] == "40s"
    accept("gemini", dict(body), stub)
    # never below Gemini's bill: 258 tokens a frame at 1 fps (31 frames) and 32 a second of audio
    assert out.report.used >= 31 * 258 + 30 * 32


def test_a_video_clip_as_the_current_request_is_priced_by_its_seconds_and_fps() -> None:
    def used(*parts: dict[str, Any]) -> int:
        history = {"contents": [{"role": "user", "parts": [*parts, {"text": "count the birds"}]}]}
        return fit(history, "gemini-2.5-flash", max_output_tokens=500, target="gemini").report.used

    short, long, dense = (
        used(clip("0s", "10s")),
        used(clip("0s", "60s")),
        used(clip("0s", "10s", fps=5)),
    )
    assert 11 * 258 <= short < long < 100_000
    assert dense >= 51 * 258 and dense > short
    whole = {
        "fileData": {"mimeType": "video/mp4", "fileUri": "https://www.youtube.com/watch?v=abc"}
    }
    with pytest.raises(ContentError, match="window"):  # only the window bounds a whole video
        used(whole)


# --- R34-P4: a router's id in the body


@pytest.mark.parametrize(
    ("model", "named"),
    [
        (
            "bedrock/us.anthropic.claude-haiku-4-5-20251001-v1:0",
            "us.anthropic.claude-haiku-4-5-20251001-v1:0",
        ),
        (
            "bedrock/converse/us.anthropic.claude-sonnet-4-5-20250929-v1:0",
            "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
        ),
        ("vertex_ai/gemini-2.5-pro", "gemini-2.5-pro"),
        ("vertex_ai/claude-opus-4-1@20250805", "claude-opus-4-1@20250805"),
        ("openrouter/anthropic/claude-sonnet-4.5", "claude-sonnet-4-5"),
        # (nor a router's variant tail, which no provider serves: R36-I1)
        ("google/gemini-2.5-pro:free", "gemini-2.5-pro"),
        ("openrouter/google/gemini-2.5-flash:nitro", "gemini-2.5-flash"),
    ],
)
def test_a_routers_id_goes_without_its_route_in_a_providers_own_format(
    model: str, named: str
) -> None:
    """LiteLLM's route prefixes were kept in Anthropic and Gemini bodies, whose APIs (and
    Bedrock's and Vertex's clients for them) know no routes."""
    out = prepare([{"role": "user", "content": "hi"}], model, max_output_tokens=100)
    assert out.model == named
    assert out.sdk_kwargs()["model"] == named  # (a Gemini REST body names it in the URL only)


@pytest.mark.parametrize(
    "model", ["openrouter/anthropic/claude-sonnet-4.5", "bedrock/us.anthropic.claude-haiku-4-5-20251001-v1:0",
              "vertex_ai/gemini-2.5-pro", "azure/gpt-4o"]
)  # fmt: skip
def test_a_routers_id_is_named_as_written_in_a_chat_body(model: str) -> None:
    """LiteLLM takes OpenAI Chat bodies naming its own ids."""
    body = prepare(
        [{"role": "user", "content": "hi"}], model, max_output_tokens=100, target="openai"
    ).body
    assert body["model"] == model


@pytest.mark.parametrize("target", list(MODELS))
def test_an_anthropic_base64_text_document_goes_as_text(stub: StubServer, target: str) -> None:
    """Anthropic takes base64 documents as PDFs only: a text file sent so is read as text."""
    history = {"messages": [{"role": "user", "content": [
        {"type": "document", "title": "notes.md",
         "source": {"type": "base64", "media_type": "text/markdown", "data": b64("# Ship Friday\n")}},
        {"type": "text", "text": "when do we ship?"}]}]}  # fmt: skip
    body, _ = fitted(history, target)
    accept(target, body, stub)
    assert "Ship Friday" in json.dumps(body)
