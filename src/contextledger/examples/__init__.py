"""The example conversation shipped with the package (built by ``scripts/make_example.py``)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

EXAMPLE = "debugging_session.json"


def load_example_payload() -> list[dict[str, Any]]:
    """The example as OpenAI Chat Completions ``messages`` dicts (a fresh copy each call)."""
    text = resources.files(__name__).joinpath(EXAMPLE).read_text("utf-8")
    data: list[dict[str, Any]] = json.loads(text)
    return data
