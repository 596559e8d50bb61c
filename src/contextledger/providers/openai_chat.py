"""OpenAI Chat Completions: reader and writer of ``messages``, tools, and sending via ``openai``.

Chat Completions tool messages carry text only, so images and files a tool returned (a
screenshot, a PDF, a file by id) travel in a user turn right after the tool messages (see
``common``), reported; the reader folds them back. An image by file id or a file by URL,
which Chat takes nowhere, goes as its rendition in the tool message, reported.
Reasoning blocks cannot be sent here: the writer drops them and reports it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeAlias

from ..errors import ContentError, SendError, UnsupportedBlockError, describe
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
from .format import SCHEMA_KEYS, ProviderFormat
from .ids import speaker_name, unique_declared, wire_id, wire_name
from .output_format import OutputFormat, openai_schema
from .tool_choice import ToolChoice, openai_tool_choice

if TYPE_CHECKING:  # (a reply is read when one is sent: a fit imports none of it)
    from ..reply import Reply, Usage

TARGET = "openai"
TITLE = "OpenAI Chat"


# ----------------------------------------------------------------------------- reading


def read(messages: Sequence[Any], path: str = "messages", start: int = 0) -> tuple[Message, ...]:
    """Read a Chat Completions ``messages`` list into Messages (ids ``m0``, ``m1``… by position;
    ``start``: the position of ``messages[0]`` in a longer list read piece by piece)."""
    if not isinstance(messages, Sequence) or isinstance(messages, str | bytes):
        raise ContentError(path, "expected a list of messages")
    out: list[Message] = []
    plain = Text  # the fast path below covers most turns of a long history
    for i, raw in enumerate(messages, start):
        if type(raw) is dict and len(raw) == 2:
            role, content = raw.get("role"), raw.get("content")
            if (
                type(content) is str
                and content
                and (
                    # a user text that may be a recap or a file takes the full path below
                    role == "assistant"
                    or (role == "user" and not content.startswith(c.BLOCK_TEXT_PREFIXES))
                )
            ):
                out.append(Message(role, (plain(content),), id=f"m{i}"))
                continue
        if type(raw) is dict and len(raw) == 3 and raw.get("role") == "tool":
            call_id, content = raw.get("tool_call_id"), raw.get("content")
            if type(call_id) is str and type(content) is str:
                text, is_error = c.split_tool_error(content)
                result = ToolResult(call_id, (plain(text),), is_error)
                out.append(Message("tool", (result,), id=f"m{i}"))
                continue
        p = c.at(path, i)
        msg = c.expect_dict(raw, p)
        role = msg.get("role")
        name = c.opt_str(msg.get("name"))
        mid = str(msg["id"]) if isinstance(msg.get("id"), str) else f"m{i}"
        if role in ("system", "developer"):
            out.append(
                Message(
                    "system",
                    _read_parts(msg.get("content"), p, "system"),
                    id=mid,
                    name=name,
                    developer=role == "developer",
                )
            )
        elif role == "user":
            blocks = _read_parts(msg.get("content"), p, "user")
            if out and out[-1].role == "tool" and _fold_tool_images(out, blocks):
                continue
            out.append(Message("user", tuple(c.strip_labels(list(blocks))), id=mid, name=name))
        elif role == "assistant":
            out.append(Message("assistant", _read_assistant(msg, p), id=mid, name=name))
        elif role == "tool":
            call_id = c.expect_str(msg.get("tool_call_id"), p + ".tool_call_id", "tool_call_id")
            parts = _read_parts(msg.get("content"), p, "tool")
            content, is_error = _tool_content(parts, p)
            out.append(Message("tool", (ToolResult(call_id, content, is_error, name),), id=mid))
        elif role == "function":  # legacy: the result of the last function_call of that name
            fn = c.expect_str(msg.get("name"), p + ".name", "name")
            parts = _read_parts(msg.get("content"), p, "tool")
            content, is_error = _tool_content(parts, p)
            out.append(
                Message("tool", (ToolResult(_legacy_id(fn), content, is_error, fn),), id=mid)
            )
        else:
            raise ContentError(p + ".role", f"unknown role {describe(role)}")
    return tuple(out)


def _legacy_id(function: str) -> str:
    """The call id a legacy ``function_call`` and its ``function`` result (which carry none)
    are given: by the function's name (a name called again reuses it, as repair renumbers)."""
    return f"call_{function}"


