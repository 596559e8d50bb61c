"""``gists.sentence_shape`` of a long sentence reads only its ends (``_frame_ends``): the
same shape as splitting the whole sentence into words, whatever stands at the ends (a word
cut by the window, capitals, digits, apostrophes, hyphens, underscores, scripts without
spaces or with combining marks)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from contextledger.fit.gists import _WORD, _frame_of, sentence_shape

_PIECES = st.sampled_from(
    [
        "the", "I", "I'm", "Monday", "Kraków", "ok", "x_y", "_", "rock-n-roll", "don’t", "42",
        "4x4", "ПРИВЕТ", "Ελλάδα", "会議の", "ภาษาไทย", "는데", "-", "'", "’", ",", " ", "  ",
        "\n", ".", "!", "é", "İstanbul", "🙂", "a" * 300, "B" * 260,
    ]
)  # fmt: skip


@given(st.lists(_PIECES, min_size=1, max_size=400), st.sampled_from(["", " ", "-", "x"]))
def test_long_sentence_shape_is_the_whole_sentences(pieces: list[str], glue: str) -> None:
    sentence = glue.join(pieces)
    assert sentence_shape.__wrapped__(sentence) == hash(_frame_of(_WORD.findall(sentence)))


def test_a_word_cut_at_either_end_is_not_read_as_a_frame_word() -> None:
    # the first window ends inside the third word, the last one starts inside a word, and
    # the names at the end are no frame words (capitalized inside the sentence)
    filler = " and".join(["the cat sat"] * 200)
    for sentence in (
        "So we " + "w" * 260 + " day " + filler + " nearly done for today",
        "We said " + filler + " it ends " + "y" * 260 + " here",
        "We said " + filler + " and then we met Anna Smith",
    ):
        assert len(sentence) > 1_024
        assert sentence_shape.__wrapped__(sentence) == hash(_frame_of(_WORD.findall(sentence)))
