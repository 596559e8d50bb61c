"""Claims about actions taken through tools with structured arguments: "Assigned OPS-812
to mkowalski at high priority" must agree with the call ``assign_issue({"issue":
"OPS-812", "assignee": "mkowalski", "priority": "high"})`` — its recipient ("to X"), a
value named beside its key ("the billing namespace", "low priority"), its status ("as
resolved"), a switch ("enabled", "disabled") and what it was done with ("without a manager
override"). The call a claim is about is the one whose arguments or answer hold an
identifier the claim names (OPS-812, checkout-api, RF-77120).

>>> from contextledger.model import Message, ToolCall
>>> call = ToolCall("c1", "assign_issue", '{"issue": "OPS-812", "assignee": "mkowalski"}')
>>> ev = Evidence.of([Message("assistant", (call,)), Message.tool("c1", "ok")])
>>> [c.reason for c in check_arguments("Assigned OPS-812 to jdoe.", ev)]
['the call assign_issue gave assignee mkowalski, not jdoe']
>>> check_arguments("Assigned OPS-812 to mkowalski.", ev)
[]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...lexicon.common import listed
from ...model import ToolCall
from ..trace import FILLER, specific_terms, stem, unit_terms
from .evidence import Claim, Evidence
from .values import canonical

# Keys that say whom an action went to: "to X".
_RECIPIENT_KEYS = frozenset(
    {"to", "recipient", "recipients", "assignee", "assign_to", "email", "user", "owner"}
    | {"channel", "target", "destination", "reviewer", "reviewers"}
)
# Keys that say what state an action left a thing in: "as X".
_STATE_KEYS = frozenset({"status", "state", "resolution", "role", "priority", "stage"})
# Short flags with a known long name: kubectl's -n is the namespace.
_SHORT_FLAGS = {"n": "namespace", "e": "env", "r": "region", "c": "context"}
_ON = re.compile(
    r"(?i)\b(?:enabled?|enabling|activated?|(?:turned|switched|flipped)\s+(?:[\w-]+\s+){0,3}on)\b"
)
_OFF = re.compile(
    r"(?i)\b(?:disabled?|disabling|deactivated?|"
    r"(?:turned|switched|flipped)\s+(?:[\w-]+\s+){0,3}off)\b"
)
# Words after "as" that are no state: "as planned", "as the reviewer"
_NOT_STATES = frozenset({"a", "an", "the", "well", "soon", "usual", "planned", "requested"})
_SWITCH_KEY = re.compile(r"(?i)enabl|activ|^on$|^active$|^value$")
_TO = re.compile(r"(?i)\b(?:to|for)\s+(?:the\s+)?(?P<x>[#@]?[\w.@'-]+)")
# a word before "to" that takes a verb after it ("asked to move", "wants to roll back")
_INFINITIVE_BEFORE = listed(
    "ask asks asked want wants wanted need needs needed has had have going agreed decided "
    "tried plan plans planned told able about order how chose meant used"
)
_AS = re.compile(r"(?i)\bas\s+(?P<x>[\w'-]+(?:\s+[\w'-]+)?)")
_WITHOUT = re.compile(r"(?i)\bwithout\s+(?:a\s+|an\s+|the\s+|any\s+)?(?P<x>(?:[\w-]+\s*){1,3})")
_SIGIL = re.compile(r"(?<![\w])[#@][\w.-]+")
# an argument as a call's line writes it: key=value, key="a value"
_RENDERED = re.compile(r"""(?<![\w.-])[\w.-]+=(?:"[^"]*"|'[^']*'|[^\s,)]*)""")


def _slot_of(pair: str) -> tuple[str, str]:
    """("key", "value") of a written-out argument ``key=value`` or ``key="value"``."""
    key, _, value = pair.partition("=")
    return key, value.strip("\"'")


@dataclass(frozen=True, slots=True)
class _Call:
    name: str
    slots: tuple[tuple[str, str], ...]  # (key, value), casefolded
    terms: frozenset[str]  # of its arguments and its answer: what identifies it
    answer: str = ""  # what it answered (its head)


def _flags(words: list[str]) -> list[tuple[str, str]]:
    """``--key value``, ``--key=value`` and ``-n value`` of a command's words."""
    out = []
    for i, w in enumerate(words):
        long = re.match(r"^--([\w-]+)(?:=(.+))?$", w)
        short = re.match(r"^-(\w)$", w)
        nxt = words[i + 1] if i + 1 < len(words) else None
        if long and long.group(2):
            out.append((long.group(1), long.group(2)))
        elif long and nxt and not nxt.startswith("-"):
            out.append((long.group(1), nxt))
        elif short and short.group(1) in _SHORT_FLAGS and nxt and not nxt.startswith("-"):
            out.append((_SHORT_FLAGS[short.group(1)], nxt))
    return out