def _read_parts(content: Any, path: str, role: str) -> tuple[Block, ...]:
    if content is None:
        return ()
    read_text = c.text_block if role == "user" else Text
    if isinstance(content, str):
        return (read_text(content),) if content or role == "tool" else ()
    if not isinstance(content, list):
        raise ContentError(path + ".content", "content must be a string, a list of parts, or null")
    blocks: list[Block] = []
    for j, raw in enumerate(content):
        p = f"{path}.content[{j}]"
        part = c.expect_dict(raw, p)
        kind = part.get("type")
        if kind == "text":
            blocks.append(read_text(c.expect_str(part.get("text"), p, "text")))
        elif kind == "refusal" and role == "assistant":
            blocks.append(Text(c.expect_str(part.get("refusal"), p, "refusal")))
        elif kind == "image_url":
            blocks.append(_read_image(c.expect_dict(part.get("image_url"), p + ".image_url"), p))
        elif kind == "input_audio":
            at = p + ".input_audio"
            audio = c.expect_dict(part.get("input_audio"), at)
            data = c.expect_str(audio.get("data"), at, "data")
            blocks.append(Audio(InlineData(data), c.expect_str(audio.get("format"), at, "format")))
        elif kind == "file":
            blocks.append(_read_file(c.expect_dict(part.get("file"), p + ".file"), p))
        else:
            raise ContentError(
                p + ".type", f"unknown block type {describe(kind)} in a {role} message"
            )
    return tuple(blocks)


def _read_image(spec: dict[str, Any], path: str) -> Image:
    url = c.expect_str(spec.get("url"), path + ".image_url.url", "url")
    detail = c.image_detail(spec.get("detail"), path + ".image_url.detail")
    if url.startswith("data:"):
        media_type, data = c.parse_data_url(url, path)
        return Image(media_type=media_type, data=data, detail=detail)
    return Image(url=url, detail=detail)


def _read_file(spec: dict[str, Any], path: str) -> FileAttachment | ProviderContent:
    """A file part: inline ``file_data`` (a data URL), or a ``file_id`` from OpenAI's Files
    API, kept by reference (``native``). A file Chat refuses as a file (``takes_file``) is
    marked so (``refused_in``): it goes as Chat takes it, to every target, reported."""
    name = c.name_or(spec.get("filename"), "file")
    file_data = spec.get("file_data")
    if file_data is None:
        return native.read_openai_file(spec, path + ".file")
    file_data = c.expect_str(file_data, path + ".file", "file_data")
    media_type, data = c.parse_data_url(file_data, path)
    f = c.inline_file(name, data, media_type)
    return f if takes_file(f.media_type) else replace(f, refused_in=TITLE)


def _read_assistant(msg: dict[str, Any], path: str) -> tuple[Block, ...]:
    blocks = list(_read_parts(msg.get("content"), path, "assistant"))
    refusal = msg.get("refusal")
    if isinstance(refusal, str) and refusal and not blocks:
        blocks.append(Text(refusal))  # a refusal is what the assistant said; it is sent as text
    first = next((k for k, b in enumerate(blocks) if isinstance(b, Text)), None)
    said = blocks[first] if first is not None else None
    if isinstance(said, Text) and first is not None and msg.get("annotations"):
        # a search model's URL citations of its reply: no request takes them back, so they
        # are kept to be named where they are not sent (``citation_notices``)
        blocks[first] = c.cited(said, msg["annotations"], TARGET, path + ".annotations")
    if msg.get("audio") is not None:  # an earlier spoken reply, sent back by its id
        blocks.insert(0, native.read_openai_audio_reply(msg["audio"], path + ".audio"))
    legacy = msg.get("function_call")
    if legacy is not None and not msg.get("tool_calls"):
        # the deprecated form OpenAI still takes (and renders as a tool call): one call, no id
        name = legacy.get("name") if isinstance(legacy, dict) else None
        calls = [{"id": _legacy_id(str(name)), "function": legacy}]
        path += ".function_call"
    else:
        calls = msg.get("tool_calls") or []
    if not isinstance(calls, list):
        raise ContentError(path + ".tool_calls", "tool_calls must be a list")
    for k, raw in enumerate(calls):
        p = f"{path}.tool_calls[{k}]"
        call = c.expect_dict(raw, p)
        fn = c.expect_dict(call.get("function"), p + ".function")
        args = fn.get("arguments", "")
        blocks.append(
            ToolCall(
                id=c.expect_str(call.get("id"), p + ".id", "id"),
                name=c.expect_str(fn.get("name"), p + ".function.name", "name"),
                arguments=args
                if isinstance(args, str)
                else c.dumps_json(args, p + ".function.arguments"),
            )
        )
    return tuple(blocks)


