"""Model catalog: data-file coverage, lookup order, register/override."""

from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources

import pytest

from contextledger.catalog import (
    Catalog,
    ImageLimits,
    ModelInfo,
    default_catalog,
    load_catalog,
    lookup_model,
    resolve_catalog,
)
from contextledger.errors import UnknownModelError
from contextledger.pricing.vision import FAMILIES

REQUIRED = [
    # OpenAI
    "gpt-4o", "gpt-4o-mini", "gpt-4.1", "gpt-4.1-mini", "gpt-4.1-nano", "gpt-4.5-preview",
    "o1", "o1-pro", "o3", "o4-mini", "gpt-5", "gpt-5-mini", "gpt-5-nano", "gpt-5.1",
    "gpt-5.2", "gpt-5.4", "gpt-5.4-mini", "gpt-5.4-nano", "gpt-5.5", "gpt-3.5-turbo",
    "gpt-4-turbo",
    # Anthropic
    "claude-3-5-haiku", "claude-3-7-sonnet", "claude-sonnet-4", "claude-sonnet-4-5",
    "claude-haiku-4-5", "claude-opus-4-1", "claude-opus-4-5", "claude-sonnet-4-6",
    "claude-opus-4-6", "claude-opus-4-7", "claude-opus-4-8", "claude-sonnet-5", "claude-opus-5",
    # Gemini, Mistral, defaults
    "gemini-1.5-flash", "gemini-1.5-pro", "gemini-2.0-flash", "gemini-2.5-flash",
    "gemini-2.5-pro", "gemini-3-pro-preview", "pixtral-12b",
    "openai-compatible/default", "openai/default", "anthropic/default", "gemini/default",
]  # fmt: skip


@pytest.fixture()
def cat() -> Catalog:
    return default_catalog()


@pytest.mark.parametrize("model", REQUIRED)
def test_required_models_are_exact_entries(cat: Catalog, model: str) -> None:
    info = cat.lookup(model)
    assert info.id == model
    assert info.context_window > 0 and info.max_output_tokens > 0
    assert info.tokenizer in ("o200k_base", "cl100k_base", "estimate")
    assert info.text_factor >= 1.0
    assert info.source
    if info.vision:
        assert info.image_cost in FAMILIES
    else:
        assert info.image_cost == "none"


def test_every_entry_is_well_formed(cat: Catalog) -> None:
    for info in cat.models():
        assert info.provider in ("openai", "anthropic", "gemini", "mistral", "openai-compatible")
        assert isinstance(info.image_limits, ImageLimits)
        if info.provider == "openai" and info.vision:
            assert info.tokenizer in ("o200k_base", "cl100k_base")


def test_text_only_models(cat: Catalog) -> None:
    for model in ("gpt-3.5-turbo", "gpt-4", "o1-mini", "o3-mini", "o1-preview"):
        assert not cat.lookup(model).vision


def test_openai_patch_params_are_the_v4_values(cat: Catalog) -> None:
    assert cat.lookup("gpt-5-mini").image_params["multiplier"] == 1.2
    assert cat.lookup("gpt-5-nano").image_params["multiplier"] == 1.5
    assert cat.lookup("gpt-4.1-mini").image_params["high"]["budget"] == 6144
    assert "V4 2026-09" in cat.lookup("gpt-5.4").source


def test_anthropic_limits(cat: Catalog) -> None:
    lim = cat.lookup("claude-sonnet-4-5").image_limits
    # 5 MiB of base64: what the API enforces (Bedrock and Vertex too), stricter than the
    # 10 MB some doc versions print; a normalized image then works on every Claude surface
    assert (lim.max_images, lim.max_side, lim.max_base64_bytes) == (100, 8000, 5 * 1024 * 1024)
    assert (lim.many_images_threshold, lim.many_images_max_side) == (20, 2000)
    assert "image/gif" not in cat.lookup("gemini-2.5-pro").image_limits.formats
    assert cat.lookup("gemini-3-pro-preview").image_limits.max_images == 900


@pytest.mark.parametrize(
    ("name", "resolved", "step"),
    [
        ("gpt-4o", "gpt-4o", "exact"),
        ("gpt-4o-2024-08-06", "gpt-4o", "dated"),
        ("claude-sonnet-4-5-20250929", "claude-sonnet-4-5", "dated"),
        ("claude-opus-4-20250514", "claude-opus-4", "dated"),
        ("gpt-4-0613", "gpt-4", "dated"),
        ("claude-3-7-sonnet-latest", "claude-3-7-sonnet", "dated"),
        ("gemini-2.5-flash-preview-05-20", "gemini-2.5-flash", "dated"),
        ("gpt-4o-mini-audio-preview", "gpt-4o-mini", "family"),
        ("gemini-2.0-flash-exp", "gemini-2.0-flash", "family"),
        ("gpt-5.4-pro", "gpt-5.4", "family"),
        ("claude-opus-4-9", "claude-opus-4-9", "default"),  # a version, not a variant
        ("claude-sonnet-7", "claude-sonnet-7", "default"),
        ("gpt-7", "gpt-7", "default"),
        ("gemini-9-ultra", "gemini-9-ultra", "default"),
        ("openai-compatible/my-llava", "openai-compatible/my-llava", "default"),
        ("anthropic/claude-opus-4-8", "claude-opus-4-8", "exact"),
    ],
)
def test_lookup_order(cat: Catalog, name: str, resolved: str, step: str) -> None:
    info = cat.lookup(name)
    assert info.id == resolved
    if step == "default":
        prefix = name.split("/")[0] if "/" in name else name.split("-")[0]
        provider = {"gpt": "openai", "claude": "anthropic", "gemini": "gemini"}.get(prefix, prefix)
        assert info.provider == provider


def test_unknown_claude_gets_the_high_tier(cat: Catalog) -> None:
    assert cat.lookup("claude-opus-6").image_params["max_tokens"] == 4784


def test_unknown_model_raises(cat: Catalog) -> None:
    with pytest.raises(UnknownModelError, match="register it"):
        cat.lookup("llama-from-mars")


def test_register_and_override(cat: Catalog) -> None:
    mine = ModelInfo("my-llava", "openai-compatible", 8192, 1024, True, "upper-bound")
    assert cat.register(mine) is mine
    assert cat.lookup("my-llava") is mine
    changed = cat.override("gpt-4o", context_window=64000)
    assert changed.context_window == 64000
    assert cat.lookup("gpt-4o-2024-08-06").context_window == 64000
    assert default_catalog().lookup("gpt-4o").context_window == 128000  # copies are independent
    copy = cat.copy()
    copy.register(replace(mine, vision=False))
    assert cat.lookup("my-llava").vision


def test_helpers(cat: Catalog) -> None:
    info = cat.lookup("gpt-4o")
    assert lookup_model(info) is info
    assert lookup_model("gpt-4o").id == "gpt-4o"
    assert resolve_catalog(cat) is cat
    assert resolve_catalog(None).lookup("gpt-4o").id == "gpt-4o"
    assert cat.provider_accepts_images("anthropic")
    assert not cat.provider_accepts_images("nobody")


def test_data_file_round_trip() -> None:
    raw = json.loads(
        resources.files("contextledger").joinpath("data/models.json").read_text("utf-8")
    )
    cat = load_catalog(raw)
    ids = [m["id"] for m in raw["models"]]
    assert len(ids) == len(set(ids))
    assert cat.lookup("pixtral-12b-2409").image_cost == "pixtral"  # alias
    for m in raw["models"]:
        assert m.get("checked_at"), m["id"]
