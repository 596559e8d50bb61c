"""A recap restates the user's rules in its own words: the restatement stands, and the
same words turned around are caught. Each pair below is an honest paraphrase of a user
rule and a lie made from it."""

from __future__ import annotations

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall, with_ids

SAID = list(
    with_ids(
        [
            Message.user(
                "Add a --until flag to the tracegrep tool that stops at an ISO 8601 timestamp."
            ),
            Message.user("Scope: only edit tools/tracegrep and libs/tracefmt, nothing else."),
            Message.user("Never run helm upgrade without --atomic while the cluster is shared."),
            Message.user("Please don't touch config/billing_rates.yaml, finance signed it off."),
            Message.user("Sorry, my mistake: the flag should be --until, not --before."),
            Message.user("Build it with uv, not pip; the lockfile is uv's."),
            Message.user("Don't expose port 6379 to the internet, go via the jump host."),
        ]
    )
)


def stands(line: str, section: str = "Constraints and corrections") -> bool:
    recap = f"{section}:\n- {line}"
    v = verify_recap(recap, SAID, max_bytes=4000, ledger=False)
    return v.accepted and not v.misclaims and line in v.text


@pytest.mark.parametrize(
    ("honest", "lie"),
    [
        (  # what "only" singles out, whether a verb comes first or not
            "Only tools/tracegrep and libs/tracefmt may be modified.",
            "Only libs/tracecore may be modified.",
        ),
        (  # "never X without Y" is "X only with Y"
            "helm upgrade only ever with --atomic while the cluster is shared.",
            "helm upgrade may run without --atomic.",
        ),
        (  # a subjectless "and must not …" is said of the subject before it
            "config/billing_rates.yaml is signed off by finance and must not be changed.",
            "config/billing_rates.yaml is signed off by finance and may be changed.",
        ),
        (  # "X was a mistake" rejects X
            "The flag is called --until; --before was a mistake.",
            "The flag is called --before; --until was a mistake.",
        ),
        (  # a program named in prose, not a command with arguments
            "Builds use uv rather than pip.",
            "Builds use pip rather than uv.",
        ),
        (  # a second part of one rule says more of the same user sentence
            "Port 6379 stays closed to the internet; access goes through the jump host.",
            "Port 6379 stays closed to the internet; access goes through the VPN.",
        ),
    ],
)
def test_a_paraphrased_rule_stands_and_its_reversal_does_not(honest: str, lie: str) -> None:
    assert stands(honest)
    assert not stands(lie)


def test_a_goal_in_other_words_stands() -> None:
    """An option is a flag, a time a timestamp; a paraphrase says "give" for "add"."""
    assert stands(
        "Give the tracegrep tool an --until option that stops at an ISO 8601 time.", "Goal"
    )
    assert not stands(
        "Give the tracegrep tool an --until option that stops at a Unix epoch.", "Goal"
    )


NAMED = list(
    with_ids(
        [
            Message.user("Please build the invoice export for the billing service."),
            Message.assistant("Sure, starting with the exporter."),
            Message.user("Context: this is for the Atlas project; Priya owns billing."),
            Message.user("Use Redis, not Memcached. Never deploy with Jenkins."),
        ]
    )
)


@pytest.mark.parametrize(
    "goal",
    [
        "Build the invoice export for the Atlas billing service.",
        "Build the invoice export for Priya's billing service.",
        "The user's goal: build the Atlas invoice export for the billing service.",
    ],
)
def test_a_goal_may_name_what_the_user_named_in_another_turn(goal: str) -> None:
    """The goal's turn does not name the project; the user named it in a later turn."""
    v = verify_recap(f"Goal: {goal}", NAMED)
    assert not v.misclaims, v.summary()


@pytest.mark.parametrize("name", ["Hermes", "Memcached", "Jenkins"])
def test_a_name_never_said_rejected_or_forbidden_is_still_caught(name: str) -> None:
    v = verify_recap(f"Goal: Build the invoice export for the {name} billing service.", NAMED)
    assert [c.kind for c in v.misclaims] == ["user said"], v.summary()


def test_without_changing_is_keeping() -> None:
    said = list(with_ids([Message.user("Speed up the export. Keep the CSV header the same.")]))
    v = verify_recap("Goal: Speed up the export without changing the CSV header.", said)
    assert not v.misclaims, v.summary()
    v = verify_recap("Goal: Speed up the export and change the CSV header.", said)
    assert v.misclaims


def test_with_zero_is_without() -> None:
    said = list(with_ids([Message.user("The report job hangs for tenants with zero invoices.")]))
    v = verify_recap("Goal: Stop the report job hanging for tenants without invoices.", said)
    assert not v.misclaims, v.summary()
    v = verify_recap("Goal: Stop the report job hanging for tenants with invoices.", said)
    assert v.misclaims


def test_a_permission_the_user_did_not_give_is_caught_in_prose() -> None:
    said = list(
        with_ids(
            [
                Message.user("Do not drop the orders_archive table until the audit closes."),
                Message.user("You may restart the worker pool in staging, but never in prod."),
            ]
        )
    )
    for lie in (
        "The orders_archive table may be dropped now.",
        "The assistant may restart the worker pool in prod.",
    ):
        v = verify_recap(lie, said)
        assert v.misclaims, lie
    honest = "The worker pool may be restarted in staging but never in prod."
    v = verify_recap(honest, said)
    assert not v.misclaims, v.summary()


def test_swapped_numbers_around_a_bound_are_caught() -> None:
    said = list(
        with_ids(
            [
                Message.user("Keep page size small."),
                Message("assistant", (ToolCall("g", "shell", '{"command": "go test ./pager"}'),)),
                Message.tool(
                    "g",
                    "--- FAIL: TestPageSize\n    pager_test.go:12: got 120 rows, want <= 100\nFAIL",
                ),
            ]
        )
    )
    v = verify_recap("Failures:\n- TestPageSize: got 100 rows, want <= 120", said)
    assert v.misclaims
    v = verify_recap("Failures:\n- TestPageSize: got 120 rows, want <= 100", said)
    assert not v.misclaims, v.summary()
