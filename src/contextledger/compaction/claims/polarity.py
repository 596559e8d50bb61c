"""Polarity and preference of a sentence, from its words alone: whether it forbids ("never
run X", "do not touch Y"), permits ("X is fine now") or prefers one option over another
("use Redis not Memcached", "switch from npm to pnpm"). A constraint keeps its polarity
through a recap: "never X" does not support "X", and a preference stays the right way round.

>>> negated("Never run rm -rf build."), negated("Use Redis, not Memcached.")
(True, False)
>>> sorted(preferences("Use Redis, not Memcached."))
[('redis', 'memcached')]
>>> forbids("Force pushing is fine now.")
False
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise

from ...lexicon import claims as lexicon
from ...lexicon.common import listed
from ...lexicon.negation import denial, rejecting
from ..trace import FILLER, stem
from .order import IMPERATIVE
from .words import turkish_denies

_NEG = re.compile(
    r"(?i)\b(?:never|under\s+no\s+circumstances|by\s+no\s+means|not|don'?t|do\s+not|does\s+not|doesn'?t|must\s+not|mustn'?t|shall\s+not|"
    r"should\s+not|shouldn'?t|cannot|can'?t|won'?t|avoid|no\s+longer|refrain|forbid(?:den)?|"
    r"(?:has|have|had|is|are|was|were|did|does|do|wo|could|would)n['’]?t|"
    r"prohibited|off[-\s]limits|without|nothing|nobody|none|no\s+(?!more\s+than|less\s+than)(?=\w)|"
    r"nicht|kein(?:e|en|em|er|es)?|nie|niemals|nichts|jamais|nunca)\b"
)
_PREFERENCE_NOT = re.compile(r"(?i)\b\S+,?\s+\(?not\s+\S+")  # "Redis not Memcached": not a negation
_PREFER = (  # (pattern, index of the preferred, index of the rejected)
    # ("keep the key in AWS Secrets Manager, not in Vault": a name of several capitalized
    # words, and a preposition after "not", are the option's)
    (
        re.compile(
            r"\b(?i:use\s+)?((?:[A-Z][\w./+-]*\s+){0,2}(?:[a-z][\w-]*\s+(?=\d))?[\w./+-]+),?\s+"
            r"\(?(?i:not)\s+(?:(?i:in|on|at|to|for|with|by|from|the|a|an|via|into)\s+)?"
            # (a word and its number are one option: "port 9443, not port 5050")
            r"([\w./+-]+(?:\s+[A-Z][\w./+-]*){0,2}(?:\s+\d[\w.-]*\w)?)\)?"
        ),
        1,
        2,
    ),
    (
        re.compile(
            r"(?i)\b([\w./+-]+)\s+(?:instead\s+of|rather\s+than|over(?!\s+\d))\s+"
            r"(?:(?:a|an|the)\s+)?([\w./+-]+)"
        ),
        1,
        2,
    ),
    (
        re.compile(
            r"(?i)\b(?:switch|mov|migrat|chang|port)(?:e|es|ed|ing)?\s+(?:\w+\s+){0,3}?from\s+"
            r"([\w./+-]+)\s+to\s+([\w./+-]+)"
        ),
        2,
        1,
    ),
    (re.compile(r"(?i)\breplac(?:e|ed|ing)\s+([\w./+-]+)\s+with\s+([\w./+-]+)"), 2, 1),
    (re.compile(r"(?i)\bnot\s+([\w./+-]+),?\s+but\s+([\w./+-]+)"), 2, 1),
    (
        re.compile(
            r"(?i)\b([\w./+-]+)\s+(?:should\s+|will\s+|would\s+|to\s+)?replaces?\s+([\w./+-]+)"
        ),
        1,
        2,
    ),
    (
        re.compile(
            r"(?i)\b([\w./+-]+)\s+(?:was\s+|were\s+|is\s+)?(?:rejected|dropped|abandoned)\s+in\s+"
            r"favou?r\s+of\s+([\w./+-]+)"
        ),
        2,
        1,
    ),
    (re.compile(r"(?i)\bin\s+favou?r\s+of\s+([\w./+-]+)\s+over\s+([\w./+-]+)"), 1, 2),
)
# A word each pattern of _PREFER needs (case-insensitively, in ASCII text).
_MAY_PREFER = re.compile(r"not|instead|rather|over|from|replac|favo")


# A purpose or reason after the request: "add keys so that retried POSTs never double-charge"
# asks for keys; the "never" is what they are for, not a rule.
_PURPOSE = re.compile(
    r"(?i)(?<=\w)[,\s]+(?:so\s+that|so(?=\s+\w+\s+\w+)|in\s+order\s+(?:to|that)|"
    r"to\s+(?:avoid|prevent))\b.*$"
)


# A denial glued onto a Korean, Japanese or Chinese verb ("실행하지 않겠습니다", "しないで",
# "不要"); not "X 말고 Y", which chooses Y over X
_GLUED_DENIAL = re.compile(
    r"(?=[\uac00-\ud7af\u3040-\u30ff\u4e00-\u9fff])(?!말고)(?:"
    + lexicon.SCRIPT_DENIALS.pattern
    + ")"
)


@lru_cache(maxsize=1 << 16)  # asked of every sentence of the record at every recap
def negated(text: str) -> bool:
    """Whether ``text`` states a negation ("never", "do not" …); "use A not B" is a
    preference, not a negation, and a purpose clause ("so that X never Y") is none."""
    text = _PURPOSE.sub("", text)
    if rejecting(text):  # "Cascade is off the table", "Kafka kommt nicht in Frage"
        return True
    if bool(_NEG.search(_PREFERENCE_NOT.sub(" ", text) if _is_preference(text) else text)):
        return True
    if _GLUED_DENIAL.search(text):
        return True  # "terraform apply는 실행하지 않겠습니다.": denied in the verb's ending
    return turkish_denies(text)  # "`X` çalıştırılmadı.": denied in the verb


_NOT_A_NAME_WORDS = """
    be to been being do have use touch run modify change edit delete remove push call make go
    yet only just even always ever so too the a an that this it all any in on at for with
    break fail pass
