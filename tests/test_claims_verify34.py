"""Claims, not words (issue #14 part 4), session 34: a name or a number a claim gives is
bound to the event the claim is about, not found anywhere in the record. A rollback to
"revision 14" is held to the call that rolled back (``--to-revision=41``), however often
14 appears in the logs the record printed; an act "applied to prod-us" is held to a call
that names prod-us whole ("prod-eu" splits to the same "prod"). Honest lines stand."""

from __future__ import annotations

import json

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
    record = _record()
    recap = f"Goal: {_GOAL}\n{line}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return v.accepted and line in v.text


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
