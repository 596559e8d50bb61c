"""Content only one provider reads (:class:`~contextledger.model.ProviderContent`): read as
it came, written back verbatim to that provider, and as a readable text to the others.

* **Anthropic** server tools run inside the assistant turn: a ``server_tool_use`` (or
  ``mcp_tool_use``) block and its result (``web_search_tool_result``,
  ``web_fetch_tool_result``, ``code_execution_tool_result``, ``mcp_tool_result``…) come
  back in the reply and must go back as they came, the result after its use.
* **Gemini** code execution (``executable_code``, ``code_execution_result``) and files by
  URI that are not images (``file_data``: a PDF uploaded with the Files API).
* **Files by reference**, whose bytes are not in the request: an Anthropic ``document``
  whose source is a ``url`` (a PDF) or a ``file`` (an id from Anthropic's Files API), and an
  OpenAI file by id (Chat ``file`` parts, Responses ``input_file``) or by URL (Responses
  ``file_url``). An OpenAI file is kept as ``{"file_id"|"file_url", "filename"?}`` (kind
  ``file``): both OpenAI APIs take an id, each in its own part; only Responses takes a URL.

Another provider cannot take them: it gets the rendition (the search results' titles and
URLs, the code and its output, which file), each reported with a notice a UI can show.
Encrypted or signed payloads (a search result's ``encrypted_content``, a thought signature)
mean nothing outside their provider and are left out of the rendition.

>>> b = read_block("anthropic", {"type": "server_tool_use", "id": "srvtoolu_1",
...     "name": "web_search", "input": {"query": "weather Paris"}}, "m[1]")
>>> b.text
'[web_search: {"query": "weather Paris"}]'
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Collection, Iterator, Mapping, Sequence
from typing import Any

from ..errors import ContentError
from ..model import AUDIO_REPLY, Block, Message, ProviderContent, Text, ToolResult, reference_of
from ..report import Notice

#: Anthropic blocks of the server tools and the MCP connector (their results: any
#: ``*_tool_result`` but the client tools' own ``tool_result``).
ANTHROPIC_USES = frozenset({"server_tool_use", "mcp_tool_use"})
#: Gemini parts kept as they came.
GEMINI_KINDS = ("executable_code", "code_execution_result")
#: OpenAI Responses input items of the API's own tools (web and file search, computer use,
#: code interpreter, image generation, remote MCP, tool search, programs), of the client
#: tools it defines (custom, shell, apply_patch, local shell) with their outputs, and
#: references to stored items: the openai SDK's ``ResponseInputItemParam`` members other
#: than messages, function calls and outputs, reasoning and compaction. A tuple: a
#: hostile unhashable ``type`` is then not found, not a TypeError.
RESPONSES_ITEMS = (
    "custom_tool_call", "custom_tool_call_output", "shell_call", "shell_call_output",
    "apply_patch_call", "apply_patch_call_output", "local_shell_call",
    "local_shell_call_output", "computer_call", "computer_call_output", "web_search_call",
    "file_search_call", "code_interpreter_call", "image_generation_call", "mcp_call",
    "mcp_list_tools", "mcp_approval_request", "mcp_approval_response", "tool_search_call",
    "tool_search_output", "program", "program_output", "additional_tools",
    "configuration_update", "compaction_trigger", "item_reference",
)  # fmt: skip
#: Fields that are opaque outside their provider: never shown, priced apart.
OPAQUE = frozenset({"encrypted_content", "encrypted_index", "signature", "thought_signature"})
#: The readable leaves of a server tool's result, in the order a person reads them.
_READABLE = ("title", "url", "query", "text", "code", "stdout", "stderr", "output", "content")


def is_anthropic_server_block(kind: object) -> bool:
    """Whether an Anthropic block of ``kind`` is one the API made in an assistant turn and
    takes back as it came: a server tool's use or result, or the summary its server-side
    compaction wrote of the turns before it (``compaction``: the API reads nothing before
    it, so an app that used it sends it back with its history).

    >>> is_anthropic_server_block("web_search_tool_result"), is_anthropic_server_block("tool_result")
    (True, False)
    >>> is_anthropic_server_block("compaction")
    True
    """
    return isinstance(kind, str) and (
        kind in ANTHROPIC_USES
        or kind == "compaction"
        or (kind.endswith("_tool_result") and kind != "tool_result")
    )


def read_block(provider: str, raw: Mapping[str, Any], path: str, kind: str = "") -> ProviderContent:
    """``raw`` (an Anthropic block, or a Gemini part whose data field is ``kind``) as kept."""
    kind = kind or str(raw.get("type"))
    if provider == "gemini":  # written in the REST API's snake_case, as the writer writes
        raw = _snake(raw)
    try:
        text = json.dumps(raw, ensure_ascii=False, allow_nan=False, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        raise ContentError(path, f"a {kind} block that is not JSON") from None
    return ProviderContent(provider, kind, text, _rendition(kind, raw, provider))


#: The fields an OpenAI file by reference keeps (Chat's ``file`` object, a Responses
#: ``input_file`` part).
OPENAI_FILE_FIELDS = ("file_id", "file_url", "filename")


def read_openai_file(spec: Mapping[str, Any], path: str) -> ProviderContent:
    """An OpenAI file by reference (``file_id``, or ``file_url`` in Responses) as kept."""
    kept = {k: spec[k] for k in OPENAI_FILE_FIELDS if k in spec and spec[k] is not None}
    for k, v in kept.items():
        if not isinstance(v, str) or not v:
            raise ContentError(f"{path}.{k}", f"{k} must be a non-empty string")
    if "file_id" not in kept and "file_url" not in kept:
        raise ContentError(path, "a file needs file_data, file_id or file_url")
    return read_block("openai", kept, path, "file")


def read_openai_audio_reply(spec: object, path: str) -> ProviderContent:
    """A Chat Completions assistant message's ``audio`` (``{"id": "audio_…"}``): the model's
    earlier spoken reply, which OpenAI keeps and the documented multi-turn audio
    conversation sends back by its id (kind ``audio_reply``). Only Chat Completions takes
    it back, to a model that hears; anyone else gets a line naming it, reported.

    >>> read_openai_audio_reply({"id": "audio_abc"}, "m[1].audio").text
    '[spoken reply audio_abc: its audio stays with OpenAI and is not in this text]'
    >>> read_openai_audio_reply({"id": "audio_abc", "transcript": "Hi!"}, "m[1].audio").text
    '[spoken reply audio_abc, as its transcript:] Hi!'

    Its ``expires_at`` is kept beside the id: OpenAI keeps a reply's audio for a limited
    time and answers 400 for its id after, so the request made at a moment when it has
    passed sends the line (``expired_replies``; reading it never looks at the clock).
    """
    if not isinstance(spec, Mapping):
        raise ContentError(path, "audio must be an object with the id of an earlier audio reply")
    audio_id = spec.get("id")
    if not isinstance(audio_id, str) or not audio_id:
        raise ContentError(f"{path}.id", "id must be a non-empty string")
    transcript = spec.get("transcript")
    line = (
        f"[spoken reply {audio_id}, as its transcript:] {transcript.strip()}"
        if isinstance(transcript, str) and transcript.strip()
        else f"[spoken reply {audio_id}: its audio stays with OpenAI and is not in this text]"
    )  # (the transcript, where the app kept the reply as the API returned it, is what was said)
    kept: dict[str, object] = {"id": audio_id}
    expires_at = spec.get("expires_at")
    if type(expires_at) is int:  # (the writer sends the id alone, as OpenAI's example does)
        kept["expires_at"] = expires_at
    return ProviderContent("openai", AUDIO_REPLY, json.dumps(kept), line)


#: A spoken reply whose ``expires_at`` falls within this many seconds of the request's
#: moment counts as expired: the request is still on its way (and may be retried).
EXPIRY_MARGIN = 60


def reply_deadline(b: ProviderContent) -> int | None:
    """When OpenAI stops keeping the audio of an earlier spoken reply kept by its id, less
    ``EXPIRY_MARGIN`` (None: its ``expires_at`` was not given, or ``b`` is no such reply).

    >>> reply_deadline(read_openai_audio_reply({"id": "audio_a", "expires_at": 1000}, "a"))
    940
    """
    if b.kind != AUDIO_REPLY or b.provider != "openai" or '"expires_at"' not in b.raw:
        return None
    expires_at = parsed(b).get("expires_at")
    return expires_at - EXPIRY_MARGIN if type(expires_at) is int else None


def expired_reply(m: Message, now: float) -> tuple[Message, tuple[Notice, ...]]:
    """``m`` with each earlier spoken reply whose audio has expired at ``now`` (see
    ``reply_deadline``) its line (its transcript where the app kept it), a notice for
    each; ``m`` itself when none has. ``now`` is the moment the request is made, given (a
    fit and the translate of its result at one moment decide alike)."""
    notices: list[Notice] = []

    def swap(b: Block) -> Block:
        if type(b) is not ProviderContent:
            return b
        deadline = reply_deadline(b)
        if deadline is None or deadline > now:
            return b
        when = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(deadline + EXPIRY_MARGIN))
        notices.append(
            Notice(
                "replaced",
                m.id,
                f"An earlier spoken reply of the assistant ({parsed(b)['id']}) was sent as its "
                f"line (its transcript where the app kept it), not by its id: OpenAI keeps a "
                f"reply's audio for a limited time, and this one's expired at {when} (its "
                "expires_at), after which the id is refused.",
            )
        )
        return Text(b.text)

    content = tuple(map(swap, m.content))
    return (m.with_content(content), tuple(notices)) if notices else (m, ())


def expired_replies(
    messages: Sequence[Message], now: float, notices: list[Notice]
) -> Sequence[Message]:
    """``messages`` with every spoken reply expired at ``now`` its line (``expired_reply``),
    reported; the same sequence when none is."""
    out: list[Message] | None = None
    for i, m in enumerate(messages):
        if any(type(b) is ProviderContent and b.kind == AUDIO_REPLY for b in m.content):
            swapped, said = expired_reply(m, now)
            if said:
                out = list(messages) if out is None else out
                out[i] = swapped
                notices.extend(said)
    return messages if out is None else out


def read_openai_image(part: Mapping[str, Any], path: str) -> ProviderContent:
    """A Responses ``input_image`` by ``file_id`` as kept (its ``detail`` too)."""
    kept = {k: part[k] for k in ("file_id", "detail") if part.get(k) is not None}
    if not isinstance(kept["file_id"], str) or not kept["file_id"]:
        raise ContentError(f"{path}.file_id", "file_id must be a non-empty string")
    if kept.get("detail") not in (None, "auto", "low", "high", "original"):
        raise ContentError(f"{path}.detail", f"unknown image detail {kept['detail']!r}")
    return read_block("openai", kept, path, "image")


def carried_by(b: ProviderContent, target: str) -> bool:
    """Whether ``target``'s writer sends ``b`` as it came (in its own shape); else it gets
    the rendition, reported. An OpenAI file goes to both OpenAI APIs, but a URL only to
    Responses (Chat Completions has no file URL).

    >>> f = read_openai_file({"file_url": "https://x.test/a.pdf"}, "p")
    >>> carried_by(f, "openai-responses"), carried_by(f, "openai"), carried_by(f, "gemini")
    (True, False, False)
    """
    if b.provider == "openai" and b.kind == "file":
        return target == "openai-responses" or (target == "openai" and "file_id" in parsed(b))
    if b.provider == "openai" and b.kind == AUDIO_REPLY:  # Responses has no audio replies
        return target == "openai"
    if b.provider == "openai":  # an image by file id: Chat's image_url takes no id
        return target == "openai-responses"
    return target == b.provider


def openai_file_part(b: ProviderContent, target: str) -> dict[str, Any]:
    """An OpenAI file by reference as ``target``'s part (``carried_by`` said it goes)."""
    kept = parsed(b)
    if b.kind == "image":
        return {"type": "input_image", **kept}
    if target == "openai-responses":
        return {"type": "input_file", **kept}
    return {"type": "file", "file": {k: v for k, v in kept.items() if k != "file_url"}}


