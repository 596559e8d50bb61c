"""The pins' cap goes to requests older than the run the selection keeps anyway, and the
session's opening request is pinned even when it reads as a rule (speed24 held-out: crm and
policy chats lost their task and every early rule at 32k and 128k)."""

from __future__ import annotations

from typing import Any

from contextledger.fit import fit

MODEL = "gpt-4o"


def _rule_dense(n: int) -> list[dict[str, Any]]:
    dicts: list[dict[str, Any]] = [
        {"role": "system", "content": "Be brief."},
        {
            "role": "user",
            "content": "Hi! I'd like you to draft the travel policy. The project code is GOAL-7; please keep it in mind throughout.",
        },
        {"role": "assistant", "content": "Will do."},
        {"role": "user", "content": "Never book business class (RULE-EARLY)."},
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": "What does the current draft say about hotel stays?"},
        {"role": "assistant", "content": "It caps them at three nights."},
    ]
    for i in range(n):
        dicts.append({"role": "user", "content": f"Always file receipts within {i} days."})
        dicts.append({"role": "assistant", "content": "Added to the draft, section " * 3})
    dicts.append({"role": "user", "content": "Now write the summary."})
    return dicts


def test_the_opening_request_that_reads_as_a_rule_is_pinned_in_a_rule_dense_chat() -> None:
    res = fit(_rule_dense(3000), MODEL, window=16_000, max_output_tokens=1000)
    texts = [m.text for m in res.messages]
    assert any("GOAL-7" in t for t in texts)


def test_no_request_in_the_run_kept_anyway_spends_the_cap() -> None:
    """Pinned earlier requests all sit before the newest run kept: the rules in that run
    are sent anyway, so the cap pins older ones."""
    res = fit(_rule_dense(3000), MODEL, window=16_000, max_output_tokens=1000)
    ids = list(res.report.kept)
    cut = res.report.cut_index
    pinned = [i for i in ids if i.startswith("m") and int(i[1:]) < cut]
    assert len(pinned) > 5  # the goal and many older rules, not just the goal
    kept_run = [i for i in ids if i.startswith("m") and int(i[1:]) >= cut]
    assert kept_run and int(kept_run[0][1:]) > 3000
