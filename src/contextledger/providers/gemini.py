"""Google Gemini ``contents`` (+ ``system_instruction``): reader and writer.

Written in the REST API's snake_case; the reader also accepts camelCase. Gemini may omit
function-call ids: the reader then gives calls ids ``gemini-call-<turn>-<k>`` and pairs
responses with calls by name, in order; the writer leaves such generated ids out again.
Images and files a tool returned follow the function responses as parts of the same user
turn, introduced by ``Images returned by tool call ID:`` (ID: the response's id, or its
name when Gemini gave the call none): multimodal function responses (``function_response.
parts``) are a Gemini 3 feature, which Gemini 2.5 refuses ("`function_response.parts` is
not supported for this model"), while parts beside the responses are taken by both. The
reader folds them back into the tool result, and reads ``function_response.parts`` too.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..errors import ArgumentError, ContentError, SendError, UnsupportedBlockError, describe
from ..model import (
    Audio,
    Block,
    FileAttachment,
    Image,
    InlineData,
    Message,
    ProviderContent,
    Reasoning,
    Recap,
    Text,
    ToolCall,
    ToolResult,
)
from ..report import Notice
from . import common as c
from . import native
from .format import ProviderFormat, tool_spec
from .ids import declared_name, unique_declared, wire_id, wire_name
from .output_format import OutputFormat
from .tool_choice import ToolChoice

if TYPE_CHECKING:  # (a reply is read when one is sent: a fit imports none of it)
    from ..reply import Reply, Usage

TARGET = "gemini"
TITLE = "Gemini"
GENERATED_ID = "gemini-call-"
#: Google's documented stand-in signature for a function call Gemini did not make (another
#: provider's, or one written by hand): Gemini 3 refuses an unsigned call in the current
#: turn. The bytes the SDK sends as ``skip_thought_signature_validator`` (URL-safe base64),
#: here in the standard alphabet our bodies use.
SKIP_SIGNATURE = base64.b64encode(
    base64.urlsafe_b64decode("skip_thought_signature_validator")
).decode("ascii")
#: The documented stand-ins (as text either alphabet spells them): read as no signature.
_STAND_INS = frozenset(
    {
        "skip_thought_signature_validator",
        SKIP_SIGNATURE,
        "context_engineering_is_the_way_to_go",
        "context/engineering/is/the/way/to/go",
    }
)

_CAMEL = {
    "inlineData": "inline_data",
    "fileData": "file_data",
    "functionCall": "function_call",
    "functionResponse": "function_response",
    "mimeType": "mime_type",
    "fileUri": "file_uri",
    "thoughtSignature": "thought_signature",
    "systemInstruction": "system_instruction",
    "executableCode": "executable_code",
    "codeExecutionResult": "code_execution_result",
    "videoMetadata": "video_metadata",
}


def _snake(d: Mapping[str, Any]) -> dict[str, Any]:
    return {_CAMEL.get(k, k): v for k, v in d.items()}


def read(payload: Mapping[str, Any] | Sequence[Any], start: int = 0) -> tuple[Message, ...]:
    """Read ``{"contents": […], "system_instruction": …}`` or a bare contents list
    (``start``: the position of its first content in a longer list read piece by piece;
    the piece must not start right after a model turn, whose calls it may answer)."""
    out: list[Message] = []
    if isinstance(payload, Mapping):
        body = _snake(payload)
        system = body.get("system_instruction")
        if system:
            out.append(Message("system", (Text(_system_text(system)),), id="system"))
        contents = body.get("contents")
    else:
        contents = payload
    if not isinstance(contents, Sequence) or isinstance(contents, str | bytes):
        raise ContentError("contents", "expected a list of contents")
    open_calls: list[ToolCall] = []
    for i, raw in enumerate(contents, start):
        p = f"contents[{i}]"
        content = c.expect_dict(raw, p)
        role = content.get("role", "user")
        if "parts" not in content and "content" in content:
            raise ContentError(p, _mixed(contents, start))
        parts = content.get("parts") or []
        if not isinstance(parts, list):
            raise ContentError(p + ".parts", "parts must be a list")
        if role == "model":
            blocks = [
                block
                for j, x in enumerate(parts)
                for block in _read_model_part(
                    _snake(c.expect_dict(x, f"{p}.parts[{j}]")), f"{p}.parts[{j}]", i, j
                )
            ]
            open_calls = [b for b in blocks if isinstance(b, ToolCall)]
            out.append(Message("assistant", tuple(blocks), id=f"m{i}"))
        elif role in ("user", "function", "tool"):
            read, open_calls = _read_user(parts, p, i, open_calls)
            out.extend(read)
        else:
            raise ContentError(p + ".role", f"unknown role {describe(role)}")
    return tuple(out)


def _mixed(contents: Sequence[Any], start: int) -> str:
    """Why a message with ``content`` (OpenAI, Anthropic) cannot be read among Gemini
    contents: read as Gemini, its text would be lost (an empty turn, removed), even the
    newest request. Names the first Gemini-shaped item, the one that decided the format."""
    gemini = next(
        (
            f"contents[{i}]"
            for i, x in enumerate(contents, start)
            if isinstance(x, Mapping) and ("parts" in x or x.get("role") == "model")
        ),
        "an item",
    )
    return (
        f"a message with 'content' but no 'parts', in a list read as Gemini contents "
        f"({gemini} has 'parts' or role 'model'): one conversation cannot mix formats; "
        "convert one of them"
    )


def _system_text(system: Any) -> str:
    """``system_instruction``: a Content with text parts (or, as the SDKs allow, a string)."""
    if isinstance(system, str):
        return system
    path = "system_instruction.parts"
    parts = c.expect_list(c.expect_dict(system, "system_instruction").get("parts"), path)
    texts = []
    for j, raw in enumerate(parts):
        part = _snake(c.expect_dict(raw, f"{path}[{j}]"))
        texts.append(c.expect_str(part.get("text", ""), f"{path}[{j}]", "text"))
    return "\n".join(texts)


def _read_model_part(part: dict[str, Any], path: str, turn: int, k: int) -> tuple[Block, ...]:
    signature = c.opt_str(part.get("thought_signature"))
    if "function_call" in part:
        if signature in _STAND_INS:  # no Gemini signature: write() adds it again if needed
            signature = None
        fc = _snake(c.expect_dict(part["function_call"], path + ".function_call"))
        fid = c.name_or(fc.get("id"), f"{GENERATED_ID}{turn}-{k}")
        return (
            ToolCall(
                fid,
                c.expect_str(fc.get("name"), path + ".function_call", "name"),
                c.dumps_json(fc.get("args", {}), path + ".function_call.args"),
                signature,
            ),
        )
    if "text" in part:
        text = c.expect_str(part["text"], path, "text")
        if part.get("thought"):
            return (Reasoning(TARGET, text=text, signature=signature),)
        if signature:  # a signed plain-text part: the signature is kept to send back
            return (Reasoning(TARGET, signature=signature), *((Text(text),) if text else ()))
        return (Text(text),)
    kept = _kept_part(part, path)
    if kept is not None:
        return (kept,)
    if "inline_data" in part or "file_data" in part:
        # an image the model made (image generation, multi-turn editing); Gemini 3 signs it
        media = _read_media(part, path)
        if not isinstance(media, Image):
            raise ContentError(path, "of inline data, a model turn holds only images")
        return (*((Reasoning(TARGET, signature=signature),) if signature else ()), media)
    raise ContentError(path, f"unknown part with keys {c.keys_of(part)}")


def _kept_part(part: dict[str, Any], path: str) -> ProviderContent | None:
    """A part only Gemini reads, kept as it came (its signature too): code the model ran
    and its output, or a file by URI that is not an image (a PDF from the Files API)."""
    kind = next((k for k in native.GEMINI_KINDS if k in part), None)
    if kind is None and "file_data" in part:
        d = _snake(c.expect_dict(part["file_data"], path + ".file_data"))
        mime = c.expect_str(d.get("mime_type"), path + ".file_data", "mime_type")
        c.expect_str(d.get("file_uri"), path + ".file_data", "file_uri")
        kind = None if mime.startswith("image/") else "file_data"
    return None if kind is None else native.read_block(TARGET, part, path, kind)


_URLSAFE = str.maketrans("-_", "+/")


def _standard_base64(text: str) -> str:
    """Inline data in standard base64: Gemini's API takes the URL-safe alphabet too (``-``
    and ``_``: pydantic-ai sends it), which a standard decoder misreads (an image's size, a
    PDF's pages); the same bytes, sent back in the standard alphabet.

    >>> _standard_base64("_9j_4AAQ")
    '/9j/4AAQ'
    """
    return text.translate(_URLSAFE) if "-" in text or "_" in text else text


def _read_media(part: dict[str, Any], path: str) -> Block:
    if "inline_data" in part:
        at = path + ".inline_data"
        d = _snake(c.expect_dict(part["inline_data"], at))
        mime = c.expect_str(d.get("mime_type"), at, "mime_type")
        data = InlineData(_standard_base64(c.expect_str(d.get("data"), at, "data")))
        if mime.startswith("image/"):
            return Image(media_type=mime, data=data)
        if mime.startswith("audio/"):
            return Audio(data, mime.removeprefix("audio/"))
        attached = c.inline_file("file", data, mime)
        if "video_metadata" not in part:
            return attached
        clip = {"video_metadata": part["video_metadata"]}  # (kept: see common.GEMINI_FILE_FIELDS)
        return replace(attached, document_fields=c.dumps_json(clip, path + ".video_metadata"))
    at = path + ".file_data"
    d = _snake(c.expect_dict(part["file_data"], at))
    mime = c.expect_str(d.get("mime_type"), at, "mime_type")
    if not mime.startswith("image/"):
        raise ContentError(
            at + ".mime_type", f"file_data of type {describe(mime)} is not supported"
        )
    return Image(media_type=mime, url=c.expect_str(d.get("file_uri"), at, "file_uri"))


def _read_user(
    parts: list[Any], path: str, turn: int, open_calls: list[ToolCall]
) -> tuple[list[Message], list[ToolCall]]:
    """The messages of a user turn, and the ``open_calls`` it left unanswered when it holds
    function responses alone: the next turn's responses may answer them (an app that stores
    each functionResponse as a Content of its own, as ADK-style event logs do: the second
    parallel response was read as an orphan, dropped, and its call told "interrupted",
    R40-O1); a turn saying anything else closes them."""
    results: list[ToolResult] = []
    keys: list[str] = []  # how a media header names each result (``tool_media_key``)
    rest: list[Block] = []
    # an id-less response answers the first open call of its name that no response of
    # this turn answers by id (that call's own result was dropped as a second one, and the
    # call it answered reported interrupted: speed70)
    answered = {_response_id(raw) for raw in parts} - {None}
    by_name: dict[str, list[ToolCall]] = {}
    for call in open_calls:
        if call.id not in answered:
            by_name.setdefault(call.name, []).append(call)
    for j, raw in enumerate(parts):
        p = f"{path}.parts[{j}]"
        part = _snake(c.expect_dict(raw, p))
        if "function_response" in part:
            fr = _snake(c.expect_dict(part["function_response"], p + ".function_response"))
            name = c.expect_str(fr.get("name"), p + ".function_response", "name")
            if isinstance(fr.get("id"), str):
                call_id = fr["id"]
            elif by_name.get(name):
                call_id = by_name[name].pop(0).id
                answered.add(call_id)
            else:
                # answers no open call: read as the orphan it is (no id, as sent), which
                # repair drops and reports by its function's name, as it does an OpenAI tool
                # message's (R30-m10; an id made up here would be all the notice could name)
                call_id = ""
            result = _result(call_id, name, fr.get("response"), p + ".function_response")
            images: list[Image | FileAttachment | ProviderContent] = []
            at = p + ".function_response.parts"
            for k, inner in enumerate(c.expect_list(fr.get("parts"), at)):
                part_k = _snake(c.expect_dict(inner, f"{at}[{k}]"))
                if "inline_data" not in part_k and "file_data" not in part_k:
                    raise ContentError(
                        f"{at}[{k}]", "only images and files can be part of a function response"
                    )
                media = _kept_part(part_k, f"{at}[{k}]") or _read_media(part_k, f"{at}[{k}]")
                if not isinstance(media, Image | FileAttachment | ProviderContent):
                    raise ContentError(
                        f"{at}[{k}]", "only images and files can be part of a function response"
                    )
                images.append(media)
            results.append(
                ToolResult(result.call_id, (*result.content, *images), result.is_error, name)
            )
            keys.append(fr["id"] if isinstance(fr.get("id"), str) else name)
        elif "text" in part:
            rest.append(c.text_block(c.expect_str(part["text"], p, "text")))
        elif (kept := _kept_part(part, p)) is not None:
            rest.append(kept)
        elif "inline_data" in part or "file_data" in part:
            rest.append(_read_media(part, p))
        else:
            raise ContentError(p, f"unknown part with keys {c.keys_of(part)}")
    if results and rest:
        rest = _fold_tool_media(results, keys, rest)
    out: list[Message] = []
    out.extend(Message("tool", (r,), id=f"m{turn}t{k}") for k, r in enumerate(results))
    if rest or not results:
        out.append(Message("user", tuple(c.strip_labels(rest)), id=f"m{turn}"))
        return out, []
    return out, [call for call in open_calls if call.id not in answered]


def _fold_tool_media(results: list[ToolResult], keys: list[str], rest: list[Block]) -> list[Block]:
    """The media after each ``Images returned by tool call KEY:`` header, moved into the
    result KEY names (as the writer sent them); what follows no such header stays."""
    kept: list[Block] = []
    k: int | None = None  # the result the current header names
    for b in rest:
        key = c.parse_tool_images_header(b.text) if isinstance(b, Text) else None
        if key is not None and key in keys:
            k = keys.index(key)
            continue
        if k is not None and isinstance(b, Image | FileAttachment | ProviderContent | Audio):
            r = results[k]
            results[k] = ToolResult(r.call_id, (*r.content, b), r.is_error, r.name)
            continue
        k = None
        kept.append(b)
    return kept


def _response_id(part: object) -> str | None:
    """The id a function response part gives (read leniently: the part is read in full
    after)."""
    if not isinstance(part, dict):
        return None
    fr = part.get("functionResponse", part.get("function_response"))
    found = fr.get("id") if isinstance(fr, dict) else None
    return found if isinstance(found, str) else None


def _result(call_id: str, name: str, response: Any, path: str) -> ToolResult:
    path += ".response"
    if not isinstance(response, dict):
        raise ContentError(path, f"expected an object, got {describe(response)}")
    is_error = "error" in response and "output" not in response
    key = "error" if is_error else "output"
    value = response.get(key, None)
    if value is None:
        texts: tuple[Text, ...] = (Text(c.dumps_json(response, path)),)
    elif isinstance(value, list):
        texts = tuple(
            Text(v if isinstance(v, str) else c.dumps_json(v, f"{path}.{key}[{k}]"))
            for k, v in enumerate(value)
        )
    else:
        texts = (Text(value if isinstance(value, str) else c.dumps_json(value, f"{path}.{key}")),)
    return ToolResult(call_id, texts, is_error, name)


# ----------------------------------------------------------------------------- writing


def write(messages: Sequence[Message], notices: list[Notice]) -> dict[str, Any]:
    """Write Messages as ``{"contents": […], "system_instruction": …}``."""
    system, rest = c.split_system(messages)
    names: dict[str, str] = {}
    contents: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []  # function responses, then the media they returned
    pending_media: list[dict[str, Any]] = []
    # Gemini checks the signatures of the current turn: what follows the last user message
    last_user = max((i for i, m in rest if m.role == "user"), default=-1)
    for i, m in rest:
        p = f"messages[{i}]"
        if m.role == "tool":
            responses, media = _tool_parts(m, p, names, notices)
            pending.extend(responses)
            pending_media.extend(media)
        elif m.role == "user":
            parts = _joined([*pending, *pending_media], _user_parts(m, p, notices))
            contents.append({"role": "user", "parts": parts})
            pending, pending_media = [], []
        else:
            if pending:
                contents.append({"role": "user", "parts": [*pending, *pending_media]})
                pending, pending_media = [], []
            parts = _model_parts(m, p, names, notices, current_turn=i > last_user)
            if not parts and c.only_foreign_reasoning(m, TARGET):
                continue  # nothing of it goes to Gemini (each drop reported): no empty turn
            contents.append({"role": "model", "parts": parts})
    if pending:
        contents.append({"role": "user", "parts": [*pending, *pending_media]})
    body: dict[str, Any] = {"contents": _alternating(contents)}
    if system is not None:
        body["system_instruction"] = {"parts": [{"text": system}]}
    return body


def _alternating(contents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Consecutive contents of one role joined into one, parts in order, so roles alternate.

    Gemini refuses consecutive turns of one role ("Please ensure that multiturn requests
    alternate between user and model", HTTP 400 INVALID_ARGUMENT: google/generative-ai-docs
    #209, and on Vertex AI and the Developer API in 2026, NousResearch/hermes-agent#55125,
    continuedev/continue#11805), and a function-call turn must come right after a user or
    function-response turn ("Please ensure that function call turn comes immediately after
    a user turn or after a function response turn"), so the model turns before a call join
    the call's turn. A fit leaves such runs when it drops the turns between two requests or
    keeps a pinned earlier request right before the newest one."""
    out: list[dict[str, Any]] = []
    for content in contents:
        if out and out[-1]["role"] == content["role"]:
            out[-1] = {
                "role": content["role"],
                "parts": _joined(out[-1]["parts"], content["parts"]),
            }
        else:
            out.append(content)
    return out


