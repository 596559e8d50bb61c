"""The stub upstreams refuse what the real APIs refuse (each rule with its public source), so a
test that passes through them proves a request would be accepted. Requests go through the
official SDKs to the stub on 127.0.0.1; a valid counterpart of each refused request passes."""

from __future__ import annotations

import io
import json
from typing import Any

import anthropic
import httpx
import pytest

from builders import b64, data_url, image_bytes, jpeg, png
from stub_server import StubServer

CLAUDE = "claude-sonnet-4-6"
GEMINI = "gemini-2.5-flash"
PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


def claude(stub: StubServer) -> anthropic.Anthropic:
    return anthropic.Anthropic(api_key="k", base_url=stub.anthropic_url, max_retries=0)


def ask(*blocks: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"role": "user", "content": [*blocks, {"type": "text", "text": "what is this?"}]}]


def image(data: bytes, media_type: str) -> dict[str, Any]:
    return {
        "type": "image",
        "source": {"type": "base64", "media_type": media_type, "data": b64(data)},
    }


def refused(stub: StubServer, messages: list[dict[str, Any]], match: str) -> None:
    with pytest.raises(anthropic.BadRequestError, match=match):
        claude(stub).messages.create(model=CLAUDE, max_tokens=9, messages=messages)  # type: ignore[arg-type]


def accepted(stub: StubServer, messages: list[dict[str, Any]]) -> None:
    reply = claude(stub).messages.create(model=CLAUDE, max_tokens=9, messages=messages)  # type: ignore[arg-type]
    assert reply.content


def test_anthropic_refuses_bytes_of_another_format_than_labelled(stub: StubServer) -> None:
    """anthropics/claude-code #12064: "Image does not match the provided media type"."""
    refused(stub, ask(image(jpeg(40, 30), "image/png")), "appears to be a different format")
    refused(stub, ask(image(png(40, 30), "image/jpg")), "Input should be 'image/jpeg'")
    accepted(stub, ask(image(jpeg(40, 30), "image/jpeg")))


def test_anthropic_refuses_an_image_over_8000_px_a_side(stub: StubServer) -> None:
    """claude-code #4778 / #11576: "At least one of the image dimensions exceed max allowed
    size: 8000 pixels" (vision-costs.md §2.5), whatever the number of images."""
    tall = image_bytes(10, 8001, "PNG", mode="L")
    refused(stub, ask(image(tall, "image/png")), "exceed max allowed size: 8000 pixels")
    accepted(stub, ask(image(image_bytes(10, 8000, "PNG", mode="L"), "image/png")))


def test_anthropic_refuses_a_request_over_32_mb(stub: StubServer) -> None:
    """vision-costs.md §2.5: 32 MB a request on the standard endpoints (HTTP 413)."""
    big = [{"role": "user", "content": "x" * 32_000_001}]
    with pytest.raises(anthropic.APIStatusError) as err:
        claude(stub).messages.create(model=CLAUDE, max_tokens=9, messages=big)  # type: ignore[arg-type]
    assert err.value.status_code == 413


def test_anthropic_documents_must_be_what_they_claim(stub: StubServer) -> None:
    """A base64 document is a PDF: the SDK's types allow only ``application/pdf`` there, and
    bytes that are not a PDF are refused ("The PDF specified was not valid")."""
    pdf = {"type": "document", "source": {"type": "base64", "media_type": "application/pdf"}}
    refused(stub, ask({**pdf, "source": {**pdf["source"], "data": b64(png(4, 4))}}), "PDF")
    refused(
        stub,
        ask({**pdf, "source": {**pdf["source"], "media_type": "image/png", "data": b64(PDF)}}),
        "Input should be 'application/pdf'",
    )
    accepted(stub, ask({**pdf, "source": {**pdf["source"], "data": b64(PDF)}}))
    text = {
        "type": "document",
        "source": {"type": "text", "media_type": "text/plain", "data": "hi"},
    }
    accepted(stub, ask(text))


def tool_turns(*result_content: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "read the spec"},
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_1", "name": "read", "input": {"path": "a.pdf"}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": list(result_content)}]},
    ]  # fmt: skip


