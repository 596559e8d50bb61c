"""OpenAI Agents SDK: a ``call_model_input_filter`` that fits every model call, and a
``Session`` backed by contextledger's session store.

``pip install 'contextledger[openai-agents]'``

>>> from agents import RunConfig, Runner
>>> from contextledger.integrations.openai_agents import ContextLedgerFilter, ContextLedgerSession
>>> run_config = RunConfig(call_model_input_filter=ContextLedgerFilter("gpt-4o", window=32_000))
>>> session = ContextLedgerSession("bugfix", store="sessions.db")    # doctest: +SKIP
>>> Runner.run_sync(agent, "Why is the chart blank?", session=session, run_config=run_config)  # doctest: +SKIP

The filter reads the Responses-format items the SDK is about to send (with contextledger's
Responses reader), fits them, and returns the items kept untouched as the very dicts it was
given. Each report goes to ``on_report``, ``last_report`` and a ``contextledger.fit`` custom
span in the SDK's trace.

The session stores each batch twice over one media store: as ``Message`` values (so the
``contextledger sessions`` commands, repair and compaction see the conversation) and as the
items verbatim (an event), because the SDK checks what it wrote by comparing items exactly.
Images are stored once by SHA-256. ``pop_item`` and ``clear_session`` are recorded as events:
the store stays append-only and loses nothing. ``get_items(limit)`` never starts with a tool
output whose call was cut off.
"""

from __future__ import annotations

import base64
import binascii
import os
import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from agents.memory import SessionSettings
from agents.models import get_default_model
from agents.models.interface import Model
from agents.run_config import CallModelData, ModelInputData
from agents.tracing import custom_span
from openai import AsyncAzureOpenAI

from ..catalog import Catalog, ModelInfo
from ..config import load_config
from ..errors import ContentError
from ..model import Message, Text
from ..prepare import PrepareReport
from ..providers import read_messages
from ..storage.sessions import SessionStore
from ._engine import Engine, EnginesByModel, ReportCallback, on_azure, write_back

__all__ = ["ContextLedgerFilter", "ContextLedgerSession", "fit_items", "to_messages"]

INSTRUCTIONS_ID = "openai-agents-instructions"
ITEMS_EVENT = "openai-agents.items"
POP_EVENT = "openai-agents.pop"
CLEAR_EVENT = "openai-agents.clear"
_OUTPUT_TYPES = frozenset(
    {
        "function_call_output",
        "custom_tool_call_output",
        "computer_call_output",
        "local_shell_call_output",
    }
)
_DATA_URL = re.compile(r"data:(image/[\w.+-]+);base64,")
_MEDIA_KEY = "$contextledger_media"


# ----------------------------------------------------------------------------- conversion


def to_messages(items: Sequence[Any]) -> tuple[Message, ...]:
    """Responses input items (as the SDK holds them) → ``Message`` values.

    Ids are ``m<i>``, ``i`` the position of the message's first item.
    """
    return read_messages(list(items), "openai-responses")


# ----------------------------------------------------------------------------- the filter


