"""A decision the user took back: a ``Decisions`` item quoting the user's choice ("User:
Use Redis for the session cache.") when, after it, the assistant proposed something else
for the same choice and the user's next turn approved that ("Yes, switch to Memcached.").
The quote is the user's words, but not the decision that stands.

Read by the things each turn names (a product, a file, an id: a capitalised or coined word
not opening its sentence, or Latin letters in another script), so in any language: the
approval names a thing the proposal brought and not the one the quote chose.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import takewhile

from ...lexicon import claims as lexicon
from ...lexicon.negation import denial
from ..decisions import short_answer
from ..facts import sentences
from .evidence import Claim, Evidence
from .reading import fold, quote
from .words import content_terms

_LABEL = re.compile(r"""(?i)^\W*(?:the\s+)?user\s*:\s*["“«„']?""")
# a word naming a thing: capitalised or coined ("Redis", "pg_bouncer", "db-1", "Memcachedre"),
# glued to a prefix of another script too ("ב-Redis"), or a version ("2.3.1": a rollback to
# it is a choice like any other)
_THING = re.compile(
    r"(?<![A-Za-z0-9_.])(?<![A-Za-z0-9]-)(?:[A-Z][\w.+-]*[A-Za-z0-9]|[A-Za-z][\w.-]*(?:_|\d|\.\w)[\w.-]*"
    r"|\d+(?:\.\d+){2,}(?![\d.]\d))"
)
_LATIN = re.compile(r"[A-Za-z]")


@lru_cache(maxsize=1 << 14)  # each turn is read again for every Decisions item
def _things(text: str) -> frozenset[str]:
    """The things ``text`` names, folded: not a capitalised word that only opens a sentence
    in a Latin-script sentence ("Use Redis …": Redis)."""
    out: set[str] = set()
    for s in sentences(text):
        foreign = len(_LATIN.findall(s)) * 2 < sum(c.isalpha() for c in s)
        for m in _THING.finditer(s):
            opening = not s[: m.start()].strip(" \"'“«„*-")
            if len(m.group(0)) > 2 and (foreign or not opening or not m.group(0).isalpha()):
                out.add(m.group(0).casefold())
    return frozenset(out)


def _same(x: str, y: str) -> bool:
    """Whether two things are one, a case ending aside ("redist" is "redis", "memcachedre"
    "memcachedet"): all but the last three letters of the shorter in common, four at least."""
    common = sum(1 for _ in takewhile(lambda ab: ab[0] == ab[1], zip(x, y, strict=False)))
    return x == y or common >= max(4, min(len(x), len(y)) - 3)


def _shares(a: frozenset[str], b: frozenset[str]) -> bool:
    return any(_same(x, y) for x in a for y in b)


def _yes_to(proposal: str, reply: str, chosen_words: str) -> bool:
    """Whether ``reply`` is a short yes to what ``proposal`` brings and the chosen words do
    not: "Yes, do the forward fix." to "Instead of rolling back I propose a forward fix in
    4.3.1", where the approval names no thing."""
    brought = content_terms(proposal) - content_terms(chosen_words)
    return short_answer(reply) and bool(content_terms(reply) & brought)


def check_reversed_decision(text: str, ev: Evidence) -> list[Claim]:
    """``text``, a ``Decisions`` item quoting the user, against a later approval of the
    assistant's other proposal for the same choice (see the module)."""
    words = fold(_LABEL.sub("", text).strip(" \"”»'"))
    turns = ev.dialogue
    folded = ev.derive("dialogue folded", lambda: tuple(fold(t) for _, t in turns))
    at = next((i for i, (r, _) in enumerate(turns) if r == "user" and words in folded[i]), None)
    chosen = _things(_LABEL.sub("", text))
    if at is None or not chosen:
        return []
    for j in range(at + 1, len(turns) - 1):
        role, proposal = turns[j]
        other = frozenset(t for t in _things(proposal) if not any(_same(t, c) for c in chosen))
        about = (
            lexicon.INSTEAD.search(proposal)
            or len(content_terms(words) & content_terms(proposal)) >= 2
        )
        if role != "assistant" or not other or not about:
            continue
        k = next((i for i in range(j + 1, len(turns)) if turns[i][0] == "user"), None)
        if k is None:
            return []
        reply = turns[k][1]
        approved = _things(reply)
        if denial(reply) or _shares(approved, chosen):
            continue
        if not _shares(approved, other) and not _yes_to(proposal, reply, words):
            continue
        if any(r == "user" and _shares(_things(t), chosen) for r, t in turns[k + 1 :]):
            return []  # the user chose it again
        why = f"the user later approved the assistant's proposal instead: {quote(reply)}"
        return [Claim("user said", text, why)]
    return []
