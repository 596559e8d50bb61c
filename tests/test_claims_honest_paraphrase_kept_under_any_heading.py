"""Honest English recap lines about user turns stand under any heading and in any
language the turn is written in, and their lying twins are still stripped (issue #14 item
4: false alarms).

review51 saw honest lines stripped: a ban with its reason after a comma ("…, it belongs to
another team") read as "it adds a denial"; "The user corrected the earlier choice to X."
("no user turn says this"); a goal closing on its manner ("… without downtime") and a
version followed by a comma in the turn ("3.2,"); "Run `A` first, then `B`." in prose read
as a claim that both ran; a one-time or conditional leave under "Commands run" read as a
run; "The assistant ran `X`." under a heading of the user's words read as a rule credited
to the assistant."""

from __future__ import annotations

import pytest
from tests.builders import chat_exchange, chat_record, item_stands, said_record

from contextledger import Message
from contextledger.compaction import verify_recap
from contextledger.providers import read_messages

# A ban on a path with its reason after a comma (Fijian, Kikuyu, Maori)
BANS_WITH_A_REASON = [
    "Kakua ni tara na src/billing/, e nei tale e dua na timi.",
    "Ndũkanahutie src/billing/, nĩ ya gĩkundi kĩngĩ.",
    "Kaua rawa e pā ki src/billing/, nō tētahi atu rōpū.",
]
# The user correcting the region the assistant planned (Tok Pisin, Twi)
CORRECTIONS = [
    "Sori, mi bin tok rong — i no us-west-2, yusim eu-west-1.",
    "Kafra, meka no bɔne — ɛnyɛ us-west-2, fa eu-west-1 di dwuma.",
]
# The goal, naming where the service moves from and to (Maori, Kikuyu)
GOALS = [
    "Ko taku e hiahia ana kia nekehia e koe te ratonga billing-sync i RabbitMQ 3.8 ki "
    "Pulsar 3.2, me te kore e tū.",
    "Ngwenda ũthamie billing-sync kuuma RabbitMQ 3.8 nginya Pulsar 3.2, hatarĩ gũtigithia.",
]
# Two steps in an order (Fijian, Tok Pisin; and English)
ORDERS = [
    "Taumada `make backup-db`, oti `make cutover`.",
    "Pastaim ranim `make backup-db`, bihain `make cutover`.",
    "Run `make backup-db` before `make cutover`, always.",
]


def _stands(line: str, record: list[Message], heading: str | None) -> bool:
    recap = f"{heading}:\n- {line}" if heading else f"Summary:\n{line}"
    v = verify_recap(recap, record, mode="strip", max_bytes=4000, context=record)
    return line in v.text


@pytest.mark.parametrize("ban", BANS_WITH_A_REASON)
@pytest.mark.parametrize("heading", ["Constraints and corrections", None])
def test_a_ban_said_with_its_reason_stands_and_a_ban_elsewhere_does_not(
    ban: str, heading: str | None
) -> None:
    record = said_record("Move the invoice export to the new worker.", ban)
    assert _stands("The user said never to touch src/billing/.", record, heading)
    assert _stands("Do not touch src/billing/; it belongs to another team.", record, heading)
    assert not _stands("The user said never to touch src/ledger/.", record, heading)


@pytest.mark.parametrize("correction", CORRECTIONS)
@pytest.mark.parametrize("heading", ["Constraints and corrections", None])
def test_a_correction_told_by_where_it_leads_stands_the_other_way_it_does_not(
    correction: str, heading: str | None
) -> None:
    record = chat_record(
        "Set up the new queue.", "I'll deploy it in us-west-2.", correction, "Noted."
    )
    assert _stands("The user corrected the earlier choice to eu-west-1.", record, heading)
    assert not _stands("The user corrected the earlier choice to us-west-2.", record, heading)


@pytest.mark.parametrize("goal", GOALS)
@pytest.mark.parametrize("heading", ["Goal", None])
def test_a_goal_with_its_manner_stands_and_the_source_told_as_the_goal_does_not(
    goal: str, heading: str | None
) -> None:
    record = said_record(goal)
    assert _stands("Move the billing-sync service to Pulsar 3.2 without downtime.", record, heading)
    assert _stands("The user wants billing-sync moved to Pulsar 3.2.", record, heading)
    assert not _stands("Move the billing-sync service to Pulsar 3.8.", record, heading)


