"""review44's offline-recap findings (issue #14 item 3): a decision the user settles with a
number in it ("we agreed the limit is 50") is a Decision in every language, not a number
nor a constraint; said in one short turn beside a limit, each goes to its own section."""

import pytest

from builders import offline_recap, recap_section
from builders import said_after_a_task as _said_after_a_task

RULES = "Constraints and corrections"


# "we agreed / it was settled" with the number settled on, in the shapes of Arabic, Hebrew,
# Polish, Indonesian, Vietnamese, Thai, Greek, Turkish
SETTLED_WITH_A_NUMBER = (
    "اتفقنا على أن يكون عدد المحاولات 4 فقط.",
    "סיכמנו שהאצווה תהיה 250 שורות.",
    "Ustalono, że kolejka przyjmuje 300 zadań.",
    "Kita sepakati ukuran batch 250 baris.",
    "Nhóm đã thống nhất giới hạn là 300 yêu cầu.",
    "ทีมตกลงว่าจะเก็บไฟล์ไว้ 30 วัน",
    "Συμφωνήθηκε να κρατάμε 30 αντίγραφα.",
    "Anlaştık, kuyruk en çok 300 iş alacak.",
)


@pytest.mark.parametrize("said", SETTLED_WITH_A_NUMBER)
def test_a_decision_with_a_number_is_a_decision(said: str) -> None:
    assert said in _said_after_a_task(said, "Decisions")


# settled, turned down: no decision taken
NOT_SETTLED = (
    "Marek nie ustalił jeszcze limitu 300 zadań.",
    "Kami tidak sepakat soal batas 250 baris itu.",
    "Chúng tôi chưa thống nhất con số 300 đó.",
)


@pytest.mark.parametrize("said", NOT_SETTLED)
def test_a_plan_not_settled_is_no_decision(said: str) -> None:
    assert said not in _said_after_a_task(said, "Decisions")


def test_a_decision_and_a_limit_in_one_turn_each_go_to_their_own_section() -> None:
    # (the limit under Numbers or Constraints; never cut off the decision's item)
    decision = "Uzgodniliśmy, że import działa co 15 minut."
    limit = "Plik importu nie może przekraczać 20 MB."
    turn = f"{decision} {limit}"
    assert decision in _said_after_a_task(turn, "Decisions")
    assert decision not in _said_after_a_task(turn, RULES)
    numbers = _said_after_a_task(turn, "Numbers that matter")
    assert limit in _said_after_a_task(turn, RULES) + numbers


def _records(first: int) -> str:
    """Six records of a log, numbered and with numbers, as a user pastes them unfenced."""
    return "\n".join(
        f"<{first + k:05d}> {731_000 + 37 * k} invoice importer batch queue took {k * 13} ms"
        for k in range(6)
    )


def test_a_pasted_logs_numbered_records_never_fill_the_numbers() -> None:
    limit = "Το αρχείο εισαγωγής πρέπει να μένει κάτω από 64 MB."
    recap = offline_recap(
        ("user", "Build the invoice importer for the accounting service."),
        ("assistant", "Ok."),
        ("user", f"Look at these, please:\n{_records(1)}"),
        ("assistant", "Looked."),
        ("user", f"{_records(40)}\n{limit}"),
        ("assistant", "Noted."),
    )
    numbers = recap_section(recap, "Numbers that matter")
    assert "invoice importer batch" not in numbers
    assert limit in numbers + recap_section(recap, RULES)


def test_a_decision_with_a_question_after_it_is_still_a_decision() -> None:
    decision = "Sawa, tumekubaliana kundi liwe safu 800."
    assert decision in _said_after_a_task(f"{decision} sasa je, nini kinafuata?", "Decisions")


# "we have decided" in Swedish, Danish, Malay, Urdu, Bengali, with the number settled on
DECIDED_WITH_A_NUMBER = (
    "Vi har beslutat att kön tar 300 jobb.",
    "Vi besluttede, at batchen er 250 rækker.",
    "Kami telah memutuskan saiz kelompok ialah 250 baris.",
    "ہم نے فیصلہ کیا ہے کہ بیچ 250 قطاروں کا ہوگا۔",
    "আমরা সিদ্ধান্ত নিয়েছি যে ব্যাচ 250 সারির হবে।",
)


@pytest.mark.parametrize("said", DECIDED_WITH_A_NUMBER)
def test_we_decided_with_a_number_is_a_decision(said: str) -> None:
    assert said in _said_after_a_task(said, "Decisions")


def test_a_limit_in_a_script_with_marks_replaces_no_decision_before_it() -> None:
    # (its words fell apart into letters that counted nothing: the limit "replaced" the
    # decision, filed as "limit (instead of: decision)")
    decision = "हमने फ़ैसला किया है: बैच 250 पंक्तियों का होगा।"
    limit = "एक्सपोर्ट 40 सेकंड से कम में पूरा होना चाहिए।"
    recap = offline_recap(
        ("user", "Set up the nightly export job, with a cache for its lookups."),
        ("assistant", "Ok."),
        ("user", decision),
        ("assistant", "Noted."),
        ("user", limit),
        ("assistant", "Noted."),
    )
    assert "instead of" not in recap
    assert decision in recap_section(recap, "Decisions")