def test_anthropic_tool_results_hold_only_the_blocks_the_api_takes(stub: StubServer) -> None:
    """A tool result holds text, images, documents and search results (the SDK's
    ``ToolResultBlockParam``); another block there is refused, as is an invalid document."""
    doc = {"type": "document", "source": {"type": "base64", "media_type": "application/pdf"}}
    accepted(stub, tool_turns({**doc, "source": {**doc["source"], "data": b64(PDF)}}))
    refused(stub, tool_turns({**doc, "source": {**doc["source"], "data": b64(b"no")}}), "PDF")
    refused(
        stub, tool_turns({"type": "tool_use", "id": "x", "name": "y", "input": {}}), "messages.2"
    )


def test_anthropic_tool_use_ids_are_unique_and_answered_once(stub: StubServer) -> None:
    """ "messages.3.content.0: `tool_use` ids must be unique" (anthropics/claude-code#20700,
    BerriAI/litellm#23510): across the conversation, not only in one turn; and a call is
    answered by one ``tool_result`` ("each tool_use must have a single result")."""
    again = [
        *tool_turns({"type": "text", "text": "page 1"}),
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_1", "name": "read", "input": {"path": "b.pdf"}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": "page 2"}]},
    ]  # fmt: skip
    refused(stub, again, "ids must be unique")
    accepted(
        stub,
        [
            *again[:3],
            {**again[3], "content": [{**again[3]["content"][0], "id": "toolu_2"}]},
            {"role": "user", "content": [{**again[4]["content"][0], "tool_use_id": "toolu_2"}]},
        ],
    )
    twice = tool_turns({"type": "text", "text": "page 1"})
    twice[2] = {"role": "user", "content": [*twice[2]["content"], *twice[2]["content"]]}
    refused(stub, twice, "single result")


SEARCH = [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
     "input": {"query": "contextledger"}},
    {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01", "content": [
        {"type": "web_search_result", "url": "https://example.com", "title": "Example",
         "encrypted_content": "RW5jcnlwdGVk", "page_age": None}]},
    {"type": "text", "text": "It is a Python library."},
]  # fmt: skip


def test_anthropic_server_tool_results_follow_their_server_tool_use(stub: StubServer) -> None:
    """claude-code #95406: "Each `advisor_tool_result` block must have a corresponding
    `server_tool_use` block before it" (the same for every server tool's result)."""
    turns = [{"role": "user", "content": "what is contextledger?"}]
    accepted(stub, [*turns, {"role": "assistant", "content": SEARCH}, *ask()])
    alone = [*turns, {"role": "assistant", "content": SEARCH[1:]}, *ask()]
    refused(stub, alone, "must have a corresponding `server_tool_use` block before it")
    swapped = [*turns, {"role": "assistant", "content": [SEARCH[1], SEARCH[0], SEARCH[2]]}, *ask()]
    refused(stub, swapped, "corresponding `server_tool_use`")


def gemini_post(stub: StubServer, contents: list[dict[str, Any]]) -> httpx.Response:
    """A raw ``generateContent`` call (for bodies google-genai would not build itself)."""
    return httpx.post(
        f"{stub.gemini_url}/v1beta/models/{GEMINI}:generateContent",
        headers={"x-goog-api-key": "k"},
        content=json.dumps({"contents": contents}),
    )


def test_gemini_refuses_mislabelled_and_unsupported_images(stub: StubServer) -> None:
    """Gemini takes PNG, JPEG, WEBP, HEIC, HEIF (vision-costs.md §3.4, §7): a GIF is refused
    ("Unsupported MIME type"), and so are bytes of another format than labelled."""
    from google import genai
    from google.genai import errors, types

    client = genai.Client(api_key="k", http_options=types.HttpOptions(base_url=stub.gemini_url))

    def blob(data: bytes, mime: str) -> types.Part:
        return types.Part(inline_data=types.Blob(data=data, mime_type=mime))

    for data, mime in ((image_bytes(8, 8, "GIF"), "image/gif"), (jpeg(8, 8), "image/png")):
        with pytest.raises(errors.ClientError) as err:
            client.models.generate_content(model=GEMINI, contents=[blob(data, mime), "what?"])
        assert err.value.code == 400
    webp_label = (png(8, 8), "image/webp")
    with pytest.raises(errors.ClientError):
        client.models.generate_content(model=GEMINI, contents=[blob(*webp_label), "what?"])
    reply = client.models.generate_content(
        model=GEMINI, contents=[blob(image_bytes(8, 8, "WEBP"), "image/webp"), "what?"]
    )
    assert reply.text


