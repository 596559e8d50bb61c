"""OpenAI Responses ``input`` items: reader and writer.

An assistant turn is the run of ``reasoning``, assistant ``message`` and ``function_call``
items between user turns; each ``function_call_output`` is one tool message. Images a tool
returned travel inside ``function_call_output.output``. An image ``detail`` of ``auto`` is
the API's default and reads back as unset. A ``compaction`` item (the encrypted stand-in
for earlier turns that ``responses/compact`` or server-side compaction returns) is kept as
an opaque ``Reasoning(redacted=True)`` block of this format and goes back verbatim.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

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
    ResultBlock,
    Text,
    ToolCall,
    ToolResult,
)
from ..report import Notice
from ..validate import NOT_FINAL, TRIGGER, unpaired, unpaired_items
from . import common as c
from . import native
from .format import ProviderFormat, tool_spec
from .ids import declared_name, responses_item_id, unique_declared, wire_id, wire_name
from .output_format import OutputFormat, openai_schema
from .tool_choice import ToolChoice, openai_tool_choice

if TYPE_CHECKING:  # (a reply is read when one is sent: a fit imports none of it)
    from ..reply import Reply, Usage

TARGET = "openai-responses"
TITLE = "OpenAI Responses"


def read(payload: Mapping[str, Any] | Sequence[Any] | str, start: int = 0) -> tuple[Message, ...]:
    """Read a Responses ``input`` (a string, an item list, or a request with ``input``;
    ``start``: the position of its first item in a longer list read piece by piece; the
    piece must not start right after an assistant item, which the next ones may join)."""
    out: list[Message] = []
    items: Any = payload
    if isinstance(payload, Mapping):
        if isinstance(payload.get("instructions"), str):
            out.append(Message("system", (Text(payload["instructions"]),), id="instructions"))
        items = payload.get("input")
    if isinstance(items, str):
        return (*out, Message("user", (c.text_block(items),), id="m0"))
    if not isinstance(items, Sequence):
        raise ContentError("input", "expected a string or a list of items")
    assistant: list[Block] = []
    assistant_id = ""
    saw_text = False

    def flush() -> None:
        nonlocal assistant, saw_text
        if assistant:
            out.append(Message("assistant", tuple(assistant), id=assistant_id))
        assistant, saw_text = [], False

    for i, raw in enumerate(items, start):
        p = f"input[{i}]"
        item = c.expect_dict(raw, p)
        kind = _kind(item)
        role = item.get("role")
        if by_the_assistant(item):
            if not assistant:
                assistant_id = f"m{i}"
            elif kind == "message" and saw_text:
                flush()
                assistant_id = f"m{i}"
            if kind == "reasoning":
                assistant.append(_read_reasoning(item, p))
            elif kind == "compaction":
                assistant.append(
                    Reasoning(
                        TARGET,
                        redacted=True,
                        encrypted=c.expect_str(
                            item.get("encrypted_content"), p, "encrypted_content"
                        ),
                        item_id=c.opt_str(item.get("id")),
                    )
                )
            elif kind in native.RESPONSES_ITEMS:
                assistant.append(_read_tool_item(item, p, kind))
            elif kind == "function_call":
                assistant.append(
                    ToolCall(
                        id=c.expect_str(item.get("call_id"), p + ".call_id", "call_id"),
                        name=c.expect_str(item.get("name"), p + ".name", "name"),
                        arguments=c.expect_str(
                            item.get("arguments"), p + ".arguments", "arguments"
                        ),
                        item_id=c.opt_str(item.get("id")),
                    )
                )
            else:
                saw_text = True
                assistant.extend(_assistant_texts(item, p))
            continue
        flush()
        if kind == "function_call_output":
            out.append(Message("tool", (_read_output(item, p),), id=f"m{i}"))
        elif kind == "message" and role in ("user", "system", "developer"):
            blocks = _read_content(item.get("content"), p, role)
            if role == "user":
                out.append(Message("user", tuple(c.strip_labels(list(blocks))), id=f"m{i}"))
            else:
                out.append(
                    Message("system", tuple(blocks), id=f"m{i}", developer=role == "developer")
                )
        else:
            raise ContentError(
                p + (".role" if kind == "message" else ".type"),
                f"unknown item type {describe(kind)}"
                + (f" with role {describe(role)}" if role else ""),
            )
    flush()
    return tuple(out)


def _read_tool_item(item: dict[str, Any], path: str, kind: str) -> ProviderContent:
    """An item of the API's own or custom tools, kept as it came; the ids it is paired by
    must be strings (a number there is refused by the API, and pairs with nothing here).
    An ``id`` of null is no id (what pydantic's ``model_dump()`` writes for an unset one,
    R32-P3), as for a function call: left out."""
    if "id" in item and item["id"] is None:
        item = {k: v for k, v in item.items() if k != "id"}
    for key in ("id", "call_id", "approval_request_id"):
        if key in item and (not isinstance(item[key], str) or not item[key]):
            raise ContentError(f"{path}.{key}", f"{key} must be a non-empty string")
    return native.read_block(TARGET, item, path, kind)


def _kind(item: Mapping[str, Any]) -> object:
    """An item's type; ``{"id": …}`` alone is an ``item_reference`` (its type is optional)."""
    kind = item.get("type")
    if kind is None:
        return "item_reference" if item.keys() == {"id"} else "message"
    return kind


