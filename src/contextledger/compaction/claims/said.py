"""Claims about who said what: the goal, a constraint, a correction or a request
attributed to the user traces to a user sentence holding most of its words and every
specific one, with the same polarity and preferences the same way round; what the
assistant is said to have said is in an assistant turn, and a rule the user set is not
credited to the assistant; a plan or a permission does not break the user's rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...intent import is_constraint
from ...lexicon import claims as lexicon
from ...lexicon.negation import RETRACTION
from ..facts import extract_claims, sentences
from ..stance import Reading, keeps
from ..timeline import norm_command
from ..trace import (
    FILLER,
    LOADED,
    claim_terms,
    cover,
    plain_names,
    renamed,
    specific_terms,
    stem,
    unit_terms,
    words_in,
)
from ..wording import whole_token
from . import words as lex
from .evidence import Claim, ClaimKind, Evidence, Unit, UnitIndex
from .handoff import people_who_left, without_set_aside
from .kept import as_ban
from .polarity import (
    PERMIT,
    a_name,
    asserts_polarity,
    choice_swapped,
    forbids,
    gives_leave,
    names_option,
    negated,
    permits,
    polarity_unread,
    preferences,
    without_negation,
)
from .reading import (
    BACKTICKED,
    CLAUSE_MARK,
    CORRECTION_NOTE,
    DONE,
    GENERIC_DOING,
    MANNER_TAIL,
    SAYS,
    SAYS_BARE,
    actor_of,
    fold,
    quote,
    without_clauses,
)
from .roles import bound_as_said
from .translated import (
    chosen_over_earlier,
    corrected_in_other_words,
    corrected_to,
    correction_order,
    stance_unread,
)
from .values import dates_in, figures

# Verbs that say the assistant originated a rule or a plan (not that it agreed to one).
_ORIGINATE = re.compile(
    r"(?i)\b(?:proposed|proposes|suggested|suggests|recommended|recommends|insisted|insists|"
    r"decided|decides|chose|chooses|came\s+up\s+with|set\s+(?:the|a)\s+rule|required|"
    r"demanded|mandated|on\s+its\s+own)\b"
)


def _has_token(text: str, value: str) -> bool:
    return whole_token(text, value, r"(?<![\w.])")


_FORBIDDING = re.compile(r"(?i)forb|prohib|bann|veto|object|reject|ruled|warn")
_ACK = re.compile(
    r"(?i)\b(?:confirmed|acknowledged|agreed|noted|promised|repeated|understood|accepted|"
    r"followed|respected|honou?red|complied|obeyed|echoed|restated|recorded|kept|committed)\b"
)
_RULE = re.compile(
    r"(?i)\b(?:must|never|always|should|shall|has\s+to|have\s+to|mustn'?t|don'?t|do\s+not)\b"
)


# A label before the user's own words: "Rule from the user:", "Task:", "User's request:".
_LABEL_HEAD = re.compile(
    r"(?i)^\W*(?:(?:the\s+)?(?:user'?s\s+)?(?:original\s+|latest\s+|standing\s+|first\s+|"
    r"main\s+|current\s+)?(?:rule|constraint|task|goal|request|ask|correction|requirement|"
    r"instruction|preference|note|reminder|quote|words|objective)s?"
    r"(?:\s+(?:from|by|of)\s+(?:the\s+)?user)?|"
    r"(?:from\s+)?(?:the\s+)?user(?:\s+(?:said|says|wrote|writes|asked|asks))?)\s*:\s+"
)
_FIRST_PERSON = re.compile(r"(?i)\b(?:i|i'm|i've|i'd|we|we're|we've|my|our|me|us)\b")


def _unlabelled(text: str) -> str:
    """``text`` without a leading label and the quotes around what follows it."""
    m = _LABEL_HEAD.match(text)
    if m is None:
        return text
    rest = text[m.end() :].strip()
    if len(rest) > 2 and rest[0] in "\"“'" and rest[-1] in "\"”'":
        rest = rest[1:-1]
    return rest


def quotes_user(text: str, ev: Evidence) -> bool:
    """Whether ``text`` is a user sentence (or turn) word for word, behind a label or
    not: it traces to that turn and claims nothing done. Unlabelled first-person words
    would be the recap's own "I", so they do not count."""
    bare = _unlabelled(text)
    if bare == text and _FIRST_PERSON.search(text):
        return False
    folded = fold(bare.strip().strip('"“”'))
    if len(folded.split()) < 3:
        return False
    return folded in ev.user_words


# "reproduces the failure": what reproducing is of, not a claim that something failed
_REPRODUCES = re.compile(
    r"(?i)\b(reproduc\w*)\s+(?:the|this|that|it|a)\s+(?:failure|failing\s+test|bug|issue|"
    r"problem|error|crash)\b"
)


def _said_content(text: str) -> str:
    """What a clause says someone said: the words after "the user said (that|to)"."""
    text = _REPRODUCES.sub(r"\1", _unlabelled(text))
    m = SAYS.match(text)
    rest = text[m.end() :] if m else text
    if not m:
        head = re.match(r"(?i)^.*?\buser'?s\s+\w+\s*(?:is|was|:)\s*", text)
        head = head or _AIM_HEAD.match(text)  # "The goal is to move …": the user's aim
        head = head or lexicon.USER_SAID_HEAD.match(text)  # "Пользователь сказал …"
        if head:
            rest = text[head.end() :]
    rest = re.sub(
        r"(?i)^\W*(?:(?:that|to|it|them|him|her|us|me|the\s+(?:assistant|agent|model))\W+)*",
        "",
        rest,
    )
    return rest.strip()


_AIM_HEAD = re.compile(r"(?i)^\W*(?:the\s+)?(?:goal|aim|objective)\s+(?:is|was)\s+(?=to\s)")
_SAID_SPLIT = re.compile(
    r"(?i)\s*;\s*|:\s+|,?\s+(?:and|but)\s+(?:(?:later|then|also|finally)\s+)?"
    r"(?=(?:never|not|to|that|don'?t|do\s+not|always|use|keep|corrected|said|asked|"
    r"insisted|wants?|told|the\s+user|they)\b)|"
    r",\s+(?:and\s+)?then\s+"  # "first chose L, then XL, then went back to L": three turns
)
# a ban and the reason for it, each said ("X is not to be run since it hits prod"): the
# reason is no part of the ban (a choice's reason stays with it: "switched back to Notion
# because Airtable is too slow" holds which one was slow)
_REASON = re.compile(r"(?i),?\s+(?:since|because)\s+")


def _said_parts(content: str) -> list[str]:
    content = _TOPIC.sub("", content)  # "the serializer choice: use orjson": a label, not said
    parts = [p.strip(" ,.") for p in _SAID_SPLIT.split(content) if p and p.strip(" ,.")]
    out: list[str] = []
    for part in parts:
        ban, sep, reason = _apart(part)
        out += [ban, reason] if sep else [part]
    return out


def _apart(part: str) -> tuple[str, str, str]:
    """``part`` cut before its reason when what comes before it is a ban; else whole."""
    m = _REASON.search(part)
    if m is None or not forbids(part[: m.start()]):
        return part, "", ""
    return part[: m.start()].strip(" ,."), m.group(0), part[m.end() :].strip(" ,.")


_THEN = re.compile(r"(?i),\s+(?:and\s+)?then\s+")
_TOPIC = re.compile(
    r"(?i)^(?:it|them|(?:the|a|an|their|his|her)\s+(?:[\w-]+\s+){0,2}[\w-]+)\s*:\s+"
)


# What a recap adds when it restates a request ("wants src/app.py fixed"): not a claim.
_REQUEST_WORDS_LIST = """
    fix fixed help handle look work working sort address resolve solve name named called give
"""
_REQUEST_WORDS = frozenset(stem(w) for w in _REQUEST_WORDS_LIST.split())


def supporting(
    part: str, units: Sequence[Unit] | UnitIndex, need: float
) -> tuple[list[Unit], Unit | None]:
    """Units that say ``part``: most of its terms and every specific term. Also, when none
    does, the nearest unit, for the reason."""
    index = units if isinstance(units, UnitIndex) else UnitIndex(units)
    good, near = supporting_at(part, index, need)
    return [index.units[i] for i in good], None if near is None else index.units[near]


