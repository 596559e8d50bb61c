"""A value a correction replaced, stated as if it stood ("Le taux … est 20 %." where the user
said "Correction : le taux … est 10 %, pas 20 %."; "De BTW is 9 %." for "21 %, niet 9 %").

The values are read without language: numbers (with a unit or a percent sign), ids and
hyphenated names ("1e-3", "eu-west-3", "payments-prod"); only the few words that mark the
replaced one ("not", "pas", "niet", "ではなく" …, :mod:`contextledger.lexicon.claims`) are
words. A claim naming the replaced value, not the new one, about what the correction is
about (a word in common), and not saying it was replaced, is unsupported.

>>> from contextledger.model import Message
>>> from .evidence import Evidence
>>> ev = Evidence.of([Message.user("Correzione: il learning rate è 3e-4, non 1e-3.")])
>>> [c.reason for c in check_stale("Il learning rate è 1e-3.", ev)]
['the user replaced 1e-3 with 3e-4: "Correzione: il learning rate è 3e-4, non 1e-3."']
>>> check_stale("Learning rate 3e-4 (corretto, non 1e-3).", ev)
[]
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ...lexicon import claims as lexicon
from ...lexicon.negation import denial
from ..stance import slipped_values
from . import words as lex
from .anchors import anchors
from .evidence import Claim, Evidence
from .numbers import measures
from .polarity import INTERJECTIONS
from .reading import DONE, quote

# Scripts written without spaces (kana, CJK ideographs, Hangul): a number is written onto
# its words there ("模試は11月8日じゃなくて11月15日", "예산은 1,300만 원이 아니라 1,800만 원")
_UNSPACED = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"
# the counters and units written onto a number in them: "11月8日" is one value, a date
_GLUED_UNITS = "年月日号號時时分秒点點円元원만억년월일시분점명개"
# (a particle written onto a number ends it: "8080이 아니라 8443이에요" corrects 8080)
_GLUED = (
    rf"(?:(?<=[{_UNSPACED}])|(?<![\w.,:/-])(?=[\d.,]+[{_UNSPACED}]))"
    rf"\d[\d.,]*(?:[{_GLUED_UNITS}]\d[\d.,]*)*[{_GLUED_UNITS}]?(?![\d.,]*\d)(?![A-Za-z])"
)
# A value: a number (a decimal comma, a unit or a percent sign kept), an id with a digit, a
# hyphenated name
_VALUE = re.compile(
    rf"{_GLUED}|"
    # a day and month ("17/3", "16/3/2026"): one value, a date
    r"(?<![\w.,:/-])\d{1,2}/\d{1,2}(?:/\d{2,4})?(?![\w/]|[.,]\d)|"
    r"(?<![\w.,:/-])(?:\d[\d.,:]*(?:[eE][-+]?\d+)?(?:[–-]\d[\d.,:]*)?(?:\s?%|st|nd|rd|th)?|"
    rf"[^\W\d_{_UNSPACED}](?:[^\W{_UNSPACED}]|\.)*\d(?:[^\W{_UNSPACED}]|[.-])*|"
    r"[^\W\d_]+(?:-[^\W_]+)+)(?![\w/])"
)


def _norm(value: str) -> str:
    plain = _ORDINAL.sub("", value.replace(" ", "").rstrip(".,").casefold())
    # ("R$ 7.450" and "R$ 7,450": one figure, grouped as its language groups thousands)
    return re.sub(r"[.,]", "", plain) if _GROUPED.fullmatch(plain) else plain


_GROUPED = re.compile(r"\d{1,3}(?:\.\d{3})+|\d{1,3}(?:,\d{3})+")


_ORDINAL = re.compile(r"(?<=\d)(?:st|nd|rd|th)$")  # "March 13th" is the 13 of "March 13"
# a word between "not" and the value it replaces: an article ("pas le 41") or the word the
# value before it had ("March 3rd, not March 13th")
_BETWEEN = re.compile(r"\s+(?P<word>[^\W\d_]+[$€£¥₹]?|[$€£¥₹])\s*$")  # ("não R$ 7.450")


def _replacements(sentence: str) -> list[tuple[str, str]]:
    """(replaced, new) values a user sentence corrects ("10 %, pas 20 %": ("20%", "10%"))."""
    found = list(_VALUE.finditer(sentence))
    out = []
    for i, m in enumerate(found):
        before = sentence[found[i - 1].end() if i else 0 : m.start()]
        if i and lexicon.REPLACED_BEFORE.search(
            _without_word_between(before, sentence, found[i - 1])
        ):
            out.append((_norm(m.group()), _norm(found[i - 1].group())))
        elif i and lexicon.REPLACED_THEN_NEW.match(before):
            out.append((_norm(found[i - 1].group()), _norm(m.group())))
        elif (i and lexicon.NEW_THEN_REPLACED.match(before)) or (
            i
            and re.search(r"[,，、(（]", before)
            and lexicon.DENIED_LAST.match(sentence[m.end() :])
        ):
            out.append((_norm(m.group()), _norm(found[i - 1].group())))
    if not out and len(found) == 2:
        out += _bare_swap(sentence, found[0], found[1])
    if not out:  # "$45 a month, no, it's $54": a slip the speaker corrected at once
        out += [(_norm(old), _norm(new)) for old, new in slipped_values(sentence)]
    return [(old, new) for old, new in out if old != new]


def _without_word_between(before: str, sentence: str, previous: re.Match[str]) -> str:
    """``before`` (the text between two values) without a word that stands between its
    "not" and the second value: an article, or the word the first value had before it."""
    m = _BETWEEN.search(before)
    if m is None:
        return before
    word = m.group("word")
    had = re.search(r"([^\W\d_]+)\s*$", sentence[: previous.start()])
    if len(word) <= 3 or (had is not None and had.group(1).casefold() == word.casefold()):
        return before[: m.start()]
    if _a_date_word(word):  # "Τρίτη 17/3, όχι Δευτέρα 16/3": the day the date fell on
        return before[: m.start()]
    return before


def _a_date_word(word: str) -> bool:
    folded = word.casefold()
    return folded in lexicon.DATE_WORDS_ABROAD or folded in lexicon.DATE_WORDS_ABROAD.values()


# "and", "or" between two values list them; they replace none
_LISTING_WORDS = "and or und oder et ou y o e i a ja och og en dan at és vagy ve veya и или та або"
_LISTING = frozenset(_LISTING_WORDS.split())


def _bare_swap(sentence: str, new: re.Match[str], old: re.Match[str]) -> list[tuple[str, str]]:
    """A correction in words no list reads, by its shape: two values of one kind ("8443",
    "8080"; "raw-eu-2", "raw-eu-1"), a comma, and a short word or two between or after the
    second ("8443, mitte 8080", "8443, 8080 அல்ல", "raw-eu-2, jo raw-eu-1"): the one said
    first stands, the second is replaced."""
    a, b = new.group().rstrip(".,:"), old.group().rstrip(".,:")  # ("8443," is 8443 and a comma)
    if re.sub(r"\d+", "#", a) != re.sub(r"\d+", "#", b):
        return []
    between = sentence[new.start() + len(a) : old.start()]
    after = re.sub(r"[\W_]+$", "", sentence[old.start() + len(b) :])
    said = re.findall(r"[^\W\d_]+", between + " " + after)
    if not re.match(r"\s*[,，、]", between) or len(said) not in (1, 2) or len(after.split()) > 1:
        return []
    if any(len(w) > 5 or w.casefold() in _LISTING for w in said):
        return []
    if not _opens_its_clause(sentence, new, old):
        return []
    return [(_norm(old.group()), _norm(new.group()))]


def _opens_its_clause(sentence: str, first: re.Match[str], second: re.Match[str]) -> bool:
    """Whether ``first``'s clause opens on no particle that may deny it: a lone word before
    it (a word both values have before them, "port 5050" and "port 9443", aside) that is a
    denial or of two letters or fewer (a particle of a language unread). "not port 5050, use
    port 9443", "ti port 9000, usa port 9443" may deny the first value, so which one stands
    is not the shape's to tell; "The port is 8443, not 8080" opens on no particle."""
    clause = re.split(r"[,;:，、]", sentence[: first.start()])[-1]
    words = re.findall(r"[^\W\d_]+", clause)
    shared = re.search(r"([^\W\d_]+)\s*$", sentence[: second.start()])
    if words and shared is not None and words[-1].casefold() == shared.group(1).casefold():
        words = words[:-1]
    return len(words) != 1 or (len(words[0]) > 2 and not denial(words[0]))


