"""Words every reader of user, assistant and tool text needs, in every language read.

- ``NEGATIONS``: words that turn what a clause says around ("not", "nunca", "kein", "jamais").
- ``USER_WORDS`` / ``ASSISTANT_WORDS``: the user and the assistant named as nouns in other
  languages than English ("o usuário", "l'assistant"); ``CJK_USER`` / ``CJK_ASSISTANT`` the same
  in Chinese and Japanese.
- ``FUNCTION_WORDS``: words that say nothing about what was done to what ("de", "pour", "mit"),
  skipped by readers that compare what two sentences say.

Each is a frozenset of lower-case words (the CJK ones tuples of words), read by
membership: ``word.casefold() in NEGATIONS``.

>>> "nunca" in NEGATIONS, "mit" in FUNCTION_WORDS, "usuário" in USER_WORDS
(True, True, True)
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found, unused-ignore]
import base64
import hashlib
import importlib
import os
import re
import zlib
from array import array
from collections.abc import Iterable
from functools import cache
from typing import Any, AnyStr, cast

from ..stored_entries import StoredEntries, stored_entries

# Python's own parser and compiler of patterns (``re._parser``, ``re._compiler``): the
# compiled form stored is what they make
_parser: Any = importlib.import_module("re._parser")
_compiler: Any = importlib.import_module("re._compiler")


# a word character of a spaced script: what may not touch a name or a number for it to be
# one whole (a Chinese, Japanese or Korean letter may: "PR #647を", "2027-08-14から")
SPACED_WORD_CHAR = r"[^\W\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3]"


def listed(words: str) -> frozenset[str]:
    """The words of ``words``, split on white space (a table written as a paragraph)."""
    return frozenset(words.split())


NEGATIONS = listed(
    """
    não nunca nem nada sem no ni sin jamás nadie ningún ninguna ne pas jamais aucun aucune
    sans rien nicht nie niemals kein keine keinen keinem keiner nichts ohne never not no none
    nothing without don't dont doesn't mustn't
    """
)
USER_WORDS = listed("usuário usuária usuario usuaria utilisateur utilisatrice nutzer benutzer")
ASSISTANT_WORDS = listed("assistente asistente assistente assistent agente")
CJK_USER = ("用户", "ユーザー", "利用者")
CJK_ASSISTANT = ("助手", "助理", "アシスタント", "エージェント")
FUNCTION_WORDS = listed(
    """
    de do da dos das em no na nos nas ao aos à às por para pelo pela com e ou que
    del al en con y o u para por que
    du des au aux en dans pour par avec et ou que qui sur
    von zu zum zur im am um an auf für mit und oder dass
    """
)


# Words that bind a sentence in English (articles, prepositions, pronouns, the commonest
# verbs) and the other languages' ``FUNCTION_WORDS``: words strung with a number and none of
# these ("rows lag batch index 42") are a list or a tag, not something told.
SENTENCE_WORDS = FUNCTION_WORDS | listed(
    """
    a an the this that these those my your his her its our their me you he she it we they
    him them us is are was were be been am do does did have has had will would can could
    should may might must of in on at to for from with by about as into over under after
    before since until and or but if so than then not no there here what when where who
    why how which
    """
)


# The words a counter is labelled with when a user moves a long task along turn by turn ("step 4:
# go on", "vaihe 3: jatka", "część 2 gotowa, następna", "2단계 …", "3. szakasz …"): step, part,
# round, stage, phase, batch, in the languages users write in. Here, not beside the claims'
# patterns, because a fit's gists read them: importing ``lexicon.claims`` compiled ~60 patterns
# (~30 ms of a first fit) for this one table.
COUNTER_LABELS = """
    step part round stage phase item batch turn chunk
    schritt teil runde phase etappe étape partie tour paso parte fase etapa ronda passo tappa
    krok część etap faza runda vaihe osa kierros steg del fas trin trinn stap deel ronde
    שלב חלק hatua sehemu awamu படி பகுதி கட்டம் lépés rész szakasz fázis kör pas etapă fază
    مرحله بخش گام ជំហាន ផ្នែក ដំណាក់កាល část fáze kolo bước phần vòng giai
    단계 파트 부분 ステップ パート 段階 フェーズ 阶段 部分 步骤 adım bölüm aşama tur
    шаг часть этап раунд крок частина βήμα μέρος φάση langkah bagian tahap कदम भाग चरण
    ขั้นตอน ส่วน ნაბიჯი ნაწილი
