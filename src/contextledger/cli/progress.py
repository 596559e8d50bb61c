"""Progress on stderr for work a person waits on: a spinner (a provider, a summarizer) or a
bar (many images, a large import). Shown only when stderr is a terminal, and transient:
nothing is left behind in the scrollback, and pipes and files never see it."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


def _on_terminal() -> bool:
    isatty = getattr(sys.stderr, "isatty", None)
    return bool(isatty and isatty())


@contextmanager
def spinner(text: str) -> Iterator[Callable[[], None]]:
    """A spinner with ``text`` while the block runs; yields ``stop`` to end it early (the
    first streamed token arrives, and the reply takes the line)."""
    if not _on_terminal():
        yield lambda: None
        return
    from rich.console import Console

    status = Console(stderr=True, highlight=False).status(text, spinner="dots")
    status.start()
    running = True

    def stop() -> None:
        nonlocal running
        if running:
            running = False
            status.stop()

    try:
        yield stop
    finally:
        stop()


@contextmanager
def progress_bar(
    label: str, total: int, *, at_least: int = 2
) -> Iterator[Callable[[int | None], None]]:
    """A bar counting ``total`` steps, when there are ``at_least`` of them; yields
    ``advance(new_total=None)`` (the work may learn its exact size as it goes)."""
    if not _on_terminal() or total < at_least:
        yield _no_progress
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(),
                  console=Console(stderr=True), transient=True) as progress:  # fmt: skip
        task = progress.add_task(label, total=total)

        def advance(new_total: int | None = None) -> None:
            progress.update(task, advance=1, total=new_total or total)

        yield advance


def _no_progress(new_total: int | None = None) -> None:
    """Progress nobody sees: stderr is not a terminal, or the work is short."""
