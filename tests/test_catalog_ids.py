"""Model ids as users type them: fine-tunes, context-length tails, cloud spellings, deployments.

Every id either resolves to the model that bills it or is refused with at least one known id
to try instead.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builders import served_again
from contextledger.catalog import (
    Catalog,
    _id_rules,
    cost_in_dollars,
    default_catalog,
    lookup_model,
    register_alias,
)
from contextledger.errors import UnknownModelError
from contextledger.fit import fit
from contextledger.pricing.vision import image_cost
from fuzzing import fuzz_settings

# (id forms are read whatever the model's service status: shut-down models served again)
CATALOG = served_again()
KNOWN = [m.id for m in CATALOG.models() if not m.id.endswith("/default")]


@pytest.fixture()
def cat() -> Catalog:
    return served_again()


@pytest.mark.parametrize(
    ("fine_tune", "base"),
    [
        ("ft:gpt-4o-mini-2024-07-18:acme::9abcDEF1", "gpt-4o-mini"),
        ("ft:gpt-4o-2024-08-06:acme:support-bot:AbC123", "gpt-4o"),
        ("ft:gpt-4.1-2025-04-14:acme::xyz", "gpt-4.1"),
        ("ft:gpt-3.5-turbo-0125:acme::q1", "gpt-3.5-turbo"),
        ("ft:gpt-4o-mini-2024-07-18:acme:bot:AbC123:ckpt-step-1000", "gpt-4o-mini"),
        ("openai/ft:gpt-4o-mini-2024-07-18:acme::x", "gpt-4o-mini"),  # LiteLLM's route
        ("gpt-4o-mini-2024-07-18.ft-0e208cf33a6a466994aff31a08aba678", "gpt-4o-mini"),  # Azure
    ],
)
def test_a_fine_tune_is_priced_as_its_base_model(fine_tune: str, base: str) -> None:
    """A fine-tune bills as its base (tokenizer, window, image formula): the id names it."""
    info = CATALOG.lookup(fine_tune)
    assert info.id == base
    assert info.context_window == CATALOG.lookup(base).context_window
    if info.vision:
        assert image_cost(1024, 1024, fine_tune) == image_cost(1024, 1024, base)
    report = fit([{"role": "user", "content": "hi"}], fine_tune).report
    assert report.window == info.context_window and not report.estimated


def test_a_fine_tune_of_an_unknown_base_is_refused_with_a_suggestion(cat: Catalog) -> None:
    with pytest.raises(UnknownModelError) as err:
        cat.lookup("ft:gpt-4o-mnii-2024-07-18:acme::x")
    assert "gpt-4o-mini" in err.value.suggestions


@pytest.mark.parametrize(
    ("name", "model", "window"),
    [
        # Anthropic closed the context-1m beta of Sonnet 4 and 4.5 on 2026-04-30: a request
        # over 200,000 tokens is refused, so [1m] gets the window actually served.
        ("claude-sonnet-4-5[1m]", "claude-sonnet-4-5", 200_000),
        ("claude-sonnet-4-5-20250929[1m]", "claude-sonnet-4-5", 200_000),
        ("claude-sonnet-4[1m]@20250514", "claude-sonnet-4", 200_000),  # (Vertex: retired on
        # Anthropic's API 2026-06-15, Google keeps its own schedule)
        ("claude-sonnet-4-6[1m]", "claude-sonnet-4-6", 1_000_000),
        ("claude-opus-4-6[1M]", "claude-opus-4-6", 1_000_000),
        ("us.anthropic.claude-opus-4-6-v1[1m]", "claude-opus-4-6", 1_000_000),
        # Claude Code on Vertex: the tail before or after the Vertex date
        ("claude-sonnet-4-5[1m]@20250929", "claude-sonnet-4-5", 200_000),
        ("claude-sonnet-4-5@20250929[1m]", "claude-sonnet-4-5", 200_000),
        ("claude-opus-4-6[1m]@default", "claude-opus-4-6", 1_000_000),
        # Bedrock's context-length variants of one model (ListFoundationModels ids)
        ("anthropic.claude-3-haiku-20240307-v1:0:200k", "claude-3-haiku", 200_000),
        ("anthropic.claude-3-haiku-20240307-v1:0:48k", "claude-3-haiku", 48_000),
    ],
)
def test_a_context_length_tail_gets_the_window_the_provider_serves(
    cat: Catalog, name: str, model: str, window: int
) -> None:
    info = cat.lookup(name)
    assert (info.id, info.context_window) == (model, window)
    assert fit([{"role": "user", "content": "hi"}], name).report.window == window


def test_a_context_length_tail_is_priced_in_dollars_as_its_model() -> None:
    tailed = cost_in_dollars("claude-sonnet-4-5[1m]", 1_000, 10)
    assert tailed.dollars == cost_in_dollars("claude-sonnet-4-5", 1_000, 10).dollars
    assert tailed.dollars is not None


@pytest.mark.parametrize(
    ("name", "lower"),
    [
        ("US.ANTHROPIC.CLAUDE-3-HAIKU-20240307-V1:0", "us.anthropic.claude-3-haiku-20240307-v1:0"),
        ("ANTHROPIC.CLAUDE-SONNET-4-5-20250929-V1:0", "anthropic.claude-sonnet-4-5-20250929-v1:0"),
        ("Eu.Anthropic.Claude-Haiku-4-5-20251001-V1:0", "eu.anthropic.claude-haiku-4-5-20251001-v1:0"),
        ("Anthropic.claude-3-haiku-20240307-v1:0", "anthropic.claude-3-haiku-20240307-v1:0"),
        ("arn:aws:bedrock:us-east-1::foundation-model/ANTHROPIC.CLAUDE-3-5-HAIKU-20241022-V1:0",
         "arn:aws:bedrock:us-east-1::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0"),
        ("OpenAI/gpt-4o", "openai/gpt-4o"),  # LiteLLM's provider names are lower-case
        ("openai/GPT-4o", "openai/gpt-4o"),
        ("azure/GPT-4o", "azure/gpt-4o"),
        ("Gemini-2.5-Flash", "gemini-2.5-flash"),
        # a variant word in capitals is no variant of the shorter family (review11 I1):
        # gpt-4o-MINI was read as gpt-4o, whose images cost 33× less
        ("gpt-4o-MINI", "gpt-4o-mini"),
        ("gpt-4.1-NANO", "gpt-4.1-nano"),
        ("gpt-4o-Search-preview", "gpt-4o-search-preview"),
    ],
)  # fmt: skip
def test_a_provider_id_in_other_capitals_is_refused_naming_the_lower_case_id(
    cat: Catalog, name: str, lower: str
) -> None:
    """Bedrock validates model ids against a lower-case pattern (ValidationException), OpenAI
    answers "The model `GPT-4o` does not exist": an id the provider refuses is refused here,
    with the spelling it accepts first among the suggestions."""
    with pytest.raises(UnknownModelError) as err:
        cat.lookup(name)
    assert err.value.suggestions[0] == lower
    assert cat.lookup(lower)


@pytest.mark.parametrize("name", ["gpt-4o-mini-TTS", "gpt-4o-EMBEDDING", "gpt-4o-Transcribe"])
def test_a_model_that_is_not_for_chat_is_refused_in_any_capitals(cat: Catalog, name: str) -> None:
    with pytest.raises(UnknownModelError):
        cat.lookup(name)


@pytest.mark.parametrize(
    ("name", "model"),
    [
        ("meta-llama/llama-3.2-11b-vision-instruct", "meta-llama/Llama-3.2-11B-Vision-Instruct"),
        ("together_ai/meta-llama/LLAMA-3.2-90B-Vision-Instruct-Turbo",
         "meta-llama/Llama-3.2-90B-Vision-Instruct-Turbo"),
    ],
)  # fmt: skip
def test_an_open_weight_model_is_matched_case_blind(cat: Catalog, name: str, model: str) -> None:
    """Hosts of open-weight models name them in Hugging Face's capitals or in lower case."""
    assert cat.lookup(name).id == model


