"""Parallel function responses stored one Content each (an app appending every
functionResponse as its own turn, as ADK-style event logs hold them) answer the calls of
the model turn before them: none is dropped as an orphan, no call told "interrupted"
(R40-O1). A turn that says anything else closes the calls left open."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from contextledger import fit, translate
from contextledger.fit import Fitter
from contextledger.providers import read_messages


def _body(between: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "contents": [
            {"role": "user", "parts": [{"text": "two lookups"}]},
            {
                "role": "model",
                "parts": [
                    {"functionCall": {"name": "a", "args": {}}},
                    {"functionCall": {"name": "b", "args": {}}},
                ],
            },
            {"role": "user", "parts": [{"functionResponse": {"name": "a", "response": {"r": "alpha-41"}}}]},
            *between,
            {"role": "model", "parts": [{"text": "done"}]},
            {"role": "user", "parts": [{"text": "and now?"}]},
        ]
    }  # fmt: skip


SECOND = {
    "role": "user",
    "parts": [{"functionResponse": {"name": "b", "response": {"r": "beta-42"}}}],
}


@pytest.mark.parametrize(
    ("target", "model"),
    [("gemini", "gemini-2.5-flash"), ("anthropic", "claude-sonnet-4-5"), ("openai", "gpt-4o")],
)
def test_a_response_in_the_next_turn_answers_its_call(target: str, model: str) -> None:
    result = fit(_body([SECOND]), model, window=8000, max_output_tokens=500, target=target)
    sent = json.dumps(translate(result.messages, target, model=model).body)
    assert "alpha-41" in sent and "beta-42" in sent
    assert "interrupted" not in sent
    assert not [n for n in result.report.notices if "no matching call" in n.text]


def test_each_response_is_paired_with_its_own_call() -> None:
    messages = read_messages(_body([SECOND]))
    calls = {b.name: b.id for m in messages for b in m.tool_calls}
    results = {r.name: r.call_id for m in messages for r in m.tool_results}
    assert results == calls


def test_a_turn_saying_something_else_closes_the_calls() -> None:
    said = {"role": "user", "parts": [{"text": "hurry up"}]}
    result = fit(_body([said, SECOND]), "gemini-2.5-flash", window=8000, max_output_tokens=500)
    assert any("no matching call" in n.text for n in result.report.notices)


@pytest.mark.parametrize(
    ("target", "model"),
    [("gemini", "gemini-2.5-flash"), ("anthropic", "claude-sonnet-4-5"), ("openai", "gpt-4o")],
)
def test_a_kept_fitter_fed_the_log_a_content_at_a_time_pairs_each_response(
    target: str, model: str
) -> None:
    """A kept Fitter reads only what the app appended, in pieces that end where the reader
    starts afresh; after a turn of function responses alone it does not (the next turn may
    answer the calls left open). Cut there, the second response was read as an orphan and
    its call sent "interrupted", while a fresh fit of the same list paired it."""
    kept = Fitter(model, window=8000, max_output_tokens=500, target=target)
    log: list[dict[str, Any]] = []
    for content in _body([SECOND])["contents"]:
        log.append(content)
        refit = kept.fit(log)
        fresh = fit(copy.deepcopy(log), model, window=8000, max_output_tokens=500, target=target)
        assert refit.messages == fresh.messages
        assert refit.report.used == fresh.report.used
    sent = json.dumps(translate(refit.messages, target, model=model).body)
    assert "alpha-41" in sent and "beta-42" in sent
    assert "interrupted" not in sent