def supporting_at(part: str, index: UnitIndex, need: float) -> tuple[list[int], int | None]:
    """:func:`supporting` by position in ``index``: the units holding at least ``need``
    of the terms of ``part`` (counted through the index: the others hold too few), all of
    its specific terms and the options of a preference it states; and, when there are
    none, the first unit holding the most of its terms, if that is a third of them or more."""
    terms = claim_terms(part) - _REQUEST_WORDS
    specific = specific_terms(part) & terms
    # the options of a preference are what it is about ("requests not httpx")
    options = [
        re.compile(rf"(?i)(?<!\w){re.escape(o)}(?!\w)")
        for pair in preferences(part)
        for o in pair
        if o.isalpha() and a_name(o) and o.casefold() not in FILLER  # "a pull request"
    ]
    units = index.units
    if not terms:  # nothing to trace: every unit says it
        return [i for i, u in enumerate(units) if all(o.search(u.text) for o in options)], (
            0 if units else None
        )
    hits = index.hits(terms)
    n = len(terms)
    least = next((k for k in range(1, n + 1) if k / n >= need), n + 1)  # the share rises with k
    if specific:  # only the units holding its rarest specific term can hold them all
        rarest = index.holding_all(specific)
        good = [i for i in rarest if hits[i] >= least and specific <= units[i].terms]
    else:
        good = [i for i, k in hits.items() if k >= least]
    if options:
        good = [i for i in good if all(o.search(units[i].text) for o in options)]
    # "the orders table" is not "the orders_archive table", though it shares the terms
    if plain_names(part):
        good = [i for i in good if renamed(part, units[i].text) is None]
    if good and _THING.search(part):
        # "roll back the billing deployment" where the user said "the api deployment"
        good = [i for i in good if names_another(part, units[i].text) is None]
    good.sort()
    if good:
        return good, None  # the nearest unit is for the reason when none says it
    most = max(hits.values(), default=0)
    near = min((i for i, k in hits.items() if k == most), default=None)
    return good, near if most / n >= 0.34 else None


# A thing named by the word before its kind: "the api deployment", "the billing service".
_THING = re.compile(
    r"(?i)\b([a-z][\w.-]*)\s+(deployment|statefulset|daemonset|service|database|table|schema|"
    r"branch|bucket|queue|topic|cluster|namespace|environment|host|server|job|pipeline|chart|"
    r"model|release|repo|repository|module|package|project|endpoint|container|pod|volume)s?\b"
)
# Words before a kind that name no particular one: "the deployment", "a new service"
_NO_NAME = FILLER | {"new", "old", "same", "whole", "main", "last", "previous", "current", "own"}


def names_another(claim: str, unit: str) -> str | None:
    """The thing ``unit`` names where ``claim`` names another of its kind: "the billing
    deployment" of a claim, "the api deployment" of the user's turn (and no billing
    deployment there). None when they agree or either names none.

    >>> names_another("roll back the billing deployment", "Roll the api deployment back.")
    'the api deployment'
    >>> names_another("roll back the api deployment", "Roll the api deployment back.")
    >>> names_another("use pydantic models", "Use pydantic v2 models, not dataclasses.")
    """
    theirs: dict[str, set[str]] = {}
    for m in _THING.finditer(unit):
        if m.group(1).casefold() not in _NO_NAME:
            theirs.setdefault(stem(m.group(2)), set()).add(m.group(1).casefold())
    for m in _THING.finditer(claim):
        name, kind = m.group(1).casefold(), stem(m.group(2))
        if name in _NO_NAME or kind not in theirs or name in theirs[kind]:
            continue
        if whole_token(unit.casefold(), name):
            continue  # "pydantic models" of "pydantic v2 models": the unit names it too
        return f"the {sorted(theirs[kind])[0]} {m.group(2)}"
    return None


_NOT_CHANGING = re.compile(
    r"(?i)\b(?:without|never|not|n't)\s+(?:\w+\s+)?(?:chang|modif|touch|alter|edit)\w*"
)


def _supporting_in(part: str, index: UnitIndex, units: list[int]) -> list[int]:
    """Those of ``units`` (what the part before traced to) that hold half of the terms
    of ``part`` and every specific one: a rule restated in two parts ("port 5432 stays
    closed; access goes through the bastion") says more of one user sentence."""
    terms = claim_terms(part) - _REQUEST_WORDS
    specific = specific_terms(part) & terms
    out = []
    for i in units:
        share, missing = cover(terms, index.units[i].terms)
        if share >= 0.5 and not specific.intersection(missing):
            out.append(i)
    return out


def _restricted_unread(part: str, index: UnitIndex, units: list[int]) -> list[int]:
    """Those of ``units`` (what the part before traced to) that say ``part``, a restriction
    told in English ("…; nothing goes to production without their approval"), in a clause
    of their own in words no reader here holds or denying: the clause shares a term with
    ``part``, and the unit holds every specific term of ``part``. A restriction is the
    cautious side (as :func:`_unread_support` leaves it) when it restricts before its
    manner; a leave ("anything may go …", "everything goes … without …") is never so read, and a name the unit lacks ("… without Bilal's approval") is not its."""
    core = MANNER_TAIL.sub("", part)  # ("everything goes … without their approval" lets be)
    if not units or not lex.restricts(core) or gives_leave(part) or permits(part):
        return []
    terms = claim_terms(part) - _REQUEST_WORDS
    specific = specific_terms(part) & terms
    out = []
    for i in units:
        unit = index.units[i]
        _, missing = cover(terms, unit.terms)
        if specific.intersection(missing):
            continue
        clauses = [c for c in CLAUSE_MARK.split(unit.text) if terms & claim_terms(c)]
        if any(stance_unread(c) or lex.restricts(c) for c in clauses):
            out.append(i)
    return out


# A proper name mid-sentence: "the Atlas billing service", "Priya's branch".
_NAME = re.compile(r"(?<=[\w,;:)] )[A-Z][a-z]{2,}(?:'s)?(?![\w./:@'-])")


def _without_names_said_elsewhere(part: str, ev: Evidence) -> str:
    """``part`` without its proper names when the user said each of them in some turn as
    it is, neither forbidden nor rejected ("this is for the Atlas project", not "never
    Jenkins" or "Redis, not Memcached"): a faithful paraphrase of one request may name
    what the user named in another. ``part`` as it is otherwise."""
    names = list(_NAME.finditer(part))
    if not names:
        return part
    specific = specific_terms(part)
    rejected = {b for _, b in ev.preferred}
    index = ev.said_index
    for m in names:
        word = m.group(0).removesuffix("'s")
        term = stem(word)
        if term not in specific or term in LOADED or word.casefold() in rejected:
            return part
        holding = (index.units[i] for i in index.holding_all([term]))
        if not any(term in u.terms and not u.negated for u in holding):
            return part
    return " ".join(_NAME.sub(" ", part).split())


# Verbs that say which side a preference is on: "prefers A over B", "corrected it from
# 24 to 48" (not "corrected it: A, not B"): the claim is compared with its verb.
_STATED_WITH_VERB = ("correct", "chang", "switch", "mov")


def _paraphrased(part: str, ev: Evidence) -> list[int]:
    """The user unit ``part`` says in other words, whatever the language: one holding
    three quarters of its words (compared by their stems or characters; see
    :func:`~.claims_words.content_terms`) and each of its numbers and names, and
    forbidding or restricting as it does (then the checks of what was said hold it to
    that unit's stance, condition and order)."""
    mine = lex.content_terms(part)
    if len(mine) < 2:
        return []
    index = ev.said_index
    said = ev.derive("said content terms", lambda: [lex.content_terms(u.text) for u in index.units])
    names = lex.content_terms(" ".join(re.findall(r"(?<=\s)[A-Z][\w-]+", part)))
    specific = {t for t in mine if any(c.isdigit() for c in t)} | names
    best = max(range(len(said)), key=lambda i: len(mine & said[i]), default=None)
    if best is None or len(mine & said[best]) < 0.75 * len(mine) or specific - said[best]:
        best = _reworded(part, said, specific)
        best = best if best is not None else _named_unread(mine, said, specific, index)
        if best is None:
            return []
    theirs = index.units[best].text
    if lex.turned(part, theirs) or names_another(part, theirs) is not None:
        return []  # (or "the billing deployment" for the user's "the api deployment")
    if not (figures(part) <= figures(theirs) and dates_in(part) <= dates_in(theirs)):
        return []  # "nine teams" for "7 teams", "200 s" for "200 ms": another value
    return [best]


def _paraphrased_but_manner(part: str, ev: Evidence) -> list[int]:
    """The user unit ``part`` says in other words (:func:`_paraphrased`) once the manner
    it closes on ("… without downtime", "… without stopping it") is set aside, when that
    unit's stance is in words no reader here holds: the act and every anchor are the
    user's; how the user qualified it there cannot be read, and a manner read the other
    way round ("with downtime") is still turned where the unit's words are read."""
    core = MANNER_TAIL.sub("", part)
    if core == part or len(lex.content_terms(core)) < 3:
        return []
    found = _paraphrased(core, ev)
    said = [ev.said_index.units[i].text for i in found]
    if any(_source_told_as_target(core, t) for t in said):
        return []
    return found if all(stance_unread(t) or not lex.turned(part, t) for t in said) else []


