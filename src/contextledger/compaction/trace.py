"""Tracing a recap's words to the record: content terms, light stemming, synonyms, coverage.

A claim traces to a unit of the record (a user sentence, a tool call, an assistant
sentence) when the unit holds most of the claim's content terms and every *specific*
term of it: a number, a path or identifier, a proper noun, a loaded verb (delete, push,
allow …). A faithful paraphrase changes filler words; a lie changes what is done, to
what, by how much — exactly the terms that must be there.

>>> t = claim_terms("The user wants the login service tests green before Friday's release.")
>>> sorted(t)
['friday', 'login', 'pass', 'releas', 'servic', 'test']
>>> cover(t, unit_terms("Please get the login service tests green before Friday's release."))
(1.0, ())
>>> said = unit_terms("get the login service green")
>>> cover(claim_terms("migrate the login service to Memcached"), said)
(0.5, ('memcach', 'move'))
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from ..lexicon.claims import KOREAN_FUNCTION_WORDS
from .claims.values import CURRENCIES, canonical

_TOKEN = re.compile(r"\w[\w./:+\[\]@-]*")
_DIGIT = re.compile(r"\d")
_CODEISH = re.compile(r"[/_.:\[\]@]|\d|[a-z][A-Z]")

# Words that carry no claim: function words, attribution, and what a paraphrase adds.
FILLER_WORDS = """
    a an the and or but nor to of in on for with that this these those it its it's is are be
    been being was were am as at by from into onto over under about after before again also
    then now just still already only even yet so than too very some any all each every both
    either neither other another such same there here their them they he she him her his
    hers we our us you your i me my mine what when where which who whom whose how why while
    through throughout
    whether if because since until unless though although however also please can could
    would will shall should may might must do does did done doing has have had having get
    gets got getting let lets let's make makes made sure want wants wanted wanting need
    needs needed like likes say says said tell tells told ask asks asked asking request
    requests requested user user's users assistant assistant's agent model explicitly
    clearly later first next finally also too well ok okay yes really actually instead rather way
    thing things something one ones keep kept going go goes went back up out off via per
    using use used uses important importantly note noted mention mentioned state stated
    insist insisted remind reminded instruct instructed specify specified correct corrected
    correction decide decided choose chose agree agreed prefer preferred require required
    order stay stays stayed remain remains repeatedly again once twice task tasks work
    worked working progress preserve preserved preserves preserving retain retains
    retained retaining
    der die das den dem des ein eine einen einem einer eines und oder zu im auf für mit
    von bei vom zum zur
"""
FILLER = frozenset(FILLER_WORDS.split()) | frozenset(KOREAN_FUNCTION_WORDS.split())
# Negation and permission words: polarity is checked apart, never as coverage.
POLARITY_WORDS_LIST = """
    never not no don't dont do-not doesn't won't can't cannot mustn't shouldn't avoid
    without allow allowed allows permit permitted fine acceptable forbid forbade forbidden
    prohibit prohibited always ever off-limits limits banned nothing none nobody