def _corrections(ev: Evidence) -> list[tuple[str, str, str, frozenset[str]]]:
    """Each correction of a value in the user's sentences: (replaced, new, sentence, its
    terms without values)."""
    out = []
    for s in ev.user:
        for old, new in _replacements(s):
            out.append((old, new, s, lex.content_terms(_VALUE.sub(" ", s))))
    return out


def check_stale(text: str, ev: Evidence) -> list[Claim]:
    """``text`` states a value the user replaced (see the module)."""
    if not _VALUE.search(text):
        return []
    corrections = ev.derive("value corrections", lambda: _corrections(ev))
    if not corrections:
        return []
    turned = [c for c in corrections if (c[1], c[0]) in _replacements(text)]
    if turned:  # "March 13th, not March 3rd" for "March 3rd, not March 13th"
        old, new, said, _ = turned[0]
        why = f"the user replaced {old} with {new}, not the other way round: {quote(said)}"
        return [Claim("constraint", text.strip(), why)]
    values = {_norm(m.group()): m.start() for m in _VALUE.finditer(text)}
    about = lex.content_terms(_VALUE.sub(" ", text))
    measured = {n: dim for n, dim, _ in measures(text) if dim}
    for old, new, said, terms in corrections:
        at = values.get(old)
        if at is None or new in values:
            continue
        # about the same thing: a word in common, or in any language the same measure
        # ("The request timeout is 6 seconds." for "… 9 másodperc, nem 6.")
        if (
            not about & terms
            and not _same_measure(measured.get(old), new, said)
            and not _only_in_correction(old, said, terms, ev)
        ):
            continue
        if _units_differ(old, text, said):
            continue  # "the consult on 14 March" is not the "14 February" corrected (R37-V1)
        before = _ARTICLE_LAST.sub("", text[:at])  # ("not the 20th": "not")
        if lexicon.REPLACED_BEFORE.search(before) or lexicon.CORRECTION.search(text):
            continue  # "(corrigé, et non 20 %)": said replaced
        if _printed_with(old, text, ev):
            continue  # "TestSigningKey still fails: key AK-5521 expired": what a tool printed
        return [
            Claim("constraint", text.strip(), f"the user replaced {old} with {new}: {quote(said)}")
        ]
    return []


