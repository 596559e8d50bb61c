"""What every framework adapter shares: one ``Preparer`` per conversation, recaps kept per
conversation, and the report handed to a callback.

The adapters only convert: framework messages → ``Message`` → ``Engine.fit`` → back.
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence, Sized
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlsplit

from ..catalog import Catalog, ModelInfo, lookup_model
from ..compaction.conversation import CompactionEvent, Conversation
from ..compaction.policy import CompactionPolicy
from ..compaction.summarizers import Summarizer
from ..errors import ContentError
from ..gate import OnImages
from ..model import Message
from ..prepare import Preparer, PrepareReport
from ..providers import Format, format_for_provider

ReportCallback = Callable[[PrepareReport], None]


@dataclass(frozen=True, slots=True)
class Fitted:
    """What to send (system messages included) and everything the pipeline did."""

    messages: tuple[Message, ...]
    report: PrepareReport
    event: CompactionEvent | None = None


class Engine:
    """Fits conversations for one model, remembering prices, the sticky cut and recaps per
    conversation (``key``: a thread id, a session id; ``None`` for a single conversation).

    Thread-safe: a framework may call one adapter from several threads.

    >>> from contextledger.model import Message
    >>> e = Engine("gpt-4o", window=4000)
    >>> out = e.fit([Message.system("Be brief.", id="s"), Message.user("hi", id="u")])
    >>> [m.text for m in out.messages], out.report.used <= out.report.budget
    (['Be brief.', 'hi'], True)
    """

    def __init__(
        self,
        model: str | ModelInfo,
        *,
        window: int | None = None,
        max_output_tokens: int | None = None,
        target: Format | None = None,
        catalog: Catalog | None = None,
        compaction: bool = False,
        summarizer: Summarizer | None = None,
        policy: CompactionPolicy | None = None,
        on_images: OnImages = "placeholder",
        on_report: ReportCallback | None = None,
        shrink: bool = True,
        max_conversations: int = 256,
        **preparer_options: Any,
    ) -> None:
        self.info = lookup_model(model, catalog)
        #: the format the model is reached in (how a framework's file by URL is priced)
        self.wire: str = format_for_provider(self.info.provider, target or self.info.api).name
        self.window = window
        self.on_report = on_report
        self.last_report: PrepareReport | None = None
        self._shrink = shrink
        self._make_preparer: Callable[[], Preparer] = lambda: Preparer(
            self.info,
            target=target,
            window=window,
            max_output_tokens=max_output_tokens,
            catalog=catalog,
            summarizer=summarizer,
            policy=policy,
            compaction=compaction or summarizer is not None,
            on_images=on_images,
            **preparer_options,
        )
        self._preparers: OrderedDict[Hashable, Preparer] = OrderedDict()
        self._events: dict[Hashable, tuple[CompactionEvent, ...]] = {}
        self._max = max_conversations
        self._lock = threading.Lock()

    def _make(self) -> Preparer:
        preparer = self._make_preparer()
        if not self._shrink:  # keep every message whole: drop, never cut to head + tail
            fitter = preparer.fitter
            fitter.options = replace(fitter.options, shrink_floor=sys.maxsize)
        return preparer

    @property
    def budget_window(self) -> int:
        """The window fitted into (the given one, else the model's)."""
        return self.window or self.info.context_window

    def events(self, key: Hashable = None) -> tuple[CompactionEvent, ...]:
        """The recaps made for one conversation, oldest first (persist them with the record)."""
        return self._events.get(key, ())

    def fit(
        self,
        messages: Sequence[Message],
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        key: Hashable = None,
        events: Sequence[CompactionEvent] | None = None,
    ) -> Fitted:
        """Fit ``messages`` (ids unique); ``tools`` are OpenAI Chat function tools, priced."""
        with self._lock:
            preparer = self._preparers.pop(key, None) or self._make()
            self._preparers[key] = preparer
            while len(self._preparers) > self._max:
                old, _ = self._preparers.popitem(last=False)
                self._events.pop(old, None)
            known = tuple(events) if events is not None else self._events.get(key, ())
            conv = _conversation(messages, known)
            prepared = preparer.prepare(conv, tools=tools)
            if prepared.event is not None:
                self._events[key] = (*conv.events, prepared.event)
        self.last_report = prepared.report
        if self.on_report is not None:
            self.on_report(prepared.report)
        return Fitted(prepared.messages, prepared.report, prepared.event)


# Azure OpenAI's hosts: its v1 API is reached with the plain OpenAI clients (base_url
# https://<resource>.openai.azure.com/openai/v1/), the model named being a deployment.
_AZURE_HOSTS = (".openai.azure.com", ".services.ai.azure.com", ".cognitiveservices.azure.com")


def on_azure(base_url: object) -> bool:
    """Whether an OpenAI client's ``base_url`` is an Azure OpenAI resource: its model is an
    Azure deployment, served on Azure's own schedule (``azure/…``).

    >>> on_azure("https://acme.openai.azure.com/openai/v1/"), on_azure("https://api.openai.com/v1")
    (True, False)
    """
    host = urlsplit(str(base_url or "")).hostname or ""
    return host.endswith(_AZURE_HOSTS)


class EnginesByModel:
    """One ``Engine`` per model (and format) an adapter prices for: a framework may send a
    run's calls to several models (a model chosen per agent, per call)."""

    def __init__(self) -> None:
        self._engines: dict[tuple[str, str | None], Engine] = {}

    def get(self, model: str | ModelInfo, wire: str | None, make: Callable[[], Engine]) -> Engine:
        """The engine for ``model`` sent as ``wire``, made by ``make`` the first time."""
        key = (model if isinstance(model, str) else model.id, wire)
        engine = self._engines.get(key)
        if engine is None:
            engine = self._engines.setdefault(key, make())
        return engine


def write_back(
    fitted: Sequence[Message], items: Sequence[Any], read: Sequence[Message], fmt: Format
) -> list[Any]:
    """Fitted messages back as wire items, for a format whose reader names each message
    ``m<i>`` by the position of its first item: a message kept untouched is its original
    item objects (all of them: a Responses turn, a Chat tool result's image turn); a changed
    or new one is written by contextledger's writer for ``fmt``."""
    from ..providers import translate

    starts = [int(m.id[1:]) for m in read]
    spans = dict(
        zip((m.id for m in read), zip(starts, [*starts[1:], len(items)], strict=True), strict=True)
    )
    originals = {m.id: m for m in read}
    out: list[Any] = []
    for m in fitted:
        source = originals.get(m.id)
        if source is not None and (source is m or source == m):
            start, end = spans[m.id]
            out.extend(items[start:end])
        else:
            out.extend(translate([m], fmt, validate=False).messages)
    return out


def _conversation(messages: Sequence[Message], events: Sequence[CompactionEvent]) -> Conversation:
    """The record with the recaps that still apply (a rewritten history voids older ones)."""
    try:
        return Conversation(tuple(messages), tuple(events))
    except ContentError:
        if not events:
            raise
        return Conversation(tuple(messages), ())


class ReadCache:
    """Framework message object → its ``Message`` values, so a history read again next turn
    costs only its new messages, and the fitter sees the same ``Message`` objects (its price
    cache is by identity). An entry holds only while the object and its ``content`` attribute
    are the same (a message whose content is reassigned or grows is read again)."""

    def __init__(self, size: int = 8192) -> None:
        self._entries: OrderedDict[int, tuple[object, tuple[object, int], Any]] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, obj: object) -> Any:
        with self._lock:
            hit = self._entries.get(id(obj))
            now = _content(obj)
            if hit is None or hit[0] is not obj or hit[1][0] is not now[0] or hit[1][1] != now[1]:
                return None
            self._entries.move_to_end(id(obj))
            return hit[2]

    def put(self, obj: object, value: Any) -> None:
        with self._lock:
            self._entries[id(obj)] = (obj, _content(obj), value)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)


def _content(obj: object) -> tuple[object, int]:
    """Which content object a message holds, and how many items: a reassigned content or a
    part appended in place reads the message again."""
    value = (
        getattr(obj, "content", None) if hasattr(obj, "content") else getattr(obj, "parts", None)
    )
    return value, len(value) if isinstance(value, Sized) else -1
