"""What a recap says in another language than the turn it comes from, and the user's
words quoted back.

An LLM often recaps a session held in Catalan, Finnish or Greek in English. Word-overlap
checks cannot trace "Outbound calls to the bank API are capped at 40 requests per
minute." to "Limita les crides sortints a l'API del banc a 40 peticions per minut.", so
they report "no user turn says this" about an honest recap. A clause is carried by a
turn in another language when every anchor the words of two languages share (numbers,
names, identifiers, code) agrees, in both directions, within one clause of the turn, and
what this reading can compare across languages agrees too: the units and the rates of
its numbers, the direction of a bound, the zone of a clock time, and whether it denies.
A swapped or invented anchor, a unit or bound turned, or a dropped denial is not carried.

A quote of the user (``User: "…"``) is held to the user's words: a verbatim quote stands
as said; a quote no user turn holds is a claim the user said it.

>>> from contextledger.model import Message
>>> from .evidence import Evidence
>>> ev = Evidence.of([Message.user("Limita les crides a l'API del banc a 40 peticions per minut.", id="u")])
>>> carried("Calls to the bank API are capped at 40 requests per minute.", ev.user)
True
>>> carried("Calls to the bank API are capped at 40 requests per second.", ev.user)
False
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence, Set
from functools import lru_cache

from ...intent import is_nudge
from ...lexicon import claims as lexicon
from ...lexicon.common import FUNCTION_WORDS, SENTENCE_WORDS, listed
from ...lexicon.intent import PREAMBLE_WORDS, TALK_WORDS
from ...lexicon.negation import READ_WORD_BY_WORD, denial
from ...settings_said import word_count
from ..facts import sentences
from ..wording import whole_token
from .corrected import CORRECTED_TO, MOVE_VERB
from .evidence import Claim, Evidence, command_parts
from .handoff import LEAVING_STEMS, names_in, people_who_left, set_aside
from .handoff import has_stem as _has_stem
from .kept import as_ban
from .numbers import loaned_unit, measures, qualities
from .order import IMPERATIVE
from .polarity import choice_of, choice_swapped, preferences
from .reading import MANNER_TAIL, fold, quote
from .values import canonical, clock_written
from .words import (
    denies_unread,
    restricts,
    swapped_words,
    turkish_denies,
    without_false_friends,
)

__all__ = [
    "carried",
    "chose_rejected",
    "contradicted",
    "corrected_in_other_words",
    "corrected_to",
    "correction_order",
    "english_turn",
    "forbidden_asked",
    "forbidden_made_rule",
    "named_after_leaving",
    "quoted_user",
    "said_verbatim",
    "switched_around",
    "user_quote",
    "without_translated",
]

# Words that mark an English clause and are no ordinary word of the other languages
# recaps are written from; and words some of those languages share with English, which
# count in a clause only beside the others ("is", "of", "to", "for", "in").
_ENGLISH = listed(
    """
    the are were be been must should shall will would can could with from this that these
    those than only never not each every its their they you and which when into has have
    had after before does don't doesn't them our your there what who was also
    nobody anybody anyone anywhere everyone everywhere somebody someone off
    make makes get gets got keep keeps kept add adds added up out including because
    until whether while why how where both either such same another some any many much
    just again already
    """
)
_ENGLISH_TOO = listed("to is of it on for in by at as an we")  # (Dutch "we" too)
# Denials in languages the shared lexicon does not read (a dropped "never" is a lie).
_DENIALS = lexicon.DENIALS

_WORD = re.compile(r"[^\W\d_][^\W_]*(?:'[^\W\d_]+)?")
_NUMBER = re.compile(r"\d+(?:[.,:/]\d+)*")
# An anchor two languages share: code, a path or zone, a version, an acronym, a name
# (a capital inside a sentence), a number
_ANCHOR = re.compile(
    r"`[^`]+`|[^\s`\"'«»“”„()]*[/_][^\s`\"'«»“”„(),;]*[^\s`\"'«»“”„().,;:]|"
    r"(?<![\w.])\d+(?:[.,:]\d+)*(?![\w.]*\w)|(?<=[\s(\"'«“„])[A-Z][\w-]*[A-Z0-9][\w-]*|"
    r"(?<=[\s(\"'«“„])[A-Z][^\W\d_]+|"
    # an id of letters and digits, a commit's sha ("4f2a9c1", "rev246")
    r"(?<![\w.-])(?=[a-z-]*\d)(?=[\d-]*[a-z])[a-z\d][a-z\d-]{5,}(?![\w.]*\w)"
)
_CLAUSE_END = re.compile(r"\s*[;；·]\s*|(?<=[.!?。])\s+")
_QUOTED_USER = re.compile(
    r"""(?ix)^\W*(?:the\s+)?user(?:\s+(?:said|wrote|asked|insisted))?\s*:?\s*
    ["“«„']\s*(?P<words>.+?)\s*["”»'"]\s*\.?\s*$"""
)

_MOVE = re.compile(rf"(?i)\b{MOVE_VERB}\b")


@lru_cache(maxsize=1 << 14)  # claims and record clauses are read again and again
def _english_words(text: str) -> tuple[int, float]:
    """How many words of ``text`` are English's own, and how many English might use
    ("to", "is"; a long word in "-ing" counts half: Dutch nouns end so too, "wijziging",
    "goedkeuring")."""
    words = [w.casefold() for w in _WORD.findall(text)]
    own = sum(w in _ENGLISH for w in words)
    shared = sum(w in _ENGLISH_TOO for w in words) + 0.5 * sum(
        len(w) > 6 and w.endswith("ing") and w not in _DENIALS for w in words
    )
    return own, shared


def _other_language(claim: str, said: str) -> bool:
    """Whether ``said`` is written in another language than ``claim``: an English clause
    (or a label and its values, "Deadline: 9 March 2027.", sharing no word with
    ``said``), and a clause with none of English's own words and few it shares with others
    (paths and code are no words of a language), in the Latin, Greek or Cyrillic script (a
    Cyrillic clause's Latin names and numbers are what both share)."""
    if _beyond_latin(claim):
        return False  # the claim in another script: read by the word checks
    if not _not_english(said):
        return False
    label = ":" in claim and not _plain_words(claim) & _plain_words(said)
    return _english_words(claim)[0] > 0 or label


@lru_cache(maxsize=1 << 12)  # a claim is compared with every clause of the record
def _beyond_latin(text: str) -> bool:
    """Whether ``text`` has a letter of a script after the Latin and Greek ones."""
    return any(c.isalpha() and c >= "\u0400" for c in text)


@lru_cache(maxsize=1 << 15)  # each clause of the record, read once, not once per claim
def _not_english(said: str) -> bool:
    """Whether ``said`` reads as a clause of a language other than English, in the Latin
    (Vietnamese's letters too), Greek or Cyrillic script, or in Korean, Thai, Japanese or
    Chinese, whose denials are read by their marks (see :func:`_other_language`)."""
    if any(c.isalpha() and c >= "\u0530" and not _read_script(c) for c in said):
        return False  # a script whose denials are no words here: read by claims.said
    words = len(_WORD.findall(said))
    bare = _CODE_OR_PATH.sub(" ", said)  # (a path's "staging" is no English word)
    own, shared = _english_words(bare)
    script = any(c.isalpha() and c >= "\u0400" for c in said)  # "Дедлайн — 28 May 2027."
    many = len(_WORD.findall(bare)) >= 2 and words >= 3
    # (one word a language shares with English is no English: "Het limiet is 45 per uur")
    few = shared < 0.15 * words or (shared <= 1 and words >= 4)
    return (many or script) and own == 0 and few


@lru_cache(maxsize=1 << 14)
def _plain_words(text: str) -> frozenset[str]:
    """The words of ``text`` that are no anchor (lower-case, four letters or more; not a
    part of a name with digits or dashes: "west" of "eu-west-3")."""
    words = _WORD.findall(_NAME_WITH_PARTS.sub(" ", text))
    return frozenset(w.casefold() for w in words if len(w) >= 4 and w.islower())


_NAME_WITH_PARTS = re.compile(r"\S*[\d_/-]\S*")


_CODE_OR_PATH = re.compile(r"`[^`]+`|\S*[/_]\S*")


def _anchors(text: str, *, sentence_start: bool = False) -> set[str]:
    found = {_GLUED_TAIL.sub("", a.strip("`")).casefold() for a in _ANCHOR.findall(" " + text)}
    first = _WORD.search(text)
    if first and not sentence_start:  # a capital that opens the sentence names nothing
        found.discard(first.group(0).casefold())
    return {a for a in found if a and a not in _DENIALS and a not in _ENGLISH}


_NO_OBJECTION = re.compile("(?i)" + lexicon.NO_OBJECTION)
# Portuguese writes "in the" as "no", "na", "nos", "nas" and denies with "não" only
_PORTUGUESE = re.compile(r"(?i)[ãõ]|\b(?:não|você|uma|pelo|pela|dos|das|aos|é)\b")
_SPANISH = re.compile(r"(?i)ñ|\b(?:el|los|las|del|usted)\b")
_NO_IN = re.compile(r"(?i)(?<![^\W\d_])nos?(?![^\W\d_])")
_NU = re.compile(r"(?i)(?<![^\W\d_])nu(?![^\W\d_])")
_ROMANIAN = re.compile(r"[ăâîșşțţ]|\b(?:să|și|este|pe)\b", re.IGNORECASE)