def _source_told_as_target(part: str, said: str) -> bool:
    """Whether ``part`` moves something "to" a figure ``said`` gives before another one
    ``part`` leaves out ("to Postgres 13" for "… Postgres 13 … Postgres 16"): a move
    names where it starts before where it ends, in the languages of either word order."""
    target = _TO_FIGURE.search(part)
    if target is None:
        return False
    mine = set(_FIGURE.findall(part))
    at = {n: m.start() for m in _FIGURE.finditer(said) for n in [m.group(0)]}
    told = at.get(target.group("n"))
    return told is not None and any(n not in mine and p > told for n, p in at.items())


_FIGURE = re.compile(r"(?<![\w.])\d+(?:\.\d+)*(?![\w.]*\w)")
_TO_FIGURE = re.compile(r"(?i)\b(?:to|into|onto)\s+(?:[\w-]+\s+){0,2}?(?P<n>\d+(?:\.\d+)*)\b")


# "pip, a nie Poetry", "Decimal, а не float", "PostgreSQL, bukan MySQL", "BigDecimal ולא
# double", "Redis 말고 Memcached": one option over another, not a ban
_CHOICE = re.compile(
    r"(?i),\s*(?:(?:a|а|и|e|y|et|und|en)\s+)?(?:not|nie|не|ei|bukan|tidak|όχι|không(?:\s+phải)?|"
    r"no|não|non|niet|nicht|pas|ne)\s+\S+|(?<!\w)ולא(?!\w)|말고|아니라"
)


def _forbid_unread(good: list[int], index: UnitIndex) -> bool:
    """Whether each unit of ``good`` forbids in words the stance reader does not read
    ("לעולם אל תריץ …", "Μην τρέξεις ποτέ …", "Никогда не запускай …")."""
    return all(lex.denies_unread(index.units[i].text) for i in good)


def _anchored(part: str, ev: Evidence, against: bool) -> list[int]:
    """The user unit that names every anchor of ``part`` (a path, a backticked command, an
    identifier, a URL …) and forbids as it does (``against``: a verb before ``part``
    forbids it), with no condition it could have dropped: a rule restated in another
    language or in a few words of its own ("לא לשנות את pom.xml." for "אל תשנה את הקובץ
    pom.xml.", "The user forbade `terraform destroy`." for "Μην τρέξεις ποτέ `terraform
    destroy`.")."""
    from .anchors import anchors  # (the anchors import what is said here)

    named = [v.casefold() for k, v in anchors(part) if k != "identifier" or "_" in v]
    if not named or len(_WORDS.findall(_NAMED.sub(" ", part))) > 6:
        return []
    index = ev.said_index
    forbids_it = lex.restricts(part) != against
    for i, unit in enumerate(index.units):
        said = unit.text
        # ("Leave X as it is" forbids as "Do not modify X" does)
        if (
            not all(v in said.casefold() for v in named)
            or lex.restricts(as_ban(said)) != forbids_it
        ):
            continue
        if not against and lex.turned(part, said):
            continue  # "Mexa no arquivo X" for "Não mexa no arquivo X": the denial dropped
        if _CONDITIONAL.search(said) or not figures(part) <= figures(said):
            continue  # "never deploy without `make test`": a condition to keep
        return [i]
    return []


def _latin_share(text: str) -> float:
    """The share of the letters of ``text`` that are Latin (ASCII or accented)."""
    letters = [c for c in text if c.isalpha()]
    latin = sum(1 for c in letters if c < "\u0250")
    return latin / len(letters) if letters else 1.0


# (in scripts written without spaces a Latin word sits right beside the letters: "のVPCを")
_LATIN_WORD = re.compile(r"(?<![A-Za-z0-9_./-])[A-Za-z][A-Za-z0-9_.+-]*[A-Za-z0-9]")
_DIGITS = re.compile(r"\d+(?:[.,/]\d+)*")
_ACRONYM = re.compile(r"(?<![\w./-])[A-Z][A-Z0-9]+(?![\w./-])")


def _translated(part: str, ev: Evidence, against: bool) -> str | None:
    """The user sentence written in another script that ``part`` (in a Latin script) says
    ("Never touch the production state file." for "本番のstateファイルには絶対に触らないで
    ください。"), as far as words of two scripts can be compared: every Latin word and
    number of that sentence is in ``part`` (at least one: something ties them), every
    number, path and name of ``part`` is in it, and both restrict or neither does. What
    the other words say is beyond this reading; a swapped, invented or dropped anchor or
    a turned denial is not. None when no sentence is so said."""
    if _latin_share(part) < 0.9:
        return None
    folded = part.casefold()
    mine_numbers = set(_DIGITS.findall(part))
    named = [v.casefold() for f in extract_claims(part) for v in [f.value] if f.kind != "number"]
    # a name with a number in it ("option-005-dual-write") is one name: its number alone in
    # the other sentence ("… (005)") ties nothing
    named += [w.casefold() for w in _LATIN_WORD.findall(part) if _DIGITS.search(w)]
    named += [w.casefold() for w in _ACRONYM.findall(part)]  # "UTC" is no word of a language
    for unit in ev.said_index.units:
        said = unit.text
        if _latin_share(said) > 0.5:
            continue
        latin = [w.casefold() for w in _LATIN_WORD.findall(said)]
        numbers = set(_DIGITS.findall(said))
        if not latin and not numbers:
            continue
        if not all(re.search(rf"(?<![a-z0-9_.-]){re.escape(w)}", folded) for w in latin):
            continue
        if not mine_numbers <= numbers or not all(v in said.casefold() for v in named):
            continue
        if not _same_units(part, said) or choice_swapped(part, said):
            continue  # "120 minutes" for "120 секунд", "float, not Decimal" for "Decimal ולא float"
        if (lex.restricts(part) != against) == lex.restricts(said):
            return said
    return None


def _unread_support(part: str, against: bool, said: Sequence[str]) -> str | None:
    """Why ``part`` cannot stand on ``said`` (the user sentences its words trace to): it
    says what may or must be done, or what was chosen, and every one of them is in a script
    whose denials no reading here holds ("Always run `X`" for "කිසි විටෙක `X` ධාවනය නොකරන්න"):
    word overlap cannot tell "always" from "never" there. A ban said back is left to the
    checks after (it is the cautious side); None when the support can be read."""
    if not said or against or lex.restricts(part) or not asserts_polarity(part):
        return None
    if not all(polarity_unread(_MODIFIER_LETTER.sub("", t)) for t in said):
        return None
    return (
        "the user's words are in a script whose denials are not read here, so they may say "
        f"the opposite: {quote(said[0])}"
    )


# Modifier letters written inside Latin words ("ʻOua", "ngāueʻaki": Tongan's, Hawaiian's
# glottal stop): of no script of their own, they make no word unread
_MODIFIER_LETTER = re.compile(r"[\u02b0-\u02ff]")


def _permits_what_is_limited(part: str, against: bool, said: Sequence[str]) -> str | None:
    """Why ``part`` cannot stand on ``said``: it says something may be done ("Exceeding
    the quota is fine.", "R may be redeployed without approval.") and a user sentence it
    traces to restricts, in any language whose denials are read ("…; არ გადააჭარბო.",
    "не го деплойвай отново без моето разрешение"), with no word of leave of its own
    ("you can skip it, no need to run it" limits a leave), nor any other it traces to.
    None otherwise."""
    if not said or against or not permits(part) or _only(part):
        return None  # ("Only X may be modified.": a scope, which limits, not a leave)
    if any(gives_leave(t) or permits(t) for t in said):
        return None
    limit = next((t for t in said if lex.restricts(t) or _keeps_as_rule(t)), None)
    return None if limit is None else f"the user restricted this: {quote(limit)}"


# Verbs saying the user lifted a rule of theirs ("no longer cares about the timeout")
_LIFTING = re.compile(
    r"(?i)no\s+longer|(?:does|did)\s*n[o']t\s+mind|doesn'?t\s+mind|lifted|relaxed|waived|"
    r"withdrew|rescinded|dropped|changed\s+(?:their|his|her)\s+mind"
)


