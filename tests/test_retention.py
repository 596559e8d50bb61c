"""What the model still knows after the cut: the goal pinned, the window filled, nothing silent."""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import image_block
from contextledger import Message, ToolCall
from contextledger.compaction import OpenAISummarizer
from contextledger.fit import fit
from contextledger.intent import is_constraint, is_correction, is_nudge, is_substantive
from contextledger.model import Text, with_ids
from contextledger.prepare import Preparer, prepare
from contextledger.validate import tool_pair_problems
from stub_server import Fault, StubReply, StubServer

GOAL = "Please migrate the billing service from MySQL 5.7 to Postgres 16 without downtime."
CORRECTION = "Actually, use Redis not Memcached for the session cache."
CONSTRAINT = "Never run `rm -rf build` on the shared runner."


def session(turns: int = 40, screenshot_at: int = 3) -> list[Message]:
    """A coding-agent session: the goal first, a correction and a constraint early, then
    many tool exchanges and nudges; the current request is a nudge."""
    msgs: list[Message] = [Message.system("You are a coding agent."), Message.user(GOAL)]
    for i in range(turns):
        if i == 2:
            msgs.append(Message.user(CORRECTION))
        elif i == 4:
            msgs.append(Message.user(CONSTRAINT))
        elif i == screenshot_at:
            msgs.append(Message.user("Here is the dashboard now.", image_block(640, 400)))
        else:
            msgs.append(Message.user("ok, keep going" if i % 2 else "Take your time."))
        args = json.dumps({"command": f"pytest tests/test_step{i}.py -q"})
        msgs.append(Message("assistant", (ToolCall(f"c{i}", "shell", args),)))
        out = f"step {i}: " + "log line with some detail\n" * 60
        msgs.append(Message.tool(f"c{i}", out))
        msgs.append(Message.assistant(f"Step {i} done."))
    msgs.append(Message.user("ok, keep going"))
    return msgs


#: Turns of ``session`` about twice a window's worth: compaction is due, and the recap
#: (written and verified over every turn it covers) costs no more than it must.
TURNS_FOR = {8_000: 40, 16_000: 60, 32_000: 100}


def texts(messages: tuple[Message, ...]) -> str:
    return "\n".join(m.text for m in messages)


@pytest.mark.parametrize(
    ("text", "nudge", "substantive"),
    [
        ("ok", True, False),
        ("ok, keep going", True, False),
        ("Take your time, just keep me posted.", True, False),
        ("thanks!", True, False),
        ("ok, now fix the login test", False, True),
        ("hey, are you there?", False, False),
        ("I have a task for you.", False, False),
        ("Can you help me with something?", False, False),
        ("I have a task for you: add a --since flag to the logq CLI.", False, True),
        ("Can you help me fix the flaky login test?", False, True),
        (GOAL, False, True),
    ],
)
def test_nudges_are_told_from_requests(text: str, nudge: bool, substantive: bool) -> None:
    assert is_nudge(text) is nudge
    assert is_substantive(text) is substantive


@pytest.mark.parametrize(
    "text",
    [
        CORRECTION,
        "No, the port is 8443, not 8080.",
        "I meant the staging cluster.",
        "Switch to httpx instead of requests.",
        "That's wrong: the limit should be 500.",
        "Sorry — the limit is per tenant, not per IP address.",
        "No wait, the namespace is gw-staging, not gateway-staging.",
        "Oops, I meant the eu-central-1 region.",
    ],
)
def test_corrections_in_several_phrasings(text: str) -> None:
    assert is_correction(text)


@pytest.mark.parametrize(
    "text",
    [
        "Scratch the migrations rule: you may edit migrations/0042_export.py now.",
        "Lift the deploy freeze, we're clear.",
        "The code freeze is lifted.",
        "You can push to main now.",
        "Forget the 500-line limit for this PR.",
    ],
)
def test_a_rule_taken_back_is_a_correction(text: str) -> None:
    """Else the fit pins the rule and not its end: the request says the opposite of the
    user's latest word."""
    assert is_correction(text)