def by_the_assistant(item: Mapping[str, Any]) -> bool:
    """Whether the reader joins ``item`` to the assistant's turn: its texts, reasoning and
    calls, and the items of the API's own and custom tools with their outputs (a call and
    its output are one unit: kept or dropped together)."""
    kind = item.get("type", "message")
    if kind == "message":  # (first: most items are messages; the fit scans every one)
        role = item.get("role")
        return role == "assistant" or (role is None and _kind(item) == "item_reference")
    return kind in _ASSISTANT_ITEMS or kind in native.RESPONSES_ITEMS


_ASSISTANT_ITEMS = ("reasoning", "compaction", "function_call")


def _assistant_texts(item: dict[str, Any], path: str) -> list[Block]:
    """An assistant message item's blocks, each text keeping the item's id and status (a
    reasoning item before it refers to that id)."""
    blocks = _read_content(item.get("content"), path, "assistant")
    item_id, status = c.opt_str(item.get("id")), c.opt_str(item.get("status"))
    if item_id is None and status is None:
        return blocks
    return [
        replace(b, item_id=item_id, item_status=status) if isinstance(b, Text) else b
        for b in blocks
    ]


def _read_reasoning(item: dict[str, Any], path: str) -> Reasoning:
    summary = tuple(
        c.expect_str(
            c.expect_dict(s, f"{path}.summary[{k}]").get("text"), f"{path}.summary[{k}]", "text"
        )
        for k, s in enumerate(c.expect_list(item.get("summary"), path + ".summary"))
    )
    content = c.expect_list(item.get("content"), path + ".content")
    text = "\n".join(
        c.expect_str(
            c.expect_dict(x, f"{path}.content[{k}]").get("text", ""), f"{path}.content[{k}]", "text"
        )
        for k, x in enumerate(content)
    )
    return Reasoning(
        TARGET,
        text=text,
        encrypted=item.get("encrypted_content")
        if isinstance(item.get("encrypted_content"), str)
        else None,
        item_id=item.get("id") if isinstance(item.get("id"), str) else None,
        summary=summary,
    )


def _read_content(content: Any, path: str, role: str) -> list[Block]:
    if isinstance(content, str):
        return [c.text_block(content) if role == "user" else Text(content)] if content else []
    if not isinstance(content, list):
        raise ContentError(path + ".content", "content must be a string or a list")
    return _read_parts(content, path + ".content", role)


def _read_parts(content: list[Any], path: str, role: str) -> list[Block]:
    """The parts of a message's ``content`` (or of a tool's ``output``) at ``path``."""
    out: list[Block] = []
    for j, raw in enumerate(content):
        p = f"{path}[{j}]"
        part = c.expect_dict(raw, p)
        kind = part.get("type")
        if kind in ("input_text", "output_text"):
            text = c.expect_str(part.get("text"), p, "text")
            out.append(
                c.text_block(text)
                if role == "user"
                else c.cited(Text(text), part.get("annotations"), TARGET, p + ".annotations")
            )
        elif kind == "refusal":
            out.append(Text(c.expect_str(part.get("refusal"), p, "refusal")))
        elif kind == "input_image":
            out.append(_read_image(part, p))
        elif kind == "input_file":
            out.append(_read_file(part, p))
        elif kind == "input_audio":
            at = p + ".input_audio"
            audio = c.expect_dict(part.get("input_audio"), at)
            out.append(
                Audio(
                    InlineData(c.expect_str(audio.get("data"), at, "data")),
                    c.expect_str(audio.get("format", "wav"), at, "format"),
                )
            )
        else:
            raise ContentError(p + ".type", f"unknown block type {describe(kind)}")
    return out


