"""The pure-Python count cuts a text into its pieces and looks them up all at once
(``_LightCounter._count_pieces``): its counts, its cost and where it gives up on the
allowance are those of reading a piece at a time (the remembering scan's loop), and its
counts are tiktoken's (speed91: ~0.13 µs a character of a cold fit's ~100,000)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.pricing.text import TiktokenCounter, _LightCounter, _toktok

_PIECES = st.sampled_from(
    ["hello", " world", "\n", "  ", "42", "3.14", "ÿ", "naïve", "日本語のテキスト", "'s", "'LL",
     " 9f8e7d6c5b4a", "\r\n", "Привет", "😀", "x" * 40, "e\u0301", " deadbeefcafebabe", "/", "::"]
)  # fmt: skip


@settings(max_examples=80, deadline=None, derandomize=True)
@given(
    st.lists(_PIECES, max_size=30),
    st.integers(0, 3_000),
    st.sampled_from(["o200k_base", "cl100k_base"]),
)
def test_counting_pieces_at_once_is_counting_one_at_a_time(
    pieces: list[str], allowance: int, name: str
) -> None:
    text = "".join(pieces * 3)
    at_once, one_by_one = _LightCounter(name), _LightCounter(name)
    at_once.allowance = one_by_one.allowance = allowance
    n, cost = at_once._scan(text, 0)
    assert (n, cost) == one_by_one._scan(text, 0, remember=True)
    if n >= 0:
        fast = _toktok(name)
        assert n == (
            fast.count(text)
            if fast is not None
            else len(TiktokenCounter(name).encoding.encode_ordinary(text))
        )


@settings(max_examples=80, deadline=None, derandomize=True)
@given(
    st.lists(st.lists(_PIECES, max_size=12).map("".join), min_size=1, max_size=40),
    st.integers(0, 4_000),
    st.sampled_from(["o200k_base", "cl100k_base"]),
)
def test_a_batch_of_short_texts_counts_as_each_text_alone(
    texts: list[str], allowance: int, name: str
) -> None:
    # (their class codes are made a group at a time, each text split within its own bounds:
    # a text ending in spaces or starting with a mark counts as it does alone)
    batch, alone = _LightCounter(name), _LightCounter(name)
    batch.allowance = alone.allowance = allowance
    counts = batch.count_many(texts)
    one_by_one = []
    for text in texts:
        n = alone.count_many([text])
        if n is None:
            break
        one_by_one += n
    if counts is not None:
        assert counts == one_by_one
        assert batch.spent == alone.spent


def test_a_batch_longer_than_one_group_of_codes_counts_as_each_text_alone() -> None:
    texts = [f"{'  naïve Привет 42 ' * (40 + i)}\n  " for i in range(60)]  # (~75,000 chars)
    counts = _LightCounter("o200k_base").count_many(texts)
    assert counts == [_LightCounter("o200k_base").count_many([t])[0] for t in texts]  # type: ignore[index]
