"""The model catalog: what each model's window is, whether it sees images, how it bills them.

The facts live in ``data/models.json`` (data, not code). An id is resolved, never guessed:

1. the id as given, or an alias (``Catalog.alias``: Azure deployments, house names);
2. its provider-qualified and dated forms, stripped one layer at a time: the frameworks'
   own spellings (pydantic-ai's and LangChain's ``anthropic:claude-sonnet-4-5``,
   ``google-gla:…``, ``bedrock:…``; the OpenAI Agents SDK's ``litellm/…``), LiteLLM /
   OpenRouter ``provider/model`` (``openrouter/anthropic/claude-3.5-sonnet``), Bedrock
   ``anthropic.claude-…-v1:0`` with its ``us.``/``eu.``/``apac.``/``global.`` inference-profile
   prefixes (and ARNs), Vertex ``claude-…@20251001`` and ``publishers/google/models/…``,
   routed dotted Claude versions (``anthropic/claude-sonnet-4.5``: a bare ``claude-sonnet-4.5``
   is no provider's id, refused with the hyphenated one suggested), the dates of the model's
   known snapshots (``claude-sonnet-4-5-20250929``, Vertex's ``gemini-2.0-flash@001``;
   another date is refused, the real snapshots named) and ``-latest``/``-preview`` tails.
   A model listed without snapshots refuses every dated form: the providers serve their
   newer models undated only (Claude 4.6 and later, Gemini 2.5 and later, OpenAI's Codex
   models), so a date there is a typo or an invented id, and pricing it would hide that
   until the provider answers 404. A snapshot newer than the catalog is one
   ``register_alias(dated, model)`` away, which the refusal says;
   fine-tunes (``ft:gpt-4o-mini-2024-07-18:acme::id`` and a Bedrock ``custom-model/<base>/…``
   ARN bill as their base), context-length
   tails (``claude-sonnet-4-5[1m]``, Bedrock's ``…-v1:0:48k``: the window served, never more);
   open-weight ``org/model`` ids case-blind (``meta-llama/llama-3.2-11b-…``), never a
   provider's own (``GPT-4o``, ``US.ANTHROPIC.CLAUDE-…``: refused, the lower-case id suggested);
3. a known family the name extends by a variant its provider publishes so
   (``gpt-4o-mini-audio-preview`` → ``gpt-4o-mini``, ``o3-pro``; Anthropic publishes none,
   and ``-latest``/undated ``-preview`` only for the ids in ``published_aliases``:
   ``gpt-4o-pro``, ``gemini-2.5-pro-flash``, ``claude-sonnet-4-5-latest`` are refused); not by a version number
   (``claude-opus-4-9`` is not ``claude-opus-4``), a stray letter (``gpt-4-o``), an unknown
   word (``gpt-4o-typo``) or a misspelling of a longer known id (``gpt-4o-mni`` is not ``gpt-4o``).

Anything else raises :class:`UnknownModelError` naming the closest known ids (always at
least one; an Azure deployment is mapped with ``register_alias``). A caller who
knows the window can still use an unlisted model (``lookup_model(id, window=…)``): it gets
the provider's conservative defaults, marked ``estimated``. Users add models with
``register_model`` or a JSON file named by ``CONTEXTLEDGER_MODELS``.

>>> from contextledger.catalog import default_catalog
>>> info = default_catalog().lookup("gpt-4o-2024-08-06")
>>> info.id, info.provider, info.vision
('gpt-4o', 'openai', True)
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from .errors import (
    ArgumentError,
    ConfigError,
    ModelSpecError,
    ShutDownModelError,
    UnknownModelError,
    WindowError,
    describe,
)
from .id_tails import chain_problem, date_problem, version_problem
from .lexicon.common import compiled_on_use

if TYPE_CHECKING:
    from decimal import Decimal

# (difflib and decimal are imported where used: suggestions for an unknown id and the price
# table are off a plain fit's path; with fractions, uuid and importlib.resources they were
# ~3.5 % of a fresh process's first fit, by callgrind. The shipped data is read by its path,
# as lexicon/common.py reads its own, not through importlib.resources.)
# (a path as a string: pathlib is not imported for a plain fit, see ``config._path``)
_DATA = os.path.join(os.path.dirname(__file__), "data")

PROVIDERS = ("openai", "anthropic", "gemini", "mistral", "openai-compatible")
#: The image cost model of an id the catalog does not know, served OpenAI-compatibly, given
#: a window and no ``image_family``: any vendor's model may be behind it, and known models
#: bill one 1200x900 image from 258 tokens to 25,501 (Gemini 1.5's fixed 258, gpt-4o's tiles
#: 765, Claude's w*h/750 1,440, gpt-4o-mini's 25,501), so no price is both useful and never
#: below the bill: its images are refused (the vision gate) until a family is named.
UNKNOWN_IMAGE_COST = "unknown"
#: What an app passes to name the image formula (``lookup_model``'s ``image_family``), by
#: the formulas servers of open models use.
IMAGE_FAMILY_HINT = (
    "pass image_family= the known model whose image formula it bills by (for example "
    "'gpt-4o': 85 + 170 per 512 px tile; 'claude-sonnet-4-5': a token per 28 px patch, "
    "at most 1,568), or register the model with one"
)

# Dated variants: gpt-4o-2024-08-06, claude-sonnet-4-5-20250929, gemini-2.5-flash-001,
# gpt-4-0613 / pixtral-12b-2409, …-latest, …-preview-05-20
_DATED_SUFFIX = compiled_on_use(
    r"(-\d{4}-\d{2}-\d{2}|-\d{8}|-\d{4}|-\d{3}|-latest|-preview(-\d{2}-\d{2,4})?)$"
)

_DATE = compiled_on_use(r"-(?:\d{4}-\d{2}-\d{2}|\d{8})$")
# A name ending in a number of three or more digits (a date, maybe cut short or mistyped).
_DATED_TAIL = compiled_on_use(r"-\d{3,}(?:-\d{1,2}){0,2}$")
# The tails of _DATED_SUFFIX that name one snapshot of a model (a date or a version number,
# not -latest or -preview): checked against the model's known snapshots.
_SNAPSHOT_TAIL = compiled_on_use(r"-(?:\d{4}-\d{2}-\d{2}|\d{8}|\d{4}|\d{3})$")

# Provider prefixes of LiteLLM / OpenRouter / cloud ids, and the catalog provider they mean.
_ROUTE_PROVIDERS = {
    "openai": "openai",
    "azure": "openai",
    "azure_ai": "openai",
    "anthropic": "anthropic",
    "bedrock": "anthropic",
    "vertex_ai": "",
    "vertex_ai_beta": "",
    "google": "gemini",
    "gemini": "gemini",
    "mistral": "mistral",
    "mistralai": "mistral",
    "openrouter": "",
    "litellm_proxy": "",
    # OpenAI-compatible hosts (LiteLLM prefixes): the model name that follows decides
    "groq": "",
    "together_ai": "",
    "fireworks_ai": "",
    "deepinfra": "",
    "ollama": "",
    "ollama_chat": "",
    "hosted_vllm": "",
    "openai_like": "",
    # LiteLLM's Bedrock API selectors: bedrock/converse/<id>, bedrock/invoke/<id>
    "converse": "",
    "invoke": "",
    "openai-compatible": "openai-compatible",
}
# The frameworks' own spellings of a model, by the route it is sent on: pydantic-ai's and
# LangChain's ``provider:model`` (``Agent("anthropic:claude-sonnet-4-5")``,
# ``init_chat_model("google_genai:gemini-2.5-flash")``); the OpenAI Agents SDK's
# ``litellm/<LiteLLM id>`` is read in :func:`framework_route`.
_FRAMEWORK_PROVIDERS = {
    "openai": "openai", "openai-chat": "openai", "openai-responses": "openai",
    "azure": "azure", "azure-responses": "azure", "azure_openai": "azure",
    "anthropic": "anthropic", "bedrock": "bedrock", "bedrock_converse": "bedrock",
    "google": "gemini", "google-gla": "gemini", "google_genai": "gemini", "gemini": "gemini",
    "google-vertex": "vertex_ai", "google-cloud": "vertex_ai", "google_vertexai": "vertex_ai",
    "google_anthropic_vertex": "vertex_ai", "mistral": "mistral", "mistralai": "mistral",
    "groq": "groq", "openrouter": "openrouter", "together": "together_ai",
    "fireworks": "fireworks_ai", "ollama": "ollama",
}  # fmt: skip
# A Bedrock fine-tune: arn:aws:bedrock:<region>:<account>:custom-model/<base model id>/<job id>
# (the base with its context tail: anthropic.claude-3-haiku-20240307-v1:0:48k).
_BEDROCK_CUSTOM_MODEL = compiled_on_use(
    r"arn:aws:bedrock:[^:/]*:\d*:custom-model/(?P<base>[^/]+)/[^/]+"
)
# Bedrock cross-region inference profiles: us.anthropic.claude-…, eu.…, apac.…, global.…
_BEDROCK_REGION = compiled_on_use(r"^(?:us|eu|apac|global|us-gov|jp|au|ca)\.")
_BEDROCK_VENDOR = compiled_on_use(r"^(?:anthropic|meta|mistral|amazon|cohere|ai21)\.")
# Bedrock's dated ids end -v1:0 (anthropic.claude-sonnet-4-5-20250929-v1:0), its undated
# ones -v1 (anthropic.claude-opus-4-6-v1); Vertex has claude-3-5-sonnet-v2@20241022.
_BEDROCK_VERSION = compiled_on_use(r"-v\d+(:\d+)?$")
_VERTEX_DATE = compiled_on_use(r"@(?:\d{8}|latest|default|\d{3})$")
_VERTEX_SNAPSHOT = compiled_on_use(r"@(\d{8}|\d{3})$")  # a date, or a version (gemini-…@001)
_CLAUDE_DOTTED = compiled_on_use(r"(?<=\d)\.(?=\d)")
_FINE_TUNE = compiled_on_use(r"^ft:([^:]+):.*$")
_AZURE_FINE_TUNE = compiled_on_use(r"\.ft-[0-9a-z]+$")
# Ids in a cloud's own form: Bedrock's (vendor., region.vendor., ARNs).
_CLOUD_ID = compiled_on_use(
    r"^(?:arn:aws|(?:(?:us|eu|apac|global|us-gov|jp|au|ca)\.)?"
    r"(?:anthropic|meta|mistral|amazon|cohere|ai21)\.)"
)
# Providers whose APIs refuse an id in other capitals (directly and through Bedrock, Vertex,
# Azure and routers): their ids are matched exactly.
_CASE_SENSITIVE_PROVIDERS = frozenset({"openai", "anthropic", "gemini"})
# A context-length variant of a model: Claude Code's claude-sonnet-4-5[1m] (the 1M-token
# window, Anthropic's context-1m beta) and Bedrock's anthropic.claude-…-v1:0:200k. On Vertex
# Claude Code's tail comes before or after the date: claude-sonnet-4-5[1m]@20250929.
_CONTEXT_VARIANT = compiled_on_use(
    r"(?:\[(\d+)([km])\](@(?:\d{8}|latest|default|\d{3}))?|:(\d+)(k))$", re.IGNORECASE
)
# OpenRouter variants of one model: anthropic/claude-3.7-sonnet:thinking, openai/gpt-4o:extended
_OPENROUTER_VARIANT = compiled_on_use(
    r":(?:free|beta|thinking|extended|nitro|floor|online|exacto)$"
)
# Words after a known id that make it another kind of model: not a chat model at all, or
# one that takes no images (gpt-4o-audio-preview, gpt-4o-realtime-preview, gpt-4o-mini-tts).
_NOT_CHAT_WORDS = frozenset({"tts", "transcribe", "embedding", "embed", "instruct", "moderation"})
_NO_VISION_WORDS = frozenset({"audio", "realtime", "search"})
# OpenAI serves these variants of a chat family only in the Responses API (o3-pro,
# gpt-5-pro, gpt-5-codex, o3-deep-research: Chat Completions answers 400 "only supported
# in v1/responses"), so they must not inherit the family's Chat Completions format.
_RESPONSES_ONLY_WORDS = frozenset({"pro", "codex", "research"})
# The words a provider ends an id with to say how far along its release is (gemini-3-flash-
# preview, gemini-flash-latest, gemini-2.0-flash-exp): an id without one names nothing served.
_STAGES = frozenset({"preview", "latest", "exp"})
# Routes to partner clouds, which keep their own retirement schedules (Anthropic's
# deprecations page: "Partner-operated platforms (Amazon Bedrock and Google Cloud) set their
# own retirement schedules"; Azure OpenAI likewise): a model shut down on its provider's own
# API may still be served there.
_CLOUD_ROUTES = frozenset(
    {"azure", "azure_ai", "bedrock", "vertex_ai", "vertex_ai_beta", "converse", "invoke"}
)


_PROVIDER_NAMES = {"openai": "OpenAI", "anthropic": "Anthropic", "gemini": "Google"}
# Vertex AI's publishers (publishers/<publisher>/models/<id>) and the catalog provider each
# names; another publisher's models (meta, mistralai, …) are matched by their names.
_PUBLISHERS = {"google": "gemini", "anthropic": "anthropic"}


@dataclass(frozen=True, slots=True)
class ShutDown:
    """A model id its provider's own API no longer serves (``data/models.json``
    ``shut_down``, from the providers' deprecation pages)."""

    provider: str
    date: str
    #: a model the provider serves, suggested instead
    use: str
    source: str


