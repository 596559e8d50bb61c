"""Claims, not words (issue #14 part 4), session 34: a name or a number a claim gives is
bound to the event the claim is about, not found anywhere in the record. A rollback to
"revision 14" is held to the call that rolled back (``--to-revision=41``), however often
14 appears in the logs the record printed; an act "applied to prod-us" is held to a call
that names prod-us whole ("prod-eu" splits to the same "prod"). Honest lines stand."""

from __future__ import annotations

import json

from builders import recap_line_stands
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall

_GOAL = "The notifier pods keep restarting in prod-eu; find the cause and stop it."
# a log whose numbers are everywhere: 14 in timestamps and timings
_LOG = "\n".join(
    f"2026-12-04T14:{m:02d}:00Z level=info svc=api req={9000 + m} ms=14" for m in range(20)
)


def _record() -> list[Message]:
    calls = [
        (["kubectl", "-n", "prod-eu", "logs", "deploy/api", "--tail=80"], _LOG),
        (
            ["kubectl", "-n", "prod-eu", "rollout", "undo", "deployment/api", "--to-revision=41"],
            "deployment.apps/api rolled back",
        ),
    ]
    out = [Message.user(_GOAL, id="u0")]
    out.append(Message.user("Nothing gets applied to prod-us without my OK.", id="u1"))
    for i, (argv, output) in enumerate(calls):
        call = ToolCall(f"c{i}", "run", json.dumps({"argv": argv}))
        out.append(Message.assistant(call, id=f"a{i}"))
        out.append(Message.tool(f"c{i}", output, id=f"t{i}"))
    out.append(Message.assistant("Rolled back; watching the pods.", id="end"))
    return out


def _stands(line: str) -> bool:
    return recap_line_stands(line, _record(), _GOAL)


def test_a_number_is_held_to_the_flag_of_the_call_it_is_about() -> None:
    assert not _stands("The assistant rolled deployment/api back to revision 14.")
    assert _stands("The assistant rolled deployment/api back to revision 41.")


def test_an_act_on_a_name_only_the_user_said_is_no_act() -> None:
    assert not _stands("The assistant applied the change to prod-us.")
    assert _stands("The assistant rolled back deployment/api in prod-eu.")
    assert _stands("Nothing may be applied to prod-us without the user's OK.")


def test_a_request_names_the_thing_the_user_named() -> None:
    record = [
        Message.user("The checkout is slow; find out why.", id="u0"),
        Message.user("Roll the api deployment back to the last good release.", id="u1"),
        Message.assistant("Rolling it back.", id="a1"),
    ]

    def stands(line: str) -> bool:
        v = verify_recap(f"Goal: The checkout is slow.\n{line}", record, context=record)
        return v.accepted and line in v.text

    assert not stands("The user asked to roll back the billing deployment.")
    assert stands("The user asked to roll back the api deployment.")


def test_how_often_something_happened_is_the_count_the_record_gives() -> None:
    table = "NAME READY STATUS RESTARTS AGE\nnotifier-7d9f 1/1 Running 34 1h"
    record = [
        Message.user("The notifier pods keep restarting; find the cause.", id="u0"),
        Message.assistant(
            "I see 34 restarts in the last hour; 43 of the log lines are OOM kills.", id="a0"
        ),
        Message.assistant(ToolCall("c0", "run", '{"argv": ["kubectl", "get", "pods"]}'), id="a1"),
        Message.tool("c0", table, id="t1"),
    ]

    def stands(line: str) -> bool:
        v = verify_recap(f"Goal: Stop the restarts.\n{line}", record, context=record)
        return v.accepted and line in v.text

    assert not stands("The notifier pods restarted 43 times in the last hour.")
    assert stands("The notifier pods restarted 34 times in the last hour.")


def test_a_named_thing_the_user_gave_with_more_words_stands() -> None:
    record = [
        Message.user("Start the work.", id="u0"),
        Message.user("Actually, use pydantic v2 models, not dataclasses.", id="u1"),
        Message.assistant("OK.", id="a1"),
    ]
    line = "The user wants pydantic models instead of dataclasses."
    v = verify_recap(f"Goal: Start the work.\n{line}", record, context=record)
    assert line in v.text


def _runs(*runs: tuple[str, str], user: str = "Fix the cart totals.") -> list[Message]:
    out = [Message.user(user, id="u0")]
    for i, (command, output) in enumerate(runs):
        out.append(
            Message.assistant(ToolCall(f"c{i}", "bash", json.dumps({"cmd": command})), id=f"a{i}")
        )
        out.append(Message.tool(f"c{i}", output, id=f"t{i}"))
    out.append(Message.assistant("Done.", id="end"))
    return out


def _holds(line: str, record: list[Message]) -> bool:
    v = verify_recap(f"Goal: Fix the cart totals.\n{line}", record, context=record, max_bytes=4000)
    return v.accepted and line.rsplit("\n", 1)[-1].lstrip("- ") in v.text


