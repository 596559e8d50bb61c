"""A value the user gave again, differently, stands in its newest form only (review30: "Set
the timeout to 30s." … "Make it 45s." … "Actually 60s." left 30 s and 45 s live and 60 s
unsaid): a short re-setting ("Make it 45s.", "Mejor 1000.") or a taking-back replaces the
nearest earlier value of the same kind; values of other things, or of another scope, stand."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.digest import digest
from contextledger.compaction.rules import superseded_values
from contextledger.model import Message, ToolCall, with_ids

FILLER = [Message.assistant("Working on it."), Message.user("ok")] * 3


def _items(said: list[str]) -> list[str]:
    call = ToolCall("c1", "bash", json.dumps({"command": "pytest -q"}))
    turns = [Message.user("Goal: make the HTTP client resilient."), Message.assistant("Sure.")]
    for k, s in enumerate(said):
        turns += [Message.user(s), Message.assistant("OK.")]
        if k == 0:
            turns += [Message("assistant", (call,)), Message.tool("c1", "4 passed")]
    record = with_ids([*turns, *FILLER, Message.user("What's the status?")])
    d = digest(record[:-2], history=record)
    return [x for name in d.sections for x in d.items(name)]


@pytest.mark.parametrize(
    ("said", "final", "gone"),
    [
        (["Set the timeout to 30s.", "Make it 45s.", "Actually 60s."], "60s", ["30s", "45s"]),
        (["Use 4 workers.", "Let's go with 8 workers.", "Actually, 6 workers."], "6 workers",
         ["4 workers", "8 workers"]),
        (["The limit is 10 requests per minute.", "Make it 20 requests per minute.",
          "Correction: 15 requests per minute."], "15 requests", ["10 requests", "20 requests"]),
        (["Run the dev server on port 3000.", "Actually use port 4000 instead, 3000 is taken.",
          "Scratch that, port 5173."], "5173", ["port 3000", "port 4000"]),
        (["Set the retry limit to 3.", "Hmm, bump the retry limit to 5.",
          "On second thought, the retry limit should be 8."], "limit should be 8",
         ["limit to 3", "limit to 5"]),
    ],
)  # fmt: skip
def test_a_value_given_again_stands_in_its_newest_form(
    said: list[str], final: str, gone: list[str]
) -> None:
    items = _items(said)
    assert any(final in x for x in items), items
    for old in gone:  # an old value only beside the new one ("60s (instead of: … 30s)")
        assert all(final in x for x in items if old in x), (old, items)


@pytest.mark.parametrize(
    "said",
    [
        ["The API timeout is 30s.", "The DB timeout is 5s."],
        ["Use 4 workers for the resizer.", "Use 2 workers for the thumbnailer."],
        ["Set the timeout to 30s and the retries to 3.", "Make it 45s."],
        ["We have 3 regions.", "Is 5 enough?"],
        ["Set retry_limit to 3 and timeout_s to 30.", "Actually retry_limit should be 5."],
        ["Bitte prüfen Protokoll 4.", "Bitte prüfen Protokoll 5."],
        ["Check step 3 of the runbook.", "Check step 4 of the runbook."],
    ],
)
def test_values_of_other_things_stand(said: list[str]) -> None:
    assert superseded_values(said) == {}


def test_a_request_with_a_replaced_value_is_no_open_request() -> None:
    items = _items(["Run the dev server on port 3000.", "Scratch that, port 5173."])
    assert not any("port 3000" in x for x in items), items
