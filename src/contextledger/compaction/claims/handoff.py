"""Who a thing belongs to after a hand-off: "Arjun Sen is moving to another team, so from
today Deniz Aksoy owns the fare engine." The person who left (or moved to another team)
is the side the hand-off leaves: a recap may name them only as gone or as set aside
("Deniz Aksoy owns the fare engine now, not Arjun Sen."), never as the one still there
("Arjun Sen owns the fare engine; ask them.").

>>> left = people_who_left(["Arjun Sen is moving to another team, so Deniz Aksoy owns it."])
>>> left
(('arjun sen', 'Arjun Sen is moving to another team, so Deniz Aksoy owns it'),)
>>> set_aside("Deniz Aksoy owns the fare engine now, not Arjun Sen.", "arjun sen")
True
>>> set_aside("Arjun Sen owns the fare engine; ask them.", "arjun sen")
False
>>> without_set_aside("Deniz Aksoy owns the fare engine now, not Arjun Sen.", left)
'Deniz Aksoy owns the fare engine now.'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from ...lexicon import claims as lexicon

__all__ = [
    "LEAVING_STEMS",
    "has_stem",
    "names_in",
    "people_who_left",
    "set_aside",
    "without_set_aside",
]

#: a person gone from the work: left, or moved to another team
LEAVING_STEMS = (*lexicon.LEFT_STEMS, *lexicon.MOVED_TEAM_STEMS)

_WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
_CLAUSE = re.compile(r"[.;!?。；\n]+")
# what sets a person aside right before their name: "not P", "no longer P", "instead of
# P", "from P" ("moved from P to Q"), "replacing P", "formerly P"
_ASIDE_BEFORE = re.compile(
    r"(?i)\b(?:not|no\s+longer|instead\s+of|rather\s+than|from|replacing|replaces|replaced|"
    r"formerly|previously|succeeding|succeeds|took\s+over\s+from|taking\s+over\s+from|"
    r"nor)\W+$"
)


@lru_cache(maxsize=1024)
def stem_pattern(stem: str) -> re.Pattern[str]:
    """A stem at a word's start; anywhere in Thai, Korean, Chinese or Japanese, whose
    words a particle or the next word is written onto ("เราปฏิเสธ", "チームを離れ")."""
    if stem[0] >= "\u0e00":
        return re.compile(re.escape(stem))
    return re.compile(rf"(?<![^\W\d_]){re.escape(stem)}")


def has_stem(text: str, stems: Iterable[str]) -> bool:
    """Whether a word of ``text`` starts with one of ``stems`` (casefolded)."""
    folded = text.casefold()
    return any(stem_pattern(stem).search(folded) for stem in stems)


def names_in(text: str) -> list[tuple[int, int]]:
    """The spans of the persons' names in ``text``: two capitalised words or more in a
    row ("Nguyễn Thu Hà", "Kim Min-jun"; not "Ο/Η" nor a lower-case Greek word)."""
    out: list[tuple[int, int]] = []
    run: list[re.Match[str]] = []
    for m in [*_WORD.finditer(text), None]:
        joined = m is not None and bool(run) and text[run[-1].end() : m.start()] == " "
        if (
            m is not None
            and m.group(0)[0].isupper()
            and len(m.group(0)) > 1
            and (joined or not run)
        ):
            run.append(m)
            continue
        if len(run) >= 2:
            out.append((run[0].start(), run[-1].end()))
        run = [m] if m is not None and m.group(0)[0].isupper() and len(m.group(0)) > 1 else []
    return out


def people_who_left(turns: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """(name, clause) of each person a clause of ``turns`` says left or moved to another
    team: the last name before the word that says so ("P has left", "P ekipten ayrıldı",
    "P 님이 다른 팀으로 옮기므로")."""
    out: dict[str, str] = {}
    for turn in turns:
        for clause in _CLAUSE.split(turn):
            folded = clause.casefold()
            at = min(
                (m.start() for s in LEAVING_STEMS for m in stem_pattern(s).finditer(folded)),
                default=-1,
            )
            names = [(a, b) for a, b in names_in(clause) if b <= at]
            if names:
                a, b = names[-1]
                out.setdefault(clause[a:b].casefold(), clause.strip())
    return tuple(out.items())


def _named_at(text: str, name: str) -> list[re.Match[str]]:
    return list(re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE))


def set_aside(text: str, name: str) -> bool:
    """Whether every mention of ``name`` in ``text`` sets them aside ("…, not P", "moved
    from P to Q", "instead of P"), so naming them says they are no longer the one."""
    found = _named_at(text, name)
    return bool(found) and all(_ASIDE_BEFORE.search(text[: m.start()]) for m in found)


def without_set_aside(text: str, gone: Iterable[tuple[str, str]]) -> str:
    """``text`` without the phrases that set aside a person who left ("…, not P" after "P
    is moving to another team"): what is left states the hand-off's new side, which the
    user's sentence states too."""
    for name, _ in gone:
        for m in reversed(_named_at(text, name)):
            aside = _ASIDE_BEFORE.search(text[: m.start()])
            if aside is None:
                continue
            start = aside.start()
            while start and text[start - 1] in " ,;—–-":
                start -= 1
            text = text[:start] + text[m.end() :]
    return text
