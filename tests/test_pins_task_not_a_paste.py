"""The fit pins the request that set the task, not a later turn of pasted lines, when the
task opened after a greeting, reads as a rule and carries an attachment (issue #14 item 2,
retain34).

Before: "Hi!" then "Nobody could fix it so far and I don't want another week of this.
Please restore the drive mapping … <mail thread>" (read as a rule: pinned after the task),
then a turn of pasted mail lines the assistant acted on: the paste was pinned as the task,
took the cap's room, and the goal was lost (retain34 set A helpdesk sessions: the goal kept
0/6 at 16k; set B support sessions, goal beside a PDF's text: 3/6 at 8k)."""

from __future__ import annotations

import json

import pytest

from contextledger import Message, ToolCall
from contextledger.fit import fit
from contextledger.fit.gists import only_pasted
from contextledger.validate import tool_pair_problems

GOAL = "Please restore the shared drive mapping on nas-01 for the finance team"


def _mail(n: int, seed: int) -> str:
    return "\n".join(
        f"> From: user{(seed * 7 + i) % 97}@corp.example  Re: ticket {seed * 1000 + i}  status open"
        for i in range(n)
    )


def _acted_on(n: int, tool: str, args: dict[str, str]) -> list[Message]:
    """Round ``n``'s call of ``tool``, its output (pasted-looking lines) and the reply."""
    call = ToolCall(f"c{n}", tool, json.dumps(args))
    output = Message.tool(f"c{n}", _mail(50, n + 100))
    return [Message("assistant", (call,)), output, Message.assistant(f"Step {n} checked.")]


def _session(opening: str, rounds: int = 60) -> list[Message]:
    msgs = [Message.system("You are an IT helpdesk agent."), Message.user("Hi!")]
    msgs += [Message.assistant("Good morning! What can I help with?"), Message.user(opening)]
    for n in range(rounds):
        if n % 6 == 2:
            msgs.append(Message.user(_mail(40, n)))  # a turn of pasted lines, acted on
        else:
            msgs.append(Message.user(["ok", "go on", "yep"][n % 3]))
        msgs += _acted_on(n, "powershell", {"script": f"Get-Content C:/logs/host{n}.log -Tail 80"})
    msgs.append(Message.user("what now?"))
    return msgs


OPENINGS = [
    # reads as a rule ("don't want"), the mail thread pasted after a blank line
    "Nobody has fixed this so far and I don't want another week of it. "
    f"{GOAL}. The thread is below.\n\n" + _mail(45, 1),
    # the attachment's text in the same turn, no rule read in it
    f"Here's the situation. {GOAL}, ideally today.\n\n" + _mail(45, 2),
]


@pytest.mark.parametrize("opening", OPENINGS, ids=["reads-as-a-rule", "plain"])
@pytest.mark.parametrize("window", [8_000, 16_000])
def test_the_task_beside_an_attachment_is_pinned_not_a_later_paste(
    opening: str, window: int
) -> None:
    out = fit(_session(opening), "gpt-4.1", window=window, max_output_tokens=1000)
    assert any(GOAL in m.text for m in out.messages)
    assert out.report.used <= out.report.budget
    assert not tool_pair_problems(out.messages)
    assert out.messages[1].role == "user"


def test_a_session_opened_by_a_paste_alone_still_pins_it() -> None:
    """A traceback pasted with no words is the only request: it is still the task."""
    trace = "Traceback (most recent call last):\n" + "\n".join(
        f'  File "app/core.py", line {i}, in step_{i}\n    return run(x)' for i in range(30)
    )
    msgs = _session(trace)
    msgs[3] = Message.user(trace)
    out = fit(msgs, "gpt-4.1", window=8_000, max_output_tokens=1000)
    assert any("Traceback (most recent call last):" in m.text for m in out.messages[:3])


