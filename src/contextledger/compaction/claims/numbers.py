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
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from ...lexicon import claims as lexicon
from ..trace import FILLER, claim_terms, cover, stem, unit_terms
from .evidence import Claim, Evidence
from .reading import GENERIC_DOING
from .values import CURRENCIES, amount, canonical, dates_in, figures, ranges_in

# Numbers bound to a label the recap may swap: "expected 302, got 500".
LABEL = re.compile(
    r"(?i)(\b(?:expected|expect|got|want|wanted|actual|received|returned|returns|from|to|left|"
    r"right)\b|"
    # ("Q2 环比期望 0.152，实际 0.125", "期待値 3、実際 5": the labels written onto their words)
    r"期望值?|预期值?|期待値|实际值?|実際値|実際)"
    r"[\s:=,<>≤≥：，]*(?:a\s+|an\s+|of\s+|status\s+|code\s+|为|為|は)?"
    r"(-?\d+(?:\.\d+)?\b|\"[^\"\n]{1,80}\"|'[^'\n]{1,80}')"
)
_LABEL_FOLD = {
    "expect": "expected",
    "wanted": "expected",
    "want": "expected",
    "actual": "got",
    "received": "got",
    "returned": "got",
    "returns": "got",
    **dict.fromkeys(["期望", "期望值", "预期", "预期值", "期待値"], "expected"),
    **dict.fromkeys(["实际", "实际值", "実際", "実際値"], "got"),
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
# (a sentence's full stop may end it: "failed with assert 2000 == 1999.")
_COMPARED = re.compile(r"(?<![\w.])(-?\d+(?:\.\d+)?)\s*[!=]=\s*(-?\d+(?:\.\d+)?)(?!\w|\.\d)")


# (not a number inside an identifier: "PED-88412 foi", "#4411 merged", "v2/12 files"; nor
# a range's high end: "200–300 requests" counts no 300 requests)
_COUNT = re.compile(r"(?<![\w.,:#/–—~-])(\d+(?:,\d{3})*(?:\.\d+)?)\s+([A-Za-z][a-z]{2,})\b")


# Nouns counted many ways in one session ("3 tests" of a file, "40 tests" of the suite).
_LOOSE_NOUN_WORDS = "test item file line second minute hour time step attempt run error warning"
_LOOSE_NOUNS = frozenset(stem(w) for w in _LOOSE_NOUN_WORDS.split())


# Nouns a tool counts anything by ("Got 17 results"): a recap may name what they are
# ("17 rows with a null user_id")
_ANY_THING = frozenset(
    stem(w) for w in ["result", "record", "item", "entry", "match", "hit", "object"]
)


def counts(text: str) -> set[tuple[str, str]]:
    """(number, noun) pairs of ``text``: "48,210,344 rows in 4,822 chunks" gives
    ``{("48210344", "row"), ("4822", "chunk")}``."""
    found = ((m.group(1).replace(",", ""), stem(m.group(2))) for m in _COUNT.finditer(text))
    return {(n, noun) for n, noun in found if noun not in FILLER and len(noun) > 2}


def _labelled(ev: Evidence) -> frozenset[tuple[str, str]]:
    """The record's numbers with their labels: ("expected", "302") of "expected 302"."""
    return ev.derive("numbers", lambda: frozenset().union(*(_read(t)[0] for t in ev.texts)))


def _counted(ev: Evidence) -> frozenset[tuple[str, str]]:
    """What the record counts: ("48210344", "row") of "48,210,344 rows"."""
    return ev.derive("counted", lambda: frozenset().union(*(_read(t)[1] for t in ev.texts)))


def _days(ev: Evidence) -> frozenset[str]:
    """The days and months the record names, casefolded."""
    return ev.derive("days", lambda: frozenset().union(*(_read(t)[2] for t in ev.texts)))


@lru_cache(maxsize=1 << 14)  # the record grows by a few texts a turn: each is read once
def _read(
    text: str,
) -> tuple[frozenset[tuple[str, str]], frozenset[tuple[str, str]], frozenset[str]]:
    """One text of the record as the number checks read it: its labelled numbers, its
    counts, its days and months (casefolded)."""
    days = {d.casefold() for d in _DATE_WORDS.findall(text)}
    # ("o total de março", "rimandiamo a lunedì": March and Monday, named in the user's language)
    days |= {
        lexicon.DATE_WORDS_ABROAD[w]
        for w in _FOLDED_WORD.findall(text.casefold())
        if w in lexicon.DATE_WORDS_ABROAD
    }
    # ("thứ Sáu", "화요일에", "星期二": Friday and Tuesday, in more than one word or unspaced)
    days |= {english for pattern, english in lexicon.DATE_PHRASES_ABROAD if pattern.search(text)}
    counted = counts(_ASKED.sub(" ", text))  # ("Is it 800 rows?" counts no 800 rows)
    # ("3.254 euro" in Italian is the recap's "3,254 euros": thousands, grouped by dots)
    counted |= {(n.replace(".", ""), noun) for n, noun in counted if _DOTTED_THOUSANDS.fullmatch(n)}
    return frozenset(number_pairs(text)), frozenset(counted), frozenset(days)


_DOTTED_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3})+")
# a question, from a sentence's start to its question mark: what it names is asked, not counted
_ASKED = re.compile(r"(?:^|(?<=[.!?\n]))[^.!?\n]*\?")