def parsed(b: ProviderContent) -> dict[str, Any]:
    """The block as it came (what its provider gets back)."""
    value = json.loads(b.raw)
    assert isinstance(value, dict)
    return value


def as_text(
    b: ProviderContent, path: str, target: str, notices: list[Notice], role: str = "user"
) -> str:
    """The rendition another provider gets instead of ``b``, reported with why (in a
    ``role`` message)."""
    notices.append(replaced_notice(b, path, target, role))
    return b.text


def replaced_notice(b: ProviderContent, where: str, target: str, role: str = "user") -> Notice:
    """The notice for ``b`` sent to ``target`` as its text: what it was, why, and what it
    held (the rendition's first line: a file's type and where it is, a tool and its call).

    >>> f = read_block("gemini", {"fileData": {"mimeType": "video/mp4", "fileUri": "u"}},
    ...     "p", "file_data")
    >>> replaced_notice(f, "m1", "anthropic").text[-28:]
    'sent: [video/mp4 file at u].'
    """
    article = "An" if b.kind[:1] in "aeiou" else "A"
    what = b.text.split("\n", 1)[0]
    what = what if len(what) <= 160 else what[:159] + "…"
    return Notice(
        "replaced",
        where,
        f"{article} {b.kind} block from {b.provider} was sent to {target} as text "
        f"({_why_not_carried(b, target, role)}); this text was sent: {what}.",
    )