@pytest.mark.parametrize(
    ("text", "pasted"),
    [
        (_mail(30, 3), True),
        ("Fix this:\n\n" + _mail(30, 3), False),
        (_mail(20, 3) + "\n\nWhy does it bounce?\n\n" + _mail(20, 4), False),
        (
            "Steps:\n" + "\n".join(f"{i}. Rename the table t{i} to u{i} first." for i in range(9)),
            False,
        ),
        ("short", False),
    ],
)
def test_only_pasted_reads_a_turn_without_words_of_its_own(text: str, pasted: bool) -> None:
    assert only_pasted(text) is pasted


def test_a_labelled_paste_is_no_task_beside_the_goal() -> None:
    """R39-F1: "Another batch:" and a log, the session's second request, was pinned with the
    goal as a task (whole at 32k: 9 KB of log), and the rules said after it were lost at
    32k though kept at 16k. Pasted lines are the task only when nothing else is."""
    from contextledger.fit.anchors import prior_request_order
    from contextledger.intent import is_substantive

    log = "\n".join(f"2026-11-08T20:09:{i:02d}Z INFO checkout-svc req={i:04x}" for i in range(60))
    said = {
        0: "Figure out why checkout times out for Android users and get a fix shipped.",
        1: f"Another batch:\n{log}",
        2: "Do not restart the payments-gateway pods during business hours.",
    }
    order = list(
        prior_request_order(
            lambda: [2, 1, 0], [0, 1, 2], [], [2],
            lambda k: is_substantive(said[k]),
            acted_on=lambda k: False,  # (no tool call between them: every opening read)
            pasted_only=lambda k: only_pasted(said[k]),
        )
    )  # fmt: skip
    assert order[:2] == [(0, True), (2, True)]
    assert (1, False) in order


THAI_GOAL = "ช่วยย้ายระบบส่งอีเมลจาก SMTP ไปใช้ Amazon SES โดยไม่ให้อีเมลตกหล่น"


def _requests_after(opening: str, rounds: int = 60) -> list[Message]:
    """``opening``, then a request of the user's own each round, each acted on."""
    msgs = [Message.system("You are a coding agent."), Message.user(opening)]
    for n in range(rounds):
        msgs.append(Message.user(f"แก้โมดูล m{n} ให้ใช้ไคลเอนต์ใหม่ แล้วรันเทสต์ของมัน"))
        msgs += _acted_on(n, "shell", {"cmd": f"pytest tests/m{n} -q"})
    msgs.append(Message.user("ต่อเลย"))
    return msgs


# requests under a fenced log in scripts whose full stop is their own, or none (Lao)
GOALS_UNDER_A_LOG = [
    THAI_GOAL,
    "ກະລຸນາຍ້າຍຖານຂໍ້ມູນໄປ PostgreSQL 16 ໂດຍບໍ່ໃຫ້ຂໍ້ມູນເສຍ",
    "សូមផ្លាស់ទីមូលដ្ឋានទិន្នន័យទៅ PostgreSQL 16។",
    "ဒေတာဘေ့စ်ကို PostgreSQL 16 သို့ ပြောင်းပေးပါ။",
    "እባክህ የመረጃ ቋቱን ወደ PostgreSQL 16 አዛውር።",
    "Խնդրում եմ տվյալների բազան տեղափոխել PostgreSQL 16։",
    "براہ کرم ڈیٹا بیس کو PostgreSQL 16 پر منتقل کریں۔",
]


@pytest.mark.parametrize("goal", GOALS_UNDER_A_LOG)
@pytest.mark.parametrize("window", [8_000, 16_000])
def test_a_goal_without_a_full_stop_under_a_fenced_log_is_pinned(window: int, goal: str) -> None:
    """review44 R44-ret1/ret5: Thai and Lao write no full stop, Khmer, Burmese, Amharic,
    Armenian and Urdu their own; a request under a fenced log, in the same paragraph, was
    read as a line of the paste, and the goal was lost at 8k and 16k."""
    log = "\n".join(
        f"[{i:04d}] {i * 7919 % 999983:06d} worker shard ok=0.{i:04d}" for i in range(110)
    )
    opening = f"```\n{log}\n```\n{goal}"
    out = fit(_requests_after(opening), "gpt-4.1", window=window, max_output_tokens=1000)
    assert any(goal in m.text for m in out.messages)
    assert out.report.used <= out.report.budget
