"""A rule restated without its condition: "Never restart Home Assistant." when the user said
"Never restart Home Assistant between 22:00 and 07:00", "Do not close the ticket." for
"Do not close the ticket until she confirms." The restated rule forbids (or requires)
more than the user did; a reader would follow it. The condition counts as kept when the
claim holds any of its words ("at night, 22:00–07:00", "until the customer confirms").

>>> condition_of("Never restart Home Assistant between 22:00 and 07:00, the monitor runs.")
'between 22:00 and 07:00'
>>> condition_of("Never restart Home Assistant.") is None
True
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...lexicon import claims as lexicon
from ...lexicon.negation import denial
from ...settings_said import word_count
from ..facts import sentences
from ..rules import bare_path
from ..stance import retraction
from ..trace import FILLER, stem
from . import words as lex
from .evidence import Claim, Evidence
from .order import IMPERATIVE
from .polarity import choice_of, preferences
from .reading import BACKTICKED, CLAUSE_MARK, fold, quote
from .roles import bound_as_said
from .said import supporting_at
from .translated import stance_unread

# What limits a rule to some cases: a time window, an exception, a threshold, a wait.
_CONDITION = re.compile(
    r"(?i)\b(?:between\s+\S+\s+and\s+\S+|from\s+\d\S*\s+(?:to|until|till)\s+\S+|"
    r"(?:unless|until|till|except|only\s+(?:if|when|after|before)|as\s+long\s+as|"
    r"without\s+(?:first\s+)?(?:asking|approval|checking|a\s+sign-?off|sign-?off|my\s+ok)|"
    r"over|above|more\s+than|greater\s+than|exceeding)\b[^.;,!?]*)"
)
_CONNECTIVE_WORDS = """
    between and from to unless until till except only if when after before as long without
    first over above more than greater exceeding i me my we us our she he they them it its
    the a an is are be
"""
_CONNECTIVES = frozenset(stem(w) for w in _CONNECTIVE_WORDS.split())
_WORD = re.compile(r"\w[\w:.]*")


def _words(text: str) -> set[str]:
    return {stem(w.rstrip(".")) for w in _WORD.findall(text)}


def condition_of(rule: str) -> str | None:
    """The condition a user's rule holds, as said; None without one."""
    m = _CONDITION.search(rule)
    return m.group(0).strip(" ,;") if m else None


CONDITION_LEFT_OUT = "the user's rule holds only"


def check_condition(text: str, ev: Evidence) -> list[Claim]:
    """A rule the recap states that matches a user's rule but leaves out its condition."""
    found, _ = supporting_at(text, ev.said_index, 0.6)
    if not found:
        return []
    claim = _words(text)
    for i in found:
        said = ev.said_index.units[i]
        cond = condition_of(_rule_clause(said.text, claim))
        if cond is None:
            return []  # a rule of the user's holds it as said
        words = _words(cond) - _CONNECTIVES
        if not words or words & claim:
            return []
    said = ev.said_index.units[found[0]]
    cond = condition_of(_rule_clause(said.text, claim))
    why = f"{CONDITION_LEFT_OUT} {quote(cond or '', 60)}: {quote(said.text)}"
    return [Claim("constraint", text, why)]


# Where one rule of a turn ends and the next begins: "Never run X, and don't publish a
# release without asking me first" is two rules, the condition the second's.
_RULES_CUT = re.compile(
    r"(?i)\s*;\s*|,?\s+(?:and|but|also)\s+(?=(?:don'?t|do\s+not|never|always|no)\b)"
)


def _rule_clause(said: str, claim: set[str]) -> str:
    """The rule of a user's turn that the claim restates: the one sharing most words."""
    return max(_RULES_CUT.split(said), key=lambda part: len(_words(part) & claim))


# Where a rule's clauses part: its condition from what it asks, one ask from the next.
_CLAUSE_CUT = re.compile(r"\s*[,;，；：、（）()]\s*|:\s+|[.!?](?:\s+|$)|[。！？]")


def _clauses(text: str) -> list[str]:
    return [c for c in _CLAUSE_CUT.split(text) if c.strip()]


def check_turned_clause(text: str, ev: Evidence) -> list[Claim]:
    """A rule whose clause says what a clause of a user sentence says but turned around
    ("如果 Redis 不可用，直接返回 429。" where the user said "…，不要直接返回 429。";
    "Si …, n'attends pas la validation" for "Si …, attends la validation"): the same words,
    one forbidding or restricting and the other not."""
    said = ev.derive(
        "said clauses",
        lambda: [(c, lex.content_terms(c)) for t in ev.user for c in _clauses(t)],
    )
    for clause in _clauses(text):
        if lexicon.CORRECTION.search(clause):
            continue  # "(the user corrected eu-west-1)": the rejected value, named as such
        mine = lex.content_terms(clause)
        if len(mine) < 2:
            continue
        best = max(said, key=lambda ct: len(mine & ct[1]) - 0.01 * len(ct[1]), default=None)
        # the same clause: most of the claim's words, and every one of the user's (its
        # verb too: "stays closed" is no turned "don't expose")
        if best is None or len(mine & best[1]) < 0.75 * len(mine) or best[1] - mine:
            continue
        if bound_as_said(clause, ev):
            continue  # "Ana will raise it" after "don't raise it yourself, Ana will"
        if preferences(clause) or preferences(best[0]):
            continue  # "use Redis, not Memcached": a choice, read by the preference checks
        if lex.turned(clause, best[0]):
            why = f"the user said the opposite: {quote(best[0])}"
            return [Claim("constraint", text, why)]
    return []


