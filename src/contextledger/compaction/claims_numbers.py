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

from .claims_evidence import Act, Claim, Evidence
from .claims_reading import GENERIC_DOING
from .trace import FILLER, claim_terms, stem

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
    """The calendar dates the record names, in its texts and in the commands it ran
    (``--since 2026-11-18`` is given by the call that ran it)."""
    return ev.derive(
        "dates", lambda: frozenset(d for t in (*ev.texts, *ev.executed) for d in dates_in(t))
    )


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
    claimed = dates_in(text) if any(c.isdigit() for c in text) else ()
    for year, month, day in sorted(claimed, key=str):
        known = _dates(ev)
        if (year, month, day) in known or (None, month, day) in known:
            continue  # the year of "14 December" said without one is checked as a number
        if year is None and any(d[1:] == (month, day) for d in known):
            continue
        shown = f"{year or '?'}-{month:02d}-{day:02d}"
        out.append(Claim("number", shown, "the record never gives this date"))
    return out


_TIMES = re.compile(
    r"(?i)\b(?:failed|errored|crashed|timed\s+out|was\s+declined|got\s+declined)\s+"
    r"(?:(?P<word>once|twice|thrice)|(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
    r"\s+times)\b"
)
_NUMBER_WORDS_LIST = "zero one two three four five six seven eight nine ten"
_NUMBER_WORDS = _NUMBER_WORDS_LIST.split()
_ONCE = {"once": 1, "twice": 2, "thrice": 3}


def check_times(text: str, ev: Evidence) -> list[Claim]:
    """How often something failed ("the refund failed three times"): as many failing
    tool results of what it names as the claim says, unless the record says so itself
    ("Task 3 in stage 7.0 failed 4 times")."""
    m = _TIMES.search(text)
    if m is None or any(" ".join(m.group(0).split()).casefold() in t.casefold() for t in ev.texts):
        return []
    said = m.group("word") or m.group("n")
    claimed = _ONCE.get(said.casefold()) or (
        int(said) if said.isdigit() else _NUMBER_WORDS.index(said.casefold())
    )
    subject = re.sub(r"`([^`]*)`", r" \1 ", text[: m.start()])
    terms = claim_terms(subject) - GENERIC_DOING - {"first", "last", "second"}
    if not terms:
        return []
    failed = [r for r in ev.results if r.failed and terms <= (r.named_terms | r.text_terms)]
    if failed and len(failed) != claimed:
        times = "once" if len(failed) == 1 else f"{len(failed)} times"
        return [Claim("failed", text, f"the record shows it failing {times}")]
    return []


_TALLY = re.compile(r"\b([A-Z][A-Z_]+)=(\d+)\b")


def check_tallies(text: str, ev: Evidence) -> list[Claim]:
    """A run's tallies given together ("ended PASS=2 ERROR=1") are one run's: some output
    prints them all (not PASS from one run and ERROR from another)."""
    tallies = list(dict.fromkeys(m.group(0) for m in _TALLY.finditer(text)))
    if len(tallies) < 2 or any(all(t in out for t in tallies) for out in ev.texts):
        return []
    return [Claim("number", " ".join(tallies), "no output prints these counts together")]


_FAILED_TALLY = re.compile(
    r"(?i)\b(\d+)\s+(?:tests?\s+|specs?\s+|checks?\s+)?(?:failed|failures?|failing)\b"
)


def check_failed_tally(text: str, ev: Evidence) -> list[Claim]:
    """How many failed ("2 tests failed in tests/test_orders.py"): a run of what the
    claim names printed that many failed, when its runs print a tally ("1 failed, 41
    passed")."""
    m = _FAILED_TALLY.search(text)
    if m is None:
        return []
    terms = claim_terms(re.sub(r"`([^`]*)`", r" \1 ", _FAILED_TALLY.sub(" ", text)))
    terms -= GENERIC_DOING | {"test", "spec", "check"}
    printed: set[str] = set()
    for r in ev.results:
        if r.failed and terms <= (r.named_terms | r.text_terms):
            printed |= {t.group(1) for t in _FAILED_TALLY.finditer(r.text)}
    if printed and m.group(1) not in printed:
        said = " or ".join(sorted(printed))
        return [Claim("failed", text, f"the runs it names printed {said} failed")]
    return []