def _tool_content(parts: tuple[Block, ...], path: str) -> tuple[tuple[Text | Image, ...], bool]:
    content: list[Text | Image] = []
    for j, b in enumerate(parts):
        if not isinstance(b, Text | Image):
            raise ContentError(
                f"{path}.content[{j}]", f"block type {b.type!r} cannot be a tool result"
            )
        content.append(b)
    is_error = False
    if content and isinstance(content[0], Text):
        first, is_error = c.split_tool_error(content[0].text)
        content[0] = Text(first)
    return tuple(content), is_error


def _fold_tool_images(out: list[Message], blocks: tuple[Block, ...]) -> bool:
    """Fold a 'Images returned by tool call X:' user turn back into the tool results."""
    groups: dict[str, list[Moved]] = {}
    current: str | None = None
    for b in c.strip_labels(blocks):
        if isinstance(b, Text) and (cid := c.parse_tool_images_header(b.text)) is not None:
            current = cid
            groups.setdefault(cid, [])
        elif isinstance(b, Moved) and current is not None:
            groups[current].append(b)
        else:
            return False
    if not groups:
        return False
    tool_run: dict[str, int] = {}
    k = len(out) - 1
    while k >= 0 and out[k].role == "tool":
        for r in out[k].tool_results:
            tool_run[r.call_id] = k
        k -= 1
    if not set(groups) <= set(tool_run):
        return False
    for cid, images in groups.items():
        idx = tool_run[cid]
        msg = out[idx]
        out[idx] = msg.with_content(
            ToolResult(r.call_id, (*r.content, *images), r.is_error, r.name)
            if r.call_id == cid
            else r
            for r in msg.tool_results
        )
    return True


# ----------------------------------------------------------------------------- writing


def write(messages: Sequence[Message], notices: list[Notice]) -> list[dict[str, Any]]:
    """Write Messages as Chat Completions ``messages``; deliberate drops go to ``notices``."""
    messages = native.as_texts(messages, TARGET, notices)  # Anthropic's or Gemini's own
    out: list[dict[str, Any]] = []
    pending_images: list[tuple[str, list[Moved]]] = []
    for i, m in enumerate(messages):
        p = f"messages[{i}]"
        if m.role != "tool" and pending_images:
            out.append(_tool_images_turn(pending_images))
            pending_images = []
        if m.role == "system":
            out.append(_named({"role": m.wire_role, "content": m.text}, m))
        elif m.role == "user":
            out.append(_named({"role": "user", "content": _user_content(m, p, notices)}, m))
        elif m.role == "assistant":
            if c.only_foreign_reasoning(m, TARGET):  # nothing left to send: no empty turn
                notices.extend(c.reasoning_dropped(f"{p}.content[{j}]", b, TARGET)
                               for j, b in enumerate(m.content) if isinstance(b, Reasoning))  # fmt: skip
                continue
            out.append(_named(_assistant(m, p, notices), m))
        else:
            for j, r in enumerate(m.content):
                if not isinstance(r, ToolResult):
                    raise UnsupportedBlockError(
                        f"{p}.content[{j}]", r.type, TARGET, "tool messages hold tool results only"
                    )
                texts, images = _split_result(r, f"{p}.content[{j}]", notices)
                call_id = wire_id(r.call_id, TARGET)
                out.append(
                    {
                        "role": "tool",
                        "tool_call_id": call_id,
                        "content": _tool_text(texts, r.is_error),
                    }
                )
                if images:
                    pending_images.append((call_id, images))
                    notices.append(_images_moved(f"{p}.content[{j}]", call_id, len(images)))
    if pending_images:
        out.append(_tool_images_turn(pending_images))
    return out


