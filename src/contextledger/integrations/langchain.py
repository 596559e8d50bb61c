"""LangChain v1: a ``create_agent`` middleware and a ``trim_messages`` that keeps tool pairs.

``pip install 'contextledger[langchain]'``

>>> from langchain.agents import create_agent                      # doctest: +SKIP
>>> from contextledger.integrations.langchain import ContextLedgerMiddleware
>>> fit_context = ContextLedgerMiddleware(model="claude-sonnet-4-6", window=32_000)
>>> agent = create_agent(llm, tools, middleware=[fit_context])      # doctest: +SKIP

The middleware changes only what the model sees (``wrap_model_call``): the agent's
``messages`` state keeps every message. Messages kept untouched are sent as the very objects
the state holds (ids, ``additional_kwargs`` and reasoning intact); a shrunk or replaced one is
a copy with new content. The report lands in the agent state under ``"contextledger"`` (a
dict), in ``middleware.last_report``, and in the ``on_report`` callback.

Conversion goes through LangChain's own ``convert_to_openai_messages`` and contextledger's
OpenAI Chat reader; reasoning blocks (``reasoning``, Anthropic ``thinking``) are read into
``Reasoning`` blocks so they are priced when the model's provider takes them back.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Annotated, Any, Literal, NotRequired, cast

from langchain.agents.middleware.types import (
    AgentMiddleware,
    AgentState,
    ExtendedModelResponse,
    ModelRequest,
    ModelResponse,
    OmitFromInput,
)
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import (
    AIMessage,
    AnyMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
    convert_to_messages,
    convert_to_openai_messages,
)
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.types import Command

from ..catalog import Catalog, ModelInfo, lookup_model
from ..errors import ContentError
from ..model import Block, Message, Reasoning, ToolCall, ToolResult
from ..prepare import PrepareReport
from ..pricing.messages import request_overhead
from ..providers import read_messages, translate
from ..report import Notice
from ._engine import Engine, EnginesByModel, Fitted, ReadCache, ReportCallback, on_azure

__all__ = [
    "ContextLedgerMiddleware",
    "ContextLedgerState",
    "LangChainFit",
    "fit_messages",
    "from_messages",
    "to_messages",
    "trim_messages",
]

STATE_KEY = "contextledger"
_REASONING_TYPES = frozenset({"reasoning", "thinking", "redacted_thinking"})


# ----------------------------------------------------------------------------- conversion


def to_messages(
    messages: Sequence[BaseMessage], cache: ReadCache | None = None
) -> tuple[Message, ...]:
    """LangChain messages → ``Message`` values, one for one, ids from the LangChain ids
    (position ``lc<i>`` where a message has none or shares one)."""
    out: list[Message] = []
    seen: set[str] = set()
    for i, lc in enumerate(messages):
        mid = lc.id if isinstance(lc.id, str) and lc.id and lc.id not in seen else f"lc{i}"
        seen.add(mid)
        m = cache.get(lc) if cache is not None else None
        if m is None:
            m = _read_one(lc, i, mid)
            if cache is not None:
                cache.put(lc, m)
        out.append(m if m.id == mid else replace(m, id=mid))
    return tuple(out)


def _read_one(lc: BaseMessage, i: int, mid: str) -> Message:
    try:
        wire = convert_to_openai_messages(_url_files_by_reference(lc))
    except ValueError as exc:  # LangChain's own refusal ("Key base64 is required …"): typed
        raise ContentError(f"messages[{i}]", f"LangChain cannot convert it: {exc}") from None
    reasoning: list[Block] = []
    content = wire.get("content")
    if isinstance(content, list) and any(
        isinstance(p, Mapping) and p.get("type") in _REASONING_TYPES for p in content
    ):
        reasoning = [_reasoning(p) for p in content if p.get("type") in _REASONING_TYPES]
        kept = [p for p in content if p.get("type") not in _REASONING_TYPES]
        wire = {**wire, "content": kept or ("" if wire.get("tool_calls") is None else None)}
    try:
        read = read_messages([wire], "openai")
    except ContentError as exc:
        raise ContentError(
            f"messages[{i}]{exc.path.removeprefix('messages[0]')}", exc.reason
        ) from None
    if len(read) != 1:  # an assistant turn with nothing in it still counts as one turn
        raise ContentError(f"messages[{i}]", f"{type(lc).__name__} has no content to send")
    m = read[0]
    return Message(m.role, (*reasoning, *m.content), id=mid, name=m.name)


def _url_files_by_reference(lc: BaseMessage) -> BaseMessage:
    """``lc`` with each file by URL (LangChain's ``{"type": "file", "url": …}``, or its v0
    ``"source_type": "url"``) as an OpenAI file by reference (``file_url``), which the
    readers keep as the provider's own block: sent where the target takes a file by URL
    (Responses, Anthropic), its rendition where not (Chat, reported), and priced as a file
    by reference (``file_pages=``). LangChain's Chat converter refuses them (ValueError)."""
    content = lc.content
    if not isinstance(content, list) or not any(map(_url_file, content)):
        return lc
    out: list[Any] = []
    for part in content:
        if isinstance(part, Mapping) and _url_file(part):
            extras = [part, part.get("extras") or {}, part.get("metadata") or {}]
            name = next((x.get("filename") for x in extras if x.get("filename")), None)
            spec = {"file_url": part["url"], **({"filename": name} if name else {})}
            part = {"type": "file", "file": spec}
        out.append(part)
    return lc.model_copy(update={"content": out})