def test_a_bare_id_in_other_capitals_is_refused_naming_the_real_one(cat: Catalog) -> None:
    """OpenAI answers "The model `GPT-4o` does not exist": refused, the real id suggested."""
    for name, meant in (("GPT-4o", "gpt-4o"), ("Claude-Sonnet-4-5", "claude-sonnet-4-5")):
        with pytest.raises(UnknownModelError) as err:
            cat.lookup(name)
        assert err.value.suggestions[0] == meant


def test_an_azure_deployment_is_refused_until_mapped_then_resolves(cat: Catalog) -> None:
    with pytest.raises(UnknownModelError) as err:
        cat.lookup("azure/prod-chat-eastus")
    assert "register_alias" in str(err.value) and err.value.suggestions == ()  # no noise ids
    assert register_alias("prod-chat-eastus", "gpt-4o-2024-08-06", cat).id == "gpt-4o"
    assert cat.lookup("azure/prod-chat-eastus").id == "gpt-4o"
    with pytest.raises(UnknownModelError) as err:
        register_alias("prod-chat", "gpt-4o-mnii", cat)
    assert "gpt-4o-mini" in err.value.suggestions


@pytest.mark.parametrize(
    ("typo", "meant"),
    [
        ("prod-gpt4o-eastu", "prod-gpt4o-eastus"),
        ("azure/prod-gpt4o-eastu", "azure/prod-gpt4o-eastus"),
        ("PROD-GPT4O-EASTUS", "prod-gpt4o-eastus"),
        ("azure/prod-wst", "azure/Prod-West"),
    ],
)
def test_a_mistyped_alias_suggests_the_alias(cat: Catalog, typo: str, meant: str) -> None:
    """Red team 22 (RT22-25): a deployment name a letter off was answered with model ids
    (gpt-5-chat, gpt-4o) and not the deployment the caller registered; the built-in aliases
    come first only when nearer than every id (claude-sonet-4-5 stays claude-sonnet-4-5)."""
    register_alias("prod-gpt4o-eastus", "gpt-4o", cat)
    register_alias("azure/Prod-West", "gpt-4o-mini", cat)
    with pytest.raises(UnknownModelError) as err:
        cat.lookup(typo)
    assert err.value.suggestions[0] == meant
    with pytest.raises(UnknownModelError) as err:
        fit([{"role": "user", "content": "hi"}], typo, catalog=cat)
    assert f"did you mean {meant}" in str(err.value)
    assert cat.suggest("claude-sonet-4-5")[0] == "claude-sonnet-4-5"


@pytest.mark.parametrize(
    ("name", "model"),
    [("gpt-35-turbo", "gpt-3.5-turbo"), ("azure/gpt-35-turbo-16k", "gpt-3.5-turbo")],
)
def test_azure_model_names_resolve(cat: Catalog, name: str, model: str) -> None:
    assert cat.lookup(name).id == model


@pytest.mark.parametrize(
    ("name", "family"),
    [("anthropic.claude-v2:1", "claude-"), ("sonnet", "claude-"), ("sonnet[1m]", "claude-"),
     ("o5", "o"), ("gtp-4o", "gpt-"), ("gemni-2.5-pro", "gemini-"), ("llama-3.3-70b", "llama-"),
     ("ｇｐｔ-4o", "gpt-")],  # (full width, as an IME types it: RT26-13)
)  # fmt: skip
def test_an_id_with_nothing_close_gets_the_nearest_ids_of_its_family(
    cat: Catalog, name: str, family: str
) -> None:
    with pytest.raises(UnknownModelError) as err:
        cat.lookup(name)
    assert err.value.suggestions
    assert all(s.lower().startswith(family) for s in err.value.suggestions)
    assert all(cat.lookup(s) for s in err.value.suggestions)


@pytest.mark.parametrize(
    "name",
    ["grok-4", "deepseek-chat", "qwen/qwen-2.5-72b-instruct", "command-r-plus", "kimi-k2",
     "glm-4.6", "phi-4", "ft:davinci-002:acme::x", "x-ai/grok-code-fast-1"],
)  # fmt: skip
def test_an_id_of_a_family_not_known_gets_no_noise_suggestions(cat: Catalog, name: str) -> None:
    """Red team 25: deepseek-chat was answered "did you mean gpt-5-chat", qwen/… with Llama
    ids: a suggestion names the family asked for, or there is none and the error says so
    and what to do (register the model, or pass a window)."""
    with pytest.raises(UnknownModelError) as err:
        cat.lookup(name)
    assert err.value.suggestions == ()
    assert "is known here. Its window" in str(err.value) and "register" in str(err.value)