#: What follows a tool's results in a user turn: its images, files, files by id and audio
#: (``input_audio``, which a user message takes on the models that hear).
Moved: TypeAlias = Image | FileAttachment | ProviderContent | Audio


def _split_result(
    r: ToolResult, path: str, notices: list[Notice]
) -> tuple[list[Text], list[Moved]]:
    """A tool result's texts (a text file the tool read is text; a file by reference Chat
    cannot take anywhere, an image by id or a file by URL, its rendition, reported), and
    what cannot ride in a tool message, which takes text only: images, files and files by
    id, which follow in a user turn."""
    texts: list[Text] = []
    moved: list[Moved] = []
    for k, b in enumerate(r.content):
        if isinstance(b, ProviderContent):
            kept = native.in_result(b, f"{path}.content[{k}]", TARGET, notices)
            if isinstance(kept, ProviderContent):
                moved.append(kept)
            else:
                texts.append(kept)
        elif isinstance(b, FileAttachment) and b.data is None:
            texts.append(Text(c.attachment_text(b)))
        elif isinstance(b, FileAttachment) and not takes_file(b.media_type):
            texts.append(c.unsent_file(b, TITLE, f"{path}.content[{k}]", notices))
        elif isinstance(b, Text):
            texts.append(b)
        else:
            moved.append(b)
    return texts, moved


def _named(d: dict[str, Any], m: Message) -> dict[str, Any]:
    if m.name:
        d["name"] = speaker_name(m.name, TARGET)  # OpenAI takes [A-Za-z0-9_-] only
    return d


def _tool_text(texts: list[Text], is_error: bool) -> str | list[dict[str, Any]]:
    if len(texts) <= 1:
        return c.tool_error_text(texts[0].text if texts else "", is_error)
    parts = [{"type": "text", "text": t.text} for t in texts]
    parts[0]["text"] = c.tool_error_text(texts[0].text, is_error)
    return parts


def _images_moved(path: str, call_id: str, count: int) -> Notice:
    what = "An image or file" if count == 1 else f"{count} images or files"
    return Notice(
        "moved",
        path,
        f"{what} returned by tool call {call_id!r} went in a user message right after the "
        "tool results, introduced by the call's id: OpenAI Chat tool messages carry text only.",
    )


def _tool_images_turn(groups: list[tuple[str, list[Moved]]]) -> dict[str, Any]:
    parts: list[dict[str, Any]] = []
    # the same rule as user turns
    labelled = sum(isinstance(x, Image) for _, media in groups for x in media) >= 2
    k = 0
    for call_id, media in groups:
        images = any(isinstance(x, Image) for x in media)
        files = not all(isinstance(x, Image) for x in media)
        parts.append({"type": "text", "text": c.tool_images_header(call_id, images, files)})
        for item in media:
            if isinstance(item, FileAttachment):
                parts.append(_file_part(item))
                continue
            if isinstance(item, ProviderContent):  # an OpenAI file by id
                parts.append(native.openai_file_part(item, TARGET))
                continue
            if isinstance(item, Audio):
                parts.append(_audio_part(item))
                continue
            k += 1
            if labelled:
                parts.append({"type": "text", "text": f"Image {k}:"})
            parts.append(image_part(item, "tool result"))
    return {"role": "user", "content": parts}


def image_part(img: Image, path: str) -> dict[str, Any]:
    url = c.image_url(img, path)
    spec: dict[str, Any] = {"url": url}
    if img.detail:
        spec["detail"] = img.detail
    return {"type": "image_url", "image_url": spec}


def _user_content(m: Message, path: str, notices: list[Notice]) -> str | list[dict[str, Any]]:
    blocks = c.user_order(m.content)
    if len(blocks) == 1 and isinstance(blocks[0], Text | Recap):
        return _text_of(blocks[0])
    parts: list[dict[str, Any]] = []
    for j, b in enumerate(blocks):
        p = f"{path}.content[{c.index_in(m.content, b, j)}]"  # the input position
        if isinstance(b, Text | Recap):
            parts.append({"type": "text", "text": _text_of(b)})
        elif isinstance(b, Image):
            parts.append(image_part(b, p))
        elif isinstance(b, FileAttachment):
            sent = c.sendable_file(b, takes_file, TITLE, p, notices)
            parts.append(_file_part(b) if sent is b else {"type": "text", "text": sent.text})
        elif isinstance(b, ProviderContent):  # an OpenAI file by id (as_texts kept it)
            parts.append(native.openai_file_part(b, TARGET))
        elif isinstance(b, Audio):
            parts.append(_audio_part(b))
        else:
            raise UnsupportedBlockError(p, b.type, TARGET, "not allowed in a user message")
    return parts


