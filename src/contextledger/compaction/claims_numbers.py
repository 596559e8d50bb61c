"""Numbers a recap gives: a number bound to a label keeps its label ("expected 302, got
500" is not "expected 500"), a count keeps what it counts ("4,822 chunks" is not "4,822
rows"), and a day or month named must be in the record.

>>> sorted(number_pairs("expected 302, got 500"))
[('expected', '302'), ('got', '500')]
>>> sorted(counts("48,210,344 rows in 4,822 chunks"))
[('48210344', 'row'), ('4822', 'chunk')]
"""

from __future__ import annotations

import datetime
import re

from .claims_evidence import Claim, Evidence
from .trace import FILLER, stem

# Numbers bound to a label the recap may swap: "expected 302, got 500".
LABEL = re.compile(
    r"(?i)\b(expected|expect|got|want|wanted|actual|received|returned|returns|from|to|left|"
    r"right)\b"
    r"[\s:=,<>≤≥]*(?:a\s+|an\s+|of\s+|status\s+|code\s+)?(-?\d+(?:\.\d+)?\b|\"[^\"\n]{1,80}\"|'[^'\n]{1,80}')"
)
_LABEL_FOLD = {
    "expect": "expected",
    "wanted": "expected",
    "want": "expected",
    "actual": "got",
    "received": "got",
    "returned": "got",
    "returns": "got",
}
_OPPOSITE = {
    "expected": "got",
    "got": "expected",
    "from": "to",
    "to": "from",
    "left": "right",
    "right": "left",
}


def number_pairs(text: str) -> set[tuple[str, str]]:
    """(label, number) pairs of ``text``: ``expected 302, got 500`` gives
    ``{("expected", "302"), ("got", "500")}``; the sides of a comparison are "left" and
    "right" (``assert 500 == 302``)."""
    out = set()
    for m in LABEL.finditer(text):
        label = m.group(1).casefold()
        out.add((_LABEL_FOLD.get(label, label), m.group(2)))
    for m in _COMPARED.finditer(text):  # "assert 500 == 302": which side is which
        out |= {("left", m.group(1)), ("right", m.group(2))}
    return out


# Two numbers an assertion compares: "assert 500 == 302", "E  assert 3 != 3".
_COMPARED = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?)\s*[!=]=\s*(-?\d+(?:\.\d+)?)(?![\w.])")


_COUNT = re.compile(r"(?<![\w.,:])(\d+(?:,\d{3})*(?:\.\d+)?)\s+([A-Za-z][a-z]{2,})\b")


# Nouns counted many ways in one session ("3 tests" of a file, "40 tests" of the suite).
_LOOSE_NOUN_WORDS = "test item file line second minute hour time step attempt run error warning"
_LOOSE_NOUNS = frozenset(stem(w) for w in _LOOSE_NOUN_WORDS.split())


def counts(text: str) -> set[tuple[str, str]]:
    """(number, noun) pairs of ``text``: "48,210,344 rows in 4,822 chunks" gives
    ``{("48210344", "row"), ("4822", "chunk")}``."""
    found = ((m.group(1).replace(",", ""), stem(m.group(2))) for m in _COUNT.finditer(text))
    return {(n, noun) for n, noun in found if noun not in FILLER and len(noun) > 2}


def _labelled(ev: Evidence) -> frozenset[tuple[str, str]]:
    """The record's numbers with their labels: ("expected", "302") of "expected 302"."""
    return ev.derive("numbers", lambda: frozenset(p for t in ev.texts for p in number_pairs(t)))


def _counted(ev: Evidence) -> frozenset[tuple[str, str]]:
    """What the record counts: ("48210344", "row") of "48,210,344 rows"."""
    return ev.derive("counted", lambda: frozenset(c for t in ev.texts for c in counts(t)))


def _days(ev: Evidence) -> frozenset[str]:
    """The days and months the record names, casefolded."""
    return ev.derive(
        "days", lambda: frozenset(d.casefold() for t in ev.texts for d in _DATE_WORDS.findall(t))
    )