def check_flipped_condition(text: str, ev: Evidence) -> list[Claim]:
    """A rule whose condition is turned around ("Если тесты упадут, выкатить на staging."
    where the user said "Если тесты пройдут, выкати на staging."; "if the build fails,
    tag the release" for "if the build passes, …"): the same act, under a condition that
    passes where the user's fails, or the other way round, read by the pass and failure
    cues of every language."""
    from .anchors import polarity  # (the anchors read what is said here)

    mine = _split_condition(text)
    if mine is None:
        return []
    said = polarity(mine[0])
    act = lex.content_terms(mine[1])
    if said is None or not act:
        return []
    for rule in (s for t in ev.user for s in _clauses_of(t)):
        theirs = _split_condition(rule)
        if theirs is None or polarity(theirs[0]) in (None, said):
            continue
        if len(act & lex.content_terms(theirs[1])) >= 0.5 * len(act):
            why = f"the user's condition is the other way round: {quote(rule)}"
            return [Claim("constraint", text, why)]
    return []


def _split_condition(text: str) -> tuple[str, str] | None:
    """(the condition, the rest) of a sentence holding one."""
    m = lexicon.IF_CLAUSE.search(text)
    if m is None or not m.group(0).strip():
        return None
    return m.group(0), text[: m.start()] + " " + text[m.end() :]


def _clauses_of(turn: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?。])\s+|\n+", turn) if s.strip()]


def check_taken_back(text: str, ev: Evidence) -> list[Claim]:
    """A correction the user made by taking an option back ("Store the exports in FTP...
    no, back to GCS, FTP is too slow"), said back the other way round in any language:
    the option the claim denies (the one right after its denial, or right before a denial
    that follows what it denies: "GCS가 아니라 FTP에", "GCS ではなく FTP", "FTP, si GCS") is
    the one the user turned to, and the claim names the one taken back."""
    words = lex.words_placed(text)
    if len(words) < 3:
        return []
    for turn in ev.user_turns:  # (whole: "… FTP... no, back to GCS" is two sentences)
        chosen, back = retraction(turn)
        if not chosen:
            continue
        denied = _denied_options(words, chosen | back)
        if denied & chosen and any(stem(w) in back for w in words):
            kept = ", ".join(sorted(denied & chosen))
            why = f"the user took back {', '.join(sorted(back))} for {kept}: {quote(turn)}"
            return [Claim("constraint", text, why)]
    return []


def _denied_options(words: tuple[str, ...], options: frozenset[str]) -> frozenset[str]:
    """The ``options`` a denial of ``words`` sets aside: the option within two words after
    a denial, or within two words before one that follows what it denies."""
    out: set[str] = set()
    for i, w in enumerate(words):
        if w in lexicon.DENIES_BEFORE:
            near = words[max(0, i - 2) : i]
        elif w in lexicon.DENIES_AFTER or denial(w):
            near = words[i + 1 : i + 3]
        else:
            continue
        out.update(stem(n) for n in near if stem(n) in options)
    return frozenset(out)


def check_swapped_choice(text: str, ev: Evidence) -> list[Claim]:
    """A choice the other way round from the user's ("float, а не Decimal" where the user
    said "Decimal, а не float"; "Memcached 말고 Redis" for "Redis 말고 Memcached")."""
    mine = choice_of(text)
    if mine is None:
        return []
    for rule in (s for t in ev.user for s in _clauses_of(t)):
        theirs = choice_of(rule)
        if theirs is not None and theirs == (mine[1], mine[0]):
            why = f"the user chose {theirs[0]} over {theirs[1]}: {quote(rule)}"
            return [Claim("constraint", text, why)]
    return []


# A word of a sentence, a name with its dots, slashes and dashes ("config/prod.yaml",
# "eu-west-1") whole; the words around a word are where it stands.
_TOKEN = re.compile(r"[^\W_][\w./+-]*")


