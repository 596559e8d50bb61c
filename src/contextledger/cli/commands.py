"""Registry of subcommand modules (one import line per module)."""