def test_gemini_takes_media_in_a_function_response_on_gemini_3_only(stub: StubServer) -> None:
    """Multimodal function responses (``function_response.parts``) are a Gemini 3 feature;
    Gemini 2.5 answers 400 "`function_response.parts` is not supported for this model"
    (google-gemini/gemini-cli#19436). The writer sends a tool's images beside the responses
    (taken by both), and the reader reads either form into the tool result."""
    from google import genai
    from google.genai import errors, types

    from builders import image_block
    from contextledger import translate
    from contextledger.model import Image, Message, Text, ToolCall, ToolResult
    from contextledger.providers import read_messages

    client = genai.Client(api_key="k", http_options=types.HttpOptions(base_url=stub.gemini_url))
    shot = {"inline_data": {"mime_type": "image/png", "data": b64(png(8, 8))}}
    nested = [
        {"role": "user", "parts": [{"text": "look"}]},
        {"role": "model", "parts": [{"function_call": {"id": "c1", "name": "shot", "args": {}}}]},
        {"role": "user", "parts": [{"function_response": {"id": "c1", "name": "shot",
                                                          "response": {"output": "ok"},
                                                          "parts": [shot]}}]},
    ]  # fmt: skip
    with pytest.raises(errors.ClientError, match=r"function_response\.parts"):
        client.models.generate_content(model=GEMINI, contents=nested)  # type: ignore[arg-type]
    (result,) = read_messages({"contents": nested}, "gemini")[2].tool_results
    assert [type(b) for b in result.content] == [Text, Image]

    history = [Message.user("look"), Message.assistant(ToolCall("c1", "shot")),
               Message("tool", (ToolResult("c1", (Text("ok"), image_block(8, 8))),))]  # fmt: skip
    body = translate(history, "gemini").body
    assert [list(p) for p in body["contents"][2]["parts"]] == [
        ["function_response"],
        ["text"],
        ["inline_data"],
    ]
    for model in (GEMINI, "gemini-3-flash-preview"):
        assert client.models.generate_content(model=model, contents=body["contents"]).text
    (back,) = read_messages(body, "gemini")[2].tool_results
    assert back.call_id == "c1" and [type(b) for b in back.content] == [Text, Image]


def test_gemini_code_execution_and_file_parts(stub: StubServer) -> None:
    """Code-execution parts carry the enum values the API knows, file parts a ``fileUri``
    (google-genai's types; proto JSON refuses the rest)."""
    code = [
        {"role": "user", "parts": [{"text": "what is 2**10?"}]},
        {"role": "model", "parts": [
            {"executableCode": {"language": "PYTHON", "code": "print(2**10)"}},
            {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "1024\n"}},
            {"text": "1024"}]},
        {"role": "user", "parts": [{"text": "thanks"}]},
    ]  # fmt: skip
    assert gemini_post(stub, code).status_code == 200
    code[1]["parts"][0]["executableCode"]["language"] = "JAVA"
    bad = gemini_post(stub, code)
    assert bad.status_code == 400 and "JAVA" in bad.json()["error"]["message"]
    uri = "https://generativelanguage.googleapis.com/v1beta/files/abc123"
    pdf = {"fileData": {"mimeType": "application/pdf", "fileUri": uri}}
    assert (
        gemini_post(stub, [{"role": "user", "parts": [pdf, {"text": "sum up"}]}]).status_code == 200
    )
    no_uri = {"fileData": {"mimeType": "application/pdf"}}
    refused_file = gemini_post(stub, [{"role": "user", "parts": [no_uri, {"text": "sum up"}]}])
    assert refused_file.status_code == 400 and "file_uri" in refused_file.json()["error"]["message"]


def test_the_official_sdk_shapes_bound_what_the_anthropic_stub_takes(stub: StubServer) -> None:
    """A block the SDK's request types do not describe is refused (the API answers "Input
    tag … does not match", "Field required")."""
    refused(stub, ask({"type": "audio", "data": "x"}), "messages.0: 0")
    pdf_no_data = {
        "type": "document",
        "source": {"type": "base64", "media_type": "application/pdf"},
    }
    refused(stub, ask(pdf_no_data), "Field required")


