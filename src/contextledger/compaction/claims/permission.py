"""A permission's polarity is part of the claim: "must ask before X" is not "needn't ask".

The user's word on an act sets one of a few stances, whatever its other words:

* ``free``: it may be done without asking ("You don't have to ask before running the unit
  tests", "feel free to delete the fixtures", "can change it whenever you like");
* ``gated``: it needs the user's word first ("ask me before touching the alarm", "must be
  cleared with the user", "needs my go-ahead");
* ``must``: it has to be done ("keep the old exporter", "the user asked to keep it");
* ``need_not``: it does not have to be done ("there's no need to keep the old exporter");
* ``banned``: it must not be done ("never", "don't", "must not").

A clause about the same act (most of its words) with the opposite stance is unsupported
(``free`` against ``gated`` or ``banned``; ``must`` against ``need_not`` or ``banned``); one
with the same stance restates the user's word, whatever else read it as turned around.

>>> from contextledger.model import Message
>>> from .evidence import Evidence
>>> ev = Evidence.of([Message.user("You don't have to ask before running the unit tests.")])
>>> [c.reason for c in check_permission("The assistant must ask before running the unit tests.", ev)]
['the user said the opposite: "You don\\'t have to ask before running the unit tests."']
>>> check_permission("The unit tests can be run without asking.", ev)
[]
>>> as_permitted("The unit tests can be run without asking.", ev)
True
"""

from __future__ import annotations

import re
from typing import Literal

from ...lexicon.claims import NO_OBJECTION, USER_NOUN
from ...lexicon.negation import denial
from ..trace import claim_terms, cover
from .evidence import Claim, Evidence
from .reading import quote
from .words import content_terms, loose_terms

__all__ = ["as_permitted", "check_leave", "check_permission", "said_in_halves", "stance_of"]

Stance = Literal["free", "gated", "must", "need_not", "banned", "only"]

