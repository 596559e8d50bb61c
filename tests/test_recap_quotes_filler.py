"""The quotes under a recap spend no lines on routine progress lines (R28-M3: "- Assistant:
Step 11 done." twenty-five times): of the lines that differ only in a counter, the newest is
quoted; a line with a value is quoted whatever its shape."""

from __future__ import annotations

import json

from contextledger.compaction.floor import choose_quotes
from contextledger.model import Message, ToolCall


def _record() -> list[Message]:
    msgs = [Message.user("Goal: build the cache.", id="u0")]
    for i in range(25):
        call = ToolCall(f"c{i}", "shell", json.dumps({"command": f"make step{i}"}))
        msgs += [
            Message("assistant", (call,), id=f"a{i}"),
            Message.tool(f"c{i}", "ok", id=f"t{i}"),
            Message.assistant(f"Step {i} done.", id=f"s{i}"),
            Message.assistant(f"The retry count is {i % 4 + 2}.", id=f"r{i}"),
        ]
    return msgs


def test_one_routine_progress_line_is_quoted_the_newest() -> None:
    record = _record()
    quotes = [line for _, line in choose_quotes(record, {"u0"}, (), "", 20_000)]
    steps = [q for q in quotes if q.startswith("Assistant: Step ")]
    assert steps == ["Assistant: Step 24 done."]
    # a value is no counter: each retry count said is still quoted
    assert sum(q.startswith("Assistant: The retry count is") for q in quotes) == 4
    assert "Assistant ran shell: make step3" in quotes
