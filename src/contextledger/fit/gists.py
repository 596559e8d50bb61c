"""Gists: what an earlier tool exchange did, in a line, when the exchange itself is left out.

A long agent session cut to a small window keeps its recent turns and the user's pinned
requests, but the tool exchanges in between are dropped whole: which files were written,
which commands ran and what failed is gone from the view (issue #14: 0-12 % of them at
8k-32k). The fit pins, within a small cap (``gist_cap``), a short gist of each such earlier
exchange that failed, wrote a file or ran a command (not a look-up: ``ls``, ``grep``, a read),
and the assistant's short statements of a value ("The p95 for search is 180 ms."), each in
the words the record holds (the call's own arguments, the output's failing lines), so that
the exact command, path and failing test are still in front of the model.

Everything here is made once per message (``HistoryIndex.memo``) and is cheap: a tool's
output is read for failure signs only from its head and tail, by a few substring tests
before any pattern, and a call's arguments are parsed once.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import compress, islice, pairwise, repeat
from math import inf
from operator import itemgetter, ne
from typing import Literal

from ..intent import is_decision
from ..lexicon.common import COUNTER_LABELS, SENTENCE_WORDS, compiled_on_use
from ..lexicon.intent import (
    LETTER_CLOSING,
    LETTER_GREETING,
    NUDGE_WORDS,
    PROPOSAL_OPENING,
    SPEAKER_FIRST,
)
from ..lexicon.outcomes import (
    CRASHED,
    CRASHED_MARKS,
    MINITEST_COUNT,
    MINITEST_NAMED,
    MONITOR_FAILED,
    MONITOR_FAILED_MARKS,
    RUN_FAILED,
    RUN_FAILED_MARKS,
)
from ..lexicon.tools import (
    COMMAND_KEY,
    LOOKING,
    LOOKUP_WORDS,
    READ_WORDS,
    SEARCHING,
    WRITE_TOOL,
)
from ..model import Message, Reasoning, Text, ToolCall, ToolResult
from ..prefilter import first_possible, superset
from ..printed import error_answer, unwrapped

#: What a gist says, in the order they are pinned: the user's correction or rule said
#: among lines pasted in a long turn, a failure, a file written, the assistant's statement
#: of a value or of a decision, the user's other words said among pasted lines, a command
#: run, a search run (its pattern and paths: what was looked for), a file read (its path),
#: and a command run again and again in the same words (digits aside: a poll, a solver's
#: rerun).
RULED, FAILED, WROTE, SAID, TOLD, RAN, SEARCHED, READ, ROUTINE = -1, 0, 1, 2, 3, 4, 5, 6, 7

#: The gists take at most this share of the history's budget, and at most this many tokens.
#: A twelfth, not a sixteenth: the choice stops at the first gist over the cap
#: (``gist_steps``), which leaves about one gist's room unused, and a gist (~50-100 tokens)
#: holds a fact far more often than the oldest verbatim turns whose room it takes.
GIST_SHARE = 12
GIST_MOST = 2_048

#: How many earlier units (exchanges and assistant turns) the pinning looks at, newest first:
#: a cold fit of a long history is not made to read every old tool output. 1,200, not 600:
#: a 1,600-dict agent session holds ~1,200 units, and the files it wrote and commands it
#: ran in its first third were never looked at, at any window (review52's support session:
#: 4 of 17 facts lost at 16k and 32k; ~+10 % of a cold 32k fit of 1,800 dicts).
GIST_VISITS = 1_200
#: ... and back to at least this many units that count from the history's end: a range that
#: does not move with the cut while the cut is within its last eighth, so a bigger window,
#: cutting further back, does not bring in older gists that take the room of those a
#: smaller window pinned (an old failure ranks ahead of the commands run since).
GIST_REACH = GIST_VISITS + GIST_VISITS // 8
#: A failure further back than this many units that count from the history's end is
#: chosen after the commands run, not first: the reach of 1,200 brought in old failures
#: that, ranked first, took the 8k cap from the newer files, commands and statements the
#: reach of 600 had pinned (retain59's held-out s1 claude 159 → 154 facts). Counted from
#: the end, not from the cut, so the order is the same at every window (``far_rank``).
GIST_NEAR = GIST_VISITS // 4
#: Where such a far failure is chosen: after the commands run, before the files read.
FAR_FAILED = RAN + 0.5


_rank_of = itemgetter(0)  # (a candidate's rank)


def far_rank(rank: int, from_end: int) -> float:
    """The rank a gist is chosen by, of a unit ``from_end`` units that count from the
    history's end: a failure beyond ``GIST_NEAR`` ranks ``FAR_FAILED``.

    >>> far_rank(FAILED, 10), far_rank(FAILED, GIST_NEAR), far_rank(WROTE, 900)
    (0, 4.5, 1)
    """
    return FAR_FAILED if rank == FAILED and from_end >= GIST_NEAR else rank


#: A value statement is a short assistant turn with a digit in it, whose wording (digits
#: aside) the session does not repeat this often ("Step 12 checked." said every turn is not).
SAID_CHARS = 280
_SAID_REPEATS = 3
#: Calls alike but for their numbers said this often are routine (a poll, a query per route);
#: fewer are each a command run once (the same playbook on three hosts).
_ALIKE_REPEATS = 5

#: Of a long tool output, its head and tail are read for failure signs (a runner's summary,
#: a traceback's last line and an error's first are there).
_HEAD_CHARS = 1_000
_TAIL_CHARS = 4_000
_FAILING_LINES = 3
# at most this many lines of output: a look-up's own answer, not records it read
_OWN_ANSWER_LINES = 2
#: A tool output this long or shorter is read as an API's answer (JSON) when it is one.
_ANSWER_CHARS = 4_000
_LINE_CHARS = 160
_ARG_CHARS = 200
#: A content of at most this many lines and characters is shown as written (``_value``)
_SHORT_CONTENT_LINES = 3
_SHORT_CONTENT_CHARS = 120
_ARGS_CHARS = 320
#: How deep a call's arguments are read for a nested command ({"run": {"cmd": …}}).
_NESTED_DEPTH = 2

_MARKS = (
    "FAIL", "fail", "Fail", "ERROR", "Error", "error", "Traceback", "Exception", "panic:",
    "exit code", "exit status", "<failure", "<error", "✗", "✕", "✖", "✘", "× ", "not ok ", "rspec ./",
    "INFEASIBLE", "UNSAT", "TIMEOUT", "TIMED OUT", "ABORTED", "CRASHED", "KILLED", "DENIED", "REJECTED",
    "INVALID", "UNHEALTHY", "● ", "[-] ", " [E]", "Status: 4", "Status: 5", "status: 4",
    "status: 5", "HTTP/1.1 4", "HTTP/1.1 5", "HTTP/2 4", "HTTP/2 5", *RUN_FAILED_MARKS,
    *MONITOR_FAILED_MARKS,
)  # fmt: skip
# (only ever searched for: ``Error\b`` is found where ``\b\w*Error\b`` is, the word that ends
# in it starts at a word boundary; ``\w*`` tried at every letter of a long word was quadratic:
# a 4,000-character base64 line took ms)
# (a failure word in an option or a compound, "--fail-fast", "--failed", "fail-safe", is no
# failure; after one hyphen it is a status that failed, "healthcheck-failed on lift-3",
# "self-test-FAILED", unless the line labels counts of both, ``_PASSED_LABEL``)
_FAIL_LINE = compiled_on_use(
    r"(?<!--)\bFAIL(?:ED|URES?|S)?\b(?!-)|(?<!--)\b[Ff]ail(?:ed|ures?|ing|s)?\b(?!-)|"
    r"\bERROR\b|Error\b|\berror\b|"
    r"Traceback \(most recent|Exception\b|^panic:|"
    r"<failure|<error\b|[✗✕✖✘]|^not ok \d|"  # (TAP's failing test line)
    r"^\s*× \S|"  # (vitest's failed test: "   × Page > renders the cart 21ms"; not "3 × 4")
    r"^rspec \./\S+:\d+ #|"  # (RSpec's list of failed examples)
    r"^● \S[^\n›]* › |"  # (Jest's failing test: "● suite › test")
    r"^\[-\] \S|"  # (Pester's failing test: "[-] Describe.It name 120ms")
    r"\S \[E\]$|"  # (dart/flutter test's failing test: "00:02 +2 -1: Cart rounds [E]")
    # an error status answered: "Status: 550 mailbox unavailable", "HTTP/1.1 503 Service …"
    r"^[Ss]tatus: [45]\d\d\b|\bHTTP/(?:1\.1|2) [45]\d\d\b|"
    # a run's status that says it did not succeed ("status: INFEASIBLE (…)")
    r"^(?:status|state|result|outcome)\s*[:=]\s*(?:INFEASIBLE|UNSAT|TIMEOUT|TIMED OUT|"
    r"ABORTED|CRASHED|KILLED|DENIED|REJECTED|INVALID|UNHEALTHY)\b|"
    # (a process's non-zero exit, a crash, a kill, npm's banner, a server's error page: the
    # markers the recap's failures read too, one list)
    r"(?:" + RUN_FAILED + r")|"
    # (a monitoring check's failing state: "CRITICAL check_disk_usage: 97% used")
    r"(?:" + MONITOR_FAILED + r")"
)
# A line that labels counts of what passed and what failed alike, by one hyphenated word
# each, says no failure by them: samtools flagstat's "(QC-passed reads + QC-failed reads)"
# on every run (retain66: a dozen such routine reads gisted as failures took the whole 8k
# and 16k room from the files written and commands run, 1/30 and 0/30 kept). A failure word
# after a hyphen on a line without such a pair is a status that failed (review58b F2:
# "healthcheck-failed", "self-test-FAILED" were no failures when every such word was none).
_PASSED_LABEL = compiled_on_use(r"\w-(?:PASS(?:ED)?|[Pp]ass(?:ed)?)\b")
_FAILED_LABEL = compiled_on_use(r"(?<=\w-)(?:FAIL(?:ED)?|[Ff]ail(?:ed)?)\b")
# a count of nothing failed: "0 failed", "errors=0", "no errors", "exit code 0"
_NOTHING_FAILED_WORDS = (
    r"\b0 (?:tests? )?(?:failed|failures?|errors?|failing)\b|\b(?:failed|failures?|errors?)\s*[=:]\s*0\b|"
    r"\bno (?:errors?|failures?)\b|\bexit (?:code|status) 0\b"
)
_NOTHING_FAILED = compiled_on_use("(?i)" + _NOTHING_FAILED_WORDS)
# a line that names the test that failed: pytest's node id, Go's "--- FAIL: TestX", Mocha's
# "1) suite test:", Gradle's "Class > test FAILED", a JUnit report's testcase, Playwright's
# "✘  2 [webkit] › signup › closes on escape key (5.0s)" (R33-F3), Pester's "[-] Describe.It
# name 120ms" (retain34 set A: a helpdesk agent's failing Pester test kept 0/6)
_NAMES_TEST = compiled_on_use(
    r"::|--- FAIL|^\d+\) \S|\S > \S|<testcase\b|^not ok \d|^rspec \./|^● |\S › \S|^\[-\] \S"
    r"|\S \[E\]$|"
    # (... or the monitoring check that failed: a check's name is its test's)
    r"(?:" + MONITOR_FAILED + r")"
)
# (... and minitest's name, on the line under its numbered "1) Failure:")
_MOCHA_TEST = compiled_on_use(r"^\d+\) \S|^" + MINITEST_NAMED)
# a count or header of failures a list of numbered tests goes with (Mocha's "1 failing",
# PHPUnit's "There was 1 failure:", RSpec's "Failures:", ExUnit's "19 tests, 1 failure")
_MOCHA_COUNT = compiled_on_use(
    r"^[1-9]\d* failing\b|^There (?:was|were) [1-9]\d* (?:failure|error)s?:|^Failures:$|"
    r"^\d+ (?:tests|doctests|properties), [1-9]\d* failures?\b|" + MINITEST_COUNT
)
_LIST_HEADS = (" failing", "There was", "There were", "Failures:", " failure")
# the file a patch touches: "*** Update File: a.py", "+++ b/a.py"
_PATCH_FILE = compiled_on_use(r"(?m)^(?:\*\*\* (?:Add|Update|Delete) File: |\+\+\+ b/)(\S.*)$")
# a line that sums a run up ("SUMMARY rows=12 checked=40", "Total reconciled: 4821",
# "==> summary: 12 removed", "Result: 3 of 40 stale"): what a report printed, kept beside
# the last line of a command's output (R28-M2: a value only a tool printed)
_SUMMARY_WORDS = r"(?:summary|totals?|results?|overall|report|stats|statistics|counts?)"
_SUMMARY_LINE = compiled_on_use(r"(?i)^\W{0,4}" + _SUMMARY_WORDS + r"\b")
#: Any summing-up word, anywhere: a tail its RE2 superset finds none in holds no summary
#: line (each line stripped and matched by Python's engine was ~6 % of a cold fit of a
#: 2,000-dict agent session at 32k; the screen reads a tail ~3x faster, speed99)
_SUMMARY_WORD = compiled_on_use(r"(?i)" + _SUMMARY_WORDS)
_SUMMARY_LINES = 2
# a line that gives a version by its key ("x-api-version: 2025-02-24", "Server Version:
# v1.29.3", "version = 3.5.1"): which API or build answered, often said nowhere else and not
# on the last line (retain65: a header's API version kept in 0-1 of 6 sessions at any window)
_VERSION_LINE = compiled_on_use(r"(?i)^\W{0,4}[\w .-]{0,40}?version\w*\s*[:=]\s*\S")
_DIGITS = compiled_on_use(r"\d+")
_NAME_WORD = compiled_on_use(r"[^\W\d_]+")
_CASE_STEP = compiled_on_use(r"(?<=[a-z])(?=[A-Z])")

#: A read-only query (SQL's): a look-up too.
_QUERYING = frozenset({"select", "show", "describe", "explain"})
#: The argument that names what an editor-like tool does (``"command": "view"``).
_OPERATION_KEY = compiled_on_use(r"(?i)^(?:command|action|operation|op|mode)$")


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Gist:
    """What an earlier unit is pinned as: its rank (``RULED`` … ``ROUTINE``) and the text."""

    rank: int
    text: str


def gist_cap(history_budget: int) -> int:
    """The tokens the gists may take of a history's budget.

    >>> gist_cap(7_000), gist_cap(127_000)
    (583, 2048)
    """
    return min(history_budget // GIST_SHARE, GIST_MOST)


#: Gist lines as they are often written (a failing test, a file written, a dated command):
#: the cap is a share of the budget in the tokens of ``GIST_SAMPLE_TOKENS``'s count
#: (o200k, gpt-4o's); a model that counts the same lines as more tokens is given as much
#: more room, so its gists hold the same lines (claude counted them ~1.6x: at 8k it kept
#: ~7 gists to gpt-4o's 11, and lost the dated commands and failing tests gpt-4o kept).
GIST_SAMPLE = (
    "[Earlier tool call, left out to fit: bash command: pytest tests/test_orders.py -q — failed: "
    "FAILED tests/test_orders.py::test_refund_rounds_down - AssertionError: assert 8 == 13]\n"
    "[Earlier tool call, left out to fit: write_file path: src/orders/settle.py — done]\n"
    "[Earlier tool call, left out to fit: bash command: python -m orders.backfill --since "
    "2026-10-28 --batch-size 256 → ok]"
)
GIST_SAMPLE_TOKENS = 105


def gist_room(history_budget: int, sample_tokens: int) -> int:
    """``gist_cap`` in the tokens of a model that counts ``GIST_SAMPLE`` as
    ``sample_tokens``: never less than ``gist_cap``, and at most twice it (the verbatim
    turns keep most of the budget whatever the count).

    >>> gist_room(7_000, GIST_SAMPLE_TOKENS), gist_room(7_000, 167)
    (583, 927)
    """
    share = min(max(sample_tokens, GIST_SAMPLE_TOKENS), 2 * GIST_SAMPLE_TOKENS)
    return gist_cap(history_budget) * share // GIST_SAMPLE_TOKENS


#: The gists are chosen within caps that go up by this many tokens (``gist_steps``): about
#: two gists' worth, the most the last cap may leave unused.
GIST_STEP = 128


def gist_steps(cap: int) -> tuple[int, ...]:
    """The caps the gists are chosen within, one after another, each going on from what
    the one before chose: ``GIST_STEP``'s multiples from twice it, the same at every window,
    then ``cap`` itself. At the fixed steps a gist over the room is stepped over for the
    smaller ones after it; at ``cap`` the choice stops at the first over it. So a bigger
    cap takes whatever a smaller one took: it goes through the same fixed steps, and its
    next one (or its own cap) is more room than the smaller one's last, from the same
    gists, in the same order, each fitting where it fitted (stepping over at the window's
    own cap too was not monotone: a gist too big for it fits a bigger one and takes the
    room of the ones after it).

    >>> gist_steps(437), gist_steps(256), gist_steps(200)
    ((256, 384, 437), (256,), (200,))
    """
    return (*range(2 * GIST_STEP, cap, GIST_STEP), cap)


def exchange_gist(messages: Sequence[Message]) -> Gist | None:
    """The gist of one tool exchange (the assistant's calls and their results), or None for
    a look-up that failed in nothing (or an exchange with no call)."""
    calls = [
        b for m in messages if m.role == "assistant" for b in m.content if isinstance(b, ToolCall)
    ]
    if not calls:
        return None
    results = [b for m in messages for b in m.content if isinstance(b, ToolResult)]
    # what each printed, as read (a shell tool's JSON envelope, Gemini's {"result": …},
    # holds its lines as escapes: unread, a failing test's line was lost, R30-M1)
    outputs: list[str] = []
    failing: list[str] = []
    failed = False
    parsed = [c.parsed() for c in calls]  # (each call's arguments parsed once)
    looks = all(_looks(c.name, p) for c, (p, _) in zip(calls, parsed, strict=True))
    for r in results:
        text = unwrapped(r.text) or r.text
        outputs.append(text)
        # (an API's answer that says it failed: {"status": "rejected", …}, "success": false)
        lines = failing_lines(text, _FAILING_LINES) or _error_answer(text)
        if lines and looks and not r.is_error and read_records(text, lines):
            lines = []  # (a log read that ran fine: its "ERROR …" records are what it read)
        if r.is_error or lines:
            failed = True
            failing += lines or _last_lines(text, 1)
            if len(set(failing)) >= _FAILING_LINES:
                break  # (the lines shown are known: the other outputs are not read)
    # the values the assistant stated in the words beside its calls ("The query found 18208
    # late rows; …", a finding that opens the next call's turn): the same words said as a
    # turn of their own are pinned (``value_statement``), so these are kept too (R33-F2)
    beside = said_beside(messages)
    if failed:
        rank = FAILED
    elif any(_writes(c.name, p) for c, (p, _) in zip(calls, parsed, strict=True)):
        rank = WROTE
    elif looks:
        # (a log read whole that holds a crash: the crash is what it told, a command's gist)
        crash = crash_line(outputs)
        if crash is not None:
            said = _calls_said(calls, parsed)
            words = f"{beside}\n" if beside is not None else ""
            return Gist(RAN, f"{words}[Earlier tool call, left out to fit: {said} → {crash}]")
        # (most exchanges of a long session: nothing is rendered for them but the files
        # they read, by path, ranked last: what the model has seen of the code)
        if beside is not None:
            return Gist(SAID, beside)
        if any(_searches(p) for p, _ in parsed):
            return Gist(SEARCHED, _search_gist(_calls_said(calls, parsed), outputs))
        paths = [path for p, _ in parsed for path in _paths_named(p)]
        if not paths:
            return None
        return Gist(READ, f"[Earlier tool call, left out to fit: read {', '.join(paths)}]")
    else:
        rank = RAN
    said = _calls_said(calls, parsed)
    words = f"{beside}\n" if beside is not None else ""
    if rank == FAILED:
        seen: list[str] = []
        for line in failing:
            if line not in seen:
                seen.append(line)
        outcome = " | ".join(seen[:_FAILING_LINES])
        return Gist(FAILED, f"{_failure_opening(beside, said)} {outcome}]")
    last = next((x for text in outputs for x in _last_lines(text, 1)), "")
    if rank == WROTE:
        # (what a write answered: the id of the work order, ticket or page it made, R36-F1)
        answered = f" → {last}" if last and not bare_receipt(last, said) else ""
        return Gist(WROTE, f"{words}[Earlier tool call, left out to fit: {said} — done{answered}]")
    crash = crash_line(outputs)
    sums = [x for text in outputs for x in summary_lines(text) + version_lines(text) if x != last]
    sums = ([crash] if crash is not None and crash != last else []) + sums[:_SUMMARY_LINES]
    outcome = " → " + " | ".join([*sums, last]) if last else ""
    return Gist(RAN, f"{words}[Earlier tool call, left out to fit: {said}{outcome}]")


#: A crash line is shown whole up to this many characters (a panic's message names the
#: file, line and value: clipped at a log line's 160, the place it crashed was cut).
_CRASH_CHARS = 240
#: How many of a mark's places in an output are looked at for a crash line: a log whose
#: records say "Error" on every line is not read line by line to its end.
_CRASH_LOOKS = 64
_CRASHED = compiled_on_use(CRASHED)


def crash_line(outputs: Sequence[str]) -> str | None:
    """The first line of the ``outputs`` that tells a program crashed (``CRASHED``), read
    from anywhere in them: a crash in the middle of a long log read whole is outside the
    head and tail ``failing_lines`` reads. Each mark is found by ``str.find``, its line
    matched alone.

    >>> crash_line(["ok\\n" * 900 + "ZeroDivisionError: division by zero\\n" + "ok\\n" * 900])
    'ZeroDivisionError: division by zero'
    >>> crash_line(["12:00 ERROR payment failed: ValueError: bad amount"]) is None
    True
    """
    for text in outputs:
        found: list[tuple[int, str]] = []
        for mark in CRASHED_MARKS:
            at, looked = text.find(mark), 0
            while at >= 0 and looked < _CRASH_LOOKS:
                start = text.rfind("\n", 0, at) + 1
                end = text.find("\n", at)
                line = text[start : len(text) if end < 0 else end].strip()
                if _CRASHED.search(line) is not None:
                    found.append((start, line))
                    break
                at, looked = (-1 if end < 0 else text.find(mark, end)), looked + 1
        if found:
            return _clip(min(found)[1], _CRASH_CHARS)
    return None


def _search_gist(said: str, outputs: Sequence[str]) -> str:
    """A search's gist: the call as given (its pattern and paths), and how many lines it
    found, not the lines (the search is the fact; its hits are re-found by running it).

    >>> _search_gist("bash command: rg -n 'SKIP LOCKED' src/", ["a.py:3: x", "b.py:9: y"])
    "[Earlier tool call, left out to fit: bash command: rg -n 'SKIP LOCKED' src/ → 2 lines]"
    """
    found = sum(len(text.strip().splitlines()) for text in outputs)
    return f"[Earlier tool call, left out to fit: {said} → {found or 'no'} lines]"


def _searches(parsed: object) -> bool:
    """A call whose command (or one of a chain) searches for a pattern (``SEARCHING``)."""
    return any(
        SEARCHING.match(command.strip())
        for line in _commands(parsed)
        for command in _CHAIN.split(line)
    )


def _calls_said(calls: Sequence[ToolCall], parsed: Sequence[tuple[object, str | None]]) -> str:
    """The calls as a gist says them: each by its name and arguments (``_arguments``)."""
    return "; ".join(
        f"{c.name} {_arguments(c, p, e)}".rstrip() for c, (p, e) in zip(calls, parsed, strict=True)
    )


def _failure_opening(beside: str | None, said: str) -> str:
    """How a failed exchange's gist opens, all but its failing lines (and the "]" after)."""
    words = f"{beside}\n" if beside is not None else ""
    return f"{words}[Earlier tool call, left out to fit: {said} — failed:"


def failure_opening(messages: Sequence[Message]) -> str | None:
    """The opening ``exchange_gist`` gives a tool exchange were it to have failed, read from
    its assistant turn alone (its calls and the words beside them: what a failed gist says
    before its failing lines), never from its outputs; None: no call, no gist. Whatever
    lines failed, the gist is this opening, a space, the lines and "]".

    >>> call = ToolCall("c1", "run", '{"cmd": "make test"}')
    >>> failure_opening([Message.assistant(call)])
    '[Earlier tool call, left out to fit: run cmd: make test — failed:'
    >>> failure_opening([Message.assistant(call), Message.tool("c1", "FAILED a.py::t")]) in (
    ...     exchange_gist([Message.assistant(call), Message.tool("c1", "FAILED a.py::t")]).text)
    True
    """
    calls = [
        b for m in messages if m.role == "assistant" for b in m.content if isinstance(b, ToolCall)
    ]
    if not calls:
        return None
    return _failure_opening(said_beside(messages), _calls_said(calls, [c.parsed() for c in calls]))


# a size a write's receipt reports: "1234 bytes", "(30 lines)"
_SIZE = compiled_on_use(r"(?i)\b\d[\d,.]*\s*(?:[kmg]?i?b|bytes?|lines?|chars?|characters?)\b")


def bare_receipt(answer: str, said: str) -> bool:
    """Whether a write's ``answer`` tells nothing its gist's ``said`` (the call, as shown)
    does not: one word with no digit ("Done!", "OK"), or the path written again, with at
    most its size ("wrote 1234 bytes to src/a.py"). Such a receipt was ~15 tokens of each
    file-written gist, and at 16k the cap is full of gists (retain59: claude kept 154 of
    216). A receipt with an id the call did not hold ("Created ticket 4512") is kept.

    >>> bare_receipt("wrote 1234 bytes to src/a.py", "write_file src/a.py"), bare_receipt("Done!", "x")
    (True, True)
    >>> bare_receipt("Created ticket 4512", "create_ticket title=Refund"), bare_receipt("ok", "")
    (False, True)
    """
    words = answer.split()
    if len(words) == 1:
        return not _has_digit(answer)
    shown = {_bare_word(w) for w in said.split()}
    paths = {w for w in words if _bare_word(w) in shown and ("/" in w or "." in w.strip("."))}
    if not paths:
        return False
    rest = " ".join(w for w in words if w not in paths)
    return not _has_digit(_SIZE.sub(" ", rest))


def _bare_word(word: str) -> str:
    """``word`` without the quotes, brackets and punctuation around it."""
    return word.strip("'\"()[]<>{},.:;`")


def read_records(output: str, lines: Sequence[str]) -> bool:
    """Whether the failing ``lines`` of a look-up's ``output`` are records it read, not how
    it ended: none names a failing test or says the run failed ("exit code 2", "Killed"),
    and it printed more than a line or two (a short answer is the look-up's own error,
    "cat: NOTES.md: No such file or directory"). A `kubectl logs`/`journalctl` read full of
    "ERROR …" records was gisted as a failure of ~190 tokens, and a dozen of them took the
    whole cap from the files written and commands run (review52's ops and support sessions:
    files written 0/9 at every window).

    >>> read_records("a\\nERROR b\\nc", ["ERROR b"]), read_records("x\\ny\\nexit code 2", ["exit code 2"])
    (True, False)
    """
    # (the run's own end is read too: ``failing_lines`` shows the first records it found)
    ended = _last_lines(output, _OWN_ANSWER_LINES)
    if any(_names_test(x) for x in lines) or any(
        m in x for x in (*lines, *ended) for m in RUN_FAILED_MARKS
    ):
        return False
    said = 0
    for x in output.splitlines():
        said += bool(x.strip())
        if said > _OWN_ANSWER_LINES:
            return True
    return False


# (the costliest patterns here to compile, ~2 ms together: made from their stored compiled
# forms, ``compiled_on_use``)
_COUNTER = compiled_on_use(
    r"(?i)\b(?:" + "|".join(COUNTER_LABELS.split()) + r"|attempt|try|iteration|pass|page|line|"
    r"row|case|no\.|number|round)\s*#?\d+(?:\s*(?:/|of)\s*\d+)?"
)
_SENTENCE_BREAK = compiled_on_use(r"(?<=[.!?;。！？；])\s+")
_ASCII_DIGIT = compiled_on_use("[0-9]")


def _has_digit(text: str) -> bool:
    """Whether a character of ``text`` is a digit (``str.isdigit``): an ASCII one is looked
    for at C speed, and only a text beyond ASCII is read character by character (a tool's
    4,000-character tail with no digit was read so in Python, ~60 ns a character).

    >>> _has_digit("step ²"), _has_digit("no digits here"), _has_digit("٣ items")
    (True, False, True)
    """
    return _ASCII_DIGIT.search(text) is not None or (
        not text.isascii() and any(map(str.isdigit, text))
    )


def said_beside(messages: Sequence[Message]) -> str | None:
    """The sentences with a digit in them of the words the assistant said beside its calls
    (at most ``SAID_CHARS``, each as said), or None: no value was stated.

    >>> said_beside([Message.assistant("Found 18208 late rows. Now let me look at the model.")])
    'Found 18208 late rows.'
    >>> said_beside([Message.assistant("Let me look at the model.")]) is None
    True
    """
    words = " ".join(
        b.text for m in messages if m.role == "assistant" for b in m.content if isinstance(b, Text)
    )
    if not _has_digit(words) and not _MAY_DECIDE.search(words):
        return None
    kept: list[str] = []
    size = 0
    for sentence in _SENTENCE_BREAK.split(words.strip()):
        # (a counter's number states no value: "Checking step 28.", "Attempt 3 of 5.")
        if not any(ch.isdigit() for ch in _COUNTER.sub(" ", sentence)) and not decided(sentence):
            continue
        if size + len(sentence) > SAID_CHARS:
            if not kept:
                kept.append(_clip(sentence, SAID_CHARS))
            break
        kept.append(sentence)
        size += len(sentence) + 1
    return " ".join(kept) or None


# what may open the assistant's decision: a plan of its own ("I'll", "we'll", "let's"), or
# a choice said in the words ``intent.is_decision`` reads
_MAY_DECIDE = compiled_on_use(
    r"(?i)\b(?:i['’]ll|i\s+will|i['’]m\s+going\s+to|i\s+am\s+going\s+to|we['’]ll|we\s+will|"
    r"let['’]s|i['’]ve\s+decided|i\s+decided|decision|decided|go(?:ing)?\s+with|we\s+should|"
    r"i\s+suggest\s+we|plan|my\s+call|the\s+call|verdict|approach|recommendation)\b"
)
# ... a plan of its own, as it opens the sentence (after "OK," "So," "Now", a clause of a few
# words and a comma: "Having read the write-ups,", or a label of a few words: "My call:",
# "Going forward —"), or the sentence labelled as the plan or the decision ("Plan: …",
# "Going with this: …"), that does something other than look ("I'll check the logs
# first." is a step, not a decision). The assistant's decision said after a look-up in such
# words was in no gist: kept at 8k and 16k in the run of recent turns, lost at 32k, whose
# run held bigger tool outputs and fewer turns (R37-F1)
_PLAN_OPENS = (
    r"(?i)^\W*(?:[^\W\d_]+(?:[ '’-][^\W\d_]+){1,5}\s*,\s*)?"
    r"(?:(?:[^\W\d_]+(?:[ '’-][^\W\d_]+){0,2}\s*(?::|\s[—–-])\s*)?"
    r"(?:(?:ok(?:ay)?|so|now|then|next|first|alright|right|good|great)\W+)*"
    r"(?:i['’]ll|i\s+will|i['’]m\s+going\s+to|i\s+am\s+going\s+to|we['’]ll|we\s+will|"
    r"we\s+should|i\s+suggest\s+we|let['’]s|i['’]ve\s+decided\s+to|i\s+decided\s+to)\s+"
    r"|(?:the\s+|my\s+)?(?:plan|decision|call|verdict|approach|recommendation|going\s+with\s+this)"
    r"\s*:\s*)"
)
_LOOKS = (
    r"(?:first\s+|now\s+|quickly\s+|also\s+|just\s+)?(?:look|check|read|see|inspect|view|open|"
    r"search|grep|find|start|try|take\s+a\s+look|verify|examine|explore|review|investigate|list|"
    r"confirm|scan|study|dig|peek|glance|figure|understand|get|run|rerun|re-run|test|"
    r"continue|proceed|wait|think)\b"
)
_OWN_PLAN = compiled_on_use(_PLAN_OPENS + r"(?!" + _LOOKS + r")")
# ... and a plan to look, which no reading of the sentence makes a decision ("I'll take a
# look at the logs now.": a step)
_LOOK_PLAN = compiled_on_use(_PLAN_OPENS + _LOOKS)
# ... said with why: the option it weighs, the reason, how long it holds
_WHY = compiled_on_use(
    r"(?i)\b(?:so\s+(?:that|we|you|it|they|the|nothing|no)|because|since|as\s+(?:it|that|this)|"
    r"to\s+avoid|instead\s+of|rather\s+than|from\s+now\s+on|going\s+forward|for\s+now|"
    r"which\s+(?:would|will|means|keeps|lets|avoids)|in\s+case|otherwise)\b"
)


def decided(sentence: str) -> bool:
    """Whether a sentence the assistant said beside its calls states a decision: a choice
    (``intent.is_decision``: "I'll go with Redis.") or a plan of its own, not a look, said
    with why ("I'll put the page behind the feature flag x_rollout, so we can turn it off
    without a deploy."). Said beside a look-up (a grep), it was in no gist: lost at every
    window (R34-F2), while the step it announces ("I'll check the flags first.") is none.

    >>> decided("I'll put the page behind the flag x_rollout, so we can turn it off.")
    True
    >>> decided("I'll check the flags file first, since it may already exist.")
    False
    >>> decided("Let me look at the code."), decided("I'll go with Redis for the cache.")
    (False, True)
    >>> decided("My call: I'll repaint it in eggshell instead of the semi-gloss, it dries faster.")
    True
    >>> decided("Having read the notes, I'll file under Title VII rather than the state statute.")
    True
    >>> decided("Plan: file under Title VII rather than the state statute."), decided("Plan: check the logs first, since they rotate.")
    (True, False)
    >>> decided("We should split the order 60/40, because one supplier cannot cover it.")
    True
    """
    if len(sentence) > SAID_CHARS or _LOOK_PLAN.search(sentence):
        return False
    if _OWN_PLAN.search(sentence) and _WHY.search(sentence):
        return True
    return is_decision(sentence)


def summary_lines(text: str) -> list[str]:
    """The lines of a tool's output (its tail) that sum its run up, with a digit in them.

    >>> summary_lines("0001 INFO id=4 lat=2ms\\nSUMMARY orphaned_rows=557 checked=90\\n0002 INFO id=5")
    ['SUMMARY orphaned_rows=557 checked=90']
    """
    tail = text[-_TAIL_CHARS:]
    if not _has_digit(tail) or first_possible(superset(_SUMMARY_WORD), tail) < 0:
        return []
    return [
        _clip(line)
        for x in tail.splitlines()
        if (line := x.strip()) and _SUMMARY_LINE.match(line) and any(c.isdigit() for c in line)
    ]


# a version line naming what answered a call: the server, the API, a response header
_ANSWERING_VERSION = compiled_on_use(r"(?i)(?:server|api|x-[\w-]*version)\b")


def version_lines(text: str) -> list[str]:
    """The lines of a tool's output (its tail) that give a version by its key, with a digit
    in them.

    >>> version_lines("HTTP/2 200\\nx-api-version: 2025-02-24\\ncache-control: no-store")
    ['x-api-version: 2025-02-24']
    >>> version_lines("Server Version: v1.29.3"), version_lines("version: unknown")
    (['Server Version: v1.29.3'], [])
    >>> version_lines("Client Version: v1.30.1\\nKustomize Version: v5.0.4\\nServer Version: v1.29.3")
    ['Server Version: v1.29.3', 'Client Version: v1.30.1', 'Kustomize Version: v5.0.4']
    """
    tail = text[-_TAIL_CHARS:]
    if "ersion" not in tail and "ERSION" not in tail:
        return []
    found = [
        _clip(line)
        for x in tail.splitlines()
        if (line := x.strip()) and _VERSION_LINE.match(line) and _has_digit(line)
    ]
    # (the version of what answered first: a gist keeps two lines, and ``kubectl version``
    # prints its Client and Kustomize versions before the Server's; review58 on retain65)
    return sorted(found, key=lambda line: _ANSWERING_VERSION.match(line) is None)


#: A user turn at least this long may hold lines pasted around the user's own words.
PASTE_CHARS = 400
#: ... where a wide character (Chinese, Japanese, Korean) counts this many: a sheet of
#: twelve Japanese exam rules is ~300 characters, as long read as 900 Latin ones (R41-F2:
#: such sheets were not read as pasted, and took the pins of the student's own rules)
_WIDE_WEIGHT = 3
_WIDE = compiled_on_use(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]+")


def paste_sized(text: str) -> bool:
    """Whether a user turn is long enough to hold lines pasted around her words
    (``PASTE_CHARS``, a wide character counting ``_WIDE_WEIGHT``), or holds a mail at any
    length (``_letter``: five one-line instructions between a salutation and a closing are
    ~300 characters), or holds more than ``_PASTED_LINES_LEAST`` lines (six events of a
    calendar pasted, "DESCRIPTION:Μην αργήσετε.", are ~350).

    >>> paste_sized("x" * 399), paste_sized("・試験中は携帯電話の電源を切ること。" * 8)
    (False, True)
    """
    chars = len(text)
    if chars >= PASTE_CHARS:
        return True
    if chars * _WIDE_WEIGHT < PASTE_CHARS:
        return False
    if text.count("\n") > _PASTED_LINES_LEAST:
        return True  # (a short block of lines: a calendar's events, a chat's forwards)
    narrow = len(_WIDE.sub("", text))
    if narrow + (chars - narrow) * _WIDE_WEIGHT >= PASTE_CHARS:
        return True
    if "\n\n" not in text:
        return False
    return _letter([p for paragraph in text.split("\n\n") if (p := paragraph.strip())]) != (0, 0)


#: A paragraph of at most this many lines and characters is words the user said; a longer
#: one (a block of a log, a trace, a file) was pasted.
_OWN_LINES = 2
_OWN_CHARS = 400
_PASTED_LINES_LEAST = 5
_OWN_MOST = 3


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class OwnWords:
    """A long user turn's own words, said among lines pasted in it: its short paragraphs
    (``paragraphs``), how many lines were pasted around them (``pasted``)."""

    paragraphs: tuple[str, ...]
    pasted: int


def own_words(text: str) -> OwnWords | None:
    """The user's own words in a turn that pastes a log, a trace or a file around them: its
    paragraphs (between blank lines) of a line or two, the blocks pasted left out; None for
    a turn that pastes nothing much (its words are the turn).

    >>> log = "\\n".join(f"0{i} INFO id={i}" for i in range(9))
    >>> words = own_words(f"{log}\\n\\nNo, the retry limit is 5, not 3.\\n\\n{log}")
    >>> (words.paragraphs, words.pasted) if words else None
    (('No, the retry limit is 5, not 3.',), 18)
    """
    paragraphs = [p.strip() for p in text.split("\n\n")]
    own: list[str] = []
    pasted = 0
    for p in paragraphs:
        if not p:
            continue
        lines = p.count("\n") + 1
        if lines <= _OWN_LINES and len(p) <= _OWN_CHARS and not p.startswith("```"):
            own.append(p)
            continue
        # ... or a sentence of the user's between log lines with no blank line around it
        # (R29-G5: "2026-… INFO seq=…\nDon't touch maps/prod/ in this change.\n2026-…")
        mine = _said_among_log_lines(p) if lines >= _PASTED_LINES_LEAST else []
        own += mine
        pasted += lines - len(mine)
    if pasted < _PASTED_LINES_LEAST or not own or len(own) > _OWN_MOST:
        return None  # (a document of many short paragraphs: not words around a paste)
    return OwnWords(tuple(own), pasted)


def words_beside_paste(text: str) -> list[str] | None:
    """The user's own words in a turn that pastes ``_PASTED_LINES_LEAST`` lines or more (a
    handbook's page, a lease's clauses, a hospital's sheet, a quoted mail, a log): its
    paragraphs of a line or two, and in a longer paragraph the lines that read as her
    sentences (``_said_line``), not a log's or a list's, when they are a few (more: a
    document's sentences, one a line); None: no such turn. What a pasted document orders
    ("Employees must not …", "No conduzca …") is no rule of the user's: hers are in
    these words.

    >>> sheet = "\\n".join(f"- No conduzca {i} horas." for i in range(6))
    >>> words_beside_paste(f"Me mandaron esto, ¿lo revisa?\\n\\n{sheet}")
    ['Me mandaron esto, ¿lo revisa?']
    >>> words_beside_paste(f"They sent:\\n{sheet}"), words_beside_paste("Never cc my boss.")
    ([], None)
    >>> words_beside_paste(f"More output:\\n{sheet}\\nDo not touch the rounding.")
    ['Do not touch the rounding.']
    """
    own: list[str] = []
    pasted = 0
    paragraphs = [p for paragraph in text.split("\n\n") if (p := paragraph.strip())]
    letter = _letter(paragraphs)
    for at, p in enumerate(paragraphs):
        lines = p.split("\n")
        if letter[0] <= at < letter[1]:
            pasted += len(lines)  # (a mail she forwards: its orders are not hers)
            continue
        if len(lines) <= _OWN_LINES and len(p) <= _OWN_CHARS and not p.startswith("```"):
            own.append(p)
            continue
        said = _said_in_paragraph(lines)
        own += said
        pasted += len(lines) - len(said)
    return own if pasted >= _PASTED_LINES_LEAST else None


def _said_in_paragraph(lines: Sequence[str]) -> list[str]:
    """The lines of a long paragraph of ``words_beside_paste`` that read as the user's among
    pasted ones: a line that ends as a sentence does or leads into the paste (``_said_line``)
    and is no log's; where the paste is fenced (```), a line of words outside the fences is
    hers whatever its end (Thai writes no full stop: a Thai request under a fenced log was
    read as pasted and its goal lost, review44 R44-ret1); none when more than ``_OWN_MOST``
    (a document's sentences, one a line).

    >>> _said_in_paragraph(["```", "[01] worker ok=0.5", "```", "ช่วยย้ายระบบอีเมล ไปใช้ SES"])
    ['ช่วยย้ายระบบอีเมล ไปใช้ SES']
    >>> _said_in_paragraph(["[01] worker ok=0.5", "ช่วยย้ายระบบอีเมล ไปใช้ SES", "Fix it."])
    ['Fix it.']
    """
    opens_a_log_line = _OPENS_A_LOG_LINE.__contains__
    fenced = any(line.lstrip().startswith("```") for line in lines)
    inside = False
    said: list[str] = []
    for line in map(str.strip, lines):
        if fenced and line.startswith("```"):
            inside = not inside
            continue
        # (whether it reads as hers asked before whether it is a log's line: a log's, a
        # JSON's or a CSV's line ends as no sentence does, known by its last character
        # without a search; each line of a long paste searched was ~4 ms a pasted
        # request, speed90)
        if (
            inside
            or not line
            or len(line) > _OWN_CHARS
            or not (
                _words_line(line) if fenced else line[-1] in _SAID_LINE_ENDS and _said_line(line)
            )
            or opens_a_log_line(line[0])
            or _LOG_LINE.search(line)
        ):
            continue
        said.append(line)
        if len(said) > _OWN_MOST:
            return []  # (a document: its lines are no words of the user's)
    return said


def _words_line(line: str) -> bool:
    """Whether ``line`` is mostly words: three in five of its characters that are no space
    are letters or the marks written on them (Thai's vowels and tones are marks)."""
    shown = [ch for ch in line if not ch.isspace()]
    wordy = sum(ch.isalpha() or unicodedata.category(ch).startswith("M") for ch in shown)
    return wordy * 5 >= len(shown) * 3


def _letter(paragraphs: Sequence[str]) -> tuple[int, int]:
    """The paragraphs of a mail pasted among ``paragraphs`` (from its salutation, "Dear
    patient,", to its closing and signature, "Kind regards,\\nRiverside Pharmacy"), as a range;
    an empty one when there is none: a salutation with no closing after it is no mail's.

    >>> _letter(["Forwarding this:", "Dear patient,", "Do not drive.", "Regards,\\nThe Pharmacy",
    ...          "Anything to worry about?"])
    (1, 4)
    >>> _letter(["Hi, can you help?", "Do not drive."])
    (0, 0)
    """
    for at, p in enumerate(paragraphs):
        if "\n" not in p and len(p) <= _OWN_CHARS // 4 and LETTER_GREETING.match(p):
            for end in range(at + 1, len(paragraphs)):
                closing = paragraphs[end]
                if closing.count("\n") < _SIGNATURE_LINES and LETTER_CLOSING.match(closing):
                    return at, end + 1
            break
    return 0, 0


#: the lines of a mail's closing: its word, a name, a title, a company
_SIGNATURE_LINES = 4


def only_pasted(text: str) -> bool:
    """Whether a user turn is pasted lines and nothing of the user's own: no paragraph of a
    line or two (``own_words``' reading), no sentence said among log lines, no line that
    reads as a sentence of four words or more ("1. Move the cron job to 02:00."), at least
    ``_PASTED_LINES_LEAST`` lines pasted (a log, an attachment's extracted text, a mail
    thread). Such a turn shows something; it does not say what to do with it.

    >>> log = "\\n".join(f"0{i} INFO id={i} lat=2ms" for i in range(40))
    >>> only_pasted(log), only_pasted(f"Fix this crash:\\n\\n{log}"), only_pasted("Fix it.")
    (True, False, False)
    >>> only_pasted("Do these:\\n" + "\\n".join(f"{i}. Rename table t{i} to u{i}." for i in range(9)))
    False
    """
    if len(text) < PASTE_CHARS or any(map(_a_sentence, text.splitlines())):
        return False
    pasted = 0
    for paragraph in text.split("\n\n"):
        p = paragraph.strip()
        if not p:
            continue
        lines = p.count("\n") + 1
        if lines <= _OWN_LINES and len(p) <= _OWN_CHARS and not p.startswith("```"):
            return False
        if lines >= _PASTED_LINES_LEAST and _said_among_log_lines(p):
            return False
        pasted += lines
    return pasted >= _PASTED_LINES_LEAST


def _a_sentence(line: str) -> bool:
    """Whether ``line`` ends as a sentence does, with four words of letters or more."""
    if line.rstrip()[-1:] not in _SENTENCE_ENDS:  # (without a search of the line:
        return False  # a pasted CSV's line ends in no mark, and was searched to its end)
    return sum(any(ch.isalpha() for ch in word) for word in line.split()) >= 4


# a line of a log, a trace or a table, by its shape: a timestamp, a number, a bracket or a
# sigil opening it, a key=value in it, a stack frame
_LOG_LINE = compiled_on_use(
    r"^(?:[\d\[\]{}<>|#/*+@$%-]|at\s|File\s\"|\s|\w+:\s*\d|Traceback\b|"
    r"[\w.]*(?:Error|Exception|Warning|Caused\s+by)\b|"
    # (a calendar's or a card's property, "DESCRIPTION:Μην αργήσετε.", "X-WR-CALNAME;…:")
    r"[A-Z][A-Z-]{2,}(?:;[^:\s]*)?:\S)|\w=\S|\t|\.\w{1,5}:\d+\b"
)
# ... the ASCII characters its first alternative opens a line with (a line that opens with
# one is a log line whatever follows)
_OPENS_A_LOG_LINE = frozenset("0123456789[]{}<>|#/*+@$%-")
# a sentence: it ends as one does, in any script (Latin, CJK, Devanagari's dandas, Arabic's
# question mark and Urdu's full stop, Armenian's, Ethiopic's, Burmese, Khmer and Tibetan
# full stops: a Khmer or an Amharic request under a paste was read as a pasted line)
_SENTENCE_MARKS = ".!?。！？।॥؟۔։።፧။។།"
_SENTENCE_END = compiled_on_use(f"[{_SENTENCE_MARKS}]\\s*$")
# ... its last character that is no space (``\s`` and ``str.isspace`` are the same class):
# read so, without a search (tests/test_gists_log_lines_read_fast.py)
_SENTENCE_ENDS = frozenset(_SENTENCE_MARKS)
# ... and a line said among pasted ones (``_said_line``): as a sentence, or with a colon
_SAID_LINE_ENDS = _SENTENCE_ENDS | {":"}


def _said_among_log_lines(paragraph: str) -> list[str]:
    """The sentences said among a paragraph's lines when the rest are all log lines (at
    most a few: a document's lines are no log's)."""
    lines = [ln for ln in map(str.strip, paragraph.split("\n")) if ln]
    mine: list[str] = []
    opens_a_log_line = _OPENS_A_LOG_LINE.__contains__
    # (a fenced paste's lines are pasted, and a line of words outside its fences is hers
    # whatever its end, as ``_said_in_paragraph`` reads it)
    fenced = any(ln.startswith("```") for ln in lines)
    inside = False
    for ln in lines:
        if fenced and ln.startswith("```"):
            inside = not inside
            continue
        # (a line opened as most log and table lines are is one, known without a search:
        # a pasted log or CSV is thousands of them, ~0.4 µs a search)
        if not inside and not opens_a_log_line(ln[0]) and not _LOG_LINE.search(ln):
            mine.append(ln)
            if len(mine) > _OWN_MOST:
                return []  # (a document: read no further)
    if not mine or len(lines) - len(mine) < _PASTED_LINES_LEAST:
        return []
    said = _words_line if fenced else _said_line
    if not all(said(ln) and len(ln) <= _OWN_CHARS for ln in mine):
        return []  # (a log's own prose line, a heading: not words the user said)
    return mine


#: A sentence ended inside a line, more said after it
_SENTENCE_INSIDE = compiled_on_use(r"\w[.!?]\s+\w")


def _said_line(line: str) -> bool:
    """Whether a line among log lines reads as the user's: it ends as a sentence does, or
    it leads into the paste (a colon) after a sentence ("Ingrid owns the export schedule.
    Here's the job output:"; a lone "Another batch:" is no sentence of the user's).

    >>> _said_line("Ingrid owns the export schedule. Here's the job output:")
    True
    >>> _said_line("Another batch:"), _said_line("Fix it."), _said_line("ERROR x=1")
    (False, True, False)
    """
    if line.rstrip()[-1:] in _SENTENCE_ENDS:  # (it ends as a sentence does)
        return True
    return line.endswith(":") and _SENTENCE_INSIDE.search(line) is not None


def words_gist(words: OwnWords, steers: bool) -> Gist:
    """The gist of a long user turn left out: its own words (the corrections and rules among
    them first ranked), the lines pasted around them said left out."""
    rank = RULED if steers else TOLD
    said = "\n".join(words.paragraphs)
    return Gist(
        rank,
        f"[An earlier message of yours, its {words.pasted} pasted lines left out to fit:]\n{said}",
    )


def said_words(m: Message) -> str | None:
    """The words of an assistant turn of words only, its reasoning left out (a thinking
    model's every turn holds its thoughts beside what it said: the decision "My call: I'll
    repaint … instead of the semi-gloss" beside a thinking block was in no gist, R36-
    retain36-2), or None.

    >>> said_words(Message.assistant(Reasoning("anthropic", "weigh it"), Text("I'll go with Redis.")))
    "I'll go with Redis."
    """
    if m.role != "assistant":
        return None
    texts = [b.text for b in m.content if isinstance(b, Text)]
    if len(texts) != 1 or any(not isinstance(b, (Text, Reasoning)) for b in m.content):
        return None
    return texts[0]


def value_statement(m: Message) -> tuple[str, str] | None:
    """A short assistant turn of words only, with a digit in it or stating a decision
    (``states_decision``): (its text, its wording with the digits left out), or None."""
    text = said_words(m)
    if text is None or len(text) > SAID_CHARS or not text.strip():
        return None
    if not _has_digit(text) and not states_decision(text):
        return None
    return text, _DIGITS.sub("#", text)


def chat_statement(m: Message) -> tuple[str, str] | None:
    """A short assistant answer of words only said in a chat turn (not after a tool's
    output) that gives a link (``link_statement``) or states a decision of its own
    (``states_decision``): (its text, its wording with the digits left out), or None. An
    agent says what it decided in a turn of its own and the user nods ("Decision: I'll gate
    the new flow behind the remote flag ios_x_v2, so we can turn it off without a new
    build." / "sounds good"): no gist held it and the fit lost it at every window (R35-F1).

    >>> chat_statement(Message.assistant("Decision: I'll gate it behind the flag ios_x_v2, "
    ...                                  "so we can turn it off without a build."))[1]
    "Decision: I'll gate it behind the flag ios_x_v#, so we can turn it off without a build."
    >>> chat_statement(Message.assistant("I'll take a look at the logs now.")) is None
    True
    """
    said = link_statement(m)
    if said is not None:
        return said
    text = said_words(m)
    if text is None or len(text) > SAID_CHARS or not states_decision(text):
        return None
    return text, _DIGITS.sub("#", text)


_PROPOSES = compiled_on_use(PROPOSAL_OPENING)
#: The most characters of the user's turn read as a short answer to a proposal: a yes or a
#: no and a word or two, in any language ("Sounds good, do that.", "Yego, bikore utyo.")
ANSWER_MOST_CHARS = 60
_QUESTION_MARKS = ("?", "？", "؟")


def answered_proposal(proposed: Message, reply: Message) -> tuple[str, str] | None:
    """A short assistant turn of words only that puts an option to the user (one of its
    sentences opens as ``lexicon.intent.PROPOSAL_OPENING`` reads) and the user's short
    answer right after it, not a question, whatever its language: (the proposal with the
    answer, its wording with the digits left out), or None. What the user approved or
    turned down is a decision the rest of the session stands on, and neither turn was in a
    gist: a proposal said without a reason to weigh and a "yes" in Maltese or Kinyarwanda
    were lost at every window (retain65: 1-2 of 6 kept at 32k). Both turns are pinned as
    they were said (the answer is not read as a yes or a no); the text names the pair.

    >>> answered_proposal(Message.assistant("I propose we pin Riverpod to 2.5.1. Shall I?"),
    ...                   Message.user("Iva, agħmel hekk."))[0]
    'I propose we pin Riverpod to 2.5.1. Shall I?\\n[The user answered: Iva, agħmel hekk.]'
    >>> answered_proposal(Message.assistant("I propose we pin Riverpod."), Message.user("Why?"))
    >>> answered_proposal(Message.assistant("Tests pass now."), Message.user("ok"))
    """
    if not proposes(proposed) or reply.role != "user":
        return None
    if any(not isinstance(b, Text) for b in reply.content):
        return None
    answer = " ".join(reply.text.split())
    if not answer or len(answer) > ANSWER_MOST_CHARS or answer.endswith(_QUESTION_MARKS):
        return None
    said = f"{proposed.text}\n[The user answered: {answer}]"
    return said, _DIGITS.sub("#", said)


def proposes(m: Message) -> bool:
    """Whether ``m`` is a short assistant turn of words only one of whose sentences puts an
    option to the user (``lexicon.intent.PROPOSAL_OPENING``).

    >>> proposes(Message.assistant("Done. Shall I tag the release?"))
    True
    >>> proposes(Message.assistant("Done.")), proposes(Message.user("Shall I tag it?"))
    (False, False)
    """
    text = said_words(m)
    if text is None or len(text) > SAID_CHARS:
        return False
    return any(_PROPOSES.match(s) for s in _SENTENCE_BREAK.split(text.strip()))


def states_decision(text: str) -> bool:
    """Whether one of the sentences of a short assistant turn states a decision
    (``decided``): read only when a word that may open one is there."""
    if not _MAY_DECIDE.search(text):
        return False
    return any(decided(s) for s in _SENTENCE_BREAK.split(text.strip()))


def link_statement(m: Message) -> tuple[str, str] | None:
    """A short assistant answer of words only that gives a link (``://``), said in a chat
    turn rather than after a tool's output ("The incident is written up at https://…"):
    (its text, its wording with the digits left out), or None. The user may ask about the
    page later; a fit that drops the answer loses where it is (retain34 set A helpdesk
    sessions: the links the assistant gave kept 0/6 at every window).

    >>> link_statement(Message.assistant("See https://kb.example/article/42 for the fix."))[1]
    'See https://kb.example/article/# for the fix.'
    >>> link_statement(Message.assistant("Done, step 4 checked.")) is None
    True
    """
    text = said_words(m)
    if text is None or len(text) > SAID_CHARS or "://" not in text:
        return None
    return text, _DIGITS.sub("#", text)


#: What a short user turn tells, in the order ``told_rank`` ranks it (what a person would
#: need back first): a specific (a number, a date, a link, a name) of the speaker's own
#: life ("my account number is A1234"), another specific, or a statement about the
#: speaker ("I hate cilantro.").
TOLD_MINE, TOLD_SPECIFIC, TOLD_ABOUT_ME = 0, 1, 2
#: How many leading nudge words ("um", "okay so") a statement about the speaker may open with
_LEADING_NUDGES = 2
_WORD = compiled_on_use(r"[^\W_][\w'’-]*")
# a number, a link, an address: a specific
_SPECIFIC = compiled_on_use(r"\d|://|@")
# a tag that labels a turn ("#1a", "ref #3f2", "#12"): its digits say no value; a number of
# four digits or more after "#" is an identifier ("ticket #5521", "order #48213")
_TAG = compiled_on_use(r"#(?!\d{4,}\b)\w+")
#: A note of at most this many English-alphabet words holding an identifier (``_IDENTIFIER``)
#: is a fact jotted down though no word binds it as a sentence ("PIN changed 8841 dont tell
#: anyone", "wifi password hunter2 router admin 192.168.0.1"); words strung around a small
#: count ("rows copied lag batch index 42 vacuum") or a longer string of words are not
_NOTE_WORDS = 6
# an identifier: a code mixing letters and digits, a number of three digits or more, or
# digits joined by dots, colons or slashes (an address, a time, a reading)
_IDENTIFIER = compiled_on_use(
    r"(?<![\w.])(?:[^\W\d_]+\d[\w-]*|\d+[^\W\d_][\w-]*|\d{3,}|\d+(?:[.:/]\d+)+)(?![\w])"
)
# a word inside a sentence: after a space that follows no sentence's end
_WORD_INSIDE = compiled_on_use(r"(?<=[^\s.!?:;。！？])\s+([^\W\d_][\w'’-]*)")
# a sound of hesitation a transcript writes down: "um", "uhh", "erm", "hmm"
_HESITATION = compiled_on_use(r"(?:u+h*m+|u+h+|e+r+m*|h+m+|a+h+|o+h+)$")
_SPEAKER_WORDS = frozenset({"I", "I'm", "I’m", "I'll", "I’ll", "I've", "I’ve", "I'd", "I’d"})
# the speaker or their own: what makes a specific theirs ("my sister", "we live at", "I pay")
_OWNER = compiled_on_use(r"(?i)(?<![\w'’])(?:my|mine|our|ours|we|me|i)(?![\w])")
#: A turn of words of the English alphabet with at least this many words says a specific in
#: a sentence only with a word that binds a sentence (``SENTENCE_WORDS``): else it is words
#: strung with a number, not something told (a test's filler, a list of tags)
_SENTENCE_LEAST_WORDS = 4
#: ... or with a word of at most this many letters (another language's "di", "ni", "sa")
_GLUE_LETTERS = 2


def told_rank(text: str) -> int | None:
    """What a short user turn tells that a reader of a long chat must not lose once it is
    cut (``TOLD_MINE``: a number, a date, a link, an address or a name said inside a
    sentence, of the speaker's own life; ``TOLD_SPECIFIC``: one said of anything else;
    ``TOLD_ABOUT_ME``: a statement whose subject is the speaker), or None: a turn longer
    than ``SAID_CHARS`` or one that tells neither. A companion's or an assistant's user says
    the facts of their life in passing, in short turns among thousands of others ("my
    sister Sunniva came over yesterday", "dentist on the 13th at 10:30"): the fit kept a
    third of them at every window (retain34's held-out companion chats: names 1/12, dates
    0/6, preferences 0/6 at 32k). A tag's digits ("ok thanks ref #3f2") say no value, nor do
    words strung with a number and no word that makes them a sentence ("rows lag batch
    index 42"): a chat of such turns had each pinned as a fact (retain35 broke the fit's
    window filling on them).

    >>> told_rank("my sister Sunniva came over yesterday"), told_rank("dentist on the 13th at 10:30")
    (0, 1)
    >>> told_rank("um I hate cilantro with a passion"), told_rank("play some jazz")
    (2, None)
    >>> told_rank("Sounds good. Thanks!") is None, told_rank("x " * 200) is None
    (True, True)
    >>> told_rank("ok thanks ref #3f2"), told_rank("rows copied lag batch index 42 vacuum")
    (None, None)
    """
    if len(text) > SAID_CHARS or not text.strip():
        return None
    if _SPECIFIC.search(text) and _says_a_specific(text):
        return TOLD_MINE if _OWNER.search(text) else TOLD_SPECIFIC
    inside = text[1:]
    if inside.lower() != inside:  # (a capital after the first letter: read for a name)
        for word in _WORD_INSIDE.finditer(text):
            w = word.group(1)
            if w[0].isupper() and w not in _SPEAKER_WORDS:
                return TOLD_MINE if _OWNER.search(text) else TOLD_SPECIFIC
    for word in islice(_WORD.finditer(text), _LEADING_NUDGES + 1):
        if SPEAKER_FIRST.match(text, word.start()):
            return TOLD_ABOUT_ME
        w = word.group().casefold()
        if w not in NUDGE_WORDS and not _HESITATION.match(w):
            break  # (only "um", "okay so" open it before the speaker)
    return None


#: A user turn longer than ``SAID_CHARS`` is read for the facts it tells by sentence up to
#: this length (a longer one is a paste or a document: its own words are found among the
#: lines pasted, ``own_words``): a customer's account number said inside a 1,200-character
#: complaint was in no pin (retain36's held-out support chats kept 42 % of their facts at
#: 16k), and the cost of reading stays bounded by the turn's length
TOLD_TURN_CHARS = 4_000
#: How many of a long turn's sentences telling a fact are kept as its excerpt (the best
#: ranked, in the order said): a turn whose every sentence tells something is not a note
_TOLD_SENTENCES = 5
#: What stands for a long turn's sentences left out between those kept
TOLD_ELISION = " … "
# what a sentence telling a fact holds (``_sentence_told``), found in one search: a digit, a
# link, an address, or a capitalized word right before another (a name: "Tomasz Wrona";
# "As I said" is none) in the Latin, Greek or Cyrillic script (a superset: the sentence
# is then read). A cold fit of retain34's companion chats spent 19 % more reading each
# long turn's sentences one by one
_CAPITAL = "A-ZÀ-ÖØ-ÞĀ-ɏΆ-ΫЀ-Я"
_TOLD_MARK = compiled_on_use(rf"\d|://|@|[{_CAPITAL}][\w'’-]* [{_CAPITAL}]\w")


def told_excerpt(text: str, routine: Callable[[str], bool] | None = None) -> tuple[int, str] | None:
    """The sentences of a user turn of several sentences (up to ``TOLD_TURN_CHARS``) that
    tell a specific (``told_rank``'s ``TOLD_MINE`` or ``TOLD_SPECIFIC``: a number, a date, a
    link, a name), at most ``_TOLD_SENTENCES`` of them in the order said, joined by
    ``TOLD_ELISION``, with the best rank among them; None when no sentence tells one
    (``excerpt_told`` of ``told_sentences``). ``routine``: whether a sentence is one the
    user says again and again (``routine_sentence``): it tells nothing new, and is left out.

    >>> told_excerpt("Hi, sorry for the long message, it has been a week. " * 6
    ...              + "My policy number is MTR-118822-C. Thanks again for your help today.")
    (0, 'My policy number is MTR-118822-C.')
    >>> told_excerpt("ugh " * 100) is None
    True
    >>> told_excerpt("I tried it again 3 times. My flat is number 12B.", "I tried".__eq__)
    (0, 'I tried it again 3 times. … My flat is number 12B.')
    >>> told_excerpt("I tried it again 3 times. My flat is number 12B.",
    ...              lambda s: s.startswith("I tried"))
    (0, 'My flat is number 12B.')
    """
    told = told_sentences(text)
    if routine is not None:
        told = tuple(t for t in told if not routine(t[1]))
    return excerpt_told(told)


def told_sentences(text: str) -> tuple[tuple[int, str, int], ...]:
    """(rank, sentence, ``wording_hash``) of each sentence of a user turn (up to ``TOLD_TURN_CHARS``) that
    tells a specific, in the order said: what ``told_excerpt`` chooses from. Only the
    paragraphs of a line or two are read (a pasted block's lines are no sentences the user
    said), and statements about the speaker are not kept (a long turn says "I" in every
    sentence). Each sentence is kept word for word. Depends on the text alone, so a refit
    reads each turn once (``HistoryIndex.of_text``): read again every refit, the sentences
    of the facts told in passing were half of a refit of a 10,000-message session; their
    wordings' hashes are what ``excerpt_told`` looks up."""
    if len(text) > TOLD_TURN_CHARS or _TOLD_MARK.search(text) is None:
        return ()  # (most turns: one search, no sentence read)
    found: list[tuple[int, str, int]] = []
    for paragraph in text.split("\n\n"):
        if paragraph.count("\n") >= _OWN_LINES or _TOLD_MARK.search(paragraph) is None:
            continue  # (pasted lines: a log, a table, a list; or nothing told)
        for sentence in _SENTENCE_BREAK.split(paragraph.strip()):
            rank = _sentence_told(sentence) if _TOLD_MARK.search(sentence) else None
            if rank is not None:
                found.append((rank, sentence, wording_hash(sentence)))
    return tuple(found)


def excerpt_told(
    told: Sequence[tuple[int, str, int]], said: Counter[int] | None = None
) -> tuple[int, str] | None:
    """``told_excerpt`` of a turn whose ``told_sentences`` are ``told``, leaving out the
    sentences whose wording the user says again and again (``said``: counts by
    ``wording_hash``, as ``routine_sentence`` reads them)."""
    found = [
        (rank, order, sentence)
        for order, (rank, sentence, wording) in enumerate(told)
        if said is None or not repeated(said[wording])
    ]
    if not found:
        return None
    kept = sorted(found)[:_TOLD_SENTENCES]
    kept.sort(key=lambda f: f[1])
    return min(rank for rank, _, _ in kept), TOLD_ELISION.join(s for _, _, s in kept)


def several_sentences(text: str) -> bool:
    """Whether ``text`` says more than one sentence (a short turn is then read by sentence:
    a fact said in passing between two remarks, "Sorry for the rant. The bill was £47.80.").

    >>> several_sentences("My flat is 12B."), several_sentences("Sorry. My flat is 12B.")
    (False, True)
    """
    return _SENTENCE_BREAK.search(text.strip()) is not None


def sentence_keys(text: str) -> tuple[list[int], list[int]]:
    """``wording_hash`` and ``sentence_shape`` of each of ``text``'s own sentences
    (``own_sentences``; a turn of one sentence read whole): what ``routine_sentence``
    counts."""
    sentences = own_sentences(text) if several_sentences(text) else [text.strip()]
    return [wording_hash(s) for s in sentences], [sentence_shape(s) for s in sentences]


#: How many of a sentence's first and last words make its shape (``sentence_shape``)
_SHAPE_HEAD, _SHAPE_TAIL = 3, 2


#: Characters of each end of a long sentence read for its frame words (``sentence_shape``):
#: a pasted transcript with no stop in it is one sentence of hundreds of words, and
#: splitting all of them into words was ~15 % of a cold fit of a chat of Korean and Thai
#: pastes (Python's engine reads a letter past ASCII at ~50 ns, an ASCII one ~10x faster:
#: an ASCII sentence is split whole up to four times that)
_SHAPE_END_CHARS = 128


@lru_cache(maxsize=8_192)
def sentence_shape(sentence: str) -> int:
    """A hash of ``sentence``'s frame: its first and last words, leaving out those that
    hold a digit and those capitalized inside it (a name, a weekday, a city): the same
    remark said with another place, day or count ("I read that Porto gets very busy with
    cruise ships." / "… that Seville gets …") has the same shape. Made once per sentence
    (a turn is read again for each request pinned beside it).

    >>> sentence_shape("Is Monday a bad day to arrive, are shops closed?") == sentence_shape(
    ...     "Is Saturday a bad day to fly in, are shops closed?")
    True
    >>> sentence_shape("Mum is vegetarian.") == sentence_shape("Mum is allergic.")
    False
    """
    if len(sentence) > (8 if sentence.isascii() else 2) * _SHAPE_END_CHARS:
        ends = _frame_ends(sentence)
        if ends is not None:
            return hash((*ends[0], "…", *reversed(ends[1])))
    return hash(_frame_of(_WORD.findall(sentence)))


def _frame_of(words: list[str]) -> tuple[str, ...]:
    """The frame words of a sentence of ``words``: its first ``_SHAPE_HEAD`` and last
    ``_SHAPE_TAIL`` (``_frames``), folded, around "…"."""
    head: list[str] = []
    for j, w in enumerate(words):
        if _frames(w, j):
            head.append(w.casefold())
            if len(head) == _SHAPE_HEAD:
                break
    tail: list[str] = []
    for j in range(len(words) - 1, -1, -1):
        if _frames(words[j], j):
            tail.append(words[j].casefold())
            if len(tail) == _SHAPE_TAIL:
                break
    return (*head, "…", *reversed(tail))


def _frame_ends(sentence: str) -> tuple[list[str], list[str]] | None:
    """The first and the last frame words of a long ``sentence`` (as ``_frame_of`` finds
    them, the last ones newest first) read from its first and last ``_SHAPE_END_CHARS``
    only; None when either end holds too few. A word cut by an end is left out: a match
    of ``_WORD`` ends before a character that cannot go on a word, so the words found
    after the first one in the last characters are the sentence's own last words, and
    those before the last one in the first characters its first words."""
    opening = _WORD.findall(sentence, 0, _SHAPE_END_CHARS)[:-1]
    head = [w.casefold() for j, w in enumerate(opening) if _frames(w, j)][:_SHAPE_HEAD]
    closing = _WORD.findall(sentence, len(sentence) - _SHAPE_END_CHARS)[1:]
    # (no word of the closing is the sentence's first: _frames' "at" is not 0)
    tail = [w.casefold() for w in reversed(closing) if _frames(w, 1)][:_SHAPE_TAIL]
    if len(head) < _SHAPE_HEAD or len(tail) < _SHAPE_TAIL:
        return None
    return head, tail


def _frames(word: str, at: int) -> bool:
    """Whether ``word``, the sentence's ``at``-th, is of its frame (``sentence_shape``)."""
    return (at == 0 or not word[0].isupper() or word in _SPEAKER_WORDS) and not (
        _ASCII_DIGIT.search(word)
    )


def routine_sentence(
    said: Counter[int], sentence: str, key: Callable[[str], int] | None = None
) -> bool:
    """Whether ``sentence`` is one the user says again and again (digits aside: ``said``
    counts each ``key`` of the sentences of their turns: their wording, or their shape,
    ``sentence_shape``): "Sorry for the long message,
    I'm typing this on my phone." said in twenty turns tells nothing new, and a turn of
    such sentences took the earlier requests' room from the fact said between them
    (retain39 set A: a support chat kept 2 of its 6 numbers at 16k).

    >>> said = Counter(sentence_keys("Sorry for the rant. Bill was 47. Sorry for the rant."
    ...                              " Sorry for the rant.")[0])
    >>> routine_sentence(said, "Sorry for the rant."), routine_sentence(said, "Bill was 12.")
    (True, False)
    """
    return repeated(said[(key or wording_hash)(sentence)])


def own_excerpt(text: str, routine: Callable[[str], bool]) -> str | None:
    """``text`` without its ``routine`` sentences (``_excerpt_of``: ``TOLD_ELISION`` where
    some were left out between those kept); ``text`` itself when none is, None when every
    sentence is (or it has none of its own: a pasted block).

    >>> own_excerpt("Sorry. Bill was 47. Sorry.", "Sorry.".__eq__)
    'Bill was 47.'
    >>> own_excerpt("Sorry. Bill was 47.", "x".__eq__), own_excerpt("Sorry.", "Sorry.".__eq__)
    ('Sorry. Bill was 47.', None)
    """
    sentences = own_sentences(text)
    return excerpt_without(text, sentences, [routine(s) for s in sentences])


def excerpt_without(text: str, sentences: Sequence[str], routine: Sequence[bool]) -> str | None:
    """``own_excerpt`` of ``text``, whose own sentences are ``sentences``, leaving out
    those ``routine`` marks (read once per text: ``anchors._own_excerpt``)."""
    kept = [j for j, left_out in enumerate(routine) if not left_out]
    if not kept:
        return None
    if len(kept) == len(sentences):
        return text
    return _excerpt_of(sentences, kept)


#: At most this many sentences of a long turn read as rules on their own: a turn of more
#: is a list of rules, pinned whole as before (``rule_excerpt``)
_RULE_SENTENCES = 4


def own_sentences(text: str) -> list[str]:
    """The sentences of ``text``'s paragraphs of one or two lines, in order (a pasted
    block's lines are no sentences the user said).

    >>> own_sentences("Hi there. Use port 8443!\\n\\n" + "a\\nb\\nc\\n" + "\\n\\nThanks")
    ['Hi there.', 'Use port 8443!', 'Thanks']
    """
    found: list[str] = []
    for paragraph in text.split("\n\n"):
        if paragraph.count("\n") >= _OWN_LINES or not paragraph.strip():
            continue
        found.extend(s for s in _SENTENCE_BREAK.split(paragraph.strip()) if s)
    return found


def rule_excerpts(
    texts: Sequence[str], steering: Callable[[Sequence[str]], list[int]]
) -> list[tuple[str, frozenset[str]] | None]:
    """``rule_excerpt`` of each of ``texts``, their sentences read for rules in one call
    of ``steering`` (each sentence is read on its own: the same answers; a call has a fixed
    cost, and a cold fit of a long session made one for each of ~50 long turns).

    >>> rule_excerpts(["ok", "We talked it through for a long while today. " * 7
    ...                + "Never push on Fridays."],
    ...               lambda ss: [j for j, s in enumerate(ss) if s.startswith("Never")])
    [None, ('Never push on Fridays.', frozenset({'Never push on Fridays.'}))]
    """
    split = [own_sentences(t) if len(t) <= TOLD_TURN_CHARS else [] for t in texts]
    every = [s for sentences in split for s in sentences if len(sentences) >= 2]
    found = sorted(steering(every)) if every else []
    out: list[tuple[str, frozenset[str]] | None] = []
    at = 0
    for text, sentences in zip(texts, split, strict=True):
        if len(sentences) < 2:
            out.append(None)
            continue
        lo, hi = bisect_left(found, at), bisect_left(found, at + len(sentences))
        rules = [j - at for j in found[lo:hi]]
        at += len(sentences)
        out.append(rule_excerpt(text, partial(_given, rules)))
    return out


def _given(rules: list[int], _: Sequence[str]) -> list[int]:
    return rules


def rule_excerpt(
    text: str, steering: Callable[[Sequence[str]], list[int]]
) -> tuple[str, frozenset[str]] | None:
    """A long user turn (``SAID_CHARS`` to ``TOLD_TURN_CHARS``) read as a correction or a
    rule, as the sentences in it that are one on their own (``steering``: the indices of
    the sentences that correct or constrain) and those telling a specific
    (``_sentence_told``), in the order said, joined by ``TOLD_ELISION``; with the sentences
    kept (a turn whose every one is pinned from another turn already is pinned once; read
    by its rule sentences only, a turn whose "rule" was a remark said in every turn, "No
    nic, teściowa dzwoniła.", was looked past as said again with the fact told beside it,
    at every other window: R41-F7). None: no sentence is a
    rule on its own (the turn's rule is read across its sentences: it is pinned whole),
    more than ``_RULE_SENTENCES`` are (a list of rules), or the turn is no such long turn.
    A user who talks at length ("Actually the huddle ran long again ... rather than argue
    we left it") has such turns read as rules, each pinned whole, newest first: they took
    the whole cap of the earlier requests, and the constraint said before them and the
    facts told were cut (retain37 set B: recruiting and research chats kept 41-67 % of
    their facts at 16k).

    >>> said = "It was a long week and the ward was chaos again. " * 6
    >>> text = said + "Never book two new patients back to back. That goes for locums too. "
    >>> found = rule_excerpt(text + said + "Room B114 is ours now.",
    ...                      lambda ss: [j for j, s in enumerate(ss) if s.startswith("Never")])
    >>> print(found[0])
    Never book two new patients back to back. That goes for locums too. … Room B114 is ours now.
    >>> rule_excerpt(said, lambda ss: []) is None
    True
    """
    if not len(text) <= TOLD_TURN_CHARS:
        return None
    sentences = own_sentences(text)
    if len(sentences) < 2:
        return None
    rules = steering(sentences)
    if not rules or len(rules) > _RULE_SENTENCES:
        return None
    context = {n for j in rules for n in _rule_context(sentences, j)}
    kept = set(context)
    told = 0
    for j, sentence in enumerate(sentences):
        if j in kept or told >= _TOLD_SENTENCES or _TOLD_MARK.search(sentence) is None:
            continue
        if _sentence_told(sentence) is not None:
            kept.add(j)
            told += 1
    return _excerpt_of(sentences, sorted(kept)), frozenset(sentences[j] for j in kept)


#: A sentence that points back at the one before it ("Do not commit the second one."): an
#: ordinal or a demonstrative one, not a bare "it" or "them", which chatter is full of
_REFERS_BACK = compiled_on_use(
    r"(?i)\b(?:(?:the|that|this)\s+(?:first|second|third|last|other|latter|former|same)\b|"
    r"(?:that|this)\s+one\b|those\b|these\b|both\b|either\b|neither\b)"
)
#: A sentence that goes on with the one before it ("That goes for Thursdays as well.")
_GOES_ON = compiled_on_use(
    r"(?i)^\W*(?:that|this|same|also|except|unless|including|especially|otherwise|nor|likewise)\b"
)
#: A sentence beside a rule this short is kept with it (a rule in two short sentences)
_SHORT_WORDS = 8


def _rule_context(sentences: Sequence[str], j: int) -> list[int]:
    """Rule sentence ``j`` with the sentences beside it that it leans on: the one before
    when it is short or ``j`` points back at it ("There are two config files, a.toml and
    b.toml. Do not commit the second one."), the one after when it is short or goes on
    with ``j`` ("Never deploy on Fridays. That goes for Thursdays as well."). A rule the
    reading missed sits next to the one it found in a short sentence ("Ask before any
    schema change. Priyanka owns the warehouse and has to sign off."). Each was lost from
    its excerpt where main kept the turn whole (review38 R38-retain38-1/2); a sentence of
    chatter beside a rule is no part of it."""
    kept = [j]
    if j > 0 and (_short(sentences[j - 1]) or _REFERS_BACK.search(sentences[j])):
        kept.append(j - 1)
    if j + 1 < len(sentences) and (_short(sentences[j + 1]) or _GOES_ON.search(sentences[j + 1])):
        kept.append(j + 1)
    return kept


def _short(sentence: str) -> bool:
    return len(sentence.split()) <= _SHORT_WORDS


def _excerpt_of(sentences: Sequence[str], kept: Sequence[int]) -> str:
    """The ``kept`` sentences (ascending indices) in order, ``TOLD_ELISION`` where some
    were left out between them, a space between neighbours."""
    parts = [sentences[kept[0]]]
    for before, j in pairwise(kept):
        parts.append((" " if j == before + 1 else TOLD_ELISION) + sentences[j])
    return "".join(parts)


def _sentence_told(sentence: str) -> int | None:
    """``told_rank`` of one sentence of a long turn, stricter about names: a number, a
    date, a link or an address said as a value, or a name of two capitalized words inside
    the sentence ("the witness was Tomasz Wrona"); a long turn's one capitalized word is
    most often a weekday, a brand or a greeting's next word ("Hi, My partner …"), and its
    statements about the speaker are its every other sentence. None: it tells neither.

    >>> _sentence_told("Also the witness was Tomasz Wrona, she was there."), _sentence_told("I rang on Monday.")
    (1, None)
    """
    if len(sentence) > SAID_CHARS:
        return None
    if _SPECIFIC.search(sentence) and _says_a_specific(sentence):
        return TOLD_MINE if _OWNER.search(sentence) else TOLD_SPECIFIC
    if sentence[1:].lower() == sentence[1:]:
        return None
    named_to = -1  # where the capitalized word just before ends (-1: none)
    for word in _WORD_INSIDE.finditer(sentence):
        w = word.group(1)
        if not w[0].isupper() or w in _SPEAKER_WORDS:
            named_to = -1
            continue
        if word.start(1) == named_to + 1:  # (right after another: "Tomasz Wrona")
            return TOLD_MINE if _OWNER.search(sentence) else TOLD_SPECIFIC
        named_to = word.end(1)
    return None


def _says_a_specific(text: str) -> bool:
    """Whether ``text``, which holds a digit, a link or an address, says it as a value: not
    only in tags ("#1a"), and, in a turn of several English-alphabet words, with a word that
    binds a sentence (a short note, "dentist 13th 10:30", needs none; another script is
    not read so).

    >>> _says_a_specific("flight lands at 10:40"), _says_a_specific("lag index #1a")
    (True, False)
    >>> _says_a_specific("rows copied lag batch 42"), _says_a_specific("rumah saya di Jalan Mawar 12")
    (False, True)
    """
    untagged = _TAG.sub(" ", text) if "#" in text else text
    if not _SPECIFIC.search(untagged):
        return False
    if not untagged.isascii():
        return True
    words = [w.casefold() for w in _WORD.findall(untagged) if not w[0].isdigit()]
    if len(words) < _SENTENCE_LEAST_WORDS:
        return True
    if not SENTENCE_WORDS.isdisjoint(words) or _OWNER.search(untagged) is not None:
        return True
    if len(words) <= _NOTE_WORDS and _IDENTIFIER.search(untagged) is not None:
        return True  # (a note: "PIN changed 8841 dont tell anyone")
    # (a word of one or two letters binds a sentence in most languages written in this
    # alphabet the table does not hold: "rumah saya di Jalan Mawar 12", "nyumba yangu ni 14")
    return any(len(w) <= _GLUE_LETTERS for w in words)


def routine(gists: Sequence[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """``gists`` (rank, -unit, text), a command run said again and again, or a series of
    writes alike but for their numbers, ranked ``ROUTINE``: after the commands run once.
    Said again: the same call, whatever it printed each time (``ssh nas01 'df -h'``,
    R39-F2: such checks were 21 of 34 gists while the playbook run on each host was left
    out), or, more often still, the same call but for its numbers (a poll counting up, a
    query of route R07, R12, …); a few calls alike but for a number (three hosts,
    ``--limit pve1`` … ``pve3``) are each a command run once. A search said again so is
    left out.

    >>> routine([(RAN, -3, "[poll n=1]"), (RAN, -2, "[poll n=2]"), (RAN, -1, "[poll n=3]"),
    ...          (RAN, 0, "[make]")])[::3]
    [(4, -3, '[poll n=1]'), (4, 0, '[make]')]
    >>> polls = [(RAN, -k, f"[poll n={k}]") for k in range(_ALIKE_REPEATS)]
    >>> routine([*polls, (RAN, -9, "[df → 1]"), (RAN, -8, "[df → 2]"), (RAN, -7, "[df → 3]")])[-4:]
    [(7, -4, '[poll n=4]'), (7, -9, '[df → 1]'), (7, -8, '[df → 2]'), (7, -7, '[df → 3]')]
    """
    calls = [call_of(text) if rank in (RAN, SEARCHED, WROTE) else "" for rank, _, text in gists]
    ran = [c for (rank, _, _), c in zip(gists, calls, strict=True) if rank in (RAN, SEARCHED)]
    same = Counter(ran)
    alike = Counter(map(wording, ran))
    # a write: only a series of ``_ALIKE_REPEATS`` or more calls alike but for their numbers
    # (a label made for each of 70 shipments, R40-F2: they took the gists' room at 32k, and
    # the ETA the assistant read after a look-up, pinned at 8k and 16k, was lost); the same
    # file written again is a file written
    wrote = {c for (rank, _, _), c in zip(gists, calls, strict=True) if rank == WROTE}
    series = Counter(map(wording, wrote))
    again = [
        rank in (RAN, SEARCHED) and (repeated(same[c]) or alike[wording(c)] >= _ALIKE_REPEATS)
        for (rank, _, _), c in zip(gists, calls, strict=True)
    ]
    # (a search said again and again is no gist at all: what it looked for is known, and a
    # run of near-identical greps would take the room of the reads after them)
    return [
        (
            ROUTINE if a or (rank == WROTE and series[wording(c)] >= _ALIKE_REPEATS) else rank,
            k,
            text,
        )
        for (rank, k, text), c, a in zip(gists, calls, again, strict=True)
        if not (a and rank == SEARCHED)
    ]


def call_of(text: str) -> str:
    """A ran gist's call, without what it printed (after ``→``)."""
    return text.split(" → ", 1)[0]


def least_rank(messages: Sequence[Message], up_to: float = inf) -> float:
    """A lower bound of the rank a tool exchange further back than ``GIST_NEAR`` is chosen
    by (``far_rank`` of its ``exchange_gist``), read from its assistant turn alone (its
    calls and the words beside them), never from its outputs: ``WROTE`` for a call that may
    write, ``SAID`` for look-ups with a value said beside them, else ``RAN`` (inf: no call,
    no gist); read only as far as it tells whether the rank may be ``up_to`` or below (no
    write, asked up to ``WROTE``: ``SAID``, the look-ups not read). Sound: such an exchange
    that failed ranks ``FAR_FAILED``, above all three; one that did not is ``WROTE`` (or
    ``ROUTINE``) only if a call writes, ``SAID`` only if every call looks and words are said
    beside them, else ``RAN``, ``READ``, ``ROUTINE`` or no gist.

    >>> call = ToolCall("c1", "write_file", '{"path": "a.py", "content": "x\\\\ny"}')
    >>> least_rank([Message.assistant(call)]), least_rank([Message.assistant("no call")])
    (1, inf)
    """
    calls = [
        b for m in messages if m.role == "assistant" for b in m.content if isinstance(b, ToolCall)
    ]
    if not calls:
        return inf
    if any(_may_write(c) for c in calls):
        return WROTE
    if up_to < SAID:
        return SAID  # (what a call that writes nothing ranks at the lowest)
    parsed = [c.parsed()[0] for c in calls]
    looks = all(_looks(c.name, p) for c, p in zip(calls, parsed, strict=True))
    return SAID if looks and said_beside(messages) is not None else RAN


def _may_write(call: ToolCall) -> bool:
    """``_writes`` of a call, its arguments parsed only when they may hold a line break: one
    not write-named writes only lines beside a path, and JSON holds a line break in a
    string only escaped (``loads_json`` refuses a bare one), so arguments without a "\\"
    hold none (the files-written level asked this of every far exchange, ~18 µs each).

    >>> _may_write(ToolCall("c", "fs", '{"path": "a.py", "text": "x\\\\ny"}'))
    True
    >>> _may_write(ToolCall("c", "fs", '{"path": "a.py", "text": "x y"}'))
    False
    """
    if "\\" not in call.arguments and not _write_named(call.name):
        return False
    return _writes(call.name, call.parsed()[0])


#: What one unit of the gists' scan was found to hold, read: a gist ("found": its rank and
#: text), the assistant's statement ("said": its text and wording), or nothing.
Read = tuple[Literal["found"], int, str] | tuple[Literal["said"], str, str] | None
#: A gist ``pin_gists`` may pin: (rank, -unit, text).
Candidate = tuple[int, int, str]
#: How many near exchanges ``GistCandidates`` reads at a time, newest first: the choice
#: often stops within the newest dozens of a run of near failures (a 2,000-dict agent at
#: 16k: its deepest pinned failure ~25 of ~220), and each read again ranks what was read.
_NEAR_CHUNK = 16
#: What a scan found before the units of candidates carried on (``GistCandidates.carried``):
#: gists, the user's words' gists, statements, exchanges not read, their ``from_end``.
Scanned = tuple[
    list[Candidate], list[Candidate], list[tuple[int, str, str]], dict[int, int], dict[int, int]
]
#: The ranks (``far_rank``) up to which ``GistCandidates`` reads its exchanges, one after
#: another: the near failures, the files written, the statements and the user's words,
#: then the rest. At each, every gist of a rank up to it is known and in its place.
_READ_UP_TO = (FAILED, WROTE, TOLD, inf)


class GistCandidates:
    """The gists ``pin_gists`` may pin, in the order it takes them (``ready``: rank by
    ``far_rank``, then newest first), read only as far as asked. The gists' cap holds a
    few dozen lines, and a cold fit of a 2,000-dict agent read the outputs of every one of
    the ~550 exchanges it visited to rank them (~55 ms of ~150): here an exchange's outputs
    are read only when the choice could reach its rank.

    The exchanges not read yet (``unread``, by unit, with where each is from the history's
    end) are read by ``read`` in the order of ``_READ_UP_TO``: up to ``FAILED``, those near
    the end (any may have failed); up to ``WROTE``, the further ones ``least`` (a lower
    bound, ``least_rank``, from the call alone) says may have written; up to ``TOLD``,
    those that may state a value; then all. So ``ready`` is always the start of what reading
    them all gives: every gist ranked up to the level read is known, and so is all that
    ranks them (a write alike to four others is ``ROUTINE``: every write is read by then; a
    statement said three times is left out: every statement is read by then).
    ``told``: the user's own words' gists; ``statements``: the assistant's, as
    (unit, text, wording); ``found``: the exchanges' gists already read."""

    __slots__ = ("_found", "_from_end", "_least", "_leasts", "_level", "_may_fail", "_near",
                 "_ordered", "_ranks", "_read", "_ready", "_screened", "_statements", "_told",
                 "_unread")  # fmt: skip

    def __init__(
        self,
        found: list[Candidate],
        told: list[Candidate],
        statements: list[tuple[int, str, str]],
        unread: dict[int, int],
        from_end: dict[int, int],
        read: Callable[[int], Read],
        least: Callable[[int, float], float],
        may_fail: Callable[[int], bool] | None = None,
    ) -> None:
        self._found, self._told, self._statements = found, told, statements
        self._unread, self._from_end = unread, from_end
        self._read, self._least = read, least
        self._leasts: dict[int, float] = {}
        # (``may_fail``: whether an exchange may have failed, ``may_have_failed`` of it; the
        # near ones it says did not are left unread while the failures are sought: only a
        # level past ``FAILED`` reads them, and the choice seldom gets there)
        self._may_fail = may_fail
        self._screened: dict[int, bool] = {}  # (``may_fail`` of each asked, asked once)
        # (the near exchanges not read yet, oldest first: read from its end, a chunk at a
        # time; ``read_failure`` reads some from within)
        self._near = sorted(k for k, at in unread.items() if at < GIST_NEAR)
        self._level = -1
        self._ready: list[Candidate] = []
        # (every gist read, in order, and the rank each is chosen by: made again only when a
        # level read a gist or statement, not at each level: a refit whose scan knew nearly
        # every exchange ranked and sorted the same ~500 gists four times, ~1 ms at 32k)
        self._ordered: list[Candidate] | None = None
        self._ranks: list[float] = []
        self.read_more()

    @property
    def ready(self) -> list[Candidate]:
        """The gists known in their place (a longer list after ``read_more``, this one its start)."""
        return self._ready

    def read_more(self) -> bool:
        """Read the exchanges the next level of ``_READ_UP_TO`` needs (the near ones for
        ``FAILED``: ``_NEAR_CHUNK`` more of them, newest first); False: all were read."""
        known = self._ordered_known() if self._level == 0 else self._ready
        if self._level == 0 and self._newest_near() is not None:
            self._read_near()
        elif len(known) > len(self._ready):
            self._ready = known  # (the near failures ``read_failure`` read, in their place)
            return True
        elif self._level + 1 < len(_READ_UP_TO):
            self._level += 1
            up_to = _READ_UP_TO[self._level]
            if up_to == FAILED:
                self._read_near()  # (no further exchange ranks ``FAILED``: ``far_rank``)
            else:
                for k in [k for k, at in self._unread.items() if self._may_rank(k, at, up_to)]:
                    del self._unread[k]
                    self._take(k, self._read(k))
        else:
            return False
        self._ready = self._ordered_known()
        return True

    def near_after(self) -> Iterator[tuple[int, Candidate | None]]:
        """The rest of a run of near failures that ends ``ready``, newest first, as
        ``pin_gists`` steps over it: each near exchange after ``ready``, with its gist if it
        is a failure read already, None if it is not read yet. Such an exchange is read
        (``read_failure``) only if its gist, were it a failure, may fit the room left: a
        failure is known only from its outputs (~90 µs an exchange read), its gist's
        opening from its call (``failure_opening``)."""
        if self._level != 0:
            return  # (every near failure is in ``ready``)
        placed = {g[1] for g in self._ready}
        near = self._from_end
        known = {
            -g[1]: g
            for g in self._found
            if g[0] == FAILED and g[1] not in placed and near.get(-g[1], 0) < GIST_NEAR
        }
        unread = [k for k in self._near if k in self._unread and self._may_have_failed(k)]
        for k in sorted([*known, *unread], reverse=True):
            yield k, known.get(k)

    def read_failure(self, k: int) -> Candidate | None:
        """Read near exchange ``k`` (of ``near_after``): its gist if it failed, else None.
        It is in its place in ``ready`` once the near exchanges before it are read."""
        del self._unread[k]
        read = self._read(k)
        self._take(k, read)
        return (FAILED, -k, read[2]) if read is not None and read[:2] == ("found", FAILED) else None

    def _may_have_failed(self, k: int) -> bool:
        """Whether exchange ``k``, not read, may have failed (``may_fail``): one that surely
        did not is known not to be among the near failures, read or not."""
        if self._may_fail is None:
            return True
        may = self._screened.get(k)
        if may is None:
            may = self._screened[k] = self._may_fail(k)
        return may

    def _newest_near(self) -> int | None:
        """The newest near exchange not read yet that may have failed (None: none is left)."""
        near = self._near
        while near and (near[-1] not in self._unread or not self._screened.get(near[-1], True)):
            near.pop()  # (read by ``read_failure``, or surely no failure)
        return near[-1] if near else None

    def _read_near(self) -> None:
        """Read the next ``_NEAR_CHUNK`` near exchanges not read yet, newest first (those
        that surely did not fail are left unread, ``_may_have_failed``)."""
        for _ in range(_NEAR_CHUNK):
            k = self._newest_near()
            if k is None:
                return
            self._near.pop()
            if self._may_have_failed(k):
                del self._unread[k]
                self._take(k, self._read(k))

    def _ordered_known(self) -> list[Candidate]:
        """The gists known in their place: the start of their order (``_known_to``)."""
        if self._ordered is None:
            self._ordered, self._ranks = self._rank_all()
        return self._ordered[: self._known_to()]

    def _known_to(self) -> int:
        """How many of the ordered gists are known in their place: those ranked up to the
        level read; at ``FAILED`` while near exchanges are not read yet, the failures newer
        than the newest of them (the near ones are read newest first, and failures are
        ordered newest first: no failure not read yet can come before these)."""
        up_to = _READ_UP_TO[self._level]
        if up_to == inf:
            return len(self._ordered or ())
        end = bisect_right(self._ranks, up_to)
        newest = self._newest_near() if up_to == FAILED else None
        if newest is None:
            return end
        start = bisect_left(self._ranks, FAILED)
        return bisect_left(self._ordered or (), -newest, start, end, key=itemgetter(1))

    def run_end(
        self,
        i: int,
        may_fit: Callable[[int], bool] | None = None,
        fits: Callable[[Candidate], bool] | None = None,
    ) -> int:
        """Where the run of gists of ``ready[i]``'s rank ends (read on while it may go on).
        A run of near failures goes on past them only into far failures (``_may_go_on``);
        given ``fits``, it is read on only while one of those fits the room left: else it
        ends with what is read (the near failures not read yet are ``near_after``'s).
        ``may_fit``: whether exchange ``k``'s gist, were it a failure, may fit that room."""
        while True:
            ready = self._ready
            # (the first of another rank after it, found at C speed: a run of commands run is
            # hundreds long, and each step of ``pin_gists`` asks where it ends)
            others = map(ne, map(_rank_of, islice(ready, i + 1, None)), repeat(ready[i][0]))
            end = next(compress(range(i + 1, len(ready)), others), len(ready))
            if (
                end < len(ready)
                or not self._may_go_on(ready[i][0], may_fit, fits)
                or not self.read_more()
            ):
                return end

    def _may_go_on(
        self,
        rank: int,
        may_fit: Callable[[int], bool] | None,
        fits: Callable[[Candidate], bool] | None,
    ) -> bool:
        """Whether a run of gists of ``rank`` that ends ``ready`` may go on after it: what
        comes next ranks above the level read (``far_rank``), and only a failure's rank
        ranks twice (a far one ``FAR_FAILED``), so only a run of near failures may, when
        nothing is surely between them and the far ones (the user's words, ``TOLD``: not
        read from any exchange, no count makes them another rank), and a far failure
        ``fits`` (a failure-heavy agent read ~210 far exchanges of its ~300, to learn where
        a run ends that none of them could join)."""
        up_to = _READ_UP_TO[self._level]
        if rank != FAILED or up_to >= FAR_FAILED:
            return False
        if up_to < TOLD and any(g[0] == TOLD for g in self._told):
            return False
        return may_fit is None or fits is None or self._far_failure_fits(may_fit, fits)

    def _far_failure_fits(
        self, may_fit: Callable[[int], bool], fits: Callable[[Candidate], bool]
    ) -> bool:
        """Whether a failure further back than ``GIST_NEAR`` ``fits``: one read, or one not
        read yet that ``may_fit`` and may have failed, read now (its failing lines are most
        of its gist; no later level reads it again) until one fits."""
        from_end = self._from_end
        if any(
            fits(g) for g in self._found if g[0] == FAILED and from_end.get(-g[1], 0) >= GIST_NEAR
        ):
            return True
        for k in [k for k, at in self._unread.items() if at >= GIST_NEAR]:
            if not (may_fit(k) and self._may_have_failed(k)):
                continue
            del self._unread[k]
            read = self._read(k)
            self._take(k, read)
            if read is not None and read[:2] == ("found", FAILED) and fits((FAILED, -k, read[2])):
                return True
        return False

    def _may_rank(self, k: int, from_end: int, up_to: float) -> bool:
        """Whether exchange ``k`` may rank up to ``up_to``: a near one may have failed
        (``FAILED``, the lowest an exchange takes), a further one ranks ``least`` at the
        lowest (``WROTE`` or above: it is not asked up to ``FAILED``). A bound kept from a
        lower level is above that level; one not above this level is asked again, read as
        far as this level needs."""
        if from_end < GIST_NEAR or up_to == inf:
            return True
        if up_to < WROTE:
            return False
        least = self._leasts.get(k)
        if least is None or least <= up_to:
            least = self._leasts[k] = self._least(k, up_to)
        return least <= up_to

    def _take(self, k: int, read: Read) -> None:
        if read is None:
            return
        self._ordered = None  # (ranked again: a count may have changed)
        if read[0] == "found":
            self._found.append((read[1], -k, read[2]))
        else:
            self._statements.append((k, read[1], read[2]))

    def _key(self, g: Candidate) -> tuple[float, Candidate]:
        return far_rank(g[0], self._from_end.get(-g[1], 0)), g

    def _rank_all(self) -> tuple[list[Candidate], list[float]]:
        """Every gist read, ranked (``routine``) and in ``pin_gists``' order, with the rank
        each is chosen by (``_key``'s first)."""
        wordings = Counter(w for _, _, w in self._statements)
        said = [(SAID, -k, text) for k, text, w in self._statements if not repeated(wordings[w])]
        keyed = [self._key(g) for g in routine([*self._found, *self._told, *said])]
        keyed.sort()  # (by ``_key``, made once a gist)
        return [g for _, g in keyed], [rank for rank, _ in keyed]

    def carried(
        self, newer: Scanned, moved: int, gone: range, read: Callable[[int], Read]
    ) -> GistCandidates:
        """The candidates of a scan that found ``newer`` (``found``, ``told``,
        ``statements``, ``unread``, ``from_end`` as ``__init__`` takes them, of units newer
        than any of these) and then, of the units this one's scan looked at, all but
        the ``gone``, each ``moved`` further from the history's end: what a scan now finds
        when the units it read are as they were (``anchors._carried_gist_candidates``).
        Every exchange read by this one is read there (``read`` reads the others).

        When that adds no gist, statement, words or exchange, takes none away and moves no failure
        past ``GIST_NEAR``, every gist ranks as it did (``_key``: ``far_rank`` moves only
        there; ``routine`` and the statements' repeats count the same gists), so this one
        is moved in place and returned: ``pin_gists`` then pins what it pinned from it
        (``_GistPins.stands``, ~0.5 ms of an agent's refit). An exchange not read that is
        taken away ranks above every level read (``_may_rank``), so what was chosen stands."""
        found, told, statements, unread, from_end = newer
        ends = self._from_end
        unread_now = {**unread, **{k: e + moved for k, e in self._unread.items() if k not in gone}}
        ends_now = {**from_end, **{k: e + moved for k, e in ends.items() if k not in gone}}
        if not (found or told or statements or unread) and not (
            self._crossed(moved) or self._holds(gone)
        ):
            self._unread, self._from_end, self._read = unread_now, ends_now, read
            return self
        carried = GistCandidates(
            [*found, *(g for g in self._found if -g[1] not in gone)],
            [*told, *(g for g in self._told if -g[1] not in gone)],
            [*statements, *(s for s in self._statements if s[0] not in gone)],
            unread_now, ends_now, read, self._least, self._may_fail,
        )  # fmt: skip
        return carried

    def _crossed(self, moved: int) -> bool:
        """Whether a failure read moves past ``GIST_NEAR`` when ``moved`` further back."""
        ends = self._from_end
        return any(
            g[0] == FAILED and ends[-g[1]] < GIST_NEAR <= ends[-g[1]] + moved for g in self._found
        )

    def _holds(self, units: range) -> bool:
        """Whether a gist or statement read is of one of ``units``."""
        return bool(units) and (
            any(-g[1] in units for g in (*self._found, *self._told))
            or any(k in units for k, _, _ in self._statements)
        )


def wording_hash(text: str) -> int:
    """The hash of ``text``'s ``wording``, made anew (not cached: a scan of a chat's
    thousands of short turns keeps no string of each).

    >>> wording_hash("set a timer for 5 minutes") == wording_hash("set a timer for 12 minutes")
    True
    """
    return hash(_DIGITS.sub("#", text))


@lru_cache(maxsize=8_192)
def wording(text: str) -> str:
    """``text`` with each run of digits said as ``#`` (what "said again and again" compares),
    made once per text: a refit meets the same few hundred gists every turn (~660 pattern
    substitutions a refit of a 10,000-message session, speed58).

    >>> wording("[poll n=12, 3 left]")
    '[poll n=#, # left]'
    """
    return _DIGITS.sub("#", text)


#: A number that says where or how long, not what: a port ("port 8370", "localhost:8370",
#: "127.0.0.1:8370") or a duration ("in 1.01s", "after 0 ms"). Any other number names what
#: failed ("station 3", "lift-3", "shard 5", "host 10.0.0.11", "test_rollover[3]",
#: "test_backoff_81"): two failures alike but for it are two failures (review59b: "station 3"
#: and "station 7" were pinned once, the older lost at 8k and 16k).
_NUMBER_ALONE = compiled_on_use(
    r"(?i)(?<=\bport )\d+\b|(?<=localhost:)\d+\b|(?<=\.\d:)\d+\b|(?<=\.\d\d:)\d+\b|"
    r"(?<=\.\d\d\d:)\d+\b|(?<![\w.\-])\d+(?:\.\d+)?\s?(?:ms|s|secs?|seconds?|mins?|minutes?)\b"
)


@lru_cache(maxsize=4_096)
def numbers_aside(text: str) -> str:
    """``text`` with each port and duration said as ``#``: what tells the same failure
    again (a health check refused on another port, after another wait) from another (a
    failing test whose name ends in another number, another station, shard or host).

    >>> numbers_aside("port 8370: refused after 1.01s") == numbers_aside("port 8992: refused after 7.4s")
    True
    >>> numbers_aside("FAILED test_backoff_8") == numbers_aside("FAILED test_backoff_81")
    False
    >>> numbers_aside("lift-3: healthcheck FAILED") == numbers_aside("lift-7: healthcheck FAILED")
    False
    >>> numbers_aside("FAILED: migration 0041_add_quota") == numbers_aside("FAILED: migration 0042_add_quota")
    False
    >>> numbers_aside("station 3: uplink FAILED") == numbers_aside("station 7: uplink FAILED")
    False
    >>> numbers_aside("Failed to dial localhost:8370") == numbers_aside("Failed to dial localhost:9001")
    True
    """
    return _NUMBER_ALONE.sub("#", text)


def repeated(count: int) -> bool:
    """Whether a wording said this often in the session is a routine line, not a value."""
    return count >= _SAID_REPEATS


def failing_lines(text: str, most: int | None = None) -> list[str]:
    """The lines of a tool's output that say what failed (its head and tail read: one
    search for a mark first, most outputs have no sign at all), the lines that name a
    failing test first; [] when nothing failed. With ``most``, a list whose first ``most``
    distinct lines are those of the whole list (what a gist shows), read no further than
    they need: once ``most`` distinct lines that name no test are found, only a line that
    may name one is read (a cold fit reads the outputs of hundreds of exchanges, most of
    them never pinned, and a log says "error" on every line).

    >>> failing_lines("collected 3\\nFAILED tests/a.py::test_b - AssertionError\\n1 failed, 2 passed")
    ['FAILED tests/a.py::test_b - AssertionError', '1 failed, 2 passed']
    >>> failing_lines("42 passed, 0 failed in 3.1s")
    []
    """
    whole, text = text, _read_part(text)
    found = _search_from(_ANY_MARK, text, 0)
    if found is None:
        return []  # (surely no mark: most outputs)
    if any(c in text for c in _OTHER_BREAKS):
        # (its lines as ``str.splitlines`` cuts them, then each ended by "\n" alone: no mark
        # holds a line break, so the marks found are the same)
        text = "\n".join(text.splitlines())
        found = _search_from(_ANY_MARK, text, 0)
    named: list[str] = []
    other: list[str] = []
    # (a count or header of numbered failures, Mocha's " failing", PHPUnit's "There was 1
    # failure:", RSpec's "Failures:": with one, every line is read, not only the marked)
    if any(h in text for h in _LIST_HEADS):
        raw = text.split("\n")
        if any(_MOCHA_COUNT.match(x.strip()) for x in raw):
            for n, x in enumerate(raw):
                _read_failing(x, True, raw[max(0, n - 2) : n], named, other)
            return named + other
    # (every way _FAIL_LINE matches holds a mark: only the lines that hold one are read,
    # each found by one search from the end of the line before, the rest never split)
    looking = _ANY_MARK
    shown_named: set[str] = set()
    shown_other: set[str] = set()
    head_named = 0  # how many of ``named`` the head names
    while found is not None:
        start = text.rfind("\n", 0, found.start()) + 1
        end = text.find("\n", found.end())
        end = len(text) if end < 0 else end
        was_named, was_other = len(named), len(other)
        _read_failing(text[start:end], False, _LinesBefore(text, start), named, other)
        if start < _HEAD_CHARS:
            head_named = len(named)
        if most is not None:
            shown_named.update(named[was_named:])
            if len(shown_named) >= most:
                break  # (the lines shown all name a test)
            shown_other.update(other[was_other:])
            if len(shown_other) >= most:
                looking = _MAY_NAME  # (a line naming no test would not be shown)
        found = _search_from(looking, text, end)
    if (named or other) and text is not whole and (most is None or len(shown_named) < most):
        wanted = None if most is None else most - len(shown_named)
        named[head_named:head_named] = [
            x for x in _named_in_middle(whole, wanted) if x not in named
        ]
    return named + other


#: At most this many marked lines of a long output's middle are read for a failing test's name.
_MIDDLE_LINES = 100


def _named_in_middle(whole: str, most: int | None) -> list[str]:
    """The lines between a long failed output's head and tail (``_read_part``'s) that name
    a failing test. A runner that lists every test as it runs names a failure there, far
    above its summary: dart's "00:02 +60 -1: tare resets after 30s [E]" a hundred tests
    before "Some tests failed.", Pest's "FAILED  Tests\\Feature\\LotTest > curing weight is
    recorded" above the vendor frames of the next failure (review59: `php artisan test`'s
    two failing tests lost by plain fit at 8k, the gist holding only what the tail said)."""
    begin = whole.find("\n", _HEAD_CHARS) + 1
    end = whole.rfind("\n", 0, len(whole) - _TAIL_CHARS)
    if begin <= 0 or end <= begin:
        return []
    middle = whole[begin:end]
    if any(c in middle for c in _OTHER_BREAKS):
        middle = "\n".join(middle.splitlines())
    named: list[str] = []
    # (the lines holding a mark, each then asked whether it may name a test: a marked line
    # is rarer than one holding a ") " or a " > ", and a line with no mark names none)
    found = _search_from(_ANY_MARK, middle, 0)
    for _ in range(_MIDDLE_LINES):
        if found is None or (most is not None and len(set(named)) >= most):
            break
        start = middle.rfind("\n", 0, found.start()) + 1
        stop = middle.find("\n", found.end())
        stop = len(middle) if stop < 0 else stop
        line = middle[start:stop]
        if _MAY_NAME.search(line) is not None:
            _read_failing(line, False, _LinesBefore(middle, start), named, [])
        found = _search_from(_ANY_MARK, middle, stop)
    return named


def _read_part(text: str) -> str:
    """The part of a tool's output ``failing_lines`` reads: its head and tail."""
    if len(text) > _HEAD_CHARS + _TAIL_CHARS:
        return text[:_HEAD_CHARS] + "\n" + text[-_TAIL_CHARS:]
    return text


def may_have_failed(messages: Sequence[Message]) -> bool:
    """Whether ``exchange_gist`` may find that a tool exchange failed, read from its
    results alone, and in each only as far as one search for a mark: a result flagged an
    error, or an output where ``failing_lines`` finds a mark or ``_error_answer`` an
    error (its gist is ``FAILED`` only then). False: surely not a failure, known without
    parsing its calls or reading its lines (a cold fit read ~100 near exchanges a fit to
    find the ~25 failures among them, ~270 µs each).

    >>> call = ToolCall("c1", "run", '{"cmd": "make test"}')
    >>> may_have_failed([Message.assistant(call), Message.tool("c1", "12 passed in 0.4s")])
    False
    >>> may_have_failed([Message.assistant(call), Message.tool("c1", "FAILED a.py::t")])
    True
    """
    for m in messages:
        for r in m.content:
            if not isinstance(r, ToolResult):
                continue
            text = unwrapped(r.text) or r.text
            if (
                r.is_error
                or _search_from(_ANY_MARK, _read_part(text), 0) is not None
                or _error_answer(text)
            ):
                return True
    return False


def _search_from(pattern: re.Pattern[str], text: str, pos: int) -> re.Match[str] | None:
    """``pattern.search(text, pos)``, a long rest of ``text`` first read by the pattern's RE2
    superset up to where it may match (a table of pods that ends in "exit status 0": its
    mark is its last line, and Python's engine tried the ~60 marks at each of its 4,000
    characters, ~0.5 ms an output, ~40 % of a cold fit's ``failing_lines``, speed94)."""
    if len(text) - pos > _SCREENED_CHARS:
        pos = first_possible(superset(pattern), text, pos)
        if pos < 0:
            return None  # (surely no match: most outputs)
    return pattern.search(text, pos)


#: Any of the marks (one search for them all, not one a mark).
_ANY_MARK = compiled_on_use("|".join(re.escape(mark) for mark in _MARKS))
#: An output (or its rest) longer than this is read by the pattern's RE2 superset first: Python's
#: engine tries the marks at every character (~16 ns one), RE2 reads it ~5x faster, and a
#: cold fit reads the outputs of the ~600 exchanges it visits for gists, ~3,700 of a tool
#: agent's, most with no mark (speed69: ~40 ms of its ~180 ms cold fit). A short one is
#: searched at once (a screen's call costs about a search of this many characters).
_SCREENED_CHARS = 256
#: What every line that may name a failing test holds: a literal of each way
#: ``_NAMES_TEST`` matches (literals: one found at C speed, where ``\S > \S`` was tried
#: at every character), and a JUnit report's failure (it names the testcase before it).
#: None holds a line break.
_MAY_NAME = compiled_on_use(
    r"::|--- FAIL|\) | > |<(?:testcase|failure|error)|not ok |rspec \./|● | › |\[-\] | \[E\]|"
    + "|".join(re.escape(mark) for mark in MONITOR_FAILED_MARKS)
)
#: The line breaks ``str.splitlines`` cuts at other than "\n" (each looked for alone: a
#: substring test is ~40x a character class's search, speed60).
_OTHER_BREAKS = ("\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


class _LinesBefore:
    """The (at most two) lines before the line at ``start`` of ``text``, read only if asked
    (a JUnit report's failure looks back for its testcase)."""

    __slots__ = ("start", "text")

    def __init__(self, text: str, start: int) -> None:
        self.text, self.start = text, start

    def __iter__(self) -> Iterator[str]:
        lines: list[str] = []
        end = self.start - 1
        while end >= 0 and len(lines) < 2:
            begin = self.text.rfind("\n", 0, end) + 1
            lines.append(self.text[begin:end])
            end = begin - 1
        return iter(lines[::-1])


def _read_failing(
    x: str, mocha: bool, before: Iterable[str], named: list[str], other: list[str]
) -> None:
    """Add line ``x`` of a tool's output to ``named`` (it names the failing test) or to
    ``other`` if it says what failed (``before``: the two lines before it)."""
    line = x.strip()
    if not line:
        return
    if mocha and _MOCHA_TEST.match(line):
        named.append(_clip(line))
        return
    if _ANY_MARK.search(line) is None or not _says_failed(line) or _nothing_failed(line):
        return
    if line.startswith(("<failure", "<error")):  # a JUnit report: the testcase names it
        case = next((y for y in reversed(list(before)) if "<testcase" in y), None)
        if case is not None:
            named.append(_clip(case.strip()))
    if line.startswith("Traceback (most recent"):
        return  # (the exception's own line says what failed)
    (named if _names_test(line) else other).append(_clip(line))


def _says_failed(line: str) -> bool:
    """``_FAIL_LINE`` found in ``line``, searched from where its RE2 superset may first match
    (None: as ever): Python's engine tried its many alternatives at each character before
    the mark, ~10 µs a log line ("2026-12-05T14:32:41Z ERROR …"), ~3 this way; a cold fit
    reads ~1,500 such lines of an ops agent's outputs (speed94)."""
    if "-" in line and _PASSED_LABEL.search(line) is not None:
        line = _FAILED_LABEL.sub("", line)
    at = first_possible(superset(_FAIL_LINE), line)
    return at >= 0 and _FAIL_LINE.search(line, at) is not None


# (every way of _NOTHING_FAILED but this one holds a "0": a line without one is searched for
# this one alone)
_NO_FAILURES_WORDS = r"\bno (?:errors?|failures?)\b"
_NO_FAILURES = compiled_on_use("(?i)" + _NO_FAILURES_WORDS)
# (the same, for an ASCII line lowered: Python's engine searched a case-blind pattern with no
# literal to skip to at ~0.5 µs a character, ~70 µs a log line, ~10 % of a cold fit's
# ``failing_lines`` on an ops agent's logs, speed94; case-sensitive on the line lowered, ~2)
_NOTHING_FAILED_LOWER = compiled_on_use(_NOTHING_FAILED_WORDS)
_NO_FAILURES_LOWER = compiled_on_use(_NO_FAILURES_WORDS)


def _nothing_failed(line: str) -> bool:
    """``_NOTHING_FAILED`` found in ``line`` (its digit looked for first). An ASCII line is
    searched lowered, case-sensitively: it finds the same (the only letters a case-blind
    search equates with an ASCII one are outside ASCII: "İ", "ı", "ſ", the Kelvin sign; and
    lowering keeps every word character one)."""
    if line.isascii():
        lowered = _NOTHING_FAILED_LOWER if "0" in line else _NO_FAILURES_LOWER
        return lowered.search(line.lower()) is not None
    return (_NOTHING_FAILED if "0" in line else _NO_FAILURES).search(line) is not None


def _names_test(line: str) -> bool:
    """``_NAMES_TEST`` found in ``line`` (its literals looked for first: most lines hold none)."""
    return _MAY_NAME.search(line) is not None and _NAMES_TEST.search(line) is not None


def _error_answer(text: str) -> list[str]:
    """What an API's error answer in JSON says went wrong, clipped; [] for any other output
    (only a short one is parsed: an error answer is short, and a cold fit reads hundreds)."""
    if len(text) > _ANSWER_CHARS or not text.lstrip().startswith("{"):
        return []
    return [_clip(line) for line in error_answer(text)]


def _last_lines(text: str, n: int) -> list[str]:
    """The last ``n`` lines of ``text`` that are not blank, stripped and clipped (of its
    tail: read from the end, as a gist asks only for its last line or so)."""
    lines: list[str] = []
    for x in reversed(text[-_TAIL_CHARS:].splitlines()):
        if len(lines) >= n:
            break
        if line := x.strip():
            lines.append(line)
    return [_clip(x) for x in reversed(lines)]


def _clip(line: str, most: int = _LINE_CHARS) -> str:
    return line if len(line) <= most else line[: most - 1] + "…"


def _arguments(call: ToolCall, parsed: object, error: str | None) -> str:
    """A call's arguments as a person reads them, each value as it was given (a command, a
    path: their exact text), long contents summarized (a patch by the files it touches)."""
    if error is not None or parsed is None:
        return _clip(call.arguments, _ARGS_CHARS)
    if not isinstance(parsed, dict):
        return _value(parsed) or ""
    parts = [f"{key}: {shown}" for key, value in parsed.items() if (shown := _value(value))]
    return _clip(", ".join(parts), _ARGS_CHARS)


def _value(value: object, depth: int = 0) -> str | None:
    if isinstance(value, str):
        if "\n" not in value and len(value) <= _ARG_CHARS:
            return value
        short = value.strip()
        if short.count("\n") < _SHORT_CONTENT_LINES and len(short) <= _SHORT_CONTENT_CHARS:
            # (a line or two written, as written: a .env's "VITE_API_URL=…" was said as
            # "<2 lines>" and lost, review34's web sessions: env vars 0/4 at 8k-16k)
            return short.replace("\n", " ⏎ ")
        files = _PATCH_FILE.findall(value)
        lines = value.count("\n") + 1
        return f"<{lines} lines: {', '.join(files[:4])}>" if files else f"<{lines} lines>"
    if isinstance(value, bool | int | float):
        return str(value)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        joined = " ".join(value)  # (an argv)
        return joined if len(joined) <= _ARG_CHARS else f"<{len(value)} items>"
    if isinstance(value, dict) and depth < _NESTED_DEPTH:
        # (a command nested in its arguments: {"run": {"cmd": "make check"}}, R28-R2)
        parts = [f"{key}: {shown}" for key, v in value.items() if (shown := _value(v, depth + 1))]
        return "{" + ", ".join(parts) + "}" if parts else None
    return None


# an argument that names the file a call reads
_PATH_KEY = compiled_on_use(r"(?i)^(?:path|file|filename|file_?path|target_file|uri)$")


def _paths_named(parsed: object) -> list[str]:
    """The paths a call's arguments name as such (``{"path": "src/a.py"}``).

    >>> _paths_named({"command": "view", "path": "legacy/js/boot.js"}), _paths_named(["ls"])
    (['legacy/js/boot.js'], [])
    """
    if not isinstance(parsed, dict):
        return []
    return [
        v
        for k, v in parsed.items()
        if _PATH_KEY.match(str(k))
        and isinstance(v, str)
        and v
        and len(v) <= _ARG_CHARS
        and not any(ch.isspace() for ch in v)
    ]


@lru_cache(maxsize=256)
def _name_words(name: str) -> frozenset[str]:
    return frozenset(
        w.casefold() for seg in _NAME_WORD.findall(name) for w in _CASE_STEP.split(seg) if w
    )


@lru_cache(maxsize=256)
def _write_named(name: str) -> bool:
    return WRITE_TOOL.search(name) is not None and not _name_words(name) & READ_WORDS


def _viewing(parsed: object) -> bool:
    """A call whose operation is to look (``str_replace_based_edit_tool(command="view")``)."""
    return isinstance(parsed, dict) and any(
        _OPERATION_KEY.match(str(k)) and isinstance(v, str) and v.casefold() in READ_WORDS
        for k, v in parsed.items()
    )


def _writes(name: str, parsed: object) -> bool:
    """A write-type call by its name (not asked to view), or a path beside lines written
    (``fs(path, content)``)."""
    if _write_named(name):
        return not _viewing(parsed)
    if not isinstance(parsed, dict):
        return False
    strings = [v for v in parsed.values() if isinstance(v, str)]
    return any("\n" in v for v in strings) and any(
        "\n" not in v and " " not in v and ("/" in v or "." in v) for v in strings
    )


def _looks(name: str, parsed: object) -> bool:
    """A look-up: a read-type tool, an editor asked to view, a read-only query, or a command
    led by a program that only looks."""
    words = _name_words(name)
    if words & READ_WORDS or words & LOOKUP_WORDS:
        return True
    if _viewing(parsed):
        return True
    commands = _commands(parsed)
    if not commands:
        return False
    for line in commands:
        # (each command of a chain: "cd repo && make" runs make; a pipeline led by a
        # look-up is one too)
        for command in _CHAIN.split(line):
            program = command.split()
            if not program:
                continue
            head = program[0].rsplit("/", 1)[-1]  # (a program by its path, "/usr/bin/tail")
            if head.casefold() in _QUERYING:
                continue
            if not LOOKING.match(" ".join([head, *program[1:]])):
                return False
    return True


_CHAIN = compiled_on_use(r"&&|\|\||;|\n")


def _commands(parsed: object, depth: int = 0) -> list[str]:
    """The command lines of a call's arguments: its command-like arguments' (a command's own
    argument, if named: not its cwd), found in a nested one too (``{"run": {"cmd": …}}``,
    ``{"args": {"command": [argv]}}``), else every string or argv it has.

    >>> _commands({"run": {"cmd": "make check", "cwd": "/repo"}}), _commands({"cwd": "/r", "cmd": ["ls", "-l"]})
    (['make check'], ['ls -l'])
    """
    if not isinstance(parsed, dict):
        return [line for v in (parsed,) if (line := _command_line(v)) is not None]
    named = [v for k, v in parsed.items() if COMMAND_KEY.match(str(k))]
    found = [line for v in named if (line := _command_line(v)) is not None]
    if depth < _NESTED_DEPTH:
        for v in named or parsed.values():
            if isinstance(v, dict):
                found += _commands(v, depth + 1)
    if found or named:
        return found
    return [line for v in parsed.values() if (line := _command_line(v)) is not None]


def _command_line(value: object) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        return " ".join(value)
    return None


#: The id of the assistant turn that says an exchange's gist: this prefix and the id of the
#: exchange's first message (the call).
GIST_ID_PREFIX = "gist-"

#: The patterns searched by their RE2 supersets first (``_search_from``, ``summary_lines``),
#: with whether each is searched in parts of a text: their translations are stored
#: (``prefilter.TRANSLATIONS``), translated in a fresh process's first fit of a tool's output
#: they took 2.5-6 ms (speed98).
SCREENED = ((_ANY_MARK, False), (_MAY_NAME, False), (_FAIL_LINE, False), (_SUMMARY_WORD, False))