@dataclass(frozen=True, slots=True)
class ImageLimits:
    """Per-request image limits a provider enforces (None: not documented)."""

    max_images: int | None = None
    max_side: int | None = None
    max_base64_bytes: int | None = None
    #: Inline data in one whole request (base64 images, files, audio and the texts): Gemini
    #: takes inline data only while the request stays under 20 MB.
    max_request_bytes: int | None = None
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
    #: True for an id the catalog does not know, used with a window the caller gave: its
    #: prices are the provider's conservative defaults (reports and image costs say so).
    estimated: bool = False
    #: The only wire format the provider serves this model in (``openai-responses`` for
    #: Responses-only models such as o1-pro); None: the provider's default format.
    api: str | None = None
    #: The dated ids the provider serves for this model (``claude-sonnet-4-5-20250929``):
    #: a dated id not among them names no model the provider has (Anthropic answers 404),
    #: so it is refused rather than priced as this one.
    snapshots: tuple[str, ...] = ()
    #: Whether the model takes audio input (None: its provider's rule, ``takes_audio``).
    audio: bool | None = None
    #: Tokens every request to the model is billed beyond its messages, tools and reply
    #: priming: a header its chat template always adds (gpt-oss: harmony's system message).
    request_overhead: int = 0

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
        self,
        models: Iterable[ModelInfo] = (),
        provider_vision: Mapping[str, bool] | None = None,
        aliases: Mapping[str, str] | None = None,
        shut_down: Mapping[str, ShutDown] | None = None,
    ) -> None:
        self._models: dict[str, ModelInfo] = {m.id: m for m in models}
        self._provider_vision: dict[str, bool] = dict(provider_vision or {})
        self._aliases: dict[str, str] = dict(aliases or {})
        self._shut_down: dict[str, ShutDown] = dict(shut_down or {})

    @classmethod
    def default(cls) -> Catalog:
        return default_catalog()

    def copy(self) -> Catalog:
        return Catalog(self._models.values(), self._provider_vision, self._aliases, self._shut_down)

    def register(self, info: ModelInfo) -> ModelInfo:
        # (a model registered is one the caller's deployment serves, shut down or not)
        for name in (info.id, *info.snapshots):
            self._shut_down.pop(name, None)
        self._models[info.id] = info
        return info

    def revive(self, model: str) -> ModelInfo:
        """Serve a model its provider shut down again, in this catalog: for a deployment
        that still has it (OpenAI's dedicated capacity, a proxy that keeps it) or to price
        old requests as they were billed. Its dated snapshots come back with it.

        >>> cat = Catalog.default().copy()
        >>> cat.revive("gpt-4-0613").id, cat.lookup("gpt-4").id
        ('gpt-4', 'gpt-4')
        """
        info = self._lookup_served(model)
        for name in (model, *_first_party_spellings(model), info.id, *info.snapshots):
            self._shut_down.pop(name, None)
        return info

    def alias(self, name: str, model: str) -> ModelInfo:
        """Name a known model another way: an Azure deployment, a proxy's route.

        >>> cat = Catalog.default().copy()
        >>> cat.alias("prod-chat", "gpt-4o").id
        'gpt-4o'
        >>> cat.lookup("azure/prod-chat").id
        'gpt-4o'
        """
        if _context_variant(model)[1] and self._find(model) is None:
            # an alias names a model; its window is the model's (fit(window=…) lowers it)
            raise ArgumentError("model", "a model id without a context-length tail", model)
        info = self._lookup_served(model)  # (Azure still serves models OpenAI shut down)
        self._aliases[name] = info.id
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
        """Resolve ``model`` (see the module docstring) or raise :class:`UnknownModelError`
        with the closest known ids."""
        if not isinstance(model, str):
            raise UnknownModelError(describe(model))
        spelt = _framework_parts(model)
        if spelt is not None:
            return self._lookup_framework_spelling(model, *spelt)
        custom = _BEDROCK_CUSTOM_MODEL.fullmatch(model)
        if custom is not None:  # a Bedrock fine-tune bills as the base model its ARN names
            try:
                return self.lookup(f"bedrock/{custom['base']}")
            except UnknownModelError as err:
                raise UnknownModelError(model, err.suggestions, hint=err.hint) from None
        gone = self.shut_down(model)
        if gone is not None:
            by = _PROVIDER_NAMES.get(gone.provider, gone.provider)
            raise ShutDownModelError(
                model, self._served((gone.use,)), provider=by, date=gone.date, source=gone.source
            )
        return self._lookup_served(model)

    def _lookup_framework_spelling(self, model: str, route: str, name: str) -> ModelInfo:
        """``anthropic:claude-…`` as ``anthropic/claude-…``; a refusal is said of ``model``,
        its suggestions spelt the framework's way."""
        prefix = model[: len(model) - len(name)]
        try:
            return self.lookup(f"{route}/{name}" if route else name)
        except ShutDownModelError as err:
            raise ShutDownModelError(
                model, err.suggestions, provider=err.provider, date=err.date, source=err.source
            ) from None
        except UnknownModelError as err:
            suggestions = tuple(self._framework_spelt(prefix, s, model) for s in err.suggestions)
            raise UnknownModelError(model, suggestions, hint=err.hint) from None

    def _framework_spelt(self, prefix: str, suggestion: str, model: str) -> str:
        """``suggestion`` under the framework's ``prefix`` when that is served, else bare:
        ``anthropic:gpt-4o`` is no id to suggest (R24-P1), ``gpt-4o`` is."""
        bare = _strip_route(suggestion)[1]
        spelt = prefix + bare
        served = spelt != model and self._resolves(framework_route(spelt))
        return spelt if served else bare

    def shut_down(self, model: str) -> ShutDown | None:
        """Whether ``model``, as spelt, names a model its provider's own API shut down (a
        partner cloud's id, ``azure/…``, Bedrock's or Vertex's, is not: they keep their own
        schedules), and when.

        >>> Catalog.default().shut_down("openrouter/openai/gpt-4-0613").date
        '2026-10-23'
        >>> Catalog.default().shut_down("us.anthropic.claude-sonnet-4-20250514-v1:0") is None
        True
        """
        for spelling in _first_party_spellings(model):
            gone = self._shut_down.get(spelling)
            if gone is not None:
                return gone
        return None

    def shut_down_ids(self) -> tuple[str, ...]:
        """Every id this catalog refuses as shut down by its provider, sorted."""
        return tuple(sorted(self._shut_down))

    def _served(self, names: Iterable[str]) -> tuple[str, ...]:
        """``names`` with each shut-down id replaced by the model suggested instead."""
        out = (gone.use if (gone := self._shut_down.get(n)) is not None else n for n in names)
        return tuple(dict.fromkeys(out))

    def _lookup_served(self, model: str) -> ModelInfo:
        """``lookup`` without the shut-down check."""
        rule = _not_chat(model)
        if rule is not None:
            use = rule.use_mini if "mini" in model else rule.use
            raise UnknownModelError(
                model,
                self._served(use),
                hint=f"{rule.what}; contextledger fits chat requests, so it is refused rather "
                "than priced with a chat model's window",
            )
        try:
            return self._lookup(model)
        except _UnknownSnapshotError as err:  # said of the spelling it found: say it of ours
            raise UnknownModelError(model, self._served(err.suggestions), hint=err.hint) from None

    def _lookup(self, model: str) -> ModelInfo:
        # (an id in white space is refused, as by every provider: the stripped one suggested)
        found = self._find(model) if model == model.strip() else None
        if found is not None:  # an id registered with a tail (my-router:128k) first
            return found
        name, wanted = _context_variant(model)
        base = self._find(name) if wanted and model == model.strip() else None
        if base is not None and wanted and _takes_tail(model, base):
            return _with_window(base, wanted)
        suggestions = self.suggest(model) if model.strip() else ()  # nothing to be close to
        # (gpt-4o-vision, gemini-2.5-pro-flash: the known id it extends by words no variant
        # of it is named with, first: letters put gpt-4o-mini nearer)
        bare = _strip_route(name)[1]
        extended = max((k for k in self._models if bare.startswith(k + "-")), key=len, default="")
        if extended and not _is_variant(bare, extended):
            extended = ""  # (o3-2025-04-1: the snapshot meant first, as suggest orders it)
        for fixed in (
            *self._staged(bare),
            *([extended] if extended else []),
            *_corrections(model.strip()),
            model.strip(),
        ):
            if self._find(fixed) is not None:
                suggestions = (fixed, *(s for s in suggestions if s != fixed))[:3]
        hint = _hint(model)
        if not suggestions and not hint and _family_word(model):
            hint = f"no model named {_family_word(model)}-… is known here"
        gone = suggestions[0] if suggestions and suggestions[0] in self._shut_down else None
        if gone is not None:  # (R23: the nearest spelling may be a model no longer served)
            said = f"the nearest id, {gone}, was shut down on {self._shut_down[gone].date}"
            hint = f"{hint}; {said}" if hint else said
        # the nearest served ids first, then what the provider serves instead of a shut one
        served = [s for s in suggestions if s not in self._shut_down]
        instead = [s for s in suggestions if s in self._shut_down]
        raise UnknownModelError(model, self._served((*served, *instead)), hint=hint)

    def _staged(self, bare: str) -> tuple[str, ...]:
        """The known ids that are ``bare`` with a release stage after it, the id a user who
        left the stage off meant (``gemini-3-flash``: gemini-3-flash-preview, which letters
        put behind gemini-3.7-flash; ``gemini-flash``: gemini-flash-latest); a shut-down one
        is named so and its successor suggested."""
        lower = bare.lower()
        return tuple(
            k for k in self._models if k.startswith(lower + "-") and k[len(lower) + 1 :] in _STAGES
        )

    def _find(self, name: str) -> ModelInfo | None:
        found = self._resolve(name)
        if found is None and "/" in name:
            # Open-weight models are matched case-blind, as their hosts spell them:
            # OpenRouter's meta-llama/llama-3.2-11b-… is Hugging Face's meta-llama/Llama-3.2-11B-….
            # A provider's own ids are not: OpenAI answers "The model `GPT-4o` does not
            # exist", Bedrock refuses US.ANTHROPIC.CLAUDE-… (its ids match a lower-case
            # pattern), so those are refused with the lower-case id suggested.
            found = self._resolve_case_blind(name)
            if found is not None and found.provider in _CASE_SENSITIVE_PROVIDERS:
                return None
        return found

    def _resolve_case_blind(self, model: str) -> ModelInfo | None:
        """A known id or alias spelt with other capitals (``meta-llama/llama-3.2-11b-…``)."""
        if model != model.lower() and (found := self._resolve(model.lower())) is not None:
            return found
        # (OpenRouter's variant tails too: meta-llama/llama-3.2-11b-vision-instruct:free)
        folded = _OPENROUTER_VARIANT.sub("", _strip_route(model)[1]).casefold()
        for name in (*self._models, *self._aliases):
            if name.casefold() == folded:
                return self._resolve(name)
        return None

    def suggest(self, model: str, n: int = 3) -> tuple[str, ...]:
        """The known ids closest to ``model`` (for "did you mean …?").

        >>> Catalog.default().suggest("claude-sonet-4-5")[0]
        'claude-sonnet-4-5'
        """
        known = {k.lower(): k for k in self._models if not k.endswith("/default")}
        name = _context_variant(model)[0]
        snapshot = self._near_snapshot(_strip_route(name)[1].lower())
        if snapshot is not None:  # a date cut short or mistyped: the snapshot, then its model
            snapshot_id, model_id = snapshot
            rest = [k for k in self._suggest_ids(name, known, n) if k != model_id]
            found = (snapshot_id, model_id, *rest)[:n]
        else:
            found = self._suggest_ids(name, known, n)
        # a mistyped alias (an Azure deployment, a route: red team 22, RT22-25) first when
        # it is nearer than any id
        aliases = self._near_aliases(name, found[0] if found else "", n)
        # a route's tag it does not know (openrouter/openai/gpt-4o:fastest): the id without it
        base, colon, tag = model.strip().rpartition(":")
        if colon and tag.isalpha() and "/" in base and self._resolves(base):
            aliases = (base, *aliases)
        return (*aliases, *(k for k in found if k not in aliases))[:n]

    def _near_aliases(self, name: str, nearest: str, n: int) -> tuple[str, ...]:
        """The aliases a letter or two from ``name`` (an Azure deployment's typo:
        ``prod-gpt4o-eastu`` for ``prod-gpt4o-eastus``) and nearer than the known id
        ``nearest``, spelt with the route ``name`` has (``azure/…``).

        >>> cat = Catalog.default().copy()
        >>> _ = cat.alias("prod-gpt4o-eastus", "gpt-4o")
        >>> cat.suggest("azure/prod-gpt4o-eastu")[0]
        'azure/prod-gpt4o-eastus'
        """
        import difflib

        given = _strip_route(name)[1]
        bare, stripped = given.lower(), name.strip()
        route = stripped[: len(stripped) - len(given)] if stripped.endswith(given) else ""
        # each alias by its name less any route it was registered with (azure/prod-west)
        by_bare = {_strip_route(a)[1].lower(): a for a in self._aliases}
        close = difflib.get_close_matches(bare, list(by_bare), n=n, cutoff=0.8)
        floor = difflib.SequenceMatcher(None, bare, nearest.lower()).ratio() if nearest else 0
        return tuple(
            by_bare[a] if "/" in by_bare[a] else route + by_bare[a]
            for a in close
            if by_bare[a] != given and difflib.SequenceMatcher(None, bare, a).ratio() > floor
        )

    def _near_snapshot(self, name: str) -> tuple[str, str] | None:
        """(a snapshot id, its model's id) when ``name`` is a model's id and a date or version
        number a digit or two from one of its snapshots (``claude-opus-4-1-2025080``: a
        digit lost), else None. The date says which model was meant better than the undated
        ids do: ``claude-opus-4-8`` is nearer by letters, but no dated id of it exists."""
        import difflib

        # (each spelling: a Bedrock id less its region, vendor and version; a Vertex @date)
        spellings = [s.replace("@", "-") for s in _candidates(name)]
        spellings = [s for s in spellings if _DATED_TAIL.search(s)]
        if not spellings:
            return None
        dated = {s.lower(): (s, m.id) for m in self._models.values() for s in m.snapshots}
        for spelling in spellings:
            close = difflib.get_close_matches(spelling, list(dated), n=1, cutoff=0.9)
            # only the date is off: a misspelt name is nearest its model, not a snapshot
            if close and close[0] != spelling and spelling.startswith(dated[close[0]][1] + "-"):
                return dated[close[0]]
        return None

    def _suggest_ids(self, name: str, known: Mapping[str, str], n: int) -> tuple[str, ...]:
        import difflib

        # Only ids of the family the name names are suggested (a typo of its word counts:
        # gtp-4o, gemni-2.5-pro): deepseek-chat and qwen/… were answered gpt-5-chat and
        # Llama, ids of another vendor (red team 25); with none, the refusal says what to do.
        word = _family_word(name)
        known = {k: v for k, v in known.items() if _same_family(word, v)}
        if not known:
            return ()
        # GPT-4o → gpt-4o; the plainest spelling first (us.anthropic.claude-sonet-4-5-2025…
        # is nearest claude-sonnet-4-5 once its region, vendor, version and date are off)
        spellings = _candidates(_strip_route(name)[1].lower())
        plain = [_DATE.sub("", s) for s in reversed(spellings)]
        spellings = list(dict.fromkeys([*plain, *reversed(spellings)]))
        for spelling in spellings:
            close = difflib.get_close_matches(spelling, list(known), n=n, cutoff=0.6)
            mended = _mended_variant(spelling, self._models)
            if mended is not None and not self._resolves(mended):
                mended = None  # gpt-4-125-preview: a variant of a snapshot never served
            if mended is not None:  # gpt-4o-audio-previwe: gpt-4o-audio-preview first
                return (mended, *(known[k] for k in close if known[k] != mended))[:n]
            if close:
                return tuple(known[k] for k in close)
        # Nothing close (claude-v2:1, sonnet): the nearest ids of its family.
        close = difflib.get_close_matches(spellings[-1], list(known), n=n, cutoff=0)
        return tuple(known[k] for k in close)

    def _resolves(self, name: str) -> bool:
        try:
            return self._find(name) is not None
        except UnknownModelError:  # a snapshot the model does not have
            return False

    def provider_default(self, model: str) -> ModelInfo:
        """The conservative defaults of the provider ``model`` names (by its route prefix or
        its name), else of an OpenAI-compatible server."""
        route, bare = _strip_route(model)
        named = ""
        for prefix, prov in (("gpt-", "openai"), ("claude-", "anthropic"), ("gemini-", "gemini")):
            if _BEDROCK_VENDOR.sub("", _BEDROCK_REGION.sub("", bare)).startswith(prefix):
                named = prov
                break
        else:
            if re.match(r"^o\d", bare):
                named = "openai"
        # (the Gemini API's models/… prefix says where an id was sent, not whose model it
        # names: models/gpt-4o with a window is priced as OpenAI's, not with Gemini's rules)
        resource = "models/" in model and "publishers/" not in model
        provider = (named or route) if resource else (route or named)
        default = self._models.get(f"{provider or 'openai-compatible'}/default")
        if default is None:
            default = self._models["openai-compatible/default"]
        return default

    def _resolve(self, model: str) -> ModelInfo | None:
        if model in self._models:
            return self._models[model]
        if model in self._aliases:
            return self._models[self._aliases[model]]
        provider, bare = _strip_route(model)
        if _two_forms(bare):
            return None
        # dotted Claude versions are OpenRouter's and gateways', under their anthropic/ route
        names = _candidates(bare, dotted=bool(provider))
        for name in names:
            found = self._known(name, provider)
            if found is not None:
                _check_version(bare, found)
                return found
        # (a router's prefix, for the variants it alone publishes: openrouter/openai/o3-mini-high)
        route = "openrouter" if "openrouter" in model.split("/")[:-1] else ""
        for name in names:
            found = self._family(name, provider, route)
            if found is not None:
                _check_version(bare, found)
                return found
        return None

    def _known(self, name: str, provider: str) -> ModelInfo | None:
        """Exact, alias or dated variant of ``name`` (one candidate spelling)."""

        def fits(info: ModelInfo) -> bool:
            return _served_by(provider, info)

        if name in self._aliases:
            return self._models[self._aliases[name]]
        if name in self._models and fits(self._models[name]):
            return self._models[name]
        tails: list[str] = []  # the tails stripped, outermost first
        stem = name
        while (shorter := _DATED_SUFFIX.sub("", stem)) != stem:
            tails.append(stem[len(shorter) :])
            stem = shorter
            if stem in self._models and fits(self._models[stem]):
                _check_tails(name, tails, self._models[stem])
                _check_published_alias(name, tails, self._models[stem])
                return self._models[stem]
        return None

    def _family(self, name: str, provider: str, route: str = "") -> ModelInfo | None:
        bare = _DATED_SUFFIX.sub("", name)

        def fits(info: ModelInfo) -> bool:
            return _served_by(provider, info)

        # Family: the longest known id that the name starts with (gpt-4o-mini-audio → gpt-4o-mini),
        # when what follows is a variant word: claude-opus-4-9 is not a claude-opus-4 variant,
        # nor is gpt-4-o (a misspelt gpt-4o) a gpt-4. The longest prefix decides: gpt-4o-mini-tss
        # (a misspelt gpt-4o-mini-tts) is refused, never read as a "-mini-tss" variant of gpt-4o,
        # whose images cost 33× less.
        best = max(
            (k for k in self._models if bare.startswith(k + "-") and fits(self._models[k])),
            key=len,
            default=None,
        )
        if best is None or not _is_variant(bare, best) or self._misspells_another(bare, best):
            return None
        family = self._models[best]
        tail = bare[len(best) + 1 :]
        if family.provider in _CASE_SENSITIVE_PROVIDERS and tail != tail.lower():
            return None  # gpt-4o-MINI is not a gpt-4o variant: OpenAI refuses it
        listed = tail.lower().split("-")
        words = set(listed)
        # gpt-4o-audio-preview-2024-13-17, gpt-4o-mini-audio-audio: a variant the provider
        # never names (no date, a word twice)
        problem = date_problem(name[len(bare) :])
        # (gpt-4o-mini-mini: the word that made the family known, again)
        if problem or len(words) < len(listed) or words & set(best.lower().split("-")):
            raise _UnknownSnapshotError(
                name,
                (family.id,),
                hint=f"{problem or 'a word comes twice'}: no variant of {family.id} is so named",
            )
        if words & _NOT_CHAT_WORDS:
            return None
        if family.provider == "gemini" and {"native", "audio"} <= words:
            # gemini-2.5-flash-native-audio-preview-09-2025: a Live API model (a 131,072-token
            # window, audio out), which generateContent does not serve; never the family's
            raise _UnknownSnapshotError(
                name,
                (family.id,),
                hint=f"a native-audio model is served by the Live API only, not as {family.id} "
                f"(another window); name it with register_model if you send to it",
            )
        rules = _id_rules()
        published = rules.variants.get(family.provider)
        if published is not None:  # (a router's own variants under its prefix: route_variants)
            published += rules.route_variants.get(route, {}).get(family.provider, ())
        if published is not None and not any(
            fam.fullmatch(best) and tails.fullmatch(name[len(best) + 1 :])
            for fam, tails in published
        ):
            return None  # gpt-4o-pro, gemini-2.5-pro-flash, claude-sonnet-4-5-thinking: no id
        if words & _NO_VISION_WORDS:
            family = replace(family, vision=False)
        if "audio" in words:  # gpt-4o-audio-preview: the Chat model that hears
            family = replace(family, audio=True)
        if family.provider == "openai" and words & _RESPONSES_ONLY_WORDS:
            family = replace(family, api="openai-responses")
        return family

    def _misspells_another(self, name: str, family: str) -> bool:
        """``gpt-4o-mni`` extends ``gpt-4o`` but is one letter from ``gpt-4o-mini``, whose images
        cost 33× more: a near-miss of a longer known id is a typo, not a variant."""
        import difflib

        longer = [k for k in self._models if len(k) > len(family) and k != family]
        return bool(difflib.get_close_matches(name, longer, n=1, cutoff=0.9))


