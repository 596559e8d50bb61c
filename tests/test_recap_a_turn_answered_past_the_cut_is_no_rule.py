"""A compaction cut can fall between the user's turn and the assistant's answer: the turn is
recapped, its answer kept verbatim after the recap. The recap must not read the missing
answer as the assistant keeping off the path the user named (a "rule" made of "please look
at docs/guide.md too"); a turn the span does answer is read as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from builders import call_and_result, recap_section
from contextledger.cli import main
from contextledger.compaction.digest import digest, render_digest
from contextledger.model import Message

RULES = "Constraints and corrections"
TASK = "Fix the rounding bug in src/billing/round.py and make the tests pass."


def _span(*last: Message) -> str:
    record = [
        Message.user(TASK),
        *call_and_result("c0", "shell", {"command": "pytest -q"}, "1 failed, 39 passed", 0),
        Message.assistant("Found it."),
        *last,
    ]
    return render_digest(digest(record), 4800)


@pytest.mark.parametrize(
    "said",
    [
        "please look at docs/guide.md too",
        # Welsh: have a look at docs/guide.md as well
        "edrych ar docs/guide.md hefyd",
        "docs/guide.md — ",
    ],
)
def test_a_turn_the_span_ends_on_is_no_rule(said: str) -> None:
    assert "docs/guide.md" not in recap_section(_span(Message.user(said)), RULES)


def test_a_short_path_clause_noted_and_kept_off_in_the_span_is_still_a_rule() -> None:
    work = call_and_result("c1", "shell", {"command": "pytest -q tests/billing"}, "ok", 1)
    recap = _span(Message.user("infra/prod/ - hands off."), Message.assistant("Noted."), *work)
    assert "infra/prod/" in recap_section(recap, RULES)


def _call(n: int, command: str) -> dict[str, object]:
    call = {"id": f"c{n}", "type": "function", "function": {"name": "bash", "arguments": json.dumps({"command": command})}}  # fmt: skip
    return {"role": "assistant", "content": None, "tool_calls": [call]}


def test_compact_keeps_a_request_answered_after_the_cut_out_of_the_rules(tmp_path: Path) -> None:
    record: list[dict[str, object]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": TASK},
    ]
    for k in range(12):
        path = f"docs/{chr(97 + k)}guide.md"
        record += [
            {"role": "user", "content": f"please look at {path} too"},
            _call(k, f"cat {path}"),
            {"role": "tool", "tool_call_id": f"c{k}", "content": f"# Guide {k}"},
            {"role": "assistant", "content": f"Looked at {path}, fine."},
        ]
    file = tmp_path / "record.json"
    file.write_text(json.dumps(record))
    result = CliRunner().invoke(
        main, ["compact", str(file), "--summarizer", "offline", "--json", "-m", "gpt-4o"]
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    first_kept = out["view"][2]
    assert first_kept["role"] == "assistant"  # (the cut fell after a user's request)
    assert "guide.md" not in recap_section(out["recap"], RULES)
