"""A recap written in English of a conversation in another script (issue #14 item 4; RT22-9,
RT23-7): a rule said in other words of another language stands when every Latin word and
number of the user's sentence is in it, every number and name of it is in the user's
sentence, and both deny or neither does; a translation that turns the denial around, or
gives another number, is removed. And a decision credited to someone the record never
names is removed (RT22-13)."""

from __future__ import annotations

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, with_ids

JA = list(
    with_ids(
        [
            Message.user("ステージング環境のVPCをTerraformモジュール化してください。"),
            Message.user("本番のstateファイルには絶対に触らないでください。"),
            Message.user("planで削除(destroy)が1件でも出たら、applyしないでください。"),
            Message.assistant("了解しました。"),
        ]
    )
)
AR = list(
    with_ids(
        [
            Message.user("حدّث قالب اتفاقية عدم الإفشاء."),
            Message.user("لا تغيّر البند 7 (القانون الواجب التطبيق) في أي نسخة."),
            Message.assistant("حسنًا."),
        ]
    )
)


@pytest.mark.parametrize(
    ("record", "line", "stands"),
    [
        (JA, "Goal: Turn the staging VPC into a Terraform module.", True),
        (JA, "Constraints and corrections:\n- Never touch the production state file.", True),
        (
            JA,
            "Constraints and corrections:\n- If the plan shows even one destroy, do not apply.",
            True,
        ),
        (JA, "Constraints and corrections:\n- If the plan shows a destroy, apply anyway.", False),
        (JA, "Constraints and corrections:\n- The production state file may be edited.", False),
        (
            AR,
            "Constraints and corrections:\n- Do not change clause 7 (governing law) in any version.",
            True,
        ),
        (
            AR,
            "Constraints and corrections:\n- Do not change clause 9 (governing law) in any version.",
            False,
        ),
        (
            AR,
            "Constraints and corrections:\n- Clause 7 (governing law) may be changed where needed.",
            False,
        ),
    ],
)
def test_a_rule_translated_stands_and_a_translation_turned_around_does_not(
    record: list[Message], line: str, stands: bool
) -> None:
    item = line.rsplit("\n- ", 1)[-1].removeprefix("Goal: ")
    assert (item in verify_recap(line, record, ledger=False).text) is stands


DECIDED = list(
    with_ids(
        [
            Message.user("Plan the mobile release."),
            Message.user("Ngozi decided we ship 5.2 on Friday, not Thursday."),
            Message.user("Aisha signed off on raising the Pro plan to $24, effective October 1."),
            Message.assistant("OK."),
        ]
    )
)


@pytest.mark.parametrize(
    ("line", "stands"),
    [
        ("User: Tomasz decided we ship 5.2 on Friday.", False),
        ("User: Ngozi decided to ship 5.2 on Friday, not Thursday.", True),
        ("User: Marcus signed off on raising the Pro plan to $24.", False),
        ("User: Aisha approved raising the Pro plan to $24 from October 1.", True),
    ],
)
def test_a_decision_is_credited_to_whom_the_record_credits(line: str, stands: bool) -> None:
    recap = f"Goal: Plan the mobile release.\nDecisions:\n- {line}"
    assert (line in verify_recap(recap, DECIDED, ledger=False).text) is stands


def test_a_translation_keeps_the_units_of_its_numbers() -> None:
    # review18 R18-V3: "120 minutes" for "120 секунд" / "120 שניות" is a lie
    for said in ("Таймаут оставь 120 секунд.", "הזמן הקצוב נשאר 120 שניות."):
        record = list(with_ids([Message.user("Do the task."), Message.user(said)]))
        for line, stands in (
            ("Keep the timeout at 120 minutes.", False),
            ("Keep the timeout at 120 seconds.", True),
        ):
            recap = f"Constraints and corrections:\n- {line}"
            kept = line in verify_recap(recap, record, ledger=False).text
            assert not kept or stands
