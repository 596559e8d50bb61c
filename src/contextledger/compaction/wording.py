"""Small text helpers the recap's readers share."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterable
from functools import cache

from ..fit.gists import repeated
from .transcript import cut_utf8, utf8_len


@cache  # a handful of edges ("(?<![\w.-])", "(?![\w-])"), asked for every value
def _edge(assertion: str) -> re.Pattern[str]:
    return re.compile(assertion)


def whole_token(
    text: str, value: str, before: str = r"(?<![\w])", after: str = r"(?![\w])"
) -> bool:
    """Whether ``value`` stands in ``text`` with the zero-width ``before`` and ``after``
    assertions holding at its two ends (as ``re.search(before + re.escape(value) + after)``
    would say). Each place the literal stands is tried with the two edges compiled once:
    a pattern compiled for each value, its class of word characters optimized afresh,
    was most of what checking a recap against a long record cost.

    >>> whole_token("ran pytest -x", "pytest"), whole_token("ran pytests", "pytest")
    (True, False)
    """
    if not value:
        return re.search(before + after, text) is not None
    start, end = _edge(before), _edge(after)
    i = text.find(value)
    while i >= 0:
        if start.match(text, i) and end.match(text, i + len(value)):
            return True
        i = text.find(value, i + 1)
    return False


def spaced_token(
    text: str, value: str, before: str = r"(?<![\w])", after: str = r"(?![\w])"
) -> bool:
    r"""Whether ``value``'s words stand in ``text`` in a row, any run of whitespace between
    two, with the zero-width ``before`` and ``after`` assertions holding at the two ends (as
    ``re.search(before + r"\s+".join(words) + after)`` would say). The pattern is tried only
    where the first word stands: searched over a long record from each place, a pattern
    opening on a look-behind cost ~30 ms a command a recap names (a kept turn's check).

    >>> spaced_token("ran git  push origin", "git push"), spaced_token("ran git-push", "git push")
    (True, False)
    """
    words = value.split()
    if not words:
        return re.search(before + after, text) is not None
    pattern = re.compile(before + r"\s+".join(re.escape(w) for w in words) + after)
    i = text.find(words[0])
    while i >= 0:
        if pattern.match(text, i):
            return True
        i = text.find(words[0], i + 1)
    return False


def asks(sentence: str) -> bool:
    """Whether a sentence is a question, in any script's question mark ("決めましたか？"),
    Greek's ";" too ("Μπορείς να φροντίσεις …;").

    >>> asks("Μπορείς να το ελέγξεις;"), asks("Run it; then stop.")
    (True, False)
    """
    said = sentence.rstrip()
    if said.endswith(("?", "？", "؟", "\u037e")):
        return True
    return said.endswith(";") and _GREEK.search(said) is not None


_GREEK = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")


def clip(s: str, n: int) -> str:
    """``s`` on one line, cut to ``n`` UTF-8 bytes at a word when one is near, marked " …"."""
    s = " ".join(s.split())
    if utf8_len(s) <= n:
        return s
    cut = cut_utf8(s, n)
    space = cut.rfind(" ")
    return (cut[:space] if space > n // 2 else cut).rstrip() + " …"


# A fenced block: a file or a log pasted into a turn, whose lines are no sentences said
_FENCED = re.compile(r"(?ms)^[ \t]*(```|~~~)[^\n]*\n.*?^[ \t]*\1[ \t]*$")


def without_code(text: str) -> str:
    r"""``text`` without its fenced blocks (a pasted file's ``return x * 2`` is not a number
    the user stated), stripped.

    >>> without_code("Here's a.py:\n```\nreturn x * 2\n```\nIt fails.")
    "Here's a.py:\n\nIt fails."
    """
    if "```" not in text and "~~~" not in text:
        return text.strip()
    return _FENCED.sub("", text).strip()


def fenced_blocks(text: str) -> list[str]:
    r"""The fenced blocks of ``text`` (a file or a log pasted), each with its fences.

    >>> fenced_blocks("Here's a.py:\n```\nreturn x * 2\n```\nIt fails.")
    ['```\nreturn x * 2\n```']
    """
    if "```" not in text and "~~~" not in text:
        return []
    return [m.group(0) for m in _FENCED.finditer(text)]


# what varies between two reports of the same error: numbers, ids, quoted names
_VARIES = re.compile(r"\d+|\b[0-9a-f]{6,}\b|\"[^\"]*\"|'[^']*'|\b\w*\d\w*\b")
# what one run has and its retry does not: a word with a digit, whole (a pod's hash
# "api-7f9c8d-xk2pq", a port, a time "10:07"), an id, a number
_RUN_VARIES = re.compile(r"\b\w*\d\w*\b|\b[0-9a-f]{6,}\b|\d+")


def shape(item: str) -> str:
    """``item`` with what varies between two reports of one error masked: the same shape is
    the same error again."""
    return _VARIES.sub("#", item)


def run_shape(command: str) -> str:
    """``command`` with only what differs between its retries masked (ids, ports, times):
    the same run shape is the same command run again. A quoted argument is what the command
    is about, not a retry's detail: two searches or queries for different words are two
    commands, however alike the rest.

    >>> run_shape("journalctl -u api --since 10:01") == run_shape("journalctl -u api --since 10:07")
    True
    >>> run_shape("rg -n 'FOR SHARE SKIP LOCKED' src/") == run_shape("rg -n 'RETURNING id' src/")
    False
    """
    return _RUN_VARIES.sub("#", command)


# A chat's clauses: a sentence cut at its commas and "and"s, each without the filler it opens
# with ("Anyway the train was late twice this week, and my phone battery dies by noon now")
# (in Chinese and Japanese a sentence ends, and a clause is cut, with no space after:
# "雨がひどかった。母が風邪をひいている。" said in turn after turn, R41-R4)
# (and in the languages users chat in: "Comunque piove da una settimana, e ho dormito quattro
# ore." around each of her rules, R41-R2; "…, ve …", "…, i …", "…, und …")
_CLAUSE_CUT = re.compile(
    r"(?i)[.!?;]+\s+|[。！？；、，]+\s*|,\s*(?:(?:and|e|y|et|und|i|ve)\s+)?|\s+and\s+"
)
_CLAUSE_FILLER = re.compile(
    r"(?i)^\W*(?:(?:anyway|anyhow|so|oh|and|also|but|well|ok(?:ay)?|honestly|um+|comunque|"
    r"vabb[eè]|insomma|enfim|então|bueno|pues|en\s+fin|bref|enfin|naja|jedenfalls|"
    r"a\s+tak\s+w\s+ogóle|no\s+nic|neyse|her\s+neyse|zaten|まあ)\W+)+"
)


def _clauses(text: str) -> list[str]:
    """``text``'s clauses of two words or more, as compared; one with a number in it is
    never talk ("We have 1005 open connections at peak." said each time with a new count
    is a value each time), so it is kept apart by a mark no other clause holds."""
    cut = (_CLAUSE_FILLER.sub("", c).strip(" .!?,;").casefold() for c in _CLAUSE_CUT.split(text))
    return [c if not _DIGIT.search(c) else "\0" + c for c in cut if _two_words(c)]


# a character of a script written without spaces between words
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
#: The fewest characters of a clause in such a script that is read as one
_UNSPACED_CLAUSE = 4


# a sentence opened as a change of topic: "Comunque piove da una settimana, …", "Vabbè, ho
# dormito quattro ore.", "Anyway, the train was late.", "A tak w ogóle piszę z telefonu …",
# "Neyse, …", "まあ、…" - talk said around a rule, not the rule (R41-R2, R41-R4)
_ASIDE_OPENING = re.compile(
    r"(?i)^\W*(?:anyway|anyhow|by\s+the\s+way|comunque|vabb[eè]|insomma|enfim|enfin|bref|"
    r"en\s+fin|naja|jedenfalls|a\s+tak\s+w\s+ogóle|no\s+nic|neyse|her\s+neyse)(?!\w)|^\W*まあ"
)


def opens_an_aside(sentence: str) -> bool:
    """Whether a sentence opens with a change of topic (:data:`_ASIDE_OPENING`).

    >>> opens_an_aside("Vabbè, ho dormito quattro ore."), opens_an_aside("Va bene, usiamo X.")
    (True, False)
    """
    return _ASIDE_OPENING.search(sentence) is not None


def _two_words(clause: str) -> bool:
    """Whether a clause says two words or more: in a script written without spaces, four
    characters or more ("電車が遅れた")."""
    if len(clause.split()) >= 2:
        return True
    return len(clause) >= _UNSPACED_CLAUSE and _UNSPACED.search(clause) is not None


_DIGIT = re.compile(r"\d")


def said_often(users: Iterable[str]) -> frozenset[str]:
    """The clauses the user says again and again in ``users`` (their turns: in three or
    more, as the fit's ``gists.repeated`` counts; never one with a number): a chat's running
    talk ("the train was late twice this week", "sorry for the essay!"), said between the
    facts.

    >>> sorted(said_often(["Ugh, the train was late.", "The train was late, sorry!",
    ...                    "Budget is 900, and the train was late."]))
    ['the train was late']
    """
    counts = Counter(c for u in users for c in set(_clauses(u)))
    return frozenset(c for c, n in counts.items() if repeated(n) and not c.startswith("\0"))


def only_said_often(sentence: str, often: Collection[str]) -> bool:
    """Whether every clause of ``sentence`` is one the user says again and again."""
    said = _clauses(sentence)
    return bool(often) and bool(said) and all(c in often for c in said)


# what a short tail after a statement may not hold to be read as talk: a digit, a path's or
# an identifier's marks, code, a URL, a handle or a channel ("— see #ops", "(PR 42)")
_NAMES_SOMETHING = re.compile(r"\d|[/\\#@_`=<>{}\[\]|$%]|\w[.:]\w")
# a run of symbols that ends a turn: emoji, their joiners and variation selectors, ":)"
_SYMBOLS_AT_END = re.compile(
    r"(?<=\S)\s+(?:[\u2190-\u2bff\u2600-\u27bf\U0001f000-\U0001faff\ufe0f\u200d]+|[:;]-?[()DPp])$"
)
# an aside in parentheses that ends the statement: "… (btw the CI is slow today)"
_ASIDE_AT_END = re.compile(r"(?<=\S)\s*\(([^()]*)\)\s*[.!]?$")
# a check-back or thanks after a dash or a sentence's end: "… — ok?", "… Thanks!", "… ok?"
_TAIL_AT_END = re.compile(r"(?<=\S)(?:\s+[—–-]+\s*|(?<=[.!?。！？])\s*)([^.!?。！？—–]+[?!？！]+)$")


def without_check_back(said: str) -> str:
    """``said`` less a short tail that asks and names nothing: a check-back or thanks (at most
    three words ending in "?" or "!") after a dash or the statement's end, an aside in
    parentheses (at most eight words, no name of a person), an emoji - read alone, it would
    make a rule a question or leave a request unread, in any language. What the tail follows
    is kept whole; a tail that names something (a number, a path, a channel) is kept.

    >>> without_check_back("Never touch db/seeds/. — ok?")
    'Never touch db/seeds/.'
    >>> without_check_back("Post it to #releases when done. Thanks! 🙏")
    'Post it to #releases when done.'
    >>> without_check_back("Keep the timeout at 45 s (btw the CI is slow today).")
    'Keep the timeout at 45 s.'
    >>> without_check_back("Timeout 45 s. Or 60?"), without_check_back("Is it done?")
    ('Timeout 45 s. Or 60?', 'Is it done?')
    """
    core = said.rstrip()
    while True:
        before = core
        core = _SYMBOLS_AT_END.sub("", core)
        aside = _ASIDE_AT_END.search(core)
        if aside and _talk(aside.group(1), 8) and not _names_someone(aside.group(1)):
            end = "." if core.endswith(".") and not core[: aside.start()].endswith(".") else ""
            core = core[: aside.start()].rstrip() + end
        tail = _TAIL_AT_END.search(core)
        if tail and _talk(tail.group(1), 3) and core[: tail.start()].strip():
            core = core[: tail.start()].rstrip()
        if core == before:
            return core if core else said


def _names_someone(clause: str) -> bool:
    """A capitalised word after the clause's first: "Olga" names someone, "CI" nothing."""
    return any(w[:1].isupper() and any(c.islower() for c in w[1:]) for w in clause.split()[1:])


def names_something(clause: str) -> bool:
    """Whether ``clause`` holds a digit, a path's or an identifier's marks, code, a
    handle or a channel ("#ops", "db/seeds/", "v2", "@kim")."""
    return _NAMES_SOMETHING.search(clause) is not None


def _talk(clause: str, most: int) -> bool:
    """Whether ``clause`` is at most ``most`` words and names nothing."""
    return 0 < len(clause.split()) <= most and not names_something(clause)
