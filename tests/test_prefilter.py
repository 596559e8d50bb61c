"""RE2's "surely not" (``prefilter``) never says so of a text Python's pattern finds something
in, and the classification that uses it says what the per-text questions say."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import steering_reference
from contextledger import intent, prefilter, printed
from contextledger.compaction import failures
from contextledger.fit import gists
from contextledger.intent import steering_requests
from contextledger.lexicon.common import compiled_on_use
from contextledger.prefilter import (
    Union,
    by_first_character,
    first_possible,
    may_search,
    superset,
    touched,
)
from test_intent import texts

re2 = pytest.importorskip("re2")

# the patterns the classification prefilters, and others of other shapes
PATTERNS = [
    intent._CORRECTION,
    intent._CONSTRAINT,
    intent._EUROPEAN_STEERING,
    intent._DECISION,
    intent._RESTATES,
    intent._TALK,
    intent._UNSPACED_STEERING,
    intent._CONTRASTS_MAYBE,
    intent._RESTATES_OPENING,
    intent._DENIED_FIRST,
    intent._AND_NOT,
    intent._STEERING_SHAPES,
    re.compile(r"(?i)\bstraße\b|ǅ|ſ|[^\W\d_]{2,}x|(?<!a)b{2,4}c|^\d+$|[^\S\n]x|\bΐ"),
    re.compile(r"(?m)^\s*no\b|\Aok|x^y"),
]
# every character that has a case, or that Python's case-insensitive matching equates with
# another (and a few of each script besides)
CASED = sorted(
    {
        chr(c)
        for c in range(sys.maxunicode + 1)
        if not 0xD800 <= c <= 0xDFFF
        and (chr(c).lower() != chr(c) or chr(c).upper() != chr(c) or chr(c).casefold() != chr(c))
    }
)


def test_every_pattern_of_the_classification_is_translated() -> None:
    for pattern in PATTERNS:
        assert superset(pattern) is not None, pattern.pattern[:80]


def test_a_letter_matches_every_letter_python_equates_with_it() -> None:
    """Per literal letter of the patterns, every cased character Python's case-insensitive
    match takes, RE2's superset takes (İ and ı for "i", which RE2's folding leaves out)."""
    letters = sorted({ch for p in PATTERNS for ch in p.pattern if ch.isalpha()})
    universe = "".join(CASED)
    for letter in letters:
        python = re.compile(f"(?i){re.escape(letter)}")
        taken = {m.group() for m in python.finditer(universe)}
        prefilter = superset(python)
        missed = [ch for ch in taken if not may_search(prefilter, ch)]
        assert not missed, (letter, missed)


def test_classes_and_categories_are_as_wide_as_pythons() -> None:
    # the first blocks whole, then every 7th character and every space and digit (not NUL:
    # no class of a prefilter takes it, and a text holding one is searched exactly)
    every = "".join(
        chr(c)
        for c in range(1, sys.maxunicode + 1)
        if not 0xD800 <= c <= 0xDFFF
        and (c < 0x3400 or c % 7 == 0 or chr(c).isspace() or chr(c).isdecimal())
    )
    for source in (r"\w", r"\s", r"\d", r"[\w']", r"[^\W\d_]", r"[^\S\n]", r"\W", r"\S", r"."):
        wanted = "".join(re.findall(source, every))  # each character Python's takes
        prefilter = superset(re.compile(source))
        whole = re2.compile(b"(?:" + prefilter.pattern + b")*")  # (RE2's takes them all)
        assert whole.fullmatch(wanted.encode()), source


def test_a_superset_in_parts_takes_a_texts_start_anywhere() -> None:
    """A pattern searched in each part of a text (a sentence) may match at a part's start:
    its superset ``in_parts`` leaves a text's start out (it is searched in the whole)."""
    anchored = re.compile(r"(?:^|,\s*)vergiss\b")
    assert not may_search(superset(anchored), "ok\nvergiss Redis")
    assert may_search(superset(anchored, in_parts=True), "ok\nvergiss Redis")
    assert touched(superset(anchored, in_parts=True), ["ok", "Build 7.\nvergiss"]) == {1}


