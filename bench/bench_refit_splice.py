"""Benchmark: a ``Fitter``'s refit after the app changes its list of dicts mid-history.

A ``Fitter`` kept per conversation is fed the app's own list (``fit_sessions``: the
multilingual agent session by default, ``--session support|helpdesk`` for others), fitted
once (not timed); then, in turn, each change below is made to the list in place and the
refit timed (CPU time of this process, after a collection; the median of ``--repeats``
rounds of all the changes, interleaved so each change meets the same machine load):

* **append**: one user dict appended;
* **delete**: a user's text dict at 60 % of the list taken out;
* **insert**: a user's text dict put in at 60 %;
* **oldest dropped**: the oldest turn after the system prompt taken out (a sliding window);
* **exchange out**: an assistant's tool call and its results at 60 % taken out;
* **edit in place**: a user's text dict at 60 % edited (the list keeps its length).

Each round starts with an append, as apps do (the next request). With ``--check`` each
refit is compared, after its clock, with a one-shot ``fit`` of the same list.

Run: ``.venv/bin/python bench/bench_refit_splice.py [--dicts 3000] [--window 32000]``.
For an A/B against another checkout, run it with ``PYTHONPATH=<its src>`` in turns with
this one (each prints one line of medians with ``--line``).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from contextledger.fit import Fitter, fit
from fit_sessions import helpdesk_session, multilingual_session, support_session

Dicts = list[dict[str, Any]]
SESSIONS: dict[str, Callable[..., Dicts]] = {
    "multilingual": multilingual_session,
    "support": support_session,
    "helpdesk": helpdesk_session,
}


def _user_text_at(dicts: Dicts, share: float) -> int:
    start = int(len(dicts) * share)
    return next(
        i
        for i in range(start, len(dicts) - 1)
        if dicts[i]["role"] == "user" and type(dicts[i]["content"]) is str
    )


def _append(dicts: Dicts, rng: random.Random) -> None:
    dicts.append({"role": "user", "content": f"Next step — check it again ✓ {rng.random()}"})


def _delete(dicts: Dicts, rng: random.Random) -> None:
    del dicts[_user_text_at(dicts, 0.6)]


def _insert(dicts: Dicts, rng: random.Random) -> None:
    at = _user_text_at(dicts, 0.6)
    dicts.insert(at, {"role": "user", "content": f"(a note put back in) {rng.random()}"})


def _oldest_dropped(dicts: Dicts, rng: random.Random) -> None:
    users = [i for i, d in enumerate(dicts) if d["role"] == "user"]
    del dicts[users[0] : users[1]]


def _exchange_out(dicts: Dicts, rng: random.Random) -> None:
    at = int(len(dicts) * 0.6)
    i = next(j for j in range(at, len(dicts)) if dicts[j].get("tool_calls"))
    k = i + 1
    while dicts[k]["role"] == "tool":
        k += 1
    del dicts[i:k]


def _edit(dicts: Dicts, rng: random.Random) -> None:
    at = _user_text_at(dicts, 0.6)
    dicts[at]["content"] = f"{dicts[at]['content']} (edited {rng.random()})"


CHANGES: list[tuple[str, Callable[[Dicts, random.Random], None]]] = [
    ("append", _append),
    ("delete", _delete),
    ("insert", _insert),
    ("oldest dropped", _oldest_dropped),
    ("exchange out", _exchange_out),
    ("edit in place", _edit),
]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--dicts", type=int, default=3000)
    p.add_argument("--window", type=int, default=32_000)
    p.add_argument("--session", choices=sorted(SESSIONS), default="multilingual")
    p.add_argument("--seed", type=int, default=30001)
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--check", action="store_true", help="compare each refit with fit()")
    p.add_argument("--only", choices=[name for name, _ in CHANGES], help="this change alone")
    p.add_argument("--line", action="store_true", help="one line: each change's median ms")
    args = p.parse_args()
    dicts = SESSIONS[args.session](n=args.dicts, seed=args.seed)
    model, reserve = "gpt-4o", 4096
    fitter = Fitter(model, window=args.window, max_output_tokens=reserve)
    fitter.fit(dicts)
    rng = random.Random(args.seed)
    changes = [(n, c) for n, c in CHANGES if args.only in (None, n)]
    times: dict[str, list[float]] = {name: [] for name, _ in changes}
    for _ in range(args.repeats):
        for name, change in changes:
            change(dicts, rng)
            gc.collect()
            t = time.process_time()
            got = fitter.fit(dicts)
            times[name].append(time.process_time() - t)
            if args.check:
                want = fit([dict(d) for d in dicts], model, window=args.window,
                           max_output_tokens=reserve)  # fmt: skip
                same = (got.messages, got.report.used) == (want.messages, want.report.used)
                assert same, f"{name}: the refit differs from a one-shot fit"
    medians = {name: statistics.median(ts) * 1e3 for name, ts in times.items()}
    if args.line:
        print(" ".join(f"{m:.2f}" for m in medians.values()))
        return
    print(f"{args.session} session, {args.dicts:,} dicts, window {args.window:,}: refit CPU ms")
    for name, m in medians.items():
        print(f"  {name:16} {m:8.2f}")


if __name__ == "__main__":
    main()
