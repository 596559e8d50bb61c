"""The same failure again but for its numbers (a health check polled on a new port each
time, refused each time) tells nothing the newest one does not: pinned once, it leaves the
gists' room to the files written and the commands run before it (review58: nine refused
checks took the 8k room, 2 of 4 files written and commands run kept)."""

from __future__ import annotations

import pytest

from builders import Dicts, chat_exchange
from contextledger.fit import fit

_REFUSED = "curl: (7) Failed to connect to localhost port {port}: Connection refused\nexit code 7"


def _session() -> Dicts:
    messages: Dicts = [
        {"role": "system", "content": "You are an integration agent."},
        {"role": "user", "content": "Bring the lab bridge up on staging."},
    ]
    messages += chat_exchange(
        "call_w", "write_file", {"path": "deploy/values-staging.yaml", "content": "tz: UTC\n"}, "ok"
    )
    messages += chat_exchange(
        "call_r", "shell", {"command": "alembic upgrade head --sql --tag s59"}, "done, exit code 0"
    )
    for n in range(40):
        messages.append({"role": "user", "content": "go on"})
        cmd = {"command": f"curl -sf http://localhost:{8100 + n}/healthz"}
        messages += chat_exchange(f"call_{n}", "shell", cmd, _REFUSED.format(port=8100 + n))
        log = "\n".join(f"segment OBX-{i} mapped in {i * 7 % 90} ms" for i in range(90))
        messages += chat_exchange(f"call_l{n}", "shell", {"command": "tail -90 mapper.log"}, log)
        messages.append({"role": "assistant", "content": f"Step {n}: still down."})
    messages.append({"role": "user", "content": "go on"})
    return messages


@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_a_failure_said_again_leaves_room_for_the_files_written(window: int) -> None:
    result = fit(_session(), "gpt-4o", window=window, max_output_tokens=1_000)
    kept = "\n".join(m.text for m in result.messages)
    assert "deploy/values-staging.yaml" in kept
    assert "alembic upgrade head --sql --tag s59" in kept
    assert "Connection refused" in kept


def test_failures_alike_but_for_numbers_are_gisted_once() -> None:
    result = fit(_session(), "gpt-4o", window=8_000, max_output_tokens=1_000)
    gists = [m.text for m in result.messages if m.text.startswith("[Earlier tool call")]
    assert sum("Connection refused" in g for g in gists) <= 1


@pytest.mark.parametrize(
    ("commands", "first", "second"),
    [
        # review59: two lifts' checks, two migrations: names whose number is glued on
        (
            ("make check-lift LIFT=3", "make check-lift LIFT=7"),
            "lift-3: healthcheck FAILED: brake sensor timeout after 30 s",
            "lift-7: healthcheck FAILED: brake sensor timeout after 30 s",
        ),
        # review59b: a station named by a number standing alone
        (
            ("python probe.py --station 3", "python probe.py --station 7"),
            "station 3: LoRa uplink FAILED: no join accept after 60 s",
            "station 7: LoRa uplink FAILED: no join accept after 60 s",
        ),
        (
            ("alembic upgrade 0041", "alembic upgrade 0042"),
            'FAILED: migration 0041_add_quota: column "ton" does not exist',
            'FAILED: migration 0042_add_quota: column "ton" does not exist',
        ),
    ],
)
def test_failures_of_things_named_by_their_number_are_not_the_same_again(
    commands: tuple[str, str], first: str, second: str
) -> None:
    messages: Dicts = [
        {"role": "system", "content": "You are an operations agent."},
        {"role": "user", "content": "Check every lift and migrate the quota tables."},
    ]
    messages += chat_exchange("call_a", "shell", {"command": commands[0]}, f"{first}\nexit code 2")
    messages.append({"role": "assistant", "content": "That one failed."})
    messages.append({"role": "user", "content": "go on"})
    messages += chat_exchange("call_b", "shell", {"command": commands[1]}, f"{second}\nexit code 2")
    messages.append({"role": "assistant", "content": "This one failed too."})
    for n in range(40):
        messages.append({"role": "user", "content": "go on"})
        log = "\n".join(f"cabin {i} passed pylon {i % 12} in {i * 7 % 90} s" for i in range(90))
        messages += chat_exchange(f"call_l{n}", "shell", {"command": "tail -90 lift.log"}, log)
        messages.append({"role": "assistant", "content": f"Step {n}: lifts running."})
    messages.append({"role": "user", "content": "go on"})
    result = fit(messages, "gpt-4o", window=16_000, max_output_tokens=1_000)
    kept = "\n".join(m.text for m in result.messages)
    assert first in kept
    assert second in kept