# A setting's name as users write it: snake_case or dotted, with a letter ("min_rest_hours",
# "pool.max_size", "fx_rate_tolerance_bps_016"); its value is the first number after it in
# the clause ("Set K to 8.", "K 값을 7(으)로 …", "Plan değişti: K 74 olmalı.")
_SETTING = re.compile(r"(?<![\w.-])([A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)+)(?![A-Za-z0-9_.-])")
_SET_TO = re.compile(r"^[^\d;.!?。]{0,40}?(?<![\w.])(\d+(?:[.,]\d+)?)(?![\w.,]*\d)")


def _set_values(sentence: str) -> list[tuple[str, str]]:
    """(setting, value) each setting a sentence gives a number: "Set K to 8." -> (k, 8)."""
    out = []
    for m in _SETTING.finditer(sentence):
        value = _SET_TO.match(sentence[m.end() :])
        if value is not None:
            out.append((m.group(1).casefold(), _norm(value.group(1))))
    return out


def _settings(ev: Evidence) -> dict[str, tuple[str, ...]]:
    """Each setting the user gave a number, with the values in the order said."""
    said: dict[str, list[str]] = {}
    for s in ev.user_turns:
        for sentence in re.split(r"(?<=[.!?。])\s+|\n+", s):
            for key, value in _set_values(sentence):
                said.setdefault(key, []).append(value)
    return {k: tuple(v) for k, v in said.items()}


