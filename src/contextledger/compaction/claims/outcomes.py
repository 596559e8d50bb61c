"""Claims of an act's outcome bound to the call they are about, and codes held exact.

A recap's "The hotel deposit of €1,800 was paid." uses the record's words; what makes it
true or false is the call that paid it. Its verb ("paid") names a kind of act, and the
calls of that kind (``pay_deposit``, ``charge_card``) are the ones it can be about; its
object ("hotel deposit", "€1,800", "card ending 4417") picks among them. That call's
answer says how it went, read as a tool's status is read (an error flag, ``{"error": …}``,
``{"status": "failed"}``, an HTTP 4xx/5xx: :class:`Result.failed`):

* an act whose bound calls all failed was not done ("paid" where ``pay_deposit`` answered
  ``{"error": "card_declined"}``);
* an act no call of its kind did, whose object only a look-up call shows ("booked FR6560"
  where only ``search_flights`` listed FR6560), was not done either;
* a bound call that got through supports the act, whatever words the recap used for its
  date or its code ("Dinner is booked … on 13 March" for ``date="2026-03-13"``).

A code (a booking reference, a ticket, a device id) is a name to the letter: "DWLN2Y" is
not the record's "DWLN2X"; one character off is another code.

>>> from contextledger.model import Message, Text, ToolCall, ToolResult
>>> call = ToolCall(id="c1", name="pay_deposit", arguments='{"amount_eur": 1800}')
>>> said = [
...     Message.assistant(call, id="a"),
...     Message.user(ToolResult("c1", (Text("card_declined"),), is_error=True), id="r"),
... ]
>>> ev = Evidence.of(said)
>>> [c.reason for c in bound_outcome("The €1,800 deposit was paid.", ev) or ()]
['pay_deposit failed: "card_declined"']
>>> bound_outcome("The €1,800 deposit was not paid.", ev) is None
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ...model import ToolCall
from ..trace import claim_terms, cover, unit_terms
from .evidence import Claim, Evidence, failed_output
from .partial import partly_done
from .polarity import negated
from .reading import FUTURE, GENERIC_DOING, quote
from .values import dates_in

__all__ = ["bound_outcome", "check_codes", "check_entry_numbers"]

# The acts a recap says were done, by the word it uses, each with the stems a tool's name
# carries when it does that act (``pay_deposit``, ``bookRestaurant``, ``helm_upgrade``)
_KINDS: dict[str, tuple[str, ...]] = {
    "pay": ("pay", "charge", "bill", "checkout", "purchase", "settle"),
    "book": ("book", "reserve", "reservation", "schedul"),
    "send": ("send", "email", "mail", "message", "notify", "post", "deliver"),
    "deploy": ("deploy", "upgrade", "install", "release", "rollout", "promote"),
    "approve": ("approve",),
    "submit": ("submit", "file"),
    "lock": ("lock",),
    "unlock": ("unlock",),
    "cancel": ("cancel",),
    "refund": ("refund",),
    "order": ("order", "buy", "purchase", "checkout"),
    "transfer": ("transfer", "wire"),
    "publish": ("publish",),
}
_VERBS: dict[str, str] = {
    "paid": "pay",
    "charged": "pay",
    "billed": "pay",
    "booked": "book",
    "reserved": "book",
    "sent": "send",
    "emailed": "send",
    "mailed": "send",
    "delivered": "send",
    "deployed": "deploy",
    "upgraded": "deploy",
    "installed": "deploy",
    "released": "deploy",
    "approved": "approve",
    "submitted": "submit",
    "filed": "submit",
    "locked": "lock",
    "unlocked": "unlock",
    "cancelled": "cancel",
    "canceled": "cancel",
    "refunded": "refund",
    "ordered": "order",
    "bought": "order",
    "purchased": "order",
    "transferred": "transfer",
    "wired": "transfer",
    "published": "publish",
}
# the verb as a done act: "was paid", "is booked", "has been sent", "booked X", "got charged"
_DONE_VERB = re.compile(
    r"(?i)(?<![\w-])(" + "|".join(sorted(_VERBS, key=len, reverse=True)) + r")(?![\w-])"
)
# what makes the verb no claim of a done act: a plan, a duty, a condition, a question, a
# state asked for ("must be paid", "needs to be booked", "if approved", "to be sent")
_NOT_A_DONE_ACT = re.compile(
    r"(?i)\b(?:must|needs?|has\s+to|have\s+to|ought|until|unless|if|once|when|before|"
    r"after|whether|to\s+be|wants?|asked|should|pending|awaiting|waits?|yet)\b"
)
# a look-up: a call that shows things, never does them ("search_flights", "list_devices")
_LOOKUP = re.compile(
    r"(?i)^(?:search|list|get|find|lookup|look_up|query|check|diff|show|fetch|read|describe|"
    r"view|browse|quote|estimate|preview|plan|calc|compute|status|inspect)(?:[_\-.]|[A-Z]|$)"
)
# what names the act's object exactly: a code with a digit ("FR6560", "EXP-40817",
# "lock-front-7F3A"), an address, a figure ("€1,800", "06:15")
_STRONG = re.compile(
    r"(?<![\w@.-])(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|"
    r"(?=[A-Za-z0-9-]*\d)[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?:[.:][0-9]+)*)(?![\w@-])"
)
_ACTORS = frozenset({"assistant", "user", "agent", "team"})
_NAME_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def _name_stems(name: str) -> frozenset[str]:
    """The words of a tool's name: ``helm_upgrade`` → helm, upgrade; ``bookRestaurant``
    → book, restaurant."""
    return frozenset(p.casefold() for p in _NAME_PART.findall(name))


def _of_kind(call: ToolCall, kind: str) -> bool:
    words = _name_stems(call.name)
    return any(w.startswith(s) for w in words for s in _KINDS[kind])


def _flat(text: str) -> str:
    """``text`` as its figures compare: casefolded, thousands run together ("1,800")."""
    return re.sub(r"(?<=\d),(?=\d{3}\b)", "", text.casefold())


def _strong(text: str, *, small: bool = False) -> list[str]:
    """The codes and figures of ``text``; ``small``: with numbers of one or two digits,
    which bind no act ("13 March", "3 replicas") but are an entry's figure ("€42 a day")."""
    out = []
    for m in _STRONG.finditer(_flat(re.sub(r"[€$£¥]", " ", text))):
        token = m.group(0).strip(".:")
        if token and (small or not re.fullmatch(r"\d{1,2}", token)):
            out.append(token)
    return list(dict.fromkeys(out))


