"""Model ids: resolve or refuse, never guess (issue #11 part 2; review29 R29-M2, R29-M3).

A variant word after a known id makes a variant only where its provider publishes one so
named; a ``-latest`` or undated ``-preview`` tail only where the provider publishes it.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builders import served_again
from contextledger.catalog import Catalog, default_catalog
from contextledger.errors import UnknownModelError
from fuzzing import fuzz_settings

CATALOG = served_again()  # (shut-down models too: resolved, not guessed)

# R29-M2: two families mixed, Anthropic ids (which have no variants), words OpenAI never
# puts after gpt-4o. Each read as its family (gpt-4o-pro even as Responses-only).
_INVENTED = [
    "gemini-2.5-pro-flash", "gemini-2.5-flash-pro", "gpt-5-nano-mini", "gpt-5-mini-nano",
    "claude-sonnet-4-5-pro", "claude-opus-4-5-max", "claude-3-5-sonnet-turbo",
    "claude-sonnet-4-5-thinking", "claude-sonnet-4-5-fast", "claude-sonnet-4-5-chat",
    "gpt-4o-long", "gpt-4o-vision", "gpt-4o-chat", "gpt-4o-pro", "gpt-4.1-turbo",
    "gemini-2.5-flash-thinking", "anthropic/claude-sonnet-4-5-pro", "openrouter/openai/gpt-4o-pro",
]  # fmt: skip
# R29-M3: -latest / undated -preview where the provider publishes none.
_UNPUBLISHED_TAILS = [
    "claude-sonnet-4-5-latest", "claude-opus-4-1-latest", "claude-haiku-4-5-latest",
    "gpt-4o-latest", "gpt-5-latest", "gpt-4.1-latest", "o3-latest",
    "gemini-2.5-pro-latest", "gemini-2.0-flash-latest", "gemini-2.5-pro-preview",
    "claude-sonnet-4-5-preview", "gpt-4o-preview", "gpt-5-preview",
]  # fmt: skip
# What the providers do publish keeps resolving, to the family it is a variant of.
_PUBLISHED = [
    ("gpt-4o-audio-preview", "gpt-4o"), ("gpt-4o-mini-audio-preview-2024-12-17", "gpt-4o-mini"),
    ("gpt-4o-mini-search-preview", "gpt-4o-mini"),
    ("o3-pro", "o3"), ("o3-pro-2025-06-10", "o3"), ("gpt-5-pro", "gpt-5"),
    ("gpt-5.2-pro", "gpt-5.2"), ("o3-deep-research", "o3"), ("o4-mini-deep-research", "o4-mini"),
    ("openrouter/openai/o4-mini-high", "o4-mini"), ("gemini-2.0-flash-exp", "gemini-2.0-flash"),
    ("gemini-2.0-flash-thinking-exp-01-21", "gemini-2.0-flash"),
    ("gemini-2.5-pro-exp-03-25", "gemini-2.5-pro"),
    ("gemini-2.5-pro-preview-06-05", "gemini-2.5-pro"),
    ("claude-3-7-sonnet-latest", "claude-3-7-sonnet"), ("claude-3-opus-latest", "claude-3-opus"),
    ("gemini-1.5-pro-latest", "gemini-1.5-pro"), ("gpt-4-0125-preview", "gpt-4-0125-preview"),
    ("mistral-large-latest", "mistral-large"), ("codestral-latest", "codestral"),
    ("anthropic/claude-3.7-sonnet:thinking", "claude-3-7-sonnet"),
]  # fmt: skip


@pytest.mark.parametrize("model", _INVENTED + _UNPUBLISHED_TAILS)
def test_an_id_no_provider_serves_is_refused_with_real_ids(model: str) -> None:
    with pytest.raises(UnknownModelError) as err:
        CATALOG.lookup(model)
    assert err.value.suggestions, model
    assert all(CATALOG.lookup(s) for s in err.value.suggestions)


@pytest.mark.parametrize(
    ("model", "family"),
    [("gpt-5-nano-mini", "gpt-5-nano"), ("gemini-2.5-pro-flash", "gemini-2.5-pro"),
     ("gpt-4o-vision", "gpt-4o"), ("gpt-4o-pro", "gpt-4o"), ("gpt-4o-chat", "gpt-4o"),
     ("claude-sonnet-4-5-thinking", "claude-sonnet-4-5"), ("gpt-4o-latest", "gpt-4o"),
     ("claude-sonnet-4-5-latest", "claude-sonnet-4-5"), ("gemini-2.5-pro-preview", "gemini-2.5-pro")],
)  # fmt: skip
def test_the_refusal_names_the_id_meant(model: str, family: str) -> None:
    with pytest.raises(UnknownModelError) as err:
        CATALOG.lookup(model)
    assert err.value.suggestions[0] == family  # the id it extends, first


@pytest.mark.parametrize(("model", "family"), _PUBLISHED)
def test_a_published_variant_or_alias_still_resolves(model: str, family: str) -> None:
    assert CATALOG.lookup(model).id == family


def test_an_unpublished_latest_can_be_named_by_an_alias() -> None:
    cat: Catalog = default_catalog()
    with pytest.raises(UnknownModelError, match="register_alias"):
        cat.lookup("claude-sonnet-4-5-latest")
    cat.alias("claude-sonnet-4-5-latest", "claude-sonnet-4-5")
    assert cat.lookup("claude-sonnet-4-5-latest").id == "claude-sonnet-4-5"


_TIERS = ["mini", "nano", "pro", "flash", "lite", "max", "turbo", "fast", "chat", "long",
          "vision", "thinking", "latest", "preview"]  # fmt: skip


@fuzz_settings(200)
@given(
    st.sampled_from([m.id for m in CATALOG.models() if m.provider == "anthropic"]),
    st.sampled_from(_TIERS),
)
def test_no_word_makes_a_variant_of_a_claude_id(known: str, word: str) -> None:
    """Anthropic publishes no variants: a word after a Claude id names nothing (but its
    Claude 3 -latest aliases)."""
    name = f"{known}-{word}"
    if name in {"claude-3-5-sonnet-latest", "claude-3-7-sonnet-latest",
                "claude-3-5-haiku-latest", "claude-3-opus-latest"}:  # fmt: skip
        assert CATALOG.lookup(name).id == known
        return
    if name in {m.id for m in CATALOG.models()}:
        return  # a catalog id of its own
    with pytest.raises(UnknownModelError) as err:
        CATALOG.lookup(name)
    assert all(CATALOG.lookup(s) for s in err.value.suggestions)


@fuzz_settings(200)
@given(
    st.sampled_from([m.id for m in CATALOG.models() if m.provider in ("openai", "gemini")]),
    st.sampled_from(["mini", "nano", "pro", "flash", "lite"]),
)
def test_a_tier_word_after_a_tiered_id_mixes_two_families(known: str, word: str) -> None:
    """gpt-5-nano-mini, gemini-2.5-pro-flash: a second tier word names no model."""
    if not any(t in known.split("-") for t in ("mini", "nano", "pro", "flash", "lite")):
        return
    name = f"{known}-{word}"
    try:
        info = CATALOG.lookup(name)
    except UnknownModelError:
        return
    assert info.id == name or f"{info.id}-{word}" in {m.id for m in CATALOG.models()}, name
