"""The record as it reads: a terminal's painted output as the terminal shows it, a shell
tool's JSON envelope ({"stdout": …, "exit_code": …}) as the output it wraps. The recap, its
verification and the LLM transcript read this; the record and the view keep every message
as it came."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..model import Message, Text, ToolResult

# A terminal's control sequences: colours and cursor moves (CSI "ESC [ … m"), window titles
# and links (OSC "ESC ] … BEL"), two-character escapes; and the same written out by a JSON
# envelope ("\u001b[31m") or a log that escaped them ("\x1b[0m", "\033[1m")
_ANSI = re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b\n]*(?:\x07|\x1b\\)|[()*+#][0-9A-Za-z]|[@-Z\\_])|"
    r"(?:\\u001[bB]|\\x1[bB]|\\033|\\e)\[[0-?]*[ -/]*[@-~]"
)


def without_ansi(text: str) -> str:
    r"""``text`` as a terminal shows it: without the colour codes a runner paints with
    (``--color=yes``, ``--colors``, gradle's rich console), which split a failing test's
    name in two ("\x1b[1mtest_refund\x1b[0m") and are no words.

    >>> without_ansi("\x1b[31mFAILED\x1b[0m tests/t.py::\x1b[1mtest_refund\x1b[0m - assert")
    'FAILED tests/t.py::test_refund - assert'
    >>> without_ansi('{"out": "\\u001b[32m✓\\u001b[0m ok"}')
    '{"out": "✓ ok"}'
    """
    if "\x1b" not in text and "\\" not in text:
        return text
    return _ANSI.sub("", text)


# the keys of a shell tool's envelope: what the command printed, and how it ended
_PRINTED = ("stdout", "output", "combined_output", "stderr")
_HOW_IT_ENDED = frozenset(
    {"exit_code", "exitcode", "exitCode", "returncode", "return_code", "code", "status",
     "duration", "duration_s", "duration_ms", "elapsed", "elapsed_ms", "timed_out", "timedOut",
     "truncated", "signal", "success", "ok", "cwd", "command", "interrupted"}
)  # fmt: skip
_EXIT_KEYS = ("exit_code", "exitcode", "exitCode", "returncode", "return_code", "code")


def unwrapped(text: str) -> str | None:
    r"""A shell tool's JSON envelope as the output it wraps: what the command printed
    (stdout, then stderr), then how it ended when it did not end well ("exit code: 2",
    "timed out"); None for any other text. The numbers it printed are read as printed,
    not as one line of JSON.

    >>> unwrapped('{"exit_code": 2, "stdout": "sent: 4\\n", "stderr": "boom"}')
    'sent: 4\nboom\nexit code: 2'
    >>> unwrapped('{"stdout": "x", "rows": 3}') is None
    True
    """
    body = text.strip()
    if not body.startswith("{") or not body.endswith("}"):
        return None
    if not any(f'"{k}"' in body for k in _PRINTED):  # (a C-speed look before any parse)
        return None
    try:
        data = json.loads(body)
    except ValueError:
        return None
    if not isinstance(data, dict) or not any(isinstance(data.get(k), str) for k in _PRINTED):
        return None
    if any(k not in _HOW_IT_ENDED and k not in _PRINTED for k in data):
        return None  # an API's answer, not a command's output
    said = [
        str(data[k]).rstrip("\n")
        for k in _PRINTED
        if isinstance(data.get(k), str) and data[k].strip()
    ]
    code = next((data[k] for k in _EXIT_KEYS if isinstance(data.get(k), int)), 0)
    if code and not isinstance(code, bool):
        said.append(f"exit code: {code}")
    if data.get("timed_out") is True or data.get("timedOut") is True:
        said.append("timed out")
    return "\n".join(said)


def readable(record: Sequence[Message]) -> tuple[Message, ...]:
    """``record`` as it reads: painted texts without their colour codes, a tool's envelope
    as the output it wraps (:func:`unwrapped`); ids and every other field kept, so what a
    recap says traces to the same message."""
    return tuple(_readable(m) for m in record)


def _readable(m: Message) -> Message:
    content = tuple(_plain(b) for b in m.content)
    same = all(a is b for a, b in zip(content, m.content, strict=True))
    return m if same else replace(m, content=content)


def _plain(block: Any, printed: bool = False) -> Any:
    if isinstance(block, Text):
        text = without_ansi(block.text)
        text = (unwrapped(text) if printed else None) or text
        return block if text == block.text else replace(block, text=text)
    if isinstance(block, ToolResult):
        content = tuple(_plain(b, printed=True) for b in block.content)
        same = all(a is b for a, b in zip(content, block.content, strict=True))
        return block if same else replace(block, content=content)
    return block
