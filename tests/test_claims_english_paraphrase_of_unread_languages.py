"""An English recap line paraphrasing a user turn written in a language whose denials no
reader here holds stands when it anchors to what the turn names (issue #14 item 4: false
alarms); its lying twins are still stripped.

review51: "The user said never to touch src/payroll/." was stripped for a ban written in
the user's own language around the path ("it adds a denial": no denial was read there,
and "never to touch src/payroll/" was read as the command `touch src/payroll/`), and
"Use Redis instead of Memcached." for a correction in such words ("the user said the
opposite about memcach")."""

from __future__ import annotations

import pytest
from tests.builders import chat_record, said_record

from contextledger import Message
from contextledger.compaction import verify_recap

# A ban on a path in the user's own words (Fijian, Tongan, Kikuyu)
BANS = [
    "Kakua ni tara na src/billing/.",
    "ʻOua ʻe ala ki he src/billing/.",
    "Ndũkanahutie src/billing/ o na hanini.",
]
# A one-time leave in the same languages: the act is the user's own English word
LEAVES = [
    "E rawa mo force-push ki release/3.1 vakadua ga.",
    "ʻE lava ke ke force-push ki he release/3.1 ʻo tuʻo taha pē.",
    "Wahota gũtuma force-push release/3.1 riita rĩmwe tu.",
]
# A correction of what the assistant said it would use
CORRECTIONS = [
    "Sega, vakayagataka na Redis, sega ni Memcached.",
    "ʻIkai, ngāueʻaki ʻa e Redis, ʻikai ko e Memcached.",
    "Aca, hũthĩra Redis, ti Memcached.",
]


def _stands(line: str, record: list[Message], heading: str) -> bool:
    v = verify_recap(f"{heading}:\n- {line}", record, mode="strip", max_bytes=4000, context=record)
    return line in v.text


@pytest.mark.parametrize("ban", BANS)
@pytest.mark.parametrize(
    "line", ["The user said never to touch src/billing/.", "Do not modify src/billing/."]
)
def test_an_english_ban_on_the_path_the_user_named_stands(ban: str, line: str) -> None:
    record = said_record("Move the invoice export to the new worker.", ban)
    assert _stands(line, record, "Constraints and corrections")
    assert _stands(line, record, "Summary")


@pytest.mark.parametrize("ban", BANS)
def test_a_ban_on_another_path_is_still_stripped(ban: str) -> None:
    record = said_record("Move the invoice export to the new worker.", ban)
    assert not _stands(
        "The user said never to touch src/ledger/.", record, "Constraints and corrections"
    )


@pytest.mark.parametrize("leave", LEAVES)
def test_a_leave_told_as_a_ban_is_still_stripped(leave: str) -> None:
    """The turn writes the act itself ("force-push") among words not read: it may allow it
    as well as ban it, and the one-time leave stays what a ban must not be told of."""
    record = said_record("Move the invoice export to the new worker.", leave)
    line = "The user said never to force-push to release/3.1."
    assert not _stands(line, record, "Constraints and corrections")


# The assistant's plan the correction replaces
PLANNED = ("Add a session cache to the API.", "I'll cache the sessions in Memcached.")


@pytest.mark.parametrize("correction", CORRECTIONS)
@pytest.mark.parametrize(
    "line",
    [
        "Use Redis instead of Memcached.",
        "The user corrected: use Redis, not Memcached.",
        "The user said to use Redis, not Memcached.",
    ],
)
def test_the_correction_of_what_was_there_stands(correction: str, line: str) -> None:
    assert _stands(line, chat_record(*PLANNED, correction, "OK."), "Constraints and corrections")


@pytest.mark.parametrize("correction", CORRECTIONS)
@pytest.mark.parametrize(
    "line",
    ["Use Memcached instead of Redis.", "The user corrected: use Memcached, not Redis."],
)
def test_the_correction_turned_around_is_still_stripped(correction: str, line: str) -> None:
    assert not _stands(
        line, chat_record(*PLANNED, correction, "OK."), "Constraints and corrections"
    )


@pytest.mark.parametrize("said", ["Fix src/billing/ first.", "Yes, rewrite src/billing/ now."])
def test_an_english_turn_without_a_ban_is_read_not_taken_for_one(said: str) -> None:
    """A short English sentence naming the path is read: no ban is in it."""
    record = said_record("Move the invoice export to the new worker.", said)
    line = "The user said never to touch src/billing/."
    assert not _stands(line, record, "Constraints and corrections")
