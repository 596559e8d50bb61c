"""Later turns of a long session through the library: one ``Preparer`` per conversation, the
app appending a round (a tool exchange and a nudge) before each call, as an agent loop does.

Three ways of calling it, each with its own Preparer, on the same history (``history()``
of bench_serve.py, plain dicts, compaction on, gpt-4o at a 32k window):

* **dicts**: the app's own list of OpenAI dicts, a new list each turn (most apps);
* **conversation**: the ``Conversation`` carried from the last ``Prepared.conversation``
  with the new messages appended (the documented way to keep recaps);
* **dicts, one edit**: as *dicts*, but at one turn the app rewrites a message the recap
  covers: that turn makes a new recap (the old one is stale), the others do not.

Prints the first turn and the median / max of the later turns (wall time of ``prepare``)
and how many recaps were made.

Then, with ``--cache T``, T turns of an agent loop whose tool output varies (60 to 1,500
tokens), a carried ``Conversation``, 8k / 32k windows: how full each request is (used / budget: mean, and the
first turn's), how many turns' requests start with the whole previous request (a prompt-
cache hit on the full prefix, as bench_cache_prefix.py counts), how much of each request
(JSON bytes) is the prefix it shares with the previous one (what a prompt cache can hold),
and how many recaps were made.

With ``--agent T``, an agent session (``agent_session``: test runs that fail and pass,
file reads, screenshots; 40-60 dicts of tool loop between two user turns): cold
``prepare`` CPU of the first 1,500 dicts at 8k / 16k / 32k, then T user turns of one kept
``Preparer`` at 32k (each loop appended before its turn, most turns re-compacting): per-turn
CPU median / p90 / max, and each as a ratio of a one-shot ``prepare`` of the same history
measured in the same run. No asserts.
Run: .venv/bin/python bench/bench_prepare_turns.py [--messages N] [--turns T] [--cache T]
[--agent T]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_serve import MODEL, history
from contextledger.compaction import Conversation
from contextledger.prepare import Prepared, Preparer, prepare
from contextledger.providers import read_messages
from fit_unseen import image_url

WINDOW = 32_000


def app_round(turn: int) -> list[dict[str, Any]]:
    cid = f"turn_{turn}"
    call = {"name": "read_file", "arguments": f'{{"path": "src/t{turn}.py"}}'}
    return [
        {"role": "assistant", "content": None,
         "tool_calls": [{"id": cid, "type": "function", "function": call}]},
        {"role": "tool", "tool_call_id": cid, "content": f"def t{turn}():\n    return {turn}\n"},
        {"role": "assistant", "content": f"Read src/t{turn}.py."},
        {"role": "user", "content": "ok, keep going"},
    ]  # fmt: skip


def varied_round(turn: int) -> list[dict[str, Any]]:
    """A tool round whose output is 60 to 1,500 tokens long (a file read, a test log)."""
    lines = 10 + (turn * 37) % 250
    out = "".join(f"line {k}: value = compute({turn}, {k})\n" for k in range(lines))
    return [*app_round(turn)[:1], {**app_round(turn)[1], "content": out}, *app_round(turn)[2:]]


def cache(turns: int, window: int) -> None:
    preparer = Preparer(MODEL, window=window, max_output_tokens=1000)
    dicts = history(1200, seed=7)
    conv = Conversation.from_messages(read_messages(dicts))
    fills, hits, recaps, previous = [], 0, 0, None
    shares: list[float] = []  # the share of each request (by JSON size) its cached prefix holds
    for turn in range(turns):
        out = preparer.prepare(conv)
        fills.append(out.report.used / out.report.budget)
        recaps += out.event is not None
        sent = out.body["messages"]
        if previous is not None:
            hits += sent[: len(previous)] == previous
            same = next(
                (k for k, (a, b) in enumerate(zip(sent, previous, strict=False)) if a != b),
                len(previous),
            )
            sizes = [len(json.dumps(m)) for m in sent]
            shares.append(sum(sizes[:same]) / sum(sizes))
        previous = sent
        dicts = dicts + varied_round(turn)
        conv = out.conversation.append(*read_messages(dicts)[len(out.conversation.record) :])
    print(
        f"  {window:>6,}: first turn {fills[0]:4.0%} of the budget, mean {statistics.mean(fills):4.0%}"
        f" (min {min(fills):4.0%}); full-prefix hits {hits}/{turns - 1} turns, prefix shared "
        f"with the previous request {statistics.mean(shares):4.0%} of it; {recaps} recap(s)"
    )


def _test_log(rng: random.Random, k: int) -> str:
    """A test run's output: a page of passing tests, sometimes a failure with its reason."""
    lines = [f"tests/test_mod{k}.py::test_{i} PASSED" for i in range(rng.randint(5, 40))]
    failed = rng.random() < 0.3
    if failed:
        lines.append(f"FAILED tests/test_mod{k}.py::test_edge - assert {k} == {k + 1}")
    lines.append(f"{int(failed)} failed, {len(lines) - failed} passed in {rng.uniform(1, 60):.2f}s")
    return "\n".join(lines)


