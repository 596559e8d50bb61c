"""An act a recap says the assistant did, said in another language ("O assistente
ofereceu um cupom de 10% ao cliente.", "助手修改了 vendor/ 目录下的 redis 客户端。",
"Der Assistent hat die alten Lagerplätze gelöscht."): a tool call, its result or the
assistant's own words must hold most of what it says; words only a user turn holds (the
user's "Não ofereça cupom …") are no act.

No verb is parsed: the words are compared as they are, a Latin word by its first five
letters (so "ofereceu" is "ofereça"), Chinese and Japanese by pairs of characters. English
claims are read by :func:`~.claims_done.check_action`, which knows its verbs.

>>> from contextledger.model import Message
>>> from .evidence import Evidence
>>> ev = Evidence.of([Message.user("Não ofereça cupom de desconto sem a minha aprovação.")])
>>> [c.reason for c in check_assistant_did("O assistente ofereceu um cupom ao cliente.", ev)]
['no tool call or assistant turn shows it done (only the user mentioned it: "Não ofereça cupom de desconto sem a minha aprovação.")']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...lexicon import claims as lexicon
from ...lexicon.negation import denial
from ..digest import call_commands
from ..facts import sentences
from . import words as lex
from .evidence import Claim, Evidence, failed_output
from .reading import BACKTICKED, FUTURE, quote

# What an act is done to, by name: an id, a path, a branch, a count ("T-5521",
# "release/4.2", "deploy/api", "4")
_OBJECT = re.compile(r"(?<![\w./-])(?:[\w.-]*\d[\w./-]*|[\w.-]+/[\w./-]*)(?<![.-])")


_DENIES = re.compile(
    rf"(?i)\b(?:{'|'.join(re.escape(w) for w in sorted(lex.NEGATIONS))})\b|"
    r"\b(?:non|mai|niet|nooit|geen|nie|nigdy)\b|不|没|别|ない|ません"
)


def _whole(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?i)(?<![\w./-]){re.escape(name)}(?![\w/])")


def _share(mine: frozenset[str], theirs: frozenset[str]) -> float:
    return len(mine & theirs) / len(mine)


def check_assistant_did(text: str, ev: Evidence) -> list[Claim]:
    """A clause whose subject is the assistant, in another language: what it says was
    done is in a call, a result or an assistant turn — and, when only calls of an action
    (no command run) show it, one of them did not fail ("L'assistant a déposé la
    déclaration CA3" where the filing answered HTTP 422)."""
    m = lexicon.ASSISTANT_SUBJECT.match(text) or lexicon.CJK_ASSISTANT_SUBJECT.match(text)
    if m is None or lexicon.NOT_DONE.search(text[m.end() :]):
        return []
    # the subject's own clause: "…; kasutaja pole veel otsustanud" has a subject of its own
    act = text[m.end() :].split(";")[0]
    if any(ev.ran(q.strip()) for q in BACKTICKED.findall(act)):
        return []  # "Assistent käivitas `mvn -q test`: …": a call ran it (its outcome is read elsewhere)
    mine = lex.content_terms(act)
    if len(mine) < 2:
        return []
    acts, said = ev.derive("did terms", lambda: _units(ev))
    best = max((_share(mine, a.terms) for a in acts), default=0.0)
    found = [a for a in acts if _share(mine, a.terms) == best] if best >= 0.5 else []
    named = _OBJECT.findall(act)
    objects = [_whole(o) for o in named]
    # a bare number names nothing on its own ("row 10" of any output holds "10")
    if not found and any(re.search(r"[^\W\d_]", o) for o in named):
        # "cerró el ticket T-5521": the call that names T-5521 did it
        found = [a for a in acts if all(o.search(a.text) for o in objects)]
    if found:
        refused = [a for a in found if a.refused]
        if len(refused) < len(found) or _FAILED.search(lex.gloss(text)):
            return []  # done, or said to have failed
        return [
            Claim("did", text.strip(), f"the call that did it failed: {quote(refused[-1].answer)}")
        ]
    mentioned = max(said, key=lambda u: _share(mine, u[1]), default=None)
    why = "no tool call or assistant turn shows it done"
    if mentioned is not None and _share(mine, mentioned[1]) >= 0.5:
        why += f" (only the user mentioned it: {quote(mentioned[0])})"
    return [Claim("did", text.strip(), why)]


_FAILED = re.compile(r"\bfailed\b")  # what lex.gloss makes of "a échoué", "fue rechazado"


@dataclass(frozen=True, slots=True)
class _Done:
    """Something the record shows done, with its terms; ``refused``: a call of an action
    (no command run) whose result failed, and ``answer`` what it answered."""

    text: str
    terms: frozenset[str]
    refused: bool = False
    answer: str = ""


def _units(ev: Evidence) -> tuple[list[_Done], list[tuple[str, frozenset[str]]]]:
    """The record's acts (calls with their results, what the assistant said it did, not
    what it said it would not do) and user turns, each with its terms, read once."""
    terms = lex.content_terms

    def done(text: str) -> frozenset[str]:
        return terms(re.sub(r"[_/]", " ", text) + " " + text)

    acts = [_Done(u.text, done(u.text)) for u in ev.acts if u.kind not in ("call", "result")]
    for call, body in ev.answered:
        exchange = f"{call.name} {call.arguments} {body[:2000]}"
        refused = failed_output(body) and not call_commands(call)
        acts.append(_Done(exchange, done(exchange), refused, body))
    # "Entendido, los brokers de Kafka no se tocan.": what it will not do is no act
    acts += [_Done(t, terms(t)) for t in ev.assistant if not _DENIES.search(t)]
    said = [(t, terms(t)) for t in ev.user]
    return acts, said


# words that tell of an offer or a question, not of the act ("asked whether to roll back")
_TOLD_OF = re.compile(
    r"(?i)\b(?:ask(?:ed|s)?|offer(?:ed|s)?|propos(?:ed|es)|suggest(?:ed|s)?|recommend(?:ed|s)?|"
    r"whether)\b"
)
# A sentence that asks ("Shall I roll back deployment/api?", "Visne me … revolvere?")
_ASKS = re.compile(r"[?？؟]['\"”’»)\]]*\s*$")
# the words a recap names the assistant by ("The assistant", "Den Assistent", "助手")
_ASSISTANT_TERMS = lex.content_terms(
    (lexicon.ASSISTANT_NOUNS + " " + lexicon.ASSISTANT_NOUNS_NOSPACE).replace("*", "")
)


def _objects(text: str) -> list[re.Pattern[str]]:
    """What ``text`` names an act by, as patterns: ids and paths with a letter ("a bare
    number names nothing on its own")."""
    return [_whole(o) for o in _OBJECT.findall(text) if re.search(r"[^\W\d_]", o)]


def _said_terms(text: str) -> frozenset[str]:
    """The words of ``text`` that say what was done: not the names of what it was done
    to, not the assistant's own name, not particles of one or two letters."""
    names = frozenset(o.casefold() for o in _OBJECT.findall(text))
    terms = lex.content_terms(_OBJECT.sub(" ", text)) - _ASSISTANT_TERMS - names
    return frozenset(t for t in terms if len(t) > 2)


# how an act went, not whether it was done: "the rollback did not help"
_OUTCOME = re.compile(
    r"(?i)\b(?:help(?:ed|s)?|fix(?:ed|es)?|work(?:ed|s)?|solved?|resolved?|succeed(?:ed|s)?|"
    r"pass(?:ed|es)?|fail(?:ed|s)?|change\s+anything)\b"
)


def _denies(text: str) -> bool:
    """Whether ``text``'s own words deny (a command it quotes is not its words: "--exclude")."""
    own = BACKTICKED.sub(" ", text)
    return denial(own) or lexicon.NOT_DONE.search(own) is not None


def check_offered_only(text: str, ev: Evidence) -> list[Claim]:
    """An act the assistant only offered, said done: "Adiutor deployment/api revolvit."
    where its one turn naming deployment/api asked "Visne me deployment/api … revolvere?
    Si vis, revolvere possum." and no tool call came after. A clause that says no more
    than the offer's own words (give or take the assistant's name) states the act as done,
    in any language: one that adds words ("offered to", "asked whether", "not done yet")
    tells of the offer, and stands; so does one that denies."""
    objects = _objects(text)
    if not objects or _denies(text) or FUTURE.search(text) or _TOLD_OF.search(text):
        return []
    turns = [
        (t, after)
        for (role, t), after in zip(ev.dialogue, ev.calls_after, strict=False)
        if role == "assistant" and all(o.search(t) for o in objects)
    ]
    offered = [t for t, after in turns if after == 0 and _offers(t, objects)]
    if not offered or len(offered) < len(turns):
        return []  # a turn that tells of it, or a call after the offer: it may be done
    if any(
        all(o.search(f"{c.arguments} {body[:2000]}") for o in objects) for c, body in ev.answered
    ):
        return []  # a call named it (its outcome is read elsewhere)
    if len(_CLAUSES.split(text.strip(" .!"))) > 1:
        return []  # a clause more ("…; not done yet", "…, if the user agrees"): it qualifies
    mine = _said_terms(text)
    offer = lex.content_terms(" ".join(offered))
    shared = len(mine & offer)
    users = max((len(mine & lex.content_terms(u)) for u in ev.user_turns), default=0)
    # (its first word, when the offer lacks it, is who did it: "Mothusi", "Umufasha")
    first = _said_terms(text.split(maxsplit=1)[0]) - offer if " " in text.strip() else set()
    if not shared or len(mine - offer - first) > 1 or users >= shared:
        return []  # more than the offer's words, or the user's words: not the act said done
    why = f"the assistant only offered it and no tool call followed: {quote(offered[-1])}"
    return [Claim("did", text.strip(), why)]


_CLAUSES = re.compile(r"\s*[;,:，；、—–]\s*|\s+-\s+")


def _offers(turn: str, objects: list[re.Pattern[str]]) -> bool:
    """Whether ``turn`` asks about the act on ``objects``: a sentence naming them asks."""
    return any(_ASKS.search(s) and all(o.search(s) for o in objects) for s in sentences(turn))


def check_denied_done(text: str, ev: Evidence) -> list[Claim]:
    """An act said not done that a tool call did, and did without failing: "The assistant
    did not roll back deployment/api." where `kubectl rollout undo deployment/api`
    answered "deployment.apps/api rolled back" ("Umufasha ntiyasubije …" in words the
    assistant's own report of it has). Half the clause's words must be the call's or the
    assistant's report's; a clause about how it went ("did not help") is an outcome, read
    by the outcome checks."""
    objects = _objects(text)
    if not objects or not _denies(text) or _OUTCOME.search(text):
        return []
    mine = lex.loose_terms(_said_terms(text))
    calls = [
        (call, f"{call.name} {call.arguments} {body[:2000]}", failed)
        for (call, body), failed in zip(ev.answered, ev.answered_failed, strict=False)
    ]
    calls = [c for c in calls if all(o.search(c[1]) for o in objects)]
    if not mine or any(failed for _, _, failed in calls):
        return []  # (a call of it that failed may be the one the clause denies)
    for call, exchange, _ in calls:
        reports = [s for s in ev.assistant if all(o.search(s) for o in objects) and not _denies(s)]
        theirs = lex.loose_terms(lex.content_terms(" ".join([exchange, *reports])))
        if 2 * len(mine & theirs) >= len(mine):
            why = f"a tool call did it and did not fail: {quote(f'{call.name} {call.arguments}')}"
            return [Claim("did", text.strip(), why)]
    return []


# "was never run", "has not been run", "didn't run", "not executed": a run denied
_RUN_DENIED = re.compile(
    r"(?i)\b(?:never|not|n't|without)\s+(?:(?:been|yet|once|actually|even)\s+)*"
    r"(?:(?:re-?)?run|ran|running|executed|executing|invoked|launched|called)\b|"
    r"\b(?:didn't|did\s+not|wasn't|was\s+not|hasn't|has\s+not|haven't|have\s+not|never)\b"
    r"(?:\s+\w+){0,2}?\s+(?:(?:re-?)?run|ran|executed|invoked|launched)\b"
)
# what someone asked or said about a run, not the run ("never asked to run X")
_ASKED = re.compile(r"(?i)\b(?:ask|asked|told|said|want|wanted|request(?:ed)?|allow(?:ed)?)\b")
# a denial of a later run only ("not run again since the fix"), not of any run
_LATER_RUN = re.compile(r"(?i)\b(?:again|re-?run|since|after(?:wards)?|any\s+more|anymore)\b")


def check_denied_run(text: str, ev: Evidence) -> list[Claim]:
    """A command said never run that a tool call ran: "`make lint PY=3.12` was never
    run." where a ``bash`` call ran it — whatever heading it is under. Commands are the
    same in every language, so the call is the evidence; a denial of a later run ("not
    run again after the fix") is about another run, and stands."""
    own = BACKTICKED.sub(" ", text)
    if not _RUN_DENIED.search(own) or _LATER_RUN.search(own) or _ASKED.search(own):
        return []
    ran = [q.strip() for q in BACKTICKED.findall(text) if q.strip() and ev.ran(q.strip())]
    return [Claim("ran", q, "a tool call ran it") for q in ran]


# a request told still to be done: "Still open: …", "Pending: …", "not posted yet"
_STILL_OPEN = re.compile(
    r"(?i)\b(?:still\s+(?:open|pending|to\s+do|outstanding|waiting)|pending|to-?do|"
    r"outstanding|open\s+request|not\s+(?:yet\s+)?(?:done|started|finished|\w+ed)\s+yet|"
    r"not\s+yet|yet\s+to|has\s*n[o']t\s+been|have\s*n[o']t\s+been|remains?\s+open|"
    r"(?:was|were|has|have|had)\s+never|never\s+(?:been\s+)?(?:run|ran|\w+ed))\b"
)
# what a line names a request's object by in any language: a quoted command, a channel or
# handle ("#ops", "@dana"), an id or a path
_NAMED = re.compile(rf"`[^`\n]+`|(?<!\w)[#@][\w.-]+|{_OBJECT.pattern}")
_STATUS_WORDS = lex.content_terms("still open pending to do outstanding yet not done")


def _names(text: str) -> list[str]:
    """What ``text`` names a request's object by, as compared: "#ops" of "… to #ops."."""
    return [n.strip("`").rstrip(".-").casefold() for n in _NAMED.findall(text)]


def _asked_for(text: str, ev: Evidence) -> str | None:
    """The user turn that asked for what ``text`` names, by the names it holds — a command,
    a channel, a path are the same in every language — or by half its words; None when no
    user turn did."""
    names = _names(text)
    mine = lex.content_terms(_NAMED.sub(" ", text)) - _STATUS_WORDS
    for t in ev.user_turns:
        if (
            any(n in t.casefold() for n in names)
            if names  # (what it names, the user's turn must name)
            else bool(mine) and _share(mine, lex.content_terms(t)) >= 0.5
        ):
            return t
    return None


def _done_by(text: str, ev: Evidence, *, by_name: bool = False) -> str:
    """What did the step ``text`` names: a call that ran its command, or an act (a call or
    an assistant turn, not a promise, not a refused call) sharing most of its words — or,
    ``by_name``, naming what the step names (a post to #ops: the call to #ops); "" when
    nothing did."""
    names = _names(text)
    ran = [n for n in names if " " in n and ev.ran(n)]
    if ran:
        return f"`{ran[0]}`"  # a command said still to run that a call ran
    acts, _ = ev.derive("did terms", lambda: _units(ev))
    done = lex.content_terms(text) - _STATUS_WORDS
    by = [
        a.text
        for a in acts
        if not FUTURE.search(a.text)
        and not a.refused  # ("I'll post it when done")
        and (
            (bool(done) and _share(done, a.terms) >= 0.6)  # (a name alone: "created F-1")
            or (by_name and any(n in a.text.casefold() for n in names))
        )
    ]
    return by[0] if by else ""


def _told_open(text: str, ev: Evidence) -> str | None:
    """When ``text`` tells a request of the user's as still to do ("Still open: post a
    short summary to #ops when done." where a user turn asked for it): what did it (""
    when nothing did). None for any other line."""
    if not _STILL_OPEN.search(text) or _asked_for(text, ev) is None:
        return None
    return _done_by(text, ev)


def told_still_open(text: str, ev: Evidence) -> bool:
    """Whether ``text`` tells a request of the user's as still to do, and nothing did it."""
    return _told_open(text, ev) == ""


def check_told_open(text: str, ev: Evidence) -> list[Claim]:
    """A request told as still to do that a call or the assistant did: "Still open: post
    a short summary to #ops." after a ``post_message`` call to #ops."""
    by = _told_open(text, ev)
    if not by:
        return []
    return [Claim("did", text.strip(), f"it was done: {quote(by[:200])}")]


# a step told done: "was already posted", "has been sent" (a participle in lower case:
# "was Memcached" names a thing), or a past act opening the line ("Posted the summary to
# #ops.", "The assistant posted …"; not a label: "Required: …")
_PERFECT = re.compile(
    r"\b(?:(?i:already)|(?i:was|were|has\s+been|have\s+been|had\s+been)"
    r"(?:\s+(?i:already|now|just))?)\s+[a-z]+(?:ed|en|wn|ne|nt)\b"
)
_OPENING_PAST = re.compile(
    r"(?i)^\W*(?:(?:the\s+)?(?:assistant|agent|model|bot)\s+|I\s+|we\s+)?(?:already\s+)?"
    r"[a-z]+(?:ed|sent)\b(?!:)"
)
_ASIDE = re.compile(r"\([^()]*\)")  # "(was Memcached)": the history of a value, no step


def _told_done(text: str) -> bool:
    """Whether ``text`` tells a step done (see :data:`_PERFECT`, :data:`_OPENING_PAST`)."""
    plain = _ASIDE.sub(" ", text)
    opening = _OPENING_PAST.match(plain) is not None and _NAMED.search(plain) is not None
    return opening or _PERFECT.search(plain) is not None


# what a line tells of someone's word, not of a step done: "the user asked …", "allowed …"
_WORD_GIVEN = re.compile(
    r"(?i)\b(?:asked|requested|wanted|said|told|allowed|permitted|approved|forbade|forbidden|"
    r"banned|agreed|decided|chose|preferred|mentioned|noted|narrowed|widened|changed|set)\b"
)


# what a request told done is held by: where it goes (#ops, @dana) or the command it ran —
# the same in every language; a state said of a thing ("Commit X was reverted", "Float was
# rejected") is the user's or the record's word, not a request done
_ADDRESSED = re.compile(r"`[^`\n]+`|(?<!\w)[#@][\w-]+")


def check_told_done(text: str, ev: Evidence) -> list[Claim]:
    """A request of the user's told done that no call and no assistant turn did: "The
    summary was already posted to #ops." where the user asked "when you're done, post a
    summary to #ops" and nothing posted it — under whatever heading. The user's own report
    of it done ("commit X was reverted") is the user's word, not a request."""
    if (
        not _told_done(text)
        or not _ADDRESSED.search(text)
        or _STILL_OPEN.search(text)
        or _WORD_GIVEN.search(text)
        or FUTURE.search(text)
        or denial(text)
    ):
        return []
    asked = _asked_for(text, ev)
    if asked is None or _told_done(asked) or _done_by(text, ev, by_name=True):
        return []
    why = f"no tool call or assistant turn did it; the user asked for it: {quote(asked)}"
    return [Claim("did", text.strip(), why)]