def test_the_openai_chat_stub_ignores_unknown_keys_as_the_api_does(stub: StubServer) -> None:
    """Chat Completions answers a message or a part holding a key it does not know on gpt-4o
    and later (recorded: Agent Framework's text parts with ``additional_properties`` on
    gpt-4o-mini, tool messages with a ``name``; microsoft/agent-framework#2344), and refuses it
    on the older models: 400 "Additional properties are not allowed ('id' was unexpected) -
    'messages.0'" (openai/openai-node#1161: gpt-3.5-turbo, gpt-4, gpt-4-turbo). A known key of
    the wrong type is refused on every model."""
    import openai

    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    part = {"type": "text", "text": "hi", "additional_properties": {}, "cache_control": {}}
    odd: list[Any] = [
        {"role": "user", "content": "hi", "id": "m1"},
        {"role": "user", "content": [part]},
    ]
    for model in ("gpt-4o", "gpt-4o-mini", "gpt-4.1"):
        assert client.chat.completions.create(model=model, messages=odd).choices
    for model, where in (("gpt-4", r"'id' was unexpected\) - 'messages\.0'"),
                         ("gpt-3.5-turbo", r"'messages\.0'")):  # fmt: skip
        with pytest.raises(openai.BadRequestError, match=where):
            client.chat.completions.create(model=model, messages=odd)
    with pytest.raises(openai.BadRequestError, match=r"'additional_properties', 'cache_control' "
                       r"were unexpected\) - 'messages\.0\.content\.0'"):  # fmt: skip
        client.chat.completions.create(model="gpt-4", messages=odd[1:])
    wrong = [{"role": "user", "content": [{"type": "text", "text": 5}]}]
    with pytest.raises(openai.BadRequestError, match=r"messages\[0\]\.content\[0\]\.text"):
        client.chat.completions.create(model="gpt-4o", messages=wrong)  # type: ignore[arg-type]
    fine = [{"role": "user", "content": "hi", "name": "ana"}]
    assert client.chat.completions.create(model="gpt-4", messages=fine).choices  # type: ignore[arg-type]


def test_the_responses_stub_takes_only_the_sdks_item_shapes(stub: StubServer) -> None:
    """An input item or part the SDK's ``ResponseInputItemParam`` types do not name is
    refused (an unknown key, a reasoning item without its id, an assistant message of
    output_text parts without the id and status of an output message); what the API takes
    though the types do not say it (an image without ``detail``) passes."""
    import openai

    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    user = {"role": "user", "content": "hi"}
    refused_items = {
        r"input\[0\]\.content\.0\.cache_control': Extra inputs": [
            {"role": "user", "content": [{"type": "input_text", "text": "hi", "cache_control": {}}]}
        ],
        r"input\[1\]\.id': Field required": [
            user,
            {"type": "reasoning", "summary": [], "encrypted_content": "e"},
            {"type": "message", "role": "assistant", "content": "a"},
        ],
        r"input\[1\]\.zz": [
            user,
            {"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}", "zz": 1},
            {"type": "function_call_output", "call_id": "c", "output": "x"},
        ],
        r"input\[1\]\.content\.0\.type": [
            user,
            {"role": "assistant", "content": [{"type": "output_text", "text": "a cat"}]},
        ],
    }
    for match, items in refused_items.items():
        with pytest.raises(openai.BadRequestError, match=match):
            client.responses.create(model="gpt-5", input=items)  # type: ignore[arg-type]
    fine = [
        {"role": "user", "content": [{"type": "input_image", "image_url": "https://x/a.png"}]},
        {"role": "assistant", "content": "a cat"},
        user,
    ]
    assert client.responses.create(model="gpt-5", input=fine).output  # type: ignore[arg-type]


def animated_gif() -> bytes:
    from PIL import Image as PILImage

    frames = [PILImage.new("RGB", (8, 8), color) for color in ("red", "blue")]
    buf = io.BytesIO()
    frames[0].save(buf, "GIF", save_all=True, append_images=frames[1:])
    return buf.getvalue()


