"""The screens a sentence's reading as a rule by its shape goes through answer as the full
reading: ``denials.turkish_letter`` (a substring test before the search) finds exactly
what ``TURKISH_LETTER``'s search finds, whatever the text; ``intent.rule_by_shape``,
which keeps its answer for a sentence said again, answers a sentence the same in any
order and as often as it is asked; and ``intent.rules_by_shape``, which reads only the
sentences RE2 finds something of a denial in (``negation.UNREAD_DENIAL_SCREEN``), keeps
exactly the sentences ``rule_by_shape`` keeps: no denial of any lexicon language, in any
case, beside any character, is screened out (ß, İ, ı, ſ, K, final sigma, marks, digits)."""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contextledger.intent import _shape_told, rule_by_shape, rules_by_shape
from contextledger.lexicon import negation
from contextledger.lexicon.denials import TURKISH_LETTER, turkish_denies, turkish_letter
from contextledger.prefilter import superset, touched

_PIECES = st.sampled_from(
    [
        "dosya", "sil", "me", "ı", "İ", "ğ", "Ğ", "ş", "Ş", "'", "’", "yi", "ten", "lari", "nın",
        "qu", "l", "a", "README", "Token", " ", ".", "\n", "7", "_", "é", "ș", "ä", "Ə", "ə",
        "ум", "ია", "水", "🙂", "x" * 40,
    ]
)  # fmt: skip


@given(st.lists(_PIECES, max_size=60), st.sampled_from(["", " ", "'", "’"]))
def test_turkish_letter_finds_what_its_pattern_finds(pieces: list[str], glue: str) -> None:
    text = glue.join(pieces)
    assert turkish_letter(text) == (TURKISH_LETTER.search(text) is not None)


def test_turkish_denials_are_still_read() -> None:
    # (a verb denied by "-ma/-me" at the end of a clause is read only beside a letter only
    # Turkish writes, or a case suffix after an apostrophe)
    said = {
        "Üretim veritabanına dokunma.": True,
        "Ödeme servisini değiştirme.": True,
        "Backup'lari silme.": True,
        "Rapor hazır, bakabilirsin.": False,
        "Il l'a vu hier soir, à la gare.": False,
    }
    assert {text: turkish_denies(text) for text in said} == said


_SENTENCES = [
    "Ne touchez pas au dossier de paie.",
    "Nie wysyłaj przypomnień przed dziewiątą.",
    "Usiguse faili la usanidi.",
    "Thanks, that works.",
    "Bitte keine Termine am Freitag.",
    "Kiedy będzie gotowe?",
    "Üretim veritabanına dokunma.",
    "Ninakushukuru sana kwa msaada.",
]


@given(st.lists(st.sampled_from(_SENTENCES), max_size=30))
def test_rule_by_shape_answers_a_sentence_alike_however_often_asked(order: list[str]) -> None:
    fresh = {s: rule_by_shape.__wrapped__(s) for s in _SENTENCES}
    assert [rule_by_shape(s) for s in order] == [fresh[s] for s in order]


def _screened_in(sentence: str) -> bool:
    """Whether the screen lets ``sentence`` through to ``rule_by_shape``."""
    told = negation.screened_for_denial(_shape_told(sentence.rstrip()))
    found = touched(superset(negation.UNREAD_DENIAL_SCREEN), [told])
    return found is None or 0 in found


def _denies_unread(sentence: str) -> bool:
    """What the screen stands in for: ``unread_denial`` of what ``rule_by_shape`` asks it of."""
    return negation.unread_denial(_shape_told(sentence.rstrip()))


@cache
def _folded_from() -> dict[str, str]:
    """Per character, every character that folds into it alone (``str.casefold``)."""
    into: dict[str, str] = defaultdict(str)
    for code in range(sys.maxunicode + 1):
        c = chr(code)
        if len(folded := c.casefold()) == 1 and folded != c:
            into[folded] += c
    return into


def test_every_character_a_folded_search_misses_is_never_screened_out() -> None:
    longer = re.compile(f"[{negation._FOLDED_LONGER}]")
    missed = [
        c
        for c in map(chr, range(sys.maxunicode + 1))
        if (folded := c.casefold()) != c and re.fullmatch("(?i)" + re.escape(folded), c) is None
    ]
    assert missed and all(longer.fullmatch(c) for c in missed)


