"""Histories a provider would refuse as they stand: an empty system prompt, nothing left."""

from __future__ import annotations

from typing import Any

import pytest

from contextledger import ContentError, fit, translate

TARGETS = [
    ("openai", "gpt-4o"),
    ("openai-responses", "gpt-4o"),
    ("anthropic", "claude-sonnet-4-5"),
    ("gemini", "gemini-2.5-flash"),
]


@pytest.mark.parametrize("prompt", ["", "   ", "\n\t"])
@pytest.mark.parametrize(("target", "model"), TARGETS)
def test_an_empty_system_prompt_is_left_out_reported_and_the_request_written(
    prompt: str, target: str, model: str
) -> None:
    msgs = [{"role": "system", "content": prompt}, {"role": "user", "content": "hi"}]
    res = fit(msgs, model, target=target)
    assert [m.role for m in res.messages] == ["user"]
    assert any("system prompt was empty" in n.text for n in res.report.notices)
    assert [c.action for c in res.report.dropped] == ["dropped"]
    translate(res.messages, target, model=model)  # writes: no ContentError


def test_a_real_system_prompt_beside_an_empty_one_is_kept() -> None:
    msgs = [
        {"role": "system", "content": "Be brief."},
        {"role": "system", "content": " "},
        {"role": "user", "content": "hi"},
    ]
    res = fit(msgs, "gpt-4o")
    assert [(m.role, m.text) for m in res.messages] == [("system", "Be brief."), ("user", "hi")]


def test_a_history_with_nothing_sendable_is_refused_naming_why() -> None:
    body: dict[str, Any] = {
        "system": "support agent",
        "messages": [
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "ghost_3", "content": "late"}],
            }
        ],
    }
    with pytest.raises(ContentError, match=r"nothing left to send.*ghost_3"):
        fit(body, "claude-sonnet-4-5", target="anthropic")


def test_a_system_prompt_alone_is_still_a_fit() -> None:
    """No conversation was given, so nothing was lost: the caller decides what to send."""
    res = fit([{"role": "system", "content": "Be brief."}], "gpt-4o")
    assert [m.role for m in res.messages] == ["system"]
