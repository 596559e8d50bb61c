"""The shipped dollar table (``data/prices.json``) is in step with the catalog: every model of
``data/models.json`` that genai-prices prices at the table's date is in it (42 models added
to the catalog had no dollar figure though genai-prices had theirs: prov26). Regenerate with
``python scripts/make_prices.py <as_of>``."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

genai_prices = pytest.importorskip("genai_prices")

DATA = Path(__file__).resolve().parents[1] / "src" / "contextledger" / "data"
PROVIDERS = {"openai": "openai", "anthropic": "anthropic", "gemini": "google", "mistral": "mistral"}


def test_every_catalogued_model_genai_prices_knows_has_its_dollar_figures() -> None:
    table = json.loads((DATA / "prices.json").read_text("utf-8"))
    when = datetime.datetime.fromisoformat(table["as_of"]).replace(tzinfo=datetime.UTC)
    missing = []
    for m in json.loads((DATA / "models.json").read_text("utf-8"))["models"]:
        provider = PROVIDERS.get(m["provider"])
        if provider is None or "/" in m["id"] or m["id"] in table["models"]:
            continue
        try:
            genai_prices.calc_price(
                genai_prices.Usage(input_tokens=1),
                model_ref=m["id"],
                provider_id=provider,
                genai_request_timestamp=when,
            )
        except LookupError:
            continue  # no published price: reported as unknown, never guessed
        missing.append(m["id"])
    assert missing == []
