"""Benchmark: fit() on a 10,000-message agent session with 500 images, against LangChain.

Measured as users call it, ratios from one run:

* **first fit in a fresh process** minus a bare ``import contextledger`` (subprocesses; the
  vocabulary load is the one-time cost and is reported apart);
* **cold**: ``fit(dicts, ...)`` on a session never seen before (new texts, new images) in a
  process whose tokenizer is already loaded; median of 3 sessions;
* **refit**: a ``Fitter`` kept per conversation, fed the app's own list of dicts after the
  app appends one new dict to it in place; median of 5 appends;
* **LangChain**: ``trim_messages(convert_to_messages(dicts), strategy="last",
  token_counter=count_tokens_approximately, start_on="human", include_system=True)`` on the
  same dicts and budget (its approximate counter; it does not price images by pixels);
* **peak memory** of a cold fit (tracemalloc) against the input's own size in memory;
* **huge paste**: one generated message of 50 MB (and 12.5 MB, to show the time is linear)
  as an old message (decided on by a bound, never tokenized), as the newest tool output
  (counted once, then shrunk to head and tail) and as the current request (refused with
  ``BudgetError``); CPU seconds of this process.

Each figure is reported in wall time and in CPU time of the benchmark process (the machine
this runs on is shared; CPU time is what other processes do not disturb). Before each timed
call the garbage collector runs (``gc.collect()``, for both contenders): an
app's history was built over many turns, not allocated in the instant before the call, and a
collection of the freshly generated session would otherwise land in whichever call comes next.

Run: ``.venv/bin/python bench/bench_fit.py`` (``--quick`` skips the huge paste).
"""

from __future__ import annotations

import base64
import gc
import io
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from PIL import Image

from contextledger.fit import Fitter, fit
from contextledger.pricing.text import warm


def png(w: int, h: int, seed: int) -> str:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), (seed % 251, seed // 251 % 251, 120)).save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


WORDS = [
    "the", "test", "fails", "because", "import", "path", "config", "retry", "cache", "build",
    "error", "line", "function", "returns", "None", "expected", "value", "fixture", "mock",
    "async", "timeout", "database", "query", "index", "schema", "migration", "deploy", "log",
]  # fmt: skip


def session(n: int = 10_000, images: int = 500, seed: int = 1) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    pool = [
        png(rng.choice([640, 1280, 1920, 3840]), rng.choice([480, 800, 1080, 2160]), seed * 20 + k)
        for k in range(20)
    ]
    msgs: list[dict[str, Any]] = [{"role": "system", "content": "You are a coding agent."}]
    image_every = max(1, n // images)
    k = 0
    while len(msgs) < n:
        k += 1
        if k % 3 == 0:
            cid = f"call_{k}"
            msgs.append(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": cid,
                            "type": "function",
                            "function": {"name": "run", "arguments": '{"cmd": "pytest -q"}'},
                        }
                    ],
                }
            )
            msgs.append(
                {"role": "tool", "tool_call_id": cid, "content": "ok\n" * rng.randrange(5, 200)}
            )
        elif len(msgs) // image_every > sum(1 for m in msgs if isinstance(m.get("content"), list)):
            msgs.append(
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": f"look at this {k}"},
                        {"type": "image_url", "image_url": {"url": pool[k % len(pool)]}},
                    ],
                }
            )
        else:
            msgs.append(
                {
                    "role": "user" if k % 2 else "assistant",
                    "content": f"message {k} seed {seed} "
                    + " ".join(rng.choice(WORDS) for _ in range(rng.randrange(5, 120))),
                }
            )
    return msgs


def deep_size(obj: Any) -> int:
    seen: set[int] = set()
    stack = [obj]
    total = 0
    while stack:
        o = stack.pop()
        if id(o) in seen:
            continue
        seen.add(id(o))
        total += sys.getsizeof(o)
        if isinstance(o, dict):
            stack.extend(o.keys())
            stack.extend(o.values())
        elif isinstance(o, list | tuple):
            stack.extend(o)
    return total


def first_fit_over_import() -> tuple[float, float, float]:
    """(import, import + first fit, first count) seconds, each in a fresh process (median of 3)."""
    fit_code = (
        "import time; t = time.perf_counter(); import contextledger; "
        "contextledger.fit([{'role': 'user', 'content': 'hello'}], 'gpt-4o'); "
        "print(time.perf_counter() - t)"
    )
    import_code = (
        "import time; t = time.perf_counter(); import contextledger; print(time.perf_counter() - t)"
    )
    load_code = (
        "import contextledger, time; from contextledger.pricing.text import counter_for; "
        "t = time.perf_counter(); counter_for('gpt-4o').count('x'); print(time.perf_counter() - t)"
    )

    def run(code: str) -> float:
        out = [
            float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                 check=True).stdout)
            for _ in range(3)
        ]  # fmt: skip
        return statistics.median(out)

    return run(import_code), run(fit_code), run(load_code)


