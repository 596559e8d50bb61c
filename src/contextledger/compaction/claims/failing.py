"""A failure claimed must be one a tool result printed, and still stand.

A test named with a runner's failure marker ("● Cart › removes expired coupon", "✕ …",
"FAILED tests/x.py::test_y", "--- FAIL: TestX") is claimed failing: a failed tool result
must carry that marker on a line naming that test (its full name, or the last part of a
jest name, "removes expired coupon"). A failure said to last ("test_x still fails") is
contradicted by a later passing run of the run that failed it.

>>> from contextledger.model import Message
>>> from .evidence import Evidence
>>> unmarked_tests("● Cart › removes expired coupon", Evidence.of([]))
['Cart › removes expired coupon']
"""

from __future__ import annotations

import re

from ..failures import failing_tests
from .evidence import Claim, Evidence
from .order import passed_since

NOT_MARKED_FAILING = "no failing tool result marks this test failed"


def _norm(name: str) -> str:
    return " ".join(name.replace(">", "›").split()).strip(" .:;,'\"`").casefold()


def _printed_failing(ev: Evidence) -> frozenset[str]:
    """Every test name a failed result prints after a failure marker, and its last part."""
    out: set[str] = set()
    for r in ev.results:
        if not r.failed:
            continue
        # (by its lines: ``r.text`` is the output on one line)
        for name in failing_tests("\n".join(r.lines) or r.text, marked=True):
            full = _norm(name)
            out.add(full)
            out.add(full.rsplit("›", 1)[-1].strip())
            out.add(full.rsplit("::", 1)[-1].strip())
    return frozenset(out)


def unmarked_tests(text: str, ev: Evidence) -> list[str]:
    """The tests ``text`` names after a failure marker that no failed result marks so."""
    names = failing_tests(text, marked=True)
    if not names:
        return []
    printed = ev.derive("tests marked failing", lambda: _printed_failing(ev))
    out = []
    for name in names:
        n = _norm(name)
        leaf = n.rsplit("›", 1)[-1].strip()
        if leaf in printed or any(n in p or (len(p) > 3 and p in n) for p in printed):
            continue  # the name, its last part, or the name with a message after it
        out.append(name)
    return out


def check_marked_failures(text: str, ev: Evidence) -> list[Claim]:
    """A test claimed failing by its runner's marker that no failed result marks."""
    return [Claim("failed", name, NOT_MARKED_FAILING) for name in unmarked_tests(text, ev)]


_ASKS = re.compile(r"(?i)\b(?:whether|if|unless|in\s+case)\b")


def check_still_failing(text: str, subjects: list[tuple[str, str]], ev: Evidence) -> list[Claim]:
    """A failure said to last ("Fix test_x, which still fails") that a later run of the
    run that failed it passed; not a question of it ("check whether test_x still fails")."""
    if _ASKS.search(text):
        return []
    out = []
    for _kind, value in subjects:
        since = passed_since(text, value, ev.timeline)
        if since:
            out.append(Claim("failed", value, since))
    return out
