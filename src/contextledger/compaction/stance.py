"""What a clause asserts about its words: which are negated, bounded, conditional, exclusive.

Two sentences can share every content word and still say opposite things: "never delete
rows" and "deleting rows is fine"; "at most 10000" and "at least 10000"; "unless the lag is
over 10 s" and "even if the lag is over 10 s"; "only the Settings page, not the Header"
and "only the Header, not the Settings page". This module reads those stances word by
word so a claim can be compared with the record sentence it traces to:

* **polarity per term**: a sentence is cut into segments (at ``;``, ``,``, "and", "but",
  "rather than", "without" …); each segment is negated or not, and its terms take that
  polarity ("use orjson, not ujson": orjson +, ujson −);
* **bounds**: a number with a direction ("at most 10000" ≤, "must not go above 50" ≤,
  "at least 3" ≥);
* **conditions**: "unless" (an exception) against "even if" / "regardless" (none);
* **exclusivity**: what "only" singles out;
* **hedges** ("it seems", "appears to be", "probably") are read as plain assertions.

>>> sorted(opposed("never to edit package-lock.json by hand", "it is fine to edit package-lock.json"))
['modify', 'package-lock.json']
>>> opposed("not to upgrade React", "Don't upgrade React, it's pinned to 17.0.2.")
frozenset()
>>> bounds("Chunk size must be 10000 at most"), bounds("the chunk size must be at least 10000")
({('<=', '10000')}, {('>=', '10000')})
>>> plain_assertion("It appears the persistence test passes now.")
'the persistence test passes now.'
"""

from __future__ import annotations

import re
from functools import cached_property, lru_cache
from itertools import pairwise

from ..lexicon.claims import NO_OBJECTION, NOT_THAT_NEGATORS, OWNERSHIP
from ..lexicon.denials import DENIALS, PROHIBITIONS, hebrew_donts
from ..lexicon.negation import OPTION_AFTER, REJECTING_READ, RETRACTION
from .trace import claim_terms, stem

# --------------------------------------------------------------------------- hedges

_HEDGE = re.compile(
    r"(?i)^\W*(?:it\s+)?(?:seems|appears|looks)(?:\s+(?:like|as\s+if|as\s+though|that))?\s+|"
    r"\b(?:apparently|seemingly|presumably|probably|likely|most\s+likely|evidently|"
    r"supposedly|reportedly)\b,?\s*|"
    r"\b(?:seems?|appears?|looks?)\s+to\s+(?:be\s+|have\s+)?"
)


def plain_assertion(text: str) -> str:
    """``text`` with its hedges taken out: a hedged claim is still a claim."""
    return re.sub(r"\s{2,}", " ", _HEDGE.sub("", text)).strip()


# --------------------------------------------------------------------------- polarity

