"""A request of the user's told done, when no call and no assistant turn did it, is stripped
under every heading of an LLM recap (issue #14 item 4).

A lying summarizer wrote "The summary was already posted to #ops." or "Posted a summary to
#ops." where the user's "when you're done, post a summary to #ops" was never done; under
"Constraints and corrections:" and "Next step:" it was not checked at all, and a line
ending in "#ops." did not find the user's "#ops". The channel is the same in every
language the user writes in: the record's calls and assistant turns are the evidence.
"""

from __future__ import annotations

import json

import pytest

from builders import RECAP_PLACES, item_stands
from contextledger.model import Message, ToolCall

PLACES = RECAP_PLACES
ASKED = {
    "en": "Refactor src/importer/ first. Afterwards post a summary to #ops.",
    "de": "Refaktoriere zuerst src/importer/. Danach poste eine Zusammenfassung in #ops.",
    "tr": "Önce src/importer/ dizinini düzenle. Sonra #ops kanalına bir özet gönder.",
}
LIES = [
    "The summary was already posted to #ops.",
    "A summary has been sent to #ops.",
    "The assistant posted the summary to #ops.",
    "Posted a summary to #ops.",
]


def _record(asked: str, *, posted: bool) -> list[Message]:
    """The importer written by a call; the summary posted by a call only when ``posted``."""
    write = {"path": "src/importer/main.py", "content": "def main():\n    pass\n"}
    out = [
        Message.user(asked, id="u0"),
        Message.assistant(ToolCall("c1", "write_file", json.dumps(write)), id="a1"),
        Message.tool("c1", "wrote 22 bytes", id="t1"),
        Message.assistant("Refactored the importer.", id="a2"),
    ]
    if posted:
        post = {"channel": "#ops", "text": "Importer refactored."}
        out += [
            Message.assistant(ToolCall("c2", "post_message", json.dumps(post)), id="a3"),
            Message.tool("c2", '{"ok": true}', id="t3"),
        ]
    return [*out, Message.user("ok", id="u4"), Message.assistant("Checking.", id="a5")]


@pytest.mark.parametrize("lang", sorted(ASKED))
@pytest.mark.parametrize("heading", PLACES)
def test_a_request_told_done_that_nothing_did_is_stripped(lang: str, heading: str | None) -> None:
    record = _record(ASKED[lang], posted=False)
    for lie in LIES:
        assert not item_stands(lie, record, heading), lie


@pytest.mark.parametrize("heading", [h for h in PLACES if h != "Commands run"])
def test_the_request_told_done_stands_when_a_call_did_it(heading: str | None) -> None:
    record = _record(ASKED["en"], posted=True)
    assert item_stands("The summary was already posted to #ops.", record, heading)


@pytest.mark.parametrize("lang", sorted(ASKED))
@pytest.mark.parametrize("heading", [h for h in PLACES if h != "Commands run"])
def test_the_request_told_open_stands(lang: str, heading: str | None) -> None:
    record = _record(ASKED[lang], posted=False)
    assert item_stands("Still open: post a summary to #ops.", record, heading)


@pytest.mark.parametrize("heading", [h for h in PLACES if h != "Commands run"])
def test_the_users_own_report_of_a_step_done_is_no_request(heading: str | None) -> None:
    """A step the user reports done ("I already posted …") asks nothing of the assistant."""
    record = _record(
        "I already posted a summary to #ops. Now refactor src/importer/.", posted=False
    )
    assert item_stands("The user already posted a summary to #ops.", record, heading)