@pytest.mark.parametrize(
    "text",
    [
        "Only one test fails now.",
        "Can you keep the output shorter?",
        "ok keep it going",
        "you can see the error now in the log",
        "All twelve tests pass on the branch now.",
        "The cache must have been stale, that explains it.",
        "It must've timed out on the first try.",
        "The nightly job always fails at 3am.",
    ],
)
def test_status_and_one_off_asks_are_not_rules(text: str) -> None:
    assert not is_constraint(text) and not is_correction(text)


@pytest.mark.parametrize(
    "text",
    [
        CONSTRAINT,
        "do not touch src/payments/",
        "Don't modify the public API.",
        "You must keep the coverage at 90% or more.",
        "Leave the migrations folder alone.",
        "Avoid adding new dependencies.",
        "Only use the standard library.",
        "Use feature flags for anything user-facing.",
        "Wait until the build is green before merging.",
        "You must have a test for every bug fixed.",
        "Always run the linter before committing.",
    ],
)
def test_constraints_in_several_phrasings(text: str) -> None:
    assert is_constraint(text)


@pytest.mark.parametrize("window", [4_000, 8_000, 16_000])
def test_fit_pins_the_goal_and_corrections_ahead_of_nudges(window: int) -> None:
    out = fit(session(), "gpt-4o", window=window, max_output_tokens=500)
    kept = texts(out.messages)
    assert GOAL in kept and CORRECTION in kept and CONSTRAINT in kept


def test_the_latest_restated_task_is_pinned_too() -> None:
    msgs = session()
    restated = "To be clear, the goal is now a read replica on Postgres 16, not a migration."
    msgs.insert(30, Message.user(restated))
    kept = texts(fit(msgs, "gpt-4o", window=4_000, max_output_tokens=500).messages)
    assert restated in kept and GOAL in kept


@pytest.mark.parametrize(
    "opener",
    [
        ["hey, are you there?", "Yes — what are we working on?"],
        ["I have a task for you.", "Sure, go ahead."],
        ["Good morning! Quick question.", "Morning! Ask away."],
    ],
)
@pytest.mark.parametrize("window", [4_000, 8_000])
def test_a_greeting_before_the_task_never_becomes_the_goal(opener: list[str], window: int) -> None:
    """Found by a red team: the opener was pinned as the goal, and the task was lost."""
    msgs = session()
    msgs[1:1] = [Message.user(opener[0]), Message.assistant(opener[1])]
    kept = texts(fit(msgs, "gpt-4o", window=window, max_output_tokens=500).messages)
    assert GOAL in kept and CORRECTION in kept and CONSTRAINT in kept
    out = prepare(msgs, "gpt-4o", window=window, max_output_tokens=500, compaction=True)
    recap = texts(out.messages)
    assert GOAL in recap
    assert f"Goal: {opener[0]}" not in recap


@pytest.mark.parametrize(
    ("greeting", "goal", "nudges"),
    [
        (
            "你好",
            "把夜间导出任务改成幂等的，重跑时不能重复写入行。",
            ["好的，继续", "谢谢，接着做"],
        ),
        (
            "こんにちは",
            "夜間エクスポートジョブを冪等にして、再実行で行が重複しないようにしてください。",
            ["はい、続けてください", "ありがとうございます"],
        ),
    ],
)
@pytest.mark.parametrize("window", [8_000, 16_000])
def test_a_goal_written_without_spaces_is_pinned(
    greeting: str, goal: str, nudges: list[str], window: int
) -> None:
    """Found in review: requests were measured in space-separated words, so a Chinese or
    Japanese goal was never "substantive" and the fit pinned none (the nudges after it
    were all it had)."""
    msgs = session()
    msgs[1:2] = [Message.user(greeting), Message.assistant("Hello!"), Message.user(goal)]
    for k, i in enumerate(j for j, m in enumerate(msgs) if m.text == "ok, keep going"):
        msgs[i] = Message.user(nudges[k % 2])
    kept = texts(fit(msgs, "gpt-4o", window=window, max_output_tokens=500).messages)
    assert goal in kept and CORRECTION in kept and CONSTRAINT in kept


