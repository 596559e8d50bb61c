"""Benchmark: what pinning the gists (``anchors.pin_gists``) costs of a cold ``fit``.

Each row is a cold ``fit`` of a session never seen in this process (``fit_sessions``: the
multilingual, support and helpdesk shapes, a new seed each), after a warm-up fit of another
session of the multilingual shape (the tokenizer and the request classification loaded):
the fit's CPU time, and the CPU time spent in ``pin_gists`` (timed by a wrapper around it),
after a collection. The median over ``--sessions`` sessions per shape and window.

Run: ``.venv/bin/python bench/bench_gists.py [--sessions 3]``. For an A/B against another
checkout, run it with ``PYTHONPATH=<its src>`` in turns with this one (speed60 measured its
change so, each side's median of 5 interleaved runs).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from collections.abc import Callable
from typing import Any

import contextledger
from contextledger import fit
from contextledger.fit import anchors
from fit_sessions import helpdesk_session, multilingual_session, support_session

_SHAPES: dict[str, Callable[..., list[dict[str, Any]]]] = {
    "multilingual": multilingual_session,
    "support": support_session,
    "helpdesk": helpdesk_session,
}


def timed_gists() -> list[float]:
    """Wrap ``anchors.pin_gists`` (as ``pin_anchors`` calls it): the CPU seconds of each call
    are added to the one-item list returned."""
    spent = [0.0]
    pin_gists = anchors.pin_gists

    def timed(*args: Any) -> None:
        t = time.process_time()
        try:
            pin_gists(*args)
        finally:
            spent[0] += time.process_time() - t

    anchors.pin_gists = timed
    return spent


def main() -> None:
    ap = argparse.ArgumentParser(description="pin_gists' CPU in cold fits (see the module doc)")
    ap.add_argument("--sessions", type=int, default=3, help="sessions per shape and window")
    args = ap.parse_args()
    contextledger.warm()
    fit(multilingual_session(n=2_000, images=50, seed=5), "gpt-4o", window=32_000)
    spent = timed_gists()
    for name, make in _SHAPES.items():
        for window in (32_000, 128_000):
            fits, gists = [], []
            for seed in range(window, window + args.sessions):
                session = make(seed=seed)  # (never seen: new texts, new images)
                gc.collect()
                spent[0] = 0.0
                t = time.process_time()
                fit(session, "gpt-4o", window=window, max_output_tokens=4_096)
                fits.append(time.process_time() - t)
                gists.append(spent[0])
            print(
                f"{name:12} {window:>7,}: cold fit {statistics.median(fits) * 1e3:6.1f} ms CPU, "
                f"pin_gists {statistics.median(gists) * 1e3:5.1f} ms"
            )


if __name__ == "__main__":
    main()