def _read_image(part: dict[str, Any], path: str) -> Image | ProviderContent:
    url = part.get("image_url")
    if url is None and part.get("file_id") is not None:  # kept by reference (``native``)
        return native.read_openai_image(part, path)
    if not isinstance(url, str):
        raise ContentError(path, "input_image needs image_url or file_id")
    detail = c.image_detail(part.get("detail"), path + ".detail")
    detail = None if detail == "auto" else detail
    if url.startswith("data:"):
        media_type, data = c.parse_data_url(url, path)
        return Image(media_type=media_type, data=data, detail=detail)
    return Image(url=url, detail=detail)


def _read_file(part: dict[str, Any], path: str) -> FileAttachment | ProviderContent:
    """An ``input_file``: inline ``file_data`` (a data URL), or a ``file_id`` or
    ``file_url``, kept by reference (``native``)."""
    data = part.get("file_data")
    if data is None:
        return native.read_openai_file(part, path)
    data = c.expect_str(data, path, "file_data")
    media_type, inline = c.parse_data_url(data, path)
    name = c.name_or(part.get("filename"), "file")
    return c.inline_file(name, inline, media_type)


def text_files_sent_as_files(body: Mapping[str, Any]) -> list[FileAttachment]:
    """The text files a Responses request sends as ``input_file`` parts of its messages
    (read back as the text they are, as this writer sends them: ``input_text`` under a
    header), which OpenAI bills as files (``pricing``: ``Pricer.text_file_as_file``).

    >>> import base64
    >>> data = base64.b64encode(b"a,b").decode()
    >>> [f.name for f in text_files_sent_as_files({"input": [{"role": "user", "content": [
    ...     {"type": "input_file", "filename": "t.csv", "file_data": f"data:text/csv;base64,{data}"}]}]})]
    ['t.csv']
    """
    items = body.get("input")
    found: list[FileAttachment] = []
    for i, item in enumerate(items if isinstance(items, list) else ()):
        content = item.get("content") if isinstance(item, dict) and "role" in item else None
        for j, part in enumerate(content if isinstance(content, list) else ()):
            if isinstance(part, dict) and part.get("type") == "input_file" and "file_data" in part:
                read = _read_file(part, f"input[{i}].content[{j}]")
                if isinstance(read, FileAttachment) and read.data is None:
                    found.append(read)
    return found


def _read_output(item: dict[str, Any], path: str) -> ToolResult:
    call_id = c.expect_str(item.get("call_id"), path + ".call_id", "call_id")
    output = item.get("output")
    content: list[Block] = []
    if isinstance(output, str):
        content.append(Text(output))
    elif isinstance(output, list):
        for b in _read_parts(output, path + ".output", "tool"):
            if not isinstance(b, ResultBlock):
                raise ContentError(
                    path + ".output", f"block type {b.type!r} cannot be a tool result"
                )
            content.append(b)  # (a file or image by id: OpenAI's, kept by reference)
    else:
        raise ContentError(path + ".output", "output must be a string or a list")
    is_error = False
    if content and isinstance(content[0], Text):
        first, is_error = c.split_tool_error(content[0].text)
        content[0] = Text(first)
    inner = tuple(x for x in c.strip_labels(content) if isinstance(x, ResultBlock))
    return ToolResult(call_id, inner, is_error)


# ----------------------------------------------------------------------------- writing


def write(messages: Sequence[Message], notices: list[Notice]) -> list[dict[str, Any]]:
    """Write Messages as Responses ``input`` items."""
    messages = native.as_texts(messages, TARGET, notices)  # Anthropic's or Gemini's own
    out: list[dict[str, Any]] = []
    for i, m in enumerate(messages):
        p = f"messages[{i}]"
        if m.role == "system":
            out.append({"type": "message", "role": m.wire_role, "content": m.text})
        elif m.role == "user":
            out.append({"type": "message", "role": "user", "content": _user_content(m, p, notices)})
        elif m.role == "assistant":
            out.extend(_assistant_items(m, p, notices))
        else:
            for j, r in enumerate(m.content):
                if not isinstance(r, ToolResult):
                    raise UnsupportedBlockError(f"{p}.content[{j}]", r.type, TARGET)
                out.append(
                    {
                        "type": "function_call_output",
                        "call_id": wire_id(r.call_id, TARGET),
                        "output": _output(r, f"{p}.content[{j}]", notices),
                    }
                )
    return _unique_ids(_answered(out, notices), notices)


