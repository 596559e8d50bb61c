"""Claims, not words (issue #14 part 4), session 37: a value is bound to what the user said
of it, and an open request is no statement that it was done.

* a value the speaker took back at once ("$1,250 — no sorry, $1,520") is replaced: the
  old value stated as if it stood is unsupported; "(not $1,250)" agrees with the user;
* "X has not been done yet" agrees with a user's request to do X ("remind me to …"), while
  a rule ("must not … yet") is still read as one;
* an act is one act however it is inflected: "must ask before filing" against "you can
  file … without asking me" is the opposite permission;
* a figure of a tool's JSON answer is bound to its field: "the water bill is $180" where the
  answer gave ``{"power_usd": 180, "water_usd": 95}`` names power's figure by water's word;
* a time of day is one value: "opens at 6:45" (a time a tool gave of something else) is
  not the user's "opens at 7:45" because both end in 45.
"""

from __future__ import annotations

import json

from builders import recap_line_stands
from contextledger.compaction.stance import slipped_values
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall

_GOAL = "Get the community garden ready for the spring season."


def _record() -> list[Message]:
    return [
        Message.user(f"{_GOAL} The greenhouse opens at 7:45 on weekdays.", id="u0"),
        Message.user("The seed order came to $1,250 — no sorry, $1,520, I misread it.", id="u1"),
        Message.user("Please remind me to renew the water permit before March.", id="u2"),
        Message.user("You can hire a helper without asking me if the volunteers cancel.", id="u3"),
        Message.assistant(ToolCall("c1", "list_plots", json.dumps({"season": "spring"})), id="a1"),
        Message.tool("c1", json.dumps({"status": "ok", "plots": 42, "watering": "6:45"}), id="t1"),
        Message.assistant(ToolCall("c2", "get_bills", json.dumps({"month": "March"})), id="a2"),
        Message.tool("c2", json.dumps({"power_usd": 180, "water_usd": 95, "late_fee": 0}), id="t2"),
        Message.assistant("There are 42 plots this spring.", id="end"),
    ]


def _stands(line: str) -> bool:
    return recap_line_stands(line, _record(), _GOAL)


def test_a_value_taken_back_at_once_is_replaced() -> None:
    assert not _stands("The seed order came to $1,250.")
    assert _stands("The seed order came to $1,520 (not $1,250).")
    assert _stands("The seed order came to $1,520.")


def test_a_slip_needs_two_values_of_one_shape() -> None:
    assert slipped_values("It was 9:30, sorry I mean 10:30.") == [("9:30", "10:30")]
    assert slipped_values("We have 3 boxes, sorry, 2:15 is when they come.") == []
    assert slipped_values("3 boxes and 2 bags.") == []


def test_not_done_yet_agrees_with_an_open_request() -> None:
    assert _stands("The water permit has not been renewed yet.")
    assert _stands("Nobody has renewed the water permit so far.")
    # said with a contraction, as people write it (verify37: read as claiming it done)
    assert _stands("The water permit hasn't been renewed yet.")
    assert _stands("The water permit hasn’t been renewed yet.")
    assert _stands("We haven't renewed the water permit yet.")


def test_a_permission_holds_for_the_act_however_inflected() -> None:
    assert not _stands("The assistant must ask before hiring a helper.")
    assert _stands("A helper can be hired without asking if the volunteers cancel.")


def test_a_time_of_day_is_one_value() -> None:
    assert not _stands("The greenhouse opens at 6:45 on weekdays.")
    assert _stands("The greenhouse opens at 7:45 on weekdays.")


def test_a_figure_is_bound_to_its_field() -> None:
    assert not _stands("The water bill for March is $180.")
    assert not _stands("A late fee of $95 is due.")
    assert _stands("March bills: power $180, water $95.")
    assert _stands("The water bill for March is $95.")
    assert _stands("March came to $180 for power, $95 for water.")


def test_a_correction_binds_to_its_value_not_to_every_equal_number() -> None:
    # R37-V1: the user's goal "... before the consult on 14 March" was stripped because the
    # user corrected another date sharing the number ("4 February, not 14 February")
    goal = "Goal: prepare the intake memo for the wrongful termination claim before the consult on 14 March"
    record = [
        Message.user(
            "I need you to prepare the intake memo for the wrongful termination claim "
            "before the consult on 14 March."
        ),
        Message.assistant("On it. I'll start with the payroll export."),
        Message.user(
            "I had it wrong in the notes, the last day worked was 4 February, not 14 February."
        ),
        Message.assistant("Noted: last day worked 4 February."),
    ]
    v = verify_recap(goal, record, mode="strip", max_bytes=4000, context=record)
    assert goal in v.text
    stale = "Last day worked: 14 February."
    v = verify_recap(f"{goal}\n{stale}", record, mode="strip", max_bytes=4000, context=record)
    assert stale not in v.text
