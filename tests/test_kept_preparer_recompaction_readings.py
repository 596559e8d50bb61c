"""A kept Preparer re-compacting an agent session at every user turn (tool loops of
dozens of dicts between them) reuses its readings of the record's unchanged messages (test
logs, failures, dates, the record as a fact source): that changes no request and no
report. And what a reading hands back is the caller's own: changing it changes no later
answer.
"""

from __future__ import annotations

import json
from typing import Any

from builders import chat_exchange, forget_readings
from contextledger.compaction.failures import failing_tests
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message
from contextledger.prepare import Preparer
from contextledger.providers import read_messages

# user turns in Lithuanian, Welsh, Swahili and Basque (a request, a rule, a number, a date)
_ASKS = [
    "Išsiaiškink, kodėl billing-api nepasileidžia ant 8443 prievado.",
    "Paid â chyffwrdd â src/billing/db_{k}.py, tîm arall sy'n gyfrifol.",
    "Majaribio lazima yapite kabla ya 2026-12-{day:02d}; tumia toleo 4.{k}.2.",
    "Exekutatu berriro `make test` eta esan zer ikusten duzun.",
]


def _log(k: int, failed: bool) -> str:
    lines = [f"tests/test_billing.py::test_case_{k}_{i} PASSED" for i in range(12)]
    if failed:
        lines.append(f"FAILED tests/test_billing.py::test_retry_{k} - AssertionError: 3 != {k}")
    tally = "1 failed, 12 passed" if failed else "12 passed"
    return "\n".join([*lines, f"{tally} in 2.{k}s on 2026-12-0{1 + k % 6}"])


def _session(turns: int, loop: int) -> tuple[list[dict[str, Any]], list[int]]:
    """An agent session: each user turn answered by ``loop`` tool exchanges (test runs,
    some failing, file reads) and a closing line; the indices where each turn starts."""
    dicts: list[dict[str, Any]] = [{"role": "system", "content": "You are a coding agent."}]
    starts: list[int] = []
    for t in range(turns):
        starts.append(len(dicts))
        ask = _ASKS[t % len(_ASKS)].format(k=t, day=1 + t % 28)
        dicts.append({"role": "user", "content": ask})
        for j in range(loop):
            k = t * loop + j
            if j % 3 == 2:
                dicts += chat_exchange(f"c{k}", "read_file", {"path": f"src/m{k}.py"},
                                       "\n".join(f"def f{k}_{i}(): return {i}" for i in range(30)))  # fmt: skip
            else:
                dicts += chat_exchange(f"c{k}", "shell", {"cmd": f"pytest -x -k case_{k}"},
                                       _log(k, failed=j % 4 == 1))  # fmt: skip
        dicts.append({"role": "assistant", "content": f"Turn {t}: ran the tests again."})
    return dicts, starts


def _turns(dicts: list[dict[str, Any]], starts: list[int]) -> list[str]:
    """Each turn's request and report (JSON), from one kept Preparer."""
    preparer = Preparer("gpt-4o", window=8_000, compaction=True)
    out = []
    for at in starts[2:]:
        prepared = preparer.prepare(dicts[:at])
        out.append(json.dumps([prepared.body, prepared.report.to_dict()], sort_keys=True))
    return out


def test_kept_preparer_turns_equal_turns_from_a_fresh_process() -> None:
    dicts, starts = _session(turns=7, loop=16)
    forget_readings()
    warm = _turns(dicts, starts)  # readings kept from one re-compaction to the next
    fresh = []
    preparer = Preparer("gpt-4o", window=8_000, compaction=True)
    for at in starts[2:]:
        forget_readings()  # every turn reads the whole record anew
        prepared = preparer.prepare(dicts[:at])
        fresh.append(json.dumps([prepared.body, prepared.report.to_dict()], sort_keys=True))
    assert warm == fresh
    assert any('"compaction"' in turn for turn in warm)  # the turns did re-compact


def test_a_failing_tests_answer_changed_by_its_caller_changes_no_later_answer() -> None:
    log = _log(5, failed=True)
    first = failing_tests(log)
    first.append("tests/test_billing.py::invented")
    assert failing_tests(log) == ["tests/test_billing.py::test_retry_5"]


def test_a_recap_checked_again_after_another_record_gets_the_same_verdict() -> None:
    record_a = list(read_messages(_session(turns=3, loop=4)[0]))
    record_b = [*record_a, Message.user("Ikusi 2026-12-09ko epea.", id="late")]
    recap = (
        "Goal: Išsiaiškink, kodėl billing-api nepasileidžia ant 8443 prievado.\n"
        "Failures:\n- `pytest -x -k case_1`: tests/test_billing.py::test_retry_1 failed.\n"
        "Numbers that matter:\n- The deadline is 2026-12-30."
    )

    def check(record: list[Message]) -> dict[str, object]:
        return verify_recap(recap, record, max_bytes=2000, context=record, quotes=True).to_dict()

    first_a, first_b, again_a = check(record_a), check(record_b), check(record_a)
    forget_readings()
    assert again_a == first_a == check(record_a)
    forget_readings()
    assert first_b == check(record_b)