def _labels(n: str, text: str, ev: Evidence) -> bool:
    """Whether the word before ``n`` in ``text`` names it, as the record names it
    ("revision 41" for the record's ``--to-revision=41``): a label, not a count."""
    before = re.search(rf"([^\W\d_]{{3,}})\W{{0,3}}{re.escape(n)}\s", text)
    if before is None or before.group(1).casefold() in FILLER:
        return False
    named = re.compile(rf"(?i){re.escape(before.group(1))}\W{{0,3}}{re.escape(n)}(?!\d)")
    return any(named.search(t) for t in ev.texts)


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
        if _labels(n, text, ev) or computed(n, text):
            continue  # "the rollback to revision 41 succeeded": revision 41, not 41 successes
        nouns, numbers = by_number.get(n, set()), by_noun.get(noun, set())
        if (
            not nouns
            and numbers
            and n not in numbers
            and noun not in _LOOSE_NOUNS
            and not _correction_counted(n, noun, text, ev)
        ):
            said = ", ".join(f"{x} {noun}" for x in sorted(numbers))
            out.append(Claim("number", f"{n} {noun}", f"the record counts {said}"))
        elif (
            nouns
            and noun not in nouns
            and numbers - {n}
            and not nouns & _ANY_THING
            and not _correction_counted(n, noun, text, ev)
        ):
            said = ", ".join(f"{n} {x}" for x in sorted(nouns))
            out.append(Claim("number", f"{n} {noun}", f"the record counts {said}, not {noun}"))
    for label, n in sorted(number_pairs(text)):
        other = _OPPOSITE.get(label)
        recorded = _labelled(ev)
        if (label, n) not in recorded and other and (other, n) in recorded:
            out.append(
                Claim("number", f"{label} {n}", f"the record says {other} {n}, not {label} {n}")
            )
    return out + check_paired(text, ev)


def _correction_counted(n: str, noun: str, text: str, ev: Evidence) -> bool:
    """Whether ``text`` counts ``n`` by ``noun`` as the value a correction brings in,
    setting aside one the record counts by that noun, and a turn of the record names both
    ("21 days, not 14" for "Ernetzea 21 egunetan …, ez 14." after "14 days"): the record's
    word for ``n`` is the user's word for that noun, in their language."""
    for m in _SET_ASIDE.finditer(text):
        if m.group(1).replace(",", "") != n or (m.group(2), noun) not in _counted(ev):
            continue
        both = [re.compile(rf"(?<![\d.,]){re.escape(x)}(?![\d]|[.,]\d)") for x in (n, m.group(2))]
        if any(all(p.search(t) for p in both) for t in ev.texts):
            return True
    return False


# "21 days, not 14", "21 days (not 14)", "21 days rather than 14": the value set aside
_SET_ASIDE = re.compile(
    r"(?<![\w.,])(\d+(?:,\d{3})*(?:\.\d+)?)\s+[A-Za-z]+[,;]?\s*\(?\s*"
    r"(?:not|rather\s+than|instead\s+of)\s+(\d+(?:\.\d+)?)(?!\w|\.\d)"
)


def check_paired(text: str, ev: Evidence) -> list[Claim]:
    """Numbers bound to labels keep the values the record's line gives them together:
    "expected 3 attempts and got 1" where the run printed "expected 3 attempts, got 2"."""
    pairs = number_pairs(text)
    out = []
    for label, n in sorted(pairs) if len(pairs) > 1 else ():
        if (label, n) in _labelled(ev):
            continue
        said = _paired_otherwise(label, pairs - {(label, n)}, ev)
        if said:
            why = f"the record says {label} {said} beside the rest"
            out.append(Claim("number", f"{label} {n}", why))
    return out


def _paired_otherwise(label: str, others: set[tuple[str, str]], ev: Evidence) -> str | None:
    """The value a line of the record gives ``label`` beside every one of ``others``
    (the claim's other labelled numbers), or None when no line gives them together."""
    lines = ev.derive(
        "labelled lines",
        lambda: [
            found
            for t in ev.texts
            for line in t.splitlines()
            if len(found := number_pairs(line)) > 1
        ],
    )
    for found in lines:
        if others <= found:
            mine = sorted(n for lab, n in found if lab == label)
            if mine:
                return mine[0]
    return None


def check_percents(text: str, ev: Evidence) -> list[Claim]:
    """A percentage the recap gives must be one the record gives as a percentage ("12%",
    "12 percent", a call's ``"percent": 12``): a 15 that is only a date's day ("2026-09-15")
    or a count is no 15 % (R37-V2: "after the 15% discount" where it was 12%)."""
    out = []
    texts = [canonical(t) for t in ev.texts]  # ("12,5 %" is 12.5 %)
    for n in dict.fromkeys(m.group(1) for m in _PERCENT.finditer(canonical(text))):
        if computed(n, text):
            continue  # "1 of the 13 tests failed (about 8%)": the share of its own figures
        number = re.escape(n)
        said = re.compile(
            rf"(?i)(?<![\d.,]){number}\s?(?:%|percent|per\s+cent|por\s+ciento|pour\s+cent|prozent|"
            rf"por\s+cento|per\s+cento)|(?:percent|pct|porcentaje|prozent|pourcentage)\W{{0,5}}"
            rf"{number}(?![\d.])"
        )
        # (or as a fraction of one: "91.02%" for a log's "top1 0.9102")
        fraction = re.compile(rf"(?<![\d.]){re.escape(_fraction(n))}0*(?![\d])")
        if not any(said.search(t) or fraction.search(t) for t in texts):
            out.append(Claim("number", f"{n}%", "the record never gives this percentage"))
    return out


