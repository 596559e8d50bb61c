"""Honest English paraphrases of a user's sentence in words no reader here holds, held
to what the sentence names and what the record shows (issue #14 item 4: honest lines
stripped in review52):

- a restriction told in its own clause ("Mele owns the deploy; nothing goes to
  production without their approval.") stands on the clause of the same sentence that
  names what it is about; a leave ("anything may go …") or another person does not;
- a goal's manner ("… without downtime") the user named in unread words adds no denial,
  and a move told from the target to the source ("from Redpanda to Kafka" for "… Kafka
  … Redpanda …") is turned around;
- two commands the user listed ("`B`, <words> `A`") are in the order the assistant ran
  them after the sentence: "`B`, but only after `A`" is A first; with no such runs a
  list still names the first first."""

from __future__ import annotations

import pytest
from tests.builders import chat_exchange, item_stands, said_record

from contextledger import read_messages

# the owner's sentence, in Fijian, Tongan and Kikuyu
OWNER = [
    "Mele e taukena na deploy; sega ni dua na ka me lako ki production ke sega ni vakadonuya o koya.",
    "Ko Mele ʻoku ʻana ʻa e deploy; ʻoua ʻe ʻalu ha meʻa ki production taʻe ʻi heʻene fakangofua.",
    "Mele nĩwe mwene deploy; gũtirĩ kĩndũ gĩgũthiĩ production atarĩ na rũtha rwake.",
]
OWNER_LINE = "Mele owns the deploy; nothing goes to production without their approval."
OWNER_LIES = [
    "Mele owns the deploy; everything goes to production without their approval.",
    "Bilal owns the deploy; nothing goes to production without their approval.",
]
GOAL = [
    "Toso na ferry service mai Kafka ki Redpanda ka kakua ni dua na downtime.",
    "Hiki ʻa e ferry service mei Kafka ki Redpanda ʻo ʻikai ha downtime.",
    "Thamia ferry service kuuma Kafka nginya Redpanda hatarĩ downtime.",
]
GOAL_LINE = "The goal is to move the ferry service from Kafka to Redpanda without downtime."
TASK = "Move the ferry service from Kafka to Redpanda."


@pytest.mark.parametrize("said", OWNER)
def test_the_owner_line_stands_on_the_users_sentence(said: str) -> None:
    assert item_stands(OWNER_LINE, said_record(TASK, said), None)


# (Fijian's "sega" is a denial read there, and the clause is read as it is on its own)
@pytest.mark.parametrize("said", OWNER[1:])
@pytest.mark.parametrize("lie", OWNER_LIES)
def test_a_leave_or_another_owner_does_not_stand_on_it(said: str, lie: str) -> None:
    assert not item_stands(lie, said_record(TASK, said), None)


def test_an_english_owner_sentence_that_gives_leave_strips_the_restriction() -> None:
    record = said_record(TASK, "Mele owns the deploy; ship to production whenever you like.")
    assert not item_stands(OWNER_LINE, record, None)


@pytest.mark.parametrize("said", GOAL)
@pytest.mark.parametrize("heading", [None, "Goal"])
def test_a_goal_with_the_manner_the_user_named_stands(said: str, heading: str | None) -> None:
    record = said_record(said, "Noted the plan.")
    assert item_stands(GOAL_LINE, record, heading)


@pytest.mark.parametrize("heading", [None, "Goal"])
def test_an_english_goal_that_allows_the_downtime_strips_without_downtime(
    heading: str | None,
) -> None:
    record = said_record("Move the ferry service from Kafka to Redpanda; some downtime is fine.")
    assert not item_stands(GOAL_LINE, record, heading)


# "`make docs`, but only after `make build`" and "first `make build`, then `make docs`"
# in Fijian, Tongan and Kikuyu: listed either way round
LISTED = [
    ("`make docs`, ia ni oti ga `make build`.", "Taumada `make build`, oti `make docs`."),
    ("`make docs`, hili pe ʻa e `make build`.", "ʻUluaki `make build`, pea `make docs`."),
    ("`make docs`, thutha wa `make build` tu.", "Mbere `make build`, thutha `make docs`."),
]
IN_ORDER = "Run `make build` first, then `make docs`."
REVERSED = "Run `make docs` first, then `make build`."


def _listed(said: str, *ran: str) -> list[dict[str, object]]:
    out: list[dict[str, object]] = [
        {"role": "user", "content": TASK},
        {"role": "assistant", "content": "Looking at it."},
        {"role": "user", "content": said},
        {"role": "assistant", "content": "Noted."},
    ]
    for i, cmd in enumerate(ran):
        out += chat_exchange(f"c{i}", "shell", {"cmd": cmd}, "ok")
    out.append({"role": "assistant", "content": "Done."})
    return out


@pytest.mark.parametrize(("docs_after_build", "build_then_docs"), LISTED)
@pytest.mark.parametrize("heading", [None, "Constraints and corrections"])
def test_listed_commands_are_in_the_order_they_ran(
    docs_after_build: str, build_then_docs: str, heading: str | None
) -> None:
    for said in (docs_after_build, build_then_docs):
        record = list(read_messages(_listed(said, "make build", "make docs")))
        assert item_stands(IN_ORDER, record, heading), said
        assert not item_stands(REVERSED, record, heading), said


@pytest.mark.parametrize(("docs_after_build", "build_then_docs"), LISTED)
def test_with_no_runs_a_list_names_the_first_first(
    docs_after_build: str, build_then_docs: str
) -> None:
    record = list(read_messages(_listed(build_then_docs)))
    assert not item_stands(REVERSED, record, "Constraints and corrections")


@pytest.mark.parametrize("said", GOAL)
@pytest.mark.parametrize("heading", [None, "Goal"])
def test_a_move_told_the_other_way_round_is_stripped(said: str, heading: str | None) -> None:
    record = said_record(said, "Noted the plan.")
    lie = "The goal is to move the ferry service from Redpanda to Kafka."
    assert not item_stands(lie, record, heading)


def test_an_english_move_keeps_its_way() -> None:
    record = said_record("Move the ferry service from Kafka to Redpanda this week.")
    assert item_stands(
        "The goal is to move the ferry service from Kafka to Redpanda.", record, None
    )
