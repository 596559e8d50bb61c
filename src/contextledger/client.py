"""Send a prepared request with the official ``openai`` or ``anthropic`` client, streaming.

:func:`send` takes a :class:`~contextledger.prepare.Prepared` request, streams the reply
(text deltas go to ``on_text`` as they arrive), and assembles the assistant
:class:`~contextledger.model.Message`: text, tool calls (arguments kept verbatim, exactly
as streamed) and, from Anthropic, thinking blocks with their signatures. The provider's
reported usage comes back next to our estimate, so :func:`usage_record` can store the
estimate's error per model.

OpenAI Chat requests go to any OpenAI-compatible base URL (``OPENAI_BASE_URL``);
Anthropic requests use the Messages API. Clients are built with a bounded timeout and
bounded retries (:func:`openai_client`, :func:`anthropic_client`); pass your own to reuse
connections. Every provider failure (HTTP status, timeout, refused connection, a stream
that ends with nothing or cannot be read) raises :class:`SendError` carrying the
provider's own message.

>>> from contextledger.model import Message
>>> reply = Reply(Message.assistant("hi"), Usage(1180, 12), estimated_input=1234, model="gpt-4o")
>>> usage_record(reply)
{'model': 'gpt-4o', 'estimated': 1234, 'reported': 1180, 'error_pct': 4.6, 'output_tokens': 12}
>>> describe_usage(usage_record(reply))
'gpt-4o: estimated 1,234 input tokens, provider reported 1,180 (estimate +4.6%); 12 output tokens'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .config import Config, load_config
from .errors import SendError
from .model import Block, Message, Reasoning, Text, ToolCall

if TYPE_CHECKING:
    import anthropic
    import openai

    from .prepare import Prepared

__all__ = [
    "DEFAULT_RETRIES",
    "DEFAULT_TIMEOUT",
    "Reply",
    "Usage",
    "anthropic_client",
    "describe_usage",
    "openai_client",
    "sdk_client",
    "send",
    "usage_record",
    "usage_summary",
]

#: Seconds for connect and for each read while streaming (a stalled stream fails this fast).
DEFAULT_TIMEOUT = 60.0
#: Retries for connection errors, 408/409/429 and 5xx (the official clients' own retry logic).
DEFAULT_RETRIES = 2


@dataclass(frozen=True, slots=True)
class Usage:
    """Token usage as the provider reported it. ``input_tokens`` counts everything that
    occupied the context (Anthropic's cache reads and writes included)."""

    input_tokens: int
    output_tokens: int
    cached_input_tokens: int = 0


@dataclass(frozen=True, slots=True)
class Reply:
    """The assistant's reply, the provider's usage (None when it reported none) and our
    estimate of the input (``prepared.report.used``).

    ``finish_reason`` is the provider's (``stop``, ``length``, ``tool_calls``,
    ``end_turn``, ``max_tokens``…); ``response_model`` the model the provider says answered.
    """

    message: Message
    usage: Usage | None
    estimated_input: int
    model: str
    finish_reason: str | None = None
    response_model: str | None = None
    request_id: str | None = None
    refusal: str | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def text(self) -> str:
        return self.message.text

    @property
    def truncated(self) -> bool:
        """True when the reply stopped at the output-token limit."""
        return self.finish_reason in ("length", "max_tokens")


# --------------------------------------------------------------------------- clients


#: Per official SDK: its module and client class, the Config fields for its key and base
#: URL, and what to say when the key is missing.
_SDKS: dict[str, tuple[str, str, str, str]] = {
    "openai": (
        "OpenAI",
        "openai_api_key",
        "openai_base_url",
        "OPENAI_API_KEY is not set (put it in the environment or in .env), "
        "or set OPENAI_BASE_URL to an OpenAI-compatible server",
    ),
    "anthropic": (
        "Anthropic",
        "anthropic_api_key",
        "anthropic_base_url",
        "ANTHROPIC_API_KEY is not set (put it in the environment or in .env)",
    ),
}


def sdk_client(
    sdk: str,
    config: Config | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_retries: int = DEFAULT_RETRIES,
    model: str = "",
) -> Any:
    """The official ``sdk`` client (``openai`` or ``anthropic``) for ``config`` (default:
    :func:`load_config`), with a bounded timeout and bounded retries.

    A custom base URL without a key gets a placeholder key (local servers take any);
    the official endpoint without a key raises :class:`SendError` (naming ``model``)
    before any request.
    """
    import importlib

    if sdk not in _SDKS:
        raise SendError(sdk, model, "unsupported", f"no official client for {sdk!r} here")
    class_name, key_field, url_field, missing = _SDKS[sdk]
    cfg = config if config is not None else load_config()
    key: str | None = getattr(cfg, key_field)
    base_url: str | None = getattr(cfg, url_field)
    if not key:
        if not base_url:
            raise SendError(sdk, model, "config", missing)
        key = "unused"
    module = importlib.import_module(sdk)
    return getattr(module, class_name)(
        api_key=key, base_url=base_url, timeout=timeout, max_retries=max_retries
    )


def openai_client(
    config: Config | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_retries: int = DEFAULT_RETRIES,
) -> openai.OpenAI:
    """An ``openai.OpenAI`` client for ``config`` (see :func:`sdk_client`).

    >>> c = openai_client(Config(data_dir=__import__("pathlib").Path("/d"),
    ...                          openai_base_url="http://127.0.0.1:9/v1"), timeout=5)
    >>> str(c.base_url), c.timeout, c.max_retries
    ('http://127.0.0.1:9/v1/', 5, 2)
    """
    client: openai.OpenAI = sdk_client("openai", config, timeout=timeout, max_retries=max_retries)
    return client


def anthropic_client(
    config: Config | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_retries: int = DEFAULT_RETRIES,
) -> anthropic.Anthropic:
    """An ``anthropic.Anthropic`` client for ``config`` (see :func:`sdk_client`)."""
    client: anthropic.Anthropic = sdk_client(
        "anthropic", config, timeout=timeout, max_retries=max_retries
    )
    return client


# --------------------------------------------------------------------------- send


def send(
    prepared: Prepared,
    *,
    openai_client: openai.OpenAI | None = None,
    anthropic_client: anthropic.Anthropic | None = None,
    config: Config | None = None,
    on_text: Callable[[str], None] | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    max_retries: int = DEFAULT_RETRIES,
) -> Reply:
    """Send ``prepared.body`` with the official client for ``prepared.format``, streaming.

    Text deltas go to ``on_text`` as they arrive. Clients not given are built from
    ``config`` with ``timeout`` and ``max_retries``. Raises :class:`SendError` for every
    provider failure, and for formats this layer does not send (``openai-responses``,
    ``gemini``) before anything leaves the machine.
    """
    if prepared.format == "openai":
        client = openai_client or sdk_client(
            "openai", config, timeout=timeout, max_retries=max_retries, model=prepared.model
        )
        return _send_openai(client, prepared, on_text)
    if prepared.format == "anthropic":
        aclient = anthropic_client or sdk_client(
            "anthropic", config, timeout=timeout, max_retries=max_retries, model=prepared.model
        )
        return _send_anthropic(aclient, prepared, on_text)
    raise SendError(
        prepared.format,
        prepared.model,
        "unsupported",
        "this client sends OpenAI Chat ('openai') and Anthropic ('anthropic') requests; "
        f"pass target='openai' to the Preparer or send body with your own {prepared.format} client",
    )


def _incomplete(
    provider: str, model: str, count: int, unit: str, end: str, partial: Message
) -> SendError:
    """A stream that stopped before the provider said it was done (what arrived is kept)."""
    what = (
        f"no {unit}s at all"
        if count == 0
        else f"{count} {unit}(s) but no {end}: the reply is incomplete"
    )
    return SendError(provider, model, "protocol", f"the stream ended with {what}", partial=partial)


def _send_error(sdk: Any, provider: str, model: str, exc: BaseException) -> SendError:
    """One mapping for both official SDKs (they share their exception names)."""
    if isinstance(exc, sdk.APIStatusError):
        msg, code = _provider_message(exc.body, _first_line(exc))
        return SendError(provider, model, "status", msg, status=exc.status_code, code=code)
    if isinstance(exc, sdk.APITimeoutError):  # before APIConnectionError, its parent
        return SendError(provider, model, "timeout", _first_line(exc))
    if isinstance(exc, sdk.APIConnectionError):
        return SendError(provider, model, "connection", _first_line(exc))
    if isinstance(exc, sdk.APIError):  # an error event inside the stream
        msg, code = _provider_message(exc.body, _first_line(exc))
        return SendError(provider, model, "protocol", msg, code=code)
    if isinstance(exc, ValueError | TypeError | AttributeError | KeyError):
        return SendError(
            provider, model, "protocol", f"the stream could not be read ({_first_line(exc)})"
        )
    return SendError(provider, model, "protocol", _first_line(exc))


def _provider_message(body: object, fallback: str) -> tuple[str, str | None]:
    """The provider's own error sentence from an error body (OpenAI or Anthropic shape)."""
    if isinstance(body, Mapping):
        inner = body.get("error", body)
        if isinstance(inner, Mapping):
            msg = inner.get("message")
            code = inner.get("code") or inner.get("type")
            if isinstance(msg, str) and msg:
                return msg, code if isinstance(code, str) else None
        msg = body.get("message")
        if isinstance(msg, str) and msg:
            return msg, None
    if isinstance(body, str) and body.strip():
        return body.strip()[:500], None
    return fallback, None


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0][:300] if lines else type(exc).__name__