def _places(sentence: str) -> tuple[dict[str, str], dict[str, str]]:
    """The word before and the word after each word ``sentence`` says once."""
    words = [w.rstrip("./-").casefold() for w in _TOKEN.findall(sentence)]
    once = {w for w in words if words.count(w) == 1 and (len(w) > 1 or w.isdigit())}
    padded = ["^", *words, "$"]
    before = {w: padded[i] for i, w in enumerate(words) if w in once}
    after = {w: padded[i + 2] for i, w in enumerate(words) if w in once}
    return before, after


def _swapped(mine: dict[str, str], theirs: dict[str, str]) -> tuple[str, str] | None:
    """Two words that stand each where the other stood (the word beside each is the
    word that stood beside the other)."""
    shared = sorted(w for w in mine.keys() & theirs.keys() if w not in FILLER)
    for i, a in enumerate(shared):
        for b in shared[i + 1 :]:
            if theirs[a] == theirs[b] or {theirs[a], theirs[b]} & {a, b}:
                continue
            if mine[a] == theirs[b] and mine[b] == theirs[a]:
                return a, b
    return None


def _terms(text: str) -> set[str]:
    """:func:`~.claims_words.content_terms` without a sentence's full stop ("8080.")."""
    return {t.rstrip(".,;:!?،؛") for t in lex.content_terms(text)}


def check_swapped_places(text: str, ev: Evidence) -> list[Claim]:
    """A rule or a correction said with two of its names in each other's place, in any
    language ("usa Redis y no Valkey" for "usa Valkey y no Redis", "Non 8443: la porta
    giusta è 8080." for "Non 8080: … è 8443.", "Vector ではなく Fluentd" for "Fluentd
    ではなく Vector"): the same words, the chosen and the rejected swapped."""
    mine = _terms(text)
    if len(mine) < 2:
        return []
    places = _places(text)
    clauses = ev.derive(
        "said clauses, terms",
        lambda: [(s, _terms(s)) for t in ev.user for s in _clauses_of(t)],
    )
    for rule, theirs in clauses:
        if len(mine & theirs) < 0.75 * len(mine) or len(mine & theirs) < 0.75 * len(theirs):
            continue
        said = _places(rule)
        pair = (
            _swapped(places[0], said[0])
            or _swapped(places[1], said[1])
            or lex.swapped_words(text, rule)  # two words side by side: "3, 10 அல்ல"
        )
        if pair is not None:
            why = f"{pair[0]} and {pair[1]} are in each other's place: {quote(rule)}"
            return [Claim("constraint", text, why)]
    return []


def check_weakened(text: str, ev: Evidence) -> list[Claim]:
    """A rule the user set outright, restated as a wish ("Avoid force-pushing to main
    when possible." for "Never force-push to main."; "Raczej nie commituj …, jeśli to
    możliwe."; "できるだけ触らないで"): the restated rule has an exception the user never
    gave."""
    hedge = lexicon.HEDGES.search(text)
    if hedge is None:
        return []
    mine = lex.loose_terms(lex.content_terms(lexicon.HEDGES.sub(" ", text)))
    if len(mine) < 2:
        return []
    best = max(_said_loose(ev), key=lambda st: len(mine & st[1]), default=None)
    if best is None or len(mine & best[1]) < 0.6 * len(mine):
        return []
    rule = best[0]
    if lexicon.HEDGES.search(rule) or not (lex.restricts(rule) or lexicon.REQUIRES.search(rule)):
        return []  # the user said it as a wish too, or said no rule
    why = f"the user's rule has no such exception ({hedge.group(0).strip()}): {quote(rule)}"
    return [Claim("constraint", text, why)]


def check_widened_scope(text: str, ev: Evidence) -> list[Claim]:
    """A rule the user limited to one scope, restated wider: the limit said away ("Change
    files anywhere, not only under services/resizer/."), the rest let in ("Code outside
    workers/thumbs/ may be changed too.", "Backfill all partitions." for "Only backfill
    the eu-west partitions"), or its path cut short ("…/com/shop/" for the user's
    "…/com/shop/orders/"). The user sentence it restates is the one holding most of its
    words: a "not only" the user said ("Add tests too, not only the fix.") is theirs."""
    mine = lex.loose_terms(lex.content_terms(text))
    if len(mine) < 2:
        return []
    said = _said_loose(ev)
    scoped = ev.derive(
        "said scoped rules with paths",
        lambda: [
            r for r, _ in said if "/" in r and (lexicon.SCOPE_ONLY.search(r) or lex.restricts(r))
        ],
    )
    for rule in scoped if "/" in text else []:
        shorter = _cut_path(text, rule, ev)
        if shorter is not None:
            why = f"the user's rule is about {shorter[1]}, not all of {shorter[0]}: {quote(rule)}"
            return [Claim("constraint", text, why)]
    best = max(said, key=lambda st: len(mine & st[1]), default=None)
    if best is None or len(mine & best[1]) < 0.5 * len(mine):
        return []
    rule = best[0]
    if not lexicon.SCOPE_ONLY.search(lexicon.NOT_ONLY.sub(" ", rule)) or lexicon.NOT_ONLY.search(
        rule
    ):
        return []
    widened = lexicon.NOT_ONLY.search(text)
    if widened is None and not (
        lexicon.WIDER.search(rule) or lexicon.SCOPE_ONLY.search(text) or lex.restricts(text)
    ):
        widened = lexicon.WIDER.search(text)
    if widened is None:
        return []
    why = f"the user limited this to what they named ({widened.group(0)}): {quote(rule)}"
    return [Claim("constraint", text, why)]