def _audio_part(b: Audio) -> dict[str, Any]:
    return {"type": "input_audio", "input_audio": {"data": b.data.base64, "format": b.format}}


def _text_of(b: Text | Recap) -> str:
    return b.wire_text if isinstance(b, Recap) else b.text


def takes_file(media_type: str) -> bool:
    """Chat Completions' ``file`` parts take PDFs only (OpenAI's file-inputs guide: "Chat
    Completions accepts only PDF files as file content parts"); a text file goes as text."""
    return c.base_media_type(media_type) == "application/pdf"


def refused_file(messages: Any, start: int = 0) -> tuple[str, str] | None:
    """(where, media type) of the first inline ``file`` part of ``messages`` (from index
    ``start``) that OpenAI refuses: Chat Completions takes a file part's ``file_data`` only
    as a PDF data URL, judged by its media type ("Invalid file data: 'messages[1].content[1].
    file.file_data'. Expected a base64-encoded data URL with an application/pdf MIME type
    ... but got unsupported MIME type", HTTP 400: openai/openai-dotnet#613, a .txt, .docx or
    .pptx; the reader reads such a part to carry it elsewhere). None when there is none.

    >>> refused_file([{"role": "user", "content": [{"type": "file", "file": {
    ...     "filename": "a.csv", "file_data": "data:text/csv;base64,YSxi"}}]}])
    ('messages[0].content[0].file.file_data', 'text/csv')
    """
    for i in range(start, len(messages) if isinstance(messages, list) else 0):
        content = messages[i].get("content") if isinstance(messages[i], dict) else None
        for j, part in enumerate(content if isinstance(content, list) else ()):
            is_file = isinstance(part, dict) and part.get("type") == "file"
            spec = part.get("file") if is_file else None
            data = spec.get("file_data") if isinstance(spec, dict) else None
            if isinstance(data, str) and data.startswith("data:"):
                media_type = c.base_media_type(data[5 : max(5, data.find(",", 0, 256))])
                if not takes_file(media_type):
                    return f"messages[{i}].content[{j}].file.file_data", media_type
    return None


def refuse_file_parts(messages: Any, start: int = 0) -> None:
    """Raise :class:`UnsupportedBlockError` for a ``file`` part Chat Completions refuses
    (``refused_file``), naming where it is and what it is."""
    refused = refused_file(messages, start)
    if refused is not None:
        where, media_type = refused
        raise UnsupportedBlockError(
            where, f"file ({media_type or 'no media type'})", TARGET,
            "Chat Completions takes only PDF files as file parts: send the text as a text "
            "part, or the file to the Responses API as an input_file",
        )  # fmt: skip


def _file_part(f: FileAttachment) -> dict[str, Any]:
    if f.data is None:
        return {"type": "text", "text": c.attachment_text(f)}
    return {
        "type": "file",
        "file": {"filename": f.name, "file_data": c.data_url(f.media_type, f.data)},
    }


