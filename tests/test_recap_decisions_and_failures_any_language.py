"""review42's offline-recap findings on decisions, questions, the goal and failures said
outside the languages the lexicon read (R42-R2, R42-R5, R42-R8): a word of agreement and the
first person's plan is a decision in Greek, Czech, Dutch, Hindi-English, Vietnamese, Korean
and Chinese, after a filler too; the user's questions are no numbers that matter; an opening
request with its deadline sets the task; a mail server's refusal and a degraded array are
failures."""

import pytest

from builders import offline_recap, openai_tool_call, openai_tool_result, recap_section
from contextledger.compaction.decisions import agrees_on_a_plan
from contextledger.compaction.digest import digest, render_digest
from contextledger.compaction.facts import WHEN_FREE
from contextledger.compaction.failures import failure_lines
from contextledger.providers import read_messages

GOAL = ("user", "Help me plan the work for next month.")
OK = ("assistant", "Noted.")


@pytest.mark.parametrize(
    "said",
    [
        "Εντάξει, κρατάμε το κυλιόμενο σύστημα βαρδιών.",
        "Εντάξει, θα την πάρω εγώ τηλέφωνο αύριο.",
        "Tak jo, ten řádek 57 vyřadíme, je to duplicita.",
        "Oké, we kiezen voor de lus van 80 kilometer.",
        "Theek hai, saree waale bills 5% slab mein hi daalte hain.",
        "À mà Được rồi, mình chốt đi xem căn ở đường Hồ Xuân Hương trước.",
        "좋아요, 에티오피아 예가체프로 가기로 해요.",
        "刚下班在地铁上，对了，行，那就先做一次完整的冷备份到移动硬盘再动阵列。",
    ],
)
def test_agreeing_on_a_plan_is_a_decision_in_more_languages(said: str) -> None:
    assert agrees_on_a_plan(said)
    recap = offline_recap(GOAL, OK, ("user", said), OK)
    assert said.split("，")[-1][:12] in recap_section(recap, "Decisions")


@pytest.mark.parametrize(
    "said",
    [
        "Εντάξει, θα δούμε.",
        "Dobře, to je všechno.",
        "Oké, dat is goed.",
        "好，谢谢。",
        "Ok, ale nevím.",
    ],
)
def test_agreeing_to_nothing_is_no_decision(said: str) -> None:
    assert not agrees_on_a_plan(said)


def test_a_users_question_is_no_number_that_matters() -> None:
    asked = "질문 0: 이 테이블에 행이 몇 개예요? 3개 아니면 5개?"
    recap = offline_recap(GOAL, OK, ("user", asked), OK, ("user", "Budget is 4,000 EUR."), OK)
    numbers = recap_section(recap, "Numbers that matter")
    assert "질문 0" not in numbers
    assert "4,000 EUR" in numbers


def test_an_opening_request_with_its_deadline_is_the_goal() -> None:
    """R42-R2: "…, trước thứ Sáu phải phát hành." made the turn a deadline only; the Goal
    was a later decision."""
    task = "Mình cần sửa lỗi đăng nhập bằng Google trên bản Android 3.2 của app đặt vé, trước thứ Sáu phải phát hành."
    later = "Ok, vậy mình quyết định thêm SHA-1 của keystore release vào Firebase console."
    recap = offline_recap(("user", task), OK, ("user", later), OK)
    assert "Mình cần sửa lỗi đăng nhập" in recap_section(recap, "Goal")
    assert "Mình cần sửa lỗi" not in recap_section(recap, "Constraints and corrections")


@pytest.mark.parametrize(
    "output",
    [
        "SMTP 550 5.1.1 <k.papadopoulos@alpha.example>: Recipient address rejected",
        "SMTP error 550: mailbox vrijwilligers2026 unavailable",
        "mdadm: /dev/md2 has been started with 3 drives (out of 4) - degraded, resync=PENDING",
    ],
)
def test_a_mail_refusal_and_a_degraded_array_are_failures(output: str) -> None:
    assert failure_lines(output) == [output]
    dicts = [
        {"role": "user", "content": "Send the invitations and check the array."},
        openai_tool_call("c1", "run", {"cmd": "send"}),
        openai_tool_result("c1", output),
        {"role": "user", "content": "ok"},
    ]
    recap = render_digest(digest(read_messages(dicts)), 4800)
    assert output[:30] in recap_section(recap, "Failures")


@pytest.mark.parametrize(
    "output",
    [
        "250 2.0.0 OK queued as 4F2A",
        "Performance degraded slightly under load",
        '{"sent": 42, "error_rate": 0}',
    ],
)
def test_a_mail_accepted_or_a_slowdown_said_is_no_failure(output: str) -> None:
    assert failure_lines(output) == []


@pytest.mark.parametrize(
    "asked",
    [
        "Όταν μπορείς, γράψε μου και ένα μήνυμα για την ομάδα στο Viber.",
        "Až budeš mít chvilku, sepiš mi prosím dopis pro rodiče.",
        "시간 되실 때 다음 달 발주 일정표도 만들어 주세요.",
        "Jab time mile, ek rollback runbook bhi likh dena.",
    ],
)
def test_a_request_for_when_there_is_time_is_open(asked: str) -> None:
    """R42-R5's records: "when you have time" in Greek, Czech, Korean, Hindi-English."""
    assert WHEN_FREE.search(asked)
    recap = offline_recap(GOAL, OK, ("user", asked), OK)
    assert asked in recap_section(recap, "Open requests")


def test_a_rule_is_no_request_for_when_there_is_time() -> None:
    assert not WHEN_FREE.search("Stay away from src/payments/.")
