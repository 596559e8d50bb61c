"""Fixtures shared by the whole suite, and the hypothesis profile. Plain builders live in
``builders.py``."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from builders import save_image, served_again, tool_conversation
from contextledger.catalog import Catalog
from contextledger.config import Config
from contextledger.model import Message
from serve_harness import RunningProxy, running_proxy

# Real PostgreSQL and S3 services, and the backend-parametrized store fixtures.
from services import (  # noqa: F401
    media_location,
    postgres_server,
    s3_server,
    store_location,
)
from stub_server import StubServer

# Property tests: `make test` runs the same examples every time (derandomized, so CI never
# flakes on a newly drawn case) with no per-example deadline and no too-slow health check
# (a loaded machine is slow, not wrong). HYPOTHESIS_PROFILE=explore draws new random
# examples on every run to hunt for bugs; add what it finds as a regression test.
settings.register_profile(
    "deterministic",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "explore",
    derandomize=False,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "deterministic"))

# LiteLLM fetches its price list from the internet when imported unless told not to; the
# tests (and the doctests importing contextledger.integrations.litellm) use its bundled copy.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


@pytest.fixture
def served_by_default(monkeypatch: pytest.MonkeyPatch) -> Catalog:
    """The process's default catalog with every model its provider shut down served again
    (``builders.served_again``), for a test of a bill published while the model was served
    or of a behaviour shown on such a model; ``tests/test_catalog_shut_down.py`` tests the
    refusals."""
    import functools

    import contextledger.catalog as catalog_module

    catalog = served_again()
    monkeypatch.setattr(catalog_module, "_shared_default", functools.cache(lambda: catalog))
    return catalog


@pytest.fixture
def stub() -> Iterator[StubServer]:
    """A real HTTP server on 127.0.0.1 that speaks (and validates) the OpenAI and Anthropic APIs."""
    with StubServer() as server:
        yield server


@pytest.fixture
def config(stub: StubServer, tmp_path: Path) -> Config:
    """Settings that point every provider's SDK at ``stub`` (as the send and client tests use)."""
    return Config(
        data_dir=tmp_path,
        openai_base_url=stub.url,
        openai_api_key="test-key",
        anthropic_base_url=stub.anthropic_url,
        anthropic_api_key="test-key",
        gemini_base_url=stub.gemini_url,
        gemini_api_key="test-key",
    )


def _serve(
    stub: StubServer, tmp_path: Path, **options: Any
) -> AbstractContextManager[RunningProxy]:
    return running_proxy(
        store=tmp_path / "sessions.db",
        openai_upstream=stub.url,
        anthropic_upstream=stub.anthropic_url,
        **options,
    )


@pytest.fixture
def proxy(stub: StubServer, tmp_path: Path) -> Iterator[RunningProxy]:
    """``contextledger serve`` on 127.0.0.1 in front of the validating stub, a SQLite store."""
    with _serve(stub, tmp_path) as running:
        yield running


@pytest.fixture
def tight_proxy(stub: StubServer, tmp_path: Path) -> Iterator[RunningProxy]:
    """``proxy`` with a 2,000-token window and no compaction: the fit's own drops, reported."""
    with _serve(stub, tmp_path, window=2_000, compaction=False) as running:
        yield running


@pytest.fixture
def refused_port() -> Iterator[int]:
    """A 127.0.0.1 port that refuses connections for the whole test: bound (so no other
    process can take it) but never listening. Not a fixed port, not a closed-then-reused one."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield int(sock.getsockname()[1])


@pytest.fixture
def screenshot(tmp_path: Path) -> Path:
    """A real 1280×800 PNG file, the size of a laptop screenshot."""
    return save_image(tmp_path / "shot.png", 1280, 800, color="navy")


@pytest.fixture
def conversation_with_tools() -> list[Message]:
    """A multimodal conversation with one tool exchange (see ``builders.tool_conversation``)."""
    return tool_conversation()
