"""Claims, not words (issue #14 part 4), session 31's red team: honest lines a recap says
in words of its own stand (an option that is a word claims leave out, "moved from A to
B", a clause of an English sentence with no short English word in it, a denial and what
it is for, "so it must not be run"); lies stand no more (a pytest assertion's sides
swapped at the end of a sentence, a rule to keep a value said to be lifted)."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall


def _stands(line: str, *said: str, tools: list[Message] | None = None) -> bool:
    record = [Message.user("Start the work on the checkout service.", id="u0")]
    for i, text in enumerate(said):
        record += [Message.user(text, id=f"u{i + 1}"), Message.assistant("OK.", id=f"a{i + 1}")]
    record += tools or []
    recap = f"Goal: Start the work on the checkout service.\n{line}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and line in v.text


@pytest.mark.parametrize(
    ("line", "said"),
    [
        # "models" is a word claims leave out ("the model must know"), still an option
        (
            "The user prefers pydantic v2 models over dataclasses.",
            "Actually, use pydantic v2 models, not dataclasses.",
        ),
        ("The user prefers models over schemas.", "Use models, not schemas."),
        # "moved from A to B" and "migrate … from A to B" say the same direction
        (
            "The user wants the checkout service moved from Flask to FastAPI.",
            "Please migrate the checkout service from Flask to FastAPI.",
        ),
        # a clause of an English sentence is English ("keep amounts in integer cents")
        (
            "Money is kept in integer cents, never floats.",
            "Right. Never use floats for prices; keep amounts in integer cents.",
        ),
        # what a denial is for is not denied ("never use floats for prices")
        (
            "Prices are integer cents, never floats.",
            "Right. Never use floats for prices; keep amounts in integer cents.",
        ),
    ],
)
def test_honest_lines_in_other_words_stand(line: str, said: str) -> None:
    assert _stands(line, said)


def test_the_rejected_option_still_cannot_be_the_outcome() -> None:
    said = "Actually, use pydantic v2 models, not dataclasses."
    assert not _stands("The user prefers dataclasses over pydantic v2 models.", said)
    assert not _stands(
        "The user wants the checkout service moved from FastAPI to Flask.",
        "Please migrate the checkout service from Flask to FastAPI.",
    )
    assert not _stands("Use floats for prices.", "Never use floats for prices.")


def test_a_rule_to_keep_a_value_is_not_lifted_unless_the_user_lifted_it() -> None:
    rule = "Also the timeout must stay at 30 seconds."
    assert not _stands("The user no longer cares about the 30 second timeout.", rule)
    assert not _stands("The user no longer cares about the timeout.", rule)
    lifted = "Actually I no longer care about the timeout, change it if you need to."
    assert _stands("The user no longer cares about the 30 second timeout.", rule, lifted)


def test_an_assertion_said_back_with_its_sides_swapped_is_removed() -> None:
    call = ToolCall("c3", "bash", json.dumps({"cmd": "pytest tests/test_checkout.py"}))
    output = (
        "___ test_cart_total ___\nAssertionError: assert 1999 == 2000\n"
        "FAILED tests/test_checkout.py::test_cart_total - AssertionError\n1 failed, 14 passed"
    )
    tools = [Message("assistant", (call,), id="ac3"), Message.tool("c3", output, id="tc3")]
    said = "Fix the cart total."
    assert not _stands("test_cart_total failed with assert 2000 == 1999.", said, tools=tools)
    assert _stands("test_cart_total failed with assert 1999 == 2000.", said, tools=tools)


def _ran(cid: str, command: str, output: str) -> list[Message]:
    call = ToolCall(cid, "run_shell", json.dumps({"command": command}))
    return [Message("assistant", (call,), id=f"a{cid}"), Message.tool(cid, output, id=f"t{cid}")]


_LINT = _ran(
    "t3",
    "make lint",
    "internal/http/header.go:17:2: ineffectual assignment to err (ineffassign)\n"
    "make: *** [Makefile:12: lint] Error 1",
)


def test_a_failed_run_said_to_report_no_problems_is_removed() -> None:
    assert not _stands("`make lint` reported no problems.", "Fix the lint.", tools=_LINT)
    assert not _stands("`make lint` had no issues.", "Fix the lint.", tools=_LINT)


def test_a_failure_called_by_its_kind_stands_on_the_line_that_names_it() -> None:
    honest = "`make lint` failed with an ineffassign warning in internal/http/header.go."
    assert _stands(honest, "Fix the lint.", tools=_LINT)
    lie = "`make lint` failed with a gofmt warning in internal/http/header.go."
    assert not _stands(lie, "Fix the lint.", tools=_LINT)


def test_a_ban_holds_no_condition_of_the_sentence_that_set_the_task() -> None:
    said = (
        "We need to add rate limiting to the public /search endpoint before Friday's launch. "
        "Do not use Redis for this; use the in-process token bucket."
    )
    assert _stands("Redis is not to be used for rate limiting.", said)
    rule = "Never restart the primary during business hours."
    assert not _stands("Never restart the primary.", rule)


def test_a_user_s_sentence_said_back_with_another_number_of_the_record_is_removed() -> None:
    said = "The limit is 100 requests per minute per API key, not per IP."
    load = _ran("b3", "python scripts/load.py --rps 150 --duration 30", "done: 150 rps for 30 s")
    lie = "The limit is 150 requests per minute per API key."
    assert not _stands(lie, said, tools=load)
    assert _stands("The limit is 100 requests per minute per API key.", said, tools=load)
    # the user changed it: the new number stands
    assert _stands(lie, said, "Actually, raise the limit to 150.", tools=load)


@pytest.mark.parametrize("wrapper", ["sh -c", "bash -lc", "/bin/bash -l -c"])
def test_a_command_run_through_an_unquoted_shell_wrapper_stands(wrapper: str) -> None:
    """ "sh -c pytest -k login_flow" (the writer's quotes missing) runs the whole tail, as
    main read it before the wrapper's script was unquoted with shlex (R31-verify31-1)."""
    call = _ran("w1", f"{wrapper} pytest -k login_flow", "1 passed in 0.2s")
    said = "Fix the login flow."
    assert _stands("Ran `pytest -k login_flow`.", said, tools=call)
    assert not _stands("Ran `pytest -k checkout`.", said, tools=call)


def test_an_obligation_said_of_a_thing_is_the_user_s_rule_not_a_deed() -> None:
    said = "Don't install anything globally — use the project venv."
    honest = "Nothing is to be installed globally; the project venv is to be used."
    assert _stands(honest, said)
    assert not _stands("Packages are to be installed globally.", said)
    assert not _stands("The production database is to be dropped.", said)
