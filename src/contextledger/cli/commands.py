"""Registry of subcommand modules (one import line per module)."""

from . import (  # noqa: F401
    chat,
    compact,
    configcmd,
    convert,
    cost,
    demo,
    fitcmd,
    history,
    serve,
    store,
)
