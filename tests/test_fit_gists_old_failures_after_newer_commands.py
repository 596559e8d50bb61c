"""At a small window, the failures of a long session's distant past do not take the gists'
cap from the commands run and files written since: a failure further back than
``GIST_NEAR`` units from the history's end is chosen after the commands run. The gists'
reach of 1,200 units brought in old failures that, ranked first, left the newer commands
out at 8k (the reach of 600 had kept them)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import chat_exchange, facts_kept_at_bigger_windows
from contextledger.fit import fit
from contextledger.fit.gists import FAILED, FAR_FAILED, GIST_NEAR, RAN, far_rank
from contextledger.providers import translate

SERVICES = ("payments", "search", "notifier", "geo")
NUDGES = ("lanjut", "oke", "terima kasih, lanjutkan")


def _reads(rng: random.Random, n: int) -> list[dict[str, object]]:
    rows = "\n".join(
        f"src/{rng.choice(SERVICES)}/core.py:{rng.randrange(900)}: x = y" for _ in range(40)
    )
    return chat_exchange(
        f"g{n}", "shell", {"cmd": f"grep -rn retry src/{rng.choice(SERVICES)}"}, rows
    )


def session(seed: int, rounds: int) -> tuple[list[dict[str, object]], list[str], list[str]]:
    """A long agent session (the user writes in Indonesian): a failing test or check every
    few rounds of its first half, a command run with exact arguments every few rounds of its
    second, look-ups in between. The failures' names and the commands are returned."""
    rng = random.Random(seed)
    dicts: list[dict[str, object]] = [
        {"role": "system", "content": "You are a coding agent with a shell."},
        {"role": "user", "content": "Tolong perbaiki logika retry di layanan pembayaran."},
    ]
    failures: list[str] = []
    commands: list[str] = []
    n = 0
    for r in range(rounds):
        n += 1
        if r < rounds // 2 and r % 4 == 2:
            test = f"tests/{rng.choice(SERVICES)}/test_retry.py::test_backoff_{n}"
            output = f"collected 30\nFAILED {test} - assert 3 == 2\n1 failed, 29 passed"
            dicts += chat_exchange(f"t{n}", "shell", {"cmd": "pytest -x -q"}, output)
            failures.append(test)
        elif r >= rounds // 2 and r % 4 == 2:
            # (a tenant named in letters: commands alike but for their numbers are routine)
            tenant = "".join(chr(97 + n // 26**j % 26) for j in range(3))
            command = f"./scripts/replay --service {rng.choice(SERVICES)} --tenant {tenant} --from {4000 + n}"
            dicts += chat_exchange(
                f"c{n}", "shell", {"cmd": command}, "replayed 12 events\nexit code 0"
            )
            commands.append(command)
        for _ in range(rng.randrange(2, 4)):
            n += 1
            dicts += _reads(rng, n)
        dicts.append({"role": "assistant", "content": "Continuing."})
        dicts.append({"role": "user", "content": rng.choice(NUDGES)})
    return dicts, failures, commands


def test_a_failure_far_back_ranks_after_the_commands_run() -> None:
    assert far_rank(FAILED, GIST_NEAR - 1) == FAILED
    assert RAN < far_rank(FAILED, GIST_NEAR) == FAR_FAILED


@pytest.mark.parametrize("model", ["claude-sonnet-4-5", "gpt-4o"])
def test_newer_commands_are_not_crowded_out_by_old_failures_at_8k(model: str) -> None:
    dicts, _, commands = session(seed=5, rounds=180)
    r = fit(dicts, model, window=8_000, max_output_tokens=1_000)
    body = json.dumps(translate(r.messages, "openai").body)
    kept = [c for c in commands if c in body]
    # (the 8k cap holds a handful of gists: the newest commands run get them)
    assert commands[-3] in kept and commands[-4] in kept, len(kept)


def test_old_failures_are_kept_when_the_cap_has_room() -> None:
    dicts, failures, _ = session(seed=5, rounds=180)
    r = fit(dicts, "gpt-4o", window=64_000, max_output_tokens=1_000)
    body = json.dumps(translate(r.messages, "openai").body)
    assert [f for f in failures if f not in body] == []


@given(
    seed=st.integers(0, 10_000),
    rounds=st.integers(120, 300),
    model=st.sampled_from(["gpt-4o", "claude-sonnet-4-5", "gemini-2.5-flash"]),
)
@settings(max_examples=5, deadline=None)
def test_a_fact_kept_at_a_window_is_kept_at_every_bigger_one(
    seed: int, rounds: int, model: str
) -> None:
    dicts, failures, commands = session(seed, rounds)
    facts = [*failures, *commands]
    assert facts_kept_at_bigger_windows(dicts, facts, model) == []
