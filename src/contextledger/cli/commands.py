"""Registry of subcommand modules (one import line per module)."""

from . import chat, compact, configcmd, convert, cost, demo, fitcmd, serve, store  # noqa: F401
