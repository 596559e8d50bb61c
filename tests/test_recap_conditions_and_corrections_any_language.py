"""review43's offline-recap findings in more languages (R43-R1..R7): a request said on a
condition still to happen ("once the build passes, add …") is open until done in every
language, as in English, not a statement under "User also said"; a correction "X, not Y"
in the shapes of Turkish, Arabic, Hebrew, Swahili, Indonesian, Thai and Korean is a
constraint."""

import pytest

from builders import said_after_a_task as _said_after_a_task

RULES = "Constraints and corrections"

# a request waiting for an event, in ten languages (the event's word opening it, or its
# verb's own ending: "-diğinde", "-tara", "-고 나서"; Thai's condition a sentence of its own)
WAITING_FOR_AN_EVENT = (
    "Sobald der PR gemergt ist, schreib bitte eine Notiz in docs/release.md.",
    "Як тільки збірка пройде, додай запис у docs/release.md.",
    "Begitu build-nya hijau, tambahkan catatan di docs/release.md.",
    "عندما ينجح البناء، أضف ملاحظة إلى docs/release.md.",
    "כשהבנייה עוברת, תוסיף הערה ל-docs/release.md.",
    "Mara baada ya build kufaulu, ongeza maelezo kwenye docs/release.md.",
    "Derleme geçtiğinde docs/release.md dosyasına bir not yaz.",
    "ビルドが通ったら、docs/release.md にメモを書いてください。",
    "빌드가 끝나고 나서 docs/release.md에 메모를 남겨 주세요.",
    "เมื่อบิลด์ผ่านแล้ว ช่วยเขียนโน้ตใน docs/release.md ด้วย",
)

# "Y, not X" by the shape of its denial: a path set aside ("var/log/tmp değil"), "and not"
# glued into one word (Arabic "وليس", Hebrew "ולא"), Swahili's "sio", the value set aside
# first and "but rather" after it ("ليس …بل", "Bukan …, tapi"), Thai's "ไม่ใช่" after a space,
# Korean's "말고", Swahili's "ni …, si …"
CORRECTIONS = (
    "Log dizini var/log/app olsun, var/log/tmp değil.",
    "الفرع الصحيح هو release/2.4 وليس release/2.3.",
    "ليس المنفذ 8080 بل 8443.",
    "תשתמש בתור jobs/high ולא ב-jobs/low.",
    "Weka faili kwenye hifadhi/ya_pili, sio hifadhi/ya_kwanza.",
    "Bukan staging, tapi produksi.",
    "ภาษาที่ใช้คือภาษาไทย ไม่ใช่ภาษาอังกฤษ",
    "엑셀 말고 CSV로 내보내 주세요.",
    "Lugha ya ripoti ni Kiingereza, si Kifaransa.",
)

# the user settling a plan after a word of agreement, the plan in the first person plural's
# own grammar: Arabic "we will" glued on ("سنستخدم"), Hebrew's future "נ-", Swahili "tuta-",
# the Slavic present plural, Indonesian "kami" and a verb, Thai "ตกลง" and a verb; and
# Hebrew's "we decided" ("החלטנו")
PLANS = (
    "تمام، سنستخدم Redis للتخزين المؤقت.",
    "בסדר, נשתמש ב-Redis.",
    "Haya, tutachagua Redis.",
    "Добре, беремо Redis.",
    "Ладно, используем Redis.",
    "Baiklah, kami pilih Redis.",
    "โอเค ตกลงเลือก Redis",
    "החלטנו להשאיר את Redis בשכבת המטמון.",
)

# a ban by the shape of its "don't": Turkish's verb ending in a two-word sentence, Arabic's
# and Hebrew's with "and"/"so" glued on, Hebrew's by the infinitive, Japanese's plain "ないで"
BANS = (
    "Eski logları silme.",
    "فلا تحذف النسخ الاحتياطية.",
    "ואל תשנה את קובץ ההגדרות.",
    "אין לפרסם את המפתחות.",
    "本番環境には触らないで。",
)


@pytest.mark.parametrize("asked", WAITING_FOR_AN_EVENT)
def test_a_request_waiting_for_an_event_stays_open_in_any_language(asked: str) -> None:
    assert asked in _said_after_a_task(asked, "Open requests")


# what happened on a condition, told: a subject or a report's ending after it, no request
TOLD_ON_A_CONDITION = (
    "Коли ми відкриваємо сторінку, вона зависає.",
    "Nachdem ich gepusht habe, ist die Pipeline rot.",
    "保存したら、エラーが出ました。",
    "저장하면 에러가 나요.",
    "Baada ya kubadilisha mipangilio, seva ilizima ghafla.",
)


@pytest.mark.parametrize("said", TOLD_ON_A_CONDITION)
def test_what_happened_on_a_condition_is_no_open_request(said: str) -> None:
    assert said not in _said_after_a_task(said, "Open requests")


@pytest.mark.parametrize("said", [*CORRECTIONS, *BANS])
def test_a_correction_or_a_ban_by_its_denials_shape_is_a_constraint(said: str) -> None:
    assert said in _said_after_a_task(said, RULES)


# a denial of no value, a status, a reminder of a task: no rule
NO_RULES = (
    "Not sure, but it works.",
    "It works, not sure why.",
    "Hazlo así, si puedes.",
    "זה לא לגמרי עובד.",
    "Bu sadece bir deneme.",
    "ولا تنسَ تحديث الملف.",
)


@pytest.mark.parametrize("said", NO_RULES)
def test_a_denial_that_sets_no_rule_is_no_constraint(said: str) -> None:
    assert said not in _said_after_a_task(said, RULES)


@pytest.mark.parametrize("said", PLANS)
def test_a_plan_settled_in_the_first_person_plural_is_a_decision(said: str) -> None:
    assert "Redis" in _said_after_a_task(said, "Decisions")


@pytest.mark.parametrize(
    "said", ["בסדר, נראה.", "Oke, kita lihat nanti.", "Sawa, tuone.", "Ладно, посмотрим."]
)
def test_agreeing_to_wait_and_see_is_no_decision(said: str) -> None:
    assert said not in _said_after_a_task(said, "Decisions")
