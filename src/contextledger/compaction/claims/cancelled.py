"""A request the user called off, given as open or as done: "Open requests: bar chart of
monthly sales" or "Made the bar chart of monthly sales." after the user asked for it and
later said "Cancel the bar chart, I don't need it" (in any language: ``lexicon.CANCELLED``).

Read by what the item names: a user turn asking for it, a later user turn calling off
something it names (not a denied "don't cancel"), and — for a claim it was done — no
assistant turn or tool call after the ask that names it.
"""

from __future__ import annotations

import re

from ...lexicon import claims as lexicon
from ...lexicon.negation import denial
from .evidence import Claim, Evidence
from .reading import quote
from .words import content_terms


def _called_off(terms: frozenset[str], ev: Evidence) -> tuple[int, int] | None:
    """Where the user asked for what ``terms`` name and where they later called it off,
    as indices of ``ev.dialogue``; None when no user turn called it off."""
    turns = ev.dialogue
    asked = None
    for i, (role, text) in enumerate(turns):
        if role != "user" or not terms & content_terms(text):
            continue
        m = lexicon.CANCELLED.search(text)
        if m is None or denial(text[: m.start()]):
            asked = i
        elif asked is not None and _names(terms, _clause_at(text, m.start(), m.end())):
            return asked, i
    return None


def _clause_at(text: str, start: int, end: int) -> str:
    """The clause of ``text`` around ``start``–``end``, without those words."""
    head = _CLAUSE_MARK.split(text[:start])[-1]
    return head + " " + _CLAUSE_MARK.split(text[end:])[0]


def _names(terms: frozenset[str], clause: str) -> bool:
    """Whether ``clause`` names what ``terms`` do more than anything else ("Cancel the bar
    chart" does not name the "pie chart of revenue by region")."""
    said = content_terms(clause)
    return len(said & terms) > len(said - terms)


_CLAUSE_MARK = re.compile(r"[,;:.!?，；。！？]")


def check_cancelled(text: str, ev: Evidence, *, done: bool) -> list[Claim]:
    """``text``, an open request (``done`` False) or a claim it was done, against a
    later turn of the user's calling it off (see the module)."""
    terms = content_terms(text)
    found = _called_off(terms, ev) if terms else None
    if found is None:
        return []
    asked, off = found
    why = f"the user called it off: {quote(ev.dialogue[off][1])}"
    if not done:
        return [Claim("user said", text, why)]
    acted = any(
        role == "assistant" and terms & content_terms(said)
        for role, said in ev.dialogue[asked + 1 :]
    ) or any(terms & content_terms(call.arguments) for call, _ in ev.answered)
    return [] if acted else [Claim("did", text, f"nothing was done for it; {why}")]
