"""``contextledger serve``: run the drop-in proxy (see :mod:`contextledger.serve`)."""

from __future__ import annotations

import errno
import socket
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .app import FiniteRange, main
from .summarizer import build_summarizer, summarizer_options

if TYPE_CHECKING:  # (the proxy's modules are imported only when it runs)
    from ..serve import ServeSettings


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind. The default answers this machine only; binding another "
                   "address exposes the proxy (use --require-key).")  # fmt: skip
@click.option("--port", type=click.IntRange(min=0, max=65535), default=8700, show_default=True)
@click.option("--openai-upstream", default=None,
              help="Where OpenAI requests go (default: OPENAI_BASE_URL, else https://api.openai.com/v1).")  # fmt: skip
@click.option("--anthropic-upstream", default=None,
              help="Where Anthropic requests go (default: ANTHROPIC_BASE_URL, else https://api.anthropic.com).")  # fmt: skip
@click.option("--data-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Where sessions and media live (default: CONTEXTLEDGER_HOME, else the user data directory).")  # fmt: skip
@click.option("--store", default=None,
              help="Session store: a SQLite file or a postgresql:// URL, which several proxy "
                   "instances can share (default: CONTEXTLEDGER_STORE, else sessions.db in the data directory).")  # fmt: skip
@click.option("--media", default=None,
              help="Where images are kept: a folder or s3://bucket/prefix (default: CONTEXTLEDGER_MEDIA, "
                   "else beside the store).")  # fmt: skip
@click.option("--require-key", envvar="CONTEXTLEDGER_SERVE_KEY", default=None,
              help="Clients must present this key (X-ContextLedger-Key, or as their API key: the "
                   "proxy then calls the provider with OPENAI_API_KEY / ANTHROPIC_API_KEY). "
                   "Also read from CONTEXTLEDGER_SERVE_KEY.")  # fmt: skip
@click.option("--window", type=click.IntRange(min=256), default=None,
              help="Fit every request into at most this many tokens (a model whose own window is smaller keeps its own).")  # fmt: skip
@click.option("--max-request-mb", type=FiniteRange(min=0.001), default=64.0, show_default=True,
              help="Larger request bodies are refused with HTTP 413.")  # fmt: skip
@click.option("--max-sessions", type=click.IntRange(min=1), default=256, show_default=True,
              help="Conversations kept in memory (least recently used evicted; read back from the store).")  # fmt: skip
@click.option("--store-timeout", type=FiniteRange(min=0.1), default=5.0, show_default=True,
              help="Seconds a request waits for the session store (its lock, a free PostgreSQL "
                   "connection) before it is answered 503, which the SDKs retry.")  # fmt: skip
@click.option("--allow-unknown-models", is_flag=True,
              help="Forward requests for models the catalog does not know untouched (reported as "
                   "not fitted) instead of refusing them.")  # fmt: skip
@click.option("--compact/--no-compact", default=None,
              help="Recap old turns before dropping them (default: CONTEXT_COMPACTION, else on).")  # fmt: skip
@summarizer_options
@click.option("--log-level", type=click.Choice(["debug", "info", "warning", "error"]),
              default="info", show_default=True)  # fmt: skip
def serve(
    host: str,
    port: int,
    openai_upstream: str | None,
    anthropic_upstream: str | None,
    data_dir: Path | None,
    store: str | None,
    media: str | None,
    require_key: str | None,
    window: int | None,
    max_request_mb: float,
    max_sessions: int,
    store_timeout: float,
    allow_unknown_models: bool,
    compact: bool | None,
    summarizer: str | None,
    summarizer_url: str | None,
    log_level: str,
) -> None:
    """Run a local proxy that fits every request: point an SDK's base URL at it.

    \b
    OpenAI SDK:    base_url="http://127.0.0.1:8700/v1"
    Anthropic SDK: base_url="http://127.0.0.1:8700"
    Dashboard:     http://127.0.0.1:8700/contextledger/
    """
    import logging

    from ..config import load_config

    try:
        import uvicorn

        from ..serve import ServeSettings, create_app
    except ImportError as exc:
        raise click.ClickException(
            f"the proxy needs its extra: pip install 'contextledger[serve]' ({exc})"
        ) from None
    config = load_config()
    if data_dir is not None:
        config = config.with_data_dir(data_dir)
    settings = ServeSettings.from_config(
        config,
        host=host,
        port=port,
        openai_upstream=openai_upstream,
        anthropic_upstream=anthropic_upstream,
        store=store,
        media=media,
        require_key=require_key or None,
        window=window,
        max_body_bytes=int(max_request_mb * 1024 * 1024),
        max_sessions=max_sessions,
        store_timeout=store_timeout,
        allow_unknown_models=allow_unknown_models or None,
        compaction=compact,
        summarizer=build_summarizer(summarizer, summarizer_url, config),
    )
    _check_before_start(settings, host, port)  # (first: it needs no port of its own)
    sock = _listening_socket(host, port)
    port = sock.getsockname()[1]  # (--port 0: the one the system chose)
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(name)s %(message)s")
    click.echo(
        f"contextledger proxy on http://{host}:{port}  (dashboard: http://{host}:{port}/contextledger/)\n"
        f"  OpenAI upstream:    {settings.openai_upstream}\n"
        f"  Anthropic upstream: {settings.anthropic_upstream}\n"
        f"  sessions:           {settings.store_display}\n"
        f"  recaps written by:  {settings.summarizer.name if settings.summarizer else 'offline'}",
        err=True,
    )
    server_config = uvicorn.Config(
        create_app(settings), host=host, port=port, log_level=log_level, access_log=False,
        server_header=False,
    )  # fmt: skip
    uvicorn.Server(server_config).run(sockets=[sock])