def _said_loose(ev: Evidence) -> list[tuple[str, frozenset[str]]]:
    """The user's sentences with their loose terms (:func:`~.claims_words.loose_terms`)."""
    return ev.derive(
        "said sentences, loose terms",
        lambda: [
            (s, lex.loose_terms(lex.content_terms(s))) for t in ev.user for s in _clauses_of(t)
        ],
    )


_PATH = re.compile(r"(?<![\w.-])(?:[\w.-]+/)+[\w.-]*")


def _cut_path(text: str, rule: str, ev: Evidence) -> tuple[str, str] | None:
    """(a path of ``text``, the longer path of ``rule`` it cuts short), when the user
    never named the shorter one on its own."""
    theirs = _paths(rule)
    for path in _paths(text):
        longer = [p for p in theirs if p.startswith(path.rstrip("/") + "/") and p != path]
        if longer and path not in theirs and not any(_names_path(t, path) for t in ev.user):
            return path, longer[0]
    return None


def _paths(text: str) -> list[str]:
    """The paths ``text`` names, without a sentence's stop after them."""
    return [p.rstrip(".,;:") for p in _PATH.findall(text)]


def _names_path(text: str, path: str) -> bool:
    return any(p.rstrip("/") == path.rstrip("/") for p in _paths(text))


def check_qualifiers(text: str, ev: Evidence) -> list[Claim]:
    """A rule restated with its qualifier changed, in whatever language either side is
    said: its exception said away ("Never push to main." for "Pushe nie auf main, außer
    bei Hotfixes."), or its requirement made an exception ("Deploy to staging unless
    the tests pass." for "Deploy alleen naar staging als de tests slagen."). The rule
    restated is the user sentence sharing most of the claim's anchors (see
    :func:`_shared`); an exception kept in other words (its object named) stands, and
    so does a condition said the other way round ("unless the tests fail")."""
    if len(text) > 400 or not lex.content_terms(text) or fold(text) in ev.user_words:
        return []  # (a sentence the user said, quoted: theirs, whatever follows it)
    mine_unless = lexicon.RULE_UNLESS.search(text) is not None
    mine_except = lexicon.RULE_EXCEPT.search(text) is not None
    rules = _rules_said(ev)
    # (a rule sharing no anchor with the claim scores 0: only those that share one are read)
    by_anchor = _rules_by_anchor(ev)
    sharing = sorted({i for a in _anchors(text) for i in by_anchor.get(a, ())})
    scored = [(_shared(text, rules[i][0]), *rules[i]) for i in sharing]
    best = max((s for s, _, _ in scored), default=0)
    if best < 2:
        return []
    tied = [(rule, q) for s, rule, q in scored if s == best]
    if any(
        _same_qualifiers(text, f"{rule} {q}") and not _condition_dropped(text, f"{rule} {q}")
        for rule, q in tied
    ):
        return []
    rule, qualifier = tied[0]
    whole = f"{rule} {qualifier}".strip()
    exception = _exception_of(whole)
    if exception and not mine_except and not _names_any(text, exception, whole):
        why = f"the user's exception was dropped ({exception.strip()}): {quote(whole)}"
        return [Claim("constraint", text, why)]
    once = lexicon.RULE_ONCE.search(whole)
    if once and not lexicon.RULE_ONCE.search(text):
        why = f"the user's leave was for one time only ({once.group(0).strip()}): {quote(whole)}"
        return [Claim("constraint", text, why)]
    required = lexicon.RULE_ONLY_IF.search(whole) and not lexicon.RULE_UNLESS.search(whole)
    if (
        not mine_unless
        and not lexicon.RULE_UNLESS.search(whole)
        and (dropped := _condition_dropped(text, whole))
    ):
        why = f"{CONDITION_LEFT_OUT} {quote(dropped, 60)}: {quote(whole)}"
        return [Claim("constraint", text, why)]
    if mine_unless and required and not _condition_turned(text, whole):
        why = f"the user's requirement became an exception: {quote(whole)}"
        return [Claim("constraint", text, why)]
    anyway = lexicon.RULE_EVEN_IF.search(text)
    if anyway and required and not lexicon.RULE_EVEN_IF.search(whole):
        why = f"the user's requirement became {anyway.group(0).strip()!r}: {quote(whole)}"
        return [Claim("constraint", text, why)]
    return []


