"""A file kept as it is, said either way: "Leave src/x.py untouched" and "Do not modify
src/x.py" are one rule, as are "migrations/ must stay unchanged" and "Ne modifie pas
migrations/". A recap that restates the user's ban on changing a file as a rule to keep
it unchanged (or the user's "leave it alone" as a ban) says what the user said; its
polarity is not flipped (an honest line was stripped as a swap or an added denial)."""

from __future__ import annotations

import re

from .claims_evidence import Evidence
from .claims_words import restricts
from .facts import extract_claims

# English words that keep a thing as it is, with no denial of their own ("untouched",
# "unchanged", "as it is", "intact", "leave … alone", "read-only")
_KEEP_AS_IS = re.compile(
    r"(?i)\b(?:untouched|unchanged|unmodified|unaltered|intact|as[\s-]is|as\s+it\s+is|"
    r"read-only|frozen|leave\s+\S+(?:\s+\S+)?\s+alone|stays?\s+the\s+same)\b"
)
# a denial in the same sentence turns "keep it unchanged" into its opposite
_DENIED = re.compile(r"(?i)\b(?:not|no|never|n't|don't|doesn't|needn't|needs?\s+not)\b")


def _keeps_as_is(text: str) -> bool:
    return bool(_KEEP_AS_IS.search(text)) and not _DENIED.search(text)


def kept_unchanged_as_said(text: str, ev: Evidence) -> bool:
    """Whether ``text`` is the user's rule about the files it names, said the other way: a
    keep-as-is statement for a user's ban naming the same files, or a ban for the user's
    keep-as-is statement. Both sides name the same files (and nothing else is claimed)."""
    paths = {f.value for f in extract_claims(text) if f.kind == "path"}
    if not paths:
        return False
    keeps, bans = _keeps_as_is(text), restricts(text)
    if keeps == bans or (bans and _KEEP_AS_IS.search(text)):
        return False  # neither, or "do not leave X untouched": no restatement
    for turn in ev.user_turns:
        if not all(p in turn for p in paths):
            continue
        for sentence in re.split(r"(?<=[.!?。！？])\s+", turn):
            if not all(p in sentence for p in paths):
                continue
            if keeps and restricts(sentence) and not _keeps_as_is(sentence):
                return True
            if bans and _keeps_as_is(sentence) and not restricts(sentence):
                return True
    return False
