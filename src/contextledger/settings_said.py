"""The settings a user's sentence gives ("Set retry_limit to 5.", "ttl_s = 30", "Ustaw X na
8.") and which a later sentence sets again: only the newest value stands.

Read by the recap (a value the user later changed is not listed as a rule) and by the fit
(a request whose every setting a newer one set again is not pinned ahead of the newer one).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import suppress
from functools import cache
from typing import Any

from .lexicon.common import compiled_on_use
from .prefilter import may_search, superset

# a character of a script written without spaces (Chinese, Japanese, Korean); made from its
# stored compiled form (``compiled_on_use``): compiling its wide class was ~2.5 ms of every
# ``import contextledger.fit``
_UNSPACED = compiled_on_use(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


# Thai, Lao, Burmese and Khmer: spaces between phrases, not words (a word is some four
# characters with its vowel and tone marks)
_PHRASED = compiled_on_use(r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]")


def word_count(sentence: str) -> int:
    """A sentence's length in words: spaced words, and two characters of an unspaced
    script as one ("お客様に直接電話しないでください。" is eight words, not one), four of
    Thai, Lao, Burmese or Khmer ("คุณสมชายตัดสินใจใช้ libphonenumber-js" is six)."""
    return (
        len(sentence.split())
        + len(_UNSPACED.findall(sentence)) // 2
        + len(_PHRASED.findall(sentence)) // 4
    )


# a setting given a value, in any language: a config key (snake_case, dotted, dashed), then
# "=" or ":" or at most four words, then the number it is set to ("Set X to 5.", "… X should
# be set to 10", "ttl_s = 30", "Ustaw X na 8.", "X naj bo za začetek 8", "X હવે કાયમ માટે 12
# રહેશે"). A word is a letter and what follows it to a space: the vowel signs of Devanagari,
# Gujarati, Tamil … are marks, not letters ("X आता कायमचे 12 राहील" was read as no setting,
# so its older values stood as rules: review25 set B). Compiled on use, from its stored form
# (compiling it at import was ~2-4 ms of a first fit's imports).
_VALUE_SET = compiled_on_use(
    r"(?<![A-Za-z0-9_./-])([A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)+)`?"
    r"(?:\s*[=:：]\s*|\s+(?:[^\W\d_][^\s\d]*\s+){0,4}|"
    # ... or a particle or a verb written on to the key and its value, as Japanese, Korean,
    # Chinese and Hebrew write them ("Xは192に", "X을(를) 192(으)로", "把X改成192", "X ל-96"), or
    # after a hyphen, as Tamil does ("X-ஐ 5 ஆக அமைக்கவும்")
    r"\s*-?[^\x00-\x7f][^\sA-Za-z0-9.,;!?。！？]{0,5}\s*(?:[^\W\d_]+\s+)?)"
    # ... a number, or a code with a digit in it ("bates_start should be ACME0012000")
    r"(-?\d[\d.,]*%?|[A-Z][A-Z0-9_-]*\d[A-Z0-9_-]*)(?![A-Za-z0-9_]|\.[A-Za-z0-9])"
)
# Where a key of ``_VALUE_SET`` may start: a letter after none of "A-Za-z0-9_./-", the
# opening of a key (letters and digits, then "_", "." or "-" and a letter or digit). Every
# match of ``_VALUE_SET`` starts at one, and no two overlap (every character of one is in
# the set the look-behind refuses), so its matches are found by trying it only there:
# Python's engine tried the whole pattern at every letter (~22 ns a character; ~2,000
# requests of a long coding chat, most of them read for the settings they give, were ~8 %
# of its cold fit), and this opening fails at once on a letter inside a word.
_KEY_OPENING = compiled_on_use(r"(?<![A-Za-z0-9_./-])[A-Za-z][A-Za-z0-9]*[_.-][A-Za-z0-9]")
# a sentence that says more than a setting's value keeps its other words
_SETTING_WORDS = 14
# A text longer than this is screened by ``_VALUE_SET``'s RE2 superset before Python's engine
# tries the key at every letter (~20 ns a character): a fit reads every earlier request it
# may pin for the settings it gives, and a pasted document or log holds none (speed69: a
# chat of pasted documents spent a fifth of its cold fit here). Short sentences (the recap
# reads them one by one) are searched at once: a screen costs more than the search there.
_SCREENED_CHARS = 1_000
# a digit: every value ``_VALUE_SET`` reads holds one (a number, or a code with a digit in
# it), so a sentence without one sets nothing. Most of a chat's turns hold none, and a
# search for one is ~0.5 µs where reading a short turn's keys was ~6 µs (a cold fit reads
# every request newer than an old short setting: speed129)
_DIGIT = re.compile(r"\d")


def settings(sentence: str) -> dict[str, str]:
    """The config keys ``sentence`` sets, each to its value.

    >>> settings("Change of plan: fx_rate_tolerance_bps_016 should be 10.")
    {'fx_rate_tolerance_bps_016': '10'}
    """
    if _DIGIT.search(sentence) is None:
        return {}  # (no value to set)
    if len(sentence) > _SCREENED_CHARS and not may_search(superset(_VALUE_SET), sentence):
        return {}  # (surely no key given a value anywhere in it)
    return {m.group(1).casefold(): m.group(2).rstrip(".,") for m in _values_set(sentence)}


def _values_set(sentence: str) -> Iterator[re.Match[str]]:
    """``_VALUE_SET.finditer(sentence)``, tried only where a key opens (``_key_openings``;
    the look-behind reads the character before, as in a search of the whole sentence)."""
    end = 0
    match = _VALUE_SET.match
    for start in _key_openings(sentence):
        if start < end:
            continue  # (inside the last match: a search goes on from its end)
        found = match(sentence, start)
        if found is not None:
            yield found
            end = found.end()


def _key_openings(sentence: str) -> Iterator[int]:
    """Where ``_KEY_OPENING`` matches in ``sentence``, ascending: found by RE2 when it is
    installed (one pass at C speed; Python's engine tries the look-behind at every character,
    ~20 ns one), else by ``_KEY_OPENING``."""
    pattern = _re2_key_opening()
    data = None
    if pattern is not None:
        with suppress(UnicodeEncodeError):  # (a lone surrogate: RE2 reads UTF-8 only)
            data = sentence.encode("utf-8")
    if data is None:
        yield from (found.start() for found in _KEY_OPENING.finditer(sentence))
        return
    if len(data) == len(sentence):  # (ASCII: a byte a character)
        yield from (found.start(1) for found in pattern.finditer(data))
        return
    byte = char = 0  # (the characters before each opening, decoded from the last one on)
    for found in pattern.finditer(data):
        at = found.start(1)
        char += len(data[byte:at].decode("utf-8"))
        byte = at
        yield char


@cache
def _re2_key_opening() -> Any:
    """``_KEY_OPENING`` for RE2 (the character before a key taken, where Python's engine
    looks behind: a match ends in a letter or a digit, which starts no key after it, so
    none is passed over); None: RE2 is not installed."""
    try:
        import re2  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    return re2.compile(rb"(?:^|[^A-Za-z0-9_./-])([A-Za-z])[A-Za-z0-9]*[_.-][A-Za-z0-9]")


def reset_later(said: Sequence[str]) -> set[str]:
    """The user's short sentences in ``said`` (in order) each of whose settings a later
    sentence of the same scope sets again, differently (RT26-2: "Set X to 5." … "Change of
    plan: X should be 10." … "Final answer: set X to 2."): only the newest value stands.
    A setting of another scope stands beside it ("In staging, X should be 50." / "In
    production, X should be 500."), and so does a sentence setting another key too ("Set
    retry_limit to 3 and timeout_s to 30." once only retry_limit changed: R21-R4).

    >>> sorted(reset_later(["Set ttl_s to 5.", "Keep it short.", "ttl_s should be 10 now."]))
    ['Set ttl_s to 5.']
    >>> reset_later(["In staging, pool_size should be 5.", "In production, pool_size should be 50."])
    set()
    """
    out: set[str] = set()
    newer: dict[str, list[tuple[frozenset[str], str]]] = {}  # key -> (scope, value), newest first
    for s in reversed(said):
        found = settings(s)
        scope = _scope(s)
        if (
            found
            and word_count(s) <= _SETTING_WORDS
            and all(_set_again(newer.get(key, []), scope, value) for key, value in found.items())
        ):
            out.add(s)
        for key, value in found.items():
            newer.setdefault(key, []).append((scope, value))
    return out


class Setting:
    """The config keys a sentence sets, each to its value, where they hold, and whether it
    is short (says nothing besides: only a short one is stale once its keys are set again).

    Where they hold (``scope``) is read when first asked: a fit reads every newer request
    for its settings, and a pasted CSV or log gives some ("warehouse-5\\n33"), but asks the
    scope of few (only of those a short setting's key is set again by); reading it searched
    the whole paste twice more (speed78: a third of a cold fit of a chat of pastes).
    """

    __slots__ = ("_scope", "_sentence", "short", "values")

    def __init__(self, values: dict[str, str], sentence: str, short: bool) -> None:
        self.values = values
        self.short = short
        self._sentence = sentence
        self._scope: frozenset[str] | None = None

    @property
    def scope(self) -> frozenset[str]:
        if self._scope is None:
            self._scope = _scope(self._sentence)
        return self._scope

    def __repr__(self) -> str:
        return f"Setting(values={self.values!r}, scope={self.scope!r}, short={self.short!r})"


def _words_at_most(sentence: str, most: int) -> bool:
    """``word_count(sentence) <= most``, without splitting a long paste whole: more than
    ``most`` spaced words already say no (the other terms of the count only add)."""
    if len(sentence.split(None, most)) > most:
        return False
    return word_count(sentence) <= most


def may_set_short(sentence: str) -> bool:
    """False: ``sentence`` is surely no short setting (it says more than ``_SETTING_WORDS``
    words), known from its first words, before its settings are searched for (a search of a
    pasted document's whole text).

    >>> may_set_short("Set ttl_s to 5."), may_set_short("Here is the export: " + "a,b " * 20)
    (True, False)
    """
    return _words_at_most(sentence, _SETTING_WORDS)


def setting_of(sentence: str) -> Setting | None:
    """What ``sentence`` sets (None: nothing).

    >>> setting_of("In staging, set pool_size to 5.")
    Setting(values={'pool_size': '5'}, scope=frozenset({'staging'}), short=True)
    """
    found = settings(sentence)
    if not found:
        return None
    return Setting(found, sentence, _words_at_most(sentence, _SETTING_WORDS))


class NewerSettings:
    """The settings said after a point, read newest first from the current request down, once
    per position, only as far down as asked (:meth:`reset`): which of the earlier requests
    :func:`reset_later` would call stale, asked of a few, newest first, each read in time
    independent of how many settings the history holds (review26 R26-R2: a chat of 4,000
    "Set X to N." turns read every newer request for each stale one, each refit).

    >>> said = ["Set ttl_s to 5.", "Thanks!", "ttl_s should be 10.", "Keep ttl_s at 10 for now."]
    >>> newer = NewerSettings(lambda p: setting_of(said[p]), len(said) - 1)
    >>> [newer.reset(p) for p in (3, 2, 0)]
    [False, False, True]
    """

    def __init__(
        self,
        setting_at: Callable[[int], Setting | None],
        last: int,
        may_be_short: Callable[[int], bool] | None = None,
    ) -> None:
        self._setting_at = setting_at
        # (False: the request at a position is surely no short setting, ``may_set_short``:
        # the pinning asks this of every request it may pin, and a pasted document's
        # settings were searched for to learn that it says more than a setting)
        self._may_be_short = may_be_short
        self._read_from = self.top = last + 1  # the positions read: [_read_from, top)
        # per key, (position, its setting, value) newest first (the setting's scope read
        # only when a short setting of the key is compared with it)
        self._said: dict[str, list[tuple[int, Setting, str]]] = {}
        # what :meth:`reset` answered, by position, while ``top`` stands (a fit asks it of
        # the same request from several walks: the fill's and the told facts', each read
        # its setting and its first words again, ~1.5 ms of a cold fit of 2,000 messages);
        # and the settings of positions it read below ``_read_from`` that the sweep down
        # to an older one takes instead of reading them again; and, by position, the
        # settings found in the positions read (a request asked after the sweep passed it)
        self._answered: dict[int, bool] = {}
        self._own: dict[int, Setting | None] = {}
        self._found: dict[int, Setting] = {}
        self.read_to(last)

    def read_to(self, last: int) -> None:
        """Take the positions up to ``last`` as said too (a history appended to: a refit
        reads only the new ones; ``setting_at`` then answers for them)."""
        if last < self.top:
            return
        self._answered.clear()  # (a newer setting may set its keys again)
        new: dict[str, list[tuple[int, Setting, str]]] = {}
        for p in range(last, self.top - 1, -1):
            found = self._setting_at(p)
            if found is not None:
                self._found[p] = found
                for key, value in found.values.items():
                    new.setdefault(key, []).append((p, found, value))
        for key, entries in new.items():
            self._said[key] = entries + self._said.get(key, [])
        self.top = last + 1

    def reset(self, at: int) -> bool:
        """Whether the short setting at position ``at`` has each of its keys set again,
        differently, by a newer one of its scope (reading the positions down to it)."""
        answer = self._answered.get(at)
        if answer is None:
            answer = self._answered[at] = self._reset(at)
        return answer

    def _reset(self, at: int) -> bool:
        if self._may_be_short is not None and not self._may_be_short(at):
            return False
        if at < self._read_from:
            own = self._own_at(at)
        else:
            own = self._found.get(at) if at < self.top else self._setting_at(at)
        if own is None or not own.short:
            return False
        said = self._said
        while self._read_from > at + 1:
            self._read_from -= 1
            p = self._read_from
            found = self._own.pop(p) if p in self._own else self._setting_at(p)
            if found is not None:
                self._found[p] = found
                for key, value in found.values.items():
                    said.setdefault(key, []).append((p, found, value))
        return all(
            _set_again(((s.scope, v) for q, s, v in said.get(key, ()) if q > at), own.scope, value)
            for key, value in own.values.items()
        )

    def _own_at(self, at: int) -> Setting | None:
        """The setting at ``at``, below the positions read, kept for the sweep down past it."""
        if at not in self._own:
            self._own[at] = self._setting_at(at)
        return self._own[at]


def _set_again(
    newer: Iterable[tuple[frozenset[str], str]], scope: frozenset[str], value: str
) -> bool:
    """Whether a setting's value was set again, differently, by a newer one of its scope: its
    own, or either said with none ("Set X to 5 for the first pass." … "X should be 10, final.";
    a word read as a scope in another language, "… ja se on lopullinen", is none of a scope
    the other names). Only two scopes both named and different stand side by side."""
    for other, then in newer:
        if other == scope or not (other and scope):
            return then != value
    return False


# where a setting holds: "in staging", "for the admin panel", "on prod-eu"
_SCOPE = compiled_on_use(r"(?i)\b(?:in|for|on|within|under|per)\s+(?:the\s+)?([\w./-]+)")


# ... not when: "Set X to 110 for now." is the value of X, for now (R22-R1)
_NO_SCOPE = frozenset(
    {"now", "today", "tonight", "later", "good", "the", "moment", "time", "example", "instance",
     "sure", "all", "ever", "once", "this", "that", "it", "a", "while"}
)  # fmt: skip


def _scope(sentence: str) -> frozenset[str]:
    found = _SCOPE.findall(_VALUE_SET.sub(" ", sentence))
    return frozenset(w.rstrip(".,;:!?").casefold() for w in found) - _NO_SCOPE