def _url_file(part: object) -> bool:
    return (
        isinstance(part, Mapping)
        and part.get("type") == "file"
        and isinstance(part.get("url"), str)
        and part.get("source_type", "url") == "url"
    )


def _reasoning(part: Mapping[str, Any]) -> Reasoning:
    kind = part.get("type")
    if kind == "thinking":
        return Reasoning(
            "anthropic", text=str(part.get("thinking", "")), signature=part.get("signature")
        )
    if kind == "redacted_thinking":
        return Reasoning("anthropic", redacted=True, signature=str(part.get("data", "")))
    summary = part.get("summary")
    texts = tuple(
        str(s.get("text", "")) for s in summary or () if isinstance(s, Mapping)
    )  # Responses-style summaries
    return Reasoning(
        "openai-responses",
        text=str(part.get("reasoning", "")),
        item_id=part.get("id") if isinstance(part.get("id"), str) else None,
        encrypted=part.get("encrypted_content"),
        summary=texts,
    )


def from_messages(
    fitted: Sequence[Message],
    originals: Sequence[BaseMessage],
    read: Sequence[Message],
) -> list[BaseMessage]:
    """The fitted ``Message`` values back as LangChain messages: an untouched one is the
    original object, a changed one a copy with new content, a new one (a recap, a repair's
    stand-in result) a fresh message."""
    by_id = {m.id: (lc, m) for lc, m in zip(originals, read, strict=True)}
    out: list[BaseMessage] = []
    for m in fitted:
        hit = by_id.get(m.id)
        if hit is not None and (hit[1] is m or hit[1] == m):
            out.append(hit[0])
        elif hit is not None:
            out.append(_changed(hit[0], m))
        else:
            out.extend(_fresh(m))
    return out


def _changed(original: BaseMessage, m: Message) -> BaseMessage:
    """A copy of ``original`` carrying ``m``'s content (text shrunk, images replaced)."""
    update: dict[str, Any]
    if isinstance(original, ToolMessage):
        result = next(b for b in m.content if isinstance(b, ToolResult))
        update = {"content": _parts(result.content), "tool_call_id": result.call_id}
    else:
        plain = tuple(b for b in m.content if not isinstance(b, ToolCall | Reasoning))
        kept_reasoning = [
            p
            for p in (original.content if isinstance(original.content, list) else ())
            if isinstance(p, Mapping) and p.get("type") in _REASONING_TYPES
        ]
        parts = _parts(plain) if plain else []
        update = {"content": [*kept_reasoning, *parts] if kept_reasoning else parts}
        if isinstance(original, AIMessage):
            calls = [
                {"name": c.name, "args": c.parsed()[0] or {}, "id": c.id, "type": "tool_call"}
                for c in m.tool_calls
            ]
            if [c["id"] for c in calls] != [c.get("id") for c in original.tool_calls]:
                update["tool_calls"] = calls  # repair renamed a reused id
    return original.model_copy(update=update)


