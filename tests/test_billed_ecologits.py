"""Bills recorded by genai-impact/ecologits (tests/cassettes at 2d0a1c7, VCR recordings of
real calls; the response bodies are gzip in the YAML): each request priced at or above its
bill, and exactly on OpenAI Chat, whose framing is exact (the cookbook's: 3 a message, the
role, 3 priming the reply).

* test_openai/test_openai_chat.yaml, test_tracer/test_double_init.yaml: gpt-3.5-turbo
  (served gpt-3.5-turbo-0125), "Hello World!" → usage.prompt_tokens 10;
* test_openai/test_azure_openai_chat.yaml: Azure gpt-4o-mini (gpt-4o-mini-2024-07-18) → 10;
* test_tracer/test_init_with_different_mixes.yaml: gpt-4.1-nano (…-2025-04-14), seed 0 → 10;
* test_anthropic/test_anthropic_chat.yaml: claude-3-5-sonnet-20240620 → input_tokens 10;
* test_google_genai/test_google_genai_chat.yaml: gemini-2.5-flash-lite, "Tell me a joke!"
  → usageMetadata.promptTokenCount 6.
"""

from __future__ import annotations

from typing import Any

import pytest

from contextledger import fit
from contextledger.pricing.messages import price_request

# Bills recorded while the models were served (gpt-3.5-turbo, Claude 3.5 Sonnet: shut down since)
pytestmark = pytest.mark.usefixtures("served_by_default")

HELLO = [{"role": "user", "content": "Hello World!"}]
CASES: list[tuple[dict[str, Any], str, str, int]] = [
    ({"model": "gpt-3.5-turbo", "messages": HELLO}, "gpt-3.5-turbo-0125", "openai", 10),
    ({"model": "gpt-4o-mini", "messages": HELLO}, "azure/gpt-4o-mini", "openai", 10),
    ({"model": "gpt-4.1-nano", "messages": HELLO, "seed": 0}, "gpt-4.1-nano", "openai", 10),
    ({"model": "claude-3-5-sonnet-20240620", "max_tokens": 100, "messages": HELLO},
     "claude-3-5-sonnet-20240620", "anthropic", 10),
    ({"contents": [{"parts": [{"text": "Tell me a joke!"}], "role": "user"}]},
     "gemini-2.5-flash-lite", "gemini", 6),
]  # fmt: skip


@pytest.mark.parametrize(("body", "model", "fmt", "billed"), CASES)
def test_each_recorded_request_is_priced_at_or_above_its_bill(
    body: dict[str, Any], model: str, fmt: str, billed: int
) -> None:
    priced = price_request(body, model, fmt).total
    assert priced >= billed
    if fmt == "openai":
        assert priced == billed  # (exact framing)


@pytest.mark.parametrize(("body", "model", "fmt", "billed"), CASES)
def test_a_fit_of_it_reports_the_same_use(
    body: dict[str, Any], model: str, fmt: str, billed: int
) -> None:
    history = {k: v for k, v in body.items() if k in ("messages", "contents")}
    res = fit(history, model, window=8_000, max_output_tokens=100, target=fmt)
    assert res.report.used >= billed
    if fmt == "openai":
        assert res.report.used == billed
