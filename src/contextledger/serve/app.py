"""The proxy: an ASGI app (Starlette) that fits every conversation it forwards.

Per request: identify the conversation, record only what is new, prepare the request for
the requested model (repair → compaction → normalization → vision gate → fit), forward
the client's own request with the fitted conversation in place of its history, pass the
reply through as it arrives (SSE untouched), assemble the reply from a copy and record it
with the provider's usage beside our estimate. Nothing the proxy says goes into the
conversation: it answers in ``X-ContextLedger-*`` headers and at ``/contextledger/``.

The code is laid out by what it does: :mod:`.proxy` (shared state, the store thread,
sessions and branches), :mod:`.access` (keys, reading the body), :mod:`.fitting` (the
three fitting routes), :mod:`.chained` (``previous_response_id``), :mod:`.forward`
(upstream and streaming), :mod:`.turns` (turn reports, headers, refusals), :mod:`.local`
(routes answered here or passed through) and :mod:`.reports` (sessions for the
dashboard). This module maps URLs to them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from . import dashboard
from .access import check_viewer
from .fitting import handle
from .local import count_tokens, healthz, not_found, relay
from .proxy import Proxy
from .reports import session_detail, session_summaries
from .settings import ServeSettings
from .wire import WIRES, WireName

__all__ = ["Proxy", "create_app"]

Handler = Callable[[Request], Awaitable[Response]]

#: The fitting routes by path below ``/v1`` (each also answered without the prefix, as
#: OpenAI clients configured with a bare base URL send them; Anthropic's SDK always sends it).
FITTING: dict[str, tuple[WireName, bool]] = {
    "/chat/completions": ("openai", True),
    "/responses": ("openai-responses", True),
    "/messages": ("anthropic", False),
}


RELAYED = ["GET", "POST", "PUT", "PATCH", "DELETE"]
#: OpenAI's top-level resources, relayed without the /v1 prefix too.
OPENAI_RESOURCES = (
    "models", "embeddings", "moderations", "completions", "files", "uploads", "batches",
    "audio", "images", "vector_stores", "conversations", "fine_tuning", "realtime",
)  # fmt: skip


def create_app(settings: ServeSettings) -> Starlette:
    """The ASGI app; ``app.state.proxy`` is the :class:`Proxy`."""
    proxy = Proxy(settings)

    def fitting(wire_name: WireName) -> Handler:
        wire = WIRES[wire_name]

        async def route(request: Request) -> Response:
            return await handle(proxy, request, wire)

        return route

    def on(fn: Callable[[Proxy, Request], Awaitable[Response]]) -> Handler:
        async def route(request: Request) -> Response:
            return await fn(proxy, request)

        return route

    def viewer(render: Callable[[Request], Awaitable[Response]]) -> Handler:
        """A report route: behind the proxy's key when it has one (they show content)."""

        async def route(request: Request) -> Response:
            denied = check_viewer(proxy, request)
            return denied if denied is not None else await render(request)

        return route

    async def sessions_json(request: Request) -> Response:
        return JSONResponse({"sessions": await session_summaries(proxy)})

    async def session_json(request: Request) -> Response:
        detail = await session_detail(proxy, request.path_params["name"])
        if detail is None:
            return JSONResponse({"error": "no such session"}, status_code=404)
        return JSONResponse(detail)

    async def index_html(request: Request) -> Response:
        rows = await session_summaries(proxy)
        return HTMLResponse(dashboard.index_page(rows, proxy.store_errors))

    async def session_html(request: Request) -> Response:
        name = request.path_params["name"]
        detail = await session_detail(proxy, name)
        if detail is None:
            return HTMLResponse(dashboard.not_found(name), status_code=404)
        return HTMLResponse(dashboard.session_page(detail))

    routes: list[Route] = [
        Route("/v1/messages/count_tokens", on(count_tokens), methods=["POST"]),
    ]
    for path, (wire_name, bare_too) in FITTING.items():
        for prefix in ("/v1", "") if bare_too else ("/v1",):
            routes.append(Route(prefix + path, fitting(wire_name), methods=["POST"]))
    routes += [
        Route("/healthz", on(healthz), methods=["GET"]),
        Route("/contextledger/", viewer(index_html), methods=["GET"]),
        Route("/contextledger/sessions", viewer(sessions_json), methods=["GET"]),
        Route("/contextledger/sessions/{name:path}", viewer(session_json), methods=["GET"]),
        Route("/contextledger/view/{name:path}", viewer(session_html), methods=["GET"]),
    ]
    # every other provider route goes through verbatim (the model list, embeddings,
    # moderations, files, batches, responses/input_tokens…): the app's other calls on the
    # same base URL keep working; bare OpenAI paths too, for a base URL without /v1
    routes.append(Route("/v1/{rest:path}", on(relay), methods=RELAYED))
    routes.append(Route("/responses/{rest:path}", on(relay), methods=RELAYED))
    for resource in OPENAI_RESOURCES:
        routes.append(Route(f"/{resource}", on(relay), methods=RELAYED))
        routes.append(Route(f"/{resource}/{{rest:path}}", on(relay), methods=RELAYED))

    async def unknown(request: Request, exc: Exception) -> Response:
        return not_found(proxy, request, getattr(exc, "status_code", 404))

    app = Starlette(
        routes=routes,
        lifespan=proxy.lifespan,
        exception_handlers={404: unknown, 405: unknown},
    )
    app.state.proxy = proxy
    return app
