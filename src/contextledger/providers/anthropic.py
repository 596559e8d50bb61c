"""Anthropic Messages (``system`` + ``messages``): reader, writer, tools, sending via ``anthropic``.

Tool results live in user turns on the wire and in ``tool`` messages in our model: the
reader splits a user turn into its tool results and the rest; the writer merges tool
messages with the user turn that follows, results first (the API requires that order), and
merges any consecutive turns of one role, so roles alternate.
Tool-call arguments travel as parsed JSON (``input``), so they come back in canonical
``json.dumps`` form.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import suppress
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeAlias, TypeGuard

from ..errors import ArgumentError, ContentError, UnsupportedBlockError, describe
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
    ResultBlock,
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

TARGET = "anthropic"
TITLE = "Anthropic"


# ----------------------------------------------------------------------------- reading


def read(payload: Mapping[str, Any] | Sequence[Any], start: int = 0) -> tuple[Message, ...]:
    """Read ``{"system": …, "messages": […]}`` (or a bare message list; ``start``: the
    position of its first message in a longer list read piece by piece)."""
    out: list[Message] = []
    if isinstance(payload, Mapping):
        system = payload.get("system")
        if system:
            out.append(Message("system", system_blocks(system), id="system"))
        messages = payload.get("messages")
    else:
        messages = payload
    if not isinstance(messages, Sequence) or isinstance(messages, str | bytes):
        raise ContentError("messages", "expected a list of messages")
    for i, raw in enumerate(messages, start):
        p = f"messages[{i}]"
        msg = c.expect_dict(raw, p)
        role = msg.get("role")
        blocks = _read_blocks(msg.get("content"), p, role)
        mid = f"m{i}"
        if role == "user":
            results = [b for b in blocks if isinstance(b, ToolResult)]
            rest = [b for b in blocks if not isinstance(b, ToolResult)]
            # One tool message per result: the canonical shape every format reads into.
            out.extend(Message("tool", (r,), id=f"{mid}t{k}") for k, r in enumerate(results))
            if rest or not results:
                out.append(Message("user", tuple(c.strip_labels(rest)), id=mid))
        elif role == "assistant":
            out.append(Message("assistant", tuple(blocks), id=mid))
        else:
            raise ContentError(p + ".role", f"unknown role {describe(role)}")
    return tuple(out)


def _cached(block: Any, raw: dict[str, Any], path: str) -> Any:
    """Keep a block's ``cache_control`` (prompt-caching breakpoints must survive a round trip)."""
    control = raw.get("cache_control")
    if control is None:
        return block
    if not isinstance(control, dict):
        raise ContentError(path + ".cache_control", f"expected an object, got {describe(control)}")
    try:
        return replace(block, cache=json.dumps(control, sort_keys=True))
    except (TypeError, ValueError, RecursionError):
        raise ContentError(path + ".cache_control", "not a JSON object Anthropic accepts") from None


#: A ``system=`` prompt: a string, or text blocks (Anthropic's ``system`` list).
SystemPrompt: TypeAlias = str | Sequence[Mapping[str, Any]]


def system_blocks(system: Any, where: str = "system") -> tuple[Text, ...]:
    """A system prompt as Anthropic's ``system`` holds it: a string, or a list of text
    blocks (``{"type": "text", "text": …}``, each ``cache_control`` kept); errors name
    ``where`` (the caller's parameter).

    >>> system_blocks([{"type": "text", "text": "Be brief.", "cache_control": {"type": "ephemeral"}}])[0].cache
    '{"type": "ephemeral"}'
    """
    if isinstance(system, str):
        return (Text(system),)
    if isinstance(system, list | tuple):
        out: list[Text] = []
        for j, raw in enumerate(system):
            p = f"{where}[{j}]"
            b = c.expect_dict(raw, p)
            if b.get("type", "text") != "text":
                raise ContentError(
                    p + ".type",
                    f"a system prompt holds text blocks only, not {describe(b['type'])}",
                )
            text = c.expect_str(b.get("text"), p, "text")
            out.append(_cached(Text(text), b, p))
        return tuple(out)
    raise ContentError(where, f"must be a string or a list of text blocks, not {describe(system)}")


def _read_blocks(content: Any, path: str, role: Any) -> list[Block]:
    if isinstance(content, str):
        return [c.text_block(content) if role == "user" else Text(content)] if content else []
    if not isinstance(content, list):
        raise ContentError(path + ".content", "content must be a string or a list of blocks")
    out: list[Block] = []
    for j, raw in enumerate(content):
        p = f"{path}.content[{j}]"
        b = c.expect_dict(raw, p)
        kind = b.get("type")
        if kind == "text":
            text = c.expect_str(b.get("text"), p, "text")
            block = (
                c.text_block(text)
                if role == "user"
                else c.cited(Text(text), b.get("citations"), TARGET, p + ".citations")
            )
            out.append(_cached(block, b, p) if isinstance(block, Text) else block)
        elif (kind in ("image", "document") and _by_reference(b)) or kind in _KEPT_AS_THEY_CAME:
            out.append(native.read_block(TARGET, b, p, kind))  # as it came
        elif kind == "image":
            out.append(_cached(_read_image(b, p), b, p))
        elif kind == "document":
            out.append(_cached(_read_document(b, p), b, p))
        elif kind == "tool_use":
            args = b.get("input", {})
            call = ToolCall(
                id=c.expect_str(b.get("id"), p + ".id", "id"),
                name=c.expect_str(b.get("name"), p + ".name", "name"),
                arguments=c.dumps_json(args, p + ".input"),
            )
            out.append(_cached(call, b, p))
        elif kind == "tool_result":
            out.append(_cached(_read_tool_result(b, p), b, p))
        elif kind == "thinking":
            out.append(
                Reasoning(
                    TARGET,
                    text=c.expect_str(b.get("thinking"), p, "thinking"),
                    signature=c.opt_str(b.get("signature")),
                )
            )
        elif kind == "redacted_thinking":
            out.append(
                Reasoning(TARGET, redacted=True, encrypted=c.expect_str(b.get("data"), p, "data"))
            )
        elif native.is_anthropic_server_block(kind) and role == "assistant":
            out.append(native.read_block(TARGET, b, p))  # a server tool's use or result
        else:
            raise ContentError(p + ".type", f"unknown block type {describe(kind)}")
    return out


