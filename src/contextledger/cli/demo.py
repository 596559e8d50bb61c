"""``contextledger demo``: a tour of the pipeline on the built-in example, fully offline."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import main

if TYPE_CHECKING:
    from rich.console import Console

    from ..model import Message


@main.command()
def demo() -> None:
    """Tour the pipeline on the example conversation (no provider, no API keys)."""
    from rich.console import Console

    from ..examples import load_example_payload
    from ..providers import read_messages

    console = Console(width=110)
    payload = load_example_payload()
    messages = read_messages(payload)
    console.rule("[bold]contextledger demo[/bold]: an afternoon of debugging with an agent")
    images = sum(1 for m in messages for _ in m.images())
    calls = sum(len(m.tool_calls) for m in messages)
    console.print(
        f"The example holds {len(payload)} OpenAI-format messages ({len(messages)} after folding "
        f"tool screenshots back into their results): {images} images, {calls} tool calls, "
        "attached files, and turns in Chinese and Hindi."
    )
    for section in SECTIONS:
        section(console, messages)
    console.rule("done")


def _translate(console: Console, messages: tuple[Message, ...]) -> None:
    from rich.table import Table

    from ..providers import read_messages, translate

    console.rule("1. One content model, every provider's wire format")
    table = Table("target", "wire messages", "request bytes", "round trip back", "notices")
    for fmt in ("openai", "anthropic", "openai-responses", "gemini"):
        result = translate(messages, fmt)  # type: ignore[arg-type]
        wire = json.dumps(result.body, ensure_ascii=False)
        back = read_messages(result.body, fmt)  # type: ignore[arg-type]
        same = [(m.role, m.content) for m in back] == [(m.role, m.content) for m in messages]
        table.add_row(
            fmt,
            str(len(result.messages)),
            f"{len(wire):,}",
            "lossless" if same else "canonicalized",
            str(len(result.notices)),
        )
    console.print(table)
    console.print(
        "Images go first in user turns and two or more are labelled 'Image 1:', 'Image 2:'; a screenshot a "
        "tool returned travels inside the tool result where the format allows it."
    )


def _gate(console: Console, messages: tuple[Message, ...]) -> None:
    from ..errors import VisionGateError
    from ..providers import translate

    console.rule("2. The vision gate: a text-only model never gets an image it can't see")
    try:
        translate(messages, "openai", model="gpt-3.5-turbo")
    except VisionGateError as exc:
        console.print(f"[red]refused:[/red] {exc}")
    result = translate(messages, "openai", model="gpt-3.5-turbo", on_images="placeholder")
    console.print(
        f"With on_images='placeholder', {len(result.notices)} images become visible placeholders, each reported:"
    )
    for notice in result.notices[:3]:
        console.print(f"  • {notice.text}")
    console.print(
        "The stored conversation keeps the images: switch back to gpt-4o and they are sent again."
    )


SECTIONS: list[Callable[[Console, tuple[Message, ...]], None]] = [_translate, _gate]
