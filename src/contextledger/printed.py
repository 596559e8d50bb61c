"""What a tool printed, as a person reads it: a terminal's painted output as the terminal
shows it, a tool's JSON envelope ({"stdout": …, "exit_code": …}; Gemini's {"result": …}) as
the output it wraps, an API's JSON answer that reports an error as what went wrong. The
recap, its verification and fit's gists of dropped tool exchanges read tool output through
these; the record keeps every message as it came."""

from __future__ import annotations

import json
import re

from .lexicon.common import compiled_on_use
from .lexicon.outcomes import FAILED_OUTCOMES, FAILED_WHEN_EXPLAINED, OUTCOME_KEYS, REASON_KEYS
from .prefilter import may_search, superset

# A terminal's control sequences: colours and cursor moves (CSI "ESC [ … m"), window titles
# and links (OSC "ESC ] … BEL"), two-character escapes; and the same written out by a JSON
# envelope ("\u001b[31m") or a log that escaped them ("\x1b[0m", "\033[1m")
_ANSI = compiled_on_use(
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


# the keys of a shell tool's envelope: what the command printed, and how it ended ("result":
# the google-genai SDK hands a function's return value to Gemini as {"result": value})
_PRINTED = ("stdout", "output", "combined_output", "stderr", "result")
_HOW_IT_ENDED = frozenset(
    {"exit_code", "exitcode", "exitCode", "returncode", "return_code", "code", "status",
     "duration", "duration_s", "duration_ms", "elapsed", "elapsed_ms", "timed_out", "timedOut",
     "truncated", "signal", "success", "ok", "cwd", "command", "interrupted"}
)  # fmt: skip
_EXIT_KEYS = ("exit_code", "exitcode", "exitCode", "returncode", "return_code", "code")


def unwrapped(text: str, depth: int = 0) -> str | None:
    r"""A shell tool's JSON envelope as the output it wraps: what the command printed
    (stdout, then stderr), then how it ended when it did not end well ("exit code: 2",
    "timed out"); None for any other text. The numbers it printed are read as printed,
    not as one line of JSON.

    >>> unwrapped('{"exit_code": 2, "stdout": "sent: 4\\n", "stderr": "boom"}')
    'sent: 4\nboom\nexit code: 2'
    >>> unwrapped('{"stdout": "x", "rows": 3}') is None
    True
    >>> unwrapped('{"result": "{\\"output\\": \\"1 failed\\\\n\\", \\"returncode\\": 1}"}')
    '1 failed\nexit code: 1'

    """
    if not text[:64].lstrip().startswith("{") or not text[-64:].rstrip().endswith("}"):
        return None  # (ends looked at first: most outputs are no envelope, some are long)
    body = text.strip()
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
    if len(said) == 1 and len(data) == 1 and depth == 0:
        # ({"result": "<a shell tool's own envelope, as JSON text>"}: what it wraps)
        return unwrapped(said[0], depth + 1) or said[0]
    return "\n".join(said)


# An HTTP API's answer that is an error, printed as JSON ({"error": …}, "status": 503).
_STATUS_KEYS = frozenset(
    {"status", "statuscode", "status_code", "code", "http_status", "httpstatus"}
)
_JSON_MESSAGE = compiled_on_use(r'^"(?:message|error|detail|title|reason|error_description)"\s*:')
_SEVERE = frozenset({"error", "fatal", "critical"})
#: Where an error answer may be (every way ``_is_error_answer`` finds one holds one of these):
#: screened by its RE2 superset before any parse, at C speed (most JSON outputs are data: a
#: cold fit reads hundreds, the recap every one). A ``\u`` escape may hide a key's letters.
ERROR_SCREENED = compiled_on_use(
    r'(?i)"(?:errors?|severity)"\s*:|"(?:ok|success)"\s*:\s*false|'
    r'"(?:status|statuscode|status_code|code|http_status|httpstatus)"\s*:\s*"?'
    r"(?:\s|\\[nrt])*0*[45]\d\d|"
    r':\s*"(?:\s|\\[nrt])*(?:'
    + "|".join(
        sorted(map(re.escape, FAILED_OUTCOMES | FAILED_WHEN_EXPLAINED), key=lambda w: (-len(w), w))
    )
    + r')(?:\s|\\[nrt])*"'
)
#: A longer answer is read as no error answer (an API's error body is short; a long JSON
#: output is data).
_ANSWER_CHARS = 100_000


def error_answer(text: str) -> list[str]:
    """The lines of a tool output that is an API's error answer in JSON (what went wrong):
    the line itself when it is one line, else the lines carrying its message; [] for any
    other output.

    >>> error_answer('{"id": "PA-2291", "status": "rejected", "message": "missing drawing"}')
    ['{"id": "PA-2291", "status": "rejected", "message": "missing drawing"}']
    >>> error_answer('{\\n  "success": false,\\n  "message": "card declined"\\n}')
    ['"message": "card declined"']
    >>> error_answer('{"status": "ok", "items": []}')
    []
    >>> error_answer('{"status": "returned", "reason": "R01 insufficient funds"}')
    ['{"status": "returned", "reason": "R01 insufficient funds"}']
    >>> error_answer('{"book": "Dune", "status": "returned"}')
    []
    """
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")) or len(body) > _ANSWER_CHARS:
        return []
    if "\\u" not in body and not may_search(superset(ERROR_SCREENED), body):
        return []  # (surely no error answer: most JSON outputs)
    try:
        data = json.loads(body)
    except ValueError:
        return []
    if not _is_error_answer(data):
        return []
    lines = [ln.strip() for ln in body.splitlines() if ln.strip()]
    if len(lines) == 1:
        return lines
    said = [ln for ln in lines if _JSON_MESSAGE.match(ln)]
    return said[:2] or lines[:1]


def _is_error_answer(data: object, depth: int = 0) -> bool:
    """A parsed JSON answer that reports an error: an ``error``/``errors`` member, a 4xx
    or 5xx status, ``"ok": false`` / ``"success": false``, an outcome that failed or was
    turned down in any language (``"estado": "RECHAZADO"``), or one that went wrong with
    its reason given (``{"status": "returned", "reason": "R01 insufficient funds"}``)."""
    if not isinstance(data, dict) or depth > 2:
        return False
    explained = any(str(key).casefold() in REASON_KEYS and data[key] for key in data)
    for key, value in data.items():
        k = str(key).casefold()
        if k in ("error", "errors") and value not in (None, False, "", [], {}):
            return True
        if k in ("ok", "success") and value is False:
            return True
        if k in _STATUS_KEYS:
            code = str(value).strip()
            if code.isdigit() and 400 <= int(code) <= 599:
                return True
        if (
            k in OUTCOME_KEYS
            and isinstance(value, str)
            and value.strip().casefold() in FAILED_OUTCOMES
        ):
            return True  # {"statut": "REJET", "code": "EDI-2107"}
        if (
            explained
            and k in OUTCOME_KEYS
            and isinstance(value, str)
            and value.strip().casefold() in FAILED_WHEN_EXPLAINED
        ):
            return True
        if isinstance(value, dict) and _is_error_answer(value, depth + 1):
            return True
        if isinstance(value, list) and any(_severe(v) for v in value[:50]):
            return True  # a FHIR OperationOutcome's issue: {"severity": "error", …} (RT24-1)
    return False


def _severe(item: object) -> bool:
    return isinstance(item, dict) and str(item.get("severity", "")).casefold() in _SEVERE
