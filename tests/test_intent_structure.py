"""Corrections and rules read by their structure in every language the fit pins for
(issue #14 item 2; red team RT26-14, review R21-S1): one value put in another's place, a
value said then the one it replaces denied, what was said taken back, a question that puts
the right value forward, an obligation that holds every time, a courteous negated order."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger import fit, intent
from contextledger.intent import (
    is_constraint,
    is_correction,
    standing_order,
    steering_requests,
    turns_course,
)
from contextledger.prefilter import may_search, superset, touched

CORRECTIONS = [
    "Nimm OR-Tools statt eines eigenen Solvers.",  # R21-S1
    "Nimm Parquet export anstelle von CSV export.",
    "Gebruik FastAPI in plaats van Flask.",
    "Använd MQTT v5 i stället för MQTT v3.1.1.",
    "Brug systemd timers i stedet for cron.",
    "Usa systemd timers invece di cron.",
    "Use GitHub Actions em vez de Jenkins.",
    "Użyj MQTT v5 zamiast MQTT v3.1.1.",
    "Použij PostgreSQL 16 místo MySQL 5.7.",
    "Pakai FastAPI sebagai ganti Flask.",
    "Dùng Parquet export thay cho CSV export.",
    "Jenkins yerine GitHub Actions kullan.",
    "S3 Standardの代わりにS3 Glacierを使ってください。",
    "ใช้ polars แทน pandas",
    "استخدم S3 Glacier بدلًا من S3 Standard.",
    # a value said, then the one it replaces denied (RT26-14)
    "Użyj Redis 7, nie Memcached.",
    "Brug Redis 7, ikke Memcached.",
    "Pakai Redis 7, bukan Memcached.",
    "Dùng Redis 7, không dùng Memcached.",
    "ใช้ Redis 7 ไม่ใช่ Memcached",
    "השתמש ב-Redis 7, לא ב-Memcached.",
    "استخدم Redis 7 وليس Memcached.",
    "Memcached नहीं, Redis 7 इस्तेमाल करो।",
    "Memcached 말고 Redis 7을(를) 사용하세요.",
    # what was said taken back, then what holds
    "Vergiss das, steig auf NATS um; RabbitMQ fliegt raus.",
    "Lascia perdere, passa a Dramatiq; Celery è fuori.",
    "Stryk det, byt till systemd timers; cron är ute.",
    "Забудь, что я говорил, переходи на FastAPI; Flask больше не используем.",
    "さっきのは取り消します。PostgreSQL 16に切り替えてください。",
    "Onu boşver, FastAPI'ye geç; Flask yok artık.",
    # a question that puts the right value forward
    "Why are you using Flask? Shouldn't it be FastAPI?",
    "Warum verwendest du S3 Standard? Sollte das nicht S3 Glacier sein?",
    "Pourquoi tu utilises cron ? Ça ne devrait pas être systemd timers ?",
    "Почему ты используешь Memcached? Разве не должен быть Redis?",
    "为什么用Flask？不是应该用FastAPI吗？",
    "왜 pandas를 쓰고 있어요? polars여야 하지 않나요?",
    # "Y, <not> X" at a sentence's end in languages no table names (review R22-PN1)
    "Anksčiau supainiojau: naudojame nL [002], o ne µL.",
    "Prej sem zamešal: uporabljamo nL [007], ne µL.",
    "Nagkamali ako kanina: ATA chapter 73 [005] ang ginagamit natin, hindi ATA chapter 72.",
    "پہلے میں نے غلطی کی تھی: ہم LMUL=4 [004] استعمال کرتے ہیں، LMUL=2 نہیں۔",
    "ადრე ავურიე: ვიყენებთ the model code [006]-ს და არა the parent SKU-ს.",
    # a setting given its value (RT26-1: the final one must be pinned as the superseded are)
    "Endelig beslutning: image_max_px_001 = 1600.",
    "Final answer: set pool_size_001 to 20.",
    "Definitief: zet tm_match_threshold_008 op 95.",
]

RULES = [
    "`west build` skal køres med `--pristine` hver eneste gang.",
    "Bisogna eseguire `snakemake` con `--use-conda` ogni volta.",
    "`snakemake` måste köras med `--use-conda` varje gång.",
    "`poetry run pytest` нужно каждый раз запускать с `-x`.",
    "`gradle assemble` треба щоразу запускати з `--offline`.",
    "Lần nào chạy `pytest` cũng phải thêm `--maxfail=1`.",
    "`cargo test`は毎回必ず`--locked`を付けて実行しなければなりません。",
    "يجب تشغيل `west build` مع `--pristine` في كل مرة.",
    "Per favore non modificare niente dentro grib_decoders/.",
    "Proszę nic nie zmieniać w legacy/wms_bridge/.",
    "Verander alsjeblieft niets in certs/.",
    "Lütfen ops/ansible/ içindeki hiçbir şeyi değiştirme.",
    "Prosím, neměň nic uvnitř infra/terraform/prod/.",
    "Lad være med at ændre noget i third_party/mbedtls/.",
    "กรุณาอย่าแก้ไขอะไรใน certs_005/",  # "อะไร" is "anything" after a ban, no question
    # "never" said of a command, in languages no table names (review R22-PN1)
    "Niekada nevykdyk `make deploy-prod`, net ir staging aplinkoje.",
    "Nikoli ne poženi `rm -rf build`, niti na stagingu.",
    "`make deploy-prod` کبھی نہ چلائیں، staging پر بھی نہیں۔",
]

# what stays no correction or rule: a statement, a habit, a question, a nudge
NEITHER = [
    "Die Sitzung findet morgen statt.",
    "Ich muss immer zweimal klicken.",
    "I always have to restart the server after lunch.",
    "Muss das immer so lange dauern?",
    "คุณแก้ไขอะไรใน certs?",
    "ok, danke",
    "Kannst du danach Importcharge 4411 ansehen?",
    "Ahora revisa los logs del job 512.",
    "Next: cart6464.sql → split `parse_user5595` into two functions (≤ 3849 lines each) ✓",
    "Bitte prüfe tests/test_sync6483.py: der Import schlägt fehl, weil `retry_x` fehlt.",
    "I went there and not here.",
    "`pytest` never finishes on my laptop.",
    "I never touched src/payments/ anyway.",
    "Ich habe nie src/payments/ angefasst.",
]


@pytest.mark.parametrize("text", CORRECTIONS)
def test_a_correction_by_its_structure_is_one(text: str) -> None:
    assert is_correction(text), text
    assert steering_requests(["ok", text]) == ([1], [])


@pytest.mark.parametrize("text", RULES)
def test_a_rule_by_its_structure_is_one(text: str) -> None:
    assert is_constraint(text), text
    assert steering_requests(["ok", text]) == ([1], [])


@pytest.mark.parametrize("text", NEITHER)
def test_a_statement_a_habit_or_a_question_is_neither_by_shape(text: str) -> None:
    assert not turns_course(text) and not standing_order(text), text
    if "always" not in text and "immer" not in text:  # (a habit: the older patterns' call)
        assert steering_requests([text]) == ([], [])


def test_a_long_paste_is_not_read_by_shape() -> None:
    paste = "log line 1\n" * 80 + "Nimm Redis statt Memcached."
    assert not turns_course(paste)


def _session(correction: str) -> list[dict[str, object]]:
    messages: list[dict[str, object]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": "Bitte baue den Importer, der jede Nacht läuft."},
        {"role": "assistant", "content": "Verstanden."},
    ]
    for n in range(60):
        if n == 10:
            messages.append({"role": "user", "content": correction})
        else:
            messages.append({"role": "user", "content": "ok, weiter" if n % 2 else "danke"})
        messages.append({"role": "assistant", "content": f"Schritt {n}: " + "Details " * 120})
    messages.append({"role": "user", "content": "Schau dir jetzt die Logs von Job 77 an."})
    return messages


@pytest.mark.parametrize(
    "correction",
    ["Nimm OR-Tools statt eines eigenen Solvers.", "Vergiss das, steig auf NATS um."],
)
def test_fit_pins_a_german_correction_ahead_of_the_nudges(correction: str) -> None:
    """Review R21-S1: a German correction was never pinned by the fit."""
    result = fit(_session(correction), "gpt-4o", window=4000, max_output_tokens=500)
    kept = [m.text for m in result.messages if m.role == "user"]
    assert correction in kept
    assert "Bitte baue den Importer, der jede Nacht läuft." in kept


def test_the_prefilter_passes_every_text_a_shape_reads() -> None:
    """The RE2 pass (``STEERING_SHAPES``) says which short turns are read by shape: each
    text the shapes find, it must pass (else the fit's answer would differ from
    ``is_correction`` / ``is_constraint``)."""
    prefilter = superset(intent._STEERING_SHAPES)
    for text in CORRECTIONS + RULES:
        assert may_search(prefilter, text), text


_PIECES = [*CORRECTIONS, *RULES, *NEITHER, "ok", "Danke!", "\n", "。", "? ", ", "]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=4))
def test_the_prefilter_is_a_superset_on_mixed_texts(pieces: list[str]) -> None:
    text = " ".join(pieces)
    if intent.turns_course(text) or intent.standing_order(text):
        assert may_search(superset(intent._STEERING_SHAPES), text), text
    assert steering_requests([text]) == (
        [0]
        if (intent.is_substantive(text) or intent.is_short_rule(text))
        and (is_correction(text) or is_constraint(text) or intent.is_decision(text))
        else [],
        steering_requests([text])[1],
    )


def test_each_shape_is_screened_in_every_sentence_of_a_text() -> None:
    """Each shape is searched by RE2 in a whole text and by Python in each of its sentences:
    a shape's match at a sentence's start (``^``, after a line break) is one RE2 flags."""
    texts = [
        f"{a}{sep}{b}"
        for a in ("ok", "Danke!", "Build 7 failed.")
        for sep in ("\n", "? ", ". ", "。", "\n\n")
        for b in (*CORRECTIONS, *RULES)
    ]
    for shape in intent._SHAPES:
        found = touched(superset(shape, in_parts=True), texts)
        assert found is not None
        for i, text in enumerate(texts):
            if any(shape.search(s) for s in intent._SENTENCE.findall(text)):
                assert i in found, (shape.pattern[:40], text)


def _screened(texts: list[str]) -> list[bool]:
    """Each text's structure as the fit reads it: the shapes RE2 says it may hold only."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(intent, "_PREFILTER_FROM", 0)  # (a few flagged texts are screened too)
        patch.setattr(intent, "_SHAPE_SEARCH", intent._CompiledWhenItPays(intent._SHAPES, 0))
        shapes = intent._shapes_in(texts, list(range(len(texts))))
    return [
        i in shapes and (turns_course(t, shapes[i]) or standing_order(t, shapes[i]))
        for i, t in enumerate(texts)
    ]


