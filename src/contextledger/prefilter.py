"""A quick "surely not" before an exact regular-expression search.

Python's engine tries every alternative of a large pattern at every position of a text:
the rule and correction patterns of ``intent`` cost ~1-3 µs a character. RE2 (the ``fast``
extra: ``google-re2``) reads a text once whatever the pattern, but its syntax and its
Unicode semantics are not Python's. ``superset`` translates a Python pattern, from the
parse tree Python's own compiler reads, into an RE2 pattern that matches wherever the
Python one may: lookarounds, word boundaries and ends are left out (an assertion left out
only widens a match), a text's start (``^``, ``\\A``) is the buffer's start or a NUL (which
``touched`` joins texts with), ``\\w``, ``\\s`` and ``\\d`` are as wide as Python's, and case-insensitive
letters also match the few letters Python's engine equates with them and RE2's case
folding does not (``İ`` and ``ı`` with ``i``). So ``may_search(prefilter, text)`` False
means ``pattern.search`` finds nothing in ``text`` (nor from any position of it); True means it
may, and the exact search decides. ``tests/test_prefilter.py`` checks both on every
character Python knows.

``by_first_character`` is the same idea inside Python's engine: a pattern of many
alternatives tried at one position (``pattern.match``) tries each in turn; the
alternatives that may start with a given ASCII character, compiled apart, match there
exactly as the whole pattern does (the same first alternative that matches wins).
"""

from __future__ import annotations

import hashlib
import importlib
import os
import re
from bisect import bisect_right
from collections.abc import Sequence
from functools import cache
from itertools import accumulate
from typing import Any

from .stored_entries import StoredEntries, stored_entries

# Python's own parser of patterns (``re._parser``, ``sre_parse`` before 3.11): the tree it
# returns is what Python's compiler reads, so nothing is lost to a second parser.
_parser: Any = importlib.import_module("re._parser")
_compiler: Any = importlib.import_module("re._compiler")
_sre: Any = importlib.import_module("re._constants")

# Per lowercase letter: the letters Python's case-insensitive matching equates with it
# that RE2's (simple Unicode case folding) does not. "İ".lower() is "i" for Python, and
# ``re._compiler``'s fixes pair i/ı, ΐ/ΐ, ΰ/ΰ and ﬅ/ﬆ; every other pair they list RE2's
# folding has too (tests/test_prefilter.py checks every cased character).
_PYTHON_ONLY_FOLDS = {
    "i": "\u0130\u0131",
    "\u0131": "iI\u0130",
    "\u0390": "\u1fd3",
    "\u1fd3": "\u0390",
    "\u03b0": "\u1fe3",
    "\u1fe3": "\u03b0",
    "\ufb05": "\ufb06",
    "\ufb06": "\ufb05",
}
# Python's ``\w`` (Unicode) as an RE2 class at least as wide: its ASCII members, and every
# character outside ASCII (RE2's classes of letters and numbers made its automaton 3x
# slower to build on never-seen text in many scripts: speed31; the exact search decides
# anyway). Its complement is at most as wide (used in a negated class).
_NOT_ASCII = r"\x{80}-\x{10ffff}"
_SPACE, _WORD, _DIGIT = r"\t-\r\x{1c}-\x{20}", "0-9A-Za-z_", "0-9"
# Python's ``\d``: the decimal digits (``\p{Nd}``; RE2's Unicode tables are at least as new
# as Python's, and tests/test_prefilter.py checks every character). As every character
# outside ASCII, a ``\d+`` ran over the letters of a text in another script: the
# structure pass flagged 236 of 1,889 never-seen short turns, 201 now (speed31).
_EVERY_DIGIT = r"0-9\p{Nd}"
# Python's ``\s`` exactly: its 29 spaces (``str.isspace``: the separators, ``\pZ``, and
# the ASCII and C1 controls it counts; tests/test_prefilter.py checks).
# As wide as every character outside ASCII, a ``\s+`` between two words of a pattern ran
# over every letter of a text in another script, and RE2's automaton built states there
# (speed28: 20-40% of the structure pass's first search of a never-seen session).
_EVERY_SPACE = r"\t-\r\x{1c}-\x{1f}\x{85}\pZ"
# Inside a class (RE2's classes do not nest): a category as wide as Python's (in a class
# that is matched) or at most as wide (in a negated class, so that what it leaves out is
# at least what Python's leaves out). None: not translated.
_IN_CLASS = {
    "CATEGORY_DIGIT": (_EVERY_DIGIT, _DIGIT),
    "CATEGORY_SPACE": (_EVERY_SPACE, _EVERY_SPACE),
    "CATEGORY_WORD": (_WORD + _NOT_ASCII, _WORD),
    "CATEGORY_NOT_DIGIT": (r"\x{1}-/:-\x{10ffff}", None),
    "CATEGORY_NOT_SPACE": (r"\x{1}-\x{8}\x{e}-\x{1b}!-\x{10ffff}", None),
    "CATEGORY_NOT_WORD": (r"\x{1}-/:-@\[-\^`{-\x{10ffff}", None),
}
# A negated class that leaves out every non-word (non-space, non-digit) character matches
# words (spaces, digits) at most: the category's class is a superset of it.
_WITHIN = {
    "CATEGORY_NOT_DIGIT": f"[{_EVERY_DIGIT}]",
    "CATEGORY_NOT_SPACE": f"[{_EVERY_SPACE}]",
    "CATEGORY_NOT_WORD": f"[{_WORD}{_NOT_ASCII}]",
}
# No class matches NUL (a negated one leaves it out too): ``touched`` joins texts with it,
# so that no match runs from one text into the next (nor over a whole session).
_NUL = r"\x{0}"


