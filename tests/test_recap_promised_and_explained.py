"""recap33: a request the assistant only promised to do ("I'll look into that.", "Will do.")
with nothing done after it is still open (it was dropped as answered); a tool's JSON answer
whose outcome went wrong with a reason given ({"status": "returned", "reason": "R01 …"},
R36-R2) is a failure, not an action that went through."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.digest import digest
from contextledger.model import Message, ToolCall, with_ids
from contextledger.printed import error_answer

FILLER = [Message.user("ok"), Message.assistant("Working on it.")] * 2


def _call(cid: str, name: str, args: dict[str, object], output: str) -> list[Message]:
    call = ToolCall(cid, name, json.dumps(args))
    return [Message("assistant", (call,)), Message.tool(cid, output)]


def _digest(said: list[Message]) -> dict[str, list[str]]:
    record = with_ids([*said, *FILLER, Message.user("Where are we now?")])
    got = digest(record[:-2], history=record)
    return {name: got.items(name) for name in ("Open requests", "Failures", "Actions taken")}


@pytest.mark.parametrize(
    ("request_", "promise"),
    [
        (
            "Could you also get me a quote for a replacement rotor for the centrifuge?",
            "I'll look into that.",
        ),
        ("Remind me to file the insurance claim for the leak before Friday.", "Will do."),
        (
            "Can you find out whether we need an adapter plug in Lisbon?",
            "Sure. I'll look that up next.",
        ),
        ("Please draft the thank-you note to the caterers.", "On it!"),
    ],
)
def test_a_request_only_promised_stays_open(request_: str, promise: str) -> None:
    got = _digest(
        [
            Message.user("Please plan the team offsite for March."),
            *_call("c1", "search_venues", {"city": "Porto"}, '[{"venue": "Casa Azul"}]'),
            Message.assistant("Casa Azul in Porto is free in March."),
            Message.user(request_),
            Message.assistant(promise),
        ]
    )
    assert request_ in got["Open requests"]


def test_a_request_promised_then_worked_on_is_answered_as_before() -> None:
    # a call after the promise starts the work: the request is read as answered, as any
    # request the assistant turned to (open only when deferred or reported undone)
    request_ = "Can you check the venue's cancellation terms?"
    got = _digest(
        [
            Message.user("Please plan the team offsite for March."),
            Message.user(request_),
            Message.assistant("I'll check them."),
            *_call(
                "c1",
                "fetch_terms",
                {"venue": "Casa Azul"},
                "Free cancellation until 14 days before.",
            ),
            Message.assistant("Free cancellation until 14 days before."),
        ]
    )
    assert request_ not in got["Open requests"]


def test_a_request_answered_with_content_is_not_open() -> None:
    request_ = "Can you find out whether we need an adapter plug in Lisbon?"
    got = _digest(
        [
            Message.user("Please plan the family trip to Lisbon."),
            Message.user(request_),
            Message.assistant("I'll check: Portugal uses type F plugs, so bring an adapter."),
        ]
    )
    assert request_ not in got["Open requests"]


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ('{"status": "returned", "reason": "R01 insufficient funds"}', "R01 insufficient funds"),
        ('{"state": "bounced", "failure_reason": "mailbox full"}', "mailbox full"),
        ('{"result": "reversed", "reason_code": "AC04 closed account"}', "AC04"),
    ],
)
def test_an_outcome_gone_wrong_with_its_reason_is_a_failure(answer: str, words: str) -> None:
    got = _digest(
        [
            Message.user("Please pay the contractor's deposit of 1,500 today."),
            *_call("c1", "transfer_funds", {"to": "Okafor Build", "amount": 1500}, answer),
            Message.assistant("The transfer did not go through."),
        ]
    )
    assert any(words in line for line in got["Failures"])


@pytest.mark.parametrize(
    "answer",
    [
        '{"book": "Dune", "status": "returned", "due": null}',
        '{"status": "expired", "session": "s-1"}',
        '{"status": "completed", "reason": "scheduled run"}',
    ],
)
def test_a_plain_state_or_a_success_with_a_reason_is_no_error_answer(answer: str) -> None:
    assert error_answer(answer) == []


def test_a_dictated_goal_starts_at_its_task_past_the_chatter() -> None:
    # R36-R1: the Goal line was the whole dictated turn, chatter and all
    record = with_ids(
        [
            Message.user(
                "ok so um hi, morning - the plumber is here again lol. anyway I need you to get "
                "the bathroom renovation scheduled with the contractors this week"
            ),
            Message.assistant("Sure."),
            *FILLER,
            Message.user("Where are we now?"),
        ]
    )
    got = digest(record[:-2], history=record)
    assert got.items("Goal")[0].startswith("I need you to get the bathroom renovation")
    assert not any("plumber" in line for name in got.sections for line in got.items(name))


@pytest.mark.parametrize(
    "rule",
    [
        "Nobody starts work in the building before 8:30 because of the quiet hours.",
        "No one enters the server room without a badge.",
    ],
)
def test_a_habit_nobody_may_keep_is_a_rule(rule: str) -> None:
    record = with_ids(
        [Message.user("Please schedule the renovation."), Message.user(rule), *FILLER]
    )
    got = digest(record)
    assert rule in got.items("Constraints and corrections")
    assert rule not in got.items("Numbers that matter")


def test_a_look_up_asked_again_lists_its_newest_answer_only() -> None:
    # R36-R1: fifty identical ledger(query=recent) look-ups were each an action and a number
    said: list[Message] = [Message.user("Please pay the contractors' deposits this week.")]
    for k in range(6):
        said += _call(
            f"c{k}", "ledger", {"query": "recent"}, f'[{{"day": {k + 1}, "amount": 120}}]'
        )
    record = with_ids([*said, *FILLER])
    got = digest(record)
    assert got.items("Actions taken") == []
    ledger = [x for x in got.items("Numbers that matter") if x.startswith("ledger")]
    assert ledger == ['ledger: [{"day": 6, "amount": 120}]']


def test_a_value_corrected_later_leaves_its_rule_but_not_its_sentence() -> None:
    # "Budget is 1,900 EUR" stood on the rule's line beside "No flights before 8am" once the
    # user said "the budget is 2,300 EUR, not 1,900": the rule's other sentences stand
    record = with_ids(
        [
            Message.user("Can you book flights and a hotel in Porto for the three of us?"),
            Message.assistant("Sure, dates and budget?"),
            Message.user(
                "May 3 to May 9. Budget is 1,900 EUR in total. No flights before 8am please."
            ),
            Message.assistant("Got it."),
            *FILLER,
            Message.user("Oops, the budget is 2,300 EUR, not 1,900 - my sister is joining."),
            Message.assistant("Noted."),
            *FILLER,
        ]
    )
    rules = digest(record).items("Constraints and corrections")
    assert "May 3 to May 9. No flights before 8am please." in rules
    assert any("2,300" in rule for rule in rules)
    assert not any("1,900" in rule and "2,300" not in rule for rule in rules)


@pytest.mark.parametrize(
    ("output", "finding"),
    [
        ("src/config.py:12:5: F401 `os` imported but unused\nFound 1 error.", "F401"),
        (
            "a.py:3:0: C0114: Missing module docstring (missing-module-docstring)\n1 error found",
            "C0114",
        ),
    ],
)
def test_a_linters_findings_are_its_failure_not_only_its_count(output: str, finding: str) -> None:
    got = _digest(
        [
            Message.user("Please get the lint job green."),
            *_call("c1", "bash", {"command": "ruff check src"}, output),
            Message.assistant("One lint error."),
        ]
    )
    assert any(finding in line for line in got["Failures"])


@pytest.mark.parametrize(
    "rule",
    [
        "The old dashboard is a no-go area for now.",
        "Leave out anything about the merger in the summary.",
        "The garden is out of bounds while the paint dries.",
        "Without touching the payroll sheet, update the budget tab.",
    ],
)
def test_a_ban_in_these_phrasings_is_a_constraint(rule: str) -> None:
    record = with_ids(
        [Message.user("Please organise the spring project."), Message.user(rule), *FILLER]
    )
    assert rule in digest(record).items("Constraints and corrections")


def test_a_status_out_of_bounds_is_no_rule() -> None:
    said = "The ball went out of bounds twice in the video."
    record = with_ids(
        [Message.user("Please cut the match highlights."), Message.user(said), *FILLER]
    )
    assert said not in digest(record).items("Constraints and corrections")


def test_a_reminder_asked_for_stays_open_past_an_unrelated_reply() -> None:
    # R36-R1: "remind me to … before friday" answered by "Round 29 done, nothing urgent."
    request_ = "remind me to file the insurance claim for the water damage in 2C before friday"
    got = _digest(
        [
            Message.user("Please get unit 6A rent ready for the new tenant by 1 June."),
            Message.user(request_),
            Message.assistant("Round 29 done, nothing urgent."),
            *_call("c1", "ledger", {"query": "recent"}, '[{"unit": "2C", "amount": 120}]'),
        ]
    )
    assert request_ in got["Open requests"]
