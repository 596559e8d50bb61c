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
import re
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

# how much of a result is read for a dry run's mark
_REHEARSAL_READ = 2000

# what a request names that a call's arguments can repeat
_NAMING = ("number", "identifier", "path", "quoted", "url", "command")
# a number this long tells alone ("768", "9.2"); a shorter one ("30") needs a word beside it
_TELLING_NUMBER = 3


def _named(request: str) -> list[tuple[str, str]]:
    named = [
        (f.kind, _CASE_AFTER_FILE.sub(r"\1", f.value) if f.kind == "path" else f.value)
        for f in extract_claims(request)
        if f.kind in _NAMING
    ]
    values = {value for _, value in named}
    # ... and the names of things no reader of claims takes for one: a bucket, a key, a
    # branch ("s3://acme-staging-old", "falcon-stg-deploy")
    return named + [
        ("identifier", name)
        for name in dict.fromkeys(_COMPOUND_NAME.findall(request))
        if not any(name in value or value in name for value in values)
    ]


# a case ending glued to a file's name by a hyphen, as the call does not write it
# ("tests/test_invoice.py-pe": Guarani "to tests/test_invoice.py")
_CASE_AFTER_FILE = re.compile(r"(\.[A-Za-z0-9]{1,5})-[^\W\d_]+$")


# a name of several parts ("acme-staging-old", "s3://acme-staging-old"), not a hyphenated
# word ("gluten-free", "re-run"): three parts at least, or a scheme, or a digit
_COMPOUND_NAME = re.compile(
    r"(?<![\w@./:-])(?:[a-z][a-z0-9]*://[\w./-]+|[A-Za-z][\w]*(?:[-.][\w]+){2,}|"
    r"[A-Za-z]+\d[\w]*(?:-[\w]+)+|[A-Za-z][\w]*(?:-[\w]+)*-\d[\w]*)(?![\w-])"
)


@lru_cache(maxsize=4096)  # (asked once a request for every call after it)
def _changes_something(call: ToolCall) -> bool:
    """A write, a run that is no look around, or an action (a redline applied, a refund)."""
    if call_writes(call):
        return True
    commands = call_commands(call)
    if commands:
        return not all(
            LOOKING.search(f"`{c}`") or only_reads(c) or _LOOKS_BY_SUBCOMMAND.match(c)
            for c in commands
        )
    return not call_reads(call) and render_action(call) is not None


# a tool's subcommand that only looks ("aws s3 ls …", "gh pr view 412", "helm list",
# "terraform plan"), whatever the tool
_LOOKS_BY_SUBCOMMAND = re.compile(
    r"(?:sudo\s+)?[\w./-]+(?:\s+(?!-)[\w.-]+){0,2}?\s+(?:ls|list|get|describe|show|view|status|"
    r"diff|logs?|inspect|search|find|info|cat|stat|plan|ps|top|whoami|version)(?![-.\w])"
)


@lru_cache(maxsize=4096)
def _runs_or_writes(call: ToolCall) -> bool:
    return bool(call_commands(call) or call_writes(call))


@lru_cache(maxsize=4096)
def _arguments(call: ToolCall) -> str:
    parsed, _ = call.parsed()
    if isinstance(parsed, dict | list):
        return json.dumps(parsed, ensure_ascii=False)
    return call.arguments


def _stands_in(arguments: str, kind: str, value: str) -> bool:
    if kind == "number":  # with its unit or without: "768Mi" for "768Mi", "30s" for "30"
        # (and grouped as said: "€8,240" for 8240)
        return any(
            whole_token(said, value, r"(?<![\w.])", r"(?!\.?\d)")
            for said in (arguments, _ungrouped(arguments))
        )
    return whole_token(arguments, value)


@lru_cache(maxsize=4096)  # (read once a request for every call after it)
def _ungrouped(arguments: str) -> str:
    return _GROUPING.sub("", arguments)


_GROUPING = re.compile(r"(?<=\d)[,_\u00a0\u202f](?=\d{3}(?!\d))")


