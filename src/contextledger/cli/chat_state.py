"""What one ``contextledger chat`` holds between turns, and how it speaks to the terminal."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

    from ..compaction.conversation import Conversation
    from ..compaction.summarizers import Summarizer
    from ..config import Config
    from ..model import Image
    from ..prepare import Preparer
    from ..report import Notice
    from ..storage.sessions import SessionStore

PROMPT = "you> "
#: The wire APIs ``--api`` and ``/model M API`` choose from (the registry's format names).
API_NAMES = ("openai", "openai-responses", "anthropic", "gemini")
METER_WIDTH = 20


@dataclass
class ChatState:
    """What one chat holds between turns. ``draft`` and ``attachments`` are kept until
    a request succeeds (a refusal or an error never loses them)."""

    console: Console
    config: Config
    store: SessionStore
    session: str
    conversation: Conversation
    model: str
    api: str | None = None  # None: the model's own API
    window: int | None = None
    max_output: int | None = None
    on_images: str = "error"  # the gate's mode: "error" (refuse) or "placeholder" (/images)
    timeout: float = 60.0
    retries: int = 2
    draft: str = ""
    attachments: list[Image] = field(default_factory=list)
    preparer: Preparer | None = None
    last_notices: tuple[Notice, ...] = ()
    shown: set[str] = field(default_factory=set)
    usage_events: list[dict[str, Any]] = field(default_factory=list)
    stored_count: int = 0
    clients: dict[str, Any] = field(default_factory=dict)
    one_shot: bool = False  # `chat PROMPT`: one request, the reply alone on stdout
    summarizer: Summarizer | None = None  # who writes recaps (None: offline)

    # --- small helpers -------------------------------------------------------------

    def say(self, text: str, style: str | None = None) -> None:
        # wrapped between words at the terminal's width (80 columns never split a word)
        self.console.print(text, style=style, markup=False, highlight=False, soft_wrap=False)

    def warn(self, text: str) -> None:
        self.say(f"⚠ {text}", "yellow")

    def error(self, text: str) -> None:
        self.say(f"✗ {text}", "bold red")

    def prompt(self) -> str:
        pending = []
        if self.draft:
            pending.append("kept message")
        if self.attachments:
            n = len(self.attachments)
            pending.append(f"{n} image{'s' if n != 1 else ''}")
        return f"you [{' + '.join(pending)}]> " if pending else PROMPT

    def next_id(self) -> str:
        """``m<stored rows>`` (the id the store would give), made unique in the record."""
        return fresh_id(self.conversation, f"m{self.stored_count}")

    def get_preparer(self) -> Preparer:
        from ..prepare import Preparer

        if self.preparer is None:
            self.preparer = Preparer(
                self.model,
                target=self.api,  # type: ignore[arg-type]  # one of API_NAMES
                window=self.window,
                max_output_tokens=self.max_output,
                media=self.store.media,
                on_images="placeholder" if self.on_images == "placeholder" else "error",
                summarizer=self.summarizer,
                config=self.config,
            )
        return self.preparer


def count_noun(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def fresh_id(conversation: Conversation, base: str) -> str:
    """``base``, or ``base-1``, ``base-2``… when the record already has that id."""
    taken = {m.id for m in conversation.record}
    candidate, k = base, 1
    while candidate in taken:
        candidate, k = f"{base}-{k}", k + 1
    return candidate
