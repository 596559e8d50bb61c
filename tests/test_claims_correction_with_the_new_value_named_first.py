"""A correction that names the value it keeps before the one it sets aside ("Use
us-east-2, not eu-west-1." after the record named eu-west-1) is a move from the old value
to the new one, as "not eu-west-1 - use us-east-2" is: "The user corrected the region to
us-east-2." stands and the same line to eu-west-1 goes. A move told with where to before
where from ("Move the ferry service to Redpanda from Kafka") keeps its direction: "from
Kafka to Redpanda" stands, "from Redpanda to Kafka" goes. A value with a class prefix or a
case ending glued on by a hyphen ("i-eu-west-1", "eu-west-1-дә") is the value (issue #14
item 4)."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from tests.builders import chat_exchange, stands_under, value_moved_dicts

OLD, NEW = "eu-west-1", "us-east-2"
HEADINGS = ["Constraints and corrections", "Summary"]
# the value kept named first, a read preference setting the other aside
KEPT_FIRST = [
    "Use {new}, not {old}.",
    "Use {new} instead of {old}.",
    "Go with {new} rather than {old}.",
]


def _record(earlier: str, moved: str, calls: bool) -> list[dict[str, Any]]:
    return value_moved_dicts(earlier, moved, OLD, NEW, calls=calls)


TOLD_RIGHT = [
    f"The user corrected the earlier choice to {NEW}.",
    f"The user corrected the region to {NEW}.",
]
TOLD_BACK = [
    f"The user corrected the earlier choice to {OLD}.",
    f"The user corrected the region to {OLD}.",
    f"Use {OLD}, as the user asked.",
]


@pytest.mark.parametrize(
    ("moved", "calls", "heading"), list(product(KEPT_FIRST, [True, False], HEADINGS))
)
def test_the_correction_to_the_value_kept_first_stands(
    moved: str, calls: bool, heading: str
) -> None:
    dicts = _record("The bucket is in {old} right now.", moved, calls)
    assert [line for line in TOLD_RIGHT if not stands_under(line, dicts, heading)] == []
    assert [line for line in TOLD_BACK if stands_under(line, dicts, heading)] == []


@pytest.mark.parametrize("heading", HEADINGS)
def test_keeping_the_value_named_before_is_no_correction_to_the_other(heading: str) -> None:
    """ "Use OLD, not NEW." after OLD was named keeps OLD: no move to NEW is read."""
    dicts = _record("The bucket is in {old} right now.", "Use {old}, not {new}.", calls=False)
    assert not stands_under(f"The user corrected the earlier choice to {NEW}.", dicts, heading)


# the values with a class prefix or a case ending glued on by a hyphen: Zulu, Tatar
GLUED = [
    ("I-bucket ise-{old} manje.", "Cha, hhayi i-{old} — sebenzisa i-{new}."),
    ("Bucket хәзер {old}-дә.", "Юк, {old}-не түгел — {new}-не куллан."),
]


@pytest.mark.parametrize(
    ("glued", "calls", "heading"), list(product(GLUED, [True, False], HEADINGS))
)
def test_a_correction_between_values_with_glued_affixes_is_read(
    glued: tuple[str, str], calls: bool, heading: str
) -> None:
    dicts = _record(*glued, calls)
    assert [line for line in TOLD_RIGHT if not stands_under(line, dicts, heading)] == []
    assert [line for line in TOLD_BACK if stands_under(line, dicts, heading)] == []


GOALS = [
    "Move the ferry service to Redpanda from Kafka, without downtime.",
    "Migrate the ferry service to Redpanda from Kafka.",
]


@pytest.mark.parametrize(("goal", "heading"), list(product(GOALS, HEADINGS)))
def test_a_move_said_to_before_from_keeps_its_direction(goal: str, heading: str) -> None:
    dicts = [
        {"role": "user", "content": goal},
        {"role": "assistant", "content": "Understood."},
        *chat_exchange("c1", "shell", {"cmd": "ls src/ferry"}, "consumer.py"),
        {"role": "user", "content": "Ok, keep going."},
        {"role": "assistant", "content": "Continuing."},
    ]
    # (the user's condition told too: a line that drops it is caught for that)
    kept = " without downtime" if "downtime" in goal else ""
    honest = f"The goal is to move the ferry service from Kafka to Redpanda{kept}."
    turned = f"The goal is to move the ferry service from Redpanda to Kafka{kept}."
    assert stands_under(honest, dicts, heading)
    assert not stands_under(turned, dicts, heading)