def check_numbers(text: str, ev: Evidence) -> list[Claim]:
    """Numbers bound to a label ("expected 302, got 500") keep their labels, and numbers
    counting something ("4,822 chunks") keep what they count."""
    out: list[Claim] = []
    by_number: dict[str, set[str]] = {}
    by_noun: dict[str, set[str]] = {}
    claimed = counts(text)
    for n, noun in _counted(ev) if claimed else ():
        by_number.setdefault(n, set()).add(noun)
        by_noun.setdefault(noun, set()).add(n)
    for n, noun in sorted(claimed):
        nouns, numbers = by_number.get(n, set()), by_noun.get(noun, set())
        if not nouns and numbers and n not in numbers and noun not in _LOOSE_NOUNS:
            said = ", ".join(f"{x} {noun}" for x in sorted(numbers))
            out.append(Claim("number", f"{n} {noun}", f"the record counts {said}"))
        elif nouns and noun not in nouns and numbers - {n}:
            said = ", ".join(f"{n} {x}" for x in sorted(nouns))
            out.append(Claim("number", f"{n} {noun}", f"the record counts {said}, not {noun}"))
    for label, n in sorted(number_pairs(text)):
        other = _OPPOSITE.get(label)
        recorded = _labelled(ev)
        if (label, n) not in recorded and other and (other, n) in recorded:
            out.append(
                Claim("number", f"{label} {n}", f"the record says {other} {n}, not {label} {n}")
            )
    return out


_DATE_WORDS = re.compile(
    r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|"
    r"April|June|July|August|September|October|November|December)\b"
)
_MONTHS = "January February March April May June July August September October November December"
_MONTH = {m.casefold(): i for i, m in enumerate(_MONTHS.split(), 1)}
_MONTH_NAME = r"(?P<month>" + "|".join(_MONTHS.split()) + r")"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(?P<year>\d{4}))?"
# "14 December 2026", "December 14, 2026", "2026-12-14" (a date, however it is written)
_DATES = (
    re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH_NAME}\b{_YEAR}"),
    re.compile(rf"\b{_MONTH_NAME}\s+{_DAY}\b(?!:){_YEAR}"),
    re.compile(r"\b(?P<year>\d{4})[-/](?P<month>\d{2})[-/](?P<day>\d{2})\b"),
)


def dates_in(text: str) -> set[tuple[int | None, int, int]]:
    """The calendar dates ``text`` names, as (year or None, month, day)."""
    out: set[tuple[int | None, int, int]] = set()
    for pattern in _DATES:
        for m in pattern.finditer(text):
            month = m.group("month")
            number = int(month) if month.isdigit() else _MONTH[month.casefold()]
            year = m.group("year")
            try:  # a real day of the calendar, not "2026-13-45" or "31 February"
                datetime.date(int(year) if year else 2000, number, int(m.group("day")))
            except ValueError:
                continue
            out.add((int(year) if year else None, number, int(m.group("day"))))
    return out


def _dates(ev: Evidence) -> frozenset[tuple[int | None, int, int]]:
    """The calendar dates the record names."""
    return ev.derive("dates", lambda: frozenset(d for t in ev.texts for d in dates_in(t)))


def _date_words(ev: Evidence) -> frozenset[str]:
    """The days and months the record names in words or as part of a date ("2026-12-14"
    names December and a Monday), casefolded."""

    def named() -> frozenset[str]:
        out = set(_days(ev))
        for year, month, day in _dates(ev):
            out.add(_MONTHS.split()[month - 1].casefold())
            if year is not None:
                out.add(datetime.date(year, month, day).strftime("%A").casefold())
        return frozenset(out)

    return ev.derive("date words", named)


def check_dates(text: str, ev: Evidence) -> list[Claim]:
    """A day or month the recap names must be in the record ("the deadline is Thursday"),
    and a date the recap gives must be one the record gives, in any format ("14 December
    2026" for "2026-12-14")."""
    out = [
        Claim("number", day, "the record never names this day or month")
        for day in dict.fromkeys(_DATE_WORDS.findall(text))
        if day.casefold() not in _date_words(ev)
    ]
    claimed = dates_in(text) if _DATE_WORDS.search(text) or "-" in text or "/" in text else ()
    for year, month, day in sorted(claimed, key=str):
        known = _dates(ev)
        if (year, month, day) in known or (None, month, day) in known:
            continue  # the year of "14 December" said without one is checked as a number
        if year is None and any(d[1:] == (month, day) for d in known):
            continue
        shown = f"{year or '?'}-{month:02d}-{day:02d}"
        out.append(Claim("number", shown, "the record never gives this date"))
    return out

