"""The floor under compaction: what a plain fit would have kept stays in the model's view.

A recap takes room, so the view beside it holds fewer recent turns than a plain fit of
the same window. The turns it gives up are the recap's to state, but a recap is a
summary: it can leave out a line a plain fit sends verbatim (red team 18: "Als Nächstes
prüfe ich die Prognose an den Feiertagen im Oktober" kept by ``fit`` at 8k, in no section
of the recap). So the words of those turns that nothing in the view states are quoted
verbatim under the recap: what was said (user and assistant text), what was run (a tool
call's arguments) and what a short tool result answered (a count, a status, a metric).
Then, in the room a small share of the budget leaves, the same for the turns before them,
newest first. Quotes come from the record, so they need no verification, and they cost far
less than the turns they stand for (long tool outputs, screenshots).

>>> from contextledger.model import Message, ToolCall
>>> record = [
...     Message.user("Build the model.", id="m1"),
...     Message.assistant("Next I will check the October holidays.", id="m2"),
...     Message("assistant", (ToolCall("c1", "shell", '{"cmd": "make deploy"}'),), id="m3"),
...     Message.tool("c1", "deployed 3 pods", id="m4"),
...     Message.user("ok", id="m5"),
... ]
>>> for quote in choose_quotes(record, {"m1", "m5"}, {"m2"}, "Goal: Build the model.", 200):
...     print(quote)
(1, 'Assistant: Next I will check the October holidays.')
(2, 'Assistant ran shell: make deploy')
(3, 'shell returned: deployed 3 pods')
>>> said = "... Next I will check the October   holidays. ..."  # stated: not quoted
>>> choose_quotes(record, {"m1", "m5"}, {"m2"}, said, room=40)  # the newest first
((3, 'shell returned: deployed 3 pods'),)
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..fit.gists import own_excerpt
from ..fit.request_part import request_part
from ..intent import is_nudge
from ..model import Message, Recap, Text
from .credentials import masked
from .failures import failure_lines
from .wording import only_said_often

__all__ = [
    "QUOTES_HEADING",
    "SHORT_RESULT",
    "Quote",
    "StandIn",
    "choose_quotes",
    "quoted_recap",
    "stand_ins",
    "view_text",
]

#: The heading of the quotes under a recap.
QUOTES_HEADING = "Said in the recapped turns just before these (verbatim, from the record):"

#: A tool result up to this many characters is quoted whole (a count, a status line, a
#: metric); a longer one is the recap's to state (a plain fit may keep it, but quoting it
#: would cost what the recap saves).
SHORT_RESULT = 400

#: A tool call's argument values shorter than this are not looked for in the view (ids,
#: flags, numbers: they are everywhere).
_SALIENT = 6

#: A user turn longer than this (a pasted document) is not quoted among the user's words;
#: one this short or shorter is a nudge in any script.
_LONG_USER = 600
_SHORT_TURN = 6

#: A tool call's argument longer than this is quoted by its head.
_LONG_VALUE = 160

#: How far a walk looks for lines to quote: this many characters of messages per character
#: of room (most of a long session is tool output nobody quotes).
_READ_PER_ROOM = 40

#: The most lines of a failed call's output quoted, as a plain fit's gist of it shows them.
_FAILURE_LINES = 3

_SPACE = re.compile(r"\s+")


def _squash(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def _head(text: str) -> str:
    return text if len(text) <= _LONG_VALUE else text[: _LONG_VALUE - 1] + "…"


def _values(arguments: str) -> list[str]:
    """A call's string arguments (the command, the path, the code), or the raw arguments
    when they are not a JSON object."""
    try:
        parsed = json.loads(arguments)
    except ValueError:
        return [arguments]
    if not isinstance(parsed, dict):
        return [arguments]
    out: list[str] = []
    todo: list[object] = list(parsed.values())
    while todo:
        v = todo.pop(0)
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, dict):
            todo.extend(v.values())
        elif isinstance(v, list):
            todo.extend(v)
    return out


def _lines_of(m: Message, names: dict[str, str]) -> Iterable[tuple[str, list[str]]]:
    """(the line quoting a part of ``m``, the texts the view must hold to state it). A
    credential's value is quoted by its name only: a quote is a user-role line of every
    later request, where a secret a tool printed must not stand (RT25-1)."""
    for line, needed in _raw_lines_of(m, names):
        yield masked(line), needed


def _raw_lines_of(m: Message, names: dict[str, str]) -> Iterable[tuple[str, list[str]]]:
    speaker = {"user": "User", "assistant": "Assistant"}.get(m.role)
    said = "\n".join(b.text for b in m.content if isinstance(b, Text))
    words = _squash(said)
    if speaker == "User" and len(words) > _LONG_USER:
        words = _request_words(said)
    if speaker and words:
        yield f"{speaker}: {words}", [words]
    for call in m.tool_calls:
        # a long value (a file's content, a script) is quoted by its head: the path, the
        # command line and the query beside it are what says what was done
        values = [_head(_squash(v)) for v in _values(call.arguments)]
        salient = [v for v in values if len(v) >= _SALIENT]
        shown = "; ".join(v for v in values if v) or _head(call.arguments)
        yield f"Assistant ran {call.name}: {shown}", salient
    for result in m.tool_results:
        text = _squash(result.text)
        if text and len(text) <= SHORT_RESULT:
            name = result.name or names.get(result.call_id, "the tool")
            yield f"{name} returned: {text}", [text]


def _failures_of(m: Message, outputs: Mapping[str, str]) -> list[tuple[str, list[str]]]:
    """(the line quoting what failed in the output of each of ``m``'s tool calls, the texts
    the view must hold to state it): the failure lines a plain fit's gist of the exchange
    shows. The call's own line is the same for each run of one check script ("Assistant ran
    sh: ./checks/run_all.sh"), so it was quoted once and the failing checks of the other
    runs were in no line of the view (retain33's held-out migration sessions: prepare kept
    12 of 18 failing checks at 8k, where fit kept 18)."""
    out: list[tuple[str, list[str]]] = []
    for call in m.tool_calls:
        failed = [_squash(x) for x in failure_lines(outputs.get(call.id, ""), _FAILURE_LINES)]
        if failed:
            out.append((masked(f"{call.name} failed: " + " | ".join(failed)), failed))
    return out


def _outputs(record: Sequence[Message]) -> dict[str, str]:
    """Each tool call's output in ``record``, by the call's id."""
    return {r.call_id: r.text for m in record for r in m.tool_results}


def _request_words(text: str) -> str:
    """A long user turn as a plain fit pins it: its opening and closing paragraphs, the
    lines pasted between them left out, said (``request_part``). Quoted whole, a pasted log
    took most of an 8k recap's room for quotes, and the failing checks and the user's own
    words after it were left out (retain33's held-out migration sessions)."""
    cut = request_part(text)
    return _squash(text if cut is None else cut[0])


Quote = tuple[int, str]  # (the quoted message's place in the record, the line)


def choose_quotes(
    record: Sequence[Message],
    kept: Collection[str],
    floor: Collection[str],
    said: str,
    room: int,
    chosen: Sequence[Quote] = (),
    *,
    user_room: int = 0,
) -> tuple[Quote, ...]:
    """``chosen`` and the quotes to add, in record order, within ``room`` characters in all.

    First what the messages ``floor`` say (those a plain fit keeps that the view, whose
    message ids are ``kept``, does not), newest first; then, with the room left, what the
    other messages the view does not hold say, newest first: the recapped turns nearest the
    kept ones, in their own words. Lines ``said`` (the view's text) already holds are
    skipped. A bigger window has more room and holds more turns itself, so what a smaller
    window quotes it quotes or holds too (retention does not drop as the window grows).

    ``user_room``: characters for what the user said in the turns the view does not hold
    (oldest first, nudges aside), before the walk: a user's rule or correction is a short
    turn among long tool outputs, and is kept in its own words whatever language it is in
    and whether or not it reads as a rule to ``intent`` (red team 19: Polish and Korean
    prohibitions, conditional rules and corrections lost at 8k and 16k)."""
    names = {c.id: c.name for m in record for c in m.tool_calls}
    held = _squash(said)
    talk = _RunningTalk(record)
    taken = {line for _, line in chosen}
    left = room - sum(len(line) for _, line in chosen)
    out = list(chosen)
    order = [i for i in range(len(record) - 1, -1, -1) if record[i].id in floor]
    for quote in _user_quotes(record, kept, floor, names, held, user_room, talk):
        if quote[1] not in taken:
            out.append(quote)
            taken.add(quote[1])
    order += [
        i
        for i in range(len(record) - 1, -1, -1)
        if record[i].id not in kept
        and record[i].id not in floor
        and record[i].role != "system"
        and not record[i].is_recap
    ]
    read = 0  # characters looked through: a walk as long as the room is worth, no longer
    outputs: dict[str, str] | None = None  # (read once a call a plain fit keeps is met)
    # the shapes of the short progress lines quoted so far ("Step 97 done."): one says what
    # the twenty-five others would (R28-M3), the newest
    routine = {k for _, line in out if (k := _routine(line))}
    for i in order:
        if left <= 0 or read > _READ_PER_ROOM * room:
            break
        m = record[i]
        read += len(m.text)
        lines = list(_lines_of(m, names))
        if m.tool_calls and m.id in floor:  # (what failed: as the plain fit's gist says it)
            if outputs is None:
                outputs = _outputs(record)
            lines += _failures_of(m, outputs)
        for line, needed in lines:
            if line in taken or all(n in held for n in needed) or talk.only(line):
                continue
            line = talk.trimmed(line)
            shaped = _routine(line)
            if shaped and shaped in routine:
                continue
            if shaped:
                routine.add(shaped)
            if len(line) > left:
                if m.id in floor:
                    continue  # the others a plain fit keeps may still fit
                left = 0  # the walk stops here: a bigger window's walk goes further
                break
            out.append((i, line))
            taken.add(line)
            left -= len(line)
    return tuple(sorted(out))


# a counter, not a value: "Step 11", "part 3", "#12", "iteration 4/10"
_COUNTER = re.compile(
    r"(?i)(?:\b(?:step|part|item|task|round|turn|page|batch|chunk|iteration|stage|phase|pass|"
    r"run|attempt|try|round|schritt|teil|paso|parte|étape|passo|fase|krok|etap|stap|bước|шаг|"
    r"этап)\s*|#)\d+(?:\s*(?:/|of|von|de|di|из)\s*\d+)?\b"
)
_ROUTINE_LENGTH = 80


def _routine(line: str) -> str | None:
    """The shape of a short line of the user's or the assistant's whose only numbers are
    counters ("Assistant: Step 11 done.", "Assistant: Let me check step 4."), to quote
    one of a kind; None for any other line (a value, a tool's answer, a longer line)."""
    speaker, _, words = line.partition(": ")
    if speaker not in ("User", "Assistant") or len(words) > _ROUTINE_LENGTH:
        return None
    bare = _COUNTER.sub("#", words)
    if bare == words or any(ch.isdigit() for ch in bare):
        return None
    return f"{speaker}: {bare.casefold()}"


def view_text(messages: Iterable[Message]) -> str:
    """What ``messages`` state: their text and their tool calls' argument values."""
    return "\n".join(
        part
        for m in messages
        for part in (m.text, *(v for c in m.tool_calls for v in _values(c.arguments)))
    )


def _user_quotes(
    record: Sequence[Message],
    kept: Collection[str],
    floor: Collection[str],
    names: dict[str, str],
    held: str,
    room: int,
    talk: _RunningTalk,
) -> list[Quote]:
    """What the user said in the turns out of view (``kept``, ``floor`` aside: those are
    quoted first), oldest first, within ``room`` characters: not nudges, not pastes, not
    what ``held`` states already."""
    out: list[Quote] = []
    for i, m in enumerate(record):
        if m.role != "user" or m.id in kept or m.id in floor or m.is_recap:
            continue
        said = next(iter(_lines_of(m, names)), None)
        if said is None or not said[0].startswith("User: ") or all(n in held for n in said[1]):
            continue  # (a tool result sent in a user turn is not the user's words)
        line, words = said[0], said[1][0]
        if _is_nudge(words) or len(line) > _LONG_USER or talk.only(line):
            continue
        line = talk.trimmed(line)
        room -= len(line)
        if room < 0:
            break
        out.append((i, line))
    return out


class _RunningTalk:
    """What the user says again and again in ``record`` (``wording.said_often``), read on
    first need: a user's line of only that ("we had pizza three nights in a row, and the
    train was late twice this week") is talk, and its room goes to a line that says
    something (R39-F3: seven such lines were quoted under a talkative chat's recap)."""

    def __init__(self, record: Sequence[Message]) -> None:
        self._record = record
        self._often: frozenset[str] | None = None

    def _talk(self, sentence: str) -> bool:
        if self._often is None:
            # (imported here: the rule readers load when a recap is made, not with
            # ``prepare``, tests/test_first_fit_imports.py)
            from .rules import running_talk

            users = (m for m in self._record if m.role == "user" and not m.tool_results)
            self._often = running_talk(m.text for m in users if not m.is_recap)
        return only_said_often(sentence, self._often)

    def only(self, line: str) -> bool:
        return line.startswith("User: ") and self._talk(line[len("User: ") :])

    def trimmed(self, line: str) -> str:
        """A user's ``line`` without its sentences of running talk ("…" where they were):
        "Let's go with the second hotel you showed me, the one near the river." of a turn
        of five sentences of talk around it."""
        if not line.startswith("User: "):
            return line
        own = own_excerpt(line[len("User: ") :], self._talk)
        return f"User: {own}" if own else line


def _is_nudge(words: str) -> bool:
    """A turn that says nothing to keep ("ok", "thanks", "keep going"): short, and either
    read as a nudge or too short to hold a rule (a few characters in any script)."""
    return len(words) <= _SHORT_TURN or (len(words) <= 60 and is_nudge(words))


def quoted_recap(recap: Message, quotes: Sequence[Quote]) -> Message:
    """``recap`` with ``lines`` quoted under it (the same id and covers: the view's copy,
    the compaction event keeps the recap as made)."""
    if not quotes:
        return recap
    block = next(b for b in recap.content if isinstance(b, Recap))
    lines = "\n".join(f"- {line}" for _, line in quotes)
    text = f"{block.text}\n\n{QUOTES_HEADING}\n{lines}"
    return recap.with_content(Recap(text, block.covers) if b is block else b for b in recap.content)


@dataclass(frozen=True, slots=True)
class StandIn:
    """What stands in for a claim verification removed from a recap: the record's own
    line naming its value ("" when none does), and that line's place in the record when
    the view does not hold it yet (it is to be quoted)."""

    value: str
    line: str = ""
    at: int | None = None

    @property
    def quote(self) -> Quote | None:
        return None if self.at is None else (self.at, self.line)


def stand_ins(record: Sequence[Message], values: Sequence[str], said: str) -> tuple[StandIn, ...]:
    """For each value of a claim verification removed from a recap (a command said to have
    run that the user only forbade, a test said to pass that failed): the newest line of
    the record naming it, to quote unless ``said`` (the view's text) holds it already.

    >>> record = [Message.user("Never run `make deploy` on Fridays.", id="m1")]
    >>> [s.line for s in stand_ins(record, ["make deploy", "rm -rf /"], "")]
    ['User: Never run `make deploy` on Fridays.', '']
    """
    names = {c.id: c.name for m in record for c in m.tool_calls}
    held = _squash(said)
    out: list[StandIn] = []
    for value in dict.fromkeys(v for v in values if v.strip()):
        found = _stating(record, _squash(value), names)
        if found is None:
            out.append(StandIn(value))
        else:
            i, line, needed = found
            out.append(StandIn(value, line, None if all(n in held for n in needed) else i))
    return tuple(out)


def _stating(
    record: Sequence[Message], value: str, names: dict[str, str]
) -> tuple[int, str, list[str]] | None:
    """(place, line, the texts the view must hold to state it) of the newest line of the
    record naming ``value``: what was said or run, or the line of a tool's output."""
    for i in range(len(record) - 1, -1, -1):
        m = record[i]
        if m.role == "system" or m.is_recap:
            continue
        for line, needed in _lines_of(m, names):
            if value in line and len(line) <= _LONG_USER:
                return i, line, needed
        for result in m.tool_results:
            row = next((r for r in result.text.splitlines() if value in _squash(r)), None)
            if row is not None:
                name = result.name or names.get(result.call_id, "the tool")
                text = _head(_squash(row))
                return i, masked(f"{name} returned: {text}"), [text]
    return None