def _rule_never_lifted(said: Sequence[Unit], ev: Evidence) -> str | None:
    """The user's rule among ``said`` when no user sentence lifts it (gives leave or
    permits, naming a word of the rule): "I no longer care about the timeout" lifts "the
    timeout must stay at 30 seconds"."""
    rule = next((u for u in said if lex.restricts(u.text) or _keeps_as_rule(u.text)), None)
    if rule is None:
        return None
    about = {t for t in rule.terms if not t.isdigit()}
    since = said_at(rule, ev)
    for later in ev.said_index.units:
        if (
            about & later.terms
            and (gives_leave(later.text) or permits(later.text))
            and said_at(later, ev) >= since
        ):
            return None
    return rule.text


# A rule to keep a thing as it is ("the timeout must stay at 30 seconds") limits it as a
# ban does: "the user no longer cares about the timeout" lifts it
_MUST = re.compile(r"(?i)\b(?:must|has\s+to|have\s+to|needs?\s+to|always)\b")


def _keeps_as_rule(text: str) -> bool:
    return keeps(text) and _MUST.search(text) is not None


def _only(text: str) -> bool:
    """Whether ``text`` limits with a word for "only" ("only", "nur", "só", "solo" …)."""
    return bool({w.casefold() for w in _WORDS.findall(text)} & lexicon.ONLY_WORDS)


def _same_units(part: str, said: str) -> bool:
    """Whether each number ``part`` gives in a unit of time or size is given in that unit
    by ``said``, in whatever language ("120 seconds" for "120 секунд")."""
    from .numbers import measures  # (the numbers read what is said here)

    theirs = measures(said)
    return all((n, d, u) in theirs for n, d, u in measures(part) if d)


_WORDS = re.compile(r"[^\W\d_]+")
_NAMED = re.compile(r"`[^`]*`|\S*[./_]\S*")
_CONDITIONAL = lexicon.CONDITIONAL


# An act said not to have happened so far ("has not been filed yet", "nobody has called the
# lab so far", "is still not booked"), with no word of a rule ("must not … yet" is a ban)
_NOT_YET = re.compile(
    r"(?i)(?:(?:\bnot|n't|\bnever)\b(?:\s+\w+){0,8}?\s+(?:yet|so\s+far|until\s+now|as\s+of\s+now)\b|"
    r"\bnot\s+yet\b|\byet\s+to\s+be\b|\b(?:nobody|no\s+one|nothing)\b(?:\s+\w+){1,8}?\s+(?:yet|so\s+far)\b|"
    r"\bstill\s+(?:not|isn't|aren't|hasn't|haven't|needs?\s+to|has\s+to|have\s+to|open|pending)\b)"
)
_RULE_WORD = re.compile(
    r"(?i)\b(?:must|mustn't|should|shouldn't|shall|may|might|can|cannot|can't|do\s+not|don't|"
    r"does\s+not|doesn't|never\s+(?!been\b)\w+|allowed|permitted|forbidden)\b"
)
# A user asking for an act ("remind me to file …", "please book …", "can you send …", "we
# still need to call …"): the act is wanted, not said done
_ASKS_FOR = re.compile(
    r"(?i)\b(?:remind\s+(?:me|us)|please|pls|can\s+you|could\s+you|would\s+you|will\s+you|"
    r"i\s+(?:need|want)\s+you\s+to|(?:i|we)\s+(?:still\s+)?(?:need|have|has|got)\s+to|"
    r"don't\s+forget|do\s+not\s+forget|remember\s+to|make\s+sure|todo|later)\b"
)


def not_done_yet(text: str) -> bool:
    """Whether ``text`` says an act has not happened so far (see ``_NOT_YET``), no rule."""
    return _NOT_YET.search(text) is not None and _RULE_WORD.search(text) is None


def asks_for_it(said: str) -> bool:
    """Whether the user's ``said`` asks for an act rather than telling it done."""
    return _ASKS_FOR.search(said) is not None


_TURNED_AROUND = "the user said the opposite about"
_ASIDE = re.compile(r"\s*\([^()]*\)")


def _aside_of_record(aside: str, ev: Evidence) -> bool:
    """Whether a short aside in brackets gives only figures a tool result or the assistant
    gave ("(min 6)" beside "minReplicas: 6")."""
    found = figures(aside)
    if not found or len(_WORDS.findall(aside)) > 4:
        return False
    said = [r.text for r in ev.results] + list(ev.assistant)
    return all(
        any(re.search(rf"(?<![\d.]){re.escape(n)}(?![\d.]|,\d)", t) for t in said) for n, _ in found
    )


def _in_other_words(
    part: str, rule: str, kept: list[int], good: list[int], stated: Reading, index: UnitIndex
) -> tuple[list[int], bool]:
    """What the stance reader misses in words of other languages: the units ``part``
    keeps after all ("Prohibido ejecutar X" for "nunca ejecutes X": a ban said with a word
    for it; "só com aprovação" for "nunca … sem aprovação"), and whether ``part`` drops a
    denial it cannot read ("Usa la colonna X" for "Non usare mai la colonna X")."""
    if not kept and lex.restricts(rule) and (lex.bans(part) or lex.only_with(part, rule)):
        turned = stated.change(index.stance(good[0])) or ""
        return (good if turned.startswith(_TURNED_AROUND) else kept), False
    dropped = bool(kept) and not lex.restricts(part)
    # (the "no" of a user taking back what they said is no denial of the rule: "… NFS...
    # hapana, rudi kwa S3": S3, not NFS)
    return kept, dropped and all(
        lex.denies_unread(c) or lex.script_denies(c)
        for c in (RETRACTION.sub(" ", _clause_about(part, index.units[i].text)) for i in kept)
    )


def _clause_about(part: str, said: str) -> str:
    """The clause of ``said`` (cut at ";") that shares most words with ``part``: "Data
    stays in us-east-1" restates "… tetap di us-east-1 (#001)", not the ban after the
    semicolon ("tidak boleh ada yang dideploy ke region lain")."""
    # (and after a "without" clause: "…깨뜨리지 않고 송장 …" asks for the part after it)
    cut = re.split(r"\s*[;；、，]\s*", said)
    clauses = [p for c in cut for p in without_clauses(c) if p.strip()]
    if len(clauses) < 2:
        return said
    mine = claim_terms(part)
    return max(clauses, key=lambda c: len(mine & claim_terms(c)))


def _named_unread(
    mine: frozenset[str], said: list[frozenset[str]], specific: set[str], index: UnitIndex
) -> int | None:
    """The one user unit in words no reader here holds that names every name and number
    of a claim naming two or more, and half the claim's words: the words it lacks are the
    ones said in that language ("moved off Kafka onto Redpanda" for "… kuchoka ku Kafka
    kupita ku Redpanda …"); which way round it goes is checked after."""
    if len(specific) < 2:
        return None
    units = [i for i, terms in enumerate(said) if specific <= terms]
    if len(units) != 1 or not stance_unread(index.units[units[0]].text):
        return None
    return units[0] if len(mine & said[units[0]]) >= 0.5 * len(mine) else None


def _reworded(part: str, said: list[frozenset[str]], specific: set[str]) -> int | None:
    """The user unit a rule says in other words of its own language ("Aucun dépôt sur
    impots.gouv sans accord écrit de l'utilisateur." for "Ne dépose rien sur impots.gouv
    sans mon feu vert écrit."): words compared by four letters, the user named as a noun
    left out; the ids and numbers it names (every one, in that unit) hold it to that unit
    when it names any, and then half its words do; three quarters without."""
    mine = lex.loose_terms(lex.content_terms(lexicon.USER_NOUN.sub(" ", part)))
    anchors = {t for t in mine if not t.isalpha()}
    if len(mine) < 3:
        return None
    theirs = [lex.loose_terms(t) for t in said]
    best = max(range(len(theirs)), key=lambda i: len(mine & theirs[i]), default=None)
    if best is None or anchors - theirs[best] or specific - said[best]:
        return None
    need = 0.5 if anchors else 0.75
    if len(mine & theirs[best]) < need * len(mine):
        return None
    # (its numbers held to what they measure: a word it shares besides the act it opens
    # with, "timeout" of "set the timeout to 171 seconds"; "Lower the pool size to 32, not
    # 48." is not "Lower it to 32, not 48." with nothing named before it)
    opening = _WORDS.search(lexicon.USER_NOUN.sub(" ", part))
    act = lex.loose_terms(lex.content_terms(opening.group(0))) if opening else frozenset()
    return best if not anchors or (mine & theirs[best]) - anchors - act else None


