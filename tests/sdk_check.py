"""Validate produced payloads against the official SDKs' request types, strictly.

pydantic validates the SDK TypedDicts; ``extra="forbid"`` rejects keys the SDK does not
know (``extra="ignore"``: what an API that ignores them checks, the stub's Chat Completions),
and lazily-validated iterables are forced so nothing escapes the check.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from anthropic.types import MessageParam, TextBlockParam
from anthropic.types.beta import BetaMessageParam
from openai.types.chat import ChatCompletionMessageParam
from openai.types.responses import ResponseInputItemParam
from pydantic import ConfigDict, TypeAdapter

Extra = Literal["forbid", "ignore"]


@cache
def _adapter(kind: str, extra: Extra = "forbid") -> TypeAdapter[Any]:
    types: dict[str, Any] = {
        "openai": list[ChatCompletionMessageParam],
        "anthropic": list[MessageParam],
        "anthropic-beta": list[BetaMessageParam],  # (blocks only a beta knows: compaction)
        "anthropic-system": str | list[TextBlockParam],
        "openai-responses": list[ResponseInputItemParam],
    }
    return TypeAdapter(types[kind], config=ConfigDict(extra=extra))


def _force(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _force(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_force(v) for v in value]
    if type(value).__name__ == "ValidatorIterator":
        return [_force(v) for v in value]
    return value


def validate_body(fmt: str, body: dict[str, Any], extra: Extra = "forbid") -> None:
    """Raise pydantic.ValidationError if ``body`` is not what the official client sends
    (``extra="ignore"``: keys the client does not know aside; Chat Completions only)."""
    if fmt == "openai":
        _force(_adapter("openai", extra).validate_python(body["messages"]))
    elif fmt == "anthropic":
        kind = "anthropic-beta" if _sends_a_compaction(body["messages"]) else "anthropic"
        _force(_adapter(kind).validate_python(body["messages"]))
        if "system" in body:
            _adapter("anthropic-system").validate_python(body["system"])
    elif fmt == "openai-responses":
        _force(_adapter("openai-responses").validate_python(body["input"]))
    else:
        raise ValueError(fmt)


def _sends_a_compaction(messages: Any) -> bool:
    """Whether ``messages`` send back a ``compaction`` block (the beta types hold it; the
    stub checks the beta header that lets it in)."""
    return any(
        isinstance(b, dict) and b.get("type") == "compaction"
        for m in messages if isinstance(m, dict) and isinstance(m.get("content"), list)
        for b in m["content"]
    )  # fmt: skip
