"""Claims that a named person decided, asked or said something: "Marguerite Duval decided
to keep the goodwill at 10%." The record must show that person with those words (a turn
or a tool output naming them beside what they said); when only the user said it, the
claim moved the user's words to someone the user merely named.

>>> named_actor("Marguerite Duval decided to keep the goodwill at 10%.")
('Marguerite Duval', 'decided', 'to keep the goodwill at 10%.')
>>> named_actor("The user decided to keep the goodwill at 10%.") is None
True
"""

from __future__ import annotations

import re

from .claims_evidence import Claim, Evidence
from .claims_reading import GENERIC_DOING, quote
from .claims_said import supporting_at
from .trace import claim_terms, cover, stem

_WORD = r"[A-ZÀ-Ý][a-zà-ÿ'’-]+"
_ACTOR = re.compile(
    rf"^\W*(?P<name>{_WORD}(?:\s+{_WORD}){{0,2}})\s+"
    r"(?:(?:also|later|then|first|finally|explicitly)\s+)?"
    r"(?P<verb>decided|decides|chose|chooses|asked|asks|requested|requests|wanted|wants|said|"
    r"says|approved|approves|agreed|insisted|proposed|suggested|told|confirmed|demanded|"
    r"rejected|refused|overruled|instructed|preferred|prefers|set)\b(?P<rest>.*)$"
)
# Sentence starts that are no one's name: "Then decided …", "Everyone agreed …".
_NOT_NAMES_LIST = """
    the this that these those it its we i they he she you user assistant agent model
    customer then later also finally first everyone nobody someone support team
"""
_NOT_NAMES = frozenset(_NOT_NAMES_LIST.split())


# The words a turn uses to say someone approved, decided, rejected …
_APPROVE = frozenset(
    {"approv", "approval", "sign", "ok", "okay", "agre", "confirm", "accept", "allow"}
)
_DECIDE = frozenset({"decid", "decision", "chose", "choose", "choos", "choic", "pick", "settl"})
_REJECT = frozenset({"reject", "refus", "declin", "overrul", "veto", "deni"})
_ACT_WORDS = {
    **{stem(v): _APPROVE for v in ("approved", "approves", "agreed", "confirmed")},
    **{stem(v): _DECIDE for v in ("decided", "decides", "chose", "chooses")},
    **{stem(v): _REJECT for v in ("rejected", "refused", "overruled")},
}


def named_actor(text: str) -> tuple[str, str, str] | None:
    """(name, verb, what) of a clause whose subject is a person named by name."""
    m = _ACTOR.match(text)
    if m is None or m.group("name").split()[0].casefold() in _NOT_NAMES:
        return None
    return m.group("name"), m.group("verb"), m.group("rest").strip()


def check_named_actor(text: str, ev: Evidence) -> list[Claim]:
    """A named person said to have decided, asked or said something: some turn or
    output names them beside most of its words."""
    found = named_actor(text)
    if found is None:
        return []
    name, verb, what = found
    names = {stem(w) for w in name.split()}
    terms = claim_terms(what) - GENERIC_DOING - names
    if not terms:
        return []
    # "approved", "decided": a turn saying so, not one that only names them ("ask Dana
    # before the cutover" is no approval)
    acts = _ACT_WORDS.get(stem(verb))
    index = ev.cause_index(True)  # the user's and the assistant's words, tool outputs
    for i in index.holding_any(names):
        unit = index.units[i]
        if cover(terms, unit.terms)[0] >= 0.5 and (acts is None or acts & unit.terms):
            return []
    user, _ = supporting_at(what, ev.said_index, 0.5)
    why = (
        f"the user said it, not {name}: {quote(ev.said_index.units[user[0]].text)}"
        if user
        else f"no turn or output says {name} {verb} this"
    )
    return [Claim("user said" if user else "did", text, why)]
