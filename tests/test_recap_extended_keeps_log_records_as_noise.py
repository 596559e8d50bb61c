"""A recap extended turn by turn (a kept Preparer's) ranks what it carries as a recap of
the whole record does: a log read's "ERROR …" records, carried from the previous recap,
wait with the noise as they did when first filed, so they never take the room of the
commands run, the files written and the failing test (R50-ret2: a kept Preparer lost a
search command a one-shot prepare keeps, behind 30 carried log records)."""

from __future__ import annotations

import random

import pytest

from builders import call_and_result, recap_section
from contextledger.compaction.digest import digest, parse_digest, render_digest
from contextledger.model import Message


def _log_reads(rng: random.Random, start: int, count: int) -> list[Message]:
    """Reads of a service's logs that ran fine: many "ERROR …" records each."""
    out: list[Message] = []
    for n in range(start, start + count):
        records = "\n".join(
            f"2026-11-0{rng.randint(1, 9)}T1{rng.randint(0, 9)}:{rng.randint(10, 59)}:00Z "
            f"ERROR ledger-api[{rng.randint(100, 9999)}] cache miss key=sess:{rng.getrandbits(40):x}"
            for _ in range(rng.randint(6, 12))
        )
        cmd = f"journalctl -u ledger-api --since -{rng.randint(1, 9)}h"
        out += call_and_result(f"c{n}", "bash", {"command": cmd}, records, n)
    return out


def _session(goal: str, nudge: str, seed: int) -> tuple[list[Message], list[Message]]:
    """A first part (the work: a rollout, a search, a written file, a failing test, log
    reads) and a second part of more log reads after the user's nudge."""
    rng = random.Random(seed)
    first = [Message.user(goal, id="u0")]
    rollout = "kubectl rollout status deploy/ledger-api --timeout=120s"
    first += call_and_result("c0", "bash", {"command": rollout}, "successfully rolled out", 0)
    search = "grep -rn 'PARTITION BY' db/migrations --include=*.sql"
    first += call_and_result("c1", "bash", {"command": search}, "db/a.sql:3", 1)
    first += call_and_result(
        "c2", "write_file", {"path": "src/ledger/config_loader.py", "content": "X = 1\n"}, "ok", 2
    )
    failed = "FAILED tests/test_queue.py::test_redelivery_after_nack - AssertionError\n1 failed"
    first += call_and_result("c3", "bash", {"command": "pytest -q tests/test_queue.py"}, failed, 3)
    first += _log_reads(rng, 4, 30)
    second = [Message.user(nudge, id="u1"), *_log_reads(rng, 40, 30)]
    return first, second


@pytest.mark.parametrize(
    ("goal", "nudge"),
    [
        ("Przenieś usługę ledger-api z RabbitMQ na NATS bez przestoju.", "Dobrze, dalej."),
        ("ledger-api 서비스를 중단 없이 RabbitMQ에서 NATS로 옮겨 주세요.", "좋아요, 계속하세요."),
    ],
)
def test_carried_log_records_wait_with_the_noise_as_in_a_whole_recap(goal: str, nudge: str) -> None:
    first, second = _session(goal, nudge, seed=7)
    earlier = render_digest(digest(first), 2600)
    extended = digest(second, parse_digest(earlier), first + second)
    whole = digest(first + second)
    carried = [i for i in parse_digest(earlier).items("Findings") if "ERROR" in i]
    assert carried
    assert whole.noise["Findings"].issuperset(carried)
    assert extended.noise["Findings"].issuperset(carried)
    recap = render_digest(extended, 2600)
    for name, fact in [
        ("Commands run", "PARTITION BY"),
        ("Files written", "config_loader.py"),
        ("Failures", "test_redelivery_after_nack"),
    ]:
        assert fact in recap_section(recap, name)


def test_a_finding_that_is_no_log_record_is_not_made_noise() -> None:
    earlier = "Goal: Ship it.\nFindings:\n- `kubectl get svc api`: CLUSTER-IP 10.0.0.12"
    extended = digest([Message.user("ok", id="u9")], parse_digest(earlier))
    assert "`kubectl get svc api`: CLUSTER-IP 10.0.0.12" in extended.items("Findings")
    assert not extended.noise.get("Findings")
