"""Bills recorded by another project's end-to-end tests, against the same requests priced here:
``report.used`` and ``price_request`` are never below what the provider billed.

Source: Mirascope's e2e snapshots (github.com/Mirascope/mirascope, ``python/tests/e2e/output/
snapshots/``), each a real call's request and its provider's ``usage`` (the usage of the last
call, the one that sent the whole conversation):

* ``test_call/openai_gpt_4o_completions_snapshots.py`` (1f88621): one question, 16;
* ``test_call_with_tools/openai_gpt_4o_completions_snapshots.py`` (0f3e7e7): a system prompt,
  two parallel calls and their results, one function tool, 149;
* ``test_call_with_tools/anthropic_claude_sonnet_4_0_snapshots.py`` (0f3e7e7): the same
  exchange with the assistant's words before its two tool_use blocks, 602 and 606;
* ``test_call_with_tools/google_gemini_2_5_flash_snapshots.py`` (1f88621): the same exchange
  as function calls and responses, 152.
"""

from __future__ import annotations

from typing import Any

import pytest

from contextledger.fit import fit
from contextledger.pricing.messages import price_request

pytestmark = pytest.mark.usefixtures("served_by_default")  # claude-sonnet-4-0 shut down since

ASK = "Please retrieve the secrets associated with each of these passwords: mellon,radiance"
SYSTEM = "Use parallel tool calling."
SECRETS = (("mellon", "Welcome to Moria!"), ("radiance", "Life before Death"))
SCHEMA = {"properties": {"password": {"title": "Password", "type": "string"}},
          "required": ["password"], "type": "object"}  # fmt: skip
NAME, DESCRIPTION = "secret_retrieval_tool", "A tool that requires a password to retrieve a secret."

OPENAI_TOOLS = [{"type": "function", "function": {
    "name": NAME, "description": DESCRIPTION, "strict": False,
    "parameters": {**SCHEMA, "additionalProperties": False}}}]  # fmt: skip
OPENAI_EXCHANGE: list[dict[str, Any]] = [
    {"role": "system", "content": SYSTEM},
    {"role": "user", "content": ASK},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": f"call_{k}", "type": "function",
         "function": {"name": NAME, "arguments": f'{{"password": "{p}"}}'}}
        for k, (p, _) in enumerate(SECRETS)]},
    *({"role": "tool", "tool_call_id": f"call_{k}", "content": s} for k, (_, s) in enumerate(SECRETS)),
]  # fmt: skip


def anthropic_exchange(said: str) -> dict[str, Any]:
    return {"system": SYSTEM, "messages": [
        {"role": "user", "content": [{"type": "text", "text": ASK}]},
        {"role": "assistant", "content": [{"type": "text", "text": said}, *(
            {"type": "tool_use", "id": f"toolu_{k}", "name": NAME, "input": {"password": p}}
            for k, (p, _) in enumerate(SECRETS))]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": f"toolu_{k}", "content": s}
            for k, (_, s) in enumerate(SECRETS)]},
    ]}  # fmt: skip


ANTHROPIC_TOOLS = [{"name": NAME, "description": DESCRIPTION,
                    "input_schema": {**SCHEMA, "additionalProperties": False}}]  # fmt: skip
GEMINI_TOOLS = [
    {"function_declarations": [{"name": NAME, "description": DESCRIPTION, "parameters": SCHEMA}]}
]
GEMINI_EXCHANGE: dict[str, Any] = {
    "system_instruction": {"parts": [{"text": SYSTEM}]},
    "contents": [
        {"role": "user", "parts": [{"text": ASK}]},
        {"role": "model", "parts": [{"function_call": {"name": NAME, "args": {"password": p}}}
                                    for p, _ in SECRETS]},
        {"role": "user", "parts": [{"function_response": {"name": NAME, "response": {"output": s}}}
                                   for _, s in SECRETS]},
    ],
}  # fmt: skip

# (request, its tools, the model, the wire it was sent on, billed input tokens)
BILLS: list[tuple[Any, Any, str, str, int]] = [
    ([{"role": "user", "content": "What is 4200 + 42?"}], None, "gpt-4o", "openai", 16),
    (OPENAI_EXCHANGE, OPENAI_TOOLS, "gpt-4o", "openai", 149),
    (anthropic_exchange("I'll retrieve the secrets for both passwords you provided."),
     ANTHROPIC_TOOLS, "claude-sonnet-4-0", "anthropic", 602),
    (anthropic_exchange("I'll retrieve the secrets for both passwords using the secret retrieval tool."),
     ANTHROPIC_TOOLS, "claude-sonnet-4-0", "anthropic", 606),
    (GEMINI_EXCHANGE, GEMINI_TOOLS, "gemini-2.5-flash", "gemini", 152),
]  # fmt: skip


@pytest.mark.parametrize(
    ("request_", "tools", "model", "wire", "billed"), BILLS, ids=[f"{b[2]}-{b[4]}" for b in BILLS]
)
def test_a_recorded_bill_is_never_above_what_we_count(
    request_: Any, tools: Any, model: str, wire: str, billed: int
) -> None:
    used = fit(request_, model, tools=tools).report.used
    body = {"messages": request_} if isinstance(request_, list) else dict(request_)
    priced = price_request({**body, **({"tools": tools} if tools else {})}, model, wire).total
    assert min(used, priced) >= billed


def test_a_pydantic_tool_with_titled_properties_is_priced_as_rendered_not_as_json() -> None:
    """Pydantic writes a ``title`` on every property; it used to send the tool to the JSON
    fallback (gpt-4o: 227 priced for the 149 billed). Priced as the rendered namespace with
    the title as a comment line, the request is still above its bill but ~45 tokens nearer."""
    body = {"messages": OPENAI_EXCHANGE, "tools": OPENAI_TOOLS}
    assert 149 <= price_request(body, "gpt-4o", "openai").total <= 190