def _parts(blocks: Iterable[Block]) -> Any:
    """Content parts LangChain accepts (OpenAI Chat parts), or a plain string for text."""
    body = translate([Message("user", tuple(blocks))], "openai", validate=False).body
    content = body["messages"][0]["content"]
    return content


def _fresh(m: Message) -> list[BaseMessage]:
    wire = translate([m], "openai", validate=False).body["messages"]
    return list(convert_to_messages(wire))


# ----------------------------------------------------------------------------- fitting


@dataclass(frozen=True, slots=True)
class LangChainFit:
    """LangChain messages to send, and the report of what was dropped, shrunk or repaired."""

    messages: list[BaseMessage]
    report: PrepareReport

    @property
    def notices(self) -> tuple[Notice, ...]:
        return self.report.notices


def _fit(
    engine: Engine,
    messages: Sequence[BaseMessage],
    *,
    system: SystemMessage | None = None,
    tools: Sequence[Any] = (),
    key: Hashable = None,
    cache: ReadCache | None = None,
) -> tuple[LangChainFit, Fitted]:
    lc = [system, *messages] if system is not None else list(messages)
    read = to_messages(lc, cache)
    fitted = engine.fit(read, tools=_openai_tools(tools) or None, key=key)
    out = from_messages(fitted.messages, lc, read)
    if system is not None and out and out[0] is system:
        out = out[1:]
    return LangChainFit(out, fitted.report), fitted