# Claude 4 and later name the family before the version (claude-sonnet-4-5); wrappers
# still write them the Claude 3 way (claude-4.5-sonnet, claude-4-opus-20250514).
_CLAUDE_VERSION_FIRST = compiled_on_use(r"^claude-(\d+(?:[.-]\d)?)-(sonnet|opus|haiku)\b")


# The variants OpenAI, Anthropic and Google publish of a family the catalog lists, the
# variants a router publishes under its own prefix, the ``-latest``/undated ``-preview``
# aliases they publish, and the ids of theirs that are no chat model: data, in
# ``data/models.json`` (``published_variants``, ``route_variants``, ``published_aliases``,
# ``not_chat``: each with its sources, checked against the SDKs' model lists by
# tests/test_catalog_sdk_ids.py). Read once, with the shipped catalog's file.
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _NotChat:
    provider: str
    pattern: re.Pattern[str]
    what: str
    use: tuple[str, ...]
    use_mini: tuple[str, ...]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _IdRules:
    variants: Mapping[str, tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]]
    route_variants: Mapping[str, Mapping[str, tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]]]
    aliases: frozenset[str]
    not_chat: tuple[_NotChat, ...]


def _patterns(
    pairs: Iterable[Sequence[str]],
) -> tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]:
    return tuple((re.compile(fam), re.compile(tails)) for fam, tails in pairs)


