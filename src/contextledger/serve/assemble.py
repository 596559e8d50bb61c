"""The assistant's reply, assembled from what the upstream sent (a JSON body or an SSE
stream fed in as it arrives), in the wire's own message shape and as our Message.

The bytes themselves go to the client untouched; this only reads a copy.

>>> a = Assembler("openai")
>>> a.feed(b'data: {"choices":[{"index":0,"delta":{"content":"Hel"}}]}\\n\\n')
>>> a.feed(b'data: {"choices":[{"index":0,"delta":{"content":"lo"},"finish_reason":"stop"}]}\\n\\n'
...        b'data: {"choices":[],"usage":{"prompt_tokens":9,"completion_tokens":2}}\\n\\ndata: [DONE]\\n\\n')
>>> a.done, a.message().text, (a.usage.input_tokens, a.usage.output_tokens)
(True, 'Hello', (9, 2))
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from ..errors import ContentError
from ..model import Message
from ..providers import anthropic, openai_chat, openai_responses
from ..reply import Usage
from .wire import WireName

__all__ = ["Assembler"]


class Assembler:
    """Reads a reply of one wire format: :meth:`feed` stream bytes or :meth:`load` a JSON
    body; then :meth:`message` is the assistant message and ``usage`` the provider's count.
    ``done`` says the reply ended the way the provider ends a complete one."""

    def __init__(self, wire: WireName) -> None:
        self.wire = wire
        self.usage: Usage | None = None
        self.finish_reason: str | None = None
        self.done = False
        self.raw: dict[str, Any] | list[Any] | None = None
        self.response_id: str | None = None  # OpenAI Responses: the reply's id (resp_…)
        self._buffer = b""
        # OpenAI Chat
        self._text: list[str] = []
        self._calls: dict[int, dict[str, Any]] = {}
        # Anthropic
        self._blocks: dict[int, dict[str, Any]] = {}
        self._json: dict[int, list[str]] = {}
        self._start_usage: Usage | None = None
        #: The provider's own error event inside the stream (its message), if it sent one.
        self.error: str | None = None

    # ------------------------------------------------------------------ input

    def load(self, body: Any) -> None:
        """A complete (non-streaming) reply body."""
        if not isinstance(body, dict):
            return
        if self.wire == "openai":
            choices = body.get("choices") or []
            if choices and isinstance(choices[0], dict):
                msg = choices[0].get("message") or {}
                self.finish_reason = choices[0].get("finish_reason")
                self.raw = {
                    "role": "assistant",
                    "content": msg.get("content"),
                    **({"tool_calls": msg["tool_calls"]} if msg.get("tool_calls") else {}),
                }
            self._openai_usage(body.get("usage"))
        elif self.wire == "anthropic":
            self.raw = {"role": "assistant", "content": body.get("content") or []}
            self.finish_reason = body.get("stop_reason")
            self.usage = anthropic.read_usage(body.get("usage") or {})
        else:
            self._responses(body)
        self.done = self.raw is not None

    @property
    def pending(self) -> bytes:
        """The bytes fed of an event not complete yet."""
        return self._buffer

    def feed(self, chunk: bytes) -> None:
        """Bytes of an SSE stream, in any split."""
        self._buffer += chunk
        while True:
            cut, sep = _event_end(self._buffer)
            if cut < 0:
                return
            event, self._buffer = self._buffer[:cut], self._buffer[cut + sep :]
            self._event(event)

    def _event(self, raw: bytes) -> None:
        data: list[str] = []
        for line in raw.decode("utf-8", "replace").splitlines():
            if line.startswith("data:"):
                data.append(line[5:].lstrip(" ") if line[5:6] == " " else line[5:])
        if not data:
            return
        text = "\n".join(data)
        if text == "[DONE]":
            self.done = self.done or self.wire == "openai"
            return
        try:
            payload = json.loads(text)
        except ValueError:
            return
        if not isinstance(payload, dict):
            return
        if payload.get("type") in ("error", "response.failed") or payload.get("error") is not None:
            self.error = _error_message(payload)
            return
        if self.wire == "openai":
            self._openai_chunk(payload)
        elif self.wire == "anthropic":
            self._anthropic_event(payload)
        else:
            kind = payload.get("type")
            if kind in ("response.completed", "response.incomplete") and isinstance(
                payload.get("response"), dict
            ):
                self._responses(payload["response"])
                self.done = True

    # ------------------------------------------------------------------ OpenAI Chat

    def _openai_usage(self, usage: Any) -> None:
        if isinstance(usage, dict) and "prompt_tokens" in usage:
            details = usage.get("prompt_tokens_details") or {}
            self.usage = Usage(
                int(usage.get("prompt_tokens") or 0),
                int(usage.get("completion_tokens") or 0),
                int(details.get("cached_tokens") or 0) if isinstance(details, dict) else 0,
            )

    def _openai_chunk(self, chunk: dict[str, Any]) -> None:
        self._openai_usage(chunk.get("usage"))
        for choice in chunk.get("choices") or []:
            if not isinstance(choice, dict) or choice.get("index", 0) != 0:
                continue
            delta = choice.get("delta") or {}
            if isinstance(delta.get("content"), str):
                self._text.append(delta["content"])
            for call in delta.get("tool_calls") or []:
                k = int(call.get("index", 0))
                slot = self._calls.setdefault(
                    k, {"id": "", "type": "function", "function": {"name": "", "arguments": ""}}
                )
                if call.get("id"):
                    slot["id"] = call["id"]
                fn = call.get("function") or {}
                if fn.get("name"):
                    slot["function"]["name"] += fn["name"]
                if fn.get("arguments"):
                    slot["function"]["arguments"] += fn["arguments"]
            if choice.get("finish_reason"):
                self.finish_reason = choice["finish_reason"]
        if self.finish_reason is not None:
            text = "".join(self._text)
            raw: dict[str, Any] = {"role": "assistant", "content": text or None}
            if self._calls:
                raw["tool_calls"] = [self._calls[k] for k in sorted(self._calls)]
            self.raw = raw

    # ------------------------------------------------------------------ Anthropic

    def _anthropic_event(self, ev: dict[str, Any]) -> None:
        kind = ev.get("type")
        if kind == "message_start":
            self._start_usage = anthropic.read_usage((ev.get("message") or {}).get("usage") or {})
        elif kind == "content_block_start":
            self._blocks[int(ev.get("index", 0))] = dict(ev.get("content_block") or {})
        elif kind == "content_block_delta":
            k = int(ev.get("index", 0))
            block = self._blocks.setdefault(k, {"type": "text", "text": ""})
            delta = ev.get("delta") or {}
            dtype = delta.get("type")
            if dtype == "text_delta":
                block["text"] = block.get("text", "") + delta.get("text", "")
            elif dtype == "input_json_delta":
                self._json.setdefault(k, []).append(delta.get("partial_json", ""))
            elif dtype == "thinking_delta":
                block["thinking"] = block.get("thinking", "") + delta.get("thinking", "")
            elif dtype == "signature_delta":
                block["signature"] = block.get("signature", "") + delta.get("signature", "")
        elif kind == "message_delta":
            self.finish_reason = (ev.get("delta") or {}).get("stop_reason") or self.finish_reason
            final = anthropic.read_usage(ev.get("usage") or {})
            start = self._start_usage
            # message_start has the input side; message_delta the final output (and, on
            # newer API versions, the input side again).
            self.usage = replace(start, output_tokens=final.output_tokens) if start else final
        elif kind == "message_stop":
            content: list[dict[str, Any]] = []
            for k in sorted(self._blocks):
                block = self._blocks[k]
                if block.get("type") in ("tool_use", "server_tool_use") and k in self._json:
                    joined = "".join(self._json[k])
                    try:
                        block["input"] = json.loads(joined) if joined else {}
                    except ValueError:
                        block["input"] = {}
                content.append(block)
            self.raw = {"role": "assistant", "content": content}
            self.done = True

    # ------------------------------------------------------------------ Responses

    def _responses(self, response: dict[str, Any]) -> None:
        if isinstance(response.get("id"), str):
            self.response_id = response["id"]
        output = response.get("output")
        if isinstance(output, list):
            self.raw = [
                item
                for item in output
                if isinstance(item, dict)
                and item.get("type") in ("message", "function_call", "reasoning")
            ]
        self.finish_reason = response.get("status")
        usage = response.get("usage") or {}
        if isinstance(usage, dict) and "input_tokens" in usage:
            details = usage.get("input_tokens_details") or {}
            self.usage = Usage(
                int(usage.get("input_tokens") or 0),
                int(usage.get("output_tokens") or 0),
                int(details.get("cached_tokens") or 0) if isinstance(details, dict) else 0,
            )

    # ------------------------------------------------------------------ output

    def message(self) -> Message | None:
        """The reply as our Message (None: nothing complete to record, or a reply our
        readers cannot represent)."""
        if self.raw is None or not self.done:
            return None
        try:
            if self.wire == "openai":
                out = openai_chat.read([self.raw])
            elif self.wire == "anthropic":
                out = anthropic.read({"messages": [self.raw]})
            else:
                out = openai_responses.read(self.raw) if self.raw else ()
        except ContentError:
            return None
        return out[0] if len(out) == 1 else None


def _error_message(payload: dict[str, Any]) -> str:
    """The message of an error event (Chat's ``error`` chunk, Anthropic's ``error`` event,
    Responses' ``error`` and ``response.failed``)."""
    error = payload.get("error")
    if not isinstance(error, dict):
        error = (payload.get("response") or {}).get("error") or payload
    message = error.get("message") if isinstance(error, dict) else None
    return str(message or "the provider reported an error inside the stream")


def _event_end(buffer: bytes) -> tuple[int, int]:
    """Where the first complete SSE event ends, and the separator's length (-1: none)."""
    best, size = -1, 0
    for sep in (b"\n\n", b"\r\n\r\n", b"\r\r"):
        k = buffer.find(sep)
        if k >= 0 and (best < 0 or k < best):
            best, size = k, len(sep)
    return best, size
