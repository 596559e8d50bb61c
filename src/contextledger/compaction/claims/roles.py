"""Who did what: a claim binding someone to an act ("Sam approved the window", "the
vendor wrote the rollback script", "Aiko will deploy the hotfix") against the clause of
the record that says who did that act ("Priya approved the window; Sam only reviewed
the plan").

A clause is read as an agent, then an act and what it is done to. No part of speech is
known, so a recap clause is aligned with each record clause on a word both share (the
act: "approved", "wrote", "hat"): the words before it are each one's agent, the words
from it on are the act and its object. When the record says the act was done to the same
object by someone else, and nowhere by the claim's agent, the claim swapped the roles.
Agents are people named by name, roles ("the vendor", "our DBA"), the user and the
assistant (a user's "I" and "we" are the user; a user's "you" is the assistant). In
Japanese the agent is what stands before が or は.

>>> from contextledger.model import Message
>>> ev = Evidence.of([Message.user("Priya approved the window; Sam only reviewed the plan.")])
>>> [c.reason for c in check_roles("Sam approved the window.", ev)]
['the record says Priya did this, not Sam: "Priya approved the window"']
>>> check_roles("Priya approved the window (Sam reviewed the plan).", ev)
[]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from ...lexicon import claims as lexicon
from ..trace import FILLER, claim_terms, cover, stem
from ..wording import asks
from . import words as lex
from .evidence import Claim, Evidence
from .reading import actor_of, quote

_WORD = re.compile(r"[^\W_][\w'’.@#/-]*[\w]|[^\W_]")
# Where one clause ends and the next begins: a new subject comes after these.
_CUT = re.compile(
    r"\s*[;,()\[\]]\s*|[.!?](?:\s+|$)|\s+(?:and|but|while|whereas|whilst|und|aber)\s+|"
    r"\s+[—–]\s+|[。；、，！？]"
)
# "Yuki, the DBA, wrote …": an apposition says who, not what was done
# ("Mme Lemoine, l'expert-comptable, a décidé", "Lucía (SRE de guardia) decidió")
_APPOSITION = re.compile(
    r",\s+(?:(?:the|our|their|a|an|his|her|my|le|la|les|el|los|las|o|os|as|der|die|das|de|het|"
    r"il|lo|i|gli)\s+|l['’])[^,;]{1,40},\s+|"
    r"\s+\((?:the|our|their|a|an|his|her|my)\s+[^()]{1,40}\)|"
    r"(?<=[^\W\d_])\s+\((?![^()]*\d)[^()]{1,40}\)(?=\s+[^\W\d_])"
)
_DETERMINERS_LIST = """
    the a an our my their your his her its this that der die das den dem ein eine unser
    unsere
"""
_DETERMINERS = frozenset(_DETERMINERS_LIST.split()) | lexicon.DETERMINERS
# Words between an agent and its act that are neither: "Sam only reviewed", "Dana will run".
_BETWEEN_LIST = """
    only just also still then later first finally already will 'll ll has had have did
    does do is was are were would should shall can could may might must hat hatte haben
    wird werden ist war nur auch be been being get got gets
    heeft hebben had werd alleen ook al slechts ha hanno aveva soltanto anche già tylko też
    już jedynie
