"""The recap's Goal is the opening request even when its shape reads as a version pin (a
tool beside its version, then a clause, in words no reader holds), never a short turn that
gives a value later, nor a rule or remark said once the assistant was at work (review58
finding 1: "EPSG:32645 <words>." was the Goal and the opening a false rule)."""

from __future__ import annotations

import pytest

from builders import chat_exchange
from contextledger.compaction.digest import digest, goal_message
from contextledger.providers import read_messages

Dicts = list[dict[str, object]]

_OPENINGS = [
    # Igbo, Malagasy, Kinyarwanda, English: a title, the tool at its version, then a clause
    "Map ugbo: OpenDroneMap 3.5 maka orthophoto, foto drone nke ugbo ọka.",
    "Sarintany tanimbary: OpenDroneMap 3.5 ho an'ny orthophoto, sary avy amin'ny drone.",
    "Ikarita y'imirima: OpenDroneMap 3.5 ya orthophoto, amafoto ya drone.",
    "North plots map: OpenDroneMap 3.5 orthophoto, drone survey of the fields.",
]


def _session(opening: str, *later: str, first_reply: str = "Starting the ODM config.") -> Dicts:
    said: Dicts = [
        {"role": "user", "content": opening},
        {"role": "assistant", "content": first_reply},
        # (a rule said before any call: the opening was not set to work by a call)
        {"role": "user", "content": "Never use `--fast-orthophoto`."},
        {"role": "assistant", "content": "Understood."},
    ]
    said += chat_exchange("c1", "shell", {"command": "odm --project-path /data plots"}, "exit 137")
    for k, turn in enumerate(later):
        said += [{"role": "user", "content": turn}, {"role": "assistant", "content": "OK."}]
        said += chat_exchange(f"c{k + 2}", "shell", {"command": f"ls plots/{k}"}, "odm_orthophoto")
    return [*said, {"role": "user", "content": "ok"}]


@pytest.mark.parametrize("opening", _OPENINGS)
def test_an_opening_shaped_as_a_pin_and_set_to_work_in_words_is_the_goal(opening: str) -> None:
    d = digest(read_messages(_session(opening, "EPSG:32636 biko tinye.", "Ada Obi, 32637.")))
    assert d.sections["Goal"][0] == opening
    assert not any(opening in r for r in d.sections.get("Constraints and corrections", []))


@pytest.mark.parametrize("opening", _OPENINGS)
def test_a_value_given_later_is_never_the_goal(opening: str) -> None:
    """Even when the opening was only acknowledged: "EPSG:32636 <words>." sets no task."""
    goal = goal_message(
        read_messages(_session(opening, "EPSG:32636 biko tinye.", first_reply="OK."))
    )
    assert goal is not None and goal.text == opening


def test_a_rule_opening_acknowledged_then_the_task_still_gives_the_task() -> None:
    """R17-R5 stays: a rule, "Noted.", then the task said before any call is the goal."""
    task = "Fix the report timezone bug in reports/tz.py."
    said: Dicts = [
        {"role": "user", "content": "Do not modify the database schema under any circumstances."},
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": task},
        *chat_exchange("c1", "shell", {"command": "cat reports/tz.py"}, "def tz(): ..."),
        {"role": "user", "content": "ok"},
    ]
    goal = goal_message(read_messages(said))
    assert goal is not None and goal.text == task
