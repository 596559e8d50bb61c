"""The frameworks' own spellings of a model id resolve to the model they call: pydantic-ai's
and LangChain's ``provider:model`` (``Agent("anthropic:claude-sonnet-4-5")``,
``init_chat_model("google_genai:gemini-2.5-flash")``) and the OpenAI Agents SDK's
``litellm/<LiteLLM id>``. A refusal is said of the id as typed, its suggestions spelt the same
way; a typo's "did you mean" starts with the closest served id (review23, minor)."""

from __future__ import annotations

import pytest

from contextledger.catalog import default_catalog, lookup_model, sent_model_id
from contextledger.errors import ShutDownModelError, UnknownModelError

SPELLINGS = [
    ("anthropic:claude-sonnet-4-5", "claude-sonnet-4-5"),
    ("openai:gpt-4o", "gpt-4o"),
    ("openai-responses:gpt-5", "gpt-5"),
    ("openai-chat:gpt-4o-mini", "gpt-4o-mini"),
    ("google-gla:gemini-2.5-flash", "gemini-2.5-flash"),
    ("google:gemini-2.5-pro", "gemini-2.5-pro"),
    ("google-vertex:gemini-2.5-pro", "gemini-2.5-pro"),
    ("google_genai:gemini-2.5-flash-lite", "gemini-2.5-flash-lite"),
    ("bedrock:us.anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5"),
    ("bedrock_converse:anthropic.claude-3-5-haiku-20241022-v1:0", "claude-3-5-haiku"),
    ("mistral:mistral-large-latest", "mistral-large"),
    ("gateway/anthropic:claude-haiku-4-5", "claude-haiku-4-5"),
    ("litellm/anthropic/claude-sonnet-4-5-20250929", "claude-sonnet-4-5"),
    ("litellm/gemini/gemini-2.5-pro", "gemini-2.5-pro"),
    ("litellm/gpt-4.1-mini", "gpt-4.1-mini"),
]


@pytest.mark.parametrize(("model", "want"), SPELLINGS)
def test_a_framework_spelling_resolves_to_the_model_it_calls(model: str, want: str) -> None:
    assert lookup_model(model).id == want


@pytest.mark.parametrize(
    ("model", "sent"),
    [
        ("anthropic:claude-sonnet-4-5", "claude-sonnet-4-5"),
        ("openai:gpt-4o-2024-08-06", "gpt-4o-2024-08-06"),
        ("litellm/anthropic/claude-haiku-4-5", "claude-haiku-4-5"),
    ],
)
def test_the_request_names_the_providers_own_id(model: str, sent: str) -> None:
    assert sent_model_id(model, lookup_model(model)) == sent


def test_a_partner_cloud_spelling_is_served_on_its_own_schedule() -> None:
    # gpt-4 was shut down by OpenAI's API; Azure deployments of it are Azure's
    assert lookup_model("azure_openai:gpt-4").id == "gpt-4"
    with pytest.raises(ShutDownModelError) as err:
        lookup_model("openai:gpt-4")
    assert err.value.model == "openai:gpt-4"
    assert "openai:gpt-4" in str(err.value)


def test_a_typo_in_a_framework_spelling_is_refused_with_its_spelling_suggested() -> None:
    with pytest.raises(UnknownModelError) as err:
        lookup_model("anthropic:claude-sonet-4-5")
    assert err.value.model == "anthropic:claude-sonet-4-5"
    assert err.value.suggestions[0] == "anthropic:claude-sonnet-4-5"


@pytest.mark.parametrize(
    "model", ["ft:gpt-4o-mini-2024-07-18:acme::x1", "deepseek:deepseek-chat", "litellm/"]
)
def test_other_colons_and_prefixes_are_not_framework_spellings(model: str) -> None:
    if model.startswith("ft:"):
        assert lookup_model(model).id == "gpt-4o-mini"
    else:
        with pytest.raises(UnknownModelError):
            lookup_model(model)