def _holds(token: str, text: str) -> bool:
    return re.search(rf"(?<![\w@-]){re.escape(token)}(?![\w@-])", text) is not None


def bound_outcome(text: str, ev: Evidence, actor: str | None = None) -> list[Claim] | None:
    """What the calls of the act ``text`` claims done say of it: ``[]`` when a bound call
    got through (or an assistant turn says it did), a claim when its bound calls all
    failed or only a look-up showed its object, None when no call is about it."""
    if actor == "user":
        return None
    verb = _DONE_VERB.search(text)
    if verb is None or FUTURE.search(text) or _NOT_A_DONE_ACT.search(text) or negated(text):
        return None
    kind = _VERBS[verb.group(1).casefold()]
    strong = _strong(text)
    answered = ev.answered
    texts = ev.derive(
        "calls flat", lambda: [_flat(f"{c.name} {c.arguments} {b}") for c, b in ev.answered]
    )
    ours = [i for i, (call, _) in enumerate(answered) if _of_kind(call, kind)]
    # the calls of its kind that name its object: every code and figure it gives, or (it
    # gives none) one word of it beside the verb's own
    if strong:
        bound = [i for i in ours if all(_holds(t, texts[i]) for t in strong)]
        bound = bound or [i for i in ours if any(_holds(t, texts[i]) for t in strong)]
    else:  # (most of its words: "the export service" is not any ``apply_patch``'s)
        words = claim_terms(text) - claim_terms(verb.group(1)) - GENERIC_DOING - _ACTORS
        bound = [i for i in ours if words and cover(words, unit_terms(texts[i]))[0] >= 0.5]
    if bound:
        # (a batch done in part was done, for that part: "6 of the 8 invitations were sent")
        done = [
            i for i in bound if not _failed(answered[i][1], ev, i) or partly_done(answered[i][1])
        ]
        if done:
            return _on_its_date(
                text, [f"{answered[i][0].arguments} {answered[i][1]}" for i in done]
            )
        call, body = answered[bound[-1]]
        return [Claim("did", text.strip(), f"{call.name} failed: {quote(body, 100)}")]
    if not strong or _told(verb.group(1), strong, ev):
        return None
    shown = [i for i, t in enumerate(texts) if all(_holds(s, t) for s in strong)]
    if shown and all(_LOOKUP.match(answered[i][0].name) for i in shown):
        name = answered[shown[0]][0].name
        why = f"no call {verb.group(1)} it: only {name} showed it"
        return [Claim("did", text.strip(), why)]
    return None