def test_a_task_replaced_midway_is_pinned_beside_the_first() -> None:
    msgs = session(60)
    new_task = (
        "New priority, drop the previous task: write a migration guide for the v2 SDK in "
        "docs/migrating-to-v2.md."
    )
    msgs.insert(len(msgs) // 2, Message.user(new_task))
    kept = texts(fit(msgs, "gpt-4o", window=8_000, max_output_tokens=500).messages)
    assert new_task in kept


@pytest.mark.parametrize("window", [8_000, 16_000])
def test_a_rule_and_its_later_revocation_are_both_pinned(window: int) -> None:
    """Found by a red team: the fit sent "never edit migrations/" and dropped the user's
    later "you may edit migrations/0042_export.py now"."""
    msgs = session()
    rule = "Rule: never edit migrations/."
    revoked = "Scratch the migrations rule: you may edit migrations/0042_export.py now."
    msgs.insert(6, Message.user(rule))
    msgs.insert(60, Message.user(revoked))
    kept = texts(fit(msgs, "gpt-4o", window=window, max_output_tokens=500).messages)
    assert rule in kept and revoked in kept and GOAL in kept


@pytest.mark.parametrize(
    ("rule", "revoked"),
    [
        (
            "No subheadings in the piece, please.",
            "Tomás changed the house style: subheadings are allowed now, one per interview.",
        ),
        (
            "Don't clear Chrome's cache.",
            "OK you can clear Chrome's cache after all, just not the passwords.",
        ),
    ],
)
def test_a_rule_lifted_by_a_permission_is_pinned_with_it(rule: str, revoked: str) -> None:
    """Found by a red team (N7): a permission that lifts a rule, with no "scratch the
    rule" words, was no correction, so the fit kept the rule and dropped its lifting."""
    msgs = session()
    msgs.insert(6, Message.user(rule))
    msgs.insert(60, Message.user(revoked))
    kept = texts(fit(msgs, "gpt-4o", window=8_000, max_output_tokens=500).messages)
    assert rule in kept and revoked in kept and GOAL in kept


@pytest.mark.parametrize(
    "text",
    [
        "Which file types are allowed in the upload form?",
        "Only 3 retries are allowed per request, the docs say.",
        "It turned out to be a DNS issue after all, thanks.",
        "Check which origins are permitted by the CORS config.",
        "The test passed after all, great.",
    ],
)
def test_what_is_allowed_or_happened_after_all_is_no_correction(text: str) -> None:
    """Found in review: the permission patterns made questions and status lines
    corrections, which are pinned ahead of the task's other requests."""
    assert not is_correction(text)


@pytest.mark.parametrize("window", [8_000, 16_000])
def test_a_goal_stated_after_a_pasted_log_is_pinned_as_its_words(window: int) -> None:
    """A first message of 120 pasted log lines ending with the request is over the pins'
    cap: its request part is pinned (the opening line, the ask), the log left out and said."""
    log = "\n".join(f"2026-11-30T02:{i % 60:02d}:00Z INFO export batch {i} wrote 500 rows"
                    for i in range(120))  # fmt: skip
    ask = "What I need: make the nightly export job idempotent so reruns never duplicate rows."
    msgs = session()
    msgs[1] = Message.user(f"Here is the failing job log:\n{log}\n\n{ask}")
    out = fit(msgs, "gpt-4o", window=window, max_output_tokens=500)
    kept = texts(out.messages)
    assert ask in kept and "Here is the failing job log:" in kept
    assert "[… 120 pasted lines left out here …]" in kept
    assert "export batch 60 wrote" not in kept
    pinned = next(m.id for m in out.messages if ask in m.text)
    said = [n.text for n in out.report.notices if n.where == pinned]
    assert len(said) == 1 and "without the 120 lines pasted in it" in said[0]
    assert any(c.action == "shrunk" and c.message_id == pinned for c in out.report.changes)


@pytest.mark.parametrize("window", [2_000, 3_000, 4_000])
def test_answers_whose_request_is_cut_keep_their_room_by_bringing_the_request_back(
    window: int,
) -> None:
    """With no earlier request pinned (a caller's options), the run of recent turns began
    with the agent's tool exchanges after a request the window could not reach: they all
    went (the history must start with a user turn) and the request held 12 tokens of a
    1,497-token budget. The request they answer comes back instead, in place of as few of
    the oldest of them as it needs."""
    msgs = [Message.system("agent"), Message.user(GOAL)]
    ask = "Now port the session store to Redis as well."
    for i in range(40):
        if i == 20:
            msgs.append(Message.user(ask))
        args = json.dumps({"command": f"pytest tests/test_step{i}.py -q"})
        msgs.append(Message("assistant", (ToolCall(f"c{i}", "shell", args),)))
        msgs.append(Message.tool(f"c{i}", "log line with some detail\n" * 30))
    msgs.append(Message.user("ok keep going"))
    out = fit(msgs, "gpt-4o", window=window, max_output_tokens=500, prior_anchors=0,
              prior_anchor_tokens=0)  # fmt: skip
    assert out.report.used >= 0.85 * out.report.budget
    body = [m for m in out.messages if m.role != "system"]
    assert body[0].text == ask and body[1].tool_calls  # the question, then its answers
    assert not tool_pair_problems(out.messages)
    assert len(out.report.dropped) + len(out.messages) == len(msgs)  # every drop reported


def test_every_correction_is_pinned_not_only_the_newest() -> None:
    msgs = session()
    first = "Sorry — the limit is per tenant, not per IP address."
    second = "No wait, the namespace is gw-staging, not gateway-staging."
    msgs.insert(12, Message.user(first))
    msgs.insert(20, Message.user(second))
    for window in (4_000, 8_000, 16_000):
        kept = texts(fit(msgs, "gpt-4o", window=window, max_output_tokens=500).messages)
        assert first in kept and second in kept and GOAL in kept


@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_compaction_fills_the_window_and_keeps_what_fit_keeps(window: int) -> None:
    msgs = session(TURNS_FOR[window])
    plain = fit(msgs, "gpt-4o", window=window, max_output_tokens=1000)
    out = prepare(msgs, "gpt-4o", window=window, max_output_tokens=1000, compaction=True)
    assert out.event is not None
    assert out.report.used <= out.report.window - out.report.reserved_output
    # the recap stands only for what the window cannot hold: the view is full
    assert out.report.used >= 0.9 * (out.report.window - out.report.reserved_output)
    kept = {m.id for m in out.messages}
    newest = [m.id for m in plain.messages[-12:]]
    assert all(i in kept for i in newest)  # the recent turns the plain fit keeps stay verbatim
    view = texts(out.messages)
    for fact in (GOAL, CORRECTION, CONSTRAINT):
        assert fact in view


def test_a_goal_with_a_long_paste_does_not_leave_the_window_half_empty() -> None:
    """Found by a red team: the task came with a pasted draft; the fit sends it as its
    words (the draft left out), but the room beside the recap was priced with the whole
    draft, so no recapped turn came back: 3,219 of 7,000 tokens used. The turns shown stay
    while no new turn needs their room (here: the request sent again)."""
    draft = "\n".join(f"Paragraph {i}: " + "the harbour lanterns were counted again " * 9
                      for i in range(45))  # fmt: skip
    msgs = session(60)
    msgs[1] = Message.user(f"{GOAL} Here is the full draft:\n{draft}")
    preparer = Preparer("gpt-4o", window=8_000, max_output_tokens=1_000, compaction=True)
    out = preparer.prepare(msgs)
    budget = out.report.window - out.report.reserved_output
    assert out.event is not None and 0.9 * budget <= out.report.used <= budget
    assert GOAL in texts(out.messages) and "Paragraph 30" not in texts(out.messages)
    again = preparer.prepare(msgs)
    assert len(again.messages) == len(out.messages) and again.report.used == out.report.used
    assert not any("left the view" in n.text for n in again.report.notices)


def test_no_recap_when_the_whole_view_fits() -> None:
    out = prepare(session(12), "gpt-4o", window=128_000, compaction=True)
    assert out.event is None
    assert out.report.compaction == ("compaction not needed: the whole view fits the window",)


def test_each_image_recapped_by_compaction_gets_its_own_notice() -> None:
    msgs = session(TURNS_FOR[8_000])
    out = prepare(msgs, "gpt-4o", window=8_000, max_output_tokens=1000, compaction=True)
    assert out.event is not None
    notices = [n for n in out.report.notices if n.kind == "compacted"]
    assert len(notices) == 1 and "640×400" in notices[0].text


def _planted(msgs: list[Message]) -> list[str]:
    """The facts of ``session``: the goal, correction, constraint and every command run."""
    commands = [c.parsed()[0]["command"] for m in msgs for c in m.tool_calls]
    return [GOAL, CORRECTION, CONSTRAINT, *commands]


@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_an_llm_recap_fills_the_window_and_never_keeps_less_than_fit(
    stub: StubServer, window: int
) -> None:
    """The LLM path, against a real OpenAI-compatible server on 127.0.0.1: the view is the
    recap plus as many turns as the window holds (not the turns a full-size recap would
    have left room for), and it keeps every fact the plain fit keeps."""
    msgs = session(TURNS_FOR[window])
    summarizer = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)
    out = prepare(
        msgs, "gpt-4o", window=window, max_output_tokens=1000, compaction=True,
        summarizer=summarizer,
    )  # fmt: skip
    assert out.event is not None and stub.completions()
    budget = out.report.window - out.report.reserved_output
    assert 0.9 * budget <= out.report.used <= budget
    assert not tool_pair_problems(out.messages)
    plain = texts(fit(msgs, "gpt-4o", window=window, max_output_tokens=1000).messages)
    view = texts(out.messages)
    assert [f for f in _planted(msgs) if f in plain and f not in view] == []
    assert any("stay in view verbatim too" in line for line in out.report.compaction)
    assert "held to" not in " ".join(out.report.compaction)  # incremental: none left out