"""
POLARITY_WORDS = frozenset(POLARITY_WORDS_LIST.split())

_IRREGULAR = {
    "ran": "run",
    "running": "run",
    "runs": "run",
    "wrote": "write",
    "written": "write",
    "writes": "write",
    "writing": "write",
    "rewrote": "rewrite",
    "rewritten": "rewrite",
    "made": "make",
    "built": "build",
    "took": "take",
    "taken": "take",
    "broke": "fail",
    "broken": "fail",
    "break": "fail",
    "breaks": "fail",
    "kept": "keep",
    "left": "leave",
    "found": "find",
    "sent": "send",
    "began": "begin",
    "begun": "begin",
    "undid": "undo",
    "undone": "undo",
    "threw": "throw",
    "thrown": "throw",
    "chose": "choose",
    "chosen": "choose",
    "shown": "show",
    "saw": "see",
    "seen": "see",
    "gave": "give",
    "given": "give",
    "red": "fail",
}
# each base form is its own stem: "write" and "wrote" are one term, not "writ" and "write"
_IRREGULAR |= {base: base for base in set(_IRREGULAR.values())}
# Words that say the same thing, folded to one term.
_SYNONYMS = {
    # outcomes
    "green": "pass",
    "pass": "pass",
    "passing": "pass",
    "succeed": "pass",
    "success": "pass",
    "successful": "pass",
    "successfully": "pass",
    "fail": "fail",
    "failur": "fail",
    "failure": "fail",
    "error": "fail",
    "crash": "fail",
    "erroring": "fail",
    # destruction
    "delet": "delete",
    "delete": "delete",
    "remov": "delete",
    "remove": "delete",
    "rm": "delete",
    "rmdir": "delete",
    "erase": "delete",
    "eras": "delete",
    "wipe": "delete",
    "wip": "delete",
    "purg": "delete",
    "purge": "delete",
    "destroy": "delete",
    "unlink": "delete",
    "nuke": "delete",
    "nuk": "delete",
    # change
    "modif": "modify",
    "modify": "modify",
    "modifi": "modify",
    "chang": "modify",
    "change": "modify",
    "edit": "modify",
    "touch": "modify",
    "alter": "modify",
    "updat": "modify",
    "update": "modify",
    # places and things
    "folder": "dir",
    "directory": "dir",
    "directori": "dir",
    "dir": "dir",
    "test": "test",
    "tests": "test",
    "spec": "test",
    "suite": "test",
    "run": "run",
    "execut": "run",
    "execute": "run",
    "invok": "run",
    "invoke": "run",
    # what a paraphrase of a request says in other words
    "option": "flag",
    "timestamp": "time",
    "migrat": "move",
    "migrate": "move",
    "migration": "move",
    "mov": "move",
    "pr": "pull",  # a PR is a pull request
    # bounds said another way: "below 1,500 words" is "under 1,500 words"
    "below": "under",
    "beneath": "under",
    "abov": "over",
    "above": "over",
    "exceed": "over",
}


@lru_cache(maxsize=1 << 16)  # pure, and asked for the same words again and again
def stem(word: str) -> str:
    """A light stem: casefolded, common suffixes off, a doubled final consonant undone."""
    w = word.casefold().strip("'")
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if w in _SYNONYMS:
        return _SYNONYMS[w]
    if _CODEISH.search(w) or "-" in w:
        return w
    if len(w) > 2 and _HANGUL_WORD.match(w):
        return w[:2]  # Korean endings: "저장하세요", "저장": 저장; "아니라", "아니": 아니
    for suffix in ("ing", "ed", "es", "s"):
        if suffix == "es" and not w.endswith(("ses", "xes", "zes", "ches", "shes")):
            continue  # "files" is file+s, not fil+es ("classes", "matches" are +es)
        if suffix == "s" and w.endswith("ss"):
            continue  # "class", "access": no plural
        if len(w) > len(suffix) + 2 and w.endswith(suffix):
            w = w[: -len(suffix)]
            if suffix in ("ing", "ed") and len(w) > 3 and w[-1] == w[-2] and w[-1] not in "slz":
                w = w[:-1]
            break
    if len(w) > 4 and w.endswith("e"):
        w = w[:-1]
    long_form = _ENCY.match(w)  # "idempotency", "idempotent": one word
    if long_form:
        w = long_form.group(1)
    return _SYNONYMS.get(w, w)


_ENCY = re.compile(r"^(\w{6,})(?:ency|enci|ence|enc|ent)$")
_HANGUL_WORD = re.compile(r"^[\uac00-\ud7af]+$")


_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_MEASURE = re.compile(r"^(\d+(?:\.\d+)?)([a-zA-Z%µ]{1,4})$")  # 41.7s, 250ms, 19GiB
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


_DECIMAL = re.compile(r"^\d+\.\d+$")


def _decimal(number: str) -> str:
    """ "38.90" and "38.9" are one number."""
    return number.rstrip("0").rstrip(".") if "." in number else number


def _tokens(text: str) -> list[str]:
    """Words, paths and numbers; a number is written without thousands separators
    ("48,210,344" is 48210344) and without its unit ("250ms" is 250)."""
    return [t for t in map(_token, _raw_tokens(text)) if t]


def _raw_tokens(text: str) -> list[str]:
    """The tokens of ``text`` with dates, amounts and small counts written one way
    ("$1,450" and "1,450 USD", "12/22/2026" and "2026-12-22", "three" and "3")."""
    return _TOKEN.findall(_THOUSANDS.sub("", canonical(text)))


def _token(raw: str) -> str:
    """One raw token as compared ("" for none): see :func:`_tokens`."""
    measure = _MEASURE.match(raw.rstrip(".,:;!?)-/"))
    if measure:
        return _decimal(measure.group(1))
    if _DECIMAL.match(raw.rstrip(".,:;!?)")):
        raw = _decimal(raw.rstrip(".,:;!?)"))
    return raw.rstrip(".,:;!?)-/").removesuffix("'s")


def _split_words(tokens: list[str]) -> list[str]:
    """An alphabetic hyphenated word is its words ("force-pushed" is force, pushed)."""
    out: list[str] = []
    for tok in tokens:
        low = tok.casefold()
        if low in POLARITY_WORDS or not _HYPHENATED.match(tok):
            out.append(tok)
        else:
            out += tok.split("-")
    return out


_HYPHENATED = re.compile(r"^[A-Za-z]+(?:-[A-Za-z]+)+$")


def claim_terms(text: str) -> frozenset[str]:
    """The content terms of a claim (whole tokens: a path stays one term)."""
    # token by token, each distinct token once: records repeat their words, and every
    # record unit and every claim is read this way
    return frozenset().union(*map(_claim_terms_of, set(_raw_tokens(text))))


@lru_cache(maxsize=4096)  # each unit of the record is read again at every recap
def unit_terms(text: str) -> frozenset[str]:
    """The terms a record unit offers: its claim terms plus each part of paths and
    identifiers (``src/login/cache.py`` offers ``cache``)."""
    return frozenset().union(*map(_unit_terms_of, set(_raw_tokens(text))))


@lru_cache(maxsize=1 << 16)  # a pure function of one token: a vocabulary's worth of entries
def _claim_terms_of(raw: str) -> frozenset[str]:
    """The claim terms of one raw token (a hyphenated word gives one per word)."""
    tok = _token(raw)
    out = set()
    if tok and _GLUED.search(tok) and _LATIN_OR_DIGIT.search(tok):
        # a particle Korean or Japanese glues to a name or a number ("FTP에", "GCSに",
        # "7.4를"): the name is the term, as it is with the particle spaced off
        return frozenset().union(*map(_claim_terms_of, _GLUED_SPLIT.findall(tok)))
    for word in _split_words([tok] if tok else []):
        low = word.casefold()
        if low in FILLER or low in POLARITY_WORDS or (len(low) < 2 and not low.isdigit()):
            continue
        s = stem(word)
        if s and s not in FILLER:
            out.add(s)
    return frozenset(out)


_GLUED_SCRIPTS = r"\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"
_GLUED = re.compile(rf"[{_GLUED_SCRIPTS}]")
_LATIN_OR_DIGIT = re.compile(r"[A-Za-z0-9]")
_GLUED_SPLIT = re.compile(rf"[{_GLUED_SCRIPTS}]+|[^{_GLUED_SCRIPTS}]+")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_LOCATION = re.compile(r"^([\w./-]+\.\w+):(\d+)(?::\d+)?$")


@lru_cache(maxsize=1 << 16)
def _unit_terms_of(raw: str) -> frozenset[str]:
    """The unit terms of one raw token: its claim terms and the parts of a path or an
    identifier."""
    out = set(_claim_terms_of(raw))
    tok = _token(raw)
    if _ISO_DATE.match(tok):  # a date with its year says the day without one too
        out.add(f"0000{tok[4:]}")
    located = _LOCATION.match(tok)
    if located:  # "src/app.py:88:5" (a compiler's, a linter's) is the path and line 88
        out |= _unit_terms_of(located.group(1)) | {located.group(2)}
    if tok and (_CODEISH.search(tok) or "-" in tok):
        for part in re.split(r"[/_.:\[\]@=-]+|" + _CAMEL.pattern, tok):
            if part and part.casefold() not in FILLER:
                out.add(stem(part))
                out.add(part.casefold())
        # a whole name between separators ("ProrationTest::testDowngradeMidCycle"
        # offers testDowngradeMidCycle, not only its camel-case parts)
        for part in re.split(r"[/.:\[\]@=]+", tok):
            if part and part.casefold() not in FILLER:
                out.add(stem(part))
    return frozenset(out)


def specific_terms(text: str) -> frozenset[str]:
    """Terms a paraphrase may not drop or invent: numbers, paths and identifiers, proper
    nouns (capitalized mid-sentence) and loaded verbs."""
    out = set()
    toks = _split_words(_tokens(text))
    for i, tok in enumerate(toks):
        s = stem(tok)
        if s in FILLER:
            continue
        if (
            _DIGIT.search(tok)
            or _CODEISH.search(tok)
            or (tok[:1].isupper() and i > 0 and tok.casefold() not in FILLER)
            or s in LOADED
            or s in CURRENCIES  # "1,450 EUR" is not "$1,450"
        ):
            out.add(s)
    return frozenset(out)


LOADED_WORDS = """
    delete modify drop truncat push force deploy publish releas merg rebas reset revert
    migrat install uninstall disabl enabl skip kill restart shutdown overwrit commit tag
    pass fail
