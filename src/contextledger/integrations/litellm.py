"""LiteLLM: a proxy pre-call hook that fits every chat request, and ``trim_messages`` with
``litellm.trim_messages``'s signature that keeps tool pairs and prices images as billed.

``pip install 'contextledger[litellm]'``

In the proxy's ``config.yaml`` (a module of yours that builds the hook)::

    litellm_settings:
      callbacks: my_hooks.fit_context   # my_hooks.py: fit_context = ContextLedgerHook(window=32_000)

For each ``/v1/chat/completions`` request the hook fits ``messages`` for the request's
model (its tools and ``max_tokens`` reserved), keeps the dicts it does not change as the very
objects it received, and records the report under ``metadata["contextledger"]`` so LiteLLM's
logging callbacks and spend logs carry it. A request whose newest message cannot fit is
rejected with the reason (LiteLLM answers the caller with it). Set
``LITELLM_LOCAL_MODEL_COST_MAP=True`` so importing LiteLLM never fetches its price list.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from litellm.integrations.custom_logger import CustomLogger

from ..catalog import Catalog, ModelInfo, lookup_model
from ..errors import BudgetError, UnknownModelError
from ..model import Message
from ..prepare import PrepareReport
from ..pricing.messages import request_overhead
from ..providers import read_messages
from ..providers.openai_chat import declared_tools
from ._engine import Engine, ReportCallback, write_back

__all__ = ["ContextLedgerHook", "fit_chat", "trim_messages"]

log = logging.getLogger("contextledger.integrations.litellm")
_PROXY = "litellm.proxy.proxy_server"  # (read only when the proxy loaded it: it needs FastAPI)
DEFAULT_TRIM_RATIO = 0.75  # litellm.utils.trim_messages's default
CHAT_CALL_TYPES = frozenset({"completion", "acompletion"})


# ----------------------------------------------------------------------------- conversion


def _read(messages: Sequence[Mapping[str, Any]]) -> tuple[Message, ...]:
    """Chat messages → ``Message`` values with ids ``m<i>`` (position of the first dict)."""
    plain = [
        {k: v for k, v in m.items() if k != "id"} if isinstance(m, Mapping) and "id" in m else m
        for m in messages
    ]
    return read_messages(plain, "openai")


def fit_chat(
    engine: Engine,
    messages: Sequence[Any],
    *,
    tools: Sequence[Mapping[str, Any]] | None = None,
    key: Hashable = None,
) -> tuple[list[Any], PrepareReport]:
    """Fit OpenAI Chat messages; returns the messages to send and the report."""
    read = _read(messages)
    fitted = engine.fit(read, tools=tools or None, key=key)
    return write_back(fitted.messages, messages, read, "openai"), fitted.report


# ----------------------------------------------------------------------------- trim_messages


def trim_messages(
    messages: list[dict[str, Any]],
    model: str | None = None,
    trim_ratio: float = DEFAULT_TRIM_RATIO,
    return_response_tokens: bool = False,
    max_tokens: int | None = None,
    *,
    catalog: Catalog | None = None,
    on_report: ReportCallback | None = None,
    file_pages: Mapping[str, int] | None = None,
) -> list[dict[str, Any]] | tuple[list[dict[str, Any]], int]:
    """``litellm.utils.trim_messages``, with exact prices and nothing silently skipped.

    ``max_tokens`` bounds the messages' price for ``model``; without it, ``trim_ratio`` of
    the model's context window. Tool calls stay with their results, the newest user message
    is kept verbatim, older text may be shrunk to head + tail, and list content (images
    included) is priced, not passed through. An unknown model raises ``UnknownModelError``
    instead of returning the messages untrimmed. With ``return_response_tokens`` returns
    ``(messages, tokens left)``. The report goes to ``on_report``. A file by id (a ``file``
    part's ``file_id``) is sent as it came and priced at a bound, said in the report (an
    estimate); ``file_pages`` declares its pages (``{file_id: pages}``) for an exact price.
    """
    if model is None:
        raise ValueError("trim_messages needs model=…: contextledger prices messages for one model")
    info = lookup_model(model, catalog)
    budget = max_tokens if max_tokens is not None else int(info.context_window * trim_ratio)
    engine = Engine(
        info,
        window=budget + request_overhead(info),  # the messages' bound is max_tokens
        max_output_tokens=0,
        catalog=catalog,
        target="openai",
        on_report=on_report,
        file_pages=file_pages,
        allow_prefill=True,  # a trim, as LangChain's: one ending on the AI's turn is said
    )
    out, report = fit_chat(engine, messages)
    if return_response_tokens:
        return out, budget - (report.used - request_overhead(info))
    return out


# ----------------------------------------------------------------------------- the proxy hook


class ContextLedgerHook(CustomLogger):  # type: ignore[misc]
    """A LiteLLM proxy callback: fits each chat request into its model's window.

    ``window``: one window for every model, or a mapping model → window (default: the
    catalog's). ``models``: proxy model names → catalog model ids (e.g. a model group
    ``"prod-claude"`` → ``"claude-sonnet-4-5"``). Without one, a model group is priced as the
    model its deployments call (``router``: a LiteLLM ``Router``, by default the proxy's own
    ``llm_router``): each deployment's ``model_info.base_model`` (LiteLLM's field for what an
    Azure deployment runs) or ``litellm_params.model``; a group whose deployments call
    different models is not guessed at: ``models`` must name one. A model the catalog does
    not know is passed through untouched and logged, or rejected with
    ``unknown_model="reject"``. Other options go to ``contextledger.prepare.Preparer``.
    """

    def __init__(
        self,
        *,
        window: int | Mapping[str, int] | None = None,
        models: Mapping[str, str] | None = None,
        catalog: Catalog | None = None,
        unknown_model: str = "pass",
        on_report: ReportCallback | None = None,
        router: Any = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.window = window
        self.models = dict(models or {})
        self.router = router
        self.catalog = catalog
        self.unknown_model = unknown_model
        self.on_report = on_report
        self.options = options
        self.last_report: PrepareReport | None = None
        self._engines: dict[tuple[str, int | None], Engine] = {}

    def _model(self, model: str) -> str | ModelInfo:
        """The catalog model a proxy model name calls: ``models``' entry, else what the
        router's deployments of that group call, else the name itself."""
        if model in self.models:
            return self.models[model]
        router = self.router or getattr(sys.modules.get(_PROXY), "llm_router", None)
        called = _deployment_models(router, model) if router is not None else []
        if not called:
            return model
        found = {info.id: info for info in (lookup_model(c, self.catalog) for c in called)}
        if len(found) > 1:
            raise UnknownModelError(
                model,
                hint=f"its deployments call {', '.join(sorted(found))}: name the one to price "
                "for with ContextLedgerHook(models={…})",
            )
        return next(iter(found.values()))

    def _engine(self, model: str, max_output: int | None) -> Engine:
        name = self._model(model)
        key = (name if isinstance(name, str) else name.id, max_output)
        engine = self._engines.get(key)
        if engine is None:
            info: ModelInfo = lookup_model(name, self.catalog)
            window = (
                self.window.get(model, self.window.get(key[0]))
                if isinstance(self.window, Mapping)
                else self.window
            )
            engine = self._engines[key] = Engine(
                info,
                window=window,
                max_output_tokens=max_output,
                catalog=self.catalog,
                target="openai",
                **self.options,
            )
        return engine

    def fit_request(self, data: dict[str, Any]) -> dict[str, Any] | str:
        """What the hook does to one request body (a chat completions ``data`` dict)."""
        messages = data.get("messages")
        model = data.get("model")
        if not isinstance(messages, list) or not messages or not isinstance(model, str):
            return data
        max_output = data.get("max_completion_tokens") or data.get("max_tokens")
        try:
            engine = self._engine(model, max_output if isinstance(max_output, int) else None)
        except UnknownModelError as exc:
            if self.unknown_model == "reject":
                return str(exc)
            log.warning("contextledger: %s; request passed through unfitted", exc)
            return data
        metadata = data.get("metadata") if isinstance(data.get("metadata"), dict) else {}
        key = data.get("litellm_session_id") or (metadata or {}).get("session_id")
        try:
            tools = declared_tools(data)  # (with the deprecated ``functions``, billed alike)
            fitted, report = fit_chat(engine, messages, tools=tools, key=key)
        except BudgetError as exc:
            return f"contextledger: {exc}"
        self.last_report = report
        if self.on_report is not None:
            self.on_report(report)
        out = dict(data)
        out["messages"] = fitted
        out["metadata"] = {**(metadata or {}), "contextledger": report.to_dict()}
        return out

    async def async_pre_call_hook(
        self,
        user_api_key_dict: Any,
        cache: Any,
        data: dict[str, Any],
        call_type: str,
    ) -> dict[str, Any] | str | None:
        if call_type not in CHAT_CALL_TYPES:
            return data
        return self.fit_request(data)


def _deployment_models(router: Any, group: str) -> list[str]:
    """The model each deployment of a LiteLLM Router's model ``group`` calls (none: no such
    group): its ``model_info.base_model``, else its ``litellm_params.model``."""
    registry = getattr(router, "registry", None)
    entries = registry().deployments(group) if callable(registry) else router.get_model_list(group)
    out: list[str] = []
    for entry in entries or ():
        name = (entry.get("model_info") or {}).get("base_model") or (
            entry.get("litellm_params") or {}
        ).get("model")
        if isinstance(name, str) and name:
            out.append(name)
    return out
