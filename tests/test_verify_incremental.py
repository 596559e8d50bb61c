"""Verification is incremental: a session's record is read once and each later recap
reads only what is new (the per-text readings are kept), and that changes no verdict.

Property: on random sessions checked turn by turn in one process (each recap extending the
one before, every reading of the record's older texts reused), every verification equals
the one made from scratch (every kept reading forgotten first).
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from builders import forget_readings
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall

_USER = [
    "Never run `terraform apply` against prod; staging is fine.",
    "Use Redis, not Memcached, for the session cache.",
    "The retry budget is 7 attempts, not 5.",
    "Gebruik nooit `git push --force` op main.",
    "Nie wdrażaj w piątek, chyba że to poprawka bezpieczeństwa.",
    "Later, also add a Grafana panel for unmatched payouts.",
    "Ava Chen left the project; questions go to Omar Diaz.",
    "Always run `./deploy.sh eu-west --drain` with --drain.",
]
_RUNS = [
    (
        "pytest -q tests/test_api.py",
        "FAILED tests/test_api.py::test_login - assert 401 == 200\n1 failed",
    ),
    ("pytest -q tests/test_api.py", "3 passed in 0.4s"),
    ("cat .env", "DATABASE_URL=postgres://app:Zq81vLm2Xk3p@db.internal:5432/app"),
    ("./deploy.sh eu-west --drain", "deployed eu-west in 41 s"),
    ("git mv tests/test_v1.py tests/test_v2.py", ""),
    ("npm run build", "error TS2304: Cannot find name 'Foo'.\nexit code 2"),
]
_SAID = [
    "I ran the API tests; test_login fails with 401.",
    "I moved the old test to tests/test_v2.py.",
    "The deploy to eu-west took 41 s.",
]
_RECAP = [
    "Goal: keep the payout reconciliation green.",
    "Constraints and corrections:\n- Never run `terraform apply` against prod; staging is fine.",
    "Constraints and corrections:\n- Run `terraform apply` against prod when needed.",
    "Commands run:\n- `pytest -q tests/test_api.py`\n- `./deploy.sh eu-west`",
    "Commands run:\n- `./deploy.sh eu-west --drain`",
    "Failures:\n- `pytest -q tests/test_api.py`: test_login failed (401).",
    "Numbers that matter:\n- The retry budget is 5 attempts.",
    "Numbers that matter:\n- The retry budget is 7 attempts.",
    "Decisions:\n- The user chose Memcached for the session cache.",
    "Decisions:\n- Ava Chen owns the rollout.",
    "The database password is Zq81vLm2Xk3p.",
    "Files written:\n- tests/test_v2.py, src/app.py",
    "Open requests:\n- Add a Grafana panel for unmatched payouts.",
    "Next step: deploy on Friday.",
]


def _turn(n: int, kind: int, pick: int) -> list[Message]:
    """One turn of a session: a user line, or a call and its output, or an assistant line."""
    if kind == 0:
        return [Message.user(_USER[pick % len(_USER)], id=f"u{n}")]
    if kind == 1:
        command, output = _RUNS[pick % len(_RUNS)]
        call = ToolCall(f"c{n}", "shell", json.dumps({"cmd": command}))
        failed = "FAILED" in output or "error" in output
        return [
            Message("assistant", (call,), id=f"a{n}"),
            Message.tool(f"c{n}", output or "ok", is_error=failed, id=f"t{n}"),
        ]
    return [Message.assistant(_SAID[pick % len(_SAID)], id=f"s{n}")]


def _check_turn_by_turn(
    record: list[Message], recaps: list[str], cuts: list[int]
) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    previous: str | None = None
    for cut, recap in zip(cuts, recaps, strict=True):
        covered = record[:cut]
        v = verify_recap(recap, covered, previous, max_bytes=1500, context=record[: cut + 2])
        out.append(v.to_dict())
        previous = v.text or previous
    return out


_turns = st.lists(st.tuples(st.integers(0, 2), st.integers(0, 20)), min_size=6, max_size=18)
_recap = st.lists(st.integers(0, len(_RECAP) - 1), min_size=1, max_size=5, unique=True)


@settings(max_examples=12, deadline=None)
@given(_turns, st.lists(_recap, min_size=2, max_size=4))
def test_turn_by_turn_verdicts_equal_from_scratch(
    turns: list[tuple[int, int]], recap_picks: list[list[int]]
) -> None:
    record = [m for n, (kind, pick) in enumerate(turns) for m in _turn(n, kind, pick)]
    step = max(len(record) // len(recap_picks), 1)
    cuts = [min(step * (i + 1), len(record)) for i in range(len(recap_picks))]
    recaps = ["\n".join(_RECAP[i] for i in picks) for picks in recap_picks]
    warm = _check_turn_by_turn(record, recaps, cuts)  # readings kept from turn to turn
    fresh = []
    previous: str | None = None
    for cut, recap in zip(cuts, recaps, strict=True):
        forget_readings()
        v = verify_recap(recap, record[:cut], previous, max_bytes=1500, context=record[: cut + 2])
        fresh.append(v.to_dict())
        previous = v.text or previous
    assert warm == fresh