@settings(max_examples=3, deadline=None)
@given(turns=st.integers(20, 60), window=st.integers(5_000, 24_000))
def test_retention_with_compaction_is_never_below_plain_fit(turns: int, window: int) -> None:
    """Property, for the offline recap, an LLM recap (a real OpenAI-compatible server on
    127.0.0.1) and an LLM summarizer that is down (a port that refuses connections):
    every planted fact the plain fit keeps is in the prepared request too, and that
    request is valid and within the window."""
    msgs = session(turns)
    plain = texts(fit(msgs, "gpt-4o", window=window, max_output_tokens=1000).messages)
    with StubServer() as stub, socket.socket() as refusing:
        refusing.bind(("127.0.0.1", 0))  # bound, never listening
        llm = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)
        down = OpenAISummarizer(
            "gpt-4o-mini", base_url=f"http://127.0.0.1:{refusing.getsockname()[1]}/v1",
            api_key="k", max_retries=0,
        )  # fmt: skip
        for summarizer in (None, llm, down):
            out = prepare(
                msgs, "gpt-4o", window=window, max_output_tokens=1000, compaction=True,
                summarizer=summarizer,
            )  # fmt: skip
            assert out.report.used <= window - 1000
            assert not tool_pair_problems(out.messages)
            view = texts(out.messages)
            assert [f for f in _planted(msgs) if f in plain and f not in view] == []