def _rules_said(ev: Evidence) -> list[tuple[str, str]]:
    """The user's sentences, each with the qualifier a next sentence adds to it ("…しない
    でください。ただし hotfix は除きます。"): (sentence, qualifier)."""

    def make() -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        for turn in ev.user_turns:
            parts = _clauses_of(turn)
            for i, s in enumerate(parts):
                nxt = parts[i + 1] if i + 1 < len(parts) else ""
                added = nxt if nxt and lexicon.RULE_BUT.search(nxt) else ""
                out.append((s, added))
        return out

    return ev.derive("rules_said", make)


_ANCHOR = re.compile(r"[^\W_]{3,}|\d+(?:[.,:]\d+)*")
_STOP = frozenset(
    [
        "the",
        "and",
        "for",
        "with",
        "from",
        "that",
        "this",
        "der",
        "die",
        "das",
        "und",
        "den",
        "dem",
        "het",
        "een",
        "voor",
        "los",
        "las",
        "del",
        "por",
        "les",
        "des",
        "une",
        "pour",
    ]
)


@lru_cache(maxsize=1 << 14)  # every rule of the record is compared with every claim
def _anchors(text: str) -> frozenset[str]:
    """The words of ``text`` compared across languages: Latin ones cut to 5 letters
    ("deploye" is "deploy"), numbers whole; other scripts' words as they are."""
    out = set()
    for w in _ANCHOR.findall(text.casefold()):
        if w in _STOP:
            continue
        out.add(w[:5] if w.isascii() and w.isalpha() else w)
    return frozenset(out)


def _rules_by_anchor(ev: Evidence) -> dict[str, list[int]]:
    """Where each anchor of :func:`_rules_said`'s rules stands (their indexes, in order):
    a claim is scored against the rules sharing an anchor with it, not against every
    sentence of the record (a pasted document's thousands: R22-C1)."""

    def index() -> dict[str, list[int]]:
        found: dict[str, list[int]] = {}
        for i, (rule, _) in enumerate(_rules_said(ev)):
            for anchor in _rule_anchors(rule)[0]:
                found.setdefault(anchor, []).append(i)
        return found

    return ev.derive("rules_said by anchor", index)


def _shared(claim: str, rule: str) -> int:
    """How many anchors ``claim`` shares with the user's ``rule`` (its exception left
    out): 0 unless they share at least half the claim's anchors, or — the rule written in
    another script — every Latin word and number the rule gives."""
    theirs, rule_latin, latin = _rule_anchors(rule)
    mine = _anchors(claim)
    both = mine & theirs
    if _latin(claim) != rule_latin:  # (every one of them: as strong as two shared words)
        return len(latin) + 1 if latin and latin <= mine else 0
    return len(both) if len(both) >= 0.5 * len(mine) else 0


@lru_cache(maxsize=1 << 14)  # read once per rule of the record, not once per claim
def _rule_anchors(rule: str) -> tuple[frozenset[str], bool, frozenset[str]]:
    """A user rule as :func:`_shared` compares it: the anchors of its part before the
    exception, whether that part is in the Latin script, and its Latin anchors."""
    rule = _before_exception(rule)
    theirs = _anchors(rule)
    return theirs, _latin(rule), frozenset(w for w in theirs if w.isascii())


@lru_cache(maxsize=1 << 14)
def _latin(text: str) -> bool:
    """Whether most letters of ``text`` are Latin ones."""
    letters = [c for c in text if c.isalpha()]
    return sum(1 for c in letters if c < "\u0250") >= 0.6 * max(len(letters), 1)


def _before_exception(rule: str) -> str:
    m = lexicon.RULE_EXCEPT.search(rule)
    if m is None:
        return rule
    # (an exception named before its marker, "hotfix は除きます", "temp_ tabloları hariç")
    head = re.split(r"[,，、;；]", rule[: m.start()])
    if len(head) > 1:
        return " ".join(head[:-1])
    # one clause: the rule is its longer side ("hotfix ब्रांच के सिवाय main पर …" after it)
    before, after = rule[: m.start()], rule[m.end() :]
    return after if len(after) > len(before) else before


def _exception_of(rule: str) -> str:
    """The part of ``rule`` that says its exception: from the last comma before its marker
    to the next one."""
    m = lexicon.RULE_EXCEPT.search(rule)
    if m is None:
        return ""
    start = max((x.end() for x in re.finditer(r"[,，、;；。.!?]", rule[: m.start()])), default=0)
    end = re.search(r"[,，、;；。!?]|\.(?!\w)", rule[m.end() :])
    return rule[start : m.end() + (end.start() if end else len(rule))]


def _names_any(text: str, exception: str, rule: str) -> bool:
    """Whether ``text`` names what the exception is about ("hotfixes" for "außer bei
    Hotfixes"): its own words, not those it shares with the rule ("CODEOWNERS" of "…
    in services/payments/ behalve services/payments/CODEOWNERS")."""
    words = _anchors(lexicon.RULE_EXCEPT.sub(" ", exception))
    own = words - _anchors(_before_exception(rule))
    return bool((own or words) & _anchors(text))