def _read_script(c: str) -> bool:
    """Whether a letter is of a script this reading compares beyond the Latin, Greek and
    Cyrillic ones: Vietnamese's Latin letters, Thai, Hangul, kana, CJK ideographs."""
    return (
        "\u1e00" <= c <= "\u1eff"
        or "\u10a0" <= c <= "\u10ff"  # Georgian, whose denials are words (არ, არასოდეს, ნუ)
        or "\u0e00" <= c <= "\u0e7f"
        or "\u3040" <= c <= "\u30ff"
        or "\u4e00" <= c <= "\u9fff"
        or "\uac00" <= c <= "\ud7af"
    )


def _denies(text: str) -> bool:
    # (a bound is no denial: "не більше 4 разів" is "at most 4 times")
    unbound = lexicon.BOUND_LEAST.sub(" ", lexicon.BOUND_MOST.sub(" ", without_false_friends(text)))
    unbound = _NO_OBJECTION.sub(" ", unbound)  # "Não me importo se …": a leave, no denial
    if _PORTUGUESE.search(text) and not _SPANISH.search(text):
        unbound = _NO_IN.sub(" ", unbound)  # Portuguese's "no TestPyPI" is "in the", no "no"
    if not _ROMANIAN.search(text):
        unbound = _NU.sub(" ", unbound)  # Romanian's "no", Dutch's "now" ("Kenji is nu eigenaar")
    # (and Turkish's denial glued to its verb: "değiştirme", "çalıştırılmadı")
    return denial(unbound) or turkish_denies(text)  # the one denial reader (lexicon.negation)


def _pending(text: str) -> bool:
    """Whether ``text`` says something still waits ("väntar på godkännande", "čeká na
    schválení"): a claim that it was done or granted says otherwise (RT26-15)."""
    return _has_stem(text, lexicon.PENDING_STEMS)


def _turned_choice(claim: str, said: str) -> bool:
    """Whether ``claim`` prefers an option ``said`` denies right before naming it and
    turns down one it does not ("Use Perforce, not Git LFS." for "Použij Git LFS 008, ne
    Perforce."): options of several words, which the one-word choice readers leave."""
    folded = said.casefold()
    return any(
        _denied_option(folded, kept) is True and _denied_option(folded, dropped) is False
        for kept, dropped in preferences(claim)
    )


def _denied_option(said: str, option: str) -> bool | None:
    """Whether ``option`` (folded; "git-lfs" may be "git lfs") is named in ``said`` right
    after a denial ("…, ne perforce", "а не looker"); None when ``said`` does not name it."""
    pattern = r"[\s-]".join(re.escape(p) for p in re.split(r"[\s-]+", option) if p)
    found = re.search(rf"(?<![\w.]){pattern}(?!\w)", said) if pattern else None
    if found is None:
        return None
    before = _WORD.findall(said[max(0, found.start() - 20) : found.start()])[-2:]
    return any(w in _DENIALS for w in before)


def _rejects(text: str) -> bool:
    """Whether ``text`` says an option was turned down ("We rejected Kafka", "Odmítli jsme
    Kafka"): a claim that it was chosen says the other way round."""
    return _has_stem(text, lexicon.REJECTED_STEMS)


def _holds(text: str, anchor: str) -> bool:
    """Whether ``text`` (folded) holds ``anchor`` as a whole token (an inflection glued
    on with a hyphen or an apostrophe aside: "API-ul", "v1-API'et", "15.4-nél"; a count's
    suffix glued to its number: "4krát", "3회")."""
    # (a Korean, Japanese or Thai particle written onto it: "CHG40417는", "Redisを")
    after = r"(?!\d|[.,:]\d)" if anchor.isdigit() else rf"(?![^\W{_UNSPACED}]|[.,:]\d)"
    return whole_token(text, anchor, r"(?<![\w.])", after)


_UNSPACED = "\u0e00-\u0e7f\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af"  # Thai, kana, CJK, Hangul
_GLUED_TAIL = re.compile(rf"(?<=[\w.])[{_UNSPACED}]+$")


def _shared_words(claim: str, said: str) -> set[str]:
    """Words of four letters or more both use, none of them English's own: a loanword or
    an identifier ("webhook", "staging", "invoice")."""
    mine = {w.casefold() for w in _WORD.findall(claim) if len(w) >= 4}
    return {w for w in mine - _ENGLISH if _holds(said.casefold(), w)}


def _same_subject(claim: str, said: str, turn: str = "") -> bool:
    """Whether ``claim`` and ``said`` are about the same thing as far as two languages
    can tell: every anchor of each is in the other (at least one), or, with no anchor on
    either side, two words of four letters or more both use."""
    # (values compared as one writing: "21.03.2026" is "2026-03-21", "253,95 €" "€253.95")
    claim, said = canonical(claim), clock_written(canonical(said))  # ("12 Uhr" is 12:00)
    mine, theirs = _anchors(claim), _anchors(said)
    # a day or a month the turn names in its language ("Donnerstag" for "Thursday")
    mine -= {lexicon.DATE_WORDS_ABROAD.get(w, "") for w in _WORD.findall(said.casefold())}
    # (an acronym of a language's own is translated, not swapped: "including VAT" for "con
    # IVA", "MwSt", "TVA"; one the turn has and the claim leaves out is left out)
    own = {a.casefold() for a in _LANGUAGE_ACRONYM.findall(said)} - mine
    translated = {a.casefold() for a in _LANGUAGE_ACRONYM.findall(claim)} - theirs
    if len(translated) <= len(own):
        mine -= translated
    theirs -= own
    if mine:
        # what a summary may leave out of a turn whose anchors it names: the value a
        # correction replaced ("…, nicht am 20") and a capitalized word that is no name
        # (a German noun: "Fenster", "Secret")
        aside = _replaced_values(said) | _set_aside(said)
        theirs = {a for a in theirs if a not in aside and a.split("_")[0] not in aside}
        theirs -= {
            w.casefold() for w in _CAPITALIZED.findall(said) if w.casefold() not in claim.casefold()
        }
    elif _PERSON_REFERRED.search(claim):
        # "nothing goes to production without their approval" for "… bê destûra wê …
        # production", of "Rojda Amed" named before it: a person the claim refers to
        theirs -= {w.casefold() for w in _CAPITALIZED.findall(said)}
    first = _WORD.search(claim)
    if first and first.group(0)[:1].isupper() and re.search(rf"\b{first.group(0)}\b", turn):
        mine.add(first.group(0).casefold())  # "Jonas decided …": a name the turn uses
    folded = said.casefold()
    if not all(any(_holds(folded, n) for n in notations(a)) for a in mine):
        return False
    words = {w.casefold() for w in _WORD.findall(claim)} | mine
    mine_text = claim.casefold()
    if not all(
        any(_holds(mine_text, n) for n in notations(a)) or any(_holds(a, w) for w in words)
        for a in theirs
    ):
        return False  # the turn names what the claim swapped or left out
    shared = len(_shared_words(claim, said))
    return bool(mine) or shared >= (1 if not theirs else 2)


_DECIMAL = re.compile(r"\d+(?:[.,]\d+)+")
# A person the claim names by a pronoun only ("their approval", "ask him")
_PERSON_REFERRED = re.compile(r"(?i)\b(?:their|theirs|them|his|him|her|hers)\b")


def notations(anchor: str) -> tuple[str, ...]:
    """``anchor`` as written, and a number with its separators in the other convention:
    "253,95" (a decimal comma) is "253.95" in an English recap, "1.450" is "1,450"."""
    if not _DECIMAL.fullmatch(anchor):
        return (anchor,)
    return anchor, anchor.translate(_OTHER_SEPARATORS)


_OTHER_SEPARATORS = str.maketrans(".,", ",.")
_CAPITALIZED = re.compile(r"(?<=[\s(\"'«“„])[A-ZÀ-Þ][a-zß-ÿ]+(?![\w-])")
_LANGUAGE_ACRONYM = re.compile(r"(?<![\w./-])(?:[A-Z]{2,4}|MwSt)(?![\w/-]|\.\w)")


# The option a choice sets aside, with the word that does: ", no por la API", "rather than
# through the bank's API", ", nicht stripe-webhook"
_SET_ASIDE = re.compile(
    r"(?i)(?:\s+(?:rather\s+than|instead\s+of)|,\s*(?:not|no|não|non|pas|nicht|niet|ne|nie|не|"
    # ... Polish's and Ukrainian's "and not", Vietnamese "(but) not", Indonesian's, Swahili's,
    # Arabic's and Hebrew's "and not" (review44 R44-ver7: "Dùng HyperLogLog, không phải Set.")
    r"a\s+nie|а\s+не|(?:chứ\s+)?không\s+phải|bukan|sio|وليس|ولا|ולא))"
    r"\s+(?:[^\W\d_]+\s+){0,2}[\w./+-]+"
)


