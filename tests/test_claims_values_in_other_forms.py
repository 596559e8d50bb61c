"""Claims, not words (issue #14 part 4), session 35: a number or a name a claim gives is
bound to the event it is about, and an honest restatement in other forms stands.

* a value in another scale is the same value: "81.19%" for a log's ``top1=0.8119``,
  "1.45k" for "1,450", "1450" for Benchee's "1.45 K";
* a number bound to a label ("at step 2000") is the one the record binds to that label
  for the event the clause is about, and a value beside it sits beside it in the record;
* a file and a line given together are one place the record shows;
* a person said to own something is named by the record, and owns that thing there;
* a target the user set, said reached, must be reached in the record; said not reached,
  it is an outcome denied, not the user's goal turned around;
* the user's own reason ("6.23 broke our loaders") needs no tool output saying so.
"""

from __future__ import annotations

import json

from builders import recap_line_stands
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall

_GOAL = "Get the resnet fine-tune to 92.5% top-1 on the holdout split."


def _record() -> list[Message]:
    calls = [
        (
            "python train.py --max-steps 3000",
            "[rank0] step 2400 loss=2.1\n[rank0] step 2460 loss=nan\n"
            "RuntimeError: CUDA out of memory. Tried to allocate 1.50 GiB\nexit code: 1",
        ),
        (
            "python train.py --max-steps 15000",
            "[rank0] step 8000 eval/top1=0.9171\n[rank0] step 15000 eval/top1=0.9102\n"
            "best checkpoint: step 8000 (eval/top1=0.9171)\nexit code: 0",
        ),
        ("python scripts/count.py", "dropped 1,450 of 12,480 rows\nscan  2.35 K ips"),
        (
            "npm run dev",
            "TypeError: Cannot read properties of undefined\n"
            "    at Basket (src/components/Basket.tsx:57:9)",
        ),
    ]
    out = [Message.user(_GOAL, id="u0")]
    out.append(
        Message.user(
            "Pin torchvision to 0.17.2, 0.18 broke our augmentations. "
            "FYI Amara owns the feature store and Lukas owns the label queue.",
            id="u1",
        )
    )
    out.append(Message.assistant("Creating src/pages/Order.tsx first.", id="a"))
    for i, (cmd, output) in enumerate(calls):
        call = ToolCall(f"c{i}", "bash", json.dumps({"command": cmd}))
        out.append(Message.assistant(call, id=f"a{i}"))
        out.append(Message.tool(f"c{i}", output, id=f"t{i}"))
    out.append(
        Message.assistant(
            "The first run ran out of memory at step 2460. Top-1 peaked at 91.71% at step "
            "8000, short of the 92.5% target.",
            id="end",
        )
    )
    return out


def _stands(line: str) -> bool:
    return recap_line_stands(line, _record(), _GOAL)


def test_a_value_in_another_scale_is_the_same_value() -> None:
    assert _stands("Top-1 was 91.02% at step 15000.")
    assert _stands("Of 12.48k rows, 1.45k had no label.")
    assert not _stands("Of 12.48k rows, 1.54k had no label.")
    assert _stands("Scan throughput was about 2350 ips.")
    assert not _stands("Top-1 was 91.2% at step 15000.")
    assert not _stands("Scan throughput was about 2530 ips.")


def test_a_number_is_bound_to_the_event_the_clause_is_about() -> None:
    assert not _stands("The first run ran out of memory at step 3000.")
    assert not _stands("The best checkpoint was at step 15000.")
    assert not _stands("Top-1 was 91.02% at step 8000.")
    assert _stands("The first run ran out of memory at step 2460.")
    assert _stands("The best checkpoint was at step 8000.")
    assert _stands("Top-1 was 91.02% at step 15000, below the best of 91.71% at step 8000.")


def test_a_file_and_a_line_are_one_place() -> None:
    assert not _stands("The TypeError came from src/pages/Order.tsx:57.")
    assert _stands("The TypeError came from Basket (src/components/Basket.tsx:57).")


def test_an_owner_is_named_by_the_record_and_owns_what_it_says() -> None:
    assert not _stands("Henrike owns the feature store.")  # no message names Henrike
    assert not _stands("Amara owns the label queue.")  # Lukas does
    assert _stands("Amara owns the feature store.")


def test_a_target_said_reached_or_missed_is_checked_as_an_outcome() -> None:
    assert not _stands("Top-1 reached 92.5% at step 8000.")
    assert _stands("The target of 92.5% top-1 was not reached.")


def test_the_users_own_reason_stands() -> None:
    assert _stands("torchvision is pinned to 0.17.2 because 0.18 broke the augmentations.")