#: A recap that says nothing verification can trace (its one claim, "some tests failed",
#: names no failure of the record): rejected.
VAGUE = "Work continued on the task; several commands were run and some tests failed."


@pytest.mark.parametrize("trouble", ["HTTP 500", "rejected"])
def test_a_paid_recap_that_fails_gives_way_to_the_offline_recap_and_a_full_window(
    stub: StubServer, trouble: str
) -> None:
    """An LLM summarizer that is down or whose recap verification rejects: the local
    offline recap stands in (the report says why), so the request still fills the window
    and keeps every planted fact the plain fit keeps, not a sticky cut's three quarters."""
    if trouble == "HTTP 500":
        stub.fail(Fault("status", 500))
    else:
        stub.script(*[StubReply(text=VAGUE)] * 8)
    msgs = session(TURNS_FOR[16_000])
    summarizer = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)
    out = prepare(
        msgs, "gpt-4o", window=16_000, max_output_tokens=1000, compaction=True,
        summarizer=summarizer,
    )  # fmt: skip
    assert out.event is not None and out.event.summarizer == "offline"
    said = [n.text for n in out.report.notices if n.kind == "compaction"]
    assert len(said) == 1 and "openai:gpt-4o-mini's recap, which was not used" in said[0]
    assert ("HTTP 500" if trouble == "HTTP 500" else "verification") in said[0]
    budget = out.report.window - out.report.reserved_output
    assert 0.95 * budget <= out.report.used <= budget
    assert not tool_pair_problems(out.messages)
    plain = texts(fit(msgs, "gpt-4o", window=16_000, max_output_tokens=1000).messages)
    view = texts(out.messages)
    assert [f for f in _planted(msgs) if f in plain and f not in view] == []
    assert GOAL in view and CORRECTION in view and CONSTRAINT in view


