"""The offline recap files the user's words by their shape where no word list reads the
language (issue #14): a denial said of a path is a rule; a person named, then named again
in a later clause of a sentence that names a path, is who owns it, a rule; a value said
before set against a new one ("not 8080, 9090") corrects it, no number; a request on a
condition that sends its result somewhere (#channel, @handle, a link), in its own turn, is
open; a timeout the user sets is a number, never a failure; a question of where things
stand asks for no work."""

from __future__ import annotations

import pytest

from builders import offline_recap, recap_section
from contextledger.compaction.digest import posted_failures
from contextledger.compaction.facts import waits_for
from contextledger.compaction.rules import hands_over, replaces_said_value

RULES = "Constraints and corrections"
OPEN = "Open requests"
NUMBERS = "Numbers that matter"
FAILURES = "Failures"
ALSO = "User also said"

TASK = ("user", "Fix the CSV export in src/export/csv_writer.py so that it writes ISO dates.")
STARTED = ("assistant", "Starting the local server on port 8080, with Memcached as the cache.")
OK = ("assistant", "Noted, continuing.")


def _recap_of(said: str) -> str:
    return offline_recap(TASK, STARTED, ("user", said), OK, ("user", "ok, go on"), OK)


@pytest.mark.parametrize(
    "rule",
    [
        "Usiguse kamwe infra/prod/.",  # Swahili: never touch infra/prod/
        "Ärge kunagi puutu kausta infra/prod/.",  # Estonian
        "Ekki snerta infra/prod/ aldrei.",  # Icelandic
    ],
)
def test_a_denial_said_of_a_path_is_a_rule(rule: str) -> None:
    recap = _recap_of(rule)
    assert rule in recap_section(recap, RULES)
    assert rule not in recap_section(recap, ALSO)


@pytest.mark.parametrize(
    "owner",
    [
        # Swahili, Estonian (the second name with its case ending), Somali: X is in charge
        # of the deploy; ask X before changing deploy/
        "Juma anasimamia deploy; muulize Juma kabla ya kubadilisha deploy/.",
        "Jaan vastutab deploy eest; küsi Jaanilt enne kui muudad deploy/.",
        "Cali ayaa mas'uul ka ah deploy; weydii Cali ka hor intaadan beddelin deploy/.",
    ],
)
def test_a_person_named_twice_beside_a_path_is_who_to_ask(owner: str) -> None:
    recap = _recap_of(owner)
    assert owner in recap_section(recap, RULES)
    assert owner not in recap_section(recap, ALSO)


def test_a_noun_said_twice_without_a_path_names_no_owner() -> None:
    # (German capitalises its nouns: the server hangs; restart the server)
    assert not hands_over("Der Server hängt; starte den Server neu.")
    assert not hands_over("Juma alirudi jana, Juma alisema ni sawa.")  # no path: a story


@pytest.mark.parametrize(
    "correction",
    [
        "Sio 8080, tumia 9090.",  # Swahili: not 8080, use 9090
        "Ei 8080, kasuta 9090.",  # Estonian
        "Memcached emas, Redis ishlating.",  # Uzbek: not Memcached, use Redis
    ],
)
def test_a_value_said_before_set_against_a_new_one_is_a_correction(correction: str) -> None:
    recap = _recap_of(correction)
    assert correction in recap_section(recap, RULES)
    assert correction not in recap_section(recap, NUMBERS)
    assert correction not in recap_section(recap, ALSO)


def test_two_things_named_before_told_apart_correct_nothing() -> None:
    before = "We run Redis for sessions and Memcached for pages."
    assert not replaces_said_value("Redis is down, Memcached is fine.", before)
    assert not replaces_said_value("Sio 8080, tumia 9090.", "the port is 9090")  # nothing old
    assert replaces_said_value("Sio 8080, tumia 9090.", "the port is 8080")


@pytest.mark.parametrize(
    "request_",
    [
        "Ukimaliza, tuma muhtasari kwenye #releases.",  # Swahili: when done, post … to #releases
        "Pan fyddi di wedi gorffen, postia'r crynodeb yn #releases.",  # Welsh
        "Marka aad dhamayso, u dir warbixinta @amina.",  # Somali: … send the report to @amina
    ],
)
def test_an_after_that_request_sending_somewhere_is_open(request_: str) -> None:
    recap = _recap_of(request_)
    assert request_ in recap_section(recap, OPEN)
    assert request_ not in recap_section(recap, ALSO)


def test_a_status_opening_with_a_clause_sends_nothing() -> None:
    assert not waits_for("Tangu asubuhi, seva inarudisha makosa.")  # since this morning, …
    recap = _recap_of("Nimerudi kutoka mkutanoni, tulikuwa wapi?")  # back from the meeting, …
    assert "mkutanoni" not in recap_section(recap, OPEN)


@pytest.mark.parametrize(
    "timeout",
    ["Timeout ni sekunde 45.", "Timeout 45 секунд болуы керек.", "Timeout on 45 sekundit."],
)
def test_a_timeout_the_user_sets_is_a_number_not_a_failure(timeout: str) -> None:
    recap = _recap_of(timeout)
    assert timeout not in recap_section(recap, FAILURES)
    assert timeout in recap_section(recap, NUMBERS) + recap_section(recap, RULES)


def test_a_timeout_a_run_hit_is_still_a_failure() -> None:
    assert posted_failures("Timeout waiting for db after 45 seconds")
    assert posted_failures("Timeout after 30s on job build")