_NEGATOR = re.compile(
    r"(?i)\b(?:never|not|no|don'?t|do\s+not|does\s+not|doesn'?t|didn'?t|must\s*n[o']t|"
    r"shouldn'?t|cannot|can'?t|won'?t|avoid(?:ing|s|ed)?|refrain|forbid(?:den|s)?|forbade|"
    r"prohibit(?:ed|s)?|banned|off[-\s]limits|unchanged|untouched|intact|alone|as[-\s]is|"
    r"nothing|nobody|none|neither|nor|instead\s+of|rather\s+than|without|except|"
    r"under\s+no\s+circumstances|hold\s+off|nicht|kein(?:e|en|em|er|es)?|nie|niemals|nichts|jamais|nunca)\b"
)
# "not more than", "no longer minds", "not only": no negation of the action itself
_NOT_NEGATING = re.compile(
    r"(?i)\b(?:no|not)\s+(?:more|less|fewer|greater|later|earlier|longer\s+(?:minds?|"
    r"objects?|forbids?|cares?)|only|just)\b|\bnot\s+(?:above|below|over|under|exceed\w*)\b|"
    + NO_OBJECTION  # "I don't mind if you add an index": a permission
)
_PERMISSION = re.compile(
    r"(?i)\b(?:is|are|be|it'?s)\s+(?:fine|ok|okay|acceptable|allowed|permitted)\b|"
    r"\b(?:allowed|permitted|free\s+to|go\s+ahead)\b|" + NO_OBJECTION
)
# Where a sentence's stance can change: each piece between these is one segment.
_SEGMENT = re.compile(
    r"(?i)\s*;\s*|:\s+|[.!?]\s+|\s+\(|(?<!\()\)(?=[\s,;.]|$)|,\s+|"
    r"\s+(?=(?:and|but|or|nor|while|during|whereas|rather\s+than|instead\s+of|without|unless|except|even\s+if|even\s+when|regardless|so(?!\s+(?:far|much|many|long|on|forth)\b)|in\s+order\s+(?:to|that)|because|to\s+(?:avoid|prevent))\b)|(?<=\w)\s+-+\s+|\s+—\s+"
)
# "don't change A or B": B is negated too; "never logged, at any level": so is the level
_INHERITS = re.compile(
    r"(?i)^(?:or|nor|at|in(?!\s+order)|on|under|during|even|including|especially|anywhere|"
    r"ever|any)\b"
)
# Words that keep a thing as it is: "X must be kept", "port 5432 stays closed", "the
# props stay as they are" restate "don't delete / open / change X"
_KEEPS = re.compile(
    r"(?i)\b(?:keep|keeps|kept|keeping|stay|stays|stayed|staying|remain|remains|remained|"
    r"retain(?:s|ed|ing)?|preserv(?:e|es|ed|ing)|leave|leaves|leaving|in\s+place|frozen|"
    r"untouched|unchanged|read[-\s]only|"
    r"as\s+(?:it|they)\s+(?:is|are|was|were|stands?))\b"
)
# What a rule to keep something forbids: changing it ("delete the snapshot", "may open
# port 5432", "upgrade the toolchain") is the opposite of "keep it".
_CHANGE_WORDS = """
    delete modify drop truncate push force deploy publish release merge rebase reset revert
    migrate install uninstall disable enable skip kill restart overwrite open upgrade
    downgrade bump rename replace move rewrite expose log print
"""
_CHANGES = frozenset(claim_terms(_CHANGE_WORDS))
# "(the user corrected Memcached)", "(corrected from 24)", "changed from days to seconds":
# the option named after the correction is the rejected one
_CORRECTED = re.compile(
    r"(?i)^(?P<pos>.*?\b(?:corrected|chang(?:e|es|ed|ing)|switch(?:es|ed|ing)?|mov(?:e|es|ed|ing)|"
    r"migrat(?:e|es|ed|ing)|updated)\b(?:\s+[\w-]+){0,3}?"
    # (where to, said before where from: "Move the ferry service to Redpanda from Kafka")
    r"(?:\s+(?:to|into|onto)\s+[\w./+-]+)?)\s+"
    r"from\s+(?P<old>.+)$|"
    r"^(?P<pos2>.*?\bcorrected)\s+(?!(?:the|it|this|that|a|an|his|her|their|them|him|me|us|"
    r"to|from|and|on|in|use|it)\b)(?P<old2>[\w./+-]+)$|"
    # "(was Memcached)", "(previously 24)", "(it was 2027-04-11)"
    r"^(?:(?P<it>it|this|that)\s+)?(?P<pos3>was|previously|formerly|originally|replacing|replaces|"
    r"replaced|used\s+to\s+be)\s+(?P<old3>[\w./+-]+)$|"
    # "(the user first typed $1,580)": the value a slip gave, set aside since
    r"^(?P<pos4>(?:(?:the\s+user|she|he|they)\s+)?(?:first|initially|at\s+first|mistakenly)\s+"
    r"(?:typed|wrote|said|gave|entered))\s+(?P<old4>[^\s()]+)(?:\s+(?:by\s+mistake|in\s+error))?$"
)


_AUXILIARY_WORDS = """
    do does did must should is are was were will would can could may might shall need needs
    have has had to and or but be been being it this that please just
"""
_AUXILIARY = frozenset(_AUXILIARY_WORDS.split())
_NAME_NOT = re.compile(r"(?i)^(?P<pos>.*?\b(?P<word>[\w./+-]+)),?\s+\(?(?P<neg>not\s+.+)$")
# a short part after another that opens with another language's "not" and names a value
# sets that value aside: "…, nem a 9187 porton", "…, não na 9187", "…, ei porttia 9464"
_FOREIGN_NOT = re.compile(
    rf"(?i)^(?:{NOT_THAT_NEGATORS})\s+(?:\S+\s+){{0,3}}?[\w.-]*\d[\w.-]*(?:\s+\S+)?$"
)
_PREFER_OVER = re.compile(
    r"^(?P<pos>.*\b(?i:prefer)\w*\s+.+?)\s+(?P<neg>(?i:over)\s+.+)$|"
    r"^(?P<pos2>.*?[\w./+-])\s+(?P<neg2>(?i:over)\s+(?:(?i:the)\s+)?(?:[A-Z#]|[\w-]*[./_][\w./-]*).*)$"
)  # "prefers Redis over Memcached", "Decimal over Float"; not "over 10 seconds"


_CONTEXT = re.compile(r"(?i)\s+(?=(?:for|in|on|at|to|from|with|when|because|since|so)\b)")


def _rejected(piece: str) -> list[tuple[str, bool]]:
    """ "not float for the money math": float is rejected, the money math is context."""
    head, *rest = _CONTEXT.split(piece, maxsplit=1)
    return [(head, True)] + [(r, False) for r in rest]


