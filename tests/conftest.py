"""Shared fixtures."""

from __future__ import annotations

# Real PostgreSQL and S3 services, and the backend-parametrized store fixtures.
from services import (  # noqa: F401
    media_location,
    postgres_server,
    s3_server,
    store_location,
)