def _openai_tools(tools: Sequence[Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for t in tools:
        try:
            out.append(convert_to_openai_tool(t))
        except (TypeError, ValueError):
            if isinstance(t, Mapping):  # a provider's built-in tool: priced as declared
                out.append({"type": "function", "function": {"name": str(t.get("type", "tool")),
                            "description": json.dumps(dict(t), default=str)}})  # fmt: skip
            else:
                raise
    return out


# A chat model's type (``_llm_type``) → the cloud route its requests take. A partner cloud
# serves models on its own schedule under its own names: an AzureChatOpenAI's ``gpt-4`` is an
# Azure deployment, served after OpenAI's own API shut gpt-4 down, so it is priced as
# ``azure/gpt-4``. (Bedrock's ids name their cloud already: anthropic.claude-…-v1:0.)
_CLOUD_ROUTES = {
    "azure-openai-chat": "azure",
    "vertexai": "vertex_ai",
    "anthropic-chat-vertexai": "vertex_ai",
}


def model_id(chat_model: object) -> str | None:
    """The model a LangChain chat model calls, spelt with the route it is reached by:
    AzureChatOpenAI's model (else its deployment, which ``register_alias`` can map) as
    ``azure/…``; Bedrock's base model for an inference-profile ARN (``base_model_id``);
    ChatLiteLLM's ``custom_llm_provider`` as the LiteLLM prefix; else ``model``,
    ``model_name`` or ``model_id``."""
    kind = _llm_type(chat_model)
    if kind == "azure-openai-chat":
        name = _text_attr(chat_model, "model_name", "deployment_name")
        return f"azure/{name}" if name else None
    name = _text_attr(chat_model, "base_model_id", "model", "model_name", "model_id")
    if name is None:
        return None
    provider = _text_attr(chat_model, "custom_llm_provider") if kind == "litellm-chat" else None
    if provider and not name.startswith(provider + "/"):
        return f"{provider}/{name}"
    route = _CLOUD_ROUTES.get(kind)
    if route is None and on_azure(getattr(chat_model, "openai_api_base", None)):
        route = "azure"  # ChatOpenAI on Azure OpenAI's v1 API: the model is a deployment
    return f"{route}/{name}" if route and not name.startswith(route + "/") else name


def _llm_type(chat_model: object) -> str:
    try:
        kind = getattr(chat_model, "_llm_type", "")
    except NotImplementedError:  # (a BaseChatModel subclass that leaves it abstract)
        return ""
    return kind if isinstance(kind, str) else ""


def _text_attr(obj: object, *names: str) -> str | None:
    """The first of ``obj``'s attributes ``names`` that holds a non-empty string."""
    for attr in names:
        value = getattr(obj, attr, None)
        if isinstance(value, str) and value:
            return value
    return None


def fit_messages(
    messages: Sequence[BaseMessage],
    model: str | ModelInfo,
    *,
    window: int | None = None,
    max_output_tokens: int | None = None,
    tools: Sequence[Any] = (),
    catalog: Catalog | None = None,
    **options: Any,
) -> LangChainFit:
    """Fit LangChain messages into ``model``'s window (or ``window``); see ``Preparer`` for
    ``options``. The newest human message is kept verbatim and tool calls stay with their
    results."""
    engine = Engine(
        model, window=window, max_output_tokens=max_output_tokens, catalog=catalog, **options
    )
    system = messages[0] if messages and isinstance(messages[0], SystemMessage) else None
    rest = messages[1:] if system is not None else messages
    return _fit(engine, rest, system=system, tools=tools)[0]


def trim_messages(
    messages: Iterable[Any],
    *,
    max_tokens: int,
    token_counter: str | BaseChatModel | Any = None,
    model: str | ModelInfo | None = None,
    strategy: Literal["last"] = "last",
    allow_partial: bool = True,
    end_on: Any = None,
    start_on: str | type[BaseMessage] | Sequence[str | type[BaseMessage]] | None = None,
    include_system: bool = True,
    text_splitter: Any = None,
    catalog: Catalog | None = None,
    on_report: ReportCallback | None = None,
    file_pages: Mapping[str, int] | None = None,
) -> list[BaseMessage]:
    """A drop-in for ``langchain_core.messages.trim_messages`` that prices as the provider
    bills and never splits a tool call from its results.

    ``max_tokens`` bounds the messages' exact price for ``model`` (or the model named by
    ``token_counter``: a model id or a LangChain chat model). The newest human message is
    kept verbatim, the system message is always kept, and older text may be shrunk to head +
    tail (``allow_partial``). ``start_on`` drops leading messages until one of that type,
    whole tool exchanges at a time. The report goes to ``on_report``. A file by id is sent as
    it came and priced at a bound (an estimate, said); ``file_pages`` (``{file_id: pages}``)
    declares its pages for an exact price. A state that ends on the AI's message is
    trimmed too (for Claude 4.6 and later, which take no such prefill, a notice says so).
    """
    if strategy != "last":
        raise ValueError(
            "trim_messages keeps the newest messages (strategy='last'); 'first' would drop "
            "the newest request, which contextledger never does"
        )
    if end_on is not None:
        raise ValueError("end_on is not supported: the newest message is always kept")
    if text_splitter is not None:
        raise ValueError("text_splitter is not supported: text is shrunk to head + tail by tokens")
    name = model if model is not None else _counter_model(token_counter)
    lc = list(convert_to_messages(messages))
    system = lc[0] if lc and isinstance(lc[0], SystemMessage) else None
    if system is not None and not include_system:
        raise ValueError(
            "include_system=False is not supported: the system prompt is never dropped"
        )
    engine = Engine(
        name,
        window=max_tokens + request_overhead(lookup_model(name, catalog, window=max_tokens)),
        max_output_tokens=0,
        catalog=catalog,
        shrink=allow_partial,
        file_pages=file_pages,
        allow_prefill=True,  # trimming a state (memory), not sending it: may end on the AI
    )
    result, _ = _fit(engine, lc[1:] if system else lc, system=system)
    out = [system, *result.messages] if system is not None else result.messages
    report = result.report
    if start_on is not None:
        out, dropped = _start_on(out, start_on, system is not None)
        if dropped:
            report = _with_notices(report, dropped)
    if on_report is not None:
        on_report(report)
    return out


def _counter_model(token_counter: Any) -> str:
    if isinstance(token_counter, str) and token_counter != "approximate":
        return token_counter
    name = model_id(token_counter) if token_counter is not None else None
    if name is None:
        raise ValueError(
            "pass model='…' (or token_counter=<a chat model or model id>): contextledger prices "
            "messages exactly for one model and never approximates"
        )
    return name


_TYPES: dict[str, type[BaseMessage]] = {
    "human": HumanMessage, "user": HumanMessage, "ai": AIMessage, "assistant": AIMessage,
    "system": SystemMessage, "tool": ToolMessage,
}  # fmt: skip


def _start_on(
    out: list[BaseMessage], start_on: Any, has_system: bool
) -> tuple[list[BaseMessage], list[BaseMessage]]:
    wanted = (
        start_on if isinstance(start_on, Sequence) and not isinstance(start_on, str) else [start_on]
    )
    types = tuple(_TYPES[w] if isinstance(w, str) else w for w in wanted)
    head = 1 if has_system else 0
    k = head
    while k < len(out) and not isinstance(out[k], types):
        k += 1
    if k >= len(out):
        return out, []
    # Only whole exchanges go: the first kept message is not a tool result by construction.
    return out[:head] + out[k:], out[head:k]


def _with_notices(report: PrepareReport, dropped: Sequence[BaseMessage]) -> PrepareReport:
    from dataclasses import replace

    extra = tuple(
        Notice(
            "dropped",
            m.id or "",
            f"A {m.type} message was dropped so the history starts on start_on.",
        )
        for m in dropped
    )
    return replace(report, notices=report.notices + extra)


# ----------------------------------------------------------------------------- middleware


class ContextLedgerState(AgentState[Any]):
    """The agent state, plus the last fit report (a dict) under ``"contextledger"``."""

    contextledger: NotRequired[Annotated[dict[str, Any], OmitFromInput]]


class ContextLedgerMiddleware(AgentMiddleware[ContextLedgerState, Any, Any]):
    """Fit every model call of a ``create_agent`` agent into the window, reporting drops.

    ``model`` is the model to price for: an id or a chat model (default: the agent's chat
    model, named with the cloud it is reached by: an AzureChatOpenAI's as ``azure/…``);
    ``window`` the context window to fit into (default: the model's). ``compaction=True``
    (or a ``summarizer``) recaps old turns instead of only dropping them; recaps are kept
    per LangGraph thread. Other options go to ``contextledger.prepare.Preparer``.
    """

    state_schema = ContextLedgerState

    def __init__(
        self,
        model: str | ModelInfo | BaseChatModel | None = None,
        *,
        window: int | None = None,
        max_output_tokens: int | None = None,
        catalog: Catalog | None = None,
        on_report: ReportCallback | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.model = model
        self.on_report = on_report
        self._settings: dict[str, Any] = {
            "window": window,
            "max_output_tokens": max_output_tokens,
            "catalog": catalog,
            **options,
        }
        self._engines = EnginesByModel()
        self._cache = ReadCache()
        self.last_report: PrepareReport | None = None

    def _engine(self, request: ModelRequest[Any]) -> Engine:
        chosen = self.model if self.model is not None else request.model
        model = model_id(chosen) if isinstance(chosen, BaseChatModel) else chosen
        if model is None:
            raise ValueError(
                "ContextLedgerMiddleware(model=…) is needed: the agent's chat model does not "
                "name its model"
            )
        return self._engines.get(model, None, lambda: Engine(model, **self._settings))

    def _prepare(self, request: ModelRequest[Any]) -> tuple[ModelRequest[Any], PrepareReport]:
        result, _ = _fit(
            self._engine(request),
            request.messages,
            system=request.system_message,
            tools=request.tools,
            key=_thread_id(),
            cache=self._cache,
        )
        self.last_report = result.report
        if self.on_report is not None:
            self.on_report(result.report)
        return request.override(messages=cast("list[AnyMessage]", result.messages)), result.report

    def wrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], ModelResponse[Any]],
    ) -> ExtendedModelResponse[Any]:
        fitted, report = self._prepare(request)
        return _with_report(handler(fitted), report)

    async def awrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], Awaitable[ModelResponse[Any]]],
    ) -> ExtendedModelResponse[Any]:
        fitted, report = self._prepare(request)
        return _with_report(await handler(fitted), report)


def _with_report(
    response: ModelResponse[Any] | AIMessage, report: PrepareReport
) -> ExtendedModelResponse[Any]:
    if isinstance(response, AIMessage):
        response = ModelResponse(result=[response])
    return ExtendedModelResponse(
        model_response=response, command=Command(update={STATE_KEY: report.to_dict()})
    )


def _thread_id() -> Hashable:
    """The LangGraph thread this call runs in (one conversation), if any."""
    try:
        from langgraph.config import get_config

        configurable = get_config().get("configurable", {})
    except RuntimeError:  # called outside a graph run
        return None
    value = configurable.get("thread_id")
    return value if isinstance(value, Hashable) else None