@dataclass(slots=True)
class _PartialCall:
    id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)


def _send_openai(
    client: openai.OpenAI, prepared: Prepared, on_text: Callable[[str], None] | None
) -> Reply:
    import openai

    model = prepared.model
    text: list[str] = []
    refusal: list[str] = []
    calls: dict[int, _PartialCall] = {}
    usage: Usage | None = None
    finish: str | None = None
    response_model: str | None = None
    request_id: str | None = None
    chunks = 0
    try:
        stream = client.chat.completions.create(
            **prepared.body, stream=True, stream_options={"include_usage": True}
        )
        with stream:
            request_id = stream.response.headers.get("x-request-id")
            for chunk in stream:
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
    except (openai.OpenAIError, ValueError, TypeError, AttributeError, KeyError) as exc:
        raise _send_error(openai, "openai", model, exc) from exc
    blocks: list[Block] = []
    if text:
        blocks.append(Text("".join(text)))
    if refusal:
        blocks.append(Text("".join(refusal)))
    for index in sorted(calls):
        part = calls[index]
        if not part.id or not part.name:
            raise SendError(
                "openai", model, "protocol", f"tool call {index} arrived without an id or a name"
            )
        blocks.append(ToolCall(part.id, part.name, "".join(part.arguments)))
    message = Message("assistant", tuple(blocks))
    if finish is None:
        raise _incomplete("openai", model, chunks, "chunk", "finish reason", message)
    return Reply(
        message,
        usage,
        prepared.report.used,
        model,
        finish,
        response_model,
        request_id,
        "".join(refusal) or None,
    )