def _on_its_date(text: str, done: Sequence[str]) -> list[Claim]:
    """A date the clause gives the act that is none of the dates its calls were made for
    ("booked for 14 March" where ``book_restaurant(date="2026-03-13")``); a call that
    gives no date leaves it to the other checks."""
    said = {(m, d) for _, m, d in dates_in(text)}
    given = {(m, d) for call in done for _, m, d in dates_in(call)}
    if not said or not given or said & given:
        return []
    shown = ", ".join(f"{d:02d}/{m:02d}" for m, d in sorted(given))
    return [Claim("did", text.strip(), f"the call that did it gives the date {shown} (day/month)")]


def _failed(body: str, ev: Evidence, i: int) -> bool:
    """Whether the ``i``-th answered call failed (its error flag or its answer)."""
    flags = ev.answered_failed
    return flags[i] if i < len(flags) else failed_output(body)


def _told(verb: str, strong: Sequence[str], ev: Evidence) -> bool:
    """Whether an assistant turn (not a plan, not a denial) says the act with its codes."""
    for sentence in ev.assistant:
        flat = _flat(sentence)
        if (
            verb.casefold() in flat
            and all(_holds(s, flat) for s in strong)
            and not (FUTURE.search(sentence) or negated(sentence))
        ):
            return True
    return False


# a code to the letter: letters and digits together, five or more ("DWLN2X", "EXP-40817")
_CODE = re.compile(
    r"(?<![\w@./-])(?=[A-Za-z0-9-]*\d)(?=[A-Za-z0-9-]*[A-Za-z])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*"
    r"(?![\w@/-]|\.\w)"
)


def _record_codes(ev: Evidence) -> frozenset[str]:
    return ev.derive(
        "codes",
        lambda: frozenset(m.group(0).casefold() for t in ev.texts for m in _CODE.finditer(t)),
    )


def _one_off(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one character: changed, added, dropped or two
    side by side swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        i, j = diff[0], diff[-1]
        return len(diff) == 2 and j == i + 1 and a[i] == b[j] and a[j] == b[i]
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def check_codes(text: str, ev: Evidence) -> list[Claim]:
    """Each code of ``text`` the record never gives that is one character off a code it
    does ("DWLN2Y" for "DWLN2X", "sch-5512" for "sch-5521")."""
    out: list[Claim] = []
    found = [m.group(0) for m in _CODE.finditer(text) if len(m.group(0)) >= 5]
    if not found:
        return out
    codes = _record_codes(ev)
    for code in dict.fromkeys(found):
        folded = code.casefold()
        if folded in codes:
            continue
        near = sorted(c for c in codes if len(c) >= 5 and _one_off(folded, c))
        if near:
            out.append(Claim("number", code, f"the record gives {near[0]!r}, not this code"))
    return out


def _entries(body: str) -> tuple[tuple[frozenset[str], ...], ...]:
    """The lists of entries a JSON answer gives (``{"options": [{"flight": "BA193",
    "departs": "07:05"}, …]}``): each entry as the set of its values, flattened."""
    return _entries_of(body) if body[:1] in "[{" else ()


@lru_cache(maxsize=1 << 12)  # each answer is read again by every clause of every recap
def _entries_of(body: str) -> tuple[tuple[frozenset[str], ...], ...]:
    try:
        tree = json.loads(body)
    except ValueError:
        return ()
    out: list[tuple[frozenset[str], ...]] = []
    todo: list[Any] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            todo.extend(node.values())
        elif isinstance(node, list):
            entries = [e for e in node if isinstance(e, dict)]
            if len(entries) >= 2:
                out.append(tuple(frozenset(_values(e)) for e in entries))
            todo.extend(node)
    return tuple(out)


def _values(entry: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for value in entry.values():
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int | float | str):
            out.append(_flat(str(value)).removesuffix(".0"))
    return out


def check_entry_numbers(text: str, ev: Evidence) -> list[Claim]:
    """A figure the clause gives an entry of a listed answer that is another entry's
    ("TP909 departs at 07:05" where the flights listed BA193 at 07:05 and TP909 at
    10:40): the entry is named by a code only it holds."""
    strong = _strong(text, small=True)
    if len(strong) < 2:
        return []
    out: list[Claim] = []
    for _, body in ev.answered:
        for entries in _entries(body):
            # (a clause naming two entries, "BA193 at 07:05, TP909 at 10:40", pairs its
            # figures with each: only a clause about one entry is read here)
            named = [c for c in strong if re.search(r"[a-z]", c) and any(c in e for e in entries)]
            if len(named) != 1:
                continue
            code = named[0]
            holding = [e for e in entries if code in e]
            if len(holding) == 1:
                own = holding[0]
                for figure in strong:
                    if figure != code and figure not in own and any(figure in e for e in entries):
                        why = f"the answer lists it for another entry than {code.upper()}"
                        out.append(Claim("number", figure, why))
    return list(dict.fromkeys(out))