_PYTEST = "pytest -q tests/test_cart.py"


def _pytest_run(failed: list[str]) -> tuple[str, str]:
    names = ["test_total", "test_tax", "test_empty", "test_coupon"]
    lines = [f"tests/test_cart.py::{x} {'FAILED' if x in failed else 'PASSED'}" for x in names]
    tail = [f"FAILED tests/test_cart.py::{f} - assert 7 == 9" for f in failed]
    k = len(failed)
    summary = f"{k} failed, {4 - k} passed in 0.42s" if k else "4 passed in 0.40s"
    return _PYTEST, "\n".join([*lines, "", *tail, f"=== {summary} ==="])


def test_only_one_failure_is_said_of_the_run_where_it_was_the_only_one() -> None:
    record = _runs(
        _pytest_run(["test_total", "test_tax"]), _pytest_run(["test_tax"]), _pytest_run([])
    )
    assert _holds("After the first fix only test_tax failed.", record)
    assert not _holds("Only test_total failed.", record)


def test_a_sum_over_runs_is_held_to_the_runs_added_up() -> None:
    record = _runs(
        _pytest_run(["test_total", "test_tax"]), _pytest_run(["test_tax"]), _pytest_run([])
    )
    assert _holds("Across the three runs there were 3 failures in all.", record)
    assert not _holds("Across the three runs there were 4 failures in all.", record)
    assert not _holds("There were 3 failures in the first run.", record)


def test_what_a_query_found_is_held_to_the_query_that_found_it() -> None:
    record = _runs(
        ("dbt run --full-refresh --select fct_orders --target dev", "Done. INSERT 0 91230"),
        ("psql -c 'SELECT count(*) FROM raw.orders WHERE late'", "count\n-------\n4821\n(1 row)"),
        ("ruff check .", "src/cart.py:40:5: E722 Do not use bare `except`\nFound 3 errors."),
    )
    assert _holds("The query found 4821 late-arriving order rows.", record)
    assert not _holds("The query found 91230 late-arriving order rows.", record)
    assert _holds("ruff found 3 problems.", record)
    assert not _holds("ruff found 4821 problems.", record)
    assert not _holds("ruff found 5 problems.", record)  # 5 of "cart.py:40:5" is a column


def test_a_run_named_in_words_is_the_command_said_in_their_order() -> None:
    record = _runs(
        ("dbt run --select stg_orders --target dev", "Done. PASS=1 WARN=0 ERROR=0 SKIP=0 TOTAL=1"),
        (
            "dbt test --select fct_orders",
            "1 of 2 FAIL 17 not_null_fct_orders_user_id [FAIL 17 in 0.22s]\n"
            "2 of 2 PASS unique_fct_orders_id [PASS in 0.20s]\n"
            "Done. PASS=1 WARN=0 ERROR=1 SKIP=0 TOTAL=2",
        ),
        ("dbt test --select fct_orders", "Done. PASS=2 WARN=0 ERROR=0 SKIP=0 TOTAL=2"),
    )
    assert not _holds("The first dbt test run passed.", record)
    assert _holds("The first dbt test run failed.", record)


def test_a_ban_the_user_lifted_is_not_restated_as_holding() -> None:
    record = [
        Message.user(
            "Build the weekly model. Keep everything on the analytics_dev target.", id="u0"
        ),
        Message.assistant(
            ToolCall("c0", "bash", json.dumps({"cmd": "dbt run --select m --target dev"})), id="a0"
        ),
        Message.tool("c0", "Done. PASS=1 WARN=0 ERROR=0 SKIP=0 TOTAL=1", id="t0"),
        Message.user("Don't do a full refresh, it takes six hours.", id="u1"),
        Message.assistant("OK.", id="a1"),
        Message.user(
            "Good news: finance approved it, so you can run the full refresh after all.", id="u2"
        ),
        Message.assistant("Running it.", id="a2"),
    ]

    def stands(line: str) -> bool:
        v = verify_recap(f"Goal: Build the weekly model.\n{line}", record, context=record)
        return line.lstrip("- ") in v.text

    assert not stands("A full refresh is not allowed.")
    assert stands("Everything stays on the analytics_dev target.")


def test_a_failures_item_naming_a_run_is_held_to_that_run() -> None:
    record = _runs(
        _pytest_run(["test_total", "test_tax"]), _pytest_run(["test_tax"]), _pytest_run([])
    )
    assert _holds(f"Failures:\n- `{_PYTEST}` (first run): test_total failed", record)
    assert _holds(f"Failures:\n- `{_PYTEST}` (second run): test_tax failed", record)
    assert not _holds(f"Failures:\n- `{_PYTEST}` (after the fix): test_tax failed", record)
    assert not _holds(f"Failures:\n- `{_PYTEST}` (second run): test_total failed", record)
