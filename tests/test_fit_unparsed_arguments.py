"""A tool call whose arguments are not JSON: ``fit`` without a target repairs for the model's
own format, as ``prepare`` does (review10 P3). The OpenAI APIs take the arguments as the
string the model wrote, so an OpenAI model keeps the call; Anthropic and Gemini need an
object, so their models' fits remove the call and its result, reported."""

from __future__ import annotations

from typing import Any

from contextledger import fit, prepare, translate

HISTORY: list[dict[str, Any]] = [
    {"role": "user", "content": "list files"},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "sh", "arguments": "ls -la"}}]},
    {"role": "tool", "tool_call_id": "c1", "content": "a b c"},
    {"role": "user", "content": "thanks, and now?"},
]  # fmt: skip
KEPT = {"gpt-4o": True, "gpt-5": True, "claude-sonnet-4-5": False, "gemini-2.5-flash": False}


def _keeps_call(messages: Any) -> bool:
    return any(b.type == "tool_call" for m in messages for b in m.content)


def test_fit_without_target_repairs_as_prepare_sends() -> None:
    got = {}
    for model in KEPT:
        res, prepared = fit(HISTORY, model), prepare(HISTORY, model)
        got[model] = (_keeps_call(res.messages), _keeps_call(prepared.messages))
        translate(res.messages, prepared.format, model=model)  # the model's format takes it
        if not got[model][0]:
            assert any("arguments are not valid JSON" in n.text for n in res.report.notices)
    assert got == {model: (kept, kept) for model, kept in KEPT.items()}
