"""Forwarding upstream: the client's request (its headers less hop-by-hop ones and ours)
to the provider, the reply passed through as it arrives (SSE untouched, a broken stream
ended with the provider's own error event), and the session held until the reply is
recorded."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import suppress
from typing import TYPE_CHECKING, Any

import httpx
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from .assemble import Assembler
from .body import dumps, loads
from .sessions import SessionLease, SessionState
from .turns import finish_turn, new_turn, record_reply, report_headers
from .wire import Wire

if TYPE_CHECKING:
    from .proxy import Proxy

log = logging.getLogger("contextledger.serve")

# Never forwarded upstream: hop-by-hop headers, our own, and encodings (the reply must
# come back as the bytes the client will read).
DROP_REQUEST_HEADERS = frozenset(
    {
        "host", "content-length", "connection", "keep-alive", "transfer-encoding", "upgrade",
        "te", "trailer", "proxy-authorization", "proxy-connection", "accept-encoding",
        "x-contextledger-session", "x-contextledger-key",
    }
)  # fmt: skip
DROP_RESPONSE_HEADERS = frozenset(
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


def upstream_url(proxy: Proxy, wire: Wire, query: str = "") -> str:
    """Where ``wire`` goes upstream, with the client's query string (Claude Code sends
    ``/v1/messages?beta=true``)."""
    base = (
        proxy.settings.anthropic_upstream
        if wire.upstream == "anthropic"
        else proxy.settings.openai_upstream
    )
    return base + wire.path + (f"?{query}" if query else "")


async def passthrough(
    proxy: Proxy,
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
    turn = new_turn(
        state, wire, body, model,
        fitted=False, reason=reason, dropped=0,
        notices=[{"kind": "not_fitted", "where": "", "text": reason}],
        added_ms=round((time.perf_counter() - t0) * 1000, 2),
    )  # fmt: skip
    state.model = model
    ours = {"x-contextledger-fitted": "false", **report_headers(request, state)}
    return await forward(
        proxy, wire, body, headers, ours, lease, turn, t0, record=False, query=request.url.query
    )


async def forward(
    proxy: Proxy,
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
    assert proxy.client is not None
    state = lease.state
    assert state is not None
    content, send_headers = _upstream_request(wire, body, headers, turn)
    url = upstream_url(proxy, wire, query)
    try:
        req = proxy.client.build_request("POST", url, content=content, headers=send_headers)
        upstream = await proxy.client.send(req, stream=True)
    except httpx.HTTPError as exc:
        finish_turn(proxy, state, turn, None, 502, t0, record)
        return proxy.error(
            wire, 502, f"contextledger proxy: cannot reach the upstream {url}: {exc}",
            "api_error",
        )  # fmt: skip
    reply_headers = {
        k: v for k, v in upstream.headers.items() if k.lower() not in DROP_RESPONSE_HEADERS
    }
    reply_headers.update(ours)
    streaming = upstream.status_code == 200 and upstream.headers.get("content-type", "").startswith(
        "text/event-stream"
    )
    if streaming:
        return _relayed_stream(proxy, wire, upstream, lease, turn, t0, record, reply_headers)
    return await _whole_reply(proxy, wire, upstream, state, turn, t0, record, reply_headers)


def _upstream_request(
    wire: Wire, body: dict[str, Any], headers: dict[str, str], turn: dict[str, Any]
) -> tuple[bytes, dict[str, str]]:
    """The body as sent and the client's headers less ours and hop-by-hop ones; the time
    spent writing the body is the proxy's own (added to the turn's timing)."""
    send_headers = {k: v for k, v in headers.items() if k not in DROP_REQUEST_HEADERS}
    send_headers = wire.upstream_headers(body, send_headers)
    send_headers["accept-encoding"] = "identity"
    send_headers["content-type"] = "application/json"
    t_write = time.perf_counter()
    content = dumps(body)
    write_ms = (time.perf_counter() - t_write) * 1000
    if "timing_ms" in turn:  # the proxy's own time includes writing the body
        turn["timing_ms"]["write"] = round(write_ms, 2)
        turn["added_ms"] = round(turn["added_ms"] + write_ms, 2)
    return content, send_headers


async def _whole_reply(
    proxy: Proxy,
    wire: Wire,
    upstream: httpx.Response,
    state: SessionState,
    turn: dict[str, Any],
    t0: float,
    record: bool,
    reply_headers: dict[str, str],
) -> Response:
    """A reply that is not a stream (an error status, or a JSON reply): read whole,
    recorded, passed on as it came."""
    assembler = Assembler(wire.name)
    try:
        data = await upstream.aread()
    except httpx.HTTPError as exc:
        await upstream.aclose()
        finish_turn(proxy, state, turn, None, 502, t0, record)
        return proxy.error(
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
    finish_turn(proxy, state, turn, assembler, upstream.status_code, t0, record)
    return Response(data, status_code=upstream.status_code, headers=reply_headers)


def _relayed_stream(
    proxy: Proxy,
    wire: Wire,
    upstream: httpx.Response,
    lease: SessionLease,
    turn: dict[str, Any],
    t0: float,
    record: bool,
    reply_headers: dict[str, str],
) -> Response:
    """A streamed reply relayed as it arrives; the stream takes the session's lease over
    and the turn is finished (recorded, logged, released) however the stream ends."""
    state = lease.state
    assert state is not None
    assembler = Assembler(wire.name)
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
                    record_reply(proxy, state, assembler)
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
                finish_turn(proxy, state, turn, assembler, final, t0, record and not record_done)
        finally:
            owned.release()
            await upstream.aclose()

    return _LeasedStream(relay(), finish, status_code=200, headers=reply_headers)