def _tool_dicts(agent: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for t in getattr(agent, "tools", None) or ():
        name = getattr(t, "name", None)
        if not isinstance(name, str):
            continue
        schema = getattr(t, "params_json_schema", None)
        out.append(
            {
                "type": "function",
                "function": {
                    "name": name,
                    "description": str(getattr(t, "description", "") or ""),
                    "parameters": schema if isinstance(schema, dict) else {"type": "object"},
                },
            }
        )
    return out


def fit_items(
    engine: Engine,
    items: Sequence[Any],
    *,
    instructions: str | None = None,
    tools: Sequence[Mapping[str, Any]] | None = None,
    key: Hashable = None,
) -> tuple[list[Any], PrepareReport]:
    """Fit Responses input items; returns the items to send and the report."""
    read = to_messages(items)
    messages = list(read)
    if instructions:  # sent as the instructions: priced, never dropped
        messages.insert(0, Message("system", (Text(instructions),), id=INSTRUCTIONS_ID))
    fitted = engine.fit(messages, tools=tools or None, key=key)
    sent = [m for m in fitted.messages if m.id != INSTRUCTIONS_ID]
    return write_back(sent, items, read, "openai-responses"), fitted.report


AnyModel = str | ModelInfo | Model
#: A model class → the format it sends (LitellmModel: its provider's own, LiteLLM translates).
_WIRE_BY_CLASS = {
    "OpenAIResponsesModel": "openai-responses",
    "OpenAIChatCompletionsModel": "openai",
}


def model_spec(model: AnyModel) -> tuple[str | ModelInfo, str | None]:
    """The model id an Agents SDK model calls and the format it is sent in (None: its
    provider's own): a name goes to the Responses API (the SDK's default), ``litellm/…`` and
    a ``LitellmModel`` through LiteLLM, an ``OpenAI…Model`` as its class says; one on an
    Azure client is an Azure deployment (``azure/…``), served on Azure's own schedule."""
    if isinstance(model, ModelInfo):
        return model, "openai-responses"
    if isinstance(model, str):
        return model, None if model.startswith("litellm/") else "openai-responses"
    name = getattr(model, "model", None)
    if not isinstance(name, str) or not name:
        raise ValueError(
            f"ContextLedgerFilter(model=…) is needed: {type(model).__name__} does not name its "
            "model"
        )
    wire = next((_WIRE_BY_CLASS[c.__name__] for c in type(model).__mro__
                 if c.__name__ in _WIRE_BY_CLASS), None)  # fmt: skip
    client = getattr(model, "_client", None)
    if isinstance(client, AsyncAzureOpenAI) or on_azure(getattr(client, "base_url", None)):
        name = f"azure/{name}"  # (an Azure client, or a plain one on Azure's v1 API)
    return name, wire


class ContextLedgerFilter:
    """``RunConfig(call_model_input_filter=ContextLedgerFilter(model, window=...))``.

    ``model`` is the model to price for: an id, the SDK's ``litellm/…`` name, or a ``Model``
    (``OpenAIResponsesModel``, ``OpenAIChatCompletionsModel``, ``LitellmModel``), whose class
    says the format it is sent in; default: each call's agent's model (a ``RunConfig(model=…)``
    override is not visible to the filter: pass it here). ``window`` the window to fit into
    (default: the model's); ``compaction=True`` or a ``summarizer`` recaps old turns;
    ``target`` overrides the format priced. Other options go to
    ``contextledger.prepare.Preparer``.
    """

    def __init__(
        self,
        model: AnyModel | None = None,
        *,
        window: int | None = None,
        max_output_tokens: int | None = None,
        catalog: Catalog | None = None,
        on_report: ReportCallback | None = None,
        **options: Any,
    ) -> None:
        self.model = model
        self._settings: dict[str, Any] = {
            "window": window, "max_output_tokens": max_output_tokens, "catalog": catalog,
            **options,
        }  # fmt: skip
        self._engines = EnginesByModel()
        self.on_report = on_report
        self.last_report: PrepareReport | None = None

    @property
    def engine(self) -> Engine:
        """The engine for ``model`` (ValueError without one: each call's agent decides)."""
        if self.model is None:
            raise ValueError("ContextLedgerFilter(model=…) has no model: each agent's is used")
        return self._engine(self.model)

    def _engine(self, model: AnyModel) -> Engine:
        name, wire = model_spec(model)
        settings = {"target": wire, **self._settings}  # (a target= given overrides the class's)
        return self._engines.get(name, wire, lambda: Engine(name, **settings))

    def __call__(self, data: CallModelData[Any]) -> ModelInputData:
        model_data = data.model_data
        model = self.model if self.model is not None else data.agent.model
        items, report = fit_items(
            self._engine(model if model is not None else get_default_model()),
            model_data.input,
            instructions=model_data.instructions,
            tools=_tool_dicts(data.agent),
        )
        self.last_report = report
        with custom_span("contextledger.fit", data=report.to_dict()):
            pass
        if self.on_report is not None:
            self.on_report(report)
        return ModelInputData(input=items, instructions=model_data.instructions)


# ----------------------------------------------------------------------------- the session


class ContextLedgerSession:
    """An Agents SDK ``Session`` on contextledger's session store (SQLite by default).

    ``store``: a ``SessionStore`` or its location (a SQLite file); ``None`` opens the store
    the configuration names (``CONTEXTLEDGER_STORE``, ``CONTEXTLEDGER_HOME``, as the CLI does). The session is created on first use.
    Each call runs on the calling thread (a SQLite connection stays on its thread); every
    write is one short transaction.
    """

    def __init__(
        self,
        session_id: str,
        store: SessionStore | str | os.PathLike[str] | None = None,
        *,
        session_settings: SessionSettings | None = None,
    ) -> None:
        self.session_id = session_id
        self.session_settings = session_settings
        if isinstance(store, SessionStore):
            self.store = store
        else:
            if store is None:
                config = load_config()
                self.store = SessionStore(config.store_location, media=config.media)
            else:
                self.store = SessionStore(store)

    def _ensure(self) -> None:
        if not self.store.exists(self.session_id):
            self.store.create(self.session_id)

    # --- reading ------------------------------------------------------------------

    def _visible(self) -> list[Any]:
        """Every item added and not popped or cleared, verbatim, images read back."""
        if not self.store.exists(self.session_id):
            return []
        items: list[Any] = []
        for ev in self.store.load(self.session_id).events:
            if ev.kind == ITEMS_EVENT:
                items.extend(self._restore(x) for x in ev.data.get("items", ()))
            elif ev.kind == POP_EVENT and items:
                items.pop()
            elif ev.kind == CLEAR_EVENT:
                items.clear()
        return items

    async def get_items(self, limit: int | None = None) -> list[Any]:
        """The history in order; with ``limit``, the newest ``limit`` items at most, never
        starting with a tool output whose call is not among them."""
        items = self._visible()
        if limit is None:
            return items
        if limit <= 0:
            return []
        return _without_orphans(items[-limit:])

    # --- writing ------------------------------------------------------------------

    async def add_items(self, items: list[Any]) -> None:
        if not items:
            return
        self._add(list(items))

    def _add(self, items: list[Any]) -> None:
        self._ensure()
        refs: set[str] = set()
        try:
            messages = [replace(m, id="") for m in to_messages(items)]
        except ContentError:
            messages = []  # an item type the content model does not know: kept verbatim only
        if messages:
            stored = self.store.append(self.session_id, messages)
            refs = {i.ref for m in stored for i in m.images() if i.ref is not None}
        self.store.append_event(
            self.session_id, ITEMS_EVENT, {"items": [self._skeleton(x, refs) for x in items]}
        )

    async def pop_item(self) -> Any | None:
        return self._pop()

    def _pop(self) -> Any | None:
        items = self._visible()
        if not items:
            return None
        self.store.append_event(self.session_id, POP_EVENT, {})
        return items[-1]

    async def clear_session(self) -> None:
        self._clear()

    def _clear(self) -> None:
        if self.store.exists(self.session_id):
            self.store.append_event(self.session_id, CLEAR_EVENT, {})

    # --- images -------------------------------------------------------------------

    def _skeleton(self, value: Any, refs: set[str]) -> Any:
        """The item as JSON, each image already stored with the messages as a media ref."""
        if isinstance(value, str):
            match = _DATA_URL.match(value)
            if match is None or not refs:
                return value
            payload = value[match.end() :]
            try:
                data = base64.b64decode(payload, validate=True)
            except (binascii.Error, ValueError):
                return value
            if base64.b64encode(data).decode("ascii") != payload:
                return value  # not canonical base64: keep it byte for byte
            ref = self.store.media.put(data, match.group(1)).ref
            if ref not in refs:
                return value  # only what a stored message refers to is safe from a sweep
            return {_MEDIA_KEY: ref, "prefix": value[: match.end()]}
        if isinstance(value, Mapping):
            return {k: self._skeleton(v, refs) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self._skeleton(v, refs) for v in value]
        if hasattr(value, "model_dump"):
            return self._skeleton(value.model_dump(exclude_unset=True), refs)
        return value

    def _restore(self, value: Any) -> Any:
        if isinstance(value, Mapping):
            if _MEDIA_KEY in value and len(value) == 2:
                data = self.store.media.read(value[_MEDIA_KEY])
                return value["prefix"] + base64.b64encode(data).decode("ascii")
            return {k: self._restore(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self._restore(v) for v in value]
        return value


def _without_orphans(items: list[Any]) -> list[Any]:
    """Drop tool outputs at the front whose call was cut off by a limit."""
    calls = {
        x.get("call_id")
        for x in items
        if isinstance(x, Mapping) and x.get("type") not in _OUTPUT_TYPES and "call_id" in x
    }
    k = 0
    while (
        k < len(items)
        and isinstance(items[k], Mapping)
        and items[k].get("type") in _OUTPUT_TYPES
        and items[k].get("call_id") not in calls
    ):
        k += 1
    return items[k:]