@pytest.mark.parametrize(
    ("typo", "first"),
    [
        ("gemni-2.5-pro", "gemini-2.5-pro"),
        ("claude-haiku-4.5", "claude-haiku-4-5"),
        ("gpt-4.1-mnii", "gpt-4.1-mini"),
    ],
)
def test_a_typo_suggests_the_closest_served_id_first_and_blames_no_other(
    typo: str, first: str
) -> None:
    with pytest.raises(UnknownModelError) as err:
        lookup_model(typo)
    assert err.value.suggestions[0] == first
    # (main said "the nearest id, gemini-1.5-pro, was shut down" while suggesting 2.5 first)
    assert "was shut down" not in str(err.value)


def test_a_typo_nearest_a_shut_down_id_says_so_and_suggests_served_ids_first() -> None:
    cat = default_catalog()
    with pytest.raises(UnknownModelError) as err:
        cat.lookup("o4mini")
    assert "the nearest id, o4-mini, was shut down" in str(err.value)
    assert not set(err.value.suggestions) & set(cat.shut_down_ids())


@pytest.mark.parametrize(
    ("model", "first"),
    [("anthropic:gpt-4o", "gpt-4o"), ("openai:claude-sonnet-4-5", "claude-sonnet-4-5")],
)
def test_a_model_under_another_providers_prefix_is_suggested_bare_never_as_typed(
    model: str, first: str
) -> None:
    """R24-P1: "anthropic:gpt-4o" was answered "did you mean anthropic:gpt-4o?"."""
    with pytest.raises(UnknownModelError) as err:
        lookup_model(model)
    assert err.value.suggestions[0] == first
    assert model not in err.value.suggestions
    for suggestion in err.value.suggestions:
        lookup_model(suggestion)  # each one suggested resolves


def test_a_bedrock_fine_tune_bills_as_the_base_model_its_arn_names() -> None:
    """AWS's custom-model ARN holds the base model id with its context tail; the job id after
    it named nothing (main refused the ARN, 'no model named abcd…')."""
    arn = "arn:aws:bedrock:us-east-1:123456789012:custom-model/{}/abcd1234efgh"
    info = lookup_model(arn.format("anthropic.claude-3-haiku-20240307-v1:0:48k"))
    assert (info.id, info.context_window) == ("claude-3-haiku", 48_000)
    with pytest.raises(UnknownModelError) as err:  # a base Bedrock never served: said of the ARN
        lookup_model(arn.format("anthropic.claude-3-haiku-20240307-v2:0"))
    assert err.value.model.startswith("arn:aws:bedrock:")


# each provider's models under every framework prefix that reaches it
PREFIXES = {
    "openai": (
        "openai:",
        "openai-chat:",
        "openai-responses:",
        "azure:",
        "azure_openai:",
        "litellm/",
    ),
    "anthropic": ("anthropic:", "litellm/anthropic/", "openrouter:anthropic/"),
    "gemini": ("google-gla:", "google:", "google_genai:", "google-vertex:", "litellm/gemini/"),
}


def test_every_served_id_resolves_alike_under_every_framework_prefix_and_is_sent_bare() -> None:
    catalog = default_catalog()
    gone = set(catalog.shut_down_ids())
    wrong = []
    for info in catalog.models():
        if info.id in gone or "/" in info.id or info.provider not in PREFIXES:
            continue
        for prefix in PREFIXES[info.provider]:
            spelt = prefix + info.id
            try:
                got = catalog.lookup(spelt)
            except UnknownModelError as err:
                wrong.append((spelt, str(err)[:80]))
                continue
            if got.id != info.id or sent_model_id(spelt, got) != info.id:
                wrong.append((spelt, got.id, sent_model_id(spelt, got)))
    assert wrong == []


def test_a_shut_down_id_stays_shut_under_its_providers_own_prefix_only() -> None:
    catalog = default_catalog()
    own = {"openai": "openai:", "anthropic": "anthropic:", "gemini": "google-gla:"}
    cloud = {"openai": "azure:", "gemini": "google-vertex:"}
    for gone in catalog.shut_down_ids():
        provider = catalog.shut_down(gone).provider  # type: ignore[union-attr]
        with pytest.raises(ShutDownModelError):
            catalog.lookup(own[provider] + gone)
        if provider in cloud and "/" not in gone:
            try:  # a partner cloud keeps its own schedule: served, or unknown there, never "shut"
                catalog.lookup(cloud[provider] + gone)
            except ShutDownModelError:
                pytest.fail(f"{cloud[provider] + gone} refused as shut down")
            except UnknownModelError:
                pass