_ASKING = (
    r"(?:ask(?:ing)?(?:\s+(?:me|the\s+user|anyone|first))?|check(?:ing)?\s+with\s+(?:me|the\s+user)|"
    r"(?:my|the\s+user'?s|an?|any)\s+(?:ok|okay|approval|go-?ahead|sign-?off|permission))"
)
# a need to ask denied: "don't have to ask", "no need to get my OK", "needs no approval"
_DISPENSED = re.compile(
    r"(?i)\b(?:do(?:es)?\s*n[o']?t|needn'?t|need\s+not|no\s+need)\s+(?:have\s+to\s+|need\s+to\s+|to\s+)?"
    + _ASKING
    + r"|\bneeds?\s+no\s+(?:approval|permission|sign-?off|go-?ahead)|"
    r"\bno\s+(?:approval|permission|sign-?off|go-?ahead)\s+(?:is\s+)?(?:needed|required)"
)
# leave given: "without asking", "feel free", "you may", "can be changed", "is allowed"
_ALLOWED = re.compile(
    r"(?i)\bwithout\s+(?:asking|approval|permission|checking|my\s+ok|the\s+user'?s\s+ok)|"
    r"\bfeel\s+free\b|\bwhenever\s+(?:you|it)\s+(?:like|likes|want|wants)\b|"
    r"\b(?:you|it|they|the\s+assistant)\s+(?:can|may)\s+(?!not\b|never\b)\w+|"
    r"\b(?:can|may)\s+be\s+(?!not\b)\w+|\b(?:is|are)\s+(?:allowed|permitted|fine|ok|okay)\b"
)
_NO_OBJECTION = re.compile("(?i)" + NO_OBJECTION)
_GATED = re.compile(
    r"(?i)\b(?:must|has\s+to|have\s+to|needs?\s+to|should)\s+ask\b|"
    r"\bask\s+(?:me|the\s+user|first)\b|\bask\s+before\b|"
    r"\b(?:needs?|requires?|waits?\s+for|awaits?)\s+(?:my|the\s+user'?s|an?)\s*"
    r"(?:ok|okay|approval|go-?ahead|sign-?off|permission)\b|"
    r"\bmust\s+be\s+(?:cleared|approved|asked|checked)\b|\bbe\s+asked\s+(?:first|before)\b|"
    r"\b(?:without|before)\s+(?:my|the\s+user'?s)\s+(?:ok|okay|approval|go-?ahead)\b"
)
_NEED_NOT = re.compile(
    r"(?i)\b(?:no\s+need\s+to|needn'?t|need\s+not(?:\s+be)?|do(?:es)?\s*n[o']?t\s+(?:have|need)\s+to|"
    r"no\s+longer\s+(?:need|have)\s+to|"  # "we no longer need to support Node 16"
    r"(?:is|are)\s+not\s+(?:needed|required|necessary))\b"
)
_MUST = re.compile(
    r"(?i)\b(?:must|has\s+to|have\s+to|needs?\s+to|is\s+required\s+to|asked\s+(?:the\s+\w+\s+)?to|"
    r"wants?\s+(?:the\s+\w+\s+)?to|(?:must|has\s+to|needs?\s+to)\s+be)\b"
)
_BANNED = re.compile(
    r"(?i)\b(?:never|nothing|nobody|no\s+one|must\s*n[o']?t|may\s+not|cannot|can'?t|"
    r"no(?=(?:\s+[\w-]+){1,3}\s+(?:may|can|is|are|should|will)\b)|"  # "No new deps may …"
    r"do\s+not|don'?t|should\s*n[o']?t|"
    r"not\s+allowed|forbidden|not\s+to|hold\s+off)\b"
)
# a thing to be left as it is: a ban on changing it ("must stay untouched", "as they are")
_AS_IS = re.compile(
    r"(?i)\b(?:untouched|unchanged|unmodified|intact|alone|as[-\s]is|as\s+(?:it|they)\s+(?:is|are))\b"
)
# an act done without the user's word, which a negation around it makes the user's word
# needed ("never … without my OK", "don't … without asking")
_UNASKED = re.compile(
    r"(?i)\bwithout\s+(?:asking|approval|permission|checking|(?:my|the\s+user'?s|an?)\s+"
    r"(?:ok|okay|approval|go-?ahead|sign-?off|permission))"
)
# an exception that leaves one case open: "never force-push, except to your own branches"
_ONLY = re.compile(r"(?i)\b(?:only|except|unless|but\s+not|other\s+than)\b")
# a sentence's parts, each with its own stance ("You may send follow-ups without asking,
# but you must ask before offering a discount.")
_PARTS = re.compile(r"(?i),?\s+but\s+|;\s*|(?<=[.!?])\s+")
_STANCE_WORDS = frozenset(
    claim_terms(
        "must ask asking asked before without need needs needed have has to can may allowed "
        "permitted fine ok okay approval permission go-ahead sign-off feel free whenever like "
        "want wants never not don't do does user assistant you me my first required necessary "
        "be is are should cleared approve any anyone only except unless other than"
    )
)

_STANCE_STEMS = loose_terms(_STANCE_WORDS) | loose_terms(
    content_terms("forbidden forbids prohibited banned must not never allowed fine change")
)

_OPPOSED: frozenset[tuple[Stance, Stance]] = frozenset(
    {
        ("free", "gated"),
        ("gated", "free"),
        ("free", "banned"),
        ("banned", "free"),
        ("must", "need_not"),
        ("need_not", "must"),
        ("must", "banned"),
        ("banned", "must"),
        ("free", "only"),
        ("only", "free"),
        ("only", "banned"),
        ("banned", "only"),
    }
)