def _send_anthropic(
    client: anthropic.Anthropic, prepared: Prepared, on_text: Callable[[str], None] | None
) -> Reply:
    import anthropic

    model = prepared.model
    blocks: dict[int, dict[str, Any]] = {}
    input_tokens: int | None = None
    cached = 0
    output_tokens = 0
    finish: str | None = None
    response_model: str | None = None
    request_id: str | None = None
    events = 0
    try:
        stream = client.messages.create(**prepared.body, stream=True)
        with stream:
            request_id = stream.response.headers.get("request-id")
            for event in stream:
                events += 1
                ev: Any = event
                kind = ev.type
                if kind == "message_start":
                    response_model = ev.message.model
                    u = ev.message.usage
                    created = getattr(u, "cache_creation_input_tokens", None) or 0
                    read = getattr(u, "cache_read_input_tokens", None) or 0
                    input_tokens = (u.input_tokens or 0) + created + read
                    cached = read
                    output_tokens = u.output_tokens or 0
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
                elif kind == "message_delta":
                    finish = ev.delta.stop_reason or finish
                    if ev.usage is not None and ev.usage.output_tokens is not None:
                        output_tokens = ev.usage.output_tokens
    except (anthropic.AnthropicError, ValueError, TypeError, AttributeError, KeyError) as exc:
        raise _send_error(anthropic, "anthropic", model, exc) from exc
    out: list[Block] = []
    notes: list[str] = []
    for index in sorted(blocks):
        b = blocks[index]
        if b["type"] == "text":
            joined = "".join(b["parts"])
            if joined:
                out.append(Text(joined))
        elif b["type"] == "tool_use":
            args = "".join(b["parts"]) or json.dumps(b.get("input") or {}, ensure_ascii=False)
            out.append(ToolCall(b["id"], b["name"], args))
        elif b["type"] == "thinking":
            out.append(
                Reasoning("anthropic", "".join(b.get("thinking", ())), signature=b.get("signature"))
            )
        elif b["type"] == "redacted_thinking":
            out.append(Reasoning("anthropic", redacted=True, encrypted=b.get("data")))
        else:
            notes.append(f"a {b['type']} block in the reply was not kept (not a message block)")
    message = Message("assistant", tuple(out))
    if finish is None:
        raise _incomplete("anthropic", model, events, "event", "stop reason", message)
    usage = Usage(input_tokens, output_tokens, cached) if input_tokens is not None else None
    return Reply(
        message,
        usage,
        prepared.report.used,
        model,
        finish,
        response_model,
        request_id,
        None,
        tuple(notes),
    )


