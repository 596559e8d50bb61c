"""Models their provider's own API shut down are refused, saying when, where the provider
said so and what to use instead (data/models.json ``shut_down``: OpenAI's deprecations page,
Anthropic's model deprecations and release notes, Google's Gemini deprecations and changelog).
Partner clouds keep their own schedules (Anthropic's page: "Amazon Bedrock and Google Cloud
set their own retirement schedules"; Azure OpenAI likewise), so their spellings still resolve.
Session 22 left gpt-3.5-turbo-0613 and gpt-4-0613 served, shut down 2026-10-23."""

from __future__ import annotations

import pytest

from contextledger import fit
from contextledger.catalog import default_catalog, lookup_model, register_model
from contextledger.errors import ShutDownModelError, UnknownModelError
from contextledger.pricing.messages import price_request

# (id as typed, date, the model suggested first)
SHUT = [
    ("gpt-4-0613", "2026-10-23", "gpt-5.6-sol"),
    ("gpt-3.5-turbo-0613", "2024-06-13", "gpt-4.1-mini"),
    ("gpt-3.5-turbo", "2026-10-23", "gpt-4.1-mini"),
    ("openrouter/openai/gpt-4", "2026-10-23", "gpt-5.6-sol"),
    ("litellm_proxy/o1-mini", "2025-10-27", "gpt-5.4-mini"),
    ("gpt-5.1-codex", "2026-07-23", "gpt-5.4"),
    ("chatgpt-4o-latest", "2026-02-17", "gpt-5.5"),
    ("gpt-5.2-chat-latest", "2026-08-10", "gpt-5.5"),
    ("claude-sonnet-4-20250514", "2026-06-15", "claude-sonnet-4-6"),
    ("claude-sonnet-4[1m]", "2026-06-15", "claude-sonnet-4-6"),
    ("anthropic/claude-3.7-sonnet:thinking", "2026-02-19", "claude-sonnet-4-6"),
    ("claude-3-haiku-20240307", "2026-04-20", "claude-haiku-4-5"),
    ("gemini/gemini-2.0-flash", "2026-06-01", "gemini-2.5-flash"),
    ("models/gemini-1.5-pro-002", "2025-09-24", "gemini-2.5-pro"),
]


@pytest.mark.parametrize(("model", "date", "use"), SHUT)
def test_a_shut_down_model_is_refused_saying_when_and_what_to_use(
    model: str, date: str, use: str
) -> None:
    with pytest.raises(ShutDownModelError) as err:
        lookup_model(model)
    assert (err.value.date, err.value.suggestions[0]) == (date, use)
    assert "shut down" in str(err.value) and err.value.source.startswith("https://")
    lookup_model(use)  # the suggestion is served
    # caught as any unknown model (the proxy answers model_not_found); a window given does
    # not bring it back: the provider answers 404 whatever was priced
    with pytest.raises(UnknownModelError):
        fit([{"role": "user", "content": "hi"}], model, window=8_000)


@pytest.mark.parametrize(
    ("model", "family"),
    [
        ("us.anthropic.claude-sonnet-4-20250514-v1:0", "claude-sonnet-4"),  # Bedrock's own
        ("claude-opus-4-1@20250805", "claude-opus-4-1"),  # Vertex's own
        ("vertex_ai/gemini-2.0-flash-001", "gemini-2.0-flash"),
        ("azure/gpt-35-turbo", "gpt-3.5-turbo"),  # Azure's own spelling
        ("gpt-35-turbo", "gpt-3.5-turbo"),
        ("ft:gpt-4o-mini-2024-07-18:acme::x1", "gpt-4o-mini"),
        ("gpt-4o", "gpt-4o"),
        ("gpt-4o-2024-08-06", "gpt-4o"),  # only gpt-4o-2024-05-13 was shut down
        ("gpt-5", "gpt-5"),  # deprecated, shut down 2026-12-11: served until then
        ("claude-opus-4-5", "claude-opus-4-5"),  # deprecated, retired 2027-01-22
        ("gemini-3-pro-image", "gemini-3-pro-image"),  # its preview was shut down
    ],
)
def test_a_partner_clouds_spelling_and_a_served_model_still_resolve(
    model: str, family: str
) -> None:
    assert lookup_model(model).id == family


def test_a_typo_of_a_shut_down_id_suggests_a_served_model() -> None:
    with pytest.raises(UnknownModelError) as err:
        lookup_model("gpt-4-06133")
    assert not isinstance(err.value, ShutDownModelError)
    catalog = default_catalog()
    assert all(catalog.shut_down(s) is None for s in err.value.suggestions)


def test_a_typo_nearest_a_shut_down_id_says_so() -> None:
    """R23: "o4mini" was answered "did you mean gpt-5.6-terra…" without naming o4-mini."""
    with pytest.raises(UnknownModelError) as err:
        lookup_model("o4mini")
    assert "o4-mini, was shut down on 2026-10-23" in str(err.value)
    assert err.value.suggestions[0] == "gpt-5.6-terra"


def test_every_shut_down_id_suggests_a_served_model() -> None:
    catalog = default_catalog()
    for name in catalog.shut_down_ids():
        with pytest.raises(ShutDownModelError) as err:
            catalog.lookup(name)
        for suggestion in err.value.suggestions:
            catalog.lookup(suggestion)


def test_a_deployment_that_still_serves_one_revives_it() -> None:
    """OpenAI's dedicated capacity, a proxy that keeps the model, a replay of old bills."""
    catalog = default_catalog()
    assert catalog.revive("gpt-4-0613").id == "gpt-4"
    body = {"model": "gpt-4-0613", "messages": [{"role": "user", "content": "hi"}]}
    assert price_request(body, "gpt-4-0613", "openai", catalog=catalog).total > 0
    assert catalog.lookup("gpt-4").id == "gpt-4"  # its snapshots come back with it
    assert default_catalog().shut_down("gpt-4") is not None  # (another catalog: still shut)


def test_a_model_registered_by_the_caller_is_served() -> None:
    catalog = default_catalog()
    spec = {"id": "o1-mini", "provider": "openai", "context_window": 128_000}
    register_model(spec, catalog)
    assert catalog.lookup("o1-mini").context_window == 128_000


def test_the_model_list_says_which_models_were_shut_down() -> None:
    import json

    from click.testing import CliRunner

    from contextledger.cli import main

    res = CliRunner().invoke(main, ["models", "--json"])
    rows = {m["id"]: m for m in json.loads(res.output)["models"]}
    assert rows["gpt-4"]["shut_down"] == "2026-10-23"
    assert rows["gpt-4o"]["shut_down"] is None
