"""The user's own changes of a setting: "The user raised the limit to 30 (it was 20)".

A user changes a value by saying so ("Make it 30 per hour, not 20", "Stell MAX_SPAN von 128
auf 256 um"); the assistant's edit carries it out. A recap that credits the change to the
user tells who decided it, not who typed it, so such a clause is neither a failure ("raised"
is no exception here) nor an act no turn shows — when a user turn names the new value and the
setting. What it can still get wrong is the direction: "lowered … from 20 to 30" goes up.

>>> from contextledger.model import Message
>>> ev = Evidence.of([Message.user("Please set BURST to 30 instead of 20.", id="u")])
>>> said_setting("The user raised BURST to 30 (it was 20).", ev)
True
>>> said_setting("The user raised BURST to 45.", ev)
False
>>> [str(c) for c in check_setting_direction("The user lowered BURST from 20 to 30.", ev)]
['did lowered from 20 to 30: 30 is more than 20']
"""

from __future__ import annotations

import re

from ..trace import claim_terms
from .evidence import Claim, Evidence

__all__ = ["check_setting_direction", "said_setting", "setting_act"]

_UP = frozenset(["raised", "increased", "bumped", "doubled", "upped", "grew", "extended"])
_DOWN = frozenset(
    ["lowered", "decreased", "reduced", "cut", "halved", "shrank", "shortened", "trimmed"]
)
_ACT = re.compile(
    r"(?i)^\W*(?:then\s+|later\s+|also\s+)?the\s+user\s+(?:has\s+|had\s+|then\s+|later\s+|also\s+)?"
    r"(?P<verb>set|raised|increased|bumped|doubled|upped|extended|lowered|decreased|reduced|cut|"
    r"halved|shortened|trimmed|changed|moved|adjusted|updated|corrected|capped|switched)\b"
    r"(?P<rest>.*)$"
)
_NUM = r"[-+]?\d[\d,]*(?:\.\d+)?(?::\d+(?:\.\d+)?)?"
_FROM_TO = re.compile(rf"(?i)\bfrom\s+(?P<m>{_NUM}).*?\bto\s+(?P<n>{_NUM})")
_TO_WAS = re.compile(
    rf"(?i)\bto\s+(?P<n>{_NUM})[^;]*?(?:\(\s*(?:it\s+)?(?:was|from|previously|formerly)\s+|"
    rf",\s*not\s+|\binstead\s+of\s+|\brather\s+than\s+|\bup\s+from\s+|\bdown\s+from\s+)(?P<m>{_NUM})"
)
_TO = re.compile(rf"(?i)\bto\s+(?P<n>{_NUM})")
_NUMBER = re.compile(rf"(?<![\w.]){_NUM}(?![\w])")


def setting_act(text: str) -> tuple[str, str, str | None, str] | None:
    """A clause crediting the user with a change of value: (verb, new value, old value or
    None, the words naming the setting), else None."""
    m = _ACT.match(text)
    if m is None:
        return None
    rest = m.group("rest")
    found = _FROM_TO.search(rest) or _TO_WAS.search(rest)
    if found is not None:
        new, old = found.group("n"), found.group("m")
    else:
        to = _TO.search(rest)
        if to is None:
            return None
        new, old = to.group("n"), None
    named = _NUMBER.sub(" ", rest[: found.start() if found else rest.find(new)])
    return m.group("verb").casefold(), new, old, named


def _value(number: str) -> float:
    return float(number.replace(",", "").split(":")[0])


def said_setting(text: str, ev: Evidence) -> bool:
    """Whether a user turn sets what the clause credits the user with: a sentence of the
    user's (not a denial) naming the new value and a word of the setting."""
    return _user_setting(text, ev) is not None


def _user_setting(text: str, ev: Evidence) -> str | None:
    """The user's sentence that set the value the clause credits the user with."""
    act = setting_act(text)
    if act is None:
        return None
    _verb, new, old, named = act
    names = claim_terms(named) - {"user", "the"}
    for sentence in ev.user:
        numbers = {n.replace(",", "") for n in _NUMBER.findall(sentence)}
        if new.replace(",", "") not in numbers:
            continue
        # the setting named, or both values given ("Make it 30 per hour, not 20.")
        if not names or names & claim_terms(sentence) or (old and old.replace(",", "") in numbers):
            return sentence
    return None


def check_setting_direction(text: str, ev: Evidence) -> list[Claim]:
    """A change said to go up that goes down, or down that goes up ("lowered … from 20 to
    30"), by the clause's own numbers or, without an old value, the user's."""
    act = setting_act(text)
    if act is None:
        return []
    verb, new, old, _named = act
    if verb not in _UP and verb not in _DOWN:
        return []
    if old is None:  # "raised BURST to 30" where the user said "30 instead of 20"
        said = _user_setting(text, ev)
        others = {n for n in _NUMBER.findall(said or "") if _value(n) != _value(new)}
        if len(others) != 1:
            return []
        old = others.pop()
    up = _value(new) > _value(old)
    if _value(new) == _value(old) or up == (verb in _UP):
        return []
    how = "more" if up else "less"
    return [Claim("did", f"{verb} from {old} to {new}", f"{new} is {how} than {old}")]
