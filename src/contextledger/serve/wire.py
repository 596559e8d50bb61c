"""What the proxy needs to know about each wire format, in one place per format.

For each route: where the conversation lives in the request body (and where its system
prompt is), how to split it into segments that read on their own (so a long history is
read once, not every turn), which request parameter reserves output tokens, how the
client's tool declarations are priced, how the fitted messages go back into the client's
body, and the provider's own error shape.

>>> wire = WIRES["anthropic"]
>>> wire.error_body("too long", "invalid_request_error")
{'type': 'error', 'error': {'type': 'invalid_request_error', 'message': 'too long'}}
>>> images = {"role": "user", "content": [{"type": "text",
...                                       "text": "Images returned by tool call c1:"}]}
>>> WIRES["openai"].boundaries([{"role": "user"}, {"role": "assistant"}, {"role": "tool"},
...                             images, {"role": "user"}])
[0, 4]
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import ArgumentError
from ..model import Message
from ..pricing.messages import DEFAULT_TOOL_CHOICE, output_format_of
from ..providers import Format, anthropic, openai_chat, openai_responses, provider_format
from ..providers.common import TOOL_MEDIA_PREFIXES, refused_files
from ..providers.ids import ids_accepted, responses_item_id, speaker_name
from ..providers.output_format import read_output_format

__all__ = ["WIRES", "Wire", "WireName"]

WireName = Literal["openai", "anthropic", "openai-responses"]


def _is(raw: Any, role: str) -> bool:
    return type(raw) is dict and raw.get("role") == role


def _carries_tool_images(raw: dict[str, Any]) -> bool:
    content = raw.get("content")
    return isinstance(content, list) and any(
        type(p) is dict
        and p.get("type") == "text"
        and str(p.get("text", "")).startswith(TOOL_MEDIA_PREFIXES)
        for p in content
    )


def _has_media(raw: dict[str, Any]) -> bool:
    content = raw.get("content")
    return isinstance(content, list) and any(
        type(p) is dict and p.get("type") != "text" for p in content
    )


def _name_refused(raw: Any) -> bool:
    """A Chat message whose ``name`` OpenAI refuses ("'messages[7].name': string does not
    match pattern … '^[a-zA-Z0-9_-]+$'", a person's name with a space or an accent): it goes
    as the writer renders it (``ids.speaker_name``)."""
    name = raw.get("name") if type(raw) is dict else None
    return isinstance(name, str) and speaker_name(name, "openai") != name


def _says_nothing(raw: Any) -> bool:
    """A Chat assistant message with no content and no call (``{"content": null, "refusal":
    …}`` as a completion returns it, or ``""``): OpenAI refuses it ("expected a string, got
    null": content is required unless tool_calls is given), so it goes as the writer renders
    it (a refusal as its text; an empty turn left out, reported)."""
    return (
        _is(raw, "assistant")
        and not raw.get("tool_calls")
        and not raw.get("function_call")
        and not raw.get("audio")
        and raw.get("content") in (None, "", [])
    )


def _foreign_item_id(raw: Any) -> bool:
    """A Responses item whose own ``id`` the API refuses for its kind (another gateway's
    ``item_…``, a placeholder): it goes as the writer renders it (without that id;
    ``ids.responses_item_id``)."""
    if type(raw) is not dict or not isinstance(raw.get("id"), str):
        return False
    kind = raw.get("type", "message")
    if kind == "message" and raw.get("role") != "assistant":
        return False
    return responses_item_id(raw["id"], kind) is None


def _chat_boundaries(items: Sequence[Any]) -> list[int]:
    # A user message starts a segment, except the one Chat uses to carry the images a tool
    # returned (right after the tool messages): the reader folds those back into the tool
    # result, so it must be read with them.
    return [
        i
        for i, raw in enumerate(items)
        if _is(raw, "user")
        and (i == 0 or not _is(items[i - 1], "tool") or not _carries_tool_images(raw))
    ]


def _anthropic_boundaries(items: Sequence[Any]) -> list[int]:
    # A user message holding tool results belongs with the assistant's tool_use before it.
    out: list[int] = []
    for i, raw in enumerate(items):
        if not _is(raw, "user"):
            continue
        content = raw.get("content")
        if isinstance(content, list) and any(
            type(b) is dict and b.get("type") == "tool_result" for b in content
        ):
            continue
        out.append(i)
    return out


def _responses_boundaries(items: Sequence[Any]) -> list[int]:
    # Consecutive assistant-side items (reasoning, function calls, output messages) read
    # into one message; a user message item always starts a new one.
    return [
        i
        for i, raw in enumerate(items)
        if type(raw) is dict
        and raw.get("type", "message") == "message"
        and raw.get("role") == "user"
    ]


def _kind(value: Any) -> str:
    names = {str: "a string", dict: "an object", list: "an array", bool: "a boolean"}
    return names.get(type(value), "a number" if isinstance(value, int | float) else "null")


def _openai_error(message: str, kind: str, code: str | None = None) -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "param": None, "code": code}}


def _anthropic_error(message: str, kind: str, code: str | None = None) -> dict[str, Any]:
    return {"type": "error", "error": {"type": kind, "message": message}}


@dataclass(frozen=True, slots=True)
class Wire:
    """One wire format as the proxy handles it."""

    name: WireName
    format: Format
    messages_key: str  # "messages" or "input"
    system_key: str | None  # "system" (Anthropic), "instructions" (Responses), None (Chat)
    output_params: tuple[str, ...]  # request parameters that reserve output tokens
    upstream: Literal["openai", "anthropic"]
    path: str  # the upstream path below the base URL

    def items(self, body: Mapping[str, Any]) -> list[Any] | None:
        """The conversation list in a request body (None: absent or not a list)."""
        value = body.get(self.messages_key)
        return value if type(value) is list else None

    def invalid(self, body: Mapping[str, Any], checked: int = 0) -> str | None:
        """What makes the request one the provider would refuse before reading it (the
        conversation missing, empty, of the wrong type, or a message without its role or
        content), in the provider's words; None when it is well formed. The first
        ``checked`` items were checked before (the same objects as the last request's)."""
        key = self.messages_key
        value = body.get(key)
        if self.name == "openai-responses":
            if value is None or isinstance(value, str | list):
                return None
            return f"Invalid type for 'input': expected a string or an array, got {_kind(value)}"
        if value is None:
            return f"Missing required parameter: '{key}'."
        if not isinstance(value, list):
            return f"Invalid type for '{key}': expected an array of objects, got {_kind(value)}."
        if not value:
            return f"Invalid '{key}': empty array. Expected an array with at least one message."
        for i in range(checked, len(value)):
            raw = value[i]
            where = f"{key}[{i}]"
            if not isinstance(raw, dict):
                return f"Invalid type for '{where}': expected an object, got {_kind(raw)}."
            if not isinstance(raw.get("role"), str):
                return f"Missing required parameter: '{where}.role'."
            if raw.get("content") is None and not (
                self.name == "openai"
                and raw["role"] == "assistant"
                # (an earlier spoken reply goes back by its id alone: OpenAI's audio guide)
                and (
                    raw.get("tool_calls")
                    or raw.get("function_call")
                    or raw.get("audio")
                    or "content" in raw
                )
            ):
                return f"Missing required parameter: '{where}.content'."
        return None

    def boundaries(self, items: Sequence[Any]) -> list[int]:
        """Indexes where a segment that reads on its own may start."""
        if self.name == "anthropic":
            return _anthropic_boundaries(items)
        if self.name == "openai-responses":
            return _responses_boundaries(items)
        return _chat_boundaries(items)

    def sendable_as_sent(self, items: Sequence[Any], messages: Sequence[Message] = ()) -> bool:
        """Whether a segment of the client's conversation (``items``, read as ``messages``)
        may go upstream as the client wrote it. Anthropic refuses a user turn whose
        ``tool_result`` blocks do not come first, and a text block of only whitespace;
        every provider refuses a tool-call id outside its rule (``providers.ids``); Chat
        Completions refuses an image in a tool message, an assistant message with no
        content and no call (``_says_nothing``) and a name outside its pattern, and a ``file``
        part that is no PDF (``common.refused_files``). Such a segment goes as the writer
        renders it (results first, blank text left out, ids and names renamed, a tool's
        images in a user turn after the results, a refusal as text, a refused file as its
        text or a line naming it, as ``fit`` and ``prepare`` send it), like any repaired
        message.

        >>> WIRES["anthropic"].sendable_as_sent([{"role": "user", "content": [
        ...     {"type": "text", "text": "and"}, {"type": "tool_result", "tool_use_id": "t"}]}])
        False
        """
        if not ids_accepted(messages, self.format) or any(
            next(refused_files(m), None) for m in messages
        ):
            return False
        if self.name == "openai":
            return not any(
                (_is(raw, "tool") and _has_media(raw)) or _says_nothing(raw) or _name_refused(raw)
                for raw in items
            )
        if self.name == "openai-responses":
            return not any(map(_foreign_item_id, items))
        if self.name != "anthropic":
            return True
        for raw in items:
            content = raw.get("content") if type(raw) is dict else None
            if isinstance(content, str):
                if not content.strip():
                    return False
                continue
            seen_other = False
            for block in content if isinstance(content, list) else ():
                kind = block.get("type") if type(block) is dict else None
                if kind == "tool_result":
                    if seen_other:
                        return False
                    continue
                seen_other = True
                if kind == "text" and not str(block.get("text") or "").strip():
                    return False
        return True

    def read_system(self, body: Mapping[str, Any]) -> tuple[Message, ...]:
        """The system prompt held outside the message list, as messages."""
        if self.name == "anthropic" and body.get("system"):
            return anthropic.read({"system": body["system"], "messages": []})
        if self.name == "openai-responses" and isinstance(body.get("instructions"), str):
            return openai_responses.read({"instructions": body["instructions"], "input": []})
        return ()

    def read_segment(self, items: Sequence[Any]) -> tuple[Message, ...]:
        """Messages of one segment of the conversation list."""
        if self.name == "anthropic":
            return anthropic.read({"messages": items})
        if self.name == "openai-responses":
            return openai_responses.read(list(items))
        return openai_chat.read(items)

    def output_tokens(self, body: Mapping[str, Any]) -> int | None:
        """The output reservation the client asked for (None: the model's default)."""
        for key in self.output_params:
            value = body.get(key)
            if type(value) is int and value > 0:
                return value
        return None

    def pricing_tools(self, body: Mapping[str, Any]) -> list[dict[str, Any]] | None:
        """The client's tool declarations as Chat function tools, for pricing only: the
        client's own declarations are forwarded unchanged (byte-stable for prompt caching)."""
        tools = openai_chat.declared_tools(body) if self.name == "openai" else body.get("tools")
        if not isinstance(tools, list) or not tools:
            return None
        out: list[dict[str, Any]] = []
        for t in tools:
            if not isinstance(t, dict):
                continue
            if self.name == "openai" and isinstance(t.get("function"), dict):
                out.append(t)
                continue
            if self.name == "anthropic" and "input_schema" in t:
                params = t.get("input_schema")
            elif t.get("type") == "function" and "parameters" in t:
                params = t.get("parameters")
            else:
                # a server tool (web search, code execution…): priced as its declaration
                params = {k: v for k, v in t.items() if k not in ("name", "description")}
            out.append(
                {
                    "type": "function",
                    "function": {
                        "name": str(t.get("name") or t.get("type") or "tool"),
                        "description": str(t.get("description") or ""),
                        "parameters": params if isinstance(params, dict) else {},
                    },
                }
            )
        return out or None

    def pricing_tool_choice(self, body: Mapping[str, Any]) -> object:
        """The ``tool_choice`` the client's request carries, as the provider bills it: the
        provider's default (``"auto"``) when it sends tools without one; None for a wire
        with no such parameter (not priced there)."""
        if self.name not in ("openai", "openai-responses", "anthropic"):
            return None
        choice = (
            openai_chat.declared_tool_choice(body)
            if self.name == "openai"
            else body.get("tool_choice")
        )
        return DEFAULT_TOOL_CHOICE if choice is None else choice

    def pricing_output_format(self, body: Mapping[str, Any]) -> object:
        """The structured-output format the client's request carries (forwarded as it is,
        so priced in the budget: ``FitOptions.response_format``); None: none, or one the
        provider does not bill (Gemini's). One this library cannot read is the provider's
        to refuse: priced by its JSON (as a schema named nothing), never refused here."""
        spec = output_format_of(body, self.name)
        if spec is None:
            return None
        try:  # (as this wire's writer would write it: one it refuses is priced so too)
            provider_format(self.format).output_format(read_output_format(spec))
        except ArgumentError:
            schema = spec if isinstance(spec, Mapping) else {"value": spec}
            return {"type": "json_schema", "json_schema": {"name": "", "schema": schema}}
        return spec

    def merge(self, body: Mapping[str, Any], prepared: Mapping[str, Any]) -> dict[str, Any]:
        """The client's request with the fitted conversation in place of its own; every
        other parameter (tools, sampling, stream, max tokens) is the client's, unchanged."""
        out = dict(body)
        out[self.messages_key] = prepared[self.messages_key]
        if self.name == "anthropic":
            if prepared.get("system"):
                out["system"] = prepared["system"]
            else:
                out.pop("system", None)
        elif self.name == "openai-responses" and isinstance(body.get("instructions"), str):
            # the instructions were priced as the leading system item; they travel as the
            # client sent them
            items = list(prepared["input"])
            if items and items[0].get("role") == "system":
                items = items[1:]
            out["input"] = items
        return out

    def upstream_headers(self, body: Mapping[str, Any], headers: dict[str, str]) -> dict[str, str]:
        """``headers`` (lower-case names) for sending ``body`` upstream: an Anthropic body
        gets the betas it needs beside the client's own (``anthropic.betas_needed``: the
        Files API's for a file by id, server-side compaction's for a compaction block). The
        fit may send a file the client's request did not carry (an earlier turn kept from
        the session), and Anthropic refuses a file id without the beta; the library's client
        adds them the same way (``anthropic.sdk_kwargs``).

        >>> body = {"messages": [{"role": "user", "content": [{"type": "document",
        ...     "source": {"type": "file", "file_id": "file_1"}}]}]}
        >>> WIRES["anthropic"].upstream_headers(body, {"anthropic-beta": "pdfs-2024-09-25"})
        {'anthropic-beta': 'pdfs-2024-09-25,files-api-2025-04-14'}
        """
        if self.upstream != "anthropic":
            return headers
        betas = [b.strip() for b in headers.get("anthropic-beta", "").split(",") if b.strip()]
        needed = anthropic.betas_needed(body, betas)
        if not needed:
            return headers
        return {**headers, "anthropic-beta": ",".join([*betas, *needed])}

    def error_body(self, message: str, kind: str, code: str | None = None) -> dict[str, Any]:
        """The provider's own error JSON."""
        if self.upstream == "anthropic":
            return _anthropic_error(message, kind, code)
        return _openai_error(message, kind, code)

    def stream_error(self, message: str) -> bytes:
        """The event a provider ends a failed stream with, which the official SDKs raise
        as an error (``APIError``): Anthropic's ``error`` event, OpenAI's ``error`` chunk
        (on Responses, an ``error`` event carrying it).

        >>> WIRES["anthropic"].stream_error("cut")
        b'event: error\\ndata: {"type": "error", "error": {"type": "api_error", "message": "cut"}}\\n\\n'
        """
        error = self.error_body(message, "api_error", "upstream_stream_failed")
        if self.name == "openai-responses":
            error = {"type": "error", "code": "upstream_stream_failed", "message": message,
                     "param": None, **error}  # fmt: skip
        head = b"" if self.name == "openai" else b"event: error\n"
        return head + b"data: " + json.dumps(error).encode() + b"\n\n"


WIRES: dict[WireName, Wire] = {
    "openai": Wire(
        "openai",
        "openai",
        "messages",
        None,
        ("max_completion_tokens", "max_tokens"),
        "openai",
        "/chat/completions",
    ),
    "anthropic": Wire(
        "anthropic", "anthropic", "messages", "system", ("max_tokens",), "anthropic", "/v1/messages"
    ),
    "openai-responses": Wire(
        "openai-responses",
        "openai-responses",
        "input",
        "instructions",
        ("max_output_tokens",),
        "openai",
        "/responses",
    ),
}