# A figure a claim gives: an amount, a count, a duration ("51m40s"), a version ("2.1.4");
# not the digits inside an identifier (ORD-7Q4K2-2291, TIMEOUT_91) or a date.
_FIGURE = re.compile(
    r"(?<![\w.-])[$€£]?(\d+[hms]\d+[ms]?\d*s?|\d+(?:\.\d+){2,}|\d{1,3}(?:,\d{3})+(?:\.\d+)?|"
    r"\d+(?:\.\d+)?)(?![\w-]|\.\d)"
)


def figures(text: str) -> frozenset[str]:
    """The figures of ``text`` above 9, written one way: "€1,204.50" is "1204.5"."""
    out = set()
    for pattern in _DATES:  # "14 December 2026" is a date, not the figures 14 and 2026
        text = pattern.sub(" ", text)
    for m in _FIGURE.finditer(text):
        f = m.group(1).replace(",", "")
        if re.fullmatch(r"\d+\.\d+", f):
            f = f.rstrip("0").rstrip(".")
        if not (f.isdigit() and int(f) < 10):
            out.add(f)
    return frozenset(out)


def _pieces(ev: Evidence) -> tuple[frozenset[str], ...]:
    """The figures of each piece of the record: a turn, a tool output, a call with what
    it answered."""
    return ev.derive(
        "figures",
        lambda: tuple(
            found
            for t in (*ev.texts, *(a.words for a in ev.done if isinstance(a, Act)))
            if len(found := figures(t)) > 1
        ),
    )


def check_together(text: str, ev: Evidence) -> list[Claim]:
    """Figures a clause gives together come from one piece of the record: "the 256 run
    cost $14.20" needs a run of 256 that cost 14.20, not a 256 run and another run's cost."""
    mine = figures(text)
    if len(mine) < 2 or any(mine <= piece for piece in _pieces(ev)):
        return []
    return [
        Claim("number", text, f"no one turn or output gives {', '.join(sorted(mine))} together")
    ]


def _parts(terms: frozenset[str]) -> frozenset[str]:
    """Terms with the words inside identifiers: unique_orders_daily_refund_id holds refund."""
    return terms | {p for t in terms for p in re.split(r"[_./-]+", t) if len(p) > 2}


def _result_terms(ev: Evidence) -> tuple[frozenset[str], ...]:
    return ev.derive(
        "result parts", lambda: tuple(_parts(r.named_terms | r.text_terms) for r in ev.results)
    )


def check_bound_figure(text: str, ev: Evidence) -> list[Claim]:
    """A count a clause gives is the one the output it is about gives: "the unique test
    found 73 duplicate refund_id rows" where the failing test's output says 37 and 73
    occurs only in unrelated text (a file's code) is a number moved, not a number said."""
    claimed = {n for n, _ in counts(text) if n.isdigit() and int(n) >= 10} & figures(text)
    if not claimed or not ev.results:
        return []
    mine = _parts(claim_terms(text)) - GENERIC_DOING - claimed  # the figure itself is no topic
    if len(mine) < 3:
        return []
    shared = [len(mine & terms) for terms in _result_terms(ev)]
    best = max(shared)
    if best < 3:
        return []
    out = []
    for n in sorted(claimed):
        holders = [i for i, r in enumerate(ev.results) if n in r.text and n in figures(r.text)]
        if any(shared[i] >= best - 1 for i in holders) or any(
            n in figures(t) for t in ev.user_turns
        ):
            continue
        nearest = next(r for i, r in enumerate(ev.results) if shared[i] == best)
        said = ", ".join(sorted(figures(nearest.text))[:4]) or "no count"
        out.append(
            Claim("number", text, f"the output it is about gives {said}, not {n} (said elsewhere)")
        )
    return out
