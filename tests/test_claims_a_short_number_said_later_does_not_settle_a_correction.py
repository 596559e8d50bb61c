"""A short bare number the assistant says after a correction is no sign of which value the
session went on with (issue #14 item 4).

"Not Debian 11, use AlmaLinux 9.5", said in words no reader here holds: the assistant's later
"Checking the pods (11)." was read as naming "Debian 11" (its number alone), so the checker
decided the session went on with the value the user set aside: the honest "Use AlmaLinux
9.5, as the user asked." was stripped and the lie "Use Debian 11, as the user asked." stood,
but only when the last turns were among the checked ones (the library's and the CLI's
compaction cover them; a direct check of older turns did not), so the paths disagreed."""

from __future__ import annotations

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.providers import read_messages

# Sakha: "Sorry, I said it wrong — not Debian 11, use AlmaLinux 9.5."
CORRECTION = "Баалаах, сыыһа эттим — Debian 11 буолбатах, AlmaLinux 9.5 тутун."
RECAP = (
    "Constraints and corrections:\n"
    "- Use AlmaLinux 9.5, as the user asked.\n"
    "- The user corrected the earlier choice to AlmaLinux 9.5.\n"
    "- Use Debian 11, as the user asked.\n"
)


def _record(later: list[str]) -> list[dict[str, str]]:
    turns = [
        {"role": "user", "content": "Тутуу сервериттэн саҕалаа."},
        {"role": "assistant", "content": "Understood."},
        {"role": "user", "content": CORRECTION},
        {"role": "assistant", "content": "Noted."},
    ]
    for said in later:
        turns += [{"role": "user", "content": "Салҕаа."}, {"role": "assistant", "content": said}]
    return turns


@pytest.mark.parametrize(
    "later",
    [
        ["Checking the pods (11)."],
        ["Checking the pods (3).", "Checking the pods (7).", "Checking the pods (11)."],
        ["Retried 11 times, all pods ready."],
    ],
)
def test_a_short_number_after_the_correction_hands_the_model_no_set_aside_value(
    later: list[str],
) -> None:
    record = list(read_messages(_record(later)))
    v = verify_recap(RECAP, record, mode="strip", max_bytes=24_000, ledger=False, context=record)
    assert "Use Debian 11" not in v.text
    assert "AlmaLinux 9.5" in v.text  # kept, or the user's sentence quoted


def test_the_value_itself_said_after_still_settles() -> None:
    record = list(read_messages(_record(["Provisioning the hosts on AlmaLinux 9.5 now."])))
    v = verify_recap(RECAP, record, mode="strip", max_bytes=24_000, ledger=False, context=record)
    assert "Use AlmaLinux 9.5, as the user asked." in v.text
    assert "Use Debian 11" not in v.text