def _joined(earlier: list[dict[str, Any]], later: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The parts of one turn: ``earlier``'s, then ``later``'s — unless ``later`` opens with
    an image or a file while ``earlier`` ends with what tools returned under their
    ``Images returned by tool call ID:`` headers: then ``later`` goes before the first of
    those headers. The reader gives a tool every media part after its header, and a model
    reads them as the tool's, so a user's screenshot sent right after would be taken for
    the tool's (found by the round-trip property test's explore profile)."""
    if not later or "text" in later[0] or _is_call_part(later[0]):
        return [*earlier, *later]
    start = None
    for k in range(len(earlier) - 1, -1, -1):
        part = earlier[k]
        text = part.get("text")
        if isinstance(text, str):
            if c.parse_tool_images_header(text) is None:
                break
            start = k
        elif _is_call_part(part):
            break
    if start is None:
        return [*earlier, *later]
    return [*earlier[:start], *later, *earlier[start:]]


def _is_call_part(part: Mapping[str, Any]) -> bool:
    """A function call or response part (in either spelling)."""
    return any(
        key in part
        for key in ("function_call", "functionCall", "function_response", "functionResponse")
    )


def _media(img: Image | FileAttachment | Audio, path: str) -> dict[str, Any]:
    if isinstance(img, Image):
        if img.data is not None:
            if not img.media_type:
                raise ContentError(path, "inline image has no media type")
            mime_type = c.sent_media_type(img.media_type, img.data)
            return {"inline_data": {"mime_type": mime_type, "data": img.data.base64}}
        if img.url is not None:
            if img.url.startswith("data:"):
                mt, data = c.parse_data_url(img.url, path)
                mime_type = c.sent_media_type(mt, data)
                return {"inline_data": {"mime_type": mime_type, "data": data.base64}}
            return {
                "file_data": {
                    "mime_type": img.media_type or _guess_type(img.url, path),
                    "file_uri": img.url,
                }
            }
        raise c.not_materialized(path)
    if isinstance(img, Audio):
        return {"inline_data": {"mime_type": f"audio/{img.format}", "data": img.data.base64}}
    assert img.data is not None
    part = {"inline_data": {"mime_type": img.media_type, "data": img.data.base64}}
    return {**part, **c.file_fields(img, TARGET)} if img.document_fields else part


#: The names readers give a file that came with none (``common.name_or``).
_UNNAMED = ("file", "document")


def _name_left_out(f: FileAttachment, path: str, notices: list[Notice]) -> None:
    """Report the name of a file sent as its bytes: Gemini's inline data carries none, so
    the model is not told the name the user gave it (a title it may be asked about)."""
    if f.name and f.name not in _UNNAMED:
        notices.append(
            Notice(
                "dropped",
                path,
                f"The file {f.name!r} was sent to {TITLE} as its bytes without its name: "
                f"{TITLE}'s inline data carries none.",
            )
        )


def _guess_type(url: str, path: str) -> str:
    lower = url.lower().split("?")[0]
    for ext, mt in (
        (".png", "image/png"),
        (".jpg", "image/jpeg"),
        (".jpeg", "image/jpeg"),
        (".webp", "image/webp"),
    ):
        if lower.endswith(ext):
            return mt
    raise ContentError(path, "image URL has no media type and none can be guessed from its name")


def _user_parts(m: Message, path: str, notices: list[Notice]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for j, b in enumerate(c.user_order(m.content)):
        p = f"{path}.content[{c.index_in(m.content, b, j)}]"  # the input position
        if isinstance(b, Text):
            out.append({"text": b.text})
        elif isinstance(b, Recap):
            out.append({"text": b.wire_text})
        elif isinstance(b, FileAttachment):
            sent = c.sendable_file(b, takes_file, TITLE, p, notices)
            if isinstance(sent, Text):
                out.append({"text": sent.text})
            elif b.data is None:
                out.append({"text": c.attachment_text(b)})
            else:
                out.append(_media(b, p))
                _name_left_out(b, p, notices)
        elif isinstance(b, Image | Audio):
            out.append(_media(b, p))
        elif isinstance(b, ProviderContent):
            out.append(_provider_content(b, p, notices))
        else:
            raise UnsupportedBlockError(p, b.type, TARGET, "not allowed in a user message")
    return _without_empty_text(out)


#: The inline files Gemini takes as bytes besides images and audio: PDFs, plain text and
#: video (its docs' document and video types; Markdown, CSV or JSON bytes are refused with
#: "Unsupported MIME type", so a text file goes as text).
FILE_TYPES = frozenset(
    {
        "application/pdf", "text/plain", "video/mp4", "video/mpeg", "video/mov", "video/avi",
        "video/x-flv", "video/mpg", "video/webm", "video/wmv", "video/3gpp",
    }
)  # fmt: skip


def takes_file(media_type: str) -> bool:
    base = c.base_media_type(media_type)
    return base in FILE_TYPES or base.startswith("audio/")


def _provider_content(b: ProviderContent, path: str, notices: list[Notice]) -> dict[str, Any]:
    """A Gemini part as it came; another provider's content as its text."""
    if b.provider == TARGET:
        return native.parsed(b)
    return {"text": native.as_text(b, path, TARGET, notices)}