@cache
def _id_rules() -> _IdRules:
    data = json.loads(_default_data())
    return _IdRules(
        variants={
            provider: _patterns(pairs)
            for provider, pairs in data["published_variants"].items()
            if not provider.startswith("_")
        },
        route_variants={
            route: {provider: _patterns(pairs) for provider, pairs in by_provider.items()}
            for route, by_provider in data["route_variants"].items()
            if not route.startswith("_")
        },
        aliases=frozenset(data["published_aliases"]["ids"]),
        not_chat=tuple(
            _NotChat(
                rule["provider"],
                re.compile(rule["pattern"]),
                rule["what"],
                tuple(rule["use"]),
                tuple(rule.get("use_mini", rule["use"])),
            )
            for rule in data["not_chat"]
        ),
    )


def _not_chat(model: str) -> _NotChat | None:
    """The ``not_chat`` rule ``model`` (under any route, in any cloud's form) falls under:
    an id its provider serves in no chat API (``gpt-realtime``, ``gpt-4o-realtime-preview``:
    OpenAI's Realtime API only), which must not be priced as a chat model's window."""
    if (
        "realtime" not in model and "lyria" not in model
    ):  # (the rules' words: a plain id costs nothing)
        return None
    bare = _context_variant(_strip_route(model)[1])[0]
    names = {bare.strip(), *_candidates(bare.strip(), dotted=False)}
    for rule in _id_rules().not_chat:
        if any(rule.pattern.fullmatch(name) for name in names):
            return rule
    return None


def _check_published_alias(name: str, tails: Sequence[str], info: ModelInfo) -> None:
    """Refuse ``name``, ``info``'s id with a ``-latest`` or undated ``-preview`` tail, when
    ``info``'s provider is one that publishes such aliases for a few models only and this
    is none of them (``claude-sonnet-4-5-latest``, ``gpt-4o-latest``,
    ``gemini-2.5-pro-preview``): the provider answers 404."""
    rules = _id_rules()
    if info.provider not in rules.variants:
        return
    if not any(tail in ("-latest", "-preview") for tail in tails):
        return
    spelt = info.id + "".join(reversed(tails))
    if spelt in rules.aliases:
        return
    published = sorted(a for a in rules.aliases if a.startswith(info.id + "-"))
    raise _UnknownSnapshotError(
        name,
        (info.id, *published, *sorted(info.snapshots, reverse=True)[:2]),
        hint=(
            f"{_PROVIDER_NAMES.get(info.provider, info.provider)} publishes no "
            f"{spelt[len(info.id) :]!r} alias of {info.id}; if your deployment serves it, "
            f"name it with register_alias({name!r}, {info.id!r})"
        ),
    )


class _UnknownSnapshotError(UnknownModelError):
    """A known model's id with a date it has no snapshot for (``lookup`` says it of the id
    the caller gave)."""


def _check_snapshot(name: str, info: ModelInfo) -> None:
    """Refuse ``name``, ``info``'s id with a date or version tail, unless it is one of the
    model's snapshots: ``claude-sonnet-4-5-20250930`` is no model Anthropic serves (404),
    and pricing it as claude-sonnet-4-5 would hide the typo until the provider refuses it.
    The real snapshots and the undated id are suggested; a snapshot newer than the catalog
    is named with ``register_alias`` (or listed in ``snapshots`` by ``Catalog.override``)."""
    # (the tail stripped, not the name's end: gemini-2.5-flash-preview-09-2025 is a preview)
    tail = _SNAPSHOT_TAIL.fullmatch(name[len(info.id) :])
    if tail is None or name in info.snapshots:
        return
    known = (
        f"its snapshots are {', '.join(info.snapshots)}"
        if info.snapshots
        else "it is served undated only, as far as the catalog knows"
    )
    raise _UnknownSnapshotError(
        name,
        (*sorted(info.snapshots, reverse=True)[:2], info.id),
        hint=(
            f"{info.id} has no snapshot {tail[0][1:]!r} ({known}); if the provider serves "
            f"it, name it with register_alias({name!r}, {info.id!r})"
        ),
    )


def _check_tails(name: str, tails: Sequence[str], info: ModelInfo) -> None:
    """Refuse ``name``, ``info``'s id with ``tails`` (outermost first), unless the provider
    writes them so (see :mod:`contextledger.id_tails`) and each date names a snapshot."""
    problem = chain_problem(tails, info.id)
    if problem:
        raise _UnknownSnapshotError(
            name,
            (info.id, *sorted(info.snapshots, reverse=True)[:2]),
            hint=f"{problem}, so {name!r} names no model {info.id}'s provider serves",
        )
    for tail in tails:
        if _SNAPSHOT_TAIL.fullmatch(tail):
            _check_snapshot(info.id + tail, info)


def _check_version(bare: str, info: ModelInfo) -> None:
    """Refuse ``bare`` (an id without its route), resolved to ``info``, when its version
    tail or its Bedrock form is none the cloud serves: a Bedrock ``-vN:0`` on another
    cloud's id (``claude-sonnet-4-5-20250929-v9:9``), a version Bedrock does not have
    (``…-v1:7``), or a Claude model Bedrock serves dated only named without its date
    (``anthropic.claude-sonnet-4-5-v1:0``): each would be answered 404."""
    name = _FINE_TUNE.sub(r"\1", _AZURE_FINE_TUNE.sub("", bare))
    prefix = _BEDROCK_REGION.match(name)
    unregioned = name[prefix.end() :] if prefix else name
    vendor = _BEDROCK_VENDOR.match(unregioned)
    unrouted = unregioned[vendor.end() :] if vendor else unregioned
    vertex = _VERTEX_SNAPSHOT.search(unrouted)
    unrouted = _OPENROUTER_VARIANT.sub("", _VERTEX_DATE.sub("", unrouted))
    version = _BEDROCK_VERSION.search(unrouted)
    stem = unrouted[: version.start()] if version else unrouted
    dated = _DATE.search(stem)
    tail = dated[0] if dated else f"-{vertex[1]}" if vertex else None
    snapshot = info.id + tail if tail else None
    bedrock = vendor[0][:-1] if vendor else ""
    if bedrock == "anthropic" and info.provider != "anthropic":  # us.anthropic.pixtral-…
        raise _UnknownSnapshotError(
            bare, (info.id,), hint=f"Bedrock's anthropic. ids are Claude's, not {info.id}'s"
        )
    if version:
        problem = version_problem(
            version[0], bedrock_vendor=bedrock, snapshot=snapshot, snapshots=info.snapshots
        )
    elif bedrock == "anthropic" and info.snapshots and snapshot is not None:
        problem = "Bedrock's Claude ids end with their version (-v1:0)"
    else:
        problem = _vertex_release_problem(vertex, bedrock, snapshot, info)
    if bedrock == "anthropic" and info.snapshots and snapshot is None:
        problem = f"Bedrock serves {info.id} dated only"
    if problem is None:
        return
    bedrock_prefix = (prefix[0] if prefix else "") + (vendor[0] if vendor else "")
    bedrock_ids = [
        f"{bedrock_prefix}{s}-v{sorted(info.snapshots).index(s) + 1}:0"
        for s in ([snapshot] if snapshot in info.snapshots else sorted(info.snapshots)[-1:])
    ]
    raise _UnknownSnapshotError(
        bare,
        (*(bedrock_ids if bedrock else ()), info.id),
        hint=f"{problem}, so {bare!r} names no model the provider serves",
    )


def _vertex_release_problem(
    vertex: re.Match[str] | None, bedrock: str, snapshot: str | None, info: ModelInfo
) -> str | None:
    """Vertex names a Claude model's later release with its number before the date
    (``claude-3-5-sonnet-v2@20241022``): the same date without it is no Vertex id (404)."""
    if vertex is None or bedrock or info.provider != "anthropic":
        return None
    if snapshot is None or snapshot not in info.snapshots:
        return None
    release = sorted(info.snapshots).index(snapshot) + 1
    if release == 1:
        return None
    return f"Vertex names that snapshot {info.id}-v{release}@{vertex[1]}"


