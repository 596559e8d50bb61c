"""A Preparer fed a session turn by turn, as an app calls it (its list of dicts grows by a
tool exchange and a nudge, prepare before every model call): every request within the
window and valid, the same list given twice gives the same request, and after compaction
the window stays used (issue #14 item 1: the recap's room is filled every turn, not only
on the turn it is made)."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from builders import openai_tool_call, openai_tool_result
from contextledger.prepare import Preparer, price_request
from sdk_check import validate_body

WINDOW = 8_000
OUTPUT = 1_000
GOAL = "Port the billing exporter to Parquet and keep the nightly job green."
RULE = "Never edit anything under vendor/ in this change."


def _output(rng: random.Random, turn: int) -> str:
    """A tool output of 20 to about 1,500 tokens (a status line, a file, a test log)."""
    lines = rng.choice([2, 4, 8, 20, 40, 90, 160])
    return "".join(f"step {turn} line {k}: value={rng.randrange(10**6)} ok\n" for k in range(lines))


def agent_session(seed: int, rounds: int) -> list[dict[str, Any]]:
    """OpenAI dicts: the goal, a rule, then rounds of a tool call, its output, a reply and a
    nudge (the list an agent loop keeps)."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": GOAL},
    ]
    for turn in range(rounds):
        if turn == 3:
            out.append({"role": "user", "content": RULE})
        elif turn:
            out.append({"role": "user", "content": rng.choice(["ok", "go on", "next"])})
        cid = f"c{turn}"
        out.append(openai_tool_call(cid, "shell", {"command": f"make check-{turn}"}))
        out.append(openai_tool_result(cid, _output(rng, turn)))
        out.append({"role": "assistant", "content": f"Step {turn} done."})
    return out


def _calls(dicts: list[dict[str, Any]]) -> list[int]:
    """Where the app calls the model: after each user message and each tool result."""
    return [
        i + 1
        for i in range(1, len(dicts) - 1)
        if dicts[i]["role"] in ("user", "tool") and dicts[i + 1]["role"] == "assistant"
    ]


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_turn_by_turn_every_request_fits_is_valid_and_the_window_stays_used(seed: int) -> None:
    dicts = agent_session(seed, rounds=70)
    preparer = Preparer("gpt-4o", window=WINDOW, max_output_tokens=OUTPUT)
    budget = WINDOW - OUTPUT
    compacted = False
    fills: list[float] = []
    hits = 0  # requests that start with the whole previous one (a prompt-cache hit)
    previous: list[Any] | None = None
    for n in _calls(dicts):
        out = preparer.prepare(dicts[:n])
        assert out.report.used <= out.report.budget == budget
        assert out.report.used == price_request(out.body, "gpt-4o").total
        validate_body(out.format, out.body)
        text = json.dumps(out.body)
        assert GOAL in text
        compacted = compacted or out.event is not None
        sent = out.body["messages"]
        if compacted:
            fills.append(out.report.used / budget)
            hits += previous is not None and sent[: len(previous)] == previous
        previous = sent
    assert compacted
    # the history holds several windows' worth: the request never falls to a fraction of
    # it (main, before: 23 % on some turns, the recapped turns shed and not refilled)
    assert min(fills) >= 0.5, sorted(fills)[:5]
    # and most turns still share the previous request's prefix (a recapped turn kept
    # shortened, cut shorter every turn, once changed it on every turn)
    assert hits >= 0.6 * len(fills), (hits, len(fills))


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_same_list_given_twice_gives_the_same_request_on_every_turn(seed: int) -> None:
    """Property: a Preparer asked again for the same history (a retry) sends the same
    request, whatever turn of the session it is (the shown recapped turns and the quotes
    under the recap are chosen once for what is sent)."""
    dicts = agent_session(seed, rounds=45)
    preparer = Preparer("gpt-4o", window=WINDOW, max_output_tokens=OUTPUT)
    for n in _calls(dicts):
        first = preparer.prepare(dicts[:n])
        again = preparer.prepare(dicts[:n])
        assert again.body == first.body, n


def test_a_fresh_preparer_given_a_turns_history_sends_what_a_carried_one_would_fill() -> None:
    """A one-shot prepare of a long history fills the window (no next turn to leave room
    for), and doing it twice gives the same request."""
    dicts = agent_session(7, rounds=60)
    a = Preparer("gpt-4o", window=WINDOW, max_output_tokens=OUTPUT).prepare(dicts)
    b = Preparer("gpt-4o", window=WINDOW, max_output_tokens=OUTPUT).prepare(dicts)
    assert a.body == b.body
    assert a.event is not None and a.report.used >= 0.9 * a.report.budget
