"""What a user turn is for: a nudge, a correction or constraint, or a request that sets the task.

One place for these judgements, shared by the fit (which requests to pin) and compaction
(which sentences are constraints and corrections). Pure functions over text; several
phrasings each, never a single keyword.

>>> is_nudge("ok, keep going"), is_nudge("Take your time, just keep me posted.")
(True, True)
>>> is_correction("Actually, use Redis not Memcached for the session cache.")
True
>>> is_constraint("Do not touch src/payments/ under any circumstances.")
True
>>> is_substantive("Please fix the flaky login test in tests/test_auth.py")
True
"""

from __future__ import annotations

import re

# Short turns that move the conversation along without saying anything new: every word
# is one of these (so "ok, keep going" and "Take your time, just keep me posted." are nudges,
# "ok, now fix the login test" is not).
_NUDGE_VOCABULARY = """
    ok okay k kk sure yes yep yeah yup no problem thanks thank thx ty you great nice cool
    perfect good sounds looks lgtm got it right alright fine go ahead on continue carry keep
    going proceed next done and now what take your time rush me posted let know any progress
    how is it's its status update still there hmm please just so then also that this works
    work do for makes sense understood i see ack well much a lot when ready re are finished
    awesome excellent thumbs up
"""
_NUDGE_WORDS = frozenset(_NUDGE_VOCABULARY.split())

# The user correcting course: "actually", "no, ...", "use X not Y", "instead", "I meant".
_CORRECTION = re.compile(
    r"(?ix)(?:"
    r"^\W*(?:no|nope|wait|stop|hold\s+on|scratch\s+that|correction|sorry)\b[,.!:;—-]|"
    r"\bactually\b|\binstead\b|\brather\s+than\b|\bi\s+meant\b|\bthat'?s\s+(?:wrong|not\s+(?:right|what))|"
    r"\bnot\s+what\s+i\b|\bwrong\b|\bmistake\b|\bcorrection\b|\bswitch\s+(?:to|back)\b|"
    r"\bchange\s+of\s+plan\b|\bon\s+second\s+thought\b|\bmake\s+(?:it|that)\b|"
    r"\buse\s+\S+(?:\s+\S+){0,3}?\s*(?:,\s*)?not\s+\S+|\bshould\s+(?:be|have\s+been)\b|"
    r"\bis\s+(?:actually|really)\b|\bupdate:\s"
    r")"
)

# Standing rules: negations and imperatives of obligation, in several phrasings.
_CONSTRAINT = re.compile(
    r"(?ix)(?:"
    r"\b(?:do\s+not|don'?t|never|must\s+not|mustn'?t|shall\s+not|should\s+not|shouldn'?t|"
    r"cannot|can'?t|may\s+not|no\s+longer|avoid|refrain\s+from|under\s+no\s+circumstances|"
    r"without\s+(?:asking|approval|permission)|stay\s+(?:away|out)\s+(?:from|of)|"
    r"leave\s+\S+(?:\s+\S+){0,3}\s+(?:alone|untouched|as\s+is)|off[-\s]limits|"
    r"keep\s+(?:it|them|everything|all|the)\b|make\s+sure|ensure|always|only\s+(?:use|touch|change|edit)|"
    r"must|has\s+to|have\s+to|needs?\s+to|required?|requirement|constraint|rule:|"
    r"at\s+most|at\s+least|no\s+more\s+than|no\s+fewer\s+than|under\s+\d|below\s+\d|within\s+\d|"
    r"limit(?:ed)?\s+to|stick\s+to|pin(?:ned)?\s+to|not\s+allowed|forbidden|prohibited)\b"
    r")"
)

# A request that (re)states the whole task.
_RESTATES = re.compile(
    r"(?ix)\b(?:the\s+(?:overall\s+|main\s+|real\s+|actual\s+)?(?:goal|task|objective|mission|aim)\s+"
    r"(?:is|remains|was)|new\s+(?:goal|task|plan)|to\s+restate|to\s+recap|to\s+be\s+clear|"
    r"(?:let'?s|we\s+need\s+to|i\s+(?:want|need)\s+(?:you\s+)?to)\s+(?:now\s+)?(?:refocus|pivot)|"
    r"change\s+of\s+plan|from\s+now\s+on\s+the\s+task)\b"
)

_WORD = re.compile(r"\w+")


def word_count(text: str) -> int:
    return len(_WORD.findall(text))


def is_nudge(text: str) -> bool:
    """A short turn that asks for nothing new ("ok", "keep going", "thanks!")."""
    t = text.strip()
    if not t:
        return True
    words = [w.lower() for w in _WORD.findall(t)]
    return len(words) <= 12 and all(w in _NUDGE_WORDS for w in words)


def is_correction(text: str) -> bool:
    """The user changing course or fixing something the assistant got wrong."""
    return not is_nudge(text) and bool(_CORRECTION.search(text))


def is_constraint(text: str) -> bool:
    """A standing rule: a negation or an imperative of obligation."""
    return not is_nudge(text) and bool(_CONSTRAINT.search(text))


def restates_task(text: str) -> bool:
    """A request that states the task again ("the goal is ...", "new task: ...")."""
    return bool(_RESTATES.search(text))


def is_substantive(text: str) -> bool:
    """A request that says something: not a nudge, at least four words."""
    return not is_nudge(text) and word_count(text) >= 4
