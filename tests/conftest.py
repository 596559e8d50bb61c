"""Fixtures shared by the whole suite. Plain builders live in ``builders.py``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from builders import save_image, tool_conversation
from contextledger.model import Message
from stub_server import StubServer


@pytest.fixture
def stub() -> Iterator[StubServer]:
    """A real HTTP server on 127.0.0.1 that speaks (and validates) the OpenAI and Anthropic APIs."""
    with StubServer() as server:
        yield server


@pytest.fixture
def screenshot(tmp_path: Path) -> Path:
    """A real 1280×800 PNG file, the size of a laptop screenshot."""
    return save_image(tmp_path / "shot.png", 1280, 800, color="navy")


@pytest.fixture
def conversation_with_tools() -> list[Message]:
    """A multimodal conversation with one tool exchange (see ``builders.tool_conversation``)."""
    return tool_conversation()
