"""Claims that a named person decided, asked or said something: "Marguerite Duval decided
to keep the goodwill at 10%." The record must show that person with those words (a turn
or a tool output naming them beside what they said); when only the user said it, the
claim moved the user's words to someone the user merely named.

>>> named_actor("Marguerite Duval decided to keep the goodwill at 10%.")
('Marguerite Duval', 'decided', 'to keep the goodwill at 10%.')
>>> named_actor("The user decided to keep the goodwill at 10%.") is None
True
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...lexicon import claims as lexicon
from ..trace import FILLER, claim_terms, cover, stem, unit_terms
from ..wording import whole_token
from .anchors import subject
from .evidence import Claim, Evidence
from .handoff import has_stem, names_in
from .reading import GENERIC_DOING, quote
from .said import supporting_at

_WORD = r"[A-ZÀ-ÝА-ЯЁІЇЄҐ\u1e00-\u1efe][a-zà-ÿа-яёіїєґ\u0100-\u024f\u1e01-\u1eff'’-]+"
_ACTOR = re.compile(
    rf"^\W*(?:(?:User|Assistant)\s*:\s+)?(?P<name>{_WORD}(?:\s+{_WORD}){{0,2}})\s+"
    r"(?:(?:also|later|then|first|finally|explicitly)\s+)?"
    r"(?P<verb>decided|decides|chose|chooses|asked|asks|requested|requests|wanted|wants|said|"
    r"says|approved|approves|agreed|insisted|proposed|suggested|told|confirmed|demanded|"
    r"rejected|refused|overruled|instructed|preferred|prefers|set|signed\s+off(?:\s+on)?|"
    r"okayed|"
    # what they did: "Siti Rahayu ran `flask db upgrade rev246` on production"
    r"ran|re-?ran|executed|applied|deployed|merged|pushed|restarted|rolled\s+back|"
    # (the same acts in the languages the lexicon reads: "Joost heeft besloten",
    # "Tomek zdecydował", "Олена вирішила", "Budi memutuskan")
    r"heeft\s+besloten|besloot|besloten|zdecydował|zdecydowała|zatwierdził|zatwierdziła|"
    r"decidiu|decidió|aprovou|aprobó|a\s+décidé|décide|hat\s+entschieden|entschied|"
    r"ha\s+deciso|decise|memutuskan|menyetujui|вирішив|вирішила|вирішили|решил|решила|"
    r"решили|затвердив|затвердила|karar\s+verdi|onayladı)(?!\w)(?P<rest>.*)$"
)
_DOING = re.compile(r"(?i)ran|re-?ran|executed|applied|deployed|merged|pushed|restarted|rolled")
# Sentence starts that are no one's name: "Then decided …", "Everyone agreed …".
_NOT_NAMES_LIST = """
    the this that these those it its we i they he she you user assistant agent model
    customer then later also finally first everyone nobody someone support team
