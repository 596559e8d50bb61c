"""A task said with a clause that restricts how to do it is the Goal, not a constraint
(review44 R44-rec1, issue #14 item 3): "… without stopping the service" ("دون", "בלי",
"не зупиняючи", "-madan", "bez"), and in the session's opening turn a "from A to B" or
"instead of" that corrects nothing said before ("… 파일에서 S3로 옮겨 주세요")."""

from __future__ import annotations

import pytest

from builders import offline_recap, recap_section, said_after_a_task
from contextledger.compaction.digest import beside_without

GOAL = "Goal"
LATER = "We agreed: the cache entries expire after 600 seconds."


def _goal_of(opening: str) -> str:
    recap = offline_recap(
        ("user", opening),
        ("assistant", "Ok, starting with the cache layer."),
        ("user", LATER),
        ("assistant", "Noted."),
    )
    return recap_section(recap, GOAL)


# move the cache to Redis (instead of local memory) without stopping the service
WITHOUT_A_BREAK = (
    "انقل التخزين المؤقت إلى Redis بدلاً من الذاكرة المحلية دون إيقاف الخدمة.",
    "תעביר את המטמון ל-Redis במקום זיכרון מקומי בלי לעצור את השירות.",
    "Перенеси кеш у Redis замість локальної пам'яті, не зупиняючи сервіс.",
    "Servisi durdurmadan önbelleği yerel bellek yerine Redis'e taşı.",
    "Przenieś pamięć podręczną do Redisa zamiast pamięci lokalnej bez zatrzymywania usługi.",
    "Move the cache to Redis instead of local memory without stopping the service.",
)


@pytest.mark.parametrize("opening", WITHOUT_A_BREAK)
def test_a_task_with_a_without_clause_is_the_goal(opening: str) -> None:
    goal = _goal_of(opening)
    assert opening.rstrip(".") in goal and "600" not in goal


# a context sentence, then "change it from A to B, please", then "don't rush"
FROM_A_TO_B = (
    "이 서비스는 오래됐어요. 캐시를 로컬 메모리에서 Redis로 바꿔 주세요. 서두르지 마세요.",
    "이 저장소는 크지 않아요. 빌드 도구를 Make에서 Bazel로 바꿔 주세요. 급하지 않아요.",
)


@pytest.mark.parametrize("opening", FROM_A_TO_B)
def test_a_from_to_task_after_context_is_in_the_goal(opening: str) -> None:
    task = opening.split(". ")[1]
    assert task in _goal_of(opening)


def test_a_rule_restricted_by_without_stays_a_rule() -> None:
    # (the rule's own words are left when its "without" clause goes: no task there)
    rule = "Never deploy to production without a green CI run."
    recap = offline_recap(
        ("user", "Add retry logic to the payment webhook client."),
        ("assistant", "Ok."),
        ("user", rule),
        ("assistant", "Understood."),
    )
    assert rule in recap_section(recap, "Constraints and corrections")
    assert rule not in recap_section(recap, GOAL)


@pytest.mark.parametrize(
    ("sentence", "rest"),
    [
        ("Ordne die Imports, ohne die Dateien umzubenennen.", "Ordne die Imports."),
        ("Obnov index bez výpadku, prosím.", "Obnov index, prosím."),
        ("다운타임 없이 인덱스를 다시 만들어 주세요.", "인덱스를 다시 만들어 주세요."),
        ("Nie ruszaj plików konfiguracyjnych.", "Nie ruszaj plików konfiguracyjnych."),
    ],
)  # fmt: skip
def test_beside_without_leaves_what_the_clause_restricts(sentence: str, rest: str) -> None:
    assert beside_without(sentence) == rest


# a choice with the option it replaces after "and not", in words alone: a correction
CHOSEN_OVER = (
    "Commit each step separately, and not everything at the very end.",
    "תכתוב את הבדיקות קודם, ולא אחרי הקוד.",
    "اكتب الاختبارات أولاً، وليس بعد الكود.",
    "Пиши тести спочатку, а не після коду.",
)


@pytest.mark.parametrize("said", CHOSEN_OVER)
def test_a_choice_over_an_option_in_words_is_a_correction(said: str) -> None:
    assert said in said_after_a_task(said, "Constraints and corrections")


# a request for the end of the work ("at the end, please …"): open until reported done
AT_THE_END = (
    "Na koniec proszę zaktualizuj plik docs/cache.md.",
    "בסוף, בבקשה תעדכן את הקובץ docs/cache.md.",
    "Zum Schluss bitte noch docs/cache.md aktualisieren.",
)


@pytest.mark.parametrize("said", AT_THE_END)
def test_a_request_for_the_end_of_the_work_stays_open(said: str) -> None:
    assert said in said_after_a_task(said, "Open requests")


# a request for when the work is done, said by "once done" or "remember to"
WHEN_DONE = (
    "وقتی کار تموم شد، لطفاً فایل docs/cache.md را به‌روز کن.",
    "Làm xong rồi thì nhớ cập nhật docs/cache.md nhé.",
    "Als je klaar bent, werk dan alsjeblieft docs/cache.md bij.",
)


@pytest.mark.parametrize("said", WHEN_DONE)
def test_a_request_for_when_the_work_is_done_stays_open(said: str) -> None:
    assert said in said_after_a_task(said, "Open requests")


def test_a_nudge_closing_a_longer_turn_is_no_open_request() -> None:
    # (a decision, then "ok, and then?": the question asks for nothing to be done)
    turn = "Tamam, önbellek süresini 600 saniye olarak bırakalım, buna karar verdim. peki, sonra?"
    assert "peki" not in said_after_a_task(turn, "Open requests")


def test_remembering_something_is_no_request() -> None:
    said = "Tôi nhớ là bản trước chạy được với docs/cache.md."
    assert said not in said_after_a_task(said, "Open requests")


def test_an_opening_choice_of_one_thing_over_another_is_the_goal() -> None:
    # (Malay "daripada … ke …": from A to B, read as a choice "instead of")
    opening = "Tukar cache sesi daripada Memcached ke Redis tanpa menghentikan perkhidmatan."
    assert opening.rstrip(".") in _goal_of(opening)


@pytest.mark.parametrize(
    "said",
    [
        "Bila sempat, kemas kini juga rajah rangkaian.",  # Malay "bila": when
        "Kör inte cron utan systemd-timers.",  # Swedish "utan" after a denial: but rather
    ],
)
def test_a_word_that_is_without_only_elsewhere_cuts_no_clause(said: str) -> None:
    """review45: "bila" is "without" in Swahili (before a verb's "ku-") and "when" in Malay;
    Swedish "utan" is "without" before "att" and "but rather" after a denial."""
    assert beside_without(said) == said