def stance_of(text: str) -> Stance | None:
    """The stance ``text`` takes on its act (see the module), or None when it takes none."""
    allowed = _ALLOWED.search(text) is not None
    if _ONLY.search(text) and (allowed or _BANNED.search(text)):
        return "only"  # "allowed only to X" is "never, except to X"
    if _BANNED.search(text) and _UNASKED.search(text):
        return "gated"  # "never submit anything over €500 without my OK"
    if _DISPENSED.search(text) or _NO_OBJECTION.search(text):
        return "free"  # ("I don't mind if you add an index": no ban of the index)
    if _NEED_NOT.search(text):
        return "need_not"
    if _BANNED.search(text) or _AS_IS.search(text):
        return "banned"  # "Nothing under payments/ may be modified.", "must stay untouched"
    if _GATED.search(text):
        return "gated"
    if allowed:
        return "free"
    if _MUST.search(text):
        return "must"
    return None


def _act(text: str) -> frozenset[str]:
    """The words of ``text``'s act: not its stance's, nor the words that say no objection
    ("doesn't mind", "ist mir egal": R40-V10, "The user doesn't mind if the users table is
    dropped." covered half of "never drop the users table" and was checked against no rule)."""
    return frozenset(_root(t) for t in claim_terms(_NO_OBJECTION.sub(" ", text)) - _STANCE_WORDS)


def _root(term: str) -> str:
    """A term without a final "e": the stem keeps it on a short word and takes it off with
    "-ing" ("file" but "filing" -> "fil"), and an act is named both ways."""
    return term[:-1] if len(term) == 4 and term.isalpha() and term.endswith("e") else term


def _said_on(text: str, ev: Evidence) -> list[tuple[str, Stance]]:
    """The user's sentences about the act of ``text`` (most of its words), with a stance."""
    act = _act(text)
    if len(act) < 2:
        return []
    said = ev.derive("stances said", lambda: _stances(ev))
    return [(part, stance) for part, stance, terms in said if cover(act, terms)[0] >= 0.75]


def _stances(ev: Evidence) -> list[tuple[str, Stance, frozenset[str]]]:
    """Each part of the user's sentences that takes a stance, with its act's words."""
    out: list[tuple[str, Stance, frozenset[str]]] = []
    for sentence in ev.user:
        for part in _PARTS.split(sentence) if _ONLY.search(sentence) is None else [sentence]:
            stance = stance_of(part)
            if stance is not None:
                out.append((part, stance, _act(part)))
    return out


def check_permission(text: str, ev: Evidence) -> list[Claim]:
    """A clause taking the opposite stance to the user's last word on the same act."""
    mine = stance_of(text)
    if mine is None:
        return []
    said = _said_on(text, ev)
    if not said or any(stance == mine for _, stance in said):
        return []
    last, stance = said[-1]
    if (mine, stance) in _OPPOSED:
        return [Claim("constraint", text.strip(), f"the user said the opposite: {quote(last)}")]
    return []


def as_permitted(text: str, ev: Evidence) -> bool:
    """Whether ``text`` takes the stance the user's last word on the same act took."""
    mine = stance_of(text)
    if mine is None and _ONLY.search(text):
        mine = "only"  # "Builds are uploaded only from CI." for "never …, only from CI"
    said = _said_on(text, ev) if mine is not None else []
    return bool(said) and said[-1][1] == mine


# A leave given, as a recap words it of the user and as users say it: "doesn't mind",
# "is fine with the user", "is up to the assistant", "Es ist dem Nutzer egal", "Al usuario
# le da igual", "O utilizador não se importa"
_LEAVE = re.compile(
    "(?i)"
    + NO_OBJECTION
    + r"|\b(?:is|are)\s+(?:fine|ok|okay|allowed|permitted)\b"
    + r"|\bup\s+to\s+(?:you|the\s+assistant)\b"
    + r"|\bist\s+(?:[\w-]+\s+){0,2}?egal\b"
    + r"|\b(?:me|le|les|nos|lhe)\s+da\s+(?:\w+\s+)?igual\b"
    + r"|\bn[ãa]o\s+(?:me|se|lhe)\s+importa\w*"
)
# Where a sentence turns from a leave to a ban: "I don't mind X, but never Y", "Es ist mir
# egal, wie …, aber fass … nicht an", "Me da igual …, pero no borres …"
_TURN = re.compile(
    r"(?i)[,;]?\s+(?:but|however|aber|doch|pero|mas|mais|ma|maar|men|ale|però)\s+|\s*;\s*"
)


