"""Claims, not words (issue #14 part 4), session 31: a command run through an argv's
``sh -c`` script with quotes in it is the script as the shell reads it (R30-M2), and a
failing test's name is matched whole, never by a shorter or longer name (R30-M3)."""

from __future__ import annotations

import json
import shlex

import pytest

from contextledger.compaction.verify import verify_recap
from contextledger.model import Message, ToolCall


def _record(name: str, args: dict[str, object], output: str = "ok") -> list[Message]:
    call = ToolCall("c1", name, json.dumps(args))
    return [
        Message.user("Tidy up the export job.", id="u0"),
        Message("assistant", (call,), id="a1"),
        Message.tool("c1", output, id="t1"),
    ]


def _removed(recap: str, record: list[Message]) -> tuple[str, ...]:
    return verify_recap(recap, record, max_bytes=8000, ledger=False).removed_sentences


_QUOTED = [
    "awk -F',' '{print $2}' data/orders.csv",
    "git commit -am 'fix(export): retry on 503'",
    "node -e 'console.log(\"v\" + process.version)'",
]
_WRAPPERS = [
    lambda c: ("shell", {"command": ["zsh", "-lc", c]}),
    lambda c: ("exec_command", {"cmd": ["bash", "-c", c]}),
    lambda c: ("container.exec", {"cmd": ["/bin/bash", "-l", "-c", c]}),
    lambda c: ("bash", {"command": shlex.join(["sh", "-c", c])}),
]


@pytest.mark.parametrize("command", _QUOTED)
@pytest.mark.parametrize("wrap", _WRAPPERS)
def test_a_script_with_quotes_run_through_a_shell_argv_is_the_command_run(
    command: str, wrap: object
) -> None:
    name, args = wrap(command)  # type: ignore[operator]
    record = _record(name, args)
    assert _removed(f"Commands run:\n- `{command}`", record) == ()
    assert _removed(f"I ran `{command}`.", record) == ()


@pytest.mark.parametrize("wrap", _WRAPPERS)
def test_another_command_beside_a_wrapped_script_is_still_no_run(wrap: object) -> None:
    name, args = wrap(_QUOTED[0])  # type: ignore[operator]
    record = _record(name, args)
    record.insert(1, Message.user("Never run `git reset --hard origin/main`.", id="u1"))
    lie = "`git reset --hard origin/main`"
    assert _removed(f"Commands run:\n- {lie}", record) == (lie,)
