"""Causes a recap gives for a failure: "failed because src/api.py could not be found" is
a claim that the file was missing, and only a tool output (or the assistant) saying so
supports it; a file the record shows read is no missing file.

>>> said_missing("src/payments/api.py could not be found")
('src/payments/api.py',)
>>> said_missing("the replica lag exceeded 10 s")
()
>>> shows_missing("FileNotFoundError: [Errno 2] No such file or directory: 'src/api.py'")
True
"""

from __future__ import annotations

import re

from .facts import extract_claims
from .timeline import norm_path

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
