"""The restatements of the task are found without reading for rules (``restating_requests``,
the fit's first question of its earlier requests): exactly those ``steering_requests``
finds, with RE2 and without."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import steering_reference
from contextledger import intent
from contextledger.intent import restating_requests, steering_requests
from test_intent import texts, unspaced_texts

RESTATING = [
    "To be clear, the goal is a green build today.",
    "Zmiana planów: najpierw przetłumacz aneks, potem umowę.",
    "New plan: migrate the billing service first.",
    "the bottom line",
    "is: we ship on Friday",
    "What we really want is a faster checkout.",
    "İ think the TASK is done",
]


@given(st.lists(texts | unspaced_texts | st.sampled_from(RESTATING), max_size=10))
def test_restatements_are_those_the_full_reading_finds(batch: list[str]) -> None:
    assert restating_requests(batch) == steering_requests(batch)[1] == steering_reference(batch)[1]


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(texts | st.sampled_from(RESTATING), max_size=10))
def test_without_re2_the_same(monkeypatch: pytest.MonkeyPatch, batch: list[str]) -> None:
    with monkeypatch.context() as patched:  # (undone after each example)
        patched.setattr(intent, "_re2_restating", lambda: None)
        assert restating_requests(batch) == steering_reference(batch)[1]


# a word of a restatement in text that restates nothing: the prefilter rules these out
NOT_RESTATING = [
    "SELECT region, SUM(rev) FROM orders o JOIN tenants t ON t.id = o.tenant_id WHERE t.plan <> 'free';",
    "region,plan,orders\nemea,pro,1200\napac,free,88",
    "Is the plan clear to everyone? The point was made twice.",
]


@settings(max_examples=40)
@given(st.lists(texts | st.sampled_from(RESTATING + NOT_RESTATING), max_size=10))
def test_with_the_prefilter_the_same(batch: list[str]) -> None:
    """A pasted query's ``t.plan`` holds a word of a restatement: with RE2, one pass says
    in which texts the restatement pattern may match, and only those are searched (a data
    analyst's chat spent most of its classification there): the same answer."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(intent, "_PREFILTER_FROM", 0)  # (small batches use it too)
        assert (
            restating_requests(batch) == steering_requests(batch)[1] == steering_reference(batch)[1]
        )
