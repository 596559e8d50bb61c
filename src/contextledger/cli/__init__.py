"""The ``contextledger`` command. Each subcommand lives in its own module of this package;
``commands`` imports them all so that ``--help`` lists them."""

from __future__ import annotations

from . import commands  # noqa: F401  (registers the subcommands on main)
from .app import main

__all__ = ["main"]