def _exact(texts: list[str]) -> list[bool]:
    return [turns_course(t) or standing_order(t) for t in texts]


# Pieces a turn is built of: whole turns of every language, the shapes' own words and
# marks (a comma, a denial, a snake_case name, a number, a code span), and sentence ends.
_WORDS = [
    *_PIECES, "instead of", "statt", "zamiast", "invece di", "never", "nigdy", "`make deploy`",
    "src/payments/", "pool_size", "= 20", ", not", ", nie", "Redis 7", "每次", "必须", "毎回",
    "always", "every time", "must", "bitte nicht", "per favore non", "?", ".", "!", "。", "\n",
    "नहीं", "değil", "ไม่ใช่", "არა", "لا", "не", "Shouldn't it be", "x_y 5",
]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.lists(
            st.one_of(st.sampled_from(_WORDS), st.text(max_size=6)),
            min_size=1,
            max_size=8,
        ).map(lambda parts: " ".join(parts)[:700]),
        min_size=1,
        max_size=6,
    )
)
def test_the_shapes_screen_decides_as_the_exact_checks(texts: list[str]) -> None:
    """A turn is searched only for the shapes RE2 says it may hold: the same decisions as
    searching it for every shape, on generated turns (and several at once: the texts are
    joined for RE2)."""
    assert _screened(texts) == _exact(texts)