def _answered(items: list[dict[str, Any]], notices: list[Notice]) -> list[dict[str, Any]]:
    """``items`` with each tool item paired as the API requires (``validate.unpaired``):
    an item left without its pair (its other half was not in the history, or it came
    twice) goes as an assistant text saying what it held, reported: never refused by the
    API, never left out unsaid. (``repair`` does this before a fit, which reports it.)"""
    at = [k for k, item in enumerate(items) if _kind(item) in native.RESPONSES_ITEMS]
    if not at:
        return items  # (the usual case)
    found = {at[x]: why for x, why in unpaired([items[k] for k in at]).items()}
    for k in at:  # (R32-P1: one an app replays from an earlier request)
        if items[k].get("type") == TRIGGER and k != len(items) - 1:
            found[k] = NOT_FINAL
    out: list[dict[str, Any] | None] = list(items)
    for k, why in sorted(found.items()):
        kind = str(items[k].get("type"))
        notices.append(unpaired_notice(f"input[{k}]", kind, why))
        if kind == TRIGGER:
            out[k] = None
            continue
        text = native.read_block(TARGET, items[k], f"input[{k}]", kind).text
        out[k] = {"type": "message", "role": "assistant", "content": text}
    return [item for item in out if item is not None]


def unpaired_notice(where: str, kind: str, why: str) -> Notice:
    """The notice for a tool item the writer sends as text, or a compaction trigger it
    leaves out (``_answered``)."""
    article = "An" if kind[:1] in "aeiou" else "A"
    if kind == TRIGGER:
        return Notice(
            "dropped",
            where,
            f"A {kind} item was left out ({why}; the Responses API takes one only there, and "
            "this one asked an earlier request to compact).",
        )
    return Notice(
        "replaced",
        where,
        f"{article} {kind} item was sent as text ({why}; the Responses API refuses it there).",
    )


def unpaired_notices(messages: Sequence[Message]) -> list[Notice]:
    """The writer's notices for the tool items of ``messages`` it will send as text (a fit
    reports them: a call kept whose output went with another exchange)."""
    return [
        unpaired_notice(messages[i].id, cast(ProviderContent, messages[i].content[j]).kind, why)
        for i, j, why in unpaired_items(messages)
    ]


def _unique_ids(items: list[dict[str, Any]], notices: list[Notice]) -> list[dict[str, Any]]:
    """``items`` with each item id once: the API refuses a request holding two items of one
    id ("Duplicate item found with id …": an app that appended a turn twice). A later
    message or call goes without its id; a later reasoning item is left out (the API takes
    none without its id), and so is a reasoning item whose following item loses its id
    (the API pairs the two by id). Both reported."""
    if sum(1 for item in items if "id" in item) < 2:
        return items  # (the usual case: nothing to compare)
    seen: set[str] = set()
    kept: list[dict[str, Any]] = []
    for k, item in enumerate(items):
        # (a local shell call's output names its call by ``id``: not an id of its own)
        item_id = item.get("id") if item.get("type") != "local_shell_call_output" else None
        if not isinstance(item_id, str) or item_id not in seen:
            if isinstance(item_id, str):
                seen.add(item_id)
            kept.append(item)
            continue
        if item.get("type") != "reasoning":
            if kept and kept[-1].get("type") == "reasoning" and "id" in kept[-1]:
                notices.append(_reasoning_unsent(f"input[{k - 1}]", kept.pop()["id"]))
            cites = " (and without its citations: a message takes none without its id)"
            notices.append(
                Notice(
                    "repaired",
                    f"input[{k}]",
                    f"Item id {item_id!r} was used twice; the later item was sent without it "
                    "(the Responses API refuses two items of one id)"
                    f"{cites if _annotated(item) else ''}.",
                )
            )
            kept.extend(_without_id(item, k))
            continue
        notices.append(_reasoning_unsent(f"input[{k}]", item_id))
    return kept


def _annotated(item: Mapping[str, Any]) -> bool:
    """Whether a message item's parts carry annotations (citations)."""
    parts = item.get("content")
    return isinstance(parts, list) and any(
        isinstance(p, dict) and bool(p.get("annotations")) for p in parts
    )