#: User blocks kept as they came (written back verbatim, a rendition elsewhere): a search
#: result to cite (``search_result``, also in a ``tool_result``), a file for the code
#: execution tool's container (``container_upload``). A tuple, not a set: a hostile
#: ``type`` may be unhashable (a list), and ``in`` must not raise.
_KEPT_AS_THEY_CAME = ("search_result", "container_upload")


def _read_image(b: dict[str, Any], path: str) -> Image:
    src = c.expect_dict(b.get("source"), path + ".source")
    kind = src.get("type")
    at = path + ".source"
    if kind == "base64":
        return Image(
            media_type=c.expect_str(src.get("media_type"), at, "media_type"),
            data=InlineData(c.expect_str(src.get("data"), at, "data")),
        )
    if kind == "url":
        return Image(url=c.expect_str(src.get("url"), at, "url"))
    if kind == "file":  # (with its file_id, read by reference: ``_by_reference``)
        raise ContentError(at + ".file_id", "a file source needs file_id (a string)")
    raise ContentError(at + ".type", f"image source type {describe(kind)} is not supported")


def _by_reference(b: dict[str, Any]) -> bool:
    """A document or image whose bytes are not in the request, kept as it came (``native``):
    a ``file`` from Anthropic's Files API (its ``file_id``), or a document's PDF by ``url``
    (an image by URL is an ``Image``: every provider takes one)."""
    src = b.get("source")
    kind = src.get("type") if isinstance(src, dict) else None
    if b.get("type") == "image" and kind != "file":
        return False
    key = {"url": "url", "file": "file_id"}.get(kind) if isinstance(kind, str) else None
    return key is not None and isinstance(src, dict) and isinstance(src.get(key), str)


def _read_document(b: dict[str, Any], path: str) -> FileAttachment:
    document = _read_document_source(b, path)
    fields = {k: b[k] for k in _DOCUMENT_FIELDS if b.get(k) is not None}
    if isinstance(b.get("source"), dict) and b["source"].get("type") == "content":
        fields["source"] = b["source"]  # the chunks Anthropic cites from, kept apart
    if not fields:
        return document
    try:
        return replace(document, document_fields=json.dumps(fields, sort_keys=True))
    except (TypeError, ValueError, RecursionError):
        raise ContentError(path, "a document whose citations or context are not JSON") from None


#: Fields of an Anthropic document beside its source, title and cache_control.
_DOCUMENT_FIELDS = ("citations", "context")


def _read_document_source(b: dict[str, Any], path: str) -> FileAttachment:
    src = c.expect_dict(b.get("source"), path + ".source")
    name = c.name_or(b.get("title"), "document")
    kind = src.get("type")
    at = path + ".source"
    if kind == "text":
        return FileAttachment(name=name, text=c.expect_str(src.get("data"), at, "data"))
    if kind == "base64":  # (a PDF; a text file as bytes is read as its text, as elsewhere)
        data = InlineData(c.expect_str(src.get("data"), at, "data"))
        return c.inline_file(name, data, c.expect_str(src.get("media_type"), at, "media_type"))
    if kind == "content":  # custom content: the app's own chunks of text
        return FileAttachment(name=name, text=_content_source_text(src.get("content"), at))
    if kind in ("url", "file"):  # (with its url or file_id, read by reference)
        key = "url" if kind == "url" else "file_id"
        raise ContentError(f"{at}.{key}", f"a {kind} source needs {key} (a string)")
    raise ContentError(at + ".type", f"document source type {describe(kind)} is not supported")


