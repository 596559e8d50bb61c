"""A leave told as standing ("whenever it is needed", "at any time") must be the user's.

A user who allows a command "this one time only" gives leave for one run; a recap that
says the user allows it "whenever it is needed" widens it to a standing leave. The user's
limit is said in their language, but what the leave allowed shows in the record the same
in every language: a standing leave is one the user said in a recap's words of scope
("whenever", "any time", "always") or one the assistant used again without the user
taking it back (the command ran more than once). A one-time grant is one call allowed
after it, so a leave used once and never said standing is no standing leave.

>>> from contextledger.model import Message
>>> ev = Evidence.of([Message.user("Ukuthi `make wipe` kanye kuphela.")])
>>> [c.reason for c in check_standing_leave("The user allows `make wipe` at any time.", ev)]
['the user gave no standing leave for make wipe (the record runs it 0 time(s)): "Ukuthi `make wipe` kanye kuphela."']
>>> check_standing_leave("The user allowed `make wipe` this one time only.", ev)
[]
"""

from __future__ import annotations

import re

from ...lexicon.negation import denial
from ..facts import sentences
from ..timeline import norm_command
from .evidence import Claim, Evidence
from .reading import BACKTICKED, quote

__all__ = ["check_standing_leave"]

# a scope without limit, as a recap (or an English-speaking user) words it
_STANDING = re.compile(
    r"(?i)\b(?:whenever|any\s*time|at\s+all\s+times|as\s+often\s+as|every\s+time|each\s+time|"
    r"always|from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future|repeatedly|"
    r"as\s+many\s+times|standing|permanent(?:ly)?|indefinitely)\b"
)
# a leave: "allows", "is allowed to", "may be run", "can run", "is free to", "approved"
_LEAVE = re.compile(
    r"(?i)\b(?:allow(?:s|ed)?|permit(?:s|ted)?|may|can|free\s+to|ok(?:ay)?\s+to|fine\s+to|"
    r"approv(?:es|ed)|authori[sz](?:es|ed)|go-?ahead)\b"
)


def check_standing_leave(text: str, ev: Evidence) -> list[Claim]:
    """A leave for a command said to stand (``text``: "The user allows `X` whenever it is
    needed") where no user sentence naming the command says a scope so wide and the
    command ran at most once: the user's leave was for that run."""
    own = BACKTICKED.sub(" ", text)
    if not _STANDING.search(own) or not _LEAVE.search(own) or denial(own):
        return []
    out: list[Claim] = []
    for name in dict.fromkeys(q.strip() for q in BACKTICKED.findall(text) if q.strip()):
        said = [s for t in ev.user_turns for s in sentences(t) if name in s]
        if not said or any(_STANDING.search(s) for s in said):
            continue  # (not the user's leave, or the user's own scope)
        runs = len(ev.timeline.when("ran", norm_command(name)))
        if runs < 2:
            why = f"the user gave no standing leave for {name} (the record runs it {runs} time(s))"
            out.append(Claim("constraint", text.strip(), f"{why}: {quote(said[-1])}"))
    return out
