"""Write the dated dollar price table that ships with the package (``data/prices.json``).

The figures come from genai-prices (pydantic's maintained table of provider prices, a
test dependency through pydantic-ai), read for each model of ``data/models.json`` at
the table's date. A model genai-prices does not know is left out: its dollar cost is
reported as unknown, never guessed. Prices are USD per million tokens; a long-context
tier (the whole request billed at a higher rate above a threshold of input tokens) is
kept as ``long_context``.

    python scripts/make_prices.py 2026-11-30  # writes src/contextledger/data/prices.json
"""

from __future__ import annotations

import datetime
import json
import sys
from decimal import Decimal
from importlib.metadata import version
from pathlib import Path
from typing import Any

from genai_prices import Usage, calc_price

DATA = Path(__file__).resolve().parents[1] / "src" / "contextledger" / "data"
PROVIDERS = {"openai": "openai", "anthropic": "anthropic", "gemini": "google", "mistral": "mistral"}


def _tiered(value: Any) -> tuple[Decimal, int | None, Decimal | None]:
    """``(base, threshold, price above it)`` of a genai-prices price."""
    if value is None:
        return Decimal(0), None, None
    if isinstance(value, Decimal):
        return value, None, None
    (tier,) = value.tiers  # one long-context tier is all the catalog's models have
    return value.base, tier.start, tier.price


def _number(d: Decimal) -> float | int:
    return int(d) if d == d.to_integral_value() else float(d)


def main(as_of: str) -> None:
    when = datetime.datetime.fromisoformat(as_of).replace(tzinfo=datetime.UTC)
    models = json.loads((DATA / "models.json").read_text("utf-8"))["models"]
    table: dict[str, Any] = {}
    for m in models:
        provider = PROVIDERS.get(m["provider"])
        if provider is None or "/" in m["id"]:
            continue
        try:
            price = calc_price(
                Usage(input_tokens=1), model_ref=m["id"], provider_id=provider,
                genai_request_timestamp=when,
            ).model_price  # fmt: skip
        except LookupError:
            continue
        entry: dict[str, Any] = {}
        above: dict[str, Any] = {}
        for ours, theirs in (("input", price.input_mtok), ("cached_input", price.cache_read_mtok),
                             ("output", price.output_mtok),
                             ("cache_write", price.cache_write_mtok),
                             ("cache_write_1h", getattr(price, "cache_write_1h_mtok", None))):  # fmt: skip
            if theirs is None and ours.startswith("cache_write"):
                continue  # no write charge: the reader bills a write as an input token
            if theirs is None and ours == "cached_input":
                theirs = price.input_mtok  # no cache discount: a cached token costs an input one
            base, start, high = _tiered(theirs)
            entry[ours] = _number(base)
            if start is not None and high is not None:
                above["above_input_tokens"] = start
                above[ours] = _number(high)
        if above:
            entry["long_context"] = above
        table[m["id"]] = entry
    out = {
        "_comment": "USD per million tokens, read from genai-prices "
        f"{version('genai-prices')} (github.com/pydantic/genai-prices) for the date below by "
        "scripts/make_prices.py. long_context: the whole request is billed at these rates "
        "when its input exceeds above_input_tokens. A model not listed has no known price.",
        "as_of": as_of,
        "currency": "USD",
        "per_tokens": 1_000_000,
        "models": table,
    }
    head = json.dumps({k: v for k, v in out.items() if k != "models"}, indent=2)[:-2]
    rows = ",\n".join(f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in table.items())
    text = f'{head},\n  "models": {{\n{rows}\n  }}\n}}\n'  # one model a line
    json.loads(text)
    (DATA / "prices.json").write_text(text, encoding="utf-8")
    print(f"{len(table)} models priced as of {as_of}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else datetime.date.today().isoformat())
