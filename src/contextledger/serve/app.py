"""The proxy: an ASGI app (Starlette) that fits every conversation it forwards.

Per request: identify the conversation, record only what is new, prepare the request for
the requested model (repair → compaction → normalization → vision gate → fit), forward
the client's own request with the fitted conversation in place of its history, pass the
reply through as it arrives (SSE untouched), assemble the reply from a copy and record it
with the provider's usage beside our estimate. Nothing the proxy says goes into the
conversation: it answers in ``X-ContextLedger-*`` headers and at ``/contextledger/``.
"""

from __future__ import annotations

import asyncio
import base64
import hmac
import logging
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, suppress
from dataclasses import replace
from functools import partial
from typing import Any, TypeVar

import httpx
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from ..compaction.conversation import Conversation
from ..compaction.summarizers import OfflineSummarizer
from ..errors import (
    BudgetError,
    ContentError,
    ContextLedgerError,
    StoreBusyError,
    StoreError,
    UnknownModelError,
)
from ..model import Message
from ..prepare import Prepared, Preparer
from ..pricing.messages import price_request
from ..pricing.text import warm as warm_tokenizer
from ..providers import translate
from ..report import Notice
from ..storage.sessions import SessionMark, SessionStore
from . import dashboard
from .assemble import Assembler
from .body import BodyReader, ReadBody, dumps, loads
from .drops import drop_notice
from .outgoing import check_sent
from .sessions import (
    MAX_TURN_REPORTS,
    SessionLease,
    Sessions,
    SessionState,
    adopt,
    client_items,
    continues,
    incoming_items,
    incoming_messages,
    open_session,
    read_tail,
    record_after,
    session_key,
    sync_session,
)
from .settings import ServeSettings
from .wire import WIRES, Wire

__all__ = ["Proxy", "create_app"]

log = logging.getLogger("contextledger.serve")
#: Messages to wait, after a recap was rejected, before compaction is tried again.
COMPACTION_RETRY = 16
T = TypeVar("T")

# Never forwarded upstream: hop-by-hop headers, our own, and encodings (the reply must
# come back as the bytes the client will read).
_DROP_REQUEST = frozenset(
    {
        "host", "content-length", "connection", "keep-alive", "transfer-encoding", "upgrade",
        "te", "trailer", "proxy-authorization", "proxy-connection", "accept-encoding",
        "x-contextledger-session", "x-contextledger-key",
    }
)  # fmt: skip
_DROP_RESPONSE = frozenset(
    {
        "content-length",
        "connection",
        "keep-alive",
        "transfer-encoding",
        "content-encoding",
        "date",
        "server",
    }
)


#: The status a turn is logged with when the client hangs up before the reply ends (nginx's).
CLIENT_CLOSED = 499


class _LeasedStream(StreamingResponse):
    """A streamed reply whose ``finish`` runs however the response ends (completed, the
    client gone, the task cancelled, the body never started): the session is released."""

    def __init__(
        self,
        content: AsyncIterator[bytes],
        finish: Callable[[], Awaitable[None]],
        *,
        status_code: int,
        headers: Mapping[str, str],
    ) -> None:
        super().__init__(content, status_code=status_code, headers=headers)
        self._finish = finish

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self._finish()