def test_a_space_is_one_of_pythons_spaces_and_nothing_else() -> None:
    """``\\s`` is translated exactly (a ``\\s+`` as wide as every letter of another script
    kept RE2's automaton building states over whole texts)."""
    spaces = {c for c in range(1, sys.maxunicode + 1) if chr(c).isspace()}
    prefilter = superset(re.compile(r"\s"))
    for c in (*spaces, *range(1, 0x3400), *range(0x3400, sys.maxunicode + 1, 97)):
        if not 0xD800 <= c <= 0xDFFF:
            assert may_search(prefilter, chr(c)) is (c in spaces), hex(c)


def test_the_stored_translations_are_what_the_translation_makes_now() -> None:
    """``prefilter.TRANSLATIONS`` holds each screened pattern's translation as made now (a
    pattern or the translation changed: run scripts/make_re2_supersets.py)."""
    with open(prefilter.TRANSLATIONS, encoding="utf-8") as f:
        stored = json.loads(f.read())
    made = {
        prefilter.translation_key(pattern, in_parts): prefilter.translate(pattern, in_parts)
        for pattern, in_parts in [
            *intent.SCREENED,
            (printed.ERROR_SCREENED, False),
            *gists.SCREENED,
            *failures.SCREENED,
        ]
    }
    fresh = {key: sources for key, sources in made.items() if sources is not None}
    assert stored == fresh, "run scripts/make_re2_supersets.py and commit its file"