def main() -> None:
    imported, first_fit, load = first_fit_over_import()
    print(
        f"fresh process: import {imported * 1e3:.0f} ms, import + first fit {first_fit * 1e3:.0f} ms "
        f"(+{(first_fit - imported) * 1e3:.0f} ms; of which the first count, reading the "
        f"o200k vocabulary, {load * 1e3:.0f} ms, once per process)"
    )
    t = time.perf_counter()
    warm("o200k_base")  # the compiled tokenizer's one-time build, outside the timings
    print(
        f"this process: compiled vocabulary build {(time.perf_counter() - t) * 1e3:.0f} ms "
        "(not in the figures below)"
    )
    msgs = session()
    images = sum(1 for m in msgs if isinstance(m.get("content"), list))
    print(
        f"session: {len(msgs):,} messages, {images} images, input {deep_size(msgs) / 1e6:.1f} MB in memory"
    )
    for window in (32_000, 128_000):
        measure(window)
    if "--quick" not in sys.argv:
        huge_paste()


def huge_paste() -> None:
    from contextledger.errors import BudgetError

    print("\nhuge paste (gpt-4o, window 128,000), CPU seconds:")
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "run", "arguments": '{"cmd": "cat build.log"}'},
    }
    for mb in (12.5, 50):
        # A dump nothing repeats in: base64 of random bytes, 76 characters a line (the
        # tokenizer's worst case: long runs without spaces).
        raw = random.Random(int(mb)).randbytes(int(mb * 1e6) * 3 // 4)
        text = base64.encodebytes(raw).decode()
        shapes = {
            "old message (dropped)": [
                {"role": "user", "content": text},
                {"role": "assistant", "content": "noted"},
                {"role": "user", "content": "what next?"},
            ],
            "newest tool output (shrunk)": [
                {"role": "user", "content": "show me the build log"},
                {"role": "assistant", "content": None, "tool_calls": [call]},
                {"role": "tool", "tool_call_id": "c1", "content": text},
            ],
            "current request (refused)": [{"role": "user", "content": text}],
        }
        for name, msgs in shapes.items():
            gc.collect()
            t = time.process_time()
            try:
                outcome = f"used {fit(msgs, 'gpt-4o').report.used:,} tokens"
            except BudgetError as exc:
                bound = "at least " if "at least" in str(exc) else ""
                outcome = f"BudgetError, needs {bound}{exc.needed:,} tokens"
            print(f"  {mb:5} MB {name:29} {time.process_time() - t:6.2f} s  ({outcome})")


def clocked(fn: Callable[[], Any]) -> tuple[float, float]:
    """(wall, CPU) seconds of one call, after a collection (see the module doc)."""
    gc.collect()
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def medians(samples: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


def measure(window: int) -> None:
    from langchain_core.messages import trim_messages
    from langchain_core.messages.utils import convert_to_messages, count_tokens_approximately

    model = "gpt-4o"
    reserve = 4096
    budget = window - reserve
    seeds = iter(range(window, window + 100))

    cold = []
    for _ in range(3):
        fresh = session(seed=next(seeds))  # never seen: new texts, new images
        cold.append(clocked(lambda: fit(fresh, model, window=window, max_output_tokens=reserve)))  # noqa: B023

    msgs = session(seed=next(seeds))
    fitter = Fitter(model, window=window, max_output_tokens=reserve)
    report = fitter.fit(msgs).report
    refit = []
    for i in range(9):
        msgs.append({"role": "user", "content": f"new message {i}: run the tests again {window}"})
        refit.append(clocked(lambda: fitter.fit(msgs)))

    def langchain() -> Any:
        return trim_messages(
            convert_to_messages(msgs),
            max_tokens=budget,
            token_counter=count_tokens_approximately,
            strategy="last",
            include_system=True,
            start_on="human",
        )

    lc = [clocked(langchain) for _ in range(5)]
    (cold_w, cold_c), (refit_w, refit_c), (lc_w, lc_c) = medians(cold), medians(refit), medians(lc)
    fresh = session(seed=next(seeds))
    tracemalloc.start()
    fit(fresh, model, window=window, max_output_tokens=reserve)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"\nwindow {window:,} (budget {budget:,}); kept {len(report.kept):,} messages, "
        f"used {report.used:,} tokens ({report.image_tokens:,} image)"
    )
    print("                                                   wall ms    CPU ms")
    print(
        f"  contextledger fit, cold, never-seen dicts ..... {cold_w * 1e3:8.1f}  {cold_c * 1e3:8.1f}"
    )
    print(
        f"  contextledger refit, 1 dict appended in place . {refit_w * 1e3:8.1f}  {refit_c * 1e3:8.1f}"
    )
    print(f"  langchain trim_messages(convert_to_messages) .. {lc_w * 1e3:8.1f}  {lc_c * 1e3:8.1f}")
    print(
        f"  cold vs langchain:  {lc_w / cold_w:5.2f}x wall, {lc_c / cold_c:5.2f}x CPU   "
        f"refit vs langchain: {lc_w / refit_w:6.1f}x wall, {lc_c / refit_c:6.1f}x CPU"
    )
    print(
        f"  peak memory during a cold fit: {peak / 1e6:.1f} MB = {peak / deep_size(fresh):.2f}x the input"
    )


if __name__ == "__main__":
    main()