def _two_forms(name: str) -> bool:
    """An id in two providers' forms at once, which neither serves: a Vertex ``@date`` after
    a dated id (``claude-sonnet-4-5-20250929@20250929``), a Bedrock id
    (``anthropic.claude-…-v1:0@…``) or OpenRouter's dotted version (``claude-sonnet-4.5@…``)."""
    if "@" not in name:
        return False
    before = name.rsplit("@", 1)[0]
    return bool(
        _DATE.search(before)
        or re.search(r"-v\d+:\d+$", before)  # Bedrock's; Vertex has claude-3-5-sonnet-v2@…
        or _BEDROCK_VENDOR.match(_BEDROCK_REGION.sub("", before))
        or (before.startswith("claude-") and _CLAUDE_DOTTED.search(before))
    )


def _family_word(name: str) -> str:
    """The leading word of a model name less its route, region, vendor and fine-tune
    decoration: what family it names ("" when it starts with no letter).

    >>> [_family_word(n) for n in ("us.anthropic.claude-sonet-4-5-v1:0", "qwen/qwen-2.5-72b",
    ...                            "gpt4o", "ft:gpt-4o-mini:acme::x", "o5", "ｇｐｔ-4o")]
    ['claude', 'qwen', 'gpt', 'gpt', 'o', 'gpt']
    """
    folded = unicodedata.normalize("NFKC", name).strip()  # ｇｐｔ-4o: an IME's full width
    # (a region before no vendor, us.gpt-4o, names no Bedrock id but still its family)
    plain = _BEDROCK_REGION.sub("", _candidates(_strip_route(folded)[1].lower())[-1])
    plain = plain.rsplit("/", 1)[-1]
    word = re.match(r"[a-z]+", plain)
    return word[0] if word else ""


_FAMILY_TYPO = 0.66  # difflib's ratio: gtp/gpt 0.67, gemni/gemini 0.91; glm/gpt 0.33


def _same_family(word: str, known_id: str) -> bool:
    """Whether ``known_id`` is of the family ``word`` names: the same leading word, a typo
    of it, or one of the id's words (``sonnet``: claude-sonnet-4-5).

    >>> _same_family("gtp", "gpt-4o"), _same_family("deepseek", "gpt-5-chat")
    (True, False)
    """
    import difflib

    if not word:
        return False
    theirs = _family_word(known_id)
    if theirs == word or (len(word) >= 4 and word in re.split(r"[-.:_/]", known_id.lower())):
        return True
    return difflib.SequenceMatcher(None, word, theirs).ratio() >= _FAMILY_TYPO


def _corrections(model: str) -> list[str]:
    """Spellings of a refused id that may be what was meant, tried in turn (the last that
    resolves is suggested first): its lower case (``GPT-4o``, ``US.ANTHROPIC.…``), a
    Claude id with the version before the family (``claude-4.5-sonnet``), without a Vertex
    date it cannot take (``claude-sonnet-4-5-20250929@20250929``)."""
    lower = model.lower()
    out = [lower] if lower != model else []
    if _CLOUD_ID.match(lower) and re.search(r"\d{8}-v\d+$", lower):
        out.append(f"{lower}:0")  # a dated Bedrock id without its :0
    if _two_forms(_strip_route(lower)[1]):
        out.append(lower.rsplit("@", 1)[0])
    swapped = _CLAUDE_VERSION_FIRST.sub(lambda m: f"claude-{m[2]}-{m[1].replace('.', '-')}", lower)
    if swapped != lower:
        out.append(swapped)
    return out


def _hint(model: str) -> str:
    """What to do about an unknown id of a kind the catalog can never know by itself."""
    if not model.strip():
        return "the model id is empty"
    if model != model.strip():
        return "the id has white space around it, which the providers refuse"
    if "application-inference-profile/" in model:
        return (
            "an application inference profile is named by its owner: map it to its model "
            "with register_alias(profile, model) or Catalog.alias"
        )
    if model.split("/", 1)[0] in ("azure", "azure_ai"):
        return (
            "an Azure deployment is named by its owner: map it to its model with "
            "register_alias(deployment, model) or Catalog.alias"
        )
    bare = _strip_route(model)[1]
    region = _BEDROCK_REGION.match(bare)
    if region is not None and not _BEDROCK_VENDOR.match(bare[region.end() :]):
        return (
            f"a Bedrock region ({region[0]}) goes before a Bedrock vendor's model "
            f"({region[0]}anthropic.…); no model is named {bare}"
        )
    publisher = re.match(r"(?:.*/)?publishers/([^/]+)/models/([^/]+)$", model)
    if publisher is not None and publisher[1] != "google":  # Vertex names every publisher's so
        return (
            f"Vertex names {publisher[1]}'s models publishers/{publisher[1]}/models/…; the "
            f"catalog knows no {publisher[1]} model {publisher[2]!r}"
        )
    fireworks = re.match(r"(?:.*/)?accounts/([^/]+)/models/([^/]+)$", model)
    if fireworks is not None:  # (not the Gemini API's models/: R37, ids37)
        return (
            f"accounts/{fireworks[1]}/models/… is Fireworks' name for a model it serves; "
            f"the catalog knows no Fireworks model {fireworks[2]!r}"
        )
    if re.match(r"(?:.*/)?models/", model) and not re.match(r"gemini|gemma", bare):
        return "models/… is the Gemini API's name for Google's models; other providers' ids go bare"
    effort = _EFFORT_ID.fullmatch(bare)
    if effort is not None:
        routed = f"openai/{effort[1]}-high"
        said = f" ({routed} is OpenRouter's own id)" if effort[1].endswith("-mini") else ""
        return (
            f"OpenAI names no reasoning-effort ids: send {effort[1]} with "
            f"reasoning_effort={effort[2]!r}{said}"
        )
    return ""


# o3-mini-high, o3-low: a model with a reasoning effort, which OpenAI takes in the request
_EFFORT_ID = compiled_on_use(r"(o\d(?:-mini)?)-(high|low|medium)")


def _context_variant(model: str) -> tuple[str, int | None]:
    """(the id without a context-length tail, the window the tail asks for, or None).

    >>> _context_variant("claude-sonnet-4-5[1m]"), _context_variant("anthropic.claude-v2:1:18k")
    (('claude-sonnet-4-5', 1000000), ('anthropic.claude-v2:1', 18000))
    """
    name = model.strip()
    tail = _CONTEXT_VARIANT.search(name)
    if tail is None or (tail[4] and name.startswith("ft:")):  # a fine-tune's own id: ft:…:12k
        return name, None
    digits, unit = (tail[1], tail[2]) if tail[1] else (tail[4], tail[5])
    scale = 1_000_000 if unit.lower() == "m" else 1_000
    vertex_date = tail[3] or ""  # kept: claude-sonnet-4-5[1m]@20250929 → …-4-5@20250929
    return name[: tail.start()] + vertex_date, int(digits) * scale or None  # [0k]: refused


@lru_cache(maxsize=4096)  # (every lookup asks: the same few ids, parsed once)
def _first_party_spellings(model: str) -> tuple[str, ...]:
    """``model`` as its provider's own API spells it, under any router's prefix (LiteLLM,
    OpenRouter: ``openrouter/anthropic/claude-3.7-sonnet`` → ``claude-3-7-sonnet``), or
    nothing for an id of a partner cloud (Azure, Bedrock, Vertex) or a fine-tune.

    >>> _first_party_spellings("openrouter/anthropic/claude-3.7-sonnet:thinking")
    ('claude-3.7-sonnet', 'claude-3-7-sonnet')
    >>> _first_party_spellings("vertex_ai/claude-sonnet-4@20250514")
    ()
    """
    name = model.strip()
    if name.split("/", 1)[0] in _CLOUD_ROUTES or name.startswith("arn:") or "/models/" in name:
        return ()
    bare = _context_variant(_strip_route(name)[1])[0]
    if "@" in bare or _CLOUD_ID.match(bare) or _FINE_TUNE.match(bare):
        return ()
    if _AZURE_FINE_TUNE.search(bare):
        return ()
    bare = _OPENROUTER_VARIANT.sub("", bare)
    spellings = [bare, _CLAUDE_DOTTED.sub("-", bare)]
    if "openrouter" in name.split("/")[:-1]:  # openrouter/openai/o3-mini-high is o3-mini's
        spellings.append(_OPENROUTER_EFFORT.sub("", bare))
    return tuple(dict.fromkeys(spellings))


# OpenRouter's reasoning-effort ids (openai/o3-mini-high: o3-mini at effort high), route_variants
_OPENROUTER_EFFORT = compiled_on_use(r"(?<=^o\d-mini)-high$")


def _takes_tail(model: str, base: ModelInfo) -> bool:
    """Whether ``model``'s context-length tail is one its provider has: Claude Code's
    ``[1m]`` on a Claude id, Bedrock's ``:200k`` on a Bedrock id (OpenAI and Google answer
    404 for ``gpt-4o:32k`` or ``gemini-2.5-flash[1m]``)."""
    if "]" in model:  # a […] tail, a Vertex date possibly after it
        return base.provider == "anthropic"
    return _CLOUD_ID.match(_strip_route(model)[1]) is not None


def _with_window(info: ModelInfo, wanted: int) -> ModelInfo:
    """``info`` with the window a context-length variant asks for, never above the window
    the provider serves: Anthropic closed the context-1m beta of Claude Sonnet 4 and 4.5 on
    2026-04-30 (a request over 200,000 tokens is refused), so ``claude-sonnet-4-5[1m]`` is
    budgeted at 200,000; ``claude-sonnet-4-6[1m]`` has 1M natively."""
    return replace(info, context_window=min(wanted, info.context_window))


def _served_by(route: str, info: ModelInfo) -> bool:
    """Whether a route prefix's provider serves ``info``: any model without a route; an
    open-weight model behind ``openai/`` (LiteLLM's OpenAI-compatible route) too."""
    if not route or info.provider == route:
        return True
    return route == "openai" and info.provider == "openai-compatible"


def takes_prefill(info: ModelInfo) -> bool:
    """Whether ``info`` takes a conversation that ends on an assistant turn (a prefill the
    reply continues). Anthropic's migration guide: "Prefilling assistant messages returns a
    400 error on Claude 4.6 models" ("This model does not support assistant message
    prefill. The conversation must end with a user message."), and on every later one
    (qwen-code#8039, livekit/agents#4907). Gemini's newer models answer HTTP 400 "Requests
    ending with a model turn are not supported" (gemini-3.5-flash-lite, 3.6 Flash and later:
    LibreChat-AI/agents#323 measured it per model, gemini-3.5-flash and 2.5 Flash taking it;
    pipecat#5821 takes it only from gemini-2.*, gemini-3-*, gemini-3.1-* and
    gemini-pro-latest), so a Gemini model not known to take it does not (the rolling
    ``gemini-flash-latest`` names a newer Flash). Others, and Claude models before 4.6: yes.

    >>> [takes_prefill(lookup_model(m)) for m in ("claude-sonnet-4-5", "claude-sonnet-4-6", "gpt-4o")]
    [True, False, True]
    >>> [takes_prefill(lookup_model(m)) for m in ("gemini-2.5-flash", "gemini-flash-latest")]
    [True, False]
    """
    if info.provider == "gemini":
        return _GEMINI_PREFILL.match(_without_provider(info.id)) is not None
    if info.provider != "anthropic":
        return True
    found = _CLAUDE_FAMILY_FIRST.match(info.id)
    if found is None:
        return True  # claude-3-5-sonnet and its like (before 4.6); an unknown id: not known
    version = (int(found.group(1)), int(found.group(2) or 0))
    return version < (4, 6)


