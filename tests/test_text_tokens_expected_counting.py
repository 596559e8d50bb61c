"""A fit that says how much it will count (``TiktokenCounter.expect``) has the pure-Python
path hand over to the compiled tokenizer as soon as what it has cost a token says it could
not count that much within its allowance, not after spending it all; its counts stay exact."""

from __future__ import annotations

import functools
import random

from contextledger.pricing import text as text_mod
from contextledger.pricing.text import TiktokenCounter

# Letters of scripts earlier tests count (Georgian, Armenian, Vietnamese): words made of
# random syllables are never-seen words, most of them merged piece by piece (costly here)
_SYLLABLES = {
    "ka": ("ბგდვზთკლმნპრსტფქღყშჩცძწჭხჯჰ", "აეიოუ"),
    "hy": ("բգդզթժլխծկհձղճմյնշչպջռսվտրցփքֆ", "աեէըիոու"),
    "vi": ("bcdghklmnpqrstvx", "aăâeêioôơuưáàảãạắằẳẵặấầẩẫậ"),
}


def _never_seen_text(seed: int, chars: int) -> list[str]:
    """Turns of random-syllable words in three scripts, ``chars`` characters in all."""
    rng = random.Random(seed)
    texts: list[str] = []
    size = 0
    while size < chars:
        consonants, vowels = _SYLLABLES[rng.choice(list(_SYLLABLES))]
        words = (
            "".join(rng.choice(consonants) + rng.choice(vowels) for _ in range(rng.randint(2, 5)))
            for _ in range(rng.randint(20, 60))
        )
        text = " ".join(words) + "."
        texts.append(text)
        size += len(text)
    return texts


@functools.cache
def _compiled() -> TiktokenCounter:
    counter = TiktokenCounter.named("o200k_base")
    counter.warm()
    return counter


def test_expecting_more_than_the_allowance_covers_hands_over_early_counting_exactly() -> None:
    texts = _never_seen_text(1, 20_000)
    light = text_mod._LightCounter("o200k_base")
    # (a window's worth that the allowance cannot cover at what these words cost)
    assert light.count_many(texts, expected=10 * sum(map(len, texts))) is None
    assert light.allowance == text_mod._LIGHT_ALLOWANCE  # (nothing spent for nothing)

    counter = TiktokenCounter("o200k_base")
    counter.expect(40 * sum(map(len, texts)))
    assert counter.count_many(texts) == _compiled().count_many(texts)


def test_without_an_expectation_the_same_text_stays_on_the_pure_python_path() -> None:
    texts = _never_seen_text(2, 20_000)
    light = text_mod._LightCounter("o200k_base")
    counts = light.count_many(texts)
    assert counts == _compiled().count_many(texts)
    assert light.allowance < text_mod._LIGHT_ALLOWANCE  # (counted here)


def test_an_expectation_the_allowance_covers_stays_on_the_pure_python_path() -> None:
    """Ordinary prose expected at about a window of 32k tokens costs the pure-Python path
    less than its allowance: it counts it, in parts, as before."""
    rng = random.Random(3)
    words = ["the", "report", "shows", "that", "payments", "failed", "after", "deploy", "we"]
    texts = [" ".join(rng.choice(words) for _ in range(80)) + "." for _ in range(400)]
    light = text_mod._LightCounter("o200k_base")
    expected = 32_000
    got: list[int] = []
    for at in range(0, len(texts), 50):
        part = light.count_many(texts[at : at + 50], expected=expected)
        assert part is not None
        got += part
        expected = max(0, expected - sum(part))
    assert got == _compiled().count_many(texts)


def _recurring_words_text(seed: int, chars: int) -> list[str]:
    """Turns drawn from a session's own 6,000 never-seen words (they recur, as a
    conversation's do): the pure-Python path's first pieces are new words, merged at a
    cost, its later ones mostly remembered."""
    rng = random.Random(seed)
    vocabulary = []
    for _ in range(6_000):
        consonants, vowels = _SYLLABLES[rng.choice(list(_SYLLABLES))]
        vocabulary.append(
            "".join(rng.choice(consonants) + rng.choice(vowels) for _ in range(rng.randint(2, 4)))
        )
    texts: list[str] = []
    size = 0
    while size < chars:
        text = " ".join(rng.choice(vocabulary) for _ in range(rng.randint(20, 60))) + "."
        texts.append(text)
        size += len(text)
    return texts


def _count_in_batches(
    light: text_mod._LightCounter, texts: list[str], expected: int
) -> list[int] | None:
    got: list[int] = []
    for at in range(0, len(texts), 40):
        part = light.count_many(texts[at : at + 40], expected=expected)
        if part is None:
            return None
        got += part
        expected = max(0, expected - sum(part))
    return got


def test_an_expectation_within_the_allowance_is_not_handed_over_on_a_cold_memos_cost() -> None:
    """The first pieces of a session's words are new (merged, costly), the later ones
    remembered: what the first ~16,000 characters cost a token is well above the whole
    count's. A count the allowance covers, expected in full, stays on the pure-Python
    path rather than building the compiled tokenizer (and its vocabulary's dict) for it."""
    texts = _recurring_words_text(4, 120_000)
    measure = text_mod._LightCounter("o200k_base")
    measure.allowance = 10**12
    counts = _count_in_batches(measure, texts, 0)
    assert counts == _compiled().count_many(texts)

    light = text_mod._LightCounter("o200k_base")
    light.allowance = measure.spent * 5 // 4  # (the whole count spends 80 % of it)
    assert _count_in_batches(light, texts, sum(counts)) == counts
