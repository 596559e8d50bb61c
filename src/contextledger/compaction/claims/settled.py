"""Which of two values a user's correction settles on, when the record named neither before.

"I was wrong earlier: not lz4, use brotli level 9." in words no reader here holds names two
values, and nothing before it names either: the turn brings both in, so what came before
cannot tell the old from the new (``corrected._moves`` reads a move by that). What is left
is shape and what came after:

- after the turn, the assistant or a call names one of the two and never the other
  ("Noted, brotli level 9 from now on."): that one is the value the session goes on with;
- else, when the clause beside the one naming the claim's value holds a value of marked
  shape (a digit, a slash, a dot, a hyphen inside a word, a Latin word among another
  script's), and no other clause does, by how the turn is said: a
  clause of the value and particles only ("ba lz4 ba", "du lz4", "lz4 дац") beside one with
  a longer word (its verb) sets its value aside, whichever comes first (denials are mostly
  short words); without that, the one named second is the new one ("not A, use B", "A ->
  B" are how a correction is mostly said). "Use B, not A" with a long denial ("B тутун, A
  буолбатах") reads wrong there, and nothing without the language tells: a claim decided by
  shape alone is kept, whichever value it gives: a line is never stripped on a guess.

A recap line giving the value the user settled on as the user's choice or correction ("Use
brotli level 9, as the user asked.", "The user corrected the earlier choice to brotli level
9.") is then the user's word retold; one giving the other value is turned around.

>>> from contextledger.model import Message
>>> from .evidence import Evidence
>>> ev = Evidence.of([
...     Message.user("Na yi kuskure a baya: ba port 5432 ba, yi amfani da port 6432."),
...     Message.assistant("Noted."),
... ])
>>> settled_as_told("The user corrected the earlier choice to port 6432.", ev)
True
>>> check_settled_back("Use port 5432, as the user asked.", ev)  # nothing after decides
[]
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ...lexicon.negation import denial
from .corrected import CORRECTED_TO, MOVE_VERB, chosen_value
from .evidence import Claim, Evidence
from .polarity import INTERJECTIONS, preferences
from .reading import quote
from .translated import stance_unread

__all__ = [
    "Between",
    "between",
    "check_settled_back",
    "settled_as_told",
    "settled_by_denial",
    "told_back",
    "told_choice",
]

# what cuts a correction into its clauses: a comma, a semicolon, a colon before a space, a
# spaced dash, an arrow (the marks of scripts that write their own: "፣", "፦", "،", "、")
_CLAUSE_CUT = re.compile(r"[,;，；、،፣፤፦]|:(?=\s)|\s[—–-]\s|\s*(?:→|->|=>)\s*")
_SENTENCE_END = re.compile(r"(?<=[.!?。።])\s+")
_TOKEN = re.compile(r"[^\s,;:!?()\"'`]+")
# a value of marked shape: a digit, or a mark inside a word ("ca-central-1", "Asia/Anadyr")
_MARKED = re.compile(r"\d|\w[/.+_:@-]\w")
_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|[\u02b0-\u02ff])*")
_LATIN = re.compile(r"[A-Za-z]")
_OTHER_SCRIPT = re.compile(r"[^\W\d_A-Za-z\u00c0-\u024f\u02b0-\u02ff]")


class _Side(NamedTuple):
    new: bool  # the claim's value is the one the user settled on
    other: str  # the clause naming the other value
    said: str  # the user's sentence
    by_shape: bool  # decided by how the turn is said, nothing after telling
    denied: bool = False  # decided by a denial read beside one value ("not us-east-2, …")


def _named(text: str, value: str) -> bool:
    """Whether ``text`` names ``value`` whole (any case, a case ending glued on)."""
    pattern = rf"(?<![\w/.-]){re.escape(value.casefold())}(?![/.]?\w)"
    return re.search(pattern, text.casefold()) is not None


def _is_option(option: str, value: str) -> bool:
    """Whether a preference's ``option`` (its words joined by dashes: "port-9443") is
    ``value`` or names it."""
    return option == "-".join(value.casefold().split()) or _named(option, value)


def _marked(clause: str, script_other: bool) -> bool:
    """Whether ``clause`` holds a value of marked shape: a digit, a mark inside a word, or,
    in a sentence of another script, a word in Latin letters ("gzip" among Cyrillic)."""
    return any(
        _MARKED.search(t) or (script_other and _LATIN.search(t)) for t in _TOKEN.findall(clause)
    )


def _terms(clause: str) -> set[str]:
    return {
        t.casefold().strip(".")
        for t in _TOKEN.findall(clause)
        if len(t) >= 3 or any(ch.isdigit() for ch in t)
    }


def _said_after(at: int, ev: Evidence) -> list[str]:
    """What the assistant said and the calls named after ``ev.dialogue``'s turn ``at``:
    what the session went on with (the user's later turns may hold the turn's words again
    in their own language, which tells nothing of which value stands)."""
    said = [t for role, t in ev.dialogue[at + 1 :] if role == "assistant"]
    return said + [c.arguments for c in ev.calls_from(at, len(ev.dialogue))]


def _named_before(value: str, at: int, ev: Evidence) -> bool:
    return any(_named(t, value) for _, t in ev.dialogue[:at]) or any(
        _named(c.arguments, value) for c in ev.calls_from(0, at)
    )


def _settled(value: str, ev: Evidence) -> _Side | None:
    """:func:`_side`, read once per value of a record (three checks of a claim ask it)."""
    return ev.derive(f"settled side\0{value}", lambda: _side(value, ev))


def _side(value: str, ev: Evidence) -> _Side | None:
    """How the latest user sentence naming ``value`` beside another value settles, when no
    turn or call before it named ``value``; None when none does so."""
    for at in range(len(ev.dialogue) - 1, -1, -1):
        role, turn = ev.dialogue[at]
        if role != "user" or not _named(turn, value):
            continue
        if _named_before(value, at, ev):
            return None  # (a value the record had: corrected._moves reads that move)
        for said in _SENTENCE_END.split(turn):
            found = _in_sentence(value, said, at, ev)
            if found is not None:
                return found
        return None
    return None


def _in_sentence(value: str, said: str, at: int, ev: Evidence) -> _Side | None:
    # ("No wait, not A - use B instead": the words a speaker opens with are no clause)
    clauses = [
        c
        for c in _CLAUSE_CUT.split(said)
        if c.strip() and not INTERJECTIONS.issuperset(_WORD.findall(c.casefold()))
    ]
    mine = next((i for i, c in enumerate(clauses) if _named(c, value)), None)
    if mine is None:
        return None
    for chosen, over in preferences(said):  # "Use A, not B": A over B, read
        # (a value of words is read by its word beside "not": "least request, not round robin")
        picked = _is_option(chosen, value) or value.casefold().split()[-1] == chosen
        set_aside = _is_option(over, value) or value.casefold().split()[0] == over
        if picked != set_aside:
            return _Side(
                picked,
                over if picked else chosen,
                said,
                by_shape=False,
                denied=True,
            )
    if preferences(said):
        return None
    script_other = _OTHER_SCRIPT.search(said) is not None
    # the other value sits in a clause beside the one naming the claim's value
    near = [j for j in (mine - 1, mine + 1) if 0 <= j < len(clauses)]
    valued = [j for j in near if _marked(clauses[j], script_other)]
    elsewhere = sum(_marked(c, script_other) for j, c in enumerate(clauses) if j != mine)
    # values of words alone ("nightly full backup", "rolling restart") are no shape: two
    # clauses, no value of marked shape in either, are told apart by what came after only
    plain = not _marked(said, script_other) and len(clauses) == 2
    if (len(valued) != 1 or elsewhere != 1) and not plain:
        return None  # (two values, one in each clause: no more, or it is no plain pick)
    other = clauses[valued[0] if valued else 1 - mine]
    if not stance_unread(_without(said, value)):
        return _by_denial(clauses[mine].replace(value, " "), other, said)
    terms = {_unglued(t) for t in _terms(other) - _terms(clauses[mine]) if _telling(t)}
    after = _said_after(at, ev)
    mine_after = any(_named(t, value) for t in after)
    other_after = any(_named(t, term) for t in after for term in terms)
    if mine_after != other_after:
        return _Side(mine_after, other, said, by_shape=False)
    if mine_after or plain:
        return None  # (both named after: the session went on with neither alone)
    return _Side(_second_or_kept(clauses[mine], value, other, valued[0] < mine), other, said, True)


def _telling(term: str) -> bool:
    """Whether ``term``, named after the turn, tells that the session went on with its
    value: a short bare number does not ("Debian 11" is not what "Checking the pods (11)."
    went on with); a name, a version ("9.5") or a longer number ("8081") does."""
    return not (term.isdigit() and len(term) < 3)


def _unglued(term: str) -> str:
    """``term`` less a case ending glued on by a hyphen after a value of marked shape
    ("9443-ta" → "9443", "3.12-ta"), as the session's English names it."""
    bare = re.sub(r"-[^\W\d_]+$", "", term)
    return bare if _MARKED.search(bare) else term