def test_openai_takes_only_still_gifs(stub: StubServer) -> None:
    """OpenAI takes "non-animated GIF" only (images guide, vision-costs.md §1.7): an animated
    one is refused on both routes, a still one accepted."""
    import openai

    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    truncated = image_bytes(8, 8, "GIF")[:12]  # review10 P9: the stub crashed (HTTP 500)
    for gif, ok in ((animated_gif(), False), (truncated, False), (image_bytes(8, 8, "GIF"), True)):
        url = data_url(gif, "image/gif")
        chat = [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": url}}]}]
        item = [{"role": "user", "content": [{"type": "input_image", "image_url": url}]}]
        if ok:
            assert client.chat.completions.create(model="gpt-4o", messages=chat).choices  # type: ignore[arg-type]
            assert client.responses.create(model="gpt-4o", input=item).output  # type: ignore[arg-type]
            continue
        with pytest.raises(openai.BadRequestError, match="unsupported image"):
            client.chat.completions.create(model="gpt-4o", messages=chat)  # type: ignore[arg-type]
        with pytest.raises(openai.BadRequestError, match="unsupported image"):
            client.responses.create(model="gpt-4o", input=item)  # type: ignore[arg-type]


def test_anthropic_tool_names_are_unique_and_requests_measured_in_utf8(stub: StubServer) -> None:
    """Anthropic: "tools: Tool names must be unique." (claude-code #10687); the 32 MB limit
    counts the UTF-8 bytes sent (a 15 MB CJK text, 45 MB as ``\\uXXXX`` escapes, passes)."""
    tool = {"name": "get_weather", "input_schema": {"type": "object"}}
    with pytest.raises(anthropic.BadRequestError, match="Tool names must be unique"):
        claude(stub).messages.create(
            model=CLAUDE,
            max_tokens=9,
            messages=ask(),
            tools=[tool, tool],  # type: ignore[arg-type,list-item]
        )
    cjk = [{"role": "user", "content": "漢" * 5_000_000}]
    assert claude(stub).messages.create(model=CLAUDE, max_tokens=9, messages=cjk).content  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "model", ["gpt-realtime", "gpt-4o-realtime-preview-2024-12-17", "gpt-realtime-mini"]
)
def test_openai_chat_and_responses_refuse_a_realtime_model(stub: StubServer, model: str) -> None:
    """Served over /v1/realtime only (the library refuses to fit for them: R29-P1)."""
    import openai

    client = openai.OpenAI(api_key="k", base_url=stub.url, max_retries=0)
    hi: Any = [{"role": "user", "content": "hi"}]
    with pytest.raises(openai.BadRequestError, match="not a chat model"):
        client.chat.completions.create(model=model, messages=hi)
    with pytest.raises(openai.BadRequestError, match="not a chat model"):
        client.responses.create(model=model, input="hi")
    assert client.chat.completions.create(model="gpt-audio", messages=hi).choices


def test_gemini_refuses_an_empty_text_part_and_the_writer_sends_none(stub: StubServer) -> None:
    """Gemini answers a bare empty text part 400 "Unable to submit request because it has an
    empty text parameter" (zuisong/gemini-openai-proxy#83, OpenManus#913). The writer made one
    from an empty text block beside others (R30-m8): it now leaves it out, as Anthropic's
    writer does; a thought signature's empty part stays."""
    from contextledger import translate

    bare = [
        {"role": "user", "parts": [{"text": "hi"}]},
        {"role": "model", "parts": [{"text": ""}, {"text": "b"}]},
        {"role": "user", "parts": [{"text": "go"}]},
    ]
    refused = gemini_post(stub, bare)
    assert refused.status_code == 400 and "empty text parameter" in refused.text
    history = [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": [{"type": "text", "text": ""}, {"type": "text", "text": "b"}],
        },
        {"role": "user", "content": [{"type": "text", "text": ""}, {"type": "text", "text": "go"}]},
    ]
    contents = translate(history, "gemini").body["contents"]
    assert {"text": ""} not in [p for c in contents for p in c["parts"]]
    assert contents[1]["parts"] == [{"text": "b"}]
    assert gemini_post(stub, contents).status_code == 200