def _set_aside(text: str) -> frozenset[str]:
    """The options ``text`` sets aside ("…, no MySQL", "rather than Redis"), folded."""
    return frozenset(_option_set_aside(m) for m in _SET_ASIDE.finditer(text))


def _option_set_aside(m: re.Match[str]) -> str:
    return m.group(0).split()[-1].strip(".,;:").casefold()


def _differs(claim: str, said: str) -> str | None:
    """What of ``claim`` the other language's ``said`` says otherwise, as far as it can
    be compared across languages: a unit, a rate, a bound, a zone, a denial; or None."""
    swapped = swapped_words(claim, said)  # the user's own words, two of them swapped
    if swapped is not None:
        return f"{swapped[0]} and {swapped[1]} in each other's place"
    units = measures(said)
    for n, dim, unit in measures(claim):
        if dim and (n, dim, unit) not in units and any(m == n for m, _, _ in units):
            if any(m == n and not d and loaned_unit(u, dim, unit) for m, d, u in units):
                continue  # "45 seconds" for "45 sekone": the unit's own word, loaned
            return f"{n} {unit}"  # "7 days" for "7 anys", or for a unit not read here
    said_q = qualities(said)
    for n, kind, value in qualities(claim):
        if any(m == n and k == kind and v != value for m, k, v in said_q):
            return f"{n} {value}"  # "at least 3" for "com a màxim 3"
    if choice_swapped(claim, said) or _turned_choice(claim, said):
        return "the choice turned around"
    if _correction_turned(claim, said):
        return "the correction turned around"  # "5 % (not 7 %)" for "7 %, no del 5 %"
    chosen = choice_of(said)
    mine_choices = preferences(claim) | {c for c in [choice_of(claim)] if c is not None}
    if chosen is not None and mine_choices:
        if any(kept == chosen[1] for kept, _ in mine_choices):
            return (
                "the choice turned around"  # "by the API rather than email" for "…, no por la API"
            )
        # both say one option over another: the "not" of the one set aside is no denial
        # ("by email rather than the bank's API" for "por correo, no por la API del banco")
        claim, said = _SET_ASIDE.sub(" ", claim), _SET_ASIDE.sub(" ", said)
    # (nor is the "no" of an option the claim never names: "the database is PostgreSQL"
    # for "usa PostgreSQL, no MySQL")
    folded_claim = claim.casefold()
    said = _SET_ASIDE.sub(
        lambda m: m.group(0) if _holds(folded_claim, _option_set_aside(m)) else " ", said
    )
    mine_state, said_state = switch_states(claim), switch_states(said)
    if mine_state and said_state and mine_state.isdisjoint(said_state):
        return f"the user said it stays {'/'.join(sorted(said_state))}"
    # (the value a correction replaced, said so on both sides or not named by the claim,
    # is no denial of the rule: "58 seconds (corrected from 91)" for "58 секунд, а не 91")
    mine, folded = _replaced_values(claim), claim.casefold()
    theirs = {v for v in _replaced_values(said) if v in mine or not _holds(folded, v)}
    if stance_unread(said) and _MOVE.search(claim):
        # the manner a move closes on ("… to MariaDB 11.4 without downtime") is said in
        # these languages by an ending ("туҡтауһыҙ", "kesintisiz"): no word of denial to
        # hold it to (a rule's "without their approval" is still held to the user's)
        claim = MANNER_TAIL.sub("", claim)
    turned = _denial_turned(claim, said, mine & theirs, theirs)
    if turned is False and ban_in_unread_words(claim, said):
        turned = None  # (its denial is in words no reader here holds: see the function)
    if turned is not None:
        return "it drops the user's denial" if turned else "it adds a denial"
    if _rejects(said) and not _rejects(claim):
        return "the user rejected it"
    if _pending(said) and not _pending(claim):
        return "the user said it still waits"
    return _qualified_otherwise(claim, said)


def ban_in_unread_words(claim: str, said: str) -> bool:
    """Whether ``claim``, a ban on what it names ("The user said never to touch
    src/payroll/."), may be what ``said`` says in a language whose denials no reader here
    holds ("Kaua rawa e pā ki src/payroll/."): a short sentence, no question, that names
    what the claim names and nothing else, in a few words of its own none of which a read
    language uses (so its having no denial read says nothing), and none of the claim's
    words (the claim's act is its own rendering, not the user's word for it: a turn that
    writes "force-push" itself with words unread around it may allow it as well as ban it).
    A user naming a path and nothing more in a short sentence of their own sets a rule
    on it far more often than not; the claim without its ban stays unsupported there."""
    if not restricts(claim) or said.rstrip().endswith(("?", "？")):
        return False
    named = _anchors(said)
    if not named or not named <= _anchors(claim) or not stance_unread(said):
        return False
    # (the clause naming it: a reason after a comma names nothing, "…, it is another team's")
    # (its particles of one or two letters left out: "U nga tshuki u khumba …")
    rule = _SHORT_WORD.sub(" ", _CODE_OR_PATH.sub(" ", _naming_clause(said)))
    if _shared_words(_CODE_OR_PATH.sub(" ", claim), _CODE_OR_PATH.sub(" ", said)):
        return False
    return 0 < len(_WORD.findall(rule)) <= _SHORT_RULE


def _naming_clause(said: str) -> str:
    """The one clause of ``said`` that names anchors, when its other clauses (cut at a
    comma, a semicolon, a colon or a dash) name none; else ``said`` whole."""
    pieces = [p for p in _CLAUSE_CUT.split(said) if p.strip()]
    naming = [p for p in pieces if _anchors(p, sentence_start=True)]
    return naming[0] if len(naming) == 1 else said


_CLAUSE_CUT = re.compile(r"\s*[,;:，；]\s+|\s+[—–-]\s+")


def stance_unread(said: str) -> bool:
    """Whether ``said`` is in words no reader here holds: outside code and paths, its
    words of three letters or more are none of a language read, nor a denial read. A
    shorter word is a word of many languages ("he", "na", "ki", "ni", "no": English "he",
    Portuguese "na", Spanish "ni" and "no" are a Tongan, Kikuyu, Fijian and Ilocano
    particle too), so what it denies there is not known either."""
    bare = _SHORT_WORD.sub(" ", _CODE_OR_PATH.sub(" ", said))
    own = [w.casefold() for w in _WORD.findall(bare)]
    return (
        bool(own)
        and IMPERATIVE.match(said) is None  # ("Fix src/payroll/ first.": English)
        and _READ_VOCABULARY.isdisjoint(own)
        and not denial(bare)
        and not denies_unread(bare)
    )


_SHORT_WORD = re.compile(r"(?<![^\W\d_])[^\W\d_]{1,2}(?![^\W\d_])")


def _before_said(said: str, dialogue: Sequence[tuple[str, str]]) -> str | None:
    """The turns of ``dialogue`` (role and text, in order) before the first user turn
    holding ``said``, joined and casefolded; None when no user turn holds it."""
    at = next(
        (i for i, (role, text) in enumerate(dialogue) if role == "user" and said in text), None
    )
    return None if at is None else " ".join(text for _, text in dialogue[:at]).casefold()


def chosen_over_earlier(claim: str, said: str, dialogue: Sequence[tuple[str, str]]) -> bool:
    """Whether ``claim``'s choice ("Use Redis instead of Memcached.") is the correction
    ``said`` makes in words whose denials no reader here holds ("Kāo, whakamahia te
    Redis, ehara i te Memcached."), read by what it replaces: ``said`` names both options,
    and the turns before it (``dialogue``: role and text in order) name the one the claim
    sets aside and never the one it keeps. A correction replaces what was there; the
    same choice the other way round keeps what was there and stays unsupported."""
    if not stance_unread(said):
        return False
    earlier = _before_said(said, dialogue)
    if earlier is None:
        return False
    folded = said.casefold()
    return any(
        _holds(folded, kept)
        and _holds(folded, dropped)
        and _holds(earlier, dropped)
        and not _holds(earlier, kept)
        for kept, dropped in preferences(claim)
    )


def corrected_to(claim: str, said: str, dialogue: Sequence[tuple[str, str]]) -> bool:
    """Whether ``claim``, a correction told by where it leads ("The user corrected the
    earlier choice to eu-central-1."), is what ``said`` says in words whose stance no
    reader reads ("Bibore, min berê şaş got — ne us-east-1, eu-central-1 …"): the
    one thing it names is in ``said`` beside another option the turns before named, and
    the turns before never named it (a correction brings in what was not there; "to
    us-east-1" there names the option it replaced)."""
    told = CORRECTED_TO.search(claim)
    # (a denial read is left to the readers: "keep us-east-1, not eu-central-1")
    bare = _SHORT_WORD.sub(" ", _CODE_OR_PATH.sub(" ", said))
    if told is None or denial(bare) or denies_unread(bare):
        return False
    kept = _anchors(claim)
    earlier = _before_said(said, dialogue)
    if earlier is None or len(kept) != 1 or not kept <= _anchors(said):
        return False
    (new,) = kept
    others = _anchors(said) - kept
    return not _holds(earlier, new) and any(_holds(earlier, old) for old in others)


