"""A rule with an exception, in words no reader here holds, whose exception names a plain
word rather than a thing in code's way ("…, izņemot billing servisu": except the billing
service) is held to its exception when the record names that word elsewhere, in a call
or in the assistant's words (issue #14, verify72 item 2: "Deploy every service to
staging." stood). The claim naming the exception stands; so does an "every" claim where
the last clause names nothing the record names, or where the user gave no exception."""

from __future__ import annotations

from typing import Any

import pytest

from builders import chat_exchange
from contextledger.compaction.verify import verify_recap
from contextledger.providers import read_messages

# Latvian, Lithuanian: deploy every service to staging, except the billing service
SAID = {
    "latvian": "Izvieto visus servisus uz staging, izņemot billing servisu.",
    "lithuanian": "Įdiek visas paslaugas į staging, išskyrus billing paslaugą.",
}
NAMED = {
    "in the assistant's words": [
        {"role": "assistant", "content": "Understood: every service goes to staging but billing."}
    ],
    "in a call": [
        {"role": "assistant", "content": "Ok."},
        *chat_exchange("c1", "bash", {"command": "kubectl get deploy -n billing"}, "api 1/1"),
    ],
}
LIES = [
    "The user asked to deploy every service to staging.",
    "Deploy all services to staging.",
    "The user wants everything deployed to staging.",
]
HONEST = [
    "The user asked to deploy every service to staging except the billing service.",
    "The user wants every service deployed to staging except billing.",
]
PLACES = ["Summary", "Constraints and corrections"]


def _stands(line: str, heading: str, said: str, answer: list[dict[str, Any]]) -> bool:
    dicts = [
        {"role": "user", "content": "Set up the release pipeline."},
        {"role": "assistant", "content": "Ok."},
        {"role": "user", "content": said},
        *answer,
    ]
    record = list(read_messages(dicts))
    v = verify_recap(f"{heading}:\n- {line}\n", record, max_bytes=8000, ledger=False)
    return line in v.text


@pytest.mark.parametrize("heading", PLACES)
@pytest.mark.parametrize("named", sorted(NAMED))
@pytest.mark.parametrize("lang", sorted(SAID))
def test_a_rule_told_without_the_exception_the_record_names_is_stripped(
    lang: str, named: str, heading: str
) -> None:
    for lie in LIES:
        assert not _stands(lie, heading, SAID[lang], NAMED[named]), lie


@pytest.mark.parametrize("heading", PLACES)
@pytest.mark.parametrize("named", sorted(NAMED))
@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_rule_told_with_its_exception_stands(lang: str, named: str, heading: str) -> None:
    for honest in HONEST:
        assert _stands(honest, heading, SAID[lang], NAMED[named]), honest


@pytest.mark.parametrize("heading", PLACES)
@pytest.mark.parametrize("lang", sorted(SAID))
def test_a_last_clause_naming_nothing_the_record_names_is_no_exception(
    lang: str, heading: str
) -> None:
    # (the same sentence, its last clause naming a word no call nor answer names)
    said = SAID[lang].replace("billing", "ledger")
    answer = NAMED["in the assistant's words"]
    assert _stands(LIES[0], heading, said, answer)