"""
_NOT_NAMES = frozenset(_NOT_NAMES_LIST.split())


# The words a turn uses to say someone approved, decided, rejected …
_APPROVE = frozenset(
    {"approv", "approval", "sign", "ok", "okay", "agre", "confirm", "accept", "allow"}
)
_DECIDE = frozenset({"decid", "decision", "chose", "choose", "choos", "choic", "pick", "settl"})
_REJECT = frozenset({"reject", "refus", "declin", "overrul", "veto", "deni"})
_ACT_WORDS = {
    **{stem(v): _APPROVE for v in ("approved", "approves", "agreed", "confirmed")},
    **{stem(v): _DECIDE for v in ("decided", "decides", "chose", "chooses")},
    **{stem(v): _REJECT for v in ("rejected", "refused", "overruled")},
}


def named_actor(text: str) -> tuple[str, str, str] | None:
    """(name, verb, what) of a clause whose subject is a person named by name."""
    m = _ACTOR.match(text)
    if m is None or m.group("name").split()[0].casefold() in _NOT_NAMES:
        return None
    return m.group("name"), m.group("verb"), m.group("rest").strip()


def check_named_actor(text: str, ev: Evidence) -> list[Claim]:
    """A named person said to have decided, asked or said something: some turn or
    output names them beside most of its words."""
    found = named_actor(text)
    if found is None:
        return []
    name, verb, what = found
    if subject(name) == "user":
        return _the_user_said(text, what, ev)
    if _DOING.match(verb) and len(name.split()) < 2:
        return []  # "Terraform applied 3 changes": a tool, not a person (a person has two names)
    names = {stem(w) for w in name.split()}
    terms = claim_terms(what) - GENERIC_DOING - names
    if not terms:
        return []
    # "approved", "decided": a turn saying so, not one that only names them ("ask Dana
    # before the cutover" is no approval)
    acts = _ACT_WORDS.get(stem(verb))
    index = ev.cause_index(True)  # the user's and the assistant's words, tool outputs
    for i in index.holding_any(names):
        unit = index.units[i]
        if cover(terms, unit.terms)[0] >= 0.5 and (
            acts is None or acts & (unit.terms | _acts_of(name, unit.text))
        ):
            return []
    if acts in (_APPROVE, _REJECT) and _told_of(name, what, acts is _REJECT, ev.user):
        return []  # "Aino Virtanen jóváhagyta a #976 PR-t": the user told of it
    user, _ = supporting_at(what, ev.said_index, 0.5)
    said = quote(ev.said_index.units[user[0]].text) if user else ""
    if user and _DOING.match(verb):  # the user told of someone else doing it
        return [Claim("did", text, f"the user did not say {name} {verb} this: {said}")]
    why = (
        f"the user said it, not {name}: {said}"
        if user
        else f"no turn or output says {name} {verb} this"
    )
    return [Claim("user said" if user else "did", text, why)]


def _the_user_said(text: str, what: str, ev: Evidence) -> list[Claim]:
    """A line whose "name" is the user in another language ("Der Nutzer hat entschieden,
    …", "Pengguna memutuskan …"): what it credits to the user must be what a user turn
    says, not a person's words moved to the user."""
    if supporting_at(what, ev.said_index, 0.5)[0]:
        return []
    return [Claim("user said", text, "no user turn says this")]


_NAMED_THING = re.compile(r"[^\W\d_]*\d[\w.]*")  # what an approval names: "#976", "v2.3", "CR-17"
_CLAUSE_END = re.compile(r"[;；。!?！？]|\.(?:\s|$)")


def _told_of(name: str, what: str, rejected: bool, turns: tuple[str, ...]) -> bool:
    """Whether a user turn tells, in any language, that ``name`` approved (``rejected``:
    turned down) what ``what`` names by its numbers and ids ("PR #976"): the turn's clause
    from the person's name to the next person's (or the clause's end) holds each of them
    and a word of approval, none of rejection or waiting (a word of rejection)."""
    own = _CLAUSE_END.split(what, maxsplit=1)[0]  # "PR #868; Q rejected PR #482": the first
    anchors = [a.rstrip(".") for a in _NAMED_THING.findall(own)]
    if not anchors:
        return False
    for turn in turns:
        at = turn.find(name)
        while at >= 0:
            after = at + len(name)
            stop = _CLAUSE_END.search(turn, after)
            end = min([s for s, _ in names_in(turn) if s >= after] + [len(turn)])
            clause = turn[at : min(end, stop.start() if stop else end)].casefold()
            if all(whole_token(clause, a.casefold(), r"(?<![\w.])", r"(?!\d)") for a in anchors):
                said_no = has_stem(clause, lexicon.REJECTED_STEMS)
                if (
                    said_no
                    if rejected
                    else (
                        has_stem(clause, lexicon.APPROVED_STEMS)
                        and not said_no
                        and not has_stem(clause, lexicon.PENDING_STEMS)
                    )
                ):
                    return True
            at = turn.find(name, after)
    return False


def _acts_of(name: str, text: str) -> frozenset[str]:
    """The stems of the words in the clauses of ``text`` that name ``name`` ("Zeynep
    decided we switch to pnpm" of "…; Burak only suggested it"): what that person did,
    "decided" kept (the units' terms leave such doing words out)."""
    last = name.split()[-1]
    said = [c for c in re.split(r"[;.!?]\s*", text) if last in c]
    return frozenset(stem(w) for c in said for w in re.findall(r"[a-z]+", c.casefold()))


# --------------------------------------------------------------------------- who is what

_TITLE = r"(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?"
# "Dana Whitcombe is our general counsel", "Joel owns the billing service", "Marta only
# reviews": a clause binding a named person to a role or a duty ("Marisol's sister Chioma
# works in HR", "our electrician Tomasz is …": who the person is to someone comes first;
# "Priya Natarajan at Holloway & Pike represents …": the firm they are with comes between)
_BINDING = re.compile(
    r"^\W*(?:(?:(?i:the|our|my|his|her|their)\s+)?(?:\w+['’]s\s+)?[a-z]+\s+(?=[A-Z]))?"
    rf"{_TITLE}(?P<name>{_WORD}(?:\s+{_WORD}){{0,2}})"
    r"(?:\s+(?:at|from|of|with)\s+[A-Z][^\s,;]*(?:\s+(?:&|and|[A-Z][^\s,;]*)){0,3})?\s*,?\s+"
    r"(?P<rest>(?:(?:is|was|are|remains|stays|serves\s+as|acts\s+as|"
    r"works\s+(?:as|in|at|for|on))\s+\S.*|"
    r"(?:only\s+|also\s+|still\s+)?(?:own|owns|lead|leads|run|runs|manage|manages|review|"
    r"reviews|approve|approves|sign|signs|handle|handles|do|does|keep|keeps|maintain|"
    r"maintains|head|heads|chair|chairs|represent|represents)\b.*))$"
)
_OWN = frozenset({"our", "my", "ours", "we", "us", "mine"})
_OTHER = re.compile(r"(?i)\b(?:their|theirs|his|her|its|the\s+\w+'s|\w+'s)\b")
_OWN_WORD = re.compile(r"(?i)\b(?:our|my|ours|mine)\b")
_CLAUSE_CUT = re.compile(r"\s*[;:]\s*|,?\s+(?:and|but|while|whereas)\s+|\.\s+|\s+[—–]\s+")
_PRONOUN = re.compile(r"(?i)^\W*(?:she|he|they)\b")
_NOT_ROLE = re.compile(
    r"(?i)\b(?:not|never|no\s+longer|isn'?t|wasn'?t|rather\s+than|instead\s+of)\s+"
)


def _bound_clauses(name: str, texts: list[str]) -> list[tuple[str, str]]:
    """The clauses of ``texts`` about the person ``name``, each with its whole text:
    naming them (by full name or surname) or a pronoun right after a clause that did
    ("…; she decides the hotfix")."""
    parts = name.split()
    full = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
    last = re.compile(rf"(?<![\w-]){re.escape(parts[-1])}(?![\w-])") if len(parts) > 1 else full
    out: list[tuple[str, str]] = []
    for text in texts:
        if parts[-1] not in text:
            continue
        about = False
        for clause in _CLAUSE_CUT.split(text):
            if full.search(clause) or last.search(clause):
                about = True
                out.append((clause, text))
            elif about and _PRONOUN.match(clause):
                out.append((clause, text))
            else:
                about = False
    return out


_FRAME = re.compile(
    r"(?i)^(?:(?:is|was|are|remains|stays|serves|acts|works|as|only|also|still|now|the|a|an|"
    r"our|their|my|his|her|its|\w+'s)\s+)+"
)


def _head(rest: str) -> frozenset[str]:
    """The terms of what binds the person: the role's or the duty's first two words
    ("general counsel" of "is our general counsel", "owns billing" of "owns the billing
    service")."""
    words = [w for w in _FRAME.sub("", rest).split() if w.casefold() not in _FRAME_WORDS]
    return claim_terms(" ".join(words[:2]))


_FRAME_WORDS = frozenset({"the", "a", "an", "of", "for"})


_PERSON_VERBS = (
    r"owns|reviews|approves|decides|decided|signs|signed|leads|manages|said|says|asked|asks|"
    r"wants|wanted|thinks|agreed|only|will|is\s+(?:our|their|my|the\s+\w+'s)"
)


# Who someone is to someone else: "her sister Chioma", "our colleague Bram"
_KIN = (
    r"sister|brother|mother|father|daughter|son|wife|husband|partner|aunt|uncle|cousin|"
    r"colleague|coworker|co-worker|boss|supervisor|manager|friend|neighbou?r"
)


def _a_person(word: str, ev: Evidence) -> bool:
    """Whether the record speaks of a one-word name as a person: "ask Joel", "Marta only
    reviews", "Joel owns …", "Sam, our landlord", "her sister Chioma", "Ruth from
    finance"."""
    w = re.escape(word)
    person = re.compile(
        rf"(?i:\b(?:ask|tell|ping|email|cc|with|by|from|check\s+with)\s+){w}\b|"
        rf"\b{w}\s+(?i:{_PERSON_VERBS})\b|\b{w},\s+(?i:our|their|my|the)\s+\w+|"
        rf"\b(?i:{_KIN})\s+{w}\b|\b{w}\s+from\s+(?:the\s+)?[a-z]{{3,}}\b"
    )
    return any(person.search(t) for t in (*ev.user, *ev.assistant) if word in t)


def _side(text: str) -> str | None:
    """Whose the role is: "own" ("our GC"), "other" ("their GC", "the vendor's"), or None."""
    if _OWN_WORD.search(text):
        return "own"
    return "other" if _OTHER.search(text) else None


# A duty and what it is of: "owns the billing service", "leads the ingress chart"
_DUTY = re.compile(
    r"(?i)^(?:(?:only|also|still)\s+)?(?P<verb>own|lead|manage|review|approve|handle|"
    r"maintain|head|chair|represent)s?\s+(?P<what>.+)$"
)


def _duty(rest: str) -> tuple[str, frozenset[str]] | None:
    """(verb, the terms of its object's first words) of a duty ("owns the billing service"
    gives ("own", {"bill", "servic"})), or None when ``rest`` binds no duty."""
    m = _DUTY.match(rest.strip())
    if m is None:
        return None
    words = [w for w in m.group("what").split() if w.casefold() not in _FRAME_WORDS]
    what = claim_terms(" ".join(words[:3]))
    return (m.group("verb").casefold(), what) if what else None


def _same_duty(duty: tuple[str, frozenset[str]], clause: str) -> bool:
    """Whether ``clause`` binds the same duty to what ``duty`` names: a clause with that
    verb must name most of the same object right after it ("owns the billing service if
    checkout needs it" is no duty over checkout); a clause saying it otherwise is left to
    the role's own check."""
    verb, what = duty
    m = re.search(rf"(?i)\b{verb}s?\s+(.+)", clause)
    if m is None:
        return True
    words = [w for w in m.group(1).split() if w.casefold() not in _FRAME_WORDS]
    if not words or re.match(r"(?i)(?:it|them|this|that|those|these)\b", words[0]):
        return True  # "Joel only reviews it": what "it" is, the clause before says
    return cover(what, unit_terms(" ".join(words[:3])))[0] >= 0.5


def _named_anywhere(name: str, ev: Evidence) -> bool:
    """Whether some text of the record (a turn, a tool's output) names the person: by each
    word of the name, whole, in any case."""
    words = name.split()
    return any(
        all(whole_token(t.casefold(), w.casefold()) for w in words)
        for t in ev.texts
        if words[-1].casefold() in t.casefold()
    )


# Where a line binding two people splits into one clause each: before a clause that opens
# with a capital ("Delia is the electrician and Tomasz does the plumbing")
_PEOPLE_CUT = re.compile(r"\s*;\s*|,?\s+(?:and|but|while|whereas)\s+(?=[A-Z])")


def check_person_role(text: str, ev: Evidence) -> list[Claim]:
    """A named person bound to a role or a duty ("Dana Whitcombe is our general counsel",
    "Joel owns the billing service"): a clause of the record about that person holds most
    of the role's words, on the same side (ours, theirs) and not denied ("… not the deal
    lead"). A person the record never names is left to the other checks. A line binding
    several people ("Delia is the electrician and Tomasz does the plumbing") is read a
    clause at a time: read whole, the first person's role runs into the second's.

    >>> from contextledger.model import Message
    >>> ev = Evidence.of([Message.user("Tomasz Wilk is our electrician; Delia Marsh does plumbing.")])
    >>> [c.reason for c in check_person_role("Delia Marsh is the electrician and Tomasz Wilk does plumbing.", ev)]
    ['the record says otherwise about Delia Marsh: "Delia Marsh does plumbing."']
    >>> check_person_role("Tomasz Wilk is the electrician and Delia Marsh does plumbing.", ev)
    []
    """
    clauses = [c for c in _PEOPLE_CUT.split(text) if _BINDING.match(c)]
    if len(clauses) < 2:
        return _person_role(text, ev)
    for clause in clauses:
        found = _person_role(clause, ev)
        if found:
            return [Claim(c.kind, text, c.reason) for c in found]
    return []


def _person_role(text: str, ev: Evidence) -> list[Claim]:
    """:func:`check_person_role` of one clause."""
    m = _BINDING.match(text)
    if m is None or m.group("name").split()[0].casefold() in _NOT_NAMES:
        return []
    name, rest = m.group("name"), m.group("rest")
    duty = _duty(rest)
    if duty is not None and not _named_anywhere(name, ev):
        # "Tomasz owns the billing service" where no message names Tomasz: who owns what
        # is said by the people in the record, never made up
        return [Claim("did", text, f"no message of the record names {name}")]
    if " " not in name and not _a_person(name, ev):
        return []  # "Redis is the session store": a thing, not a person
    names = {stem(w) for w in name.split()}
    terms = claim_terms(rest) - GENERIC_DOING - names - {"only", "also", "still"}
    if not terms:
        return []
    about = _bound_clauses(name, [*ev.user, *ev.assistant, *ev.texts])
    if not about:
        return []
    side = _side(rest)
    head = _head(rest) - names
    best: str | None = None
    for clause, whole in about:
        if cover(terms, unit_terms(whole))[0] < 0.5 or cover(head, unit_terms(clause))[0] < 0.5:
            continue
        if duty is not None and not _same_duty(duty, clause):
            best = best or clause
            continue  # "Priya owns the checkout page" for "Priya owns the billing service"
        denied = _NOT_ROLE.search(clause)
        if denied and cover(head, unit_terms(clause[denied.end() :]))[0] >= 0.5:
            best = best or clause
            continue  # "…, not the deal lead": the role denied
        theirs = _side(clause)
        if side and theirs and side != theirs:
            best = best or clause
            continue  # "their general counsel" for "our general counsel"
        return []
    shown = best or about[0][0]
    return [Claim("did", text, f"the record says otherwise about {name}: {quote(shown)}")]


# A person named by two words or more (an id after them: "Jordi Puig 001") opening a clause
# that binds them to something, in the languages users write in ("is", "är", "je", "adalah",
# "er", "ist", "est", "es", "è", "jest", "є", "—")
_PERSON_OPENS = re.compile(
    rf"^\W*(?P<name>{_WORD}(?:\s+{_WORD}){{1,2}}(?:\s+\d[\w-]*)?)\s+"
    r"(?:is|was|are|remains|becomes|är|blir|je|bude|adalah|ialah|menjadi|er|bliver|ist|wird|"
    r"est|es|será|è|jest|будет|буде|є|—|–|-|owns|leads|manages|runs|approves|signs)(?!\w)"
)


def check_tool_only_person(text: str, ev: Evidence) -> list[Claim]:
    """A person bound to a role or a duty ("Jordi Puig 001 is the release manager") whom
    no user or assistant turn names, only a tool's output (a git log's author): who is
    who is said by the people in the conversation, not read off a commit list."""
    m = _PERSON_OPENS.match(text)
    if m is None:
        return []
    name = m.group("name")
    if any(name in t for t in (*ev.user, *ev.assistant)):
        return []
    shown = next((t for t in ev.texts if name in t), None)
    if shown is None:
        return []  # a person the record never names: the other checks'
    line = next(ln for ln in shown.splitlines() if name in ln)
    return [
        Claim(
            "did",
            text,
            f"no user or assistant turn names {name}; only a tool's output does: {quote(line)}",
        )
    ]


# --------------------------------------------------------------------------- named, any language

_LETTERS = re.compile(r"[^\W\d_]+")


def _name_groups(text: str) -> list[tuple[int, int, str]]:
    """Runs of capitalized words ("Maria Kask", "Марія Каск", "Jonas"): (start, end,
    name). An all-capitals word ("DHL", "HTTP") is an acronym, not a name; a word that
    says nothing ("The", "This", "Please") is capitalized for opening a sentence."""
    out: list[tuple[int, int, str]] = []
    for m in _LETTERS.finditer(text):
        w = m.group(0)
        if not (w[0].isupper() and any(c.islower() for c in w[1:])) or w.casefold() in FILLER:
            continue
        if out and not text[out[-1][1] : m.start()].strip():
            start, _, name = out[-1]
            out[-1] = (start, m.end(), f"{name} {w}")
        else:
            out.append((m.start(), m.end(), w))
    return out


def _opens(text: str, at: int) -> bool:
    """Whether the word at ``at`` opens ``text`` or a clause of it: only marks and spaces
    stand before it, back to the text's start or a clause mark. (Read backwards from
    ``at``: a search of all that stands before it made each name cost the turn's length.)"""
    i = at
    while i > 0:
        c = text[i - 1]
        if c in _CLAUSE_MARKS:
            return True
        if c.isalnum() or c == "_":
            return False
        i -= 1
    return True


_CLAUSE_MARKS = frozenset(";,.!?:\n")


def _edges(text: str) -> set[str]:
    """The first and the last word of a stretch, by their first five letters: where the
    verb of "Jonas ákvað …" (verb second) or "… முடிவு செய்தார்" (verb last) stands."""
    words = [w.casefold()[:5] for w in _LETTERS.findall(text) if len(w) > 2]
    return {words[0], words[-1]} if words else set()


Spans = tuple[tuple[str, str], ...]


@lru_cache(maxsize=1 << 12)  # a turn is read once, not once per line naming someone
def _spans(turn: str) -> Spans:
    """The people a turn contrasts, each with the stretch of words up to the next one:
    each opens a clause ("Maria …; Jonas …") and is no label ("Correction: …"); "Please …
    on Monday" names no one. Empty unless the turn contrasts two or more."""
    named = [g for g in _name_groups(turn) if _opens(turn, g[0]) and turn[g[1] :][:1] != ":"]
    if len(named) < 2:
        return ()
    ends = [start for start, _, _ in named[1:]] + [len(turn)]
    return tuple((n, turn[e:end]) for (_, e, n), end in zip(named, ends, strict=True))


def _contrasting(ev: Evidence) -> dict[str, list[tuple[str, Spans]]]:
    """The user turns contrasting people, by each person they name, in the record's
    order: a line naming one is compared only with the turns naming them."""

    def index() -> dict[str, list[tuple[str, Spans]]]:
        found: dict[str, list[tuple[str, Spans]]] = {}
        for turn in ev.user_turns:
            spans = _spans(turn)
            for name in dict.fromkeys(n for n, _ in spans):
                found.setdefault(name, []).append((turn, spans))
        return found

    return ev.derive("contrasting people", index)


def check_named_span(text: str, ev: Evidence) -> list[Claim]:
    """A line crediting a person by name with what a user turn credits to another person
    named in the same turn, in any language ("Jonas ákvað að senda aðeins með DHL." where
    the user said "Maria Kask ákvað að við sendum aðeins með DHL; Jonas stakk bara upp á
    því."). No verb is read: each name in the turn owns the words up to the next name, and
    the line's first and last words after its name (where a verb stands, second or last)
    are those of another person's stretch and of none of the named one's. A line naming
    several people ("Omar is the manager and Lena handles maintenance") is read a clause at
    a time: each name owns its clause, not the words of the next person's."""
    clauses = _PEOPLE_CUT.split(text)
    if len(clauses) < 2:
        return _named_span(text, ev)
    for clause in clauses:
        found = _named_span(clause, ev)
        if found:
            return [Claim(c.kind, text.strip(), c.reason) for c in found]
    return []


def _named_span(text: str, ev: Evidence) -> list[Claim]:
    """:func:`check_named_span` of one clause."""
    groups = _name_groups(text)
    if not groups or not _opens(text, groups[0][0]):
        return []  # (the name is the line's subject: it opens the line; others are objects)
    start, end, name = groups[0]
    mine = _edges(text[:start] + " " + text[end:])
    if not mine:
        return []
    for turn, spans in _contrasting(ev).get(name, ()):
        own = set().union(*(_edges(s) for n, s in spans if n == name))
        # (a word the named one's stretch holds anywhere is no one's: "صرف", "only")
        said = {w.casefold()[:5] for n, s in spans if n == name for w in _LETTERS.findall(s)}
        other = next((n for n, s in spans if n != name and (mine & _edges(s)) - said), None)
        if other is not None and not mine & own:
            why = f"the user said it of {other}, not of {name}: {quote(turn)}"
            return [Claim("user said", text.strip(), why)]
    return []