"""
_NOT_A_NAME = frozenset(_NOT_A_NAME_WORDS.split())


def _is_preference(text: str) -> bool:
    if text.isascii() and "not" not in text.lower():
        return False  # the pattern needs it (a quick test: most sentences have none)
    pairs = list(_PREFER[0][0].finditer(text))
    if not any(a_name(m.group(2)) for m in pairs):
        return False
    return not re.search(
        r"(?i)\b(?:do|does|did|should|must|will|would|could|can|is|are|was|were|has|have|had|"
        r"may|might|shall|need|needs)\s+not\b",
        text,
    )


def a_name(word: str) -> bool:
    """Whether the word after "not" names a thing ("Redis not Memcached"), not a verb."""
    w = word.strip(".,")
    low = w.casefold()
    return low not in _NOT_A_NAME and not (w.islower() and re.search(r"(?:ed|ing)$", low))


def _variant_of(rejected: str, before: str) -> str | None:
    """The option a rejected one is a variant of, named earlier: in "the secret is
    stripe-live in staging, not stripe" the preferred option is stripe-live, not staging."""
    tokens: list[str] = re.findall(r"[\w./+-]+", before.casefold())
    stem_of = re.sub(r"[\d.]+", "", rejected)
    for tok in reversed(tokens):
        tok = tok.strip(".,")
        if tok == rejected:
            continue
        if len(rejected) >= 3 and (
            tok.startswith(rejected) or (rejected.startswith(tok) and len(tok) > 3)
        ):
            return tok
        if stem_of and re.search(r"\d", rejected) and re.sub(r"[\d.]+", "", tok) == stem_of:
            return tok  # "the v3 endpoint, not v2": v3 over v2
    return None