def test_azure_deployments_are_told_to_map_themselves(cat: Catalog) -> None:
    with pytest.raises(UnknownModelError) as err:
        cat.lookup("azure/my-deployment")
    assert "register_alias" in str(err.value)


def test_a_refused_claude_word_suggests_claude_models(cat: Catalog) -> None:
    for name in ("claude", "sonnet", "opus[1m]"):
        with pytest.raises(UnknownModelError) as err:
            cat.lookup(name)
        assert all(s.startswith("claude-") for s in err.value.suggestions), name


# Ways users decorate an id: routes, clouds, dates, tails, fine-tunes, capitals, typos.
_DECORATIONS = [
    "{}", "openai/{}", "anthropic/{}", "openrouter/{}", "azure/{}", "bedrock/{}",
    "vertex_ai/{}", "{}@20250929", "{}-20250929", "{}-v1:0", "us.anthropic.{}-v1:0",
    "{}[1m]", "ft:{}:acme::x1", "{}:free", "{}-latest", " {} ", "{}.ft-abc123",
]  # fmt: skip


def _mangle(name: str, edits: list[tuple[int, int, str]]) -> str:
    """Apply typo edits: (kind, position, letter) → delete, insert, replace or swap case."""
    for kind, pos, letter in edits:
        if not name:
            break
        i = pos % len(name)
        name = (
            name[:i] + name[i + 1 :] if kind == 0
            else name[:i] + letter + name[i:] if kind == 1
            else name[:i] + letter + name[i + 1 :] if kind == 2
            else name[:i] + name[i].swapcase() + name[i + 1 :]
        )  # fmt: skip
    return name


@fuzz_settings(300)
@given(
    st.sampled_from(KNOWN),
    st.sampled_from(_DECORATIONS),
    st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 80), st.sampled_from("ao1-.:/x")),
        max_size=2,
    ),
)
def test_every_id_resolves_or_is_refused_with_known_ids(
    known: str, decoration: str, edits: list[tuple[int, int, str]]
) -> None:
    """The invariant users rely on: a decorated or misspelt id resolves, or UnknownModelError
    names known ids of its family that themselves resolve, or (its family word mangled past
    recognition: ``o1`` without its o) says what to do."""
    name = _mangle(decoration.format(known), edits)
    try:
        info = CATALOG.lookup(name)
    except UnknownModelError as err:
        assert err.suggestions or "register" in str(err), name
        assert all(CATALOG.lookup(s) for s in err.suggestions)
    else:
        assert info.context_window > 0


@fuzz_settings(100)
@given(st.sampled_from(KNOWN), st.sampled_from(["{}", "ft:{}:acme::x1", "{}[1m]", "{}:free"]))
def test_a_decorated_known_id_is_priced_as_the_id(known: str, decoration: str) -> None:
    """Decorations that name the same model never change its family (window aside, a
    context tail only ever lowers it)."""
    plain = CATALOG.lookup(known)
    if decoration == "{}[1m]" and plain.provider != "anthropic":
        with pytest.raises(UnknownModelError) as err:  # Claude Code's tail, on Claude ids only
            CATALOG.lookup(decoration.format(known))
        assert known in err.value.suggestions
        return
    info = CATALOG.lookup(decoration.format(known))
    assert (info.provider, info.image_cost, info.image_params) == (
        plain.provider,
        plain.image_cost,
        plain.image_params,
    )
    assert info.context_window <= plain.context_window
    assert re.sub(r"-\d{4}-\d{2}-\d{2}$", "", info.id) in (plain.id, known)


def test_a_registered_id_ending_like_a_tail_is_itself(cat: Catalog) -> None:
    """Regression (review R1): the tail was stripped before the id itself was tried."""
    from contextledger.catalog import register_model

    for name in ("acme/qwen2.5-coder:32k", "local-llm[1m]", "my-router:128k"):
        register_model({"id": name, "provider": "openai-compatible", "context_window": 8000}, cat)
        assert (cat.lookup(name).id, cat.lookup(name).context_window) == (name, 8000)


@pytest.mark.parametrize(
    ("name", "meant"),
    [
        ("gpt-4o:32k", "gpt-4o"),  # OpenAI has no such id: 404
        ("gpt-4o[1m]", "gpt-4o"),  # [1m] is Claude Code's, for Claude ids
        ("gemini-2.5-flash:1000k", "gemini-2.5-flash"),
        ("claude-sonnet-4-5[0k]", "claude-sonnet-4-5"),  # no window at all
        ("anthropic.claude-3-haiku-20240307-v1:0:0k", "claude-3-haiku"),
    ],
)
def test_a_tail_the_provider_has_no_id_for_is_refused(cat: Catalog, name: str, meant: str) -> None:
    with pytest.raises(UnknownModelError) as err:
        cat.lookup(name)
    assert meant in err.value.suggestions


def test_an_alias_names_a_model_not_a_context_variant(cat: Catalog) -> None:
    from contextledger.errors import ArgumentError

    with pytest.raises(ArgumentError, match="context-length tail"):
        register_alias("small", "anthropic.claude-3-haiku-20240307-v1:0:48k", cat)


def test_an_empty_id_is_called_empty(cat: Catalog) -> None:
    for name in ("", "   "):
        with pytest.raises(UnknownModelError, match="the model id is empty") as err:
            cat.lookup(name)
        assert not err.value.suggestions  # an empty id is close to nothing


def test_a_models_file_of_aliases_alone_maps_deployments(cat: Catalog, tmp_path: Path) -> None:
    """What the CLI tells a user with an unknown Azure deployment to write."""
    from contextledger.catalog import load_models_file

    path = tmp_path / "models.json"
    path.write_text(json.dumps({"aliases": {"prod-chat": "gpt-4o-2024-08-06"}}))
    load_models_file(path, cat)
    assert cat.lookup("azure/prod-chat").id == "gpt-4o"


