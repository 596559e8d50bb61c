"""``intent.changes_course`` finds a change of course in exactly the sentences
``lexicon.COURSE_CHANGE`` matches, its gapped alternatives searched only where their own word
is (speed59: a German helpdesk turn of nouns and ticket numbers took ~50 ms a sentence,
a cold fit of such a chat 3-4 s)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger import fit, intent
from contextledger.intent import changes_course, turns_course
from contextledger.lexicon import intent as lexicon

# Words of every alternative (the values each pattern names, the verbs, the closing words),
# and filler a helpdesk or a chat writes around them
PIECES = [
    "Redis 6", "Valkey 8", "`make test`", "v1.2.3", "OR-Tools", "MQTT v5", "#977407100",
    "Lager", "Konto", "belastet", "dringend", "Bestellung", "the", "please", "everywhere",
    "Ersetze", "durch", "replace", "with", "swap", "Cseréld le", "a", "-ra", "statt",
    "instead of", "zamiast", "vergiss das", "forget that", "switch to", "steig auf", "um",
    "را با", "جایگزین کن", "に置き換えて", "を", "忘れて", "잊어 줘", "로 교체", "换成", "把",
    "বদলে", "দাও", "की जगह", "से बदलो", "ile değiştir", "unut", "unutun", "nicht", "not",
    "ikke", "말고", "ไม่ใช่", "Memcached", "FastAPI", "Flask", "ok", "S3 Glacier", "16",
]  # fmt: skip
GLUE = [" ", " ", " ", ", ", " — ", "\n", ". ", "? ", "", "  "]

sentences = st.lists(
    st.tuples(st.sampled_from(PIECES), st.sampled_from(GLUE)), min_size=1, max_size=14
).map(lambda parts: "".join(p + g for p, g in parts))


@settings(max_examples=400, deadline=None, derandomize=True)
@given(sentences)
def test_a_change_of_course_is_found_where_the_whole_pattern_finds_one(sentence: str) -> None:
    assert changes_course(sentence) == bool(lexicon.COURSE_CHANGE.search(sentence))


SAID = [
    "Ersetze überall Redis 6 durch Valkey 8.",
    "همه‌جا Redis 6 را با Valkey 8 جایگزین کن.",
    "Redis 6をValkey 8に置き換えてください。",
    "সব জায়গায় Redis 6 বদলে Valkey 8 দাও।",
    "把 Redis 6 换成 Valkey 8",
    "Memcached 말고 Redis 7을 써요.",
    "Redis 6 ile değiştir Valkey 8",
    "Jenkins 1 hakkında söylediklerimi unutun",
    "Use Redis 7, not Memcached.",
    "Zaboravi Jenkins, koristimo GitLab CI 16.",
    "Lieferung dringend #977407100 belastet Lager Lieferung bitte Konto belastet verspätet "
    "Konto #631208499 Bestellung #765238102 Sendung #993763335 #927542665 Rückerstattung "
    "Bestellung Passwort Sendung Passwort #906793634 bitte Passwort Rückerstattung doppelt.",
    "ok",
]


def test_the_lexicon_examples_and_a_helpdesk_turn_read_as_the_whole_pattern_reads_them() -> None:
    for sentence in SAID:
        assert changes_course(sentence) == bool(lexicon.COURSE_CHANGE.search(sentence)), sentence
    assert turns_course("Ersetze überall Redis 6 durch Valkey 8.")
    assert not turns_course(SAID[-2])


def test_the_split_alternatives_are_the_whole_patterns() -> None:
    """The pattern is as it was (its stored form and RE2 superset stay valid), and each
    gapped alternative is one of its alternatives, holding the word searched for first."""
    assert lexicon.COURSE_CHANGE.pattern == (
        f"(?i)(?:{lexicon.INSTEAD_OF}|{lexicon.RETRACTED}|{lexicon.FORGOTTEN}|"
        f"{lexicon.SWITCH_TO}|{lexicon.REPLACED})"
    )
    for word, gapped in lexicon.COURSE_CHANGE_GAPPED:
        inner = gapped.pattern.removeprefix("(?i)(?:").removesuffix(")")
        assert inner in lexicon.COURSE_CHANGE.pattern
        assert word.pattern.removeprefix("(?i)") in inner
    for part in (lexicon.COURSE_CHANGE_WORDED, lexicon.COURSE_CHANGE_VERB_FIRST):
        for inner in part.pattern.removeprefix("(?i)(?:").removesuffix(")").split("|"):
            assert inner in lexicon.COURSE_CHANGE.pattern


def test_a_sentence_the_worded_superset_rules_out_is_read_as_the_whole_pattern_reads_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the worded alternatives' RE2 superset compiled (a warm process) and without it
    (a fresh one, below what compiling it costs), the same answers: the superset only rules
    sentences out (speed63: ~2 ms a helpdesk sentence searched whole, half a cold fit)."""
    said = [*SAID, "Usa Redis 7 invece di Memcached.", "Nimm OR-Tools statt eines Solvers.",
            "Steig auf NATS um.", "Vergiss das, wir nehmen GitLab CI 16."]  # fmt: skip
    with_screen = [changes_course(s) for s in said]
    with monkeypatch.context() as fresh:
        never_built = (re.compile("never compiled"),)
        fresh.setattr(
            intent, "_COURSE_CHANGE_SEARCH", intent._CompiledWhenItPays(never_built, 10**9)
        )
        alone = [changes_course(s) for s in said]
        assert not intent._COURSE_CHANGE_SEARCH.by_re2(1)
    assert with_screen == alone == [bool(lexicon.COURSE_CHANGE.search(s)) for s in said]
    assert sum(with_screen) >= 10


def test_a_fit_of_a_helpdesk_chat_decides_as_with_the_whole_pattern(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A fit of generated helpdesk chats (the sentences that cost ~50 ms each) sends and
    reports exactly what it does when ``COURSE_CHANGE`` is searched whole."""
    from fit_sessions import helpdesk_session

    def outcome() -> list[str]:
        out = []
        for seed, window in ((3, 8_000), (4, 16_000)):
            dicts = helpdesk_session(n=300, images=4, seed=seed)
            result = fit(dicts, "gpt-4o", window=window, max_output_tokens=1_000)
            out.append(repr((result.messages, result.report)))
        return out

    split = outcome()
    with monkeypatch.context() as whole:
        whole.setattr(intent, "changes_course", lambda s: bool(lexicon.COURSE_CHANGE.search(s)))
        assert outcome() == split