def check_user(text: str, ev: Evidence, kind: ClaimKind, *, strict: bool = False) -> list[Claim]:
    """``text`` attributed to the user (a constraint, the goal, a request, a decision):
    each part of it traces to a user sentence or turn holding most of its words and every
    specific one (numbers, paths, names, loaded verbs), said with the same polarity, with
    preferences the same way round. ``strict`` (a constraint, the goal) needs more."""
    if not ev.said:
        return [Claim(kind, text, "the user said nothing in the record")]
    need = 0.7 if strict else 0.6
    plain = _MISTAKE.sub(r", not \g<option>", _note_as_rejection(text))
    # "maxReplicas stays at 24 (min 6)": an aside of a figure a tool or the assistant gave
    # is the record's, not the user's words (its figure is checked as any number is)
    plain = _ASIDE.sub(lambda m: " " if _aside_of_record(m.group(0), ev) else m.group(0), plain)
    head = SAYS.match(plain) or SAYS_BARE.match(plain)
    against = bool(head and _FORBIDDING.match(head.group("verb")))
    before: list[int] = []  # the units the part before traced to
    # "first chose L, then XL, then went back to L": each part said after the one before
    in_turn = -1 if _THEN.search(plain) else None
    for part in _said_parts(_said_content(plain)) or [plain]:
        own = SAYS_BARE.match(part)
        if own and re.match(r"(?i)\W*(?:over|not|instead|rather|and|or|,)\b", part[own.end() :]):
            own = None  # "requests over httpx": a name, not the verb "requests"
        if own:  # "… and asked that Y": this part's own verb
            against = bool(_FORBIDDING.match(own.group("verb")))
            part = _said_content(part[own.end() :]) or part
        if not claim_terms(part) and not preferences(part):
            continue  # "--since, not --after": flags are no terms, but a preference
        index = ev.said_index
        good, near = supporting_at(part, index, need)
        if not good:  # "…; access goes through the bastion": more of the same sentence
            good = _supporting_in(part, index, before) or _restricted_unread(part, index, before)
        kept_as_is = _NOT_CHANGING.sub("keeping", part)
        as_said = part  # (its restriction read as said: "do not change X" restricts X)
        if not good and kept_as_is != part:  # "without changing X" is "keep X as it is"
            good, _ = supporting_at(kept_as_is, index, need)
            part = kept_as_is if good else part
        unnamed = _without_names_said_elsewhere(part, ev) if not good else part
        if unnamed != part:  # "the Atlas billing service": Atlas from another user turn
            good, _ = supporting_at(unnamed, index, need)
            part = unnamed if good else part
        if not good:  # "Los brokers de Kafka no se reinician.": the rule in other words
            good = _paraphrased(part, ev) or _anchored(part, ev, against)
        if not good:  # "Move X to Y without downtime." for "… X … Y, bê ku carekê raweste."
            good = _paraphrased_but_manner(part, ev)
        if not good:  # "The user corrected the earlier choice to X." for "… ne Y, X …"
            good = [i for i, u in enumerate(index.units) if corrected_to(text, u.text, ev.dialogue)]
        if not good:  # "… 21 days, not 14." for "… 21 egunetan …, ez 14.": its values, in order
            good = [
                i
                for i, u in enumerate(index.units)
                if corrected_in_other_words(part, u.text, ev.dialogue)
            ]
        if not good:
            translated = _translated(part, ev, against)
            unread = _unread_support(part, against, [translated] if translated else [])
            if unread:
                return [Claim(kind, text, unread)]
            if translated:
                continue  # "Never touch the production state file." for "本番のstateファイルには…"
        if not good:
            why = "no user turn says this"
            if near is not None:
                unit = index.units[near]
                _, missing = cover(claim_terms(part), unit.terms)
                other = renamed(part, unit.text)
                lacks = (
                    f"it names {other}" if other else f"it does not say {', '.join(missing[:4])}"
                )
                why += f" (nearest: {quote(unit.text)}; {lacks})"
            return [Claim(kind, text, why)]
        # (read before the turns give way to their sentences: "… 400. Do not exceed it.")
        traced = [index.units[i].text for i in good]
        if all(correction_order(part, t, ev.dialogue) is False for t in traced):
            # "14 days, not 21" for "… 21 …, ez 14." after "14 days": the value the record
            # had is the one a correction replaces, whatever words deny it
            return [Claim(kind, text, f"the correction turned around: {quote(traced[0])}")]
        why_not = _unread_support(part, against, traced) or _permits_what_is_limited(
            part, against, traced
        )
        if why_not:
            return [Claim(kind, text, why_not)]
        said_by = own or head
        if said_by is not None and _LIFTING.match(said_by.group("verb")):
            kept_rule = _rule_never_lifted([index.units[i] for i in good], ev)
            if kept_rule is not None:
                return [Claim(kind, text, f"the user set this rule: {quote(kept_rule)}")]
        whole_turns = [i for i in good if len(sentences(index.units[i].text)) > 1]
        if whole_turns and len(whole_turns) < len(good):
            # a sentence of the turn says it: the turn's other rules do not ("Überweise
            # nichts …. Ändere keine Steuerklassen." read whole keeps "Ändere die …")
            good = [i for i in good if i not in whole_turns]
        polarity = forbids(part) != against
        # "the user prefers A over B": the verb says which side of "over" is rejected
        verb = head.group("verb").casefold() if head else ""
        with_verb = verb.startswith("prefer") or (
            verb.startswith(_STATED_WITH_VERB) and re.search(r"(?i)\bfrom\b", part)
        )
        # "Q owns it now, not P" after "P is moving to another team, so Q owns it": the
        # person set aside is the side the hand-off leaves, no denial of the user's words
        gone = people_who_left(index.units[i].text for i in good)
        stance_of = without_set_aside(part, gone) if gone else part
        if against:  # (a reason in parentheses is said plainly, not forbidden: "The user
            # forbids restarting X (it rebuilds its cache for an hour)", R33-V4)
            stance_of = _ASIDE.sub("", stance_of)
        stated = Reading(f"{verb} {stance_of}" if with_verb else stance_of)
        kept = index.keeping(good, stated, flipped=against)
        if not kept:  # (a restriction in a clause of its own of that sentence, not read)
            kept = _restricted_unread(part, index, [i for i in good if i in before])
        if (
            not kept
            and lex.restricts(part) != against
            and not _CHOICE.search(part)
            and _forbid_unread(good, index)
        ):
            kept = good  # "the user forbade X": the user forbade it in words of their own
        if not kept and bound_as_said(part, ev):
            kept = good  # "Priya will open it" where "don't open it yourself" was the assistant's
        if not kept and not against and not_done_yet(part):
            # "The claim has not been filed yet" for "remind me to file the claim": a request
            # is open until done, and saying it is not done yet agrees with it
            kept = [i for i in good if asks_for_it(index.units[i].text)]
        rule = index.units[good[0]].text
        if not against:
            kept, dropped_denial = _in_other_words(part, rule, kept or [], good, stated, index)
            dropped_denial = dropped_denial and not lex.restricts(as_said)
            if dropped_denial and fold(rule) != fold(text):  # (never its own opposite)
                return [Claim(kind, text, f"{_TURNED_AROUND} it: {quote(rule)}")]
        if not kept and any(
            chosen_over_earlier(part, index.units[i].text, ev.dialogue) for i in good
        ):
            kept = good  # "Use A instead of B" for a correction replacing B, in words not read
        if not kept and any(
            corrected_in_other_words(part, index.units[i].text, ev.dialogue) for i in good
        ):
            kept = good  # "… 21 days, not 14." for "… 21 egunetan …, ez 14.": its "ez" not read
        if not kept:  # "… without downtime": a manner the user named in words not read
            kept = _paraphrased_but_manner(part, ev)
        before = kept
        if not kept:
            differs = stated.change(index.stance(good[0]), flipped=against)
            return [Claim(kind, text, f"{differs}: {quote(index.units[good[0]].text)}")]
        if in_turn is not None:
            # parts of one turn are in that turn's order ("at most 2 retries, then the order
            # fails" is one sentence): only an earlier turn is out of order
            later = [at for i in kept if (at := said_at(index.units[i], ev)) >= in_turn]
            if not later:
                return [Claim(kind, text, f"not in that order: {part!r} was said before")]
            in_turn = min(later)
        same = [index.units[i] for i in kept]
        turned_way = _other_way(part, same) or _moved_the_other_way(part, same)
        if turned_way:  # "raise the pool to 32" for "Lower it to 32, not 64"
            return [Claim(kind, text, f"the user said {turned_way}: {quote(same[0].text)}")]
        if _SETTLES.match(verb) and all(_ASKED.search(u.text) for u in same):
            # "the user decided to move the bastion" from "Should we also move the bastion?"
            return [Claim(kind, text, f"the user only asked: {quote(same[0].text)}")]
        dropped = _dropped_condition(part, text, same, strict) if kind == "constraint" else None
        if dropped:
            return [Claim(kind, text, f"the user's condition changed ({dropped})")]
        wider = _widened_command(part, same) if kind == "constraint" else None
        if wider:
            return [Claim(kind, text, f"the user's rule is about {wider!r}, not all of it")]
        traced_to = [index.units[i] for i in good]
        lifted = _lifted_later(part, traced_to, ev) or _leave_given_later(part, traced_to, ev)
        if lifted is not None:
            return [Claim(kind, text, f"the user said otherwise later: {quote(lifted.text)}")]
        said_prefs = index.preferred_in(kept)
        for a, b in sorted(preferences(part)):
            if (b, a) in said_prefs and (a, b) not in said_prefs:
                return [Claim(kind, text, f"the user preferred {b} over {a}, not the reverse")]
        # the user's own words (asked only when it matters: each is a pass over the text)
        quoted = bool(said_prefs) and any(fold(part) in fold(u.text) for u in same)
        if not polarity and not quoted:  # "floats are fine", "use float": the user rejected float
            mine = unit_terms(part)
            for a, b in sorted(said_prefs):
                if names_option(b, mine) and not names_option(a, mine, part):
                    why = f"the user rejected {b} in favour of {a}"
                    return [Claim(kind, text, why)]
        for f in extract_claims(part):
            named = f.value
            if f.kind == "command" and f"`{f.value}" not in part:
                named = prose_command(f.value)  # "pnpm rather than npm": pnpm is named
            if f.kind in ("command", "quoted") and not any(
                f.value.casefold() in " ".join(u.text.casefold().split())
                or (f.kind == "command" and f"`{f.value}" not in part and words_in(named, u.text))
                or (
                    f.kind == "command" and f"`{f.value}" not in part and _names_a_thing(f.value, u)
                )
                for u in same
            ):
                return [Claim(kind, text, f"the user never said {f.value!r}")]
    return []