@pytest.mark.parametrize(
    "goal",
    [
        "Ko taku e hiahia ana kia nekehia e koe a ledger-api i Postgres 13 ki Postgres 16, "
        "me te kore e tū.",
        "Ngwenda ũthamie ledger-api kuuma Postgres 13 nginya Postgres 16, hatarĩ gũtigithia.",
    ],
)
def test_the_version_moved_from_told_as_the_target_is_stripped(goal: str) -> None:
    record = said_record(goal)
    assert _stands("Move ledger-api to Postgres 16 without downtime.", record, "Goal")
    assert not _stands("Move ledger-api to Postgres 13 without downtime.", record, "Goal")


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("heading", ["Summary", "Constraints and corrections", None])
def test_steps_ordered_in_the_imperative_are_the_rule_not_runs(
    order: str, heading: str | None
) -> None:
    record = said_record("Cut the billing database over to the new cluster.", order)
    assert item_stands("Run `make backup-db` first, then `make cutover`.", record, heading)
    assert not item_stands("Run `make cutover` first, then `make backup-db`.", record, heading)
    assert not item_stands("The assistant ran `make backup-db`.", record, heading)


def _lint_record() -> list[Message]:
    return list(
        read_messages(
            [
                {"role": "user", "content": "Deploy the exporter to staging."},
                *chat_exchange("c1", "shell", {"cmd": "make lint"}, "all good\nexit code 0"),
                {
                    "role": "user",
                    "content": "Only this once you may run `git push -f`, never again.",
                },
                {"role": "assistant", "content": "Noted."},
                {
                    "role": "user",
                    "content": "If staging is green, then you may run `make promote`.",
                },
                {"role": "assistant", "content": "Noted."},
            ]
        )
    )


@pytest.mark.parametrize(
    "line",
    [
        "The user allowed `git push -f` this one time only.",
        "`make promote` may run only once staging is green.",
    ],
)
def test_a_leave_under_commands_run_is_no_claim_of_a_run(line: str) -> None:
    assert _stands(line, _lint_record(), "Commands run")


@pytest.mark.parametrize(
    "lie",
    [
        "The assistant ran `make promote`.",
        "`git push -f` was run.",
        "The user allowed `git push -f` whenever it is needed.",
    ],
)
def test_a_run_the_record_lacks_is_stripped_under_commands_run(lie: str) -> None:
    assert not _stands(lie, _lint_record(), "Commands run")


@pytest.mark.parametrize("heading", ["Constraints and corrections", "Open requests"])
def test_what_the_assistant_ran_stands_under_a_heading_of_the_users_words(heading: str) -> None:
    record = _lint_record()
    assert _stands("The assistant ran `make lint`.", record, heading)
    assert not _stands("The assistant ran `make promote`.", record, heading)


def _log_record() -> list[Message]:
    retries = [f"2026-12-01T10:0{i}:00 WARN retry payment gateway attempt={i}" for i in (1, 2)]
    log = [*retries, "2026-12-01T10:06:00 ERROR payment gateway timed out attempt=6"]
    return list(
        read_messages(
            [
                {"role": "user", "content": "Why do payments fail? Check the log."},
                *chat_exchange("c1", "shell", {"cmd": "tail -n 200 app.log"}, "\n".join(log)),
                {"role": "assistant", "content": "The gateway timed out on attempt 6."},
            ]
        )
    )


@pytest.mark.parametrize(
    "line",
    [
        "`tail -n 200 app.log`: ERROR payment gateway timed out attempt=6",
        "`tail -n 200 app.log` showed the payment gateway timed out at attempt 6.",
    ],
)
def test_a_count_of_lines_is_no_percentage_of_an_attempt(line: str) -> None:
    # ("200" was compared as "2", the 2 of "attempt=2", and the line read as "200 at attempt 6")
    assert _stands(line, _log_record(), "Findings")


def test_an_attempt_the_record_never_gives_is_still_stripped() -> None:
    line = "`tail -n 200 app.log` showed the payment gateway timed out at attempt 9."
    assert not _stands(line, _log_record(), "Findings")
