"""Screenshots and files a tool returned by reference (a computer-use agent's screenshot
uploaded once and named by its id, a PDF a tool fetched into a provider's Files API): they
were refused inside a tool result ("not supported … keeps references only in a user turn").
Now each target gets them the way its API takes them (the official SDKs' types):

* Anthropic: in the ``tool_result`` (``ToolResultBlockParam.content``: images and documents
  by ``file`` or ``url`` source), with the Files API beta header;
* OpenAI Responses: in the ``function_call_output`` (``input_image`` / ``input_file`` by
  ``file_id``, ``input_file`` by ``file_url``);
* OpenAI Chat, whose tool messages carry text only: a file by id in the user turn right
  after the tool messages, under a header naming the call, reported ("moved"); an image by
  id or a file by URL, which Chat takes nowhere, as its rendition in the tool message,
  reported with why and what would carry it (the Responses API);
* Gemini: a file by URI beside the function responses (as inline screenshots go).

Another provider's reference goes as its rendition, reported. Every request is priced as
sent (``used`` == the written body's price), accepted by the stub from the official client,
and read back into the same tool result where it went as it came."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import anthropic
import openai
import pytest

from builders import image_block
from contextledger import prepare, translate
from contextledger.errors import ContentError
from contextledger.model import Image, Message, ProviderContent, Text, ToolCall, ToolResult
from contextledger.pricing.messages import price_request
from contextledger.providers import read_messages
from contextledger.providers.anthropic import FILES_BETA, sdk_kwargs
from sdk_check import validate_body
from stub_gemini import validate_request
from stub_responses import validate_responses
from stub_server import Invalid, StubServer, validate_anthropic, validate_openai

# Shown on gpt-3.5-turbo as the text-only model, served again here (shut down since:
# test_catalog_shut_down.py tests the refusals).
pytestmark = pytest.mark.usefixtures("served_by_default")

STUB = StubServer()

MODELS = {"anthropic": "claude-sonnet-4-6", "openai": "gpt-4.1",
          "openai-responses": "gpt-4.1", "gemini": "gemini-2.5-flash"}  # fmt: skip
URI = "https://generativelanguage.googleapis.com/v1beta/files/abc"
PAGES = {"file_012": 3, "https://x.test/a.pdf": 3, "file-abc": 3, "https://x.test/q3.pdf": 3,
         URI: 3}  # fmt: skip


def _anthropic(part: dict[str, Any]) -> dict[str, Any]:
    return {"messages": [
        {"role": "user", "content": "Take a screenshot of the invoice."},
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_1", "name": "computer",
             "input": {"action": "screenshot"}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1",
             "content": [{"type": "text", "text": "done"}, part]},
            {"type": "text", "text": "What is the total?"}]}]}  # fmt: skip


def _responses(part: dict[str, Any]) -> dict[str, Any]:
    return {"input": [
        {"role": "user", "content": "Take a screenshot of the invoice."},
        {"type": "function_call", "call_id": "call_1", "name": "computer", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "call_1",
         "output": [{"type": "input_text", "text": "done"}, part]},
        {"role": "user", "content": "What is the total?"}]}  # fmt: skip


def _gemini(part: dict[str, Any]) -> dict[str, Any]:
    return {"contents": [
        {"role": "user", "parts": [{"text": "Take a screenshot of the invoice."}]},
        {"role": "model", "parts": [{"functionCall": {"id": "c1", "name": "computer", "args": {}}}]},
        {"role": "user", "parts": [
            {"functionResponse": {"id": "c1", "name": "computer", "response": {"output": "done"}}},
            {"text": "Files returned by tool call c1:"}, part,
            {"text": "What is the total?"}]}]}  # fmt: skip


# case: (history, the reference, where it goes as it came)
CASES: dict[str, tuple[dict[str, Any], str, set[str]]] = {
    "anthropic image by file id": (_anthropic(
        {"type": "image", "source": {"type": "file", "file_id": "file_011"}}),
        "file_011", {"anthropic"}),
    "anthropic document by file id": (_anthropic(
        {"type": "document", "title": "invoice.pdf",
         "source": {"type": "file", "file_id": "file_012"}}), "file_012", {"anthropic"}),
    "anthropic document by url": (_anthropic(
        {"type": "document", "source": {"type": "url", "url": "https://x.test/a.pdf"}}),
        "https://x.test/a.pdf", {"anthropic"}),
    "responses image by file id": (_responses(
        {"type": "input_image", "file_id": "file-img", "detail": "high"}),
        "file-img", {"openai-responses"}),
    "responses file by id": (_responses(
        {"type": "input_file", "file_id": "file-abc", "filename": "q3.pdf"}),
        "file-abc", {"openai-responses", "openai"}),
    "responses file by url": (_responses(
        {"type": "input_file", "file_url": "https://x.test/q3.pdf"}),
        "https://x.test/q3.pdf", {"openai-responses"}),
    "gemini file by uri": (_gemini(
        {"fileData": {"mimeType": "application/pdf", "fileUri": URI}}), URI, {"gemini"}),
}  # fmt: skip


@pytest.fixture(scope="module")
def stub() -> Iterator[StubServer]:
    with StubServer() as server:
        yield server


@pytest.fixture(scope="module")
def send(stub: StubServer) -> Iterator[Callable[[str, dict[str, Any]], list[Any]]]:
    """The request through the official client to the validating stub; what it refused
    (one client per provider: making one costs more than a request)."""
    from google import genai
    from google.genai import types

    claude = anthropic.Anthropic(api_key="k", base_url=stub.anthropic_url, max_retries=0)
    oai = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    g = genai.Client(api_key="k", http_options=types.HttpOptions(base_url=stub.gemini_url))
    create = {"anthropic": claude.messages.create, "openai": oai.chat.completions.create,
              "openai-responses": oai.responses.create,
              "gemini": g.models.generate_content}  # fmt: skip

    def sent(target: str, kwargs: dict[str, Any]) -> list[Any]:
        create[target](**kwargs)
        return stub.rejected()

    yield sent
    del claude, oai, g  # (kept alive until now: a collected client closes its connection)


def _results(messages: tuple[Message, ...]) -> list[tuple[Any, ...]]:
    return [r.content for m in messages for r in m.tool_results]


def _referenced(body: dict[str, Any], ref: str) -> bool:
    """Whether ``ref`` is sent as a reference (a part's field), not inside a text."""

    def walk(value: Any, key: str = "") -> bool:
        if isinstance(value, dict):
            return any(walk(v, k) for k, v in value.items())
        if isinstance(value, list):
            return any(walk(v, key) for v in value)
        return value == ref and key != "text"

    return walk(body)


def _accepted(target: str, model: str, body: dict[str, Any]) -> bool:
    """Whether the stub's validator for ``target`` takes the request (no HTTP: fast)."""
    kwargs = sdk_kwargs({"model": model, **body}) if target == "anthropic" else dict(body)
    headers = {"authorization": "Bearer k", "x-api-key": "k", "x-goog-api-key": "k",
               "anthropic-version": "2023-06-01", **kwargs.pop("extra_headers", {})}  # fmt: skip
    try:
        if target == "anthropic":
            validate_anthropic(kwargs, headers, STUB)
        elif target == "openai":
            validate_openai({"model": model, **kwargs}, STUB)
        elif target == "openai-responses":
            validate_responses({"model": model, **kwargs}, headers, STUB)
        else:
            path = f"/v1beta/models/{model}:generateContent"
            rest = {k: v for k, v in kwargs.items() if k != "model"}  # (named in the path)
            validate_request(model, rest, headers, path, STUB)
    except Invalid:
        return False
    return True


def test_every_reference_goes_where_each_target_takes_it() -> None:
    """One table: every case to every target, prepared (pages declared), priced as sent,
    accepted by the stub's validator, as it came where the target takes it (read back into
    the same result) and else as a reported rendition."""
    wrong: dict[tuple[str, str], Any] = {}
    for case, (history, ref, carried) in CASES.items():
        original = _results(read_messages(history))
        for target, model in MODELS.items():
            out = prepare(history, model, target=target, compaction=False, file_pages=PAGES)  # type: ignore[arg-type]
            sent = price_request(out.body, model, target, file_pages=PAGES).total
            replaced = [n for n in out.report.notices if n.kind == "replaced"]
            as_it_came = _referenced(out.body, ref)
            back = _results(read_messages(out.body, target))
            got = {
                "priced as sent": out.report.used == sent,
                "as it came": as_it_came == (target in carried),
                "read back": (back == original) == (target in carried),
                "reported": bool(replaced) != (target in carried),
                "rendition": target in carried or ref in json.dumps(out.body),
                "accepted": _accepted(target, model, out.body),
            }
            if target == "openai" and target in carried:
                got["moved"] = any(n.kind == "moved" for n in out.report.notices)
            if not all(got.values()):
                wrong[(case, target)] = [k for k, ok in got.items() if not ok]
    assert not wrong


def test_the_official_clients_send_each_reference_as_it_came(
    send: Callable[[str, dict[str, Any]], list[Any]],
) -> None:
    """Through each provider's SDK (its own serialization: google-genai's types, the
    Anthropic client's beta header) to the validating stub, where a reference goes as it came."""
    refused = {}
    for case, (history, _, carried) in CASES.items():
        for target in carried:
            out = prepare(history, MODELS[target], target=target, compaction=False,  # type: ignore[arg-type]
                          file_pages=PAGES)  # fmt: skip
            if rejected := send(target, out.sdk_kwargs()):
                refused[(case, target)] = rejected
    assert not refused


def test_the_sdk_types_take_what_is_written() -> None:
    for history, _, _ in CASES.values():
        for target in ("anthropic", "openai", "openai-responses"):
            validate_body(target, translate(history, target).body)


def test_chat_says_why_an_image_by_id_goes_as_text_and_what_would_carry_it() -> None:
    history = CASES["responses image by file id"][0]
    out = translate(history, "openai")
    tool = next(m for m in out.body["messages"] if m["role"] == "tool")
    assert "[image file-img]" in json.dumps(tool["content"])
    (notice,) = [n for n in out.notices if n.kind == "replaced"]
    assert notice.where == "messages[2].content[0].content[1]"
    assert "Chat Completions takes no image by file id" in notice.text
    assert 'target="openai-responses"' in notice.text


def test_a_file_id_goes_in_the_user_turn_after_the_chat_tool_messages_and_reads_back() -> None:
    history = CASES["responses file by id"][0]
    body = translate(history, "openai").body
    roles = [m["role"] for m in body["messages"]]
    assert roles == ["user", "assistant", "tool", "user", "user"]
    turn = body["messages"][3]["content"]
    assert turn == [{"type": "text", "text": "Files returned by tool call call_1:"},
                    {"type": "file", "file": {"file_id": "file-abc", "filename": "q3.pdf"}}]  # fmt: skip
    validate_openai({"model": "gpt-4.1", **body}, StubServer())


def test_a_screenshot_inline_and_one_by_id_in_one_result_keep_their_order() -> None:
    """A computer-use agent's result: a text, a fresh screenshot inline and an earlier one
    by file id; labelled in order on Anthropic and Responses, priced by pixels inline."""
    by_id = read_messages(CASES["anthropic image by file id"][0])[2].tool_results[0].content[1]
    assert isinstance(by_id, ProviderContent)
    shot = image_block(1280, 800, name="shot.png")
    history = (
        Message.user("click Save"),
        Message.assistant(ToolCall("toolu_1", "computer", '{"action": "left_click"}')),
        Message("tool", (ToolResult("toolu_1", (Text("clicked"), shot, by_id)),)),
    )
    body = translate(history, "anthropic").body
    blocks = body["messages"][2]["content"][0]["content"]
    assert [b["type"] for b in blocks] == ["text", "image", "image"]
    assert blocks[2]["source"] == {"type": "file", "file_id": "file_011"}
    (back,) = read_messages(body, "anthropic")[2].tool_results
    assert back.content == (Text("clicked"), shot, by_id) or [type(b) for b in back.content] == [
        Text,
        Image,
        ProviderContent,
    ]
    out = prepare(history, "claude-sonnet-4-5", target="anthropic", compaction=False)
    assert out.report.used == price_request(out.body, "claude-sonnet-4-5", "anthropic").total
    assert out.sdk_kwargs()["extra_headers"] == {"anthropic-beta": FILES_BETA}


def test_a_text_only_model_gets_a_placeholder_for_an_image_by_id_in_a_tool_result() -> None:
    history = CASES["responses image by file id"][0]
    out = prepare(history, "gpt-3.5-turbo", target="openai", on_images="placeholder")
    assert "does not accept images" in json.dumps(out.body)
    assert any("will not see image 'file-img'" in n.text for n in out.report.notices)


@pytest.mark.parametrize(
    ("block", "path"),
    [
        ({"type": "image", "source": {"type": "file"}}, "source.file_id"),
        ({"type": "document", "source": {"type": "file", "file_id": 7}}, "source.file_id"),
        ({"type": "document", "source": {"type": "url"}}, "source.url"),
    ],
)
def test_a_reference_missing_its_field_is_refused_naming_it(
    block: dict[str, Any], path: str
) -> None:
    with pytest.raises(ContentError) as err:
        read_messages(_anthropic(block))
    assert err.value.path == f"messages[2].content[0].content[1].{path}"


def test_the_stubs_refuse_what_the_apis_refuse() -> None:
    """A file source without the Files API beta; a Chat tool message holding a file."""
    body = translate(CASES["anthropic image by file id"][0], "anthropic").body
    with pytest.raises(Invalid, match=FILES_BETA):
        validate_anthropic({"model": "claude-sonnet-4-5", "max_tokens": 9, **body},
                           {"x-api-key": "k", "anthropic-version": "2023-06-01"}, StubServer())  # fmt: skip
    chat = translate(CASES["responses file by id"][0], "openai").body["messages"]
    bad = [*chat[:2], {"role": "tool", "tool_call_id": "call_1", "content": chat[3]["content"]}]
    with pytest.raises(Invalid, match="Supported values are: 'text'"):
        validate_openai({"model": "gpt-4.1", "messages": bad}, StubServer())
