"""What a fit returns: the messages to send and a report of every decision."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from ..model import Message
from ..pricing.messages import Pricer
from ..report import Notice

Action = Literal["kept", "shrunk", "dropped", "replaced"]


class Change(NamedTuple):
    """One thing the fit did to a message or block, with tokens before and after.

    Immutable (a named tuple: a cold fit of a long history makes one per dropped message,
    and a tuple is made several times faster than a frozen dataclass)."""

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


KeptMemo = dict[int, tuple[Message, Change, int, int]]  # id(message) → its "kept" Change


def kept_changes(
    pricer: Pricer, out: tuple[Message, ...], memo: KeptMemo | None = None
) -> tuple[list[Change], int, int]:
    """One "kept" Change per message sent, and the text and image tokens they add up to.

    With ``memo`` (kept by a ``Fitter``), a message sent last time too reuses its Change:
    messages are immutable, so the same object has the same price. The memo is left holding
    exactly the messages sent this time.
    """
    changes: list[Change] = []
    text_tokens = image_tokens = 0
    before = memo or {}
    now: KeptMemo = {}
    for m in out:
        hit = before.get(id(m))
        if hit is None or hit[0] is not m:
            price = pricer.message(m)
            change = Change("kept", m.id, None, m.role, "kept", price.total, price.total)
            hit = (m, change, price.text, price.image)
        now[id(m)] = hit
        changes.append(hit[1])
        text_tokens += hit[2]
        image_tokens += hit[3]
    if memo is not None:
        memo.clear()
        memo.update(now)
    # Turns the wire format merges are billed one framing, not one per message.
    return changes, text_tokens - pricer.merged_framing(out), image_tokens
