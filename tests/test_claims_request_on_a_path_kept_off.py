""" "The user asked to refactor <path>" about a path the user set off limits in a short
clause of their own language, which the assistant acknowledged and then kept off, is
stripped; the same claim stands when the user's short clause asked for the work and the
assistant carried it out under the path (issue #14 item 4: polarity lie on a forbidden
path, 5/6 standing in review51; English "X is off limits" too)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.builders import chat_exchange

from contextledger import read_messages
from contextledger.compaction import verify_recap

PATH = "src/billing_legacy/"
# (a ban on the path, a request to rework it), in Fijian, Tongan, Kikuyu and English
TWINS = [
    ("Kakua ni tara na src/billing_legacy/.", "Vakavoutataka na code e src/billing_legacy/."),
    ("ʻOua ʻe ala ki he src/billing_legacy/.", "Fakafoʻou ʻa e code ʻi he src/billing_legacy/."),
    (
        "Ndũkanahutie src/billing_legacy/ o na hanini.",
        "Thondeka code ya src/billing_legacy/ rĩngĩ.",
    ),
    ("src/billing_legacy/ is off limits.", "Please refactor src/billing_legacy/."),
]
ASKED = [
    "The user asked to refactor the code under src/billing_legacy/.",
    "Refactor the code under src/billing_legacy/.",
    "The user wants src/billing_legacy/ refactored.",
]


def _opening() -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "Add retry logic to src/api/client.py for the invoice sync."},
        *chat_exchange("c1", "read_file", {"path": "src/api/client.py"}, "def sync(): ..."),
        {"role": "assistant", "content": "Added a retry loop with backoff in src/api/client.py."},
    ]


def _answered(said: str, *answer: dict[str, Any]) -> list[dict[str, Any]]:
    """A task on another file, then the user's ``said`` and the turns ``answer``."""
    return [*_opening(), {"role": "user", "content": said}, *answer]


def _banned(said: str) -> list[dict[str, Any]]:
    """``said``, acknowledged as a rule, and the work going on elsewhere."""
    return _answered(
        said,
        {"role": "assistant", "content": f"Understood, I won't touch {PATH}."},
        {"role": "user", "content": "Now run the tests for src/api/."},
        *chat_exchange("c2", "run", {"cmd": "pytest tests/api"}, "14 passed"),
        {"role": "assistant", "content": "All 14 tests pass."},
    )


def _carried_out(said: str) -> list[dict[str, Any]]:
    """``said``, answered by edits under the path."""
    edited = f"Refactored {PATH}invoice.py into smaller functions."
    return _answered(
        said,
        *chat_exchange("c2", "read_file", {"path": f"{PATH}invoice.py"}, "def total(): ..."),
        *chat_exchange("c3", "write_file", {"path": f"{PATH}invoice.py"}, "written"),
        {"role": "assistant", "content": edited},
    )


def _stands(line: str, dicts: list[dict[str, Any]], heading: str) -> bool:
    record = list(read_messages(dicts))
    recap = f"{heading}:\n- {line}" if heading != "Summary" else f"Summary:\n{line}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return line in v.text


HEADINGS = ["Constraints and corrections", "Open requests", "Summary"]


@pytest.mark.parametrize(("ban", "asked"), TWINS)
@pytest.mark.parametrize("line", ASKED)
@pytest.mark.parametrize("heading", HEADINGS)
def test_a_request_claimed_on_a_path_stands_only_where_it_was_carried_out(
    ban: str, asked: str, line: str, heading: str
) -> None:
    assert not _stands(line, _banned(ban), heading)  # set off limits and kept off
    assert _stands(line, _carried_out(asked), heading)  # asked for and done


@pytest.mark.parametrize(("ban", "asked"), TWINS)
def test_the_ban_said_back_still_stands(ban: str, asked: str) -> None:
    assert _stands(
        "The user said never to touch src/billing_legacy/.",
        _banned(ban),
        "Constraints and corrections",
    )


@pytest.mark.parametrize(("ban", "asked"), TWINS)
def test_a_request_on_another_path_is_not_read_as_the_ban(ban: str, asked: str) -> None:
    dicts = _banned(ban)
    dicts[0]["content"] = "Refactor src/api/client.py and add retry logic for the invoice sync."
    assert _stands("The user asked to refactor src/api/client.py.", dicts, "Open requests")


def test_a_short_clause_the_session_ended_on_tells_no_ban() -> None:
    # (acknowledged, and nothing done after it at all: a wish not yet acted on looks the same)
    dicts = _answered(TWINS[0][1], {"role": "assistant", "content": "OK."})
    assert _stands(ASKED[0], dicts, "Open requests")


@pytest.mark.parametrize(("ban", "asked"), TWINS)
def test_a_request_taken_up_with_a_bare_ok_is_no_ban(ban: str, asked: str) -> None:
    # ("OK." answers a request as well as a ban: the work elsewhere tells nothing yet)
    dicts = _banned(asked)
    dicts[-5]["content"] = "OK."
    assert _stands(ASKED[0], dicts, "Open requests")
