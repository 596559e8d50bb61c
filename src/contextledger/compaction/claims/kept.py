"""A thing kept as it is, said as the ban it is: "Keep X as it is", "Leave X untouched",
"X must stay unchanged" say what "Do not modify X" says.

A recap restates the user's "Do not modify config/prod.yaml" as "config/prod.yaml must stay
unchanged", or the user's "Leave migrations/ untouched" as "Do not modify migrations/".
Both sides are read in one form — the ban — so that the checks of a rule (its polarity,
its condition, its scope, the language it was said in) compare like with like. Only the
clause that keeps a thing is rewritten, and what follows it stays: "X must stay unchanged
forever" is "Do not modify X forever" (a condition the user gave, "until the audit is done",
is still missing from it), and "You may modify A, but leave B untouched" bans B alone.

>>> as_ban("Keep config/app.toml as it is.")
'Do not modify config/app.toml.'
>>> as_ban("config/prod.yaml must stay unchanged forever.")
'Do not modify config/prod.yaml forever.'
>>> bans_said("You may modify src/loader.py, but leave src/schema.py untouched.")
['Do not modify src/schema.py.']
>>> bans_said("Leave migrations/ untouched until the release, and run the tests.")
['Do not modify migrations/ until the release.']
>>> bans_said("Do not run `make deploy`. Also, config/prod.toml is off-limits.")
['Do not modify config/prod.toml.']
>>> as_ban("Don't touch config/prod.toml.")
'Do not modify config/prod.toml.'
>>> as_ban("The assistant left src/app.py untouched.")  # a deed, not a rule
'The assistant left src/app.py untouched.'
"""

from __future__ import annotations

import re

# what is kept: a backticked span, or a path or a name with a slash, a dot or an underscore
_THING = r"(?P<thing>`[^`]+`|[\w~$@-]*[/._](?:[\w~$@./*-]*[\w/*])?)"
_AS_IT_IS = (
    r"(?:as[-\s]is|as\s+(?:it|they)\s+(?:is|are)|unchanged|untouched|alone|intact|unmodified|"
    r"unedited)"
)
# "Keep X as it is", "Leave X untouched" opening a clause (an imperative: a rule)
_KEEP = re.compile(
    rf"(?i)(?:^|(?<=[,;:])|(?<=\bbut)|(?<=\band))\s*(?:please\s+)?(?:keep|leave)\s+(?:the\s+file\s+)?"
    rf"{_THING}\s+{_AS_IT_IS}(?!\w)"
)
# "X must stay unchanged", "X is to remain untouched", "X should be left alone"
_MUST_STAY = re.compile(
    rf"(?i)(?:^|(?<=[,;:])|(?<=\bbut)|(?<=\band))\s*(?:the\s+file\s+)?{_THING}\s+"
    rf"(?:must|should|has\s+to|have\s+to|needs?\s+to|is\s+to|are\s+to)\s+"
    rf"(?:stay|remain|be\s+left|be\s+kept)\s+{_AS_IT_IS}(?!\w)"
)


# "X is off-limits", "X stays read-only", "Don't touch X": the same ban, said by its state
_OFF_LIMITS = re.compile(
    rf"(?i)(?:^|(?<=[,;:])|(?<=\bbut)|(?<=\band))\s*(?:the\s+file\s+)?{_THING}\s+"
    rf"(?:is|are|stays?|remains?)\s+(?:strictly\s+|completely\s+)?(?:off[-\s]limits|"
    rf"out\s+of\s+bounds|read[-\s]only|hands[-\s]off|not\s+to\s+be\s+(?:touched|modified|"
    rf"changed|edited))(?!\w)"
)
_DONT_TOUCH = re.compile(
    rf"(?i)(?:^|(?<=[,;:])|(?<=\bbut)|(?<=\band))\s*(?:please\s+)?(?:do\s+not|don'?t|never)\s+"
    rf"touch\s+(?:the\s+file\s+)?{_THING}(?!\w)"
)
_KEPT = (_KEEP, _MUST_STAY, _OFF_LIMITS, _DONT_TOUCH)


_CONNECTIVE = frozenset({"also", "and", "plus", "but", "finally", "oh, and", "and also"})


def _ban(m: re.Match[str], text: str) -> str:
    lead = text[: m.start()]
    if lead.strip().rstrip(",;:").casefold() in _CONNECTIVE:
        lead = ""  # "Also, X is off-limits.": the ban alone, no subject "Also"
    opening = m.group(0)[: len(m.group(0)) - len(m.group(0).lstrip())]
    verb = "Do not modify" if not lead.strip() else "do not modify"
    return f"{lead}{opening}{verb} {m.group('thing')}"


def as_ban(text: str) -> str:
    """``text`` with a clause keeping a thing as it is said as the ban on modifying it;
    ``text`` as it is when no clause keeps one."""
    for pattern in _KEPT:
        m = pattern.search(text)
        if m is not None:
            return _ban(m, text) + text[m.end() :]
    return text


def bans_said(sentence: str) -> list[str]:
    """The bans a user's ``sentence`` states by keeping a thing as it is, each alone (the
    clause that keeps it, said as "Do not modify X."): none when it keeps none."""
    out: list[str] = []
    for pattern in _KEPT:
        for m in pattern.finditer(sentence):
            # what follows in its clause stays with it ("… until the audit is done")
            rest = _CLAUSE_END.split(sentence[m.end() :], maxsplit=1)[0].rstrip(" .!")
            out.append(f"Do not modify {m.group('thing')}{rest}.")
    return out


_CLAUSE_END = re.compile(r"(?i)\s*[;]|,\s*(?:but|and|while|whereas)\b|(?<=[.!?])\s")
