"""What a provider sent back: the assistant :class:`Reply` and the provider's :class:`Usage`.

Plain values, shared by the client layer (``contextledger.client``) and the provider
modules that read each SDK's stream (``contextledger.providers.*``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .model import Message, ToolCall

__all__ = ["Reply", "Usage"]


@dataclass(frozen=True, slots=True)
class Usage:
    """Token usage as the provider reported it. ``input_tokens`` counts everything that
    occupied the context (Anthropic's cache reads and writes included).

    ``cached_input_tokens`` of them were read from the provider's prompt cache (billed
    below the input rate); ``cache_write_tokens`` were written to it (Anthropic bills a
    write above the input rate: 1.25× for the 5-minute cache, 2× for the 1-hour one,
    of which ``cache_write_1h_tokens`` are the 1-hour writes).
    """

    input_tokens: int
    output_tokens: int
    cached_input_tokens: int = 0
    cache_write_tokens: int = 0
    cache_write_1h_tokens: int = 0

    def cache_fields(self) -> dict[str, int]:
        """The non-zero cache counts, as a stored usage record holds them."""
        fields = {
            "cached_input_tokens": self.cached_input_tokens,
            "cache_write_tokens": self.cache_write_tokens,
            "cache_write_1h_tokens": self.cache_write_1h_tokens,
        }
        return {k: v for k, v in fields.items() if v}


@dataclass(frozen=True, slots=True)
class Reply:
    """The assistant's reply, the provider's usage (None when it reported none) and our
    estimate of the input (``prepared.report.used``).

    ``finish_reason`` is the provider's (``stop``, ``length``, ``tool_calls``,
    ``end_turn``, ``max_tokens``…); ``response_model`` the model the provider says answered.
    """

    message: Message
    usage: Usage | None
    estimated_input: int
    model: str
    finish_reason: str | None = None
    response_model: str | None = None
    request_id: str | None = None
    refusal: str | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def text(self) -> str:
        return self.message.text

    @property
    def truncated(self) -> bool:
        """True when the reply stopped at the output-token limit."""
        return self.finish_reason in ("length", "max_tokens")

    def with_tool_names(self, names: Mapping[str, str]) -> Reply:
        """This reply with each tool call under the name the app declared (``names``: the
        name on the wire → the app's, ``Prepared.tool_names``).

        >>> reply = Reply(Message.assistant(ToolCall("c1", "get_weather")), None, 0, "m")
        >>> reply.with_tool_names({"get_weather": "get.weather"}).message.tool_calls[0].name
        'get.weather'
        """
        content = self.message.content
        if not names or not any(type(b) is ToolCall and b.name in names for b in content):
            return self
        renamed = tuple(
            replace(b, name=names[b.name]) if type(b) is ToolCall and b.name in names else b
            for b in content
        )
        return replace(self, message=self.message.with_content(renamed))
