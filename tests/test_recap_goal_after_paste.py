"""The recap's Goal is the user's request, not the first line of what they pasted without
fences (a log, a trace, a CSV, a config, a contract's clauses), nor a later statement when
the opening request joins a rule on with "and keep …" (session 39, recap35)."""

from __future__ import annotations

import pytest

from contextledger.compaction.digest import digest, render_digest
from contextledger.providers import read_messages

PASTES = [
    (
        "2026-12-01T10:00:01Z INFO starting api\n2026-12-01T10:00:02Z ERROR db timeout after 30s\n"
        "2026-12-01T10:00:03Z WARN retrying",
        "Find out why the api keeps timing out on the database",
    ),
    (
        'Traceback (most recent call last):\n  File "app.py", line 3, in <module>\n    main()\n'
        "ValueError: bad literal",
        "Fix the crash in app.py when the config has a trailing comma",
    ),
    (
        "sku,qty,price\nA-1,3,9.99\nB-7,1,120.00\nC-2,12,0.50",
        "Work out the total order value and flag rows above 100 euros",
    ),
    (
        "SECTION 4. TERMINATION\n4.1 Either party may terminate this Agreement on 30 days notice.\n"
        "4.2 Fees paid are non-refundable.",
        "Summarise the termination terms for the client in plain English",
    ),
    (
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3",
        "Add a readiness probe on /healthz to this deployment",
    ),
    (
        'host,role,os\nweb01,frontend,debian12\ndb01,postgres,debian11\n{\n  "name": "web"\n}',
        "Aktualisiere bitte OpenSSL auf allen Hosts aus der Liste",
    ),
]


def _recap(*user_turns: str) -> str:
    dicts: list[dict[str, str]] = []
    for turn in user_turns:
        dicts += [{"role": "user", "content": turn}, {"role": "assistant", "content": "OK."}]
    return render_digest(digest(read_messages([*dicts, {"role": "user", "content": "ok"}])), 4800)


@pytest.mark.parametrize(("paste", "ask"), PASTES)
def test_the_goal_is_the_request_before_or_after_an_unfenced_paste(paste: str, ask: str) -> None:
    """R38-R2 (session 38's reviewer: 4/6 such goals were the paste's first line)."""
    for turn in (f"{paste}\n\n{ask}.", f"{ask}:\n\n{paste}", f"{paste}\n{ask}."):
        goal = _recap(turn).splitlines()[0]
        assert goal.startswith("Goal: ") and ask in goal, (turn, goal)


def test_a_short_list_of_the_users_own_rules_is_not_a_paste() -> None:
    recap = _recap(
        "Rules for this repo:\n- never push to main\n- keep the API stable\n\nFix the login bug."
    )
    assert "never push to main" in recap and "keep the API stable" in recap


@pytest.mark.parametrize(
    "task",
    [
        "Please port the nightly backup workflow from Jenkins to GitHub Actions and keep the cron at 02:30 UTC.",
        "Make the tokenizer crate zero-copy over &str and get the parser benchmarks back under 3 ms.",
    ],
)
def test_an_opening_request_that_joins_a_rule_on_with_and_stays_the_goal(task: str) -> None:
    """recap35 set A: the goal was a later statement ("The dump is 38 GB …")."""
    recap = _recap(task, "Never store the keys in the repo.", "The dump is 38 GB uncompressed.")
    assert recap.splitlines()[0] == f"Goal: {task}"


def test_rules_in_an_indented_list_and_a_config_to_keep_stay_constraints() -> None:
    """R39-R6: the unfenced-paste reading is the goal's only: a rule's own turn keeps its
    indented list items and the config lines it says to use."""
    recap = _recap(
        "Please migrate the billing service to the new queue:\n  - move invoice events to the "
        "billing.v2 topic\n  - keep the REST API unchanged\n  - never drop messages during the "
        "cutover",
        "A few more rules for this:\n    1. Don't touch deploy/helm/.\n    2. Use the staging "
        "cluster only.\n\nThanks!",
        "Config to use:\nbroker: kafka-2.internal:9092\ntopic: billing.v2\n\nUse exactly this broker.",
    )
    assert recap.splitlines()[0].startswith("Goal: Please migrate the billing service")
    constraints = recap.split("Constraints and corrections", 1)[1].split("\n\n", 1)[0]
    for rule in (
        "keep the REST API unchanged",
        "never drop messages during the cutover",
        "Don't touch deploy/helm/",
        "Use the staging cluster only",
        "kafka-2.internal:9092",
    ):
        assert rule in constraints, rule