def agent_session(n: int, seed: int = 3) -> tuple[list[dict[str, Any]], list[int]]:
    """A coding agent's session of about ``n`` dicts: user turns, each followed by a tool
    loop of 40-60 dicts (test runs, file reads, a screenshot now and then) and a closing
    line; and the index where each user turn starts."""
    rng = random.Random(seed)
    dicts: list[dict[str, Any]] = [{"role": "system", "content": "You are a coding agent."}]
    starts: list[int] = []
    k = 0
    while len(dicts) < n:
        starts.append(len(dicts))
        dicts.append(
            {"role": "user", "content": f"Fix the flaky test in src/mod{k}.py, then run it."}
        )
        for _ in range(rng.randint(20, 30)):
            k += 1
            if rng.random() < 0.05:
                image = {"type": "image_url", "image_url": {"url": image_url(rng, k)}}
                dicts.append({"role": "user", "content": [image]})
                continue
            read = rng.random() < 0.4
            call = {
                "name": "read_file" if read else "shell",
                "arguments": json.dumps(
                    {"path": f"src/mod{k}.py"}
                    if read
                    else {"cmd": f"pytest -x tests/test_mod{k}.py"}
                ),
            }
            out = (
                "\n".join(f"def f{k}_{i}():\n    return {i}" for i in range(rng.randint(3, 40)))
                if read
                else _test_log(rng, k)
            )
            dicts += [
                {"role": "assistant", "content": None,
                 "tool_calls": [{"id": f"c{k}", "type": "function", "function": call}]},
                {"role": "tool", "tool_call_id": f"c{k}", "content": out},
            ]  # fmt: skip
        dicts.append({"role": "assistant", "content": f"Ran the tests of src/mod{k}.py again."})
    return dicts, starts


def agent(turns: int) -> None:
    cold = []
    for seed, window in enumerate((8_000, 16_000, 32_000), start=11):
        # a session of its own per window: the readings kept by content would serve a
        # second window's prepare of the same dicts, which is then no cold call
        unseen, _ = agent_session(1_500, seed=seed)
        t0 = time.process_time()
        prepare(unseen, MODEL, window=window, compaction=True)
        cold.append(time.process_time() - t0)
    dicts, starts = agent_session(1_500 + 60 * (turns + 1))
    begin = next(i for i, at in enumerate(starts) if at >= 1_500)
    print(
        "cold prepare of ~1,500 never-seen agent dicts (a new session each), compaction on, "
        "at 8k / 16k / 32k: " + " / ".join(f"{t:.2f}" for t in cold) + " s CPU"
    )
    preparer = Preparer(MODEL, window=WINDOW, compaction=True)
    preparer.prepare(dicts[: starts[begin]])
    kept, ratios, recaps = [], [], 0
    for at in starts[begin + 1 : begin + 1 + turns]:
        t0 = time.process_time()
        out = preparer.prepare(dicts[:at])
        kept.append(time.process_time() - t0)
        recaps += out.event is not None
        t0 = time.process_time()
        prepare(dicts[:at], MODEL, window=WINDOW, compaction=True)
        ratios.append(kept[-1] / (time.process_time() - t0))
    p90 = sorted(kept)[int(0.9 * (len(kept) - 1))]
    print(
        f"kept Preparer at {WINDOW:,}, 40-60 dicts between user turns, {len(kept)} turns "
        f"({recaps} re-compacting): median {statistics.median(kept) * 1000:.0f} ms, p90 "
        f"{p90 * 1000:.0f}, max {max(kept) * 1000:.0f} ms CPU; a turn / a one-shot prepare "
        f"of the same history: median {statistics.median(ratios):.2f}, max {max(ratios):.2f}"
    )


def run(label: str, messages: list[dict[str, Any]], turns: int, mode: str) -> None:
    preparer = Preparer(MODEL, window=WINDOW, max_output_tokens=1000)
    dicts = list(messages)
    conv = Conversation.from_messages(read_messages(dicts))
    call: Callable[[], Prepared] = (
        (lambda: preparer.prepare(conv))
        if mode == "conversation"
        else (lambda: preparer.prepare(dicts))
    )
    times, recaps = [], 0
    for turn in range(turns + 1):
        if mode == "edit" and turn == turns // 2:  # the app rewrites its first request
            dicts[1] = {**dicts[1], "content": dicts[1]["content"] + " (edited)"}
        t0 = time.perf_counter()
        out = call()
        times.append(time.perf_counter() - t0)
        recaps += out.event is not None
        dicts = dicts + app_round(turn)
        if mode == "conversation":
            conv = out.conversation.append(*read_messages(dicts)[len(out.conversation.record) :])
    later = times[1:]
    print(
        f"  {label:<16} first {times[0] * 1000:7.0f} ms; later turns median "
        f"{statistics.median(later) * 1000:7.1f} ms, max {max(later) * 1000:7.0f} ms; "
        f"{recaps} recap(s) in {turns + 1} turns"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--messages", type=int, default=3_000)
    ap.add_argument("--turns", type=int, default=20)
    ap.add_argument("--cache", type=int, default=0, help="turns of the prompt-cache run")
    ap.add_argument("--agent", type=int, default=0, help="user turns of the agent-loop run")
    args = ap.parse_args()
    if args.agent:
        agent(args.agent)
        return
    if args.cache:
        print(f"{args.cache} agent turns (varied tool output), compaction on:")
        for window in (8_000, 32_000):
            cache(args.cache, window)
        return
    messages = history(args.messages, seed=args.messages)
    print(
        f"{args.messages:,}-message session, {MODEL} at {WINDOW:,}, compaction on, "
        f"a round appended before each of {args.turns} later turns:"
    )
    for label, mode in (
        ("dicts", "dicts"),
        ("conversation", "conversation"),
        ("dicts, one edit", "edit"),
    ):
        run(label, messages, args.turns, mode)


if __name__ == "__main__":
    main()
