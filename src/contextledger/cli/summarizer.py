"""The recap summarizer a command uses: ``--summarizer`` / ``--summarizer-base-url`` over
``CONTEXT_SUMMARIZER`` / ``CONTEXT_SUMMARIZER_BASE_URL`` (with ``CONTEXT_SUMMARIZER_API_KEY``)
from the configuration, else the offline summarizer. The spec is read by
:func:`~contextledger.compaction.summarizer_from_spec`, in one place for every command."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from ..compaction.summarizers import Summarizer
    from ..config import Config

F = TypeVar("F", bound=Callable[..., Any])


def summarizer_options(command: F) -> F:
    """``--summarizer SPEC`` and ``--summarizer-base-url URL`` (parameters ``summarizer``
    and ``summarizer_url``)."""
    command = click.option(
        "--summarizer-base-url",
        "summarizer_url",
        default=None,
        metavar="URL",
        help="The summarizer's endpoint. Default: CONTEXT_SUMMARIZER_BASE_URL (the "
        "environment, then .env), else the provider's base URL.",
    )(command)
    return click.option(
        "--summarizer",
        default=None,
        metavar="SPEC",
        help="Who writes recaps: offline, openai:MODEL or anthropic:MODEL (keys: "
        "CONTEXT_SUMMARIZER_API_KEY, else OPENAI_API_KEY / ANTHROPIC_API_KEY). "
        "Default: CONTEXT_SUMMARIZER, else offline.",
    )(command)


def build_summarizer(spec: str | None, base_url: str | None, config: Config) -> Summarizer:
    """The summarizer for ``spec`` (None: the configured one, else offline); a spec that
    names no summarizer is a usage error naming where it came from."""
    from ..compaction import summarizer_from_spec

    chosen = spec or config.summarizer or "offline"
    try:
        return summarizer_from_spec(chosen, config.for_summarizer(), base_url=base_url or None)
    except ValueError as exc:
        where = "--summarizer" if spec else f"CONTEXT_SUMMARIZER ({_source(config)})"
        raise click.BadParameter(str(exc), param_hint=where) from None


def _source(config: Config) -> str:
    where = config.sources.get("CONTEXT_SUMMARIZER", "environment")
    return "the environment" if where == "environment" else where