class _Untranslatable(Exception):
    """A construct with no RE2 superset here (a backreference, a conditional)."""


def _char(code: int) -> str:
    """RE2's syntax for the character ``code`` (an ASCII letter or digit as itself: the
    translations stored, ``TRANSLATIONS``, are a third the size)."""
    return chr(code) if code < 128 and chr(code).isalnum() else f"\\x{{{code:x}}}"


def _chars(code: int, fold: bool) -> str:
    """The class members for literal ``code`` (with the letters only Python equates, when
    matching ignores case)."""
    if not fold:
        return _char(code)
    extra = _PYTHON_ONLY_FOLDS.get(chr(code).lower(), "")
    return "".join(map(_char, [code, *map(ord, extra)]))


def _class(items: list[tuple[Any, Any]], fold: bool) -> str:
    negated = bool(items) and str(items[0][0]) == "NEGATE"
    if negated:  # "[^\\W\\d_]": what a class leaving out all non-words keeps is words
        for op, arg in items[1:]:
            if str(op) == "CATEGORY" and str(arg) in _WITHIN:
                return _WITHIN[str(arg)]
    members: list[str] = []
    for op, arg in items[1:] if negated else items:
        name = str(op)
        if name == "LITERAL":
            members.append(_char(arg) if negated else _chars(arg, fold))
        elif name == "RANGE":
            lo, hi = arg
            members.append(f"{_char(lo)}-{_char(hi)}")
            if fold and not negated:  # (the letters only Python equates, as for a literal)
                members += [
                    _chars(ord(k), True)
                    for k in _PYTHON_ONLY_FOLDS
                    if lo <= ord(k) <= hi or lo <= ord(k.upper()[0]) <= hi
                ]
        elif name == "CATEGORY":
            wide, narrow = _IN_CLASS.get(str(arg), (None, None))
            member = narrow if negated else wide
            if member is None:
                raise _Untranslatable(str(arg))
            members.append(member)
        else:
            raise _Untranslatable(name)
    if negated:
        members.append(_NUL)
    return f"[{'^' if negated else ''}{''.join(members)}]"