def _reasoning_unsent(where: str, item_id: str) -> Notice:
    return Notice(
        "dropped",
        where,
        f"Reasoning item {item_id!r} was not sent: its id, or the id of the item it produced, "
        "was used by an earlier item, and the Responses API refuses two items of one id.",
    )


def _without_id(item: Mapping[str, Any], k: int) -> list[dict[str, Any]]:
    """A message or call item as the writer sends one that came without an id; an item of
    the API's own tools (most need their id) as an assistant text saying what it held."""
    kind = item.get("type")
    if kind in native.RESPONSES_ITEMS:
        text = native.read_block(TARGET, item, f"input[{k}]", str(kind)).text
        return [{"type": "message", "role": "assistant", "content": text}]
    if kind != "message":
        return [{k: v for k, v in item.items() if k != "id"}]
    texts = [p["text"] for p in item.get("content") or () if isinstance(p, dict) and "text" in p]
    return _assistant_texts_without_id(texts)


def _wire_text(b: Text | Recap) -> str:
    return b.wire_text if isinstance(b, Recap) else b.text


def _output_text(b: Text | Recap) -> dict[str, Any]:
    """An ``output_text`` part, with the annotations (URL and file citations) the API wrote
    for it: sent back as they came."""
    cites = (
        json.loads(b.citations or "[]")
        if isinstance(b, Text) and c.carries_citations(b, TARGET)
        else []
    )
    return {"type": "output_text", "text": _wire_text(b), "annotations": cites}


def _assistant_texts_without_id(texts: Sequence[str]) -> list[dict[str, Any]]:
    """Assistant texts that came in no output message item of this API: one message item
    each, its content a string. The API knows ``output_text`` parts only in an output
    message, which needs its ``id`` and ``status`` (the SDK's ``ResponseOutputMessageParam``;
    an ``EasyInputMessageParam``'s parts are input parts, which an assistant may not send),
    so several texts go as several messages, each framed and priced apart (``_item_counts``)."""
    return [{"type": "message", "role": "assistant", "content": t} for t in texts]


def _image(img: Image, path: str) -> dict[str, Any]:
    url = c.image_url(img, path)
    return {"type": "input_image", "image_url": url, "detail": img.detail or "auto"}


def _user_content(m: Message, path: str, notices: list[Notice]) -> str | list[dict[str, Any]]:
    blocks = c.user_order(m.content)
    if len(blocks) == 1 and isinstance(blocks[0], Text | Recap):
        only = blocks[0]
        return only.wire_text if isinstance(only, Recap) else only.text
    parts: list[dict[str, Any]] = []
    for j, b in enumerate(blocks):
        p = f"{path}.content[{c.index_in(m.content, b, j)}]"  # the input position
        if isinstance(b, Text):
            parts.append({"type": "input_text", "text": b.text})
        elif isinstance(b, Recap):
            parts.append({"type": "input_text", "text": b.wire_text})
        elif isinstance(b, Image):
            parts.append(_image(b, p))
        elif isinstance(b, FileAttachment):
            sent = c.sendable_file(b, takes_file, TITLE, p, notices)
            if isinstance(sent, Text):
                parts.append({"type": "input_text", "text": sent.text})
            elif b.data is None:
                parts.append({"type": "input_text", "text": c.attachment_text(b)})
            else:
                parts.append(_input_file(b))
        elif isinstance(b, ProviderContent):  # an OpenAI file by reference (as_texts kept it)
            parts.append(native.openai_file_part(b, TARGET))
        elif isinstance(b, Audio):
            # The API's input parts are text, images and files (the openai SDK's
            # ResponseInputContentParam): audio goes to Chat Completions' audio models.
            raise UnsupportedBlockError(
                p, b.type, TARGET, "the Responses API takes no audio input: send it with "
                'target="openai" to an audio model (gpt-4o-audio-preview), or to Gemini',
            )  # fmt: skip
        else:
            raise UnsupportedBlockError(p, b.type, TARGET, "not allowed in a user message")
    return parts


def takes_file(media_type: str) -> bool:
    """``input_file`` takes documents, spreadsheets, code and text (OpenAI's file-inputs
    guide); audio and video it does not (audio goes to Chat Completions' audio models)."""
    return not c.base_media_type(media_type).startswith(("audio/", "video/", "image/"))