def _same_qualifiers(claim: str, rule: str) -> bool:
    """Whether ``claim`` qualifies the rule as ``rule`` does (an exception both or
    neither, "unless" both or neither)."""
    return (lexicon.RULE_EXCEPT.search(claim) is None) == (
        lexicon.RULE_EXCEPT.search(rule) is None
    ) and all(
        (p.search(claim) is None) == (p.search(rule) is None)
        for p in (lexicon.RULE_UNLESS, lexicon.RULE_EVEN_IF, lexicon.RULE_ONCE, _ONLY_IF)
    )


# one comma between a clause put ahead and the rule it qualifies: no label ("Ter info:"),
# no second rule (";"), no name set off by commas ("La directora, Carmen Ruiz, aprobó")
_FRONTED = re.compile(r"^(?P<first>[^,:;，；：]+),\s*(?P<rest>[^,:;，；：]+)$")


def _fronted_dropped(claim: str, rule: str) -> str:
    """A clause put ahead of what ``rule`` asks, in words no list here has ("Allinnich as
    de tests slagje, útrolje nei staging."), that ``claim`` drops: the claim says the rest,
    all of it and nothing of the clause, which says enough to be a condition (two words
    of its own); "" otherwise."""
    m = _FRONTED.match(rule.strip().rstrip(".!"))
    if m is None or _latin(claim) != _latin(rule):
        return ""
    mine, first, rest = _anchors(claim), _anchors(m["first"]), _anchors(m["rest"])
    if len(first - rest) >= 2 and mine and mine <= rest and not mine & first:
        return m["first"].strip()
    return ""


# a condition's opening in any language read ("only if", "solo si", "nur wenn"; not
# ``IF_CLAUSE``'s "se" and "om", which are "itself" in Czech and "to" in Dutch)
_ONLY_IF = lexicon.RULE_ONLY_IF


def _condition_dropped(claim: str, rule: str) -> str:
    """The condition of ``rule`` ("only if the tests pass", "Solo si los tests pasan")
    that ``claim`` leaves out: no condition of its own, and none of the words the
    condition's clause has and the rest of the rule has not; "" when it keeps it."""
    if _ONLY_IF.search(claim):
        return ""
    parts = _clauses(rule)
    held = [p for p in parts if _ONLY_IF.search(p)]
    if len(held) == len(parts) or len(parts) < 2:
        return ""  # (one clause: what it conditions and its condition are not told apart)
    mine = _anchors(claim)
    if not held:
        return _fronted_dropped(claim, rule)
    rest = _anchors(" ".join(p for p in parts if p not in held))
    own = _anchors(" ".join(held)) - rest
    return "" if not own or own & mine else held[0].strip()


def _condition_turned(claim: str, rule: str) -> bool:
    """Whether ``claim``'s condition passes where ``rule``'s fails: "unless the tests
    fail" says "only if the tests pass" the other way round."""
    from .anchors import polarity  # (the anchors read what is said here)

    mine, theirs = polarity(claim), polarity(rule)
    if mine is not None and theirs is not None:
        return mine != theirs
    # (the plain verbs the cues leave out: "unless the tests fail", "… nicht bestehen")
    return bool(_FAILS.search(claim)) != bool(_FAILS.search(rule))


_FAILS = re.compile(
    r"(?i)\b(?:fail|fails|failing|break|breaks|broken|red)\b|\bnot\s+pass|n't\s+pass|"
    r"\bnicht\b|\bniet\b|\bno\s+pasan|\bne\s+passent|\bnon\s+passano|\bnão\s+passam|"
    r"\bnie\s|失敗|失败|실패|لم\s+تنجح"  # (not "не", "न": part of their "unless")
)


# a leave given: "approved running X", "allowed X", "gave the go-ahead for X"
_LEAVE_GIVEN = re.compile(
    r"(?i)\b(?:approved|approves|allowed|allows|permitted|permits|authori[sz]ed|okayed|"
    r"ok'?d|green-?lit|signed\s+off|agreed\s+to|go-?ahead|gave\s+permission)\b"
)
# the claim's own condition, in the words an English recap gives it (or a contrast: the
# claim reads the user's clauses apart itself, "allowed X but banned Y")
_KEEPS_CONDITION = re.compile(
    r"(?i)\b(?:if|once|after|when|whenever|unless|until|provided|pending|as\s+soon\s+as|"
    r"conditional(?:ly)?|depending|subject\s+to|but|except|banned|forbade|forbidden)\b"
)
# a clause that carries on the request rather than limiting it ("…, then deploy")
_CARRIES_ON = re.compile(r"(?i)^\W*(?:then|and|also|but|please|thanks?|ok(?:ay)?)\b")