def _emit(tree: Any, flags: int) -> str:
    """RE2 syntax for a parsed (sub)pattern under ``flags``, as a superset."""
    out: list[str] = []
    fold = bool(flags & re.IGNORECASE)
    for op, arg in tree:
        name = str(op)
        if name == "LITERAL":
            special = fold and chr(arg).lower() in _PYTHON_ONLY_FOLDS
            out.append(f"[{_chars(arg, True)}]" if special else _char(arg))
        elif name == "NOT_LITERAL":
            out.append(f"[^{_char(arg)}{_NUL}]")
        elif name == "ANY":
            out.append(f"[^{_NUL}]" if flags & re.DOTALL else f"[^\\n{_NUL}]")
        elif name == "IN":
            out.append(_class(arg, fold))
        elif name == "BRANCH":
            out.append("(?:" + "|".join(_emit(b, flags) for b in arg[1]) + ")")
        elif name == "SUBPATTERN":
            _, add, remove, inner = arg
            scoped = (flags | add) & ~remove
            folds = "i" if scoped & re.IGNORECASE and not fold else ""  # (never narrowed)
            out.append(f"(?{folds}:{_emit(inner, scoped | (flags & re.IGNORECASE))})")
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            # (a count is left out, as wide: "(?:\\S+\\s+){0,15}" unrolled 15 times made a
            # pattern RE2's automaton ran out of memory on, and fell back to a slow engine)
            lo, hi, inner = arg
            count = (
                "?" if (lo, hi) == (0, 1) else "" if (lo, hi) == (1, 1) else "*" if lo == 0 else "+"
            )
            lazy = (
                "?" if name == "MIN_REPEAT" and count else ""
            )  # (a match ends where Python's does)
            out.append(f"(?:{_emit(inner, flags)}){count}{lazy}")
        elif name == "ATOMIC_GROUP":
            out.append(f"(?:{_emit(arg, flags)})")
        elif (
            name == "AT"
            and str(arg) in ("AT_BEGINNING", "AT_BEGINNING_STRING")
            and not flags & _ANY_START
        ):
            # a text's start: where a search of it starts, or after the NUL before it in
            # ``touched``'s texts joined (left out, "(?:^|[.!?]\s*)\W*not\s" took every
            # "if not ok" of a pasted diff: about half the short texts passed)
            lines = str(arg) == "AT_BEGINNING" and flags & re.MULTILINE
            out.append(f"(?:^|[{_NUL}\\n])" if lines else f"(?:^|{_NUL})")
        elif name in ("AT", "ASSERT", "ASSERT_NOT"):
            continue  # an assertion left out only widens a match
        else:
            raise _Untranslatable(name)
    return "".join(out)


# An alternative whose superset may start at any character of a wide class (a word's
# first letter of any script: "\w+ … musst", from a phrase that starts at any word).
# RE2's automaton tracks such an alternative at every position beside the others, and
# its lazily built states multiply: ``intent._EUROPEAN_STEERING``'s superset as one
# pattern took 100-250 ms on its first pass over a session's requests (each pass over new
# text builds more), against 4-9 ms as two patterns, the alternatives that start with a
# letter or a phrase's word and those that may start anywhere.
_STARTS_ANYWHERE = re.compile(r"(?:\(\?:\|*\))*(?:\(\?:)*\[(?:\^|[^\]]*\\x\{80\}-\\x\{10ffff\})")


#: What a stored or translated RE2 source starts with when every match of it holds a
#: character outside ASCII (``_holds_wide``): such a part is compiled and searched only for
#: texts that hold one, so a chat in ASCII never builds the automata of the alternatives in
#: other scripts (a translation's own sources start with "(?").
WIDE = "wide:"


class _Part:
    """One RE2 pattern of a superset, compiled at its first search (``compiled``); ``wide``:
    every match holds a character outside ASCII, so no ASCII text is searched with it."""

    __slots__ = ("_compiled", "source", "wide")

    def __init__(self, source: str, wide: bool) -> None:
        # (as the UTF-8 RE2 reads: the compiled pattern keeps this very object, where the
        # text and its encoding were both held for the process)
        self.source, self.wide = source.encode(), wide
        self._compiled: Any = None

    def compiled(self) -> Any:
        if self._compiled is None:
            import re2  # type: ignore[import-not-found, import-untyped, unused-ignore]

            options = re2.Options()
            options.max_mem = RE2_MAX_MEM
            try:
                self._compiled = re2.compile(self.source, options)
            except re2.error:  # (the empty pattern matches in every text: all searched)
                self._compiled = re2.compile(b"")
        return self._compiled


