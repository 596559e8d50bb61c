"""The assistant's decision, said after a look-up in a turn of its own ("Having read the
write-ups, I'll …", "Plan: …", "Going with this: …", "We should …, since …"), is kept once
the cut leaves it out, at every window (R37-F1: no gist held it; kept at 8k and 16k in the
run of recent turns, lost at 32k, whose run held the newest tool outputs bigger and so
fewer turns)."""

from __future__ import annotations

import json
import random

import pytest

from contextledger import Message, ToolCall
from contextledger.fit import fit

MODEL = "gpt-4.1"
CHOICE = "file the claim under Title VII rather than the state whistleblower statute"
SAYINGS = [
    "Having read the write-ups, I'll {c}: the complaint came nine days before the firing.",
    "Plan: {c}.",
    "Going with this: {c}.",
    "We should {c}, since the complaint came nine days before the firing.",
]


def _rows(rng: random.Random, n: int) -> str:
    lines = ["date,employee,dept,hours,overtime,rate"]
    for _ in range(n):
        lines.append(
            f"2025-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d},E{rng.randrange(1000, 9999)},"
            f"{rng.choice(['YARD', 'DISP', 'MAINT'])},{rng.randrange(30, 41)},{rng.randrange(0, 15)},"
            f"{rng.randrange(20, 32)}.{rng.randrange(10, 99)}"
        )
    return "\n".join(lines)


def _session(saying: str) -> list[Message]:
    rng = random.Random(7)
    msgs = [
        Message.system("You help a lawyer prepare an employment claim."),
        Message.user("Help me prepare the wrongful termination claim for Marisol Ortega."),
    ]
    n = 0

    def look(rows: int) -> None:
        nonlocal n
        n += 1
        call = ToolCall(f"c{n}", "payroll_export", json.dumps({"quarter": f"Q{n % 4 + 1}"}))
        msgs.extend([Message.assistant(call), Message.tool(f"c{n}", _rows(rng, rows))])

    for _ in range(20):
        look(60)
        msgs.extend([Message.assistant("Reviewed that batch."), Message.user("ok")])
    look(80)
    msgs.extend([Message.assistant(saying.format(c=CHOICE)), Message.user("fine")])
    for _ in range(60):  # (more than a 32k window holds after it)
        look(60)
        msgs.extend([Message.assistant("Reviewed that batch."), Message.user("ok")])
    msgs.append(Message.user("What is left to do before we file?"))
    return msgs


@pytest.mark.parametrize("saying", SAYINGS)
def test_the_decision_said_after_a_look_up_is_kept_after_the_cut(saying: str) -> None:
    msgs = _session(saying)
    for window in (8_000, 16_000, 32_000):
        res = fit(msgs, MODEL, window=window, max_output_tokens=1_000)
        assert res.report.used <= res.report.budget
        assert any(CHOICE in m.text for m in res.messages), window
