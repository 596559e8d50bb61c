"""Trigger arithmetic and the choice of covered messages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.compaction import CompactionPolicy, Skip, assess_compaction, plan_compaction
from contextledger.errors import ContentError
from contextledger.model import Message, Recap, ToolCall, with_ids


def turns(n: int, *, system: bool = True) -> tuple[Message, ...]:
    msgs = [Message.system("sys")] if system else []
    msgs += [Message.user(f"u{i}") if i % 2 == 0 else Message.assistant(f"a{i}") for i in range(n)]
    return with_ids(msgs)


def test_defaults_match_the_seed() -> None:
    p = CompactionPolicy()
    assert (p.min_messages, p.history_limit, p.margin, p.trigger_messages) == (16, 40, 4, 36)
    assert (p.keep_recent, p.min_old, p.cooldown) == (10, 6, 8)
    assert (p.message_chars, p.transcript_bytes, p.max_words, p.max_tokens, p.reply_bytes) == (
        800,
        12_000,
        300,
        400,
        2_000,
    )


def test_message_trigger_fires_at_36_not_counting_system() -> None:
    assert plan_compaction(turns(35)) is None
    plan = plan_compaction(turns(36))
    assert plan is not None and plan.reason == "messages"
    assert len(plan.covered_ids) == 26 and len(plan.kept_ids) == 10
    assert "m0" not in plan.covered_ids  # the system message is never covered
    assert plan.covered_ids[0] == "m1" and plan.kept_ids[-1] == "m36"


def test_custom_limit_and_margin() -> None:
    p = CompactionPolicy(history_limit=30, margin=2)
    assert plan_compaction(turns(27), p) is None
    assert plan_compaction(turns(28), p) is not None


def test_token_trigger_whichever_comes_first() -> None:
    view = turns(20)
    # "exceeds a fraction of the window": 75,000 of 100,000 at 0.75 does not, 75,001 does
    assert plan_compaction(view, view_tokens=75_000, window=100_000) is None
    plan = plan_compaction(view, view_tokens=75_001, window=100_000)
    assert plan is not None and plan.reason == "tokens" and plan.token_threshold == 75_000
    assert "75,000" in plan.detail
    # only one of the two numbers: no token trigger
    assert plan_compaction(view, view_tokens=10**9) is None


def test_min_messages_applies_to_the_token_trigger() -> None:
    assert plan_compaction(turns(15), view_tokens=99_000, window=100_000) is None
    assert plan_compaction(turns(16), view_tokens=99_000, window=100_000) is not None


def test_keep_span_grows_so_no_tool_exchange_is_split() -> None:
    msgs: list[Message] = [Message.user(f"u{i}") for i in range(30)]
    calls = tuple(ToolCall(f"c{i}", "read_file", "{}") for i in range(3))
    msgs += [Message.assistant("reading", *calls)]
    msgs += [Message.tool(f"c{i}", "ok") for i in range(3)]
    msgs += [Message.user(f"tail{i}") for i in range(8)]
    view = with_ids(msgs)
    plan = plan_compaction(view)
    assert plan is not None
    kept = [m for m in view if m.id in plan.kept_ids]
    assert len(kept) == 12  # 10 grown by the exchange
    assert kept[0].tool_calls  # starts at the assistant that made the calls
    covered_calls = {c.id for m in view if m.id in plan.covered_ids for c in m.tool_calls}
    kept_results = {r.call_id for m in kept for r in m.tool_results}
    assert not covered_calls & kept_results


def test_not_enough_old_messages() -> None:
    # 16 turns, the newest 12 are one tool exchange: only 4 old turns remain.
    msgs: list[Message] = [Message.user(f"u{i}") for i in range(4)]
    calls = tuple(ToolCall(f"c{i}", "grep", "{}") for i in range(11))
    msgs += [Message.assistant(*calls)] + [Message.tool(f"c{i}", "hit") for i in range(11)]
    view = with_ids(msgs)
    result = assess_compaction(view, CompactionPolicy(min_messages=16, history_limit=20, margin=4))
    assert isinstance(result, Skip) and "at least 6" in result.reason


def test_cooldown_counts_messages_since_the_last_recap() -> None:
    recap = Message("user", (Recap("earlier", ("x",)),), id="recap-1")
    view = (Message.system("s", id="s"), recap, *turns(36, system=False))
    assert isinstance(assess_compaction(view, messages_since_last=7), Skip)
    plan = plan_compaction(view, messages_since_last=8)
    assert plan is not None
    assert plan.previous_recap_id == "recap-1"
    assert "recap-1" not in plan.covered_ids
    assert len(plan.covered_ids) == 26  # 37 turns (recap included) - 10 kept - the recap


def test_force_skips_triggers_but_keeps_recent() -> None:
    view = turns(12)
    assert plan_compaction(view) is None
    plan = plan_compaction(view, force=True)
    assert plan is not None and plan.reason == "forced" and len(plan.covered_ids) == 2
    assert plan_compaction(turns(10), force=True) is None


def test_skip_reasons_are_readable() -> None:
    result = assess_compaction(turns(20))
    assert isinstance(result, Skip)
    assert result.reason.startswith("not needed: 20 messages")


def test_messages_need_ids() -> None:
    with pytest.raises(ContentError, match="with_ids"):
        plan_compaction([Message.user("no id")] * 40)


@pytest.mark.parametrize(
    "kwargs",
    [{"margin": 40}, {"token_fraction": 0.0}, {"token_fraction": 1.5}, {"keep_recent": -1}],
)
def test_invalid_policies_are_refused(kwargs: dict[str, float]) -> None:
    with pytest.raises(ContentError):
        CompactionPolicy(**kwargs)  # type: ignore[arg-type]


def test_keep_recent_zero_recaps_everything_even_after_a_tool_reply() -> None:
    """Regression: keep_recent=0 with a tool reply last raised IndexError."""
    view = with_ids(
        [Message.user("Run the tests.")]
        + [Message.user(f"step {i}") for i in range(8)]
        + [
            Message.assistant(ToolCall("c", "shell", '{"command": "pytest -q"}')),
            Message.tool("c", "4 passed"),
        ]
    )
    plan = plan_compaction(view, CompactionPolicy(keep_recent=0), force=True)
    assert plan is not None and plan.kept_ids == () and len(plan.covered_ids) == 11


@settings(max_examples=25)
@given(st.integers(1, 2_000_000), st.integers(1, 2_000_000), st.sampled_from([0.05, 0.1, 0.2]))
def test_a_bigger_window_never_gets_a_smaller_recap(w1: int, w2: int, share: float) -> None:
    """Retention must not fall as the window grows (red team 17: mig 32k below 16k): the
    recap's cap grows with the window, and a small window's share is at most doubled."""
    policy = CompactionPolicy(window_share=share)
    small, big = sorted((w1, w2))
    assert policy.recap_bytes(small) <= policy.recap_bytes(big)
    assert policy.recap_bytes(small) <= max(policy.reply_bytes, int(small * share * 3 * 2))