class Union:
    """A superset in several RE2 patterns: it may match where any of them does. Each is
    compiled when a text first needs it (``_Part``): a part whose every match holds a
    character outside ASCII is never compiled for ASCII texts."""

    def __init__(self, parts: tuple[_Part, ...]) -> None:
        self._parts = parts

    @property
    def parts(self) -> tuple[Any, ...]:
        """Every part, compiled."""
        return tuple(part.compiled() for part in self._parts)

    def parts_for(self, ascii_only: bool) -> list[Any]:
        """The parts, compiled, that may match a text in ASCII (``ascii_only``) or any text."""
        return [part.compiled() for part in self._parts if not (ascii_only and part.wide)]

    def search(self, data: bytes) -> Any:
        """The first part's match in ``data`` (None: no part matches)."""
        parts = self.parts_for(data.isascii())
        return next((m for p in parts if (m := p.search(data)) is not None), None)


def _alternatives(tree: Any) -> list[Any]:
    """The top-level alternatives of a parsed pattern: through an alternation, a group that
    changes no flag and the assertions a superset leaves out anyway (``\b(?:a|b)\b``)."""
    items = [(op, arg) for op, arg in tree if str(op) not in ("AT", "ASSERT", "ASSERT_NOT")]
    if len(items) == 1:
        op, arg = items[0]
        if str(op) == "BRANCH":
            return [alt for branch in arg[1] for alt in _alternatives(branch)]
        if str(op) == "SUBPATTERN" and not arg[1] and not arg[2]:
            return _alternatives(arg[3])
    return [tree]


#: The memory RE2 may give a large alternation's automaton (its default, 8 MB, is too little
#: for the Chinese and Japanese rules' superset: RE2 then searched without its DFA, and a
#: chat of 7,000 short Korean and Russian requests spent 24 ms where 0.6 ms does; a few MB
#: are used).
RE2_MAX_MEM = 64 << 20


#: The most characters of alternatives one RE2 part holds. RE2 builds its DFA lazily, state by
#: state, on the text it reads: one 55 KB alternation (the correction shapes of 23 languages)
#: spent 15-100 ms on each never-seen session's short turns (~4 ms on the same texts again);
#: in parts of <= 8,000 characters 3-18 ms (session 22: parts of 2,000-16,000 tried).
_PART_CHARS = 8_000


def _in_chunks(bodies: list[str]) -> list[list[str]]:
    """``bodies`` in order, in runs of at most :data:`_PART_CHARS` characters (one alone may
    be longer)."""
    chunks: list[list[str]] = [[]]
    size = 0
    for body in bodies:
        if chunks[-1] and size + len(body) > _PART_CHARS:
            chunks.append([])
            size = 0
        chunks[-1].append(body)
        size += len(body) + 1
    return chunks


# ``_emit``'s own flag (a bit no ``re`` flag uses): a text's start (``^``) may be anywhere.
_ANY_START = 1 << 29


#: RE2's translations of the patterns the classification screens (``intent``), made once by
#: ``scripts/make_re2_supersets.py`` and read here: translating them from Python's parse tree
#: took ~220 ms of a process (Python's parser, ~40 ms for the structure pass's screen alone,
#: inside the first fit that needed it), compiling the translations in RE2 a few ms.
#: tests/test_prefilter.py checks that every entry is what the translation makes now.
#: (A path as a string: pathlib is not imported for a plain fit, see ``config._path``.)
TRANSLATIONS = os.path.join(os.path.dirname(__file__), "data", "re2_supersets.json")


@cache
def _stored_translations() -> StoredEntries | None:
    """The stored translations, each read when first asked for (``stored_entries``: the
    whole file, ~0.3 MB, was held for the process); None: none (translated when asked)."""
    return stored_entries(TRANSLATIONS)


def translation_key(pattern: re.Pattern[str], in_parts: bool = False) -> str:
    """What a stored translation is found by: the pattern's source, its flags as given (a
    pattern compiled on use is not compiled to read them) and ``in_parts``."""
    flags = getattr(pattern, "source_flags", None)
    if flags is None:
        flags = pattern.flags
    source = f"{flags}:{int(in_parts)}:{pattern.pattern}".encode("utf-8", "surrogatepass")
    return hashlib.sha256(source).hexdigest()[:32]


