"""review43's offline-recap findings in more languages (R43-R1..R7): a request said on a
condition still to happen ("once the build passes, add …") is open until done in every
language, as in English, not a statement under "User also said"; a correction "X, not Y"
in the shapes of Turkish, Arabic, Hebrew, Swahili, Indonesian, Thai and Korean is a
constraint."""

import pytest

from builders import offline_recap, recap_section

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


@pytest.mark.parametrize("asked", WAITING_FOR_AN_EVENT)
def test_a_request_waiting_for_an_event_stays_open_in_any_language(asked: str) -> None:
    recap = offline_recap(
        ("user", "Add a release checklist to the deploy tool."),
        ("assistant", "Noted."),
        ("user", asked),
        ("assistant", "Working on the checklist now."),  # (answers it, but it waits)
    )
    assert asked in recap_section(recap, "Open requests")
