"""Registry of subcommand modules (one import line per module)."""

from . import compact, convert, cost, demo, fitcmd, store  # noqa: F401
