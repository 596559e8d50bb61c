"""A count the user corrected later, stated as if it stood.

"plan the offsite for 18 people" and, later, "no, it's 20 people now": the group is 20
people. A correction need not say which value it replaces ("20 people, not 18"); a later
user sentence giving the same thing counted (the noun after the number: "people",
"replicas", "rooms") with another number, in words that say it changed ("now",
"actually", "no,", "instead", "changed", "make it"), replaces every earlier count of it.
A recap saying the earlier count stands ("The group is 18 people.") is stale; one telling
the history ("was 18, now 20", "grew from 18 to 20") is not.

>>> from contextledger.model import Message
>>> from .evidence import Evidence
>>> ev = Evidence.of([
...     Message.user("Plan an offsite for 18 people in March.", id="u1"),
...     Message.user("no, it's 20 people now, two more joined", id="u2"),
... ])
>>> [c.reason for c in check_corrected_count("The group is 18 people.", ev)]
['the user changed it to 20 later: "no, it\\'s 20 people now, two more joined"']
>>> check_corrected_count("The group grew from 18 to 20 people.", ev)
[]
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import NamedTuple

from ...lexicon.negation import denial
from ..failures import only_looks
from ..tool_calls import call_commands
from ..trace import claim_terms, stem
from ..wording import whole_token
from .evidence import ACKNOWLEDGES, Claim, Evidence
from .polarity import preferences
from .reading import quote
from .values import (
    canonical,
    range_spans,
    ranges_in,
    replaced_ranges,
    said_ranges,
    shown_range,
)
from .words import content_terms

__all__ = [
    "CORRECTED_TO",
    "check_corrected_back",
    "check_corrected_count",
    "check_corrected_name",
    "check_corrected_value",
    "check_replaced_range",
    "chosen_value",
    "range_set_by_user",
    "ranges_corrected_to",
    "reported_by_user",
    "without_range_note",
]

# a count and what it counts: "18 people", "4 replicas", "3 rooms" (not "18:00", "3.8.1")
_COUNT = re.compile(r"(?<![\w.,:/-])(\d{1,6})\s+(?:more\s+|extra\s+)?([a-z]{3,})\b", re.I)
# words that make a user's sentence a change of what was said before
_CHANGED = re.compile(
    r"(?i)\b(?:now|actually|instead|changed?|correction|update[d]?|rather|make\s+it|"
    r"no\s+longer|turns\s+out)\b|^\W*no\b"
)
# a claim telling the count's history, not stating it stands
_HISTORY = re.compile(
    r"(?i)\b(?:was|were|originally|initially|at\s+first|first|before|previously|earlier|"
    r"from|grew|rose|dropped|fell|changed|corrected|no\s+longer|instead\s+of|not)\b"
)
_NOT_COUNTED = frozenset(
    stem(w) for w in ("am", "pm", "percent", "times", "days", "weeks", "hours", "minutes")
)


def _counts(sentence: str) -> list[tuple[str, str]]:
    return [
        (n, stem(noun.casefold()))
        for n, noun in _COUNT.findall(sentence)
        if stem(noun.casefold()) not in _NOT_COUNTED
    ]


def _replaced(ev: Evidence) -> dict[tuple[str, str], tuple[str, str]]:
    """(count, noun) the user said and later changed → (new count, the sentence)."""
    out: dict[tuple[str, str], tuple[str, str]] = {}
    seen: list[tuple[str, str]] = []
    for sentence in ev.user:
        counts = _counts(sentence)
        if _CHANGED.search(sentence):
            for n, noun in counts:
                for old in seen:
                    if old[1] == noun and old[0] != n:
                        out[old] = (n, sentence)
                out.pop((n, noun), None)  # (back to a count said before: it stands again)
        seen += counts
    return out


def check_corrected_count(text: str, ev: Evidence) -> list[Claim]:
    """A count of ``text`` the user changed later, stated without its history."""
    counts = _counts(text)
    if not counts or _HISTORY.search(text):
        return []
    replaced = ev.derive("corrected counts", lambda: _replaced(ev))
    given = {n for n, _ in counts}
    for count in counts:
        if count in replaced and replaced[count][0] not in given:
            new, said = replaced[count]
            why = f"the user changed it to {new} later: {quote(said)}"
            return [Claim("constraint", text.strip(), why)]
    return []


RANGE_REPLACED = "the user changed"
# the note the offline recap marks a replaced range with (values.marked_ranges)
_RANGE_NOTE = re.compile(r"\s*\(replaced later by (?P<new>[^()]+)\)")


# a change of a value said in a recap's words: "narrowed to", "widened it to", "set to"
_CHANGED_TO = re.compile(
    r"(?i)\b(?:narrowed|widened|tightened|loosened|changed|moved|set|adjusted|updated|raised|"
    r"lowered|capped|limited|restricted|reduced|increased|shifted)\b(?:\s+\w+){0,3}?\s+to\s*$"
)


def range_set_by_user(text: str, ev: Evidence) -> bool:
    """Whether ``text`` says a value was changed to a range a user turn gives ("…, then
    narrowed to 200–300" after the user's "no, 200–300"), with nothing else of an act: no
    command, no file."""
    if "`" in text or "/" in _RANGE_NOTE.sub("", text):
        return False
    said = {r for t in ev.user_turns for r in said_ranges(t)}
    if any(_CHANGED_TO.search(text[: m.start()]) and r in said for m, r in range_spans(text)):
        return True
    # "The batch size is now 300–500 (was 100–900)": the range the user's last word set,
    # however either side words the change
    standing = {new for new, _, _ in replaced_ranges(ev.user_turns).values()}
    return any(r in standing for r in said_ranges(text))


# the words a recap tells a change of a range with, besides the user's own
_CHANGE_TERMS = content_terms(
    "narrowed widened tightened loosened changed moved set adjusted updated raised lowered "
    "capped limited restricted reduced increased shifted replaced corrected"
)


def range_change_told(text: str, ev: Evidence) -> bool:
    """Whether ``text`` tells the range the user's last word set ("The batch size is now
    300–500 (was 100–900).", "narrowed from 100–900 to 300–500") in no other words than
    those of the user's sentences that gave the two ranges and of a change: the user's
    word retold, however the user worded the range ("300 to 500 only, not 100–900")."""
    if "`" in text:
        return False
    mine = set(said_ranges(text))
    given = [
        f"{where} {by}" for new, where, by in replaced_ranges(ev.user_turns).values() if new in mine
    ]
    if not given:
        return False
    words = {t for t in content_terms(text) if any(ch.isalpha() for ch in t)} - _CHANGE_TERMS
    return words <= content_terms(" ".join(given))


def ranges_corrected_to(text: str, ev: Evidence) -> list[str]:
    """The user's sentences that replaced a range with one ``text`` gives as it stands
    ("No, make it 200–300." for "The limit is 200–300."): their "no" takes the old range
    back, it denies nothing of the new one."""
    mine = set(ranges_in(text))
    return [by for new, _, by in replaced_ranges(ev.user_turns).values() if new in mine]


def without_range_note(text: str, ev: Evidence) -> str:
    """``text`` without its note that a range it gives was replaced later, when the note
    is true ("… 100–500 (replaced later by 200–300)." after the user's "no, 200–300"):
    what is left is checked as said, and the old range as marked."""
    note = _RANGE_NOTE.search(text)
    if note is None:
        return text
    replaced = replaced_ranges(ev.user_turns)
    newer = {shown_range(replaced[r][0]) for r in ranges_in(text[: note.start()]) if r in replaced}
    if not newer or {n.strip() for n in note.group("new").split(",")} - newer:
        return text
    return text[: note.start()] + text[note.end() :]


def check_replaced_range(text: str, ev: Evidence) -> list[Claim]:
    """A range the user replaced later ("100–500" … "no, make it 200–300"), stated as if
    it stood: the claim gives the old range and not the one that stands now, and tells no
    history ("was 100–500", "narrowed from 100–500 to 200–300").

    >>> from contextledger.model import Message
    >>> ev = Evidence.of([Message.user("Rate limit: 100–500 per minute."), Message.user("No, 200–300.")])
    >>> [c.reason for c in check_replaced_range("The rate limit is 100-500/min.", ev)]
    ['the user changed 100–500 to 200–300: "No, 200–300."']
    >>> check_replaced_range("The rate limit is 200–300/min (first 100–500).", ev)
    []
    """
    claimed = said_ranges(text)
    if not claimed or _HISTORY.search(text):
        return []
    replaced = replaced_ranges(ev.user_turns)
    for old in claimed:
        if old in replaced and replaced[old][0] not in claimed:
            new, _, said = replaced[old]
            why = f"{RANGE_REPLACED} {shown_range(old)} to {shown_range(new)}: {quote(said)}"
            return [Claim("constraint", text.strip(), why)]
    return []


# a user's sentence that reports how things are ("it's 20 people now", "we are 20"), not
# one that asks for them ("make it finish in 30 s", "can you keep it under 9,000")
_REPORT = re.compile(
    r"(?i)\b(?:it'?s|it\s+is|that'?s|we'?re|we\s+are|there\s+are|there'?s|is\s+now|are\s+now|"
    r"joined|left|grew|dropped)\b"
)
_ASKS = re.compile(
    r"(?i)\b(?:make|ensure|please|should|must|want|need|can\s+you|could\s+you|get\s+it|"
    r"keep|let'?s|try)\b"
)


def reported_by_user(said: str) -> bool:
    """Whether a user sentence reports a state of things rather than asking for one."""
    return _REPORT.search(said) is not None and _ASKS.search(said) is None


# a name corrected in the user's words: "the marketing name is Tap to Pay, not Tap & Pay",
# "the contact is Priya Raman, not Priya Rao"
_NAME_FIX = re.compile(
    r"(?i)\b(?:is|are|it'?s|should\s+be|call\s+it|use)\s+(?P<new>[^\s,.;:!?][^,.;:!?]{0,38}?),?\s+"
    r"(?:not|rather\s+than|instead\s+of)\s+(?P<old>[^\s,.;:!?][^,.;:!?]{0,38}?)\s*(?=[.;,:!?]|$)"
)
# a claim telling the name's history: "Tap to Pay (not Tap & Pay)", "renamed from …"
_NAME_HISTORY = re.compile(
    r"(?i)\b(?:not|instead|rather|was|were|formerly|previously|renamed|corrected|originally|"
    r"earlier|old)\b"
)


def _names_fixed(ev: Evidence) -> list[tuple[str, str, str]]:
    """(replaced name, new name, sentence) of each name the user corrected."""
    out: list[tuple[str, str, str]] = []
    for sentence in ev.user:
        for m in _NAME_FIX.finditer(sentence):
            old, new = m.group("old").strip(), m.group("new").strip()
            if old.casefold() != new.casefold() and not old[:1].isdigit():
                out.append((old, new, sentence))
    return out


def check_corrected_name(text: str, ev: Evidence) -> list[Claim]:
    """A name the user replaced ("Tap & Pay" for "Tap to Pay, not Tap & Pay") stated as
    if it stood: the claim gives the replaced name whole and not the new one."""
    fixed = ev.derive("names corrected", lambda: _names_fixed(ev))
    if not fixed or _NAME_HISTORY.search(text):
        return []
    folded = text.casefold()
    for old, new, said in fixed:
        # (a whole word, not a part of a file's name: "values-preview.yaml" after "use
        # namespace preview-apps, not preview" states no namespace)
        whole = re.search(rf"(?<![\w&./-]){re.escape(old.casefold())}(?![\w&/-]|\.\w)", folded)
        if whole is not None and new.casefold() not in folded:
            why = f"the user replaced {old} with {new}: {quote(said)}"
            return [Claim("constraint", text.strip(), why)]
    return []


# a figure the user takes back in the same turn: "make that 512. I misspoke earlier when I
# said 256", "at least two sessions in the week, not one", "use 30, not 45"
_TAKEN_BACK = re.compile(
    r"(?i)\b(?:misspoke|by\s+mistake|i\s+meant|(?:when|where|earlier)\s+i\s+(?:said|wrote)|"
    r"not|instead\s+of|rather\s+than)\b[^.;:\d]{0,40}?(?<![\w.,])(?P<old>\d+(?:\.\d+)?)(?![\d.]\d)"
)
_FIGURE = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)(?![\d.]\d|\w)")
_NOT_SUBJECT = frozenset(
    stem(w)
    for w in [
        "make",
        "that",
        "use",
        "it",
        "set",
        "no",
        "yes",
        "actually",
        "correction",
        "earlier",
        "mistake",
        "misspoke",
        "said",
        "meant",
        "least",
        "most",
    ]
)


def _with_figures(text: str) -> str:
    """``text`` with its small counts in figures, "one" too ("at least one session" is 1:
    :func:`canonical` leaves "one" alone, which is as often no count)."""
    return _ONE.sub("1", canonical(text))


_ONE = re.compile(r"(?i)\bone\b")


def _values_fixed(ev: Evidence) -> list[tuple[str, str, frozenset[str], str]]:
    """(replaced figure, new figure, the words of what it measures, turn) of each figure a
    user turn gives with another it takes back ("Batch size: make that 512. I misspoke
    earlier when I said 256.": 256 replaced by 512, of the batch size)."""
    out = []
    for turn in ev.user_turns:
        plain = _with_figures(turn)  # ("two sessions, not one": 2 and 1)
        back = _TAKEN_BACK.search(plain)
        if back is None:
            continue
        old = back.group("old")
        new = [n for n in _FIGURE.findall(plain) if n != old]
        if len(set(new)) != 1:
            continue  # one figure for one figure, or it is no plain correction
        clause = next(c for c in re.split(r"[.;!?]\s+|,\s+not\b", plain) if new[0] in c)
        about = frozenset(t for t in claim_terms(clause) if not t[:1].isdigit()) - _NOT_SUBJECT
        if about:
            out.append((old, new[0], about, turn))
    return out


def check_corrected_value(text: str, ev: Evidence) -> list[Claim]:
    """A figure the user took back in the turn that gave its replacement, stated as if it
    stood ("Batch size: 256." after "make that 512. I misspoke … 256"; "active means at
    least one session" after "at least two sessions …, not one"): the claim names what
    the figure measures and the old figure, not the new one, and tells no history."""
    fixed = ev.derive("figures taken back", lambda: _values_fixed(ev))
    if not fixed or _HISTORY.search(text):
        return []
    plain = _with_figures(text)
    given = set(_FIGURE.findall(plain))
    terms = frozenset(claim_terms(plain))
    for old, new, about, said in fixed:
        if old in given and new not in given and about <= terms:
            why = f"the user changed it to {new}: {quote(said)}"
            return [Claim("constraint", text.strip(), why)]
    return []


# a value told in a claim: one token ("eu-west-1"), or a name and its version ("Ubuntu 24.04")
# (a name may run to three words before its version: "NATS JetStream 2.10")
_TOLD_VALUE = r"[^\s`]+(?:(?:\s+(?-i:[A-Z])[\w-]*){0,2}\s+v?\d+(?:\.\d+)*(?![\w.]*\w))?"
# a move said with where it leads: "upgrade to Postgres 16", "migrate the server to …"
MOVE_VERB = r"(?:move[sd]?|moving|upgrade[sd]?|upgrading|migrate[sd]?|migrating|switch(?:es|ing)?)"
# A correction told by where it leads: "corrected the earlier choice to X", "switched to X"
CORRECTED_TO = re.compile(
    r"(?i)\b(?:corrected|changed|switched|replaced|revised|amended|"
    rf"{MOVE_VERB})\b"
    r"(?:\s+[\w'-]+){0,4}?\s+to\s+"
    rf"`?(?P<value>{_TOLD_VALUE})"
)
# a value of some shape ("eu-west-1", "db-blue.internal", "release-2.4"), not a plain word:
# two of one shape in one sentence are two options of one thing
_VALUE = re.compile(r"(?<![\w.:/-])\w[\w.:/-]*\w(?![\w-])")
_SHAPE_PARTS = ((re.compile(r"\d+"), "0"), (re.compile(r"[^\W\d_]+"), "a"))
_SENTENCE_END = re.compile(r"(?<=[.!?。።;])\s+")


def _shape(value: str) -> str | None:
    """The shape of a value, letters and digits read as runs ("eu-west-1" and "ap-south-1"
    are "a-a-0"); None for a plain word or number, which has no shape of its own."""
    for run, mark in _SHAPE_PARTS:
        value = run.sub(mark, value)
    return value if len(value) > 1 else None


def _named_in(text: str, value: str) -> bool:
    """Whether ``text`` names ``value``, maybe with a class prefix or a case ending glued
    on by a hyphen ("ise-eu-west-1", "eu-west-1-де")."""
    return whole_token(text, value, _GLUED_BEFORE, _GLUED_AFTER)


_GLUED_BEFORE = r"(?:(?<![\w.:/-])|(?<=[^\W\d_]-))"
_GLUED_AFTER = r"(?:(?![\w-])|(?=-[^\W\d_]+(?![\w-])))"
_PREFIX = re.compile(r"^[^\W\d_]+-(?=\w)")
_SUFFIX = re.compile(r"(?<=\d)-[^\W\d_]+$")


def _bare(value: str) -> tuple[str, ...]:
    """``value`` and, when it has any, the value without a class prefix or a case ending
    glued on by a hyphen ("ise-eu-west-1", "eu-west-1-де"): which is meant is told by the
    record naming it, so each is tried."""
    bare = _SUFFIX.sub("", _PREFIX.sub("", value))
    return tuple(dict.fromkeys((value, _PREFIX.sub("", value), _SUFFIX.sub("", value), bare)))


def _alike(old: str, new: str) -> list[tuple[str, str]]:
    """The readings of ``old`` and ``new`` (see :func:`_bare`) of one shape: two options
    of one thing."""
    return [
        (o, n)
        for o in _bare(old)
        for n in _bare(new)
        if _shape(o) is not None and _shape(o) == _shape(n)
    ]


def _called_with(args: str, value: str) -> bool:
    """Whether a call's arguments name ``value``, maybe as part of a name of its own
    ("s3://ferry-eu-west-1" names eu-west-1)."""
    return whole_token(args, value, r"(?<![^\W_])", r"(?![^\W_])")


def _moves(ev: Evidence) -> tuple[tuple[str, str, str], ...]:
    """(old value, new value, the user's sentence) of each move the user made from one
    value to another of its shape, in whatever words: the sentence names the old value
    before the new one, the record named the old value before that turn, and the calls
    after it name the new value and never the old one again. Read by where the values
    sit ("Kwete, kwete eu-west-1 — shandisa ap-south-1." after calls on eu-west-1 and
    before calls on ap-south-1)."""
    out: list[tuple[str, str, str]] = []
    turns = ev.dialogue
    for at, (role, turn) in enumerate(turns):
        if role != "user":
            continue
        for said in _SENTENCE_END.split(turn):
            for old, new in _pairs(said) or _moved_to(said, at, ev):
                if not _named_before(old, at, ev):
                    continue
                # (the calls after are read only for a pair: most turns name none)
                after = [c.arguments for c in ev.calls_from(at, len(turns))]
                if any(_called_with(a, old) for a in after) or _kept_saying(old, at, ev):
                    continue
                # the calls after use the new value; or none names either, and the new
                # value is first named here ("Use eu-west-1, not ap-south-1" names the value
                # kept first: a new value there is the one named only before the turn)
                if any(_called_with(a, new) for a in after) or not _named_before(new, at, ev):
                    out.append((old, new, said))
    return tuple(out)


def _pairs(said: str) -> list[tuple[str, str]]:
    """(old, new) for each two values of one shape ``said`` names: the one named first
    and the next after it; or, when a read preference sets one aside ("Use us-east-2, not
    eu-west-1", "us-east-2 instead of eu-west-1"), the one set aside and the one kept,
    in whichever order they are named."""
    named = list(dict.fromkeys(_VALUE.findall(said)))
    folded = {v.casefold(): v for v in named}
    set_aside = [
        pair
        for kept, dropped in preferences(said)
        if kept in folded and dropped in folded
        for pair in _alike(folded[dropped], folded[kept])
    ]
    if set_aside:
        return set_aside
    out: list[tuple[str, str]] = []
    for i, old in enumerate(named):
        out += next((p for v in named[i + 1 :] if (p := _alike(old, v))), [])
    # (a product and its version is one value, whatever each version's form: "not Debian 11,
    # use Ubuntu 24.04" moves from the one named first to the next)
    versions = list(dict.fromkeys(v for v in _NAMED_VERSION.findall(said) if v[0].isupper()))
    return out + list(pairwise(versions))


def moved_as_told(text: str, ev: Evidence) -> str | None:
    """``text`` less where the move it tells starts, when a user's sentence asks for that
    move ("The user moved the database from Postgres 15 to Postgres 16."): the sentence
    names where the move leads after where it starts ("… Postgres 15-тен Postgres 16-же
    көжүр.": a path is told from its start in any language) or as its only value of that
    shape, or reads it as the move's end ("Upgrade to Postgres 16."). ``None`` when no
    sentence does, a move told the other way round included. The rest ("The user moved
    the database to Postgres 16.") is what the user's words are read for: a start set
    aside reads as a denial the user's sentence does not hold."""
    found = move_told(text, ev)
    return found.rest if found is not None else None


class MoveTold(NamedTuple):
    """Where a user's sentence tells the move a claim gives (see :func:`moved_as_told`)."""

    at: int  # its turn in ``ev.dialogue``
    said: str  # the sentence
    value: str  # where the move leads
    rest: str  # the claim less where the move starts


def move_told(text: str, ev: Evidence) -> MoveTold | None:
    """:func:`moved_as_told`, with the user's sentence that tells the move and its turn."""
    told = _TOLD_TO.search(text)
    if told is None:
        return None
    value = told.group("value").rstrip(".,;:!?)`")
    start = _TOLD_FROM.search(text[: told.start("value")])
    source = start.group("value") if start else None
    for at, (role, turn) in enumerate(ev.dialogue):
        for said in _SENTENCE_END.split(turn) if role == "user" else ():
            if not _named_in(said, value):
                continue
            pairs = _pairs(said)
            read = _MOVED_TO.search(said)
            leads = any(
                _ends_in(value, new) and (source is None or _ends_in(source, old))
                for old, new in pairs
            )
            alone = not pairs and source is None
            # (words of no shape a pair reads, "MySQL" then "MariaDB": told in that order)
            ordered = not pairs and source is not None and _named_before_in(said, source, value)
            if leads or alone or ordered or (read is not None and value in read.group("value")):
                rest = text if start is None else text[: start.start()] + text[start.end() :]
                return MoveTold(at, said, value, rest)
    return None


def _ends_in(value: str, named: str) -> bool:
    """Whether ``value`` is ``named`` or ends in it: "NATS JetStream 2.10" of the sentence's
    "JetStream 2.10" (its name's last word and version, read as a pair's value), a case
    ending glued on by a hyphen aside ("PubSub-гыт" of "Google PubSub")."""
    bare = _GLUED_ENDING.sub("", named)
    return any(value == n or value.endswith(f" {n}") for n in (named, bare))


_GLUED_ENDING = re.compile(r"(?<=[^\W\d_])-[^\W\d_]+$")


def _named_before_in(said: str, first: str, then: str) -> bool:
    """Whether ``said`` names ``first`` and, after it, ``then`` (either maybe glued)."""
    named = _named_in(said, first) and _named_in(said, then)
    return named and 0 <= said.find(first) < said.find(then)


def move_taken_up(told: MoveTold, ev: Evidence) -> str | None:
    """What the assistant said or called in answer to the user's sentence telling a move
    that names where it leads and takes it up: more than an acknowledgment ("Noted.",
    "Noted, Valkey 8.0 from now on."), a call that only looks ("psql --version") aside.
    A move the user reports made needs no work of the assistant's at once; one asked for
    gets it."""
    end = next(
        (i for i in range(told.at + 1, len(ev.dialogue)) if ev.dialogue[i][0] == "user"),
        len(ev.dialogue),
    )
    said = [t for role, t in ev.dialogue[told.at + 1 : end] if role == "assistant"]
    answers = [t for t in said if not ACKNOWLEDGES.match(t)]
    calls = [c.arguments for c in ev.calls_from(told.at, end) if not only_looks(call_commands(c))]
    said_of = next((t for t in answers if _named_in(t, told.value)), None)
    return said_of or next((t for t in calls if _in_arguments(t, told.value)), None)


def _in_arguments(arguments: str, value: str) -> bool:
    """Whether a call's ``arguments`` name ``value`` as a command names it: its first word
    and its last ("nats-2.10", "postgres:16" for "NATS JetStream 2.10", "Postgres 16")."""
    words = value.casefold().split()
    parts = set(re.split(r"[^\w.]+", arguments.casefold()))
    return words[0] in parts and words[-1] in parts


def _moved_to(said: str, at: int, ev: Evidence) -> list[tuple[str, str]]:
    """(old, new) of a move ``said`` tells by where it leads alone ("Upgrade to Postgres
    16."): the old value is the latest other version of that name a turn before named
    ("We run the server on Postgres 15 for now.")."""
    told = _MOVED_TO.search(said)
    version = _NAMED_VERSION.fullmatch(told.group("value").rstrip(".,;:!?)`")) if told else None
    if version is None:
        return []
    name = version.group().split()[0]
    before = [v for _, t in ev.dialogue[:at] for v in _NAMED_VERSION.findall(t)]
    olds = [v for v in before if v.split()[0] == name and v != version.group()]
    return [(olds[-1], version.group())] if olds else []


_MOVED_TO = re.compile(
    rf"(?i)\b{MOVE_VERB}\b(?:\s+[\w'-]+){{0,4}}?\s+to\s+`?(?P<value>{_TOLD_VALUE})"
)


# a name and its version, the name written with a capital ("Debian 11", "Ubuntu 24.04",
# "Python 3.12"): two in one sentence are two options of one thing
# where a move told in English leads: "moved the database from Postgres 15 to Postgres 16"
# (a version's dot is no sentence's end: "from RabbitMQ 3.8 to …")
# (a value of one capitalised word and more, "Google PubSub", is one value whole)
_NAME_GOES_ON = r"(?:\s+(?-i:[A-Z])[\w-]*)*"
_TOLD_TO = re.compile(
    rf"(?i)\b{MOVE_VERB}\b(?:[^.;]|\.(?=\d))*?\bto\s+`?(?P<value>{_TOLD_VALUE}{_NAME_GOES_ON})"
)
_TOLD_FROM = re.compile(rf"(?i)\s+from\s+`?(?P<value>{_TOLD_VALUE}{_NAME_GOES_ON})`?(?=\s+to\s)")
_NAMED_VERSION = re.compile(r"(?<![\w.:/-])[^\W\d_][\w+-]*\s+v?\d+(?:\.\d+)*(?![\w.]*\w)")


def _kept_saying(value: str, at: int, ev: Evidence) -> bool:
    """Whether an assistant turn after ``ev.dialogue``'s turn ``at`` names ``value``: the
    session went on with it ("Noted, staying in eu-west-1.")."""
    return any(role == "assistant" and _named_in(t, value) for role, t in ev.dialogue[at + 1 :])


def _named_before(value: str, at: int, ev: Evidence) -> bool:
    """Whether a turn of ``ev.dialogue`` before ``at``, or a call made before it, names
    ``value``."""
    return any(_named_in(t, value) for _, t in ev.dialogue[:at]) or any(
        _called_with(c.arguments, value) for c in ev.calls_from(0, at)
    )


def _told_to(text: str) -> str | None:
    """The value a correction told by where it leads ends at ("… to eu-west-1." →
    "eu-west-1"), when that is the whole claim: none denied, nothing added after it. A
    choice of a value credited to the user ("Use eu-west-1, as the user asked.", "The user
    chose eu-west-1.") tells where the user's last word on it leads just the same."""
    told = CORRECTED_TO.search(text) or _FROM_TO.search(text)
    tail = text[told.end() :] if told else ""
    if told is None and _BY_USER.search(text):
        told = _CHOSEN.search(text)
        tail = _AS_USER_ASKED.sub("", text[told.end() :]) if told else ""
    if told is None or tail.strip(" `.;!)") or denial(text):
        return None
    return told.group("value").rstrip(".,;:!?)`")


def chosen_value(text: str) -> str | None:
    """The value, whole, a claim gives as where a correction leads or as the user's choice
    ("brotli level 9" of "Use brotli level 9, as the user asked." and of "The user
    corrected the earlier choice to brotli level 9."): what follows the verb to the end,
    less the note crediting the user, of at most five words."""
    told = CORRECTED_TO.search(text)
    if told is None and _BY_USER.search(text):
        told = _CHOSEN.search(text)
    if told is None:
        return None
    value = _AS_USER_ASKED.sub("", text[told.start("value") :]).strip(" `.;!)")
    return value if value and len(value.split()) <= 5 and "`" not in value else None


# a value chosen: "Use eu-west-1", "The user chose eu-west-1", "stay on eu-west-1"
_CHOSEN = re.compile(
    r"(?i)\b(?:use[sd]?|using|go(?:es)?\s+with|went\s+with|pick(?:s|ed)?|cho(?:ose|se|oses)|"
    r"prefer(?:s|red)?|keep|kept|stay(?:s|ed)?\s+(?:on|in|with)|stick\s+with|target(?:s|ed)?)"
    rf"(?:\s+the\s+[\w-]+)?\s+`?(?P<value>{_TOLD_VALUE})"
)
# the choice credited to the user after it: "…, as the user asked.", "(per the user's request)"
_AS_USER_ASKED = re.compile(r"(?i)[,;(]?\s*(?:as|like|per)\s+the\s+user(?:'s)?(?:\s+\w+){0,2}\W*$")
# or before it: "The user chose …", "User wants to use …"
_BY_USER = re.compile(rf"(?i)^\W*(?:the\s+)?user\b|{_AS_USER_ASKED.pattern[4:]}")


# a move told with both ends: "changed the branch from release-2.4 to release-2.5"
_FROM_TO = re.compile(
    rf"(?i)\bfrom\s+`?(?P<old>{_TOLD_VALUE}?)`?\s+to\s+`?(?P<value>{_TOLD_VALUE})"
)


def check_corrected_back(text: str, ev: Evidence) -> list[Claim]:
    """A correction told as leading to the value the user moved away from ("The user
    corrected the region to eu-west-1." when the record used eu-west-1, the user said
    "<eu-west-1> … <ap-south-1>", and the calls after it used ap-south-1): the claim names
    the old value and not the new one."""
    value = _told_to(text)
    moves = ev.derive("values moved", lambda: _moves(ev)) if value else ()
    source = _FROM_TO.search(text)
    for old, new, said in moves:
        # (told with both ends, the one it starts from must be the new value to be turned)
        if old == value and (source.group("old") == new if source else not _named_in(text, new)):
            why = f"the user moved it from {old} to {new}: {quote(said)}"
            return [Claim("constraint", text.strip(), why)]
    return []


def corrected_as_moved(text: str, ev: Evidence) -> bool:
    """Whether ``text`` tells a correction as leading to the value the user moved to
    ("The user changed the release branch to release-2.5." after the user's
    "<release-2.4> … <release-2.5>" and calls on release-2.5): the user's move retold,
    whatever words the user said it in, and whatever the claim calls the thing moved."""
    value = _told_to(text)
    moves = ev.derive("values moved", lambda: _moves(ev)) if value else ()
    source = _FROM_TO.search(text)
    return any(
        new == value and (source is None or source.group("old") == old) for old, new, _ in moves
    )
