"""Benchmark: cold ``fit`` of never-seen sessions from plain dicts against LangChain, CPU time.

Each row is a cold ``fit(dicts, "gpt-4o", window=W, max_output_tokens=4096)`` of a session
never seen in this process (``fit_sessions``: the multilingual, support, helpdesk and CJK
shapes, a new seed each), after warm-up fits of other sessions (the tokenizer and the
request classification loaded), and LangChain's ``trim_messages(convert_to_messages(dicts))``
on the same dicts and budget (as ``bench_fit.py`` calls it; median of 3). Each call after a
collection; CPU time (``time.process_time``), the medians over ``--sessions`` sessions per
shape and window, and LangChain's CPU over ours.

Run: ``.venv/bin/python bench/bench_cold_fit.py [--sessions 3] [--only support]``. For an A/B
against another checkout, run it with ``PYTHONPATH=<its src>`` in turns with this one (speed63
measured so: interleaved runs, each side's median of 5, fresh seeds each run: ``--seed``).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import contextledger
from bench_fit import langchain_trim
from contextledger import fit
from fit_sessions import (
    cjk_document_session,
    helpdesk_session,
    multilingual_session,
    support_session,
)

_SHAPES: dict[str, Callable[..., list[dict[str, Any]]]] = {
    "multilingual": multilingual_session,
    "support": support_session,
    "helpdesk": helpdesk_session,
    "cjk": cjk_document_session,
}


def cpu(call: Callable[[], Any]) -> float:
    """CPU seconds of one call, after a collection."""
    gc.collect()
    t = time.process_time()
    call()
    return time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser(description="cold fit vs LangChain, CPU (see the module doc)")
    ap.add_argument("--sessions", type=int, default=3, help="sessions per shape and window")
    ap.add_argument("--seed", type=int, default=0, help="first seed (fresh content per run)")
    ap.add_argument("--only", choices=sorted(_SHAPES), help="one shape only")
    args = ap.parse_args()
    contextledger.warm()
    fit(multilingual_session(n=2_000, images=50, seed=5), "gpt-4o", window=32_000)
    langchain_trim(multilingual_session(n=300, images=5, seed=6), 20_000)
    for name, make in _SHAPES.items():
        if args.only and name != args.only:
            continue
        for window in (32_000, 128_000):
            ours, theirs = [], []
            first = args.seed * 1_000 + window % 997
            for seed in range(first, first + args.sessions):
                d = make(seed=seed)  # (never seen: new texts, new images)
                ours.append(cpu(partial(fit, d, "gpt-4o", window=window, max_output_tokens=4_096)))
                trim = partial(langchain_trim, d, window - 4_096)
                theirs.append(statistics.median(cpu(trim) for _ in range(3)))
            mine, lc = statistics.median(ours), statistics.median(theirs)
            print(
                f"{name:12} {window:>7,}: cold fit {mine * 1e3:6.1f} ms CPU, LangChain "
                f"{lc * 1e3:6.1f} ms: {lc / mine:.2f}x"
            )


if __name__ == "__main__":
    main()
