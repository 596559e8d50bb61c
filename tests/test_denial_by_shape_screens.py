"""The screens a sentence's reading as a rule by its shape goes through answer as the full
reading: ``denials.turkish_letter`` (a substring test before the search) finds exactly
what ``TURKISH_LETTER``'s search finds, whatever the text; and ``intent.rule_by_shape``,
which keeps its answer for a sentence said again, answers a sentence the same in any
order and as often as it is asked."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contextledger.intent import rule_by_shape
from contextledger.lexicon.denials import TURKISH_LETTER, turkish_denies, turkish_letter

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
