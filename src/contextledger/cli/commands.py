"""The subcommands: the modules that define each one, and its summary for ``--help``.

The root group imports a subcommand's modules only when that subcommand runs (or its own
``--help`` is asked for), so ``contextledger fit`` never imports the chat, the store or the
server, and ``contextledger --help`` imports none of them: the summaries it lists are the
first sentences of the commands' docstrings, kept here (tests/test_architecture.py checks
that they still match).
"""

from __future__ import annotations

from typing import NamedTuple


class Subcommand(NamedTuple):
    """Where a subcommand lives and what ``contextledger --help`` says of it."""

    modules: tuple[str, ...]  # in this package; importing them registers the command on main
    summary: str  # the first sentence of the command's docstring


COMMANDS = {
    "chat": Subcommand(
        ("chat",), "Chat in the terminal; sessions are stored, images attached, every drop shown."
    ),
    "compact": Subcommand(
        ("compact",), "Recap the older turns of FILE, verify the recap, and print the view."
    ),
    "config": Subcommand(
        ("configcmd",), "Show each setting, its value (keys masked) and its source."
    ),
    "convert": Subcommand(
        ("convert",), "Print FILE translated to another provider's request format, as JSON."
    ),
    "cost": Subcommand(
        ("cost",), "Price images (files or base64 data URLs) as each model bills them."
    ),
    "demo": Subcommand(
        ("demo",), "Tour the pipeline on the example conversation (no provider, no API keys)."
    ),
    "fit": Subcommand(
        ("fitcmd",),
        'Fit FILE (a JSON message list, {"messages": [...]}, or an Anthropic request) into MODEL.',
    ),
    "media": Subcommand(("store",), "Manage the content-addressed media store."),
    "models": Subcommand(
        ("cost",), "List the model catalog: windows, vision, image cost model and limits."
    ),
    "normalize": Subcommand(
        ("store",),
        "Normalize images for sending: pass through when small, else resize once to WebP.",
    ),
    "price": Subcommand(
        ("cost",),
        "Price a provider request body (FILE, JSON) as its model's provider bills the prompt.",
    ),
    "repair": Subcommand(
        ("store",), "Repair a saved conversation (OpenAI, Anthropic, … or internal JSON/JSONL)."
    ),
    "serve": Subcommand(
        ("serve",), "Run a local proxy that fits every request: point an SDK's base URL at it."
    ),
    "sessions": Subcommand(
        ("store", "history"),
        "List, search, show, export, import, rename and delete stored sessions.",
    ),
}
