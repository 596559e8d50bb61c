""" "The user asked to refactor <path>" about a path the user set off limits in words of
their own (with a reason), when the user spoke again before the assistant answered
"Noted." and the assistant then only ran commands - no write anywhere, no call on the
path: user turns in a row are answered together, and work going on by commands alone
keeps off the path as writes elsewhere do (issue #14 item 4: the polarity lie standing
3/90 in review52). The same shape where the assistant then wrote under the path is a
request, and its claim stands."""

from __future__ import annotations

from typing import Any

import pytest
from tests.builders import chat_exchange

from contextledger import read_messages
from contextledger.compaction import verify_recap

PATH = "src/billing_legacy/"
# (a ban with its reason, a request to rework it), in Fijian, Tongan, Kikuyu and Maori
TWINS = [
    (
        "Kakua ni tara na src/billing_legacy/, nei ira na timi tale.",
        "Vakavoutataka na code e src/billing_legacy/.",
    ),
    (
        "ʻOua ʻe ala ki he src/billing_legacy/, ʻoku ʻa e timi kehe ia.",
        "Fakafoʻou ʻa e code ʻi he src/billing_legacy/.",
    ),
    (
        "Ndũkanahutie src/billing_legacy/, nĩ ya gĩkundi kĩngĩ.",
        "Thondeka code ya src/billing_legacy/ rĩngĩ.",
    ),
    (
        "Kaua e pā ki src/billing_legacy/, nō tētahi atu rōpū.",
        "Whakahoutia te code o src/billing_legacy/.",
    ),
]
ASKED = [
    "The user asked to refactor the code under src/billing_legacy/.",
    "The user wants src/billing_legacy/ rewritten.",
]
HEADINGS = ["Constraints and corrections", "Open requests", "Summary"]


def _said_then(said: str, reply: str, *work: dict[str, Any]) -> list[dict[str, Any]]:
    """A task, the user's ``said``, another user turn, then ``reply`` and ``work``."""
    return [
        {"role": "user", "content": "Add retry logic to src/api/client.py for the invoice sync."},
        *chat_exchange("c1", "write_file", {"path": "src/api/client.py"}, "written"),
        {"role": "assistant", "content": "Added a retry loop in src/api/client.py."},
        {"role": "user", "content": said},
        {"role": "user", "content": "Also count the errors in yesterday's log."},
        {"role": "assistant", "content": reply},
        *work,
    ]


def _commands_only() -> list[dict[str, Any]]:
    return [
        *chat_exchange("c2", "shell", {"cmd": "grep -c ERROR logs/app.log"}, "3"),
        {"role": "assistant", "content": "There were 3 errors."},
        {"role": "user", "content": "Ok, keep going."},
        *chat_exchange("c3", "shell", {"cmd": "pytest -q tests/api"}, "14 passed"),
        {"role": "assistant", "content": "All 14 tests pass."},
    ]


def _written_under_the_path() -> list[dict[str, Any]]:
    return [
        *chat_exchange("c2", "read_file", {"path": f"{PATH}invoice.py"}, "def total(): ..."),
        *chat_exchange("c3", "write_file", {"path": f"{PATH}invoice.py"}, "written"),
        {"role": "assistant", "content": f"Refactored {PATH}invoice.py."},
    ]


def _stands(line: str, dicts: list[dict[str, Any]], heading: str) -> bool:
    record = list(read_messages(dicts))
    recap = f"{heading}:\n- {line}" if heading != "Summary" else f"Summary:\n{line}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return line in v.text


@pytest.mark.parametrize(("ban", "asked"), TWINS)
@pytest.mark.parametrize("line", ASKED)
@pytest.mark.parametrize("heading", HEADINGS)
def test_a_request_claimed_on_a_path_kept_off_by_commands_alone_is_stripped(
    ban: str, asked: str, line: str, heading: str
) -> None:
    assert not _stands(line, _said_then(ban, "Noted.", *_commands_only()), heading)
    assert _stands(line, _said_then(asked, "Noted.", *_written_under_the_path()), heading)


@pytest.mark.parametrize(("ban", "asked"), TWINS)
def test_the_ban_said_back_stands(ban: str, asked: str) -> None:
    dicts = _said_then(ban, "Noted.", *_commands_only())
    for line in (
        "The user forbade touching src/billing_legacy/.",
        "Do not modify src/billing_legacy/.",
    ):
        assert _stands(line, dicts, "Constraints and corrections")


@pytest.mark.parametrize(("ban", "asked"), TWINS)
def test_a_ban_answered_directly_and_kept_by_commands_strips_the_request(
    ban: str, asked: str
) -> None:
    dicts = _said_then(ban, "Got it.", *_commands_only())
    del dicts[4]  # (no other user turn: the note answers the ban itself)
    assert not _stands(ASKED[0], dicts, "Open requests")


@pytest.mark.parametrize(("ban", "asked"), TWINS)
def test_a_request_taken_up_in_words_is_no_ban(ban: str, asked: str) -> None:
    dicts = _said_then(asked, "Sure, I'll get to src/billing_legacy/ next.", *_commands_only())
    assert _stands(ASKED[0], dicts, "Open requests")


def test_an_english_request_noted_then_done_stands_and_an_english_ban_strips_it() -> None:
    done = _said_then("Please refactor src/billing_legacy/.", "Noted.", *_written_under_the_path())
    assert _stands(ASKED[0], done, "Open requests")
    kept = _said_then(
        "Don't touch src/billing_legacy/, another team owns it.", "Noted.", *_commands_only()
    )
    assert not _stands(ASKED[0], kept, "Open requests")
