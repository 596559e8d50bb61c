"""Configuration for talking to providers: endpoints, keys, the default model, the data directory.

Read from the process environment and a project ``.env`` file; a value in ``.env`` wins
over the environment (the project says what it wants; the shell's leftovers do not). An
empty value counts as unset. Keys are never printed: ``repr`` leaves them out and
:meth:`Config.describe` says only whether each is set and where it came from.

Variables: ``OPENAI_BASE_URL``, ``OPENAI_API_KEY``, ``ANTHROPIC_BASE_URL``,
``ANTHROPIC_API_KEY``, ``CONTEXTLEDGER_MODEL`` (default ``gpt-4o``),
``CONTEXTLEDGER_HOME`` (data directory; default: the platform's user data directory) and
``CONTEXTLEDGER_STORE`` (the session database: a file, default ``<data dir>/sessions.db``,
or a ``postgresql://`` URL) and ``CONTEXTLEDGER_MEDIA`` (where images go: a folder or
``s3://bucket/prefix``; default beside the database).

>>> cfg = load_config({"OPENAI_API_KEY": "sk-secret", "CONTEXTLEDGER_HOME": "/tmp/cl"}, dotenv=None)
>>> cfg.model, str(cfg.store_path)
('gpt-4o', '/tmp/cl/sessions.db')
>>> "sk-secret" in repr(cfg)
False
>>> cfg.describe()[1]
'OPENAI_API_KEY: set (environment)'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .compaction.conversation import read_dotenv

__all__ = ["DEFAULT_MODEL", "Config", "load_config"]

DEFAULT_MODEL = "gpt-4o"

_VARS = (
    "OPENAI_BASE_URL",
    "OPENAI_API_KEY",
    "ANTHROPIC_BASE_URL",
    "ANTHROPIC_API_KEY",
    "CONTEXTLEDGER_MODEL",
    "CONTEXTLEDGER_HOME",
    "CONTEXTLEDGER_STORE",
    "CONTEXTLEDGER_MEDIA",
)


def default_data_dir() -> Path:
    """The platform's user data directory for contextledger (platformdirs)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("contextledger"))


@dataclass(frozen=True, slots=True)
class Config:
    """Resolved settings. ``sources`` maps each variable that was set to where it came from
    (``environment`` or the ``.env`` path); keys are kept out of ``repr``.

    >>> Config(data_dir=Path("/d")).store_path
    PosixPath('/d/sessions.db')
    """

    data_dir: Path
    model: str = DEFAULT_MODEL
    openai_base_url: str | None = None
    openai_api_key: str | None = field(default=None, repr=False)
    anthropic_base_url: str | None = None
    anthropic_api_key: str | None = field(default=None, repr=False)
    store_file: Path | None = None
    #: ``CONTEXTLEDGER_STORE`` when it is a ``postgresql://`` URL (it may hold a password).
    store_url: str | None = field(default=None, repr=False)
    #: ``CONTEXTLEDGER_MEDIA``: a folder or ``s3://bucket/prefix`` (None: beside the store).
    media: str | None = None
    sources: Mapping[str, str] = field(default_factory=dict, compare=False)

    @property
    def store_location(self) -> str | Path:
        """What to open: the PostgreSQL URL when one is set, else :attr:`store_path`."""
        return self.store_url if self.store_url is not None else self.store_path

    @property
    def store_path(self) -> Path:
        """The session database: ``CONTEXTLEDGER_STORE`` when set, else ``<data_dir>/sessions.db``."""
        return self.store_file if self.store_file is not None else self.data_dir / "sessions.db"

    def with_data_dir(self, data_dir: Path) -> Config:
        """The same settings with another data directory (and its own ``sessions.db``).

        >>> Config(data_dir=Path("/a"), store_file=Path("/x.db")).with_data_dir(Path("/b")).store_path
        PosixPath('/b/sessions.db')
        """
        return Config(
            data_dir=data_dir,
            model=self.model,
            openai_base_url=self.openai_base_url,
            openai_api_key=self.openai_api_key,
            anthropic_base_url=self.anthropic_base_url,
            anthropic_api_key=self.anthropic_api_key,
            store_file=None,
            media=None,
            sources=self.sources,
        )

    def describe(self) -> list[str]:
        """One line per setting for a person to read; keys show only ``set``/``not set``.

        >>> Config(data_dir=Path("/d")).describe()[0]
        'OPENAI_BASE_URL: not set (the official OpenAI endpoint)'
        """

        def src(name: str) -> str:
            return f" ({self.sources[name]})" if name in self.sources else ""

        def key(name: str, value: str | None) -> str:
            return f"{name}: set{src(name)}" if value else f"{name}: not set"

        return [
            f"OPENAI_BASE_URL: {self.openai_base_url}{src('OPENAI_BASE_URL')}"
            if self.openai_base_url
            else "OPENAI_BASE_URL: not set (the official OpenAI endpoint)",
            key("OPENAI_API_KEY", self.openai_api_key),
            f"ANTHROPIC_BASE_URL: {self.anthropic_base_url}{src('ANTHROPIC_BASE_URL')}"
            if self.anthropic_base_url
            else "ANTHROPIC_BASE_URL: not set (the official Anthropic endpoint)",
            key("ANTHROPIC_API_KEY", self.anthropic_api_key),
            f"model: {self.model}{src('CONTEXTLEDGER_MODEL') or ' (default)'}",
            f"sessions: {_redact(self.store_url) if self.store_url else self.store_path}",
            f"media: {self.media or 'beside the session store'}",
        ]


def load_config(env: Mapping[str, str] | None = None, dotenv: Path | None = Path(".env")) -> Config:
    """Resolve settings: ``.env`` (when it exists) over ``env`` (default: the process
    environment) over defaults.

    >>> load_config({"CONTEXTLEDGER_MODEL": "claude-sonnet-4-5", "CONTEXTLEDGER_HOME": "/h"},
    ...             dotenv=None).model
    'claude-sonnet-4-5'
    """
    env = os.environ if env is None else env
    file_values = read_dotenv(dotenv) if dotenv is not None else {}
    values: dict[str, str] = {}
    sources: dict[str, str] = {}
    for name in _VARS:
        from_file = file_values.get(name, "").strip()
        from_env = env.get(name, "").strip()
        if from_file:
            values[name], sources[name] = from_file, str(dotenv)
        elif from_env:
            values[name], sources[name] = from_env, "environment"
    home = values.get("CONTEXTLEDGER_HOME")
    data_dir = Path(home).expanduser() if home else default_data_dir()
    store = values.get("CONTEXTLEDGER_STORE")
    store_url = store if store and store.startswith(("postgresql://", "postgres://")) else None
    if store and store.startswith("sqlite:"):
        store = store.removeprefix("sqlite:").removeprefix("//")
    return Config(
        data_dir=data_dir,
        model=values.get("CONTEXTLEDGER_MODEL", DEFAULT_MODEL),
        openai_base_url=values.get("OPENAI_BASE_URL"),
        openai_api_key=values.get("OPENAI_API_KEY"),
        anthropic_base_url=values.get("ANTHROPIC_BASE_URL"),
        anthropic_api_key=values.get("ANTHROPIC_API_KEY"),
        store_file=Path(store).expanduser() if store and store_url is None else None,
        store_url=store_url,
        media=values.get("CONTEXTLEDGER_MEDIA"),
        sources=sources,
    )


def _redact(url: str) -> str:
    """A URL without its password (for messages)."""
    from .storage.base import redact_url

    return redact_url(url)