# --------------------------------------------------------------------------- usage


def usage_record(reply: Reply) -> dict[str, Any]:
    """The ``usage`` event a session stores: our estimate against the provider's count.

    ``error_pct`` is (estimated − reported) / reported × 100, one decimal: positive
    means we over-estimated (safe), negative means the request was bigger than we thought.
    ``reported`` and ``error_pct`` are None when the provider reported no usage.

    >>> from contextledger.model import Message
    >>> usage_record(Reply(Message.assistant("x"), None, 50, "m"))["error_pct"] is None
    True
    """
    reported = reply.usage.input_tokens if reply.usage is not None else None
    error = round((reply.estimated_input - reported) / reported * 100, 1) if reported else None
    return {
        "model": reply.model,
        "estimated": reply.estimated_input,
        "reported": reported,
        "error_pct": error,
        "output_tokens": reply.usage.output_tokens if reply.usage is not None else None,
    }


def describe_usage(record: Mapping[str, Any]) -> str:
    """One line for a person from a :func:`usage_record` (e.g. a stored event's data).

    >>> describe_usage({"model": "m", "estimated": 10, "reported": None, "error_pct": None})
    'm: estimated 10 input tokens, the provider reported no usage'
    """
    est = record.get("estimated")
    head = (
        f"{record.get('model')}: estimated {est:,} input tokens"
        if isinstance(est, int)
        else (f"{record.get('model')}: no estimate")
    )
    reported = record.get("reported")
    if not isinstance(reported, int):
        return f"{head}, the provider reported no usage"
    line = f"{head}, provider reported {reported:,}"
    err = record.get("error_pct")
    if isinstance(err, int | float):
        line += f" (estimate {err:+.1f}%)"
    out = record.get("output_tokens")
    if isinstance(out, int):
        line += f"; {out:,} output tokens"
    return line


def usage_summary(records: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per model: turns, turns with a reported count, mean and worst estimate error (%).

    >>> usage_summary([{"model": "a", "estimated": 110, "reported": 100, "error_pct": 10.0},
    ...                {"model": "a", "estimated": 95, "reported": 100, "error_pct": -5.0}])
    {'a': {'turns': 2, 'reported': 2, 'mean_error_pct': 2.5, 'worst_error_pct': 10.0}}
    """
    out: dict[str, dict[str, Any]] = {}
    errors: dict[str, list[float]] = {}
    for r in records:
        model = str(r.get("model"))
        row = out.setdefault(
            model, {"turns": 0, "reported": 0, "mean_error_pct": None, "worst_error_pct": None}
        )
        row["turns"] += 1
        err = r.get("error_pct")
        if isinstance(err, int | float):
            row["reported"] += 1
            errors.setdefault(model, []).append(float(err))
    for model, errs in errors.items():
        out[model]["mean_error_pct"] = round(sum(errs) / len(errs), 1)
        out[model]["worst_error_pct"] = max(errs, key=abs)
    return out
