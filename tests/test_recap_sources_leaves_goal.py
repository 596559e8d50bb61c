"""recap28: facts the offline recap had in no section or in the wrong one - pages a call
fetched (Files read), files a notebook cell's code wrote (Files written), a short request
that set the task (Goal, not the longer turn after it), markdown headings (labels, not the
goal's words) and a leave the user gave ("You may force-push.": the user's word, not a
request, a decision nor a command)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from contextledger.compaction.digest import digest, goal_message
from contextledger.compaction.tool_calls import call_reads, call_writes
from contextledger.model import ToolCall, with_ids
from contextledger.providers import read_messages

TAIL = [
    {"role": "assistant", "content": "Working on it."},
    {"role": "user", "content": "ok"},
    {"role": "assistant", "content": "Still going."},
    {"role": "user", "content": "What's the status now?"},
]


def _call(name: str, args: dict[str, Any], out: str, cid: str = "c1") -> list[dict[str, Any]]:
    return [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": cid,
                    "type": "function",
                    "function": {"name": name, "arguments": json.dumps(args)},
                }
            ],
        },
        {"role": "tool", "tool_call_id": cid, "content": out},
    ]


def _sections(dicts: list[dict[str, Any]]) -> dict[str, list[str]]:
    record = with_ids(read_messages([*dicts, *TAIL]))
    d = digest(record[: -len(TAIL)], history=record)
    return dict(d.sections)


def _user(text: str) -> dict[str, str]:
    return {"role": "user", "content": text}


def _assistant(text: str) -> dict[str, str]:
    return {"role": "assistant", "content": text}


# ---------------------------------------------------------------- pages fetched


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("web_fetch", {"url": "https://docs.python.org/3/library/asyncio-task.html"}),
        ("WebFetch", {"url": "https://docs.python.org/3/library/asyncio-task.html", "prompt": "x"}),
        (
            "browser",
            {"action": "navigate", "url": "https://docs.python.org/3/library/asyncio-task.html"},
        ),
        ("browser_navigate", {"url": "https://docs.python.org/3/library/asyncio-task.html"}),
        (
            "http_get",
            {"url": "https://docs.python.org/3/library/asyncio-task.html", "method": "GET"},
        ),
    ],
)
def test_a_page_a_call_fetched_is_a_file_read(name: str, args: dict[str, Any]) -> None:
    got = _sections(
        [
            _user("How do I cancel an asyncio task cleanly? Check the docs and fix worker.py."),
            *_call(name, args, "Task.cancel(msg=None)\nRequest the Task to be cancelled."),
            _assistant("Cancel it, then await it."),
        ]
    )
    assert "https://docs.python.org/3/library/asyncio-task.html" in got.get("Files read", [])


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("http_request", {"url": "https://api.example.com/v1/orders", "method": "POST"}),
        ("http", {"url": "https://api.example.com/v1/orders", "body": {"id": 1}}),
        ("send_message", {"url": "https://chat.example.com/room/1", "text": "deployed"}),
        ("create_hook", {"webhook_url": "https://hooks.example.com/x"}),
    ],
)
def test_an_address_a_call_sent_to_is_no_page_read(name: str, args: dict[str, Any]) -> None:
    assert call_reads(ToolCall("c", name, json.dumps(args))) == []


# ---------------------------------------------------------------- files code wrote


@pytest.mark.parametrize(
    ("args", "written"),
    [
        (
            {"code": "import pandas as pd\ndf.to_csv('out/cleaned.csv', index=False)"},
            "out/cleaned.csv",
        ),
        (
            {"code": "with open('reports/summary.json', 'w') as fh:\n    json.dump(stats, fh)"},
            "reports/summary.json",
        ),
        ({"code": "plt.plot(x)\nplt.savefig('figures/loss.png', dpi=150)"}, "figures/loss.png"),
        ({"code": 'write.csv(df, "data/out.csv", row.names = FALSE)'}, "data/out.csv"),
        (
            {
                "cells": [
                    {
                        "cell_type": "code",
                        "source": ["df = df.dropna()\n", "df.to_parquet('data/clean.parquet')"],
                    }
                ]
            },
            "data/clean.parquet",
        ),
    ],
)
def test_a_file_a_notebook_cell_wrote_is_a_file_written(args: dict[str, Any], written: str) -> None:
    got = _sections(
        [
            _user("Clean the orders data and save what you produce."),
            *_call("execute_cell", args, ""),
            _assistant("Saved."),
        ]
    )
    assert written in got.get("Files written", [])


@pytest.mark.parametrize(
    "code",
    [
        "df = pd.read_csv('data/in.csv')\nprint(open('notes.txt').read())",
        "s = json.dumps({'a': 1})\nx = df.to_dict('records')",
        "df.to_sql('orders', con)",
        "df.to_csv('s3://bucket/out.csv')",
    ],
)
def test_code_that_writes_no_file_names_none(code: str) -> None:
    assert call_writes(ToolCall("c", "execute_cell", json.dumps({"code": code}))) == []


def test_a_search_for_a_write_call_writes_nothing() -> None:
    call = ToolCall("c", "bash", json.dumps({"command": "grep -rn \"to_csv('out.csv')\" src/"}))
    assert call_writes(call) == []


def test_a_cell_that_failed_wrote_nothing() -> None:
    got = _sections(
        [
            _user("Export the cleaned frame to parquet."),
            *_call(
                "execute_cell",
                {"code": "df.to_parquet('data/clean.parquet')"},
                "Traceback (most recent call last):\nImportError: Unable to find a usable engine",
            ),
            _assistant("pyarrow is missing."),
        ]
    )
    assert "data/clean.parquet" not in got.get("Files written", [])


# ---------------------------------------------------------------- a short request as the goal


def _goal(dicts: list[dict[str, Any]]) -> str | None:
    goal = goal_message(read_messages([*dicts, _user("ok")]))
    return goal.text if goal else None


@pytest.mark.parametrize(
    ("task", "how"),
    [
        ("Add dark mode.", "The toggle should live in the settings menu and remember the choice."),
        ("Tune the workers.", "Use 8 workers for the API and 2 for the scheduler."),
        ("Repariere den Login.", "Das Passwort-Feld soll nach drei Fehlversuchen gesperrt werden."),
        ("Refactor authentication.", "Split the session code from the token code, keep the API."),
    ],
)
def test_a_short_request_that_set_the_task_is_the_goal(task: str, how: str) -> None:
    """R31-G1: the longer turn that says how was taken as the goal."""
    turns = [_user(task), _assistant("OK, looking."), _user(how), _assistant("On it.")]
    assert _goal(turns) == task
    assert _sections(turns)["Goal"] == [task]


@pytest.mark.parametrize(
    ("opening", "reply"),
    [
        ("Quick question.", "Sure, what is it?"),
        ("One more thing.", "Of course - what do you need?"),
        ("Fix it.", "OK."),  # (no thing named: the task is said next)
        ("Make it 4.", "OK."),  # (a value)
    ],
)
def test_a_short_opening_that_sets_no_task_is_not_the_goal(opening: str, reply: str) -> None:
    task = "Please move the nightly export job over to the new task queue."
    assert _goal([_user(opening), _assistant(reply), _user(task), _assistant("On it.")]) == task


# ---------------------------------------------------------------- headings


@pytest.mark.parametrize(
    ("turn", "goal"),
    [
        ("## Task\nAdd CSV export to the reports page.", "Add CSV export to the reports page."),
        ("### Goal\nMake the search endpoint paginate.", "Make the search endpoint paginate."),
        (
            "**What I need**\n\nA `--since` flag that filters the log export by date.",
            "A `--since` flag",
        ),
        (
            "Aufgabe\n=======\n\nDie Suche soll Umlaute ignorieren.",
            "Die Suche soll Umlaute ignorieren.",
        ),
    ],
)
def test_a_heading_labels_the_goal_and_is_not_in_it(turn: str, goal: str) -> None:
    got = _sections([_user(turn), _assistant("OK."), *_call("bash", {"command": "ls"}, "a.py")])
    assert len(got["Goal"]) == 1
    assert got["Goal"][0].startswith(goal)
    assert "#" not in got["Goal"][0] and "**" not in got["Goal"][0] and "===" not in got["Goal"][0]


def test_the_rules_under_a_heading_are_constraints_and_the_heading_none() -> None:
    got = _sections(
        [
            _user(
                "## Task\nAdd CSV export to the reports page.\n\n## Constraints\nDon't change the PDF export."
            ),
            _assistant("OK."),
        ]
    )
    assert got["Goal"] == ["Add CSV export to the reports page."]
    assert got["Constraints and corrections"] == ["Don't change the PDF export."]


def test_a_heading_that_says_the_request_is_the_goal() -> None:
    got = _sections([_user("# Add dark mode\nUse the existing colour tokens."), _assistant("OK.")])
    assert got["Goal"][0].startswith("Add dark mode.")


# ---------------------------------------------------------------- a leave the user gave


@pytest.mark.parametrize(
    ("leave", "object_"),
    [
        ("You may force-push.", "force-push"),
        ("Feel free to force-push the search branch afterwards.", "force-push"),
        ("You're allowed to skip the flaky e2e suite for this release.", "e2e suite"),
        ("Du darfst die Tests unter tests/legacy löschen.", "tests/legacy"),
        ("Je mag de oude tabellen droppen.", "oude tabellen"),
    ],
)
def test_a_leave_is_the_users_word_not_a_request_decision_or_command(
    leave: str, object_: str
) -> None:
    got = _sections(
        [
            _user("Rebase the feature branch onto main and clean up the test suite."),
            _assistant("OK."),
            _user(leave),
            *_call("bash", {"command": "git rebase main"}, "Successfully rebased."),
            _assistant("Rebased."),
        ]
    )
    assert leave in got["Constraints and corrections"]
    for name in ("Open requests", "Decisions", "Commands run", "Actions taken"):
        assert not any(object_ in item for item in got.get(name, [])), name


@pytest.mark.parametrize(
    "said",
    ["You may need to restart the dev server.", "Feel free to ask if anything is unclear."],
)
def test_what_may_happen_or_an_invitation_to_ask_is_no_leave(said: str) -> None:
    got = _sections(
        [
            _user("Upgrade the webpack config to v5."),
            _assistant("OK."),
            _user(said),
            _assistant("Sure."),
        ]
    )
    assert said not in got.get("Constraints and corrections", [])


def test_a_leave_taken_back_stands_nowhere() -> None:
    got = _sections(
        [
            _user("Rebase the feature branch on main."),
            _assistant("OK."),
            _user("You may force-push to feature/search when it's done."),
            *_call("bash", {"command": "git rebase main"}, "Successfully rebased."),
            _user("Actually, no force-pushing at all, open a new branch instead."),
            _assistant("Got it."),
        ]
    )
    assert not any("You may force-push" in x for v in got.values() for x in v)


def test_a_heading_is_no_statement_of_the_users() -> None:
    got = _sections(
        [
            _user(
                "**What I really need here**\n\nMake the nightly export idempotent so reruns never"
                " write duplicate rows.\n\n**Background info for you**\nThe export runs at 02:00"
                " from cron on host etl-3."
            ),
            _assistant("OK."),
        ]
    )
    assert got["Goal"] == [
        "Make the nightly export idempotent so reruns never write duplicate rows."
    ]
    assert not any("**" in x or "What I really need" in x for v in got.values() for x in v)
