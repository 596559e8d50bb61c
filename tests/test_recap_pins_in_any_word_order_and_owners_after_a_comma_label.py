"""The offline recap's "Constraints and corrections" (issue #14) holds, read by the record
in any language:

- a package and its version named in one clause with words of the user's language between
  them ("Acha httpx kwenye toleo la 0.27.2 tu."), when the next call writing that package
  writes that version (``pip install httpx==0.27.2``): a pin, not a number;
- an owner said after their area as a one-word label and a comma ("Deploy, Juma Mwangi
  ndiye msimamizi."), when the record's calls name the area.

Not rules: a version a later call replaced by another (what the user told had run), a
version no call wrote, a story opening on a time before a comma ("Jana, …"), an owner's
shape the assistant took as news."""

from __future__ import annotations

import pytest

from builders import a_rule_in_one_section, call_and_result, export_recap_of, recap_section
from contextledger.compaction.rules import owner_after_comma_label, versions_named
from contextledger.model import Message

RULES = "Constraints and corrections"


def _installed(version: str) -> list[Message]:
    return [
        Message.assistant("Got it."),
        *call_and_result(
            "c31", "shell", {"command": f"pip install httpx=={version}"}, "Successfully", 31
        ),
    ]


def _deployed(reply: str = "Noted.") -> list[Message]:
    return [
        Message.assistant(reply),
        *call_and_result("c32", "shell", {"command": "./deploy/run.sh --dry-run"}, "ok", 32),
    ]


@pytest.mark.parametrize(
    "said",
    [
        "Acha httpx kwenye toleo la 0.27.2 tu.",  # Swahili: leave httpx at release 0.27.2 only
        "Pidä httpx meillä aina versiossa 0.27.2.",  # Finnish: keep httpx at version 0.27.2
        "Please leave httpx on the release numbered 0.27.2 for now.",
    ],
)
def test_a_version_the_next_install_writes_is_a_pin_not_a_number(said: str) -> None:
    recap = export_recap_of(said, _installed("0.27.2"))
    assert a_rule_in_one_section(recap, said), recap
    assert said not in recap_section(recap, "Numbers that matter"), recap


@pytest.mark.parametrize(
    "said",
    [
        "Acha httpx kwenye toleo la 0.27.2 tu.",
        "Please leave httpx on the release numbered 0.27.2 for now.",
    ],
)
def test_a_version_the_next_install_replaced_is_no_pin(said: str) -> None:
    assert said not in recap_section(export_recap_of(said, _installed("0.28.1")), RULES)


def test_a_version_no_call_wrote_is_no_pin_by_this_reading() -> None:
    said = "Kwenye mashine yangu httpx iko na toleo la 0.27.2 sasa."  # Swahili: on my machine …
    recap = export_recap_of(said, [Message.assistant("Noted.")])
    assert said not in recap_section(recap, RULES), recap


def test_versions_are_read_from_one_clause_only_with_one_number() -> None:
    assert ("httpx", "0.27.2") in versions_named("Acha httpx kwenye toleo la 0.27.2 tu.")
    assert versions_named("httpx 0.27.2 na 0.28.1 ni tofauti.") == []
    assert versions_named("Is httpx 0.27.2 the one we use?") == []


@pytest.mark.parametrize(
    "said",
    [
        "Deploy, Juma Mwangi ndiye msimamizi.",  # Swahili: Deploy, J. M. is the one in charge
        "Deploy, Gareth Huws sy'n gyfrifol.",  # Welsh: Deploy, G. H. is responsible
        "Deploy, Mark Hale is responsible.",
    ],
)
def test_an_owner_after_a_comma_label_the_calls_name_is_a_rule(said: str) -> None:
    recap = export_recap_of(said, _deployed())
    assert a_rule_in_one_section(recap, said), recap


@pytest.mark.parametrize(
    "said",
    [
        "Jana, Juma Mwangi alirekebisha billing.",  # Swahili: yesterday, J. M. fixed billing
        "Yesterday, Mark Hale deployed it.",
        "Deploy, Juma Mwangi alisema ni sawa, 3 zimepita.",  # a number: a report
    ],
)
def test_a_story_opening_on_a_comma_is_no_owner(said: str) -> None:
    assert said not in recap_section(export_recap_of(said, _deployed()), RULES)


def test_an_owner_after_a_comma_label_taken_as_news_is_no_rule() -> None:
    said = "Deploy, Juma Mwangi ndiye msimamizi."
    recap = export_recap_of(said, _deployed("Good to know."))
    assert said not in recap_section(recap, RULES), recap


def test_the_comma_label_is_the_area_and_a_clause_after_the_name_is_no_owner() -> None:
    assert owner_after_comma_label("Deploy, Juma Mwangi ndiye msimamizi.") == "Deploy"
    assert owner_after_comma_label("Deploy, Juma Mwangi ndiye; uliza kwanza.") == ""
    assert owner_after_comma_label("Deploy, Juma na Amina Ali ni wasimamizi.") == ""
