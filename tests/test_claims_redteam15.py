"""Red team 15's lies and honest lines (a contract review, a mobile build, a bakery's books):
a command the user forbade claimed as run in plain prose, a person's role flipped (ours
for theirs, one role for another, owner for reviewer) are caught; a role restated in
other words, a command that ran said in prose, and a recap's own "nothing failed" line
stand."""

from __future__ import annotations

import json

import pytest

from contextledger.compaction.claims.check import Evidence, check_sentence
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall, with_ids


def _run(cid: str, tool: str, args: dict[str, object], output: str) -> list[Message]:
    return [
        Message("assistant", (ToolCall(cid, tool, json.dumps(args)),)),
        Message.tool(cid, output),
    ]


FORBIDDEN = [
    "./gradlew clean",
    "./mvnw clean install",
    "flutter clean",
    "dbt run --full-refresh",
    "bin/rails db:drop",
]

BUILD = list(
    with_ids(
        [
            Message.user("Fix the crash when tapping Pay on the checkout screen."),
            Message.user("Never run any of these: " + "; ".join(FORBIDDEN) + "."),
            *_run(
                "c1",
                "shell",
                {"cmd": "./gradlew :checkout:testDebugUnitTest --console=plain"},
                "CheckoutViewModelTest > totalIncludesTax FAILED\n42 tests completed, 1 failed",
            ),
            *_run("c2", "shell", {"cmd": "flutter build apk --release"}, "Built app.apk (31.2MB)."),
            # a `dbt` tool ran, but not `dbt run --full-refresh`
            *_run("c3", "dbt", {"select": "orders"}, "Done. PASS=17 WARN=0 ERROR=0"),
        ]
    )
)


def _claims(sentence: str, messages: list[Message]) -> list[str]:
    return [str(c) for c in check_sentence(sentence, Evidence.of(messages))[1]]


@pytest.mark.parametrize("command", FORBIDDEN)
@pytest.mark.parametrize("tail", [" to reset the cache.", " before the build.", "."])
def test_a_forbidden_command_claimed_run_in_prose_is_caught(command: str, tail: str) -> None:
    sentence = f"The assistant ran {command}{tail}"
    found = _claims(sentence, BUILD)
    assert found, sentence
    assert any("no tool call ran it" in c for c in found)


@pytest.mark.parametrize(
    "sentence",
    [
        "The assistant ran ./gradlew :checkout:testDebugUnitTest to reproduce the crash.",
        "The assistant ran flutter build apk to check the size.",
        "The assistant ran the unit tests again.",
        "The job ran out of memory once.",
    ],
)
def test_a_command_that_ran_said_in_prose_stands(sentence: str) -> None:
    assert not [c for c in _claims(sentence, BUILD) if c.startswith("ran ")]


PEOPLE = list(
    with_ids(
        [
            Message.user("Review the Northwind MSA v3 against our playbook."),
            Message.user("Dana Whitcombe is their general counsel, not the deal lead."),
            Message.user("Ngozi Eze is the release manager; she decides hotfix vs 4.12.0."),
            Message.user("Ingrid Solberg, the PI, approves the final text."),
            Message.user("Marta owns the billing service; Joel only reviews it."),
            Message.user("Use Redis not Memcached for the session cache."),
        ]
    )
)


@pytest.mark.parametrize(
    "lie",
    [
        "Dana Whitcombe is our general counsel.",
        "Dana Whitcombe is the deal lead.",
        "Ngozi Eze is the QA lead.",
        "Dr. Ingrid Solberg is a co-author.",
        "Joel owns the billing service; Marta only reviews.",
        "Joel owns the billing service.",
    ],
)
def test_a_person_bound_to_the_wrong_role_is_caught(lie: str) -> None:
    found = _claims(lie, PEOPLE)
    assert any("the record says otherwise about" in c for c in found), found


@pytest.mark.parametrize(
    "honest",
    [
        "Dana Whitcombe is their general counsel.",
        "Dana Whitcombe is the counterparty's general counsel.",
        "Ngozi Eze is the release manager.",
        "Ngozi Eze decides between a hotfix and 4.12.0.",
        "Dr. Ingrid Solberg is the PI.",
        "Marta owns the billing service; Joel only reviews it.",
        "Joel reviews the billing service.",
        "Redis is the session store.",  # a thing, not a person
        "Priya Raman is our data platform lead.",  # a person the record never names
    ],
)
def test_a_role_restated_stands(honest: str) -> None:
    assert _claims(honest, PEOPLE) == []


def test_the_offline_recap_line_for_an_empty_record_is_not_a_failure_claim() -> None:
    said = list(with_ids([Message.user("hello there")]))
    line = "Earlier turns stated no goal, constraint, command, file or failure."
    v = verify_recap(line, said, ledger=False)
    assert v.text == line and v.accepted


def test_nothing_failed_is_caught_when_something_did() -> None:
    assert _claims("Nothing failed.", BUILD)
    assert _claims("There were no failures.", BUILD)
    assert _claims("Nothing failed.", PEOPLE) == []  # no tool ran: nothing to contradict it


RULES = list(
    with_ids(
        [
            Message.user(
                "Never restart Home Assistant between 22:00 and 07:00, the baby monitor "
                "runs through it."
            ),
            Message.user("Never bump minSdk without asking me."),
            Message.user("Don't run ./gradlew clean."),
        ]
    )
)


@pytest.mark.parametrize(
    ("rule", "kept"),
    [
        ("Never restart Home Assistant.", False),
        ("Never bump minSdk.", False),
        ("No Home Assistant restarts between 22:00 and 07:00.", True),
        ("Never bump minSdk without asking the user.", True),
        ("Don't run ./gradlew clean.", True),  # a rule with no condition
    ],
)
def test_a_rule_restated_without_its_condition_is_caught(rule: str, kept: bool) -> None:
    v = verify_recap(f"Constraints and corrections:\n- {rule}", RULES, ledger=False)
    assert (rule in v.text) == kept, v.summary()


LINT = list(
    with_ids(
        [
            Message.user("Fix the refund rounding."),
            *_run("c1", "shell", {"cmd": "pytest -q"}, "FAILED test_refund_rounding\n1 failed"),
            *_run("c2", "write_file", {"path": "refunds.py", "text": "x"}, "written"),
            *_run("c3", "shell", {"cmd": "pytest -q"}, "6 passed in 0.2s"),
            *_run("c4", "shell", {"cmd": "ruff check ."}, "All checks passed!"),
        ]
    )
)


@pytest.mark.parametrize(
    "honest",
    [
        "ruff reported no errors.",
        "Nothing else failed.",
        "Without the fix, test_refund_rounding fails.",
    ],
)
def test_a_failure_denied_for_one_subject_or_the_rest_stands(honest: str) -> None:
    assert _claims(honest, LINT) == []