@pytest.mark.parametrize("seed", [0, 1, 2, 3])  # the four domains
def test_every_fact_of_the_ops_generator_survives_prepare(seed: int) -> None:
    """bench/ops_sessions.py (pipeline, frontend, Terraform, mobile agents; argv/cmd/script
    shells, editor and MCP file tools; nine test runners; env vars, URLs, versions,
    deadlines, owners): every planted fact is in the request at 16k, and it is valid."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from ops_sessions import generate_ops

    s = generate_ops(seed, 30_000)
    out = prepare(s.messages, "gpt-4o", window=16_000, max_output_tokens=1000, compaction=True)
    assert out.event is not None and out.report.used <= 15_000
    assert not tool_pair_problems(out.messages)
    view = texts(out.messages) + "\n".join(c.arguments for m in out.messages for c in m.tool_calls)
    assert [(f.kind, f.text) for f in s.facts if not f.kept_in(view)] == []


def test_the_turns_a_recap_covers_fill_its_room_then_leave_together_said() -> None:
    """The recap turn is as full as a plain fit; the first turn they no longer fit beside,
    the recapped turns kept in view are chosen again, the newest that fit with the fit's
    hysteresis share free (those that leave, together: a notice says so, and the window
    stays used), no new recap is made and the fit drops nothing; the turns after share the
    prompt-cache prefix."""
    preparer = Preparer("gpt-4o", window=16_000, max_output_tokens=1000)
    msgs = session(TURNS_FOR[16_000])
    first = preparer.prepare(msgs)
    budget = first.report.window - first.report.reserved_output
    assert first.event is not None and first.report.used >= 0.95 * budget
    assert any("stay in view verbatim too" in line for line in first.report.compaction)
    shown = [m.id for m in first.messages if m.id in set(first.event.covers)]
    assert shown
    previous, left = first, []
    for turn in range(6):
        msgs = [*msgs, Message.assistant(f"Turn {turn}: " + "checked the log again. " * 20),
                Message.user("ok, keep going")]  # fmt: skip
        out = preparer.prepare(msgs)
        assert out.event is None and out.report.fit.dropped == ()
        assert out.report.used <= budget
        said = [n for n in out.report.notices if "left the view" in n.text]
        if said:
            left.append(turn)
            assert {m.id for m in out.messages} & set(shown) < set(shown)
            assert out.report.used >= 0.6 * budget
        elif left:  # after they left: the previous request is this one's prefix
            assert (
                out.body["messages"][: len(previous.body["messages"])] == previous.body["messages"]
            )
        previous = out
    assert len(left) == 1


def _facts_in(messages: tuple[Message, ...], facts: list[str]) -> set[str]:
    view = texts(messages) + "\n".join(c.arguments for m in messages for c in m.tool_calls)
    return {f for f in facts if f in view}


@settings(max_examples=2, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000))
def test_compaction_keeps_what_fit_keeps_and_more_as_the_window_grows(seed: int) -> None:
    """Property, over sessions of bench/routing_sessions.py (a Polish dispatcher and a
    route-planning agent: a domain, a language and tools no rule was written for): every
    planted fact a plain fit keeps, the prepared request keeps too (red team 18: an
    assistant's next step kept by ``fit`` at 8k was in no section of the recap), and a
    bigger window keeps every fact a smaller one keeps (a metric kept at 16k was lost at
    32k). Each request valid and within its window."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from routing_sessions import generate_routing

    s = generate_routing(seed, 6_000)
    facts = [f.text for f in s.facts]
    smaller: set[str] = set()
    for window in (2_500, 4_000, 6_000):
        out = prepare(s.messages, "gpt-4o", window=window, max_output_tokens=500)
        assert out.report.used <= window - 500
        assert not tool_pair_problems(out.messages)
        kept = _facts_in(out.messages, facts)
        plain = fit(s.messages, "gpt-4o", window=window, max_output_tokens=500).messages
        assert _facts_in(plain, facts) - kept == set(), window
        assert smaller - kept == set(), window
        smaller = kept


def test_what_fit_keeps_just_before_the_kept_turns_is_quoted_under_the_recap() -> None:
    """A remark said in German beside a tool call with a long output, in the oldest turn
    a plain fit keeps (no section of a recap is sure to state it): the recap takes that
    turn's room, so the prepared request quotes its words verbatim under the recap, and
    says so in the report; the next turn keeps the same quotes (the prompt-cache prefix is
    not moved by them)."""
    step = "Die Prognose an den Feiertagen im Oktober sieht seltsam aus."  # (a plan is a next step)
    msgs = list(with_ids(session(60)))
    kept = {m.id for m in fit(msgs, "gpt-4o", window=8_000, max_output_tokens=1000).messages}
    start = len(msgs)
    while msgs[start - 1].id in kept:
        start -= 1
    at = next(i for i in range(start, len(msgs)) if msgs[i].tool_calls)
    msgs[at] = msgs[at].with_content((Text(step), *msgs[at].content))
    assert step in texts(fit(msgs, "gpt-4o", window=8_000, max_output_tokens=1000).messages)
    preparer = Preparer("gpt-4o", window=8_000, max_output_tokens=1000)
    out = preparer.prepare(msgs)
    recap = next(m for m in out.messages if m.is_recap)
    assert out.event is not None and step not in out.event.recap_text
    assert msgs[at].id not in {m.id for m in out.messages}
    assert f"- Assistant: {step}" in recap.text
    assert any("quoted verbatim under the recap" in line for line in out.report.compaction)
    assert out.report.used <= 7_000 and not tool_pair_problems(out.messages)
    msgs = [*msgs, Message.assistant("Checked the log again."), Message.user("ok, keep going")]
    again = preparer.prepare(msgs)
    assert again.event is None and again.messages[1] == recap
    n = len(out.body["messages"])
    assert again.body["messages"][:n] == out.body["messages"]


#: A rule and a correction in languages no rule pattern knows (Swahili, Croatian).
UNREAD = [
    "Usifute faili zozote kwenye seva ya uzalishaji bila idhini yangu.",
    "Ne briši nijednu datoteku na produkcijskom poslužitelju bez mog odobrenja.",
]


def test_what_the_user_said_out_of_view_is_quoted_in_any_language() -> None:
    """Red team 19: a user's prohibition, conditional rule and correction in languages the
    rule patterns do not read (Polish, Korean) were neither pinned nor recapped, lost at 8k
    and 16k. What the user said in the turns out of view is quoted in their own words,
    whatever ``intent`` makes of it (the nudges aside)."""
    msgs = session(100)
    msgs[30:30] = [Message.user(UNREAD[0]), Message.assistant("Sawa.")]
    msgs[90:90] = [Message.user(UNREAD[1]), Message.assistant("U redu.")]
    out = prepare(msgs, "gpt-4o", window=8_000, max_output_tokens=1000)
    assert out.event is not None and out.report.used <= 7_000
    recap = next(m for m in out.messages if m.is_recap)
    # (quoted in the recap, or pinned in view once ``intent`` reads the language: Swahili)
    kept = [m.text for m in out.messages if not m.is_recap]
    assert [f"- User: {rule}" in recap.text or rule in kept for rule in UNREAD] == [True, True]
    assert "- User: ok, keep going" not in recap.text  # a nudge says nothing to keep


def test_a_paid_recap_that_fills_the_window_still_has_room_for_the_users_words(
    stub: StubServer,
) -> None:
    """An LLM recap fills the window with the turns beside it; the user's words it does not
    state are quoted under it all the same, their room kept free before those turns are
    shown (retain8's held-out sessions: a conditional rule and a correction lost at 8k, as
    the quotes would have pushed out a turn the recap does not cover). Here 35 rules, more
    than the record's own sections hold at this size."""
    rules = [f"Kalau antrean wilayah {i} lewat {100 + 7 * i} pesanan, pindahkan ke G{i}."
             for i in range(35)]  # fmt: skip
    msgs = session(80)
    for i, rule in reversed(list(enumerate(rules))):
        msgs.insert(6 + 4 * i, Message.user(rule))
    stub.script(*[StubReply(text=f"## Goal\n{GOAL}\n## Progress\n- Ran the steps.")] * 40)
    summarizer = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)
    out = prepare(
        msgs, "gpt-4o", window=8_000, max_output_tokens=1000, summarizer=summarizer
    )  # fmt: skip
    assert out.event is not None and out.event.summarizer == "openai:gpt-4o-mini"
    assert out.report.used <= 7_000 and not tool_pair_problems(out.messages)
    assert out.report.fit.dropped == ()  # no turn the recap does not cover made room
    view = texts(out.messages)
    assert [rule for rule in rules if rule not in view] == []


