"""Registry of subcommand modules (one import line per module)."""

from . import convert, demo  # noqa: F401
