"""A fitted request whose last assistant turn has a call no tool message after it answers is
refused by every target: the refit finds it from the request's end (an agent fits its call
before the result is in) instead of checking the whole request, and must never call a
request broken that the whole check finds sound."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.fit.fitter import _ends_unanswered
from contextledger.model import Message, ToolCall
from contextledger.validate import problems_for

TARGETS = (None, "openai", "openai-responses", "anthropic", "gemini")
IDS = st.sampled_from(["", "c1", "c2", "c3", "c4"])


def _call(cid: str) -> ToolCall:
    return ToolCall(cid, "lookup", '{"q": 1}')


MESSAGE = st.one_of(
    st.builds(lambda t: Message.user(t), st.sampled_from(["Tuma ripoti.", "Ne?", "ok"])),
    st.builds(lambda t: Message.assistant(t), st.sampled_from(["Dun.", "Imekwisha."])),
    st.builds(
        lambda ids: Message.assistant(*map(_call, ids)), st.lists(IDS, min_size=1, max_size=3)
    ),
    st.builds(lambda cid: Message.tool(cid, "42 rows"), IDS.filter(bool)),
)


@given(st.lists(MESSAGE, min_size=1, max_size=8))
@settings(max_examples=400, deadline=None)
def test_an_unanswered_call_at_the_end_is_a_problem_for_every_target(
    messages: list[Message],
) -> None:
    if _ends_unanswered(messages):
        for target in TARGETS:
            assert problems_for(messages, target), target


@given(
    st.lists(st.sampled_from(["c1", "c2", "c3"]), min_size=1, max_size=3, unique=True),
    st.data(),
)
@settings(max_examples=100, deadline=None)
def test_parallel_calls_answered_in_part_are_found_from_the_end(
    ids: list[str], data: st.DataObject
) -> None:
    # an agent's parallel calls, some answered in any order, the rest still running
    answered = data.draw(st.lists(st.sampled_from(ids), unique=True, max_size=len(ids) - 1))
    messages = [
        Message.user("Angalia ghala."),
        Message.assistant(*map(_call, ids)),
        *(Message.tool(cid, "done") for cid in answered),
    ]
    assert _ends_unanswered(messages)
    everything = [*messages, *(Message.tool(c, "done") for c in ids if c not in answered)]
    assert not _ends_unanswered(everything)
    assert not problems_for(everything, "openai")
