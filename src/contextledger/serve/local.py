"""The routes the proxy answers itself (``count_tokens`` from our price, ``/healthz``,
unknown routes in the provider's error shape) and every other provider route, which it
passes through verbatim (the model list, embeddings, files…)."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import httpx
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from ..errors import (
    ContextLedgerError,
)
from ..pricing.messages import price_request
from .access import check_key, read_json
from .forward import DROP_REQUEST_HEADERS, DROP_RESPONSE_HEADERS
from .wire import WIRES

if TYPE_CHECKING:
    from .proxy import Proxy

log = logging.getLogger("contextledger.serve")


async def count_tokens(proxy: Proxy, request: Request) -> Response:
    wire = WIRES["anthropic"]
    headers = {k.lower(): v for k, v in request.headers.items()}
    denied = check_key(proxy, request, headers, wire)
    if denied is not None:
        return denied
    read = await read_json(proxy, request, wire)
    if isinstance(read, Response):
        return read
    body = read.body
    model = body.get("model")
    if not isinstance(model, str) or not model:
        return proxy.error(
            wire, 400, "contextledger proxy: the request has no model", "invalid_request_error"
        )
    priced = dict(body)
    tools = wire.pricing_tools(body)
    if tools:
        from ..providers.anthropic import convert_tools

        priced["tools"] = convert_tools(tools)
    try:
        price = price_request(priced, model, "anthropic", catalog=proxy.settings.catalog)
    except ContextLedgerError as exc:
        return proxy.error(wire, 400, f"contextledger proxy: {exc}", "invalid_request_error")
    # (never below the bill: a document the provider fetches counts at its bound, as a fit
    # budgets it; context the provider adds beside the body is said in a header)
    note = price.note.encode("ascii", "backslashreplace").decode("ascii")
    said = {"x-contextledger-note": note} if note else None
    return JSONResponse({"input_tokens": price.at_most_known}, headers=said)


def not_found(proxy: Proxy, request: Request, status: int) -> Response:
    """Unknown routes and methods in the provider's error shape (an SDK reads it)."""
    anthropic = "anthropic-version" in request.headers or "x-api-key" in request.headers
    wire = WIRES["anthropic" if anthropic else "openai"]
    what = "not found" if status == 404 else f"does not accept {request.method}"
    kind = "not_found_error" if anthropic and status == 404 else "invalid_request_error"
    return proxy.error(
        wire, status, f"contextledger proxy: {request.url.path} {what}", kind,
        "unknown_url" if status == 404 else None,
    )  # fmt: skip


async def relay(proxy: Proxy, request: Request) -> Response:
    """Any other provider route (the model list, embeddings, moderations, files, batches,
    ``responses/input_tokens``…) passed through verbatim: method, path, query, body and
    the reply as it streams, so an app whose base URL points here keeps every call working.
    Anthropic's routes are told by their headers (``anthropic-version``, ``x-api-key``)."""
    assert proxy.client is not None
    headers = {k.lower(): v for k, v in request.headers.items()}
    anthropic = "x-api-key" in headers or "anthropic-version" in headers
    wire = WIRES["anthropic" if anthropic else "openai"]
    denied = check_key(proxy, request, headers, wire)
    if denied is not None:
        return denied
    path = request.url.path
    rest = path[3:] if path.startswith("/v1/") else path
    base = (
        proxy.settings.anthropic_upstream + "/v1" if anthropic else proxy.settings.openai_upstream
    )
    url = base + rest + (f"?{request.url.query}" if request.url.query else "")
    send_headers = {k: v for k, v in headers.items() if k not in DROP_REQUEST_HEADERS}
    send_headers["accept-encoding"] = "identity"
    body = request.stream() if request.method not in ("GET", "HEAD", "DELETE") else None
    try:
        sent = proxy.client.build_request(request.method, url, headers=send_headers, content=body)
        upstream = await proxy.client.send(sent, stream=True)
    except httpx.HTTPError as exc:
        return proxy.error(
            wire, 502, f"contextledger proxy: cannot reach the upstream: {exc}", "api_error"
        )
    reply_headers = {
        k: v for k, v in upstream.headers.items() if k.lower() not in DROP_RESPONSE_HEADERS
    }
    log.info("%s %s passed through: %s", request.method, path, upstream.status_code)
    return StreamingResponse(
        upstream.aiter_raw(),
        status_code=upstream.status_code,
        headers=reply_headers,
        background=BackgroundTask(upstream.aclose),
    )


async def healthz(proxy: Proxy, request: Request) -> Response:
    return JSONResponse(
        {
            "status": "ok",
            "sessions_in_memory": len(proxy.sessions),
            "uptime_s": round(time.time() - proxy.started, 1),
            "store_errors": len(proxy.store_errors),
        }
    )