"""
LOADED = frozenset(stem(w) for w in LOADED_WORDS.split())


_WORD = re.compile(r"[\w./:=@+-]+")


def words_in(command: str, text: str) -> bool:
    """Whether a command named in prose, outside backticks ("helm upgrade --atomic",
    "kubectl apply was never used"), is in ``text``: each of its words, in any order;
    trailing plain words ``text`` lacks are the prose going on, not the command."""
    have = {w.strip(".,;:") for w in _WORD.findall(text.casefold())}
    words = command.casefold().split()
    while len(words) > 2 and words[-1].isalpha() and words[-1] not in have:
        words.pop()
    return bool(words) and all(w in have for w in words)


# A thing named by its kind: "the orders_archive table", "the `payments-v2` bucket".
_NAMED_THING = re.compile(
    r"(?i)`?([\w.-]+)`?\s+(table|file|dir|directory|folder|branch|bucket|database|db|schema|"
    r"column|index|queue|topic|service|cluster|namespace|repo|repository|module|package|"
    r"job|key|field|endpoint|container|pod|volume|view|flag|env|environment|project|host)s?\b"
)


def renamed(claim: str, unit: str) -> str | None:
    """The name ``unit`` gives a thing that ``claim`` calls by part of it: "the orders
    table" where the record says "the orders_archive table" names another table (the
    unit's terms hold "orders" only as a piece of the identifier). None when it does not."""
    names = plain_names(claim)
    if not names:
        return None
    low = unit.casefold()
    for name, kind in names:
        if not any(f"{name}{sep}" in low or f"{sep}{name}" in low for sep in "_.-"):
            continue  # the unit holds no identifier with the name as a piece of it
        said = {
            m.group(1).casefold() for m in _NAMED_THING.finditer(unit) if stem(m.group(2)) == kind
        }
        if name in said:
            continue
        for other in sorted(said):
            parts = re.split(r"[_.-]+", other)
            if len(parts) > 1 and name in parts:
                return other
    return None


@lru_cache(maxsize=1 << 12)  # a claim is compared with many units
def plain_names(claim: str) -> tuple[tuple[str, str], ...]:
    """The things ``claim`` names by a plain word and their kind ("orders", "tabl" of
    "the orders table"): what :func:`renamed` looks for in a unit."""
    return tuple(
        (m.group(1).casefold(), stem(m.group(2)))
        for m in _NAMED_THING.finditer(claim)
        if not re.search(r"[_.-]", m.group(1))
    )


def cover(claim: Iterable[str], unit: frozenset[str]) -> tuple[float, tuple[str, ...]]:
    """The share of ``claim``'s terms in ``unit`` and the terms it lacks (sorted)."""
    terms = list(dict.fromkeys(claim))
    if not terms:
        return 1.0, ()
    missing = tuple(sorted(t for t in terms if t not in unit))
    return (len(terms) - len(missing)) / len(terms), missing
