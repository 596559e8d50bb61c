"""Benchmark: fit() on a 10,000-message agent session with 500 images, against LangChain.

Prints, for 32k and 128k windows: cold fit time (OpenAI dicts in), refit time after one new
message (a Fitter kept across turns, as an app holds it), LangChain's
``trim_messages`` + ``count_tokens_approximately`` on the same input and budget, the ratios,
and our peak memory against the input's own size. Run: ``.venv/bin/python bench/bench_fit.py``.
"""

from __future__ import annotations

import base64
import io
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from PIL import Image

from contextledger.fit import Fitter, fit
from contextledger.model import Message
from contextledger.providers import read_messages


def png(w: int, h: int, seed: int) -> str:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), (seed % 255, 80, 120)).save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def session(n: int = 10_000, images: int = 500, seed: int = 1) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    pool = [
        png(rng.choice([640, 1280, 1920, 3840]), rng.choice([480, 800, 1080, 2160]), k)
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
                    "content": f"message {k} " + "word " * rng.randrange(5, 120),
                }
            )
    return msgs


def timed(fn: Callable[[], Any], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


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


def main() -> None:
    from langchain_core.messages.utils import convert_to_messages

    msgs = session()
    images = sum(1 for m in msgs if isinstance(m.get("content"), list))
    print(
        f"session: {len(msgs):,} messages, {images} images, input {deep_size(msgs) / 1e6:.1f} MB in memory"
    )
    lc_msgs = convert_to_messages(msgs)
    for window in (32_000, 128_000):
        measure(msgs, lc_msgs, window)


def measure(msgs: list[dict[str, Any]], lc_msgs: Any, window: int) -> None:
    from langchain_core.messages import trim_messages
    from langchain_core.messages.utils import convert_to_messages, count_tokens_approximately

    model = "gpt-4o"
    reserve = 4096
    budget = window - reserve
    ours_cold = timed(lambda: fit(msgs, model, window=window, max_output_tokens=reserve), 3)
    fitter = Fitter(model, window=window, max_output_tokens=reserve)
    history = list(read_messages(msgs))
    fitter.fit(history)
    extra = [Message.user(f"new message {i}", id=f"new{i}") for i in range(5)]
    grown: list[Message] = list(history)
    samples = []
    for m in extra:
        grown.append(m)
        t = time.perf_counter()
        fitter.fit(grown)
        samples.append(time.perf_counter() - t)
    ours_refit = statistics.median(samples)
    lc = timed(
        lambda: trim_messages(
            lc_msgs,
            max_tokens=budget,
            token_counter=count_tokens_approximately,
            strategy="last",
            include_system=True,
            start_on="human",
        ),
        3,
    )
    lc_from_dicts = timed(
        lambda: trim_messages(
            convert_to_messages(msgs),
            max_tokens=budget,
            token_counter=count_tokens_approximately,
            strategy="last",
            include_system=True,
            start_on="human",
        ),
        3,
    )
    tracemalloc.start()
    fit(msgs, model, window=window, max_output_tokens=reserve)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    kept = fit(msgs, model, window=window, max_output_tokens=reserve).report
    print(
        f"\nwindow {window:,} (budget {budget:,}); kept {len(kept.kept):,} messages, used {kept.used:,} tokens "
        f"({kept.image_tokens:,} image)"
    )
    print(f"  contextledger fit, cold (dicts in) ........ {ours_cold * 1e3:8.1f} ms")
    print(f"  contextledger refit after 1 new message ... {ours_refit * 1e3:8.1f} ms")
    print(f"  langchain trim_messages (messages in) ..... {lc * 1e3:8.1f} ms")
    print(f"  langchain trim_messages (dicts in) ........ {lc_from_dicts * 1e3:8.1f} ms")
    print(
        f"  cold vs langchain (dicts in): {lc_from_dicts / ours_cold:5.2f}x   "
        f"refit vs langchain (dicts in): {lc_from_dicts / ours_refit:6.1f}x"
    )
    print(
        f"  peak memory during cold fit: {peak / 1e6:.1f} MB = {peak / deep_size(msgs):.2f}x the input"
    )


if __name__ == "__main__":
    main()
