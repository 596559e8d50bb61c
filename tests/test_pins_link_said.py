"""A link the assistant gave in a chat turn of a tool session (not right after a tool's
output) is kept in the gists when the cut drops it (issue #14, retain34).

Before: only the assistant's statements right after a tool exchange were read for values,
so "This matches a known issue, documented at https://kb…/4242." said in answer to the user
was lost at every window (retain34 set A helpdesk sessions: 0/6 at 8k, 16k and 32k)."""

from __future__ import annotations

import json

import pytest

from contextledger import Message, ToolCall
from contextledger.fit import fit
from contextledger.fit.gists import link_statement
from contextledger.validate import tool_pair_problems

LINK = "This matches a known issue, documented at https://kb.corp.example/article/4242."


def _session(rounds: int = 80, said_at: int = 10) -> list[Message]:
    msgs = [Message.system("You are an IT helpdesk agent.")]
    msgs.append(Message.user("Please get the VPN client on ws-0412 connecting again."))
    for n in range(rounds):
        msgs.append(Message.user(["ok", "go on", "yep"][n % 3]))
        if n == said_at:
            msgs += [Message.assistant(LINK), Message.user("thx")]
        args = json.dumps({"script": f"Get-Content C:/logs/host{n}.log -Tail 80"})
        msgs.append(Message("assistant", (ToolCall(f"c{n}", "powershell", args),)))
        msgs.append(Message.tool(f"c{n}", f"line {n} status open code {n:06x}\n" * 60))
        msgs.append(Message.assistant(f"Step {n} checked."))
    msgs.append(Message.user("what now?"))
    return msgs


@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_a_link_the_assistant_gave_outlives_the_cut(window: int) -> None:
    out = fit(_session(), "gpt-4.1", window=window, max_output_tokens=1000)
    assert any("https://kb.corp.example/article/4242" in m.text for m in out.messages)
    assert out.report.used <= out.report.budget
    assert not tool_pair_problems(out.messages)


def test_a_chat_answer_without_a_link_is_no_statement() -> None:
    assert link_statement(Message.assistant("Sounds good, I'll keep going.")) is None
    assert link_statement(Message.user("see https://example.com/1")) is None
    assert link_statement(Message.assistant("x " * 200 + "https://example.com/1")) is None