def computed(number: str, text: str) -> bool:
    """Whether ``number`` is arithmetic a reader redoes over two other figures of ``text``:
    the share "3 of 4" makes ("75% of its tests (3 of 4)", rounded as written), or a total
    or difference a word asks for ("$40 less", "34 are not affected" of "4 of 38"). The two
    figures are each held to the record; a changed share or sum is still caught (R39-V7)."""
    try:
        value = Decimal(number.replace(",", "."))
    except InvalidOperation:
        return False
    plain = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", canonical(text))
    exponent = value.as_tuple().exponent
    slack = Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0)
    for part, whole in _SHARE.findall(plain):
        if Decimal(whole) and abs(Decimal(part) / Decimal(whole) * 100 - value) < slack:
            return True
    if not _ARITHMETIC.search(text):
        return False
    others = [Decimal(m) for m in _FIGURE.findall(plain)]
    if value in others:
        others.remove(value)  # the figure itself is no operand
    pairs = ((a, b) for i, a in enumerate(others) for j, b in enumerate(others) if i != j)
    return any(a + b == value or a - b == value for a, b in pairs)


def share_whole(number: str, text: str) -> bool:
    """Whether ``number`` is the whole of a share ``text`` gives ("3 of 4", "3/4")."""
    plain = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", canonical(text))
    return any(whole == number for _, whole in _SHARE.findall(plain))


# "3 of 4", "1 of the 13 tests", "2 out of 50", "3/4 passed"
_SHARE = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*(?:of|out\s+of|/)\s*(?:the\s+|its\s+|all\s+)?(\d+(?:\.\d+)?)(?![\d.]\d)"
)
_FIGURE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\d])")
# words that ask for a total or a difference of the figures beside them
_ARITHMETIC = re.compile(
    r"(?i)\b(?:total|in\s+all|altogether|combined|sum|less|fewer|more\s+than|difference|"
    r"off\s+by|remaining|the\s+rest|not\s+affected|unaffected|saved|short\s+by|gap)\b"
)


def _fraction(percent: str) -> str:
    """A percentage as the fraction a program prints: "91.02" is "0.9102"."""
    value = Decimal(percent.replace(",", ".")) / 100
    return format(value.normalize(), "f")