# What _CORRECTED needs somewhere in a text (a rejected option without "not"), for
# Reading.marked: keep the two in step (tests/test_stance_reading.py checks it).
_CORRECTION_WORD = re.compile(
    r"(?i)corrected|chang(?:e|es|ed|ing)|switch|mov(?:e|es|ed|ing)|migrat|updated|"
    r"\b(?:was|previously|formerly|originally|replac\w*|used\s+to\s+be)\s+[\w./+-]"
)


def _pieces(text: str) -> list[tuple[str, bool]]:
    """``text`` cut at stance changes, each piece with whether it is rejected outright:
    "use httpx not requests" and "prefers Redis over Memcached" are two pieces each (a
    name before "not" is a preference, "must not" is a negation)."""
    out: list[tuple[str, bool]] = []
    for piece in _SEGMENT.split(text):
        m = _NAME_NOT.match(piece.strip())
        over = _PREFER_OVER.match(piece.strip())
        fixed = _CORRECTED.match(piece.strip())
        if fixed:
            old = next(o for o in fixed.group("old", "old2", "old3", "old4") if o)
            was, to, now = old.partition(" to ")  # "from 24 to 48": 24 out, 48 in
            pos = next(p for p in fixed.group("pos", "pos2", "pos3", "pos4") if p)
            if fixed.group("pos4"):
                # "(the user first typed $1,580)": a slip named, no stance on it or the act
                continue
            out += [(pos, False), (was, True)]
            if fixed.group("it"):  # "(it was 2027-04-11)": a value once, neither held nor denied
                out.append((was, False))
            if to:
                out.append((now, False))
        elif m and m.group("word").casefold() not in _AUXILIARY:
            out += [(m.group("pos"), False), *_rejected(m.group("neg"))]
        elif over:
            pos, neg = (
                over.group("pos") or over.group("pos2"),
                over.group("neg") or over.group("neg2"),
            )
            out += [(pos, False), *_rejected(neg)]
        else:
            out.append((piece, False))
    return out


_WITH_NONE = re.compile(r"(?i)\bwith\s+(?:zero|no)\b")


def segments(text: str) -> list[tuple[str, bool]]:
    """The pieces of ``text`` between stance changes, each with whether it is negated."""
    out: list[tuple[str, bool]] = []
    text = _WITH_NONE.sub("without", text)  # "invoices with zero lines" lack lines
    for piece, rejected in _pieces(text):
        piece = piece.strip(" ,.")
        if not piece:
            continue
        bare = _NOT_NEGATING.sub(" ", piece)
        idiom = None if rejected else REJECTING_READ.search(piece)
        rest = piece[: idiom.start()] + " " + piece[idiom.end() :] if idiom else ""
        if idiom is not None and not _NEGATOR.search(_NOT_NEGATING.sub(" ", rest)):
            # "Cascade is off the table this season", "forget Kafka for the queue": the
            # option the idiom turns down is denied, its context ("this season") is not
            before, after = piece[: idiom.start()], piece[idiom.end() :]
            head, *context = _CONTEXT.split(after, maxsplit=1)
            if OPTION_AFTER.match(idiom.group(0).strip()) and claim_terms(head):
                out += [(before, False), (head, True), *((c, False) for c in context)]
            else:
                out += [(before, True), (after, False)]
            continue
        neg = (
            rejected
            or bool(out and _FOREIGN_NOT.match(piece))
            or (
                bool(_NEGATOR.search(bare))
                and not (
                    _PERMISSION.search(piece) and not re.search(r"(?i)\bnot\s+(?:be\s+)?\w+", piece)
                )
            )
        )
        if _INHERITS.match(piece) and out and out[-1][1]:
            neg = True
        removed = None if neg else _REMOVED.search(piece)
        if removed is not None and claim_terms(piece[: removed.start()]):
            # "Node 16 support is dropped from the matrix": what was removed is no more,
            # as "no longer support Node 16" says; where from is its context
            out += [(piece[: removed.start()], True), (piece[removed.end() :], False)]
            continue
        required = _ONLY_WITH.search(piece)
        if required and not neg:
            # "apply only ever with -target" says "never apply without -target"
            what, *context = _REQUIRED_CONTEXT.split(piece[required.end() :], maxsplit=1)
            out += [(piece[: required.start()], True), (what, True)]
            out += [(c, False) for c in context]  # "… during the migration": when, not what
            continue
        out.append((piece, neg))
    return out


