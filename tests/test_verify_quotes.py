"""The offline recap's items traced to their turns (``verify_recap(quotes=True)``): an item
that is whole sentences of one turn of its speaker stands on that turn, without the
record-wide check. The verdict is the full check's on every honest offline recap, and a
quote that was changed (a word, its speaker, half a sentence) is not traced: it is checked
in full (a sentence credited to the wrong speaker is caught).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.compaction import OfflineSummarizer
from contextledger.compaction.actions import render_action
from contextledger.compaction.digest import action_item
from contextledger.compaction.verify import Verification, _Sources, verify_recap
from contextledger.model import Message, ToolCall, with_ids
from contextledger.repair import repair
from recap_sessions import generate


def _recap(messages: list[Message]) -> str:
    return OfflineSummarizer().summarize_record(messages, None, max_bytes=4_000, history=messages)


def _verified(recap: str, messages: list[Message], *, quotes: bool) -> Verification:
    return verify_recap(
        recap, messages, None, max_bytes=4_000, ledger=False, context=messages, quotes=quotes
    )


def _session(seed: int) -> list[Message]:
    return list(repair(with_ids(generate(seed, rounds=60).messages)).messages)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_tracing_quotes_gives_the_full_checks_verdict_on_the_offline_recap(seed: int) -> None:
    messages = _session(seed)
    recap = _recap(messages)
    traced = _verified(recap, messages, quotes=True)
    full = _verified(recap, messages, quotes=False)
    assert traced.to_dict() == full.to_dict()


def _quoted_items(recap: str) -> list[str]:
    return [x for x in recap.splitlines() if x.startswith(("- User: ", "- Assistant: "))]


def _changed(item: str, how: int, rng: random.Random) -> str:
    """``item`` ("- User: …") no longer what its speaker said."""
    who, _, said = item[2:].partition(": ")
    words = said.split()
    if how == 0:  # said by the other speaker
        return f"- {'Assistant' if who == 'User' else 'User'}: {said}"
    if how == 1:  # a word the turn does not hold
        words.insert(rng.randrange(len(words) + 1), "ransomware")
        return f"- {who}: {' '.join(words)}"
    # only the end of the sentence: the words that set its scope or its "not" left out
    return f"- {who}: {' '.join(words[len(words) // 2 :])}"


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 2))
def test_a_changed_quote_is_not_traced_and_gets_the_full_checks_verdict(
    seed: int, how: int
) -> None:
    messages = _session(seed % 7)
    recap = _recap(messages)
    items = _quoted_items(recap)
    rng = random.Random(seed)
    item = rng.choice(items)
    bad = _changed(item, how, rng)
    said = item.partition(": ")[2]
    if bad == item or len(said.split()) < 4:
        return
    lying = recap.replace(item, bad, 1)
    assert not _Sources(messages, ()).quoted(bad[2:], "Findings")  # so: checked in full
    traced = _verified(lying, messages, quotes=True)
    assert traced.to_dict() == _verified(lying, messages, quotes=False).to_dict()


def test_an_item_credited_to_the_wrong_speaker_is_not_traced() -> None:
    messages = [
        Message.user("Ship the release on Friday after the freeze lifts.", id="u1"),
        Message.assistant("I will never touch the billing schema in this change.", id="a1"),
        Message.user("Which tests are still red?", id="u2"),
    ]
    honest = "Findings:\n- Assistant: I will never touch the billing schema in this change."
    swapped = "Findings:\n- User: I will never touch the billing schema in this change."
    assert _verified(honest, messages, quotes=True).removed_sentences == ()
    assert _verified(swapped, messages, quotes=True).removed_sentences != ()


def _refund_session(answer: str) -> list[Message]:
    call = ToolCall("c1", "refund", '{"order_id": "448213", "amount": 20}')
    return [
        Message.user("Refund order 448213, the parcel never arrived.", id="u1"),
        Message("assistant", (call,), id="a1"),
        Message.tool("c1", answer, id="t1"),
        Message.assistant("Done: the refund went through.", id="a2"),
    ]


def test_an_action_with_its_result_is_traced_and_a_changed_result_is_not() -> None:
    messages = _refund_session("HTTP/1.1 201 Created refund_id=rf_7781")
    sources = _Sources(messages, ())
    line = render_action(messages[1].tool_calls[0])
    assert line is not None
    assert sources.quoted(action_item(line, messages[2].text), "Actions taken")
    assert not sources.quoted(action_item(line, "HTTP/1.1 409 Conflict"), "Actions taken")
    assert not sources.quoted(f"{line}: failed: 409 Conflict", "Actions taken")
    lying = f"Actions taken:\n- {action_item(line, 'HTTP/1.1 201 Created refund_id=rf_9999')}"
    v = _verified(lying, messages, quotes=True)
    assert v.to_dict() == _verified(lying, messages, quotes=False).to_dict()
    assert v.removed_sentences  # the invented refund id: checked in full, caught


def _pytest_session(first: str, last: str) -> list[Message]:
    def run(cid: str, out: str, at: int) -> list[Message]:
        call = ToolCall(cid, "bash", '{"command": "pytest tests/test_rules.py -q"}')
        return [Message("assistant", (call,), id=f"a{at}"), Message.tool(cid, out, id=f"t{at}")]

    said = Message.user("Make the rules tests pass.", id="u1")
    return [said, *run("c1", first, 1), *run("c2", last, 2)]


def test_a_run_and_its_failing_line_are_traced_and_a_changed_line_is_not() -> None:
    failed = "FAILED tests/test_rules.py::test_clause_40 - AssertionError\n1 failed, 9 passed"
    messages = _pytest_session(failed, "10 passed in 0.41s")
    sources = _Sources(messages, ())
    cmd = "`pytest tests/test_rules.py -q`"
    assert sources.quoted(cmd, "Commands run")
    assert sources.quoted(
        f"{cmd}: FAILED tests/test_rules.py::test_clause_40 - AssertionError", "Failures"
    )
    assert sources.quoted(f"{cmd}: passed on its last run", "Failures")
    assert not sources.quoted(
        f"{cmd}: FAILED tests/test_rules.py::test_clause_41 - AssertionError", "Failures"
    )
    assert not sources.quoted("`pytest tests/test_rules.py -x`", "Commands run")
    still_failing = _Sources(_pytest_session("10 passed in 0.41s", failed), ())
    assert not still_failing.quoted(f"{cmd}: passed on its last run", "Failures")


def test_the_offline_recap_of_a_paste_chat_with_runs_is_traced_whole() -> None:
    clause = "A client MUST retry after {n} seconds and MUST NOT send more than {m} requests."
    spec = "\n".join(clause.format(n=k, m=k * 7) for k in range(1, 120))
    failed = "FAILED tests/test_rules.py::test_clause_40 - AssertionError\n1 failed, 9 passed"
    messages = [
        Message.user(f"Check this spec against our rules:\n\n{spec}", id="u0"),
        Message.assistant("3 clauses conflict.", id="a0"),
        *_pytest_session(failed, "10 passed in 0.41s"),
    ]
    recap = _recap(messages)
    assert "Failures:" in recap
    traced = _verified(recap, messages, quotes=True)
    assert traced.to_dict() == _verified(recap, messages, quotes=False).to_dict()


def test_a_goal_after_the_users_own_label_is_traced() -> None:
    # the Goal line quotes the user's sentence without its label (no "Goal: Goal: …"): it
    # stands on the turn as any quote does, not on the record-wide check (speed50: that
    # check was a third of a prepare on a 1.5 MB paste chat whose first turn said "Goal: …")
    messages = [
        Message.user("Goal: find every clause where we can never terminate early. Here:", id="u1"),
        Message.assistant("Clause 4 says so.", id="a1"),
        Message.user("Task for today: Merge the two lists. Keep the order.", id="u2"),
    ]
    sources = _Sources(messages, ())
    assert sources.quoted("find every clause where we can never terminate early.", "Goal")
    assert sources.quoted("Merge the two lists. Keep the order.", "Goal")
    assert sources.quoted("User: Merge the two lists.", "Goal")
    # only right after a label that starts a sentence, only whole sentences, only the user's
    assert not sources.quoted("every clause where we can never terminate early.", "Goal")
    assert not sources.quoted("find every clause where we can never terminate", "Goal")
    assert not sources.quoted("find every clause where we can never terminate early.", "Findings")
    said = [Message.user("We set the goal: fix the login flow. Then ship it.", id="u1")]
    assert not _Sources(said, ()).quoted("fix the login flow.", "Goal")
    recap = "Goal: find every clause where we can never terminate early."
    traced = _verified(recap, messages, quotes=True)
    assert traced.to_dict() == _verified(recap, messages, quotes=False).to_dict()
    assert traced.removed_sentences == ()