# Which way a change goes: a claim that says one way where every sentence of the user it
# traces to says the other has turned the change around
_UP = re.compile(
    r"(?i)\b(?:rais(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|bump(?:s|ed|ing)?|grow(?:s|n|ing)?|"
    r"grew|doubl(?:e|es|ed|ing)|higher|larger|bigger)\b"
)
_DOWN = re.compile(
    r"(?i)\b(?:lower(?:s|ed|ing)?|decreas(?:e|es|ed|ing)|reduc(?:e|es|ed|ing)|shrink(?:s|ing)?|"
    r"shrank|halv(?:e|es|ed|ing)|smaller)\b"
)


def _other_way(part: str, units: Sequence[Unit]) -> str | None:
    """ "to lower it" when ``part`` says to raise what every one of ``units`` says to lower
    (or the reverse); None when ``part`` names no way or a unit says it as ``part`` does."""
    up, down = bool(_UP.search(part)), bool(_DOWN.search(part))
    if up == down:
        return None
    theirs = [(bool(_UP.search(u.text)), bool(_DOWN.search(u.text))) for u in units]
    if all(d and not u for u, d in theirs) and up:
        return "to lower it, not raise it"
    if all(u and not d for u, d in theirs) and down:
        return "to raise it, not lower it"
    return None


def check_moved_the_other_way(text: str, ev: Evidence) -> list[Claim]:
    """``text`` moving something from A to B ("The goal is to move the ferry service from
    Redpanda to Kafka.") where the user sentences naming both A and B name B first
    (:func:`_moved_the_other_way`)."""
    move = _FROM_TO.search(text)
    if move is None:
        return []
    pair = [_named(n) for n in (move.group("a"), move.group("b"))]
    units = [u for u in ev.said_index.units if all(p.search(u.text) for p in pair)]
    way = _moved_the_other_way(text, units)
    return (
        []
        if way is None
        else [Claim("user said", text, f"the user said {way}: {quote(units[0].text)}")]
    )


def _named(name: str) -> re.Pattern[str]:
    """``name`` as a word of its own, or with a case ending glued on by a hyphen
    ("Kafka-ста": from Kafka), as languages that inflect a foreign name write it."""
    return re.compile(rf"(?<![\w.-]){re.escape(name)}(?=-[^\W\d_]{{1,5}}(?![\w-])|(?![\w-]))")


def _moved_the_other_way(part: str, units: Sequence[Unit]) -> str | None:
    """ "to move it from B to A" when ``part`` moves something from A to B and every one
    of ``units`` names B before A with no English "from" or "to": a move names where it
    starts before where it ends ("daga Kafka zuwa Redpanda", "Kafka irraa gara Redpanda",
    "Kafka эйстэ Redpanda ёнов"); None otherwise."""
    move = _FROM_TO.search(part)
    if move is None or not units:
        return None
    source, target = move.group("a"), move.group("b")
    for u in units:
        if _ENGLISH_WAY.search(u.text):
            return None
        at = [_named(n).search(u.text) for n in (source, target)]
        if at[0] is None or at[1] is None or at[0].start() < at[1].start():
            return None
    return f"to move it from {target} to {source}"


# "from Kafka to Redpanda", "off Kafka onto Redpanda", "out of Kafka into Redpanda"
# where a move starts or ends: a name, with up to two more names and a version after it
# ("Kafka", "Postgres 16", "NATS JetStream 2.10": the whole value, not its first word)
_MOVE_END = r"[A-Z][\w.-]*\w(?:\s+[A-Z][\w.-]*\w){0,2}(?:\s+v?\d+(?:\.\d+)*(?![\w.]*\w))?"
_FROM_TO = re.compile(
    rf"\b(?:from|off(?:\s+of)?|out\s+of)\s+(?P<a>{_MOVE_END})\s+(?:to|onto|into|over\s+to)\s+"
    rf"(?P<b>{_MOVE_END})"
)
_ENGLISH_WAY = re.compile(r"(?i)\b(?:from|to|into|onto)\b")


# Verbs that say the user settled something, which a question of theirs does not.
_SETTLES = re.compile(
    r"(?i)(?:decided|decides|chose|agreed|approved|okayed|ok'?d|authori[sz]ed|confirmed|"
    r"ruled|mandated|gave\s+permission)"
)
# A question that is no request ("Should we also move …?"; not "Can you move …?")
_ASKED = re.compile(r"(?i)^(?!.*\b(?:can|could|would|will)\s+you\b)(?!.*\bplease\b)[^?]*\?\W*$")


# What limits a rule to some times or cases: "during business hours", "unless CI is red";
# and a threshold, whose amount is the condition: "over €200", "longer than 20 minutes".
# ("I don't mind if you add an index": what is let, no condition)
_QUALIFIER = re.compile(
    r"(?i)(?<!mind\s)(?<!care\s)\b(?P<word>during|unless|except(?:\s+(?:for|when|if|on|in))?|outside(?:\s+of)?|"
    r"until|before|after|while|whenever|without|if)\s+(?P<what>[^.;:,!?()]+)"
)
_BOUND = re.compile(
    r"(?i)\b(?P<bound>over|above|under|below|beyond|exceeding|(?:more|less|fewer|longer|shorter|"
    r"larger|smaller|greater|bigger|higher|lower)\s+than|at\s+(?:least|most)|up\s+to)\s+"
    r"(?P<amount>[€$£]?\d[\d,.]*\s*(?:%|[A-Za-z]+\b)?)"
)


def _dropped_condition(
    part: str, whole: str, units: Sequence[Unit], listed: bool = False
) -> str | None:
    """How ``part`` changes the condition every rule of ``units`` it restates holds
    under: left out ("Do not restart the primary." where the user said "… during
    business hours": the rule restated wider than said) or turned around ("outside
    business hours"). ``listed``: ``part`` is a rule by where it stands. None when one
    of them has no condition, or ``whole`` (the claim ``part`` is of) keeps it."""
    if not (listed or forbids(part) or is_constraint(part)):
        return None  # a rule: said as one, or listed under Constraints ("Cancel any run.")
    # the whole claim: a condition in its lead-in ("Ground rules before you go further:
    # never …") is still said
    mine = unit_terms(whole)
    said = _qualifiers(whole)
    banning = forbids(part)
    found = ""
    for u in units:
        # the rule of the unit the part restates (a turn, a sentence holds several rules:
        # "Cap the spend at £2,300 and keep churn below 2.5%." — the cap has no "below")
        rules = [r for s in sentences(u.text) or [u.text] for r in _rules_of(s)]
        if banning:  # a ban restates a ban: "before Friday's launch" of the sentence that
            # set the task is no condition of "Do not use Redis for this" (R31-V9)
            rules = [r for r in rules if forbids(r) or lex.restricts(r)]
            if not rules:
                continue
        best = max(rules, key=lambda s: len(mine & unit_terms(s)))
        changed = []
        for word, what, terms in _qualifiers(best):
            if terms and not terms & mine:
                changed.append(f"dropped: {word} {what}")
            turned = [w for w, _, t in said if t & terms and _OPPOSITE.get(word) == w]
            if turned:
                changed.append(f"{word} became {turned[0]}")
        if not changed:
            return None
        found = found or changed[0]
    return found or None


