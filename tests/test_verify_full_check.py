"""The full (record-wide) check, as LLM recaps get it (``verify_recap`` without
``quotes=True``), never strips a line the record itself makes: an action with its result,
a command run, a run's failure line, a line a run printed. It used to strip the offline
writer's own action lines when a claim reader took a written-out argument for a claim
("set_flag(flag=x, enabled=false)" read as "enabled"; "text=done, active" read as the
key "text" given "active"), and which line went depended on the arguments' order. The
check must decide the same under any ``PYTHONHASHSEED``.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from contextledger.compaction import CompactionPolicy, Conversation, OfflineSummarizer
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, with_ids
from contextledger.providers import read_messages

_KEYS: dict[str, list[Any]] = {
    "command": ["make build", "pytest -q tests/test_a.py"],
    "cmd": ["npm run lint"],
    "komut": ["biractl durum"],
    "comando": ["vetctl agenda"],
    "file_path": ["/srv/app/out/7.csv", "/srv/app/out/9.csv"],
    "dest": ["/tmp/x2.json"],
    "enabled": [True, False],
    "active": [True, False],
    "status": ["resolved", "fermenting"],
    "priority": ["high", "low"],
    "env": ["staging", "prod"],
    "assignee": ["mkowalski"],
    "text": ["done"],
    "replicas": [3, 6],
    "database": ["prod"],
}
_NAMES = ["set_flag", "update_record", "executar", "komut_calistir", "scale", "write_file"]
_NAMES += ["save_report", "export_log", "assign_issue", "post_message", "calistir", "run_task"]
_RESULTS = ["ok", '{"ok": true}', "stored {p}", "3 passed", "Error: boom"]
_RESULTS += ["FAILED tests/test_a.py::test_x - AssertionError\n1 failed"]


def json_tool_session(seed: int) -> list[dict[str, Any]]:
    """A session of calls with JSON arguments of several keys (switches, states, commands
    under tools not named as shells, paths), each answered, then nudges."""
    r = random.Random(seed)
    out: list[dict[str, Any]] = [{"role": "user", "content": "Please get the release ready."}]
    for i in range(r.randint(2, 6)):
        keys = r.sample(sorted(_KEYS), r.randint(1, 4))
        args = {k: r.choice(_KEYS[k]) for k in keys}
        p = next((v for v in args.values() if isinstance(v, str) and v[:1] == "/"), "/tmp/o")
        fn = {"name": r.choice(_NAMES), "arguments": json.dumps(args)}
        call = {"id": f"c{i}", "type": "function", "function": fn}
        out.append({"role": "assistant", "content": None, "tool_calls": [call]})
        text = r.choice(_RESULTS).replace("{p}", p)
        out.append({"role": "tool", "tool_call_id": f"c{i}", "content": text})
    for i in range(11):
        out += [{"role": "user", "content": "ok"}, {"role": "assistant", "content": f"Step {i}."}]
    return out


def _offline_then_full(raw: list[dict[str, Any]]) -> tuple[str, tuple[str, ...], list[Message]]:
    msgs = list(with_ids(read_messages(raw)))
    out = Conversation.from_messages(msgs).compact(
        OfflineSummarizer(), CompactionPolicy(keep_recent=0), force=True
    )
    recap = out.event.recap_text if out.event else ""
    v = verify_recap(recap, msgs, max_bytes=40_000, ledger=False)
    return recap, v.removed_sentences, msgs


SET_FLAG = [
    {"role": "user", "content": "Turn the new checkout off in staging."},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {
                    "name": "set_flag",
                    "arguments": json.dumps(
                        {"flag": "new_checkout", "env": "staging", "enabled": False}
                    ),
                },
            }
        ],
    },
    {"role": "tool", "tool_call_id": "c1", "content": '{"flag": "new_checkout", "enabled": false}'},
    *[
        m
        for i in range(11)
        for m in ({"role": "user", "content": "ok"}, {"role": "assistant", "content": f"S{i}."})
    ],
]


def test_a_switch_written_out_is_no_claim_that_it_was_switched_on() -> None:
    recap, removed, _ = _offline_then_full(SET_FLAG)
    assert "set_flag(flag=new_checkout, env=staging, enabled=false)" in recap
    assert removed == ()


@pytest.mark.parametrize("seed", range(24))
def test_the_full_check_keeps_every_line_the_offline_writer_quoted(seed: int) -> None:
    recap, removed, _ = _offline_then_full(json_tool_session(seed))
    assert recap
    assert removed == (), removed


def test_lies_in_the_records_own_sections_are_still_caught() -> None:
    msgs = list(with_ids(read_messages(SET_FLAG)))
    for lie in (
        'Actions taken:\n- set_flag(flag=new_checkout, env=staging, enabled=true): {"ok": true}',
        "Actions taken:\n- set_flag(flag=new_checkout, env=prod, enabled=false)",
        "The assistant enabled the new_checkout flag.",
        "Commands run:\n- `terraform apply`",
        "Numbers that matter:\n- set_flag: 3 rows deleted",
    ):
        v = verify_recap(lie, msgs, ledger=False)
        assert v.removed_sentences or not v.accepted, lie
        assert v.misclaims or v.unsupported, lie


def test_a_printed_line_is_the_whole_line_not_a_part_of_it() -> None:
    raw = [
        {"role": "user", "content": "Check the canning line."},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {
                        "name": "run_shell",
                        "arguments": json.dumps({"command": "pytest -q tests/test_fill.py"}),
                    },
                }
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "1 failed, 6 passed in 0.8s"},
    ]
    msgs = list(with_ids(read_messages(raw)))
    whole = verify_recap(
        "Numbers that matter:\n- `pytest -q tests/test_fill.py`: 1 failed, 6 passed in 0.8s",
        msgs,
        ledger=False,
    )
    assert whole.removed_sentences == ()
    part = verify_recap(
        "Numbers that matter:\n- `pytest -q tests/test_fill.py`: 6 passed in 0.8s",
        msgs,
        ledger=False,
    )
    assert part.removed_sentences, part.summary()


_SCRIPT = textwrap.dedent(
    """
    import sys, json
    sys.path.insert(0, {tests!r})
    from test_verify_full_check import json_tool_session, _offline_then_full, SET_FLAG
    out = []
    for raw in [SET_FLAG] + [json_tool_session(s) for s in range(40, 52)]:
        recap, removed, _ = _offline_then_full(raw)
        out.append([recap, list(removed)])
    print(json.dumps(out))
    """
)


def test_the_full_check_decides_the_same_under_any_hash_seed() -> None:
    script = _SCRIPT.format(tests=str(Path(__file__).parent))
    seen = []
    for seed in ("0", "1", "2", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        result = json.loads(done.stdout)
        assert all(removed == [] for _, removed in result), (seed, result)
        seen.append(result)
    assert all(r == seen[0] for r in seen[1:])


_PASSING = "collected 42 items\n0042 WARN ramp.sync id=7 retry budget low\n42 passed in 3.1s"
_FAILING = "FAILED tests/test_slots.py::test_overlap - AssertionError\n1 failed, 41 passed"


def _two_runs() -> list[Message]:
    from contextledger.model import ToolCall

    def shell(command: str) -> str:
        return json.dumps({"command": command})

    return [
        Message.user("Make the stand allocator pass its tests.", id="u0"),
        Message(
            "assistant", (ToolCall("c1", "shell", shell("pytest tests/test_ramp.py")),), id="a1"
        ),
        Message.tool("c1", _PASSING, id="t1"),
        Message(
            "assistant", (ToolCall("c2", "shell", shell("pytest tests/test_slots.py")),), id="a2"
        ),
        Message.tool("c2", _FAILING, id="t2"),
        Message.assistant("Ramp tests pass; slots has one failure.", id="a3"),
    ]


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        # a passing run's ordinary output line listed as its failure: a lie (R28-V1)
        ("`pytest tests/test_ramp.py`: 0042 WARN ramp.sync id=7 retry budget low", False),
        (
            "`pytest tests/test_slots.py`: FAILED tests/test_slots.py::test_overlap - AssertionError",
            True,
        ),
    ],
)
def test_a_printed_line_under_failures_must_say_something_failed(line: str, kept: bool) -> None:
    recap = (
        "Goal: Make the stand allocator pass its tests.\nCommands run:\n"
        "- `pytest tests/test_ramp.py`\n- `pytest tests/test_slots.py`\n"
        f"Failures:\n- {line}"
    )
    checked = verify_recap(recap, _two_runs(), max_bytes=4000, ledger=False)
    assert (line in checked.text) is kept
