"""A recap of an agent's session with searches and failing runs among a hundred routine runs
stays within the byte cap the fit planned for it, and states what a plain fit keeps: right after
it, a message too long for the room left is fitted by a new recap, not by dropping turns."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.conversation import Conversation
from contextledger.compaction.policy import CompactionPolicy
from contextledger.model import Message, ToolCall
from contextledger.prepare import Preparer

_SEARCHES = {
    7: "rg -n --type py 'FOR UPDATE SKIP LOCKED' src/",
    19: "grep -rn \"retry_after\" src/jobs/ --include='*.py'",
    31: 'psql -d jobs_stg -At -c "SELECT status, count(*) FROM jobs GROUP BY 1"',
}
_FAILING = {11: "test_lease_renewal_keeps_owner", 23: "test_dead_letter_after_five"}


def _history(turns: int) -> list[Message]:
    msgs = [Message.system("You are a coding agent."), Message.user("Goal: fix the flaky jobs.")]
    for i in range(turns):
        command = _SEARCHES.get(i, f"pytest tests/test_m{i}.py -q")
        output = f"module {i}: " + "a log line with detail\n" * 20
        if i in _FAILING:
            output += f"FAILED tests/test_m{i}.py::{_FAILING[i]} - AssertionError\n1 failed"
        msgs.append(Message.user(f"Step {i}: look at module {i} and report."))
        msgs.append(
            Message("assistant", (ToolCall(f"c{i}", "shell", json.dumps({"cmd": command})),))
        )
        msgs.append(Message.tool(f"c{i}", output))
        msgs.append(Message.assistant(f"Module {i} looked at."))
    return [Message(m.role, m.content, id=f"m{k}") for k, m in enumerate(msgs)]


@pytest.mark.parametrize(
    ("model", "target", "window"),
    [("claude-sonnet-4-6", "anthropic", 8_000), ("gpt-4o", "openai", 16_000)],
)
def test_right_after_the_recap_a_long_message_drops_no_turn(
    model: str, target: str, window: int
) -> None:
    preparer = Preparer(model, target=target, window=window, max_output_tokens=1_000)
    turns = 60 if window <= 8_000 else 120
    conv = Conversation(tuple(_history(turns)))
    first = preparer.prepare(conv, write=False)
    assert first.event is not None
    cap = CompactionPolicy().recap_bytes(window)
    assert len(first.event.recap_text.encode()) <= cap
    conv = Conversation(conv.record, (first.event,))
    n = len(conv.record)
    long = "Here is the full log:\n" + "a long log line of output\n" * (75 * window // 1_000)
    grown = (
        Message("assistant", Message.user(long).content, id=f"m{n}"),
        Message("user", Message.user("ok?").content, id=f"m{n + 1}"),
    )
    conv = Conversation((*conv.record, *grown), conv.events)
    out = preparer.prepare(conv, write=False)
    assert out.event is not None
    assert len(out.event.recap_text.encode()) <= cap
    assert not out.report.fit.dropped and out.report.used <= out.report.budget
