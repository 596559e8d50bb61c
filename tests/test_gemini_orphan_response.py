"""A Gemini history holding a function_response that answers no call (a restored session
whose call was cut, a client that lost it) is repaired and reported as the same orphan in
OpenAI's format is, not refused (R30-m10: "has no id and answers no open call")."""

from __future__ import annotations

from typing import Any

import pytest

from contextledger import fit, prepare, translate
from contextledger.providers import read_messages

ORPHAN: dict[str, Any] = {
    "contents": [
        {"role": "user", "parts": [{"text": "Run the roster tests."}]},
        {"role": "user", "parts": [{"function_response": {"name": "run", "response": {"result": "ok"}}}]},
        {"role": "model", "parts": [{"text": "They passed."}]},
        {"role": "user", "parts": [{"text": "Thanks, now the docs."}]},
    ]
}  # fmt: skip
OPENAI_ORPHAN = [
    {"role": "user", "content": "Run the roster tests."},
    {"role": "tool", "tool_call_id": "call_lost", "content": "ok"},
    {"role": "assistant", "content": "They passed."},
    {"role": "user", "content": "Thanks, now the docs."},
]


@pytest.mark.parametrize("run", [fit, prepare])
def test_an_orphan_function_response_is_repaired_and_reported_as_openais_is(run: Any) -> None:
    gemini = run(ORPHAN, "gemini-2.5-pro")
    openai = run(OPENAI_ORPHAN, "gemini-2.5-pro")
    assert [m.role for m in gemini.messages] == [m.role for m in openai.messages]
    assert [m.text for m in gemini.messages] == [m.text for m in openai.messages]
    said = [n.text for n in gemini.report.notices]
    assert any("tool result" in t and "no matching call" in t for t in said), said
    contents = translate(gemini.messages, "gemini").body["contents"]
    assert all("function_response" not in p for c in contents for p in c["parts"])


@pytest.mark.parametrize("run", [fit, prepare])
def test_the_orphan_is_reported_by_its_functions_name_not_a_made_up_id(run: Any) -> None:
    # The notice named "gemini-call-1-orphan-0", an id the reader made up, which no one
    # sent and no one can find in their history (prov26); the function's name is what a
    # person can look for, and the notice points at the turn that held it.
    said = [(n.where, n.text) for n in run(ORPHAN, "gemini-2.5-pro").report.notices]
    assert len(said) == 1, said
    where, text = said[0]
    assert "'run'" in text and "gemini-call" not in text, text
    assert where.startswith("m1"), where  # contents[1]


def test_an_id_less_response_answers_the_call_no_response_answers_by_id() -> None:
    # speed70: the id-less response was paired by name with fc_1 (answered by id beside it):
    # its own call's result was dropped as a second result and that call reported interrupted
    history = {"contents": [
        {"role": "user", "parts": [{"text": "hotels?"}]},
        {"role": "model", "parts": [
            {"functionCall": {"name": "search_hotels", "args": {"city": "A"}, "id": "fc_1"}},
            {"functionCall": {"name": "search_hotels", "args": {"city": "B"}}}]},
        {"role": "user", "parts": [
            {"functionResponse": {"name": "search_hotels", "response": {"r": "B-result"}}},
            {"functionResponse": {"name": "search_hotels", "response": {"r": "A-result"}, "id": "fc_1"}}]},
        {"role": "user", "parts": [{"text": "ok"}]}]}  # fmt: skip
    messages = read_messages(history)
    calls = next(m for m in messages if m.tool_calls).tool_calls
    answers = {r.call_id: r.text for m in messages for r in m.tool_results}
    assert "A-result" in answers["fc_1"] and "B-result" in answers[calls[1].id]
    out = fit(history, "gemini-2.5-flash", window=8000)
    assert not out.report.notices
