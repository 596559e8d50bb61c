"""Who may use the proxy and what it reads: the proxy's own key (``--require-key``) on the
API routes and on the dashboard, and the request body (size limit, JSON, a repeated
prefix read once)."""

from __future__ import annotations

import base64
import hmac
from contextlib import suppress
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .body import ReadBody, loads
from .wire import Wire

if TYPE_CHECKING:
    from .proxy import Proxy


def check_key(
    proxy: Proxy, request: Request, headers: dict[str, str], wire: Wire
) -> Response | None:
    """With ``require_key``: the proxy's key must come in ``X-ContextLedger-Key``, or in
    place of the provider key (which the proxy then supplies from its configuration)."""
    key = proxy.settings.require_key
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
                proxy.settings.anthropic_api_key
                if wire.upstream == "anthropic"
                else proxy.settings.openai_api_key
            )
            if not upstream:
                env = "ANTHROPIC_API_KEY" if wire.upstream == "anthropic" else "OPENAI_API_KEY"
                return proxy.error(
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
    return proxy.error(
        wire, 401,
        "contextledger proxy: this proxy requires its key (X-ContextLedger-Key, or as the API key)",
        "authentication_error",
    )  # fmt: skip


def check_viewer(proxy: Proxy, request: Request) -> Response | None:
    """With ``require_key``, the dashboard and the reports (they show conversation
    content) need the key too: ``X-ContextLedger-Key``, a bearer token, or HTTP Basic
    with the key as the password (so a browser asks for it; no JavaScript needed)."""
    key = proxy.settings.require_key
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
    proxy: Proxy, request: Request, wire: Wire, conversation: str | None = None
) -> ReadBody | Response:
    """The request body as JSON, or an error Response (413 too large, 400 not JSON).
    With ``conversation`` (the session header, if any), a body that repeats the last
    one of its conversation is read only past what it repeats (see :mod:`.body`)."""
    limit = proxy.settings.max_body_bytes
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        return proxy.error(
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
            return proxy.error(
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
            read = proxy.bodies.read(raw, wire.messages_key, conversation or None)
    except (ValueError, UnicodeDecodeError) as exc:
        return proxy.error(
            wire, 400, f"contextledger proxy: the request body is not valid JSON ({exc})",
            "invalid_request_error",
        )  # fmt: skip
    if not isinstance(read.body, dict):
        return proxy.error(
            wire, 400, "contextledger proxy: the request body must be a JSON object",
            "invalid_request_error",
        )  # fmt: skip
    return read