# Ids as each provider, cloud and router documents them, and the model that bills them.
_QUALIFIED_IDS = [
    # Vertex AI: @date (and Claude Code's [1m] on either side of it), resource names
    ("claude-sonnet-4-5@20250929", "claude-sonnet-4-5"),
    ("claude-haiku-4-5@20251001", "claude-haiku-4-5"),
    ("claude-3-5-haiku@20241022", "claude-3-5-haiku"),
    ("claude-3-5-sonnet-v2@20241022", "claude-3-5-sonnet"),
    ("claude-3-7-sonnet@20250219", "claude-3-7-sonnet"),
    ("claude-opus-4-1@20250805", "claude-opus-4-1"),
    ("vertex_ai/claude-sonnet-4-5@20250929", "claude-sonnet-4-5"),
    ("vertex_ai/gemini-2.5-pro", "gemini-2.5-pro"),
    ("projects/p/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929",
     "claude-sonnet-4-5"),
    ("publishers/google/models/gemini-2.5-flash", "gemini-2.5-flash"),
    ("models/gemini-2.5-flash", "gemini-2.5-flash"),
    ("gemini-2.0-flash-001", "gemini-2.0-flash"),
    ("gemini-2.5-flash-preview-05-20", "gemini-2.5-flash"),
    ("gemini-2.5-flash-lite-preview-06-17", "gemini-2.5-flash-lite"),
    # Bedrock: vendor, version, cross-region profiles, LiteLLM's API selectors, ARNs
    ("anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5"),
    ("us.anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5"),
    ("eu.anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5"),
    ("apac.anthropic.claude-sonnet-4-20250514-v1:0", "claude-sonnet-4"),
    ("global.anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5"),
    ("jp.anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5"),
    ("us-gov.anthropic.claude-3-5-sonnet-20240620-v1:0", "claude-3-5-sonnet"),
    ("anthropic.claude-3-5-sonnet-20241022-v2:0", "claude-3-5-sonnet"),
    ("anthropic.claude-haiku-4-5-20251001-v1:0", "claude-haiku-4-5"),
    ("bedrock/us.anthropic.claude-3-5-sonnet-20240620-v1:0", "claude-3-5-sonnet"),
    ("bedrock/converse/us.anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5"),
    ("bedrock/invoke/anthropic.claude-3-haiku-20240307-v1:0", "claude-3-haiku"),
    ("arn:aws:bedrock:us-east-1:1:inference-profile/us.anthropic.claude-3-haiku-20240307-v1:0",
     "claude-3-haiku"),
    # LiteLLM's route before an ARN (R35-I1: unknown)
    ("bedrock/arn:aws:bedrock:us-east-1:1:inference-profile/us.anthropic.claude-3-haiku-20240307-v1:0",
     "claude-3-haiku"),
    ("bedrock/converse/arn:aws:bedrock:us-east-1:1:inference-profile/us.anthropic.claude-3-haiku-20240307-v1:0",
     "claude-3-haiku"),
    ("mistral.pixtral-large-2502-v1:0", "pixtral-large"),
    ("us.meta.llama3-2-11b-instruct-v1:0", "llama-3.2-11b-vision"),
    ("meta.llama3-2-90b-instruct-v1:0", "llama-3.2-90b-vision"),
    # OpenRouter / LiteLLM provider/model
    ("openrouter/anthropic/claude-3.5-sonnet", "claude-3-5-sonnet"),
    ("anthropic/claude-sonnet-4.5", "claude-sonnet-4-5"),
    ("anthropic/claude-3.7-sonnet:thinking", "claude-3-7-sonnet"),
    ("openrouter/openai/gpt-4o", "gpt-4o"),
    ("openai/gpt-4o-2024-11-20", "gpt-4o"),
    ("openai/gpt-4o:extended", "gpt-4o"),
    ("google/gemini-2.0-flash-exp:free", "gemini-2.0-flash"),
    ("gemini/gemini-2.5-flash", "gemini-2.5-flash"),
    ("mistral/pixtral-large-latest", "pixtral-large"),
    ("litellm_proxy/gpt-4o", "gpt-4o"),
    ("azure/gpt-4o-mini", "gpt-4o-mini"),
    ("azure_ai/gpt-4o", "gpt-4o"),
    # the providers' own dated ids
    ("claude-3-5-sonnet-20241022", "claude-3-5-sonnet"),
    ("claude-haiku-4-5-20251001", "claude-haiku-4-5"),
    ("gpt-4o-2024-05-13", "gpt-4o"),
    ("o3-2025-04-16", "o3"),
    ("gpt-4.1-2025-04-14", "gpt-4.1"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "model"), _QUALIFIED_IDS)
def test_a_provider_qualified_or_dated_id_resolves_to_its_model(
    cat: Catalog, name: str, model: str
) -> None:
    info = cat.lookup(name)
    plain = cat.lookup(model)
    assert (info.provider, info.image_cost, info.image_params) == (
        plain.provider,
        plain.image_cost,
        plain.image_params,
    )
    assert info.context_window == plain.context_window and not info.estimated


@pytest.mark.parametrize(
    ("typo", "meant"),
    [
        ("claude-sonet-4-5", "claude-sonnet-4-5"),
        ("claude-sonet-4-5@20250929", "claude-sonnet-4-5"),
        ("us.anthropic.claude-sonet-4-5-20250929-v1:0", "claude-sonnet-4-5"),
        ("openrouter/anthropic/claude-sonet-4.5", "claude-sonnet-4-5"),
        ("gpt-4o-mni", "gpt-4o-mini"),
        ("azure/gpt-4o-mnii", "gpt-4o-mini"),
        ("gemini-2.5-flsh", "gemini-2.5-flash"),
        ("vertex_ai/gemini-2.5-flsh", "gemini-2.5-flash"),
        ("gpt4o", "gpt-4o"),
        ("gpt-4-o", "gpt-4o"),
        # Claude 4+ written the Claude 3 way, version before family (redteam16 B6)
        ("claude-4.5-sonnet", "claude-sonnet-4-5"),
        ("claude-4-5-sonnet-20250929", "claude-sonnet-4-5-20250929"),
        ("claude-4-opus-20250514", "claude-opus-4-20250514"),
        ("CLAUDE-HAIKU-4-5@20251001", "claude-haiku-4-5@20251001"),
        # a Vertex date on an id in another form: no provider serves the mix
        ("claude-sonnet-4-5-20250929@20250929", "claude-sonnet-4-5-20250929"),
        (
            "anthropic.claude-sonnet-4-5-20250929-v1:0@20250929",
            "anthropic.claude-sonnet-4-5-20250929-v1:0",
        ),
        ("claude-sonnet-4.5@20250929", "claude-sonnet-4-5"),
    ],
)
def test_a_typo_in_any_form_is_refused_naming_the_model(
    cat: Catalog, typo: str, meant: str
) -> None:
    with pytest.raises(UnknownModelError) as err:
        cat.lookup(typo)
    assert err.value.suggestions[0] == meant
    assert all(cat.lookup(s) for s in err.value.suggestions)


