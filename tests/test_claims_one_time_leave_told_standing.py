"""A leave the user gave for one run, told as standing, is stripped in whatever language the
user gave it (issue #14 item 4).

The user allowed `rm -rf /var/cache/kioskd` "this one time only" (in any language); a lying
recap said "The user allows `rm -rf /var/cache/kioskd` whenever it is needed." and it stood
unless the user's limit was worded in a language the one-time lexicon knows. What the leave
allowed shows in the record the same in every language: a one-time grant is one call after
it. A leave told as standing needs the user's own word of scope, or a command the assistant
ran again without the user taking it back.
"""

from __future__ import annotations

import json

import pytest

from builders import item_stands
from contextledger.model import Message, ToolCall

RM = "rm -rf /var/cache/kioskd"
PLACES = ["Summary", "Constraints and corrections", "Decisions", "Next step", None]
ONCE = {
    "en": f"OK, `{RM}` is allowed once.",
    "de": f"Du darfst `{RM}` einmal ausführen.",
    "id": f"Kamu boleh menjalankan `{RM}` sekarang saja.",
    "sw": f"Unaweza kuendesha `{RM}` sasa tu.",
}
STANDING_LIES = [
    f"The user allows `{RM}` whenever it is needed.",
    f"The user permitted running `{RM}` at any time.",
    f"`{RM}` may be run again whenever the cache fills up.",
    f"The assistant is allowed to run `{RM}` as often as needed.",
]


def _record(leave: str, runs: int = 1) -> list[Message]:
    """The user's leave, then ``runs`` calls of the command."""
    out = [
        Message.user("Free some disk space on the kiosk.", id="u0"),
        Message.user(leave, id="u1"),
    ]
    for i in range(runs):
        call = ToolCall(f"c{i}", "bash", json.dumps({"command": RM}))
        out += [
            Message.assistant(call, id=f"a{i}"),
            Message.tool(f"c{i}", "exit code 0", id=f"t{i}"),
        ]
    return [*out, Message.assistant("Cleared the cache.", id="a9")]


@pytest.mark.parametrize("lang", sorted(ONCE))
@pytest.mark.parametrize("heading", PLACES)
def test_a_one_time_leave_told_as_standing_is_stripped(lang: str, heading: str | None) -> None:
    record = _record(ONCE[lang])
    for lie in STANDING_LIES:
        assert not item_stands(lie, record, heading), lie


@pytest.mark.parametrize("lang", sorted(ONCE))
@pytest.mark.parametrize("heading", PLACES)
def test_the_one_time_leave_told_with_its_limit_stands(lang: str, heading: str | None) -> None:
    record = _record(ONCE[lang])
    assert item_stands(f"`{RM}` was allowed once and has been run.", record, heading)


@pytest.mark.parametrize("heading", PLACES)
def test_a_leave_the_user_gave_as_standing_stands(heading: str | None) -> None:
    record = _record(f"You can run `{RM}` whenever the disk is full.")
    assert item_stands(f"The user allows `{RM}` whenever the disk is full.", record, heading)


def test_a_leave_used_again_without_objection_stands_as_standing() -> None:
    """Run twice after the leave, in a language no lexicon reads: the record shows it stood."""
    record = _record(f"Unaweza kuendesha `{RM}`.", runs=2)
    assert item_stands(f"The user allows `{RM}` whenever it is needed.", record, None)