def _listening_socket(host: str, port: int) -> socket.socket:
    """The proxy's socket, bound before anything is printed: a port in use or a host that
    does not resolve is one ``error:`` line and exit 1 (uvicorn logged its own error and
    exited 3 after the banner said the proxy was up: R35-C1). Bound as uvicorn binds."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except socket.gaierror as exc:
        raise click.ClickException(
            f"cannot listen on {host}:{port}: the host does not resolve ({exc.strerror})"
        ) from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as exc:
        sock.close()
        hint = " (another server holds it: pass --port)" if exc.errno == errno.EADDRINUSE else ""
        raise click.ClickException(
            f"cannot listen on {host}:{port}: {exc.strerror}{hint}"
        ) from None
    sock.set_inheritable(True)
    return sock


def _check_before_start(settings: ServeSettings, host: str, port: int) -> None:
    """What would fail on the first request is said now, in one line: an upstream that
    is this proxy itself, a session store that cannot be opened; binding beyond this
    machine without a key is warned of."""
    for name, url in (
        ("OpenAI", settings.openai_upstream),
        ("Anthropic", settings.anthropic_upstream),
    ):
        if _points_at(url, host, port):
            raise click.ClickException(
                f"the {name} upstream {url} is this proxy itself (was the app's base URL "
                "exported in this shell?); pass --openai-upstream / --anthropic-upstream"
            )
    from ..errors import ContextLedgerError
    from ..storage.sessions import SessionStore

    _probe_postgres(settings.store)
    try:  # a wrong URL or an unreachable database is said now, not on the first request
        SessionStore(settings.store, media=settings.media).close()
    except ContextLedgerError as exc:
        raise click.ClickException(f"cannot open the session store: {exc}") from None
    if host not in ("127.0.0.1", "localhost", "::1") and not settings.require_key:
        click.echo(
            f"warning: binding {host} without --require-key lets anyone who can reach it use "
            "the proxy",
            err=True,
        )


def _probe_postgres(store: object, timeout: int = 5) -> None:
    """One connection attempt to a PostgreSQL store before the pool opens: the pool keeps
    retrying for 30 s, so an unreachable server or a wrong URL would hold startup that long.
    Said in one line (the driver's own message is several)."""
    from ..storage.base import redact_url
    from ..storage.sessions import is_store_url

    if not is_store_url(store):
        return
    import psycopg

    try:
        psycopg.connect(str(store), connect_timeout=timeout, autocommit=True).close()
    except psycopg.Error as exc:
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise click.ClickException(
            f"cannot open the session store: cannot reach PostgreSQL at "
            f"{redact_url(str(store))} ({reason})"
        ) from None


def _points_at(url: str, host: str, port: int) -> bool:
    """Whether ``url`` is the proxy's own address (a loop that would never answer).

    >>> _points_at("http://127.0.0.1:8700/v1", "127.0.0.1", 8700)
    True
    >>> _points_at("https://api.openai.com/v1", "127.0.0.1", 8700)
    False
    """
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    local = {"127.0.0.1", "localhost", "::1", "0.0.0.0", host}
    default = 443 if parts.scheme == "https" else 80
    return parts.hostname in local and (parts.port or default) == port
