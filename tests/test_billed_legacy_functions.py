"""Chat Completions' deprecated ``functions`` / ``function_call`` parameters, which OpenAI
still takes and bills as the ``tools`` namespace: priced as tools (R39-B6: not priced at all
before, 15 for a bill of 82).

``tests/data/billed_legacy_functions.json``: traceloop/openllmetry's recorded requests (gpt-4
with ``function_call: "auto"``, billed 82; LangChain's openai-functions runnables on
gpt-3.5-turbo, billed 76), each body as sent with its bill and source. Both models are shut
down now: priced on the catalog with them served again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from builders import served_again
from contextledger.pricing.messages import price_request
from contextledger.serve.wire import WIRES

BILLS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "billed_legacy_functions.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("bill", BILLS, ids=lambda b: b["source"].rsplit("/", 1)[-1])
def test_a_functions_request_is_priced_as_billed(bill: dict[str, Any]) -> None:
    price = price_request(bill["body"], bill["model"], "openai", catalog=served_again())
    assert price.total == bill["billed"], bill["source"]


def test_functions_cost_what_the_same_tools_cost() -> None:
    body = next(b["body"] for b in BILLS if "function_call" in b["body"])
    as_tools = {
        "messages": body["messages"],
        "tools": [{"type": "function", "function": f} for f in body["functions"]],
        "tool_choice": body["function_call"],
    }
    catalog = served_again()
    assert (
        price_request(body, "gpt-4", "openai", catalog=catalog).total
        == price_request(as_tools, "gpt-4", "openai", catalog=catalog).total
    )


def test_the_proxy_budgets_a_clients_functions() -> None:
    body = next(b["body"] for b in BILLS if "function_call" in b["body"])
    wire = WIRES["openai"]
    declared = wire.pricing_tools(body)
    assert declared == [{"type": "function", "function": f} for f in body["functions"]]
    assert wire.pricing_tool_choice(body) == "auto"
