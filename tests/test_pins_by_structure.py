"""The goal restated, the rules and the corrections read by their structure in languages no
word table of the older patterns names (issue #14 item 2, session 23): a value replaced by
another ("Replace X with Y"), "forget" said before a new value, "make sure … always", "under
no circumstances" said of a path, "Y, not X" with more languages' "not", and a short label
that says the task is said again ("Let me restate what we're doing: …"). Nudges never
displace the goal nor a correction."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger import fit, intent
from contextledger.intent import (
    is_constraint,
    is_correction,
    restates_task,
    standing_order,
    steering_requests,
    turns_course,
)
from contextledger.prefilter import may_search, superset

CORRECTIONS = [
    # one value replaced by another: the verb before, between or after the two values
    "Replace Jest 27 with Vitest everywhere in the repo.",
    "Swap Kafka 2 for Redpanda 24 in the ingest path.",
    "Ersetze im ganzen Projekt Moment.js durch Luxon.",
    "Remplace GraphQL par REST v2 dans le client.",
    "Înlocuiește Ubuntu 20.04 cu Debian 12 pe runner.",
    "Korvaa Ansible 2.9 Terraformilla kaikissa ympäristöissä.",
    "Cseréld le a Redis 6-ot Valkey 8-ra a cache rétegben.",
    "Zamenjaj Nginx 1.18 z Caddy 2 na vseh strežnikih.",  # sl
    "Asenda MySQL 8 PostgreSQL 16-ga kõikjal.",  # et
    "Αντικατάστησε το Webpack 4 με Vite 5 στο frontend.",
    "Badilisha Node 16 kwa Node 20 kwenye CI.",
    "پروژه را کامل بررسی کن و Django 3 را با Django 5 جایگزین کن.",
    "প্রতিটি সার্ভারে Nginx 1.18 বদলে Caddy 2 বসাও।",
    # "forget" before the value that holds now
    "Ξέχνα το Kafka 2, πάμε σε Pulsar 3.",
    "Zaboravi Jenkins, koristimo GitLab CI 16.",
    "Pozabi, kar sem rekel o Flask 1, uporabi FastAPI.",  # sl
    "Oblida el Spark 2, fem servir Spark 3.5.",
    "Unohda Python 3.8, käytä Python 3.12.",
    "Python 3.8 সম্পর্কে যা বলেছি ভুলে যাও, Python 3.12 চালাও।",
    "Was ich über Gradle 7 gesagt habe, gilt nicht mehr; Gradle 8 ist gesetzt.",
    # "Y, not X" with another language's "not" after the comma
    "Käytämme PostgreSQL 16, emme MySQL 8.",
    "Tunatumia Python 3.12, si Python 3.8.",
    # ... and the same shapes in languages whose verb ends the clause or that have no spaces
    "Jest 27'yi Vitest 1 ile değiştir.",
    "Thay Webpack 4 bằng Vite 5 trong frontend.",
    "忘掉Kafka 2，用Pulsar 3。",
    "תשכח מ-Jenkins, תשתמש ב-GitLab CI 16.",
]

RULES = [
    # "make sure … always" (or "without exception")
    "Assure-toi que `terraform plan` tourne toujours avec `-lock=true`.",
    "Figyelj arra, hogy a `pytest` mindig `-x` kapcsolóval fusson.",
    "Ai grijă ca `npm ci` să ruleze mereu cu `--ignore-scripts`.",
    "Φρόντισε το `cargo build` να τρέχει πάντα με `--release`.",
    "Pazi da se `make test` uvijek pokreće s `V=1`.",
    "Hakikisha `go test` inaendeshwa na `-race` kila mara.",
    "Varmista, että `mvn` saa `-B` joka kerta.",
    "Run `dbt build` with `--fail-fast`, without exception.",
    "مطمئن شو که `docker build` همیشه با `--pull` اجرا شود.",
    "খেয়াল রেখো `pytest` যেন সবসময় `-q` দিয়ে চলে।",
    # "under no circumstances" said of a path or a command
    "Under no circumstances edit anything in secrets/prod/.",
    "Sub nicio formă nu atinge fișierele din infra/live/.",
    "Σε καμία περίπτωση μην πειράξεις το db/migrations/.",
    "Ni pod kojim uvjetima ne diraj vendor/.",
    "Sota cap concepte no toquis res de config/prod/.",
    "Kwa hali yoyote usiguse chochote ndani ya deploy/.",
    "تحت هیچ شرایطی به vendor/ دست نزن.",
    "কোনো অবস্থাতেই secrets/ ফোল্ডারে হাত দেবে না।",
    "`infra/live/` se za žiadnych okolností nemení.",
    "ตรวจสอบให้แน่ใจว่า `pytest` รันด้วย `-x` ทุกครั้ง",
    # Tamil's negative imperative ends the verb after the command; Khmer's "don't" before it
    # (review R23 of 46bf79d: the forbidden command lost at every window)
    "`terraform destroy` ஐ ஒருபோதும் இயக்காதே.",
    "`kubectl delete ns prod` ஐ இயக்க வேண்டாம்.",
    "សូមកុំដំណើរការ `terraform destroy` ទាល់តែសោះ។",
]

RESTATEMENTS = [
    "Let me restate the goal: every invoice export must be idempotent.",
    "Zur Wiederholung unserer Aufgabe: der Export muss idempotent sein.",
    "Je répète l'objectif : chaque export de facture doit être idempotent.",
    "Te recuerdo y repito la tarea: que la exportación sea idempotente.",
    "Kertaan vielä tavoitteen: laskujen vienti on idempotentti.",
    "Ponavljam cilj: izvoz računa mora biti idempotentan.",
    "Ξαναλέω τον στόχο: η εξαγωγή τιμολογίων πρέπει να είναι ιδεμπότεντη.",
    "Narudia kazi yetu: usafirishaji wa ankara uwe salama kurudiwa.",
    "دوباره هدف را می‌گویم: خروجی فاکتورها باید تکرارپذیر باشد.",
    "আবার লক্ষ্যটা বলছি: ইনভয়েস এক্সপোর্ট বারবার চালালেও একই ফল দেবে।",
    "Görevi tekrar ediyorum: fatura dışa aktarımı idempotent olmalı.",
]

# what stays no correction, rule nor restatement
NEITHER = [
    "Replace the header text.",
    "I replaced Redis 6 with Redis 7 yesterday.",
    "Make sure you eat something.",
    "I always make sure the build is green.",
    "Run the tests again: they still fail.",
    "Forget it, no worries.",
    "I never touched config/ at all.",
    "Why did you replace Redis 6 with Redis 7?",
]


@pytest.mark.parametrize("text", CORRECTIONS)
def test_a_correction_by_its_structure_is_one(text: str) -> None:
    assert is_correction(text), text
    assert steering_requests(["ok", text]) == ([1], [])


@pytest.mark.parametrize("text", RULES)
def test_a_rule_by_its_structure_is_one(text: str) -> None:
    assert is_constraint(text), text
    assert steering_requests(["ok", text]) == ([1], [])


@pytest.mark.parametrize("text", RESTATEMENTS)
def test_a_restatement_label_restates_the_task(text: str) -> None:
    assert restates_task(text), text
    assert steering_requests(["ok", text])[1] == [1]
    assert intent.restating_requests(["ok", text]) == [1]


@pytest.mark.parametrize("text", NEITHER)
def test_a_statement_a_habit_or_a_question_is_none_of_them(text: str) -> None:
    assert not turns_course(text) and not standing_order(text), text
    assert not restates_task(text), text


def test_the_prefilter_passes_every_text_a_shape_reads() -> None:
    prefilter = superset(intent._STEERING_SHAPES)
    for text in CORRECTIONS + RULES:
        if turns_course(text) or standing_order(text):
            assert may_search(prefilter, text), text


_GOAL = "Please build the night-shift planner so that the rota fills itself from the on-call pool."
_CORRECTION = "Replace Kafka 2 with Redpanda 24 everywhere."
_RULE = "Under no circumstances edit anything in payroll_bridge/."
_NUDGES = ["ok", "keep going", "nice", "go on", "thanks!", "sounds good", "continue"]


def _session(nudges: list[str], at: tuple[int, int]) -> list[dict[str, object]]:
    messages: list[dict[str, object]] = [
        {"role": "system", "content": "You are a coding agent."},
        {"role": "user", "content": _GOAL},
        {"role": "assistant", "content": "On it."},
    ]
    for n, nudge in enumerate(nudges):
        if n == at[0]:
            messages += [
                {"role": "user", "content": _CORRECTION},
                {"role": "assistant", "content": "Done."},
            ]
        if n == at[1]:
            messages += [
                {"role": "user", "content": _RULE},
                {"role": "assistant", "content": "Noted."},
            ]
        messages.append({"role": "user", "content": nudge})
        messages.append({"role": "assistant", "content": f"Step {n}: " + "checked rows " * 90})
    return messages


@settings(max_examples=12, deadline=None)
@given(
    st.lists(st.sampled_from(_NUDGES), min_size=30, max_size=45),
    st.integers(0, 12),
    st.integers(0, 12),
)
def test_nudges_never_displace_the_goal_a_correction_or_a_rule(
    nudges: list[str], first: int, second: int
) -> None:
    """However many "ok"/"keep going" follow, the goal, the correction and the rule said
    long before the end are in the fitted view (the newest request a nudge too)."""
    result = fit(_session(nudges, (first, second)), "gpt-4o", window=4000, max_output_tokens=500)
    kept = {m.text for m in result.messages if m.role == "user"}
    assert {_GOAL, _CORRECTION, _RULE} <= kept


# negated small talk (review R22-PN2): a "not" said of worry, hurry or importance names
# nothing to do or avoid
SMALL_TALK = [
    "Don't worry about it, not a big deal.",
    "No rush, not today anyway.",
    "Nein, alles gut, nicht schlimm.",
    "No, no, está bien, no pasa nada.",
    "Non, ce n'est pas grave, merci.",
    "Нет, не надо, спасибо.",
    "Thanks, not needed anymore.",
    "Nope, nothing else, thanks.",
    "Ei hätää, ei kiirettä.",
    "Semmi gond, nem sürgős.",
]
# ... while a "not" said of something to do stays a rule or a correction
STILL_STEERING = [
    "Don't touch the payments module.",
    "No force-pushes to main, not even today.",
    "Fass die Datenbank nicht an.",
    "No, use Postgres 16, not 14.",
]


@pytest.mark.parametrize("text", SMALL_TALK)
def test_negated_small_talk_is_a_nudge_not_a_rule(text: str) -> None:
    assert intent.is_nudge(text), text
    assert not is_correction(text) and not is_constraint(text), text
    assert steering_requests(["Fix the login test.", text]) == ([], [])


@pytest.mark.parametrize("text", STILL_STEERING)
def test_a_negated_order_about_something_stays_steering(text: str) -> None:
    assert not intent.is_nudge(text), text
    assert steering_requests(["ok", text])[0] == [1], text