def _input_file(f: FileAttachment) -> dict[str, Any]:
    assert f.data is not None
    return {"type": "input_file", "filename": f.name, "file_data": c.data_url(f.media_type, f.data)}


def _output(r: ToolResult, path: str, notices: list[Notice]) -> str | list[dict[str, Any]]:
    """A ``function_call_output``'s output: its text, or parts (the SDK's
    ``ResponseFunctionCallOutputItemParam``: ``input_text``, ``input_image`` by URL, data
    URL or file id, ``input_file`` by data, file id or URL)."""
    c.refuse_result_audio(r, path, TARGET, "text, images and files")
    if any(isinstance(b, FileAttachment) and b.data is None for b in r.content):
        r = replace(
            r,
            content=tuple(
                Text(c.attachment_text(b))
                if isinstance(b, FileAttachment) and b.data is None
                else b
                for b in r.content
            ),
        )
    if len(r.content) <= 1 and all(isinstance(b, Text) for b in r.content):
        text = r.content[0].text if r.content and isinstance(r.content[0], Text) else ""
        return c.tool_error_text(text, r.is_error)
    parts: list[dict[str, Any]] = []
    labelled = c.label_images(r.content)
    for k, b in enumerate(labelled):
        if isinstance(b, Text):
            parts.append(
                {"type": "input_text", "text": c.tool_error_text(b.text, r.is_error and k == 0)}
            )
        elif isinstance(b, Image):
            parts.append(_image(b, f"{path}.content[{k}]"))
        elif isinstance(b, FileAttachment) and b.data is not None:
            sent = c.sendable_file(b, takes_file, TITLE, f"{path}.content[{k}]", notices)
            parts.append(_input_file(b) if sent is b else {"type": "input_text", "text": sent.text})
        elif isinstance(b, ProviderContent):
            kept = native.in_result(b, f"{path}.content[{k}]", TARGET, notices)
            parts.append(
                native.openai_file_part(kept, TARGET)
                if isinstance(kept, ProviderContent)
                else {"type": "input_text", "text": kept.text}
            )
    if r.is_error and not isinstance(labelled[0], Text):
        parts.insert(0, {"type": "input_text", "text": c.TOOL_ERROR_PREFIX.strip()})
    return parts


def _assistant_items(m: Message, path: str, notices: list[Notice]) -> list[dict[str, Any]]:
    """Items in the order the blocks came: the API requires each reasoning item to stay
    right before the item it produced (a reordered history is rejected)."""
    items: list[dict[str, Any]] = []
    texts: list[Text | Recap] = []
    origin: tuple[str | None, str | None] = (None, None)  # the texts' message item id, status

    def flush_text() -> None:
        item_id, status = responses_item_id(origin[0], "message"), origin[1]
        if not texts:
            return
        if item_id is not None:  # an output message sent back as it came (id, status, parts)
            parts = [_output_text(t) for t in texts]
            message: dict[str, Any] = {"type": "message", "role": "assistant", "id": item_id}
            items.append({**message, "status": status or "completed", "content": parts})
        else:
            items.extend(_assistant_texts_without_id([_wire_text(t) for t in texts]))
        texts.clear()

    reasoned = False  # a reasoning item of this turn was written
    for j, b in enumerate(m.content):
        p = f"{path}.content[{j}]"
        if isinstance(b, Text | Recap):
            came_in = (b.item_id, b.item_status) if isinstance(b, Text) else (None, None)
            if texts and came_in != origin:  # another message item
                flush_text()
            origin = came_in
            texts.append(b)
            continue
        flush_text()
        if isinstance(b, ToolCall):
            call: dict[str, Any] = {
                "type": "function_call",
                "call_id": wire_id(b.id, TARGET),
                "name": wire_name(b.name, TARGET),
                "arguments": b.arguments,
            }
            # A call's id is sent only after a reasoning item of this turn: the API pairs a
            # call it made with reasoning to that reasoning by id, and refuses the id alone
            # ("…of type 'function_call' was provided without its required 'reasoning'
            # item": cline#12242, continuedev/continue#10018); without its id it is a call.
            fc_id = responses_item_id(b.item_id, "function_call")
            if fc_id and reasoned:
                call["id"] = fc_id
            items.append(call)
        elif isinstance(b, ProviderContent):  # a Responses item as it came (as_texts kept it)
            items.append(native.parsed(b))
        elif isinstance(b, Reasoning):
            if not c.carries_reasoning(b, TARGET):
                notices.append(c.reasoning_dropped(p, b, TARGET))
                continue
            if b.redacted:  # a compaction item: opaque, verbatim
                compacted: dict[str, Any] = {"type": "compaction", "encrypted_content": b.encrypted}
                if b.item_id:
                    compacted["id"] = b.item_id
                items.append(compacted)
                continue
            reasoned = True
            item: dict[str, Any] = {
                "type": "reasoning",
                "summary": [{"type": "summary_text", "text": s} for s in b.summary],
            }
            if b.item_id:
                item["id"] = b.item_id
            if b.encrypted:
                item["encrypted_content"] = b.encrypted
            if b.text:
                item["content"] = [{"type": "reasoning_text", "text": b.text}]
            items.append(item)
        else:
            raise UnsupportedBlockError(p, b.type, TARGET, "not allowed in an assistant message")
    flush_text()
    return items