def correction_order(claim: str, said: str, dialogue: Sequence[tuple[str, str]]) -> bool | None:
    """Whether the correction ``claim`` tells ("Germination is measured over 21 days, not
    14.") goes the way the record went, read by when each value came in, whatever words
    ``said`` (the user's sentence) denies with: True when the turns before ``said`` named
    every value the claim sets aside and none it keeps, False when the other way round
    ("14 days, not 21" for "… 21 egunetan …, ez 14."), None when the claim sets nothing
    aside or ``said`` does not name both (nothing to read the order by)."""
    replaced = _replaced_values(claim)
    kept = _values(claim) - replaced
    folded = said.casefold()
    if not replaced or not kept or not all(_holds(folded, v) for v in replaced | kept):
        return None
    earlier = _before_said(said, dialogue)
    if earlier is None:
        return None
    named_before = {v for v in replaced | kept if _holds(earlier, v)}
    if replaced <= named_before and not kept & named_before:
        return True
    if kept <= named_before and not replaced & named_before:
        return False
    return None


def _correction_reversed(claim: str, about: Sequence[str], ev: Evidence) -> bool:
    """Whether every user clause ``about`` the claim holds its correction otherwise: the
    other way round ("14 days, not 21" for "… 21 egunetan …, ez 14." after "14 days"), or
    the kept value in a unit neither the user's clause nor the value it replaces had ("21
    weeks, not 14")."""
    return bool(about) and all(
        correction_order(claim, p, ev.dialogue) is False
        or (correction_order(claim, p, ev.dialogue) and not _unit_kept(claim, p, ev.dialogue))
        for p in about
    )


def corrected_in_other_words(claim: str, said: str, dialogue: Sequence[tuple[str, str]]) -> bool:
    """Whether ``claim``, a correction told in another language than the user's ``said``
    ("Germination is measured over 21 days, not 14." for "Ernetzea 21 egunetan neurtzen
    da, ez 14."), is what ``said`` says as far as its checkable content goes: every anchor
    of the claim is in ``said``, the values go the way the record went (see
    :func:`correction_order`), the unit is kept (see :func:`_unit_kept`), and the claim
    denies nothing besides the value it sets aside. The words around are not compared:
    the English words need not be in a Basque turn."""
    if not _other_language(claim, said) or correction_order(claim, said, dialogue) is not True:
        return False
    if _denies(_unreplaced(claim, _replaced_values(claim))):
        return False
    folded = said.casefold()
    return all(_holds(folded, a.casefold()) for a in _anchors(claim)) and _unit_kept(
        claim, said, dialogue
    )


def _unit_kept(claim: str, said: str, dialogue: Sequence[tuple[str, str]]) -> bool:
    """Whether each unit ``claim``, a correction of ``said``, gives a value it keeps is the
    unit ``said`` gives it, or the one the turns before gave the value it replaces ("21
    days, not 14" after "14 days"; "21 weeks, not 14" there is not)."""
    replaced = _replaced_values(claim)
    before = measures(_before_said(said, dialogue) or "")
    theirs = measures(said)
    return all(
        not dim or (n, dim, unit) in theirs or any((m, dim, unit) in before for m in replaced)
        for n, dim, unit in measures(_unreplaced(claim, replaced))
    )


_SHORT_RULE = 6  # words of its own, besides what it names
# words of the languages read here (their function words, denials, nudges and small talk,
# English's verbs of running and writing): a sentence with one of them is read, its
# polarity too ("Yes, Xmx is 1800m." is English)
_READ_VOCABULARY = (
    _ENGLISH
    | _ENGLISH_TOO
    | _DENIALS
    | FUNCTION_WORDS
    | SENTENCE_WORDS
    | READ_WORD_BY_WORD
    | TALK_WORDS
    | PREAMBLE_WORDS
    | listed(lexicon.RUN_CUES_ENGLISH + lexicon.WRITE_CUES_ENGLISH)
)


# A switch's state in English: "is ON", "must stay off", "set to on", "enabled"
_SWITCH = re.compile(
    r"\b(?:ON|OFF)\b|(?i:\b(?:is|are|be|stays?|remains?|kept|keep|left|set\s+to|turned|switched|"
    r"flipped)\s+(on|off)\b)|"
    # the switch named between the verb and its state: "Keep the feature flag `x_y` off",
    # "Turn flag x_y on"
    r"(?i:\b(?:turn|switch|flip|keep|leave|set|put)\s+(?:[\w-]+\s+){0,3}?(?:`[^`]+`|[\w.-]*_[\w.-]*)"
    r"\s+(on|off)\b)"
)


def switch_states(text: str) -> frozenset[str]:
    """The states (on, off) ``text`` gives a switch, in any language the lexicon reads
    ("must stay OFF", "VYPNUTÝ", "KAPALI", "is enabled")."""
    found = {(m.group(1) or m.group(2) or m.group(0)).casefold() for m in _SWITCH.finditer(text)}
    words = {w.casefold() for w in _WORD.findall(text)}
    if words & lexicon.STATE_ON_WORDS:
        found.add("on")
    if words & lexicon.STATE_OFF_WORDS:
        found.add("off")
    return frozenset(found)


def switched_around(text: str, ev: Evidence) -> list[Claim]:
    """A switch given the other state than the user's last word on it, in any language
    ("Feature flag X is ON in production." for "Příznak funkce X musí zůstat v produkci
    VYPNUTÝ"): the switch is named by an identifier both hold (R24-V1)."""
    mine = switch_states(text)
    names = {a for a in _anchors(text) if re.search(r"[\d_]", a)} if mine else set()
    if not names:
        return []
    last: str | None = None
    for turn in ev.user:
        for piece in _CLAUSE_END.split(turn):
            if any(_holds(piece.casefold(), n) for n in names) and switch_states(piece):
                last = piece
    if last is None or not mine.isdisjoint(switch_states(last)):
        return []
    said = "/".join(sorted(switch_states(last)))
    return [Claim("constraint", text, f"the user said it stays {said}: {quote(last)}")]


def _verb_of(claim: str, clause: str) -> bool:
    """Whether ``clause`` holds a word of four letters or more of ``claim`` that is no
    word of English's own (a loanword verb: "cherry-pick", "deploy", "merge")."""
    folded = clause.casefold()
    words = {w.casefold() for w in _WORD.findall(claim) if len(w) >= 4} - _ENGLISH
    return any(w in folded for w in words)


_GLUED_NE = re.compile(r"(?<![^\W\d_])(?:ne|не|ні)([^\W\d_][\w-]{3,})", re.IGNORECASE)


def _glued_denial(text: str, claim: str) -> bool:
    """Whether ``text`` denies a verb ``claim`` names with a negation glued on as a prefix,
    as Czech, Slovak and Lithuanian write it ("znovu ho necherry-pickuj" for
    "cherry-pick"): the claim's own word after "ne"."""
    words = {w.casefold() for w in _WORD.findall(claim) if len(w) >= 4}
    return any(
        any(m.group(1).casefold().startswith(w) for w in words) for m in _GLUED_NE.finditer(text)
    )


def _denial_turned(claim: str, said: str, mine: Set[str], theirs: Set[str]) -> bool | None:
    """Whether ``claim`` drops (True) or adds (False) a denial of ``said``, or None. An
    option turned down is denied ("X was rejected" for "X 방식을 … 채택하지 않았습니다"),
    and each option is read in its own clause: "Use P; A was rejected" for "we rejected A;
    we will use P" keeps both, "Do not use P; it was rejected" turns P around."""

    def denied(text: str, values: Set[str]) -> bool:
        return (
            _denies(_unreplaced(text, values))
            or _rejects(text)
            or _glued_denial(text, claim)
            or _WITHOUT.search(text) is not None
        )

    split = tuple(c for c in _CLAUSE_END.split(said) if c.strip())
    clauses = _referred(split, frozenset(_anchors(claim)), claim)  # ("…; do not pick it")
    if len(clauses) > 1:
        placed = True  # (a clause naming nothing, "print its value", is read with the whole)
        for part in _CLAUSE_END.split(claim):
            keys = _anchors(part) | _shared_words(part, said)
            holding = [c for c in clauses if any(_holds(c.casefold(), k) for k in keys)]
            if len(holding) != 1:
                placed = False
                continue
            theirs_denied = denied(holding[0], theirs)
            if denied(part, mine) != theirs_denied:
                return theirs_denied
        if placed:
            return None
    said_denied = denied(said, theirs)
    return said_denied if denied(claim, mine) != said_denied else None


# "with no downtime" for "ohne Ausfallzeit": "without" denies as "no" does, in any language
_WITHOUT = re.compile(
    r"(?i)(?<![^\W\d_])(?:without|with\s+no|ohne|sin|sans|senza|sem|zonder|utan|uden|uten|bez)"
    r"(?![^\W\d_])"
)


