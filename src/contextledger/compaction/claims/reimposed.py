"""A rule's change given as standing after the user said the rule again: "From now on you can
publish without my approval" quoted as a constraint when a later turn says "I take that
back: again, publish nothing until I approve" — the latest of ban, lift and re-imposition
holds.

Read without language, from the turns' words: the user's turn the clause holds (the lift)
sits between two user turns that say one rule (the ban, and the same ban said again), and
shares words with both — it spoke of that rule. Words are the same when they begin alike
(a stem and its endings: "göndərmə" / "göndərə", "испраќај" / "испраќаш"), as the languages
without a stemmer here inflect them. A clause that holds the ban or its restatement, or a
change no later turn undid, stands.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .evidence import Claim, Evidence
from .reading import quote

__all__ = ["check_said_again"]

# a word, with the vowel signs Indic scripts write as marks (no word characters to ``\w``)
_WORD = re.compile(r"(?:[^\W\d_]|[\u0300-\u036f\u0900-\u0dff\u200c\u200d]){3,}")
# "User: …", 'The user said: "…"': the words the clause gives the user
_USER_WORDS = re.compile(
    r"""(?i)^\W*(?:the\s+)?user(?:\s+said)?\s*:\s*["“«„']?(?P<words>.+?)["”»']?\s*$"""
)
_SAME_RULE = 0.6  # the share of the rule's words its restatement says again
_ABOUT = 0.2  # the share of the change's words the rule says (and its restatement)
_HELD = 0.6  # the share of the clause's words the turn it holds says


def _words(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(w.casefold() for w in _WORD.findall(text)))


def _alike(a: str, b: str) -> bool:
    """Whether two words are one word inflected: they begin alike (5 letters, or 4 that
    are most of the shorter one: "despliegues" / "desplegar", "dərc" / "dərc")."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n == len(a) == len(b) or n >= min(5, max(4, 0.6 * min(len(a), len(b))))


def _share(words: Sequence[str], other: Sequence[str]) -> float:
    """The share of ``words`` that ``other`` says too (in some form)."""
    if not words:
        return 0.0
    return sum(any(_alike(w, o) for o in other) for w in words) / len(words)


def _user_turns(ev: Evidence) -> list[tuple[str, ...]]:
    def make() -> list[tuple[str, ...]]:
        return [_words(text) for role, text in ev.dialogue if role == "user"]

    return ev.derive("claims.reimposed.user words", make)


def _held_by(words: Sequence[str], turns: Sequence[Sequence[str]]) -> int | None:
    """The one user turn that holds the most of ``words`` (None: none does, or two do)."""
    shares = [_share(words, t) for t in turns]
    best = max(shares, default=0.0)
    if best < _HELD or shares.count(best) > 1:
        return None
    return shares.index(best)


def _said_again(turns: Sequence[Sequence[str]], j: int) -> tuple[int, int] | None:
    """A rule turn ``i`` before turn ``j`` and its restatement ``k`` after it, both about
    what ``j`` says, ``j`` not itself the rule said (None: no such pair)."""
    for k in range(len(turns) - 1, j, -1):
        for i in range(j):
            same = _share(turns[i], turns[k])
            if (
                same >= _SAME_RULE
                and _share(turns[j], turns[i]) >= _ABOUT
                and _share(turns[j], turns[k]) >= _ABOUT
                and _share(turns[i], turns[j]) < same - 0.2
            ):
                return i, k
    return None


def check_said_again(text: str, ev: Evidence) -> list[Claim]:
    """``text`` holding a user's change of a rule that a later user turn said again."""
    said = _USER_WORDS.match(text)
    words = _words(said.group("words") if said else text)
    turns = _user_turns(ev)
    j = _held_by(words, turns) if len(words) >= 3 else None
    found = None if j is None else _said_again(turns, j)
    if found is None:
        return []
    users = [t for role, t in ev.dialogue if role == "user"]
    why = f"a later user turn said the rule again: {quote(users[found[1]])}"
    return [Claim("constraint", text.strip(), why)]