def _limiting_clause(sentence: str, name: str, called: frozenset[str] = frozenset()) -> str:
    """The clause of a user's ``sentence`` naming ``name`` that limits it: an "only if"
    ("Run X only if the staging tests are green"), or, in any language, a clause of two
    words or more before or after a comma ("Soki … , sala X"); "" when it has none."""
    plain = BACKTICKED.sub(" ", sentence)
    held = _ONLY_IF.search(plain) or _CONDITION.search(plain)
    if held:
        return plain[held.start() :].strip(" .!")
    others = [c for c in _COMMA.split(sentence) if name not in c and c.strip()]
    limit = [c for c in others if len(c.split()) >= 2 and not _CARRIES_ON.match(c)]
    if limit:
        return limit[0].strip(" .!")
    return _unread_tail(sentence, name) or _unread_head(sentence, name, called)


# a comma of any script: "،" (Arabic's), "፣" (Ge'ez's)
_COMMA = re.compile(r"\s*[,，、،፣]\s*")


# words after the command in the clause that gives it: "Kuti wabomfya `X` nga fye ama test
# ya staging yaba ayabuuta." - a leave says no more than the command ("You may run `X`.")
_TAIL_WORDS = 3


def _unread_tail(sentence: str, name: str) -> str:
    """What follows the last mention of ``name`` in ``sentence`` when it is a clause of a
    few words no reader here holds, naming no other command: in any language the place of
    a condition put after the leave ("… `X` only if the staging tests are green")."""
    tail = sentence.rsplit(name, 1)[1].lstrip("`").strip(" .!")
    if "`" in tail or len(tail.split()) < _TAIL_WORDS or _CARRIES_ON.match(tail):
        return ""
    return tail if stance_unread(tail) else ""


def _unread_head(sentence: str, name: str, called: frozenset[str]) -> str:
    """What comes before the first mention of ``name`` in ``sentence`` when it is a clause
    of a few words no reader here holds that names a thing (a word glued to a case ending,
    a Latin word among another script's): the place
    of a condition put before the leave in a language that ends its verbs ("Staging-га
    тестэр күөх буоллахтарына эрэ `X` үлэлэтиэххин сөп": only if the staging tests are
    green may you run X), or a word the record's calls name too (``called``: "staging" of
    `make test-staging`). A leave said before the command ("Za ka iya gudanar da `X`": you
    may run X) names nothing."""
    head = sentence.split(name, 1)[0].rstrip("`").strip(" .!")
    if "`" in head or len(head.split()) < _TAIL_WORDS or not stance_unread(head):
        return ""
    latin_among_other = _OTHER_SCRIPT.search(head) and _LATIN_WORD.search(head)
    shared = not called.isdisjoint(w.casefold() for w in _CALLED_WORD.findall(head))
    names_thing = _GLUED.search(head) or latin_among_other or shared
    return head if names_thing else ""


_OTHER_SCRIPT = re.compile(r"[^\W\d_A-Za-z\u00c0-\u024f\u02b0-\u02ff]")
_LATIN_WORD = re.compile(r"\b[A-Za-z]{3,}\b")
_CALLED_WORD = re.compile(r"[^\W\d_]{4,}")
_GLUED = re.compile(r"[^\W\d_]{3,}-[^\W\d_]{1,4}\b")


def _named_elsewhere(ev: Evidence) -> frozenset[str]:
    """The words of four letters or more the record's calls or the assistant's turns name."""
    said = (
        w.casefold()
        for role, t in ev.dialogue
        if role == "assistant"
        for w in _CALLED_WORD.findall(t)
    )
    return _called_words(ev) | frozenset(said)