def item_count(m: Message) -> int:
    """How many ``input`` items the writer makes of assistant message ``m``: one per run of
    texts from one message item, one per function call, per reasoning or compaction item
    and per item of the API's own tools of this format (others' reasoning is left out). The API frames each item as a
    message of its own, so each is billed a message's framing.

    >>> item_count(Message.assistant("let me look", ToolCall("c1", "ls")))
    2
    """
    return _item_counts(m)[0]


def text_item_count(m: Message) -> int:
    """How many of ``item_count``'s items are assistant message items (runs of texts):
    each is an assistant message of its own to the model (gpt-5 bills its answer channel
    once per message item: an unpaired tool item sent as text before a reasoning item's
    message was priced 2 tokens under the body).

    >>> text_item_count(Message.assistant(Text("a"), ToolCall("c1", "ls"), Text("b", "msg_2")))
    2
    """
    return _item_counts(m)[1]


def _item_counts(m: Message) -> tuple[int, int]:
    """(items, message items of texts) the writer makes of assistant message ``m``."""
    count = texts = 0
    origin: object = None  # the current text run's message item (None: not in a run)
    for b in m.content:
        if type(b) is ProviderContent and b.provider == TARGET:  # a Responses item, as it came
            origin = None
            count += 1
            continue
        if isinstance(b, Text | Recap | ProviderContent):  # (content of others: as text)
            came_in = (b.item_id, b.item_status) if isinstance(b, Text) else (None, None)
            # a text of no output message of this API is a message item of its own
            # (``_assistant_texts_without_id``)
            new = came_in != origin or responses_item_id(came_in[0], "message") is None
            count += new
            texts += new
            origin = came_in
            continue
        origin = None
        count += isinstance(b, ToolCall) or (
            isinstance(b, Reasoning) and c.carries_reasoning(b, TARGET)
        )
    return count, texts


# ----------------------------------------------------------------------------- requests


def write_body(messages: Sequence[Message], notices: list[Notice]) -> dict[str, Any]:
    """``{"input": […]}``: the system prompt travels as a system-role input item."""
    return {"input": write(messages, notices)}


