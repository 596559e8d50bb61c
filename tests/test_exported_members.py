"""The public API is deliberate: ``contextledger.__all__`` is exactly this list, and grows only here."""

import importlib
import types

import contextledger

EXPECTED = [
    "ArgumentError",
    "Audio",
    "Block",
    "BudgetError",
    "Catalog",
    "ContentError",
    "ContextLedgerError",
    "Conversation",
    "FileAttachment",
    "FitResult",
    "Fitter",
    "Image",
    "ImageProbeError",
    "InlineData",
    "MediaStore",
    "Message",
    "MessagesLike",
    "Notice",
    "Prepared",
    "Preparer",
    "Reasoning",
    "Recap",
    "RepairResult",
    "SessionStore",
    # (httpx style: the error a caller must tell apart from a typo: a model its provider shut
    # down is brought back with Catalog.revive or replaced, not registered)
    "ShutDownModelError",
    "StoreError",
    "Text",
    "ToolCall",
    "ToolResult",
    "UnknownModelError",
    "UnsupportedBlockError",
    "VisionGateError",
    "fit",
    "image_cost",
    "prepare",
    "read_messages",
    "repair",
    "translate",
    "warm",
]

# Type aliases carry no __module__ of their own: where each one is defined.
ALIASES = {"Block": "contextledger.model", "MessagesLike": "contextledger.model"}


def test_all_is_exactly_the_public_api() -> None:
    assert contextledger.__all__ == EXPECTED


def test_every_exported_name_is_defined() -> None:
    namespace: dict[str, object] = {}
    exec("from contextledger import *", namespace)
    assert sorted(name for name in namespace if not name.startswith("__")) == sorted(EXPECTED)


def test_nothing_public_is_exported_by_accident() -> None:
    # dir(), not vars(): the package imports each name on first use (lazy_exports.py)
    public = {
        name
        for name in dir(contextledger)
        if not name.startswith("_")
        and not isinstance(getattr(contextledger, name), types.ModuleType)
    }
    assert public == set(EXPECTED)


def test_exported_objects_come_from_the_package() -> None:
    for name in EXPECTED:
        value = getattr(contextledger, name)
        if name in ALIASES:
            assert getattr(importlib.import_module(ALIASES[name]), name) is value
            continue
        module = value.__module__
        assert module == "contextledger" or module.startswith("contextledger."), (name, module)
        assert getattr(importlib.import_module(module), value.__name__) is value, name