_PERCENT = re.compile(r"(?<![\d.,])(\d+(?:[.,]\d+)?)\s?(?:%|percent\b)")
_DATE_WORDS = re.compile(
    r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|"
    r"April|June|July|August|September|October|November|December)\b"
)
# a date word of another language that is as often no date ("mars", Dutch "mei")
_NOT_ONLY_A_DATE = frozenset(
    {"mars", "mei", "mayo", "mai", "maj", "maja", "marca", "mart", "joi", "cuma", "ocak", "kasım"}
)
_FOLDED_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)?")
_MONTHS = "January February March April May June July August September October November December"


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
    # ("Die Deadline ist Freitag": a day in the recap's own language, Friday)
    abroad = (w for w in _FOLDED_WORD.findall(text) if w.casefold() not in _NOT_ONLY_A_DATE)
    out += [
        Claim("number", word, "the record never names this day or month")
        for word in dict.fromkeys(abroad)
        if lexicon.DATE_WORDS_ABROAD.get(word.casefold(), "") not in {"", *_date_words(ev)}
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


# "restarted 43 times", "retried 3 times": how often something happened, by its verb
_VERB_TIMES = re.compile(r"(?i)\b([a-z]{3,}ed)\s+(\d+)\s+times\b")


def check_verb_times(text: str, ev: Evidence) -> list[Claim]:
    """How often something happened, by its verb ("the pods restarted 43 times"), where
    the record counts that very thing with other numbers only ("34 restarts", "restarted
    34 times"), never this one: the number of another event, or of nothing. (Failing is
    counted by its runs, see :func:`check_times`.)"""
    out: list[Claim] = []
    for m in _VERB_TIMES.finditer(text):
        verb, n = m.group(1).casefold(), m.group(2)
        if _TIMES.match(m.group(0)) or verb in FILLER:
            continue
        counted = _counted_by(stem(verb), ev)
        if counted and n not in counted:
            said = ", ".join(sorted(counted, key=int))
            out.append(Claim("number", m.group(0), f"the record counts {verb[:-2]}s as {said}"))
    return out


def _counted_by(root: str, ev: Evidence) -> frozenset[str]:
    """The numbers the record gives as counts of what a verb of ``root`` names: "34
    restarts", "restarted 34 times" (read once per record and verb)."""
    word = rf"{re.escape(root)}[a-z]*"
    pattern = re.compile(rf"(?i)(?<![\w.,:/#-])(\d+)\s+{word}\b|\b{word}\s+(\d+)\s+times\b")

    def read() -> frozenset[str]:
        return frozenset(
            x.group(1) or x.group(2)
            for t in ev.texts
            if root in t.casefold()
            for x in pattern.finditer(t)
        )

    return ev.derive(f"counted by {root}", read)


_TALLY = re.compile(r"\b([A-Z][A-Z_]+)=(\d+)\b")


def check_tallies(text: str, ev: Evidence) -> list[Claim]:
    """A run's tallies given together ("ended PASS=2 ERROR=1") are one run's: some output
    prints them all (not PASS from one run and ERROR from another)."""
    tallies = list(dict.fromkeys(m.group(0) for m in _TALLY.finditer(text)))
    if len(tallies) < 2 or any(all(t in out for t in tallies) for out in ev.texts):
        return []
    return [Claim("number", " ".join(tallies), "no output prints these counts together")]


# Units of time and of size, in their words and symbols, in the languages the lexicon reads:
# (the dimension, the unit). A number keeps its unit: "900 seconds" is not "900 minutes".
_UNIT_TABLE = {
    ("time", "ms"): "ms msec msecs millisecond milliseconds millisekunden milisegundos "
    "millisecondes milisekund milliseconden ミリ秒 毫秒",
    (
        "time",
        "s",
    ): "секунд секунды секунда секунду секунди שניות שנייה ثانية ثوان ثواني सेकंड วินาที s sec secs second seconds sekunde sekunden segundo segundos seconde "
    "secondes secondi sekund sekundy sekunda seconden saniye saniyede detik giây 초 秒 segons "
    "segon secunde secundă sekunti sekuntia sekunnin δευτερόλεπτα δευτερόλεπτο másodperc "
    "másodpercig sekúnd վայրկյան",
    (
        "time",
        "min",
    ): "минут минуты минута минуту хвилин хвилину хвилини דקות דקה دقيقة دقائق मिनट นาที min mins minute minutes minuten minuto minutos minuti minut minuty "
    "minutę dakika menit phút 분 分 分钟 分間 minuts minuutti minuuttia minuutin λεπτά λεπτό "
    "perc percig percet minit minút minúty րոպե",
    (
        "time",
        "h",
    ): "часов часа час годин години годину שעות שעה ساعة ساعات घंटे घंटा ชั่วโมง h hr hrs hour hours stunde stunden hora horas heure heures ore ora "
    "godzina godziny godzin uur saat jam giờ 시간 小时 時間 hores tuntia tunti tunnin ώρες ώρεσ "
    "timer óra órát órán hodín hodiny",
    # (not Dutch "dag" nor German "Tag": an Airflow DAG, a git tag)
    ("time", "d"): "day days tage tagen día días dia dias jour jours giorno giorni "
    "dzień dni dagen gün hari ngày 일 天 日 dies zile päivää päivä päivän ημέρες ημέρεσ μέρες "
    "μέρεσ dage døgn napig nap napot dní",
    ("time", "w"): "week weeks woche wochen semana semanas semaine semaines settimana "
    "settimane tydzień tygodnie week weken hafta minggu tuần 주 周 週間 setmanes setmana "
    "săptămâni săptămână viikkoa viikko εβδομάδες εβδομάδεσ uger uge hétig hetet týždňov "
    "týždne týždeň",
    ("time", "mo"): lexicon.MONTH_UNITS,
    ("time", "y"): lexicon.YEAR_UNITS,
    ("size", "b"): "b byte bytes",
    ("size", "kb"): "kb kib kilobyte kilobytes",
    ("size", "mb"): "mb mib megabyte megabytes",
    ("size", "gb"): "gb gib gigabyte gigabytes go gigaoctet gigaoctets",  # (French "6 Go")
    ("size", "tb"): "tb tib terabyte terabytes",
}
_UNIT_OF = {w: du for du, words in _UNIT_TABLE.items() for w in words.split()}
# Stems of units inflected by case ("po 30 minutach", "vor 5 Stunden", "2 godzinach")
_UNIT_STEMS = {
    "minut": ("time", "min"),
    "sekund": ("time", "s"),
    "godzin": ("time", "h"),
    "stund": ("time", "h"),
    "tygod": ("time", "w"),
}
_CJK_UNITS = sorted((w for w in _UNIT_OF if not w.isascii()), key=len, reverse=True)
_MEASURE = re.compile(
    r"(?<![\w.,:/#-])(\d+(?:[.,]\d+)?)\s?(?:("
    + "|".join(re.escape(u) for u in _CJK_UNITS)
    + r")|([^\W\d_]+))"
)


def measures(text: str) -> set[tuple[str, str, str]]:
    """(number, dimension, unit) of each number ``text`` gives in a unit of time or size:
    "900 seconds" and "900 s" give ("900", "time", "s"); a number followed by another
    word gives (number, "", that word).

    >>> sorted(measures("TTL 900 seconds, pool 64 MB, 3 retries, 30分"))
    [('3', '', 'retries'), ('30', 'time', 'min'), ('64', 'size', 'mb'), ('900', 'time', 's')]
    """
    out = set()
    for m in _MEASURE.finditer(text):
        word = (m.group(2) or m.group(3)).casefold()
        stem_of = next((s for s in _UNIT_STEMS if word.startswith(s)), None)
        dim, unit = _UNIT_OF.get(word) or _UNIT_STEMS.get(stem_of or "") or ("", word)
        out.add((m.group(1).replace(",", "."), dim, unit))
    return out


# a unit's sound as its consonants: "sekone", "sekundi" and "second" are all "skn"
_SOUNDS = (("ph", "f"), ("c", "k"), ("q", "k"))
_NOT_CONSONANT = re.compile(r"[aeiouyhw\W\d_]+")
_LOAN_CONSONANTS = 3


def _consonants(word: str) -> str:
    word = word.casefold()
    for spelled, sound in _SOUNDS:
        word = word.replace(spelled, sound)
    return _NOT_CONSONANT.sub("", word)[:_LOAN_CONSONANTS]


def loaned_unit(word: str, dim: str, unit: str) -> bool:
    """Whether ``word``, a unit no table here holds ("45 sekone"), is a loan of the unit
    ``unit`` of ``dim``: it opens with the same three consonants as one of that unit's
    words ("second"). A word of fewer consonants tells nothing ("7 anys" is no "days")."""
    sound = _consonants(word)
    words = str(_UNIT_TABLE.get((dim, unit), "")).split()
    return len(sound) == _LOAN_CONSONANTS and any(_consonants(w) == sound for w in words)


def _measured(ev: Evidence) -> frozenset[tuple[str, str, str]]:
    """The numbers of the record with their units (see :func:`measures`)."""
    return ev.derive("measures", lambda: frozenset().union(*(_measures(t) for t in ev.texts)))


@lru_cache(maxsize=1 << 14)  # each text of the record is read once, not at every recap
def _measures(text: str) -> frozenset[tuple[str, str, str]]:
    return frozenset(measures(text))


def check_units(text: str, ev: Evidence) -> list[Claim]:
    """A number the record gives in one unit, claimed in another: "900 minutes" where the
    record says "900 seconds" (and never 900 minutes), "64 GB" for "64 MB", "64
    connections" for "64 MB" (a count of something for an amount of memory or time)."""
    if not any(c.isdigit() for c in text):
        return []
    claimed = measures(text)
    out: list[Claim] = _currency_changed(text, ev)
    record = _measured(ev) if claimed else frozenset()
    for n, dim, unit in sorted(claimed):
        if (n, dim, unit) in record:
            continue
        said = sorted({(d, u) for m, d, u in record if m == n})
        if not said:
            continue  # a number the record gives bare, or not at all: checked as a fact
        if dim:
            other = [u for d, u in said if d == dim]
            if other and len(other) == len([d for d, _ in said if d]):
                out.append(Claim("number", f"{n} {unit}", f"the record gives {n} {other[0]}"))
        elif unit.endswith("s") and len(unit) > 3 and all(d == "size" for d, _ in said):
            # "64 connections" where the record's 64 is always an amount of memory: "64 MB"
            out.append(Claim("number", f"{n} {unit}", f"the record gives {n} {said[0][1]}"))
    return out


def _currency_changed(text: str, ev: Evidence) -> list[Claim]:
    """An amount the record gives in one currency, claimed in another, in any script: "$1,200"
    or "1 200 долара" where the record says "1200 €" and never 1,200 dollars (review48: 7/12
    stood, the non-Latin ones; under "Numbers that matter" all did)."""
    claimed = sorted((n, u) for n, u in figures(text) if u in CURRENCIES)
    if not claimed:
        return []
    record = ev.derive("amounts", lambda: frozenset().union(*(_amounts(t) for t in ev.texts)))
    out = []
    for n, unit in claimed:
        said = sorted({u for m, u in record if m == n})
        if said and unit not in said:
            out.append(Claim("number", f"{n} {unit}", f"the record gives {n} {said[0]}"))
    return out


@lru_cache(maxsize=1 << 14)  # each text of the record is read once, not at every recap
def _amounts(text: str) -> frozenset[tuple[str, str]]:
    """The amounts ``text`` gives with their currency (see :func:`.values.figures`)."""
    if not any(c.isdigit() for c in text):
        return frozenset()
    return frozenset((n, u) for n, u in figures(text) if u in CURRENCIES)


# --------------------------------------------------------------------------- a number's qualities
#
# A rule restated keeps what its number is: a rate's unit ("per second"), a clock's zone
# ("06:00 UTC") and a bound's direction ("at most 3"), in whatever language either side
# says it. A claim giving the record's number with another of these, which the record
# never gives it, is a lie made of the record's own number (issue #14 item 4).

_CLAUSE_END = re.compile(r"(?<!\d)[.;!?。；！？](?!\d)|\n")
_NUMBER = re.compile(r"(?<![\w.,:/#-])(\d+(?:[.,]\d+)?)(?![\d:])")
_CLOCK = re.compile(r"(?<![\d:])(\d{1,2}:\d{2})(?![\d:])")
_RATE_UNITS = {
    **{w: u for w, (d, u) in _UNIT_OF.items() if d == "time"},
    **lexicon.RATE_INFLECTED,
    "minuut": "min",
    "secondo": "s",
}
_RATE_AFTER = re.compile(
    rf"(?<![^\W\d_])(?:{lexicon.RATE_PER})\s*(?:ال)?("
    + "|".join(re.escape(u) for u in sorted(_RATE_UNITS, key=len, reverse=True))
    + r")(?![^\W\d_])"
)
_RATE_FUSED = re.compile("|".join(re.escape(w) for w in lexicon.RATE_FUSED))


def _clauses(text: str) -> list[str]:
    return [c for c in _CLAUSE_END.split(text.casefold()) if c.strip()]


def _until_number(text: str) -> str:
    """``text`` up to the next number: what follows one number, not the next one's."""
    m = re.search(r"\d", text)
    return text if m is None else text[: m.start()]


def qualities(text: str) -> set[tuple[str, str, str]]:
    """(number, quality, value) of ``text``: a rate's unit of time, a clock's zone, a
    bound's direction.

    >>> sorted(qualities("At most 3 retries; 100 requests per second; backup at 06:00 UTC."))
    [('06:00', 'zone', 'utc'), ('100', 'rate', 's'), ('3', 'bound', 'most')]
    """
    out: set[tuple[str, str, str]] = set()
    for clause in _clauses(text):
        for m in _NUMBER.finditer(clause):
            n = m.group(1).replace(",", ".")
            after = _until_number(clause[m.end() : m.end() + 60])
            before = clause[max(0, m.start() - 25) : m.start()]
            before = before[max((x.end() for x in re.finditer(r"\d", before)), default=0) :]
            per = _RATE_AFTER.search(after)
            fused = _RATE_FUSED.search(after) or _last(_RATE_FUSED, before)
            if per:
                out.add((n, "rate", _RATE_UNITS[per.group(1)]))
            elif fused:
                out.add((n, "rate", lexicon.RATE_FUSED[fused.group(0)]))
            # (a bound is of the number in its own part of the clause: "每秒 500 个事件，最多 5")
            bound = _nearest_bound(re.split(r"[,，、]", before)[-1], re.split(r"[,，、]", after)[0])
            if bound:
                out.add((n, "bound", bound))
        for m in _CLOCK.finditer(clause):
            after = _until_number(clause[m.end() : m.end() + 30])
            before = clause[max(0, m.start() - 20) : m.start()]
            zone = _zone(after) or _zone(before[max(0, before.rfind(" ", 0, -8)) :])
            if zone:
                out.add((m.group(1).zfill(5), "zone", zone))
    return out


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """The last match of ``pattern`` in ``text``: the one nearest what follows."""
    return next(reversed(list(pattern.finditer(text))), None)


def _nearest_bound(before: str, after: str) -> str | None:
    """The direction of the bound word nearest a number: before it ("at most 3") or
    after it ("3 回以上", "3 محاولات كحد أقصى")."""
    best: tuple[int, str] | None = None
    for direction, pattern in (("most", lexicon.BOUND_MOST), ("least", lexicon.BOUND_LEAST)):
        m = _last(pattern, before)
        if m is not None and (best is None or len(before) - m.end() < best[0]):
            best = (len(before) - m.end(), direction)
        m = pattern.search(after)
        if m is not None and (best is None or m.start() < best[0]):
            best = (m.start(), direction)
    return best[1] if best else None


def _zone(text: str) -> str | None:
    tzdb = lexicon.ZONE_TZDB.search(text)
    if tzdb:
        return tzdb.group(0).casefold()
    named = lexicon.ZONE_NAMED.search(text.upper())
    if named:
        return "utc" if named.group(1) == "GMT" else named.group(1).casefold()
    return "local" if lexicon.ZONE_LOCAL.search(text) else None


def check_qualities(text: str, ev: Evidence) -> list[Claim]:
    """A number of the record claimed with another rate, zone or bound than the record
    ever gives it: "100 requests per minute" for the user's "100 requests per second",
    "06:00 local time" for "06:00 UTC", "at least 3 retries" for "at most 3 retries"."""
    if not any(c.isdigit() for c in text):
        return []
    claimed = qualities(text)
    if not claimed:
        return []
    record = ev.derive("qualities", lambda: frozenset(q for t in ev.texts for q in qualities(t)))
    out: list[Claim] = []
    for n, kind, value in sorted(claimed):
        if (n, kind, value) in record:
            continue
        other = sorted(v for m, k, v in record if m == n and k == kind)
        if other:
            why = f"the record gives {n} with {_SAID[kind]} {other[0]}, never {value}"
            out.append(Claim("number", f"{n} {_SAID[kind]} {value}", why))
    return out


_SAID = {"rate": "a rate per", "zone": "the time zone", "bound": "a bound of at"}


# A place in a file: "src/components/CartSummary.tsx:41", "Batcher.java:212" (a column may follow)
_LOCATION = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*([\w-]+(?:\.[\w-]+)*\.[A-Za-z]\w*)):(\d+)\b")