def convert_tools(tools: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """OpenAI Chat function tools as Responses function tools (flat, no ``function`` key)."""
    out: list[dict[str, Any]] = []
    given = [tool_spec(t)[0] for t in tools]
    for t in tools:
        name, desc, params = tool_spec(t)
        tool = {
            "type": "function",
            "name": declared_name(name, TARGET),
            "description": desc,
            "parameters": params,
        }
        # a tool's own ``strict`` goes with it: Responses makes a function strict unless it
        # says otherwise, and refuses a schema strict mode cannot take (review42 R42-O2)
        strict = t.get("function", t).get("strict")
        if isinstance(strict, bool):
            tool["strict"] = strict
        out.append(tool)
    unique_declared(given, [d["name"] for d in out], TARGET)
    return out


def output_limit(tokens: int, provider: str) -> dict[str, Any]:
    return {"max_output_tokens": tokens}


def output_format(fmt: OutputFormat) -> dict[str, Any]:
    """``text.format``, its JSON schema's fields beside ``type``."""
    if fmt.kind != "json_schema":
        return {"text": {"format": {"type": fmt.kind}}}
    return {"text": {"format": {"type": "json_schema", **openai_schema(fmt)}}}


def tool_choice(choice: ToolChoice) -> dict[str, Any]:
    """``tool_choice``, a named one as ``{"type": "function", "name"}``."""
    return openai_tool_choice(choice, nested=False)


# ----------------------------------------------------------------------------- sending

#: Output item types that become blocks of the assistant reply (others are reported).
_REPLY_ITEMS = ("message", "function_call", "reasoning", "compaction")


def _reply_message(items: Sequence[Mapping[str, Any]], notes: list[str]) -> Message:
    """The assistant Message for a response's ``output`` items, read with the same reader
    as a request's ``input`` (reasoning and its encrypted content kept verbatim)."""
    kept: list[Mapping[str, Any]] = []
    for item in items:
        kind = item.get("type")
        if kind in _REPLY_ITEMS and (kind != "message" or item.get("role") == "assistant"):
            kept.append(item)
        else:
            notes.append(f"output item of type {describe(kind)} was not kept")
    blocks = [b for m in read(kept) for b in m.content]
    return Message("assistant", tuple(blocks))


def _usage(raw: Any) -> Usage | None:
    from ..reply import Usage

    if raw is None:
        return None
    details = getattr(raw, "input_tokens_details", None)
    cached = getattr(details, "cached_tokens", 0) if details is not None else 0
    return Usage(raw.input_tokens, raw.output_tokens, cached or 0)


def _finish(response: Any, message: Message) -> str:
    """Chat-style finish reasons (``stop``, ``tool_calls``, ``length``) for a response."""
    incomplete = getattr(response, "incomplete_details", None)
    if getattr(response, "status", None) == "incomplete":
        reason = getattr(incomplete, "reason", None)
        return "length" if reason == "max_output_tokens" else str(reason or "incomplete")
    return "tool_calls" if message.tool_calls else "stop"


def stream(
    client: Any,
    body: Mapping[str, Any],
    *,
    model: str,
    estimated_input: int,
    on_text: Callable[[str], None] | None,
) -> Reply:
    """Send ``body`` with ``client.responses.create(stream=True)``; text deltas go to
    ``on_text``, and the reply is read from the final ``response.completed`` (or
    ``response.incomplete``) event's output items. SDK exceptions propagate."""
    from ..reply import Reply

    events = 0
    streamed: list[str] = []
    final: Any = None
    sdk_stream = client.responses.create(**body, stream=True)

    def streamed_so_far() -> Message:
        return Message("assistant", (Text("".join(streamed)),) if streamed else ())

    with c.keeping_partial(streamed_so_far, lambda: events, "event"), sdk_stream:
        request_id = sdk_stream.response.headers.get("x-request-id")
        for event in sdk_stream:
            events += 1
            kind = event.type
            if kind in ("response.output_text.delta", "response.refusal.delta"):
                streamed.append(event.delta)
                if on_text is not None:
                    on_text(event.delta)
            elif kind in ("response.completed", "response.incomplete"):
                final = event.response
            elif kind == "response.failed":
                error = getattr(event.response, "error", None)
                raise SendError(
                    TARGET,
                    model,
                    "protocol",
                    getattr(error, "message", None) or "the response failed",
                    code=getattr(error, "code", None),
                )
            elif kind == "error":
                raise SendError(
                    TARGET, model, "protocol", event.message, code=getattr(event, "code", None)
                )
    if final is None:
        partial = streamed_so_far()
        raise c.stream_ended_early(TARGET, model, events, "event", "completed response", partial)
    notes: list[str] = []
    items = [item.model_dump(exclude_none=True) for item in final.output or ()]
    message = _reply_message(items, notes)
    refusal = "".join(
        part.get("refusal", "")
        for item in items
        if item.get("type") == "message"
        for part in item.get("content") or ()
        if isinstance(part, Mapping) and part.get("type") == "refusal"
    )
    return Reply(
        message,
        _usage(final.usage),
        estimated_input,
        model,
        _finish(final, message),
        getattr(final, "model", None),
        request_id,
        refusal or None,
        tuple(notes),
    )


def complete(client: Any, body: Mapping[str, Any]) -> object:
    """One request without streaming; the reply's output text as the SDK gave it."""
    return client.responses.create(**body).output_text


FORMAT = ProviderFormat(
    name="openai-responses",
    title=TITLE,
    messages_key="input",
    system_key=None,
    read=read,
    write=write_body,
    convert_tools=convert_tools,
    output_limit=output_limit,
    output_format=output_format,
    tool_choice=tool_choice,
    sdk="openai",
    stream=stream,
    complete=complete,
    takes_file=takes_file,
)
