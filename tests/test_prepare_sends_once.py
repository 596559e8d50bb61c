"""``prepare`` sends every message once: a short rule the user said ("Never print secrets.",
also a late system message kept as a user turn) was pinned as a rule and again as a short
nudge, and sent twice (R32-O1's repro, on main)."""

from __future__ import annotations

from typing import Any

import pytest

from contextledger import prepare


def _history(rule_role: str) -> list[dict[str, Any]]:
    return [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": "fix the bug"},
        {"role": "assistant", "content": "ok"},
        {"role": rule_role, "content": "Never print secrets."},
        {"role": "user", "content": "and now?"},
    ]


@pytest.mark.parametrize("rule_role", ["user", "system"])
@pytest.mark.parametrize("compaction", [True, False])
@pytest.mark.parametrize(
    ("target", "model"), [("openai", "gpt-4o"), ("anthropic", "claude-sonnet-4-5")]
)
def test_a_short_rule_is_sent_once(
    rule_role: str, compaction: bool, target: str, model: str
) -> None:
    out = prepare(_history(rule_role), model, target=target, compaction=compaction)
    assert len(out.report.fit.kept) == len(set(out.report.fit.kept))
    assert str(out.body).count("Never print secrets.") == 1