def check_locations(text: str, ev: Evidence) -> list[Claim]:
    """A file and a line given together ("The TypeError came from src/pages/Checkout.tsx:41")
    are one place: some text of the record names that file with that line right after it
    ("Checkout.tsx:41:23", 'File "Checkout.tsx", line 41', "Checkout.tsx(41,5)"). A line
    number moved to another file of the record (the trace said CartSummary.tsx:41) is no
    place the record shows, though the file and the number both occur."""
    out: list[Claim] = []
    for m in _LOCATION.finditer(text):
        path, name, line = m.groups()
        at = re.compile(rf"(?<![\w-]){re.escape(name)}\W{{1,12}}(?:line\s*)?{line}(?!\d)")
        if any(name in t and at.search(t) for t in ev.texts):
            continue
        shown = next((t for t in ev.texts if re.search(rf"\w:{line}(?!\d)", t)), None)
        if shown is None:
            continue  # a line the record never gives: the number's own check
        found = re.search(rf"[\w./-]+:{line}(?!\d)", shown)
        where = found.group(0) if found else line
        out.append(Claim("number", f"{path}:{line}", f"the record gives line {line} in {where}"))
    return out


# A target said reached or missed: "Top-1 reached 81.5%", "the 250 ms target was not met"
_REACHED = re.compile(
    r"(?i)\b(?:reach(?:ed|es)?|met|meets?|hit|hits|achieved?|attained|exceeded|cleared|"
    r"made\s+it)\b"
)
_SHORT = re.compile(
    r"(?i)\b(?:short\s+of|below|under(?:shot)?|miss(?:ed|es)?|fell\s+short|falls\s+short|"
    r"not\s+(?:yet\s+)?(?:reach\w*|met|meet|hit|achiev\w*|attain\w*)|never\s+(?:reach\w*|met|"
    r"hit)|did\s*n[o']t\s+(?:reach|meet|hit|achieve)|failed\s+to\s+(?:reach|meet|hit))\b"
)
_FIGURE = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\d.,]\d)")
_SENTENCE_CUT = re.compile(r"(?<=[.!?;])\s+|\n")