def translate(pattern: re.Pattern[str], in_parts: bool = False) -> list[str] | None:
    """The sources of ``superset(pattern, in_parts)``'s RE2 patterns, in order (None: a
    construct not translated)."""
    try:
        flags = getattr(pattern, "source_flags", None)
        tree = _parser.parse(pattern.pattern, pattern.flags if flags is None else flags)
        flags = tree.state.flags
        bodies = [
            _emit(alt, flags | (_ANY_START if in_parts else 0)) for alt in _alternatives(tree)
        ]
    except _Untranslatable:
        return None
    fold = "(?i)" if flags & re.IGNORECASE else ""
    kinds = [
        (_holds_wide(alt, flags), bool(_STARTS_ANYWHERE.match(body)))
        for alt, body in zip(_alternatives(tree), bodies, strict=True)
    ]
    # (those that may match ASCII text first, then the wide ones; each apart by where
    # they may start)
    sources = []
    for kind in ((False, False), (False, True), (True, False), (True, True)):
        group = [b for b, k in zip(bodies, kinds, strict=True) if k == kind]
        mark = WIDE if kind[0] else ""
        sources += [f"{mark}{fold}(?:{'|'.join(c)})" for c in _in_chunks(group) if c]
    return sources


# The characters outside ASCII that a letter of ASCII equals ignoring case, in Python's
# matching ("İ", "ı" with "i") or in RE2's ("ſ" with "s", the Kelvin sign with "k"):
# tests/test_prefilter.py checks every character against both engines.
_FOLDS_INTO_ASCII = frozenset("\u0130\u0131\u017f\u212a")


def _wide_char(code: int, fold: bool) -> bool:
    """Whether literal ``code`` matches no ASCII character (ignoring case: ``fold``)."""
    return code >= 0x80 and not (fold and chr(code) in _FOLDS_INTO_ASCII)


def _holds_wide(items: Any, flags: int) -> bool:
    """Whether every match of the parsed ``items`` under ``flags`` (and of their RE2
    translation) holds a character outside ASCII: one of them is a literal or a class of
    such characters, or a group, repeat or alternation every match of which holds one.
    Assertions and anything else are passed over (False is always safe: searched)."""
    fold = bool(flags & re.IGNORECASE)
    for op, arg in items:
        name = str(op)
        if name == "LITERAL" and _wide_char(arg, fold):
            return True
        if (
            name == "IN"
            and arg
            and all(
                (str(o) == "LITERAL" and _wide_char(a, fold))
                or (str(o) == "RANGE" and a[0] >= 0x80 and not (fold and _folds_in(a)))
                for o, a in arg
            )
        ):
            return True
        if name == "SUBPATTERN" and _holds_wide(arg[3], (flags | arg[1]) & ~arg[2]):
            return True
        if name == "BRANCH" and all(_holds_wide(b, flags) for b in arg[1]):
            return True
        if name in _REPEATS and arg[0] >= 1 and _holds_wide(arg[2], flags):
            return True
        if name == "ATOMIC_GROUP" and _holds_wide(arg, flags):
            return True
    return False


def _folds_in(bounds: tuple[int, int]) -> bool:
    """Whether a range holds a character that equals an ASCII letter ignoring case."""
    return any(bounds[0] <= ord(c) <= bounds[1] for c in _FOLDS_INTO_ASCII)


@cache
def superset(pattern: re.Pattern[str], in_parts: bool = False) -> Any:
    """An RE2 pattern (of UTF-8 bytes, case folded as ``pattern``) that matches wherever
    ``pattern`` may (see the module doc), or a ``Union`` of two when some of its
    alternatives may start anywhere (``_STARTS_ANYWHERE``); None: RE2 is not installed, or
    ``pattern`` holds a construct not translated (a backreference): the exact search alone
    decides then. ``in_parts``: wherever ``pattern`` may match in any part of a text
    searched apart (a sentence of it): a text's start is left out (it is a part's start
    anywhere). Its translation is read from ``TRANSLATIONS`` when stored there. Pass
    ``in_parts`` by position, as ``intent.build_patterns`` does for ``warm``: ``cache`` keys
    a keyword apart from a position, and would build the screen again in a user's call."""
    try:
        import re2  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    stored = _stored_translations()
    sources = None if stored is None else stored.get(translation_key(pattern, in_parts))
    if sources is None:
        sources = translate(pattern, in_parts)
    if not sources:
        return None
    parts = tuple(_Part(source.removeprefix(WIDE), source.startswith(WIDE)) for source in sources)
    if len(parts) == 1 and not parts[0].wide:
        try:
            return parts[0].compiled()
        except re2.error:
            return None
    return Union(parts)