def _leave_halves(sentence: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """A sentence that gives a leave and turns to a ban, as the words of each half (the
    leave's act, the ban's act); None when it does not."""
    parts = _TURN.split(sentence)
    if len(parts) < 2:
        return None
    left = [p for p in parts if _LEAVE.search(p)]
    banned = [p for p in parts if not _LEAVE.search(p) and denial(p)]
    if not left or not banned:
        return None
    return _act_terms(" ".join(left)), _act_terms(" ".join(banned))


def _act_terms(text: str) -> frozenset[str]:
    """The words of what a clause leaves or bans, cut to compare across inflections and
    languages ("borre" / "borres", "Produktionsdatenbank" / "production")."""
    plain = USER_NOUN.sub(" ", _LEAVE.sub(" ", text))
    return loose_terms(content_terms(plain)) - _STANCE_STEMS


def check_leave(text: str, ev: Evidence) -> list[Claim]:
    """A leave the recap says the user gave ("The user doesn't care if the orders table is
    deleted.") on the act the user banned in the same breath ("Me da igual cómo nombres las
    funciones, pero no borres la tabla de pedidos."): a leave and a ban in one sentence are
    two claims, each act the half whose words it has (R40-V10, R40-V11)."""
    halves = ev.derive("leaves with bans", lambda: _user_leaves(ev))
    for part in _TURN.split(text) if halves else ():
        act = _act_terms(part)
        # (only a leave is read here: a ban on what the user left is check_permission's,
        # and a negated clause read as a ban here stripped honest lines whose leave this
        # reader does not know: "Il posto non importa, ma niente scali a Francoforte.")
        if not _LEAVE.search(part) or any(_covers(act, leave, ban) for _, leave, ban in halves):
            continue  # no leave, or the leave the user gave, in their words
        against = [s for s, leave, ban in halves if act & ban and not act & leave]
        if against:
            why = f"the user said the opposite: {quote(against[-1])}"
            return [Claim("constraint", text.strip(), why)]
    return []


def said_in_halves(text: str, ev: Evidence) -> bool:
    """Whether each leave and ban of ``text`` is a half of a user's sentence that gives a
    leave and turns to a ban, the same way round: "Renaming variables is fine; the schema
    must not change." for "Não me importo se mudares os nomes das variáveis, mas não
    alteres o esquema …", in words no turn of its own language has."""
    halves = ev.derive("leaves with bans", lambda: _user_leaves(ev))
    parts = [p for p in _TURN.split(text) if p.strip()] if halves else []
    for part in parts:
        act = _act_terms(part)
        if _LEAVE.search(part):
            if not any(_covers(act, leave, ban) for _, leave, ban in halves):
                return False
        # a ban need only lean to a ban half: it restates a ban, at worst more broadly
        elif not (denial(part) and any(_covers(act, ban, leave, True) for _, leave, ban in halves)):
            return False
    return bool(parts)


def _covers(
    act: frozenset[str], half: frozenset[str], other: frozenset[str], leaning: bool = False
) -> bool:
    """Whether ``act`` is ``half``'s: more of its words are there than in the sentence's
    ``other`` half, and half of them or more (any, when ``leaning``)."""
    shared = len(act & half)
    return shared > len(act & other) and (leaning or 2 * shared >= len(act))


def _user_leaves(ev: Evidence) -> list[tuple[str, frozenset[str], frozenset[str]]]:
    """The user's sentences that give a leave and turn to a ban, with each half's words."""
    out = []
    for sentence in ev.user:
        halves = _leave_halves(sentence)
        if halves is not None:
            out.append((sentence, *halves))
    return out
