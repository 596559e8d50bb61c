"""Configuration: the one place that reads the process environment and the project ``.env``.

Precedence, for every setting: the process environment, then the project ``.env`` file
(read with python-dotenv), then the default. An empty value counts as unset. The rest of
contextledger takes a :class:`Config` (or explicit arguments) and never reads either.

Each value remembers where it came from (``environment``, the ``.env`` path, or
``default``), so ``contextledger config`` can show it. Keys are never printed: ``repr``
leaves them out and :meth:`Config.describe` / :meth:`Config.settings` mask them.

Variables: ``OPENAI_BASE_URL``, ``OPENAI_API_KEY``, ``ANTHROPIC_BASE_URL``,
``ANTHROPIC_API_KEY``, ``CONTEXTLEDGER_MODEL`` (default ``gpt-4o``),
``CONTEXTLEDGER_HOME`` (data directory; default: the platform's user data directory),
``CONTEXTLEDGER_STORE`` (the session database: a file, default ``<data dir>/sessions.db``,
or a ``postgresql://`` URL), ``CONTEXTLEDGER_MEDIA`` (where images go: a folder or
``s3://bucket/prefix``; default beside the database),
``CONTEXT_COMPACTION`` (on/off), ``CONTEXT_COMPACTION_TIMEOUT`` (seconds),
``CONTEXT_SUMMARIZER`` (who writes recaps: ``offline``, ``openai:MODEL`` or
``anthropic:MODEL``; default offline), ``CONTEXT_SUMMARIZER_BASE_URL`` and
``CONTEXT_SUMMARIZER_API_KEY`` (the recap summarizer's endpoint and key, apart from the ones
requests are sent with),
``CONTEXT_COMPACTION_RETRIES`` and ``CONTEXTLEDGER_MODELS`` (a JSON file of extra models,
see ``catalog.load_models_file``).

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
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .errors import CompactionConfigError, ConfigError

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "DEFAULT_MODEL",
    "VARIABLES",
    "Config",
    "Setting",
    "compaction_enabled",
    "load_config",
    "models_file",
    "read_dotenv",
]

DEFAULT_MODEL = "gpt-4o"

#: Every variable contextledger reads, in the order ``contextledger config`` shows them.
VARIABLES = (
    "OPENAI_BASE_URL",
    "OPENAI_API_KEY",
    "ANTHROPIC_BASE_URL",
    "ANTHROPIC_API_KEY",
    "GEMINI_BASE_URL",
    "GOOGLE_GEMINI_BASE_URL",
    "GEMINI_API_KEY",
    "GOOGLE_API_KEY",
    "CONTEXTLEDGER_MODEL",
    "CONTEXTLEDGER_HOME",
    "CONTEXTLEDGER_STORE",
    "CONTEXTLEDGER_MEDIA",
    "CONTEXT_COMPACTION",
    "CONTEXT_COMPACTION_TIMEOUT",
    "CONTEXT_COMPACTION_RETRIES",
    "CONTEXT_SUMMARIZER",
    "CONTEXT_SUMMARIZER_BASE_URL",
    "CONTEXT_SUMMARIZER_API_KEY",
    "CONTEXTLEDGER_MODELS",
)
_SECRETS = frozenset(
    {
        "OPENAI_API_KEY",
        "ANTHROPIC_API_KEY",
        "GEMINI_API_KEY",
        "GOOGLE_API_KEY",
        "CONTEXT_SUMMARIZER_API_KEY",
    }
)
_DEFAULTS = {
    "OPENAI_BASE_URL": "the official OpenAI endpoint",
    "ANTHROPIC_BASE_URL": "the official Anthropic endpoint",
    "GEMINI_BASE_URL": "the official Gemini API endpoint",
    "GEMINI_API_KEY": "GOOGLE_API_KEY",
    "CONTEXTLEDGER_MODEL": DEFAULT_MODEL,
    "CONTEXTLEDGER_HOME": "the platform's user data directory",
    "CONTEXTLEDGER_STORE": "<data dir>/sessions.db",
    "CONTEXTLEDGER_MEDIA": "a <name>.media folder beside the session database",
    "CONTEXT_COMPACTION": "on for the library and chat, off for one-shot commands",
    "CONTEXT_COMPACTION_TIMEOUT": "the client's timeout",
    "CONTEXT_COMPACTION_RETRIES": "the client's retries",
    "CONTEXT_SUMMARIZER": "offline",
    "CONTEXT_SUMMARIZER_BASE_URL": "the summarizer provider's own base URL",
    "CONTEXT_SUMMARIZER_API_KEY": "the summarizer provider's own key",
    "CONTEXTLEDGER_MODELS": "the shipped catalog only",
}
_ON = frozenset({"on", "1", "true", "yes", "enabled"})
_OFF = frozenset({"off", "0", "false", "no", "disabled"})


def read_dotenv(path: str | os.PathLike[str]) -> dict[str, str]:
    """The ``KEY=VALUE`` pairs of a ``.env`` file (python-dotenv's parser); a missing file
    reads as empty and a key without a value is left out.

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / ".env"
    >>> _ = p.write_text('# c\\nexport A="x y" # note\\nB=on # off\\nC=\\'q#r\\'\\n')
    >>> read_dotenv(p)
    {'A': 'x y', 'B': 'on', 'C': 'q#r'}
    """
    if not os.path.isfile(path):
        return {}
    from dotenv import dotenv_values  # ~45 ms to import: not for the usual missing file

    return {k: v for k, v in dotenv_values(path, interpolate=False).items() if v is not None}


def default_data_dir() -> Path:
    """The platform's user data directory for contextledger (platformdirs)."""
    from platformdirs import user_data_dir

    return _path(user_data_dir("contextledger"))


def _path(path: str) -> Path:
    """``Path(path)``, user's home expanded. ``pathlib`` is imported here, not with the
    module: a plain fit reads ``CONTEXTLEDGER_MODELS`` through this module, and pathlib with
    what it imports (urllib.parse, ipaddress, fnmatch) cost ~4 ms of a fresh process's
    first fit for a path it never builds."""
    from pathlib import Path

    return Path(path).expanduser()


@dataclass(frozen=True, slots=True)
class Setting:
    """One variable as ``contextledger config`` shows it: its value (masked for keys, None
    when unset) and where it came from (``environment``, a ``.env`` path, or ``default``)."""

    name: str
    value: str | None
    source: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "source": self.source}


@dataclass(frozen=True, slots=True)
class Config:
    """Resolved settings. ``sources`` maps each variable that was set to where it came from
    (``environment`` or the ``.env`` path); keys are kept out of ``repr``.

    >>> from pathlib import Path
    >>> Config(data_dir=Path("/d")).store_path
    PosixPath('/d/sessions.db')
    """

    data_dir: Path
    model: str = DEFAULT_MODEL
    openai_base_url: str | None = None
    openai_api_key: str | None = field(default=None, repr=False)
    anthropic_base_url: str | None = None
    anthropic_api_key: str | None = field(default=None, repr=False)
    gemini_base_url: str | None = None
    #: ``GEMINI_API_KEY``, else ``GOOGLE_API_KEY`` (the names the google-genai SDK reads).
    gemini_api_key: str | None = field(default=None, repr=False)
    store_file: Path | None = None
    #: ``CONTEXTLEDGER_STORE`` when it is a ``postgresql://`` URL (it may hold a password).
    store_url: str | None = field(default=None, repr=False)
    #: ``CONTEXTLEDGER_MEDIA``: a folder or ``s3://bucket/prefix`` (None: beside the store).
    media: str | None = None
    compaction: str | None = None
    compaction_timeout: str | None = None
    compaction_retries: str | None = None
    #: ``CONTEXT_SUMMARIZER``: who writes recaps, ``offline`` (None), ``openai:MODEL`` or
    #: ``anthropic:MODEL`` (see ``compaction.summarizer_from_spec``).
    summarizer: str | None = None
    #: ``CONTEXT_SUMMARIZER_BASE_URL``: where recaps are asked for (None: the provider's URL).
    summarizer_base_url: str | None = None
    #: ``CONTEXT_SUMMARIZER_API_KEY``: the key recaps are asked with (None: the provider's).
    summarizer_api_key: str | None = field(default=None, repr=False)
    #: ``CONTEXTLEDGER_MODELS``: a JSON file of models to add to the catalog.
    models_file: Path | None = None
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

        >>> from pathlib import Path
        >>> Config(data_dir=Path("/a"), store_file=Path("/x.db")).with_data_dir(Path("/b")).store_path
        PosixPath('/b/sessions.db')
        """
        return replace(self, data_dir=data_dir, store_file=None, store_url=None, media=None)

    def endpoint(self, sdk: str) -> tuple[str | None, str | None]:
        """The base URL and key for the official ``sdk`` client (``openai``, ``anthropic``,
        ``google.genai``).

        >>> from pathlib import Path
        >>> Config(data_dir=Path("/d"), anthropic_api_key="k").endpoint("anthropic")
        (None, 'k')
        """
        if sdk == "openai":
            return self.openai_base_url, self.openai_api_key
        if sdk == "anthropic":
            return self.anthropic_base_url, self.anthropic_api_key
        if sdk == "google.genai":
            return self.gemini_base_url, self.gemini_api_key
        raise ConfigError(f"no settings for an {sdk!r} client")

    def compaction_enabled(self, default: bool = True) -> bool:
        """Whether compaction is on: ``CONTEXT_COMPACTION`` when set, else ``default`` (True
        for the library and sessions; one-shot CLI commands pass False).

        Anything but on/off (or 1/0, true/false, yes/no, enabled/disabled) raises :class:`CompactionConfigError`.

        >>> from pathlib import Path
        >>> Config(data_dir=Path("/d"), compaction="off").compaction_enabled()
        False
        """
        if self.compaction is None:
            return default
        v = self.compaction.strip().lower()
        if v in _ON:
            return True
        if v in _OFF:
            return False
        where = self.sources.get("CONTEXT_COMPACTION", "the environment")
        where = "the environment" if where == "environment" else where
        raise CompactionConfigError(
            f"CONTEXT_COMPACTION={self.compaction!r} in {where}: use on or off "
            "(also accepted: 1/0, true/false, yes/no, enabled/disabled; any case)"
        )

    def for_summarizer(self) -> Config:
        """The settings a recap summarizer is built from: the provider keys replaced by
        ``CONTEXT_SUMMARIZER_API_KEY`` when it is set (its endpoint comes from
        ``CONTEXT_SUMMARIZER_BASE_URL``), so recaps can go to another account or server.

        >>> from pathlib import Path
        >>> c = Config(data_dir=Path("/d"), openai_api_key="app", summarizer_api_key="recaps")
        >>> c.for_summarizer().endpoint("openai")[1], c.endpoint("openai")[1]
        ('recaps', 'app')
        """
        key = self.summarizer_api_key
        if key is None:
            return self
        return replace(self, openai_api_key=key, anthropic_api_key=key, gemini_api_key=key)

    def summarizer_timeout(self, default: float) -> float:
        """``CONTEXT_COMPACTION_TIMEOUT`` in seconds, or ``default``."""
        return _number("CONTEXT_COMPACTION_TIMEOUT", self.compaction_timeout, default)

    def summarizer_retries(self, default: int) -> int:
        """``CONTEXT_COMPACTION_RETRIES``, or ``default``."""
        return int(_number("CONTEXT_COMPACTION_RETRIES", self.compaction_retries, default))

    def settings(self) -> list[Setting]:
        """Every variable with its (masked) value and source, for ``contextledger config``.

        >>> from pathlib import Path
        >>> Config(data_dir=Path("/d"), openai_api_key="sk-x").settings()[1]
        Setting(name='OPENAI_API_KEY', value='********', source='default')
        """
        values: dict[str, str | None] = {
            "OPENAI_BASE_URL": self.openai_base_url,
            "OPENAI_API_KEY": self.openai_api_key,
            "ANTHROPIC_BASE_URL": self.anthropic_base_url,
            "ANTHROPIC_API_KEY": self.anthropic_api_key,
            "GEMINI_BASE_URL": self.gemini_base_url
            if "GOOGLE_GEMINI_BASE_URL" not in self.sources or "GEMINI_BASE_URL" in self.sources
            else None,
            "GOOGLE_GEMINI_BASE_URL": self.gemini_base_url
            if "GEMINI_BASE_URL" not in self.sources and "GOOGLE_GEMINI_BASE_URL" in self.sources
            else None,
            "GEMINI_API_KEY": self.gemini_api_key if "GEMINI_API_KEY" in self.sources else None,
            "GOOGLE_API_KEY": self.gemini_api_key if "GOOGLE_API_KEY" in self.sources else None,
            "CONTEXTLEDGER_MODEL": self.model,
            "CONTEXTLEDGER_HOME": str(self.data_dir),
            "CONTEXTLEDGER_STORE": _redact(self.store_url)
            if self.store_url
            else str(self.store_path),
            "CONTEXTLEDGER_MEDIA": self.media,
            "CONTEXT_COMPACTION": self.compaction,
            "CONTEXT_COMPACTION_TIMEOUT": self.compaction_timeout,
            "CONTEXT_COMPACTION_RETRIES": self.compaction_retries,
            "CONTEXT_SUMMARIZER": self.summarizer,
            "CONTEXT_SUMMARIZER_BASE_URL": self.summarizer_base_url,
            "CONTEXT_SUMMARIZER_API_KEY": self.summarizer_api_key,
            "CONTEXTLEDGER_MODELS": str(self.models_file) if self.models_file else None,
        }
        out: list[Setting] = []
        for name in VARIABLES:
            value = values[name]
            if value and name in _SECRETS:
                value = "********"
            out.append(Setting(name, value, self.sources.get(name, "default")))
        return out

    def describe(self) -> list[str]:
        """One line per setting for a person to read; keys show only ``set``/``not set``.

        >>> from pathlib import Path
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
            f"GEMINI_BASE_URL: {self.gemini_base_url}{src('GEMINI_BASE_URL')}"
            if self.gemini_base_url
            else "GEMINI_BASE_URL: not set (the official Gemini API endpoint)",
            key("GEMINI_API_KEY", self.gemini_api_key),
            f"model: {self.model}{src('CONTEXTLEDGER_MODEL') or ' (default)'}",
            f"sessions: {_redact(self.store_url) if self.store_url else self.store_path}",
            f"media: {self.media or 'beside the session store'}",
        ]