@cache
def is_stored(pattern: re.Pattern[str], in_parts: bool = False) -> bool:
    """Whether ``superset(pattern, in_parts)`` is read from ``TRANSLATIONS`` (no translating:
    it costs a few ms to build)."""
    stored = _stored_translations()
    return stored is not None and translation_key(pattern, in_parts) in stored


@cache
def _unanchored() -> Any:
    """RE2's own "search" anchor (the bindings' ``_re2.RE2.Anchor.UNANCHORED``); None: the
    bindings hold no such call (``re2_spans`` and ``re2_start`` then ask the pattern)."""
    try:
        import re2  # type: ignore[import-not-found, import-untyped, unused-ignore]

        return re2._re2.RE2.Anchor.UNANCHORED
    except (ImportError, AttributeError):
        return None


def _re2_call(pattern: Any) -> Any:
    """The compiled RE2 pattern's own match call, ``(anchor, data, pos, end) → the spans of
    the match and its groups``; None: not at hand (another version of the bindings)."""
    regexp = getattr(pattern, "_regexp", None)
    return None if regexp is None or _unanchored() is None else regexp.Match


def re2_spans(pattern: Any, data: bytes) -> list[tuple[int, int]]:
    """``[m.span() for m in pattern.finditer(data)]`` for an RE2 pattern of bytes, by RE2's own
    call: the bindings' ``finditer`` builds a match object a match in Python (~0.45 µs of
    ~1 µs a match; a chat of pasted Italian recipes has ~9,000 rule-word starts a fit)."""
    call = _re2_call(pattern)
    if call is None:
        return [m.span() for m in pattern.finditer(data)]
    anchor, pos, end = _unanchored(), 0, len(data)
    spans: list[tuple[int, int]] = []
    while True:
        span = call(anchor, data, pos, end)[0]
        if span[0] < 0:
            return spans
        spans.append(span)
        # (as the bindings' finditer goes on: past an empty match by one byte)
        if pos == end:
            return spans
        pos = pos + 1 if pos == span[1] else span[1]


def re2_start(pattern: Any, data: bytes, pos: int) -> int:
    """Where ``pattern.search(data, pos)`` starts (-1: no match), by RE2's own call (see
    ``re2_spans``: the bindings' ``search`` makes a generator and a match object a call)."""
    call = _re2_call(pattern)
    if call is None:
        found = pattern.search(data, pos)
        return -1 if found is None else int(found.start())
    start: int = call(_unanchored(), data, min(pos, len(data)), len(data))[0][0]
    return start


def may_search(prefilter: Any, text: str) -> bool:
    """False: the pattern ``prefilter`` was made from finds nothing in ``text`` (nor in a
    position of it); True: it may (or there is no prefilter)."""
    if prefilter is None or "\x00" in text:
        return True  # (a NUL: no class of the prefilter matches it)
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        return True  # a lone surrogate: RE2 reads UTF-8 only (the exact search decides)
    return prefilter.search(data) is not None


def first_possible(prefilter: Any, text: str, pos: int = 0) -> int:
    """Where the pattern ``prefilter`` was made from may first match in ``text`` from ``pos``:
    ``pattern.search(text, pos)`` starts there or later, so ``pattern.search(text, at)`` finds
    the same (-1: it finds nothing). ``pos`` itself when RE2 cannot tell (no prefilter, a NUL,
    a lone surrogate). A long text searched by Python's engine for a large alternation costs
    ~0.1-0.2 µs a character; RE2 reads it ~50x faster and the exact search starts at its line."""
    if prefilter is None or "\x00" in text:
        return pos
    try:
        data = text[pos:].encode("utf-8")
    except UnicodeEncodeError:
        return pos
    ascii_only = data.isascii()
    parts = prefilter.parts_for(ascii_only) if isinstance(prefilter, Union) else (prefilter,)
    starts = [start for part in parts if (start := re2_start(part, data, 0)) >= 0]
    if not starts:
        return -1
    first = min(starts)
    # (a byte offset; "ignore" drops a character cut in two, so the offset is never past it)
    return pos + (first if ascii_only else len(data[:first].decode("utf-8", "ignore")))