def _slots(value: Any, key: str = "") -> list[tuple[str, str]]:
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in _slots(v, str(k))]
    if isinstance(value, list):
        words = [str(v) for v in value if isinstance(v, (str, int, float))]
        return _flags(words) + [s for v in value for s in _slots(v, key)]
    if isinstance(value, bool):
        return [(key, "true" if value else "false")]
    if isinstance(value, (int, float)):
        return [(key, str(value))]
    if isinstance(value, str):
        found = [(key, value)]
        if " " in value and len(value) < 400:
            found += _flags(value.split())
        return found
    return []


def _calls(ev: Evidence) -> tuple[_Call, ...]:
    def read() -> tuple[_Call, ...]:
        found = (_call_of(call, answer[:2000]) for call, answer in ev.answered)
        return tuple(c for c in found if c is not None)

    return ev.derive("structured calls", read)


@lru_cache(maxsize=1 << 13)  # each call of the record is read once, not at every recap
def _call_of(call: ToolCall, answer: str) -> _Call | None:
    """A call with JSON arguments read as slots, with what it answered (None otherwise)."""
    parsed, _ = call.parsed()
    if not isinstance(parsed, dict):
        return None
    slots = tuple((k.casefold(), v.casefold()) for k, v in _slots(parsed) if k)
    words = " ".join(v for _, v in slots) + " " + answer
    return _Call(call.name, slots, unit_terms(words), answer)


def _words(value: str) -> frozenset[str]:
    return frozenset(stem(w) for w in re.findall(r"[\w@#.'-]+", canonical(value)))


# Key words that name a unit, not a slot: "amount_eur" is an amount, "timeout_ms" a time.
_NOT_KEYS = FILLER | {"eur", "usd", "gbp", "jpy", "ms", "sec", "secs", "kb", "mb", "gb", "id"}


def _same_number(word: str, value: str) -> bool:
    """Whether two spellings give one number ("184.20", "184.2")."""
    try:
        return float(word) == float(value)
    except ValueError:
        return False


def _infinitive(before: list[str]) -> bool:
    """Whether the word before a "to" (``before``: it alone, or nothing) takes a verb's
    infinitive after it ("asked to move", "wants to roll back")."""
    return bool(before) and before[-1] in _INFINITIVE_BEFORE


def _is_number(word: str) -> bool:
    """Whether ``word`` spells a number ("1284.90", "3")."""
    return _same_number(word, word)


def _contradiction(text: str, call: _Call, user: tuple[str, ...] = ()) -> str | None:
    """How ``text`` contradicts ``call``'s arguments, or None. ``user``: the user's turns
    (a value the user named beside the key is the user's word, not the call's: "the
    analytics_dev target" of the user where dbt ran ``--target dev``)."""
    low = canonical(re.sub(r"`[^`]*`", " ", text)).casefold()  # a command is checked as run
    # the call written out ("set_flag(flag=x, enabled=false)"): its own arguments, no claim
    # in words about them (its "enabled" is a key, not "enabled it")
    slots = set(call.slots)
    low = _RENDERED.sub(lambda m: " " if _slot_of(m.group(0)) in slots else m.group(0), low)
    keys = {k.split("_")[-1] for k, _ in call.slots}
    words = [w.rstrip(".'") for w in re.findall(r"[\w@#.'-]+", low)]
    quoted = {q.strip() for q in re.findall(r"`([^`]*)`", text)}
    for key, value in call.slots:
        said = _words(value) | {value}
        # a flag's last word names it as a claim would: "--to-revision=41" is the revision
        named = re.split(r"[_-]", key)[-1]
        # ("The command `make check` was executed.": the line gives the value itself)
        given = value in quoted
        if (
            not given
            and named in words
            and named not in _NOT_KEYS
            and value not in ("true", "false")
            # ("asked to move …": a verb's infinitive, not a "--to" flag)
            and not (named == "to" and _infinitive(words[: words.index(named)]))
        ):
            at = words.index(named)
            near = [w for w in words[max(at - 2, 0) : at] + words[at + 1 : at + 3]]
            near = [w for w in near if w not in FILLER and w != "the"]
            if _is_number(value):  # a number is contradicted by another number only
                near = [w for w in near if _is_number(w)]
            if near and not any(
                w in said or stem(w) in said or _same_number(w, value) for w in near
            ):
                before = near[0]
                # (a line the call printed, quoted: "SUMMARY orphaned_rows_0=55780" is what
                # `exec-report --summary recall-reminders` answered, no claim of its flag)
                if not _printed_beside(call.answer, named, near) and not any(
                    _printed_beside(turn, named, near) for turn in user
                ):
                    return f"the call {call.name} gave {key} {value}, not {before}"
        if key in _RECIPIENT_KEYS:
            for m in _TO.finditer(low):
                x = m.group("x").strip(".'")
                if x in said or stem(x) in said or x.isdigit() or x in FILLER:
                    continue
                if x in re.split(r"[-_./:]", value):
                    continue  # "to NATS JetStream 2.10" of ``--to nats-2.10``: its name
                if _infinitive(low[: m.start()].split()[-1:]):
                    continue  # "asked to move …": a verb's infinitive, not whom it went to
                if not any(x in _words(v) for k, v in call.slots if k in _RECIPIENT_KEYS):
                    return f"the call {call.name} gave {key} {value}, not {x}"
        if key in _STATE_KEYS:
            for m in _AS.finditer(low):
                x = m.group("x").split()[0].strip(".")
                if x in said or stem(x) in said or x in _NOT_STATES or x in keys:
                    continue  # "with hlee as reviewer": a key, not a state
                if not any(x in _words(v) for k, v in call.slots if k in _STATE_KEYS):
                    return f"the call {call.name} gave {key} {value}, not {m.group('x')}"
        if value in ("true", "false") and _SWITCH_KEY.search(key):
            if value == "false" and _ON.search(low) and not _OFF.search(low):
                return f"the call {call.name} gave {key} false"
            if value == "true" and _OFF.search(low) and not _ON.search(low):
                return f"the call {call.name} gave {key} true"
        without = _WITHOUT.search(low)
        if without and named in without.group("x").split() and value not in ("", "false"):
            return f"the call {call.name} gave {key} {value}"
    for tag in _SIGIL.findall(low):  # "#general" where the call posted to #payments-oncall
        sigils = [v for k, v in call.slots if v[:1] == tag[:1] and k in _RECIPIENT_KEYS]
        if sigils and not any(tag.rstrip(".") == v for v in sigils):
            return f"the call {call.name} gave {sigils[0]}, not {tag.rstrip('.')}"
    return None