def names_option(option: str, terms: frozenset[str], text: str = "") -> bool:
    """Whether ``terms`` name an option ("stripe-live" by its words stripe and live).

    An option that is a word claims leave out as filler ("use pydantic models, not
    dataclasses": ``model``) is looked for in ``text`` itself, when given.
    """
    parts = [p for p in option.split("-") if p]
    if stem(option) in terms or all(stem(p) in terms for p in parts):
        return True
    if not text or not any(stem(p) in FILLER for p in parts):
        return False
    words = {stem(w) for w in _WORDS.findall(text)}
    return all(stem(p) in words for p in parts)


_WORDS = re.compile(r"[\w'+/]+")


def _option(phrase: str) -> str:
    """An option as one word: "AWS Secrets Manager" is "aws-secrets-manager" (its words
    joined, as :func:`names_option` reads them), function words before it left out."""
    words = phrase.casefold().strip(".,").split()
    while len(words) > 1 and words[0] in FILLER:
        words.pop(0)
    return "-".join(words)


# words before a "not" that are the verb's, no option preferred ("You may not push to main")
_NO_OPTION = listed(
    "do does did is are was were be should must may might can could will would shall"
)


def preferences(text: str) -> set[tuple[str, str]]:
    """(preferred, rejected) pairs stated in ``text``, casefolded."""
    out: set[tuple[str, str]] = set()
    if text.isascii() and not _MAY_PREFER.search(text.lower()):
        return out  # most sentences state none: no pattern's own words are in them
    for pattern, a, b in _PREFER:
        for m in pattern.finditer(text):
            x, y = _option(m.group(a)), _option(m.group(b))
            if not (_DIGIT.search(x) and _DIGIT.search(y)):  # (two values: each its own)
                x = _variant_of(y, text[: m.start(b)]) or x
            # a flag is one option with or without its dashes: "--since, not --after"
            x, y = x.lstrip("-"), y.lstrip("-")
            # ("HAProxy is not what we want": a verb before "not" denies its subject, no pick)
            if (
                x != y
                and x.split("-")[-1] not in _NO_OPTION
                and not INTERJECTIONS.issuperset(x.split("-"))
            ):
                out.add((x, y))
    return out


_DIGIT = re.compile(r"\d")
# words a speaker opens a correction with, no option preferred ("No wait, not us-east-2 …")
INTERJECTIONS = listed("no wait sorry actually oh hmm ok okay yes well hold on hey ah")


def without_negation(text: str) -> str:
    """``text`` without its words of negation: what a rule is about ("offer store credit"
    of "Don't offer store credit.")."""
    return " ".join(_NEG.sub(" ", text).split())


PERMIT = re.compile(
    r"(?i)\b(?:no\s+longer\s+(?:minds?|objects?|forbids?|prohibits?|cares?)|"
    r"(?:does|did)\s*n[o']t\s+mind|doesn'?t\s+mind|"
    r"(?:lifted|relaxed|dropped|waived|removed|rescinded|withdrew)\s+(?:the|that|this|his|her|"
    r"their)\s+(?:ban|rule|restriction|constraint|objection)|"
    r"(?:is|was|are|were|be)\s+(?:fine|ok|okay|acceptable|allowed|permitted)|it'?s\s+(?:fine|ok|okay)|"
    r"allowed|allows|permitted|approved|okayed|authori[sz]ed|go\s+ahead|gave\s+permission)\b|"
    + lexicon.NO_OBJECTION  # "I don't mind if you add an index"
)
_NOT_PERMIT = re.compile(
    r"(?i)\b(?:not|never|n't)\s+(?:be\s+)?(?:allowed|permitted|ok|okay|fine|acceptable|approved)\b"
)


@lru_cache(maxsize=1 << 16)  # asked again of the same record sentences at every recap
def forbids(text: str) -> bool:
    """Whether ``text`` forbids (a negation: "never X", "don't X"); a permission ("X is
    fine", "allowed X", "no longer minds X") does not, nor does "use A not B"."""
    if PERMIT.search(text) and not _NOT_PERMIT.search(text):
        return False
    return negated(text)