def replaced_notices(
    as_text: Collection[ProviderContent], messages: Sequence[Message], target: str
) -> list[Notice]:
    """A notice for each block of ``as_text`` (blocks the pricer found ``target``'s writer
    sends as text) in ``messages``: the fit's report says what it replaced, as translating
    its result does (R31-S1: a Gemini video sent to Claude as a placeholder, unreported)."""
    notices: list[Notice] = []
    for m in messages:
        for b in m.content:
            inner = b.content if isinstance(b, ToolResult) else (b,)
            for x in inner:
                if type(x) is ProviderContent and x in as_text:
                    role = "tool" if isinstance(b, ToolResult) else m.role
                    notices.append(replaced_notice(x, m.id, target, role))
    return notices


def in_result(
    b: ProviderContent, path: str, target: str, notices: list[Notice]
) -> ProviderContent | Text:
    """A file by reference a tool returned, for ``target``: ``b`` where the target takes it
    (Anthropic's file or URL in a ``tool_result``; OpenAI's file or image by id in a
    Responses ``function_call_output``, a file by id in the user turn that follows a Chat
    tool message; a Gemini file URI beside the function response), else its rendition,
    reported with why."""
    if carried_by(b, target):
        return b
    return Text(as_text(b, path, target, notices, role="tool"))