class _Refusal(Exception):
    """A request the proxy will not send: answered in the provider's error shape."""

    def __init__(
        self,
        message: str,
        *,
        status: int = 400,
        kind: str = "invalid_request_error",
        code: str | None = None,
        used: int = 0,
        budget: int = 0,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.kind = kind
        self.code = code
        self.used = used
        self.budget = budget


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
        self._prepare_thread = (
            None if local else ThreadPoolExecutor(1, thread_name_prefix="contextledger-prepare")
        )
        self._store: SessionStore | None = None
        self.store_errors: list[str] = []
        #: Turn reports of sessions not in memory, by the store mark they were read at
        #: (used on the store thread only).
        self._stored_turns: dict[str, tuple[SessionMark, list[dict[str, Any]]]] = {}
        self.started = time.time()
        #: Names this process's events in a shared store (its own are not read back).
        self.instance = uuid.uuid4().hex[:12]

    # ------------------------------------------------------------------ store (one thread)

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
        if self._prepare_thread is not None:
            self._prepare_thread.shutdown(wait=True)

    # ------------------------------------------------------------------ lifecycle

    @asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        self.client = httpx.AsyncClient(
            timeout=httpx.Timeout(self.settings.upstream_timeout, connect=30.0),
            limits=httpx.Limits(max_connections=200, max_keepalive_connections=50),
        )
        try:
            await self.store_call(lambda _s: None)  # open it now, not on the first request
            await asyncio.to_thread(warm_tokenizer)  # the ~0.5 s build, before any request
            yield
        finally:
            await self.client.aclose()
            await self.flush()
            self.close_store()

    # ------------------------------------------------------------------ sessions

    async def state_for(self, key: str, wire: Wire) -> SessionState:
        state = await self._load_state(self.sessions.active.get(key, key), key, wire)
        self.sessions.active[key] = state.name
        return state

    async def _load_state(self, name: str, key: str, wire: Wire) -> SessionState:
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
            candidate = await lease.take(await self._load_state(name, key, wire))
            stands_on = continues(candidate.record, incoming)  # a new branch: 0
            if stands_on is not None:
                break
            lease.release()
        self.sessions.active[key] = candidate.name
        return candidate, stands_on

    # ------------------------------------------------------------------ helpers

    def error(
        self, wire: Wire, status: int, message: str, kind: str, code: str | None = None
    ) -> Response:
        return JSONResponse(wire.error_body(message, kind, code), status_code=status)

    def check_key(self, request: Request, headers: dict[str, str], wire: Wire) -> Response | None:
        """With ``require_key``: the proxy's key must come in ``X-ContextLedger-Key``, or in
        place of the provider key (which the proxy then supplies from its configuration)."""
        key = self.settings.require_key
        if not key:
            return None
        given = headers.get("x-contextledger-key", "")
        if given and hmac.compare_digest(given.encode(), key.encode()):
            return None
        bearer = headers.get("authorization", "")
        bearer = bearer[7:] if bearer.lower().startswith("bearer ") else ""
        for value, header in (
            (bearer, "authorization"),
            (headers.get("x-api-key", ""), "x-api-key"),
        ):
            if value and hmac.compare_digest(value.encode(), key.encode()):
                upstream = (
                    self.settings.anthropic_api_key
                    if wire.upstream == "anthropic"
                    else self.settings.openai_api_key
                )
                if not upstream:
                    env = "ANTHROPIC_API_KEY" if wire.upstream == "anthropic" else "OPENAI_API_KEY"
                    return self.error(
                        wire, 401,
                        f"contextledger proxy: the proxy key was accepted but {env} is not set "
                        "for the proxy to call the provider with",
                        "authentication_error",
                    )  # fmt: skip
                headers.pop(header, None)
                if wire.upstream == "anthropic":
                    headers["x-api-key"] = upstream
                else:
                    headers["authorization"] = f"Bearer {upstream}"
                return None
        return self.error(
            wire, 401,
            "contextledger proxy: this proxy requires its key (X-ContextLedger-Key, or as the API key)",
            "authentication_error",
        )  # fmt: skip

    def check_viewer(self, request: Request) -> Response | None:
        """With ``require_key``, the dashboard and the reports (they show conversation
        content) need the key too: ``X-ContextLedger-Key``, a bearer token, or HTTP Basic
        with the key as the password (so a browser asks for it; no JavaScript needed)."""
        key = self.settings.require_key
        if not key:
            return None
        headers = request.headers
        given = [headers.get("x-contextledger-key", ""), headers.get("x-api-key", "")]
        auth = headers.get("authorization", "")
        scheme, _, value = auth.partition(" ")
        if scheme.lower() == "bearer":
            given.append(value.strip())
        elif scheme.lower() == "basic":
            with suppress(ValueError, UnicodeDecodeError):
                given.append(base64.b64decode(value.strip()).decode("utf-8").partition(":")[2])
        if any(g and hmac.compare_digest(g.encode(), key.encode()) for g in given):
            return None
        return JSONResponse(
            {"error": "contextledger proxy: this proxy requires its key (X-ContextLedger-Key, "
             "a bearer token, or as the password when the browser asks)"},
            status_code=401,
            headers={"www-authenticate": 'Basic realm="contextledger", charset="UTF-8"'},
        )  # fmt: skip

    async def read_json(
        self, request: Request, wire: Wire, conversation: str | None = None
    ) -> ReadBody | Response:
        """The request body as JSON, or an error Response (413 too large, 400 not JSON).
        With ``conversation`` (the session header, if any), a body that repeats the last
        one of its conversation is read only past what it repeats (see :mod:`.body`)."""
        limit = self.settings.max_body_bytes
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            return self.error(
                wire, 413,
                f"contextledger proxy: request body of {int(declared):,} bytes is over the "
                f"limit of {limit:,} bytes (--max-request-mb)",
                "request_too_large",
            )  # fmt: skip
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                return self.error(
                    wire, 413,
                    f"contextledger proxy: request body is over the limit of {limit:,} bytes "
                    "(--max-request-mb)",
                    "request_too_large",
                )  # fmt: skip
            chunks.append(chunk)
        raw = b"".join(chunks)
        try:
            if conversation is None:
                read = ReadBody(loads(raw))
            else:
                read = self.bodies.read(raw, wire.messages_key, conversation or None)
        except (ValueError, UnicodeDecodeError) as exc:
            return self.error(
                wire, 400, f"contextledger proxy: the request body is not valid JSON ({exc})",
                "invalid_request_error",
            )  # fmt: skip
        if not isinstance(read.body, dict):
            return self.error(
                wire, 400, "contextledger proxy: the request body must be a JSON object",
                "invalid_request_error",
            )  # fmt: skip
        return read

    def upstream_url(self, wire: Wire, query: str = "") -> str:
        """Where ``wire`` goes upstream, with the client's query string (Claude Code sends
        ``/v1/messages?beta=true``)."""
        base = (
            self.settings.anthropic_upstream
            if wire.upstream == "anthropic"
            else self.settings.openai_upstream
        )
        return base + wire.path + (f"?{query}" if query else "")

    # ------------------------------------------------------------------ the fitting routes

    async def handle(self, request: Request, wire: Wire) -> Response:
        t0 = time.perf_counter()
        headers = {k.lower(): v for k, v in request.headers.items()}
        denied = self.check_key(request, headers, wire)
        if denied is not None:
            return denied
        hint = headers.get("x-contextledger-session") or headers.get("helicone-session-id")
        read = await self.read_json(request, wire, hint or "")
        if isinstance(read, Response):
            return read
        body: dict[str, Any] = read.body
        key, _source = session_key(headers, body, wire.name)
        body.pop("litellm_session_id", None)
        meta = body.get("metadata")
        if wire.upstream == "anthropic" and isinstance(meta, dict) and "litellm_session_id" in meta:
            # Anthropic refuses metadata keys other than user_id
            rest = {k: v for k, v in meta.items() if k != "litellm_session_id"}
            if rest:
                body["metadata"] = rest
            else:
                del body["metadata"]
        model = body.get("model")
        if not isinstance(model, str) or not model:
            return self.error(
                wire, 400, "contextledger proxy: the request has no model", "invalid_request_error"
            )
        problem = wire.invalid(body, checked=read.reused)
        if problem is not None:
            return self.error(wire, 400, f"contextledger proxy: {problem}", "invalid_request_error")
        self.bodies.keep(read)
        try:
            return await self._fit_and_forward(request, wire, body, headers, key, _source, t0)
        except StoreBusyError as exc:
            # another instance holds the session past --store-timeout: the turn is not
            # recorded, so it is not sent; a 503 the official SDKs retry after a second
            log.warning("session %s busy: %s", key, exc)
            response = self.error(
                wire, 503,
                f"contextledger proxy: session {key!r} is held by another contextledger "
                f"instance for longer than --store-timeout ({self.settings.store_timeout:g} s), "
                "so the request was not sent; try again",
                "api_error", "session_busy",
            )  # fmt: skip
            response.headers["retry-after"] = "1"
            return response
        except StoreError as exc:
            # the turn cannot be recorded, so it is not sent (nothing is ever lost): a 503
            # in the provider's shape, which the official SDKs retry
            log.error("session store unavailable: %s", exc)
            response = self.error(
                wire, 503,
                f"contextledger proxy: the session store is not available, so the request "
                f"was not sent ({exc}); try again",
                "api_error", "store_unavailable",
            )  # fmt: skip
            response.headers["retry-after"] = "2"
            return response

    async def _fit_and_forward(
        self,
        request: Request,
        wire: Wire,
        body: dict[str, Any],
        headers: dict[str, str],
        key: str,
        _source: str,
        t0: float,
    ) -> Response:
        """Record the request in its session, fit it and forward it (the session held
        until the reply is recorded)."""
        model = str(body["model"])
        async with SessionLease() as lease:
            if wire.name == "openai-responses" and body.get("previous_response_id"):
                chain = self.sessions.responses.get(str(body["previous_response_id"]))
                if _source == "hash" and chain is not None:
                    # no session header: the session is the one that got the previous reply
                    await lease.take(await self._load_state(chain[0], chain[1], wire))
                else:
                    await lease.take(await self.state_for(key, wire))
                try:
                    return await self.chained(request, wire, body, headers, lease, model, t0)
                except _Refusal as refusal:
                    return self.refuse(request, wire, lease, body, model, refusal, t0)
            t_read = time.perf_counter()
            await lease.take(await self.state_for(key, wire))
            t_locked = time.perf_counter()
            try:
                outcome = await self._record_and_prepare(lease, wire, body, model)
            except _Refusal as refusal:
                return self.refuse(request, wire, lease, body, model, refusal, t0)
            if isinstance(outcome, str):
                return await self.passthrough(
                    request, wire, body, headers, lease, model, outcome, t0
                )
            state, prepared, repeat = outcome
            try:
                upstream_body, written = self._outgoing(state, wire, body, prepared)
            except ContentError as exc:
                unsendable = _Refusal(f"contextledger proxy: {exc}")
                return self.refuse(request, wire, lease, body, model, unsendable, t0)
            turn = self._turn_report(state, wire, body, model, prepared)
            turn["notices"].extend(n.to_dict() for n in written)
            if repeat:
                turn["repeat"] = True  # a retry or a shared opening: its reply is not recorded
            t_done = time.perf_counter()
            turn["added_ms"] = round((t_done - t0 - (t_locked - t_read)) * 1000, 2)
            turn["timing_ms"] = {
                "read": round((t_read - t0) * 1000, 2),
                "wait": round((t_locked - t_read) * 1000, 2),
                "record": round(lease.store_ms, 2),
                "prepare": round((t_done - t_locked) * 1000 - lease.store_ms, 2),
            }
            ours = {
                "x-contextledger-used": str(prepared.report.used),
                "x-contextledger-budget": str(prepared.report.budget),
                "x-contextledger-dropped": str(turn["dropped"]),
                **self._report_headers(request, state),
            }
            return await self.forward(
                wire, upstream_body, headers, ours, lease, turn, t0,
                record=not repeat, query=request.url.query,
            )  # fmt: skip

    def _outgoing(
        self, state: SessionState, wire: Wire, body: dict[str, Any], prepared: Prepared
    ) -> tuple[dict[str, Any], list[Notice]]:
        """The request to send: the client's, with the fitted conversation in place of its
        history, checked as ``translate`` checks it (only what changed since the last turn,
        see :mod:`.outgoing`) and written as the client's own JSON wherever unchanged."""
        kept, notices = check_sent(state.checked, prepared.messages, wire.format)
        own = client_items(state, wire, kept)
        if own is not None:
            out = dict(body)
            out[wire.messages_key] = own
            return out, notices
        # the system prompt changed, or turns must be merged: the whole conversation as written
        translation = translate(kept, wire.format, validate=False)
        notices.extend(translation.notices)
        return wire.merge(body, translation.body), notices

    def _report_headers(self, request: Request, state: SessionState) -> dict[str, str]:
        return {
            "x-contextledger-report": f"{request.base_url}contextledger/sessions/{state.name}",
            "x-contextledger-session": state.name,
        }

    def refuse(
        self,
        request: Request,
        wire: Wire,
        lease: SessionLease,
        body: dict[str, Any],
        model: str,
        refusal: _Refusal,
        t0: float,
    ) -> Response:
        """The provider-shaped error for a request the proxy will not send, reported in
        the session like any turn (never silent) and answered with the headers it has."""
        response = self.error(wire, refusal.status, refusal.message, refusal.kind, refusal.code)
        state = lease.state
        if state is None:
            return response
        turn: dict[str, Any] = {
            "turn": len(state.turns) + 1,
            "time": time.time(),
            "route": wire.name,
            "model": model,
            "stream": bool(body.get("stream")),
            "fitted": False,
            "refused": True,
            "reason": refusal.message,
            "dropped": 0,
            "notices": [{"kind": "refused", "where": "", "text": refusal.message}],
            "added_ms": round((time.perf_counter() - t0) * 1000, 2),
        }
        ours = self._report_headers(request, state)
        if refusal.budget:
            turn["budget"] = refusal.budget
            ours["x-contextledger-budget"] = str(refusal.budget)
        if refusal.used:
            turn["used"] = refusal.used
            ours["x-contextledger-used"] = str(refusal.used)
        ours["x-contextledger-dropped"] = "0"
        ours["x-contextledger-fitted"] = "false"
        self._finish(state, turn, None, refusal.status, t0, record=False)
        response.headers.update(ours)
        return response

    async def _record_and_prepare(
        self, lease: SessionLease, wire: Wire, body: dict[str, Any], model: str
    ) -> str | tuple[SessionState, Prepared, bool]:
        """Record the request and prepare it for ``model``: the session held (``lease``
        follows a branch), the prepared request, and whether the request repeats what the
        record already holds. A string: a reason to pass the request through untouched.
        Raises :class:`_Refusal` for a request the proxy will not send."""
        state, stands_on = await self._record_incoming(lease, wire, body)
        repeat = stands_on < state.size
        state.model = model
        state.updated = time.time()
        out_tokens = wire.output_tokens(body)
        settings = self.settings
        conversation = state.conversation
        if repeat:  # the model sees what the client sent: the record up to its last message
            conversation = Conversation(
                state.record[:stands_on],
                tuple(e for e in conversation.events if e.record_length <= stands_on),
            )
        try:
            preparer = self._preparer(state, wire, model, out_tokens)
            run = partial(
                self._prepare_with_backoff, state, preparer, wire.pricing_tools(body), conversation
            )
            if self._prepare_thread is None:
                prepared = run()
            else:  # a recap may wait seconds on the summarizer's endpoint: off the event loop
                loop = asyncio.get_running_loop()
                prepared = await loop.run_in_executor(self._prepare_thread, run)
        except UnknownModelError as exc:
            if settings.allow_unknown_models:
                return f"unknown model {model!r}: forwarded untouched (--allow-unknown-models)"
            raise _Refusal(f"contextledger proxy: {exc}", code="model_not_found") from None
        except BudgetError as exc:
            raise _Refusal(
                f"contextledger proxy: {exc}",
                code="context_length_exceeded",
                used=exc.needed,
                budget=exc.available,
            ) from None
        except ContextLedgerError as exc:
            raise _Refusal(f"contextledger proxy: {exc}") from None
        if prepared.event is not None and not repeat:
            state.add_event(prepared.event)
            self.queue_event(state, "compaction", prepared.event.to_dict())
        return state, prepared, repeat

    def _prepare_with_backoff(
        self,
        state: SessionState,
        preparer: Preparer,
        tools: Any,
        conversation: Conversation | None = None,
    ) -> Prepared:
        """``preparer.prepare``; after a recap that failed (its verification rejected it),
        compaction is paused for this session until COMPACTION_RETRY more messages arrive:
        writing and verifying a recap of a long history costs seconds, and retrying it
        every turn would add them to every request. The pause is said in the turn's report."""
        paused = preparer.compaction and state.size < state.compaction_retry_at
        if paused:
            preparer.compaction = False
        try:
            prepared = preparer.prepare(
                state.conversation if conversation is None else conversation,
                tools=tools,
                write=False,  # written and checked by the caller, see _outgoing
            )
        finally:
            if paused:
                preparer.compaction = True
        failed = prepared.event is None and any(
            n.kind == "compaction" for n in prepared.report.notices
        )
        if failed:
            state.compaction_retry_at = state.size + COMPACTION_RETRY
        state.compaction_paused = bool(paused)
        return prepared

    def queue_event(self, state: SessionState, kind: str, data: dict[str, Any]) -> None:
        """Record an event behind the session's queued writes, marked as this process's."""
        name = state.name
        data = {**data, "instance": self.instance}
        self.store_submit(f"session {name}", lambda s: s.append_event(name, kind, data))

    async def _record_incoming(
        self, lease: SessionLease, wire: Wire, body: dict[str, Any]
    ) -> tuple[SessionState, int]:
        """Append what is new in the request to the session held by ``lease`` (its branch,
        when the client's history no longer continues the record: the lease follows it).
        Returns the session and how much of its record the request stands on."""
        assert lease.state is not None
        state = lease.state
        for _ in range(8):
            if state.resync:
                whole = partial(read_tail, name=state.name)
                state.reset(await self.store_call(whole))
            try:
                incoming = incoming_messages(state, wire, body)
            except ContentError as exc:
                raise _Refusal(f"contextledger proxy: {exc}") from None
            stands_on = continues(state.record, incoming)
            if stands_on is None:
                state, stands_on = await self.branch(lease, wire, incoming)
                incoming = incoming_messages(state, wire, body)
                continues(state.record, incoming)  # the record's own objects, prices cached
            if stands_on < state.size:
                return state, stands_on  # nothing new: the record already holds it all
            new = incoming[state.size :]
            sync = partial(
                sync_session,
                name=state.name,
                expected=state.mark,
                new=new,
                wait=self.settings.store_timeout,
            )
            t_store = time.perf_counter()
            synced = await self.store_call(sync)
            lease.store_ms += (time.perf_counter() - t_store) * 1000
            if synced.reload:
                assert synced.tail is not None
                state.reset(synced.tail)
                continue
            if synced.tail is not None:  # another instance wrote: take it in
                state.absorb(synced.tail, skip=self.instance)
            if synced.appended:
                state.recorded(new, synced.mark)
                adopt(state, incoming)
                return state, state.size
        raise _Refusal(
            "contextledger proxy: the session kept changing while this request was recorded "
            "(other requests for it are running); try again",
            status=409,
        )

    def _turn_report(
        self, state: SessionState, wire: Wire, body: dict[str, Any], model: str, prepared: Prepared
    ) -> dict[str, Any]:
        report = prepared.report
        preparer = next(reversed(state.preparers.values()))
        by, before, parts = state.composed
        known = (before, parts) if by is preparer else None
        composition = dashboard.composition(prepared.messages, preparer, report, known)
        state.composed = (preparer, prepared.messages, composition)
        dropped_changes = report.fit.dropped
        dropped = len(dropped_changes)
        notices = [n.to_dict() for n in report.notices]
        last = next((t.get("dropped", 0) for t in reversed(state.turns) if t.get("fitted")), None)
        said = drop_notice(dropped_changes, last)
        if said is not None:  # every route alike: how many left out, of what kind
            notices.insert(0, said.to_dict())
        if state.compaction_paused:
            notices.append(
                {
                    "kind": "compaction",
                    "where": "",
                    "text": "compaction paused after a rejected recap; tried again at "
                    f"{state.compaction_retry_at:,} messages (the session has {state.size:,})",
                }
            )
        return {
            "turn": len(state.turns) + 1,
            "time": time.time(),
            "route": wire.name,
            "model": model,
            "stream": bool(body.get("stream")),
            "fitted": True,
            "window": report.window,
            "reserved_output": report.reserved_output,
            "budget": report.budget,
            "used": report.used,
            "composition": composition,
            "messages_in": state.size,
            "messages_sent": len(prepared.messages),
            "dropped": dropped,
            "shrunk": len(report.fit.shrunk),
            "notices": notices,
            "compaction": list(report.compaction) if prepared.event is not None else [],
            "compaction_state": report.compaction_state,
        }

    # ------------------------------------------------------------------ chained requests

    async def chained(
        self,
        request: Request,
        wire: Wire,
        body: dict[str, Any],
        headers: dict[str, str],
        lease: SessionLease,
        model: str,
        t0: float,
    ) -> Response:
        """A Responses request continuing ``previous_response_id``: the provider holds the
        earlier turns, so nothing can be fitted and the request goes untouched; its input
        and the reply are still recorded (the record is the whole conversation), and the
        headers say what is known: our price of the conversation the provider holds (the
        session's record), against the budget."""
        state = lease.state
        assert state is not None
        reason = (
            "previous_response_id: the provider holds the earlier turns, so the proxy cannot "
            "fit them; forwarded untouched"
        )
        notices: list[dict[str, Any]] = [{"kind": "not_fitted", "where": "", "text": reason}]
        record = True
        try:
            new = list(incoming_items(wire, body))
        except ContentError as exc:
            new, record = [], False
            notices.append(
                {
                    "kind": "not_recorded",
                    "where": exc.path,
                    "text": f"The input could not be read ({exc}): forwarded, not recorded.",
                }
            )
        if new:
            await self._append(lease, new)
        state.model = model
        state.updated = time.time()
        turn: dict[str, Any] = {
            "turn": len(state.turns) + 1,
            "time": time.time(),
            "route": wire.name,
            "model": model,
            "stream": bool(body.get("stream")),
            "fitted": False,
            "reason": reason,
            "dropped": 0,
            "notices": notices,
            "messages_in": state.size,
        }
        ours = {
            "x-contextledger-fitted": "false",
            "x-contextledger-dropped": "0",
            **self._report_headers(request, state),
        }
        known = self._chain_price(state, wire, body, model)
        if known is not None:
            used, budget = known
            turn["used"], turn["budget"] = used, budget
            ours["x-contextledger-used"] = str(used)
            ours["x-contextledger-budget"] = str(budget)
            if used > budget:
                notices.append(
                    {
                        "kind": "over_window",
                        "where": "",
                        "text": f"By our count the conversation the provider holds is {used:,} "
                        f"tokens, over the budget of {budget:,}: the proxy cannot fit a "
                        "previous_response_id request (send the whole history to have it fitted).",
                    }
                )
        turn["added_ms"] = round((time.perf_counter() - t0) * 1000, 2)
        return await self.forward(
            wire, body, headers, ours, lease, turn, t0, record=record, query=request.url.query
        )

    async def _append(self, lease: SessionLease, new: Sequence[Message]) -> None:
        """Append ``new`` to the session held by ``lease`` (after whatever another
        instance appended first: no message is stored twice, none is lost)."""
        state = lease.state
        assert state is not None
        for _ in range(8):
            if state.resync:
                state.reset(await self.store_call(partial(read_tail, name=state.name)))
            messages = [replace(m, id=f"m{state.size + k}") for k, m in enumerate(new)]
            sync = partial(
                sync_session,
                name=state.name,
                expected=state.mark,
                new=messages,
                wait=self.settings.store_timeout,
            )
            synced = await self.store_call(sync)
            if synced.reload:
                assert synced.tail is not None
                state.reset(synced.tail)
                continue
            if synced.tail is not None:
                state.absorb(synced.tail, skip=self.instance)
            if synced.appended:
                state.recorded(messages, synced.mark)
                return
        raise _Refusal(
            "contextledger proxy: the session kept changing while this request was recorded "
            "(other requests for it are running); try again",
            status=409,
        )

    def _chain_price(
        self, state: SessionState, wire: Wire, body: dict[str, Any], model: str
    ) -> tuple[int, int] | None:
        """(used, budget) for a chained request: the session's record as the provider holds
        it, with this request's tools; None for a model the catalog does not know."""
        try:
            preparer = self._preparer(state, wire, model, wire.output_tokens(body))
        except ContextLedgerError:
            return None
        fitter = preparer.fitter
        tools = wire.pricing_tools(body)
        wire_tools = preparer.wire.convert_tools(tools) if tools else None
        used = fitter.pricer.request(state.record, wire_tools)
        return used, fitter.window - fitter.reserved_output

    def _preparer(
        self, state: SessionState, wire: Wire, model: str, out_tokens: int | None
    ) -> Preparer:
        """The session's Preparer for ``model`` and this output reservation."""
        settings = self.settings
        return state.preparer(
            (model, out_tokens),
            lambda: Preparer(
                model,
                target=wire.format,
                window=settings.window,
                max_output_tokens=out_tokens,
                catalog=settings.catalog,
                compaction=settings.compaction,
                summarizer=settings.summarizer,
                on_images="placeholder",
                config=settings.config,
            ),
        )

    # ------------------------------------------------------------------ forwarding

    async def passthrough(
        self,
        request: Request,
        wire: Wire,
        body: dict[str, Any],
        headers: dict[str, str],
        lease: SessionLease,
        model: str,
        reason: str,
        t0: float,
    ) -> Response:
        """Forward untouched; the turn is reported as not fitted, with the reason."""
        state = lease.state
        assert state is not None
        turn = {
            "turn": len(state.turns) + 1,
            "time": time.time(),
            "route": wire.name,
            "model": model,
            "stream": bool(body.get("stream")),
            "fitted": False,
            "reason": reason,
            "dropped": 0,
            "notices": [{"kind": "not_fitted", "where": "", "text": reason}],
            "added_ms": round((time.perf_counter() - t0) * 1000, 2),
        }
        state.model = model
        ours = {"x-contextledger-fitted": "false", **self._report_headers(request, state)}
        return await self.forward(
            wire, body, headers, ours, lease, turn, t0, record=False, query=request.url.query
        )

    async def forward(
        self,
        wire: Wire,
        body: dict[str, Any],
        headers: dict[str, str],
        ours: Mapping[str, str],
        lease: SessionLease,
        turn: dict[str, Any],
        t0: float,
        *,
        record: bool = True,
        query: str = "",
    ) -> Response:
        """Send upstream; the session stays held until the reply is recorded (a streamed
        reply takes the lease over and releases it when the stream ends, however it ends)."""
        assert self.client is not None
        state = lease.state
        assert state is not None
        send_headers = {k: v for k, v in headers.items() if k not in _DROP_REQUEST}
        send_headers["accept-encoding"] = "identity"
        send_headers["content-type"] = "application/json"
        t_write = time.perf_counter()
        content = dumps(body)
        write_ms = (time.perf_counter() - t_write) * 1000
        if "timing_ms" in turn:  # the proxy's own time includes writing the body
            turn["timing_ms"]["write"] = round(write_ms, 2)
            turn["added_ms"] = round(turn["added_ms"] + write_ms, 2)
        url = self.upstream_url(wire, query)
        assembler = Assembler(wire.name)
        try:
            req = self.client.build_request("POST", url, content=content, headers=send_headers)
            upstream = await self.client.send(req, stream=True)
        except httpx.HTTPError as exc:
            self._finish(state, turn, None, 502, t0, record)
            return self.error(
                wire, 502, f"contextledger proxy: cannot reach the upstream {url}: {exc}",
                "api_error",
            )  # fmt: skip
        reply_headers = {
            k: v for k, v in upstream.headers.items() if k.lower() not in _DROP_RESPONSE
        }
        reply_headers.update(ours)
        streaming = upstream.status_code == 200 and upstream.headers.get(
            "content-type", ""
        ).startswith("text/event-stream")
        if not streaming:
            try:
                data = await upstream.aread()
            except httpx.HTTPError as exc:
                await upstream.aclose()
                self._finish(state, turn, None, 502, t0, record)
                return self.error(
                    wire, 502, f"contextledger proxy: the upstream connection failed: {exc}",
                    "api_error",
                )  # fmt: skip
            finally:
                await upstream.aclose()
            if upstream.status_code == 200:
                with suppress(ValueError):
                    assembler.load(loads(data))
                if assembler.message() is None:  # never silent: said, not guessed at
                    turn["notices"].append(
                        {"kind": "not_recorded", "where": "", "text": "The upstream's reply "
                         f"holds no {wire.name} assistant message the proxy can read: passed "
                         "to the client as it came, not recorded."}
                    )  # fmt: skip
            self._finish(state, turn, assembler, upstream.status_code, t0, record)
            return Response(data, status_code=upstream.status_code, headers=reply_headers)

        record_done = False
        status = CLIENT_CLOSED  # until the upstream stream ends (or fails)
        owned = lease.hand_over()

        async def relay() -> AsyncIterator[bytes]:
            # Bytes go on as they arrive, whole events at a time: if the upstream fails
            # mid-stream, the client gets the provider's error event after the last whole
            # event (its SDK raises), never a cut-off event or a stream that just stops.
            nonlocal record_done, status
            failure: str | None = None
            try:
                async for chunk in upstream.aiter_raw():
                    data = assembler.pending + chunk
                    assembler.feed(chunk)
                    ready = len(data) - len(assembler.pending)
                    if assembler.done and record and not record_done:
                        # recorded before the last bytes go out: the client's next turn
                        # (sent as soon as it reads them) finds the reply in the record
                        self._record_reply(state, assembler)
                        record_done = True
                    if ready:
                        yield data[:ready]
                if assembler.done:
                    if assembler.pending:
                        yield assembler.pending  # whatever followed the last event
                    status = 200
                else:
                    failure = "the upstream's stream ended before the reply was complete"
            except httpx.HTTPError as exc:
                failure = f"the upstream's stream failed: {exc or type(exc).__name__}"
            if failure is None:
                return
            status = 502
            if assembler.error is not None:
                failure = f"the provider ended the stream with an error: {assembler.error}"
            else:
                yield wire.stream_error(f"contextledger proxy: {failure}")
            turn["error"] = failure
            turn["notices"].append(
                {"kind": "upstream_error", "where": "", "text": f"{failure[0].upper()}"
                 f"{failure[1:]}; the reply was not recorded."}
            )  # fmt: skip
            log.warning("session %s: %s", state.name, failure)

        async def finish() -> None:
            # runs however the response ends: a client that hangs up before the reply is
            # complete (its turn is logged as 499), a cancelled task, a stream never started
            final = 200 if status == CLIENT_CLOSED and assembler.done else status
            try:
                if owned.state is not None:
                    self._finish(state, turn, assembler, final, t0, record and not record_done)
            finally:
                owned.release()
                await upstream.aclose()

        return _LeasedStream(relay(), finish, status_code=200, headers=reply_headers)

    def _record_reply(self, state: SessionState, assembler: Assembler) -> None:
        if assembler.response_id:  # a later previous_response_id request continues here
            self.sessions.remember_response(assembler.response_id, state.name, state.key)
        msg = assembler.message()
        if msg is None:
            return
        msg = replace(msg, id=f"m{state.size}")
        before = state.mark
        state.recorded([msg], replace(before, messages=before.messages + 1))
        name = state.name

        def write(store: SessionStore) -> None:
            if not record_after(store, name, before, [msg], self.settings.store_timeout):
                state.resync = True  # the client went on through another instance

        self.store_submit(f"session {name}", write, state)

    def _finish(
        self,
        state: SessionState,
        turn: dict[str, Any],
        assembler: Assembler | None,
        status: int,
        t0: float,
        record: bool,
    ) -> None:
        """Record the reply and the turn's report."""
        if assembler is not None and status == 200 and record:
            self._record_reply(state, assembler)
        turn["status"] = status
        turn["total_ms"] = round((time.perf_counter() - t0) * 1000, 2)
        if assembler is not None:
            turn["finish_reason"] = assembler.finish_reason
            usage = assembler.usage
            turn["usage"] = (
                {
                    "input_tokens": usage.input_tokens,
                    "output_tokens": usage.output_tokens,
                    "cached_input_tokens": usage.cached_input_tokens,
                    **usage.cache_fields(),
                }
                if usage is not None
                else None
            )
            estimated = turn.get("used")
            if usage is not None and usage.input_tokens and isinstance(estimated, int):
                turn["estimate_error_pct"] = round(
                    (estimated - usage.input_tokens) / usage.input_tokens * 100, 1
                )
        state.turns.append(turn)
        name = state.name
        self.queue_event(state, "serve.turn", dict(turn))
        log.info(
            "%s %s session=%s status=%s used=%s budget=%s dropped=%s added=%.1fms",
            turn["route"], turn["model"], name, status, turn.get("used", "-"),
            turn.get("budget", "-"), turn.get("dropped", 0), turn.get("added_ms", 0.0),
        )  # fmt: skip

    # ------------------------------------------------------------------ other routes

    async def count_tokens(self, request: Request) -> Response:
        wire = WIRES["anthropic"]
        headers = {k.lower(): v for k, v in request.headers.items()}
        denied = self.check_key(request, headers, wire)
        if denied is not None:
            return denied
        read = await self.read_json(request, wire)
        if isinstance(read, Response):
            return read
        body = read.body
        model = body.get("model")
        if not isinstance(model, str) or not model:
            return self.error(
                wire, 400, "contextledger proxy: the request has no model", "invalid_request_error"
            )
        priced = dict(body)
        tools = wire.pricing_tools(body)
        if tools:
            from ..providers.anthropic import convert_tools

            priced["tools"] = convert_tools(tools)
        try:
            price = price_request(priced, model, "anthropic", catalog=self.settings.catalog)
        except ContextLedgerError as exc:
            return self.error(wire, 400, f"contextledger proxy: {exc}", "invalid_request_error")
        return JSONResponse({"input_tokens": price.total})

    def not_found(self, request: Request, status: int) -> Response:
        """Unknown routes and methods in the provider's error shape (an SDK reads it)."""
        anthropic = "anthropic-version" in request.headers or "x-api-key" in request.headers
        wire = WIRES["anthropic" if anthropic else "openai"]
        what = "not found" if status == 404 else f"does not accept {request.method}"
        kind = "not_found_error" if anthropic and status == 404 else "invalid_request_error"
        return self.error(
            wire, status, f"contextledger proxy: {request.url.path} {what}", kind,
            "unknown_url" if status == 404 else None,
        )  # fmt: skip

    async def models(self, request: Request) -> Response:
        assert self.client is not None
        headers = {k.lower(): v for k, v in request.headers.items()}
        anthropic = "x-api-key" in headers or "anthropic-version" in headers
        wire = WIRES["anthropic" if anthropic else "openai"]
        denied = self.check_key(request, headers, wire)
        if denied is not None:
            return denied
        base = (
            self.settings.anthropic_upstream + "/v1" if anthropic else self.settings.openai_upstream
        )
        model_id = request.path_params.get("model_id")
        suffix = "/models" + (f"/{model_id}" if model_id else "")
        send_headers = {k: v for k, v in headers.items() if k not in _DROP_REQUEST}
        send_headers["accept-encoding"] = "identity"
        try:
            upstream = await self.client.get(
                base + suffix, headers=send_headers, params=dict(request.query_params)
            )
        except httpx.HTTPError as exc:
            return self.error(
                wire, 502, f"contextledger proxy: cannot reach the upstream: {exc}", "api_error"
            )
        reply_headers = {
            k: v for k, v in upstream.headers.items() if k.lower() not in _DROP_RESPONSE
        }
        return Response(upstream.content, status_code=upstream.status_code, headers=reply_headers)

    async def healthz(self, request: Request) -> Response:
        return JSONResponse(
            {
                "status": "ok",
                "sessions_in_memory": len(self.sessions),
                "uptime_s": round(time.time() - self.started, 1),
                "store_errors": len(self.store_errors),
            }
        )

    # ------------------------------------------------------------------ reports

    async def session_summaries(self) -> list[dict[str, Any]]:
        """A row per stored session: from memory, else from the turn reports in the store
        (read once per session and again only when its rows change), so a restarted
        proxy's dashboard still shows every session's model, tokens and cost."""
        live = {s.name: list(s.turns) for s in self.sessions}  # copied here, on the loop

        def read(store: SessionStore) -> list[tuple[Any, list[dict[str, Any]]]]:
            rows: list[tuple[Any, list[dict[str, Any]]]] = []
            for info in store.list():
                turns = live.get(info.name)
                if turns is not None:
                    rows.append((info, turns))
                    continue
                mark = store.mark(info.name)
                known = self._stored_turns.get(info.name)
                if known is None or known[0] != mark:
                    tail = store.read_since(info.name, replace(mark, events=0))
                    turns = [dict(e.data) for e in tail.events if e.kind == "serve.turn"]
                    known = self._stored_turns[info.name] = (mark, turns[-MAX_TURN_REPORTS:])
                rows.append((info, known[1]))
            return rows

        return [
            dashboard.summary(info.name, info.messages, info.created, info.updated, turns)
            for info, turns in await self.store_call(read)
        ]

    async def session_detail(self, name: str) -> dict[str, Any] | None:
        state = self.sessions.get(name)
        if state is not None:
            turns = list(state.turns)
            messages = state.size
            compactions = [e.to_dict() for e in state.conversation.events]
            # what other instances on the store did since this one last served the session
            since = partial(SessionStore.read_since, session=name, since=state.mark)
            tail = await self.store_call(since)
            messages += len(tail.stored)
            for ev in tail.events:
                if ev.data.get("instance") == self.instance:
                    continue
                if ev.kind == "serve.turn":
                    turns.append(dict(ev.data))
                elif ev.kind == "compaction":
                    compactions.append(dict(ev.data))
        else:

            def load(store: SessionStore) -> Any:
                return store.load(name) if store.exists(name) else None

            loaded = await self.store_call(load)
            if loaded is None:
                return None
            turns = [dict(e.data) for e in loaded.events if e.kind == "serve.turn"]
            compactions = [dict(e.data) for e in loaded.events if e.kind == "compaction"]
            messages = len(loaded.stored)
        for c in compactions:
            c.pop("recap_text", None) if len(str(c.get("recap_text", ""))) > 4000 else None
        return {
            "session": name,
            "messages": messages,
            "summary": dashboard.summary(name, messages, None, None, turns),
            "turns": turns,
            "compactions": compactions,
        }


def create_app(settings: ServeSettings) -> Starlette:
    """The ASGI app; ``app.state.proxy`` is the :class:`Proxy`."""
    proxy = Proxy(settings)

    def fitting(wire_name: str) -> Callable[[Request], Any]:
        wire = WIRES[wire_name]  # type: ignore[index]

        async def route(request: Request) -> Response:
            return await proxy.handle(request, wire)

        return route

    async def sessions_json(request: Request) -> Response:
        if (denied := proxy.check_viewer(request)) is not None:
            return denied
        return JSONResponse({"sessions": await proxy.session_summaries()})

    async def session_json(request: Request) -> Response:
        if (denied := proxy.check_viewer(request)) is not None:
            return denied
        detail = await proxy.session_detail(request.path_params["name"])
        if detail is None:
            return JSONResponse({"error": "no such session"}, status_code=404)
        return JSONResponse(detail)

    async def index_html(request: Request) -> Response:
        if (denied := proxy.check_viewer(request)) is not None:
            return denied
        return HTMLResponse(
            dashboard.index_page(await proxy.session_summaries(), proxy.store_errors)
        )

    async def session_html(request: Request) -> Response:
        if (denied := proxy.check_viewer(request)) is not None:
            return denied
        detail = await proxy.session_detail(request.path_params["name"])
        if detail is None:
            return HTMLResponse(dashboard.not_found(request.path_params["name"]), status_code=404)
        return HTMLResponse(dashboard.session_page(detail))

    routes = [
        Route("/v1/chat/completions", fitting("openai"), methods=["POST"]),
        Route("/chat/completions", fitting("openai"), methods=["POST"]),
        Route("/v1/responses", fitting("openai-responses"), methods=["POST"]),
        Route("/responses", fitting("openai-responses"), methods=["POST"]),
        Route("/v1/messages/count_tokens", proxy.count_tokens, methods=["POST"]),
        Route("/v1/messages", fitting("anthropic"), methods=["POST"]),
        Route("/v1/models", proxy.models, methods=["GET"]),
        Route("/models", proxy.models, methods=["GET"]),
        Route("/v1/models/{model_id:path}", proxy.models, methods=["GET"]),
        Route("/models/{model_id:path}", proxy.models, methods=["GET"]),
        Route("/healthz", proxy.healthz, methods=["GET"]),
        Route("/contextledger/", index_html, methods=["GET"]),
        Route("/contextledger/sessions", sessions_json, methods=["GET"]),
        Route("/contextledger/sessions/{name:path}", session_json, methods=["GET"]),
        Route("/contextledger/view/{name:path}", session_html, methods=["GET"]),
    ]

    async def not_found(request: Request, exc: Exception) -> Response:
        return proxy.not_found(request, getattr(exc, "status_code", 404))

    app = Starlette(
        routes=routes,
        lifespan=proxy.lifespan,
        exception_handlers={404: not_found, 405: not_found},
    )
    app.state.proxy = proxy
    return app