# The forms each provider's own models are served under, elsewhere: {} is the catalog id,
# {d} the date (or version) of one of its snapshots.
_SERVED_FORMS = {
    "anthropic": [
        "{}", "{}-{d}", "{}@{d}", "{}-latest", "anthropic/{}", "vertex_ai/{}@{d}",
        "anthropic.{}-{d}-v1:0", "us.anthropic.{}-{d}-v1:0",
        "eu.anthropic.{}-{d}-v1:0", "apac.anthropic.{}-{d}-v1:0",
        "global.anthropic.{}-{d}-v1:0", "bedrock/us.anthropic.{}-{d}-v1:0",
        "bedrock/converse/anthropic.{}-{d}-v1:0", "openrouter/anthropic/{}", "{}[1m]",
        "projects/p/locations/us-east5/publishers/anthropic/models/{}@{d}",
    ],
    "openai": [
        "{}", "{}-{d}", "openai/{}", "azure/{}", "openrouter/openai/{}",
        "litellm_proxy/{}", "ft:{}-{d}:acme::abc123",
    ],
    "gemini": [
        "{}", "{}-{d}", "gemini/{}", "vertex_ai/{}", "models/{}", "google/{}",
        "openrouter/google/{}", "publishers/google/models/{}",
    ],
}  # fmt: skip


@fuzz_settings(200)
@given(st.sampled_from([m for m in KNOWN if CATALOG.lookup(m).provider in _SERVED_FORMS]),
       st.data())  # fmt: skip
def test_every_model_resolves_in_every_form_its_provider_is_served_under(
    known: str, data: st.DataObject
) -> None:
    """Every form resolves to the model, a dated one with the date of a real snapshot; a
    dated form of a model without known snapshots is refused, the model suggested."""
    plain = CATALOG.lookup(known)
    form = data.draw(st.sampled_from(_SERVED_FORMS[plain.provider]))
    snapshot = next((s for s in plain.snapshots if s.startswith(f"{known}-")), None)
    if "{d}" in form and snapshot is None:
        with pytest.raises(UnknownModelError) as err:
            CATALOG.lookup(form.format(known, d="20250929"))
        assert plain.id in err.value.suggestions or known in err.value.suggestions, form
        return
    if form == "{}-latest" and form.format(known) not in _id_rules().aliases:
        # Anthropic aliased only its Claude 3 models -latest (review29 R29-M3: 404 otherwise)
        with pytest.raises(UnknownModelError) as err:
            CATALOG.lookup(form.format(known))
        assert known in err.value.suggestions, form
        return
    date = snapshot[len(known) + 1 :] if snapshot else ""
    info = CATALOG.lookup(form.format(known, d=date))
    assert (info.provider, info.image_cost, info.image_params, info.vision) == (
        plain.provider,
        plain.image_cost,
        plain.image_params,
        plain.vision,
    ), form
    assert info.context_window <= plain.context_window


# A dated id names one snapshot: a date the model has none for is no model the provider
# serves (Anthropic answers 404 for claude-sonnet-4-5-20250930), in every form it is written.
@pytest.mark.parametrize(
    ("dated", "snapshots"),
    [
        ("claude-sonnet-4-5-20250930", ("claude-sonnet-4-5-20250929", "claude-sonnet-4-5")),
        ("anthropic.claude-sonnet-4-5-20250930-v1:0", ("claude-sonnet-4-5-20250929",)),
        ("us.anthropic.claude-haiku-4-5-20251002-v1:0", ("claude-haiku-4-5-20251001",)),
        ("claude-sonnet-4-5@20250930", ("claude-sonnet-4-5-20250929",)),
        ("claude-3-5-sonnet-v2@20241023", ("claude-3-5-sonnet-20241022",)),
        ("vertex_ai/claude-opus-4@20250515", ("claude-opus-4-20250514",)),
        ("gpt-4o-2024-08-07", ("gpt-4o-2024-11-20", "gpt-4o-2024-08-06", "gpt-4o")),
        ("openai/gpt-4.1-2025-04-15", ("gpt-4.1-2025-04-14",)),
        ("ft:gpt-4o-mini-2024-07-19:acme::x1", ("gpt-4o-mini-2024-07-18",)),
        ("gpt-4-0614", ("gpt-4-0613",)),
        ("gemini-2.0-flash-002", ("gemini-2.0-flash-001", "gemini-2.0-flash")),
        ("claude-opus-4-6-20260205", ("claude-opus-4-6",)),  # no dated snapshot known
    ],
)
def test_a_dated_id_with_a_date_the_model_has_no_snapshot_for_is_refused(
    cat: Catalog, dated: str, snapshots: tuple[str, ...]
) -> None:
    with pytest.raises(UnknownModelError) as err:
        cat.lookup(dated)
    assert err.value.model == dated
    assert set(snapshots) <= set(err.value.suggestions)
    assert all(cat.lookup(s) for s in err.value.suggestions)
    assert "register_alias" in str(err.value)


def test_a_preview_dated_by_month_is_no_snapshot(cat: Catalog) -> None:
    """Google's previews end in -MM-YYYY: the tail is the preview's, not a snapshot's date
    (review13: gemini-2.5-flash-preview-09-2025 was refused as a snapshot '2025')."""
    for model in ("gemini-2.5-flash-preview-09-2025", "gemini-2.5-flash-lite-preview-09-2025"):
        assert cat.lookup(model).id == model.split("-preview")[0]


def test_a_snapshot_newer_than_the_catalog_is_named_by_an_alias_or_a_window(
    cat: Catalog,
) -> None:
    newer = "claude-sonnet-4-5-20260301"
    assert cat.lookup("claude-sonnet-4-5-20250929").id == "claude-sonnet-4-5"
    register_alias(newer, "claude-sonnet-4-5", cat)
    assert cat.lookup(newer).id == "claude-sonnet-4-5"
    assert cat.lookup(f"anthropic.{newer}-v1:0").id == "claude-sonnet-4-5"
    estimated = lookup_model("gpt-4o-2024-08-07", default_catalog(), window=128_000)
    assert estimated.estimated  # the caller's window: priced, marked an estimate