def test_what_verification_removes_from_a_paid_recap_is_replaced_by_the_records_words(
    stub: StubServer,
) -> None:
    """An LLM recap that says a failing test passed and that a forbidden command ran: the
    claims are removed (never in the model's view) and the record's own line stands in for
    each, quoted under the recap unless the view holds it already; the report names every
    replacement."""
    failed = "FAILED tests/test_step3.py::test_login - AssertionError: 500"
    msgs = session(TURNS_FOR[8_000])
    at = next(i for i, m in enumerate(msgs) if m.tool_results and m.tool_results[0].call_id == "c3")
    msgs[at] = Message.tool("c3", f"collected 12 items\n{failed}\n1 failed, 11 passed")
    lies = ["Ran `rm -rf build` on the shared runner to clean up.",
            "tests/test_step3.py::test_login passed on its first run."]  # fmt: skip
    stub.script(*[StubReply(text=f"## Goal\n{GOAL}\n## Progress\n- {lies[0]}\n- {lies[1]}")] * 9)
    summarizer = OpenAISummarizer("gpt-4o-mini", base_url=stub.url, api_key="k", max_retries=0)
    out = prepare(msgs, "gpt-4o", window=8_000, max_output_tokens=1000, summarizer=summarizer)
    assert out.event is not None and out.event.summarizer == "openai:gpt-4o-mini"
    view = texts(out.messages)
    assert [lie for lie in lies if lie in view] == []
    assert failed in view and CONSTRAINT in view
    said = next(line for line in out.report.compaction if "in their place" in line)
    assert f"in view already: 'User: {CONSTRAINT}'" in said
    assert "'tests/test_step3.py::test_login' (quoted from the record: 'shell returned:" in said
    assert out.report.used <= 7_000 and not tool_pair_problems(out.messages)


def test_a_value_the_assistant_read_from_a_tool_and_fit_pins_is_kept_by_prepare() -> None:
    """Red team 29 (R29-M6, bench_retention --generator routing --seed 2929 at 8k): plain
    fit pins the assistant's "Obecnie 1 482 paczki czekają na rampie do załadunku." (a
    statement of a value right after a tool exchange, ``fit.gists``), the recap path lost
    it: the floor's plain fit was made without gists, so it was never quoted."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from routing_sessions import generate_routing

    s = generate_routing(2929, 114_867)
    said = next(f.text for f in s.facts if f.kind == "count_restated")
    plain = fit(s.messages, "gpt-4o", window=8_000, max_output_tokens=1_000).messages
    assert said in texts(plain)
    out = prepare(s.messages, "gpt-4o", window=8_000, max_output_tokens=1_000)
    assert said in texts(out.messages)
    assert out.report.used <= 7_000 and not tool_pair_problems(out.messages)
