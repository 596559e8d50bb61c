"""The offline recap's "Open requests" holds what the user asked and the assistant still owes,
and "Constraints and corrections" no status the user told: in any language, read by shape.

- A request naming a path that the assistant only took on ("On it.") and no call touched is
  owed: an open request, not a fence kept off the path.
- A question naming nothing to work on ("how far are we?") that the assistant took on and then
  answered with a status is answered, not owed.
- Two counts told together ("3 failed, 5 passed.") are a status, not a number corrected.
- A status with a duration whose small words only the user's own talk said before ("works now,
  took 12 minutes") swaps no tool's name for another."""

from __future__ import annotations

import pytest

from builders import call_and_result, recap_section
from contextledger.compaction.digest import digest, render_digest
from contextledger.model import Message

RULES = "Constraints and corrections"
OPEN = "Open requests"
_GOAL = "Fix the rounding bug in src/ledger/balance.py: tests/ledger/test_balance.py fails."
_STATUS = "We are fixing the ledger rounding; test_rounding still fails."


def _recap(*turns: str | list[Message]) -> str:
    """The offline recap of the task, a failing run, then ``turns`` (a user's words, or the
    assistant's messages), then a few nudges answered by more work."""
    record = [
        Message.user(_GOAL),
        *call_and_result(
            "c0",
            "shell",
            {"command": "pytest -q tests/ledger"},
            "FAILED tests/ledger/test_balance.py::test_rounding\n1 failed, 3 passed",
            0,
        ),
        Message.assistant("test_rounding fails: the balance is rounded too early."),
    ]
    for turn in turns:
        record += [Message.user(turn)] if isinstance(turn, str) else turn
    for n in range(1, 5):
        record += [
            Message.user("go on"),
            *call_and_result(
                f"c{n}", "shell", {"command": "sed -n 1,80p src/ledger/balance.py"}, "ok", n
            ),
        ]
    return render_digest(digest(record), 4800)


def _work(n: int) -> list[Message]:
    return call_and_result(
        f"w{n}",
        "shell",
        {"command": "python -m pytest tests/ledger -q"},
        "1 failed, 3 passed",
        50 + n,
    )


@pytest.mark.parametrize(
    "asked",
    [
        "Add a row for XAF to docs/currencies.md.",
        "Ongeza safu ya XAF kwenye docs/currencies.md.",  # Swahili
        "Pridėk XAF eilutę į docs/currencies.md.",  # Lithuanian
        "Lisa XAF rida faili docs/currencies.md.",  # Estonian
    ],
)
def test_a_request_only_taken_on_stays_owed_and_is_no_rule(asked: str) -> None:
    recap = _recap(asked, [Message.assistant("On it.")], "ok", _work(1))
    assert asked in recap_section(recap, OPEN)
    assert asked not in recap_section(recap, RULES)


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        ("Leave vendor/sdk/ alone.", "Noted."),
        ("Don't touch docs/currencies.md.", "Understood, I won't touch docs/currencies.md."),
    ],
)
def test_a_path_kept_off_after_taking_note_is_still_a_rule(said: str, reply: str) -> None:
    recap = _recap(said, [Message.assistant(reply)], "ok", _work(1))
    assert said in recap_section(recap, RULES)
    assert said not in recap_section(recap, OPEN)


@pytest.mark.parametrize(
    "asked",
    [
        "How far are we?",
        "Tuko wapi sasa?",  # Swahili: where are we now?
        "Kaip sekasi?",  # Lithuanian: how is it going?
        "Kuidas läheb?",  # Estonian: how is it going?
        "Sut mae pethau'n mynd?",  # Welsh: how are things going?
    ],
)
def test_a_progress_question_taken_on_then_answered_by_a_status_is_not_owed(asked: str) -> None:
    turn = [Message.assistant("On it."), Message.assistant(_STATUS)]
    recap = _recap(asked, turn, *_next_request())
    assert asked not in recap_section(recap, OPEN)


def _next_request() -> tuple[str, list[Message]]:
    """The user's next turn, a request the assistant carries out at once."""
    bump = call_and_result(
        "b0", "shell", {"command": "sed -i 's/0.4.1/0.4.2/' pyproject.toml"}, "", 60
    )
    return "Then bump the version in pyproject.toml.", [*bump, Message.assistant("Bumped.")]


@pytest.mark.parametrize(
    "asked",
    [
        "Can you add a test for an empty ledger to tests/test_ledger.py?",
        "Unaweza kuongeza jaribio kwenye tests/test_ledger.py?",  # Swahili: the same
    ],
)
def test_a_question_asking_for_work_taken_on_then_a_status_stays_owed(asked: str) -> None:
    turn = [Message.assistant("On it."), Message.assistant(_STATUS)]
    recap = _recap(asked, turn, *_next_request())
    assert asked in recap_section(recap, OPEN)


@pytest.mark.parametrize(
    "said",
    [
        "3 failed, 5 passed.",
        "3 zimeshindwa, 5 zimepita.",  # Swahili
        "3 ebaõnnestus, 5 läbis.",  # Estonian
        "3 nepavyko, 5 praėjo.",  # Lithuanian
    ],
)
def test_two_counts_told_together_are_no_correction(said: str) -> None:
    recap = _recap(said, [Message.assistant("Got it."), *_work(1)])
    assert said not in recap_section(recap, RULES)


def test_a_port_corrected_after_the_record_named_it_is_still_a_rule() -> None:
    config = call_and_result("k0", "shell", {"command": "cat config/app.yaml"}, "port: 8088", 40)
    said = "Not 8088, use 8090."
    recap = _recap("ok", config, said, [Message.assistant("Got it."), *_work(1)])
    assert said in recap_section(recap, RULES)


@pytest.mark.parametrize(
    ("before", "said"),
    [
        # Swahili: "is it working now?", "it works now, it took 12 minutes."
        ("Inafanya kazi sasa?", "Inafanya kazi sasa, ilichukua dakika 12."),
        # Estonian: "is it faster now?", "works now, took 12 minutes."
        ("Kas nüüd on kiirem?", "töötab nüüd, võttis 12 minutit."),
    ],
)
def test_a_status_with_a_duration_swaps_no_tool(before: str, said: str) -> None:
    recap = _recap(
        before,
        [Message.assistant(_STATUS)],
        said,
        [Message.assistant("Got it."), *_work(1)],
    )
    assert said not in recap_section(recap, RULES)