def test_the_shapes_screen_decides_as_the_exact_checks_on_every_listed_turn() -> None:
    texts = [*CORRECTIONS, *RULES, *NEITHER]
    assert _screened(texts) == _exact(texts)
    assert intent._built(*intent._SHAPES, in_parts=True)  # (the shapes' RE2 passes ran)
    assert sum(_screened(texts)) > len(texts) / 2  # (most of them are one by their structure)


def test_a_few_flagged_turns_are_searched_before_the_shapes_supersets_are_compiled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A fresh process searches its first flagged turns with Python's engine (every shape)
    and compiles the shapes' 23 RE2 parts only once it has searched about what compiling
    them costs; the answers are the same either way."""
    monkeypatch.setattr(intent, "_prefilters_built", set())  # (as in a fresh process)
    search = intent._CompiledWhenItPays(intent._SHAPES, intent._SHAPES_SEARCHED_ALONE)
    texts = [*CORRECTIONS, *RULES, *NEITHER]
    monkeypatch.setattr(intent, "_SHAPE_SEARCH", search)
    few = texts[:3]
    shapes = intent._shapes_in(few, [0, 1, 2])
    assert shapes and set(shapes.values()) == {intent._EVERY_SHAPE}  # searched alone
    assert [i in shapes and (turns_course(t, shapes[i]) or standing_order(t, shapes[i]))
            for i, t in enumerate(few)] == _exact(few)  # fmt: skip
    assert not search.by_re2(intent._SHAPES_SEARCHED_ALONE - search.chars_alone)
    assert search.by_re2(1)  # past what compiling costs: by RE2 from now on
    assert all(shape in intent._prefilters_built for shape in intent._SHAPES)
    assert _screened(texts) == _exact(texts)


def test_no_shape_superset_is_asked_for_when_no_turn_is_flagged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[object] = []
    monkeypatch.setattr(intent, "_prefilters_built", set(intent._SHAPES))
    real = intent.superset
    monkeypatch.setattr(
        intent, "superset", lambda p, in_parts=False: asked.append(p) or real(p, in_parts)
    )
    assert intent._shapes_in(["ok", "thanks!", "go on"], [0, 1, 2]) == {}
    assert asked == [intent._STEERING_SHAPES]