_COMMAND = re.compile(r"`[^`]*\s[^`]*`")  # a backticked span of several words: a command


def settings_as_said(text: str, ev: Evidence) -> bool:
    """Whether ``text`` gives settings the values the user's last word set, any other
    number of it being one the user set before ("K is 91 (first 8, then 23).")."""
    given = _set_values(_COMMAND.sub(" ", text))  # ("`ogr2ogr … empty.gpkg # 004`": no setting)
    if not given:
        return False
    settings = ev.derive("settings said", lambda: _settings(ev))
    if any(settings.get(key, ("",))[-1] != value for key, value in given):
        return False
    said = {v for key, _ in given for v in settings[key]}
    named = {_norm(n) for key, _ in given for n in re.findall(r"\d+", key)}
    numbers = {_norm(m.group()) for m in re.finditer(r"(?<![\w.])\d+(?:[.,]\d+)?", text)}
    return numbers - named <= said


def check_superseded(text: str, ev: Evidence) -> list[Claim]:
    """``text`` gives a setting a value the user set before a later turn set it again
    ("Final setting: K = 23." when the user's last word was "set K to 91"), without the
    value that stands: a value the user moved on from, stated as the setting (RT26-7)."""
    if not _SETTING.search(text):
        return []
    settings = ev.derive("settings said", lambda: _settings(ev))
    if not settings:
        return []
    values = {_norm(m.group()) for m in _VALUE.finditer(text)}
    for key, value in _set_values(text):
        said = settings.get(key, ("",))
        last, earlier = said[-1], set(said[:-1]) - {said[-1]}
        if value in earlier and last not in values:
            why = f"the user set {key} to {last} after {value}"
            return [Claim("constraint", text.strip(), why)]
    return []


def _units_differ(value: str, text: str, said: str) -> bool:
    """Whether ``value`` stands in ``text`` and in the user's ``said`` with units that
    differ (a month, a unit of measure): another value that shares the number.

    >>> _units_differ("14", "the consult on 14 March", "4 February, not 14 February")
    True
    >>> _units_differ("14", "the last day was 14 February", "4 February, not 14 February")
    False
    """
    ours = {unit for n, _, unit in measures(text) if n == value and _a_unit(unit)}
    theirs = {unit for n, _, unit in measures(said) if n == value and _a_unit(unit)}
    return bool(ours and theirs and not ours & theirs)


def _a_unit(word: str) -> bool:
    """Whether the word after a number is its unit: in a script without spaces only a
    counter is ("11月", "1,800만"); the rest is a particle or a copula written onto it
    ("8080이다", "8080이 아니라")."""
    return bool(word) and (not _UNSPACED_WORD.match(word) or word[0] in _GLUED_UNITS)


_ARTICLE_LAST = re.compile(r"\s+[^\W\d_]{1,3}\s*$")


def _only_in_correction(old: str, said: str, terms: frozenset[str], ev: Evidence) -> bool:
    """Whether the replaced value is of two figures or more and every text of the record
    that gives it from the correction ``said`` on is about what the correction is about
    ("gli invitati sono 64, non 46" and "siamo 46 invitati"): a claim in another language
    naming it ("There are 46 guests.") can mean nothing else. A text before the correction
    is what it corrected (a config read earlier showed "port: 8080" before "8080이 아니라
    8443"): the value stays corrected away whatever an older output showed."""
    if len(re.sub(r"\D", "", old)) < 2:
        return False

    def about_it() -> bool:
        at = next((i for i, t in enumerate(ev.texts) if said in t), 0)
        texts = [t for t in ev.texts[at:] if old in {_norm(m.group()) for m in _VALUE.finditer(t)}]
        return all(lex.content_terms(_VALUE.sub(" ", t)) & terms for t in texts)

    return ev.derive(f"only in a correction: {old} {said}", about_it)


