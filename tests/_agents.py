"""Shared checks for the framework adapters' end-to-end runs (tests/test_integrations_*.py).

Each run hands every model call to ``CallLog.check`` with the call as OpenAI Chat messages: it
must be one the provider accepts (the stub server's Anthropic validator, which refuses an
orphan result or a dangling call, the way the real API does), fit the window, and end with
the request the user just made.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from contextledger import read_messages, translate
from contextledger.pricing.messages import price_request
from contextledger.validate import tool_pair_problems
from stub_server import StubServer, validate_anthropic

HEADERS = {"x-api-key": "test", "anthropic-version": "2023-06-01"}


@dataclass
class CallLog:
    """Every model call of a run, checked as it happens."""

    model: str
    window: int
    max_output: int
    calls: int = 0
    max_used: int = 0
    images_seen: int = 0
    problems: list[str] = field(default_factory=list)

    def check(
        self,
        openai_messages: Sequence[Mapping[str, Any]],
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        newest_request: Mapping[str, Any] | None = None,
        wire: str = "anthropic",
    ) -> None:
        """``wire``: the format the call is priced in (the one its model is sent)."""
        self.calls += 1
        where = f"call {self.calls}"
        msgs = read_messages([_without_reasoning(m) for m in openai_messages], "openai")
        problems = [
            p
            for p in tool_pair_problems(msgs)
            if not (wire == "openai" and p.kind == "system_position")  # OpenAI takes them
        ]
        if problems:
            self.problems.append(f"{where}: {problems[0]}")
        body: dict[str, Any] = {"model": self.model, "max_tokens": self.max_output}
        if wire == "anthropic":
            body.update(translate(msgs, "anthropic").body)
        if tools:
            body["tools"] = [
                {
                    "name": t["function"]["name"],
                    "description": t["function"].get("description", ""),
                    "input_schema": t["function"].get("parameters", {"type": "object"}),
                }
                for t in tools
            ]
        try:
            if wire == "anthropic":  # an OpenAI call was validated by the stub it went to
                validate_anthropic(body, HEADERS, StubServer())
        except Exception as exc:  # the validator's Invalid: what the API would answer 400 to
            self.problems.append(f"{where}: invalid request: {exc}")
        if wire == "openai":
            native: dict[str, Any] = {"model": self.model, "messages": list(openai_messages)}
            if tools:
                native["tools"] = list(tools)
            used = price_request(native, self.model).total
        else:
            used = price_request(body, self.model).total
        self.max_used = max(self.max_used, used)
        if used + self.max_output > self.window:
            self.problems.append(
                f"{where}: {used} tokens + {self.max_output} output > {self.window}"
            )
        self.images_seen += sum(1 for m in msgs for _ in m.images())
        if newest_request is not None:
            users = [m for m in openai_messages if m.get("role") == "user"]
            if not users or users[-1] != newest_request:
                self.problems.append(f"{where}: the newest request was not sent intact")


def _without_reasoning(message: Mapping[str, Any]) -> Mapping[str, Any]:
    """Reasoning parts a framework keeps in Chat-shaped messages (sent to its own provider)."""
    content = message.get("content")
    if not isinstance(content, list):
        return message
    kept = [p for p in content if p.get("type") not in ("reasoning", "thinking")]
    if message.get("tool_calls") and not kept:
        return {**message, "content": None}
    return {**message, "content": kept}