def default_description(name: str) -> str:
    """What an unset variable means, in words (for ``contextledger config``)."""
    return _DEFAULTS.get(name, "not set")


def load_config(
    env: Mapping[str, str] | None = None, dotenv: str | os.PathLike[str] | None = ".env"
) -> Config:
    """Resolve settings: ``env`` (default: the process environment) over ``.env`` (when it
    exists; ``dotenv=None`` skips it) over defaults.

    >>> load_config({"CONTEXTLEDGER_MODEL": "claude-sonnet-4-5", "CONTEXTLEDGER_HOME": "/h"},
    ...             dotenv=None).model
    'claude-sonnet-4-5'
    """
    values, sources = _resolve(env, dotenv)
    home = values.get("CONTEXTLEDGER_HOME")
    data_dir = _path(home) if home else default_data_dir()
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
        gemini_base_url=values.get("GEMINI_BASE_URL") or values.get("GOOGLE_GEMINI_BASE_URL"),
        gemini_api_key=values.get("GEMINI_API_KEY") or values.get("GOOGLE_API_KEY"),
        store_file=_path(store) if store and store_url is None else None,
        store_url=store_url,
        media=values.get("CONTEXTLEDGER_MEDIA"),
        compaction=values.get("CONTEXT_COMPACTION"),
        compaction_timeout=values.get("CONTEXT_COMPACTION_TIMEOUT"),
        compaction_retries=values.get("CONTEXT_COMPACTION_RETRIES"),
        summarizer=values.get("CONTEXT_SUMMARIZER"),
        summarizer_base_url=values.get("CONTEXT_SUMMARIZER_BASE_URL"),
        summarizer_api_key=values.get("CONTEXT_SUMMARIZER_API_KEY"),
        models_file=_models_file(values),
        sources=sources,
    )