"""
_BETWEEN = frozenset(_BETWEEN_LIST.split()) | lexicon.BETWEEN
# "The pool may be restarted": the act's object stands first, the agent is unsaid
_PASSIVE = (
    frozenset(
        {
            "be",
            "been",
            "being",
            "is",
            "are",
            "was",
            "were",
            "get",
            "got",
            "gets",
            "ist",
            "wird",
            "wurde",
            "wurden",
        }
    )
    | lexicon.PASSIVE
)
_TITLES = frozenset({"mr", "mrs", "ms", "dr", "prof", "herr", "frau"}) | lexicon.TITLES
_SPEAKER = frozenset(
    {"i", "we", "i'll", "we'll", "i've", "we've", "i'd", "we'd", "i'm"}
    # ... and in the languages a turn is written in ("Je propose …", "Ich schlage vor …")
    | {"je", "j'", "nous", "ich", "wir", "yo", "nosotros", "eu", "nós", "io", "noi", "ik", "wij"}
    | {"я", "мы"}
)
_ADDRESSEE = frozenset({"you", "you'll", "you've", "you're"})
_THIRD = frozenset({"he", "she", "they", "er"})
_USER_WORDS = frozenset({"user", "users", "human"}) | lex.USER_WORDS
_ASSISTANT_WORDS = frozenset({"assistant", "agent", "model"}) | lex.ASSISTANT_WORDS
_PRONOUN_OBJECTS = frozenset({"it", "them", "him", "her", "ihn", "es", "ihm"})
_CLITICS = lexicon.CLITICS  # "Diego solo lo sugirió": "it", before the act
# Past forms that end in no "-ed": what makes a word an act when nothing else does.
_IRREGULAR_PAST_LIST = """
    wrote ran read chose sent took made built gave told said sold led did set put kept
    left found bought brought caught drew drove fed felt got held hid hit hung knew lent
    lost meant met paid quit rode rose saw shook shut sang sat slept spoke spent stood
    stole swore taught thought threw understood woke won