def _correction_turned(claim: str, said: str) -> bool:
    """Whether ``claim`` sets aside a value ``said`` keeps, and keeps the one it sets
    aside: the correction the other way round."""
    mine, theirs = _replaced_values(claim), _replaced_values(said)
    if not mine or not theirs:
        return False
    kept_mine = _values(claim) - mine
    kept_theirs = _values(said) - theirs
    return bool(mine & kept_theirs) and bool(theirs & kept_mine)


_VALUE = re.compile(r"[\w./:-]*\d[\w./:-]*")


def _values(text: str) -> frozenset[str]:
    return frozenset(v.rstrip(".:/-").casefold() for v in _VALUE.findall(text))


def _unreplaced(text: str, values: Set[str]) -> str:
    """``text`` without the phrase naming one of ``values`` as what a correction replaced:
    "(corrected from 91)" and "…, а не 91" say the same correction, no denial of the rule
    ("The request timeout is 58 seconds (corrected from 91)." for "Виправлення: тайм-аут
    запиту — 58 секунд, а не 91.")."""
    if not values:
        return text
    return _REPLACED.sub(lambda m: " " if _replaced(m) in values else m.group(0), text)


def _replaced_values(text: str) -> frozenset[str]:
    """The values ``text`` names as what a correction replaced."""
    return frozenset(_replaced(m) for m in _REPLACED.finditer(text))


def _replaced(m: re.Match[str]) -> str:
    found = m.group("value") or m.group("replaced") or m.group("gapped") or m.group("before")
    return found.rstrip(".:/-").casefold()


_REPLACED = re.compile(
    r"(?i)\(?\s*\b(?:corrected|changed|updated|moved|raised|lowered)\s+from\s+"
    r"(?P<value>[\w./:-]*\d[\w./:-]*)\s*\)?|"
    rf"[,，]?\s*(?:\b(?:{lexicon.NOT_THAT_NEGATORS}|not|instead\s+of|rather\s+than)\b|"
    r"(?<!\w)(?:а|o|და)\s+(?:не|ne|არა))\s+(?P<replaced>[\w./:-]*\d[\w./:-]*)|"
    # (a word naming the value between, after a comma: "dbt 1.8, not dbt 1.7"; Turkish says
    # it after the value: "dbt 1.7 değil, dbt 1.8")
    # ("7 %, no del 5 %", "12 anni, non 14": after a comma the plain "no" sets aside too)
    rf"[,，]\s*\b(?:{lexicon.NOT_THAT_NEGATORS}|not|no|non|pas)\s+(?:[^\W\d_]+\s+)?"
    r"(?P<gapped>[\w./:-]*\d[\w./:-]*)|"
    r"(?P<before>[\w./:-]*\d[\w./:-]*)\s+değil\b"
)


def _qualified_otherwise(claim: str, said: str) -> str | None:
    """What a rule's qualifiers say otherwise across languages: a wish or an option for
    what the user required ("Signing the builds is optional." for "Du måste signera …"),
    "even if" or "unless" for the user's "only if", an exception the user gave dropped."""
    if lexicon.HEDGES.search(claim) and not lexicon.HEDGES.search(said):
        return "it makes the user's rule a wish or an option"
    if lexicon.RULE_EVEN_IF.search(claim) and not lexicon.RULE_EVEN_IF.search(said):
        return "the user's requirement became 'even if'"
    if bool(lexicon.RULE_UNLESS.search(claim)) != bool(lexicon.RULE_UNLESS.search(said)):
        return "the condition turned around"
    if lexicon.RULE_EXCEPT.search(said) and not lexicon.RULE_EXCEPT.search(claim):
        return "it drops the user's exception"
    return None


def _same_subject_clauses(
    claim: str, turns: Iterable[str], language_of: str | None = None
) -> list[str]:
    """The clauses of ``turns``, in another language than ``claim`` (or than
    ``language_of``, the sentence a clause is of: "push to main" tells no language of its
    own), about its subject."""
    told = language_of or claim
    out: list[str] = []
    several = _several(claim)
    turns = list(turns)
    needles = _needles(claim)
    spanning = any(c.isspace() for n in needles for c in n)  # (a space may join two sentences)
    for t, (turn, whole_folded, said, folded) in enumerate(_read_turns(tuple(turns))):
        if not needles or not (spanning or _holds_any(whole_folded, needles)):
            continue  # no word the claim could share with it: no clause of it is about it
        for i, (whole, clauses) in enumerate(said):
            nxt = folded[i + 1] if several and i + 1 < len(said) else None
            if not _holds_any(folded[i], needles) and (
                nxt is None or not _holds_any(f"{folded[i]} {nxt}", needles)
            ):
                continue  # (see _needles: no clause of this sentence can be about it)
            after = said[i + 1][0] if i + 1 < len(said) else _opening(turns, t + 1)
            if lexicon.RULE_BUT.search(after):
                # "… push しないでください。ただし hotfix は除きます。": the rule is read with the
                # qualifier its next sentence adds
                out += [f"{whole} {after}"] if _about(claim, whole, turn, told) else []
                continue
            if several and i + 1 < len(said):
                # "X still waits; do not deploy before it is approved." for two sentences of
                # one turn, the second with no anchor of its own ("승인 전에는 배포하지 마세요.")
                both = f"{whole} {said[i + 1][0]}"
                if _about(claim, both, turn, told):
                    out.append(both)
            # the whole sentence when the claim is as long and about it ("…_KEY_003; never
            # print its value." is not carried by its first clause alone), else a clause
            # (a claim of one clause is held to one clause: "Jonas decided X" is not in
            # "Mira decided X; Jonas owns the rollout")
            read_whole = len(_CLAUSE_END.split(claim)) >= len(clauses) > 1
            pieces = (
                (whole,)
                if read_whole and _about(claim, whole, turn, told)
                else _referred(clauses, frozenset(_anchors(claim)), claim)
            )
            english = _english_words(_CODE_OR_PATH.sub(" ", whole))[0] > 0
            found = [
                p
                for p in pieces
                # (a clause of an English sentence is English, with none of the short
                # words that tell: "keep amounts in integer cents" of "Never use floats
                # for prices; keep amounts in integer cents.")
                if p
                and not (english and p != whole and p.isascii())
                and _about(claim, p, turn, told)
            ]
            if found and whole not in found and _values_beyond(claim, found, whole):
                # "use -Xmx3g, not 4g (CI has only 6 GB)" for "mets -Xmx3g, pas 4g ; la CI
                # n'a que 6 Go.": values of the claim its clause leaves to the other one
                found.append(whole)
            out += found
    return out


def _values_beyond(claim: str, pieces: list[str], whole: str) -> bool:
    """Whether ``claim`` gives a value (a word with a digit) no piece of ``pieces`` holds
    and the sentence ``whole`` does."""
    held = _values(" ".join(pieces))
    beyond = _values(claim) - held
    return bool(beyond) and beyond <= _values(whole)


def _referred(clauses: tuple[str, ...], names: frozenset[str], claim: str) -> list[str]:
    """``clauses``, each read with the denying clauses after it that name no anchor of the
    claim: their object is the one named before ("Commit S byl revertnut …; znovu ho
    necherry-pickuj.": the ban is of S)."""
    out: list[str] = []
    for c in clauses:
        # (of what the claim does: "do not cherry-pick it" is no word on "S was reverted")
        # (nor is a clause naming a command of its own: "…, but never run `B`" is of B)
        refers = bool(names and out) and not _holds_any(c.casefold(), names) and "`" not in c
        refers = refers and (_denies(c) or _glued_denial(c, claim)) and _verb_of(claim, c)
        if refers and _holds_any(out[-1].casefold(), names):
            out[-1] = f"{out[-1]}; {c}"
        else:
            out.append(c)
    return out


def _needles(claim: str) -> frozenset[str]:
    """What a clause must hold (folded) for :func:`_same_subject` to find it about
    ``claim``: an anchor of the claim, its first word (a name the turn may use), or a
    word of four letters or more that is not English's own. A sentence holding none is
    passed over unread: each claim was compared with every clause of the record, a
    pasted document's thousands of them (R22-C1)."""
    first = _WORD.search(claim)
    words = {w.casefold() for w in _WORD.findall(claim) if len(w) >= 4} - _ENGLISH
    anchors = {n for a in _anchors(canonical(claim)) for n in notations(a)}
    found = anchors | words | ({first.group(0).casefold()} if first else set())
    return frozenset(found)


def _holds_any(folded: str, needles: frozenset[str]) -> bool:
    return any(n in folded for n in needles)


Clauses = tuple[tuple[str, tuple[str, ...]], ...]


@lru_cache(maxsize=4)  # the record's turns (its user turns, sentences, assistant turns)
def _read_turns(turns: tuple[str, ...]) -> tuple[tuple[str, str, Clauses, tuple[str, ...]], ...]:
    """Each turn with its folded text, its sentences and clauses and its folded sentences,
    read once for all the claims of a recap: a long record's tens of thousands of
    sentences overflowed the per-text caches and were read again for every claim (the cost
    of a 5 MB record grew faster than its size)."""
    return tuple((t, canonical(t).casefold(), _clauses_of(t), _folded_sentences(t)) for t in turns)