def _assistant(m: Message, path: str, notices: list[Notice]) -> dict[str, Any]:
    texts: list[str] = []
    calls: list[dict[str, Any]] = []
    audio: dict[str, str] | None = None
    for j, b in enumerate(m.content):
        p = f"{path}.content[{j}]"
        if isinstance(b, Text | Recap):
            texts.append(_text_of(b))
        elif isinstance(b, ToolCall):
            calls.append(
                {
                    "id": wire_id(b.id, TARGET),
                    "type": "function",
                    "function": {"name": wire_name(b.name, TARGET), "arguments": b.arguments},
                }
            )
        elif isinstance(b, Reasoning):
            notices.append(c.reasoning_dropped(p, b, TARGET))
        elif isinstance(b, ProviderContent) and _is_audio_reply(b):  # (as_texts kept it)
            if audio is None:
                audio = {"id": native.parsed(b)["id"]}
            else:  # a message carries one audio: a second one goes as its line
                texts.append(native.as_text(b, p, TARGET, notices, "assistant"))
        else:
            raise UnsupportedBlockError(p, b.type, TARGET, "not allowed in an assistant message")
    d: dict[str, Any] = {"role": "assistant"}
    if len(texts) == 1:
        d["content"] = texts[0]
    elif texts:
        d["content"] = [{"type": "text", "text": t} for t in texts]
    elif audio is None:
        d["content"] = None
    if audio is not None:  # (content left out, as OpenAI's multi-turn audio example sends it)
        d["audio"] = audio
    if calls:
        d["tool_calls"] = calls
    return d


def _is_audio_reply(b: ProviderContent) -> bool:
    return b.provider == TARGET and b.kind == native.AUDIO_REPLY


# ----------------------------------------------------------------------------- requests


def read_body(payload: Any) -> tuple[Message, ...]:
    """Read a request body (``{"messages": …}``) or a bare message list."""
    return read(payload.get("messages", ()) if isinstance(payload, Mapping) else payload)


def write_body(messages: Sequence[Message], notices: list[Notice]) -> dict[str, Any]:
    """``{"messages": […]}``: the system prompt stays a message."""
    return {"messages": write(messages, notices)}


#: The fields of a Chat Completions function; a bare tool given in another provider's
#: shape (Anthropic's ``input_schema``, ``cache_control``, Responses' flat ``type``) has its
#: schema moved to ``parameters`` and its other fields left out (OpenAI refuses them).
_FUNCTION_KEYS = ("name", "description", "strict")