@pytest.mark.parametrize(
    ("refused", "meant"),
    [
        ("claude-sonnet-4.5", "claude-sonnet-4-5"),  # OpenRouter's spelling without its route
        ("claude-3.5-sonnet", "claude-3-5-sonnet"),
        ("gpt-4o-2024-13-20", "gpt-4o-2024-11-20"),  # no such date
        ("gpt-4.1-mini-2025-04-41", "gpt-4.1-mini-2025-04-14"),
        (
            "us.anthropic.claude-sonnet-4-5-20250929-v1",
            "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
        ),
        ("gpt-4o ", "gpt-4o"),
        (" claude-sonnet-4-5", "claude-sonnet-4-5"),
    ],
)
def test_an_id_no_provider_serves_is_refused_naming_the_one_meant(
    cat: Catalog, refused: str, meant: str
) -> None:
    """(redteam18 RT18-P1) Each of these is answered 404 by the provider it names."""
    with pytest.raises(UnknownModelError) as err:
        cat.lookup(refused)
    assert meant in err.value.suggestions[:2]
    assert cat.lookup(f"anthropic/{refused}" if "4.5" in refused else meant)


# Session 14 probes: more of the forms gateways, clouds and people write.
@pytest.mark.parametrize(
    ("model", "family"),
    [
        ("meta-llama/llama-3.2-11b-vision-instruct:free", "llama-3.2-11b-vision"),  # OpenRouter
        ("openrouter/openai/o4-mini-high", "o4-mini"),
        ("openrouter/anthropic/claude-opus-4.1", "claude-opus-4-1"),
        ("bedrock/invoke/anthropic.claude-3-5-sonnet-20241022-v2:0", "claude-3-5-sonnet"),
        ("arn:aws:bedrock:us-west-2::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0",
         "claude-3-5-haiku"),
        ("arn:aws:bedrock:eu-central-1:1:inference-profile/eu.anthropic.claude-3-7-sonnet-20250219-v1:0",
         "claude-3-7-sonnet"),
        ("projects/p/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929",
         "claude-sonnet-4-5"),
        ("vertex_ai/gemini-2.0-flash-001", "gemini-2.0-flash"),
        ("gemini-2.0-flash@001", "gemini-2.0-flash"),  # Vertex's version tail
        ("azure/gpt-35-turbo", "gpt-3.5-turbo"),  # Azure's own spelling
        ("claude-3-5-haiku-latest", "claude-3-5-haiku"),
    ],
)  # fmt: skip
def test_more_served_forms_resolve_to_their_family(cat: Catalog, model: str, family: str) -> None:
    info, plain = cat.lookup(model), cat.lookup(family)
    assert (info.provider, info.tokenizer, info.image_cost, info.image_params) == (
        plain.provider,
        plain.tokenizer,
        plain.image_cost,
        plain.image_params,
    )
    assert info.context_window == plain.context_window


@pytest.mark.parametrize(
    ("model", "meant"),
    [
        ("gemini-2.5-flash@001", "gemini-2.5-flash"),  # 2.5 is served undated only
        ("gemini-2.5-flash-001", "gemini-2.5-flash"),
        ("gpt\u20114o", "gpt-4o"),  # a non-breaking hyphen pasted from a web page
        ("gpt\u20134o", "gpt-4o"),  # an en dash
        ("gpt-4o\u200b", "gpt-4o"),  # a zero-width space
        ("gpt-4o\t", "gpt-4o"),
        ("gpt_4o", "gpt-4o"),
        ("claude sonnet 4.5", "claude-sonnet-4-5"),
        ("claude-4-sonnet", "claude-sonnet-4"),
        ("claude-3-5-sonnet-2024-10-22", "claude-3-5-sonnet"),  # OpenAI's date form on Claude
        ("gpt-4o-20240806", "gpt-4o"),  # Anthropic's date form on GPT
        ("arn:aws:bedrock:us-east-1:1:application-inference-profile/abc123", None),
        ("azure/prod-chat", None),
    ],
)
def test_more_ids_no_provider_serves_are_refused_with_a_suggestion(
    cat: Catalog, model: str, meant: str | None
) -> None:
    """Refused, never priced as a guess; the id meant among the suggestions, every one of
    which resolves. An application inference profile or an Azure deployment names no model
    by itself: the refusal says how to map it (``register_alias``)."""
    with pytest.raises(UnknownModelError) as err:
        cat.lookup(model)
    assert all(cat.lookup(s) for s in err.value.suggestions)
    if meant is not None:
        assert meant in err.value.suggestions, err.value.suggestions
    else:  # no family named: no noise ids (red team 25), the way to map it
        assert err.value.suggestions == () and "register_alias" in str(err.value)


def test_an_application_inference_profile_or_deployment_is_mapped_by_an_alias(
    cat: Catalog,
) -> None:
    arn = "arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/abc123"
    register_alias(arn, "claude-sonnet-4-5", cat)
    register_alias("prod-chat", "gpt-4o-mini", cat)
    assert cat.lookup(arn).id == "claude-sonnet-4-5"
    assert cat.lookup("azure/prod-chat").id == "gpt-4o-mini"
    assert cat.lookup("prod-chat").id == "gpt-4o-mini"


@pytest.mark.parametrize(
    ("typo", "snapshot", "model"),
    [
        ("claude-opus-4-1-2025080", "claude-opus-4-1-20250805", "claude-opus-4-1"),  # RT19 b18
        (
            "us.anthropic.claude-opus-4-1-2025080-v1:0",
            "claude-opus-4-1-20250805",
            "claude-opus-4-1",
        ),
        ("claude-opus-4-1@2025080", "claude-opus-4-1-20250805", "claude-opus-4-1"),
        ("claude-3-5-sonnet-2024102", "claude-3-5-sonnet-20241022", "claude-3-5-sonnet"),
        ("gpt-4o-2024-08-6", "gpt-4o-2024-08-06", "gpt-4o"),
        ("o3-2025-04-1", "o3-2025-04-16", "o3"),
    ],
)
def test_a_date_cut_short_suggests_its_snapshot_then_its_model(
    cat: Catalog, typo: str, snapshot: str, model: str
) -> None:
    """The date says which model was meant: claude-opus-4-1-2025080 (a digit lost) was
    answered "did you mean claude-opus-4-8", nearer by letters, but never dated so."""
    with pytest.raises(UnknownModelError) as err:
        cat.lookup(typo)
    assert err.value.suggestions[:2] == (snapshot, model)


