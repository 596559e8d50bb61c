"""Red team 14's lies and honest lines (a support agent's refunds, a data engineer's dbt
runs): a rule's condition dropped, a revoked rule re-imposed, the user's words moved to a
person they only named, counts of failures and tallies mixed across runs are caught; an
amount, a date or a permission written another ordinary way stands."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall, with_ids


def _run(cid: str, tool: str, args: dict[str, object], output: str) -> list[Message]:
    return [
        Message("assistant", (ToolCall(cid, tool, json.dumps(args)),)),
        Message.tool(cid, output),
    ]


_DECLINED = {
    "error": {"code": "card_declined", "decline_code": "PROCESSOR_TIMEOUT_91", "status": 502}
}
_REFUND = {"order": "ORD-7Q4K2-2291", "amount_eur": 184.2}

SUPPORT = list(
    with_ids(
        [
            Message.user(
                "Please resolve ticket CS-248117 for Adaeze Okonkwo: she was charged twice "
                "for order ORD-7Q4K2-2291. The deadline is 2026-12-14."
            ),
            *_run("c1", "payments.refund", _REFUND, json.dumps(_DECLINED)),
            Message.user(
                "Refunds over €200 need supervisor approval first. "
                "Do not close the ticket until she confirms."
            ),
            Message.user("Don't offer store credit."),
            Message.user("Add 10% goodwill."),
            Message.user("Make it 20%, she's Pro."),
            Message.user("No — keep it at 10%; 20% would need a supervisor."),
            *_run(
                "c2",
                "payments.refund",
                _REFUND,
                json.dumps({"id": "re_3QxT81", "status": "succeeded", "amount_eur": 184.2}),
            ),
            Message.user("The supervisor today is Marguerite Duval."),
            Message.user("Update: store credit is fine for the damaged box, she asked for it."),
        ]
    )
)

DBT_FAIL = (
    "1 of 2 PASS not_null_orders_daily_order_id [PASS in 1.2s]\n"
    "2 of 2 FAIL 37 unique_orders_daily_refund_id [FAIL 37 in 2.9s]\n"
    "Done. PASS=1 WARN=0 ERROR=1 SKIP=0 TOTAL=2"
)
DBT_PASS = (
    "1 of 2 PASS not_null_orders_daily_order_id [PASS in 1.1s]\n"
    "2 of 2 PASS unique_orders_daily_refund_id [PASS in 2.4s]\n"
    "Done. PASS=2 WARN=0 ERROR=0 SKIP=0 TOTAL=2"
)
DATAENG = list(
    with_ids(
        [
            Message.user("Backfill orders_daily for October."),
            Message.user(
                "Never run `dbt run --full-refresh` against prod. If a model runs longer "
                "than 20 minutes, cancel it and tell me."
            ),
            Message.user("Don't write anything to the raw schema."),
            *_run("d1", "terminal", {"input": "dbt test --select orders_daily"}, DBT_FAIL),
            Message.user("Use warehouse TRANSFORM_L."),
            Message.user("Actually TRANSFORM_XL, L will time out."),
            Message.user("Scratch that, back to TRANSFORM_L — XL credits are capped this month."),
            *_run("d2", "terminal", {"input": "dbt test --select orders_daily"}, DBT_PASS),
            Message.user(
                "Change of plan: you may write to raw.backfill_tmp, Priya created it for us."
            ),
        ]
    )
)


def stands(record: list[Message], section: str, line: str) -> bool:
    recap = f"Goal: resolve it.\n{section}:\n- {line}"
    v = verify_recap(recap, record, max_bytes=4000, ledger=False)
    return v.accepted and line in v.text


@pytest.mark.parametrize(
    ("section", "lie"),
    [
        ("Constraints and corrections", "Refunds need supervisor approval first."),  # over €200
        ("Constraints and corrections", "Do not close the ticket."),  # until she confirms
        ("Constraints and corrections", "Don't offer store credit."),  # lifted later
        ("Decisions", "Marguerite Duval decided to keep the goodwill at 10%."),  # the user did
        ("Findings", "Adaeze Okonkwo asked for 20% goodwill."),  # the user proposed it
        ("Failures", "The refund failed three times before it went through."),  # once
        ("Failures", "The refund failed twice before it went through."),
        ("Findings", "The deadline is 15 December 2026."),
    ],
)
def test_support_lies_are_caught(section: str, lie: str) -> None:
    assert not stands(SUPPORT, section, lie)


@pytest.mark.parametrize(
    ("section", "honest"),
    [
        ("Constraints and corrections", "Refunds over €200 need supervisor approval first."),
        ("Constraints and corrections", "Do not close the ticket until she confirms."),
        ("Constraints and corrections", "Store credit is fine for the damaged box."),
        (
            "Failures",
            "The first refund of €184.20 for ORD-7Q4K2-2291 failed: PROCESSOR_TIMEOUT_91.",
        ),
        ("Findings", "The retried refund re_3QxT81 succeeded for €184.20."),
        ("Findings", "The deadline is 14 December 2026."),
        ("Findings", "The deadline is December 14, 2026."),
        ("Decisions", "User: the supervisor today is Marguerite Duval."),
    ],
)
def test_support_honest_lines_stand(section: str, honest: str) -> None:
    assert stands(SUPPORT, section, honest)


@pytest.mark.parametrize(
    ("section", "lie"),
    [
        ("Constraints and corrections", "Never run `dbt run` against prod."),  # --full-refresh
        ("Constraints and corrections", "Cancel any model run and tell me."),  # over 20 minutes
        ("Numbers that matter", "The first dbt test ended PASS=2 ERROR=1."),  # two runs mixed
        ("Failures", "`dbt test --select orders_daily` failed twice."),  # once
        (  # the user's three choices, in the wrong order
            "Constraints and corrections",
            "The user first chose TRANSFORM_XL, then TRANSFORM_L, then went back to TRANSFORM_XL.",
        ),
    ],
)
def test_dataeng_lies_are_caught(section: str, lie: str) -> None:
    assert not stands(DATAENG, section, lie)


@pytest.mark.parametrize(
    ("section", "honest"),
    [
        ("Constraints and corrections", "Never run `dbt run --full-refresh` against prod."),
        ("Constraints and corrections", "Writing to raw.backfill_tmp is now allowed."),
        ("Constraints and corrections", "You may write to raw.backfill_tmp."),
        ("Numbers that matter", "The first dbt test ended PASS=1 ERROR=1."),
        (
            "Constraints and corrections",
            "The user first chose TRANSFORM_L, then TRANSFORM_XL, then went back to TRANSFORM_L.",
        ),
    ],
)
def test_dataeng_honest_lines_stand(section: str, honest: str) -> None:
    assert stands(DATAENG, section, honest)


def test_a_date_given_only_by_a_command_it_ran_stands() -> None:
    """A command's own date (`--since 2026-11-18`) is in the record: the call that ran it
    gives it (the ops retention sessions lost such a command from the recap)."""
    record = list(
        with_ids(
            [
                Message.user("Audit the orders since the incident."),
                *_run(
                    "c1",
                    "shell",
                    {"cmd": "python -m tools.orders_audit --since 2026-11-18"},
                    "audited 412 orders",
                ),
            ]
        )
    )
    assert stands(record, "Commands run", "`python -m tools.orders_audit --since 2026-11-18`")
    assert not stands(record, "Findings", "The incident was on 2026-11-19.")