def tool_media_key(r: ToolResult, name: str | None = None) -> str:
    """How the header before a tool's media names its call: the response's id, or its
    name when the call has none (an id the reader made up is not sent)."""
    if r.call_id.startswith(GENERATED_ID):
        return wire_name(name or r.name or "tool", TARGET)
    return wire_id(r.call_id, TARGET)


def _tool_parts(
    m: Message, path: str, names: dict[str, str], notices: list[Notice]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The function responses of tool message ``m``, and the parts of the images and files
    they returned (which go after all the responses of the turn): inline, or a Gemini file
    by URI; another provider's file by reference goes as its rendition, reported."""
    out: list[dict[str, Any]] = []
    after: list[dict[str, Any]] = []
    for j, r in enumerate(m.content):
        p = f"{path}.content[{j}]"
        if not isinstance(r, ToolResult):
            raise UnsupportedBlockError(p, r.type, TARGET, "tool messages hold tool results only")
        if any(isinstance(b, ProviderContent | FileAttachment) for b in r.content):
            r = replace(r, content=tuple(
                native.in_result(b, f"{p}.content[{k}]", TARGET, notices)
                if isinstance(b, ProviderContent)
                else c.sendable_file(b, takes_file, TITLE, f"{p}.content[{k}]", notices)
                if isinstance(b, FileAttachment) else b for k, b in enumerate(r.content)
            ))  # fmt: skip
        texts = [
            b.text if isinstance(b, Text) else c.attachment_text(b)
            for b in r.content
            if isinstance(b, Text) or (isinstance(b, FileAttachment) and b.data is None)
        ]
        value: str | list[str] = texts[0] if len(texts) == 1 else (texts if texts else "")
        fr: dict[str, Any] = {
            "name": wire_name(r.name or names.get(r.call_id, "tool"), TARGET),
            "response": _structured(value, r.is_error)
            or {"error" if r.is_error else "output": value},
        }
        if not r.call_id.startswith(GENERATED_ID):
            fr["id"] = wire_id(r.call_id, TARGET)
        media = [
            b
            for b in r.content
            if isinstance(b, Image | ProviderContent | Audio)
            or (isinstance(b, FileAttachment) and b.data is not None)
        ]
        if media:
            images = any(isinstance(x, Image) for x in media)
            files = not all(isinstance(x, Image) for x in media)
            key = tool_media_key(r, names.get(r.call_id))
            after.append({"text": c.tool_images_header(key, images, files)})
            after.extend(
                native.parsed(x) if isinstance(x, ProviderContent) else _media(x, p) for x in media
            )
            for x in media:
                if isinstance(x, FileAttachment):
                    _name_left_out(x, p, notices)
        out.append({"function_response": fr})
    return out, after


def _structured(value: str | list[str], is_error: bool) -> dict[str, Any] | None:
    """A response object the reader flattened to JSON text goes back as that object."""
    if is_error or not isinstance(value, str) or not value.startswith("{"):
        return None
    try:
        parsed = json.loads(value)
        if not isinstance(parsed, dict) or {"output", "error"} & set(parsed):
            return None
        return parsed if json.dumps(parsed, ensure_ascii=False) == value else None
    except (ValueError, RecursionError):  # not JSON, or too deep: it stays text
        return None


def _model_parts(
    m: Message, path: str, names: dict[str, str], notices: list[Notice], *, current_turn: bool
) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    first_call = True  # Gemini signs (and checks) the first call of a parallel batch
    for j, b in enumerate(m.content):
        p = f"{path}.content[{j}]"
        if isinstance(b, Text | Recap):
            text = b.wire_text if isinstance(b, Recap) else b.text
            if out and out[-1] == {
                "text": "",
                "thought_signature": out[-1].get("thought_signature"),
            }:
                out[-1]["text"] = text  # the signed text part, as Gemini sent it
            else:
                out.append({"text": text})
        elif isinstance(b, Image):
            media = _media(b, p)
            if out and out[-1] == {
                "text": "",
                "thought_signature": out[-1].get("thought_signature"),
            }:
                media["thought_signature"] = out.pop()["thought_signature"]  # as Gemini sent it
            out.append(media)
        elif isinstance(b, ToolCall):
            args, error = b.parsed()
            if error is not None or not isinstance(args, dict):
                raise ContentError(
                    p, f"tool call {b.id!r} arguments are not a JSON object; run repair() first"
                )
            names[b.id] = b.name
            fc: dict[str, Any] = {"name": wire_name(b.name, TARGET), "args": args}
            if not b.id.startswith(GENERATED_ID):
                fc["id"] = wire_id(b.id, TARGET)
            call_part: dict[str, Any] = {"function_call": fc}
            if b.signature:
                # Gemini 3 rejects a history whose function calls lost their signatures
                call_part["thought_signature"] = b.signature
            elif current_turn and first_call:
                call_part["thought_signature"] = SKIP_SIGNATURE
                notices.append(
                    Notice(
                        "replaced",
                        p,
                        f"Tool call {b.id!r} ({b.name}) has no Gemini thought signature (another "
                        "provider made it): sent with Gemini's documented stand-in signature, "
                        "which Gemini 3 requires on the current turn's calls.",
                    )
                )
            first_call = False
            out.append(call_part)
        elif isinstance(b, Reasoning):
            if b.provider != TARGET:
                notices.append(c.reasoning_dropped(p, b, TARGET))
                continue
            if not b.text and not b.signature:
                continue  # nothing to send back
            # A signature without thought text came on a plain text part: it goes back on
            # the text that follows it (or on an empty part, as Gemini streams it).
            part: dict[str, Any] = {"text": b.text, "thought": True} if b.text else {"text": ""}
            if b.signature:
                part["thought_signature"] = b.signature
            out.append(part)
        elif isinstance(b, ProviderContent):
            out.append(_provider_content(b, p, notices))
        else:
            raise UnsupportedBlockError(p, b.type, TARGET, "not allowed in a model turn")
    return _without_empty_text(out)


def _without_empty_text(parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``parts`` without a bare empty text part beside others: Gemini answers one with
    HTTP 400 ("Unable to submit request because it has an empty text parameter"; R30-m8).
    It carries nothing, so it goes unsaid, as Anthropic's writer leaves out an empty text
    block. A signed empty part (a thought signature on it, as Gemini streams it) stays."""
    if {"text": ""} not in parts:
        return parts
    kept = [part for part in parts if part != {"text": ""}]
    return kept or parts


# ----------------------------------------------------------------------------- requests


def convert_tools(tools: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """OpenAI Chat function tools as one Gemini tool of ``function_declarations``, each
    schema as ``parameters_json_schema``: Gemini takes JSON Schema there as it is (type
    lists such as ``["integer", "null"]``, ``additionalProperties``, ``$defs``), where its
    ``parameters`` take only an OpenAPI subset the SDK fails on locally."""
    decls = []
    for i, t in enumerate(tools):
        name, desc, params = tool_spec(t)
        where = f"tools[{i}] ({name!r})"
        if not isinstance(params, Mapping) or params.get("type", "object") != "object":
            raise ContentError(
                where + ".parameters", "Gemini takes a JSON Schema of type 'object' here"
            )
        decls.append(
            {
                "name": declared_name(name, TARGET),
                "description": desc,
                "parameters_json_schema": params,
            }
        )
    unique_declared([tool_spec(t)[0] for t in tools], [d["name"] for d in decls], TARGET)
    return [{"function_declarations": decls}] if decls else []


def output_limit(tokens: int, provider: str) -> dict[str, Any]:
    return {"generation_config": {"max_output_tokens": tokens}}


def output_format(fmt: OutputFormat) -> dict[str, Any]:
    """JSON output in ``generation_config``: its MIME type and schema (the body's
    ``generation_config`` holds the output limit too: the two are merged)."""
    if fmt.kind == "text":
        return {}
    config: dict[str, Any] = {"response_mime_type": "application/json"}
    if fmt.schema is not None:
        config["response_json_schema"] = fmt.schema
    return {"generation_config": config}


#: Gemini's word for each mode (a named tool is ``ANY`` allowing that function alone).
_CALLING_MODES = {"auto": "AUTO", "none": "NONE", "required": "ANY", "named": "ANY"}


def tool_choice(choice: ToolChoice) -> dict[str, Any]:
    """``tool_config.function_calling_config``: the mode, and a named tool as the one
    allowed function (an ``allowed_tools`` choice's tools as the allowed functions). Gemini has no setting against parallel calls: a choice that forbids
    them is refused, naming it, rather than sent without it."""
    if choice.parallel is False:
        raise ArgumentError(
            "tool_choice",
            "a choice Gemini can carry (it has no setting against parallel calls)",
            {"disable_parallel_tool_use": True},
        )
    if choice.allowed and choice.mode != "required":
        raise ArgumentError(
            "tool_choice",
            "a choice Gemini can carry (it limits calls to some functions only in mode ANY, "
            '"required")',
            {"type": "allowed_tools", "mode": choice.mode},
        )
    config: dict[str, Any] = {"mode": _CALLING_MODES[choice.mode]}
    if choice.name is not None:
        config["allowed_function_names"] = [choice.name]
    elif choice.allowed:
        config["allowed_function_names"] = list(choice.allowed)
    return {"tool_config": {"function_calling_config": config}}


# ----------------------------------------------------------------------------- sending

#: Request-body keys that are not the model or the contents: the SDK takes them in ``config``.
_CONFIG_KEYS = ("system_instruction", "tools", "tool_config", "safety_settings", "cached_content")
_TOP_CAMEL = {
    **_CAMEL,
    "generationConfig": "generation_config",
    "toolConfig": "tool_config",
    "safetySettings": "safety_settings",
    "cachedContent": "cached_content",
}


def sdk_request(body: Mapping[str, Any]) -> dict[str, Any]:
    """``body`` (the REST shape :func:`write` produces, base64 text, with the ``model`` the
    REST API takes in its URL) as
    ``models.generate_content``'s keyword arguments: ``model``, ``contents`` and
    ``config`` (``generation_config`` flattened into it), with inline data and thought
    signatures as the bytes the SDK's types hold (it encodes them once on the wire)."""
    top = {_TOP_CAMEL.get(k, k): v for k, v in body.items()}
    unknown = set(top) - {"model", "contents", "generation_config", *_CONFIG_KEYS}
    if unknown:
        raise ContentError(
            ", ".join(sorted(unknown)), "not a generateContent parameter this client sends"
        )
    config: dict[str, Any] = dict(top.get("generation_config") or {})
    config.update({k: top[k] for k in _CONFIG_KEYS if k in top})
    contents = c.expect_list(top.get("contents"), "contents", missing_ok=False)
    return {
        "model": c.expect_str(top.get("model"), "model", "model"),
        "contents": [_sdk_content(x, f"contents[{i}]") for i, x in enumerate(contents)],
        "config": config,
    }


def _sdk_content(raw: Any, path: str) -> dict[str, Any]:
    content = dict(c.expect_dict(raw, path))
    parts = c.expect_list(content.get("parts"), path + ".parts")
    content["parts"] = [_sdk_part(x, f"{path}.parts[{j}]") for j, x in enumerate(parts)]
    return content


def _sdk_part(raw: Any, path: str) -> dict[str, Any]:
    """One part with its base64 fields as bytes; tool arguments and responses untouched."""
    part = _snake(c.expect_dict(raw, path))
    if isinstance(part.get("thought_signature"), str):
        part["thought_signature"] = _decode(part["thought_signature"], path + ".thought_signature")
    if "inline_data" in part:
        part["inline_data"] = _sdk_blob(part["inline_data"], path + ".inline_data")
    if "function_response" in part:
        fr = _snake(c.expect_dict(part["function_response"], path + ".function_response"))
        if fr.get("parts"):
            at = path + ".function_response.parts"
            fr["parts"] = [
                _sdk_part(x, f"{at}[{k}]") for k, x in enumerate(c.expect_list(fr["parts"], at))
            ]
        part["function_response"] = fr
    return part


def _sdk_blob(raw: Any, path: str) -> dict[str, Any]:
    blob = _snake(c.expect_dict(raw, path))
    if isinstance(blob.get("data"), str):
        blob["data"] = _decode(blob["data"], path + ".data")
    return blob


def _decode(text: str, path: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise ContentError(path, "not valid base64") from None


def _signature(raw: bytes | None) -> str | None:
    return base64.b64encode(raw).decode("ascii") if raw else None


def _finish(reason: Any, message: Message) -> str:
    """Chat-style finish reasons: ``stop``, ``tool_calls``, ``length``, else the
    provider's own reason in lower case (``safety``, ``recitation``…)."""
    name = str(getattr(reason, "name", reason)).lower()
    if name == "max_tokens":
        return "length"
    if name == "stop":
        return "tool_calls" if message.tool_calls else "stop"
    return name


def _reply_usage(meta: Any) -> Usage | None:
    """``usage_metadata``: the prompt (tool-use prompt included; cached tokens are part of
    it) against our estimate; candidates and thoughts as output."""
    from ..reply import Usage

    if meta is None or meta.prompt_token_count is None:
        return None
    output = (meta.candidates_token_count or 0) + (meta.thoughts_token_count or 0)
    prompt = meta.prompt_token_count + (meta.tool_use_prompt_token_count or 0)
    return Usage(prompt, output, meta.cached_content_token_count or 0)


class _Assembler:
    """The reply's blocks, built part by part as chunks arrive (text pieces joined)."""

    def __init__(self, on_text: Callable[[str], None] | None) -> None:
        self.blocks: list[Block] = []
        self.notes: list[str] = []
        self.on_text = on_text
        # ids for calls Gemini sent without one (48 random bits, as uuid4's first 12 hex
        # digits: uuid and the platform module it imports are off a plain fit's path)
        self.batch = os.urandom(6).hex()

    def add(self, part: Any) -> None:
        signature = _signature(part.thought_signature)
        if part.function_call is not None:
            fc = part.function_call
            calls = sum(isinstance(b, ToolCall) for b in self.blocks)
            self.blocks.append(
                ToolCall(
                    fc.id or f"{GENERATED_ID}{self.batch}-{calls}",
                    fc.name or "",
                    json.dumps(fc.args or {}, ensure_ascii=False),
                    signature=signature,
                )
            )
            return
        if part.thought:
            if part.text or signature:
                self.blocks.append(Reasoning(TARGET, text=part.text or "", signature=signature))
            return
        if signature:
            # A signature on a plain text part (Gemini 3 puts one on the first part of a
            # reply, or on an empty closing part): kept to send back, beside the text.
            self.blocks.append(Reasoning(TARGET, signature=signature))
        if part.text:
            if self.on_text is not None:
                self.on_text(part.text)
            last = self.blocks[-1] if self.blocks else None
            if type(last) is Text:
                self.blocks[-1] = Text(last.text + part.text)
            else:
                self.blocks.append(Text(part.text))
        elif not signature:
            kinds = [k for k, v in part.model_dump(exclude_none=True).items() if v]
            self.notes.append(f"a reply part with {', '.join(kinds) or 'nothing'} was not kept")


def stream(
    client: Any,
    body: Mapping[str, Any],
    *,
    model: str,
    estimated_input: int,
    on_text: Callable[[str], None] | None,
) -> Reply:
    """Send ``body`` with ``client.models.generate_content_stream``; text goes to
    ``on_text`` as it arrives. Thoughts become :class:`Reasoning` blocks and function
    calls :class:`ToolCall` s, each with its thought signature (base64) to send back;
    ``usage_metadata`` is the usage. SDK exceptions propagate (the client layer maps them)."""
    from ..reply import Reply

    request = sdk_request(body if "model" in body else {"model": model, **body})
    reply = _Assembler(on_text)
    usage: Usage | None = None
    finish: Any = None
    response_model: str | None = None
    response_id: str | None = None
    blocked: str | None = None
    chunks = 0

    def assembled() -> Message:
        return Message("assistant", tuple(reply.blocks))

    with c.keeping_partial(assembled, lambda: chunks, "chunk"):
        for chunk in client.models.generate_content_stream(**request):
            chunks += 1
            response_model = chunk.model_version or response_model
            response_id = chunk.response_id or response_id
            usage = _reply_usage(chunk.usage_metadata) or usage
            feedback = chunk.prompt_feedback
            if feedback is not None and feedback.block_reason is not None:
                blocked = str(getattr(feedback.block_reason, "name", feedback.block_reason))
            for candidate in (chunk.candidates or ())[:1]:
                finish = candidate.finish_reason or finish
                for part in (candidate.content.parts if candidate.content else None) or ():
                    reply.add(part)
    message = assembled()
    if blocked is not None:
        raise SendError(
            TARGET, model, "protocol", f"the prompt was blocked ({blocked})", partial=message
        )
    if finish is None:
        raise c.stream_ended_early(TARGET, model, chunks, "chunk", "finish reason", message)
    if any(isinstance(b, ToolCall) and not b.name for b in reply.blocks):
        raise SendError(TARGET, model, "protocol", "a function call arrived without a name")
    return Reply(
        message,
        usage,
        estimated_input,
        model,
        _finish(finish, message),
        response_model,
        response_id,
        notes=tuple(reply.notes),
    )


def complete(client: Any, body: Mapping[str, Any]) -> object:
    """One request without streaming; the reply's text as the SDK gave it (thoughts
    left out)."""
    return client.models.generate_content(**sdk_request(body)).text


FORMAT = ProviderFormat(
    name="gemini",
    title=TITLE,
    messages_key="contents",
    system_key="system_instruction",
    read=read,
    write=write,
    convert_tools=convert_tools,
    output_limit=output_limit,
    output_format=output_format,
    tool_choice=tool_choice,
    serves=("gemini",),
    sdk="google.genai",
    stream=stream,
    complete=complete,
    sdk_kwargs=sdk_request,
    takes_file=takes_file,
    model_in_body=False,
)
