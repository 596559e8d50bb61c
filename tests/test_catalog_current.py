"""The current model lineups resolve with their documented windows (sources in
data/models.json): Google's rolling aliases, Claude's 1M-token models and the models
released since the catalog was first written."""

from __future__ import annotations

import pytest

from builders import served_again
from contextledger.catalog import default_catalog, lookup_model
from contextledger.errors import ShutDownModelError, UnknownModelError
from contextledger.fit import fit
from contextledger.pricing.vision import image_cost


@pytest.mark.parametrize(
    "alias", ["gemini-flash-latest", "gemini-flash-lite-latest", "gemini-pro-latest"]
)
def test_googles_rolling_aliases_resolve(alias: str) -> None:
    info = lookup_model(alias)
    assert (info.provider, info.context_window, info.max_output_tokens) == (
        "gemini",
        1_048_576,
        65_536,
    )
    assert not info.estimated
    assert lookup_model(f"gemini/{alias}").id == alias  # (LiteLLM's spelling)


@pytest.mark.parametrize(
    "model",
    [
        "claude-fable-5-1",
        "claude-fable-5-2",
        "claude-opus-5-5",
        "claude-sonnet-5-5",
        "claude-haiku-5-5",
        "claude-opus-5",
        "claude-sonnet-5",
        "claude-fable-5",
        "claude-mythos-5",
        "claude-opus-4-8",
        "claude-opus-4-7",
        "claude-opus-4-6",
        "claude-sonnet-4-6",
    ],
)
def test_claudes_1m_token_models(model: str) -> None:
    info = lookup_model(model)
    assert (info.context_window, info.max_output_tokens) == (1_000_000, 128_000)
    # a window up to the model's own is taken (refused above it: see test_window_limit)
    assert (
        fit([{"role": "user", "content": "hi"}], model, window=1_000_000).report.window == 1_000_000
    )


def test_a_new_claude_is_priced_on_the_high_resolution_tier() -> None:
    # Claude 4.7 and later: up to 2576 px and 4,784 visual tokens an image (never below)
    for model in ("claude-fable-5-1", "claude-haiku-5-5", "claude-opus-5-5"):
        assert (
            image_cost(2576, 1449, model).tokens == image_cost(2576, 1449, "claude-opus-4-8").tokens
        )


def test_dotted_and_routed_spellings_of_new_claudes() -> None:
    assert lookup_model("anthropic/claude-fable-5.1").id == "claude-fable-5-1"
    with pytest.raises(UnknownModelError) as err:  # no provider serves a bare dotted id
        lookup_model("claude-fable-5.1")
    assert err.value.suggestions[0] == "claude-fable-5-1"
    assert lookup_model("anthropic/claude-haiku-5.5").id == "claude-haiku-5-5"
    assert lookup_model("claude-sonnet-4-5").context_window == 200_000  # (its 1M is a beta)


@pytest.mark.parametrize(
    "model", ["gpt-5-chat-latest", "gpt-5.1-chat-latest", "gpt-5.2-chat-latest"]
)
def test_chatgpts_chat_snapshots_have_their_own_128k_window(model: str) -> None:
    """A -chat-latest relative is not its 400k family: budgeted at 400k, a request over
    128,000 tokens is refused by the API (gpt-5-chat-latest and gpt-5.1-chat-latest were
    shut down 2026-07-23: their entries as served then)."""
    info = served_again().lookup(model)
    assert (info.id, info.context_window, info.max_output_tokens) == (model, 128_000, 16_384)
    family = lookup_model(model.removesuffix("-chat-latest"))
    assert family.context_window == 400_000
    assert (info.image_cost, info.image_params) == (family.image_cost, family.image_params)


def test_examples_use_current_models_and_deprecated_ids_still_resolve() -> None:
    """The anthropic SDK lists the models past or near their end of life; the demo and the
    cost command no longer show them by default, but users still send them: they resolve."""
    from anthropic._data import DEPRECATED_MODELS

    from contextledger.cli.cost import REPRESENTATIVE_MODELS
    from contextledger.cli.demo import FIT_MODELS

    assert not set(DEPRECATED_MODELS) & {*REPRESENTATIVE_MODELS, *FIT_MODELS}
    retired = "claude-mythos-preview"  # (end of life 2026-06-30: refused, a successor named)
    resolved = [lookup_model(m) for m in DEPRECATED_MODELS if m != retired]
    assert all(info.provider == "anthropic" and not info.estimated for info in resolved)
    with pytest.raises(ShutDownModelError, match=r"2026-06-30.*Use claude-mythos-5"):
        lookup_model(retired)


# Ids the installed SDKs list that the catalog leaves out, with the reason.
_NOT_CATALOGUED = {
    # no published image pricing (the stub's guide table lists none): refused, gpt-5.6 named
    **{
        m: "image pricing not sourced"
        for m in (
            "gpt-6-sol",
            "gpt-6-luna",
            "gpt-6-astra",
            "gpt-6.1-sol",
            "gpt-6.1-terra",
            "gpt-6.2-sol",
            "gpt-6.2-astra",
            "gpt-5.1-mini",
        )
    },
}


def _sdk_model_ids() -> list[str]:
    import typing

    from anthropic.types import model as anthropic_model
    from openai.types.shared import chat_model

    ids = [m for m in typing.get_args(chat_model.ChatModel) if isinstance(m, str)]
    for arg in typing.get_args(anthropic_model.Model):
        ids += [m for m in typing.get_args(arg) if isinstance(m, str)]
    return ids


def test_every_model_id_the_installed_sdks_name_resolves() -> None:
    """The openai and anthropic SDKs' model literals are the ids users type (their IDEs
    complete them): each resolves to a model of its provider, or is listed above with why
    (prov14: 22 were refused, among them gpt-5.5-2026-04-23, gpt-4-32k, claude-mythos-5-1)."""
    missing = []
    catalog = default_catalog()
    for model in _sdk_model_ids():
        if catalog.shut_down(model) is not None:  # the SDKs still name them: refused, said
            with pytest.raises(ShutDownModelError):
                lookup_model(model)
            continue
        if model in _NOT_CATALOGUED:
            with pytest.raises(UnknownModelError):  # (listed: refused, typed)
                lookup_model(model)
            continue
        try:
            info = lookup_model(model)
        except UnknownModelError:
            missing.append(model)
            continue
        assert info.provider == ("anthropic" if model.startswith("claude") else "openai"), model
        assert not info.estimated, model
    assert not missing


def test_the_new_ids_take_their_documented_windows() -> None:
    served = served_again()  # (gpt-4-32k-0613, gpt-3.5-turbo-16k: shut down since)
    assert served.lookup("gpt-4-32k-0613").context_window == 32_768
    assert served.lookup("gpt-3.5-turbo-16k").context_window == 16_385
    assert lookup_model("claude-mythos-5-1").context_window == 1_000_000
    assert lookup_model("gpt-5.5-2026-04-23").id == "gpt-5.5"


def test_bare_gpt_5_6_is_served_as_sol() -> None:
    """OpenAI answers a request for ``gpt-5.6`` as ``gpt-5.6-sol`` (pydantic-ai's recorded
    Responses call, billed 160): the bare id resolves to sol's window and image rule rather
    than being refused as unknown."""
    bare, sol = lookup_model("gpt-5.6"), lookup_model("gpt-5.6-sol")
    assert not bare.estimated
    assert (bare.context_window, bare.image_params) == (sol.context_window, sol.image_params)
    assert image_cost(3000, 2000, "gpt-5.6").tokens == image_cost(3000, 2000, "gpt-5.6-sol").tokens