# a thing said to be removed, in the passive: "is dropped", "was removed", "got deleted"
_REMOVED = re.compile(
    r"(?i)\b(?:is|are|was|were|be|been|being|gets?|got)\s+(?:now\s+)?(?:dropped|removed|deleted|"
    r"retired|discontinued|taken\s+out)\b"
)
_REQUIRED_CONTEXT = re.compile(
    r"(?i)\s+(?=(?:for|in|on|at|to|from|when|because|since|so|during|while|until)\b)"
)
_ONLY_WITH = re.compile(r"(?i)\s*\bonly\s+(?:ever\s+)?(?:with|using|via)\b\s*")


Stance = str  # "-" negated, "=" kept as it is, "+!" said to change, "+" plain, "~" owned


_PURPOSE = re.compile(r"(?i)^(?:so(?:\s+that)?|in\s+order\s+(?:to|that)|to\s+(?:avoid|prevent))\b")


def keeps(text: str) -> bool:
    """Whether ``text`` says a thing is kept as it is ("must be kept", "stays closed")."""
    return _KEEPS.search(text) is not None


def _stance(piece: str, neg: bool, terms: frozenset[str]) -> Stance:
    """A segment's stance: negated; changing a thing ("delete", "may open", "stays
    allowed"); keeping it as it is ("must be kept", "stays closed"); or a plain statement."""
    if neg:
        return "-"
    if _PERMISSION.search(piece):
        return "+!"
    if OWNERSHIP.search(piece):
        return "~"  # "the platform team owns the CI config": who holds it, no act on it
    if _KEEPS.search(piece):
        return "="
    if _CHANGES.intersection(terms):
        return "+!"
    return "+"


def term_polarity(text: str) -> dict[str, set[Stance]]:
    """Each content term of ``text`` with the stances it is said with (see ``_stance``)."""
    out: dict[str, set[Stance]] = {}
    before: frozenset[str] = frozenset()
    for piece, neg in segments(text):
        no_subject = _NO_SUBJECT.match(piece) is not None
        negator = _NEGATOR.search(piece) if neg and _PURPOSE.match(piece) else None
        if negator is not None:
            # "so that retried POSTs never double-charge": what comes before the negator
            # is the purpose's subject, neither negated nor not ("so a card is never
            # charged twice" says the same with the card as the subject)
            for t in claim_terms(piece[: negator.start()]):
                out.setdefault(t, set()).update(("+", "-"))
            piece = piece[negator.start() :]
        terms = claim_terms(piece)
        stance = _stance(piece, neg, terms)
        purpose = _FOR_WHAT.search(piece) if stance == "-" else None
        if purpose is not None:
            # "never use floats for prices": floats are denied, prices are what the rule
            # is for, neither denied nor not ("prices are integer cents" keeps it)
            for t in claim_terms(piece[purpose.end() :]) - claim_terms(piece[: purpose.start()]):
                out.setdefault(t, set()).update(("+", "-"))
            terms = claim_terms(piece[: purpose.start()])
        # "X is frozen and must not be modified": the second part is said of X too
        said_of = before if no_subject else frozenset()
        for t in terms | said_of:
            out.setdefault(t, set()).add(stance)
        before = terms
    for t in retracted(text):  # "NFS... actually, back to MinIO": NFS set aside
        out.setdefault(t, set()).add("-")
    for t in _slipped_terms(text):  # "$18,400 — no sorry, $14,800": 18,400 set aside
        out.setdefault(t, set()).add("-")
    return out


# A speaker taking back a value they just said ("it says $18,400 — no sorry, $14,800", "the
# gym is $45 a month, no, it's $54", "420 dollars. Sorry, 480"): after a break, a word that
# owns the slip, then the value meant
_SLIP = re.compile(
    r"(?i)[,.;:!—–-]\s*(?:no,?\s+sorry|no,?\s+wait|wait,?\s+no|sorry,?\s+I\s+mean[t]?|I\s+mean[t]?|"
    r"sorry|oops|no,?\s+(?:it'?s|it\s+is|that'?s|make\s+(?:it|that))|make\s+that|or\s+rather|"
    r"correction)(?![\w'])"
)
_SLIP_VALUE = re.compile(r"(?<![\w.,:])\d(?:[\d.,:]*\d)?(?![\w])")
_SLIP_BEFORE = 3  # words between a value and its slip at most ("euros", "a month", "works")
_SLIP_AFTER = 2  # ... and between the slip and the value meant ("Friday", "it's")


