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
