"""Registry of subcommand modules (one import line per module)."""

from . import chat, compact, configcmd, convert, cost, demo, fitcmd, store  # noqa: F401
