"""What a fit returns: the messages to send and a report of every decision."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..model import Message
from ..pricing.messages import Pricer
from ..report import Notice

Action = Literal["kept", "shrunk", "dropped", "replaced"]


@dataclass(frozen=True, slots=True)
class Change:
    """One thing the fit did to a message or block, with tokens before and after."""

    action: Action
    message_id: str
    block: int | None
    what: str
    reason: str
    tokens_before: int
    tokens_after: int
    #: True when ``tokens_before`` is an estimate: history the window could never hold is
    #: not tokenized (its exact size decides nothing).
    estimated: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "message_id": self.message_id,
            "block": self.block,
            "what": self.what,
            "reason": self.reason,
            "tokens_before": self.tokens_before,
            "tokens_after": self.tokens_after,
            "estimated": self.estimated,
        }


@dataclass(frozen=True, slots=True)
class FitReport:
    """What the fit decided. ``used`` is the exact price of the messages returned."""

    model: str
    window: int
    reserved_output: int
    tools_tokens: int
    memory_tokens: int
    overhead_tokens: int
    budget: int
    used: int
    text_tokens: int
    image_tokens: int
    kept: tuple[str, ...]
    changes: tuple[Change, ...]
    notices: tuple[Notice, ...]
    cut_index: int = 0
    #: True when the model is not in the catalog and its prices are conservative estimates.
    estimated: bool = False

    @property
    def shrunk(self) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.action == "shrunk")

    @property
    def dropped(self) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.action in ("dropped", "replaced"))

    def to_dict(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "window": self.window,
            "reserved_output": self.reserved_output,
            "tools_tokens": self.tools_tokens,
            "memory_tokens": self.memory_tokens,
            "overhead_tokens": self.overhead_tokens,
            "budget": self.budget,
            "used": self.used,
            "text_tokens": self.text_tokens,
            "image_tokens": self.image_tokens,
            "kept": list(self.kept),
            "shrunk": [c.to_dict() for c in self.shrunk],
            "dropped": [c.to_dict() for c in self.dropped],
            "notices": [n.text for n in self.notices],
            "estimated": self.estimated,
        }


@dataclass(frozen=True, slots=True)
class FitResult:
    messages: tuple[Message, ...]
    report: FitReport


def kept_changes(pricer: Pricer, out: tuple[Message, ...]) -> tuple[list[Change], int, int]:
    """One "kept" Change per message sent, and the text and image tokens they add up to."""
    changes: list[Change] = []
    text_tokens = image_tokens = 0
    for m in out:
        price = pricer.message(m)
        text_tokens, image_tokens = text_tokens + price.text, image_tokens + price.image
        changes.append(Change("kept", m.id, None, m.role, "kept", price.total, price.total))
    return changes, text_tokens, image_tokens
