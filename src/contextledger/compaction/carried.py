"""Which of the user's requests a later call carried out: "Pin react-router-dom to 6.22.3."
answered by ``npm install react-router-dom@6.22.3 --save-exact`` ("changed 1 package") is
done, not open - whatever the assistant said, or did not say, about it (R34-R4).

A call carries a request out when it changes something (it writes a file, runs a command
that is no look around, or takes an action) without failing, and its arguments name what
the request names: the versions, values, identifiers and paths the request gives, at
least half of them, one of which is telling alone (a version, a path, an identifier or a
number of three characters or more; a bare "30" only beside a word of the request's).
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache

from ..lexicon.tools import LOOKING
from ..model import Message, ToolCall
from .actions import render_action
from .facts import extract_claims, keywords
from .failures import failure_lines
from .reads import only_reads
from .tool_calls import call_commands, call_reads, call_writes
from .wording import asks, whole_token

# what a request names that a call's arguments can repeat
_NAMING = ("number", "identifier", "path", "quoted", "url", "command")
# a number this long tells alone ("768", "9.2"); a shorter one ("30") needs a word beside it
_TELLING_NUMBER = 3


def _named(request: str) -> list[tuple[str, str]]:
    return [(f.kind, f.value) for f in extract_claims(request) if f.kind in _NAMING]


@lru_cache(maxsize=4096)  # (asked once a request for every call after it)
def _changes_something(call: ToolCall) -> bool:
    """A write, a run that is no look around, or an action (a redline applied, a refund)."""
    if call_writes(call):
        return True
    commands = call_commands(call)
    if commands:
        return not all(LOOKING.search(f"`{c}`") or only_reads(c) for c in commands)
    return not call_reads(call) and render_action(call) is not None


@lru_cache(maxsize=4096)
def _arguments(call: ToolCall) -> str:
    parsed, _ = call.parsed()
    if isinstance(parsed, dict | list):
        return json.dumps(parsed, ensure_ascii=False)
    return call.arguments


def _stands_in(arguments: str, kind: str, value: str) -> bool:
    if kind == "number":  # with its unit or without: "768Mi" for "768Mi", "30s" for "30"
        return whole_token(arguments, value, r"(?<![\w.])", r"(?!\.?\d)")
    return whole_token(arguments, value)


def _names_it(request: str, named: Sequence[tuple[str, str]], arguments: str) -> bool:
    hits = [(kind, value) for kind, value in named if _stands_in(arguments, kind, value)]
    if not hits or 2 * len(hits) < len(named):
        return False
    if any(kind != "number" or len(value) >= _TELLING_NUMBER for kind, value in hits):
        return True
    low = arguments.casefold()  # "Bump the timeout to 30s." and `… timeout: 30 …`
    return any(word in low for word in keywords(request))


def carried_out(requests: Sequence[str], record: Sequence[Message]) -> set[str]:
    """The ``requests`` a call after the user's turn saying each carried out (see the
    module's words); a question is answered in words, never by a call. The record is read
    once, whatever the number of requests (a session of hundreds of pins and bumps).

    >>> call = ToolCall("c1", "bash", '{"command": "npm install react-router-dom@6.22.3"}')
    >>> record = [Message.user("Pin react-router-dom to 6.22.3."), Message.assistant(call),
    ...           Message.tool("c1", "changed 1 package in 2s")]
    >>> carried_out(["Pin react-router-dom to 6.22.3."], record)
    {'Pin react-router-dom to 6.22.3.'}
    >>> carried_out(["Pin react-router-dom to 6.22.3."], record[:2])  # no result yet
    set()
    """
    asked = {r: named for r in requests if not asks(r) for named in [_named(r)] if named}
    if not asked:
        return set()
    turns: list[tuple[int, str]] = []  # the user's own turns: (where, text)
    done: list[tuple[int, ToolCall]] = []  # calls whose result says they did not fail
    calls: dict[str, tuple[int, ToolCall]] = {}
    for i, m in enumerate(record):
        results = m.tool_results
        if m.role == "user" and not results:
            turns.append((i, m.text))
        for call in m.tool_calls:
            calls[call.id] = (i, call)
        for result in results:
            called = calls.get(result.call_id)
            if called is not None and not result.is_error and not failure_lines(result.text):
                done.append(called)
    done.sort(key=lambda called: called[0])
    done_at = [i for i, _ in done]
    out: set[str] = set()
    for request, named in asked.items():
        said = request.removesuffix("…")
        at = next((i for i, text in turns if said in text), None)
        if at is not None and any(
            _names_it(request, named, _arguments(call)) and _changes_something(call)
            for _, call in done[bisect_right(done_at, at) :]
        ):
            out.add(request)
    return out