def takes_forced_tool(info: ModelInfo) -> bool:
    """Whether ``info`` takes a forced tool choice (Anthropic's ``any`` or ``tool``, OpenAI's
    ``required`` or a named function): Claude Opus 5.5 and Claude Fable 5.1 answer HTTP 400
    ("Forced tool use returns an error": Anthropic's "What's new in Claude Opus 5.5", which
    says it of Fable 5.1 too, and "What's new in Claude Fable 5.1"; Mythos 5.1 shares Fable
    5.1's capabilities, and Fable and Mythos 5.2 list no change to it).

    >>> [takes_forced_tool(lookup_model(m)) for m in ("claude-opus-5", "claude-opus-5-5")]
    [True, False]
    """
    return _without_provider(info.id) not in _NO_FORCED_TOOL


_NO_FORCED_TOOL = frozenset(
    (
        "claude-opus-5-5",
        "claude-fable-5-1",
        "claude-mythos-5-1",
        "claude-fable-5-2",
        "claude-mythos-5-2",
    )
)

# The Gemini models measured taking a conversation that ends on a model turn.
_GEMINI_PREFILL = compiled_on_use(r"^gemini-(?:1\.|2\.|3-|3\.1-|3\.5-flash$|pro-latest$)")
# claude-sonnet-4-6, claude-opus-5, claude-fable-5-1: the family, then the version
_CLAUDE_FAMILY_FIRST = compiled_on_use(r"^claude-[a-z]+-(\d+)(?:-(\d{1,2}))?$")


def sent_model_id(asked: str | ModelInfo, info: ModelInfo) -> str:
    """The model id a request body names: the one the caller asked for (a variant, a dated
    snapshot, a Vertex ``@date`` or Bedrock id: each a model the provider serves as such;
    sending the family's id picked another model, and gpt-4o for gpt-4o-audio-preview
    answers HTTP 400 for audio), without a catalog provider prefix ("openai-compatible/
    llama3": the server knows "llama3"). A spelling that does not hold the catalog's id (a
    router's claude-3.5-sonnet) goes as the catalog's id, as before.

    >>> [sent_model_id(m, lookup_model(m)) for m in ("gpt-4o-audio-preview", "openai/gpt-4o")]
    ['gpt-4o-audio-preview', 'gpt-4o']
    """
    family = _without_provider(info.id)
    if isinstance(asked, ModelInfo):
        name = family
    else:  # (a framework's anthropic:claude-x or litellm/x names x to the provider)
        parts = _framework_parts(asked.strip())
        name = _without_provider(parts[1] if parts is not None else asked.strip())
    return name if family in name else family


def router_prefix(model: str) -> str | None:
    """The router ``model`` is written for — a LiteLLM route (``bedrock/``, ``vertex_ai/``,
    ``openrouter/``, ``azure/``…), which no provider's own API takes in a body — or None
    (a bare id, or a catalog provider's prefix: ``anthropic/claude-x`` is Anthropic's).

    >>> router_prefix("bedrock/us.anthropic.claude-haiku-4-5-20251001-v1:0"), router_prefix("openai/gpt-4o")
    ('bedrock', None)
    """
    head, slash, rest = model.strip().partition("/")
    routed = slash and rest and head in _ROUTE_PROVIDERS and head not in PROVIDERS
    return head if routed and head not in ("converse", "invoke") else None


def body_model_id(asked: str | ModelInfo, info: ModelInfo, wire: str) -> str:
    """The model a request body in format ``wire`` names (``prepare``), as the API that body
    is shaped for takes it: a router's id in an OpenAI Chat body as written (LiteLLM and its
    proxy take Chat bodies and their own ids); in a provider's own format (Anthropic
    Messages, Gemini, Responses) without the route, which that API does not know
    (``us.anthropic.claude-…-v1:0`` for Bedrock's Anthropic client, ``gemini-2.5-pro`` for
    Vertex's, ``claude-sonnet-4-5`` for Anthropic's); any other id as
    :func:`sent_model_id` names it.

    >>> [body_model_id(m, lookup_model(m), w) for m, w in
    ...  (("vertex_ai/gemini-2.5-pro", "openai"), ("vertex_ai/gemini-2.5-pro", "gemini"))]
    ['vertex_ai/gemini-2.5-pro', 'gemini-2.5-pro']
    >>> body_model_id("google/gemini-2.5-pro:free", lookup_model("google/gemini-2.5-pro:free"), "gemini")
    'gemini-2.5-pro'
    """
    if isinstance(asked, str) and router_prefix(asked) is not None:
        if wire == "openai":
            return asked.strip()
        asked = _strip_route(asked)[1]
    sent = sent_model_id(asked, info)
    # (nor a router's variant tail: no provider serves "gemini-2.5-pro:free", R36-I1)
    return sent if wire == "openai" else _OPENROUTER_VARIANT.sub("", sent)


def _framework_parts(model: str) -> tuple[str, str] | None:
    """(the route, the model name) of a framework's spelling of a model id, else None.

    >>> _framework_parts("google-gla:gemini-2.5-flash"), _framework_parts("litellm/gpt-4o")
    (('gemini', 'gemini-2.5-flash'), ('', 'gpt-4o'))
    >>> _framework_parts("ft:gpt-4o-mini-2024-07-18:acme::x") is None
    True
    """
    name = model.removeprefix("gateway/")  # pydantic-ai's gateway: gateway/openai:gpt-5
    if name.startswith("litellm/") and len(name) > len("litellm/"):  # the Agents SDK's
        return "", name[len("litellm/") :]
    head, colon, rest = name.partition(":")
    if colon and rest and rest == rest.strip() and head in _FRAMEWORK_PROVIDERS:
        return _FRAMEWORK_PROVIDERS[head], rest
    return None


def framework_id(provider: str, name: str) -> str:
    """The id a framework's model object names, as its ``provider:model`` string (pydantic-ai's
    ``Model.system`` and ``model_name``): ``name`` alone for a provider the catalog routes
    nowhere (an OpenAI-compatible host's own model).

    >>> framework_id("azure", "gpt-4"), framework_id("deepseek", "deepseek-chat")
    ('azure:gpt-4', 'deepseek-chat')
    """
    return f"{provider}:{name}" if provider in _FRAMEWORK_PROVIDERS else name


def framework_route(model: str) -> str:
    """``model`` as the catalog spells its route (``anthropic:claude-x`` → ``anthropic/claude-x``,
    the Agents SDK's ``litellm/gemini/x`` → ``gemini/x``); any other id as it is.

    >>> framework_route("bedrock:us.anthropic.claude-sonnet-4-5-20250929-v1:0")
    'bedrock/us.anthropic.claude-sonnet-4-5-20250929-v1:0'
    """
    parts = _framework_parts(model)
    if parts is None:
        return model
    route, name = parts
    return f"{route}/{name}" if route else name


def _without_provider(model: str) -> str:
    prefix, _, bare = model.partition("/")
    return bare if bare and prefix in PROVIDERS else model


def takes_audio(info: ModelInfo) -> bool | None:
    """Whether ``info`` takes audio input: Gemini's models do; OpenAI's only the ``-audio``
    variants (gpt-4o-audio-preview: the others answer HTTP 400); Anthropic's none; another
    provider's: not known (None), as registered (``ModelInfo.audio``) else sent.

    >>> [takes_audio(lookup_model(m)) for m in ("gpt-4o", "gpt-4o-audio-preview", "gemini-2.5-flash")]
    [False, True, True]
    """
    if info.audio is not None:
        return info.audio
    return _AUDIO_BY_PROVIDER.get(info.provider)


_AUDIO_BY_PROVIDER = {"gemini": True, "openai": False, "anthropic": False}


def _strip_route(model: str) -> tuple[str, str]:
    """(catalog provider or "", the model name without routing prefixes).

    >>> _strip_route("openrouter/anthropic/claude-3.5-sonnet")
    ('anthropic', 'claude-3.5-sonnet')
    >>> _strip_route("arn:aws:bedrock:us-east-1:1:inference-profile/us.anthropic.claude-3-haiku-20240307-v1:0")
    ('anthropic', 'us.anthropic.claude-3-haiku-20240307-v1:0')
    >>> _strip_route("bedrock/converse/arn:aws:bedrock:us-east-1:1:inference-profile/us.anthropic.claude-3-haiku-20240307-v1:0")
    ('anthropic', 'us.anthropic.claude-3-haiku-20240307-v1:0')
    """
    provider = ""
    name = model.strip()
    if name.startswith("arn:aws:bedrock:"):
        return "anthropic" if "anthropic." in name else "", name.rsplit("/", 1)[-1]
    if "/models/" in name or name.startswith("models/"):
        # A resource name: the Gemini API's models/x names Google's models only (OpenAI's
        # API answers 404 for models/gpt-4o); Vertex's publishers/<who>/models/x, whose
        # publisher says whose model it is.
        head, _, name = name.rpartition("models/")
        publisher = re.search(r"publishers/([^/]+)/$", head)
        provider = _PUBLISHERS.get(publisher[1], "") if publisher else "gemini"
    while "/" in name:
        head, rest = name.split("/", 1)
        if head not in _ROUTE_PROVIDERS and head != "publishers":
            break
        provider = _ROUTE_PROVIDERS.get(head, "") or provider
        name = rest
    if name.startswith("arn:aws:bedrock:"):  # LiteLLM's bedrock/arn:… (R35-I1)
        return _strip_route(name)
    return provider, name


def _candidates(name: str, dotted: bool = True) -> list[str]:
    """Spellings of one model name to try, most literal first (``dotted``: a Claude version
    written with a dot, ``claude-sonnet-4.5``, too)."""
    out = [name]
    # A fine-tune bills as its base model (same tokenizer, window and image formula), and
    # its id names the base: OpenAI's (and Mistral's) ft:<base>:<org>:<suffix>:<id>, Azure's
    # <base>.ft-<hex>.
    name = _FINE_TUNE.sub(r"\1", _AZURE_FINE_TUNE.sub("", name))
    # A Bedrock region names a cross-region inference profile of a vendor's model
    # (us.anthropic.…): before no vendor (us.gpt-4o) it names nothing Bedrock serves.
    regionless = _BEDROCK_REGION.sub("", name)
    unrouted = _BEDROCK_VENDOR.sub("", regionless)
    if unrouted == regionless:
        unrouted = name
    bedrock = unrouted != name
    # Vertex's date goes first: claude-3-5-sonnet-v2@20241022 keeps a version tail under it.
    # It names a snapshot as the provider's own id does (claude-3-5-sonnet-20241022), and is
    # checked as one.
    vertex = _VERTEX_SNAPSHOT.search(unrouted)
    unrouted = _VERTEX_DATE.sub("", unrouted)
    version = _BEDROCK_VERSION.search(unrouted)
    if version and not (bedrock and not version[1] and _DATE.search(unrouted[: version.start()])):
        unrouted = unrouted[: version.start()]  # (a dated Bedrock id without its :0 is none)
    unrouted = _OPENROUTER_VARIANT.sub("", unrouted)
    if vertex is not None:
        unrouted = f"{unrouted}-{vertex[1]}"
    out.append(unrouted)
    if dotted and unrouted.startswith("claude-"):
        out.append(_CLAUDE_DOTTED.sub("-", unrouted))
    return list(dict.fromkeys(out))


