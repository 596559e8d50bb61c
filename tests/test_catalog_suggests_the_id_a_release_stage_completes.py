"""An id typed without the release stage the provider ends it with (``-preview``,
``-latest``, ``-exp``) is refused, naming the staged id first: letters alone put other
versions nearer (``gemini-3-flash`` was answered gemini-3.7-flash, 3.6 and 3.5, never the
gemini-3-flash-preview the user meant). A staged id since shut down is said to be, with
what its provider serves instead."""

from __future__ import annotations

import pytest

from contextledger.catalog import default_catalog
from contextledger.errors import UnknownModelError


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("gemini-3-flash", "gemini-3-flash-preview"),
        ("GEMINI-3-FLASH", "gemini-3-flash-preview"),
        ("models/gemini-3-flash", "gemini-3-flash-preview"),
        ("openrouter/google/gemini-3-flash", "gemini-3-flash-preview"),
        ("gemini-flash", "gemini-flash-latest"),
        ("gemini-flash-lite", "gemini-flash-lite-latest"),
        ("gemini-3.1-pro", "gemini-3.1-pro-preview"),
        ("gemini-robotics-er-1.6", "gemini-robotics-er-1.6-preview"),
    ],
)
def test_an_id_missing_its_stage_suggests_the_staged_id_first(typed: str, meant: str) -> None:
    with pytest.raises(UnknownModelError) as refused:
        default_catalog().lookup(typed)
    assert refused.value.suggestions[0] == meant


@pytest.mark.parametrize(
    ("typed", "gone"),
    [("gemini-3-pro", "gemini-3-pro-preview"), ("gpt-4.5", "gpt-4.5-preview")],
)
def test_a_staged_id_shut_down_is_named_with_what_is_served_instead(typed: str, gone: str) -> None:
    catalog = default_catalog()
    with pytest.raises(UnknownModelError) as refused:
        catalog.lookup(typed)
    assert f"the nearest id, {gone}, was shut down" in str(refused.value)
    instead = catalog.shut_down(gone)
    assert instead is not None and instead.use in refused.value.suggestions
