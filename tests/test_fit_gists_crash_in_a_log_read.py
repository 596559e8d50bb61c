"""A crash a log read whole holds (`cat` of a worker's log: a Python exception, a Go panic,
a PHP fatal error) is what the read told, wherever it stands in the output: the gist of the
read says it, though the failing lines are read only from an output's head and tail and a
look-up's error records are what it read (retain67: a crash in the middle of a long log
read with `cat` was lost at every window, fit and prepare alike)."""

from __future__ import annotations

import pytest

from builders import Dicts, chat_exchange
from contextledger.fit import fit
from contextledger.fit.gists import RAN, exchange_gist
from contextledger.providers import read_messages

_CRASHES = [
    "ZeroDivisionError: division by zero in pricing.per_head_share (tour_id=MC-2291)",
    "panic: runtime error: index out of range [7] with length 7",
    "PHP Fatal error:  Allowed memory size of 536870912 bytes exhausted in app/Publisher.php on line 148",
    "thread 'opcua-4' panicked at src/filler.rs:212:31: called `Option::unwrap()` on a `None` value",
]


def _records(first: int, n: int) -> str:
    return "\n".join(
        f"2026-12-05T10:{i % 60:02d}:00Z INFO booking.sync id={i} took=12ms"
        for i in range(first, first + n)
    )


def _log_with(crash: str) -> str:
    return f"{_records(0, 150)}\n{crash}\n{_records(150, 150)}"


@pytest.mark.parametrize("crash", _CRASHES)
def test_the_gist_of_a_log_read_says_the_crash_in_its_middle(crash: str) -> None:
    exchange = read_messages(
        chat_exchange("c1", "shell", {"command": "cat logs/worker.log"}, _log_with(crash))
    )
    gist = exchange_gist(exchange)
    assert gist is not None and gist.rank == RAN
    assert crash in gist.text and "cat logs/worker.log" in gist.text


def test_a_log_of_error_records_without_a_crash_gets_no_crash_gist() -> None:
    log = "\n".join(
        f"12:{i:02d} ERROR payment failed: ValueError: bad amount {i}" for i in range(40)
    )
    exchange = read_messages(chat_exchange("c1", "shell", {"command": "cat logs/pay.log"}, log))
    gist = exchange_gist(exchange)
    assert gist is None or "ValueError" not in gist.text


def _session() -> Dicts:
    messages: Dicts = [
        {"role": "system", "content": "You are a booking platform agent."},
        {"role": "user", "content": "Find why the worker stopped overnight."},
    ]
    messages += chat_exchange(
        "call_c", "shell", {"command": "cat logs/celery-worker-3.log"}, _log_with(_CRASHES[0])
    )
    messages.append({"role": "assistant", "content": "Read the worker log."})
    for n in range(30):
        messages.append({"role": "user", "content": "go on"})
        messages += chat_exchange(
            f"call_{n}", "shell", {"command": "grep -rn booking src/ | head -60"}, _records(n, 60)
        )
        messages.append({"role": "assistant", "content": f"Step {n}: checked."})
    messages.append({"role": "user", "content": "go on"})
    return messages


@pytest.mark.parametrize("window", [8_000, 16_000, 32_000])
def test_fit_keeps_a_crash_read_in_the_middle_of_a_long_log(window: int) -> None:
    result = fit(_session(), "gpt-4o", window=window, max_output_tokens=1_000)
    assert _CRASHES[0] in "\n".join(m.text for m in result.messages)