def _same_measure(dim: str | None, new: str, said: str) -> bool:
    """Whether ``said`` gives the value that replaced another in the dimension ``dim`` (a
    time, a size) the claim gives the replaced one in."""
    return dim is not None and any(n == new and d == dim for n, d, _ in measures(said))


def _printed_with(old: str, text: str, ev: Evidence) -> bool:
    """Whether ``text`` reports what a tool printed with the replaced value: another anchor
    it names (a test, a command, a path) sits in a tool result that holds the value too."""
    others = [v for k, v in anchors(text) if _norm(v) != old and k != "version"]
    return any(
        old in r.text.casefold() and any(v in r.text or v in r.commands for v in others)
        for r in ev.results
    )


# A claim's numbers, taken out to find the user sentence it restates
_NUMBER = re.compile(r"(?<![\w.])\d[\d.,]*(?![\w])")


def check_restated_value(text: str, ev: Evidence) -> list[Claim]:
    """A user's sentence said back with its number swapped for another the record holds
    ("The limit is 150 requests per minute per API key." where the user said "The limit
    is 100 requests per minute per API key" and 150 is a load test's ``--rps``; R31-V7):
    the words of one user sentence, none of its numbers in that unit, and no user turn
    giving the claim's number."""
    from .said import supporting_at  # (the said checks read the values here)
    from .values import figures

    mine = _said_values(text, figures)
    if not mine or DONE.search(text):
        return []  # ("the load test ran at 150 rps": what was done, not what was said)
    words = _NUMBER.sub(" ", _CLOCK.sub(" ", text))
    # (a time of day is specific enough to bind with two words: "work starts at 7:30")
    if len(lex.content_terms(words)) < (2 if any(u == "clock" for _, u in mine) else 3):
        return []
    index = ev.said_index
    found, _ = supporting_at(words, index, 0.75)
    said = [(u, _said_values(u.text, figures)) for u in (index.units[i] for i in found)]
    said = [(u, f) for u, f in said if f]
    if not said:
        return []
    given = {n for t in ev.user for n, _ in _said_values(t, figures)}
    if any(n in given for n, _ in mine):
        return []  # the user said it somewhere (a later change of the value)
    units = {unit for _, f in said for _, unit in f}
    if not any(unit in units for _, unit in mine):
        return []  # another unit ("8 KiB" for "8192 bytes"): not compared here
    theirs = sorted({n for _, f in said for n, _ in f})
    why = f"the user said {', '.join(theirs)}: {quote(said[-1][0].text)}"
    return [Claim("number", text.strip(), why)]


# a time of day, one value ("7:30", "08:30"): not the numbers 7 and 30 (30 is in "8:30" too)
_CLOCK = re.compile(r"(?<![\w.:])([01]?\d|2[0-3])[:.]([0-5]\d)(?![\w:]|\.\d)")


def _said_values(text: str, figures: Callable[[str], set[tuple[str, str]]]) -> set[tuple[str, str]]:
    """The figures of ``text`` (see :func:`claims.values.figures`), each time of day one
    value in the unit "clock"."""
    times = {(f"{int(m.group(1))}:{m.group(2)}", "clock") for m in _CLOCK.finditer(text)}
    return figures(_CLOCK.sub(" ", text)) | times if times else figures(text)


# --------------------------------------------------------------------------- named values