def _names_word(text: str, name: str) -> bool:
    """Whether ``text`` names ``name`` as a whole word, in any case ("Billing" of "billing")."""
    return re.search(rf"(?i)(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def _called_words(ev: Evidence) -> frozenset[str]:
    """The words of four letters or more the record's calls name ("staging" of `make
    test-staging`)."""
    calls = ev.calls_from(0, len(ev.dialogue))
    return frozenset(w.casefold() for c in calls for w in _CALLED_WORD.findall(c.arguments))


def check_unconditional_leave(text: str, ev: Evidence) -> list[Claim]:
    """A leave said given outright where the user gave it on a condition: "The user
    approved running `terraform apply tf.plan` right away." for "Run `terraform apply
    tf.plan` only if the staging tests are green." The command (or a path) is the same in
    every language, so the user's last sentence naming it is read for a limiting clause;
    the claim keeps the condition when it says one of its own ("once the tests pass") or
    shares a word with it."""
    own = BACKTICKED.sub(" ", text)
    if not _LEAVE_GIVEN.search(own) or _KEEPS_CONDITION.search(own) or _ONLY_IF.search(own):
        return []
    if lexicon.RULE_ONCE.search(own):
        return []  # a limit of its own ("this one time only"): not given outright (review50)
    out: list[Claim] = []
    for name in dict.fromkeys(q.strip() for q in BACKTICKED.findall(text) if q.strip()):
        said = [s for t in ev.user_turns for s in sentences(t) if name in s]
        called = ev.derive("words called", lambda: _called_words(ev))
        limit = _limiting_clause(said[-1], name, called) if said else ""
        if limit and not _anchors(limit) & _anchors(own):
            why = f"{CONDITION_LEFT_OUT} {quote(limit)}: {quote(said[-1])}"
            out.append(Claim("constraint", text.strip(), why))
    return out


# a rule told for the whole of its scope ("Every table may be vacuumed.", "The user forbade
# every change in config/fees/, README.md included."): what an exception left out turns
_FOR_ALL = re.compile(r"(?i)\b(?:every|all|any|each|entire|whole|everything|anything|nothing)\b")
_TAKES_STANCE = re.compile(
    r"(?i)\b(?:user|may|can|must|never|should|allow\w*|permit\w*|forb[ai]d\w*|ban\w*)\b"
)
_FOLDED_IN = re.compile(r"(?i)\b(?:included|including|too|as\s+well|also|even|alike)\b")
# a thing named in code's way: a path, a file, a table ("README.md", "audit_log_2021",
# "config/fees/", "`pg_dump`"), not a word of any language
_CODE_NAME = re.compile(
    r"`[^`\n]+`|(?<![\w/.-])[^\W\d_][\w-]*(?:[_./][\w-]+)+/?|(?<![\w/.-])[^\W\d_]+\d\w*"
)
# where a clause ends: "…, ji bilî audit_log_2021.", "Mo ndu X pëpe, a yeke ti mbeni bungbi."
_EXCEPTION_WORDS = 4  # "ji bilî X", "gawas lang sa X didto": a marker and a particle or two


def check_unread_exception(text: str, ev: Evidence) -> list[Claim]:
    """A rule told for the whole of its scope ("Every table may be vacuumed.") where the
    user's sentence on it ends in a short clause of its own naming one more thing in
    code's way, in words no reader here holds ("…, ji bilî audit_log_2021."): an exception
    by its shape, in any language (a thing added to an "every" needs no clause). The claim
    leaves it out, or folds it in ("…, README.md included."); naming it otherwise stands.
    English clauses are :func:`check_qualifiers`' (their exception words are read)."""
    stance = _TAKES_STANCE.search(text) or IMPERATIVE.match(text)  # ("Deploy all services …")
    if not _FOR_ALL.search(text) or not stance:
        return []
    if lexicon.RULE_EXCEPT.search(text):
        return []
    mine = _anchors(_CODE_NAME.sub(" ", text)) | _code_names(text)
    named = ev.derive("words named elsewhere", lambda: _named_elsewhere(ev))
    for turn in ev.user_turns:
        for said in sentences(turn):
            cut = _unread_last_clause(said, named)
            if cut is None:
                continue
            head, last, name = cut
            theirs = _anchors(_CODE_NAME.sub(" ", head)) | _code_names(head)
            if not mine & theirs:
                continue  # (a sentence on something else)
            if _names_word(text, name) and not _FOLDED_IN.search(text):
                continue  # (the exception named in the claim's own words)
            why = f"the user's exception was dropped ({last.strip()}): {quote(said)}"
            return [Claim("constraint", text, why)]
    return []


def _code_names(text: str) -> set[str]:
    """The things ``text`` names in code's way, as calls name them: a case ending glued
    to a path ("config/quotas/-mi": in config/quotas/) is no part of it."""
    return {bare_path(n.strip("`")).strip("/") for n in _CODE_NAME.findall(text)}


def _unread_last_clause(said: str, named: frozenset[str]) -> tuple[str, str, str] | None:
    """``said`` cut before its last clause when that clause names one thing that the rest
    does not, with a few words no reader here holds: (rest, clause, name). A thing is named
    in code's way, or is a word the record's calls or the assistant's words name too
    (``named``: "billing" of "…, izņemot billing servisu" beside `kubectl -n billing`)."""
    parts = CLAUSE_MARK.split(said)
    if len(parts) < 2:
        return None
    head, last = " ".join(parts[:-1]), parts[-1]
    names = [n.strip("`").rstrip(".") for n in _CODE_NAME.findall(last)]
    names = names or [w for w in _CALLED_WORD.findall(last) if w.casefold() in named]
    if len(names) != 1 or _names_word(head, names[0]) or " " in names[0]:
        return None  # (a command in the last clause is a step to take next, not a thing left out)
    words = word_count(last.replace(names[0], " ").strip(" .!?。"))
    if not 1 <= words <= _EXCEPTION_WORDS or not stance_unread(last):
        return None
    return head, last, names[0]
