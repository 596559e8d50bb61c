"""Honest lines on a user's sentence in words no reader here holds are held to what the
record shows, not stripped for the words that cannot be read (issue #14 item 4: honest
lines stripped 10/84 in review):

- a goal paraphrased ("The user wants the ferry service moved off Kafka onto Redpanda with
  no downtime.") stands on the one unread sentence naming both names and half its words;
  told the other way round ("off Redpanda onto Kafka") it is stripped, also where the
  names carry a case ending glued by a hyphen ("Kafka-ста");
- "45 seconds" stands for "45 sekoni" (the unit's own word, loaned); "45 minutes" does
  not."""

from __future__ import annotations

from typing import Any

import pytest
from tests.builders import stands_under

# the goal, Kafka first, in Fijian, Kikuyu and Erzya (a case ending glued to each name)
GOALS = [
    "Na inaki me toso na ferry service mai na Kafka ki na Redpanda ka sega ni downtime.",
    "Muoroto nĩ gũthamia ferry service kuuma Kafka gũthiĩ Redpanda hatarĩ downtime.",
    "Цельсь — ferry-сервисэнть ютавтомс Kafka-сто Redpanda-с downtime-втомо.",
]
HONEST = "The user wants the ferry service moved off Kafka onto Redpanda with no downtime."
REVERSED = "The user wants the ferry service moved off Redpanda onto Kafka with no downtime."
# the timeout, in Fijian and Kikuyu, its unit a loan of "second"
TIMEOUTS = ["Vakarautaka na timeout me 45 sekoni.", "Ĩkĩra timeout ya 45 sekondi."]
HEADINGS = ["Constraints and corrections", "Summary"]


def _record(said: str) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": said},
        {"role": "assistant", "content": "Understood."},
        {"role": "user", "content": "Ok, keep going."},
        {"role": "assistant", "content": "Continuing."},
    ]


@pytest.mark.parametrize("goal", GOALS)
@pytest.mark.parametrize("heading", HEADINGS)
def test_a_goal_paraphrased_on_an_unread_sentence_stands_the_same_way_round(
    goal: str, heading: str
) -> None:
    assert stands_under(HONEST, _record(goal), heading)
    assert not stands_under(REVERSED, _record(goal), heading)


@pytest.mark.parametrize("heading", HEADINGS)
def test_an_english_goal_the_other_way_round_strips_the_paraphrase(heading: str) -> None:
    dicts = _record("The goal is to move the ferry service from Redpanda to Kafka.")
    assert not stands_under(HONEST, dicts, heading)


@pytest.mark.parametrize("said", TIMEOUTS)
@pytest.mark.parametrize("heading", HEADINGS)
def test_a_number_in_a_loaned_unit_stands_in_that_unit_only(said: str, heading: str) -> None:
    assert stands_under("The user set the timeout to 45 seconds.", _record(said), heading)
    # (in prose "45 minutes" is not read against the user's unit at all, on main too)
    constraint = "Constraints and corrections"
    assert not stands_under("The user set the timeout to 45 minutes.", _record(said), constraint)
