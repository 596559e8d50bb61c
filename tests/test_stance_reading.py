"""The shortcut that keeps recap verification linear: a record sentence is compared with a
claim's stance only when it may take one. ``Reading.marked`` False must be sure (every
segment then states its terms plainly, "+"), whatever words the stance rules learn next:
these properties fail when a rule (a negation, a correction, a keep or change word) is
added to ``stance`` without the quick test that ``Reading.marked`` reads."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from claim_cases import generate
from contextledger.compaction.facts import sentences
from contextledger.compaction.stance import (
    Reading,
    bound_conflicts,
    condition_conflict,
    only_conflict,
    opposed,
    term_polarity,
)

# Ordinary words, and every kind of word a stance rule reads, with the punctuation that
# cuts segments.
WORD_LIST = """
    the build fails in settings page because config loader reads stale path Redis Memcached
    cache port 5432 pool size retries tests suite deploy prod user assistant it they we
    not no never none nothing nobody nor neither without except avoid refrain forbidden
    banned off-limits unchanged untouched intact alone as is instead of rather than over
    under more less only just longer keep kept stays remain retain preserve leave in place
    allowed permitted fine ok okay free to go ahead delete modify drop push force release
    merge migrate install skip restart overwrite open upgrade rename replace move rewrite
    log print corrected changed switched moved updated was previously formerly originally
    replacing replaced used be from to use prefer prefers at most least unless even if
    regardless only, ; : ( ) - — . don't can't won't mustn't shouldn't doesn't didn't
"""
WORDS = WORD_LIST.split()

sentence = st.lists(st.sampled_from(WORDS), min_size=1, max_size=14).map(" ".join)


def _plain_everywhere(text: str) -> bool:
    return all(s == "+" for stances in term_polarity(text).values() for s in stances)


def _keeps(claim: str, said: str, flipped: bool) -> bool:
    """Whether ``claim`` keeps ``said``'s stance, read without any shortcut."""
    return (
        not opposed(claim, said, flipped=flipped)
        and not bound_conflicts(claim, said)
        and condition_conflict(claim, said) is None
        and only_conflict(claim, said) is None
    )


@settings(max_examples=400, deadline=None)
@given(sentence)
def test_an_unmarked_text_states_every_term_plainly(text: str) -> None:
    assert Reading(text).marked or _plain_everywhere(text), text


@settings(max_examples=400, deadline=None)
@given(sentence, sentence, st.booleans())
def test_a_claim_keeps_a_stance_as_read_without_the_shortcut(
    claim: str, said: str, flipped: bool
) -> None:
    kept = Reading(claim).change(Reading(said), flipped=flipped) is None
    assert kept is _keeps(claim, said, flipped)


def test_generated_sessions_sentences() -> None:
    texts = [
        s
        for session in generate(4, 3, "tune")
        for m in session.messages
        if isinstance(m.get("content"), str)
        for s in sentences(m["content"])
    ]
    texts += [
        s for session in generate(2, 3, "tune") for c in session.cases for s in sentences(c.recap)
    ]
    for text in texts:
        assert Reading(text).marked or _plain_everywhere(text), text
    # the generated sessions repeat their sentences (~1 in 9 is new): each pair once
    for claim in dict.fromkeys(texts[::7]):
        for said in dict.fromkeys(texts[::5]):
            kept = Reading(claim).change(Reading(said)) is None
            assert kept is _keeps(claim, said, False), (claim, said)


def test_a_full_stop_after_an_only_path_is_not_part_of_it() -> None:
    """The record's "only in config/production.toml. And keep …" and a recap sentence that
    ends at the path single out the same file (an honest correction was removed)."""
    said = "Correction: don't change the TTL in code, only in config/production.toml. And keep 300."
    assert only_conflict("only in config/production.toml", said) is None
    assert only_conflict("only in config/staging.toml", said) is not None


def test_a_thing_said_frozen_or_read_only_keeps_it_as_the_ban_does() -> None:
    # R34-V2: "X is frozen" restates "Don't touch X, it is frozen" (keeping agrees with a
    # ban on changing); saying it may change still turns the ban around
    ban = "Don't touch the eval split under /mnt/datasets/eval, it is frozen."
    assert opposed("The eval split under /mnt/datasets/eval is frozen.", ban) == frozenset()
    assert opposed("The schema is read-only.", "Never change the schema.") == frozenset()
    assert "split" in opposed("The eval split may now be modified.", ban)
    assert "schema" in opposed("The schema was changed.", "Never change the schema.")


def test_a_reason_is_read_alike_with_and_without_the_shortcut() -> None:
    """train130's CI drew this: Reading.change left a flipped claim's reason terms out
    (verify41: "the user forbade X because Y" negates X, not Y), ``opposed`` did not."""
    for claim, said in [
        ("because build", "build"),
        ("forbade deploy because tests fail", "deploy"),
    ]:
        for flipped in (False, True):
            kept = Reading(claim).change(Reading(said), flipped=flipped) is None
            assert kept is _keeps(claim, said, flipped), (claim, said, flipped)
