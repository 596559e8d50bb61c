"""A look-up that read a log full of "ERROR …" records ran fine: its gist is no failure, so
it does not take the gists' room from the files written and commands run earlier (an ops
agent's `kubectl logs` and `journalctl` reads were gisted as failures of ~190 tokens each,
and at every window the files it wrote were left out)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import chat_exchange, facts_kept_at_bigger_windows
from contextledger.fit import fit
from contextledger.fit.gists import FAILED, exchange_gist
from contextledger.model import Message, ToolCall
from contextledger.providers import translate

SERVICES = ("billing-api", "ingest", "scheduler")


def _records(rng: random.Random, n: int) -> str:
    return "\n".join(
        f"2026-04-{rng.randrange(1, 28):02d}T{rng.randrange(24):02d}:{rng.randrange(60):02d} "
        f"{rng.choice(['ERROR', 'WARN', 'INFO', 'ERROR'])} {rng.choice(SERVICES)} "
        f"conn={rng.randrange(10**5)} upstream timeout after {rng.randrange(900)}ms"
        for _ in range(n)
    )


def _exchange(command: str, output: str) -> list[Message]:
    call = ToolCall("c1", "shell", json.dumps({"cmd": command}))
    return [Message("assistant", (call,)), Message.tool("c1", output)]


@pytest.mark.parametrize(
    "command",
    [
        "kubectl logs deploy/ingest --tail=200",
        "journalctl -u scheduler --since -1h",
        "tail -n 300 /var/log/app.log",
    ],
)
def test_a_log_read_full_of_error_records_is_no_failure(command: str) -> None:
    gist = exchange_gist(_exchange(command, _records(random.Random(3), 60)))
    assert gist is None or gist.rank != FAILED


@pytest.mark.parametrize(
    ("command", "output", "shown"),
    [
        # a report read that names a failing test: what failed, whoever printed it
        (
            "cat reports/junit.txt",
            "collected 12\nFAILED tests/test_refund.py::test_partial - AssertionError\n1 failed",
            "tests/test_refund.py::test_partial",
        ),
        # a look-up whose own run failed
        ("tail -n 50 /var/log/app.log", "ERROR a\nERROR b\nERROR c\nexit code 2", "ERROR a"),
        # a look-up's own error, said in a line
        ("kubectl logs deploy/ingest", "Error from server (NotFound): pods not found", "NotFound"),
    ],
)
def test_a_look_up_that_failed_or_read_a_failing_test_is_still_a_failure(
    command: str, output: str, shown: str
) -> None:
    gist = exchange_gist(_exchange(command, output))
    assert gist is not None and gist.rank == FAILED
    assert shown in gist.text


def ops_session(seed: int, rounds: int) -> tuple[list[dict[str, object]], list[str]]:
    """An on-call agent: files written and commands run in the first third, then rounds of
    log reads full of ERROR records; the user (in Swahili) nudges between rounds."""
    rng = random.Random(seed)
    dicts: list[dict[str, object]] = [
        {"role": "system", "content": "You are an on-call agent with a shell."},
        {"role": "user", "content": "Tafadhali rekebisha muda wa kusubiri wa huduma ya ingest."},
    ]
    facts: list[str] = []
    n = 0
    for r in range(rounds):
        if r < rounds // 3 and r % 10 == 1:
            n += 1
            path = f"deploy/{rng.choice(SERVICES)}/timeouts-{n}.yaml"
            output = f"wrote 312 bytes to {path}"
            dicts += chat_exchange(
                f"w{n}", "write_file", {"path": path, "content": "timeout: 30s\n" * 12}, output
            )
            facts.append(path)
        elif r < rounds // 3 and r % 10 == 6:
            n += 1
            command = (
                f"kubectl -n ops rollout restart deploy/{rng.choice(SERVICES)}-{n} --timeout=90s"
            )
            dicts += chat_exchange(f"r{n}", "shell", {"cmd": command}, "restarted\nexit code 0")
            facts.append(command)
        for _ in range(rng.randrange(1, 4)):
            n += 1
            read = rng.choice(
                ["kubectl logs deploy/ingest --tail=150", "journalctl -u scheduler --since -1h"]
            )
            dicts += chat_exchange(
                f"l{n}", "shell", {"cmd": read}, _records(rng, rng.randrange(20, 60))
            )
        dicts.append({"role": "assistant", "content": f"Checked round {r}."})
        dicts.append(
            {"role": "user", "content": rng.choice(["endelea", "sawa", "asante, endelea"])}
        )
    return dicts, facts


@pytest.mark.parametrize("model", ["gpt-4o", "claude-sonnet-4-5"])
def test_files_written_and_commands_run_stay_in_view_behind_failing_looking_log_reads(
    model: str,
) -> None:
    dicts, facts = ops_session(seed=7, rounds=160)
    r = fit(dicts, model, window=16_000, max_output_tokens=1_000)
    body = json.dumps(translate(r.messages, "openai").body)
    kept = [f for f in facts if f in body]
    assert len(kept) == len(facts), sorted(set(facts) - set(kept))


def test_files_written_and_commands_run_in_a_long_sessions_first_third_stay_in_view() -> None:
    # (~1,600 dicts, ~1,200 units: the gists looked at the newest 600 units before the cut,
    # so what the agent did in its first third was left out at every window)
    dicts, facts = ops_session(seed=11, rounds=400)
    assert len(dicts) > 1_500
    r = fit(dicts, "gpt-4o", window=32_000, max_output_tokens=1_000)
    body = json.dumps(translate(r.messages, "openai").body)
    kept = [f for f in facts if f in body]
    assert len(kept) == len(facts), sorted(set(facts) - set(kept))


@given(
    seed=st.integers(0, 10_000),
    rounds=st.integers(60, 240),
    model=st.sampled_from(["gpt-4o", "claude-sonnet-4-5", "gemini-2.5-flash"]),
)
@settings(max_examples=6, deadline=None)
def test_a_fact_kept_at_a_window_is_kept_at_every_bigger_one(
    seed: int, rounds: int, model: str
) -> None:
    dicts, facts = ops_session(seed, rounds)
    assert facts_kept_at_bigger_windows(dicts, facts, model) == []