# The words providers put after a model id to name a variant of it. Only these make a
# variant: ``gpt-4o-typo`` or ``gpt-5-nonexistent`` is refused with a suggestion rather than
# priced as gpt-4o or gpt-5 (an unknown model is never guessed).
_VARIANT_WORDS = frozenset(
    [
        "audio",
        "realtime",
        "search",
        "preview",
        "exp",
        "experimental",
        "latest",
        "pro",
        "mini",
        "nano",
        "turbo",
        "chat",
        "codex",
        "thinking",
        "reasoning",
        "high",
        "low",
        "medium",
        "max",
        "fast",
        "lite",
        "flash",
        "instruct",
        "tts",
        "transcribe",
        "embedding",
        "embed",
        "moderation",
        "vision",
        "long",
        "deep",
        "research",
        "online",
        "free",
        "beta",
        "alpha",
        "base",
        "it",
        # (only after a first variant word: gemini-2.0-flash-exp-image-generation)
        "image",
        "generation",
        "native",
    ]
)


def _is_variant(name: str, family: str) -> bool:
    """What ``name`` adds to ``family`` starts with a known variant word (``-audio``,
    ``-pro``), not a version number (``-9``), a stray letter (``-o``) or an unknown word
    (``-typo``); and every later word is one too, or a number (``-search-preview``,
    ``-exp-image-generation``, ``-preview-05-20``): ``gpt-4o-audio-previwe`` is a misspelt
    gpt-4o-audio-preview, never priced as gpt-4o."""
    first, *rest = name[len(family) + 1 :].lower().split("-")
    return first in _VARIANT_WORDS and all(w in _VARIANT_WORDS or w.isdigit() for w in rest)


def _mended_variant(name: str, ids: Iterable[str]) -> str | None:
    """A variant id with each word after its family mended to the nearest variant word
    (``gpt-4o-audio-previwe`` → ``gpt-4o-audio-preview``), the suggestion a refusal makes
    first; None unless every word is a variant word, a number or a near miss of one.

    >>> _mended_variant("gpt-4o-audio-previwe", ["gpt-4o", "gpt-4o-mini"])
    'gpt-4o-audio-preview'
    """
    family = max((k for k in ids if name.startswith(k + "-")), key=len, default=None)
    if family is None:
        return None
    words = name[len(family) + 1 :].split("-")
    mended = [_near_variant_word(w) for w in words]
    if "" in mended or mended == words:
        return None
    return "-".join([family, *mended])


def _near_variant_word(word: str) -> str:
    """``word`` if it is a variant word or a number, else the variant word it misspells
    ("" for none; a short word is no misspelling: gpt-5-nano-prod is a house name)."""
    import difflib

    if word in _VARIANT_WORDS or word.isdigit():
        return word
    if len(word) < 5:
        return ""
    return next(iter(difflib.get_close_matches(word, _VARIANT_WORDS, n=1, cutoff=0.7)), "")


def _limits(raw: Mapping[str, Any] | None) -> ImageLimits:
    if not raw:
        return ImageLimits()
    values = dict(raw)
    if "formats" in values:
        values["formats"] = tuple(values["formats"])
    return ImageLimits(**values)


def load_catalog(data: Mapping[str, Any]) -> Catalog:
    """Build a catalog from the JSON structure of ``data/models.json`` (``providers``,
    ``models``, and optionally ``aliases``: name → known id)."""
    providers: Mapping[str, Any] = data.get("providers", {})
    models: list[ModelInfo] = []
    for raw in data["models"]:
        entry = dict(raw)
        prov = providers.get(entry["provider"], {})
        limits = {**prov.get("image_limits", {}), **entry.pop("image_limits", {})}
        entry.pop("aliases", None)
        entry["snapshots"] = tuple(entry.get("snapshots", ()))
        models.append(ModelInfo(**entry, image_limits=_limits(limits)))
        for alias in raw.get("aliases", ()):
            models.append(replace(models[-1], id=alias))
    shut_down = {
        name: ShutDown(group["provider"], group["date"], group["use"], group["source"])
        for group in data.get("shut_down", ())
        for name in group["ids"]
    }
    vision = {k: bool(v.get("vision", False)) for k, v in providers.items()}
    catalog = Catalog(models, vision, shut_down=shut_down)
    for name, target in data.get("aliases", {}).items():
        catalog.alias(name, target)
    return catalog


@cache
def _default_data() -> str:
    with open(os.path.join(_DATA, "models.json"), encoding="utf-8") as f:
        return f.read()


def default_catalog() -> Catalog:
    """The catalog shipped with the package (a fresh copy: callers may register freely)."""
    return load_catalog(json.loads(_default_data()))


_USER_MODELS: dict[str, ModelInfo] = {}
_USER_ALIASES: dict[str, str] = {}


@cache
def _shared_default() -> Catalog:
    """The shipped catalog plus the models of the ``CONTEXTLEDGER_MODELS`` file (read once,
    through ``config``) and those given to ``register_model``."""
    from .config import models_file

    catalog = default_catalog()
    path = models_file()
    if path is not None:
        load_models_file(path, catalog)
    for info in _USER_MODELS.values():
        catalog.register(info)
    for name, target in _USER_ALIASES.items():
        catalog.alias(name, target)
    return catalog


