"""Benchmark: CPU of a cold ``fit`` of a 3,000-message Chat session carrying 20 tool schemas
(pydantic-shaped: titled parameters and properties, descriptions, enums, defaults, nested
objects, arrays of objects, some ``anyOf`` unions, rendered, and ``$ref`` schemas, priced by
their JSON),
and of ``price_request`` on the fitted body with those tools.

Each row: ``time.process_time`` of one call after a collection, a new session (seed) each
repeat, median of ``--repeats``. For an A/B against another checkout run it with
``PYTHONPATH=<its src>`` in turns with this one and compare medians.

Run: ``.venv/bin/python bench/bench_tool_schemas.py [--repeats 5] [--seed 0]``.
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
from contextledger import fit, translate
from contextledger.pricing.messages import price_request
from fit_sessions import support_session


def tool(k: int) -> dict[str, Any]:
    """The k-th of 20 tools, in the shapes schema generators write."""
    props: dict[str, Any] = {
        "query": {"title": "Query", "type": "string", "description": f"What to look up ({k})."},
        "limit": {"title": "Limit", "type": "integer", "default": 10},
        "mode": {"title": "Mode", "type": "string", "enum": ["fast", "exact", "fuzzy"]},
        "filters": {
            "title": "Filters",
            "type": "object",
            "properties": {
                "since": {"type": "string"},
                "tags": {"type": "array", "items": {"type": "string"}},
            },
        },
        "rows": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"id": {"type": "integer"}, "note": {"type": "string"}},
            },
        },
    }
    if k % 4 == 0:  # shapes the rendering does not cover: priced by their JSON
        props["owner"] = {"anyOf": [{"type": "string"}, {"type": "null"}], "title": "Owner"}
    if k % 5 == 0:
        props["ref"] = {"$ref": "#/$defs/Ref"}
    params: dict[str, Any] = {
        "title": f"tool_{k}_input",
        "type": "object",
        "properties": props,
        "required": ["query"],
    }
    if k % 5 == 0:
        params["$defs"] = {"Ref": {"type": "object", "properties": {"id": {"type": "string"}}}}
    return {
        "type": "function",
        "function": {"name": f"tool_{k}", "description": f"Tool {k}.", "parameters": params},
    }


TOOLS = [tool(k) for k in range(20)]


def cpu(call: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds of one call after a collection, and what it returned."""
    gc.collect()
    t = time.process_time()
    out = call()
    return time.process_time() - t, out


def main() -> None:
    ap = argparse.ArgumentParser(description="fit + price with 20 tools, CPU (see the module doc)")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    contextledger.warm()
    fit(support_session(n=500, seed=99_999), "gpt-4o", window=32_000, tools=TOOLS)
    fits, prices = [], []
    for r in range(args.repeats):
        d = support_session(n=3_000, seed=args.seed * 100 + r)
        call = partial(fit, d, "gpt-4o", window=32_000, max_output_tokens=4_096, tools=TOOLS)
        took, res = cpu(call)
        fits.append(took)
        body = {**translate(res.messages, "openai").body, "model": "gpt-4o", "tools": TOOLS}
        prices.append(cpu(partial(price_request, body, "gpt-4o", "openai"))[0])
    fit_ms, price_ms = statistics.median(fits) * 1e3, statistics.median(prices) * 1e3
    print(
        f"fit {fit_ms:.1f} ms CPU, price_request {price_ms:.2f} ms CPU (median of {args.repeats})"
    )


if __name__ == "__main__":
    main()