def polarity_unread(text: str) -> bool:
    """Whether ``text``'s denials are beyond this reading: a third or more of its words
    (outside code) are of a script no denial list covers (``lexicon.DENIALS_READ_IN``)
    and no denial a list holds is in it. "Never run X" and "Always run X" are then equally
    like it.

    >>> polarity_unread("කිසි විටෙක `make wipe` ධාවනය නොකරන්න.")
    True
    >>> polarity_unread("Never run `make wipe`."), polarity_unread("Run `make wipe`.")
    (False, False)
    """
    words = _WORDS.findall(_CODE.sub(" ", text))  # (a command's words are no language's)
    unread = sum(not _script_read(w) for w in words)
    return unread >= max(1.0, 0.3 * len(words)) and not forbids(text) and not _words_deny(text)


_CODE = re.compile(r"`[^`]*`")
# a word with the marks its script writes on its letters ("না", "ধাবනය"): whole, not cut
_WORDS = re.compile(
    r"[^\W\d_](?:[^\W\d_]|[\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a"
    r"\u064b-\u065f\u0900-\u0963\u0966-\u0dff\u0e00-\u0fff\u1000-\u109f\u1780-\u17ff])*"
)


def _script_read(word: str) -> bool:
    """Whether the first letter of ``word`` is of a script whose denials are read."""
    c = ord(word[0])
    return any(a <= c <= b for a, b in lexicon.DENIALS_READ_IN)


def _words_deny(text: str) -> bool:
    return denial(text)  # the one denial reader (``lexicon.negation``)


# A claim that says what may, must or must not be done, or which option was taken: a rule,
# a permission, a choice (not a value: "The SLA is 51 ms.")
ASSERTS_POLARITY = re.compile(
    r"(?i)^\W*(?:always|never|do\s+not|don'?t)\b|\b(?:may|might|can|could|should|must|shall|"
    r"allowed|permitted|fine|ok|okay|required|approved|without\s+approval|go\s+with|chose|chosen|"
    r"picked|prefer\w*|opted|recommend\w*|decided|rather\s+than|instead\s+of|over)\b"
)


def asserts_polarity(text: str) -> bool:
    """Whether a claim says what may, must or must not be done or which option was taken
    (``ASSERTS_POLARITY``), or orders it ("Run `X` first.")."""
    return bool(ASSERTS_POLARITY.search(text) or IMPERATIVE.match(text) or PERMIT.search(text))


# "X may be redeployed", "Y can now be upgraded": a permission in the passive
_MAY_BE = re.compile(
    r"(?i)\b(?:may|can)\s+(?:now\s+|again\s+|also\s+)?be\s+[a-z]+(?:ed|en|wn|ne|un)\b"
)
# a permission given by the one who speaks ("you can", "feel free", "is fine by me")
_GIVES_LEAVE = re.compile(
    r"(?i)\b(?:can|may|could|feel\s+free|free\s+to|(?:ok|okay|fine)\s+(?:to|by)|allowed|"
    r"permitted|go\s+ahead)\b"
)


def permits(text: str) -> bool:
    """Whether ``text`` says something may be done ("X is fine", "Running X is allowed",
    "X may be redeployed"), not that it may not ("X is not allowed")."""
    return bool(PERMIT.search(text) or _MAY_BE.search(text)) and not _NOT_PERMIT.search(text)


def gives_leave(text: str) -> bool:
    """Whether ``text`` holds a word of leave of its own ("you can", "feel free"): then a
    denial beside it limits the leave ("you can skip it, no need to run it") rather than
    forbidding what a permission claims."""
    return bool(_GIVES_LEAVE.search(text))


def choice_of(text: str) -> tuple[str, str] | None:
    """(the option kept, the option rejected) of a choice said in one of the languages
    the preference reader does not hold (see ``lexicon.claims.CHOICE_KEPT_FIRST``)."""
    m = (
        lexicon.CHOICE_KEPT_FIRST.search(text)
        or lexicon.CHOICE_KEPT_FIRST_AFTER_COMMA.search(text)
        or lexicon.CHOICE_REJECTED_FIRST.search(text)
    )
    if m is None:
        return None
    a, b = (_choice_option(m.group(g)) for g in ("a", "b"))
    return a, b


