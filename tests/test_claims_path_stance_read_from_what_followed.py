"""What the user's clause on a path meant, when its words are in no language read here, is
told by what the assistant did next (issue #14 item 4):

- noted ("Noted.", "Understood, I'll follow that.") while the work went on in other files
  and the path was never named again: a rule. "The user asked to refactor <path>" is
  stripped; the ban said back stands, with the reason the user gave or without it.
- answered at once by writes under the path: a request. "The user said never to touch
  <path>" is stripped; the request said back stands.

The clause may carry a reason after a comma ("…, it belongs to another team")."""

from __future__ import annotations

from typing import Any

import pytest
from tests.builders import chat_exchange

from contextledger import read_messages
from contextledger.compaction import verify_recap

PATH = "src/billing_legacy/"
# a ban on the path with the reason after a comma, and a short request for work on it:
# Fijian, Tongan, Kikuyu
TWINS = [
    (
        "Kakua sara ni tara na src/billing_legacy/, e nodra na dua tale na ilawalawa.",
        "Vakavinakataka na src/billing_legacy/.",
    ),
    (
        "ʻOua ʻaupito ʻe ala ki he src/billing_legacy/, ʻoku ʻa e timi kehe.",
        "Fakaleleiʻi ʻa e src/billing_legacy/.",
    ),
    (
        "Ndũkahutie src/billing_legacy/ o na hanini, nĩ ya gĩkundi kĩngĩ.",
        "Thondeka src/billing_legacy/.",
    ),
]
ASKED = [
    "The user asked to refactor the code under src/billing_legacy/.",
    "The user wants src/billing_legacy/ rewritten.",
]
BANNED = [
    "The user said never to touch src/billing_legacy/.",
    "Do not modify src/billing_legacy/.",
]
NOTES = ["Noted.", "OK, noted.", "Understood, I'll follow that."]


def _session(said: str, answer: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A task on other files, the user's ``said`` answered by ``answer``, more work."""
    return [
        {"role": "user", "content": "Move the invoice sync in src/api/ from Kafka to Redpanda."},
        *chat_exchange("c1", "read_file", {"path": "src/api/client.py"}, "def sync(): ..."),
        {"role": "user", "content": said},
        *answer,
        *chat_exchange(
            "c5", "write_file", {"path": "src/api/retry.py", "content": "x = 1\n"}, "ok"
        ),
        {"role": "assistant", "content": "Progress note: the consumer now reads from Redpanda."},
        {"role": "user", "content": "Ok, keep going."},
        *chat_exchange("c6", "write_file", {"path": "src/api/sink.py", "content": "y = 2\n"}, "ok"),
        {"role": "assistant", "content": "Continuing with the sink."},
    ]


def _noted(said: str, note: str) -> list[dict[str, Any]]:
    """``said`` noted, the work going on in other files right after."""
    work = chat_exchange("c2", "write_file", {"path": "src/api/client.py", "content": "z\n"}, "ok")
    return _session(said, [{"role": "assistant", "content": note}, *work])


def _worked_on(said: str) -> list[dict[str, Any]]:
    """``said`` answered by a read and a write under the path."""
    return _session(
        said,
        [
            *chat_exchange("c2", "read_file", {"path": f"{PATH}invoice.py"}, "def total(): ..."),
            *chat_exchange(
                "c3",
                "write_file",
                {"path": f"{PATH}invoice.py", "content": "def total(): 1\n"},
                "ok",
            ),
            {"role": "assistant", "content": f"Reworked {PATH}invoice.py."},
        ],
    )


def _stands(line: str, dicts: list[dict[str, Any]], heading: str | None) -> bool:
    record = list(read_messages(dicts))
    recap = f"Summary:\n{line}" if heading is None else f"{heading}:\n- {line}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return line in v.text


@pytest.mark.parametrize(("ban", "asked"), TWINS)
@pytest.mark.parametrize("line", ASKED)
@pytest.mark.parametrize("note", NOTES)
@pytest.mark.parametrize("heading", ["Constraints and corrections", None])
def test_a_request_claimed_on_a_path_noted_and_kept_off_is_stripped(
    ban: str, asked: str, line: str, note: str, heading: str | None
) -> None:
    assert not _stands(line, _noted(ban, note), heading)
    assert _stands(line, _worked_on(asked), heading)


@pytest.mark.parametrize(("ban", "asked"), TWINS)
@pytest.mark.parametrize("line", BANNED)
@pytest.mark.parametrize("heading", ["Constraints and corrections", None])
def test_a_ban_claimed_on_a_path_worked_on_right_after_is_stripped(
    ban: str, asked: str, line: str, heading: str | None
) -> None:
    assert not _stands(line, _worked_on(asked), heading)
    assert _stands(line, _noted(ban, "Noted."), heading)


@pytest.mark.parametrize(("ban", "asked"), TWINS)
def test_a_request_taken_up_in_words_is_not_read_as_a_ban(ban: str, asked: str) -> None:
    # (the assistant said it would do it and has not yet: an open request, not a rule)
    dicts = _noted(asked, f"Sure, I'll look at {PATH} after the sync.")
    assert _stands(ASKED[0], dicts, "Open requests")


@pytest.mark.parametrize(("ban", "asked"), TWINS)
def test_a_path_named_again_later_is_no_ban_kept_to(ban: str, asked: str) -> None:
    # (the assistant came back to the path in words: whatever the clause was, it is open)
    dicts = _noted(asked, "Noted.")
    dicts[-1]["content"] = f"Next I will go through {PATH} as well."
    assert _stands(ASKED[0], dicts, "Open requests")


@pytest.mark.parametrize(("ban", "asked"), TWINS)
def test_a_ban_broken_only_later_still_stands(ban: str, asked: str) -> None:
    # (a write under the path long after the note is the ban broken, not the clause's work)
    dicts = _noted(ban.split(",")[0] + ".", "Noted.")  # (the rule alone, read as said)
    dicts += chat_exchange("c9", "write_file", {"path": f"{PATH}x.py", "content": "q\n"}, "ok")
    assert _stands(BANNED[0], dicts, "Constraints and corrections")


@pytest.mark.parametrize(("ban", "asked"), TWINS)
@pytest.mark.parametrize("line", BANNED)
@pytest.mark.parametrize("note", NOTES)
def test_a_ban_with_its_reason_noted_and_kept_to_stands(
    ban: str, asked: str, line: str, note: str
) -> None:
    assert _stands(line, _noted(ban, note), "Constraints and corrections")