def _by_denial(mine: str, other: str, said: str) -> _Side | None:
    """How a sentence whose denials are read settles: the value of the one clause of the two
    that denies is set aside ("Sorry, I was wrong earlier: not us-east-2, use sa-east-1."),
    whichever comes first; None when both or neither deny."""
    mine_denied, other_denied = bool(denial(mine)), bool(denial(other))
    if mine_denied == other_denied:
        return None
    return _Side(other_denied, other, said, by_shape=False, denied=True)


def _without(said: str, value: str) -> str:
    """``said`` less ``value`` (its words may be English ones: "local time")."""
    return re.sub(re.escape(value), " ", said, flags=re.I)


def _second_or_kept(mine: str, value: str, other: str, second: bool) -> bool:
    """Whether the clause ``mine`` (naming ``value``) keeps its value, by shape: a clause
    whose words beside its value are all particles of three letters or fewer ("ba lz4 ba",
    "du lz4", "lz4 дац") beside one with a longer word (a verb: "yi amfani da …") is the one
    that sets its value aside, whichever comes first; else the one named ``second`` keeps."""
    mine_words = _bare_words(mine.replace(value, " "))
    # (the other value's words the claim's value shares are no clause's own: "port" of "port
    # 5432" beside "port 6432")
    other_words = [w for w in _bare_words(other) if w.casefold() not in value.casefold().split()]
    if _particles(mine_words) and any(len(w) >= 5 for w in other_words):
        return False
    if _particles(other_words) and any(len(w) >= 5 for w in mine_words):
        return True
    return second