# Served by their providers (Mistral's models overview; Google's model pages), refused before.
REAL = {
    "mistral-large-latest": ("mistral-large", 128_000, False),
    "mistral-large-2411": ("mistral-large", 128_000, False),
    "mistral/mistral-medium-latest": ("mistral-medium", 128_000, True),
    "mistral-medium-2508": ("mistral-medium", 128_000, True),
    "mistral-small-latest": ("mistral-small", 128_000, True),
    "magistral-medium-latest": ("magistral-medium", 128_000, True),
    "codestral-latest": ("codestral", 256_000, False),
    "devstral-small-2507": ("devstral-small", 128_000, False),
    "ministral-8b-latest": ("ministral-8b", 128_000, False),
    "open-mistral-nemo": ("open-mistral-nemo", 128_000, False),
    "gemini-2.5-flash-image": ("gemini-2.5-flash-image", 32_768, True),
    "gemini/gemini-2.5-flash-image": ("gemini-2.5-flash-image", 32_768, True),
    "gemini-3-pro-image-preview": ("gemini-3-pro-image-preview", 65_536, True),
    # 32,000 in, not 2.0 Flash's 1,048,576 (it resolved as a "-preview" variant of it)
    "gemini-2.0-flash-preview-image-generation": (
        "gemini-2.0-flash-preview-image-generation",
        32_000,
        True,
    ),
    "gemini/gemini-2.0-flash-exp-image-generation": (
        "gemini-2.0-flash-exp-image-generation",
        32_000,
        True,
    ),
}


def test_the_providers_listed_models_resolve_with_their_own_limits(cat: Catalog) -> None:
    got = {}
    for name in REAL:
        info = cat.lookup(name)
        got[name] = (info.id, info.context_window, info.vision)
    assert got == REAL
    # Nano Banana takes 3 images a prompt, priced as Gemini 2.5 (tiles of 258)
    image = cat.lookup("gemini-2.5-flash-image")
    assert image.image_limits.max_images == 3
    assert image_cost(384, 384, image).tokens == 258


# review15 R15-P2: an id whose tails are not the ones its provider writes names no model
# (the provider answers 404): a date that is none, a tail twice, -latest with a date, a
# Bedrock version on another cloud's id or one Bedrock does not have, a Claude model Bedrock
# serves dated only named without its date. Each is refused naming the model meant.
@pytest.mark.parametrize(
    ("refused", "meant"),
    [
        ("gemini-2.5-pro-preview-13-05", "gemini-2.5-pro"),  # month 13
        ("gemini-2.5-flash-preview-04-31", "gemini-2.5-flash"),  # April 31
        ("gemini-2.5-flash-lite-preview-00-2025", "gemini-2.5-flash-lite"),
        ("gpt-4o-mini-audio-preview-2024-12-32", "gpt-4o-mini"),  # a variant's date too
        ("claude-3-7-sonnet-latest-latest", "claude-3-7-sonnet"),
        ("claude-3-7-sonnet-20250219-latest", "claude-3-7-sonnet"),
        ("gpt-4o-mini-2024-07-18-2024-07-18", "gpt-4o-mini"),
        ("gemini-1.5-pro-002-002", "gemini-1.5-pro"),
        ("gpt-4o-mini-audio-audio", "gpt-4o-mini"),
        ("claude-haiku-4-5-20251001-v1:0", "claude-haiku-4-5"),  # Bedrock's tail, no vendor
        ("claude-3-haiku-v1", "claude-3-haiku"),  # Vertex's -vN is a second release
        ("claude-3-5-sonnet-v3@20241022", "claude-3-5-sonnet"),
        ("claude-3-5-sonnet-v2@20240620", "claude-3-5-sonnet"),  # v2 is 20241022
        # and Vertex writes 20241022 as v2 (was priced as a Vertex id Vertex answers 404 to)
        ("claude-3-5-sonnet@20241022", "claude-3-5-sonnet"),
        ("vertex_ai/claude-3-5-sonnet@20241022", "claude-3-5-sonnet"),
        ("anthropic.claude-3-5-sonnet-20240620-v2:0", "claude-3-5-sonnet"),
        ("eu.anthropic.claude-3-7-sonnet-20250219-v1:3", "claude-3-7-sonnet"),
        ("meta.llama3-2-11b-instruct-v4:0", "llama-3.2-11b-vision"),
        ("apac.anthropic.claude-sonnet-4-v1:0", "claude-sonnet-4"),  # undated on Bedrock
        ("anthropic.claude-opus-4-1-20250805", "claude-opus-4-1"),  # Bedrock, no version
        # the word that makes the id known, again (review16 R16-P1)
        ("gpt-5-nano-nano", "gpt-5-nano"),
        ("gpt-5-chat-latest-latest", "gpt-5-chat-latest"),
        ("computer-use-preview-2025-03-11-preview", "computer-use-preview"),
        ("o1-mini-2024-09-12-preview", "o1-mini"),  # a full date ends an id
    ],
)
def test_an_id_with_tails_its_provider_never_writes_is_refused(
    cat: Catalog, refused: str, meant: str
) -> None:
    with pytest.raises(UnknownModelError) as err:
        cat.lookup(refused)
    assert err.value.model == refused
    assert meant in err.value.suggestions
    assert all(cat.lookup(s) for s in err.value.suggestions)


def test_a_bedrock_id_without_its_date_suggests_the_dated_one(cat: Catalog) -> None:
    with pytest.raises(UnknownModelError) as err:
        cat.lookup("us.anthropic.claude-sonnet-4-5-v1:0")
    assert err.value.suggestions[0] == "us.anthropic.claude-sonnet-4-5-20250929-v1:0"
    assert "dated only" in str(err.value)


