"""The offline recap files a user's correction between two values of many words in small
Latin letters under "Constraints and corrections" (issue #14), in any language and either
order, though the answer is only "Noted." and nothing in the record tells which value wins:
"Kìí ṣe weekly full backups, lo daily differential backups." is the user steering, quoted.

Two values told of rather than steered between are no rule: weighed with a measurement
("nginx 1.27 was faster than Caddy 2.8, 40 ms"), listed together ("A and B both fail"), or
told as history ("we moved from A to B last year")."""

from __future__ import annotations

import pytest

from builders import EXPORT_TASK, call_and_result, export_recap, filed_as_a_rule, recap_section
from contextledger.model import Message

RULES = "Constraints and corrections"
ALSO = "User also said"
NOTED = [Message.assistant("Noted.")]


def _recap(said: str, *before: str | list[Message]) -> str:
    return export_recap(EXPORT_TASK, "I'll fix the date format first.", *before, said, NOTED)


@pytest.mark.parametrize(
    "said",
    [
        # Yoruba: not weekly full backups, use daily differential backups
        "Kìí ṣe weekly full backups, lo daily differential backups.",
        "Tumia consistent hashing, si least connections.",  # Swahili: use B, not A
        "Ei round robin, käytä weighted random.",  # Finnish: not A, use B
        "Pakai rebase merges; bukan squash merges.",  # Indonesian: use B; not A
        "Gamitin ang per package pipelines — hindi monorepo builds.",  # Tagalog: use B — not A
        "Not weekly full backups, use daily differential backups.",  # English control
    ],
)
def test_two_many_word_values_set_side_by_side_are_a_rule_though_only_noted(said: str) -> None:
    recap = _recap(said)
    assert filed_as_a_rule(recap, said)
    assert said not in recap_section(recap, ALSO)


@pytest.mark.parametrize(
    "said",
    [
        # Mongolian: on the build server use PHP 8.3.9, not PHP 7.4
        "Build серверт PHP 8.3.9 ашигла, PHP 7.4 биш.",
        "Build серверт openSUSE Leap 15.6 ашигла, openSUSE Leap 15.5 биш.",
        "Build серверт per package pipelines ашигла, monorepo builds биш.",
    ],
)
def test_a_value_said_beside_a_latin_word_of_its_place_is_read_as_the_value(said: str) -> None:
    # (the clause's Latin words are the place and the value: the value is the run with a
    # digit, or the longer run; not a number that matters nor something else said)
    recap = _recap(said)
    assert filed_as_a_rule(recap, said)
    assert said not in recap_section(recap, ALSO)
    assert said not in recap_section(recap, "Numbers that matter")


@pytest.mark.parametrize(
    "said",
    [
        "Python 3.10 emas. Python 3.12.7 ishlating.",  # Uzbek: not A. use B.
        "Tumia Rocky Linux 9. Si Ubuntu 20.04.",  # Swahili: use B. not A.
        "us-east-2 емес. sa-east-1 қолданыңыз.",  # Kazakh
        "Kìí ṣe weekly full backups. Lo daily differential backups.",  # Yoruba
    ],
)
def test_a_correction_told_as_two_short_sentences_is_one_rule(said: str) -> None:
    recap = _recap(said)
    assert filed_as_a_rule(recap, said)
    assert said not in recap_section(recap, "Numbers that matter")
    assert said not in recap_section(recap, ALSO)


def test_a_value_a_config_said_is_still_the_old_one_after_the_user_said_ok() -> None:
    # (a user's "ok" earlier in the record must not take the letters out of the config's
    # "session cookies": the value the work said is read whole)
    said = "Si session cookies, tumia signed bearer tokens."  # Swahili: not A, use B
    config = call_and_result(
        "c22", "shell", {"command": "cat auth.yaml"}, "auth: session cookies\n", 22
    )
    recap = _recap(said, "ok", config)
    assert filed_as_a_rule(recap, said)


@pytest.mark.parametrize(
    "said",
    [
        "In my tests nginx 1.27 was faster than Caddy 2.8, 40 ms.",
        # Swahili: in my tests Node 18.19 was faster than Node 20.11, 40 ms
        "Katika majaribio yangu Node 18.19 ilikuwa haraka kuliko Node 20.11, 40 ms.",
        "eu-central-1 and eu-west-3 both fail on the staging box.",
        "eu-central-1 ja eu-west-3 eivät kumpikaan toimi.",  # Finnish: neither works
        "ap-south-1 dan ap-southeast-2 sama-sama gagal.",  # Indonesian: both fail
        "We moved from Ubuntu 20.04 to Rocky Linux 9 last year.",
        "Viime vuonna siirryimme Ubuntu 20.04:stä Rocky Linux 9:ään.",  # Finnish: history
    ],
)
def test_two_values_weighed_listed_or_told_as_history_are_no_rule(said: str) -> None:
    assert said not in recap_section(_recap(said), RULES)


@pytest.mark.parametrize(
    "said",
    [
        "Asante sana, endelea na kazi.",  # Swahili: thanks a lot, go on with the work
        "Redis is down, Memcached is fine.",
        "Redis is down. Memcached is fine.",
        "Redis ya mutu, Memcached yana aiki lafiya.",  # Hausa: Redis died, Memcached works well
        "thanks so much, keep going.",
        "Asha Otieno aliandika jana: seva mpya inafanya kazi.",  # Swahili: A. O. wrote: …works
        "Nzuri sana na nginx, nzuri sana na faili.",  # Swahili: fine with nginx, fine with the file
    ],
)
def test_thanks_and_states_of_two_clauses_are_no_rule(said: str) -> None:
    assert said not in recap_section(_recap(said), RULES)