def _bare_words(clause: str) -> list[str]:
    """The words of ``clause`` beside its values (no word of marked shape)."""
    return [w for t in _TOKEN.findall(clause) if not _MARKED.search(t) for w in _WORD.findall(t)]


def _particles(words: list[str]) -> bool:
    return bool(words) and all(len(w) <= 3 for w in words)


def _told(text: str) -> str | None:
    """The value ``text`` gives as the user's choice or correction, whole ("brotli level 9"
    of "Use brotli level 9, as the user asked."); None for a claim that denies."""
    value = chosen_value(text)
    return None if value is None or denial(text) else value


def settled_as_told(text: str, ev: Evidence) -> bool:
    """Whether ``text`` gives as the user's choice the value the user's correction settled
    on, in a turn that brought both values in (see the module's doc)."""
    value = _told(text)
    side = _settled(value, ev) if value else None
    # (by shape alone nothing speaks against either value: a line naming one is kept; a
    # sentence whose denial is read is left to the readers here: see settled_by_denial)
    return side is not None and not side.denied and (side.new or side.by_shape)


def settled_by_denial(text: str, ev: Evidence) -> bool:
    """Whether ``text`` gives as the user's choice the value the user's correction took up,
    read from its denial beside the other value ("The user corrected the earlier choice to
    sa-east-1." after "not us-east-2, use sa-east-1", neither named before): the user's
    word retold, however the recap's own words ("the earlier choice") frame it."""
    if not _the_choice_itself(text):
        return False
    value = _told(text)
    side = _settled(value, ev) if value else None
    return side is not None and side.new and side.denied


# a line that is the choice itself: "Use sa-east-1, as the user asked."
_PICK_OPENS = re.compile(r"(?i)\W*(?:use|keep|stay\s+on|go\s+with)\b")


def _the_choice_itself(text: str) -> bool:
    """Whether ``text`` claims the choice and nothing more ("The user patched X to use
    Decimal." is an act, judged as one)."""
    return CORRECTED_TO.search(text) is not None or _PICK_OPENS.match(text) is not None


