"""The ``contextledger`` command. Each subcommand lives in its own module of this package."""

from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="contextledger")
def main() -> None:
    """Fit long multimodal LLM conversations into a context window, and lose nothing."""


def _register() -> None:
    # Subcommand modules add themselves to `main`; imported here so `--help` lists them.
    from . import commands  # noqa: F401


_register()
