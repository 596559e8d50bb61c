"""Every error contextledger raises crosses a process boundary intact.

Multiprocessing pools, ``concurrent.futures.ProcessPoolExecutor`` and task queues pickle
the exception a worker raised; an error whose ``__init__`` takes its own arguments (a path
and a reason) used to fail there with a TypeError that hid the real message.
"""

from __future__ import annotations

import inspect
import pickle

import pytest

from contextledger import errors

SAMPLES: dict[type[errors.ContextLedgerError], errors.ContextLedgerError] = {
    errors.ContextLedgerError: errors.ContextLedgerError("something went wrong"),
    errors.ContentError: errors.ContentError("messages[0].content[1]", "unknown block 'x'"),
    errors.UnsupportedBlockError: errors.UnsupportedBlockError(
        "messages[2].content[0]", "audio", "anthropic", "send it as a file"
    ),
    errors.VisionGateError: errors.VisionGateError("gpt-3.5-turbo", "openai", 2, "text only"),
    errors.UnpricedImagesError: errors.UnpricedImagesError("acme/vl", "openai-compatible", 1, "x"),
    errors.UnknownModelError: errors.UnknownModelError(
        "claude-sonet-4-5", ("claude-sonnet-4-5",), hint="pass window="
    ),
    errors.ShutDownModelError: errors.ShutDownModelError(
        "gpt-4-0613",
        ("gpt-5.6-sol",),
        provider="OpenAI",
        date="2026-10-23",
        source="https://developers.openai.com/api/docs/deprecations",
    ),
    errors.ImageProbeError: errors.ImageProbeError("truncated header", source="shot.png"),
    errors.BudgetError: errors.BudgetError("the request alone is too big", needed=9, available=4),
    errors.FileBoundError: errors.FileBoundError(
        "messages[4].content[0]", "file-abc priced at its bound", needed=200_000, available=9
    ),
    errors.ArgumentError: errors.ArgumentError("window", "a positive integer", -1),
    errors.WindowError: errors.WindowError("gpt-4o", 900_000, 128_000),
    errors.ModelSpecError: errors.ModelSpecError("my-model", "window", "must be positive"),
    errors.StoreError: errors.StoreError("the store at /tmp/x is damaged"),
    errors.StoreBusyError: errors.StoreBusyError("the store is locked by another writer"),
    errors.UnstorableImageError: errors.UnstorableImageError("refusing to store an empty image"),
    errors.ConfigError: errors.ConfigError("CONTEXTLEDGER_STORE: not a URL"),
    errors.CompactionConfigError: errors.CompactionConfigError("keep_recent must be >= 1"),
    errors.SendError: errors.SendError(
        "openai", "gpt-4o", "status", "Invalid 'messages[1]'", status=400, code="bad"
    ),
    errors.SummarizerError: errors.SummarizerError("openai:gpt-4o-mini", "timed out after 60 s"),
}


def test_every_error_class_has_a_sample() -> None:
    classes = {
        cls
        for _, cls in inspect.getmembers(errors, inspect.isclass)
        if issubclass(cls, errors.ContextLedgerError)
    }
    assert classes == set(SAMPLES), "add a sample for each new error class"


@pytest.mark.parametrize("error", list(SAMPLES.values()), ids=lambda e: type(e).__name__)
def test_an_error_pickles_with_its_message_and_attributes(error: errors.ContextLedgerError) -> None:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert str(copy) == str(error)
    assert copy.args == error.args
    assert vars(copy) == vars(error)