# A value said in words the user replaced ("志望校は東北大学じゃなくて北海道大学です", "Elif Demir
# değil, Elif Yılmaz", "vence em 31 de janeiro, não em 31 de dezembro", "ottobre, non
# settembre"): the words the two sides do not share are the values, whatever the language.
# The denial opens the replaced side ("…, não em Y", "(not Y)") or closes it ("Y değil, …",
# "Y じゃなくて X"); either side is a few words at most (a value, not a clause).
_OPENS_DENIED = re.compile(
    r"(?i)^\s*(?:not|non|não|nao|nie|ne|όχι|no|pas|nicht|niet|nu|ei|nem|mitte|не|ні|"
    r"kein(?:e|en)?|而不是|不是|并非|而非)(?![^\W\d_])\s*"
)
_CLOSES_DENIED = re.compile(r"(?i)\s*(?:değil|nahi|nahin|नहीं)\W*$")
_UNSPACED_SWAP = re.compile(
    rf"(?P<old>[{_UNSPACED}\w]{{2,12}}?)(?:じゃなくて|じゃなく|ではなくて|ではなく|でなくて|でなく|"
    rf"(?:이|가)\s?아니라|아니라|말고)\s*(?P<new>[{_UNSPACED}\w]{{2,16}})"
)
_COPULA = re.compile(r"(?:でした|です|だった|だ|이에요|예요|입니다|이다|였어요|이었어요)$")
# (a particle ends the subject before the replaced value: "志望校は東北大学じゃなくて")
_TOPIC = re.compile(r"^.*[はがをもにで은는이가을를도]")
_CLAUSES = re.compile(r"\s*[,，、;；:：()（）]\s*")
_TOKEN = re.compile(rf"[{_UNSPACED}]+|[^\W_]+")
_MAX_VALUE_WORDS = 4
# words that make a side a clause, not a value ("for now, not yet", "only, not always")
_HINGES = frozenset(["now", "yet", "only", "always", "just", "still", "also", "then", "for"])


def _tokens(text: str) -> list[str]:
    return [t.casefold() for t in _TOKEN.findall(text)]