def _choice_option(word: str) -> str:
    """An option as named: "ב-double" is double (a Hebrew preposition glued with a hyphen),
    "Decimal." is Decimal, "-Xmx3g" is xmx3g (a flag with or without its dashes, as
    :func:`preferences` reads it)."""
    return re.sub(r"^[^\x00-\x7f]+-", "", word).casefold().rstrip("./").lstrip("-")


def choice_swapped(part: str, said: str) -> bool:
    """Whether ``part`` prefers what ``said`` rejects ("float, not Decimal" for "Decimal
    ולא float", "pip, a nie Poetry" for "Poetry, a nie pip")."""
    chosen = choice_of(said)
    mine = {(a.casefold(), b.casefold()) for a, b in preferences(part)}
    mine |= {c for c in [choice_of(part)] if c is not None}
    return chosen is not None and (chosen[1], chosen[0]) in mine


# A question the user asks and answers "no" in one breath: "Should we push it? No, don't."
_ASKED = re.compile(
    r"(?i)^\W*(?:should|shall|can|could|do|would|must)\s+(?:we|i|you|they)\s+(?P<rest>[^?]+?)\s*\?\s*$"
)
_ANSWERED_NO = re.compile(
    r"(?i)^\W*(?:no|nope|nah)\b(?:[\s,.!;—–-]*(?:(?:please\s+)?(?:don'?t|do\s+not|let'?s\s+not|"
    r"we\s+(?:won'?t|shouldn'?t)|not\s+(?:yet|now|this\s+time))\b[^.!?]*)?)?[\s.!]*$"
)


# "Don't forget to X", "Não deixe de X", "Non dimenticare di X", "Nie zapomnij X": a request
# for X said with two denials, which no reader of one denial may take for a ban of X
_REMINDER = re.compile(
    r"(?i)\b(?:(?:do\s+not|don['’]?t|never)\s+forget(?:\s+(?:to\s+)?|\s*[:—–]\s*)|"
    r"make\s+sure\s+not\s+to\s+forget\s+to\s+|"
    r"não\s+(?:deixe|deixes|deixem|se\s+esqueça|esqueça|esqueças)\s+de\s+|"
    r"non\s+(?:dimenticare|dimenticarti|dimenticate|scordare|scordarti)\s+(?:di\s+)?|"
    r"nie\s+zapomnij(?:cie)?\s+(?:o\s+)?|no\s+(?:olvides|te\s+olvides|dejes)\s+de\s+|"
    r"n['’](?:oublie|oubliez)\s+pas\s+(?:de\s+|d['’])|vergiss\s+nicht(?:,)?\s+(?:zu\s+)?)"
)


def as_reminded(said: list[str]) -> list[str]:
    """The sentences of a user turn with a reminder said as the request it is ("Don't
    forget to run the migrations." reads "run the migrations.").

    >>> as_reminded(["Non dimenticare di salvare una copia di config.yaml.", "Never push."])
    ['salvare una copia di config.yaml.', 'Never push.']
    """
    return [_REMINDER.sub("", s) if _REMINDER.search(s) else s for s in said]


def answered_no(said: list[str]) -> list[str]:
    """The sentences of a user turn, a question the turn itself answers "no" said as the
    ban it is: ["Should we push it to the registry anyway?", "No, don't."] reads as
    ["Do not push it to the registry anyway.", "No, don't."] (a question is no request,
    and its "no" is the user's word on it).

    >>> answered_no(["Should we push it to the registry anyway?", "No, don't.", "Tag it."])
    ['Do not push it to the registry anyway.', "No, don't.", 'Tag it.']
    """
    out = list(said)
    for i, (question, answer) in enumerate(pairwise(said)):
        asked = _ASKED.match(question)
        if asked and _ANSWERED_NO.match(answer):
            out[i] = f"Do not {asked.group('rest')}."
    return out
