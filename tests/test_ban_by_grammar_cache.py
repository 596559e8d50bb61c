"""What asking whether a text bans by its grammar leaves in memory: a 12,000-turn chat's fit
held a cache entry for every text asked (~3,000 of them, 0.27 MB, 0.08x the input at its
peak), each keeping its text alive after the fit (speed95, bench_fit --memory)."""

from __future__ import annotations

from contextledger.lexicon import negation


def test_texts_without_a_banning_word_leave_no_cache_entry() -> None:
    before = negation._bans_by_grammar.cache_info().currsize
    said = [f"Sounds good, thanks for turn {i}." for i in range(500)]
    assert not any(map(negation.banned_by_grammar, said))
    assert negation._bans_by_grammar.cache_info().currsize == before


def test_a_text_with_a_banning_word_is_read_as_before() -> None:
    assert negation.banned_by_grammar("Stuur geen facturen naar klanten.")
    assert not negation.banned_by_grammar("Geen zorgen, ga door.")
    assert negation.banned_by_grammar("Stuur geen facturen naar klanten.")  # (cached)
