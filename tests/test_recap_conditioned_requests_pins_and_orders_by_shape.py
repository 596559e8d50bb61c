"""The offline recap files what the user says by its shape where no word list reads the
language (issue #14): a request on a condition said after the task in the goal's turn
("When you are done, post the PR link in #releases.") is an open request, not part of the
Goal; a tool held at its version ("Keep Node at 18.19, don't upgrade.") is a constraint,
not a number; an order of steps with "first" inside its first step is a constraint; a
person named as the owner of a part of the code is who to ask, a constraint."""

from __future__ import annotations

import pytest

from builders import offline_recap, recap_section, said_after_a_task
from contextledger.compaction.facts import waits_by_shape
from contextledger.compaction.rules import hands_over, is_rule, orders_steps, pins_by_shape

GOAL = "Goal"
OPEN = "Open requests"
RULES = "Constraints and corrections"
NUMBERS = "Numbers that matter"
OK = ("assistant", "Noted.")

TASK = "Migrate the invoice export to the new queue without losing rows."

# "when you are done, post the PR link in #releases" in languages whose "when" no list
# reads: Croatian, Slovenian, Latvian, Lithuanian, Albanian
AFTER_THE_TASK = (
    "Kad završiš, objavi poveznicu na PR u #releases.",
    "Ko končaš, objavi povezavo do PR v #releases.",
    "Kad pabeigsi, ievieto PR saiti #releases kanālā.",
    "Kai baigsi, paskelbk PR nuorodą #releases kanale.",
    "Kur të mbarosh, posto lidhjen e PR në #releases.",
    "When you are done, please post the link to the PR in #releases.",
)


@pytest.mark.parametrize("after", AFTER_THE_TASK)
def test_a_request_for_once_the_task_is_done_is_open_not_the_goal(after: str) -> None:
    recap = offline_recap(("user", f"{TASK} {after}"), OK, ("user", "ok, go on"), OK)
    assert TASK in recap_section(recap, GOAL)
    assert after not in recap_section(recap, GOAL)
    assert after in recap_section(recap, OPEN)
    assert "Goal: Goal:" not in recap


def test_a_request_for_once_the_task_is_done_is_not_open_once_reported_done() -> None:
    after = "Kad završiš, dodaj kratku bilješku u docs/release.md."
    recap = offline_recap(
        ("user", f"{TASK} {after}"),
        OK,
        ("user", "ok"),
        ("assistant", "Done: added a short note to docs/release.md."),
    )
    assert after not in recap_section(recap, OPEN)


@pytest.mark.parametrize(
    "status",
    [
        "Od jutros, staging poslužitelj vraća samo greške.",  # hr: since this morning, …
        "Od danes zjutraj, strežnik staging vrača samo napake.",  # sl
        "Kopš šī rīta, staging serveris atgriež tikai kļūdas.",  # lv
    ],
)
def test_a_status_after_a_time_clause_is_no_open_request_nor_rule(status: str) -> None:
    assert status not in said_after_a_task(status, OPEN)
    assert status not in said_after_a_task(status, RULES)


@pytest.mark.parametrize(
    "asked",
    [
        "Kad testovi prođu, molim pošalji sažetak pokrivenosti Ravi.",  # hr, "molim"
        "Kad testi iziet, lūdzu nosūti pārklājuma kopsavilkumu Ravim.",  # lv, "lūdzu"
    ],
)
def test_a_request_on_a_condition_with_a_word_of_asking_stays_open(asked: str) -> None:
    assert waits_by_shape(asked)
    assert asked in said_after_a_task(asked, OPEN)


def test_a_condition_told_or_a_vocative_is_no_request_by_shape() -> None:
    assert not waits_by_shape("When I ran it, the build failed.")
    assert not waits_by_shape("Dana, why does it fail?")
    assert not waits_by_shape("Dana, post it.")


def test_a_detail_of_the_task_said_after_where_it_applies_stays_in_the_goal() -> None:
    task = "Refactor the parser for speed."
    detail = "In the tokenizer, replace the regex with a small state machine."
    recap = offline_recap(("user", f"{task} {detail}"), OK, ("user", "ok, go on"), OK)
    assert detail in recap_section(recap, GOAL)
    assert detail not in recap_section(recap, OPEN)


@pytest.mark.parametrize(
    "pin",
    [
        "Drži Node na 18.19, nemoj nadograđivati.",  # hr
        "Obdrži Node na 18.19, ne nadgrajuj.",  # sl
        "Jäta Node versioonile 18.19, ära uuenda.",  # et
        "Paturi Node 18.19 versijā, neatjaunini.",  # lv
        "Mbaje Node në 18.19, mos e përditëso.",  # sq
        "Keep Node at 18.19, don't upgrade it.",
    ],
)
def test_a_version_pin_is_a_constraint_not_a_number(pin: str) -> None:
    assert pins_by_shape(pin) and is_rule(pin)
    assert pin in said_after_a_task(pin, RULES)
    assert pin not in said_after_a_task(pin, NUMBERS)


@pytest.mark.parametrize(
    "said",
    [
        "Upgrade Node to 20.1.",  # asked, no clause after the version
        "Node 18.19 and Node 20.1 differ, sadly.",  # two versions: a comparison
        "Mình cần sửa lỗi đăng nhập bằng Google trên bản Android 3.2 của app đặt vé, "
        "trước thứ Sáu phải phát hành.",  # a task naming a version on its way
        "The p95 latency is 3.5 ms, fine for now.",  # a measure
        # the versioned tool opening the sentence as its subject: a status
        "Node 18.19 padł przy starcie, zobacz log.",
        "Node 18.19 crashed at startup, see the log.",
    ],
)
def test_a_version_named_in_passing_pins_nothing(said: str) -> None:
    assert not pins_by_shape(said)


@pytest.mark.parametrize(
    "order",
    [
        "Do the schema migration first, then the cache warmup.",
        "Fai prima il backup, poi la migrazione.",
        "Zrób najpierw kopię, potem migrację.",
        "Mach die Migration zuerst, danach den Cache.",
    ],
)
def test_an_order_with_first_inside_its_first_step_is_a_constraint(order: str) -> None:
    assert orders_steps(order)
    assert order in said_after_a_task(order, RULES)


def test_a_story_told_in_order_is_no_order() -> None:
    assert not orders_steps("I did the migration first, then the cache broke.")
    assert not orders_steps("The cache came first, then the DB.")


@pytest.mark.parametrize(
    "owner",
    [
        "Dana ist zuständig für das Billing-Modul; frag sie, bevor du es änderst.",
        "Dana jest właścicielką modułu billing; zapytaj ją, zanim go zmienisz.",
        "Dana è la proprietaria del modulo billing; chiedile prima di cambiarlo.",
        "Dana phụ trách module billing; hỏi cô ấy trước khi thay đổi.",
        "Dana owns the billing module; ask her before changing it.",
    ],
)
def test_a_named_owner_of_a_module_is_a_constraint(owner: str) -> None:
    assert hands_over(owner)
    assert owner in said_after_a_task(owner, RULES)


@pytest.mark.parametrize(
    "said",
    [
        "Dodaj kolumnę właściciel do tabeli Sales Report.",  # a request naming an owner
        "Add an owner column to the Sales Report table.",
        "Dana fixed the billing bug yesterday.",  # a name, no owner word
    ],
)
def test_a_request_for_an_owner_field_or_a_story_names_no_owner(said: str) -> None:
    assert not hands_over(said)