def slipped_values(text: str) -> list[tuple[str, str]]:
    """(taken back, meant) for each value ``text`` says and at once corrects to another of
    the same shape (see ``_SLIP``).

    >>> slipped_values("It says $18,400 — no sorry, $14,800, I misread it.")
    [('18,400', '14,800')]
    >>> slipped_values("Pickup at 9:30, sorry I mean 10:30."), slipped_values("3 boxes, 2 bags")
    ([('9:30', '10:30')], [])
    >>> slipped_values("It starts at 10:00. Sorry, I have to leave at 11:00.")
    []
    """
    if _SLIP.search(text) is None:
        return []
    found = list(_SLIP_VALUE.finditer(text))
    out = []
    for said, meant in pairwise(found):
        between = text[said.end() : meant.start()]
        slip = _SLIP.search(between)
        if (
            slip is not None
            # a unit or a word of the value before the slip, the value's words after it
            # ("10:00. Sorry, I have to go at 11:00" is no slip: a new sentence)
            and len(between[: slip.start()].split()) <= _SLIP_BEFORE
            and len(between[slip.end() :].split()) <= _SLIP_AFTER
            and re.sub(r"\d+", "#", said.group()) == re.sub(r"\d+", "#", meant.group())
            and said.group() != meant.group()
        ):
            out.append((said.group(), meant.group()))
    return out


def _slipped_terms(text: str) -> set[str]:
    """The terms of the values ``text`` takes back (see :func:`slipped_values`), with their
    currency or unit ("$45" is 45 and 45_usd)."""
    out: set[str] = set()
    for m in _SLIP_VALUE.finditer(text):
        if not any(m.group() == old for old, _ in slipped_values(text)):
            continue
        unit = re.match(r"\s*[^\W\d_]{1,12}", text[m.end() :])
        span = text[max(0, m.start() - 1) : m.end() + (unit.end() if unit else 0)]
        out |= {t for t in claim_terms(span) if any(ch.isdigit() for ch in t)}
    return out


# a name a user may choose: a capital or a digit in it ("MinIO", "S3", "NFS")
_OPTION_NAME = re.compile(r"(?<![\w./-])(?=[\w.-]*[A-Z0-9])[A-Za-z][\w.-]*[\w]")


def retracted(text: str) -> frozenset[str]:
    """The options ``text`` names and then takes back ("Store the logs in NFS...
    actually, back to MinIO, NFS is too slow": NFS): named before a retraction
    (``lexicon.negation.RETRACTION``) and not in the words right after it.

    >>> sorted(retracted("Store the logs in NFS... actually, back to MinIO, NFS is too slow."))
    ['nfs']
    """
    return retraction(text)[1]


