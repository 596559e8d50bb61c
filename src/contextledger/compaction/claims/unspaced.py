"""A user's rule said back in a script written without spaces (Japanese, Chinese, Korean)
with its denial turned: "答えはすぐに教えてほしい。" for "答えをすぐに教えないでください。",
"夜11時以降も勉強の話をしてよい。" for "夜11時以降は勉強の話をしないでほしいです。".

Words are not spaced there, so a claim is traced to the user's sentence it restates by the
pairs of characters the two share (particles, denials and numbers left out); the user's
sentence that shares most of the claim's pairs is the one it restates, and the claim keeps
its denial or turns it. A correction ("11月15日（11月8日ではない）") is read by the readers
of corrected values, not here.

>>> from contextledger.model import Message
>>> from .evidence import Evidence
>>> ev = Evidence.of([Message.user("答えをすぐに教えないでください。", id="u")])
>>> [c.reason[:27] for c in check_turned_unspaced("答えはすぐに教えてほしい。", ev)]
['the user said the opposite:']
>>> check_turned_unspaced("答えをすぐに教えず、まずヒントだけにする。", ev)
[]
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...lexicon import claims as lexicon
from .evidence import Claim, Evidence
from .reading import quote, without_clauses

__all__ = ["check_turned_unspaced"]

_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")
# A denial of these scripts: the shared list's, and the plain forms it leaves to a reader
# of whole rules ("しない", "教えず", "하지 않", "不做"): a verb's "not" at the end of it
_DENIES = re.compile(
    lexicon.SCRIPT_DENIALS.pattern
    + r"|(?<=[しさかがたなまらわけせべめれえいきちにびみりぎじ])ない|"
    r"(?<=[\u3040-\u30ff\u4e00-\u9fff])ず(?=[にで、。，,\s]|$)|不(?!是|过|同|错|少|久)|没有?|别"
)
# the correction's own denial ("11月8日ではない", "不是 8080"): no rule's
_CORRECTING = re.compile(r"じゃな|ではな|でなく|不是|而不是|아니라|아니고|아님")
_LEAST_SHARED = 3  # pairs of characters in common, and two in five of the claim's at least
_SHARE = 0.4


@lru_cache(maxsize=1 << 14)
def _pairs(text: str) -> frozenset[str]:
    """The pairs of characters of ``text``'s unspaced runs, without its particles and
    denials (what the claim and the sentence it restates share, whatever their polarity)."""
    plain = _DENIES.sub(" ", lexicon.CJK_PARTICLE.sub(" ", text))
    return frozenset(
        run[i : i + 2] for run in _UNSPACED.findall(plain) for i in range(len(run) - 1)
    )


def _denies(text: str) -> bool:
    return _DENIES.search(text) is not None


def check_turned_unspaced(text: str, ev: Evidence) -> list[Claim]:
    """``text`` restates a user's sentence of an unspaced script with its denial turned
    (see the module), clause by clause ("答えをすぐに教えず、まずヒントだけにする。" is two
    rules); every sentence that restates a clause as well must turn it too."""
    if _CORRECTING.search(text):
        return []
    for clause in _CLAUSES.split(text):
        turned = _turned(clause, ev)
        if turned is not None:
            why = f"the user said the opposite: {quote(turned)}"
            return [Claim("constraint", text.strip(), why)]
    return []


_CLAUSES = re.compile(r"[、，,;；]")


def _turned(clause: str, ev: Evidence) -> str | None:
    """The user's sentence ``clause`` restates with its denial turned, or None."""
    mine = _pairs(clause)
    if len(mine) < _LEAST_SHARED:
        return None
    best: list[tuple[int, str]] = []
    for said in ev.user:
        shared = len(mine & _pairs(said))
        if shared >= _LEAST_SHARED and shared >= _SHARE * len(mine):
            best.append((shared, said))
    if not best or any(_CORRECTING.search(s) for _, s in best):
        return None
    top = max(n for n, _ in best)
    restated = [s for n, s in best if n == top]
    if any(_same_polarity(clause, s) for s in restated):
        return None
    return restated[0]


def _same_polarity(clause: str, said: str) -> bool:
    """Whether each part of ``clause`` denies as the parts of ``said`` it restates do (half
    their pairs and three or more, else the one sharing most): "…移行してください。" restates the request
    of "現在のレポートを壊さずに、…移行してください。", not its "without" clause; one part
    restating both says the "without" clause's denial too, or turns it."""
    theirs = without_clauses(said)
    for part in without_clauses(clause):
        mine = _pairs(part)
        if not mine:
            continue
        restated = [p for p in theirs if _restates(mine, _pairs(p))]
        restated = restated or [max(theirs, key=lambda p: len(mine & _pairs(p)))]
        if _denies(part) != any(_denies(p) for p in restated):
            return False
    return True


def _restates(mine: frozenset[str], theirs: frozenset[str]) -> bool:
    shared = len(mine & theirs)
    return shared >= _LEAST_SHARED and shared * 2 >= len(theirs)
