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
    "CompactionConfigError",
    "ConfigError",
    "ContentError",
    "ContextLedgerError",
    "Conversation",
    "FileAttachment",
    "FileBoundError",
    "FitResult",
    "Fitter",
    "Image",
    "ImageProbeError",
    "InlineData",
    "MediaStore",
    "Message",
    "MessagesLike",
    "ModelSpecError",
    "Notice",
    "Prepared",
    "Preparer",
    "Reasoning",
    "Recap",
    "RepairResult",
    "RequestPrice",
    "SendError",
    "SessionStore",
    # httpx style: every error the library raises is caught from the root (each one a caller
    # may tell apart: a model its provider shut down is brought back with Catalog.revive or
    # replaced, not registered; a window above the model's; a file priced at its bound)
    "ShutDownModelError",
    "StoreBusyError",
    "StoreError",
    "SummarizerError",
    "Text",
    "ToolCall",
    "ToolResult",
    "UnknownModelError",
    "UnpricedImagesError",
    "UnstorableImageError",
    "UnsupportedBlockError",
    "VisionGateError",
    "WindowError",
    "fit",
    "image_cost",
    "prepare",
    "price_request",
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


def test_every_library_error_is_exported_from_the_root() -> None:
    """httpx style: a caller catches any error the library raises as ``contextledger.X``
    (WindowError, FileBoundError, ModelSpecError, ConfigError were only in
    ``contextledger.errors``: closing24 "Noticed")."""
    from contextledger import errors

    defined = {
        name
        for name, value in vars(errors).items()
        if isinstance(value, type)
        and issubclass(value, errors.ContextLedgerError)
        and value.__module__ == errors.__name__
        and not name.startswith("_")
    }
    assert defined <= set(EXPECTED), sorted(defined - set(EXPECTED))
    for name in defined:
        assert getattr(contextledger, name) is getattr(errors, name)