@lru_cache(maxsize=1 << 12)  # asked of each user turn at every claim of a recap
def retraction(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The options ``text`` turns to and the ones it takes back (see :func:`retracted`):
    ("Store the logs in NFS... actually, back to MinIO": minio, nfs); empty when it takes
    nothing back."""
    m = RETRACTION.search(text)
    if m is None:
        return frozenset(), frozenset()
    head = re.split(r"[,;.!?]\s|[、，。；]", text[m.end() :] + " ", maxsplit=1)[0]
    chosen = claim_terms(
        " ".join(_UNGLUED.sub("", n.group(0)) for n in _OPTION_NAME.finditer(head))
    )
    # the option named last before it (not the word that opens the sentence)
    before = [n for n in _OPTION_NAME.finditer(text[: m.start()]) if n.start() > 0]
    if not chosen or not before:
        return frozenset(), frozenset()
    taken_back = claim_terms(_UNGLUED.sub("", before[-1].group(0))) - chosen
    return (chosen, taken_back) if taken_back else (frozenset(), frozenset())


# a particle Korean or Japanese glues to a name ("FTP에", "GCSに"): not the name's
_UNGLUED = re.compile(r"[\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af].*$")


# A part with no subject of its own, of the part before: "… and must not be modified"
_NO_SUBJECT = re.compile(
    r"(?i)^(?:(?:and|but|or)\s+|so\s+(?:it|they|this|that)\s+)(?:(?:must|should|shall|may|"
    r"might|can|could|will|would|is|are|was|were|has|have|had|needs?\s+to)\b)"
)  # (so "the e2e suite hits prod, so it must not be run" denies running the suite)
# What a denial is for: "never use floats for prices" (see term_polarity)
_FOR_WHAT = re.compile(r"(?i)\s+for\s+(?=\w)")


def _clash(mine: Stance, theirs: Stance) -> bool:
    """Whether two stances of one term say opposite things: a negation against any
    positive statement; keeping a thing against changing it. Keeping agrees with a
    negation ("must be kept" is "do not delete") and with a plain statement."""
    if "~" in (mine, theirs):
        return False  # who owns a thing says nothing of what may be done to it
    if "-" in (mine, theirs):
        return mine != theirs and "=" not in (mine, theirs)
    return {mine, theirs} == {"=", "+!"}


_FLIP = {"-": "+", "+": "-", "+!": "-", "=": "+!", "~": "~"}


def opposed(claim: str, said: str, *, flipped: bool = False) -> frozenset[str]:
    """The terms ``claim`` states with the opposite stance from ``said`` (a record
    sentence it traces to); ``flipped`` when the claim's verb itself negates ("the user
    forbade …"). Empty when they agree."""
    mine = term_polarity(claim)
    if flipped:
        mine = _but_reasons(mine, reason_terms(claim))
    return _opposed(mine, term_polarity(said), flipped=flipped)


_REASON = re.compile(r"(?i)^\W*(?:because|since|as|given\s+that)\b")


def reason_terms(text: str) -> frozenset[str]:
    """The terms said only in a reason ("… because the staging DB is shared"): what the
    verb of "the user forbade X because Y" negates is X, not Y."""
    pieces = segments(text)
    given = [claim_terms(p) for p, _ in pieces if _REASON.match(p)]
    other = [claim_terms(p) for p, _ in pieces if not _REASON.match(p)]
    return frozenset().union(*given) - frozenset().union(*other)


def _but_reasons(
    polarity: dict[str, set[Stance]], reasons: frozenset[str]
) -> dict[str, set[Stance]]:
    return {t: p for t, p in polarity.items() if t not in reasons} if reasons else polarity


def _opposed(
    mine: dict[str, set[Stance]], theirs: dict[str, set[Stance]], *, flipped: bool
) -> frozenset[str]:
    out = set()
    for t, pols in mine.items():
        if t not in theirs or len(pols) != 1:
            continue
        (stance,) = pols
        if flipped:
            stance = _FLIP[stance]
        if all(_clash(stance, other) for other in theirs[t]):
            out.add(t)
    return frozenset(out)


# --------------------------------------------------------------------------- numbers


def plain_number(text: str) -> str:
    """A number as compared: thousands separators out ("48,210,344" is 48210344)."""
    return re.sub(r"(?<=\d)[,_](?=\d{3}\b)", "", text)


_NUM = r"(-?\d+(?:[,_]\d{3})*(?:\.\d+)?)"
_UPPER = (
    r"at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|a\s+maximum\s+of|max(?:imum)?|"
    r"under|below|less\s+than|fewer\s+than|within|capped\s+at|no\s+higher\s+than|"
    r"(?:must|should|may|can|will|shall)?\s*(?:not|never|n't)\s+(?:go\s+|be\s+|rise\s+|get\s+)?"
    r"(?:above|over|beyond|past|exceed|more\s+than|higher\s+than)|<=|≤|<"
)
_LOWER = (
    r"at\s+least|no\s+less\s+than|not\s+less\s+than|no\s+fewer\s+than|a\s+minimum\s+of|"
    r"min(?:imum)?|over|above|more\s+than|greater\s+than|exceeds?|exceeding|beyond|"
    r"(?:must|should|may|can|will|shall)?\s*(?:not|never|n't)\s+(?:go\s+|be\s+|drop\s+|fall\s+)?"
    r"(?:below|under|less\s+than|fewer\s+than)|>=|≥|>"
)
_BOUND_BEFORE = re.compile(rf"(?i)(?:^|\b|(?<=\s))(?P<dir>{_UPPER}|{_LOWER})\s*{_NUM}")
_BOUND_AFTER = re.compile(rf"(?i){_NUM}\s*(?:\w+\s+)?(?P<dir>at\s+most|at\s+least|or\s+less|"
                          rf"or\s+fewer|or\s+more|or\s+lower|or\s+higher|max|min)\b")  # fmt: skip
_UPPER_RE = re.compile(rf"(?i)^(?:{_UPPER})$")


def bounds(text: str) -> set[tuple[str, str]]:
    """(direction, number) pairs: ``("<=", "50")`` for "must not go above 50"."""
    out: set[tuple[str, str]] = set()
    for m in _BOUND_BEFORE.finditer(text):
        d = " ".join(m.group("dir").split())
        out.add(("<=" if _UPPER_RE.match(d) else ">=", plain_number(m.group(2))))
    for m in _BOUND_AFTER.finditer(text):
        d = m.group("dir").casefold()
        up = d in ("at most", "or less", "or fewer", "or lower", "max")
        out.add(("<=" if up else ">=", plain_number(m.group(1))))
    return out


def bound_conflicts(claim: str, said: str) -> list[str]:
    """Numbers ``claim`` bounds the other way from ``said`` ("at least 10000" against
    "10000 at most")."""
    return _bound_conflicts(bounds(claim), bounds(said))


def _bound_conflicts(mine: set[tuple[str, str]], theirs: set[tuple[str, str]]) -> list[str]:
    return [
        f"{d} {n}"
        for d, n in mine
        if (("<=" if d == ">=" else ">="), n) in theirs and (d, n) not in theirs
    ]


# --------------------------------------------------------------------------- conditions

_CONDITION = re.compile(
    r"(?i)\b(?P<kind>unless|except\s+(?:if|when)|only\s+if|only\s+when|even\s+if|even\s+when|"
    r"regardless\s+of|whether\s+or\s+not|no\s+matter|whatever|if|when)\b"
)
_CONDITION_KIND = {
    "unless": "exception",
    "except if": "exception",
    "except when": "exception",
    "only if": "requirement",
    "only when": "requirement",
    "even if": "none",
    "even when": "none",
    "regardless of": "none",
    "whether or not": "none",
    "no matter": "none",
    "whatever": "none",
}


def conditions(text: str) -> set[str]:
    """The kinds of condition ``text`` attaches: an exception ("unless"), a requirement
    ("only if"), none ("even if", "regardless of")."""
    out = set()
    for m in _CONDITION.finditer(text):
        kind = _CONDITION_KIND.get(" ".join(m.group("kind").casefold().split()))
        if kind:
            out.add(kind)
    return out


def condition_conflict(claim: str, said: str) -> str | None:
    """How ``claim`` changes ``said``'s condition ("unless" made "even if"), or None."""
    return _condition_conflict(conditions(claim), conditions(said))


def _condition_conflict(mine: set[str], theirs: set[str]) -> str | None:
    if mine and theirs and not mine & theirs:
        return f"{'/'.join(sorted(theirs))} became {'/'.join(sorted(mine))}"
    if "none" in mine and not theirs & {"none"} and theirs:
        return f"{'/'.join(sorted(theirs))} became none"
    return None


# --------------------------------------------------------------------------- exclusivity

_ONLY = re.compile(
    r"(?i)\bonly\s+(?:ever\s+)?(?:the\s+|a\s+|an\s+|on\s+|in\s+|to\s+|for\s+|with\s+)?([\w./:-]+)"
    r"(?:\s+(?:the\s+|a\s+|an\s+|files?\s+(?:in\s+)?|code\s+in\s+|in\s+)?([\w./:-]+))?"
)
# "only touch X" singles out X, as "only X may be changed" does: the verb is what may be
# done to it, not what is singled out
_ONLY_VERB_WORDS = "touch modify edit change update write patch deploy commit push alter"
_ONLY_VERBS = frozenset(_ONLY_VERB_WORDS.split())


def only_targets(text: str) -> set[str]:
    """What "only" singles out: "only the Settings page" gives {"settings"}, and so does
    "only touch the Settings page"."""
    out = set()
    for m in _ONLY.finditer(text):
        word = m.group(1)
        if word.casefold() in _ONLY_VERBS and m.group(2):
            word = m.group(2)
        word = word.rstrip(".:")  # a sentence's full stop is not part of a path
        if word.casefold() in ("be", "run", "change", "use", "query", "read", "if", "when"):
            continue
        out.add(stem(word))
    return out


def only_conflict(claim: str, said: str) -> str | None:
    """Whether ``claim`` singles out something else than ``said`` does."""
    return _only_conflict(only_targets(claim), only_targets(said))


def _only_conflict(mine: set[str], theirs: set[str]) -> str | None:
    if mine and theirs and not mine & theirs:
        return f"only {'/'.join(sorted(theirs))}, not {'/'.join(sorted(mine))}"
    return None


def stance_change(claim: str, said: str, *, flipped: bool = False) -> str | None:
    """How ``claim`` changes the stance of ``said``, the record sentence it traces to (a
    negation turned around, a bound reversed, a condition or an "only" changed), in words
    a UI can show; None when it keeps it."""
    return Reading(claim).change(Reading(said), flipped=flipped)


# A negation said after what it denies, as Turkish says it ("dbt 1.7 değil, dbt 1.8
# kullanıyoruz": not dbt 1.7 but 1.8), read as if said before it: up to two words back,
# within the clause
_POSTPOSED = re.compile(r"(?<![^\s:,;(])((?:[^\s:,;]+\s+)?[^\s:,;]+)\s+(?i:değil)(?![^\W\d_])")


# A word of denial of another language, spaced as a word ("لا", "אל", "không", "nie", "hapana")
_DENIAL_WORDS = DENIALS | PROHIBITIONS
_WORD_SPACED = re.compile(r"[^\W\d_]+")


def _with_english_not(text: str) -> str:
    """``text`` with each word of denial of another language written "not", for
    ``term_polarity``, which reads English negation: what a record sentence in Arabic,
    Hebrew or Vietnamese denies is then read as denied ("אל תשנה את הקובץ X" denies X),
    and an English recap saying it truly ("do not change X") is no opposite of it
    (review44 R44-ver7). Words in Latin letters without marks are left as they are (the
    reader knows its English and some others; "unless" is no "not").

    >>> _with_english_not("Dùng HyperLogLog, không phải Set."), _with_english_not("never X")
    ('Dùng HyperLogLog, not phải Set.', 'never X')
    """
    if text.isascii():
        return text  # (its words of denial are read as they were: "unless", "niet")
    donts = hebrew_donts(text) if "אל" in text else frozenset()

    def as_not(word: re.Match[str]) -> str:
        said = word.group()
        folded = said.casefold()
        if said.isascii() or folded not in _DENIAL_WORDS:
            return said
        if folded == "אל" and word.start() not in donts:
            return said  # (Hebrew's "to": "don't" only before a verb of the second person)
        return "not"

    return _WORD_SPACED.sub(as_not, text)


# A question opened by a negated auxiliary asks for what it negates: "Shouldn't the limit be
# 768Mi, not 512Mi?" says the limit should be 768Mi (R33-V4); its "not 512Mi" still denies.
_NEGATIVE_QUESTION = re.compile(
    r"(?i)(?:^|(?<=[.!?]\s))(should|is|are|was|were|does|do|did|would|could|can|will)"
    r"n['’]?t\b(?=[^?.!]*\?)"
)


class Reading:
    """The stance of one text, each part read on first need and kept: a claim is compared
    with every record sentence it traces to, and a record sentence with every claim that
    traces to it (reading them again each time made checking a recap quadratic)."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def polarity(self) -> dict[str, set[Stance]]:
        text = _with_english_not(_POSTPOSED.sub(r"not \1", self.text))
        return term_polarity(_NEGATIVE_QUESTION.sub(r"\1", text))

    @cached_property
    def bounds(self) -> set[tuple[str, str]]:
        return bounds(self.text)

    @cached_property
    def conditions(self) -> set[str]:
        return conditions(self.text)

    @cached_property
    def only(self) -> set[str]:
        return only_targets(self.text)

    @cached_property
    def marked(self) -> bool:
        """Whether any segment of the text may take a stance other than a plain statement
        ("+": see ``_stance``). False is sure, read from the whole text without cutting
        it: a segment's words are the text's (segments are cut at non-word characters, so
        a match in one is a match in the text, and its terms are the text's); a negation
        needs a negator, "not" or "over" (a rejected option), or a correction word; the
        exemptions from negation ("no more than") all contain "no"."""
        text = self.text
        low = text.lower()
        return (
            not text.isascii()  # case-insensitive matching beyond ASCII: read it all
            or "no" in low
            or "zero" in low
            or "over" in low
            or _NEGATOR.search(text) is not None
            or REJECTING_READ.search(text) is not None  # "Cascade is off the table"
            or RETRACTION.search(text) is not None  # "NFS... actually, back to MinIO"
            or _SLIP.search(text) is not None  # "$18,400 — no sorry, $14,800"
            or _ONLY_WITH.search(text) is not None
            or _CORRECTION_WORD.search(text) is not None
            or _KEEPS.search(text) is not None
            or _PERMISSION.search(text) is not None
            or not _CHANGES.isdisjoint(claim_terms(text))
        )

    @cached_property
    def reasons(self) -> frozenset[str]:
        """The terms said only in a reason (:func:`reason_terms`)."""
        return reason_terms(self.text)

    def change(self, said: Reading, *, flipped: bool = False) -> str | None:
        """How this claim changes the stance of ``said`` (see :func:`stance_change`)."""
        if not said.marked and self.plain(flipped):
            return None  # every term of ``said`` is stated plainly, which the claim keeps
        mine = _but_reasons(self.polarity, self.reasons) if flipped else self.polarity
        turned = _opposed(mine, said.polarity, flipped=flipped)
        if turned:
            return f"the user said the opposite about {', '.join(sorted(turned)[:3])}"
        if self.bounds:
            reversed_bounds = _bound_conflicts(self.bounds, said.bounds)
            if reversed_bounds:
                return f"the user set the bound the other way round ({', '.join(reversed_bounds)})"
        if self.conditions:
            condition = _condition_conflict(self.conditions, said.conditions)
            if condition:
                return f"the user's condition changed ({condition})"
        if self.only:
            only = _only_conflict(self.only, said.only)
            if only:
                return f"the user said {only}"
        return None

    def plain(self, flipped: bool) -> bool:
        """Whether no text stating all its terms plainly ("+") can change this claim's
        stance: no bound, condition or "only" to compare, and no term the claim states
        (``flipped``: states through a negating verb) in a stance that clashes with "+"."""
        return self._plain_flipped if flipped else self._plain_stated

    @cached_property
    def _plain_stated(self) -> bool:
        return self._keeps_plain(flipped=False)

    @cached_property
    def _plain_flipped(self) -> bool:
        return self._keeps_plain(flipped=True)

    def _keeps_plain(self, *, flipped: bool) -> bool:
        if self.bounds or self.conditions or self.only:
            return False
        return not any(
            _clash(_FLIP[s] if flipped else s, "+")
            for p in self.polarity.values()
            if len(p) == 1
            for s in p
        )
