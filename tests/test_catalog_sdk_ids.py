"""The ids the official SDKs publish, against the catalog's one registry (data/models.json).

``tests/data/sdk_model_ids.json`` holds the model literals of openai-python (Chat, Responses
and Realtime), anthropic-sdk-python and python-genai, read from their repositories at the
commits named and from the versions installed with ``[dev]``. Every chat id resolves, or is
refused with the reason the data gives (shut down, with its date and successor; no chat
model), or is listed below with why it is not catalogued. Realtime ids are refused: OpenAI
serves them over /v1/realtime only, not with a chat model's window (review29 R29-P1).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builders import served_again
from contextledger import catalog as catalog_module
from contextledger.catalog import _id_rules, _not_chat, default_catalog, lookup_model
from contextledger.errors import ShutDownModelError, UnknownModelError

_IDS = json.loads((Path(__file__).parent / "data" / "sdk_model_ids.json").read_text("utf-8"))

# Listed by an SDK, left out of the catalog, and why (each refused as unknown, typed).
_NOT_CATALOGUED = {
    # no published image pricing (the stub's guide table lists none): refused, gpt-5.6 named
    **dict.fromkeys(
        (
            "gpt-5.1-mini", "gpt-5.6-cyber", "gpt-daybreak-blue-latest",
            "gpt-daybreak-red-latest", "gpt-6-astra", "gpt-6.2-astra", "gpt-6.1-sol",
            "gpt-6.2-sol", "gpt-6.1-terra", "gpt-6-sol", "gpt-6-luna", "gpt-6-cyber",
            "gpt-rosalind-research", "gpt-6-rosalind", "gpt-6.2-astra-law",
            "gpt-6-astra-healthcare", "gpt-6.1-sol-healthcare", "gpt-6.2-astra-healthcare",
            "gpt-6.2-sol-healthcare",
        ),
        "image pricing and window not sourced",
    ),
    # python-genai 3.6.1's Interactions literal: newer than the windows this catalog has read
    **dict.fromkeys(
        (
            "gemini-3.5-flash-lite", "gemini-3.1-flash-lite-image", "gemini-nano-banana-2.1",
            "gemini-3.8-flash", "gemini-4-argon", "gemini-4-carbon", "gemini-4-hydrogen",
            "gemini-4-neon", "gemini-omni-1.2-flash", "gemini-omni-1.1-flash",
            "gemini-omni-flash-preview",
        ),
        "window and image pricing not sourced",
    ),
    # speech models: no chat request to fit (their words make them no chat variant)
    **dict.fromkeys(
        (
            "gemini-3.1-flash-tts-preview", "gemini-3.8-flash-tts",
            "gemini-3.8-flash-lite-tts", "gemini-3.5-transcribe",
        ),
        "speech model",
    ),
}  # fmt: skip


def _ids(kind: str) -> list[str]:
    out: dict[str, None] = {}
    for source in _IDS["sources"]:
        if source["kind"] == kind:
            out.update(dict.fromkeys(source["ids"]))
    return list(out)


def test_every_chat_id_an_sdk_publishes_resolves_or_is_refused_for_a_named_reason() -> None:
    catalog = default_catalog()
    unexplained = []
    for model in _ids("chat"):
        if catalog.shut_down(model) is not None:
            with pytest.raises(ShutDownModelError):
                catalog.lookup(model)
            continue
        if _not_chat(model) is not None or model in _NOT_CATALOGUED:
            with pytest.raises(UnknownModelError):
                catalog.lookup(model)
            continue
        try:
            info = catalog.lookup(model)
        except UnknownModelError as err:
            unexplained.append((model, str(err)[:80]))
            continue
        assert not info.estimated, model
    assert unexplained == []


def test_no_id_listed_as_left_out_is_one_the_catalog_serves() -> None:
    """The list above shrinks as models are added: a listed id that resolves is stale."""
    catalog = default_catalog()
    chat = set(_ids("chat"))
    for model in _NOT_CATALOGUED:
        assert model in chat, model
        with pytest.raises(UnknownModelError):
            catalog.lookup(model)


def test_every_realtime_id_is_refused_and_the_chat_audio_models_resolve() -> None:
    catalog = default_catalog()
    for model in _ids("realtime"):
        if model.startswith("gpt-audio"):  # Chat Completions audio models, listed there too
            info = catalog.lookup(model)
            assert (info.context_window, info.vision, info.audio) == (128_000, False, True)
            continue
        with pytest.raises(UnknownModelError, match="Realtime API") as err:
            catalog.lookup(model)
        assert err.value.suggestions[0] in ("gpt-audio", "gpt-audio-mini"), model
        assert ("mini" in model) == (err.value.suggestions[0] == "gpt-audio-mini"), model


@pytest.mark.parametrize(
    "model",
    ["azure/gpt-realtime", "openrouter/openai/gpt-4o-realtime-preview", "openai:gpt-realtime-mini",
     "gpt-4o-mini-realtime-preview-2024-12-17", "litellm/openai/gpt-realtime-2"],
)  # fmt: skip
def test_a_realtime_id_is_refused_under_any_route(model: str) -> None:
    """R29-P1: gpt-4o-realtime-preview was priced as gpt-4o (128,000, served 32,000)."""
    with pytest.raises(UnknownModelError, match="Realtime API"):
        lookup_model(model)


@pytest.mark.parametrize(
    ("model", "date", "use"),
    [("claude-2.1", "2025-07-21", "claude-sonnet-4-6"),
     ("claude-2.0", "2025-07-21", "claude-sonnet-4-6"),
     ("claude-instant-1.2", "2024-11-06", "claude-haiku-4-5"),
     ("gpt-4-32k", "2025-06-06", "gpt-4.1"),
     ("text-davinci-003", "2024-01-04", "gpt-4.1-mini"),
     ("gemini-pro", "2025-02-15", "gemini-3.5-flash"),
     ("gemini-1.0-pro-001", "2025-02-15", "gemini-3.5-flash"),
     ("gemini-pro-vision", "2024-07-12", "gemini-3.5-flash"),
     ("palm-2", "2025-04-09", "gemini-3.5-flash"),
     ("chat-bison-001", "2025-04-09", "gemini-3.5-flash"),
     ("openrouter/anthropic/claude-2.1", "2025-07-21", "claude-sonnet-4-6"),
     ("gpt-5.3-chat-latest", "2026-08-10", "gpt-5.5")],
)  # fmt: skip
def test_a_retired_id_says_so_and_names_its_successor(model: str, date: str, use: str) -> None:
    """They were answered "did you mean claude-opus-5…" or "no model named text-… is known"."""
    with pytest.raises(ShutDownModelError) as err:
        lookup_model(model)
    assert err.value.date == date
    assert err.value.suggestions[0] == use
    lookup_model(use)


@pytest.mark.parametrize("model", ["o3-mini-high", "o4-mini-high", "o3-high", "o4-mini-low"])
def test_a_reasoning_effort_id_is_not_openais(model: str) -> None:
    """OpenAI's API takes reasoning_effort in the request; its SDKs list no o3-mini-high."""
    with pytest.raises(UnknownModelError, match="reasoning_effort="):
        served_again().lookup(model)


def test_openrouters_effort_ids_resolve_under_its_route_only() -> None:
    served = served_again()
    assert served.lookup("openrouter/openai/o3-mini-high").id == "o3-mini"
    assert served.lookup("openrouter/openai/o4-mini-high").id == "o4-mini"
    with pytest.raises(ShutDownModelError):  # o3-mini was shut down: its route's id with it
        lookup_model("openrouter/openai/o3-mini-high")


def test_the_id_rules_are_data_not_code() -> None:
    """Session 29's variant and alias lists were code constants written from memory."""
    assert not hasattr(catalog_module, "_PUBLISHED_VARIANTS")
    assert not hasattr(catalog_module, "_PUBLISHED_ALIASES")
    data = json.loads((Path(catalog_module.__file__).parent / "data" / "models.json").read_text())
    for key in ("published_variants", "route_variants", "published_aliases", "not_chat"):
        assert key in data
    rules = _id_rules()
    assert "claude-3-7-sonnet-latest" in rules.aliases
    assert rules.variants["anthropic"] == ()
    # every published alias names a model of the catalog, or is refused as shut down
    served = served_again()
    for alias in rules.aliases:
        if served.shut_down(alias) is None:
            served.lookup(alias)
