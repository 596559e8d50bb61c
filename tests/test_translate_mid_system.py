"""A system message after the conversation has started (an app steering a long chat).

OpenAI's Chat Completions and Responses APIs take it where it stands, so ``translate`` writes
it there (it was refused: "a system message may only come at the start", /tmp/prov23_p5.py);
Anthropic's Messages API has no system role in ``messages`` and Gemini none in ``contents``
(HTTP 400), so ``translate`` refuses it naming where, and ``repair`` keeps it as a user
message, reported — after which every format writes a request its API takes.
"""

from __future__ import annotations

import pytest

from contextledger.errors import ContentError
from contextledger.model import Message, ToolCall
from contextledger.pricing.messages import price_request
from contextledger.providers import translate
from contextledger.repair import repair
from stub_server import prompt_tokens
from test_provider_order_rules import check

MID = [
    Message.system("You are terse."),
    Message.user("list the files"),
    Message.assistant(ToolCall("call_1", "ls", "{}")),
    Message.tool("call_1", "a.py b.py"),
    Message.assistant("a.py and b.py"),
    Message.system("From now on answer in French."),
    Message.user("and the tests?"),
]


@pytest.mark.parametrize("target", ["openai", "openai-responses"])
def test_openai_takes_a_system_message_where_it_stands(target: str) -> None:
    out = translate(MID, target)
    items = out.body["messages" if target == "openai" else "input"]
    roles = [m.get("role") for m in items if m.get("role")]
    assert roles.count("system") == 2
    assert roles.index("system", 1) > roles.index("assistant")  # not hoisted
    check(target, dict(out.body))  # the stub (the API's rules) takes it


def test_a_mid_conversation_system_message_is_priced_at_or_above_the_bill() -> None:
    body = {"model": "gpt-4o", **translate(MID, "openai").body}
    assert price_request(body, "gpt-4o", "openai").total >= prompt_tokens(body)


@pytest.mark.parametrize("target", ["anthropic", "gemini"])
def test_anthropic_and_gemini_refuse_it_naming_where_and_repair_keeps_it(target: str) -> None:
    with pytest.raises(ContentError, match=r"messages\[5\].*repair"):
        translate(MID, target)
    fixed = repair(MID)
    assert [c.kind for c in fixed.changes] == ["system_moved"]
    assert fixed.messages[5].role == "user"
    check(target, dict(translate(fixed.messages, target).body))


@pytest.mark.parametrize(
    "unrelated",
    [[], [Message.assistant("")], [Message.tool("gone", "x")]],
    ids=["no-repair", "empty-assistant", "orphan-result"],
)
@pytest.mark.parametrize(
    ("target", "model"), [("openai", "gpt-4o"), ("anthropic", "claude-sonnet-4-5")]
)
def test_fit_sends_it_the_same_way_whatever_else_is_repaired(
    unrelated: list[Message], target: str, model: str
) -> None:
    """A mid-history system message goes with the system prompt, reported as moved, even when
    an unrelated repair runs in the same fit: it was sent as a user message where it stood
    while the report still said it was moved to the top (R32-O1)."""
    from contextledger import fit

    history = [*MID[:5], *unrelated, *MID[5:]]
    res = fit(history, model, target=target)
    late = [m for m in res.messages if "French" in m.text]
    assert [m.role for m in late] == ["system"]
    assert [m.role for m in res.messages[:2]] == ["system", "system"]
    moved = [n for n in res.report.notices if n.kind == "moved"]
    assert len(moved) == 1 and not any(
        "kept as a user message" in n.text for n in res.report.notices
    )
    check(target, dict(translate(res.messages, target, model=model).body))


def test_repair_can_leave_it_to_the_caller() -> None:
    fixed = repair(MID, late_system="keep")
    assert not fixed.changes and fixed.messages[5].role == "system"
