"""The turn report's line for the messages a fit left out.

The fit reports each dropped message as a Change (and each dropped image, each earlier
request that yielded its pin, as a Notice of its own); a turn report also needs one line
a person reads, on every route alike: how many messages were left out, of what kind (a tool
exchange is dropped whole, its call with all its results), and how many of them are new
this turn. Said when the count grows (the sticky cut drops the same messages turn after
turn; the count is in every turn's ``dropped``).

>>> from contextledger.fit.report import Change
>>> def drop(mid, role, reason):
...     return Change("dropped", mid, None, role, reason, 10, 0)
>>> exchange = "older tool exchange dropped whole to fit the context window"
>>> changes = [drop("m1", "user", "older message dropped to fit the context window"),
...            drop("m2", "assistant", exchange), drop("m3", "tool", exchange),
...            drop("m4", "tool", exchange)]
>>> print(drop_notice(changes, before=1).text)
Left out 3 more earlier messages to fit the context window (4 in all: 1 tool exchange of 3 messages, dropped whole with its results; 1 older message). The session record keeps them all.
>>> drop_notice(changes, before=4) is None
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import attrgetter

from ..fit.report import Change
from ..report import Notice

__all__ = ["drop_notice"]

_EXCHANGE = "older tool exchange dropped whole to fit the context window"
_KINDS = {
    "older message dropped to fit the context window": ("older message", "older messages"),
    "recap dropped to fit the context window": ("recap", "recaps"),
    "earlier request yielded to fit the context window": ("earlier request", "earlier requests"),
    "dropped with the request that prompted it (the history must start with a user turn)": (
        "answer left out with the request that prompted it",
        "answers left out with the requests that prompted them",
    ),
}


def _count(n: int, one: str, many: str) -> str:
    return f"{n:,} {one if n == 1 else many}"


def drop_notice(dropped: Sequence[Change], before: int | None) -> Notice | None:
    """The line for ``dropped`` (the fit's dropped messages), or None when there are no
    more than ``before`` (last turn's count; None: no turn before)."""
    if before is not None and len(dropped) <= before:
        return None  # the common case on a long session: the same cut as last turn
    messages = [c for c in dropped if c.action == "dropped" and c.block is None]
    n = len(messages)
    if not n or (before is not None and n <= before):
        return None
    reasons = Counter(map(attrgetter("reason"), messages))
    parts: list[str] = []
    in_exchanges = reasons.pop(_EXCHANGE, 0)
    if in_exchanges:
        calls = sum(1 for c in messages if c.reason == _EXCHANGE and c.what == "assistant")
        parts.append(
            f"{_count(calls or 1, 'tool exchange', 'tool exchanges')} of "
            f"{_count(in_exchanges, 'message', 'messages')}, dropped whole with "
            f"{'its' if calls <= 1 else 'their'} results"
        )
    for reason, k in reasons.most_common():
        one, many = _KINDS.get(reason, (f"message ({reason})", f"messages ({reason})"))
        parts.append(_count(k, one, many))
    more = "more " if before else ""
    head = (
        f"Left out {_count(n - (before or 0), more + 'earlier message', more + 'earlier messages')}"
    )
    whole = f"{n:,} in all: " if before else ""
    return Notice(
        "dropped",
        messages[0].message_id,
        f"{head} to fit the context window ({whole}{'; '.join(parts)}). "
        "The session record keeps them all.",
    )
