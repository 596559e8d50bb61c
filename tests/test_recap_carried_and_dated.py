"""recap31: a request a later call carried out is done, not open (R34-R4); an assistant's
plan said with its reason is a decision, by the assistant, beside a call or alone (R34-R3);
a plan for both sides with a date is a decision, neither an open request nor a rule
(R34-recap30-1)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from contextledger.compaction.carried import carried_out
from contextledger.compaction.digest import digest
from contextledger.model import with_ids
from contextledger.providers import read_messages

_FILLER: list[dict[str, Any]] = [
    {"role": r, "content": t}
    for r, t in [("user", "ok"), ("assistant", "Working on it."), ("user", "k")] * 3
]


def _sections(said: list[dict[str, Any]]) -> dict[str, list[str]]:
    record = with_ids(read_messages([*said, *_FILLER, {"role": "user", "content": "go"}]))
    return digest(record[:-1], history=record).sections


def _call(n: int, name: str, args: dict[str, Any], out: str) -> list[dict[str, Any]]:
    call = {
        "id": f"c{n}",
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(args)},
    }
    return [
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": f"c{n}", "content": out},
    ]


_TASK = {"role": "user", "content": "Stabilise the checkout service in production."}

# (the request, the call that carries it out, its tool's answer)
_CARRIED = [
    (
        "And please pin react-router-dom to 6.22.3, 6.23 broke our loaders.",
        ("bash", {"command": "npm install react-router-dom@6.22.3 --save-exact"}),
        "changed 1 package in 2s",
    ),
    (
        "Please set the memory limit for checkout to 768Mi.",
        (
            "bash",
            {"command": "kubectl -n prod set resources deploy/checkout --limits=memory=768Mi"},
        ),
        "deployment.apps/checkout resource requirements updated",
    ),
    (
        "Please change the liability cap in 9.2 to 12 months of fees.",
        ("apply_redline", {"document": "msa.docx", "clause": "9.2", "text": "the prior 12 months"}),
        "redline applied to clause 9.2 (1 change)",
    ),
    (
        "Set VITE_API_BASE=/api/v2 in the .env.production file.",
        ("write_file", {"path": ".env.production", "content": "VITE_API_BASE=/api/v2\n"}),
        "wrote 22 bytes",
    ),
]


@pytest.mark.parametrize(("request_", "call", "out"), _CARRIED)
def test_a_request_a_later_call_carried_out_is_not_open(
    request_: str, call: tuple[str, dict[str, Any]], out: str
) -> None:
    said = [_TASK, {"role": "user", "content": request_}, *_call(1, *call, out)]
    assert not any("." in r and r in request_ for r in _sections(said).get("Open requests", []))


@pytest.mark.parametrize(("request_", "call", "out"), _CARRIED)
def test_a_request_stays_open_when_its_call_failed_only_looked_or_named_else(
    request_: str, call: tuple[str, dict[str, Any]], out: str
) -> None:
    failed = [
        _TASK,
        {"role": "user", "content": request_},
        *_call(1, *call, "Error: exit status 1"),
    ]
    looked = [_TASK, {"role": "user", "content": request_}]
    looked += _call(1, "bash", {"command": f"grep -rn {request_.split()[-1]} ."}, "no match")
    other = [_TASK, {"role": "user", "content": request_}]
    other += _call(1, "bash", {"command": "npm install left-pad@1.3.0"}, "added 1 package")
    for said in (failed, looked, other):
        record = with_ids(read_messages(said))
        assert not carried_out([request_], record)


def test_a_question_is_never_carried_out_by_a_call() -> None:
    ask = "Why did react-router-dom 6.22.3 break the loaders?"
    said = [_TASK, {"role": "user", "content": ask}]
    said += _call(
        1, "bash", {"command": "npm install react-router-dom@6.22.3"}, "changed 1 package"
    )
    assert not carried_out([ask], with_ids(read_messages(said)))


_DECISION = "I'll put the new invoices page behind the feature flag invoices_react_rollout, so we can turn it off without a deploy."


@pytest.mark.parametrize("beside_a_call", [True, False])
def test_an_assistants_plan_with_its_reason_is_its_decision(beside_a_call: bool) -> None:
    said: list[dict[str, Any]] = [
        {"role": "user", "content": "Migrate the invoices page to React."}
    ]
    if beside_a_call:
        said += _call(
            1, "bash", {"command": "grep -rn invoices_ src/flags.ts"}, "src/flags.ts:12: x"
        )
        said[1] = {**said[1], "content": _DECISION}
    else:
        said.append({"role": "assistant", "content": _DECISION})
    said.append({"role": "user", "content": "ok"})
    said.append({"role": "assistant", "content": "Next I'll port the table."})
    decisions = _sections(said).get("Decisions", [])
    assert any(d.startswith("Assistant: ") and "invoices_react_rollout" in d for d in decisions)


@pytest.mark.parametrize(
    "look",
    [
        "I'll read the config since the error names it.",
        "I'll check the logs because the pod restarted.",
        "I'll run the tests so we can see the failure.",
    ],
)
def test_a_look_around_with_its_reason_is_no_decision(look: str) -> None:
    said = [{"role": "user", "content": "Find out why the pod restarts."}]
    said.append({"role": "assistant", "content": look})
    said.append({"role": "user", "content": "ok"})
    said.append({"role": "assistant", "content": "Looking."})
    assert not any(look in d for d in _sections(said).get("Decisions", []))


@pytest.mark.parametrize(
    "plan",
    [
        "We'll roll back the 4.2 deploy tomorrow.",
        "We'll move the nightly export to 02:00 UTC starting tomorrow.",
        "We'll freeze the schema at end of sprint.",
        "Let's retire the staging cluster next month.",
    ],
)
def test_a_dated_plan_for_both_sides_is_a_decision_only(plan: str) -> None:
    said = [{"role": "user", "content": "Plan the Q3 platform work with me."}]
    said += [{"role": "assistant", "content": "Sure."}, {"role": "user", "content": plan}]
    said.append({"role": "assistant", "content": "Noted."})
    sections = _sections(said)
    where = [name for name, items in sections.items() if any(plan in x for x in items)]
    assert where == ["Decisions"]


@pytest.mark.parametrize(
    ("asked", "reply", "picked"),
    [
        (
            "Should the export be CSV or Parquet?",
            "Parquet, the analysts query it with Spark.",
            "Parquet",
        ),
        (
            "There are two ways: option A, a big-bang launch, or option B, a staged rollout. Which do you prefer?",
            "Option B. Staged is safer with the support team this thin.",
            "Option B",
        ),
        (
            "Should we do definite integrals first, or indefinite ones?",
            "Definite ones first, please.",
            "Definite",
        ),
    ],
)
def test_the_option_the_user_picks_is_the_users_decision(
    asked: str, reply: str, picked: str
) -> None:
    said = [
        {"role": "user", "content": "Help me plan the work."},
        {"role": "assistant", "content": asked},
    ]
    said.append({"role": "user", "content": reply})
    decisions = _sections(said).get("Decisions", [])
    assert any(d.startswith("User: ") and picked in d for d in decisions)


def test_a_yes_or_no_question_offers_no_option() -> None:
    said = [{"role": "user", "content": "Help me plan the work."}]
    said.append({"role": "assistant", "content": "Should I keep going or not?"})
    said.append({"role": "user", "content": "Not yet, wait for the review."})
    assert not any("Not yet" in d for d in _sections(said).get("Decisions", []))


@pytest.mark.parametrize(
    ("stated", "correction", "old"),
    [
        (
            "The budget you gave me was $25k for the campaign, so I'll plan around that.",
            "The budget is $40k, not $25k.",
            "$25k",
        ),
        (
            "The retention you mentioned is 30 days, so I'll size the bucket for that.",
            "Retention is 90 days, not 30.",
            "30 days",
        ),
    ],
)
def test_what_the_assistant_said_of_a_value_the_user_corrected_is_not_kept(
    stated: str, correction: str, old: str
) -> None:
    said = [{"role": "user", "content": "Plan the launch campaign with me."}]
    said += [{"role": "assistant", "content": stated}, {"role": "user", "content": correction}]
    sections = _sections(said)
    assert not any(
        old in x
        for name, items in sections.items()
        for x in items
        if name != "Constraints and corrections"
    )
    assert any(correction in x for x in sections.get("Constraints and corrections", []))


def test_an_assistants_number_on_another_topic_stays() -> None:
    said = [{"role": "user", "content": "Plan the launch campaign with me."}]
    said.append(
        {
            "role": "assistant",
            "content": "The p99 latency on staging is 30 ms after the cache change.",
        }
    )
    said.append({"role": "user", "content": "Retention is 90 days, not 30."})
    assert any("30 ms" in x for items in _sections(said).values() for x in items)


@pytest.mark.parametrize(
    "printed",
    [
        "count(*)\n4812337",  # mysql -e: a label over the value, tab-separated, one column
        "+----------+\n| count(*) |\n+----------+\n|  4812337 |\n+----------+\n1 row in set (0.01 sec)",
        " count \n---------\n 4812337\n(1 row)",
    ],
)
def test_the_count_a_query_returned_is_a_number_that_matters(printed: str) -> None:
    said = [
        {
            "role": "user",
            "content": "Copy the orders table to Postgres and check the row counts match.",
        }
    ]
    said += _call(1, "bash", {"command": "mysql -e 'SELECT COUNT(*) FROM orders' shop"}, printed)
    assert any("4812337" in x for x in _sections(said).get("Numbers that matter", []))


def test_a_listing_of_names_is_no_table_of_numbers() -> None:
    said = [
        {
            "role": "user",
            "content": "Copy the orders table to Postgres and check the row counts match.",
        }
    ]
    said += _call(
        1, "bash", {"command": "mysql -e 'SHOW TABLES' shop"}, "Tables_in_shop\norders\ncustomers"
    )
    assert not _sections(said).get("Numbers that matter")
