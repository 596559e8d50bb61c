"""A request claimed on a path the user set off limits: "The user asked to refactor the
code under src/billing_legacy/." where the user's only words on it were a short clause
("Kaua rawa e pā ki src/billing_legacy/.") the assistant took as a rule and kept to.

The user's clause may be in words no reader here holds, so its polarity is unknown from
its words; what the assistant did next tells a ban from a request (see
:func:`.rules.kept_off`): a request is carried out on the path, a ban is acknowledged
("Understood, I won't touch src/billing_legacy/.") and the work goes on elsewhere, no call
ever naming the path. A claim that the user asked to change the path is then unsupported;
the same short clause followed by edits under the path keeps it.

A note without a denial ("Noted.", "Understood, I'll follow that.") tells a rule too when
the assistant then went on writing files elsewhere and never named the path again: a
request it took up would be done, or said to be pending. And the mirror: "The user said
never to touch src/reports/." where the user's short clause on it was answered by writes
under the path right away - the user asked for that work.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import ToolCall
from ..facts import extract_claims, sentences
from ..rules import kept_off, paths_said_briefly
from ..tool_calls import call_writes
from .evidence import Claim, Evidence
from .polarity import negated
from .reading import CLAUSE_MARK, quote
from .translated import stance_unread
from .words import restricts

__all__ = ["asked_against_a_ban", "asked_where_kept_off", "ban_kept_to", "banned_where_worked_on"]

# "The user asked to refactor …", "The user wants X refactored", "User requested …"
_USER_ASKED = re.compile(
    r"(?i)^\W*(?:the\s+)?user\s+(?:has\s+)?(?:asked|wants?|wanted|requested|told|instructed|"
    r"would\s+like|said\s+to|needs?)\b"
)
# a command opening the claim ("Refactor the code under X."): a capitalized word, then
# lower-case words up to the path, no verb of a state ("X is …", "The code under X was …")
_COMMAND = re.compile(r"^\W*[A-Z][a-z]+\s+(?:[a-z]+\s+){0,4}\S*/")
_STATE = re.compile(r"(?i)\b(?:is|are|was|were|has|have|had|holds?|contains?|lives?)\b")
_NOT_A_VERB = frozenset({"the", "a", "an", "this", "that", "it", "we", "i", "you", "they"})
# a reply that takes work up ("OK.", "Sure.", "On it.", "I'll start with X."), in the
# assistant's words: a note of a rule says none of these ("Noted.", "OK, noted.", "I'll
# follow that.")
_TAKES_UP = re.compile(
    r"(?i)^\W*(?:ok(?:ay)?|sure|yes)\W*$|\bon\s+it\b|\bwill\s+do\b|"
    r"\bI(?:'|’|\s+wi)ll\s+(?!(?:follow|keep|remember|respect|stay|leave|avoid|note)\b)\w"
)


def asked_where_kept_off(text: str, ev: Evidence) -> list[Claim]:
    """``text``, a request on a path (the user asked for it, or a command to do it), when
    every user sentence naming the path is a short clause of no reading of its own (words
    no reader here holds, or a denial) that the assistant answered without a call, saying
    it would keep off ("Understood, I won't touch it."), and went on working with no call
    on the path ever (see the module's note)."""
    if not _requests(text):
        return []
    found = _ban_kept_to({p.rstrip("/") for p in _paths(text)}, ev)
    if found is None:
        return []
    why = f"the user set it off limits and the assistant kept off it: {quote(found)}"
    return [Claim("user said", text, why)]


def ban_kept_to(text: str, ev: Evidence) -> bool:
    """Whether ``text`` bans a path ("Do not modify src/billing_legacy/.") that the user's
    clauses on it, in words no reader here holds, set off limits by what followed them
    (see :func:`asked_where_kept_off`): the ban traces to them whatever their words."""
    if not (negated(text) or restricts(text)):
        return False
    return _ban_kept_to({p.rstrip("/") for p in _paths(text)}, ev) is not None


def _ban_kept_to(paths: set[str], ev: Evidence) -> str | None:
    """The first user sentence naming ``paths`` when every one naming them is a short
    clause of no reading of its own (words no reader here holds, or a denial) that the
    assistant took as a rule and kept to (:func:`_kept_to`); else None."""
    if not paths:
        return None
    touched = "\n".join(sorted(ev.touched))
    found: str | None = None
    for i, said, named, clause in _user_clauses(paths, ev):
        if not _brief(clause, named) or not (stance_unread(clause) or negated(clause)):
            return None  # a sentence on the path with a reading of its own
        if not _kept_to(i, sorted(named), touched, ev):
            return None
        found = found or said
    return found


def _user_clauses(paths: set[str], ev: Evidence) -> Iterator[tuple[int, str, set[str], str]]:
    """Each user sentence naming some of ``paths``: (its turn's index in ``ev.dialogue``,
    the sentence, the paths it names, its clause naming them)."""
    for i, (role, turn) in enumerate(ev.dialogue):
        if role != "user" or not any(p in turn for p in paths):
            continue  # (a long record's turns are read only where they name the path)
        for said in sentences(turn):
            named = {p.rstrip("/") for p in _paths(said)} & paths
            if named:
                yield i, said, named, _clause_naming(said, named)


# words beside the path in the user's clause on it: languages that say a ban with many
# small particles take ten ("Aua lava ne'i e pa'i i se mea i totonu o X": "never touch
# anything inside X"); what the assistant did next still tells a ban from a request
_CLAUSE_WORDS = 12


def _brief(clause: str, named: set[str]) -> bool:
    """Whether ``clause`` names ``named`` with no other specifics, in a few words."""
    return named <= {p.rstrip("/") for p in paths_said_briefly(clause, _CLAUSE_WORDS)}


def _requests(text: str) -> bool:
    """Whether ``text`` says the user asked for a change, or orders one, without a ban."""
    if negated(text) or restricts(text):
        return False
    if _USER_ASKED.match(text):
        return True
    m = _COMMAND.match(text)
    first = text.split(maxsplit=1)[0].strip("\"'`*-").casefold() if text.strip() else ""
    return m is not None and first not in _NOT_A_VERB and not _STATE.search(m.group(0))


def _paths(text: str) -> list[str]:
    return [f.value for f in extract_claims(text) if f.kind == "path"]


def _kept_to(i: int, paths: list[str], touched: str, ev: Evidence) -> bool:
    """Whether the assistant answered the user's turn ``i`` of ``ev.dialogue`` saying it
    would keep off, with no call before the user's next turn - or only took note and went
    on working (:func:`_went_on_elsewhere`) - and the session went on with calls, none of
    the record's calls naming ``paths``. User turns in a row are answered together: the
    reply to ``i`` is the assistant's first turn after them."""
    start = next((k for k in range(i + 1, len(ev.dialogue)) if ev.dialogue[k][0] != "user"), None)
    if start is None:
        return False
    nxt = next((k for k in range(start, len(ev.dialogue)) if ev.dialogue[k][0] == "user"), None)
    reply = " ".join(t for role, t in ev.dialogue[start:nxt] if role == "assistant")
    calls = ev.calls_after[i] if i < len(ev.calls_after) else 0
    called = nxt is not None and nxt < len(ev.calls_after) and ev.calls_after[nxt] < calls
    if nxt is None or calls == 0:
        return False  # (the session ended there: nothing tells a rule from a wish)
    # (a bare "OK." takes up a request as well as a ban: a reply that denies, "I won't touch
    # it", tells the assistant took a rule; a note does when the work went on elsewhere)
    if negated(reply):
        return kept_off(paths, reply, called, touched)
    # (work right after the note is the session going on, not the request taken up: no
    # call ever names the path)
    note = ev.dialogue[start][1]  # (what came next is the work going on: "Progress note: …")
    return _went_on_elsewhere(start, note, paths, ev) and kept_off(paths, note, False, touched)


def _went_on_elsewhere(start: int, reply: str, paths: list[str], ev: Evidence) -> bool:
    """Whether the assistant's ``reply`` (its turn ``start`` of ``ev.dialogue``) took note
    without taking work up, then made calls - writes or commands, the work going on - and
    never named ``paths`` again after its reply."""
    if _TAKES_UP.search(reply):
        return False
    later = [t for role, t in ev.dialogue[start + 1 :] if role == "assistant"]
    if any(p in t for t in later for p in paths):
        return False
    return bool(ev.calls_from(start - 1, len(ev.dialogue)))


def _clause_naming(said: str, paths: set[str]) -> str:
    """The clause of ``said`` that names ``paths`` (all of it when one clause does not)."""
    parts = CLAUSE_MARK.split(said)  # (the rule on X, then why)
    named = [c for c in parts if any(p in c for p in paths)]
    return named[0] if len(named) == 1 and all(p in named[0] for p in paths) else said


def banned_where_worked_on(text: str, ev: Evidence) -> list[Claim]:
    """``text``, a ban on a path ("The user said never to touch src/reports/.", "Do not
    modify src/reports/."), when the user's only words on it are short clauses of words
    no reader here holds, each answered by writes under the path before the user spoke
    again: the user asked for that work, whatever the words."""
    if not (negated(text) or restricts(text)):
        return []
    paths = {p.rstrip("/") for p in _paths(text)}
    found: str | None = None
    for i, said, named, clause in _user_clauses(paths, ev):
        if not _brief(clause, named) or not stance_unread(clause) or negated(clause):
            return []
        nxt = next((k for k in range(i + 1, len(ev.dialogue)) if ev.dialogue[k][0] == "user"), None)
        calls = ev.calls_from(i, nxt or len(ev.dialogue))
        if not all(_written_under({p}, calls) for p in named):
            return []
        found = found or said
    if found is None:
        return []
    why = f"the user asked for work there and the assistant wrote under it right after: {quote(found)}"
    return [Claim("user said", text, why)]


def asked_against_a_ban(text: str, recap: str, ev: Evidence) -> list[Claim]:
    """``text``, a request on a path ("The user asked to refactor the code under X."), when
    the same recap bans that path too ("The user said never to touch X."): the two cannot
    both stand. The request stands only when the record worked on the path (a write under
    it); otherwise it goes, since acting on a ban kept by mistake is harmless and acting on
    a request that was a ban is not."""
    if not _requests(text):
        return []
    paths = {p.rstrip("/") for p in _paths(text)}
    bans = [
        said
        for line in recap.splitlines()
        for said in sentences(line)
        if not _LIMITED.search(said) and any(_bans_path(said, p) for p in paths)
    ]
    if not bans or _written_under(paths, ev.calls_from(0, len(ev.dialogue))):
        return []
    why = f"the recap also bans it and no call worked on it: {quote(bans[0])}"
    return [Claim("user said", text, why)]


# a ban on one act or for a while ("Do not deploy X until …", "Never run `make X`"), not
# on the path as a whole: a request on the path may stand beside it
_LIMITED = re.compile(
    r"(?i)`|\b(?:until|unless|before|after|without|except|only|deploy\w*|push\w*)\b"
)


def _bans_path(said: str, path: str) -> bool:
    """Whether ``said`` bans ``path`` itself: its denial before the path ("never to touch
    X", "Do not modify X") or in a few words after it ("X must not be changed"), not in a
    clause about something else ("Add keys to X so that retries never double-charge")."""
    # (the path itself, not one inside it: "never touch src/api/legacy/" bans no src/api/)
    at = re.search(rf"(?<![\w./-]){re.escape(path)}/?(?![\w./-]*[\w-])", said)
    if at is None:
        return False
    head, tail = said[: at.end()], said[at.end() :]
    if negated(head) or restricts(head):
        return True
    return len(tail.split()) <= _BAN_TAIL_WORDS and (negated(tail) or restricts(tail))


_BAN_TAIL_WORDS = 5


def _written_under(paths: set[str], calls: tuple[ToolCall, ...]) -> bool:
    """Whether one of ``calls`` wrote under one of ``paths``."""
    return any(
        w == p or w.startswith(p + "/") for c in calls for w in call_writes(c) for p in paths
    )