def load_models_file(path: str | os.PathLike[str], catalog: Catalog) -> Catalog:
    """Add the models of a JSON file to ``catalog``: ``{"models": [...], "aliases": {...}}``
    in the shape of ``data/models.json``, or LiteLLM's ``{"id": {"max_input_tokens": …}}``."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.loads(f.read())
    except (OSError, ValueError) as exc:
        raise ConfigError(f"CONTEXTLEDGER_MODELS={str(path)!r}: cannot read it ({exc})") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"CONTEXTLEDGER_MODELS={str(path)!r}: expected a JSON object")
    try:
        # (LiteLLM's shape, keyed by id at the top; "aliases" beside it maps deployments)
        top = {k: v for k, v in data.items() if isinstance(v, dict) and k != "aliases"}
        models = data.get("models", top)
        for entry in _model_entries(models):
            catalog.register(model_info(entry, catalog))
        for name, target in data.get("aliases", {}).items():
            catalog.alias(name, target)
    except (TypeError, KeyError, ValueError) as exc:
        raise ConfigError(f"CONTEXTLEDGER_MODELS={str(path)!r}: {exc}") from exc
    return catalog


def _model_entries(models: object) -> list[Any]:
    """A models file's entries: a list of specs with their ``"id"``, or an object keyed by
    model id (LiteLLM's habit, R39-M1)."""
    if isinstance(models, list):
        return models
    if isinstance(models, dict) and all(isinstance(v, dict) for v in models.values()):
        return [{"id": k, **v} for k, v in models.items()]
    raise TypeError(
        '"models" must be a list of model specs, each with its "id", or an object mapping '
        "each model id to its spec"
    )


# LiteLLM's model-table keys this catalog reads (the rest of its table is about dollars and
# features; see _ignored_litellm_key).
_LITELLM_FIELDS = frozenset(
    {"max_input_tokens", "max_tokens", "max_output_tokens", "supports_vision", "litellm_provider"}
)
_OUR_FIELDS = frozenset(ModelInfo.__dataclass_fields__) | {"image_family", "aliases"}
_SPEC_FIELDS = _OUR_FIELDS | _LITELLM_FIELDS


def _ignored_litellm_key(key: str) -> bool:
    """A LiteLLM model-table key about prices, features or rate limits: not ours to read."""
    return (
        key.startswith(("supports_", "supported_", "max_"))
        or "cost" in key
        or key in {"mode", "deprecation_date", "tpm", "rpm", "metadata", "display_name"}
    )


def _check_spec_keys(model_id: str, entry: Mapping[str, Any]) -> None:
    """Refuse a misspelt or unknown field: a dropped ``contex_window`` would leave an 8k model
    budgeted at the provider default's 128k."""
    import difflib

    for key in entry:
        if key in _SPEC_FIELDS:
            continue
        close = tuple(difflib.get_close_matches(str(key), sorted(_SPEC_FIELDS), n=2, cutoff=0.75))
        if close or not _ignored_litellm_key(str(key)):
            raise ModelSpecError(model_id, str(key), "is not a model field", close)


def _positive(model_id: str, key: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ModelSpecError(
            model_id, key, f"must be a positive whole number of tokens, not {describe(value)}"
        )
    return value


#: LiteLLM's ``litellm_provider`` names in its model files: its routes, and the names it
#: gives the models Vertex serves of each family (review41 R41-M1: Claude on Vertex was read
#: as OpenAI-compatible and its images priced at gpt-4o's tiles, 765 where Claude bills 1,440)
_LITELLM_PROVIDERS = {
    **_ROUTE_PROVIDERS,
    "vertex_ai-anthropic_models": "anthropic",
    "vertex_ai-language-models": "gemini",
    "vertex_ai-vision-models": "gemini",
    "bedrock_converse": "",
}


def _spec_provider(model_id: str, entry: dict[str, Any]) -> str:
    import difflib

    provider = entry.pop("provider", None)
    if provider is None:
        route = entry.pop("litellm_provider", "")
        return _LITELLM_PROVIDERS.get(str(route), "")
    if provider not in PROVIDERS:
        close = tuple(difflib.get_close_matches(str(provider), PROVIDERS, n=2, cutoff=0.5))
        raise ModelSpecError(
            model_id,
            "provider",
            f"is {describe(provider)}, not one of {', '.join(PROVIDERS)}",
            close,
        )
    return str(provider)


def model_info(spec: Mapping[str, Any], catalog: Catalog | None = None) -> ModelInfo:
    """A ``ModelInfo`` from a dict in our shape or LiteLLM's (``max_input_tokens``,
    ``max_output_tokens``, ``supports_vision``, ``litellm_provider``). Missing facts come
    from the provider's conservative default; ``image_family`` names a known model whose
    image pricing it shares. A misspelt or unknown field, a window that is not a positive
    number or an unknown provider raises :class:`ModelSpecError` naming it (LiteLLM's price
    and feature keys are ignored)."""
    entry = dict(spec)
    if not isinstance(entry.get("id"), str) or not entry["id"]:
        raise ModelSpecError(describe(entry.get("id")), "id", "must be the model id (a string)")
    model_id = entry.pop("id")
    _check_spec_keys(model_id, entry)
    base_catalog = catalog or default_catalog()
    provider = _spec_provider(model_id, entry)
    base = base_catalog.provider_default(f"{provider}/{model_id}" if provider else model_id)
    window_key = next(
        (k for k in ("context_window", "max_input_tokens", "max_tokens") if k in entry), None
    )
    window = base.context_window
    if window_key is not None:
        window = _positive(model_id, window_key, entry.pop(window_key))
    for key in ("context_window", "max_input_tokens", "max_tokens"):
        entry.pop(key, None)
    output = base.max_output_tokens
    if "max_output_tokens" in entry:
        output = _positive(model_id, "max_output_tokens", entry.pop("max_output_tokens"))
    family = entry.pop("image_family", None)
    vision = entry.pop("vision", entry.pop("supports_vision", base.vision))
    if not isinstance(vision, bool):
        raise ModelSpecError(model_id, "vision", f"must be true or false, not {describe(vision)}")
    fields: dict[str, Any] = {
        "id": model_id,
        "provider": provider or base.provider,
        "context_window": window,
        "max_output_tokens": output,
        "vision": vision,
    }
    if family is not None:
        source = base_catalog.lookup(str(family))
        fields.update(
            image_cost=source.image_cost,
            image_params=source.image_params,
            image_limits=source.image_limits,
        )
    limits = entry.pop("image_limits", None)
    if "supports_audio_input" in entry:  # LiteLLM's name for it
        entry.setdefault("audio", entry.pop("supports_audio_input"))
    known = {f for f in ModelInfo.__dataclass_fields__ if f not in fields}
    fields.update({k: v for k, v in entry.items() if k in known})
    if limits is not None:
        fields["image_limits"] = _limits(limits)
    # (a JSON list; a known model registered again keeps its snapshots unless it gives them)
    known_model = base_catalog._models.get(model_id)
    fields["snapshots"] = tuple(
        fields.get("snapshots", known_model.snapshots if known_model else ())
    )
    return replace(base, **fields)


def register_model(
    spec: ModelInfo | Mapping[str, Any], catalog: Catalog | None = None
) -> ModelInfo:
    """Add a model: to ``catalog``, or to the process's default catalog (as LiteLLM's
    ``register_model``). ``spec`` is a ``ModelInfo`` or a dict (see :func:`model_info`).

    >>> register_model({"id": "acme-chat", "provider": "openai-compatible",
    ...                 "context_window": 64000}, Catalog.default().copy()).context_window
    64000
    """
    info = spec if isinstance(spec, ModelInfo) else model_info(spec, catalog)
    if catalog is not None:
        return catalog.register(info)
    _USER_MODELS[info.id] = info
    if _shared_default.cache_info().currsize:
        _shared_default().register(info)
    return info


def register_alias(name: str, model: str, catalog: Catalog | None = None) -> ModelInfo:
    """Name a known model another way, in ``catalog`` or the process's default catalog: an
    Azure deployment (``register_alias("prod-chat", "gpt-4o-2024-08-06")`` makes
    ``azure/prod-chat`` a gpt-4o), a proxy's route. ``model`` must resolve; an unknown one
    raises :class:`UnknownModelError` with suggestions. Without ``catalog`` the alias is
    process-wide, like :func:`register_model` (register at start-up: not thread-safe)."""
    if catalog is not None:
        return catalog.alias(name, model)
    info = _shared_default().alias(name, model)
    _USER_ALIASES[name] = info.id
    return info


def lookup_model(
    model: str | ModelInfo,
    catalog: Catalog | None = None,
    *,
    window: int | None = None,
    image_family: str | None = None,
) -> ModelInfo:
    """Resolve a model id (or pass a ModelInfo through).

    An id the catalog does not know raises :class:`UnknownModelError` with suggestions,
    unless the caller gives its ``window``: then the provider's conservative defaults are
    used with that window, and ``image_family`` (a known model id) for image prices, all
    marked ``estimated``. A ``window`` above a known model's own raises
    :class:`WindowError` (see :func:`check_window`).

    >>> lookup_model("acme-9000", window=32000).estimated
    True
    """
    if isinstance(model, ModelInfo):
        check_window(model, window)
        return model
    cat = catalog or _shared_default()
    try:
        info = cat.lookup(model)
    except ShutDownModelError:
        raise  # (a window does not bring it back: the provider answers 404)
    except UnknownModelError:
        if window is None:
            raise
    else:
        check_window(info, window)
        return info
    base = cat.provider_default(model)
    info = replace(base, id=model, context_window=window, estimated=True, source="estimate")
    if image_family is None and info.provider == "openai-compatible":
        info = replace(info, image_cost=UNKNOWN_IMAGE_COST, image_params={})
    if image_family is not None:
        family = cat.lookup(image_family)
        info = replace(
            info,
            vision=family.vision,
            image_cost=family.image_cost,
            image_params=family.image_params,
            image_limits=family.image_limits,
        )
    return info


def check_window(info: ModelInfo, window: int | None) -> None:
    """Refuse a window above a known model's own (:class:`WindowError`, saying the real one):
    the provider answers such a request 400. A smaller window reserves room; an estimated
    model's window is the caller's to give."""
    if window is not None and not info.estimated and window > info.context_window:
        raise WindowError(info.id, window, info.context_window)


def resolve_catalog(catalog: Catalog | None) -> Catalog:
    return catalog or _shared_default()


# --------------------------------------------------------------------------- dollars


@dataclass(frozen=True, slots=True)
class TokenPrices:
    """A model's USD per token. When a request's input exceeds ``above_input_tokens``,
    the whole request is billed at the ``long_context`` rates. ``cache_write`` and
    ``cache_write_1h`` bill tokens written to the prompt cache (5-minute and 1-hour);
    where a provider has no such charge they equal ``input``."""

    input: Decimal
    cached_input: Decimal
    output: Decimal
    above_input_tokens: int | None = None
    long_context: TokenPrices | None = None
    cache_write: Decimal | None = None
    cache_write_1h: Decimal | None = None

    def for_input(self, input_tokens: int) -> TokenPrices:
        """The rates that bill a request with ``input_tokens`` of input."""
        above = self.above_input_tokens
        if self.long_context is not None and above is not None and input_tokens > above:
            return self.long_context
        return self


@dataclass(frozen=True, slots=True)
class PriceTable:
    """Dollar prices per model, read on ``as_of`` (an ISO date every report shows)."""

    as_of: str
    currency: str
    models: Mapping[str, TokenPrices]

    def prices_for(self, model: str) -> TokenPrices | None:
        """A model's prices, or None when the table has none. Only the id itself (routing
        prefixes such as ``openrouter/`` removed) is looked up: a dated snapshot can be
        priced differently from its alias, so it is never priced as the alias. A
        context-length tail (``claude-sonnet-4-5[1m]``) names the same model."""
        name = _context_variant(model)[0]
        return self.models.get(name) or self.models.get(_strip_route(name)[1])


@dataclass(frozen=True, slots=True)
class DollarCost:
    """What a request (or a session) cost in dollars; ``dollars`` is None when a model's
    price is unknown (``unpriced`` names such models: nothing is guessed)."""

    dollars: Decimal | None
    as_of: str
    unpriced: tuple[str, ...] = ()

    def __add__(self, other: DollarCost) -> DollarCost:
        dollars = (
            None if self.dollars is None or other.dollars is None else self.dollars + other.dollars
        )
        unpriced = tuple(dict.fromkeys(self.unpriced + other.unpriced))
        return DollarCost(dollars, self.as_of, unpriced)

    def describe(self) -> str:
        """``$0.0123 (prices of 2026-11-30)``, or why there is no figure.

        >>> cost_in_dollars("gpt-4o", 1_000, 100).describe()
        '$0.0035 (prices of 2026-11-30)'
        >>> cost_in_dollars("acme-9000", 1_000, 100).describe()
        'price unknown for acme-9000 (not in the price table of 2026-11-30)'
        """
        if self.dollars is None:
            names = ", ".join(self.unpriced) or "a model"
            return f"price unknown for {names} (not in the price table of {self.as_of})"
        return f"{format_dollars(self.dollars)} (prices of {self.as_of})"


def format_dollars(dollars: Decimal) -> str:
    """Dollars with the cents a person reads, and four significant figures below a cent.

    >>> from decimal import Decimal
    >>> format_dollars(Decimal("12.3456")), format_dollars(Decimal("0.000123456"))
    ('$12.35', '$0.0001235')
    """
    if dollars >= 1 or dollars <= 0:
        return f"${dollars:,.2f}"
    digits = f"{dollars:.{3 - dollars.adjusted()}f}".rstrip("0")
    return "$" + (digits if len(digits.split(".")[1]) >= 2 else f"{dollars:.2f}")


@cache
def price_table() -> PriceTable:
    """The dated price table shipped with the package (``data/prices.json``)."""
    from decimal import Decimal

    with open(os.path.join(_DATA, "prices.json"), encoding="utf-8") as f:
        raw = json.loads(f.read(), parse_float=Decimal)
    per = Decimal(raw.get("per_tokens", 1_000_000))

    def prices(entry: Mapping[str, Any]) -> TokenPrices:
        tier = entry.get("long_context")

        def rate(key: str, default: str = "input") -> Decimal:
            return Decimal(entry.get(key, entry[default])) / per

        return TokenPrices(
            rate("input"),
            rate("cached_input"),
            Decimal(entry["output"]) / per,
            None if tier is None else int(tier["above_input_tokens"]),
            None if tier is None else prices(tier),
            rate("cache_write"),  # no write charge listed: a write costs an input token
            rate("cache_write_1h", "cache_write" if "cache_write" in entry else "input"),
        )

    models = {name: prices(entry) for name, entry in raw["models"].items()}
    return PriceTable(str(raw["as_of"]), str(raw.get("currency", "USD")), models)


def cost_in_dollars(
    model: str,
    input_tokens: int,
    output_tokens: int,
    *,
    cached_input_tokens: int = 0,
    cache_write_tokens: int = 0,
    cache_write_1h_tokens: int = 0,
    table: PriceTable | None = None,
) -> DollarCost:
    """What one request cost in dollars, from the dated price table.

    ``input_tokens`` counts every input token, cache reads and writes included (as
    :class:`~contextledger.reply.Usage` holds them); ``cached_input_tokens`` of them are
    billed at the cache-read rate and ``cache_write_tokens`` at the cache-write rate
    (``cache_write_1h_tokens`` of those at the 1-hour rate). A model the table does not
    list gets ``dollars=None`` and is named in ``unpriced``.

    >>> cost = cost_in_dollars("gpt-4o", 10_000, 500, cached_input_tokens=8_000)
    >>> format_dollars(cost.dollars), cost.as_of  # 2,000 × $2.50 + 8,000 × $1.25 + 500 × $10 /M
    ('$0.02', '2026-11-30')
    >>> format_dollars(cost_in_dollars("claude-sonnet-4-5", 100_000, 0,
    ...                                cache_write_tokens=100_000).dollars)  # $3.75 /M, not $3
    '$0.375'
    """
    table = table or price_table()
    prices = table.prices_for(model)
    if prices is None:
        return DollarCost(None, table.as_of, (model,))
    rates = prices.for_input(input_tokens)
    cached = min(max(cached_input_tokens, 0), input_tokens)
    written = min(max(cache_write_tokens, 0), input_tokens - cached)
    written_1h = min(max(cache_write_1h_tokens, 0), written)
    dollars = (
        (input_tokens - cached - written) * rates.input
        + cached * rates.cached_input
        + (written - written_1h) * (rates.cache_write or rates.input)
        + written_1h * (rates.cache_write_1h or rates.input)
        + output_tokens * rates.output
    )
    return DollarCost(dollars, table.as_of)