def _side_values(old: list[str], new: list[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The words each side has that the other has not; a word of two letters or fewer (an
    article, a preposition) is no value."""
    keep = [t for t in old if len(t) > 2 or t.isdigit() or not t.isascii()]
    give = [t for t in new if len(t) > 2 or t.isdigit() or not t.isascii()]
    return frozenset(keep) - set(new), frozenset(give) - set(old)


def word_replacements(sentence: str) -> list[tuple[frozenset[str], frozenset[str]]]:
    """(replaced words, new words) of each value ``sentence`` corrects in words."""
    out: list[tuple[frozenset[str], frozenset[str]]] = []
    for m in _UNSPACED_SWAP.finditer(sentence):
        was = _TOPIC.sub("", m.group("old"))
        now = _COPULA.sub("", m.group("new"))
        if was and now and was != now:
            out.append((frozenset({was.casefold()}), frozenset({now.casefold()})))
    # (a clause of interjections alone is no value: "Actually, not port 5050; …")
    parts = [
        p
        for p in _CLAUSES.split(sentence)
        if re.search(r"[^\W_]", p) and not INTERJECTIONS.issuperset(p.casefold().split())
    ]
    for i in range(len(parts)):
        sides = _aligned(parts, i)
        if sides is None:
            continue
        old, new = sides
        if not 0 < len(old) <= _MAX_VALUE_WORDS:
            continue
        if len(old) > 1 and not set(old) & set(new):
            continue  # no word in common: two clauses ("touch a/ for now, not b/"), no value
        if any(len(t) > 2 and t in _HINGES for t in old + new):
            continue
        replaced, given = _side_values(old, new)
        if replaced and given and not all(t.isdigit() for t in replaced | given):
            out.append((replaced, given))  # (numbers alone: read as values above)
    return out


def _aligned(parts: list[str], i: int) -> tuple[list[str], list[str]] | None:
    """The words of clause ``i`` a denial marks replaced and the words of the clause beside
    it they stand for, aligned word for word ("em 31 de janeiro" | "não em 31 de
    dezembro"); None when clause ``i`` replaces nothing."""
    part = parts[i]
    opens = _OPENS_DENIED.match(part)
    closes = _CLOSES_DENIED.search(part)
    if opens and i:
        old, beside = _tokens(part[opens.end() :]), _tokens(parts[i - 1])
        n = min(len(old), len(beside))
        return old[:n], beside[len(beside) - n :]
    if closes and len(parts) > 1:
        old = _tokens(part[: closes.start()])
        after = i + 1 < len(parts)
        beside = _tokens(parts[i + 1] if after else parts[i - 1])
        n = min(len(old), len(beside))
        return old[len(old) - n :], beside[:n] if after else beside[len(beside) - n :]
    return None


def _word_corrections(ev: Evidence) -> list[tuple[frozenset[str], frozenset[str], str]]:
    return [(old, new, s) for s in ev.user for old, new in word_replacements(s)]


def _holds_words(text: str, words: frozenset[str]) -> bool:
    """Whether ``text`` has each of ``words`` (a word of a script without spaces: as a part)."""
    folded = text.casefold()
    return all(
        (w in folded)
        if not w.isascii() and _UNSPACED_WORD.match(w)
        else re.search(rf"(?<![^\W_]){re.escape(w)}(?![^\W_])", folded) is not None
        for w in words
    )


_UNSPACED_WORD = re.compile(rf"[{_UNSPACED}]")


def restates_correction(text: str, ev: Evidence) -> bool:
    """Whether ``text`` tells a correction of the user's as the user made it: each value it
    says replaced ("kat 4'te (kat 3 değil)") the user replaced with the value it gives."""
    said = {
        (old, new) for old, new, _, _ in ev.derive("value corrections", lambda: _corrections(ev))
    }
    pairs = _replacements(text)
    if pairs and all(p in said for p in pairs):
        return True
    words = ev.derive("word corrections", lambda: _word_corrections(ev))
    mine = word_replacements(text)
    return bool(mine) and all(
        any(old <= o2 | n2 and o2 <= old | n2 and new & n2 for o2, n2, _ in words)
        for old, new in mine
    )


def check_stale_words(text: str, ev: Evidence) -> list[Claim]:
    """``text`` states in words a value the user replaced ("志望校は東北大学。" after "志望校は東北
    大学じゃなくて北海道大学です"): it has the replaced words, not the new ones, says nothing
    was replaced, and is about what the correction is about (a word in common: "Tell Marco,
    not Lena" is no correction of "Lena owns billing")."""
    corrections = ev.derive("word corrections", lambda: _word_corrections(ev))
    if not corrections or lexicon.CORRECTION.search(text):
        return []
    for old, new, said in corrections:
        if not _holds_words(text, old) or any(_holds_words(text, frozenset({w})) for w in new):
            continue
        if word_replacements(text) or _denied_beside(text, old):
            continue  # "Yılmaz (Demir değil)", "not in December": said replaced
        about = lex.content_terms(text) - lex.content_terms(" ".join(old))
        context = lex.content_terms(said) - lex.content_terms(" ".join(old | new))
        if about & context:
            why = f"the user replaced {' '.join(sorted(old))} with {' '.join(sorted(new))}: {quote(said)}"
            return [Claim("constraint", text.strip(), why)]
    return []


def _denied_beside(text: str, words: frozenset[str]) -> bool:
    """Whether a denial stands just before or after ``words`` in ``text``."""
    folded = text.casefold()
    for w in words:
        at = folded.find(w)
        if at < 0:
            continue
        if lexicon.REPLACED_BEFORE.search(folded[:at].rstrip()) or _OPENS_DENIED.match(
            folded[max(0, at - 12) : at].split(",")[-1].split("(")[-1]
        ):
            return True
        if lexicon.DENIED_LAST.match(folded[at + len(w) :]) or re.match(
            r"\s*(?:じゃな|ではな|でな|이?\s?아니|가\s?아니)", folded[at + len(w) :]
        ):
            return True
    return False