@pytest.mark.parametrize(
    ("served", "model"),
    [
        ("gemini-2.5-pro-preview-05-06", "gemini-2.5-pro"),
        ("gemini-2.5-flash-preview-02-29", "gemini-2.5-flash"),  # a leap day
        ("gpt-4o-audio-preview-2024-10-01", "gpt-4o"),
        ("gpt-4-0125-preview", "gpt-4-0125-preview"),
        ("gpt-4.5-preview-2025-02-27", "gpt-4.5-preview"),
        ("claude-3-5-sonnet-v2@20241022", "claude-3-5-sonnet"),
        ("vertex_ai/claude-3-5-sonnet-v2", "claude-3-5-sonnet"),
        ("anthropic.claude-3-5-sonnet-20241022-v2:0", "claude-3-5-sonnet"),
        ("anthropic.claude-3-5-sonnet-20240620-v1:0", "claude-3-5-sonnet"),
        ("us.anthropic.claude-opus-4-6-v1", "claude-opus-4-6"),
        ("mistral.pixtral-large-2502-v1:0", "pixtral-large"),
        ("mistral-large-2411", "mistral-large"),
        ("claude-3-5-haiku-latest", "claude-3-5-haiku"),
    ],
)
def test_ids_in_the_forms_providers_write_still_resolve(
    cat: Catalog, served: str, model: str
) -> None:
    assert cat.lookup(served).id == model


@pytest.mark.parametrize(
    "model",
    [
        "gemini-2.5-flash-native-audio-preview-09-2025",
        "models/gemini-2.5-flash-native-audio-latest",
        "vertex_ai/gemini-2.5-flash-native-audio-preview-09-2025",
    ],
)
def test_a_live_api_native_audio_model_is_refused_not_priced_as_its_family(model: str) -> None:
    # It read as gemini-2.5-flash (a 1,048,576-token window): the Live API model takes
    # 131,072 and is no generateContent model (prov23).
    with pytest.raises(UnknownModelError, match="Live API") as e:
        served_again().lookup(model)
    assert "gemini-2.5-flash" in e.value.suggestions


@pytest.mark.parametrize(
    ("model", "first"),
    [
        ("openrouter/openai/gpt-4o:fastest", "openrouter/openai/gpt-4o"),
        ("anthropic/claude-sonnet-4.5:turbo", "anthropic/claude-sonnet-4.5"),
    ],
)
def test_a_route_tag_not_known_suggests_the_id_without_it_first(model: str, first: str) -> None:
    # It suggested gpt-5.4-nano first for openrouter/openai/gpt-4o:unknowntag (prov23).
    with pytest.raises(UnknownModelError) as e:
        served_again().lookup(model)
    assert e.value.suggestions[0] == first
    assert served_again().lookup(first).id == first.rsplit("/", 1)[1].replace("4.5", "4-5")


@pytest.mark.parametrize(
    ("model", "first", "said"),
    [
        # the Gemini API's resource prefix on another provider's id: OpenAI answers 404
        ("models/gpt-4o", "gpt-4o", "Gemini API"),
        ("models/claude-sonnet-4-5", "claude-sonnet-4-5", "Gemini API"),
        ("publishers/google/models/gpt-4o", "gpt-4o", "Gemini API"),
        # Fireworks' own id form is no Gemini id (review37: the Gemini hint was given)
        (
            "accounts/fireworks/models/llama-v3p1-70b-instruct",
            "accounts/fireworks/models/llama3-2-90b-instruct",
            "Fireworks' name",
        ),
        (
            "fireworks_ai/accounts/fireworks/models/llama-v3p1-70b-instruct",
            "fireworks_ai/accounts/fireworks/models/llama3-2-90b-instruct",
            "Fireworks' name",
        ),
        # a Bedrock region before no Bedrock vendor: no inference profile is so named
        ("us.gpt-4o", "gpt-4o", "Bedrock region"),
        ("eu.gpt-4o-mini", "gpt-4o-mini", "Bedrock region"),
        ("us.claude-sonnet-4-5", "claude-sonnet-4-5", "Bedrock region"),
        # an undated experimental tail Google never published for the model
        ("gemini-2.5-pro-exp", "gemini-2.5-pro", "did you mean"),
        ("gemini-2.5-flash-exp", "gemini-2.5-flash", "did you mean"),
    ],
)
def test_a_prefix_or_tail_another_provider_writes_is_refused_with_the_id_meant(
    model: str, first: str, said: str
) -> None:
    # prov26: each resolved to its family (models/gpt-4o, us.gpt-4o as gpt-4o; gemini-2.5-pro-exp
    # as gemini-2.5-pro), an id no provider serves priced as if it were sent.
    with pytest.raises(UnknownModelError, match=said) as e:
        served_again().lookup(model)
    assert e.value.suggestions[0] == first


@pytest.mark.parametrize(
    ("model", "meant"),
    [
        ("models/gemini-2.5-pro", "gemini-2.5-pro"),
        ("gemini/models/gemini-2.5-flash", "gemini-2.5-flash"),
        ("publishers/google/models/gemini-2.5-flash", "gemini-2.5-flash"),
        ("publishers/anthropic/models/claude-sonnet-4-5@20250929", "claude-sonnet-4-5"),
        ("models/gemma-4-31b-it", "gemma-4-31b-it"),
        ("us.anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5"),
        ("us.meta.llama3-2-11b-instruct-v1:0", "llama-3.2-11b-vision"),
        ("gemini-2.0-flash-exp", "gemini-2.0-flash"),
        ("gemini-2.0-flash-thinking-exp", "gemini-2.0-flash"),
        ("gemini-2.5-pro-exp-03-25", "gemini-2.5-pro"),
    ],
)
def test_the_resource_names_and_profiles_providers_serve_still_resolve(
    model: str, meant: str
) -> None:
    assert served_again().lookup(model).id == meant


@pytest.mark.parametrize(
    ("model", "provider"),
    [("models/gpt-4o", "openai"), ("models/claude-x", "anthropic"), ("models/my-tune", "gemini")],
)
def test_a_refused_resource_name_given_a_window_is_priced_as_the_model_it_names(
    model: str, provider: str
) -> None:
    # models/… says the Gemini API's form, not whose model: with window= the estimate used
    # Gemini's defaults for models/gpt-4o (prov26)
    info = lookup_model(model, window=100_000)
    assert info.estimated and info.provider == provider
