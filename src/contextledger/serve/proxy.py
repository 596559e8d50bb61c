"""The proxy's shared state: settings, the sessions in memory, the upstream client, and
the session store on a thread of its own; the sessions' branches."""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import httpx
from starlette.applications import Starlette
from starlette.responses import JSONResponse, Response

from ..catalog import lookup_model
from ..compaction.summarizers import OfflineSummarizer
from ..model import Message
from ..prepare import Preparer
from ..storage.sessions import SessionMark, SessionStore
from ..warmup import warm
from .backoff import SummarizerBackoff
from .body import BodyReader
from .sessions import (
    SessionLease,
    Sessions,
    SessionState,
    continues,
    open_session,
)
from .settings import ServeSettings
from .wire import Wire

log = logging.getLogger("contextledger.serve")
T = TypeVar("T")


class Proxy:
    """State shared by the routes: settings, sessions, the upstream client, the store.

    The store (a SQLite file or PostgreSQL, possibly shared with other proxy instances)
    lives on one thread of its own, so calls never block the event loop. A request's new
    messages are appended under the session's store lock, after checking the store's
    mark: what another instance wrote is read first, so no message is stored twice.
    Replies and reports are queued in order behind it and checked where they land.
    """

    def __init__(self, settings: ServeSettings) -> None:
        self.settings = settings
        self.sessions = Sessions(settings.max_sessions)
        self.bodies = BodyReader(settings.max_sessions)
        self.client: httpx.AsyncClient | None = None
        self._store_thread = ThreadPoolExecutor(1, thread_name_prefix="contextledger-store")
        #: With an LLM summarizer, requests are prepared on this thread, one at a time (as
        #: on the event loop), so a recap's network call holds no other session's stream.
        local = isinstance(settings.summarizer, OfflineSummarizer | None)
        self.prepare_thread = (
            None if local else ThreadPoolExecutor(1, thread_name_prefix="contextledger-prepare")
        )
        #: When the LLM summarizer failed: recaps are made offline until it is asked again.
        self.summarizer_backoff = SummarizerBackoff()
        self._store: SessionStore | None = None
        self.store_errors: list[str] = []
        #: Turn reports of sessions not in memory, by the store mark they were read at
        #: (used on the store thread only).
        self.stored_turns: dict[str, tuple[SessionMark, list[dict[str, Any]]]] = {}
        self.started = time.time()
        #: Names this process's events in a shared store (its own are not read back).
        self.instance = uuid.uuid4().hex[:12]

    def _open_store(self) -> SessionStore:
        if self._store is None:
            self._store = SessionStore(
                self.settings.store,
                media=self.settings.media,
                busy_timeout_ms=int(self.settings.store_timeout * 1000),
            )
        return self._store

    async def store_call(self, fn: Callable[[SessionStore], T]) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._store_thread, lambda: fn(self._open_store()))

    def store_submit(
        self, what: str, fn: Callable[[SessionStore], Any], state: SessionState | None = None
    ) -> None:
        """Queue a write; a failure is logged and shown on the dashboard, never raised
        into a request that already has its answer (``state`` is then read again from
        the store on its next request)."""

        def run() -> None:
            try:
                fn(self._open_store())
            except Exception as exc:  # a store failure must not take the proxy down
                if state is not None:
                    state.resync = True
                message = f"{what}: {exc}"
                self.store_errors.append(message)
                del self.store_errors[:-50]
                log.error("store write failed: %s", message)

        self._store_thread.submit(run)

    async def flush(self) -> None:
        """Wait for every queued store write."""
        await self.store_call(lambda _s: None)

    def close_store(self) -> None:
        def close() -> None:
            if self._store is not None:
                self._store.close()
                self._store = None

        self._store_thread.submit(close).result()
        self._store_thread.shutdown(wait=True)
        if self.prepare_thread is not None:
            self.prepare_thread.shutdown(wait=True)

    @asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        self.client = httpx.AsyncClient(
            timeout=httpx.Timeout(self.settings.upstream_timeout, connect=30.0),
            limits=httpx.Limits(max_connections=200, max_keepalive_connections=50),
        )
        try:
            await self.store_call(lambda _s: None)  # open it now, not on the first request
            await asyncio.to_thread(warm)  # the tokenizer and patterns, before any request
            yield
        finally:
            await self.client.aclose()
            await self.flush()
            self.close_store()

    async def state_for(self, key: str, wire: Wire) -> SessionState:
        state = await self.load_state(self.sessions.active.get(key, key), key, wire)
        self.sessions.active[key] = state.name
        return state

    async def load_state(self, name: str, key: str, wire: Wire) -> SessionState:
        """The session from memory, else read from the store (created when new)."""
        state = self.sessions.get(name)
        if state is None:
            tail = await self.store_call(lambda s: open_session(s, name))
            state = self.sessions.get(name)  # another request may have loaded it meanwhile
            if state is None:
                state = SessionState(name, key, wire.name)
                state.reset(tail)
                self.sessions.put(state)
        return state

    async def branch(
        self, lease: SessionLease, wire: Wire, incoming: list[Message]
    ) -> tuple[SessionState, int]:
        """The branch this client's history continues or repeats (``key``, ``key~2``, …:
        another instance or an earlier run may have made it), else a new one; stored
        history is never rewritten. Returns it held by ``lease`` (the session it held is
        released first: two branches never wait on each other), with how much of its
        record the request stands on (see :func:`continues`)."""
        assert lease.state is not None
        left = lease.state.name
        key = lease.state.key
        lease.release()
        n = 1
        while True:
            name = key if n == 1 else f"{key}~{n}"
            n += 1
            if name == left:
                continue
            candidate = await lease.take(await self.load_state(name, key, wire))
            stands_on = continues(candidate.record, incoming)  # a new branch: 0
            if stands_on is not None:
                break
            lease.release()
        self.sessions.active[key] = candidate.name
        return candidate, stands_on

    def error(
        self, wire: Wire, status: int, message: str, kind: str, code: str | None = None
    ) -> Response:
        return JSONResponse(wire.error_body(message, kind, code), status_code=status)

    def queue_event(self, state: SessionState, kind: str, data: dict[str, Any]) -> None:
        """Record an event behind the session's queued writes, marked as this process's."""
        name = state.name
        data = {**data, "instance": self.instance}
        self.store_submit(f"session {name}", lambda s: s.append_event(name, kind, data))

    def preparer_for(
        self, state: SessionState, wire: Wire, model: str, out_tokens: int | None
    ) -> Preparer:
        """The session's Preparer for ``model`` and this output reservation.

        ``--window`` caps the window of the models the catalog knows: one proxy serves
        many models, so a model whose own window is smaller keeps its own (the provider
        would refuse a request budgeted above it). It does not declare an unknown model
        (the library's ``window=`` would price one with estimates): an id the catalog
        cannot resolve raises UnknownModelError, with suggestions, unless
        ``--allow-unknown-models``."""
        settings = self.settings

        def make() -> Preparer:
            window = settings.window
            if window is not None and not settings.allow_unknown_models:
                info = lookup_model(model, settings.catalog)  # a typo is refused, not estimated
                window = min(window, info.context_window)
            return Preparer(
                model,
                target=wire.format,
                window=window,
                max_output_tokens=out_tokens,
                catalog=settings.catalog,
                compaction=settings.compaction,
                summarizer=settings.summarizer,
                on_images="placeholder",
                config=settings.config,
            )

        return state.preparer((model, out_tokens), make)