def convert_tools(tools: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Function tools as Chat Completions takes them (the input shape, normalized)."""
    out: list[dict[str, Any]] = []
    for t in tools:
        if "function" in t:
            fn = dict(t["function"])
        else:  # (in the order given: the prompt cache keys on the bytes)
            schema = next((k for k in SCHEMA_KEYS if k in t), None)
            fn = {
                "parameters" if k == schema else k: v
                for k, v in t.items()
                if k in _FUNCTION_KEYS or k == schema
            }
        if isinstance(fn.get("name"), str):  # (a malformed tool is the caller's to see)
            fn["name"] = wire_name(fn["name"], TARGET)
        out.append(
            {**t, "function": fn} if "function" in t else {"type": "function", "function": fn}
        )
    given = [dict(t.get("function", t)).get("name") for t in tools]
    unique_declared(given, [d["function"].get("name") for d in out], TARGET)
    return out


def declared_tools(body: Mapping[str, Any]) -> list[Any] | None:
    """The function tools a Chat body declares: its ``tools`` and the deprecated
    ``functions`` OpenAI still takes and bills as the same namespace (traceloop/openllmetry's
    recorded ``functions`` requests bill 82 on gpt-4 and 76 on gpt-3.5-turbo, as the tools
    rendering prices them). None: none declared."""
    tools = body.get("tools")
    declared = list(tools) if isinstance(tools, list) else []
    functions = body.get("functions")
    if isinstance(functions, list):
        declared += [{"type": "function", "function": f} for f in functions]
    return declared or (tools if tools is not None else None)


def declared_tool_choice(body: Mapping[str, Any]) -> object:
    """A Chat body's ``tool_choice``, or the deprecated ``function_call`` of its
    ``functions`` (``"auto"``, ``"none"`` or ``{"name": …}``, billed as the same choice);
    None: none sent."""
    choice = body.get("tool_choice")
    return body.get("function_call") if choice is None else choice


def max_tokens_key(provider: str) -> str:
    """OpenAI itself takes ``max_completion_tokens`` (``max_tokens`` is deprecated there and
    refused by reasoning models); OpenAI-compatible servers know ``max_tokens``."""
    return "max_completion_tokens" if provider == "openai" else "max_tokens"


def output_limit(tokens: int, provider: str) -> dict[str, Any]:
    return {max_tokens_key(provider): tokens}


def output_format(fmt: OutputFormat) -> dict[str, Any]:
    """``response_format``, its JSON schema nested under ``json_schema``."""
    if fmt.kind != "json_schema":
        return {"response_format": {"type": fmt.kind}}
    return {"response_format": {"type": "json_schema", "json_schema": openai_schema(fmt)}}


def tool_choice(choice: ToolChoice) -> dict[str, Any]:
    """``tool_choice``, a named one as ``{"type": "function", "function": {"name"}}``."""
    return openai_tool_choice(choice, nested=True)


# ----------------------------------------------------------------------------- sending


@dataclass(slots=True, eq=False, repr=False)
class _PartialCall:
    id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)


def stream(
    client: Any,
    body: Mapping[str, Any],
    *,
    model: str,
    estimated_input: int,
    on_text: Callable[[str], None] | None,
) -> Reply:
    """Send ``body`` with the official SDK, streaming; assemble the assistant reply.

    SDK exceptions propagate (``contextledger.client`` maps them to ``SendError``).
    """
    from ..reply import Reply, Usage

    text: list[str] = []
    refusal: list[str] = []
    calls: dict[int, _PartialCall] = {}
    usage: Usage | None = None
    finish: str | None = None
    response_model: str | None = None
    request_id: str | None = None
    chunks = 0
    sdk_stream = client.chat.completions.create(
        **body, stream=True, stream_options={"include_usage": True}
    )

    def assembled(partial: bool) -> Message:
        blocks: list[Block] = []
        if text:
            blocks.append(Text("".join(text)))
        if refusal:
            blocks.append(Text("".join(refusal)))
        for index in sorted(calls):
            part = calls[index]
            if not part.id or not part.name:
                if partial:  # its start never arrived: nothing of it can be kept
                    continue
                raise SendError(
                    "openai",
                    model,
                    "protocol",
                    f"tool call {index} arrived without an id or a name",
                )
            blocks.append(ToolCall(part.id, part.name, "".join(part.arguments)))
        return Message("assistant", tuple(blocks))

    with c.keeping_partial(lambda: assembled(True), lambda: chunks, "chunk"), sdk_stream:
        request_id = sdk_stream.response.headers.get("x-request-id")
        for chunk in sdk_stream:
            chunks += 1
            response_model = chunk.model or response_model
            if chunk.usage is not None:
                details = chunk.usage.prompt_tokens_details
                usage = Usage(
                    chunk.usage.prompt_tokens,
                    chunk.usage.completion_tokens,
                    (details.cached_tokens or 0) if details is not None else 0,
                )
            for choice in chunk.choices:
                if choice.index != 0:
                    continue
                delta = choice.delta
                if delta.content:
                    text.append(delta.content)
                    if on_text is not None:
                        on_text(delta.content)
                if delta.refusal:
                    refusal.append(delta.refusal)
                    if on_text is not None:
                        on_text(delta.refusal)
                for tc in delta.tool_calls or ():
                    part = calls.setdefault(tc.index, _PartialCall())
                    if tc.id:
                        part.id = tc.id
                    if tc.function is not None:
                        if tc.function.name:
                            part.name += tc.function.name
                        if tc.function.arguments:
                            part.arguments.append(tc.function.arguments)
                if choice.finish_reason:
                    finish = choice.finish_reason
    message = assembled(False)
    if finish is None:
        raise c.stream_ended_early("openai", model, chunks, "chunk", "finish reason", message)
    return Reply(
        message,
        usage,
        estimated_input,
        model,
        finish,
        response_model,
        request_id,
        "".join(refusal) or None,
    )


def complete(client: Any, body: Mapping[str, Any]) -> object:
    """One request without streaming; the reply's text as the SDK gave it."""
    response = client.chat.completions.create(**body)
    choices = getattr(response, "choices", None)
    if not choices:
        raise ValueError("reply has no choices")
    return choices[0].message.content


FORMAT = ProviderFormat(
    name="openai",
    title=TITLE,
    messages_key="messages",
    system_key=None,
    read=read_body,
    write=write_body,
    convert_tools=convert_tools,
    output_limit=output_limit,
    output_format=output_format,
    tool_choice=tool_choice,
    serves=("openai", "openai-compatible", "mistral"),
    sdk="openai",
    stream=stream,
    complete=complete,
    takes_file=takes_file,
)
