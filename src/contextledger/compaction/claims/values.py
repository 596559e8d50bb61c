"""Values written many ways, read as one: a date ("12/22/2026", "22.12.2026", "Dec 22,
2026", "the 22nd of December" are 2026-12-22), an amount ("$1,450" is "1,450 USD",
"48.300,50 €" is "48300.50 EUR") and a small count in words ("three" is 3). A recap that
restates the user's "Retries: at most 3." as "At most three retries." says the same; one
that gives 2026-12-12 for 2026-12-22 does not.

>>> canonical("Frist ist der 22.12.2026, max. 48.300,50 €; Dec 22; three retries")
'Frist ist der 2026-12-22, max. 48300.50 eur 48300.5_eur; 0000-12-22; 3 retries'
>>> sorted(dates_in("due 03/04/2027 or 12/22/2026"))  # the first reads two ways: no date
[(2026, 12, 22)]
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Mapping
from functools import lru_cache

from ...lexicon import claims as lexicon
from ...lexicon.common import SPACED_WORD_CHAR as _W

MONTH = {name: i for i, names in enumerate(lexicon.MONTH_NAMES, 1) for name in names}
# A month's name: the short forms only as words of their own ("Mar 3", not "Marco")
_MONTH_NAME = (
    r"(?P<month>"
    + "|".join(sorted((re.escape(n) for n in MONTH), key=len, reverse=True))
    + r")\.?(?![\w])"
)
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th|\.)?"
_YEAR = r"(?:,?\s+(?P<year>\d{4})\b)?"
# each way a date is written; (year, month, day) groups or the slashed "a/b/year"
_DATES = (
    # (a Chinese, Japanese or Korean letter may touch it: "期限は2027-08-14から")
    re.compile(
        rf"(?<!{_W}|[./-])(?P<year>\d{{4}})[-/](?P<month>\d{{1,2}})[-/](?P<day>\d{{1,2}})(?!{_W}|/)"
    ),
    re.compile(
        rf"(?<!{_W}|[./-])(?P<day>\d{{1,2}})\.(?P<month>\d{{1,2}})\.(?P<year>\d{{4}})(?![\w.]\d)"
    ),
    re.compile(rf"(?<!{_W}|[./-])(?P<a>\d{{1,2}})/(?P<b>\d{{1,2}})/(?P<year>\d{{4}})(?!{_W}|/)"),
    re.compile(rf"(?i)(?<![\w.])(?:the\s+)?{_DAY}\s+(?:of\s+)?{_MONTH_NAME}{_YEAR}"),
    re.compile(rf"(?i)(?<![\w.]){_MONTH_NAME}\s+(?:the\s+)?{_DAY}(?![\d:]){_YEAR}"),
)


def _readings(m: re.Match[str]) -> list[tuple[int | None, int, int]]:
    """The calendar date a match is ("12/22/2026", "22/12/2026"); none for a slashed
    date that reads both ways ("03/04/2027")."""
    found = m.groupdict()
    year = int(found["year"]) if found.get("year") else None
    if found.get("a"):
        a, b = int(found["a"]), int(found["b"])
        if a <= 12 and b <= 12 and a != b:
            return []  # "03/04/2027": March 4th or April 3rd — which, the record does not say
        candidates = [(year, a, b), (year, b, a)]
    else:
        month = found["month"]
        number = int(month) if month.isdigit() else MONTH[month.casefold().rstrip(".")]
        candidates = [(year, number, int(found["day"]))]
    out = []
    for y, month_number, day in candidates:
        try:  # a real day of the calendar, not "2026-13-45" or "31 February"
            datetime.date(y or 2000, month_number, day)
        except ValueError:
            continue
        out.append((y, month_number, day))
    return out


def dates_in(text: str) -> set[tuple[int | None, int, int]]:
    """The calendar dates ``text`` names, as (year or None, month, day)."""
    return set(_dates_in(text))


# every text of the record is read for dates at each recap's check: once per text
@lru_cache(maxsize=4096)
def _dates_in(text: str) -> frozenset[tuple[int | None, int, int]]:
    out: set[tuple[int | None, int, int]] = set()
    for pattern in _DATES:
        for m in pattern.finditer(text):
            out.update(_readings(m))
    return frozenset(out)


def _iso(m: re.Match[str]) -> str:
    readings = _readings(m)
    if not readings:
        return m.group(0)
    return " ".join(f"{y or 0:04d}-{mo:02d}-{d:02d}" for y, mo, d in readings)


_CURRENCY = lexicon.CURRENCY_SIGNS
_SIGN = "[" + re.escape("".join(_CURRENCY)) + "]"
_BEFORE = re.compile(rf"(?<![\w$])(US)?({_SIGN})\s?(\d[\d,.]*\d|\d)")
# ("1.450 $" as written in Galician, Spanish, French; not a shell's "5 $HOME")
_AFTER = re.compile(rf"(\d[\d,.]*\d|\d)\s?({_SIGN})(?![\w{{(])")
# a currency's word after the figure ("1 200 евро", "45,000 ರೂಪಾಯಿ", "300 dollars"): a
# short one (a code, "kr", "yen") whole, a longer one with an ending ("dólares", "euroa")
_WORD_CODE = {w.casefold(): code for code, ws in lexicon.CURRENCY_WORDS.items() for w in ws.split()}
# (a figure read from its first digit only: a later digit's start finds nothing the first
# would not, and the words' alternation was tried at every digit of a long log, ~1 us each)
_CURRENCY_WORD = re.compile(
    r"(?i)(\d(?<!\d\d)[\d,.]*\d|\d(?<!\d\d))\s?("
    + "|".join(
        re.escape(w) + (r"[^\W\d_]{0,3}" if len(w) > 3 else "")
        for w in sorted(_WORD_CODE, key=len, reverse=True)
    )
    + r")(?![^\W\d_])(?<!europ)"
)
# "1 450 €", "18 500 евро": thousands grouped by a space, read whole next to a currency
_SPACE_GROUPED = re.compile(r"(?<![\d,.])(\d{1,3}(?:[ \u00a0\u202f]\d{3})+)(?![\d,.]*\d)")


def _currency_word(m: re.Match[str]) -> str:
    word = m.group(2).casefold()
    code = next(
        c for w, c in _WORD_CODE.items() if word.startswith(w) and (len(w) > 3 or w == word)
    )
    return f"{m.group(1)} {code}"


def ascii_digits(text: str) -> str:
    """``text`` with every decimal digit of another script written as an ASCII one: "१२०",
    "೧೨೦" and "١٢٠" are 120 (a figure is the same figure in any script).

    >>> ascii_digits("बजेट ₹४५,००० आहे"), ascii_digits("x 12")
    ('बजेट ₹45,000 आहे', 'x 12')
    """
    if text.isascii():
        return text
    return "".join(
        str(unicodedata.decimal(c)) if c.isdecimal() and not c.isascii() else c for c in text
    )


def _grouped_currency(text: str) -> str:
    """``text`` with a space-grouped amount next to a currency written whole ("1 450 €" is
    "1450 €"): elsewhere "1 450" may be two numbers."""

    def whole(m: re.Match[str]) -> str:
        after, before = text[m.end() : m.end() + 12], text[max(0, m.start() - 4) : m.start()]
        near = _AFTER.match(m.group(1).replace(" ", "") + after[:2]) or _CURRENCY_WORD.match(
            "0 " + after.lstrip()
        )
        return (
            re.sub(r"\s", "", m.group(1))
            if near or re.search(rf"{_SIGN}\s?$", before)
            else m.group(1)
        )

    return _SPACE_GROUPED.sub(whole, text)


# "48.300,50" (German): the dots group thousands, the comma is the decimal point
_DOTTED = re.compile(r"(?<![\w.,])(\d{1,3}(?:\.\d{3})+)(?:,(\d+))?(?![\w.,]*\d)")
_NUMBER_WORDS_LIST = "two three four five six seven eight nine ten eleven twelve"
_NUMBER_WORD = re.compile(r"(?i)\b(" + "|".join(_NUMBER_WORDS_LIST.split()) + r")\b")
_NUMBER = {w: str(i) for i, w in enumerate(_NUMBER_WORDS_LIST.split(), 2)}
_ANY = re.compile(r"[\d$€£¥円]|(?i:\b(?:" + "|".join(n for n in MONTH if len(n) > 2) + r"))")


# "253,95 €", "12,5 %", "86,45 au lieu de 84,60": a comma before one or two digits is a
# decimal comma (a thousands comma has three after it; "1,2,3" is a list)
_DECIMAL_COMMA = re.compile(r"(?<![\w.,])(\d+),(\d{1,2})(?![\w,.]*\d)")


# "6 Go", "512 Mo": French (and Romanian) gigaoctets and megaoctets are GB and MB
_OCTETS = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?)\s?([GMKT]o)(?![\w%])")


def _dotted(m: re.Match[str]) -> str:
    whole = m.group(1).replace(".", "")
    if m.group(2) is None and m.group(1).count(".") != 2:
        return m.group(0)  # "12.750" (12.75 or 12,750?), "10.200.300.400" (an address)
    return f"{whole}.{m.group(2)}" if m.group(2) else whole


# "EUR 12,750": the code after the amount, as "12,750 EUR"
_CODES = "usd|eur|gbp|jpy|chf|inr|ngn|cny|zar|isk|sek|nok|dkk|cad|aud|uah|kzt|azn|krw|thb|vnd|ils"
_CODE_FIRST = re.compile(rf"(?i)\b({_CODES})\s?(\d[\d,.]*\d|\d)(?![\d,.]*\d)")
# An amount with its currency or unit, kept together as one more word: "1450_usd",
# "200_ms" (a figure alone would let "1,450 EUR" pass for "$1,450", "200 s" for "200 ms")
_MEASURED = re.compile(
    rf"(?i)(?<![\w.,])(\d[\d,.]*\d|\d)\s?({_CODES}|rubl|lira|bdt|mnt|ghs|kr|ms|s|sec|secs|min|mins|h|hrs?|"
    r"kb|mb|gb|tb|%)(?![\w%])"
)


def _joined(m: re.Match[str]) -> str:
    n = m.group(1).replace(",", "")
    n = n.rstrip("0").rstrip(".") if "." in n else n
    unit = {"%": "pct"}.get(m.group(2).casefold(), m.group(2).casefold())
    return f"{m.group(0)} {n}_{unit}"


@lru_cache(maxsize=1 << 14)  # every claim and record unit is tokenized through it, again and again
def canonical(text: str) -> str:
    """``text`` with each date, amount and small count written one way: dates as
    year-month-day (0000 for no year; an ambiguous "03/04/2027" as written),
    currency symbols as codes after the amount, German digit grouping and a decimal
    comma as English ("253,95 €" is "253.95 eur"), and
    "two" to "twelve" as digits."""
    text = ascii_digits(text)
    if _ANY.search(text) is not None:
        for pattern in _DATES:
            text = pattern.sub(_iso, text)
        text = _grouped_currency(text)
        text = _BEFORE.sub(lambda m: f"{m.group(3)} {_CURRENCY[m.group(2)]}", text)
        text = _AFTER.sub(lambda m: f"{m.group(1)} {_CURRENCY[m.group(2)]}", text)
        text = _CURRENCY_WORD.sub(_currency_word, text)
        text = _DOTTED.sub(_dotted, text)
        text = _DECIMAL_COMMA.sub(r"\1.\2", text)
        text = _OCTETS.sub(lambda m: f"{m.group(1)} {m.group(2)[0]}B", text)
        text = _CODE_FIRST.sub(lambda m: f"{m.group(2)} {m.group(1)}", text)
        text = _MEASURED.sub(_joined, text)
    return _NUMBER_WORD.sub(lambda m: _NUMBER[m.group(1).casefold()], text)


CURRENCIES = frozenset(
    set(_CURRENCY.values()) | set(lexicon.CURRENCY_WORDS) | set(_CODES.split("|"))
)
# A figure and what it counts in: "1450 usd", "200 ms", "0.1 %", "1.5k rows"
_WITH_UNIT = re.compile(r"(?i)(\d[\d.]*\d|\d)\s?(%|[a-zµ]{1,5}\b)?")
_UNITS = CURRENCIES | {
    "%",
    "ms",
    "s",
    "sec",
    "secs",
    "m",
    "min",
    "mins",
    "h",
    "hr",
    "hrs",
    "d",
    "kb",
    "mb",
    "gb",
    "tb",
    "kib",
    "mib",
    "gib",
    "k",
    "bn",
}


def figures(text: str) -> set[tuple[str, str]]:
    """(figure, unit or "") of ``text`` after :func:`canonical`, thousands unseparated and
    decimals without trailing zeros: "$1,450" gives ("1450", "usd"), "200 ms" ("200", "ms")."""
    out = set()
    for m in _WITH_UNIT.finditer(re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", canonical(text))):
        n = m.group(1)
        n = n.rstrip("0").rstrip(".") if "." in n else n
        unit = (m.group(2) or "").casefold()
        out.add((n, unit if unit in _UNITS else ""))
    return out


# a time of day however written: "12:00", "9.30 Uhr", "12 Uhr", "14h30", "14 h"
_CLOCK = re.compile(
    r"(?i)(?<![\w.:,])(?P<h>[01]?\d|2[0-3])(?:(?P<sep>[:.h])\s?(?P<m>[0-5]\d))?"
    r"(?(sep)(?:\s*(?:uhr|h)\b)?|\s*(?:uhr|h)\b)(?![\w:])"
)


def clock_times(text: str) -> frozenset[str]:
    """The times of day ``text`` gives, each as "HH:MM": "Donnerstag 12 Uhr" gives "12:00",
    as does "Thursday 12:00" (a figure alone, "12", gives none)."""
    return frozenset(
        f"{int(m.group('h')):02d}:{m.group('m') or '00'}"
        for m in _CLOCK.finditer(text)
        if m.group("sep") != "." or m.group(0).casefold().rstrip().endswith(("uhr", "h"))
    )


# a time of day said with a word for the hour: "12 Uhr", "9.30 Uhr", "14h30", "14 h"
_CLOCK_WORD = re.compile(
    r"(?i)(?<![\w.:,])([01]?\d|2[0-3])(?:[.:h]\s?([0-5]\d))?\s*(?:uhr|h)\b(?![\w:])|"
    r"(?<![\w.:,])([01]?\d|2[0-3])h([0-5]\d)(?![\w:])"
)


def clock_written(text: str) -> str:
    """``text`` with a time of day said with a word for the hour written as a clock shows
    it: "Donnerstag 12 Uhr" is "Donnerstag 12:00", "14h30" is "14:30"."""
    return _CLOCK_WORD.sub(
        lambda m: f"{m.group(1) or m.group(3)}:{m.group(2) or m.group(4) or '00'}", text
    )


# --------------------------------------------------------------------------- ranges

#: A range: two numbers joined by a dash or a tilde ("100–500", "1.5-3", "10 ~ 20"); not
#: a date's or a version's parts ("2026-10-20", "1.2-3.4.5" read no range)
_RANGE = re.compile(
    r"(?<![\w.,:/–—~-])(\d+(?:[.,]\d+)*)\s?[–—~-]\s?(\d+(?:[.,]\d+)*)(?![\w–—~-]|[.,:/]\d)"
)
_THOUSANDS = re.compile(r"\d{1,3}(?:[.,]\d{3})+")
_LETTERS = re.compile(r"[^\W\d_]{4,}")
#: the most words beside its range a sentence may have and still refer back to the range
#: said before it ("No, make it 200–300.", "Immo, fac 200–300."): more say what they set
_BARE_WORDS = 5

Range = tuple[float, float]


def amount(figure: str) -> float | None:
    """A figure as a number: "1,000" and "1.000" a thousand, "1,5" one and a half."""
    if _THOUSANDS.fullmatch(figure):  # (grouped in threes: thousands, by either mark)
        return float(re.sub(r"[.,]", "", figure))
    try:
        return float(figure.replace(",", "."))
    except ValueError:
        return None  # ("1.2.3": a version, no figure)


def ranges_in(text: str) -> tuple[Range, ...]:
    """The ranges ``text`` gives, low end first, in order.

    >>> ranges_in("Rate limit 100–500/min, then 1,000-2,000; released 2026-10-20")
    ((100.0, 500.0), (1000.0, 2000.0))
    """
    return tuple(r for _, r in range_spans(text))


def range_spans(text: str) -> list[tuple[re.Match[str], Range]]:
    """Each range of ``text`` with where it stands."""
    out: list[tuple[re.Match[str], Range]] = []
    for m in _RANGE.finditer(text):
        low, high = amount(m.group(1)), amount(m.group(2))
        if low is not None and high is not None and low < high:
            out.append((m, (low, high)))
    return out


# a range told in words, in any language: two figures with one or two short words between
# them ("300 to 500", "between 300 and 500", "300 i go 500", "300 agingga 500")
_WORDED_RANGE = re.compile(
    r"(?<![\w.,:/–—~-])(\d+(?:[.,]\d+)*)\s+(?:[^\W\d_]{1,8}\s+){1,2}(\d+(?:[.,]\d+)*)"
    r"(?![\w–—~-]|[.,:/]\d)"
)


def said_ranges(text: str) -> tuple[Range, ...]:
    """The ranges ``text`` gives, with a dash or in words, in order: what a user says and a
    recap retells of a range the user set, where a word between its ends is read as a range
    only because the record holds the same one (see :func:`replaced_ranges`).

    >>> said_ranges("Between 300 and 500 now, not 100–900; 8 to 3 is no range")
    ((300.0, 500.0), (100.0, 900.0))
    """
    spans = [(m.start(), r) for m, r in range_spans(text)]
    for m in _WORDED_RANGE.finditer(text):
        low, high = amount(m.group(1)), amount(m.group(2))
        if low is not None and high is not None and low < high:
            spans.append((m.start(), (low, high)))
    return tuple(r for _, r in sorted(spans))


def _stems(text: str) -> frozenset[str]:
    """The longer words of ``text``, by their first five letters (in any script)."""
    return frozenset(w.casefold()[:5] for w in _LETTERS.findall(text))


@lru_cache(maxsize=256)
def replaced_ranges(said: tuple[str, ...]) -> Mapping[Range, tuple[Range, str, str]]:
    """The ranges the user replaced, each to (the range that stands now, the sentence that
    gave the old one, the sentence that replaced it), from the user's sentences ``said``
    in order. A sentence giving one range replaces the nearest earlier range it overlaps
    (narrowed, widened or moved: "100–500" … "No, make it 200–300") when it speaks of the
    same thing (a word in common) or says little else, in any language, than the range;
    a range given again stands again.

    >>> replaced_ranges(("Keep the rate limit at 100–500 per minute.", "No, make it 200–300."))
    {(100.0, 500.0): ((200.0, 300.0), 'Keep the rate limit at 100–500 per minute.', 'No, make it 200–300.')}
    >>> replaced_ranges(("Ports 8000-8100 are free.", "Retries: 1-3."))
    {}
    """
    out: dict[Range, tuple[Range, str, str]] = {}
    given: list[tuple[Range, str]] = []
    for sentence in said:
        mine = said_ranges(sentence)
        earlier = [r for r in mine if r in {old for old, _ in given}]
        if len(mine) == 2 and len(earlier) == 1 and mine[0] != mine[1]:
            # "300–500 instead of 100–900", "300 to 500, not 100–900 as before": the range
            # given before is the one replaced, in whatever words the sentence says so
            old, new = earlier[0], next(r for r in mine if r != earlier[0])
            out[old] = (new, next(w for r, w in reversed(given) if r == old), sentence)
            out.pop(new, None)
            mine = (new,)
        elif len(mine) == 1:
            new = mine[0]
            words = _stems(sentence)
            bare = len(_RANGE.sub(" ", sentence).split()) <= _BARE_WORDS
            for old, where in reversed(given):
                if old[0] <= new[1] and new[0] <= old[1]:  # the nearest it overlaps
                    if old != new and (bare or words & _stems(where)):
                        out[old] = (new, where, sentence)
                    break
            out.pop(new, None)  # (given again: it stands)
        given += [(r, sentence) for r in mine]
    # each replaced range to the one that stands in the end ("100–500" → "200–400" → "200–300")
    for old, (new, where, by) in list(out.items()):
        seen = {old}
        while new in out and new not in seen:
            seen.add(new)
            new, by = out[new][0], out[new][2]
        out[old] = (new, where, by)
    return out


def shown_range(r: Range) -> str:
    """A range as a recap writes it: "200–300"."""
    return "–".join(f"{n:g}" for n in r)


def marked_ranges(item: str, said: tuple[str, ...]) -> str:
    """``item`` of a recap with each range the user replaced later (``said``: the user's
    turns, in order) marked so, unless the item gives the range that stands too.

    >>> marked_ranges("User: limit 100–500/min.", ("limit 100–500/min.", "No, 200–300."))
    'User: limit 100–500/min (replaced later by 200–300).'
    """
    given = ranges_in(item)
    replaced = replaced_ranges(said) if given else {}
    newer = [replaced[r][0] for r in given if r in replaced and replaced[r][0] not in given]
    if not newer:
        return item
    # (inside its sentence, before its stop: a note after it reads as a sentence of its own)
    body = item.rstrip()
    stop = len(body) - len(body.rstrip(".!?。"))
    note = f" (replaced later by {', '.join(shown_range(r) for r in newer)})"
    return body[: len(body) - stop] + note + body[len(body) - stop :]