# Where a second rule begins in one sentence: "…, and keep …", "…; never …"
_RULES_SPLIT = re.compile(
    r"(?i)\s*;\s*|,?\s+and\s+(?=(?:also\s+)?(?:never|don'?t|do\s+not|always|keep|use|make|"
    r"leave|set|avoid|only|cap|limit|run|stay|put|send|ask|tell|stop|start)\b)"
)


def _rules_of(sentence: str) -> list[str]:
    """The rules of one sentence: cut before a second rule's verb, and at an "and" that
    joins two bounds ("under $1,450 per month and the error rate below 0.5%")."""
    out = []
    for rule in _RULES_SPLIT.split(sentence):
        left, sep, right = rule.partition(" and ")
        if sep and _BOUND.search(left) and _BOUND.search(right):
            out += [left, right]
        elif rule:
            out.append(rule)
    return out


def _qualifiers(text: str) -> list[tuple[str, str, frozenset[str]]]:
    """The conditions of ``text``: (its word, what it says, its terms)."""
    found = [(m.group("word"), m.group("what")) for m in _QUALIFIER.finditer(text)]
    found += [(m.group("bound"), m.group("amount")) for m in _BOUND.finditer(text)]
    return [
        (" ".join(word.casefold().split()), what.strip(), claim_terms(what)) for word, what in found
    ]


def _widened_command(part: str, units: Sequence[Unit]) -> str | None:
    """The command a rule of ``units`` names that ``part`` cuts to a wider one: "never
    run `dbt run` against prod" for the user's "never run `dbt run --full-refresh` …" (a
    rule about one flag made a rule about the whole program)."""
    mine = _commands_named(part)
    if not mine:
        return None
    said = [c for u in units for c in _commands_named(u.text)]
    for cmd in mine:
        # (an unquoted command read shorter than it is: the whole of it is in ``part``)
        longer = [c for c in said if c.startswith(cmd + " ") and c not in part]
        if longer and cmd not in said:
            return longer[0]
    return None


def _commands_named(text: str) -> list[str]:
    """The commands ``text`` names: in backticks, or known to be commands unquoted."""
    found = [f.value for f in extract_claims(text) if f.kind == "command"]
    return found + [" ".join(q.split()) for q in BACKTICKED.findall(text) if q.strip()]


def _lifted_later(part: str, units: Sequence[Unit], ev: Evidence) -> Unit | None:
    """A later user sentence that takes back the rule ``part`` restates (``units``: the
    user sentences it traces to): "Don't offer store credit." after "store credit is fine
    for the damaged box"; or forbids again what ``part`` says is allowed."""
    forbidding = forbids(part)
    if not forbidding and not PERMIT.search(part):
        return None
    what = claim_terms(without_negation(part)) - GENERIC_DOING - _REQUEST_WORDS
    if len(what) < 2:
        return None
    # the rule is where the user said it as ``part`` does: a sentence it traced to that
    # takes it back ("… so you can run the full refresh after all") is the lifting, not it
    rules = [u for u in units if forbids(u.text) == forbidding] or units
    since = max((said_at(u, ev) for u in rules), default=-1)
    if since < 0:
        return None
    index = ev.said_index
    for i in index.covering(what, 0.6):
        later = index.units[i]
        if said_at(later, ev) <= since:
            continue
        permits = bool(PERMIT.search(later.text)) and not forbids(later.text)
        if permits if forbidding else forbids(later.text):
            return later
    return None


# A thing a ban names: a path ("migrations/", "src/schema.py") or a backticked span
_NAMED_THING = re.compile(r"`([^`]+)`|(?<![\w/.])([\w~@-]*[/.][\w~@./*-]*[\w/*]|[\w~@.-]+/)")
# A user giving leave for what was forbidden: "you can edit X now", "You may now change X",
# "feel free to touch X", "go ahead and modify X", "never mind the X rule", "the freeze is over"
_LEAVE_NOW = re.compile(
    r"(?i)\byou\s+(?:can|may)\s+(?:now\s+|also\s+|go\s+ahead\s+and\s+)?(?!not\b|n't)"
    r"(?:edit|change|modify|touch|update|rewrite|refactor|reformat|delete|remove|move|rename)\b|"
    r"\bfeel\s+free\s+to\b|\bgo\s+ahead\s+and\b|\bnever\s+mind\s+(?:the|that|this|about)\b|"
    r"\bforget\s+(?:about\s+)?(?:the|that|this)\b.{0,40}\b(?:rule|ban|restriction|freeze)\b|"
    r"\b(?:freeze|ban|restriction)\s+is\s+(?:over|lifted|off)\b|\bno\s+longer\s+(?:frozen|off[-\s]limits)\b"
)
_NEVER_MIND = re.compile(r"(?i)\bnever\s+mind\b")


def _leave_given_later(part: str, units: Sequence[Unit], ev: Evidence) -> Unit | None:
    """A later user sentence that gives leave for the very thing the ban ``part`` names
    ("Do not modify migrations/." after "OK, you can edit migrations/ now"): the rule was
    lifted, and a recap saying it still holds misleads (R32-verify32-1). Only a ban naming
    a path or a backticked thing: the leave must name it too (or its file name)."""
    if not forbids(part):
        return None
    things = {(a or b).rstrip("/.").casefold() for a, b in _NAMED_THING.findall(part)}
    things = {t for t in things if len(t) > 2}
    if not things:
        return None
    names = things | {t.rsplit("/", 1)[-1] for t in things if "/" in t.strip("/")}
    # (the leave itself may be among the sentences the ban was traced to: it names the thing)
    rules = [u for u in units if not _LEAVE_NOW.search(u.text)]
    since = max((said_at(u, ev) for u in rules), default=-1)
    if since < 0:
        return None
    for later in ev.said_index.units:
        if said_at(later, ev) <= since or not _LEAVE_NOW.search(later.text):
            continue
        said = _NEVER_MIND.sub(" ", later.text).casefold()
        if any(_left_free(said, n) for n in names) and not forbids(said):
            return later
    return None


# a denial or an exception in the clause before a name: "…, but not migrations/",
# "everything except src/schema.py" (the leave is for the others)
_EXCEPTED = re.compile(
    r"\b(?:not|except|excluding|apart\s+from|other\s+than|besides|never|don'?t)\b[^,;:.!?]*$"
)


def _left_free(said: str, name: str) -> bool:
    """Whether ``said`` (casefolded) names ``name`` as a thing its leave covers."""
    at = said.find(name)
    while at >= 0:
        if not _EXCEPTED.search(said, 0, at):
            return True
        at = said.find(name, at + 1)
    return False


def said_at(u: Unit, ev: Evidence) -> int:
    """Where the user said ``u`` (a whole turn: where its first sentence is); -1 when
    that is not known."""
    order = _said_order(ev)
    first = (sentences(u.text) or [u.text])[0]
    return order.get(fold(u.text), order.get(fold(first), -1))


def _said_order(ev: Evidence) -> dict[str, int]:
    """Where each user sentence (folded) is in the record: its first place."""

    def order() -> dict[str, int]:
        out: dict[str, int] = {}
        for at, s in enumerate(ev.user):
            out.setdefault(fold(s), at)
        return out

    return ev.derive("said order", order)


_OPPOSITE = {
    "during": "outside",
    "outside": "during",
    "outside of": "during",
    "before": "after",
    "after": "before",
    "unless": "if",
    "if": "unless",
}


def _names_a_thing(command: str, unit: Unit) -> bool:
    """Whether a "command" read in prose is a program's name before a thing the user
    named ("the git repo" for the user's "the repo"): plain words after it, each in the
    user's sentence, and no flag, path or number."""
    rest = command.split()[1:]
    content = [w for w in rest if w.casefold() not in FILLER]
    return bool(content) and all(w.isalpha() and stem(w) in unit.terms for w in content)


def prose_command(command: str) -> str:
    """A command named in prose without backticks, as far as it is a command: a program
    followed only by plain words ("pnpm rather than", "terraform during the") is the
    program; with flags, paths or numbers it is the whole of it."""
    words = command.split()
    return words[0] if all(w.isalpha() for w in words[1:]) else command


NO_ASSISTANT_TURN = "no assistant turn says this"


