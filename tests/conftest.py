"""Shared test setup."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

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


@pytest.fixture
def refused_port() -> Iterator[int]:
    """A 127.0.0.1 port that refuses connections for the whole test: bound (so no other
    process can take it) but never listening. Not a fixed port, not a closed-then-reused one."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield int(sock.getsockname()[1])