def models_file(
    env: Mapping[str, str] | None = None, dotenv: str | os.PathLike[str] | None = ".env"
) -> Path | None:
    """``CONTEXTLEDGER_MODELS`` as :func:`load_config` resolves it, without the rest: the
    catalog's first lookup needs only this, and the data directory's default imports
    ``platformdirs`` (~15-30 ms of a first fit).

    >>> models_file({"CONTEXTLEDGER_MODELS": "/m.json"}, dotenv=None)
    PosixPath('/m.json')
    """
    return _models_file(_resolve(env, dotenv)[0])


def _models_file(values: Mapping[str, str]) -> Path | None:
    path = values.get("CONTEXTLEDGER_MODELS")
    return _path(path) if path is not None else None


def _resolve(
    env: Mapping[str, str] | None, dotenv: str | os.PathLike[str] | None
) -> tuple[dict[str, str], dict[str, str]]:
    """The variables set (``env`` over ``.env``) and where each came from."""
    env = os.environ if env is None else env
    file_values = read_dotenv(dotenv) if dotenv is not None else {}
    values: dict[str, str] = {}
    sources: dict[str, str] = {}
    for name in VARIABLES:
        from_env = (env.get(name) or "").strip()
        from_file = (file_values.get(name) or "").strip()
        if from_env:
            values[name], sources[name] = from_env, "environment"
        elif from_file:
            values[name], sources[name] = from_file, str(dotenv)
    return values, sources


def compaction_enabled(
    env: Mapping[str, str] | None = None,
    dotenv_path: str | os.PathLike[str] | None = ".env",
    *,
    default: bool = True,
) -> bool:
    """Whether compaction is on: the environment wins over the project ``.env``, which wins
    over ``default`` (see :meth:`Config.compaction_enabled`).

    ``env`` defaults to the process environment; ``dotenv_path=None`` ignores ``.env``.

    >>> compaction_enabled({"CONTEXT_COMPACTION": "off"}, None)
    False
    >>> compaction_enabled({}, None, default=False)
    False
    """
    return load_config(env, dotenv_path).compaction_enabled(default)


def _number(name: str, raw: str | None, default: float) -> float:
    if raw is None or not raw.strip():
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name}={raw!r} is not a number") from None
    if value < 0:
        raise ConfigError(f"{name}={raw!r} must not be negative")
    return value


def _redact(url: str) -> str:
    """A URL without its password (for messages)."""
    from .storage.base import redact_url

    return redact_url(url)