def _why_not_carried(b: ProviderContent, target: str, role: str) -> str:
    """Why ``target`` cannot take ``b`` as it came, and what would (a person acts on it)."""
    if b.provider == "openai" and b.kind == AUDIO_REPLY:
        return (
            f"{'the model hears no audio' if target == 'openai' else f'{target} cannot take it'}"
            "; only Chat Completions to an OpenAI audio model (gpt-4o-audio-preview, "
            "gpt-audio) takes an earlier spoken reply back by its id"
        )
    if b.provider != "openai" or target not in ("openai", "openai-responses"):
        return f"{target} cannot read it; only {b.provider} takes it back as it came"
    if role not in ("user", "tool"):  # (a tool's file goes in or after its result)
        return f"{target} takes an uploaded file only in a user turn"
    what = "image by file id" if b.kind == "image" else "file by URL"
    return (
        f"Chat Completions takes no {what}; the Responses API does: "
        'prepare or translate with target="openai-responses"'
    )


def as_texts(messages: Sequence[Message], target: str, notices: list[Notice]) -> Sequence[Message]:
    """``messages`` for an OpenAI writer: each :class:`ProviderContent` block it does not
    carry (another provider's; an OpenAI file outside a user turn, or by URL in Chat)
    becomes its rendition, reported."""
    if not any(type(b) is ProviderContent for m in messages for b in m.content):
        return messages
    out: list[Message] = []
    for i, m in enumerate(messages):
        if any(_as_text_in(b, m, target) for b in m.content):
            m = m.with_content(
                Text(as_text(b, f"messages[{i}].content[{j}]", target, notices, m.role))
                if isinstance(b, ProviderContent) and _as_text_in(b, m, target)
                else b
                for j, b in enumerate(m.content)
            )
        out.append(m)
    return out


