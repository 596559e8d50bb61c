"""The budget for the conversation, and the errors that say plainly why something cannot fit.

budget = window − reserved output − request framing − tool schemas − structured-output
format − memory context.
The system prompt is priced inside the messages (it is never dropped).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ArgumentError, BudgetError
from ..pricing.messages import REQUEST_OVERHEAD


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Budget:
    """Tokens left for the conversation after every reservation, and what was reserved."""

    window: int
    reserved_output: int
    tools_tokens: int
    memory_tokens: int
    history: int  # what the messages (system prompt included) may spend
    overhead_tokens: int = REQUEST_OVERHEAD
    format_tokens: int = 0  # the structured-output format (``FitOptions.response_format``)

    @property
    def beside_history(self) -> int:
        """What every request is billed beside its messages: tool schemas, structured-output
        format, memory, reply priming (a report's ``used`` and ``budget`` count them, as the
        provider does)."""
        return self.tools_tokens + self.format_tokens + self.memory_tokens + self.overhead_tokens


def history_budget(
    model: str,
    window: int,
    reserved_output: int,
    tools_tokens: int,
    memory_tokens: int,
    min_history_tokens: int,
    format_tokens: int = 0,
    overhead_tokens: int = REQUEST_OVERHEAD,
) -> Budget:
    """The budget, or ``BudgetError`` naming the biggest reservation when too little is left."""
    beside = overhead_tokens + tools_tokens + format_tokens + memory_tokens
    history = window - reserved_output - beside
    if history < min_history_tokens:
        parts = {
            "reserved output (max_output_tokens)": reserved_output,
            "tool schemas (tools)": tools_tokens,
            "structured-output format (response_format)": format_tokens,
            "memory context (memory)": memory_tokens,
        }
        biggest = max(parts, key=lambda k: parts[k])
        raise BudgetError(
            f"{model}'s window of {window:,} tokens leaves {max(history, 0):,} for the conversation "
            f"after reserving {reserved_output:,} for output, {tools_tokens:,} for tool schemas and "
            f"{memory_tokens:,} for memory; at least {min_history_tokens:,} are needed. "
            f"Shrink the {biggest} ({parts[biggest]:,} tokens).",
            needed=min_history_tokens,
            available=history,
        )
    return Budget(
        window,
        reserved_output,
        tools_tokens,
        memory_tokens,
        history,
        overhead_tokens,
        format_tokens,
    )


def check_system_prompt_fits(model: str, system_cost: int, budget: Budget) -> None:
    if system_cost > budget.history:
        raise BudgetError(
            f"The system prompt needs {system_cost:,} tokens; {model} leaves {budget.history:,} "
            "for the conversation after reserving output and tool schemas. Shorten the system "
            "prompt or use a larger-context model.",
            needed=system_cost,
            available=budget.history,
        )


def too_big(model: str, needed: int, available: int, what: str, at_least: bool = False) -> str:
    need = f"need {needed:,} tokens"
    if at_least:  # refused by a bound from its length, never tokenized: say so
        need = (
            f"need at least {needed:,} tokens (a lower bound read from its length: it cannot "
            "fit whatever its exact count, so it was not counted)"
        )
    return (
        f"The {what} and tool schemas {need}; {model} leaves {available:,} after "
        "reserving output. Use a larger-context model or shorten the request."
    )


def check_limits(window: object, max_output_tokens: object) -> None:
    """Refuse a window or output reservation that is not a count of tokens (``window="8k"``,
    ``max_output_tokens=-1``) before anything is priced, with the argument's name."""
    for name, value, least in (("window", window, 1), ("max_output_tokens", max_output_tokens, 0)):
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            kind = "a positive" if least else "a non-negative"
            raise ArgumentError(name, f"{kind} whole number of tokens", value)