"""
_IRREGULAR_PAST = frozenset(_IRREGULAR_PAST_LIST.split())
# Acts said in other words, folded to one: who approved is who signed off.
_ACTS = {
    **dict.fromkeys(("approv", "approval", "sign", "greenlit", "greenlight", "authoriz"), "approv"),
    **dict.fromkeys(("write", "draft", "author"), "write"),
    **dict.fromkeys(("own", "maintain", "maintainer", "owner"), "own"),
    **dict.fromkeys(("decid", "decision", "choose", "pick", "select", "opt"), "decid"),
    **dict.fromkeys(("review", "proofread", "comment"), "review"),
}
_LABEL = re.compile(r"^\W*(User|Assistant)\s*:\s*(?=[a-z])")
_CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@dataclass(frozen=True, slots=True)
class _Bound:
    """A clause read as agent + act + what the act is done to."""

    who: frozenset[str]  # "user", "assistant", or the agent's own words (stemmed)
    person: bool  # named, or the user, the assistant, a pronoun: not "the worker pool"
    name: str  # the agent as written
    act: str  # the act's word, folded ("" in Japanese: the tail holds it)
    tail: frozenset[str]  # the act and what follows it
    text: str
    grams: bool = False  # Chinese or Japanese: the tail is pairs of characters


def _fold(word: str) -> str:
    w = word.strip("'’.").casefold()
    act = lex.act_of(w)
    if act is not None:  # "aprovou", "a validé", "hat entschieden": one act in any language
        return act
    s = stem(w)
    return _ACTS.get(s, s)


def _terms(said: list[str]) -> frozenset[str]:
    return frozenset(
        w
        for w in said
        if w not in FILLER
        and w not in _DETERMINERS
        and w not in _BETWEEN
        and w not in lex.FUNCTION_WORDS
    )


def _an_act(word: str) -> bool:
    """Whether ``word`` reads as a verb: an act we know, a past or a third-person form."""
    w = word.casefold()
    if not w.isalpha() or word[:1].isupper():
        return False
    return (
        _fold(w) in _ACTS.values()
        or lex.act_of(w) is not None
        or w in _IRREGULAR_PAST
        or (len(w) > 3 and (w.endswith("ed") or w.endswith("s")))
    )


def _agentish(head: list[str]) -> bool:
    """Whether ``head`` can be who acted: a name, a title and a name, a role after a
    determiner ("the vendor", "our DBA Yuki"), a pronoun, the user or the assistant."""
    linking = sum(w.casefold() in lex.FUNCTION_WORDS for w in head)  # "jefa de marketing"
    if not head or len(head) - linking > 4 + (head[0].casefold() in _DETERMINERS):
        return False
    first = head[0].casefold()
    if first in _SPEAKER or first in _ADDRESSEE or first in _THIRD:
        return len(head) == 1
    if first in _USER_WORDS or first in _ASSISTANT_WORDS:
        return len(head) == 1
    if first in _DETERMINERS:  # "the vendor", "la jefa de marketing Marta Gil"
        named = [w for w in head[1:] if w.casefold() not in lex.FUNCTION_WORDS]
        return 1 <= len(named) <= 4 and all(w.casefold() not in _BETWEEN for w in named)
    names = head[1:] if first in _TITLES else head
    return bool(names) and all(w[:1].isupper() and not w.isupper() for w in names)


# "Priya from the network team decided …": the person, and where they are from
_AFFILIATION = re.compile(r"^(?:from|of|at|on|in)$", re.IGNORECASE)


def _without_affiliation(head: list[str]) -> list[str]:
    """``head`` up to "from the network team" when a name stands before it."""
    for i, w in enumerate(head[1:], 1):
        if _AFFILIATION.match(w) and head[0][:1].isupper():
            return head[:i]
    return head


_ELIDED = re.compile("^" + lexicon.ELIDED_ARTICLE)  # "l'assistant" is "assistant"


def _who(head: list[str], role: str) -> frozenset[str]:
    out: set[str] = set()
    for w in head:
        f = _ELIDED.sub("", w.casefold())
        if f in _SPEAKER:
            out.add(role if role != "recap" else "?")  # a recap's "I" is no one we know
        elif f in _ADDRESSEE:
            out.add({"user": "assistant", "assistant": "user"}.get(role, "?"))
        elif f in _THIRD:
            out.add("?")
        elif f in _USER_WORDS:
            out.add("user")
        elif f in _ASSISTANT_WORDS:
            out.add("assistant")
        elif f not in _DETERMINERS and f not in _TITLES:
            out.add(stem(f))
    return frozenset(out)


def _reading(raw: list[str], text: str, role: str, carried: frozenset[str]) -> _Bound | None:
    """``raw`` (a clause's words) read as agent + act: the act is the first word after
    an agent-like head that reads as a verb (or follows "will", "only", "hat" …)."""
    for i in range(1, min(len(raw), 8)):
        before = [x.casefold() for x in raw[:i] if x.casefold() not in _DETERMINERS]
        after_helper = bool(before) and before[-1] in _BETWEEN  # "hat den Vertrag …"
        w = raw[i].casefold()
        if w in _BETWEEN or w in _DETERMINERS or w in _PRONOUN_OBJECTS or w in _CLITICS:
            continue
        if w in FILLER and not _an_act(raw[i]):
            continue
        if not (after_helper or _an_act(raw[i]) or raw[i - 1].casefold() in _SPEAKER):
            continue
        head = [
            x
            for n, x in enumerate(raw[:i])
            if x.casefold() not in _BETWEEN
            and x.casefold() not in _PRONOUN_OBJECTS
            and (n == 0 or (x.casefold() not in _DETERMINERS and x.casefold() not in _CLITICS))
        ]
        head = _without_affiliation(head)
        if not _agentish(head):
            continue
        who = _who(head, role)
        if not who or "?" in who or (before and before[-1] in _PASSIVE):
            return None
        act = _fold(raw[i])
        if after_helper and lex.act_of(w) is None:
            # "Herr Kraus hat den Plan nur geprüft": the act stands last, after its object
            act = next((a for x in raw[i + 1 :] if (a := lex.act_of(x)) is not None), act)
        tail = _terms([_fold(x) for x in raw[i:]])
        if any(x.casefold() in _PRONOUN_OBJECTS for x in raw[1:]) or any(
            x.casefold() in _CLITICS for x in raw[1:i]
        ):
            tail |= carried  # "the vendor only read it": it is what the clause before named
        person = head[0].casefold() not in _DETERMINERS or any(x[:1].isupper() for x in head[1:])
        return _Bound(who, person, " ".join(head), act, tail | {act}, text)
    return None


def _ja_reading(text: str, role: str) -> _Bound | None:
    # "訂正：ビルド番号は …": a label before a colon is no part of who acted
    m = lexicon.JA_AGENT.match(re.split(r"[:：]", text.strip(), maxsplit=1)[-1].strip())
    if m is None:
        return None
    rest = lexicon.JA_ENDING.sub("", m.group("rest").strip())
    grams = frozenset(rest[i : i + 2] for i in range(max(len(rest) - 1, 1)))
    agent = m.group("agent")
    who = frozenset({"user" if agent in ("私", "わたし") and role == "user" else agent})
    return _Bound(who, True, agent, "", grams, text)


def _readings(text: str, role: str) -> list[_Bound]:
    """The clauses of ``text`` that bind an agent to an act."""
    out: list[_Bound] = []
    carried: frozenset[str] = frozenset()
    before: list[str] = []  # the clause before's words: what "do it" does
    text = _NAMED_APPOSITION.sub(r" \1 ", _APPOSITION.sub(" ", text))
    parts = [p for p in _CUT.split(_ASIDE.sub(" ", text)) if p and p.strip()]
    for n, part in enumerate(parts):
        words = _WORD.findall(part)
        if _CJK.search(part):
            found = _cjk_reading(part, role) or _ja_reading(part, role)
        else:
            redone = _DO_IT.sub(_redo(before), part)
            found = _reading(_WORD.findall(redone), part.strip(), role, carried)
            if found is not None and not found.tail - {found.act} and n + 1 < len(parts):
                # "Herr Kraus hat entschieden, die Umlagerung … zu machen": what was
                # decided follows the comma
                more = _terms([_fold(x) for x in _WORD.findall(parts[n + 1])])
                found = replace(found, tail=found.tail | more)
        if found is not None:
            out.append(found)
            carried = found.tail - {found.act}
        before = words
    return out


# "Juliana (supervisora) aprovou …", "Frau Becker (Lagerleiterin) hat …": an aside
# between an agent and its act says who they are, not what they did
_ASIDE = re.compile(r"\s+\([^()]{1,40}\)(?=\s+\w)")
# "La DRH, Claire Martin, a validé …": a name in apposition is the agent too
_NAMED_APPOSITION = re.compile(r",\s+((?:[A-ZÀ-Ý][\w'’-]+\s+){0,2}[A-ZÀ-Ý][\w'’-]+),\s+(?=\w)")


def _cjk_reading(text: str, role: str) -> _Bound | None:
    """A Chinese or Japanese clause read on its act word ("李工只是提了建议",
    "山田さんが…決めました"): the agent is what stands before it, the act's object what
    follows it (or, in Japanese, what stands between the agent and it)."""
    found = lex.cjk_act(text)
    if found is None:
        return None
    start, end, act = found
    head = re.split(r"[:：]", text[:start])[-1].strip()
    agent = lexicon.CJK_BETWEEN.sub("", head)
    object_ = ""
    if "が" in agent or "は" in agent:  # "山田さんが段階配信にすることを決めました"
        agent, _, object_ = re.split(r"(?<=.)(?=[がは])", agent, maxsplit=1)[0], "", agent
        object_ = object_[len(agent) + 1 :]
    if not agent or len(agent) > 8:
        return None
    who = "user" if agent in lex.CJK_USER or (agent in ("我", "私") and role == "user") else agent
    who = "assistant" if agent in lex.CJK_ASSISTANT else who
    rest = lexicon.JA_ENDING.sub("", object_ + text[end:]).strip("。.，、 ")
    grams = frozenset(rest[i : i + 2] for i in range(max(len(rest) - 1, 0)))
    return _Bound(frozenset({who}), True, agent, act, grams | {act}, text, grams=True)


# "Don't open the ticket yourself, Priya will do it": the act of the clause before
_DO_IT = re.compile(r"(?i)\b(?:do|does|did|handle|handles)\s+(?:it|that|this|so)\b")


def _redo(before: list[str]) -> Callable[[re.Match[str]], str]:
    """What "do it" stands for: the clause before from its first act on."""
    acts = [i for i, w in enumerate(before) if _an_act(w) or (i == 0 and w[:1].isupper())]
    rest = " ".join(w for w in before[acts[0] :] if w.casefold() not in _SELF) if acts else ""
    return lambda m: rest.lower() if rest else m.group(0)


@lru_cache(maxsize=1 << 15)  # a sentence of the record is read once, not at every recap
def _readings_kept(text: str, role: str) -> tuple[_Bound, ...]:
    return tuple(_readings(text, role))


def _record_readings(ev: Evidence) -> tuple[_Bound, ...]:
    def read() -> tuple[_Bound, ...]:
        out: list[_Bound] = []
        for role, texts in (("user", ev.user), ("assistant", ev.assistant)):
            for text in texts:
                out += _readings_kept(text, role)
        return tuple(out)

    return ev.derive("role readings", read)


_SELF = frozenset(
    {"yourself", "myself", "ourselves", "themselves", "don't", "dont", "not", "never"}
)


def check_roles(text: str, ev: Evidence) -> list[Claim]:
    """Each clause of ``text`` that binds an agent to an act: when the record binds that
    act on that object to someone else, and never to this agent, a claim."""
    record = _record_readings(ev)
    if not record:
        return []
    labelled = _LABEL.match(text)  # "User: decided to keep …" is "The user decided …"
    plain = f"The {labelled.group(1).casefold()} {text[labelled.end() :]}" if labelled else text
    for mine in _readings(plain, "recap"):
        if len(mine.tail) < 2:
            continue
        same = [
            b
            for b in record
            if b.act == mine.act and _same_act(mine.tail, b.tail, mine.act, mine.grams)
        ]
        if not same or any(b.who & mine.who for b in same):
            continue
        if "assistant" in mine.who and ev.acts_index.covering(claim_terms(mine.text), 0.6):
            continue  # a call shows the assistant did it
        other = next((b for b in same if b.person or mine.person), None)
        if other is None:
            continue  # "the build failed …" for "the tests failed …": things, not people
        why = f"the record says {other.name} did this, not {mine.name}: {quote(other.text)}"
        return [Claim("did", text, why)]
    return []


def _same_act(mine: frozenset[str], said: frozenset[str], act: str, grams: bool = False) -> bool:
    """Whether a claim's act and object (``mine``) are those of a record clause: every
    word of it there, or all but one plain word when it says four or more ("opens the
    NAT quota ticket" for "open the quota ticket"); in Japanese, most of its characters."""
    missing = mine - said
    if not act or grams:
        return len(missing) <= 0.2 * len(mine)
    return not missing or (
        len(mine) >= 4 and len(missing) == 1 and not any(c.isdigit() for c in next(iter(missing)))
    )


def bound_as_said(text: str, ev: Evidence) -> bool:
    """Whether a clause of ``text`` binds the agent the record binds to the same act:
    "Priya will open the quota ticket" after "Don't open the quota ticket yourself, Priya
    will do it." (the user's "don't" was the assistant's, not Priya's)."""
    record = _record_readings(ev)
    return any(
        b.who & mine.who
        and b.act == mine.act
        and _same_act(mine.tail, b.tail, mine.act, mine.grams)
        for mine in _readings(text, "recap")
        if len(mine.tail) >= 2
        for b in record
    )


def check_owner(text: str, ev: Evidence) -> list[Claim]:
    """An owner the claim names ("the platform team owns the CI config") where the record
    names owners must be one of them: "the user owns it" where the user said "the ops
    team owns it" swaps who holds the thing; an owner the record names nowhere is made
    up. (A record that names no owner in these words, "Jonas übernimmt das Release", is
    read by the other checks.)"""
    mine = lexicon.OWNERSHIP.search(text)
    owner = _owner(mine) if mine else None
    if not owner:
        return []
    said = ev.derive(
        "owners",
        lambda: frozenset(_owner(m) for t in ev.texts for m in lexicon.OWNERSHIP.finditer(t)),
    )
    if not said - {""} or owner in said:
        return []
    named = owner != "user" and any(
        set(owner.split()) <= _words(t) for t in (*ev.user_turns, *ev.assistant)
    )
    if named:
        return []  # (someone the record names: not the swap this reading sees)
    return [
        Claim(
            "constraint", text, f"the record names another owner: {', '.join(sorted(said - {''}))}"
        )
    ]


def _owner(m: re.Match[str]) -> str:
    """The owner a match names, the user's "I"/"we" as the user; empty for a pronoun."""
    words = (m.group("owner") or m.group("by") or m.group("to") or "").casefold().split()
    words = [w for w in words if w != "the"]
    if words in (["i"], ["we"], ["me"], ["us"], ["user"]):
        return "user"
    return "" if not words or words[0] in _NO_OWNER else " ".join(words)


_NO_OWNER = frozenset(
    ["it", "this", "that", "which", "who", "they", "he", "she", "you", "and", "or"]
)


def _words(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"[\w-]+", text.casefold()))


# --------------------------------------------------------------------------- who holds what

# a word written with a capital that may name a person ("Amira", "Jonas", "Дилноза")
# (after an elided article too: "D'Amira", "l'Ana")
_CAPITALISED = re.compile(r"(?<!\w)[^\W\d_a-z][^\W\d_]{2,}(?![\w'’])")


def _people(ev: Evidence) -> frozenset[str]:
    """The words the user's turns write only with a capital: names (a sentence's opening
    word is written small elsewhere: "The", "Rate")."""
    text = "\n".join(ev.user_turns)
    small = {w.casefold() for w in re.findall(r"[^\W\d_]+", text) if not w[0].isupper()}
    return frozenset(
        w for w in _CAPITALISED.findall(text) if w.casefold() not in small and claim_terms(w)
    )


def _held(ev: Evidence) -> dict[str, frozenset[str]]:
    """Each person the user paired with something, to the words of the clauses pairing
    them: a turn of two clauses or more said alike ("Amira owns payments; Jonas owns
    search", "Amira payments curat, Jonas search curat"), each opening with its own
    person and sharing a word with the others (the frame: "owns", "curat")."""
    people = _people(ev)
    out: dict[str, set[str]] = {}
    for turn in ev.user_turns:
        pairs: list[tuple[str, frozenset[str]]] = []
        for clause in _PAIRED_CLAUSE.split(turn):
            opening = _CAPITALISED.search(" ".join(clause.split()[:_OPENING_WORDS]))
            if opening is not None and opening.group() in people:
                pairs.append((opening.group(), claim_terms(clause) - claim_terms(opening.group())))
        frame = frozenset.intersection(*(w for _, w in pairs)) if len(pairs) > 1 else frozenset()
        if len({n for n, _ in pairs}) == len(pairs) > 1 and any(len(t) > 2 for t in frame):
            for name, words in pairs:
                out.setdefault(name, set()).update(words)
    return {k: frozenset(v) for k, v in out.items()}


_PAIRED_CLAUSE = re.compile(r"[.;!?\n,]+\s*")
# the words a clause's person opens it within: an article before the name ("de Jonas")
_OPENING_WORDS = 2


def check_person_paired(text: str, ev: Evidence) -> list[Claim]:
    """A person the user named, bound in the claim to what the user paired with another
    ("Jonas owns payments" where the user said "Amira owns payments; Jonas owns search",
    in any language): the claim's words that tell the people apart (a word of one's
    clauses, not of all) are all another's, none this person's.

    >>> from contextledger.model import Message
    >>> ev = Evidence.of([Message.user("Amira payments curat; Jonas search curat.")])
    >>> [c.reason for c in check_person_paired("Jonas owns payments.", ev)]
    ['the user paired payment with Amira, not Jonas: "Amira payments curat; Jonas search curat."']
    >>> check_person_paired("Jonas owns search.", ev)
    []
    """
    held = ev.derive("people and what they hold", lambda: _held(ev))
    if len(held) < 2:
        return []
    # (each word with a capital in turn: in German every noun has one, "Zahlungen")
    for person in [n for n in dict.fromkeys(_CAPITALISED.findall(text)) if n in held][:4]:
        why = _paired_with_another(person, text, held, ev)
        if why:
            return [Claim("constraint", text.strip(), why)]
    return []


def _paired_with_another(
    person: str, text: str, held: dict[str, frozenset[str]], ev: Evidence
) -> str | None:
    """Why ``text`` binds ``person`` to what the user paired with someone else, or None."""
    # (a word of two letters is grammar: Hausa's "ne"/"ce" tell no one's duty apart)
    terms = sorted(t for t in claim_terms(text) - claim_terms(person) if len(t) > 2)
    # the people a user turn names with this one: who the user told apart; a word all of
    # them share is the frame ("owns", "ashinzwe"), not what tells them apart
    turns = [u for u in ev.user_turns if person in _CAPITALISED.findall(u)]
    near = sorted({n for u in turns for n in _CAPITALISED.findall(u) if n in held})
    if len(near) < 2:
        return None
    telling = [t for t in terms if 0 < sum(t in held[n] for n in near) < len(near)]
    if not telling or any(t in held[person] for t in telling):
        return None
    other = next(n for n in near if telling[0] in held[n])
    said = next(u for u in turns if other in u)
    return f"the user paired {telling[0]} with {other}, not {person}: {quote(said)}"


# --------------------------------------------------------------------------- whose finding

# what a recap credits someone with knowing or choosing, not with doing: a finding or a
# decision is held by the turn that says it, in any language
_CREDIT = re.compile(
    r"(?i)\b(?:found|discovered|noticed|spotted|identified|realized|realised|figured\s+out|"
    r"worked\s+out|traced|diagnosed|pinpointed|determined|concluded|decided|chose|picked|"
    r"opted|settled\s+on)\b"
)
_CREDIT_WORDS = frozenset(
    stem(w)
    for w in [
        "found",
        "discovered",
        "noticed",
        "spotted",
        "identified",
        "realized",
        "realised",
        "figured",
        "worked",
        "traced",
        "diagnosed",
        "pinpointed",
        "determined",
        "concluded",
        "decided",
        "chose",
        "picked",
        "opted",
        "settled",
        "user",
        "assistant",
        "agent",
        "model",
        "that",
        "out",
        "on",
    ]
)
_COVERS = 0.6  # the share of the claim's words a turn must hold to be where it was said


def _whose(text: str, ev: Evidence) -> tuple[str, str, str] | None:
    """(who the claim credits, who the record says it of, the turn that says it) for a
    clause crediting the user or the assistant with a finding or a decision; None when it
    credits no one of the two, or the record holds its words in no turn."""
    actor = actor_of(text)
    if actor is None or not _CREDIT.search(text):
        return None
    # (words by their first five letters: "module" is the "modulo" of a Latin record)
    terms = lex.content_terms(_CREDIT.sub(" ", text)) - _CREDIT_WORDS
    if len(terms) < 2:
        return None
    said = [("user", t) for t in ev.user_turns] + [("assistant", t) for t in ev.assistant]
    said += [("assistant", r.text) for r in ev.results]  # (what its calls printed)
    holding = [(who, t) for who, t in said if cover(terms, lex.content_terms(t))[0] >= _COVERS]
    if not holding:
        return None
    if any(who == actor for who, _ in holding):
        return actor, actor, next(t for who, t in holding if who == actor)
    return actor, holding[0][0], holding[0][1]


def check_credit(text: str, ev: Evidence) -> list[Claim]:
    """A finding or a decision credited to the assistant that only the user's turns say,
    or to the user that only the assistant's turns (or its calls' output) say: the credit
    swapped ("The assistant found the leak in the cache module" where the user wrote "I
    found that the leak is in the cache module", in any language).

    >>> from contextledger.model import Message
    >>> ev = Evidence.of([Message.user("Inveni rimam in modulo cache esse."), Message.assistant("OK.")])
    >>> [c.reason for c in check_credit("The assistant found the leak in the cache module.", ev)]
    ['credited to the assistant, but the user\\'s turn says it: "Inveni rimam in modulo cache esse."']
    """
    found = _whose(text, ev)
    if found is None or found[0] == found[1]:
        return []
    claimed, said, turn = found
    why = f"credited to the {claimed}, but the {said}'s turn says it: {quote(turn)}"
    return [Claim("did", text.strip(), why)]


def credited_as_said(text: str, ev: Evidence) -> bool:
    """Whether ``text`` credits the user with a finding or a decision a user turn states,
    not asks for: "The user found that the leak is in the cache module" after the user's
    "Inveni rimam in modulo cache esse." (the first person of any language)."""
    found = _whose(text, ev)
    return (
        found is not None
        and found[0] == found[1] == "user"
        and not asks(found[2])
        and not found[2].rstrip().endswith(("?", "？"))
    )