@lru_cache(maxsize=1 << 14)
def _folded_sentences(turn: str) -> tuple[str, ...]:
    """The sentences of :func:`_clauses_of`, folded, their values written one way."""
    return tuple(canonical(whole).casefold() for whole, _ in _clauses_of(turn))


def _opening(turns: list[str], t: int) -> str:
    """The first sentence of ``turns[t]`` ("" past the end)."""
    if t >= len(turns):
        return ""
    said = _clauses_of(turns[t])
    return said[0][0] if said else ""


@lru_cache(maxsize=1 << 14)  # a turn of the record is asked about by every claim
def _clauses_of(turn: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each sentence of ``turn`` with its clauses."""
    return tuple(
        (whole, tuple(p for c in _CLAUSE_END.split(whole) for p in command_parts(c) or [c]))
        for whole in sentences(turn)
    )


def _about(claim: str, said: str, turn: str, told: str) -> bool:
    return _other_language(told, said) and _same_subject(claim, said, turn)


def carried(claim: str, turns: Iterable[str]) -> bool:
    """Whether one clause of one of ``turns``, written in another language than
    ``claim``, carries it (see the module's note), and no clause of ``claim`` is said
    otherwise by every clause about it ("push to main; do not run `X`" is not carried by
    "… kein `X` …" when the turn before says "niemals … auf main pushen")."""
    turns = list(turns)
    if not any(_differs(claim, p) is None for p in _same_subject_clauses(claim, turns)):
        return False
    parts = [c for c in _SAID_PARTS.split(claim) if c.strip()]
    return len(parts) < 2 or not any(_said_otherwise(p, turns, claim) for p in parts)


# The clauses of a claim, each said on its own: "never to run X and asked to modify Y"
_SAID_PARTS = re.compile(
    r"\s*[;；·]\s*|(?<=[.!?。])\s+|,?\s+and\s+(?=(?:then\s+)?(?:asked|said|wants|wanted|told|"
    r"required|requested|forbade|decided|chose|insisted|corrected)\b)"
)


def _several(claim: str) -> bool:
    """Whether ``claim`` joins clauses that two sentences of a turn may say apart ("…
    corrected the database to PostgreSQL and the discount to 7%")."""
    return len(_CLAUSE_END.split(claim)) > 1 or _AND.search(claim) is not None


_AND = re.compile(r"(?i),?\s+and\s+")


def _said_otherwise(part: str, turns: list[str], claim: str) -> bool:
    """Whether clauses of ``turns`` are about ``part`` (a clause of ``claim``) and each
    says it otherwise."""
    about = _same_subject_clauses(part, turns, claim)
    return bool(about) and all(_differs(part, p) is not None for p in about)


@lru_cache(maxsize=1 << 12)
def english_turn(turn: str) -> bool:
    """Whether a user turn reads as English as a whole: one of English's own words or
    more, and with the words English shares with others a third of its words or more."""
    own, shared = _english_words(_CODE_OR_PATH.sub(" ", turn))
    return own >= 1 and own + shared >= len(_WORD.findall(turn)) / 3


_NOT_DONE_YET = re.compile(
    r"(?i)\b(?:has|have|had)\s+not\s+(?:yet\s+)?been\b|\b(?:hasn'?t|haven'?t|hadn'?t)\s+"
    r"(?:yet\s+)?been\b|\bnot\s+yet\s+(?:been\s+)?\w+ed\b|"
    # ("The assistant did not retry sending F-2291."; a wish denied is the user's word)
    r"\b(?:did\s+not|didn'?t)\s+(?!want|wish|like|allow|permit|agree|approve|accept|forbid|ban|prohibit|object|say|ask|mind)\w+"
)


def contradicted(claim: str, ev: Evidence) -> list[Claim]:
    """A rule said back in another language with its unit, bound, zone or denial turned
    ("A release is tagged unless the smoke test is green." for "Etiqueta una versió
    només si la prova de fum de staging està en verd."), when no user clause carries it."""
    if _NOT_DONE_YET.search(claim):
        return []  # "Sending F-2291 has not been retried.": what happened, no rule turned
    about = _same_subject_clauses(claim, ev.user)
    if about and len(_CLAUSE_END.split(claim)) > 1:  # two sentences of one turn too
        about += _same_subject_clauses(claim, ev.user_turns)
    if about:
        # a short sentence of an English turn is English ("Yes, Xmx is 1800m. Lower it to
        # 1400m, not 1200m …"), though too few of its words tell on their own (R31-V12)
        english = [t for t in ev.user_turns if english_turn(t)]
        about = [p for p in about if not any(p in t for t in english)]
    if _correction_reversed(claim, about, ev):
        return [Claim("constraint", claim, f"the correction turned around: {quote(about[0])}")]
    # (each clause read as the ban it states too: "Leave migrations/ untouched." is "Do not
    # modify migrations/.")
    if not about or any(
        _differs(claim, p) is None
        or _differs(claim, as_ban(p)) is None
        or _differs(_manner_unread(claim, p), p) is None
        or chosen_over_earlier(claim, p, ev.dialogue)
        or corrected_to(claim, p, ev.dialogue)
        or corrected_in_other_words(claim, p, ev.dialogue)
        for p in about
    ):
        return []
    what = _differs(claim, about[0])
    return [Claim("constraint", claim, f"not what the user said ({what}): {quote(about[0])}")]


def _manner_unread(claim: str, said: str) -> str:
    """``claim`` less the manner it closes on ("…, without downtime") when ``said`` names
    what that manner is about in words no reader here holds ("… ferry Kafka irraa gara
    Redpanda downtime malee …"): whether the user said "with" or "without" it cannot be
    read there, so the manner adds no denial. ``claim`` as it is otherwise."""
    tail = MANNER_TAIL.search(claim)
    if tail is None or not stance_unread(said):
        return claim
    about = [w.casefold() for w in _WORD.findall(tail.group("what"))]
    if not about or not all(_holds(said.casefold(), w) for w in about):
        return claim
    return claim[: tail.start()] + claim[tail.end() :]


# What the word-overlap checks report when they cannot find a clause's words in a turn
# of a role: a clause a turn of that role carries in another language is no such claim.
_NOT_FOUND_BY = {
    "no user turn says this": "user",
    "the user said it, not": "user",
    "the user said the opposite about": "user",
    "no assistant turn says this": "assistant",
    "no turn or output says": "either",
}
_NOT_DONE = "no tool call or assistant turn shows it done"
_ANOTHER_ACTOR = "the record says "
_ONLY_ASKED = "only the user asked for it"
_NO_CAUSE = "no tool result or assistant turn gives this cause"
_OWNS = re.compile(
    r"(?i)\b(?:owns?|is\s+(?:now\s+)?(?:the\s+)?(?:owner|lead|responsible|in\s+charge))\b"
)
_STATE = re.compile(r"(?i)\b(?:is|are|must|may|stays?|runs?|goes|remains?|owns?|leads?)\b")
_DONE = re.compile(r"(?i)\b(?:was|were|has|have|had|did|already)\b")


def _excused(c: Claim, text: str, by: dict[str, bool]) -> bool:
    if c.reason.startswith(_NOT_DONE):
        # "Outbound calls are capped at 40 …" for the user's "Cap outbound calls at 40 …":
        # a rule said back as a state, not a claim that it was done
        # (and "X was rejected" for the user's "We rejected X": the user's decision)
        stated = _STATE.search(text) is not None and _DONE.search(text) is None
        return by["user"] and (stated or _rejects(text))
    if c.reason.startswith(_NO_CAUSE):
        # "X was rejected because restores take hours." for "Vi afviste X, fordi
        # gendannelse tager timer.": the reason the user gave for their own decision
        return by["user"] and _rejects(text)
    if c.reason.startswith(_ONLY_ASKED):
        # "Jonas Beck owns the release now" for "Jonas Beck übernimmt das Release": who
        # owns what is the user's word, no result's
        return by["user"] and _OWNS.search(text) is not None
    if c.reason.startswith(_ANOTHER_ACTOR) and " did this, not " in c.reason:
        # "Build harus ditandatangani …": a passive's subject read as the actor named
        return by["user"] and _DONE.search(text) is None
    role = next((r for p, r in _NOT_FOUND_BY.items() if c.reason.startswith(p)), None)
    return role is not None and (by["user"] or by["assistant"] if role == "either" else by[role])


def without_translated(text: str, found: list[Claim], ev: Evidence) -> list[Claim]:
    """``found`` less the claims of not finding ``text``'s words in a turn of a role when
    a turn of that role carries it in another language."""
    if not found or any(c.kind == "number" for c in found):
        return found
    excusable = (_NOT_DONE, _ANOTHER_ACTOR, _ONLY_ASKED, _NO_CAUSE, *_NOT_FOUND_BY)
    if not any(c.reason.startswith(excusable) for c in found):
        return found  # (reading the turns again costs more than every other check here)
    several = _several(text)  # (clauses from two sentences of one turn)
    by = {
        "user": (
            carried(text, ev.user)
            or (several and carried(text, ev.user_turns))
            or _obligation_restated(text, ev.user)
        )
        and not _correction_reversed(text, _same_subject_clauses(text, ev.user), ev),
        "assistant": carried(text, ev.assistant),
    }
    return [c for c in found if not _excused(c, text, by)]


def _obligation_restated(claim: str, turns: Iterable[str]) -> bool:
    """Whether ``claim`` says a user's obligation in other words of the same language
    ("Gli export devono essere cifrati con KMS." for "Devi cifrare gli export con KMS.",
    "Build harus ditandatangani dengan minisign." for "Kamu harus menandatangani build
    dengan minisign."): both require, one clause of a turn shares every anchor both ways
    and a word that names what is required, and nothing the cross-language reading
    compares (denial, bound, unit, choice, qualifier) differs."""
    if not lexicon.REQUIRES.search(claim):
        return False
    for turn in turns:
        for piece in _CLAUSE_END.split(turn):
            if not lexicon.REQUIRES.search(piece) or not _same_subject(claim, piece, turn):
                continue
            named = {w for w in _shared_words(claim, piece) if not lexicon.REQUIRES.search(w)}
            if named and _differs(claim, piece) is None:
                return True
    return False


_USER_SAYS = re.compile(r"(?i)^\W*User:\s*(?P<words>\S.+)$")
_CLIPPED = re.compile(r"\s*(?:…|\.\.\.)\s*$")


def quoted_user(text: str, ev: Evidence, section: str | None = None) -> list[Claim] | None:
    """A quote of the user's words: [] when a user turn holds them (case, spacing, the
    closing stop and a clipped tail aside), a claim when none does, None when ``text``
    quotes no one. ``User: …`` under a section of what the user said is a quote too when
    it is in the user's language (the recap writer quotes the user's sentence as it is;
    "User: Nunca cambies los archivos de tests/." that no turn holds is an invented rule)."""
    m = _QUOTED_USER.match(text)
    bare = None if m else _USER_SAYS.match(text)
    if bare and section in _QUOTING_SECTIONS and len(_WORD.findall(bare.group("words"))) < 3:
        return _short_quote(text, bare.group("words"), ev)
    if bare and not (
        section in _QUOTING_SECTIONS
        and _english_words(bare.group("words"))[0] == 0
        and not any(c.isalpha() and c >= "\u0400" for c in bare.group("words"))
        and len(_WORD.findall(bare.group("words"))) >= 3
    ):
        bare = None  # English, or a script this reading leaves to the word checks
    found = m or bare
    if not found:
        return None
    words = found.group("words")
    if len(fold(words)) < 8:
        return None  # a word or two in quotes: a name, read as any clause
    if fold(_CLIPPED.sub("", words)) in ev.user_words:  # a whole turn (a short one said as one)
        return []
    if _user_sentence(words, ev):
        return []
    return [Claim("user said", text, "no user turn says these words")]


def user_quote(said: str) -> str:
    """The line that gives the user's own sentence in place of a recap line the record
    cannot decide: true whichever way the user meant it, and read back by
    :func:`quoted_user` as the user's words."""
    return f'The user said: "{said}"'


def _short_quote(text: str, words: str, ev: Evidence) -> list[Claim] | None:
    """A quote of one or two words ("User: Restart db-1." for "Only restart db-1 if …"):
    a claim when the clause of the user's holding its words restricts and it does not (an
    "only", an "if", a "not" left out); None otherwise, read as any clause."""
    mine = frozenset(fold(w) for w in _WORD.findall(words))
    if not mine or restricts(words):
        return None
    for turn in ev.user:
        for said in (c for s in sentences(turn) for c in _COMMA_CLAUSE.split(s)):
            theirs = frozenset(fold(w) for w in _WORD.findall(said))
            if mine <= theirs and theirs != mine and restricts(said):
                return [Claim("user said", text, f"the user's words restrict it: {quote(said)}")]
    return None


# (a clause of the user's sentence: "Don't use Redis, use Postgres." quoted "use Postgres"
# is the second's words, which restrict nothing)
_COMMA_CLAUSE = re.compile(r"\s*[,;:，；、]\s*")


def said_verbatim(text: str, ev: Evidence) -> bool:
    """Whether ``text`` (four words or more; a clipped tail aside) is word for word what a
    user turn says: under a section of what the user said, no misattribution (RT25-4: the
    offline recap's own verbatim "Do not edit anything in config/x/ except config/x/a.yaml."
    was read as the condition dropped). Words of a script without spaces are counted as
    :func:`word_count` does: a Japanese sentence is no one word."""
    return word_count(text) >= 4 and _user_sentence(text, ev)


def _user_sentence(text: str, ev: Evidence) -> bool:
    """Whether ``text`` is a whole sentence of a user turn, or a whole turn (case and
    spacing aside); a clipped one ("…") the start of one. A part of a sentence is not:
    "Do not edit config/x/." is not "Do not edit config/x/ except config/x/a.yaml."."""
    clipped = _CLIPPED.search(text) is not None
    words = fold(_CLIPPED.sub("", text))
    said = ev.derive(
        "user sentences folded", lambda: frozenset().union(*(_folded(t) for t in ev.user))
    )
    return words in said or (clipped and any(s.startswith(words) for s in said))


@lru_cache(maxsize=1 << 15)  # each user sentence of the record is read once
def _folded(turn: str) -> frozenset[str]:
    """``turn`` and each of its sentences, folded; and a sentence's words after a short
    lead-in that denies nothing ("Việc cần làm hôm nay: schedule X-band passes …" says
    "schedule X-band passes …" whole)."""
    whole = (turn, *sentences(turn))
    after = [
        s.split(": ", 1)[1] for s in whole if _LEAD_IN.match(s) and not _denies(s.split(": ", 1)[0])
    ]
    unstopped = [tail for s in whole for tail in _after_unstopped_nudge(s)]
    return frozenset(fold(s) for s in (*whole, *after, *unstopped))


_LEAD_IN = re.compile(r"^[^:`\n]{1,60}:\s+\S")  # "Today's task: …", "Zadanie na dziś: …"


def _after_unstopped_nudge(sentence: str) -> list[str]:
    """The sentence a user typed after a nudge with no full stop between ("dobrze Nie
    restartuj db-1." says "Nie restartuj db-1." whole; "güzel db-1 sunucusunu yeniden
    başlatma." says "db-1 sunucusunu yeniden başlatma."): the words after one to four
    opening words that are a nudge (``intent.is_nudge``: nudge words only) and deny nothing
    ("nie" answers, and denies), three words or more. Only a nudge is read as an aside: a rule's own opening ("solo los viernes
    Despliega …", "nie Usuwaj …") is never cut off."""
    words = sentence.split()
    return [
        " ".join(words[at:])
        for at in range(1, min(5, len(words) - 2))
        if _aside(words[:at], words[at])
    ]


def _aside(lead: list[str], opening: str) -> bool:
    """Whether the words ``lead`` typed before ``opening`` are a nudge said aside: nudge
    words only, or an acknowledgement then a word or two ("ok, pokračuj", "fint, fortsæt":
    a "go on" in any language) when the capital of ``opening`` shows a sentence starts there;
    never a denial, a number, an "only" or an "if" ("ok, si falla Reinicia …")."""
    said = " ".join(lead)
    if _denies(said):
        return False
    if is_nudge(said):
        return True
    acknowledged = any(is_nudge(" ".join(lead[:n])) for n in (1, 2) if len(lead) - n in (1, 2))
    return (
        acknowledged
        and opening[:1].isupper()
        and not any(c.isdigit() for c in said)
        and not restricts(said)
        and not lexicon.CONDITIONAL.search(said)
        and not {w.strip(",.!;:").casefold() for w in lead} & lexicon.IF_WORDS
    )


_QUOTING_SECTIONS = frozenset(
    {"Constraints and corrections", "Goal", "Decisions", "Open requests", "User also said"}
)


_CODE = re.compile(r"`([^`]+)`")


def forbidden_asked(text: str, ev: Evidence) -> list[Claim]:
    """A next step that runs a command the user forbade in a language of their own ("Next
    step: run `git push --force origin main`." for "En ningún caso ejecutes `git push
    --force origin main`."): a clause of a user turn that names the command and denies."""
    if _denies(text):
        return []  # "do not run `…`": the rule said back
    for command in _CODE.findall(text):
        for turn in ev.user:
            for piece in _CLAUSE_END.split(turn):
                if f"`{command}`" in piece and _denies(piece):
                    return [Claim("constraint", text, f"the user forbade it: {quote(piece)}")]
    return []


def forbidden_made_rule(text: str, ev: Evidence) -> list[Claim]:
    """An English rule that runs a command the user forbade ("Always run `manage.py flush`
    before a release." for "Never run `manage.py flush`, not even on staging."): a user
    clause denies it before naming it (or, in Korean, Japanese or Thai, after)."""
    if _denies(_CODE.sub(" ", text)):
        return []  # (a command's own "--no-input" is no denial)
    if "`" not in text:
        return _forbidden_named(text, ev)
    if not _english_words(text)[0]:
        return _forbidden_in_own_words(text, ev) or _forbidden_named(text, ev)
    for command in _CODE.findall(text):
        for turn in ev.user:
            for piece in _CLAUSE_END.split(turn):
                at = piece.find(f"`{command}`")
                if at < 0:
                    continue
                scope = _scope(piece, command)
                at = scope.find(f"`{command}`")
                rest = _CODE.sub(" ", scope[:at] + scope[at + len(command) + 2 :])
                if _denies(_CODE.sub(" ", scope[:at])) or (_beyond_latin(rest) and _denies(rest)):
                    return [Claim("constraint", text, f"the user forbade it: {quote(piece)}")]
    return []


def _forbidden_in_own_words(text: str, ev: Evidence) -> list[Claim]:
    """The user's rule against a command said back in the user's own words with its
    denial dropped ("می‌توانی `X` را روی ماشین مشترک اجرا کنی." for "هرگز `X` را روی ماشین
    مشترک اجرا نکن.", "… `X` ஐ இயக்கலாம்." for "… `X` ஐ ஒருபோதும் இயக்காதே."): a user clause
    names the command and denies, no user clause names it without denying, and most of the
    claim's words (by their first four letters: the verb inflected otherwise) are the
    clause's."""
    mine = _stems(_CODE.sub(" ", text))
    if len(mine) < 2:
        return []
    for command in _CODE.findall(text):
        denied: str | None = None
        for turn in ev.user:
            for piece in _CLAUSE_END.split(turn):
                if f"`{command}`" not in piece:
                    continue
                scope = _scope(piece, command)
                if scope.count("`") > 2 or not _denies(_CODE.sub(" ", scope)):
                    return []  # a user clause names it without denying it
                if len(mine & _stems(_CODE.sub(" ", piece))) >= 0.6 * len(mine):
                    denied = denied or piece
        if denied is not None:
            return [Claim("constraint", text, f"the user forbade it: {quote(denied)}")]
    return []


def _scope(piece: str, command: str) -> str:
    """The part of ``piece`` between commas that names ``command``: "nunca ejecutes `B`"
    of "Puedes ejecutar `A`, pero nunca ejecutes `B`." (a command allowed beside a banned
    one is not banned)."""
    return next((p for p in _COMMA.split(piece) if f"`{command}`" in p), piece)


_COMMA = re.compile(r"\s*[,،、，]\s*")


def _stems(text: str) -> frozenset[str]:
    return frozenset(w.casefold()[:4] for w in _MARKED_WORD.findall(text))


# a word with the marks its script writes on its letters (Tamil's vowel signs and virama)
_MARKED_WORD = re.compile(r"[^\W\d_][\w\u0b80-\u0bff\u0900-\u0dff\u200c]*")


def _forbidden_named(text: str, ev: Evidence) -> list[Claim]:
    """An English command to act on a branch or a path that every user clause naming it
    denies before it, in any language ("Merge feature/waitlist-235 now." for "Ära
    merge'i feature/waitlist-235 enne, kui Rūta on selle heaks kiitnud."): the rule said
    away. Only a plain command ("Merge X", "Deploy the X"), without a condition of its own
    ("after Rūta signs off"): a line about the path ("X is owned by legal") is no such."""
    m = _COMMAND_ON.match(text)
    rest = text[m.end() :] if m else ""  # (a condition after the name, not in it: "waitlist")
    if m is None or m.group("verb").casefold() in _NOT_A_VERB or _CONDITIONED.search(rest):
        return []
    name = m.group("name").rstrip(".,;:")
    denied: str | None = None
    for turn in ev.user:
        for piece in _CLAUSE_END.split(turn):
            at = piece.find(name)
            if at < 0 or not _holds(piece.casefold(), name.casefold()):
                continue
            if not _denies(_CODE.sub(" ", piece[:at])):
                return []  # a user clause names it without denying it
            denied = denied or piece
    if denied is None:
        return []
    return [Claim("constraint", text, f"the user forbade it: {quote(denied)}")]


# "Merge feature/x now.", "Deploy the eu-west/prod stack": an English verb, then a name
# with a slash (a branch, a path)
_COMMAND_ON = re.compile(
    r"^\W*(?:please\s+)?(?P<verb>[A-Za-z]+)\s+(?:the\s+)?(?P<name>[\w.-]+/[\w./-]*)"
)
_NOT_A_VERB = listed("the a an this that it we i you they he she user assistant")
_CONDITIONED = re.compile(
    r"(?i)\b(?:until|till|after|once|when|unless|only|if|before|as\s+soon\s+as|approv\w*|"
    r"sign(?:s|ed)?[\s-]off|wait\w*|pending|blocked)\b"
)


def chose_rejected(text: str, ev: Evidence) -> list[Claim]:
    """A choice claimed ("The user chose Isaac Sim 011.", "We went with FastBuild") of an
    option a user clause turned down in any language ("We rejected Isaac Sim 011 because
    …", "Odmítli jsme FastBuild 008, protože …") and no later user clause names without
    turning it down."""
    if lexicon.CHOSE.search(text) is None or _rejects(text) or _denies(text):
        return []
    mine = _anchors(text, sentence_start=True)  # ("S3 Glacier was chosen …": S3 names it)
    phrase = _chosen_phrase(text)
    found: str | None = None
    for turn in ev.user:
        for piece in _CLAUSE_END.split(turn):
            theirs = _anchors(piece) - {a for a in _anchors(piece) if a.isdigit()}
            named = bool(theirs) and theirs <= mine
            # (an option of plain words, named as the claim names it: "a greedy scheduler")
            if named or (phrase and _holds(piece.casefold(), phrase)):
                found = piece if _rejects(piece) else None  # (the last word on it stands)
    if found is None:
        return _chose_other(text, ev)
    return [Claim("user said", text, f"the user turned it down: {quote(found)}")]


def _chosen_phrase(text: str) -> str | None:
    """What a choice claimed names, as written up to the clause's end ("greedy scheduler
    [001]" of "User: we will use a greedy scheduler [001]."), folded; None when it is no
    name of a word of four letters or more."""
    chosen = lexicon.CHOSE.search(text)
    m = _PHRASE.match(text[chosen.end() :]) if chosen else None
    if m is None or not re.search(r"[^\W\d_]{4,}", m.group(1)):
        return None
    return m.group(1).strip().casefold()


_PHRASE = re.compile(r"\s*(?:(?:the|a|an)\s+)?([^.,;:!?()\n]+?)\s*(?:[.,;:!?(\n]|$)")


def _chose_other(text: str, ev: Evidence) -> list[Claim]:
    """A choice claimed ("The assistant chose option-002-batch.") of an option an
    assistant sentence names only beside the one it chose ("Decision: I will implement
    option-002-streaming; option-002-batch would need a maintenance window."): the
    decision is in the other clause (R22-V1 rejected-option-chosen)."""
    if _BY_USER.search(text):
        return []  # (the user's choices: read above, by what the user turned down)
    chosen = lexicon.CHOSE.search(text)
    option = _OPTION.match(text[chosen.end() :]) if chosen else None
    if option is None:
        return []
    name = option.group(0).strip().strip("`").casefold()
    for turn in ev.assistant:
        for sentence in sentences(turn):
            parts = _OPTION_CLAUSES.split(sentence)
            holding = [p for p in parts if _holds(p.casefold(), name)]
            deciding = [p for p in parts if lexicon.ASSISTANT_DECIDES.search(p)]
            if holding and deciding and not set(holding) & set(deciding):
                why = f"the assistant decided otherwise: {quote(sentence)}"
                return [Claim("did", text, why)]
    return []


_BY_USER = re.compile(r"(?i)\b(?:the\s+user|user\s*:)")
# the option a choice names: one word (an identifier) or a name of capitalized words
_OPTION = re.compile(r"\s*(?:the\s+)?(?:`[^`]+`|[\w./-]*[\w/](?:\s+[A-Z0-9][\w./-]*)*)")
_OPTION_CLAUSES = re.compile(r"\s*[;,:]\s+|\s+(?:but|while|whereas|instead\s+of|rather\s+than)\s+")


# A person's name: two words or more each opening with a capital (Latin, Greek, Cyrillic),
# and the number a generated record may give them ("Rafael Costa 165")
def named_after_leaving(text: str, ev: Evidence) -> list[Claim]:
    """A person the user said has left (or moved to another team), named in a recap as if
    still there ("Rafael Costa owns the rollout" after "Rafael Costa har forladt teamet;
    Marko Babić ejer udrulningen nu."): a clause naming them must say they left, or set
    them aside ("Marko Babić owns the rollout now, not Rafael Costa.") (RT26-7, R23-V1)."""
    if not names_in(text) or _has_stem(text, LEAVING_STEMS):
        return []
    gone = ev.derive("people who left", lambda: people_who_left(ev.user_turns))
    for name, said in gone:
        if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text.casefold()) and not set_aside(
            text, name
        ):
            return [Claim("user said", text, f"the user said {name} has left: {quote(said)}")]
    return []
