"""The size of a plain-data input in memory, as the memory benchmarks and tests divide a peak by."""

from __future__ import annotations

import sys
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
