"""An English recap states a non-English user's rule truly and it stands (issue #14 item 4:
false alarms 0); the same rule turned around is still caught.

review44 R44-ver7: "User: do not change X." for "אל תשנה את X", "User: never modify X." for
"لا تعدّل X أبداً" and "use A, not B" for "Dùng A, không phải B" were stripped as the
opposite of what the user said: the polarity reader read only English negation."""

from __future__ import annotations

import pytest
from tests.builders import chat_record

from contextledger import Message
from contextledger.compaction import verify_recap

CASES = [
    # (the user's rule, an English recap line saying it, the line turned around)
    (
        "לעולם אל תמחק את הקובץ config/prod_secrets.yaml.",
        "User: never delete config/prod_secrets.yaml.",
        "User: delete config/prod_secrets.yaml.",
    ),
    (
        "لا تحذف المجلد data/archive_2025 أبداً.",
        "User: never delete data/archive_2025.",
        "User: delete data/archive_2025.",
    ),
    (
        "Dùng PostgreSQL, không phải MongoDB.",
        "User: use PostgreSQL, not MongoDB.",
        "User: use MongoDB, not PostgreSQL.",
    ),
    (
        "Використовуй pnpm, а не npm.",
        "User: use pnpm, not npm.",
        "User: use npm, not pnpm.",
    ),
]


def _record(rule: str) -> list[Message]:
    return chat_record(
        "Set up the nightly backup job for the service.",
        "Sure, I'll start with the cron entry.",
        rule,
        "Understood.",
    )


def _stands(line: str, rule: str) -> bool:
    msgs = _record(rule)
    recap = f"Goal: Set up the nightly backup job for the service.\nConstraints:\n- {line}"
    v = verify_recap(recap, msgs, mode="strip", max_bytes=4000, context=msgs)
    return line in v.text


@pytest.mark.parametrize(("rule", "true_line", "turned"), CASES)
def test_an_english_line_saying_the_rule_stands_and_its_opposite_does_not(
    rule: str, true_line: str, turned: str
) -> None:
    assert _stands(true_line, rule)
    assert not _stands(turned, rule)