def _spellings(word: str) -> list[str]:
    """``word`` as written in other cases, and with each letter swapped for each character
    that folds into it ("ſ" for "s", "K" for "k", "ς" for "σ")."""
    forms = {word, word.upper(), word.title(), word.capitalize()}
    for i, c in enumerate(word):
        forms |= {word[:i] + other + word[i + 1 :] for other in _folded_from().get(c, "")}
    return sorted(forms)


_AROUND = ["{}", "Bitte {} 9.", "9{}_x", "({})", "\u0301{}", "— {} — ok", "x {}\u0301no"]


@pytest.mark.parametrize("word", sorted(negation._DENYING))
def test_no_denying_word_of_the_lexicon_is_screened_out(word: str) -> None:
    for form in _spellings(word):
        for around in _AROUND:
            sentence = around.format(form)
            if _denies_unread(sentence):
                assert _screened_in(sentence), sentence
            assert rules_by_shape([sentence]) == ([0] if rule_by_shape(sentence) else [])


_SHAPE_PIECES = st.sampled_from(
    [
        # denials of the languages read by shape, and of those read word by word
        "nahi", "mat bhejna", "mat", "no", "No", "ne", "nie", "ni", "nu", "không", "không gian",
        "nemůžeme", "nechci", "Δεν", "μην", "όχι", "не", "ні", "нет", "არ", "않", "마세요",
        "ไม่", "ห้าม", "不要", "别", "禁止", "しないで", "ولا", "فلا", "ולא", "שלא", "אל", "תשכח מ",
        "olmaz", "отпадает", "却下", "빼고", "বাদ", "tak usah", "Hindi natin", "not only",
        "usiguse", "Usisahau", "Msikilize", "hatutumii", "hawataki", "göndermeyiniz", "silme",
        "dokunma", "çalışmıyor", "Backup'lari", "README’yi", "l'a", "can't", "never",
        # what ``rule_by_shape`` takes off first: a reassurance, what the speaker never did
        "No problem,", "Sorun değil,", "Koi baat nahi,", "Nunca vi isso antes,", "NIEMALS",
        # characters folded or read apart
        "ß", "ẞ", "İ", "ı", "ſ", "\u212a", "ς", "\u0345", "\u0301", "\u0307", "ﬁ", "7", "_",
        "'", "’", "-", "?", ":", ".", ",", "!", "\n",
        # words of other languages (none read as a denial)
        "faili", "usanidi", "Termine", "kwa", "dosya", "wysyłaj", "przed", "Ninakushukuru",
        "Hi", "there", "meeting", "snow", "nonsense", "kneel", "anion", "ūnī",
    ]
)  # fmt: skip


@given(st.lists(st.lists(_SHAPE_PIECES, max_size=12), max_size=6), st.sampled_from([" ", "", "  "]))
def test_rules_by_shape_keeps_what_reading_each_sentence_keeps(
    sentences: list[list[str]], glue: str
) -> None:
    said = [glue.join(pieces) for pieces in sentences]
    for sentence in said:
        if _denies_unread(sentence):
            assert _screened_in(sentence), sentence
    assert rules_by_shape(said) == [i for i, s in enumerate(said) if rule_by_shape.__wrapped__(s)]


def test_rules_by_shape_of_each_lexicon_language() -> None:
    said = [
        "Δεν θέλω πρωινές συναντήσεις πριν τις 9:30.",
        "Sharma ji ka bill 18,400 ka hai, 14,800 nahi.",
        "klavír nesmí jet s akváriem",
        "Tôi không muốn ở tầng trệt.",
        "Usiguse faili la usanidi.",
        "Müşterilere fiyat göndermeyiniz.",
        "반지하는 절대 싫어요",
        "ห้ามรันสคริปต์นี้",
        "这次改动不要碰 src/payments/ 目录。",
        "ולא לשלוח את זה עכשיו",
        "Hi there.",
        "Why not?",
        "no takže soused zase vrtá",
    ]
    assert rules_by_shape(said) == [i for i, s in enumerate(said) if rule_by_shape(s)]
    assert len(rules_by_shape(said)) == 10