def test_the_screened_patterns_are_the_same_in_every_process() -> None:
    """A pattern built from a set in the set's order differed between processes (its
    stored translation was then not found)."""
    code = (
        "from contextledger import intent, prefilter, printed\n"
        "from contextledger.compaction import failures\n"
        "from contextledger.fit import gists\n"
        "screened = (*intent.SCREENED, *gists.SCREENED, *failures.SCREENED)\n"
        "print([prefilter.translation_key(p, i) for p, i in screened])\n"
        "print(prefilter.translation_key(printed.ERROR_SCREENED))"
    )
    keys = {
        subprocess.run(
            [sys.executable, "-c", code], env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True, text=True, check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }  # fmt: skip
    assert len(keys) == 1


def test_a_stored_translation_is_read_without_translating_or_compiling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A screened pattern's superset is compiled from its stored translation: Python's
    parser is not run, and a pattern compiled on use is not compiled by it."""
    pytest.importorskip("re2")

    def no_translating(*_: object) -> None:
        raise AssertionError("translated")

    monkeypatch.setattr(prefilter, "translate", no_translating)
    fresh = compiled_on_use(intent._DECISION.pattern)
    screen = superset(fresh)
    assert fresh.__dict__["_compiled"] is None  # (not compiled)
    assert may_search(screen, "La supervisora aprobó el reembolso completo.")
    assert not may_search(screen, "Please fix the flaky login test.")
    assert prefilter.is_stored(fresh) and not prefilter.is_stored(re.compile("unstored"))


def test_a_digit_is_a_decimal_digit_and_no_letter() -> None:
    """``\\d`` is translated as the decimal digits (as every character outside ASCII, a
    ``\\d+`` ran over the letters of a text in another script)."""
    prefilter = superset(re.compile(r"\d"))
    for c in (*range(1, 0x3400), *range(0x3400, sys.maxunicode + 1, 97)):
        if 0xD800 <= c <= 0xDFFF:
            continue
        if chr(c).isdecimal():
            assert may_search(prefilter, chr(c)), hex(c)
        elif chr(c).isalpha() or chr(c).isspace():
            assert not may_search(prefilter, chr(c)), hex(c)


# texts that hold the patterns' phrases, in several scripts, cut and cased every way
@settings(max_examples=30)
@given(texts)
def test_no_text_a_pattern_finds_something_in_is_left_out(text: str) -> None:
    for pattern in PATTERNS:
        if pattern.search(text):
            assert may_search(superset(pattern), text), (pattern.pattern[:60], text)


@settings(max_examples=15)
@given(st.lists(texts, max_size=12))
def test_one_pass_over_many_texts_marks_every_text_each_would(batch: list[str]) -> None:
    for pattern in PATTERNS:
        found = touched(superset(pattern), batch)
        if found is None:  # (a lone surrogate or a NUL: every text may)
            assert any(unicodedata.category(ch) == "Cs" or ch == "\x00" for t in batch for ch in t)
            continue
        assert {i for i, t in enumerate(batch) if pattern.search(t)} <= found


@settings(max_examples=30)
@given(texts, st.integers(0, 40), st.sampled_from(["", "ünï ", "x\n" * 30]))
def test_a_search_started_where_the_superset_may_first_match_finds_the_same(
    text: str, pos: int, before: str
) -> None:
    """``first_possible`` is never past where the exact search from ``pos`` starts, and -1
    only when it finds nothing (a text beyond ASCII counted in characters, not bytes)."""
    text = before + text
    pos = min(pos, len(text))
    for pattern in PATTERNS:
        found = pattern.search(text, pos)
        at = first_possible(superset(pattern), text, pos)
        if found is None:
            assert at == -1 or pattern.search(text, at) is None
            continue
        assert pos <= at <= found.start(), (pattern.pattern[:60], text, pos)
        assert pattern.search(text, at).span() == found.span()  # type: ignore[union-attr]


def test_where_the_superset_may_first_match_is_the_search_start_when_re2_cannot_tell() -> None:
    prefilter = superset(intent._CONSTRAINT)
    assert first_possible(prefilter, "fix\x00 the login test", 2) == 2
    assert first_possible(prefilter, "\ud800 never touch prod") == 0
    assert first_possible(None, "never touch prod", 3) == 3
    assert first_possible(prefilter, "fix the login test") == -1


def test_a_lone_surrogate_or_a_nul_is_read_by_the_exact_search() -> None:
    prefilter = superset(intent._CONSTRAINT)
    assert may_search(prefilter, "\ud800 never touch prod")
    assert touched(prefilter, ["fine", "\ud800"]) is None
    assert not may_search(prefilter, "fix the login test")
    assert may_search(prefilter, "fix\x00 the login test")
    assert touched(prefilter, ["fine", "a\x00b"]) is None


def test_a_texts_start_is_where_its_search_starts_or_after_the_nul_before_it() -> None:
    """A pasted diff's "if not ok" opens no sentence: it no longer passes the prefilter of
    a correction by its shape ("(?:^|[.!?]\\s*|\\n)\\W*not\\s"), which took about half the
    short texts of a code review chat while the exact search took none."""
    prefilter = superset(intent._CONTRASTS_MAYBE)
    batch = [
        "+    if not ok: return None",
        "Fine. Not that one.",
        "x",
        "not that",
        "nope",
        "nicht 8080, sondern 8443",
    ]
    assert touched(prefilter, batch) == {1, 3, 5}
    assert not may_search(prefilter, batch[0]) and may_search(prefilter, batch[3])
    lines = superset(re.compile(r"(?m)^no\b"))
    assert touched(lines, ["a\nno", "x no", "no"]) == {0, 2}


def test_no_match_runs_from_one_text_into_the_next() -> None:
    prefilter = superset(re.compile(r"(?i)\bkeep\s+(?:\S+\s+){0,15}?unchanged\b"))
    assert touched(prefilter, ["keep the", "API unchanged", "keep it unchanged"]) == {2}


@settings(max_examples=25)
@given(st.lists(texts, max_size=10))
def test_the_classification_with_the_prefilter_is_the_per_text_one(
    batch: list[str],
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(intent, "_PREFILTER_FROM", 0)  # (small batches use it too)
        for name, patterns in (
            ("_SHAPE_SEARCH", intent._SHAPES),
            ("_DECISION_SEARCH", (intent._DECISION,)),
        ):
            patch.setattr(intent, name, intent._CompiledWhenItPays(patterns, 0))
        assert steering_requests(batch) == steering_reference(batch)


def test_a_long_session_is_classified_alike_with_and_without_the_prefilter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    phrases = [
        "Actually, use Redis not Memcached for the cache layer.",
        "Ne touchez jamais à la base de production sans mon accord écrit.",
        "Bitte keine Änderungen an der API ohne Freigabe durch das Team.",
        "No despliegues nada los viernes, nunca, bajo ninguna circunstancia.",
        "本番環境のデータベースには絶対に触らないでください。",
        "The supervisor Juliana approved the full refund for order 1182.",
        "Can you check the échange of the colis for the client, please?",
        "Commande livraison remboursement facture colis retard client adresse.",
        "Pedido envío reembolso factura paquete retraso cliente dirección cambio.",
        "Don't worry about the style, I always forget cron syntax anyway haha.",
        "To be clear, the goal is a green build on the release branch today.",
        "İstanbul ekibi ıslak imza istemedi, değil mi?",
    ]
    batch = [f"{phrases[i % len(phrases)]} [{i:x}]" for i in range(600)]
    expected = steering_requests(batch)  # (over the threshold: the prefilter reads them)
    monkeypatch.setattr(intent, "_PREFILTER_FROM", 1 << 60)
    monkeypatch.setattr(intent, "_PREFILTER_BUILT_FROM", 1 << 60)  # (built by now)
    assert steering_requests(batch) == expected == steering_reference(batch)
    assert expected[0] and expected[1]


def _spans_alike(pattern: re.Pattern[str], text: str) -> None:
    split = by_first_character(pattern)
    split.build()  # (else the whole pattern serves its first matches)
    for at in range(len(text)):
        for end in (len(text), (at + len(text)) // 2 + 1):
            whole = pattern.match(text, at, end)
            part = split.get(text[at]).match(text, at, end)
            assert (whole and whole.span()) == (part and part.span()), (
                pattern.pattern[:60],
                text,
                at,
            )


@settings(max_examples=30)
@given(texts)
def test_a_pattern_split_by_first_character_matches_where_the_whole_does(text: str) -> None:
    """At every position, the alternatives that may start with its character match exactly
    as the whole pattern: the same first match, the same span (to the text's end or not)."""
    for pattern in (*PATTERNS[:-2], intent._EUROPEAN_CORRECTION, intent._EUROPEAN_CONSTRAINT):
        _spans_alike(pattern, text)


def test_a_letter_equated_with_another_ignoring_case_is_in_its_split() -> None:
    """A first letter outside ASCII (ſ, the Kelvin sign) or a class: every ASCII letter's
    alternatives hold it; an optional or a leading group's alternatives are split exactly."""
    pattern = re.compile(
        r"(?i)\u017ftop|\u212aeep|\b(?:du|wir)\s+(?:\S+\s+)?soll|(?:a|b)c|d?e|[x-z]+q|(?<=,)n"
    )
    for text in ("Stop now", "KEEP it", "du es soll", "wir soll", "bc", "de", "e", "zzq", "a,n"):
        _spans_alike(pattern, text)
    assert by_first_character(pattern).get("z").match("zq")
    grouped = re.compile("(a)b|c")  # (a capturing group: not split, the whole pattern serves)
    assert by_first_character(grouped).get("a") is grouped
    assert by_first_character(pattern).get("k").match("keep")


def test_a_pattern_is_split_only_once_its_whole_has_served_many_matches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """R22-S1: the European rules' split (31 patterns compiled, ~0.15-1 s) was made at the
    first European word a process met, most of a fresh process's first fit; the whole
    pattern serves until the split would pay for itself."""
    monkeypatch.setattr(prefilter, "_SPLIT_AFTER", 2)
    pattern = re.compile(r"(?i)stop|keep|\bsoll")
    split = prefilter.FirstCharacterSplit(pattern)
    assert split.get("k") is pattern and split.get("s") is pattern and not split.is_split
    assert split.get("k") is not pattern and split.is_split
    assert split.get("k").match("keep") and not split.get("k").match("stop")


def test_a_fresh_processs_first_fit_splits_no_pattern() -> None:
    probe = """
import contextledger
from contextledger import intent, prefilter
said = ["Bitte ändere nie die Haftungsklausel.", "Nikoli ne spreminjaj sheme baze.", "ok",
        "Huwag mong galawin ang produksyon.", "Ne touchez jamais au schéma.", "Fix the test."]
msgs = [{"role": "user" if i % 2 == 0 else "assistant", "content": f"{said[i % 6]} {i}"}
        for i in range(601)]
contextledger.fit(msgs, "gpt-4o", window=2_000)
patterns = (intent._EUROPEAN_STEERING, intent._EUROPEAN_CORRECTION, intent._EUROPEAN_CONSTRAINT)
print(sum(prefilter.by_first_character(p).is_split for p in patterns))
"""
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert run.stdout.split()[-1] == "0"


CONTRASTS = [
    "Not port 8080, use port 8443.",
    "Perdón, usa Valkey y no Redis para la caché.",
    "Redis 6 नहीं, Redis 7 इस्तेमाल करो।",
    "不是Postgres 14，用Postgres 16。",
    "STM32F4 değil STM32G4.",
    "не знаю. Нет, спасибо!",
    "No worries, and not now.",
    "Non 8080: la porta giusta è 8443?",
]


@settings(max_examples=40)
@given(st.lists(texts | st.sampled_from(CONTRASTS), max_size=10))
def test_corrections_by_their_shape_are_found_alike_with_the_prefilter(batch: list[str]) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(intent, "_PREFILTER_FROM", 0)  # (small batches use it too)
        assert intent._contrasting(batch) == [intent._contrasts_in(t) for t in batch]


def test_a_long_alternation_is_searched_in_parts_of_bounded_size() -> None:
    """RE2 builds its DFA lazily on the text it reads: one 55 KB alternation (the correction
    shapes of 23 languages) cost 15-100 ms on each never-seen session; parts of at most
    8,000 characters of alternatives cost 3-18 ms. The parts still find every text the
    pattern does (the superset tests above)."""
    found = superset(intent._STEERING_SHAPES)
    if found is None:
        pytest.skip("RE2 is not installed")
    parts = found.parts if isinstance(found, Union) else (found,)
    assert len(parts) > 1
    assert all(len(part.pattern) <= 8_000 + 64 for part in parts)


def test_each_screen_reads_only_the_texts_its_answer_is_asked_of(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The European rules' screen reads only the candidates with a European word start,
    the English ones' only those with an English one (speed72); a text read by neither is
    still a correction when it opens as one ("— no, …"): the same answers as each text read
    on its own."""
    batch = [
        "Ne touchez jamais à la base de production sans mon accord écrit.",
        "Actually, use Redis not Memcached for the cache layer.",
        "Kalau bisa, jangan ubah skema basis data tanpa persetujuan saya ya.",
        "— no, the timeout is 45 seconds, not 30.",
        "Commande livraison remboursement facture colis retard client adresse.",
        "Bitte keine Änderungen an der API ohne Freigabe durch das Team.",
        "Can you check the échange of the colis for the client, please?",
    ] * 3
    monkeypatch.setattr(intent, "_PREFILTER_FROM", 0)  # (small batches are screened too)
    assert steering_requests(batch) == steering_reference(batch)
    assert steering_requests(batch)[0]


def test_a_letter_outside_ascii_equals_an_ascii_one_only_where_the_translation_says() -> None:
    """A part of a superset whose every match holds a character outside ASCII is never
    searched in an ASCII text: only the characters ``_FOLDS_INTO_ASCII`` lists equal an
    ASCII letter ignoring case, in Python's engine or in RE2's."""
    wide = "".join(chr(c) for c in range(0x80, sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF)
    data = wide.encode("utf-8")
    equal = set()
    for letter in "abcdefghijklmnopqrstuvwxyz":
        equal.update(re.findall(f"(?i){letter}", wide))
        equal.update(m.decode() for m in re2.findall(f"(?i){letter}".encode(), data))
    assert equal == set(prefilter._FOLDS_INTO_ASCII)
    # and the other way: no other character outside ASCII, as a pattern, matches an ASCII one
    left_out = sorted({*range(0xD800, 0xE000), *map(ord, prefilter._FOLDS_INTO_ASCII)})
    spans, lo = [], 0x80
    for c in [*left_out, sys.maxunicode + 1]:
        if lo < c:
            spans.append((lo, c - 1))
        lo = max(lo, c + 1)
    python_class = "".join(f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in spans)
    re2_class = "".join(f"\\x{{{a:x}}}-\\x{{{b:x}}}" for a, b in spans)
    ascii_text = "".join(map(chr, range(1, 128)))
    assert re.search(f"(?i)[{python_class}]", ascii_text) is None
    assert re2.search(f"(?i)[{re2_class}]".encode(), ascii_text.encode()) is None


def test_an_ascii_text_compiles_no_part_of_other_scripts() -> None:
    """A chat in ASCII never builds the automata of the alternatives in other scripts; a
    text in them is still found, and so are the ASCII letters they equal ignoring case."""
    pattern = re.compile(r"(?i)\bnever\s+deploy\b|不要部署|절대\s*배포|ſtop|\u212aeep|ıt")
    screen = superset(pattern)
    assert isinstance(screen, Union)
    assert touched(screen, ["please never deploy", "stop it", "keep", "it", "fine"]) == {
        0, 1, 2, 3,
    }  # fmt: skip
    assert not any(part.wide and part._compiled for part in screen._parts)
    assert touched(screen, ["ok", "请不要部署", "절대 배포 금지"]) == {1, 2}
    assert may_search(screen, "Keep") and not may_search(screen, "deploy")


# Texts of the shapes' words, so that a Union's first parts hit some and its later parts others
SHAPED_WORDS = st.sampled_from(
    ["not", "never", "nie", "statt", "instead", "must", "every time", "per favore", "ok", "no,",
     "é", "日本", "snake_case", "Set ttl_s to 5.", ".", "\n", " ", "x", "?"]
)  # fmt: skip
SHAPED_TEXTS = st.lists(SHAPED_WORDS, max_size=8).map(" ".join)


@settings(max_examples=60)
@given(st.lists(texts | SHAPED_TEXTS, max_size=14))
def test_one_pass_over_many_texts_marks_the_texts_a_search_of_each_would(
    batch: list[str],
) -> None:
    """``touched`` is ``may_search`` of each text, a Union's later parts reading only the
    texts its earlier ones did not hit (its texts joined again, NULs between them)."""
    for pattern, in_parts in [(p, False) for p in PATTERNS] + [(s, True) for s in intent._SHAPES]:
        prefilter = superset(pattern, in_parts)
        found = touched(prefilter, batch)
        if found is None:
            continue
        assert found == {i for i, t in enumerate(batch) if may_search(prefilter, t)}, pattern


def test_a_later_part_of_a_union_reads_the_texts_no_earlier_part_hit() -> None:
    prefilter = superset(intent._STEERING_SHAPES)
    assert isinstance(prefilter, Union) and len(prefilter.parts_for(False)) > 2
    batch = ["Not 8080 but 8443.", "x", "Nie wieder Freitag deployen.", "ok", "never on fridays"]
    assert touched(prefilter, batch) == {i for i, t in enumerate(batch) if may_search(prefilter, t)}


@settings(max_examples=40)
@given(st.binary(max_size=60), st.sampled_from([b"a+", b"", b"(?:x|)", b"[ \x00](?:no|ne)", b"b*"]))
def test_re2s_own_calls_find_what_its_bindings_find(data: bytes, source: bytes) -> None:
    pattern = re2.compile(source)
    assert prefilter.re2_spans(pattern, data) == [m.span() for m in pattern.finditer(data)]
    for pos in range(len(data) + 2):
        found = pattern.search(data, pos)
        assert prefilter.re2_start(pattern, data, pos) == (-1 if found is None else found.start())
