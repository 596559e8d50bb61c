"""The offline recap's "Constraints and corrections" (issue #14), read by the shape of the
user's words, in any language, whatever the assistant answered:

- a correction whose old and new values the record names there first ("not Debian 11, use
  Ubuntu 24.04", "not gzip, use zstd level 12", "not port 8088, use port 8090") is a
  constraint, not a number that matters nor something the user also said; a status of two
  things ("Redis is down, Memcached is fine.") or two counts stay out;
- an owner whose area is a label before their clause ("Deploy: <person> is responsible;
  nothing goes to production without their approval") or a system named after them
  ("<person> is the one answering for DNS; ask them first") is a standing rule, in one
  section only: not "User also said", not an open request."""

from __future__ import annotations

import pytest

from builders import (
    ANSWERED_THREE_WAYS,
    a_rule_in_one_section,
    export_recap_of,
    filed_as_a_rule,
    recap_section,
)
from contextledger.compaction.rules import owner_area, sets_a_value_said_first
from contextledger.model import Message

ALSO = "User also said"


@ANSWERED_THREE_WAYS
@pytest.mark.parametrize(
    "said",
    [
        "Not Debian 11, use Ubuntu 24.04.",
        "Si Debian 11, tumia Ubuntu 24.04 kwa picha ya kujenga.",  # Swahili: … for the build image
        "Debian 11 emas, Ubuntu 24.04 ishlating.",  # Uzbek: the old value opens, "not" after it
        "Si gzip, tumia zstd kiwango 12.",  # Swahili: not gzip, use zstd level 12
        "Mitte port 8088, kasuta port 8090.",  # Estonian: not port 8088, use port 8090
        "Ekki Memcached, notaðu Redis fyrir lotur.",  # Icelandic: not M., use Redis for sessions
    ],
)
def test_a_correction_of_values_said_there_first_is_a_rule(
    said: str, answer: list[Message]
) -> None:
    recap = export_recap_of(said, answer)
    assert filed_as_a_rule(recap, said)
    assert said not in recap_section(recap, ALSO)


@pytest.mark.parametrize(
    "said",
    [
        "Redis is down, Memcached is fine.",  # a state of two things, named here first
        "3 failed, 5 passed.",  # two counts
        "gzip took 3 s, zstd 2 s.",  # two timings after different names
        "Is it Debian 11, or Ubuntu 24.04?",  # asked
    ],
)
def test_two_things_said_together_are_no_correction(said: str) -> None:
    assert not sets_a_value_said_first(said, "")


def test_a_correction_of_a_value_the_record_named_before_is_left_to_that_reading() -> None:
    # ("Sio 8080, tumia 9090." said after "the port is 9090": nothing old set aside here)
    assert not sets_a_value_said_first("Si port 8088, tumia port 8090.", "port: 8090")
    assert sets_a_value_said_first("Si port 8088, tumia port 8090.", "workers: 4")


@ANSWERED_THREE_WAYS
@pytest.mark.parametrize(
    "said",
    [
        "Deploy: Amina Bello is responsible; nothing goes to production without her approval.",
        # Swahili: Deploy: Amina Juma is responsible; nothing goes to production without …
        "Deploy: Amina Juma anahusika; hakuna kinachoenda production bila idhini yake.",
        # Zulu, a class prefix on the name: Billing: Sipho Dlamini is responsible; …
        "Billing: uSipho Dlamini nguye obhekele; ungashintshi lutho ngaphandle kwemvume yakhe.",
        "Musa Danjuma is the one answering for DNS; ask him before changing the zone.",
        # Swahili: Baraka Mwita is the one who answers for DNS; ask him before changing the zone
        "Baraka Mwita ndiye anayejibu kuhusu DNS; muulize kabla ya kubadilisha zone.",
        # Icelandic: Jón Jónsson answers for the CDN; ask him before you change it
        "Jón Jónsson ber ábyrgð á CDN; spurðu hann áður en þú breytir því.",
    ],
)
def test_an_owner_named_by_a_label_or_before_their_system_is_a_rule_in_one_section(
    said: str, answer: list[Message]
) -> None:
    assert a_rule_in_one_section(export_recap_of(said, answer), said)


def test_the_area_of_an_owner_is_the_label_or_the_system_named_after_them() -> None:
    assert owner_area("Deploy: Amina Juma anahusika; hakuna kinachoenda production.") == "Deploy"
    assert owner_area("Baraka Mwita ndiye anayejibu kuhusu DNS; muulize kwanza.") == "DNS"
    # (a story opens with its teller and names no system: no owner)
    assert owner_area("Maria Rossi wrote this morning: the printer works again.") == ""
    # (a label with no one named after it: no owner)
    assert owner_area("Deploy: the pipeline is slow; nothing to do about it now.") == ""
