"""The size of a plain-data input in memory, as the memory benchmarks and tests divide a peak by."""

from __future__ import annotations

import gc
import sys
import tracemalloc
from collections.abc import Callable
from typing import Any


def deep_size(obj: Any) -> int:
    """Bytes held by ``obj`` and every dict key/value and list/tuple item it reaches, each
    object counted once (``sys.getsizeof``; strings, numbers and bytes as leaves)."""
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


def peak_over_size(run: Callable[[], object], measured: Any) -> float:
    """The peak of traced memory while ``run()`` runs (garbage collected first), over the
    ``deep_size`` of ``measured``: what the memory tests and benchmarks compare to a goal."""
    size = deep_size(measured)
    gc.collect()
    tracemalloc.start()
    try:
        run()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return peak / size