def _figure(text: str) -> set[str]:
    return {m.group(1).replace(",", "") for m in _FIGURE.finditer(text)}


def target_reading(text: str, ev: Evidence) -> tuple[str, bool] | None:
    """(the target, whether the clause says it was reached) of a clause stating whether
    a number the user set was reached ("Top-1 reached 81.5%", "The 250 ms p95 target was
    not met"), or None: no verb of reaching, or no number of it a user turn gives."""
    if not _REACHED.search(text) and not _SHORT.search(text):
        return None
    user = " ".join(ev.user_turns or ev.user)
    targets = sorted(_figure(text) & _figure(user), key=len, reverse=True)
    if not targets:
        return None
    return targets[0], _SHORT.search(text) is None


def check_target(text: str, ev: Evidence) -> list[Claim]:
    """A target the user set, said reached or not: what the assistant and the tools said
    of it decides. Said reached, some sentence outside the user's turns must give it
    without a shortfall ("reached 81.27%, short of the 81.5% target" says it was not);
    said missed, none may say it was reached. A negated outcome is checked as the negated
    outcome, not as a rule the recap turned around."""
    read = target_reading(text, ev)
    if read is None:
        return []
    target, reached = read
    said_by_user = set(ev.user_turns) | set(ev.user)
    about = [
        s
        for t in ev.texts
        if target in _figure(t) and t not in said_by_user
        for s in _SENTENCE_CUT.split(t)
        if target in _figure(s)
    ]
    short = next((s for s in about if _SHORT.search(s)), None)
    made = next((s for s in about if _REACHED.search(s) and not _SHORT.search(s)), None)
    if reached and made is None:
        why = (
            f"the record says it fell short: {short.strip()!r}"
            if short
            else (f"no message outside the user's own says {target} was reached")
        )
        return [Claim("number", text, why)]
    if not reached and made is not None and short is None:
        return [Claim("number", text, f"the record says it was reached: {made.strip()!r}")]
    return []


