"""The ``contextledger`` click group that every subcommand module adds itself to."""

from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="contextledger")
def main() -> None:
    """Fit long multimodal LLM conversations into a context window, and lose nothing."""