def touched(prefilter: Any, texts: Sequence[str]) -> set[int] | None:
    """The indices of ``texts`` the pattern ``prefilter`` was made from may find something
    in, by one search a text it may (the texts joined by NUL, which no class of the
    prefilter takes: a match lies in one text, or starts at the NUL before it, a text's
    start). None: no prefilter, or a text RE2 cannot
    read (a lone surrogate) or holding a NUL: every text may."""
    if prefilter is None:
        return None
    if not texts:
        return set()
    try:
        encoded = [t.encode("utf-8") for t in texts]
    except UnicodeEncodeError:
        return None
    joined = b"\x00".join(encoded)
    if joined.count(b"\x00") != len(encoded) - 1:
        return None
    stops = list(accumulate(len(e) + 1 for e in encoded))  # one past the NUL after each
    hit: set[int] = set()
    union = isinstance(prefilter, Union)
    at: list[int] = list(range(len(encoded)))  # the texts ``joined`` holds, in order
    for part in prefilter.parts_for(joined.isascii()) if union else (prefilter,):
        if len(hit) > len(encoded) - len(at):
            # A later part searches only the texts no part before it hit (what they hold is
            # known: a text's hit is one by any part): the structure pass's 10-odd parts
            # read every short turn of a session, half of them hit by the first parts, RE2
            # building states over each one never seen. The texts joined again hold the same
            # NULs between them, a text's start (``^``) one still.
            at = [j for j in at if j not in hit]
            if not at:
                break
            joined = b"\x00".join([encoded[j] for j in at])
            stops = list(accumulate(len(encoded[j]) + 1 for j in at))
        pos = 0
        while (start := re2_start(part, joined, pos)) >= 0:
            # (a match that starts at a NUL is a text's start: the next text's)
            k = bisect_right(stops, start + (start < len(joined) and joined[start] == 0))
            hit.add(at[k])
            if k + 1 >= len(stops):
                break
            pos = stops[k] - 1  # the next text, from its NUL: one match a text is enough
    return hit


# A first character no set is kept of: the alternative may start with any character.
_ANY_FIRST: frozenset[str] = frozenset()
_SET_OPS = ("LITERAL", "RANGE")
_ZERO_WIDTH = ("AT", "ASSERT", "ASSERT_NOT")
_REPEATS = ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")


def _firsts(items: Any) -> tuple[frozenset[str] | None, bool]:
    """(the characters a match of the parsed ``items`` may start with, None: any; whether
    it may match the empty string). Assertions are passed over (they only narrow)."""
    out: set[str] = set()
    for op, arg in items:
        name = str(op)
        if name in _ZERO_WIDTH:
            continue
        if name == "LITERAL":
            return frozenset((*out, chr(arg))), False
        if name == "IN":
            if any(str(o) not in _SET_OPS or (str(o) == "RANGE" and a[1] - a[0] > 256)
                   for o, a in arg):  # fmt: skip
                return None, False  # (a category, a negated or a wide class)
            for o, a in arg:
                out.update(chr(a) if str(o) == "LITERAL" else map(chr, range(a[0], a[1] + 1)))
            return frozenset(out), False
        if name in ("SUBPATTERN", "BRANCH") or name in _REPEATS:
            subs = arg[1] if name == "BRANCH" else [arg[-1]]
            empty = name in _REPEATS and arg[0] == 0
            for sub in subs:
                chars, may_be_empty = _firsts(sub)
                if chars is None:
                    return None, False
                out.update(chars)
                empty = empty or may_be_empty
            if not empty:
                return frozenset(out), False
            continue
        return None, False  # (anything else: any character)
    return frozenset(out), True


_MOST_SPLIT = 64  # alternatives one is split into at most