# A number bound to the word before it: "step 1450", "--max-steps 2000", "port=5173"
_BOUND = re.compile(
    r"(?<![\w.])([A-Za-z][\w-]*?)(?:\s*[=:]\s*|\s+|-)(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w.]\d|\d)"
)
# the words a binding's label may not be ("at 2000", "was 3")
_NOT_LABELS = frozenset(
    [
        "at",
        "of",
        "to",
        "in",
        "on",
        "by",
        "for",
        "from",
        "with",
        "was",
        "is",
        "are",
        "were",
        "be",
        "been",
        "the",
        "a",
        "an",
        "and",
        "or",
        "than",
        "over",
        "about",
        "around",
        "after",
        "before",
        "since",
        "until",
        "only",
        "just",
        "all",
        "every",
        "each",
        "had",
        "has",
        "have",
        "got",
        "and",
        "then",
        "its",
        "their",
        "not",
        "no",
    ]
)
# verbs before a number say what was done, not which one ("found 17", "took 12 s"): a
# count or an amount, which the count and unit checks read
_VERB_BEFORE = re.compile(
    r"(?:ed|found|got|took|made|ran|gave|saw|had|hit|kept|left|won|lost|shows|says|said|"
    r"reports|returns|lists|prints|finds|gets|takes|reads|counts|hits)$"
)
_UNIT_CUT = re.compile(r"(?<=[.!?;])\s+|\n")


def _bindings(text: str) -> frozenset[tuple[str, str]]:
    """(label, number) of ``text``: "--max-steps 2000" gives ("step", "2000")."""
    out = set()
    for m in _BOUND.finditer(text):
        if _TALLY.match(m.group(0)):
            continue  # "PASS=5, ERROR=0": a run's printed tally (check_tallies reads those)
        *head, word = re.split(r"[-_]", m.group(1).casefold())
        verb = not head and _VERB_BEFORE.search(word) is not None
        if len(word) > 2 and word not in _NOT_LABELS and word not in FILLER and not verb:
            # the whole compound: "--max-steps 2000" binds max-steps, not the step reached
            out.add(("-".join([*head, stem(word)]), m.group(2).replace(",", "")))
    return frozenset(out)