def _runs() -> list[Message]:
    """A training run that ran out of memory, a test fixed by a later write, a question
    the user answered "no" in the same turn."""
    steps: list[tuple[str, str, str]] = [
        (
            "bash",
            "python train.py --max-steps 800",
            "step 640 loss=nan\nCUDA out of memory\nexit 1",
        ),
        ("write", "config/train.yaml", "written"),
        (
            "bash",
            "pytest -q tests/test_pool.py",
            "FAILED tests/test_pool.py::test_drain_order\n1 failed",
        ),
        ("write", "src/pool/drain.py", "written"),
        ("bash", "pytest -q tests/test_pool.py", "12 passed"),
        ("bash", "python train.py --max-steps 6000", "step 6000 done\nexit 0"),
    ]
    out = [Message.user("Make training stable and the pool tests green.", id="u0")]
    for i, (tool, arg, output) in enumerate(steps):
        args = {"command": arg} if tool == "bash" else {"path": arg, "content": "x = 1\n"}
        out.append(Message.assistant(ToolCall(f"c{i}", tool, json.dumps(args)), id=f"a{i}"))
        out.append(Message.tool(f"c{i}", output, id=f"t{i}"))
    out.append(
        Message.user("Should we publish the wheel to PyPI now? No, don't. Tag it locally.", id="u1")
    )
    return out


def _stands_in(record: list[Message], line: str) -> bool:
    v = verify_recap(f"Goal: Stable training.\n{line}", record, max_bytes=4000, context=record)
    return v.accepted and line in v.text


def test_a_question_the_user_answered_no_is_no_request() -> None:
    assert not _stands_in(_runs(), "The user asked to publish the wheel to PyPI.")
    assert _stands_in(_runs(), "The user said not to publish the wheel to PyPI.")


def test_an_event_is_in_the_output_of_the_run_it_is_said_of() -> None:
    assert not _stands_in(_runs(), "CUDA ran out of memory during `pytest -q tests/test_pool.py`.")


def test_an_option_said_of_an_ordinal_run_is_that_runs() -> None:
    assert not _stands_in(_runs(), "The first run used --max-steps 6000.")
    assert _stands_in(_runs(), "The first run used --max-steps 800.")


def test_a_fix_is_a_write_after_the_failure() -> None:
    assert not _stands_in(_runs(), "The fix for test_drain_order was made in config/train.yaml.")
    assert _stands_in(_runs(), "The fix for test_drain_order was made in src/pool/drain.py.")


def test_a_count_of_results_may_name_what_they_are() -> None:
    record = [
        Message.user("Find the rows with a null user_id.", id="u0"),
        Message.assistant(ToolCall("c0", "bash", json.dumps({"command": "dbt test"})), id="a0"),
        Message.tool(
            "c0", "Failure in test not_null_user_id\n  Got 17 results, 3 warnings", id="t0"
        ),
        Message.assistant("raw.orders has 4821 rows.", id="a1"),  # rows counted elsewhere
    ]
    assert _stands_in(record, "not_null_user_id failed once (17 rows with a null user_id).")


def test_a_count_a_verb_gives_is_no_label() -> None:
    printed = (
        "INFO: Found 5 targets and 7 test targets...\n//server:router_test PASSED in 0.4s\n"
        "Executed 7 out of 7 tests: 7 tests pass."
    )
    calls = [
        ("bazel test //server/...", printed),
        ("bazel query 'tests(//server/...)' | wc -l", "17"),
    ]
    record = [Message.user("How many test targets are under //server?", id="u0")]
    for i, (cmd, output) in enumerate(calls):
        call = ToolCall(f"c{i}", "bash", json.dumps({"command": cmd}))
        record += [Message.assistant(call, id=f"a{i}"), Message.tool(f"c{i}", output, id=f"t{i}")]
    # "found 17" is what the query found, not the 5 targets bazel test "Found"
    assert _stands_in(record, "`bazel query` found 17 test targets under //server.")


def test_the_users_reason_keeps_what_broke() -> None:
    assert not _stands("torchvision is pinned to 0.18 because 0.17.2 broke the augmentations.")


def test_a_failure_a_user_turn_reports_is_bound_to_its_run_and_count() -> None:
    # R35-verify35-1: a CI bot posting as the user ("❌ Pipeline #46256 failed", "Executed
    # 214 tests, with 1 failure") supported "Pipeline #42870 failed." (it passed) and
    # "214 tests ran with 2 failures."
    record = [
        Message.user("Ship version 8.8 to the App Store."),
        Message.assistant("Starting the release branch."),
        Message.user(
            "❌ Pipeline #46256 failed on release/8.8\n"
            "Executed 214 tests, with 1 failure (0 unexpected) in 38.2 seconds"
        ),
        Message.assistant("Looking at the failing test."),
        Message.user("✅ Pipeline #42870 passed on main — TestFlight build 5809 uploaded."),
        Message.assistant("Build 5809 is on TestFlight."),
    ]

    def stands(line: str) -> bool:
        v = verify_recap(f"Goal: Ship version 8.8.\n{line}", record, mode="strip", context=record)
        return line in v.text

    assert stands("Pipeline #46256 failed.")
    assert not stands("Pipeline #42870 failed.")
    assert not stands("214 tests ran with 2 failures.")
