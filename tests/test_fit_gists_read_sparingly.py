"""A cold fit reads no more of the gists' material than they show (speed60): a failing
output's lines up to the first 3 distinct (``failing_lines(text, most)``), and the long
turns' own words read for corrections and rules in one call for all of them. The decisions
and reports are those of the whole reading: each turn read alone, each output read whole.

Deterministic: the sessions are built from their seed (no hypothesis)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from contextledger.fit import anchors, fit, gists
from contextledger.intent import steering_requests
from contextledger.model import Text

MODEL = "gpt-4o"
_RULES = [
    "Don't restart the payments workers.",
    "Use the eu-west replica, not us-east.",
    "Actually, the retry limit is 5, not 3.",
    "Please rerun it with -x when you can.",
    "Thanks, that looks right to me.",
]


def _log(rng: random.Random, lines: int) -> str:
    return "\n".join(
        f"2026-10-{rng.randrange(1, 29):02d} {rng.choice(['INFO', 'ERROR', 'WARN'])} "
        f"worker={rng.randrange(64)} {rng.choice(['error', 'retry', 'done'])} {rng.randrange(999)}ms"
        for _ in range(lines)
    )


def _output(rng: random.Random) -> str:
    kind = rng.randrange(7)
    if kind == 0:  # a failure named after a long log that says "error" on every line
        test = f"test_refund_{rng.randrange(99)}"
        return (
            f"{_log(rng, rng.randint(5, 90))}\nFAILED tests/t.py::{test} - KeyError: 'k'\n1 failed"
        )
    if kind == 1:  # a JUnit report, lines ended by \r\n
        case = f'<testcase classname="T" name="t{rng.randrange(9)}">'
        return "\r\n".join([_log(rng, 4), case, '  <failure message="boom"/>', "</testcase>"])
    if kind == 2:  # a shell envelope that failed
        return json.dumps({"stdout": _log(rng, 6), "stderr": "Error: boom", "exit_code": 2})
    if kind == 3:  # Mocha's numbered failures
        return f"  3 passing\n  1 failing\n\n  1) api GET /o/{rng.randrange(9)}:\n     Error: 500"
    if kind == 4:
        return f"migrating...\nSUMMARY rows={rng.randrange(999)} skipped=0\ndone"
    if kind == 5:
        return f"job {rng.randrange(10**6)}: {rng.randrange(100)}% done"
    return _log(rng, rng.randint(1, 30))


def _session(seed: int, turns: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    msgs: list[dict[str, Any]] = [{"role": "user", "content": "Port the ledger service to Go."}]
    for t in range(turns):
        if rng.random() < 0.06:  # a long turn: the user's own words among pasted log lines
            said = rng.choice(_RULES)
            text = f"{_log(rng, rng.randint(6, 30))}\n\n{said}\n\n{_log(rng, rng.randint(6, 20))}"
        else:
            text = rng.choice(["ok", "keep going", f"now step {t}", "why did it fail?"])
        msgs.append({"role": "user", "content": text})
        for _ in range(rng.choice([0, 1, 2])):
            calls = [
                {
                    "id": f"c{t}_{j}_{len(msgs)}",
                    "type": "function",
                    "function": {
                        "name": rng.choice(["shell", "write_file", "poll_job"]),
                        "arguments": json.dumps({"cmd": f"make check-{rng.randrange(9)}"}),
                    },
                }
                for j in range(rng.choice([1, 1, 3]))
            ]
            msgs.append({"role": "assistant", "content": None, "tool_calls": calls})
            for c in calls:
                msgs.append({"role": "tool", "tool_call_id": c["id"], "content": _output(rng)})
            if rng.random() < 0.3:
                msgs.append(
                    {"role": "assistant", "content": f"The p95 is {rng.randrange(900)} ms."}
                )
        msgs.append({"role": "assistant", "content": "Done with this step."})
    msgs.append({"role": "user", "content": "What is left to do?"})
    return msgs


def _read_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reading before speed60: each output read whole, each long turn read alone."""
    whole = gists.failing_lines

    def failing_lines(text: str, most: int | None = None) -> list[str]:
        return whole(text)

    def read_steering(told: list[Any]) -> None:
        for t in told:
            t.steers = bool(steering_requests(t.words.paragraphs, False)[0])

    monkeypatch.setattr(gists, "failing_lines", failing_lines)
    monkeypatch.setattr(anchors, "_read_steering", read_steering)


@pytest.mark.parametrize(
    ("seed", "turns", "window"), [(5, 150, 10_000), (2, 300, 20_000), (8, 120, 9_000)]
)
def test_gists_read_as_far_as_shown_decide_and_report_as_the_whole_reading(
    seed: int, turns: int, window: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _session(seed, turns)
    got = fit(session, MODEL, window=window, max_output_tokens=300)
    gisted = [m for m in got.messages if m.id and m.id.startswith(gists.GIST_ID_PREFIX)]
    texts = [b.text for m in gisted for b in m.content if isinstance(b, Text)]
    # (the paths are taken: failures pinned, one named after a log, a long turn's own words)
    assert sum("— failed:" in t for t in texts) >= 3 and any("::test_refund" in t for t in texts)
    assert any(t.startswith("[An earlier message of yours") for t in texts)
    with monkeypatch.context() as patched:
        _read_whole(patched)
        expected = fit(session, MODEL, window=window, max_output_tokens=300)
    assert got.messages == expected.messages
    assert got.report == expected.report