#: (bindings, numbers, text, whether it is a whole text of several lines) of a record unit
#: (its terms are read only for the units of a label a claim binds)
Bound = tuple[frozenset[tuple[str, str]], frozenset[str], str, bool]


def _bound_units(ev: Evidence) -> tuple[Bound, ...]:
    """The record's sentences and lines (and each short text whole) that bind a number to
    a label: (bindings, numbers, text, whole) of each."""
    return ev.derive("bound numbers", lambda: tuple(u for t in ev.texts for u in _units_of(t)))


@lru_cache(maxsize=1 << 14)  # the record grows by a few texts a turn: each is read once
def _units_of(text: str) -> tuple[Bound, ...]:
    """The units of one text of the record that bind a number to a label."""
    out: list[Bound] = []
    parts = [p for p in _UNIT_CUT.split(text) if p.strip()]
    whole = [text] if len(parts) > 1 and len(text) < 1500 else []
    for part in dict.fromkeys([*parts, *whole]):
        pairs = _bindings(part)
        if pairs:
            numbers = frozenset(n.replace(",", "") for n in _NUMBER.findall(part))
            found = numbers | {n for _, n in pairs}
            out.append((pairs, found, part, part is text and bool(whole)))
    return tuple(out)


def _forms(number: str) -> set[str]:
    """``number`` and its fraction or percentage ("81.19" and "0.8119"): the same
    quantity, so a fraction is below 1 and a percentage below 100 ("200 lines" is no
    "2", the 2 of "attempt=2" no 200 %)."""
    try:
        value = Decimal(number)
    except InvalidOperation:
        return {number}
    if value < 1:
        return {number, f"{value.scaleb(2).normalize():f}"}
    return {number, f"{value.scaleb(-2).normalize():f}"} if value < 100 else {number}


def _binds_other(unit: Bound, label: str, n: str) -> bool:
    return any(lb == label and x != n for lb, x in unit[0])


def check_bound_numbers(text: str, ev: Evidence) -> list[Claim]:
    """A number bound to a label ("at step 2000") is bound as the record binds it for the
    event the clause is about: the record's sentences and lines that bind that label
    (to any number) and hold most of the clause's other words say which number; and a
    value the clause gives beside it ("81.19% at step 9000") sits beside it in some line
    of the record. A number the record gives for another event (the run's --max-steps
    2000, for the out-of-memory at step 1450) is bound to the wrong event."""
    claimed = _bindings(text)
    # (a range the user gave is bound as a whole: "ibisabwa 200–300" after "… 100–500"
    # and "no, 200–300" binds no 200 the record gives otherwise)
    said = {r for t in ev.user_turns for r in ranges_in(t)}
    ends = {end for r in ranges_in(text) if r in said for end in r}
    claimed = frozenset((label, n) for label, n in claimed if amount(n) not in ends)
    if not claimed:
        return []
    units = _bound_units(ev)
    labels = {label for label, _ in claimed}
    values = {n.replace(",", "") for n in _NUMBER.findall(text)} - {n for _, n in claimed}
    out: list[Claim] = []
    for label, n in sorted(claimed):
        terms = claim_terms(text) - GENERIC_DOING - {label, n} - labels
        terms = frozenset(t for t in terms if not t.replace(".", "").isdigit())
        # (a whole log binding the label to this number and to others says nothing of which)
        same = [u for u in units if (label, n) in u[0] and not (u[3] and _binds_other(u, label, n))]
        other = [u for u in units if (label, n) not in u[0] and _binds_other(u, label, n)]
        if not other:
            continue  # a binding only the record's other checks can read
        for value in sorted(values):
            forms = _forms(value)
            # (one line or sentence: a whole log holds every step's value)
            elsewhere = [u for u in other if forms & u[1] and not u[3]]
            # beside any number the clause binds to this label ("… at step 9000")
            beside = any(
                not u[3] and forms & u[1] and (label, x) in u[0]
                for u in units
                for lb, x in claimed
                if lb == label
            )
            if elsewhere and not beside:
                shown = ", ".join(sorted(f"{lb} {x}" for lb, x in elsewhere[0][0] if lb == label))
                why = f"the record gives it at {shown}"
                out.append(Claim("number", f"{value} at {label} {n}", why))
        if not terms or (label, n) in _latest_binding(units, label):
            # (the record's last line binding the label binds it to this number: the value
            # it moved to, "Upgrade to Postgres 16." after "the server on Postgres 15")
            continue
        need = 0.6 if len(terms) > 1 else 1.0  # one word of the event: that word, whole
        best_same = max((cover(terms, unit_terms(u[2]))[0] for u in same), default=0.0)
        best_other, at = max(
            ((cover(terms, unit_terms(u[2]))[0], u) for u in other), key=lambda x: x[0]
        )
        if best_other >= need and best_same < 0.34:
            shown = ", ".join(sorted(f"{lb} {x}" for lb, x in at[0] if lb == label))
            out.append(Claim("number", f"{label} {n}", f"the record gives {shown} for this"))
    return out


def _latest_binding(units: tuple[Bound, ...], label: str) -> frozenset[tuple[str, str]]:
    """The bindings of the record's last unit binding ``label`` (to any number)."""
    return next((u[0] for u in reversed(units) if any(lb == label for lb, _ in u[0])), frozenset())