def unheard_replies(
    messages: Sequence[Message], target: str, notices: list[Notice]
) -> Sequence[Message]:
    """``messages`` for a model that hears no audio: each earlier spoken reply kept by its
    id (``read_openai_audio_reply``) becomes its line, reported (OpenAI takes the id back
    only on its audio models; the pricer prices the line: ``may_go_as_it_came``)."""
    out: list[Message] = []
    for i, m in enumerate(messages):
        if any(type(b) is ProviderContent and b.kind == AUDIO_REPLY for b in m.content):
            m = m.with_content(
                Text(as_text(b, f"messages[{i}].content[{j}]", target, notices, m.role))
                if type(b) is ProviderContent and b.kind == AUDIO_REPLY
                else b
                for j, b in enumerate(m.content)
            )
        out.append(m)
    return out


def _as_text_in(b: object, m: Message, target: str) -> bool:
    """Whether ``b`` goes as its rendition: another provider's content, an OpenAI file
    outside a user turn (a Responses item goes back as it came, in the assistant's turn)."""
    return isinstance(b, ProviderContent) and not (
        (m.role == "user" or b.provider == target) and carried_by(b, target)
    )


def _rendition(kind: str, raw: Mapping[str, Any], provider: str) -> str:
    if provider == "openai-responses":
        return _responses_rendition(kind, raw)
    if kind in ANTHROPIC_USES:
        args = json.dumps(raw.get("input", {}), ensure_ascii=False, sort_keys=True)
        return f"[{raw.get('name', kind)}: {args}]"
    if kind == "executable_code":
        code = _field(raw, kind)
        return (
            f"Code run ({str(code.get('language', '')).lower() or 'code'}):\n{code.get('code', '')}"
        )
    if kind == "code_execution_result":
        result = _field(raw, kind)
        return f"Code output ({result.get('outcome', 'unknown')}):\n{result.get('output', '')}"
    if kind == "file_data":
        f = _field(raw, kind)
        return f"[{f.get('mime_type', 'file')} file at {f.get('file_uri', '?')}]"
    if kind == "file":  # OpenAI's, by id or URL
        where = raw.get("file_id") or raw.get("file_url") or "?"
        name = raw.get("filename")
        return f"[file {name!r} ({where})]" if isinstance(name, str) else f"[file {where}]"
    if kind == "image":  # by a file id (Anthropic's Files API, or OpenAI's)
        where = _field(raw, "source").get("file_id") or raw.get("file_id") or "?"
        return f"[image {where}]"
    if kind == "document":  # Anthropic's, by URL or Files API id
        src = _field(raw, "source")
        where = src.get("url") or src.get("file_id") or "?"
        title = raw.get("title")
        return (
            f"[document {title!r} ({where})]" if isinstance(title, str) else f"[document {where}]"
        )
    if kind == "search_result":  # Anthropic's, to cite: its title, where from, its texts
        title, source = raw.get("title"), raw.get("source")
        head = f"[search result {title!r} ({source})]" if title else f"[search result ({source})]"
        return "\n".join([head, *_leaves(raw.get("content"))])
    if kind == "compaction":  # Anthropic's summary of the turns before it (None: it failed)
        summary = raw.get("content")
        if not isinstance(summary, str):
            return "[earlier turns compacted by Anthropic; the compaction wrote no summary]"
        return f"[summary of the earlier turns, written by Anthropic's compaction]\n{summary}"
    if kind == "container_upload":  # a file for Anthropic's code execution container
        return f"[file {raw.get('file_id', '?')} uploaded to the code execution container]"
    lines = [f"[{kind}]", *_leaves(raw.get("content"))]
    return "\n".join(lines)


#: Keys a Responses item's rendition names in its head, not its body.
_HEAD_KEYS = ("type", "id", "call_id", "approval_request_id", "name", "status", "server_label")


def _responses_rendition(kind: str, raw: Mapping[str, Any]) -> str:
    """A Responses item as a line naming it (kind, tool, call) and what it holds: a
    custom tool's input, a command, a patch, an output, as JSON when not one text. Inline
    data (a screenshot's data URL, a generated image) is named, not copied.

    >>> _responses_rendition("custom_tool_call", {"call_id": "c1", "name": "sql", "input": "x"})
    '[custom_tool_call sql (c1)]\\nx'
    """
    who = next((raw[k] for k in ("call_id", "approval_request_id", "id") if k in raw), None)
    tool = raw.get("name")
    head = f"[{kind}{f' {tool}' if isinstance(tool, str) else ''}"
    head += f" ({who})]" if isinstance(who, str) else "]"
    if kind == "item_reference":
        return f"{head} an item the provider stored; its content is not in this request"
    rest = without_inline_data(
        {k: v for k, v in without_opaque(raw).items() if k not in _HEAD_KEYS}, kind
    )
    if not rest:
        return head
    only = next(iter(rest.values())) if len(rest) == 1 else None
    body = only if isinstance(only, str) else json.dumps(rest, ensure_ascii=False, sort_keys=True)
    return f"{head}\n{body}"


