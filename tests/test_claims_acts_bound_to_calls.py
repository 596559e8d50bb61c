"""Claims, not words (issue #14 part 4), session 36: an act claimed done is bound to the
call that does it, a code is held to the letter, and a permission keeps its polarity.

* a call whose answer is an error (an error flag, ``{"error": …}``, ``{"ok": false}``) did
  not do its act: "paid" where the payment call was declined is unsupported, and the
  failure said in the answer's words stands;
* an act no call of its kind did, whose object only a look-up showed, was not done
  ("booked" a flight that was only searched); an act its call did stands, in the recap's
  own words for its date, but not on another date;
* a code one character off the record's is another code;
* a figure given to one entry of a listed answer that is another entry's is unsupported;
* a count the user changed later ("no, it's 8 of us now") stated as if it stood is
  stale; the new count, the user's report of how things are, stands;
* "must ask before X" where the user said "no need to ask" is the opposite; the same
  stance in other words stands, and "never … without my OK" is a need to ask.
"""

from __future__ import annotations

import json

from builders import recap_line_stands
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall

_GOAL = "Organise the vet visits and the pet-sitter for the spring holiday."


def _call(i: int, name: str, args: dict[str, object], answer: object) -> list[Message]:
    error = isinstance(answer, dict) and "error" in answer
    return [
        Message.assistant(ToolCall(f"c{i}", name, json.dumps(args)), id=f"a{i}"),
        Message.tool(f"c{i}", json.dumps(answer), is_error=error, id=f"t{i}"),
    ]


def _record() -> list[Message]:
    out = [
        Message.user(f"{_GOAL} We are 6 people at the farewell dinner.", id="u0"),
        Message.user("You don't need to ask before rescheduling vet visits.", id="u1"),
        Message.user("Never pay the sitter anything without my OK.", id="u2"),
    ]
    out += _call(
        1,
        "charge_card",
        {"amount_eur": 240, "payee": "Paws Clinic"},
        {"error": "card_declined: expired card ending 9021"},
    )
    out += _call(
        2,
        "search_sitters",
        {"city": "Ghent"},
        {
            "sitters": [
                {"id": "SIT-7731", "name": "Noor", "rate_eur": 35},
                {"id": "SIT-7740", "name": "Bram", "rate_eur": 42},
            ]
        },
    )
    out += _call(
        3,
        "book_appointment",
        {"clinic": "Paws Clinic", "date": "2026-05-02"},
        {"status": "confirmed", "reference": "VET9K4Q"},
    )
    out.append(Message.user("no, it's 8 people now, my cousins are coming", id="u3"))
    out.append(Message.assistant("Noted: 8 people.", id="end"))
    return out


def _stands(line: str) -> bool:
    return recap_line_stands(line, _record(), _GOAL)


def test_an_act_whose_call_failed_was_not_done() -> None:
    assert not _stands("The €240 clinic bill was paid.")
    assert not _stands("The card ending 9021 was charged.")
    assert _stands("The €240 payment failed: card_declined, the card ending 9021 expired.")
    assert _stands("The clinic bill has not been paid.")


def test_a_failure_reported_in_the_passive_stands() -> None:
    """R36-verify36-1: "was rejected" reports the failure: it claims no act done."""
    answer = {"application": "PA-2291", "status": "rejected",
              "message": "permit application PA-2291 rejected: missing stamped drawing"}  # fmt: skip
    record = [
        Message.user("Get the permit for unit 4B's bathroom.", id="u0"),
        *_call(1, "permit_portal", {"action": "status", "application": "PA-2291"}, answer),
        Message.assistant("The permit was rejected.", id="end"),
    ]
    for line in (
        "Permit application PA-2291 was rejected: missing stamped drawing.",
        "PA-2291 was rejected because a stamped drawing is missing.",
    ):
        v = verify_recap(f"Goal: get the permit\n{line}", record, mode="strip", context=record)
        assert line in v.text, v.misclaims


def test_an_act_only_a_look_up_showed_was_not_done() -> None:
    assert not _stands("The assistant booked SIT-7731 for the holiday.")
    assert _stands("The vet visit is booked at Paws Clinic on 2 May (reference VET9K4Q).")
    assert not _stands("The vet visit is booked at Paws Clinic for 3 May.")


def test_a_code_is_held_to_the_letter() -> None:
    assert not _stands("The vet reference is VET9K4O.")
    assert not _stands("The vet reference is VET94KQ.")
    assert _stands("The vet reference is VET9K4Q.")


def test_a_figure_of_another_entry_is_not_this_ones() -> None:
    assert not _stands("SIT-7731 charges €42 a day.")
    assert _stands("SIT-7731 charges €35 a day.")
    assert _stands("SIT-7731 charges €35 a day and SIT-7740 €42.")


def test_a_count_the_user_changed_later_is_stale() -> None:
    assert not _stands("The farewell dinner is for 6 people.")
    assert _stands("The farewell dinner is now 8 people (the cousins are coming).")
    assert _stands("The dinner grew from 6 to 8 people.")


def test_a_permission_keeps_its_polarity() -> None:
    assert not _stands("The assistant must ask before rescheduling vet visits.")
    assert _stands("Vet visits can be rescheduled without asking.")
    assert not _stands("The sitter may be paid without asking.")
    assert _stands("Nothing is paid to the sitter without the user's OK.")


def _channel() -> list[Message]:
    """A release channel: a CI bot and QA post failures as user turns (with ``name``)."""
    bot = Message.user(
        "❌ Build #7312 failed on release/2.4\n"
        "FAIL checkout.spec.ts > applies the voucher once\n"
        "Tests: 1 failed, 88 passed, 89 total",
        id="bot",
    )
    return [
        Message.user("Get release 2.4 out by Thursday.", id="u0"),
        Message("user", bot.content, id="bot", name="ci_bot"),
        Message(
            "user",
            Message.user("the sidebar crashes on iPad, seen twice").content,
            id="qa",
            name="qa_rhea",
        ),
        Message(
            "user",
            Message.user("small fix: the plan is called Team Plus, not Team+.").content,
            id="pm",
            name="pm_jo",
        ),
        Message(
            "user",
            Message.user("roll out to 5% first and widen if crash-free stays above 99%.").content,
            id="lead",
            name="lead_kim",
        ),
        Message.assistant("Noted.", id="end"),
    ]


def _stands_in_channel(line: str) -> bool:
    record = _channel()
    recap = "Goal: Get release 2.4 out by Thursday.\n" + line
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and line in v.text


def test_a_failure_posted_in_a_user_turn_is_a_failing_output() -> None:
    assert not _stands_in_channel("Build #7312 passed.")
    assert _stands_in_channel("Build #7312 failed: applies the voucher once (1 failed, 88 passed).")
    assert _stands_in_channel("qa_rhea reported the sidebar crash on iPad.")
    assert not _stands_in_channel("pm_jo reported the sidebar crash on iPad.")


def test_a_name_the_user_corrected_is_stale() -> None:
    assert not _stands_in_channel("The plan is called Team+.")
    assert _stands_in_channel("The plan is called Team Plus.")


def test_a_health_measure_is_no_failure() -> None:
    assert _stands_in_channel("The rollout starts at 5% and widens if crash-free stays above 99%.")