def _printed_beside(answer: str, key: str, near: list[str]) -> bool:
    """Whether the call's answer prints ``key`` next to a word of ``near`` (the claim quotes
    the tool's output line, not the call's arguments)."""
    if key not in answer.casefold():
        return False
    answer = canonical(answer).casefold()  # (read only for a claim that contradicts it)
    return any(
        re.search(rf"(?<![\w-]){re.escape(key)}\W{{1,3}}{re.escape(w)}(?![\w-])", answer)
        or re.search(rf"(?<![\w-]){re.escape(w)}\W{{1,3}}{re.escape(key)}(?![\w-])", answer)
        for w in near
    )


def _about(text: str, ev: Evidence) -> list[_Call]:
    """The calls ``text`` names by an identifier of their arguments or answer."""
    named = specific_terms(text)
    # a name identifies a call; a number may be the very value the claim gets wrong
    # ("rolled deployment/api back to revision 14": 14 is in every log line the record
    # printed, deployment/api only in the rollout's arguments), so names are asked first
    names = frozenset(t for t in named if not _is_number(t))
    for terms in (names, named):
        calls = [c for c in _calls(ev) if terms & c.terms] if terms else []
        if calls:
            return calls
    # none named by an identifier: the calls whose tool's verb the claim says ("Posted …"
    # of post_message)
    mine = {stem(w) for w in re.findall(r"[A-Za-z]+", text)}
    return [c for c in _calls(ev) if stem(re.split(r"[_.-]", c.name)[0]) in mine]


def check_arguments(text: str, ev: Evidence) -> list[Claim]:
    """A claim about a call it names that its arguments contradict (and no other call
    it names agrees with)."""
    calls = _about(text, ev)
    if not calls:
        return []
    found = [_contradiction(text, c, ev.user) for c in calls]
    if any(f is None for f in found):
        return []
    return [Claim("did", text, str(found[0]))]


def as_called(text: str, ev: Evidence) -> bool:
    """Whether ``text`` says what a call it names did, as the call did it: a switch set
    the same way ("Disabled the new_checkout flag" for ``{"enabled": false}``) or a state
    ("Marked ESC-20931 as resolved" for ``{"status": "resolved"}``)."""
    on, off = _ON.search(text), _OFF.search(text)
    want = "" if bool(on) == bool(off) else "true" if on else "false"
    state = _AS.search(canonical(text).casefold())
    x = state.group("x").split()[0].strip(".") if state else ""
    return any(
        _contradiction(text, c) is None
        and any(
            (want and v == want and _SWITCH_KEY.search(k)) or (x and k in _STATE_KEYS and x == v)
            for k, v in c.slots
        )
        for c in _about(text, ev)
    )
