"""Run the proxy on 127.0.0.1 in a background thread (uvicorn, a real socket) for tests."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from contextledger.serve import Proxy, ServeSettings, create_app


class RunningProxy:
    def __init__(self, settings: ServeSettings) -> None:
        self.settings = settings
        self.app = create_app(settings)
        self.proxy: Proxy = self.app.state.proxy
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = int(self.sock.getsockname()[1])
        config = uvicorn.Config(self.app, log_level="warning", access_log=False, lifespan="on")
        self.server = uvicorn.Server(config)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self.server.serve(sockets=[self.sock]))

    def start(self) -> RunningProxy:
        self.thread.start()
        # generous: a loaded machine (xdist workers beside other jobs) starts it slowly
        deadline = time.monotonic() + 60
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the proxy did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def flush(self) -> None:
        """Wait until every queued store write is done."""
        assert self.loop is not None
        asyncio.run_coroutine_threadsafe(self.proxy.flush(), self.loop).result(60)


@contextmanager
def running_proxy(**settings: Any) -> Iterator[RunningProxy]:
    proxy = RunningProxy(ServeSettings(**settings)).start()
    try:
        yield proxy
    finally:
        proxy.stop()