def without_inline_data(value: Any, kind: str, key: str = "") -> Any:
    """``value`` (a Responses item of ``kind``) with its inline data (data URLs, a
    generated image's base64) named, not kept."""
    if isinstance(value, Mapping):
        return {k: without_inline_data(v, kind, k) for k, v in value.items()}
    if isinstance(value, list):
        return [without_inline_data(v, kind) for v in value]
    if isinstance(value, str) and value.startswith("data:"):
        return f"[{value[5:].split(';', 1)[0].split(',', 1)[0] or 'inline'} data]"
    if isinstance(value, str) and kind == "image_generation_call" and key == "result":
        return "[generated image]"
    return value


def inline_images(value: Any, kind: str = "", key: str = "") -> int:
    """How many images a Responses item carries inline (a screenshot's data URL, a
    generated image's base64): priced as images, not as the characters of their base64."""
    if isinstance(value, Mapping):
        kind = kind or str(value.get("type", ""))
        return sum(inline_images(v, kind, k) for k, v in value.items())
    if isinstance(value, list):
        return sum(inline_images(v, kind) for v in value)
    return isinstance(value, str) and (
        value.startswith("data:image/") or (kind == "image_generation_call" and key == "result")
    )


def _field(raw: Mapping[str, Any], kind: str) -> Mapping[str, Any]:
    value = raw.get(kind)
    return value if isinstance(value, Mapping) else {}


_CAMEL = re.compile(r"(?<=[a-z0-9])([A-Z])")


def _snake(value: Any) -> Any:
    """A proto-JSON value's keys in snake_case (Gemini takes either spelling)."""
    if isinstance(value, Mapping):
        return {_CAMEL.sub(r"_\1", k).lower(): _snake(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_snake(v) for v in value]
    return value


def _leaves(value: Any, depth: int = 0) -> Iterator[str]:
    """The readable strings of a result (titles, URLs, texts, outputs), opaque ones left out."""
    if depth > 8:
        return
    if isinstance(value, str):
        if value:
            yield value
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item, depth + 1)
    elif isinstance(value, Mapping):
        if isinstance(value.get("error_code"), str):
            yield f"error: {value['error_code']}"
        for key in _READABLE:
            if key in value and key not in OPAQUE:
                yield from _leaves(value[key], depth + 1)
        source = value.get("source")
        if isinstance(source, Mapping) and source.get("type") == "text":
            yield from _leaves(source.get("data"), depth + 1)


def opaque_chars(value: Any) -> int:
    """Characters of the opaque fields of a block (priced apart: their bill is unknown)."""
    if isinstance(value, Mapping):
        return sum(
            len(v) if k in OPAQUE and isinstance(v, str) else opaque_chars(v)
            for k, v in value.items()
        )
    if isinstance(value, list):
        return sum(opaque_chars(v) for v in value)
    return 0


def without_opaque(value: Any) -> Any:
    """``value`` less its opaque fields."""
    if isinstance(value, Mapping):
        return {k: without_opaque(v) for k, v in value.items() if k not in OPAQUE}
    if isinstance(value, list):
        return [without_opaque(v) for v in value]
    return value


__all__ = [
    "ANTHROPIC_USES",
    "AUDIO_REPLY",
    "EXPIRY_MARGIN",
    "GEMINI_KINDS",
    "RESPONSES_ITEMS",
    "as_text",
    "as_texts",
    "carried_by",
    "expired_replies",
    "expired_reply",
    "in_result",
    "inline_images",
    "is_anthropic_server_block",
    "opaque_chars",
    "openai_file_part",
    "parsed",
    "read_block",
    "read_openai_audio_reply",
    "read_openai_file",
    "read_openai_image",
    "reference_of",
    "replaced_notice",
    "replaced_notices",
    "reply_deadline",
    "unheard_replies",
    "without_inline_data",
    "without_opaque",
]
