"""A short foreign reply to the assistant's proposal is read as a yes only when the
assistant's next turn carried the proposal out; a turn saying it left things as they were
("leaving …", "keeping …", "skipped", "instead") shows the reply was a no.

The pattern that reads those words once held a backspace character where ``\\b`` was
meant, so it never matched and a "no" answered by "OK, leaving the timestamps in local
time" was filed as agreed."""

import pytest

from contextledger.compaction.decisions import agreed_by_deed

PROPOSAL = "I suggest we convert the timestamps to UTC."


@pytest.mark.parametrize(
    "then_said",
    [
        "OK, leaving the timestamps in local time; only the new logs convert to UTC.",
        "Understood, keeping the timestamps as they are and converting nothing to UTC.",
        "Fine, the timestamps stay as is; UTC conversion skipped.",
        "Then I will not convert the timestamps to UTC.",
        "I'll tag the timestamps with their zone instead of converting them to UTC.",
    ],
)
def test_a_reply_the_next_turn_shows_as_a_no_is_no_decision(then_said: str) -> None:
    assert agreed_by_deed(PROPOSAL, "Ayi.", then_said, "") is None


def test_a_reply_the_next_turn_carries_out_is_a_decision() -> None:
    assert agreed_by_deed(
        PROPOSAL, "Ina, swi kahle.", "The timestamps are converted to UTC now.", ""
    ) == (f"Assistant: {PROPOSAL}", "User: Ina, swi kahle.")
