"""A recap that says both "The user said never to touch X." and "The user asked to
refactor the code under X." contradicts itself about one path: at most one stands (issue
#14 item 4). The request stands only when the record worked on the path (a write under
it); otherwise it goes, whatever the user's words on X were - acting on a ban kept by
mistake is harmless, acting on a request that was a ban is not. A ban on one act or for a
while ("Do not deploy X until …") is no ban on the path: a request beside it stands."""

from __future__ import annotations

import json
from typing import Any

import pytest

from contextledger import read_messages
from contextledger.compaction import verify_recap

PATH = "vendor/glyph-maps/"
BAN = f"The user said never to touch {PATH}."
REQUEST = f"The user asked to refactor the code under {PATH}."
# the user's clause on the path, answered "OK." (which takes a request up as well as a
# ban: nothing in the reply tells them apart), in Maori, Tongan and Kikuyu
SAID = [
    f"Kia tūpato ki {PATH}, nō tētahi atu rōpū.",
    f"Tokanga ki he {PATH}, ʻoku ʻa e timi kehe ia.",
    f"Ĩmenyerere {PATH}, nĩ ya gĩkundi kĩngĩ.",
]


def _record(said: str, call: str, args: dict[str, str]) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "Add retries to src/api/client.py."},
        {"role": "assistant", "content": "Understood."},
        {"role": "user", "content": said},
        {"role": "assistant", "content": "OK."},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": call, "arguments": json.dumps(args)},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
        {"role": "user", "content": "Ok, keep going."},
        {"role": "assistant", "content": "Continuing."},
    ]


def _kept(recap: str, dicts: list[dict[str, Any]]) -> str:
    record = list(read_messages(dicts))
    return verify_recap(recap, record, mode="strip", max_bytes=4000, context=record).text


@pytest.mark.parametrize("said", SAID)
@pytest.mark.parametrize("prose", [True, False])
def test_the_request_beside_a_ban_of_one_path_goes_when_nothing_worked_on_it(
    said: str, prose: bool
) -> None:
    recap = (
        f"Summary:\n{BAN} {REQUEST}"
        if prose
        else f"Constraints and corrections:\n- {BAN}\n- {REQUEST}"
    )
    kept = _kept(recap, _record(said, "shell", {"cmd": "pytest -q tests/api"}))
    assert REQUEST not in kept


@pytest.mark.parametrize("said", SAID)
def test_the_request_alone_is_left_to_the_other_checks(said: str) -> None:
    """Without the ban beside it, "OK." and no work on the path decide nothing here."""
    kept = _kept(f"Summary:\n{REQUEST}", _record(said, "shell", {"cmd": "pytest -q tests/api"}))
    assert REQUEST in kept


@pytest.mark.parametrize("said", SAID)
def test_the_request_stands_when_the_record_wrote_under_the_path(said: str) -> None:
    dicts = _record(said, "write_file", {"path": f"{PATH}map.py", "content": "x = 1\n"})
    assert REQUEST in _kept(f"Summary:\n{BAN} {REQUEST}", dicts)


def test_an_english_ban_on_one_act_leaves_the_request_beside_it() -> None:
    dicts = _record(f"Please refactor {PATH} when you get to it.", "shell", {"cmd": "pytest -q"})
    recap = f"Summary:\nDo not deploy {PATH} until the tests pass. {REQUEST}"
    assert REQUEST in _kept(recap, dicts)


def test_a_ban_on_a_folder_inside_the_path_leaves_the_request() -> None:
    dicts = _record(f"Please refactor {PATH} when you get to it.", "shell", {"cmd": "pytest -q"})
    recap = f"Summary:\nThe user said never to touch {PATH}legacy/. {REQUEST}"
    assert REQUEST in _kept(recap, dicts)
