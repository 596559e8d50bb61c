"""Property: a history held in any provider's own format — OpenAI Chat, Responses,
Anthropic or Gemini dicts, broken as apps break them — fits for every target into a request
that target's stub accepts, each ordering rule included, priced at least as sent.

``test_fit_every_target`` draws the histories as contextledger messages; here each is first
written in a source format as an app would hold it (``translate(validate=False)``: its
dangling calls, orphan results and leading assistant turns kept), then read back by ``fit``.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger import fit, translate
from contextledger.errors import BudgetError, ContentError
from contextledger.model import Message
from contextledger.pricing.messages import price_request
from contextledger.validate import ordering_problems, problems_for
from test_fit_every_target import MODELS, accepted, messy_histories

SOURCES = ("openai", "openai-responses", "anthropic", "gemini")


def as_held(history: list[Message], source: str) -> dict[str, Any] | None:
    """``history`` as an app holding ``source``'s dicts keeps it (None: that format cannot
    hold it at all, e.g. a block it has no shape for)."""
    try:
        return dict(translate(history, source, validate=False).body)  # type: ignore[arg-type]
    except ContentError:
        return None


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    messy_histories(),
    st.sampled_from(SOURCES),
    st.sampled_from(sorted(MODELS)),
    st.sampled_from([2_000, None]),
)
def test_every_source_format_fits_into_a_request_every_target_accepts(
    history: list[Message], source: str, target: str, window: int | None
) -> None:
    body = as_held(history, source)
    if body is None:
        return
    model = MODELS[target]
    try:
        res = fit(body, model, target=target, window=window, max_output_tokens=200)  # type: ignore[arg-type]
    except BudgetError:
        return
    assert problems_for(res.messages, target) == []
    assert ordering_problems(res.messages, target) == []
    sent = accepted(target, res.messages)
    assert res.report.used >= price_request(sent, model, target).total
