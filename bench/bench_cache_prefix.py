"""Benchmark: prompt-cache prefix stability over a simulated 300-turn agent session.

Each turn appends a request, a tool exchange (output of varying length) and an answer, then
prepares a gpt-4o request in a small window (so history must be cut every turn). We count
the turns whose request starts with the whole previous request (a prompt-cache hit on the
full prefix), for exact cutting (hysteresis 0) against the sticky cut (the default 0.25).
Run: ``.venv/bin/python bench/bench_cache_prefix.py``.
"""

from __future__ import annotations

import time
from typing import Any

from contextledger import Message, ToolCall
from contextledger.prepare import Preparer

TURNS = 300


def session(turns: int) -> list[list[Message]]:
    history: list[Message] = [Message.system("You are a coding agent.", id="sys")]
    snapshots = []
    for t in range(turns):
        history += [
            Message.user(f"step {t}: run the tests and fix what fails", id=f"u{t}"),
            Message("assistant", (ToolCall(f"c{t}", "run", '{"cmd": "pytest -q"}'),), id=f"a{t}"),
            Message.tool(f"c{t}", "ok\n" * (20 + t % 7 * 10), id=f"t{t}"),
            Message.assistant(f"Turn {t}: all green.", id=f"r{t}"),
        ]
        snapshots.append(list(history))
    return snapshots


def run(hysteresis: float, snapshots: list[list[Message]]) -> tuple[float, float, float]:
    preparer = Preparer(
        "gpt-4o", window=4000, max_output_tokens=500, compaction=False, hysteresis=hysteresis
    )
    previous: list[Any] | None = None
    shared = turns = 0
    kept_tokens = 0
    start = time.perf_counter()
    for snapshot in snapshots:
        prepared = preparer.prepare(snapshot)
        msgs = prepared.body["messages"]
        kept_tokens += prepared.report.used
        if previous is not None:
            turns += 1
            shared += msgs[: len(previous)] == previous
        previous = msgs
    elapsed = time.perf_counter() - start
    return shared / turns, kept_tokens / len(snapshots), elapsed / len(snapshots)


def main() -> None:
    snapshots = session(TURNS)
    print(f"{TURNS}-turn agent session, gpt-4o, window 4,000 (reserve 500)")
    for h in (0.0, 0.1, 0.25, 0.5):
        share, avg, per_turn = run(h, snapshots)
        label = "exact cut every turn" if h == 0 else f"sticky cut, hysteresis {h:.2f}"
        print(
            f"  {label:34s} prefix kept on {share:6.1%} of turns; avg request {avg:,.0f} tokens; "
            f"prepare {per_turn * 1e3:.2f} ms/turn"
        )


if __name__ == "__main__":
    main()
