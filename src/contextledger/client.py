"""Send a prepared request with the official ``openai``, ``anthropic`` or ``google-genai``
client, streaming.

:func:`send` takes a :class:`~contextledger.prepare.Prepared` request, streams the reply
(text deltas go to ``on_text`` as they arrive), and assembles the assistant
:class:`~contextledger.model.Message`: text, tool calls (arguments kept verbatim, exactly
as streamed) and reasoning (Anthropic thinking blocks with their signatures, Responses reasoning items
with their encrypted content, Gemini thoughts and thought signatures). The provider's
reported usage comes back next to our estimate, so :func:`usage_record` can store the
estimate's error per model.

OpenAI Chat and Responses requests go to any OpenAI-compatible base URL
(``OPENAI_BASE_URL``); Anthropic requests use the Messages API (``ANTHROPIC_BASE_URL``);
Gemini requests use ``models.generate_content_stream`` (``GEMINI_BASE_URL``, carried in
the SDK's HTTP options). Clients are built with a bounded timeout and bounded retries
(:func:`openai_client`, :func:`anthropic_client`, :func:`gemini_client`); pass your own to
reuse connections. Every provider failure (HTTP status, timeout, refused connection, a stream
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

import importlib
from collections.abc import Callable, Iterable, Mapping
from contextlib import suppress
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .config import Config, load_config
from .errors import ContextLedgerError, SendError, StreamInterrupted
from .providers import REGISTRY, provider_format
from .reply import Reply

if TYPE_CHECKING:
    import anthropic
    import openai
    from google import genai


__all__ = [
    "DEFAULT_RETRIES",
    "DEFAULT_TIMEOUT",
    "anthropic_client",
    "complete",
    "describe_usage",
    "gemini_client",
    "openai_client",
    "sdk_client",
    "send",
    "usage_record",
    "usage_summary",
]

T = TypeVar("T")

#: Seconds for connect and for each read while streaming (a stalled stream fails this fast).
DEFAULT_TIMEOUT = 60.0
#: Retries for connection errors, 408/409/429 and 5xx (the official clients' own retry logic).
DEFAULT_RETRIES = 2


# --------------------------------------------------------------------------- clients


#: Per official SDK (its module name): its client class and base exception, and what to
#: say when the key is missing.
_SDKS: dict[str, tuple[str, str, str]] = {
    "openai": (
        "OpenAI",
        "OpenAIError",
        "OPENAI_API_KEY is not set (put it in the environment or in .env), "
        "or set OPENAI_BASE_URL to an OpenAI-compatible server",
    ),
    "anthropic": (
        "Anthropic",
        "AnthropicError",
        "ANTHROPIC_API_KEY is not set (put it in the environment or in .env)",
    ),
    "google.genai": (
        "Client",
        "errors.APIError",
        "GEMINI_API_KEY (or GOOGLE_API_KEY) is not set (put it in the environment or in .env)",
    ),
}


#: How an SDK's provider is named in messages (``google.genai`` speaks for Gemini).
_PROVIDER_NAMES = {"google.genai": "gemini"}


def sdk_client(
    sdk: str,
    config: Config | None = None,
    *,
    base_url: str | None = None,
    api_key: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    max_retries: int = DEFAULT_RETRIES,
    model: str = "",
) -> Any:
    """The official ``sdk`` client (``openai``, ``anthropic`` or ``google.genai``) for
    ``config`` (default: :func:`load_config`), with a bounded timeout and bounded retries. ``base_url`` and
    ``api_key``, when given, override the configured ones.

    A custom base URL without a key gets a placeholder key (local servers take any);
    the official endpoint without a key raises :class:`SendError` (naming ``model``)
    before any request.
    """
    import importlib

    if sdk not in _SDKS:
        raise SendError(sdk, model, "unsupported", f"no official client for {sdk!r} here")
    class_name, _, missing = _SDKS[sdk]
    cfg = config if config is not None else load_config()
    configured_url, configured_key = cfg.endpoint(sdk)
    key = api_key or configured_key
    base_url = base_url or configured_url
    if not key:
        if not base_url:
            raise SendError(_PROVIDER_NAMES.get(sdk, sdk), model, "config", missing)
        key = "unused"
    if sdk == "google.genai":
        return _gemini_client(key, base_url, timeout, max_retries)
    return getattr(importlib.import_module(sdk), class_name)(
        api_key=key, base_url=base_url, timeout=timeout, max_retries=max_retries
    )


def _gemini_client(key: str, base_url: str | None, timeout: float, max_retries: int) -> Any:
    """A ``google.genai.Client`` for the Gemini Developer API; its HTTP options carry the
    base URL (a stub's in tests), the timeout (milliseconds) and the bounded retries."""
    from google import genai
    from google.genai import types

    options = types.HttpOptions(
        base_url=base_url,
        timeout=max(1, int(timeout * 1000)),
        # the same policy as the other official clients: ~0.5 s, 1 s, 2 s… between tries
        retry_options=types.HttpRetryOptions(
            attempts=max_retries + 1, initial_delay=0.5, max_delay=8.0
        ),
    )
    # vertexai=False: the Developer API our settings describe, whatever GOOGLE_GENAI_USE_VERTEXAI says
    return genai.Client(vertexai=False, api_key=key, http_options=options)


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


def gemini_client(
    config: Config | None = None,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_retries: int = DEFAULT_RETRIES,
) -> genai.Client:
    """A ``google.genai.Client`` for ``config`` (see :func:`sdk_client`): the Gemini
    Developer API, or ``GEMINI_BASE_URL`` (a gateway, a test stub) through its HTTP options.

    >>> c = gemini_client(Config(data_dir=__import__("pathlib").Path("/d"),
    ...                          gemini_base_url="http://127.0.0.1:9"), timeout=5)
    >>> c._api_client._http_options.base_url
    'http://127.0.0.1:9'
    """
    client: genai.Client = sdk_client(
        "google.genai", config, timeout=timeout, max_retries=max_retries
    )
    return client


# --------------------------------------------------------------------------- send


class _Priced(Protocol):
    @property
    def used(self) -> int: ...


class Sendable(Protocol):
    """What :func:`send` needs of a request; :class:`~contextledger.prepare.Prepared` is one.
    (A protocol, not an import: the client layer sits below ``prepare``.)"""

    @property
    def body(self) -> dict[str, Any]: ...
    @property
    def format(self) -> str: ...
    @property
    def model(self) -> str: ...
    @property
    def report(self) -> _Priced: ...


def send(
    prepared: Sendable,
    *,
    client: Any = None,
    openai_client: openai.OpenAI | None = None,
    anthropic_client: anthropic.Anthropic | None = None,
    gemini_client: genai.Client | None = None,
    config: Config | None = None,
    on_text: Callable[[str], None] | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    max_retries: int = DEFAULT_RETRIES,
) -> Reply:
    """Send ``prepared.body`` with the official client for ``prepared.format``, streaming.

    Text deltas go to ``on_text`` as they arrive. ``client`` (or ``openai_client`` /
    ``anthropic_client`` / ``gemini_client``, matched to the format's SDK) is used when
    given; otherwise one is built from ``config`` with ``timeout`` and ``max_retries``.
    Raises :class:`SendError` for every provider failure, and for a format no official
    client here sends, before anything leaves the machine.
    """
    fmt = provider_format(prepared.format)
    if fmt.sdk is None or fmt.stream is None:
        sent = " and ".join(f"{f.title} ('{f.name}')" for f in REGISTRY.values() if f.sends)
        raise SendError(
            prepared.format,
            prepared.model,
            "unsupported",
            f"this client sends {sent} requests; pass target='openai' to the Preparer "
            f"or send body with your own {prepared.format} client",
        )
    stream = fmt.stream
    given = client or {
        "openai": openai_client,
        "anthropic": anthropic_client,
        "google.genai": gemini_client,
    }.get(fmt.sdk)
    sdk = given or sdk_client(
        fmt.sdk, config, timeout=timeout, max_retries=max_retries, model=prepared.model
    )
    reply = _mapping_errors(
        fmt.sdk,
        fmt.name,
        prepared.model,
        lambda: stream(
            sdk,
            prepared.body,
            model=prepared.model,
            estimated_input=prepared.report.used,
            on_text=on_text,
        ),
    )
    # the model calls a renamed tool by its wire name: the app gets the name it declared
    return reply.with_tool_names(getattr(prepared, "tool_names", {}))


def complete(fmt_name: str, body: Mapping[str, Any], *, client: Any, model: str) -> object:
    """Send ``body`` in format ``fmt_name`` without streaming; the reply's text as the SDK
    gave it (the caller judges an empty or non-text reply). Raises :class:`SendError` for
    every provider failure, mapped as :func:`send` maps them."""
    fmt = provider_format(fmt_name)
    if fmt.sdk is None or fmt.complete is None:
        raise SendError(fmt.name, model, "unsupported", "this client does not send this format")
    done = fmt.complete
    return _mapping_errors(fmt.sdk, fmt.name, model, lambda: done(client, body))


def _mapping_errors(sdk_name: str, provider: str, model: str, call: Callable[[], T]) -> T:
    """Run ``call``; any SDK or transport failure, or an unreadable reply, becomes one
    :class:`SendError` (a stream that broke off midway: kind ``interrupted``, carrying
    what arrived in ``partial``; it is never returned as a reply)."""
    try:
        return call()
    except ContextLedgerError:  # our own typed errors (a bad body, a broken stream)
        raise
    except StreamInterrupted as broken:
        cause = _as_send_error(sdk_name, provider, model, broken.cause)
        said = cause.message if cause is not None else _first_line(broken.cause)
        raise SendError(
            provider,
            model,
            "interrupted",
            f"{said} (after {broken.count} {broken.unit}(s); what arrived is in .partial)",
            status=cause.status if cause is not None else None,
            code=cause.code if cause is not None else None,
            partial=broken.partial,
        ) from broken.cause
    except Exception as exc:
        error = _as_send_error(sdk_name, provider, model, exc)
        if error is None:
            raise
        raise error from exc


def _as_send_error(
    sdk_name: str, provider: str, model: str, exc: BaseException
) -> SendError | None:
    """``exc`` as a :class:`SendError`; None for an exception that is not a provider
    failure (a bug here: it propagates as it is)."""
    if sdk_name == "google.genai":
        return _gemini_error(provider, model, exc)
    sdk = importlib.import_module(sdk_name)
    base: type[Exception] = getattr(sdk, _SDKS[sdk_name][1])
    if isinstance(exc, base | ValueError | TypeError | AttributeError | KeyError | IndexError):
        return _send_error(sdk, provider, model, exc)
    return _transport_error(provider, model, exc)


def _transport_error(provider: str, model: str, exc: BaseException) -> SendError | None:
    """An HTTP library's own exception that an SDK let through (the ``anthropic`` SDK
    does while it reads a stream): ``httpx``'s, or ``httpx2``'s (a fork of httpx under
    its own names, which the anthropic and google-genai SDKs use)."""
    import httpx

    libraries: list[Any] = [httpx]
    with suppress(ImportError):
        import httpx2

        libraries.append(httpx2)
    for lib in libraries:
        if isinstance(exc, lib.TimeoutException):
            return SendError(provider, model, "timeout", _first_line(exc))
        if isinstance(exc, lib.TransportError):
            return SendError(provider, model, "connection", _first_line(exc))
        if isinstance(exc, lib.HTTPError):
            return SendError(provider, model, "protocol", _first_line(exc))
    return None


def _gemini_error(provider: str, model: str, exc: BaseException) -> SendError | None:
    """The google-genai SDK raises ``errors.APIError`` (with the HTTP code and the
    provider's message) for statuses and lets its HTTP library's transport errors through
    (see :func:`_transport_error`)."""
    from google.genai import errors

    if isinstance(exc, errors.APIError):
        msg = exc.message or _first_line(exc)
        if exc.code is None or exc.code < 100:  # an error inside a 200 stream
            return SendError(provider, model, "protocol", msg, code=exc.status)
        return SendError(provider, model, "status", msg, status=exc.code, code=exc.status)
    if isinstance(exc, errors.UnknownApiResponseError):
        return SendError(provider, model, "protocol", _first_line(exc))
    found = _transport_error(provider, model, exc)
    if found is None and isinstance(
        exc, ValueError | TypeError | AttributeError | KeyError | IndexError
    ):
        return SendError(
            provider, model, "protocol", f"the reply could not be read ({_first_line(exc)})"
        )
    return found


def _send_error(sdk: Any, provider: str, model: str, exc: BaseException) -> SendError:
    """The one mapping from SDK exceptions to :class:`SendError` (the official SDKs share
    their exception names)."""
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
    if isinstance(exc, ValueError | TypeError | AttributeError | KeyError | IndexError):
        return SendError(
            provider, model, "protocol", f"the reply could not be read ({_first_line(exc)})"
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
