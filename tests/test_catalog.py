"""Model catalog: data-file coverage, lookup order, register/override."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import served_again
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

# The facts of each entry, served or shut down (a shut-down model keeps its entry: partner
# clouds and revived deployments still serve it; its refusal: test_catalog_shut_down.py).
pytestmark = pytest.mark.usefixtures("served_by_default")

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
    return served_again()


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
    # gpt-5-mini/nano: V2/V3 say x1.62 / x2.46, V4 x1.2 / x1.5, unsettled (vision-costs §9):
    # the larger documented figure, so the price is never below the bill
    assert cat.lookup("gpt-5-mini").image_params["multiplier"] == 1.62
    assert cat.lookup("gpt-5-nano").image_params["multiplier"] == 2.46
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
        ("anthropic/claude-opus-4-8", "claude-opus-4-8", "exact"),
    ],
)
def test_lookup_order(cat: Catalog, name: str, resolved: str, step: str) -> None:
    assert cat.lookup(name).id == resolved


@pytest.mark.parametrize(
    ("name", "resolved"),
    [
        # Vertex AI: @date, and resource names
        ("claude-haiku-4-5@20251001", "claude-haiku-4-5"),
        ("claude-3-5-haiku@20241022", "claude-3-5-haiku"),
        ("vertex_ai/claude-opus-4-1@20250805", "claude-opus-4-1"),
        ("publishers/google/models/gemini-2.0-flash-001", "gemini-2.0-flash"),
        ("models/gemini-2.5-flash", "gemini-2.5-flash"),
        # Bedrock: vendor prefix, version tail, cross-region inference profiles, ARNs
        ("anthropic.claude-3-5-sonnet-20241022-v2:0", "claude-3-5-sonnet"),
        ("us.anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5"),
        ("eu.anthropic.claude-3-7-sonnet-20250219-v1:0", "claude-3-7-sonnet"),
        ("apac.anthropic.claude-sonnet-4-20250514-v1:0", "claude-sonnet-4"),
        ("global.anthropic.claude-haiku-4-5-20251001-v1:0", "claude-haiku-4-5"),
        ("bedrock/us.anthropic.claude-3-haiku-20240307-v1:0", "claude-3-haiku"),
        (
            "arn:aws:bedrock:us-east-1:123456789012:inference-profile/"
            "us.anthropic.claude-3-haiku-20240307-v1:0",
            "claude-3-haiku",
        ),
        # OpenRouter / LiteLLM provider/model, dotted Claude versions
        ("openrouter/anthropic/claude-3.5-sonnet", "claude-3-5-sonnet"),
        ("anthropic/claude-sonnet-4.5", "claude-sonnet-4-5"),
        ("openrouter/openai/gpt-4o-mini", "gpt-4o-mini"),
        ("google/gemini-2.5-flash", "gemini-2.5-flash"),
        ("gemini/gemini-2.5-pro", "gemini-2.5-pro"),
        ("openai/gpt-4o-2024-08-06", "gpt-4o"),
        ("azure/gpt-4o", "gpt-4o"),
    ],
)
def test_provider_qualified_and_dated_ids_resolve_to_their_family(
    cat: Catalog, name: str, resolved: str
) -> None:
    assert cat.lookup(name).id == resolved


def test_vertex_claude_is_priced_on_its_own_tier(cat: Catalog) -> None:
    """Regression: Vertex ids fell to the default (high-resolution) Anthropic tier."""
    from contextledger.pricing.vision import image_cost

    cost = image_cost(2576, 1449, cat.lookup("claude-haiku-4-5@20251001"))
    assert cost.tokens < 2000 and cost.exact


def test_an_unknown_word_after_a_known_id_is_refused(cat: Catalog) -> None:
    with pytest.raises(UnknownModelError):
        cat.lookup("gpt-5-nonexistent-typo")


@pytest.mark.parametrize(
    ("typo", "meant"),
    [
        ("claude-sonet-4-5", "claude-sonnet-4-5"),
        ("gpt4o", "gpt-4o"),
        ("gemini-2.5-flahs", "gemini-2.5-flash"),
        ("claude-opus-4-9", "claude-opus-4-8"),  # a version the catalog does not know yet
        # Regressions: these extended a known id, so they were priced as that id.
        ("gpt-4-o", "gpt-4o"),  # was gpt-4: an 8k text-only window for a vision model
        ("gpt-4o-mni", "gpt-4o-mini"),  # was gpt-4o: images priced 33x below gpt-4o-mini
        # An unknown word after a known id is no variant (was priced as gpt-4o).
        ("gpt-4o-typo", "gpt-4o"),
        # The longest known prefix decides: these were read as "-mini-…" variants of the
        # bigger model (gpt-4o's images cost 33x less than gpt-4o-mini's), marked exact.
        ("gpt-4o-mini-tss", "gpt-4o-mini"),
        ("gpt-4o-mini-2024-7-18", "gpt-4o-mini"),
        ("gpt-4.1-mini-prod", "gpt-4.1-mini"),
        ("gpt-5-nano-prod", "gpt-5-nano"),
    ],
)
def test_unknown_ids_are_refused_with_the_closest_known_ids(
    cat: Catalog, typo: str, meant: str
) -> None:
    with pytest.raises(UnknownModelError) as err:
        cat.lookup(typo)
    assert meant in err.value.suggestions
    assert f"did you mean {meant}" in str(err.value) or meant in str(err.value)


@pytest.mark.parametrize(
    ("typo", "family"),
    [
        ("gpt-4o-audio-previwe", "gpt-4o"),
        ("gpt-4o-mini-audio-prveiew", "gpt-4o-mini"),
        ("gpt-4o-search-preveiw", "gpt-4o"),
    ],
)
def test_a_misspelt_word_after_a_variant_word_is_refused(
    cat: Catalog, typo: str, family: str
) -> None:
    """Only the first word after the family was checked: these were priced as the family."""
    with pytest.raises(UnknownModelError) as err:
        cat.lookup(typo)
    meant = typo.rsplit("-", 1)[0] + "-preview"
    assert err.value.suggestions[0] == meant  # mended, suggested first
    assert cat.lookup(meant).id == family  # the real variant
    assert cat.lookup("gpt-4o-mini-search-preview").id == "gpt-4o-mini"  # every word a variant


@pytest.mark.parametrize(
    ("name", "resolved"),
    [
        ("chatgpt-4o-latest", "gpt-4o"),
        ("gpt-4-vision-preview", "gpt-4-turbo"),  # sees images, unlike the gpt-4 it extends
        ("claude-sonnet-4-0", "claude-sonnet-4"),
        ("claude-opus-4-0", "claude-opus-4"),
        ("claude-3-opus-20240229", "claude-3-opus"),
        ("anthropic/claude-3.7-sonnet:thinking", "claude-3-7-sonnet"),  # OpenRouter variant
        ("openai/gpt-4o:extended", "gpt-4o"),
        ("bedrock/converse/anthropic.claude-3-5-sonnet-20240620-v1:0", "claude-3-5-sonnet"),
        ("bedrock/invoke/us.anthropic.claude-sonnet-4-20250514-v1:0", "claude-sonnet-4"),
    ],
)
def test_providers_published_aliases_resolve(cat: Catalog, name: str, resolved: str) -> None:
    info = cat.lookup(name)
    assert info.id == resolved and info.vision


@pytest.mark.parametrize(
    ("name", "window"),
    [
        # GPT-4 Turbo previews: 128k and text-only (they extend gpt-4, 8k, or gpt-4-turbo, vision)
        ("gpt-4-1106-preview", 128_000),
        ("gpt-4-0125-preview", 128_000),
        ("gpt-4-turbo-preview", 128_000),
        # audio and search variants take no images, though gpt-4o does (realtime ones are
        # refused: test_catalog_sdk_ids.py)
        ("gpt-4o-audio-preview", 128_000),
        ("gpt-audio", 128_000),
        ("gpt-audio-mini-2025-12-15", 128_000),
        ("gpt-4o-search-preview", 128_000),
        ("gpt-4o-mini-audio-preview", 128_000),
        # open-weight, behind any OpenAI-compatible host
        ("gpt-oss-120b", 131_072),
        ("openai/gpt-oss-20b", 131_072),
        ("groq/openai/gpt-oss-120b", 131_072),
    ],
)
def test_text_only_relatives_of_vision_models_do_not_inherit_vision(
    cat: Catalog, name: str, window: int
) -> None:
    info = cat.lookup(name)
    assert (info.context_window, info.vision) == (window, False)


@pytest.mark.parametrize(
    ("name", "meant"),
    [
        ("gpt-3.5-turbo-instruct", "gpt-3.5-turbo"),  # a completions model: 4k, not 16k
        ("gpt-4o-mini-tts", "gpt-4o-mini"),  # speech, not chat
        ("GPT-4o", "gpt-4o"),  # ids are case-sensitive; the suggestion is not
    ],
)
def test_other_kinds_of_model_are_refused_with_a_suggestion(
    cat: Catalog, name: str, meant: str
) -> None:
    with pytest.raises(UnknownModelError) as err:
        cat.lookup(name)
    assert meant in err.value.suggestions


def test_unknown_model_raises(cat: Catalog) -> None:
    with pytest.raises(UnknownModelError, match="register it"):
        cat.lookup("llama-from-mars")
    for guessed in ("gpt-7", "claude-sonnet-7", "gemini-9-ultra", "openai-compatible/x"):
        with pytest.raises(UnknownModelError):
            cat.lookup(guessed)


def test_a_window_makes_an_unknown_model_usable_as_an_estimate(cat: Catalog) -> None:
    from contextledger.fit import fit
    from contextledger.pricing.vision import image_cost

    info = lookup_model("claude-opus-6", cat, window=50_000)
    assert info.estimated and info.provider == "anthropic" and info.context_window == 50_000
    assert info.image_params["max_tokens"] == 4784  # the conservative high tier
    assert not image_cost(1000, 1000, info).exact
    borrowed = lookup_model("my-vlm", cat, window=8000, image_family="claude-sonnet-4-5")
    assert borrowed.image_cost == "anthropic" and not image_cost(1000, 1000, borrowed).exact
    report = fit([{"role": "user", "content": "hi"}], "acme-9000", window=8000).report
    assert report.estimated and report.window == 8000
    assert any("not in the model catalog" in n.text for n in report.notices)
    with pytest.raises(UnknownModelError):
        fit([{"role": "user", "content": "hi"}], "claude-sonet-4-5")
    with pytest.raises(UnknownModelError):
        image_cost(1000, 1000, "gpt-9")


def test_azure_deployments_resolve_through_an_explicit_alias(cat: Catalog) -> None:
    with pytest.raises(UnknownModelError):
        cat.lookup("azure/prod-chat-eastus")
    cat.alias("prod-chat-eastus", "gpt-4o-2024-08-06")
    assert cat.lookup("azure/prod-chat-eastus").id == "gpt-4o"


def test_models_are_registered_by_function_and_by_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from contextledger.catalog import load_models_file, register_model

    mine = Catalog.default().copy()
    info = register_model(
        {"id": "acme-vision", "provider": "openai-compatible", "context_window": 65536,
         "image_family": "gpt-4o"},
        mine,
    )  # fmt: skip
    assert mine.lookup("acme-vision") is info and info.image_cost == "openai-tile"
    models = tmp_path / "models.json"
    models.write_text(
        json.dumps(
            {
                "acme-chat": {"max_input_tokens": 32000, "max_output_tokens": 2048,
                              "litellm_provider": "openai", "supports_vision": False},
            }
        )
    )  # fmt: skip
    load_models_file(models, mine)
    chat = mine.lookup("acme-chat")
    assert (chat.context_window, chat.max_output_tokens, chat.vision) == (32000, 2048, False)
    ours = tmp_path / "ours.json"
    ours.write_text(json.dumps({"models": [{"id": "tiny", "context_window": 4096}],
                                "aliases": {"my-deploy": "gpt-4o"}}))  # fmt: skip
    load_models_file(ours, mine)
    assert mine.lookup("tiny").context_window == 4096
    assert mine.lookup("azure/my-deploy").id == "gpt-4o"


def test_the_models_file_is_named_by_the_environment(tmp_path: Path) -> None:
    """CONTEXTLEDGER_MODELS is read through config (a fresh process: the default catalog is
    built once per process)."""
    import subprocess
    import sys

    models = tmp_path / "models.json"
    models.write_text(json.dumps({"models": [{"id": "house-model", "context_window": 12345}]}))
    code = (
        "from contextledger.catalog import lookup_model;"
        "print(lookup_model('house-model').context_window)"
    )
    env = {**os.environ, "CONTEXTLEDGER_MODELS": str(models)}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True,
        cwd=tmp_path,
    )  # fmt: skip
    assert out.stdout.strip() == "12345"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    env["CONTEXTLEDGER_MODELS"] = str(bad)
    failed = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=tmp_path
    )
    assert failed.returncode != 0 and "CONTEXTLEDGER_MODELS" in failed.stderr


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


@pytest.mark.parametrize(
    ("name", "family"),
    [
        ("o3-pro", "o3"),
        ("o3-pro-2025-06-10", "o3"),
        ("gpt-5-pro", "gpt-5"),
        ("gpt-5-codex", "gpt-5-codex"),
        ("gpt-5.1-codex", "gpt-5.1-codex"),
        ("gpt-5.1-codex-max", "gpt-5.1-codex-max"),
        ("gpt-5.2-codex", "gpt-5.2-codex"),
        ("codex-mini-latest", "codex-mini-latest"),
        ("o3-deep-research", "o3"),
        ("o4-mini-deep-research", "o4-mini"),
        ("openai/gpt-5-pro", "gpt-5"),
    ],
)
def test_responses_only_variants_do_not_inherit_chat_completions(
    cat: Catalog, name: str, family: str
) -> None:
    """OpenAI answers 400 "only supported in v1/responses" to a Chat body for these."""
    info = cat.lookup(name)
    assert (info.id, info.api) == (family, "openai-responses")


@pytest.mark.parametrize("name", ["gpt-5-mini", "gpt-4o-mini-audio-preview", "o3", "gpt-4o"])
def test_chat_variants_keep_the_default_format(cat: Catalog, name: str) -> None:
    assert cat.lookup(name).api is None


def test_a_responses_only_variant_is_prepared_as_a_responses_body() -> None:
    from contextledger import prepare

    body = prepare([{"role": "user", "content": "hi"}], "gpt-5-pro").body
    assert "input" in body and "messages" not in body


@pytest.mark.parametrize(
    ("name", "resolved"),
    [
        ("claude-3-5-sonnet-v2@20241022", "claude-3-5-sonnet"),  # Vertex's id for 3.5 Sonnet v2
        ("meta-llama/llama-3.2-11b-vision-instruct", "meta-llama/Llama-3.2-11B-Vision-Instruct"),
        (
            "openrouter/meta-llama/llama-3.2-90b-vision-instruct",
            "meta-llama/Llama-3.2-90B-Vision-Instruct",
        ),
    ],
)
def test_cloud_and_router_spellings_resolve(cat: Catalog, name: str, resolved: str) -> None:
    assert cat.lookup(name).id == resolved


@pytest.mark.parametrize(
    ("spec", "field", "suggestion"),
    [
        ({"id": "acme-8k", "provider": "openai", "contex_window": 8000}, "contex_window",
         "context_window"),
        ({"id": "acme-8k", "context_window": 8000, "max_output_token": 512}, "max_output_token",
         "max_output_tokens"),
        ({"id": "acme-8k", "context_window": 8000, "visoin": True}, "visoin", "vision"),
        ({"id": "acme-8k", "context_window": 8000, "temperature": 0.2}, "temperature", None),
        ({"id": "acme-neg", "provider": "openai", "context_window": -1}, "context_window", None),
        ({"id": "acme-str", "context_window": "8k"}, "context_window", None),
        ({"id": "acme-out", "context_window": 8000, "max_output_tokens": 0},
         "max_output_tokens", None),
        ({"id": "acme-prov", "provider": "nope", "context_window": 8000}, "provider", None),
        ({"id": "acme-prov", "provider": "openia", "context_window": 8000}, "provider", "openai"),
        ({"id": "acme-vis", "context_window": 8000, "vision": "yes"}, "vision", None),
        ({"context_window": 8000}, "id", None),
    ],
)  # fmt: skip
def test_a_typo_in_a_model_spec_is_refused_naming_the_field(
    spec: dict[str, object], field: str, suggestion: str | None
) -> None:
    """register_model never guesses: a dropped ``contex_window`` fitted an 8k model to 128k."""
    from contextledger.catalog import register_model
    from contextledger.errors import ArgumentError, ModelSpecError

    mine = Catalog.default().copy()
    with pytest.raises(ModelSpecError) as caught:
        register_model(spec, mine)
    assert caught.value.field == field and repr(field) in str(caught.value)
    assert isinstance(caught.value, ArgumentError)
    if suggestion is not None:
        assert suggestion in caught.value.suggestions and suggestion in str(caught.value)
    assert "acme" not in {m.id.split("-")[0] for m in mine.models()}


def test_litellm_price_and_feature_keys_are_not_typos(tmp_path: Path) -> None:
    """A LiteLLM model table carries dollars and feature flags we do not read: no error."""
    from contextledger.catalog import load_models_file

    models = tmp_path / "litellm.json"
    models.write_text(json.dumps({"acme-chat": {
        "max_input_tokens": 32000, "max_output_tokens": 2048, "litellm_provider": "openai",
        "input_cost_per_token": 1e-6, "output_cost_per_token": 2e-6, "mode": "chat",
        "supports_function_calling": True, "supports_vision": True, "max_images_per_prompt": 5,
    }}))  # fmt: skip
    mine = load_models_file(models, Catalog.default().copy())
    assert mine.lookup("acme-chat").context_window == 32000


@pytest.mark.parametrize(
    ("route", "provider"),
    [("vertex_ai-anthropic_models", "anthropic"), ("vertex_ai-language-models", "gemini")],
)
def test_litellms_vertex_provider_names_are_their_families(
    tmp_path: Path, route: str, provider: str
) -> None:
    """review41 R41-M1: LiteLLM names the models Vertex serves by family; Claude on Vertex was
    read as OpenAI-compatible and a 1200×900 image priced 765 (gpt-4o's tiles), not 1,440."""
    from contextledger.catalog import load_models_file

    models = tmp_path / "litellm.json"
    spec = {"max_input_tokens": 200000, "litellm_provider": route, "supports_vision": True}
    models.write_text(json.dumps({"my-vertex-model": spec}))
    mine = load_models_file(models, Catalog.default().copy())
    assert mine.lookup("my-vertex-model").provider == provider


@pytest.mark.parametrize("route", ["gemini", "vertex_ai-language-models"])
def test_an_unknown_gemini_id_prices_images_at_the_most_any_generation_bills(
    tmp_path: Path, route: str
) -> None:
    """review41 R41-M1: a Gemini registered from a LiteLLM file (or any unknown Gemini id)
    priced a 3008×2000 image at Gemini 3's flat 1,120, where gemini-2.0-flash bills 3,354
    (pydantic-ai's recorded call); Gemini 1.5's flat 258 and 3's levels are below that."""
    from contextledger.catalog import load_models_file
    from contextledger.pricing.vision import image_cost, max_image_cost

    models = tmp_path / "litellm.json"
    spec = {"max_input_tokens": 1048576, "litellm_provider": route, "supports_vision": True}
    models.write_text(json.dumps({"my-gemini": spec}))
    mine = load_models_file(models, Catalog.default().copy())
    guessed = lookup_model("gemini-9-flash", Catalog.default(), window=1_000_000)
    known = ("gemini-1.5-flash", "gemini-2.0-flash", "gemini-2.5-flash", "gemini-3-flash-preview")
    for info in (mine.lookup("my-gemini"), guessed):
        for w, h in [(3008, 2000), (1200, 900), (300, 200), (8000, 8000)]:
            cost = image_cost(w, h, info)
            assert not cost.exact
            assert cost.tokens == max(image_cost(w, h, k).tokens for k in known)
        assert image_cost(3008, 2000, info).tokens == 3354
        assert image_cost(300, 200, info, detail="ultra_high").tokens == 2240
        assert max_image_cost(info).tokens == max(max_image_cost(k).tokens for k in known)


def _openai_cost_or_none(w: int, h: int, model: str, detail: str) -> int | None:
    """What a known OpenAI model bills at ``detail`` (at its default where it has no such
    level); None: it has no images, or refuses this one."""
    from contextledger.errors import ContentError
    from contextledger.pricing.vision import image_cost

    for level in (detail, None):
        try:
            return image_cost(w, h, model, detail=level).tokens
        except ContentError:
            continue
    return None


@pytest.mark.parametrize("route", ["azure", "openai"])
def test_a_registered_openai_without_an_image_family_prices_images_at_the_most_any_bills(
    tmp_path: Path, route: str
) -> None:
    """review42 R42-M1: an Azure deployment registered from a LiteLLM file took gpt-5.5's
    patches, a 1200×900 image 1,324 tokens exact, where gpt-4o-mini (Azure's commonest
    deployment) bills 25,501 and gpt-4.1-mini 1,798: it is priced at the most any OpenAI
    model bills, an upper bound (not exact), as an unknown OpenAI id given a window."""
    from contextledger.catalog import load_models_file
    from contextledger.pricing.vision import image_cost, max_image_cost

    models = tmp_path / "litellm.json"
    spec = {"max_input_tokens": 128000, "litellm_provider": route, "supports_vision": True}
    models.write_text(json.dumps({"my-azure-mini": spec}))
    mine = load_models_file(models, Catalog.default().copy())
    guessed = lookup_model("azure/acme-deploy-7", Catalog.default(), window=128_000)
    for info in (mine.lookup("my-azure-mini"), guessed):
        cost = image_cost(1200, 900, info)
        assert (cost.tokens, cost.exact) == (25501, False)
        assert not max_image_cost(info).exact


_OPENAI_VISION = [m.id for m in Catalog.default().models() if m.provider == "openai" and m.vision]


@settings(max_examples=40, deadline=None)
@given(
    w=st.integers(1, 12000),
    h=st.integers(1, 12000),
    detail=st.sampled_from(["auto", "high", "low", "original"]),
)
def test_the_openai_default_bills_an_image_at_least_what_any_openai_model_does(
    w: int, h: int, detail: str
) -> None:
    """The invariant behind R42-M1: ``openai/default`` (an unknown or unfamilied OpenAI id)
    is never below any OpenAI model in the catalog, at every size and detail (a model that
    refuses the image bills nothing for it) — a dearer formula added later fails here."""
    from contextledger.pricing.vision import image_cost, max_image_cost

    guessed = image_cost(w, h, "openai/default", detail=detail).tokens
    known = [_openai_cost_or_none(w, h, m, detail) for m in _OPENAI_VISION]
    assert guessed == max(k for k in known if k is not None)
    top = max(max_image_cost(m).tokens for m in _OPENAI_VISION)
    assert max_image_cost("openai/default").tokens >= top


def test_a_typo_in_the_models_file_names_the_file_and_the_field(tmp_path: Path) -> None:
    from contextledger.catalog import load_models_file
    from contextledger.errors import ConfigError

    models = tmp_path / "models.json"
    models.write_text(json.dumps({"models": [{"id": "tiny", "contex_window": 4096}]}))
    with pytest.raises(ConfigError, match=r"contex_window.*context_window") as caught:
        load_models_file(models, Catalog.default().copy())
    assert str(models) in str(caught.value)


def test_models_keyed_by_id_under_models_are_read(tmp_path: Path) -> None:
    """R39-M1: ``{"models": {"id": {...}}}`` (LiteLLM's habit under our key) is read; any
    other shape is refused naming the two it takes."""
    from contextledger.catalog import load_models_file
    from contextledger.errors import ConfigError

    models = tmp_path / "models.json"
    models.write_text(json.dumps({"models": {"acme-llm-7": {"context_window": 32000}}}))
    mine = load_models_file(models, Catalog.default().copy())
    assert mine.lookup("acme-llm-7").context_window == 32000
    models.write_text(json.dumps({"models": "acme-llm-7"}))
    with pytest.raises(ConfigError, match=r'list of model specs, each with its "id"'):
        load_models_file(models, Catalog.default().copy())
