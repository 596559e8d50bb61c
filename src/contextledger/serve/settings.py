"""Settings for ``contextledger serve``: resolved once from :class:`~contextledger.config.Config`
(environment > ``.env`` > defaults) and the command's flags.

>>> from pathlib import Path
>>> from contextledger.config import Config
>>> s = ServeSettings.from_config(Config(data_dir=Path("/d")))
>>> s.host, s.port, s.openai_upstream, s.anthropic_upstream, str(s.store), s.media
('127.0.0.1', 8700, 'https://api.openai.com/v1', 'https://api.anthropic.com', '/d/sessions.db', None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..catalog import Catalog
from ..compaction.summarizers import Summarizer
from ..config import Config

__all__ = ["DEFAULT_MAX_BODY", "ServeSettings"]

OPENAI_DEFAULT = "https://api.openai.com/v1"
ANTHROPIC_DEFAULT = "https://api.anthropic.com"
DEFAULT_MAX_BODY = 64 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class ServeSettings:
    """Everything the proxy needs. Upstream keys (used only with ``require_key``, when a
    client authenticates with the proxy's key instead of a provider key) stay out of repr."""

    #: The session store: a SQLite file or a ``postgresql://`` URL (several proxy
    #: instances may share one store; each keeps its sessions current from it).
    store: str | Path = field(repr=False)
    #: Where images go: a folder or ``s3://bucket/prefix`` (None: beside the store).
    media: str | None = None
    host: str = "127.0.0.1"
    port: int = 8700
    openai_upstream: str = OPENAI_DEFAULT
    anthropic_upstream: str = ANTHROPIC_DEFAULT
    require_key: str | None = field(default=None, repr=False)
    openai_api_key: str | None = field(default=None, repr=False)
    anthropic_api_key: str | None = field(default=None, repr=False)
    max_body_bytes: int = DEFAULT_MAX_BODY
    max_sessions: int = 256
    window: int | None = None
    allow_unknown_models: bool = False
    compaction: bool | None = None
    #: Who writes recaps (None: the offline summarizer; see ``--summarizer``).
    summarizer: Summarizer | None = None
    catalog: Catalog | None = None
    upstream_timeout: float = 600.0
    #: The longest a request waits for the session store (SQLite's lock, a free PostgreSQL
    #: connection) before it is answered 503 in the provider's shape (SDKs retry those).
    store_timeout: float = 5.0
    config: Config | None = field(default=None, repr=False)

    @property
    def store_display(self) -> str:
        """The store's location for messages and logs (a URL without its password)."""
        from ..storage.base import redact_url

        return redact_url(str(self.store))

    @classmethod
    def from_config(cls, config: Config, **overrides: Any) -> ServeSettings:
        """Upstreams, the store and the summarizer from ``config``; anything in
        ``overrides`` (flags) wins (a None override leaves the configured value)."""
        values: dict[str, Any] = {
            "store": config.store_location,
            "media": config.media,
            "openai_upstream": (config.openai_base_url or OPENAI_DEFAULT).rstrip("/"),
            "anthropic_upstream": (config.anthropic_base_url or ANTHROPIC_DEFAULT).rstrip("/"),
            "openai_api_key": config.openai_api_key,
            "anthropic_api_key": config.anthropic_api_key,
            "compaction": config.compaction_enabled(default=True),
            "config": config,
        }
        if config.summarizer and overrides.get("summarizer") is None:
            from ..compaction import summarizer_from_spec
            from ..errors import ConfigError

            try:
                values["summarizer"] = summarizer_from_spec(
                    config.summarizer, config.for_summarizer()
                )
            except ValueError as exc:
                raise ConfigError(f"CONTEXT_SUMMARIZER: {exc}") from None
        values.update({k: v for k, v in overrides.items() if v is not None})
        for key in ("openai_upstream", "anthropic_upstream"):
            values[key] = str(values[key]).rstrip("/")
        return cls(**values)
