"""Causes a recap gives ("failed because the replica lag exceeded 10 s"): a cause is one a
tool result or the assistant gave (or, for what the user wants, the user); a cause made of
the record's words in the wrong place is invented. "Failed because src/api.py could not be
found" is a claim that the file was missing, and only a tool output (or the assistant)
saying so supports it; a file the record shows read is no missing file.

>>> said_missing("src/payments/api.py could not be found")
('src/payments/api.py',)
>>> said_missing("the replica lag exceeded 10 s")
()
>>> shows_missing("FileNotFoundError: [Errno 2] No such file or directory: 'src/api.py'")
True
"""

from __future__ import annotations

import re

from ..facts import extract_claims
from ..timeline import norm_path
from ..trace import claim_terms, unit_terms
from .evidence import Claim, Evidence, user_reported
from .reading import GENERIC_DOING, USER
from .said import supporting_at

_SAYS_MISSING = re.compile(
    r"(?i)\b(?:(?:could|can|was|were|is|are)\s*(?:not|n't)\s+(?:be\s+)?(?:found|located|read|"
    r"opened|loaded|resolved|imported)|not\s+found|missing|absent|(?:did|does|do)\s*(?:not|n't)\s+"
    r"exist|no\s+such\s+file|(?:was|were|had\s+been|got)\s+(?:deleted|removed))\b"
)
_SHOWS_MISSING = re.compile(
    r"(?i)not\s+found|notfound|no\s+such\s+file|does\s*(?:not|n't)\s+exist|cannot\s+find|"
    r"could\s+not\s+(?:find|open|read|load|resolve|import)|can't\s+(?:find|open|resolve)|"
    r"unable\s+to\s+(?:find|open|read|load|resolve)|\bmissing\b|\bENOENT\b|No\s+module\s+named|"
    r"cannot\s+(?:open|load|resolve|import)|failed\s+to\s+(?:open|load|read|resolve)"
)


def said_missing(why: str) -> tuple[str, ...]:
    """The paths a cause says were missing (could not be found, did not exist …)."""
    if not _SAYS_MISSING.search(why):
        return ()
    return tuple(norm_path(f.value) for f in extract_claims(why) if f.kind == "path")


def shows_missing(text: str) -> bool:
    """Whether ``text`` (a tool output, an assistant sentence) says something was missing."""
    return _SHOWS_MISSING.search(text) is not None


_CAUSE = re.compile(
    r"(?i)\b(?:because(?:\s+of)?|due\s+to|caused\s+by|owing\s+to|as\s+a\s+result\s+of|"
    r"the\s+(?:root\s+)?cause\s+(?:was|is))\s+(?P<why>[^;]+)|"
    # "the 500 came from a missing CSRF token": a fault as the origin (not "came from the
    # login endpoint", which only says where)
    r"\b(?:came|comes|stemmed|stems|resulted|results|arose|arises)\s+from\s+"
    r"(?P<fault>(?:an?\s+|the\s+)?(?:missing|invalid|expired|wrong|bad|broken|stale|"
    r"misconfigured|incorrect|corrupt\w*|absent|unset|empty|null|outdated)\b[^;]+)"
)


_CAUSE_FIRST = re.compile(  # "The Redis timeout caused test_x to fail"
    r"(?i)^(?P<why>.+?)\s+(?:caused|causes|led\s+to|leads\s+to|triggered|triggers|"
    r"(?:is|was)\s+(?:why|the\s+(?:root\s+)?cause\s+of))\b"
)


def check_cause(text: str, ev: Evidence, actor: str | None) -> list[Claim]:
    """A cause the recap gives ("failed because the replica lag exceeded 10 s") is one a
    tool result or the assistant gave (or, for what the user wants, the user): a cause
    made of the record's words in the wrong place is invented."""
    m = _CAUSE.search(text) or _CAUSE_FIRST.search(text)
    if m is None:
        return []
    why = (m.groupdict().get("fault") or m.group("why")).strip(" .")
    by_user = actor == "user" or USER.search(text[: m.start()]) is not None
    index = ev.cause_index(by_user)
    missing = said_missing(why)  # "… because src/api.py could not be found"
    for path in missing:
        holding = (index.units[i] for i in index.holding_all(unit_terms(path)))
        if not any(path in u.text and shows_missing(u.text) for u in holding):
            return [Claim("did", why, f"no tool result or assistant turn says {path} was missing")]
    if missing:
        return []  # in the words of the output that said so ("No such file or directory")
    terms = claim_terms(why) - GENERIC_DOING
    if len(terms) < 2:
        return []
    if supporting_at(why, index, 0.6)[0] or user_reported(why, ev):
        return []
    return [Claim("did", why, "no tool result or assistant turn gives this cause")]