def _content_source_text(content: Any, at: str) -> str:
    """The text of a ``{"type": "content"}`` document source: a string, or text blocks (the
    chunks Anthropic cites from), joined by a blank line. Read as a text document, which is
    what the model is shown; another provider gets the same text."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list) or not content:
        raise ContentError(
            at + ".content", "a content source needs a string or a list of text blocks"
        )
    texts: list[str] = []
    for k, raw in enumerate(content):
        p = f"{at}.content[{k}]"
        b = c.expect_dict(raw, p)
        if b.get("type") != "text":
            raise ContentError(
                p + ".type",
                f"a content document holding {describe(b.get('type'))} blocks is not supported "
                "(text blocks only): send the image as its own image block",
            )
        texts.append(c.expect_str(b.get("text"), p, "text"))
    return "\n\n".join(texts)


def _read_tool_result(b: dict[str, Any], path: str) -> ToolResult:
    call_id = c.expect_str(b.get("tool_use_id"), path + ".tool_use_id", "tool_use_id")
    raw = b.get("content", [])
    content: list[Block] = []
    if isinstance(raw, str):
        content.append(Text(raw))
    elif isinstance(raw, list):
        for k, item in enumerate(raw):
            p = f"{path}.content[{k}]"
            d = c.expect_dict(item, p)
            if d.get("type") in ("image", "document") and _by_reference(d):
                content.append(native.read_block(TARGET, d, p))  # a screenshot by file id
            elif d.get("type") == "search_result":  # a RAG tool's cited results
                content.append(native.read_block(TARGET, d, p))
            elif d.get("type") == "text":
                content.append(_cached(Text(c.expect_str(d.get("text"), p, "text")), d, p))
            elif d.get("type") == "image":
                content.append(_cached(_read_image(d, p), d, p))
            elif d.get("type") == "document":  # a file the tool read (a PDF, a text)
                content.append(_cached(_read_document(d, p), d, p))
            else:
                raise ContentError(
                    p + ".type", f"unknown block type {describe(d.get('type'))} in a tool result"
                )
    else:
        raise ContentError(path + ".content", "tool_result content must be a string or a list")
    inner = tuple(x for x in c.strip_labels(content) if isinstance(x, ResultBlock))
    return ToolResult(call_id, inner, bool(b.get("is_error", False)))


# ----------------------------------------------------------------------------- writing


def write(messages: Sequence[Message], notices: list[Notice]) -> dict[str, Any]:
    """Write Messages as ``{"system": …, "messages": […]}``."""
    system, rest = c.split_system(messages)
    out: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []  # tool_result blocks waiting for their user turn
    last_assistant = ""  # the path of the last assistant message written
    for i, m in rest:
        p = f"messages[{i}]"
        if m.role == "tool":
            pending.extend(
                _tool_result(r, f"{p}.content[{j}]", notices) for j, r in enumerate(m.content)
            )
        elif m.role == "user":
            content = _user_blocks(m, p, notices)
            if pending:
                out.append({"role": "user", "content": [*pending, *content]})
                pending = []
            else:
                out.append({"role": "user", "content": _plain(content)})
        else:
            if pending:
                out.append({"role": "user", "content": pending})
                pending = []
            blocks = _assistant_blocks(m, p, notices)
            if blocks or not c.only_foreign_reasoning(m, TARGET):  # no empty turn
                out.append({"role": "assistant", "content": blocks})
                last_assistant = p
    if pending:
        out.append({"role": "user", "content": pending})
    turns = _alternating(out)
    _trim_prefill(turns, last_assistant, notices)
    _cite_only_what_is_sent(turns, notices)
    body: dict[str, Any] = {"messages": turns}
    system_blocks = [  # a recap there too (compaction may fold one into the prompt)
        Text(b.wire_text) if isinstance(b, Recap) else b
        for m in messages
        if m.role == "system"
        for b in m.content
        if isinstance(b, Text | Recap)
    ]
    written = _system_blocks(system_blocks) if any(b.cache for b in system_blocks) else None
    if written:  # caching breakpoints need the block form
        body["system"] = written
    elif system is not None:
        body["system"] = system
    at_most_four_cache_marks(body, notices)
    return body


#: Anthropic refuses a request with more cache breakpoints ("A maximum of 4 blocks with
#: cache_control may be provided"); apps that mark every turn send more.
MAX_CACHE_MARKS = 4


def at_most_four_cache_marks(body: dict[str, Any], notices: list[Notice]) -> None:
    """Keep the last four ``cache_control`` marks of ``body`` in prompt order (its tools,
    its system prompt, then its turns, results' inner blocks with their turn): the latest
    breakpoints cache the longest prefix, so they are the ones worth keeping. Marks cost no
    tokens, so the price is unchanged. Each mark taken off is reported. The tools, the
    caller's own dicts, are replaced by copies (neither they nor their list is changed)."""
    tools = body.get("tools")
    tools = tools if isinstance(tools, list) else []
    marked: list[tuple[str, dict[str, Any]]] = [
        (f"tools[{i}]", t)
        for i, t in enumerate(tools)
        if isinstance(t, dict) and "cache_control" in t
    ]
    system = body.get("system")
    marked += [
        (f"system[{i}]", b)
        for i, b in enumerate(system if isinstance(system, list) else ())
        if isinstance(b, dict) and "cache_control" in b
    ]
    for t, turn in enumerate(body.get("messages") or ()):
        content = turn["content"]
        if isinstance(content, str):
            continue
        for k, block in enumerate(content):
            inner = block.get("content") if block.get("type") == "tool_result" else None
            if isinstance(inner, list):
                marked += [
                    (f"messages[{t}].content[{k}].content[{j}]", b)
                    for j, b in enumerate(inner)
                    if isinstance(b, dict) and "cache_control" in b
                ]
            if "cache_control" in block:
                marked.append((f"messages[{t}].content[{k}]", block))
    unmarked: set[int] = set()  # (the tools', by identity)
    for where, block in marked[: max(0, len(marked) - MAX_CACHE_MARKS)]:
        if where.startswith("tools["):
            unmarked.add(id(block))
        else:
            del block["cache_control"]  # (a block the writer made)
        notices.append(
            Notice(
                "shrunk",
                where,
                f"A prompt-caching mark (cache_control) was taken off here: Anthropic takes "
                f"at most {MAX_CACHE_MARKS} a request and the request had {len(marked)}; "
                f"the last {MAX_CACHE_MARKS} are kept.",
            )
        )
    if unmarked:
        body["tools"] = [
            {k: v for k, v in t.items() if k != "cache_control"} if id(t) in unmarked else t
            for t in tools
        ]


def _system_blocks(blocks: Sequence[Text]) -> list[dict[str, Any]]:
    """The system prompt as text blocks (for their cache marks), blank ones left out: the
    API refuses an empty text block ("system: text content blocks must be non-empty") and
    a cache mark on one. A blank block's mark moves to the block before it (the cached
    prefix is the same words), unless that one has its own."""
    out: list[dict[str, Any]] = []
    for b in blocks:
        if b.text.strip():
            out.append(_with_cache({"type": "text", "text": b.text}, b))
        elif b.cache and out and "cache_control" not in out[-1]:
            _with_cache(out[-1], b)
    return out


def _alternating(turns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Consecutive turns of one role merged into one, so roles alternate user / assistant
    as Bedrock (and the first-party API, before it began merging them itself) requires. A
    fit that drops the turns between two requests, or keeps a pinned earlier request right
    before the newest one, leaves such runs. Tool results stay first in their user turn.

    Each turn keeps the ``Image k:`` labels it was written with (none are added for images
    the merge brings together): the fit priced the labels per message and one framing for
    the merged turn (``Pricer.merged_framing``), so the body costs what was budgeted."""
    out: list[dict[str, Any]] = []
    for turn in turns:
        if out and out[-1]["role"] == turn["role"] and not _opens_with_results(turn):
            out[-1] = {"role": turn["role"], "content": _blocks(out[-1]) + _blocks(turn)}
        else:
            out.append(turn)
    return out


def _trim_prefill(turns: list[dict[str, Any]], path: str, notices: list[Notice]) -> None:
    """A conversation that ends on an assistant turn (a prefill the reply continues) ends
    without trailing whitespace: Anthropic refuses it ("final assistant content cannot end
    with trailing whitespace"), where OpenAI takes such a turn. Reported."""
    if not turns or turns[-1]["role"] != "assistant":
        return
    last = turns[-1]
    content = last["content"]
    text: str | None
    if isinstance(content, str):
        text = content
    else:  # a list: only a final text block can end with whitespace
        text = content[-1].get("text") if content and content[-1]["type"] == "text" else None
    if not text or text == text.rstrip():
        return
    if isinstance(content, str):
        last["content"] = text.rstrip()
    else:
        last["content"] = [*content[:-1], {**content[-1], "text": text.rstrip()}]
    notices.append(
        Notice(
            "shrunk",
            path,
            "The trailing whitespace of the final assistant turn (a prefill) was removed: "
            "Anthropic refuses a final assistant turn that ends with whitespace.",
        )
    )


def _opens_with_results(turn: dict[str, Any]) -> bool:
    """A user turn of tool results (results that answer no call just before are left for
    the validator to name, not hidden inside the turn before)."""
    content = turn["content"]
    return isinstance(content, list) and bool(content) and content[0]["type"] == "tool_result"


def _blocks(turn: dict[str, Any]) -> list[dict[str, Any]]:
    content = turn["content"]
    return [{"type": "text", "text": content}] if isinstance(content, str) else list(content)


def _with_cache(d: dict[str, Any], block: Any) -> dict[str, Any]:
    cache = getattr(block, "cache", None)
    if cache:
        try:
            d["cache_control"] = json.loads(cache)
        except (ValueError, RecursionError):
            raise ContentError(
                f"{block.type} block", f"cache {describe(cache)} is not a JSON object"
            ) from None
    return d


def _plain(content: list[dict[str, Any]]) -> str | list[dict[str, Any]]:
    if len(content) == 1 and content[0]["type"] == "text" and "cache_control" not in content[0]:
        text: str = content[0]["text"]
        return text
    return content


def image_block(img: Image, path: str) -> dict[str, Any]:
    if img.data is not None:
        if not img.media_type:
            raise ContentError(path, "inline image has no media type")
        return {
            "type": "image",
            "source": {
                "type": "base64",
                "media_type": c.sent_media_type(img.media_type, img.data),
                "data": img.data.base64,
            },
        }
    if img.url is not None:
        if img.url.startswith("data:"):
            media_type, data = c.parse_data_url(img.url, path)
            return {
                "type": "image",
                "source": {
                    "type": "base64",
                    "media_type": c.sent_media_type(media_type, data),
                    "data": data.base64,
                },
            }
        return {"type": "image", "source": {"type": "url", "url": img.url}}
    raise c.not_materialized(path)


def _user_blocks(m: Message, path: str, notices: list[Notice]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for j, b in enumerate(c.user_order(m.content)):
        p = f"{path}.content[{c.index_in(m.content, b, j)}]"  # the input position
        if isinstance(b, Text):
            if not b.text.isspace():  # Anthropic refuses a whitespace-only text block
                out.append(_with_cache({"type": "text", "text": b.text}, b))
        elif isinstance(b, Recap):
            out.append({"type": "text", "text": b.wire_text})
        elif isinstance(b, Image):
            out.append(_with_cache(image_block(b, p), b))
        elif isinstance(b, FileAttachment):
            sent = c.sendable_file(b, takes_file, TITLE, p, notices)
            out.append(_with_cache(_text(sent) if isinstance(sent, Text) else _document(b, p), b))
        elif isinstance(b, ProviderContent):
            out.append(_provider_content(b, p, notices))
        else:
            raise UnsupportedBlockError(p, b.type, TARGET)
    return out


def takes_file(media_type: str) -> bool:
    """Anthropic's documents are text (sent as text) or PDF bytes (``base64`` source)."""
    return c.base_media_type(media_type) == "application/pdf"


def _provider_content(b: ProviderContent, path: str, notices: list[Notice]) -> dict[str, Any]:
    """A server tool's block as it came; another provider's content as its text."""
    if b.provider == TARGET:
        return native.parsed(b)
    return {"type": "text", "text": native.as_text(b, path, TARGET, notices)}


def _document(f: FileAttachment, path: str) -> dict[str, Any]:
    if f.data is None and not (f.text or "").strip():
        # an empty text document: the line naming it, as every other format sends it
        # (Anthropic refuses an empty or whitespace-only text block; a document of no text
        # has nothing to cite, and its title still reaches the model)
        return {"type": "text", "text": c.attachment_text(f)}
    if f.data is None:
        source: dict[str, Any] = {"type": "text", "media_type": "text/plain", "data": f.text or ""}
    elif f.media_type == "application/pdf":
        source = {"type": "base64", "media_type": f.media_type, "data": f.data.base64}
    else:
        raise UnsupportedBlockError(
            path, f"file ({f.media_type})", TARGET, "documents must be text or PDF"
        )
    d: dict[str, Any] = {"type": "document", "source": source, "title": f.name}
    return {**d, **_document_fields_as_sent(f)} if f.document_fields else d


def _document_fields_as_sent(f: FileAttachment) -> dict[str, Any]:
    """The document's own fields as they came; its ``content`` source (the chunks) only
    while the text is still theirs (a shortened document goes as the text it holds)."""
    fields = c.file_fields(f, TARGET)  # (not another provider's: Gemini's video_metadata)
    source = fields.pop("source", None)
    if source is not None and f.text == _content_source_text(source.get("content"), "source"):
        fields["source"] = source
    return fields


def _tool_result(r: Block, path: str, notices: list[Notice]) -> dict[str, Any]:
    if not isinstance(r, ToolResult):
        raise UnsupportedBlockError(path, r.type, TARGET, "tool messages hold tool results only")
    c.refuse_result_audio(r, path, TARGET, "text, images and documents")
    d: dict[str, Any] = {"type": "tool_result", "tool_use_id": wire_id(r.call_id, TARGET)}
    if len(r.content) == 1 and isinstance(r.content[0], Text) and not r.content[0].cache:
        d["content"] = r.content[0].text
    elif r.content:
        blocks: list[dict[str, Any]] = []
        for k, b in enumerate(c.label_images(r.content)):
            if isinstance(b, Text) and not b.text.strip():
                # "text content blocks must be non-empty" / "… must contain non-whitespace
                # text": left out, its cache mark handed to the block before (or the result)
                held = blocks[-1] if blocks else d
                if b.cache and "cache_control" not in held:
                    _with_cache(held, b)
                continue
            if isinstance(b, ResultBlock):
                blocks.append(_result_block(b, f"{path}.content[{k}]", notices))
        if blocks:
            d["content"] = blocks
    if r.is_error:
        d["is_error"] = True
    return _with_cache(d, r)


def _result_block(b: ResultBlock, path: str, notices: list[Notice]) -> dict[str, Any]:
    """One block of a ``tool_result``: the SDK's ``ToolResultBlockParam.content`` takes text,
    images (base64, URL or Files API ``file``) and documents (text, PDF, URL or ``file``)."""
    if isinstance(b, ProviderContent):
        kept = native.in_result(b, path, TARGET, notices)
        return native.parsed(kept) if isinstance(kept, ProviderContent) else _text(kept)
    if isinstance(b, Text):
        return _with_cache({"type": "text", "text": b.text}, b)
    if isinstance(b, Audio):  # (refused before, naming its place: refuse_result_audio)
        raise UnsupportedBlockError(path, b.type, TARGET)
    if isinstance(b, FileAttachment):
        sent = c.sendable_file(b, takes_file, TITLE, path, notices)
        if isinstance(sent, Text):
            return _with_cache(_text(sent), b)
    made = image_block(b, path) if isinstance(b, Image) else _document(b, path)
    return _with_cache(made, b)


def _text(b: Text) -> dict[str, Any]:
    return {"type": "text", "text": b.text}


def _assistant_blocks(m: Message, path: str, notices: list[Notice]) -> list[dict[str, Any]] | str:
    out: list[dict[str, Any]] = []
    for j, b in enumerate(m.content):
        p = f"{path}.content[{j}]"
        if isinstance(b, Text):
            if (
                b.text and not b.text.isspace()
            ):  # "text content blocks must contain non-whitespace text"
                out.append(_with_cache(_cited_text(b), b))
        elif isinstance(b, Recap):
            out.append({"type": "text", "text": b.wire_text})
        elif isinstance(b, ToolCall):
            args, error = b.parsed()
            if error is not None or not isinstance(args, dict):
                raise ContentError(
                    p,
                    f"tool call {b.id!r} arguments are not a JSON object ({error or 'not an object'}); run repair() first",
                )
            out.append(
                _with_cache(
                    {
                        "type": "tool_use",
                        "id": wire_id(b.id, TARGET),
                        "name": wire_name(b.name, TARGET),
                        "input": args,
                    },
                    b,
                )
            )
        elif isinstance(b, Reasoning):
            if b.provider != TARGET:
                notices.append(c.reasoning_dropped(p, b, TARGET))
            elif b.redacted:
                out.append({"type": "redacted_thinking", "data": b.encrypted or ""})
            else:
                out.append({"type": "thinking", "thinking": b.text, "signature": b.signature or ""})
        elif isinstance(b, ProviderContent):
            out.append(_provider_content(b, p, notices))
        else:
            raise UnsupportedBlockError(p, b.type, TARGET, "not allowed in an assistant message")
    if len(out) == 1 and out[0].keys() == {"type", "text"} and out[0]["type"] == "text":
        text: str = out[0]["text"]
        return text
    return out


def _cite_only_what_is_sent(turns: list[dict[str, Any]], notices: list[Notice]) -> None:
    """Leave out (reported) each citation of an answer whose source is not in the request
    as written: the document at its ``document_index`` (by the title it names, else the
    text it quotes), the search result at its ``search_result_index`` (by its source), the
    web search result of its URL. A fit that left the cited document out, or moved another
    to its index, must not send a citation the API cannot place or places wrongly."""
    docs: list[Mapping[str, Any]] = []
    results: list[Mapping[str, Any]] = []
    urls: set[str] = set()
    for block in _every_block(turns):
        kind = block.get("type")
        if kind == "document":
            docs.append(block)
        elif kind == "search_result":
            results.append(block)
        elif kind == "web_search_tool_result" and isinstance(block.get("content"), list):
            urls.update(str(r.get("url")) for r in block["content"] if isinstance(r, dict))
    for t, turn in enumerate(turns):
        if turn["role"] != "assistant" or not isinstance(turn["content"], list):
            continue
        for block in turn["content"]:
            cites = block.get("citations") if block.get("type") == "text" else None
            if not cites:
                continue
            sendable = (_as_request(x) for x in cites if _source_sent(x, docs, results, urls))
            kept = [x for x in sendable if x is not None]
            if kept:
                block["citations"] = kept
            else:
                del block["citations"]
            n = len(cites) - len(kept)
            if n:
                notices.append(
                    Notice(
                        "dropped",
                        f"messages[{t}]",
                        f"{n} citation{'s' if n != 1 else ''} of the answer in request turn "
                        f"{t} were not sent: the document or search result cited is not in "
                        "this request as cited (left out or shortened by the fit, or never "
                        "sent), and Anthropic "
                        "places a citation by it; or the citation lacks what Anthropic needs.",
                    )
                )


#: The fields a citation sent back holds, by its type (the SDK's ``TextCitationParam``):
#: a reply's citation carries more (``file_id``), which a request does not take.
_CITATION_FIELDS: Mapping[str, tuple[str, ...]] = {
    "char_location": ("start_char_index", "end_char_index"),
    "page_location": ("start_page_number", "end_page_number"),
    "content_block_location": ("start_block_index", "end_block_index"),
    "search_result_location": ("search_result_index", "source", "start_block_index",
                               "end_block_index"),
    "web_search_result_location": ("encrypted_index", "url"),
}  # fmt: skip
_DOCUMENT_CITATIONS = ("char_location", "page_location", "content_block_location")


def _as_request(cite: Mapping[str, Any]) -> dict[str, Any] | None:
    """A reply's citation as a request takes it: its type's fields, its (nullable) title
    named, None when a field it needs is missing."""
    kind = str(cite.get("type"))
    title = "document_title" if kind in _DOCUMENT_CITATIONS else "title"
    needed = (
        *_CITATION_FIELDS[kind],
        "cited_text",
        *(("document_index",) if title != "title" else ()),
    )
    if any(cite.get(k) is None for k in needed):
        return None
    taken = ("type", title, *needed)
    sent = {k: v for k, v in cite.items() if k in taken}  # (in its order: priced as it came)
    return sent if title in sent else {**sent, title: None}


def _every_block(turns: list[dict[str, Any]]) -> Iterator[Mapping[str, Any]]:
    """Every content block of ``turns`` in order, a tool result's blocks after it."""
    for turn in turns:
        content = turn["content"]
        for block in content if isinstance(content, list) else ():
            yield block
            inner = block.get("content") if block.get("type") == "tool_result" else None
            yield from (x for x in inner if isinstance(x, dict)) if isinstance(inner, list) else ()


def _source_sent(
    cite: object, docs: list[Mapping[str, Any]], results: list[Mapping[str, Any]], urls: set[str]
) -> bool:
    if not isinstance(cite, dict):
        return False
    kind = cite.get("type")
    if kind == "web_search_result_location":
        return cite.get("url") in urls
    if kind == "search_result_location":
        k = cite.get("search_result_index")
        return _index_in(k, results) and results[k].get("source") == cite.get("source")
    if kind not in ("char_location", "page_location", "content_block_location"):
        return False  # (no kind the API documents: not sent)
    k = cite.get("document_index")
    if not _index_in(k, docs):
        return False
    doc, title, quoted = docs[k], cite.get("document_title"), cite.get("cited_text")
    if isinstance(title, str) and title and doc.get("title") != title:
        return False
    # (the title is not enough: a fit that shrank the cited document keeps its title, and
    # the quote at its indexes is gone: R37-prov32-1)
    text = _document_text(doc) if kind == "char_location" else None  # (a quote of its text)
    if text is None or not isinstance(quoted, str):
        return True
    start, end = cite.get("start_char_index"), cite.get("end_char_index")
    if type(start) is int and type(end) is int:  # (the quote where the citation places it)
        return 0 <= start <= end <= len(text) and text[start:end].split() == quoted.split()
    return " ".join(quoted.split()) in " ".join(text.split())


def _index_in(k: object, found: list[Mapping[str, Any]]) -> TypeGuard[int]:
    return type(k) is int and 0 <= k < len(found)


def _document_text(doc: Mapping[str, Any]) -> str | None:
    """A document's text as written (a text source, or a content source's text blocks);
    None for a PDF or a file by reference."""
    source = doc.get("source")
    if not isinstance(source, dict):
        return None
    if source.get("type") == "text" and isinstance(source.get("data"), str):
        return str(source["data"])
    content = source.get("content")
    if source.get("type") == "content" and isinstance(content, list):
        return "".join(str(x.get("text", "")) for x in content if isinstance(x, dict))
    if source.get("type") == "content" and isinstance(content, str):
        return content
    return None


def _cited_text(b: Text) -> dict[str, Any]:
    """An answer's text block, with the citations Anthropic wrote for it (the SDK's
    ``TextBlockParam.citations``: sent back as they came)."""
    if c.carries_citations(b, TARGET):
        return {"type": "text", "text": b.text, "citations": json.loads(b.citations or "[]")}
    return {"type": "text", "text": b.text}


# ----------------------------------------------------------------------------- requests


def convert_tools(tools: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """OpenAI-shaped function tools (or Anthropic's own) as Anthropic tool declarations
    (``input_schema``), each with the ``cache_control`` mark it was given."""
    out: list[dict[str, Any]] = []
    given = [tool_spec(t)[0] for t in tools]
    for t in tools:
        name, desc, params = tool_spec(t)
        declared = {
            "name": declared_name(name, TARGET),
            "description": desc,
            "input_schema": params,
        }
        if "cache_control" in t:  # a prompt-caching mark the app put on the tool stays
            declared["cache_control"] = t["cache_control"]
        out.append(declared)
    unique_declared(given, [d["name"] for d in out], TARGET)
    return out


def output_limit(tokens: int, provider: str) -> dict[str, Any]:
    return {"max_tokens": tokens}


def output_format(fmt: OutputFormat) -> dict[str, Any]:
    """``output_config.format`` (Anthropic's structured outputs take a JSON schema only:
    JSON without one is refused, naming the argument; plain text needs nothing)."""
    if fmt.kind == "text":
        return {}
    if fmt.kind != "json_schema" or fmt.schema is None:
        raise ArgumentError(
            "response_format", "a JSON schema for Anthropic (it has no JSON mode)", fmt.kind
        )
    return {"output_config": {"format": {"type": "json_schema", "schema": fmt.schema}}}


#: Anthropic's word for each mode (``required`` is ``any``; a named tool is ``tool``).
_CHOICE_TYPES = {"auto": "auto", "none": "none", "required": "any", "named": "tool"}


def tool_choice(choice: ToolChoice) -> dict[str, Any]:
    """``tool_choice`` as ``{"type": "auto"|"any"|"none"|"tool", "name"}``, with
    ``disable_parallel_tool_use`` when the choice says it (``none`` takes none: no call).
    Anthropic has no choice among some of the declared tools: one is refused, naming it,
    rather than sent allowing them all."""
    if choice.allowed:
        raise ArgumentError(
            "tool_choice",
            "a choice Anthropic can carry (it has none limited to some tools: declare only "
            f"{', '.join(choice.allowed)})",
            {"type": "allowed_tools", "mode": choice.mode},
        )
    value: dict[str, Any] = {"type": _CHOICE_TYPES[choice.mode]}
    if choice.name is not None:
        value["name"] = choice.name
    if choice.parallel is not None and choice.mode != "none":
        value["disable_parallel_tool_use"] = not choice.parallel
    return {"tool_choice": value}


# ----------------------------------------------------------------------------- sending


def _reply_blocks(blocks: Mapping[int, Mapping[str, Any]], notes: list[str]) -> list[Block]:
    """The reply's blocks from the streamed pieces (what is not a message block is said
    in ``notes``)."""
    notes.clear()
    out: list[Block] = []
    for index in sorted(blocks):
        b = blocks[index]
        if b["type"] == "text":
            joined = "".join(b["parts"])
            if joined:
                out.append(c.cited(Text(joined), b.get("citations"), TARGET, f"content[{index}]"))
        elif b["type"] == "tool_use":
            args = "".join(b["parts"]) or json.dumps(b.get("input") or {}, ensure_ascii=False)
            out.append(ToolCall(b["id"], b["name"], args))
        elif b["type"] == "thinking":
            out.append(
                Reasoning("anthropic", "".join(b.get("thinking", ())), signature=b.get("signature"))
            )
        elif b["type"] == "redacted_thinking":
            out.append(Reasoning("anthropic", redacted=True, encrypted=b.get("data")))
        elif "raw" in b:  # a server tool's use or result: kept as it came, for the next turn
            out.append(native.read_block(TARGET, _server_block(b), f"content[{index}]"))
        else:
            notes.append(f"a {b['type']} block in the reply was not kept (not a message block)")
    return out


def _server_block(b: Mapping[str, Any]) -> dict[str, Any]:
    """A streamed server-tool block as the API gave it: its start, and the input its
    ``input_json_delta`` pieces spelled (the start's input is empty)."""
    raw = dict(b["raw"])
    if b["parts"]:
        with suppress(ValueError):  # cut short: the start's input stands
            raw["input"] = json.loads("".join(b["parts"]))
    return raw


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
    from ..reply import Reply

    blocks: dict[int, dict[str, Any]] = {}
    start: Usage | None = None
    output_tokens = 0
    finish: str | None = None
    response_model: str | None = None
    request_id: str | None = None
    events = 0
    sdk_stream = client.messages.create(**sdk_kwargs(body), stream=True)
    notes: list[str] = []

    def assembled() -> Message:
        return Message("assistant", tuple(_reply_blocks(blocks, notes)))

    with c.keeping_partial(assembled, lambda: events, "event"), sdk_stream:
        request_id = sdk_stream.response.headers.get("request-id")
        for event in sdk_stream:
            events += 1
            ev: Any = event
            kind = ev.type
            if kind == "message_start":
                response_model = ev.message.model
                start = read_usage(ev.message.usage.model_dump())
                output_tokens = start.output_tokens
            elif kind == "content_block_start":
                cb = ev.content_block
                entry: dict[str, Any] = {"type": cb.type, "parts": []}
                if cb.type == "tool_use":
                    entry.update(id=cb.id, name=cb.name, input=cb.input)
                elif cb.type == "text":
                    entry["parts"].append(cb.text or "")
                elif cb.type == "thinking":
                    entry.update(thinking=[cb.thinking or ""], signature=cb.signature or None)
                elif cb.type == "redacted_thinking":
                    entry["data"] = cb.data
                elif native.is_anthropic_server_block(cb.type):
                    entry["raw"] = cb.model_dump(exclude_none=True)
                blocks[ev.index] = entry
            elif kind == "content_block_delta":
                entry = blocks.setdefault(ev.index, {"type": "text", "parts": []})
                d = ev.delta
                if d.type == "text_delta":
                    entry["parts"].append(d.text)
                    if on_text is not None:
                        on_text(d.text)
                elif d.type == "input_json_delta":
                    entry["parts"].append(d.partial_json)
                elif d.type == "thinking_delta":
                    entry.setdefault("thinking", []).append(d.thinking)
                elif d.type == "signature_delta":
                    entry["signature"] = (entry.get("signature") or "") + d.signature
                elif d.type == "citations_delta":  # (kept with the text, for the next turn)
                    entry.setdefault("citations", []).append(d.citation.model_dump())
            elif kind == "message_delta":
                finish = ev.delta.stop_reason or finish
                if ev.usage is not None and ev.usage.output_tokens is not None:
                    output_tokens = ev.usage.output_tokens
    message = assembled()
    if finish is None:
        raise c.stream_ended_early("anthropic", model, events, "event", "stop reason", message)
    usage = replace(start, output_tokens=output_tokens) if start is not None else None
    return Reply(
        message,
        usage,
        estimated_input,
        model,
        finish,
        response_model,
        request_id,
        None,
        tuple(notes),
    )


#: The beta Anthropic's Files API needs on a request whose documents name a file by id.
FILES_BETA = "files-api-2025-04-14"
#: The beta of Anthropic's server-side compaction, named on a request that sends back the
#: ``compaction`` block it returned (a type only the beta knows).
COMPACTION_BETA = "compact-2026-01-12"


def sdk_kwargs(body: Mapping[str, Any]) -> dict[str, Any]:
    """``body`` as the SDK's ``messages.create`` takes it: with the beta headers it needs
    (``betas_needed``: Anthropic refuses a file id or a compaction block without them)."""
    out = dict(body)
    betas = betas_needed(body)
    if betas:
        out["extra_headers"] = {"anthropic-beta": ",".join(betas)}
    return out


def betas_needed(body: Mapping[str, Any], named: Sequence[str] = ()) -> list[str]:
    """The betas ``body`` needs that ``named`` (the app's own) lacks: the Files API's when
    it names a file by id, server-side compaction's when it sends a ``compaction`` block
    back (any ``compact-`` beta the app names stands: it chose the version).

    >>> body = {"messages": [{"role": "assistant", "content": [{"type": "compaction",
    ...     "content": "Summary"}]}]}
    >>> betas_needed(body), betas_needed(body, ["compact-2026-09-04"])
    (['compact-2026-01-12'], [])
    """
    needed: list[str] = []
    if FILES_BETA not in named and names_a_file(body):
        needed.append(FILES_BETA)
    compacting = any(b.startswith("compact-") for b in named)
    if not compacting and _sends_a_compaction(body):
        needed.append(COMPACTION_BETA)
    return needed


def _sends_a_compaction(body: Mapping[str, Any]) -> bool:
    turns = body.get("messages")
    return isinstance(turns, list) and any(
        isinstance(b, dict) and b.get("type") == "compaction"
        for turn in turns
        if isinstance(turn, dict) and isinstance(turn.get("content"), list)
        for b in turn["content"]
    )


def names_a_file(body: Mapping[str, Any]) -> bool:
    """Whether a request body names a file from the Files API (a ``document`` or ``image``
    whose source is a ``file``, inside tool results too): it needs ``FILES_BETA``."""
    turns = body.get("messages")
    return isinstance(turns, list) and any(map(_names_a_file, turns))


def _names_a_file(turn: Any) -> bool:
    content = turn.get("content") if isinstance(turn, dict) else None
    for b in content if isinstance(content, list) else ():
        if not isinstance(b, dict):
            continue
        inner = b.get("content") if b.get("type") == "tool_result" else None
        if isinstance(inner, list) and _names_a_file({"content": inner}):
            return True
        source = b.get("source") if b.get("type") in ("document", "image") else None
        if isinstance(source, dict) and source.get("type") == "file":
            return True
    return False


def complete(client: Any, body: Mapping[str, Any]) -> object:
    """One request without streaming; the text of the reply's text blocks."""
    response = client.messages.create(**sdk_kwargs(body))
    blocks = getattr(response, "content", None)
    if not isinstance(blocks, list):
        raise ValueError("reply has no content blocks")
    return "".join(getattr(b, "text", "") for b in blocks if getattr(b, "type", "") == "text")


FORMAT = ProviderFormat(
    name="anthropic",
    title=TITLE,
    messages_key="messages",
    system_key="system",
    read=read,
    write=write,
    convert_tools=convert_tools,
    output_limit=output_limit,
    output_format=output_format,
    tool_choice=tool_choice,
    serves=("anthropic",),
    sdk="anthropic",
    stream=stream,
    complete=complete,
    sdk_kwargs=sdk_kwargs,
    takes_file=takes_file,
)


def read_usage(usage: Mapping[str, Any]) -> Usage:
    """Anthropic's ``usage`` object as our :class:`Usage`. Its ``input_tokens`` leaves out
    cache reads and writes; ours counts everything that occupied the context.

    >>> u = read_usage({"input_tokens": 10, "cache_read_input_tokens": 100,
    ...                 "cache_creation_input_tokens": 50, "output_tokens": 5,
    ...                 "cache_creation": {"ephemeral_1h_input_tokens": 20}})
    >>> u.input_tokens, u.cached_input_tokens, u.cache_write_tokens, u.cache_write_1h_tokens
    (160, 100, 50, 20)
    """
    from ..reply import Usage

    def count(mapping: Any, key: str) -> int:
        value = mapping.get(key) if isinstance(mapping, Mapping) else None
        return value if isinstance(value, int) and value > 0 else 0

    read = count(usage, "cache_read_input_tokens")
    written = count(usage, "cache_creation_input_tokens")
    return Usage(
        count(usage, "input_tokens") + read + written,
        count(usage, "output_tokens"),
        read,
        written,
        min(count(usage.get("cache_creation"), "ephemeral_1h_input_tokens"), written),
    )