def _exact_alternatives(tree: Any) -> list[Any]:
    """The alternatives of a parsed pattern, exactly: through a non-capturing group that
    changes no flag, and a leading group's alternatives distributed over what follows
    (``\\b(?:du|wir)\\s+soll`` is ``\\bdu\\s+soll|\\bwir\\s+soll``: tried in the same
    order, the same first match)."""
    items = list(tree.data)
    lead = 0  # (assertions first: they consume nothing, so they may be copied)
    while lead < len(items) and str(items[lead][0]) in _ZERO_WIDTH:
        lead += 1
    if lead == len(items):
        return [tree]
    op, arg = items[lead]
    if str(op) == "SUBPATTERN" and arg[0] is None and not arg[1] and not arg[2]:
        inner = list(arg[3].data)
        if len(inner) != 1 or str(inner[0][0]) != "BRANCH":
            return [tree]
        op, arg = inner[0]
    if str(op) != "BRANCH" or len(arg[1]) > _MOST_SPLIT:
        return [tree]
    before, after = items[:lead], items[lead + 1 :]
    split = []
    for branch in arg[1]:
        alt = _parser.SubPattern(tree.state, [*before, *branch.data, *after])
        alts = _exact_alternatives(alt)
        # (a plain alternation is flattened whole; what follows is copied to few at most)
        split += alts if len(alts) <= _MOST_SPLIT or not (before or after) else [alt]
    return split


#: The matches a pattern's whole serves before it is split (``FirstCharacterSplit.get``):
#: a split costs ~0.15-1 s of compiling (31 patterns for the European rules) and saves
#: ~6 µs a match, so it pays after ~25,000 of them. Split at its first use, it was most of
#: a fresh process's first fit that met a Slovenian or Tagalog rule word (R22-S1: 0.46-0.5
#: s over the import); the matches before the split cost at most about what it does.
_SPLIT_AFTER = 20_000


class FirstCharacterSplit:
    """``pattern``'s alternatives by the ASCII character a match may start with, each
    subset compiled when the split is made: once a process, after the whole pattern has
    served ``_SPLIT_AFTER`` matches (or at once, ``build``: ``contextledger.warm``); before,
    and for any other character, the whole pattern (``get``). A pattern with capturing
    groups, or one Python's compiler will not take apart, is not split (the whole pattern
    for every character)."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self._by_char: dict[str, re.Pattern[str]] | None = None
        self._unsplit_matches = 0

    @property
    def is_split(self) -> bool:
        return self._by_char is not None

    def build(self) -> None:
        """Split the pattern now (once)."""
        if self._by_char is not None:
            return
        self._by_char = {}
        try:
            self._split(self._by_char)
        except (re.error, TypeError, ValueError, IndexError, AttributeError):
            self._by_char = {}  # (an internal of ``re`` changed: the whole pattern still serves)

    def _split(self, by_char: dict[str, re.Pattern[str]]) -> None:
        pattern = self.pattern
        tree = _parser.parse(pattern.pattern, pattern.flags)
        if tree.state.groups > 1:
            return
        alternatives = _exact_alternatives(tree)
        firsts = [_firsts(alt.data) for alt in alternatives]
        compiled: dict[tuple[int, ...], re.Pattern[str]] = {}
        for code in range(128):
            c = chr(code).lower()
            chosen = tuple(
                k
                for k, (chars, empty) in enumerate(firsts)
                # (a first character outside ASCII may equal an ASCII one ignoring case)
                if chars is None or empty or any(x.lower() == c or not x.isascii() for x in chars)
            )
            if len(chosen) == len(alternatives):
                continue
            if chosen not in compiled:
                compiled[chosen] = _compile_alternatives(
                    tree, [alternatives[k] for k in chosen], pattern.flags
                )
            by_char[chr(code)] = compiled[chosen]

    def get(self, char: str) -> re.Pattern[str]:
        """What to match where a text's character is ``char``: the whole pattern's matches
        there, found trying only the alternatives that may start with it (once split)."""
        by_char = self._by_char
        if by_char is None:
            self._unsplit_matches += 1
            if self._unsplit_matches <= _SPLIT_AFTER:
                return self.pattern
            self.build()
            by_char = self._by_char
            assert by_char is not None
        return by_char.get(char, self.pattern)


def _compile_alternatives(tree: Any, alternatives: list[Any], flags: int) -> re.Pattern[str]:
    """The pattern of ``alternatives`` (parsed, of ``tree``), with ``tree``'s flags."""
    branch = (_sre.BRANCH, (None, alternatives)) if alternatives else (_sre.FAILURE, None)
    compiled: re.Pattern[str] = _compiler.compile(_parser.SubPattern(tree.state, [branch]), flags)
    return compiled


@cache
def by_first_character(pattern: re.Pattern[str]) -> FirstCharacterSplit:
    """``pattern`` split by the first character of a match (``FirstCharacterSplit``)."""
    return FirstCharacterSplit(pattern)
