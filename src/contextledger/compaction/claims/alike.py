"""A clause said the way the same recap says a checked one, in any language: when a recap
says "Rhedais `pytest -q`." of a command a tool call ran, its "Rhedais `X`." says X ran too,
whatever the language's verb (review48: ran-vs-mentioned 24/24 and read-as-written 22/24
stood in gu, te, si, ne, mn, kk, az, sq, mk, cy, eu, zu — no verb list reaches them).

No verb is read: two clauses are alike when, the command (or path) each names taken out,
their words are the same. A denial ("Ni rhedais `X`."), a plan or a rule adds or changes a
word, so it is no more alike. A command said alike is held to the tool calls (it must have
run: a call's command or arguments); a path to the calls that may have made it (a
write-type call, or a call that does more than show a file naming it).

>>> from contextledger.model import Message, ToolCall
>>> call = ToolCall("c1", "bash", '{"command": "make test"}')
>>> ran = [Message.user("Test it."), Message.assistant(call), Message.tool("c1", "ok")]
>>> ev = Evidence.of(ran)
>>> alike = said_alike("Rhedais `make test`.\\nRhedais `make deploy`.", ev)
>>> [c.reason for c in check_alike("Rhedais `make deploy`.", alike, ev)]
['said as this recap says `make test` ran, which a tool call ran: no tool call ran `make deploy`']
>>> check_alike("Ni rhedais `make deploy`.", alike, ev)
[]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..facts import extract_claims, sentences
from ..tool_calls import shows_file
from .evidence import Claim, Evidence
from .reading import BACKTICKED, ITEM, section_of

__all__ = ["Alike", "check_alike", "said_alike"]


@dataclass(frozen=True, slots=True)
class Alike:
    """The shapes of the recap's clauses that name a command the record ran, or a path it
    wrote, each with the command or path that checked it."""

    runs: dict[str, str]
    writes: dict[str, str]


_HOLE = "\x00"
_END = re.compile(r"[\s.!?।。॥؟,;:]+$")


def _shape(clause: str) -> tuple[str, str, str] | None:
    """(kind, what it names, the clause's words around it) of a clause naming one command
    or one path; None for any other (nothing named, two named, or no word around it)."""
    commands = [c for c in BACKTICKED.findall(clause) if _a_command(c)]
    paths = [f.value for f in extract_claims(clause) if f.kind == "path"]
    if len(commands) == 1 and not [p for p in paths if p not in commands[0]]:
        kind, named = "command", commands[0]
        hole = clause.replace(f"`{named}`", _HOLE, 1)
    elif len(paths) == 1 and not commands:
        kind, named = "path", paths[0]
        hole = re.sub(rf"`?{re.escape(named)}`?", _HOLE, clause, count=1)
    else:
        return None
    words = " ".join(_END.sub("", hole.casefold()).split())
    if words.replace(_HOLE, "").strip(" -:,") == "":
        return None  # "`make test`" alone under Commands run: a heading says what it is
    return kind, named.strip(), words


# a program and its arguments: "dbt run --full-refresh", "terraform destroy -target=…"
_PROGRAM_AND_ARGS = re.compile(r"[\w.~/-]+(?:\s+\S+)+")


def _a_command(quoted: str) -> bool:
    """Whether a backticked span is a command: a program with its arguments, or one the
    fact reader knows ("make"), not a name a tool printed (`UserService`, `retry_count`):
    the calls hold a command, never every name."""
    quoted = quoted.strip()
    if _PROGRAM_AND_ARGS.fullmatch(quoted):
        return True
    return any(f.kind == "command" for f in extract_claims(f"`{quoted}`"))


def _clauses(recap_text: str) -> list[str]:
    out: list[str] = []
    for line in recap_text.splitlines():
        item = ITEM.match(line)
        body = line[item.end() :] if item else line
        _, rest = section_of(body)
        out += sentences(rest or body)
    return out


def _called(command: str, ev: Evidence) -> bool:
    """Whether a tool call ran ``command``: as a command, or in its arguments (a tool of
    its own: ``upload_receipts({"args": [...]})``)."""
    return ev.ran(command) or any(command in str(call.arguments) for call, _ in ev.answered)


def _made(path: str, ev: Evidence) -> bool:
    """Whether a call may have made ``path``: a write-type call wrote it, or a call that
    does more than show a file names it ("python gen.py --out out/report.md")."""
    return ev.wrote(path) or any(
        path in call.arguments for call, _ in ev.answered if not shows_file(call)
    )


def said_alike(recap_text: str, ev: Evidence) -> Alike:
    """The shapes of ``recap_text``'s clauses the record checks: a command a call ran, a
    path a write-type call wrote."""
    runs: dict[str, str] = {}
    writes: dict[str, str] = {}
    for clause in _clauses(recap_text):
        shape = _shape(clause)
        if shape is None:
            continue
        kind, named, words = shape
        if kind == "command" and _called(named, ev):
            runs.setdefault(words, named)
        elif kind == "path" and ev.wrote(named):
            writes.setdefault(words, named)
    return Alike(runs, writes)


def check_alike(text: str, alike: Alike, ev: Evidence) -> list[Claim]:
    """A clause of ``text`` said as the recap says a command ran (a path was written) of a
    command no call ran (a path no write-type call wrote)."""
    out: list[Claim] = []
    for clause in sentences(text) if alike.runs or alike.writes else ():
        shape = _shape(clause)
        if shape is None:
            continue
        kind, named, words = shape
        if kind == "command" and words in alike.runs and not _called(named, ev):
            like = alike.runs[words]
            why = f"said as this recap says `{like}` ran, which a tool call ran"
            out.append(Claim("did", clause.strip(), f"{why}: no tool call ran `{named}`"))
        elif kind == "path" and words in alike.writes and not _made(named, ev):
            like = alike.writes[words]
            why = f"said as this recap says {like} was written, which a write-type call wrote"
            out.append(Claim("did", clause.strip(), f"{why}: no write-type call wrote {named}"))
    return out