"""


class _CompiledOnUse:
    """A pattern compiled at its first search, not at import: the intent lexicon's patterns
    took ~0.3-0.7 s to compile at ``import contextledger``, and a process searches only
    those of the languages it meets (an English session never the European or unspaced
    ones). ``pattern`` is there without compiling (patterns are built from others'
    sources); every other attribute is the compiled pattern's, kept on the instance at the
    first use, so a later ``P.search`` costs what ``re.Pattern.search`` does."""

    def __init__(self, source: str | bytes, flags: int) -> None:
        self.pattern = source
        self._flags = flags
        self.source_flags = flags  # (read without compiling: ``prefilter.translation_key``)
        self._compiled: re.Pattern[Any] | None = None
        EVERY_PATTERN.append(self)

    def __getattr__(self, name: str) -> Any:  # only for what is not set yet
        if name.startswith("__") or "_flags" not in self.__dict__:
            raise AttributeError(name)  # (copy's and pickle's probes, a half-built copy)
        if self._compiled is None:
            self._compiled = stored_pattern(self.pattern, self._flags) or re.compile(
                self.pattern, self._flags
            )
            for attr in _PATTERN_ATTRIBUTES:
                setattr(self, attr, getattr(self._compiled, attr))
        return getattr(self._compiled, name)

    def __repr__(self) -> str:
        return f"compiled_on_use({self.pattern!r:.60}, {self._flags})"


_PATTERN_ATTRIBUTES = listed("search match fullmatch finditer findall sub subn split scanner flags")

#: Every pattern compiled on use (made at import), in the order made.
EVERY_PATTERN: list[_CompiledOnUse] = []

#: Python's compiled form of every pattern compiled on use (``EVERY_PATTERN``), made once by
#: ``scripts/make_stored_patterns.py`` for the interpreter's regular-expression engine
#: (``_sre.MAGIC``): a pattern is then made from it in microseconds, where ``re.compile``
#: (Python's parser and compiler, written in Python) took ~610 ms for all of them, ~25 ms
#: for the decisions' alone, and a first fit of a multilingual session compiled ~200 ms of
#: them (speed31). Another engine compiles them as before. tests/test_stored_patterns.py
#: checks that every entry is what ``re.compile`` makes now.
#: (a path as a string: pathlib is not imported for a plain fit, see ``config._path``)
STORED_PATTERNS = os.path.join(
    os.path.dirname(os.path.dirname(__file__)), "data", "sre_patterns.json"
)


def pattern_key(source: str | bytes, flags: int) -> str:
    """What a stored pattern is found by: its source (text or bytes) and flags."""
    raw = source.encode("utf-8", "surrogatepass") if isinstance(source, str) else source
    kind = b"s" if isinstance(source, str) else b"b"
    return hashlib.sha256(kind + str(int(flags)).encode() + b":" + raw).hexdigest()[:32]


@cache
def _stored() -> StoredEntries | None:
    """The stored compiled forms, each read when first asked for (``stored_entries``: the
    whole file was held for the process, ~0.5 MB); None: none, or another engine's."""
    stored = stored_entries(STORED_PATTERNS)
    if stored is None or (stored.number("magic"), stored.number("codesize")) != (
        _sre.MAGIC,
        _sre.CODESIZE,
    ):
        return None  # (another engine's compiled form: compiled as before)
    return stored


def compiled_form(source: str | bytes, flags: int) -> list[Any]:
    """``source``'s compiled form, as stored: its flags, group count, group names by
    number and code (packed)."""
    parsed = _parser.parse(source, flags)
    code = array("I", _compiler._code(parsed, flags)).tobytes()
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, i in parsed.state.groupdict.items():
        indexgroup[i] = name
    return [
        int(flags | parsed.state.flags), parsed.state.groups - 1, dict(parsed.state.groupdict),
        indexgroup, base64.b64encode(zlib.compress(code, 9)).decode("ascii"),
    ]  # fmt: skip


