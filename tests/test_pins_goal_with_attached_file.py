"""The goal's turn carries a large attached file and a screenshot: when the turn cannot be
kept whole, its words are pinned and the file and the image are each replaced by a line
naming them, reported (review47 R47-ret1: the whole turn, the goal with it, was dropped at
every window because the file alone outweighed the room kept for earlier requests)."""

from __future__ import annotations

import random

import pytest

from builders import b64, chat_exchange, data_url, png
from contextledger import fit

TASK = (
    "Using the attached inventory export, work out which warehouse loses the most stock to damage."
)


def _inventory_csv(rows: int) -> str:
    rng = random.Random(rows)
    lines = ["sku,warehouse,received,damaged,shipped"]
    for _ in range(rows):
        lines.append(
            f"SKU-{rng.randrange(10**5, 10**6)},WH-{rng.randrange(1, 9)},"
            f"{rng.randrange(10, 900)},{rng.randrange(0, 40)},{rng.randrange(5, 800)}"
        )
    return "\n".join(lines) + "\n"


def _session() -> list[dict[str, object]]:
    first = {
        "role": "user",
        "content": [
            {"type": "text", "text": f"Good morning. {TASK}"},
            {
                "type": "file",
                "file": {
                    "filename": "inventory.csv",
                    "file_data": "data:text/csv;base64," + b64(_inventory_csv(400).encode()),
                },
            },
            {"type": "image_url", "image_url": {"url": data_url(png(1280, 800))}},
        ],
    }
    history: list[dict[str, object]] = [
        {"role": "system", "content": "You are a data analyst agent."},
        first,
    ]
    for i in range(40):
        table = "\n".join(
            f"WH-{w % 8} week {i}: {w * 7 + i} units, {w * 13 % 97} damaged" for w in range(80)
        )
        history += chat_exchange(f"c{i}", "python", {"code": f"weekly_report({i})"}, table)
        history.append({"role": "user", "content": f"ok, go on with week {i + 1}"})
    return history


@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_the_goal_with_a_file_too_big_to_keep_is_pinned_as_its_words(window: int) -> None:
    result = fit(_session(), "gpt-4o", window=window)
    goal = [m for m in result.messages if m.role == "user" and TASK in str(m)]
    assert goal, f"the goal was dropped at {window}"
    # the file goes with the goal's words, shortened, or as a line naming it: reported
    file_changes = [c for c in result.report.changes if c.message_id == goal[0].id and c.block == 1]
    assert "inventory.csv" in str(goal[0])
    assert all(c.reason for c in file_changes)


def test_a_window_that_holds_the_whole_turn_sends_the_file() -> None:
    result = fit(_session(), "gpt-4o", window=128_000)
    goal = next(m for m in result.messages if m.role == "user" and TASK in str(m))
    assert "SKU-" in str(goal)
    assert not [c for c in result.report.changes if c.message_id == goal.id and c.block == 1]