def check_settled_back(text: str, ev: Evidence) -> list[Claim]:
    """``text`` giving as the user's choice the value the user's correction set aside, in a
    turn that brought both values in, when what came after tells (shape and order alone
    strip nothing)."""
    value = _told(text)
    side = _settled(value, ev) if value else None
    # (a line is never stripped on a guess from shape or order: "use B, not A" is how a
    # correction is said in many languages, "not A, use B" in many others, and a true
    # correction stripped costs more than a contradiction kept)
    if side is None or side.new or side.by_shape:
        return []
    why = (
        f"the user set {value} aside for the other value named ({side.other.strip()}): "
        f"{quote(side.said)}"
        if side.denied
        else f"the session went on with the other value the user named ({side.other.strip()}), "
        f"not {value}: {quote(side.said)}"
    )
    return [Claim("constraint", text.strip(), why)]


def told_choice(text: str) -> str | None:
    """The value ``text`` gives as the user's choice or correction, whole ("Use brotli
    level 9, as the user asked." → "brotli level 9"); None for a claim that denies."""
    return _told(text)


class Between(NamedTuple):
    """What the record tells of a user's sentence naming two values: the one the session
    went on with (None when nothing after tells), and the sentence."""

    kept: str | None
    said: str


def between(first: str, second: str, ev: Evidence) -> Between | None:
    """How the user's sentence naming both values settles, when no turn or call before it
    named either and its words are unread (English is read by the readers of English): the
    value the assistant and the calls after it name alone, or None for ``kept`` when they
    name both or neither. None when no such sentence is the latest naming them."""
    for at in range(len(ev.dialogue) - 1, -1, -1):
        role, turn = ev.dialogue[at]
        if role != "user" or not (_named(turn, first) or _named(turn, second)):
            continue
        said = next(s for s in _SENTENCE_END.split(turn) if _named(s, first) or _named(s, second))
        if not (_named(said, first) and _named(said, second)):
            return None
        if _named_before(first, at, ev) or _named_before(second, at, ev) or preferences(said):
            return None
        if not stance_unread(_without(_without(said, first), second)):
            return None
        after = _said_after(at, ev)
        told = [v for v in (first, second) if any(_named(t, v) for t in after)]
        return Between(told[0] if len(told) == 1 else None, said.strip())
    return None


def told_back(text: str, ev: Evidence) -> str | None:
    """What stands for ``text``, a line giving a value as the user's choice or correction, that
    a reader here struck, when the user's latest sentence naming the value named another
    beside it and brought both in: ``text`` itself when the sentence is read as settling on
    its value (what struck it read the line's own words wrong: "Use weighted least request"
    is no act claimed done); the sentence, when nothing here tells which way it goes ("Käytä
    Envoy, ei HAProxy." whose denial no reader holds): true whichever way the user meant it,
    where striking the line would lose the user's choice and keeping it could hand the model
    the value set aside. None when the line is no such choice or the sentence set it aside."""
    value = _told(text) if _the_choice_itself(text) and not _a_move_told(text) else None
    if value is None:
        return None
    side = _settled(value, ev)
    if side is not None and not side.by_shape:
        return text if side.new else None
    return _brought_in_with_another(value, ev)


# a move told as an act ("The user moved the service from A to B."): who did it, and whether
# it was done at all, is claims/done.py's to judge; the user's sentence settling on B does
# not make "the user moved" true (the user may only have asked for it)
_MOVE_TOLD = re.compile(rf"(?i)\b{MOVE_VERB}\b")


def _a_move_told(text: str) -> bool:
    """Whether ``text`` tells a move as an act rather than giving a value as the choice."""
    return _MOVE_TOLD.search(text) is not None and _PICK_OPENS.match(text) is None


def _brought_in_with_another(value: str, ev: Evidence) -> str | None:
    """The latest user sentence naming ``value`` in a clause beside one naming something
    else, when no turn or call before it named ``value``."""
    for at in range(len(ev.dialogue) - 1, -1, -1):
        role, turn = ev.dialogue[at]
        if role != "user" or not _named(turn, value):
            continue
        if _named_before(value, at, ev):
            return None
        for said in _SENTENCE_END.split(turn):
            clauses = [c for c in _CLAUSE_CUT.split(said) if c.strip()]
            mine = [c for c in clauses if _named(c, value)]
            others = [c for c in clauses if not _named(c, value) and _terms(c)]
            if mine and others:
                return said.strip()
        return None
    return None