def stored_pattern(source: str | bytes, flags: int) -> re.Pattern[Any] | None:
    """The pattern made from its stored compiled form, as ``re.compile`` makes it (None:
    not stored, or it cannot be made: ``re.compile`` then compiles it)."""
    stored = _stored()
    form = None if stored is None else stored.get(pattern_key(source, flags))
    if form is None:
        return None
    final_flags, groups, groupindex, indexgroup, packed = form
    try:
        code = array("I")
        code.frombytes(zlib.decompress(base64.b64decode(packed)))
        made: re.Pattern[Any] = _sre.compile(
            source, final_flags, code.tolist(), groups, groupindex, tuple(indexgroup)
        )
    except (TypeError, ValueError, RuntimeError, zlib.error):
        return None
    return made


def compile_now(*namespaces: Iterable[object]) -> None:
    """Compile every pattern compiled on use among ``namespaces``' values (a module's
    ``vars().values()``), in tuples of them too (``(word, pattern)`` pairs):
    ``contextledger.warm`` does it at a server's start-up."""
    for values in namespaces:
        for value in values:
            if isinstance(value, _CompiledOnUse):
                value.flags  # noqa: B018 (the first attribute read compiles it)
            elif type(value) is tuple:
                compile_now(value)


def compiled_on_use(source: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """``re.compile(source, flags)``, compiled when first used (``_CompiledOnUse``).

    >>> P = compiled_on_use("(?i)never [a-z]+")
    >>> P.pattern, P.search("We NEVER deploy").group(), P.flags & re.IGNORECASE > 0
    ('(?i)never [a-z]+', 'NEVER deploy', True)
    """
    return cast("re.Pattern[AnyStr]", _CompiledOnUse(source, flags))


def stems_at_word_start(stems: Iterable[str]) -> re.Pattern[str]:
    """One pattern finding any of ``stems`` (case-insensitive) where a word starts; anywhere
    in Thai, Georgian, Korean, Chinese or Japanese text, whose particles and endings are
    written onto the word ("チームを離れ", "ვერსიაზე")."""
    return re.compile(
        "|".join(
            re.escape(stem) if stem[0] >= "\u0e00" else rf"(?<![^\W\d_]){re.escape(stem)}"
            for stem in stems
        ),
        re.IGNORECASE,
    )


# The marks written onto a letter that Python's ``\w`` does not hold (vowel signs and
# viramas of Indic scripts, Hebrew and Arabic points, Thai, Lao, Myanmar and Khmer vowels,
# Latin's combining accents): a word of these scripts read with ``\w`` alone falls apart
# into letters ("इम्पोर्ट" into "इम", "प", …). Not the danda (।, ॥): it ends a sentence.
WORD_MARKS = (
    "\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed"
    "\u0900-\u0903\u093a-\u093c\u093e-\u094f\u0951-\u0957\u0962\u0963"  # Devanagari
    "\u0981-\u0983\u09bc\u09be-\u09cd\u09d7\u09e2\u09e3"  # Bengali
    "\u0a01-\u0a03\u0a3c-\u0a51\u0a70\u0a71\u0a75\u0a81-\u0a83\u0abc-\u0acd\u0ae2\u0ae3"
    "\u0b01-\u0b03\u0b3c\u0b3e-\u0b57\u0b82\u0bbe-\u0bcd\u0bd7\u0c00-\u0c04\u0c3e-\u0c56"
    "\u0c81-\u0c83\u0cbc\u0cbe-\u0cd6\u0d00-\u0d03\u0d3b\u0d3c\u0d3e-\u0d57\u0dca-\u0ddf"
    "\u0e31\u0e34-\u0e3a\u0e47-\u0e4e\u0eb1\u0eb4-\u0ebc\u0ec8-\u0ecd"
    "\u102b-\u103e\u17b4-\u17d3"
)
