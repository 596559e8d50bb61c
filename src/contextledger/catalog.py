"""The model catalog: what each model's window is, whether it sees images, how it bills them.

The facts live in ``data/models.json`` (data, not code). Lookup goes
exact id → dated variant → family prefix → provider default.

>>> from contextledger.catalog import default_catalog
>>> info = default_catalog().lookup("gpt-4o-2024-08-06")
>>> info.id, info.provider, info.vision
('gpt-4o', 'openai', True)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Any

from .errors import UnknownModelError, describe

PROVIDERS = ("openai", "anthropic", "gemini", "mistral", "openai-compatible")

# Dated variants: gpt-4o-2024-08-06, claude-sonnet-4-5-20250929, gemini-2.5-flash-001,
# gpt-4-0613 / pixtral-12b-2409, …-latest, …-preview-05-20
_DATED_SUFFIX = re.compile(
    r"(-\d{4}-\d{2}-\d{2}|-\d{8}|-\d{4}|-\d{3}|-latest|-preview(-\d{2}-\d{2,4})?)$"
)


@dataclass(frozen=True, slots=True)
class ImageLimits:
    """Per-request image limits a provider enforces (None: not documented)."""

    max_images: int | None = None
    max_side: int | None = None
    max_base64_bytes: int | None = None
    many_images_threshold: int | None = None
    many_images_max_side: int | None = None
    formats: tuple[str, ...] = ("image/png", "image/jpeg", "image/gif", "image/webp")
    animated_ok: bool = True


@dataclass(frozen=True, slots=True)
class ModelInfo:
    """Everything the pipeline needs to know about one model."""

    id: str
    provider: str
    context_window: int
    max_output_tokens: int
    vision: bool
    image_cost: str = "none"
    image_params: Mapping[str, Any] = field(default_factory=dict)
    image_limits: ImageLimits = field(default_factory=ImageLimits)
    tokenizer: str = "estimate"
    text_factor: float = 1.0
    source: str = ""
    checked_at: str = ""

    @property
    def label(self) -> str:
        return self.id


class Catalog:
    """A lookup table of models. Immutable entries; ``register`` adds or overrides one.

    >>> cat = Catalog.default().copy()
    >>> _ = cat.register(ModelInfo("my-llava", "openai-compatible", 8192, 1024, True))
    >>> cat.lookup("my-llava").vision
    True
    """

    def __init__(
        self, models: Iterable[ModelInfo] = (), provider_vision: Mapping[str, bool] | None = None
    ) -> None:
        self._models: dict[str, ModelInfo] = {m.id: m for m in models}
        self._provider_vision: dict[str, bool] = dict(provider_vision or {})

    @classmethod
    def default(cls) -> Catalog:
        return default_catalog()

    def copy(self) -> Catalog:
        return Catalog(self._models.values(), self._provider_vision)

    def register(self, info: ModelInfo) -> ModelInfo:
        self._models[info.id] = info
        return info

    def override(self, model: str, **changes: Any) -> ModelInfo:
        """Change fields of a known model, e.g. ``override('gpt-4o', context_window=64000)``."""
        info = replace(self.lookup(model), **changes)
        self._models[info.id] = info
        return info

    def models(self) -> list[ModelInfo]:
        return sorted(self._models.values(), key=lambda m: (m.provider, m.id))

    def provider_accepts_images(self, provider: str) -> bool:
        return self._provider_vision.get(provider, False)

    def lookup(self, model: str) -> ModelInfo:
        """exact id → dated variant → family prefix → provider default (``provider/model``)."""
        if not isinstance(model, str):
            raise UnknownModelError(describe(model))
        if model in self._models:
            return self._models[model]
        provider, _, bare = model.rpartition("/")
        if bare in self._models and (not provider or self._models[bare].provider == provider):
            return self._models[bare]
        undated = _DATED_SUFFIX.sub("", bare)
        while undated != bare:
            if undated in self._models:
                return replace(self._models[undated], id=undated)
            bare, undated = undated, _DATED_SUFFIX.sub("", undated)
        # Family: the longest known id that the name starts with (gpt-4o-mini-audio → gpt-4o-mini),
        # unless what follows is a version number: claude-opus-4-9 is not a claude-opus-4 variant.
        best = max(
            (k for k in self._models if bare.startswith(k + "-") and not _is_version(bare, k)),
            key=len,
            default=None,
        )
        if best is not None:
            return self._models[best]
        if provider:
            default = self._models.get(f"{provider}/default")
            if default is not None:
                return replace(default, id=model)
        for prefix, prov in (("gpt-", "openai"), ("claude-", "anthropic"), ("gemini-", "gemini")):
            if bare.startswith(prefix) and f"{prov}/default" in self._models:
                return replace(self._models[f"{prov}/default"], id=model)
        raise UnknownModelError(model)


def _is_version(name: str, family: str) -> bool:
    return name[len(family) + 1 :].split("-", 1)[0].isdigit()


def _limits(raw: Mapping[str, Any] | None) -> ImageLimits:
    if not raw:
        return ImageLimits()
    values = dict(raw)
    if "formats" in values:
        values["formats"] = tuple(values["formats"])
    return ImageLimits(**values)


def load_catalog(data: Mapping[str, Any]) -> Catalog:
    """Build a catalog from the JSON structure of ``data/models.json``."""
    providers: Mapping[str, Any] = data.get("providers", {})
    models: list[ModelInfo] = []
    for raw in data["models"]:
        entry = dict(raw)
        prov = providers.get(entry["provider"], {})
        limits = {**prov.get("image_limits", {}), **entry.pop("image_limits", {})}
        entry.pop("aliases", None)
        models.append(ModelInfo(**entry, image_limits=_limits(limits)))
        for alias in raw.get("aliases", ()):
            models.append(replace(models[-1], id=alias))
    return Catalog(models, {k: bool(v.get("vision", False)) for k, v in providers.items()})


@cache
def _default_data() -> str:
    return resources.files("contextledger").joinpath("data/models.json").read_text("utf-8")


def default_catalog() -> Catalog:
    """The catalog shipped with the package (a fresh copy: callers may register freely)."""
    return load_catalog(json.loads(_default_data()))


@cache
def _shared_default() -> Catalog:
    return default_catalog()


def lookup_model(model: str | ModelInfo, catalog: Catalog | None = None) -> ModelInfo:
    """Resolve a model id (or pass a ModelInfo through)."""
    if isinstance(model, ModelInfo):
        return model
    return (catalog or _shared_default()).lookup(model)


def resolve_catalog(catalog: Catalog | None) -> Catalog:
    return catalog or _shared_default()
