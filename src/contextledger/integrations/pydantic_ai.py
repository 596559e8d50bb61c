"""pydantic-ai: fit every model request of an ``Agent`` into the window.

``pip install 'contextledger[pydantic-ai]'``

>>> from pydantic_ai import Agent                                   # doctest: +SKIP
>>> from contextledger.integrations.pydantic_ai import ContextLedger
>>> fit_context = ContextLedger("claude-sonnet-4-6", window=32_000)
>>> agent = Agent(model, capabilities=[fit_context])                # doctest: +SKIP

``ContextLedger`` is a capability: its ``before_model_request`` changes only the messages of
the request being sent, so the run's history (``result.all_messages()``) keeps every message,
and it prices the request's tool definitions and instructions too. ``history_processor(...)``
returns a function for ``ProcessHistory`` for code built around history processors (pydantic-ai
writes a processor's return back into the run's history, so dropped messages leave it).

Messages kept untouched are the very ``ModelRequest``/``ModelResponse`` objects of the history;
a request that lost parts (a tool exchange dropped, an image replaced) is a copy holding the rest.
The report goes to ``on_report`` and stays in ``last_report``.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic_ai.capabilities import AbstractCapability
from pydantic_ai.messages import (
    ERROR_OUTCOMES,
    AudioUrl,
    BaseToolCallPart,
    BaseToolReturnPart,
    BinaryContent,
    CachePoint,
    DocumentUrl,
    FilePart,
    ImageUrl,
    ModelMessage,
    ModelRequest,
    ModelResponse,
    NativeToolCallPart,
    NativeToolReturnPart,
    RetryFeedbackPart,
    RetryPromptPart,
    SystemPromptPart,
    TextContent,
    TextPart,
    ThinkingPart,
    ToolReturnPart,
    UploadedFile,
    UserPromptPart,
    VideoUrl,
)
from pydantic_ai.models import AbstractModel, ModelRequestContext
from pydantic_ai.tools import RunContext

from ..catalog import Catalog, ModelInfo, framework_id, lookup_model
from ..errors import ContentError, UnknownModelError
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
from ..prepare import PrepareReport
from ..providers.native import read_block, read_openai_file, read_openai_image
from ._engine import Engine, EnginesByModel, ReadCache, ReportCallback, on_azure

__all__ = ["ContextLedger", "PydanticAIFit", "fit_history", "history_processor", "to_messages"]

INSTRUCTIONS_ID = "pydantic-ai-instructions"
# pydantic-ai adds text of its own when it sends a request (a note announcing how it frames
# tool-returned files and look-alike tags, up to ~170 tokens): held back from the window.
FRAMING_TOKENS = 256


#: pydantic-ai's ``provider:`` prefixes that send the Responses API (``openai:`` since 1.x),
#: and those that send OpenAI Chat; any other is sent in its provider's own format.
_RESPONSES_KINDS = frozenset({"openai", "openai-responses", "azure-responses"})
_CHAT_KINDS = frozenset({"openai-chat", "azure", "openrouter"})
#: A model class → the format it sends (by name: importing them needs their SDKs).
_WIRE_BY_CLASS = {"OpenAIResponsesModel": "openai-responses", "OpenAIChatModel": "openai"}

AnyModel = str | ModelInfo | AbstractModel


def model_spec(model: AnyModel) -> tuple[str | ModelInfo, str | None]:
    """The model id a pydantic-ai model (an ``Agent``'s ``"anthropic:claude-…"`` string or a
    ``Model`` object) calls, and the format it is sent in (None: the model's own API's).
    A ``Model`` names its provider (``system``: ``azure``, ``bedrock``, ``openrouter`` …),
    so an Azure deployment of ``gpt-4`` is priced as ``azure:gpt-4``, served there."""
    if isinstance(model, ModelInfo):
        return model, None
    if isinstance(model, str):
        kind, colon, _ = model.partition(":")
        if not colon:
            return model, None
        wire = "openai-responses" if kind in _RESPONSES_KINDS else None
        return model, wire or ("openai" if kind in _CHAT_KINDS else None)
    inner: AbstractModel = model
    while isinstance(wrapped := getattr(inner, "wrapped", None), AbstractModel):
        inner = wrapped  # (an instrumented model: the one it wraps is sent to)
    members = getattr(inner, "models", None)
    if isinstance(members, list | tuple) and members:  # a FallbackModel: which one answers varies
        named = tuple(framework_id(m.system, m.model_name) for m in members)
        raise UnknownModelError(
            inner.model_name,
            named,
            hint="a FallbackModel sends each request to the first of its models that answers: "
            "name the one to price for (ContextLedger(model=…))",
        )
    wire = next((_WIRE_BY_CLASS[c.__name__] for c in type(inner).__mro__
                 if c.__name__ in _WIRE_BY_CLASS), None)  # fmt: skip
    system = inner.system
    if system == "openai" and on_azure(getattr(inner, "base_url", None)):
        system = "azure"  # OpenAIProvider(base_url=<Azure's v1 API>): the model is a deployment
    return framework_id(system, inner.model_name), wire


def _engine_for(
    model: AnyModel,
    *,
    window: int | None,
    catalog: Catalog | None,
    held: int,
    **options: Any,
) -> Engine:
    """An engine for ``model``, fitting into ``window`` (default: the model's) less ``held``."""
    name, wire = model_spec(model)
    fits = (window or lookup_model(name, catalog).context_window) - held
    return Engine(name, window=fits, catalog=catalog, **{"target": wire, **options})


# ----------------------------------------------------------------------------- reading


@dataclass(slots=True)
class _Source:
    """Where each ``Message`` came from: message ``index``; request ``part`` (None: a response)."""

    index: int
    part: int | None
    message: Message


def to_messages(
    history: Sequence[ModelMessage], cache: ReadCache | None = None, wire: str | None = None
) -> tuple[Message, ...]:
    """pydantic-ai messages → ``Message`` values (a request yields one per part). ``wire``:
    the format the model is reached in (how a file by URL is read: see ``_by_reference``)."""
    return tuple(s.message for s in _read(history, cache, wire))


def _read(
    history: Sequence[ModelMessage], cache: ReadCache | None = None, wire: str | None = None
) -> list[_Source]:
    out: list[_Source] = []
    for i, msg in enumerate(history):
        read: list[tuple[int | None, Message]] | None = cache.get(msg) if cache else None
        if read is None:
            read = _read_one(msg, i, wire)
            if cache is not None:
                cache.put(msg, read)
        for part, m in read:
            mid = f"p{i}" if part is None else f"p{i}.{part}"
            out.append(_Source(i, part, m if m.id == mid else replace(m, id=mid)))
    return out


def _read_one(msg: ModelMessage, i: int, wire: str | None) -> list[tuple[int | None, Message]]:
    if isinstance(msg, ModelResponse):
        blocks = [b for j, p in enumerate(msg.parts) if (b := _response_block(p, i, j))]
        return [(None, Message("assistant", tuple(blocks), id=f"p{i}"))] if blocks else []
    out: list[tuple[int | None, Message]] = []
    for j, part in enumerate(msg.parts):
        m = _request_message(part, f"messages[{i}].parts[{j}]", f"p{i}.{j}", wire)
        if m is not None:
            out.append((j, m))
    return out


def _response_block(part: Any, i: int, j: int) -> Block | None:
    if isinstance(part, TextPart):
        return Text(part.content)
    if isinstance(part, ThinkingPart):
        provider = (part.provider_name or "").lower()
        fmt = "anthropic" if "anthropic" in provider else "gemini" if "google" in provider else ""
        return Reasoning(
            fmt or "openai-responses", text=part.content, signature=part.signature, item_id=part.id
        )
    if isinstance(part, NativeToolCallPart | NativeToolReturnPart):
        # a provider-run tool travels inside the response: priced as its JSON text
        body = (
            part.args_as_json_str()
            if isinstance(part, NativeToolCallPart)
            else part.model_response_str()
        )
        return Text(f"{part.tool_name}: {body}")
    if isinstance(part, BaseToolCallPart):
        return ToolCall(part.tool_call_id, part.tool_name, part.args_as_json_str())
    if isinstance(part, FilePart) and part.content.is_image:
        return _image(part.content)
    return None  # speech, compaction markers: kept with their message, not priced


def _request_message(part: Any, path: str, mid: str, wire: str | None) -> Message | None:
    if isinstance(part, SystemPromptPart):
        return Message("system", (Text(part.content),), id=mid)
    if isinstance(part, UserPromptPart):
        blocks = _user_blocks(part.content, path, wire)
        return Message("user", blocks, id=mid) if blocks else None
    if isinstance(part, BaseToolReturnPart):
        inner: list[ResultBlock] = []
        for k, item in enumerate(part.content_items(mode="str")):
            if isinstance(item, str):
                inner.append(Text(item))
                continue
            block = _user_block(item, f"{path}.content[{k}]", wire)
            kept = isinstance(block, Image | Text | FileAttachment | ProviderContent)
            inner.append(block if kept else Text(str(item)))  # type: ignore[arg-type]
        inner.extend(Text(t) for t in _file_framing(part))
        result = ToolResult(
            part.tool_call_id, tuple(inner), part.outcome in ERROR_OUTCOMES, part.tool_name
        )
        return Message("tool", (result,), id=mid)
    if isinstance(part, RetryPromptPart):
        if part.tool_name is not None:
            result = ToolResult(
                part.tool_call_id, (Text(part.model_response()),), True, part.tool_name
            )
            return Message("tool", (result,), id=mid)
        return Message("user", (Text(part.model_response()),), id=mid)
    if isinstance(part, RetryFeedbackPart):
        return Message("user", (Text(part.model_response()),), id=mid)
    return None  # deltas and baselines: configuration, kept with their request


def _file_framing(part: BaseToolReturnPart[Any]) -> list[str]:
    """The text pydantic-ai adds around each file a tool returns ("See file …" and the
    provenance tags) on providers whose tool results carry text only: priced, never sent back."""
    return [
        f"See file {f.identifier}. "
        f'<pyai:tool_result tool_name="{part.tool_name}" tool_call_id="{part.tool_call_id}" '
        f'file_id="{f.identifier}"></pyai:tool_result>'
        for f in part.files
    ]


def _user_blocks(content: Any, path: str, wire: str | None) -> tuple[Block, ...]:
    if isinstance(content, str):
        return (Text(content),) if content else ()
    blocks = (_user_block(item, f"{path}.content[{k}]", wire) for k, item in enumerate(content))
    return tuple(b for b in blocks if b is not None)


def _user_block(item: Any, path: str, wire: str | None = None) -> Block | None:
    if isinstance(item, str):
        return Text(item)
    if isinstance(item, TextContent):
        return Text(item.content)
    if isinstance(item, CachePoint):
        return None
    if isinstance(item, ImageUrl):
        return Image(url=item.url, media_type=item.media_type)
    if isinstance(item, UploadedFile | DocumentUrl | AudioUrl | VideoUrl):
        return _by_reference(item, path, wire)
    if isinstance(item, BinaryContent):
        if item.is_image:
            return _image(item)
        if item.is_audio:
            return Audio(InlineData.from_bytes(item.data), item.format)
        return FileAttachment(
            item.identifier, data=InlineData.from_bytes(item.data), media_type=item.media_type
        )
    raise ContentError(
        path, f"{type(item).__name__} cannot be priced: send it as BinaryContent (bytes) instead"
    )


# pydantic-ai's provider names of an UploadedFile, by the provider whose block it is.
_GOOGLE = frozenset({"google", "google-cloud", "google-gla", "google-vertex"})


def _by_reference(
    item: UploadedFile | DocumentUrl | AudioUrl | VideoUrl, path: str, wire: str | None = None
) -> Block:
    """A file pydantic-ai sends by reference, as a block priced like any file by reference
    (``pricing.provider_content``: a PDF at its most pages, else at most the window, reported
    as an estimate; in the current request a bound that does not fit is refused naming it).

    An ``UploadedFile`` is its provider's file id. A file by URL is the block ``wire`` (the
    model's format) takes by URL — Anthropic's document ``url`` source, Gemini's
    ``file_data``, a Responses ``file_url`` — and for Chat Completions, which takes no URL,
    an OpenAI file: pydantic-ai downloads the file and sends it inline, so it is priced as
    the file it is, never as a line of text."""
    try:
        media = item.media_type
    except ValueError as err:  # a URL without an extension pydantic-ai knows
        raise ContentError(path, f"{type(item).__name__}: {err}") from None
    image, pdf = media.startswith("image/"), media == "application/pdf"
    name = "file.pdf" if pdf else None
    if isinstance(item, UploadedFile):
        if item.provider_name == "openai":
            spec = {"file_id": item.file_id}
            if image:
                return read_openai_image(spec, path)
            return read_openai_file({**spec, "filename": name}, path)
        if item.provider_name == "anthropic":
            source = {"type": "file", "file_id": item.file_id}
            return read_block(
                "anthropic", {"type": "image" if image else "document", "source": source}, path
            )
        if item.provider_name not in _GOOGLE:
            raise ContentError(
                path, f"an UploadedFile of {item.provider_name!r} cannot be priced: send it as "
                "BinaryContent (bytes), or a file of OpenAI, Anthropic or Google",
            )  # fmt: skip
        file_data = {"mime_type": media, "file_uri": item.file_id}
        return read_block("gemini", {"file_data": file_data}, path, "file_data")
    if wire == "gemini":
        file_data = {"mime_type": media, "file_uri": item.url}
        return read_block("gemini", {"file_data": file_data}, path, "file_data")
    if wire == "anthropic":
        source = {"type": "url", "url": item.url}
        return read_block("anthropic", {"type": "document", "source": source}, path)
    if wire == "openai":  # (the URL stands for the file pydantic-ai will send inline)
        return read_openai_file({"file_id": item.url, "filename": name}, path)
    return read_openai_file({"file_url": item.url, "filename": name}, path)


def _image(item: BinaryContent) -> Image:
    return Image(media_type=item.media_type, data=InlineData.from_bytes(item.data))


# ----------------------------------------------------------------------------- writing back


def _write(
    fitted: Sequence[Message], history: Sequence[ModelMessage], sources: Sequence[_Source]
) -> list[ModelMessage]:
    """The fitted messages as pydantic-ai messages: untouched ones are the originals."""
    by_id = {s.message.id: s for s in sources}
    priced = {s.index for s in sources}
    chosen: dict[int, list[tuple[_Source, Message]]] = {}
    order: list[int | ModelMessage] = []
    for m in fitted:
        src = by_id.get(m.id)
        if src is None:
            order.append(_fresh(m))
            continue
        if src.index not in chosen:
            chosen[src.index] = []
            order.append(src.index)
        chosen[src.index].append((src, m))
    out: list[ModelMessage] = []
    passive = [i for i in range(len(history)) if i not in priced]  # nothing priced in them
    for item in order:
        if isinstance(item, int):
            while passive and passive[0] < item:
                out.append(history[passive.pop(0)])
            out.append(_rebuild(history[item], chosen[item], sources))
        else:
            out.append(item)
    out.extend(history[i] for i in passive)
    return out


def _rebuild(
    original: ModelMessage, kept: list[tuple[_Source, Message]], sources: Sequence[_Source]
) -> ModelMessage:
    if all(src.message is m or src.message == m for src, m in kept):
        whole = sum(1 for s in sources if s.index == kept[0][0].index)
        if len(kept) == whole:
            return original
    if isinstance(original, ModelResponse):
        ((_, m),) = kept
        return replace(original, parts=_response_parts(original, m))
    new_parts: dict[int, Any] = {
        src.part: _request_part(original.parts[src.part], m)
        for src, m in kept
        if src.part is not None
    }
    represented = {s.part for s in sources if s.index == kept[0][0].index}
    parts = [
        new_parts.get(j, p)
        for j, p in enumerate(original.parts)
        if j in new_parts or j not in represented
    ]
    return replace(original, parts=parts)


def _response_parts(original: ModelResponse, m: Message) -> list[Any]:
    blocks = iter(m.content)
    parts: list[Any] = []
    for p in original.parts:
        probe = _response_block(p, 0, 0)
        if probe is None:
            parts.append(p)
            continue
        b = next(blocks, None)
        if isinstance(p, TextPart) and isinstance(b, Text) and b.text != p.content:
            parts.append(replace(p, content=b.text))
        elif isinstance(p, BaseToolCallPart) and isinstance(b, ToolCall) and b.id != p.tool_call_id:
            parts.append(replace(p, tool_call_id=b.id))  # repair renamed a reused id
        else:
            parts.append(p)
    return parts


def _request_part(part: Any, m: Message) -> Any:
    if isinstance(part, SystemPromptPart):
        return replace(part, content=m.text)
    if isinstance(part, UserPromptPart):
        items = [] if isinstance(part.content, str) else part.content
        return replace(part, content=_user_content(m.content, _references(items)))
    if isinstance(part, ToolReturnPart):
        result = m.tool_results[0]
        framing = set(_file_framing(part))
        blocks = [b for b in result.content if not (isinstance(b, Text) and b.text in framing)]
        content = _user_content(blocks, _references(part.content_items(mode="str")))
        return replace(part, content=content, tool_call_id=result.call_id)
    return part


def _references(items: Sequence[Any]) -> dict[ProviderContent, Any]:
    """The files by reference among a part's items, by the block each was read as (in any
    wire): a rewritten part sends each as it came."""
    out: dict[ProviderContent, Any] = {}
    for item in items:
        if not isinstance(item, UploadedFile | DocumentUrl | AudioUrl | VideoUrl):
            continue
        for wire in (None, "openai", "anthropic", "gemini"):
            block = _by_reference(item, "", wire)
            if isinstance(block, ProviderContent):
                out[block] = item
    return out


def _user_content(
    blocks: Sequence[Block], references: dict[ProviderContent, Any] | None = None
) -> Any:
    items: list[Any] = []
    for b in blocks:
        if isinstance(b, ProviderContent) and b in (references or {}):
            items.append((references or {})[b])
        elif isinstance(b, ProviderContent):
            items.append(b.text)  # (a block the pipeline made: its rendition)
        elif isinstance(b, Text):
            items.append(b.text)
        elif isinstance(b, Recap):
            items.append(b.wire_text)
        elif isinstance(b, Image) and b.data is not None:
            items.append(BinaryContent(b.data.decode(), media_type=b.media_type or "image/png"))
        elif isinstance(b, Image) and b.url is not None:
            items.append(ImageUrl(b.url))
        elif isinstance(b, FileAttachment) and b.text is not None:
            items.append(f"Attached file {b.name}:\n{b.text}")
        elif isinstance(b, FileAttachment) and b.data is not None:
            items.append(BinaryContent(b.data.decode(), media_type=b.media_type))
        elif isinstance(b, Audio):
            items.append(BinaryContent(b.data.decode(), media_type=f"audio/{b.format}"))
    if len(items) == 1 and isinstance(items[0], str):
        return items[0]
    return items


def _fresh(m: Message) -> ModelMessage:
    """A message the pipeline made: a recap, or a repair's stand-in result."""
    if m.role == "tool":
        parts: list[Any] = [
            ToolReturnPart(r.name or "", _user_content(r.content), tool_call_id=r.call_id)
            for r in m.tool_results
        ]
        return ModelRequest(parts=parts)
    if m.role == "assistant":
        return ModelResponse(parts=[TextPart(m.text)])
    if m.role == "system":
        return ModelRequest(parts=[SystemPromptPart(m.text)])
    return ModelRequest(parts=[UserPromptPart(_user_content(m.content))])


# ----------------------------------------------------------------------------- fitting


@dataclass(frozen=True, slots=True)
class PydanticAIFit:
    messages: list[ModelMessage]
    report: PrepareReport


def _fit(
    engine: Engine,
    history: Sequence[ModelMessage],
    *,
    tools: Sequence[Any] = (),
    instructions: str | None = None,
    key: Hashable = None,
    cache: ReadCache | None = None,
) -> PydanticAIFit:
    sources = _read(history, cache, engine.wire)
    messages = [s.message for s in sources]
    if instructions:  # sent as the system prompt: priced, never dropped
        messages.insert(0, Message("system", (Text(instructions),), id=INSTRUCTIONS_ID))
    tool_dicts = [
        {
            "type": "function",
            "function": {
                "name": t.name,
                "description": t.description or "",
                "parameters": t.parameters_json_schema,
            },
        }
        for t in tools
    ]
    fitted = engine.fit(messages, tools=tool_dicts or None, key=key)
    sent = [m for m in fitted.messages if m.id != INSTRUCTIONS_ID]
    return PydanticAIFit(_write(sent, history, sources), fitted.report)


def fit_history(
    history: Sequence[ModelMessage],
    model: AnyModel,
    *,
    window: int | None = None,
    max_output_tokens: int | None = None,
    catalog: Catalog | None = None,
    **options: Any,
) -> PydanticAIFit:
    """Fit a pydantic-ai message history (e.g. ``result.all_messages()``) into the window
    of ``model`` (an id, a ``provider:model`` string or a pydantic-ai ``Model``)."""
    engine = _engine_for(
        model, window=window, catalog=catalog, held=0, max_output_tokens=max_output_tokens,
        **options,
    )  # fmt: skip
    return _fit(engine, history)


@dataclass
class ContextLedger(AbstractCapability[Any]):
    """A capability that fits each model request into the window (the run's history keeps
    every message). ``model`` is the model to price for: an id, a ``provider:model`` string
    or a pydantic-ai ``Model`` (default: the model each request of the run is sent to);
    ``window`` the window to fit into (default: the model's); ``compaction=True`` or a
    ``summarizer`` recaps old turns. ``framing_tokens`` are held back for the text
    pydantic-ai adds when it sends (the report's window is the rest). Other options go to
    ``contextledger.prepare.Preparer``.
    """

    model: AnyModel | None = None
    window: int | None = None
    max_output_tokens: int | None = None
    catalog: Catalog | None = None
    on_report: ReportCallback | None = None
    framing_tokens: int = FRAMING_TOKENS
    options: dict[str, Any] = field(default_factory=dict)
    last_report: PrepareReport | None = field(default=None, init=False)
    _engines: EnginesByModel = field(default_factory=EnginesByModel, init=False, repr=False)
    _cache: ReadCache = field(default_factory=ReadCache, init=False, repr=False)

    @property
    def engine(self) -> Engine:
        """The engine for ``model`` (ValueError without one: the run's model decides)."""
        if self.model is None:
            raise ValueError(
                "ContextLedger(model=…) is needed outside an agent run: inside one, the "
                "model each request is sent to is priced"
            )
        return self._engine(self.model)

    def _engine(self, model: AnyModel) -> Engine:
        name, wire = model_spec(model)
        return self._engines.get(
            name,
            wire,
            lambda: _engine_for(
                model,
                window=self.window,
                catalog=self.catalog,
                held=self.framing_tokens,
                max_output_tokens=self.max_output_tokens,
                **self.options,
            ),
        )

    def fit(
        self,
        history: Sequence[ModelMessage],
        *,
        tools: Sequence[Any] = (),
        instructions: str | None = None,
        key: Hashable = None,
    ) -> PydanticAIFit:
        return self._fit_for(self.engine, history, tools, instructions, key)

    def _fit_for(
        self,
        engine: Engine,
        history: Sequence[ModelMessage],
        tools: Sequence[Any],
        instructions: str | None,
        key: Hashable,
    ) -> PydanticAIFit:
        result = _fit(engine, history, tools=tools, instructions=instructions, key=key,
                      cache=self._cache)  # fmt: skip
        self.last_report = result.report
        if self.on_report is not None:
            self.on_report(result.report)
        return result

    async def before_model_request(
        self, ctx: RunContext[Any], request_context: ModelRequestContext
    ) -> ModelRequestContext:
        params = request_context.model_request_parameters
        instructions = "\n\n".join(p.content for p in params.instruction_parts or ())
        tools = [*params.function_tools, *params.output_tools]
        engine = self._engine(self.model if self.model is not None else ctx.model)
        result = self._fit_for(engine, request_context.messages, tools, instructions, None)
        request_context.messages = result.messages
        return request_context

    @classmethod
    def get_serialization_name(cls) -> str | None:
        return None  # holds callables and an engine: not spec-serializable


def history_processor(
    model: AnyModel,
    *,
    window: int | None = None,
    max_output_tokens: int | None = None,
    catalog: Catalog | None = None,
    on_report: ReportCallback | None = None,
    framing_tokens: int = FRAMING_TOKENS,
    **options: Any,
) -> Any:
    """A function for ``ProcessHistory(...)``: ``fn(messages) -> messages``, fitted.

    pydantic-ai writes a processor's return back into the run's history; prefer the
    ``ContextLedger`` capability to keep every message there.
    """
    engine = _engine_for(
        model,
        window=window,
        catalog=catalog,
        held=framing_tokens,
        max_output_tokens=max_output_tokens,
        on_report=on_report,
        **options,
    )

    cache = ReadCache()

    def fit_messages(messages: list[ModelMessage]) -> list[ModelMessage]:
        return _fit(engine, messages, cache=cache).messages

    fit_messages.engine = engine  # type: ignore[attr-defined]
    return fit_messages