def check_assistant(text: str, ev: Evidence) -> list[Claim]:
    """``text`` attributed to the assistant: an assistant turn says it, and a rule the
    user set is not credited to the assistant ("the assistant insisted the pool stays 20")."""
    m = SAYS.match(text)
    content = _said_content(text) if m else text
    verb = m.group("verb") if m else ""
    if _RULE.search(content) or is_constraint(content) or _ORIGINATE.search(text):
        user, _ = supporting(content, ev.said_index, 0.6)
        if user and not _ACK.search(verb or text):
            return [
                Claim(
                    "assistant said",
                    text,
                    f"the user set this rule, not the assistant: {quote(user[0].text)}",
                )
            ]
    for part in _said_parts(content) or [content]:
        if not claim_terms(part) or supporting_at(part, ev.told_index, 0.5)[0]:
            continue
        user, _ = supporting(part, ev.said_index, 0.5)
        why = (
            f"the user said it, not the assistant: {quote(user[0].text)}"
            if user
            else NO_ASSISTANT_TURN
        )
        return [Claim("assistant said", text, why)]
    return []


def check_plan(text: str, ev: Evidence) -> list[Claim]:
    """A next step, plan or permission that breaks a rule the user set ("Next step: run
    rm -rf build", "the legacy table may be dropped before Friday"): a command the rule
    names, or the rule's words said with the other stance."""
    if forbids(text):
        return []
    mine = claim_terms(text)
    plain = " ".join(norm_command(text).split())
    stated = Reading(text)
    for u, rule, banned in ev.rules:
        if any(len(b.split()) > 1 and _has_token(plain, b) for b in banned) or (
            len(rule) >= 2
            and cover(rule, frozenset(mine))[0] >= 0.75
            and stated.change(Reading(u.text)) is not None  # "staging" where "never prod"
        ):
            return [Claim("constraint", text, f"it breaks the user's rule: {quote(u.text)}")]
    index = ev.said_index
    found, _ = supporting_at(text, index, 0.6)
    if found and not index.keeping(found, stated, flipped=False) and not bound_as_said(text, ev):
        differs = stated.change(index.stance(found[0]))
        return [Claim("constraint", text, f"{differs}: {quote(index.units[found[0]].text)}")]
    return []


_PAREN = re.compile(r"\s*\([^()]*\)")


def decided_as_said(text: str, ev: Evidence) -> bool:
    """A ``Decisions`` item with no subject ("Redis is the store, keyed by the
    Idempotency-Key header (after the user's correction)"): what the assistant or the
    user said, in any tense ("I'll go with Redis …"); a note in brackets is no claim."""
    bare = _PAREN.sub("", text).strip()
    if not bare or actor_of(bare) is not None:
        return False
    return bool(supporting_at(bare, ev.spoken_index, 0.85)[0])


_NOTE_FROM = re.compile(r"(?i)\bfrom\s+([\w./+-]+)(?:\s+to\s+([\w./+-]+))?")
_NOTE_WAS = re.compile(
    r"(?i)^(?:the\s+user\s+)?(?:corrected|was|previously|formerly|originally|replacing|"
    r"replaced|instead\s+of|not)\s+([\w./+-]+)$"
)


# "The flag is --since; --after was a mistake": the option after the rule is rejected
_MISTAKE = re.compile(
    r"(?i)\s*[;,]\s*(?:and\s+)?(?:the\s+)?(?P<option>[\w./+-]+)\s+(?:was|is)\s+(?:a\s+mistake|"
    r"wrong|incorrect|a\s+typo|an\s+error)\b"
)


def _note_as_rejection(text: str) -> str:
    """A correction note said as the option it rejects: "48 hours (changed from 24)" is
    "48 hours (not 24)", "Redis (the user corrected Memcached)" is "Redis (not Memcached)"."""

    def plain(m: re.Match[str]) -> str:
        inner = m.group(0)[1:-1].strip()
        moved = _NOTE_FROM.search(inner)
        if moved:
            now = f"{moved.group(2)}, " if moved.group(2) else ""
            return f"({now}not {moved.group(1)})"
        was = _NOTE_WAS.match(inner)
        return f"(not {was.group(1)})" if was else m.group(0)

    return CORRECTION_NOTE.sub(plain, text) if "(" in text else text


# What check_user says when a claim traces to the user but turns their words around.
_TURNED = re.compile(r"(?i)opposite|preferred|rejected|the other way|condition changed|said only")


def restated_rule(text: str, ev: Evidence) -> list[Claim] | None:
    """A rule or a correction restated without a subject: [] when it traces to the user
    with their stance, the claim when it turns their words around, None when no user
    turn says it (then it is read as any other clause: the assistant may have done it)."""
    if DONE.search(CORRECTION_NOTE.sub(" ", text)):
        return None
    found = check_user(text, ev, "constraint")
    if not found:
        return []
    return found if _TURNED.search(found[0].reason) else None


def check_preferences(text: str, ev: Evidence) -> list[Claim]:
    """A preference the user stated, the wrong way round or its rejected option as the
    outcome ("the session cache now uses Memcached" after "use Redis not Memcached")."""
    said = ev.preferred
    if not said:
        return []
    mine = preferences(text)
    for a, b in sorted(mine):
        if (b, a) in said and (a, b) not in said:
            return [Claim("user said", text, f"the user preferred {b} over {a}, not the reverse")]
    if mine or negated(text):
        return []
    words = claim_terms(text)  # whole tokens: "stripe" is not in STRIPE_API_KEY
    for a, b in sorted(said):
        if names_option(b, words) and not names_option(a, words, text) and _about(text, (a, b), ev):
            return [Claim("user said", text, f"the user rejected {b} in favour of {a}")]
    return []


def _about(text: str, pair: tuple[str, str], ev: Evidence) -> bool:
    """Whether ``text`` is about what the user chose between: it shares a word with a
    sentence stating the preference besides its options ("Tell Marco, not Lena, when it
    is done" rejects Lena as whom to tell, not as the billing service's owner); a
    preference stated in its options alone ("Redis, not Memcached.") is about them."""
    index = ev.said_index
    options = unit_terms(" ".join(pair))
    mine = claim_terms(text) - options
    for i, stated in enumerate(index.preferences):
        if pair in stated:
            context = index.units[i].terms - options - FILLER
            if not context or mine & context:
                return True
    return False


# "Parquet was faster than CSV": a comparison, which the record may make the other way
_COMPARED = re.compile(
    r"(?i)\b(?P<a>[\w.-]+(?:\s+[\w.-]+)?)\s+(?:is|was|are|were|runs?|ran|loads?|loaded|got|came\s+out)?\s*"
    r"(?:(?:much|far|a\s+bit|slightly|\d+(?:\.\d+)?x)\s+)?"
    r"(?P<how>\w+er|more\s+\w+|less\s+\w+)\s+than\s+(?:the\s+)?(?P<b>[\w.-]+(?:\s+[\w.-]+)?)"
)
_OPPOSITE_HOW = {
    "faster": "slower",
    "quicker": "slower",
    "slower": "faster",
    "bigger": "smaller",
    "smaller": "bigger",
    "larger": "smaller",
    "higher": "lower",
    "lower": "higher",
    "better": "worse",
    "worse": "better",
    "cheaper": "pricier",
    "shorter": "longer",
    "longer": "shorter",
}


def comparisons(text: str) -> set[tuple[str, str, str]]:
    """(a, how, b) of "a is faster than b", one way round: "b is slower than a" is
    (a, faster, b)."""
    out = set()
    for m in _COMPARED.finditer(text):
        a, how, b = (m.group(k).casefold() for k in ("a", "how", "b"))
        # "PNG files … than WebP files": what tells the two sides apart
        wa, wb = [w.strip(".") for w in a.split()], [w.strip(".") for w in b.split()]
        a = " ".join(w for w in wa if w not in wb and w not in FILLER) or a
        b = next((w for w in wb if w not in wa and w not in FILLER), b)
        a = a.split()[-1]
        how = " ".join(how.split())
        flipped = _OPPOSITE_HOW.get(how)
        if flipped and flipped < how:  # one of the two words stands for both
            a, how, b = b, flipped, a
        out.add((a, how, b))
    return out


def check_comparison(text: str, ev: Evidence) -> list[Claim]:
    """A comparison the record (a turn of the user or the assistant) makes the other
    way round: "CSV was faster than Parquet" after "Parquet is faster than CSV"."""
    mine = comparisons(text)
    if not mine:
        return []
    said = ev.derive(
        "comparisons",
        lambda: {c: s for s in (*ev.user, *ev.assistant) for c in comparisons(s)},
    )
    for a, how, b in mine:
        if (b, how, a) in said and (a, how, b) not in said:
            why = f"the record says it the other way round: {quote(said[(b, how, a)])}"
            return [Claim("did", text, why)]
    return []
