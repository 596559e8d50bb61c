"""The ``contextledger`` command. Each subcommand lives in its own module of this package;
``commands`` says which, and the root group imports only the one that runs."""

from __future__ import annotations

from .app import main

__all__ = ["main"]