def _names_it(request: str, named: Sequence[tuple[str, str]], arguments: str) -> bool:
    hits = [(kind, value) for kind, value in named if _stands_in(arguments, kind, value)]
    if not hits or 2 * len(hits) < len(named):
        return False
    if any(kind != "number" or len(value) >= _TELLING_NUMBER for kind, value in hits):
        return True
    low = arguments.casefold()  # "Bump the timeout to 30s." and `… timeout: 30 …`
    return any(word in low for word in keywords(request))


def _carries(request: str, named: Sequence[tuple[str, str]], call: ToolCall) -> bool:
    """Whether ``call`` (its result did not fail) carries ``request`` out: it changes
    something and names what the request names; a tool action (no command, no write) whose
    name says it does, not looks or drafts; when the request names no value, an action
    doing what the request's verb says, with another of its words in its arguments."""
    if not _changes_something(call):
        return False
    if _runs_or_writes(call):
        return bool(named) and _names_it(request, named, _arguments(call))
    if named:  # (not a search or a draft of it: "search_email", "draft_email")
        return not _PREPARES.search(call.name) and _names_it(request, named, _arguments(call))
    return _does_as_asked(request, call) and _about(request, call)


# a tool whose name says it looks or prepares, not does ("search_email", "draftEmail",
# "get_order", "preview-invoice")
_PREPARES = re.compile(
    r"(?:^|[_\W]|(?<=[a-z])(?=[A-Z]))(?i:search|find|list|get|lookup|look|query|read|view|show|"
    r"fetch|draft|preview|check|validate|estimate|quote|simulate|plan|describe|count|compose|"
    r"suggest)(?=[_\W]|[A-Z]|$)"
)


@lru_cache(maxsize=8192)  # (asked once a request for every call after it)
def _does_as_asked(request: str, call: ToolCall) -> bool:
    """The request's verb is a word of the tool's name or of its arguments' names ("Text
    Marta …" and ``send_message(to=…, text=…)``; not "Send Ruth …" and ``draft_email``)."""
    words = [w for w in _WORD.findall(request.casefold()) if w not in _OPENERS]
    if not words or len(words[0]) < _VERB_LETTERS:
        return False
    verb, parsed = words[0], call.parsed()[0]
    names = _WORD.findall(call.name.casefold())
    if isinstance(parsed, dict):
        names += [w for key in parsed for w in _WORD.findall(str(key).casefold())]
    return any(n[:_STEM] == verb[:_STEM] for n in names if len(n) >= _VERB_LETTERS)


def _about(request: str, call: ToolCall) -> bool:
    """Another word of the request's is in the call's name or arguments ("Publish the
    explainer." and ``publish_article(slug="explainer")``)."""
    words = [w for w in _WORD.findall(request.casefold()) if w not in _OPENERS]
    said = set(_WORD.findall(_arguments(call).casefold())) | set(
        _WORD.findall(call.name.casefold())
    )
    return bool((keywords(request) - set(words[:1])) & said)


_WORD = re.compile(r"[^\W\d_]+")
# what opens a request before its verb ("Please also send …", "Can you just publish …")
_OPENERS = frozenset(
    {"please", "pls", "can", "could", "would", "will", "you", "also", "and", "now", "then",
     "ok", "okay", "so", "just", "kindly", "go", "ahead", "next", "finally", "last", "thing",
     "one", "more", "oh", "but", "i", "need", "want", "to", "let", "us", "let's"}
)  # fmt: skip
_VERB_LETTERS = 3
_STEM = 5

# a run that only shows what it would do ("--dryrun", "terraform plan -out", "--check")
_REHEARSAL = re.compile(
    r"(?i)--?dry-?run\b|\bdry[- ]run\b|\(dryrun\)|--check\b|--noop\b|--what-?if\b"
)


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
    asked = {r: _named(r) for r in requests if not asks(r)}
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
            if (
                called is not None
                and not result.is_error
                and not failure_lines(result.text)
                and not _REHEARSAL.search(result.text[:_REHEARSAL_READ])
                and not _REHEARSAL.search(_arguments(called[1]))
            ):
                done.append(called)
    done.sort(key=lambda called: called[0])
    done_at = [i for i, _ in done]
    out: set[str] = set()
    for request, named in asked.items():
        said = request.removesuffix("…")
        at = next((i for i, text in turns if said in text), None)
        if at is not None and any(
            _carries(said, named, call) for _, call in done[bisect_right(done_at, at) :]
        ):
            out.add(request)
    return out
