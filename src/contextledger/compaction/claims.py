"""Claims, not words: what a recap says happened must have happened, in the role it says.

A recap can use only words from the record and still lie: "ran `rm -rf build`" when only
the user said "never run rm -rf build". Each clause of a recap is read for what it
claims, from its section (``Commands run:``, ``Failures:``, ``Files written:``,
``Constraints and corrections:``, ``Goal:``, ``Decisions:`` …) or, in free prose, from
its verbs and its subject, and checked against where such a thing really is:

* a command **run** must be a tool call's command (exact, with its arguments; or one step
  of a chained command) or a command shown as executed (a ``$ cmd`` line);
* a file **written** must be named by a write-type call (or a patch header);
* a **failure** must be in a tool result with a failure marker (a non-zero exit,
  ``FAILED``, a traceback, an error status …) of the command, test or tool it names; a
  **pass** needs a result without one;
* a **constraint**, a correction, the goal and anything else attributed to the user must
  trace to a user turn, with the same polarity ("never X" does not support "X") and
  with a preference the right way round ("use Redis not Memcached" does not support
  "use Memcached not Redis");
* a decision attributed to the assistant or to the user must be in a turn of that role.

A previous recap (already verified) counts as evidence for the claims it made.

>>> from contextledger.model import Message
>>> said = [Message.user("Never run rm -rf build on the runner.", id="u")]
>>> ev = Evidence.of(said)
>>> [str(c) for c in check_clause("The assistant ran `rm -rf build`.", None, ev)]
['ran rm -rf build: no tool call ran it (only the user mentioned it: "Never run rm -rf build on the runner.")']
>>> check_clause("The user said never to run `rm -rf build`.", None, ev)
()
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import chain, islice
from typing import Any, Literal, TypeVar

from ..intent import is_constraint
from ..model import Message, ToolCall
from .claims_cause import said_missing, shows_missing
from .claims_order import mentions, out_of_order, passed_since, split_order
from .digest import (
    SECTIONS,
    call_commands,
    call_paths,
    failing_tests,
    failure_lines,
    is_read_call,
    is_write_call,
    parse_digest,
    shows_file,
)
from .facts import extract_claims, keywords, sentences
from .outcome import Outcome, crashed, outcome_of, pick, timed_out, which_run
from .stance import Reading, keeps, plain_assertion
from .timeline import Event, Timeline, norm_command, norm_path, steps
from .trace import FILLER, claim_terms, cover, specific_terms, stem, unit_terms, words_in

_T = TypeVar("_T")
ClaimKind = Literal[
    "ran",
    "wrote",
    "read",
    "failed",
    "passed",
    "did",
    "number",
    "constraint",
    "user said",
    "assistant said",
]


@dataclass(frozen=True, slots=True)
class Claim:
    """An unsupported claim: what the recap claims (``kind`` and ``value``) and why the
    record does not support it, in words a UI can show."""

    kind: ClaimKind
    value: str
    reason: str

    def __str__(self) -> str:
        return f"{self.kind} {self.value}: {self.reason}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "value": self.value, "reason": self.reason}


# --------------------------------------------------------------------------- evidence

_SHOWN = re.compile(r"(?m)^\s*\$ +(\S[^\n]*)$")  # a command shown as executed


@dataclass(frozen=True, slots=True)
class Result:
    """One tool result with what produced it."""

    tool: str
    commands: frozenset[str]
    failed: bool
    text: str
    lines: tuple[str, ...] = ()
    named_terms: frozenset[str] = frozenset()  # of its command and tool: "the dry run"
    text_terms: frozenset[str] = frozenset()  # of its output (first 4,000 characters)
    at: int = -1  # where in the record (the message's index); -1: a previous recap's


def _result(
    tool: str, commands: frozenset[str], failed: bool, body: str, lines: tuple[str, ...] = ()
) -> Result:
    """A result with its terms computed once (clauses look runs up by their words)."""
    named = unit_terms(" ".join(commands) + " " + tool)  # as Evidence.of names a tool's run
    return Result(
        tool, commands, failed, " ".join(body.split()), lines, named, unit_terms(body[:4000])
    )


@dataclass(frozen=True, slots=True)
class FailureBlock:
    """What a failed result says failed: its failing lines (casefolded), and the run's
    tool and commands with every line not marked as passing, with its terms."""

    lines: tuple[str, ...]
    wide: str
    wide_terms: frozenset[str]

    @classmethod
    def of(cls, r: Result) -> FailureBlock:
        wide = " ".join([r.tool, *r.commands, *_failing_lines(r, wide=True)])
        return cls(tuple(x.casefold() for x in _failing_lines(r)), wide, unit_terms(wide))


@dataclass(frozen=True, slots=True)
class Unit:
    """One piece of the record a claim can trace to, with its terms and polarity."""

    text: str
    terms: frozenset[str]
    #: the words whose polarity is the unit's, read on first need (most units never are:
    #: reading every tool output's and call's polarity up front was a third of a check)
    polar: str = ""
    kind: Literal["said", "call", "told", "result"] = "said"

    @property
    def negated(self) -> bool:
        return bool(self.polar) and forbids(self.polar)


@lru_cache(maxsize=1 << 16)  # a long record is read again at every recap (twice on its first turn)
def _unit(text: str, kind: Literal["said", "call", "told", "result"] = "said") -> Unit:
    terms = unit_terms(text)
    if kind == "call":
        terms |= _CALL_TERMS
    return Unit(" ".join(text.split()), terms, text, kind)


@dataclass(frozen=True, slots=True)
class Act:
    """A call or a result as a unit of what was done, read on first need."""

    words: str
    kind: Literal["call", "result"]
    writes: bool = False  # a write-type call: "wrote", "modified" … are its terms too


def _act(done: Unit | Act) -> Unit:
    if isinstance(done, Unit):
        return done
    found = _unit(done.words, done.kind)
    return replace(found, terms=found.terms | _WRITE_TERMS) if done.writes else found


class UnitIndex:
    """Units of the record with an index from each term to the units holding it: a claim
    is compared only with the units that share its terms (comparing every claim with
    every unit made checking a recap against a long record take minutes). Also what is
    read of each unit on first need and kept: its stance and the preferences it states."""

    def __init__(self, units: Sequence[Unit]) -> None:
        self.units = tuple(units)
        postings: dict[str, list[int]] = {}
        for i, u in enumerate(self.units):
            for t in u.terms:
                postings.setdefault(t, []).append(i)
        self._postings = postings
        self._readings: dict[int, Reading] = {}
        self._marked: list[bool | None] = [None] * len(self.units)  # Reading.marked, as read
        self._preferences: tuple[frozenset[tuple[str, str]], ...] | None = None

    def hits(self, terms: Iterable[str]) -> Counter[int]:
        """How many of ``terms`` (distinct) each unit holding any of them holds."""
        return Counter(chain.from_iterable(self._postings.get(t, ()) for t in terms))

    def covering(self, terms: Iterable[str], need: float) -> list[int]:
        """The units holding at least ``need`` of ``terms`` (distinct), in order."""
        wanted = set(terms)
        n = len(wanted)
        least = next((k for k in range(1, n + 1) if k / n >= need), n + 1)  # rises with k
        return sorted(i for i, k in self.hits(wanted).items() if k >= least)

    def holding_all(self, terms: Iterable[str]) -> Sequence[int]:
        """Candidates for the units holding every one of ``terms``: those holding the
        rarest of them (every unit when there are none)."""
        return min(
            (self._postings.get(t, ()) for t in terms), key=len, default=range(len(self.units))
        )

    def holding_any(self, terms: Iterable[str]) -> list[int]:
        """The units holding any of ``terms``, in order."""
        return sorted(set(chain.from_iterable(self._postings.get(t, ()) for t in set(terms))))

    def stance(self, i: int) -> Reading:
        found = self._readings.get(i)
        if found is None:
            found = self._readings[i] = Reading(self.units[i].text)
        return found

    def _mark(self, i: int) -> bool:
        found = self._marked[i] = self.stance(i).marked
        return found

    def keeping(self, found: list[int], claim: Reading, *, flipped: bool) -> list[int]:
        """The units of ``found`` whose stance ``claim`` keeps (:meth:`Reading.change`)."""
        if claim.plain(flipped):  # only a unit that takes a stance can differ
            marked = self._marked
            return [
                i
                for i in found
                if not (self._mark(i) if marked[i] is None else marked[i])
                or claim.change(self.stance(i), flipped=flipped) is None
            ]
        return [i for i in found if claim.change(self.stance(i), flipped=flipped) is None]

    @property
    def preferences(self) -> tuple[frozenset[tuple[str, str]], ...]:
        """The preferences each unit states ("use X not Y")."""
        if self._preferences is None:
            self._preferences = tuple(frozenset(preferences(u.text)) for u in self.units)
        return self._preferences

    def preferred_in(self, found: list[int]) -> set[tuple[str, str]]:
        """The preferences the units of ``found`` state."""
        stated = self.preferences
        if not any(stated):
            return set()
        return set().union(*(stated[i] for i in found))


_CALL_TERMS = frozenset({"run"})
_WRITE_TERMS = frozenset({"write", "modify", "creat", "add", "sav"})


_ACKNOWLEDGES = re.compile(
    r"(?i)^\W*(?:ok(?:ay)?|understood|got\s+it|will\s+do|sure|agreed|noted|of\s+course|"
    r"sounds\s+good|makes\s+sense)\b"
)
# Failures the digest's markers may miss: a Go panic, a fatal or error line, a status.
_CRASH = re.compile(
    r"(?m)^\s*(?:panic|fatal(?:\s+error)?|error(?:\[\w+\])?)\s*:|\bCrashLoopBackOff\b|"
    r"\bexit(?:ed)?\s+(?:with\s+)?(?:code|status)\s*[:=]?\s*[1-9]|"
    # a linter's or type checker's summary: ruff, mypy, eslint, rubocop
    r"^\s*Found [1-9]\d* errors?\b|✖ [1-9]\d* problems?\b|"
    r"\b[1-9]\d* (?:errors?|offen[cs]es?|problems?) (?:found|detected)\b|"
    # a linter's finding: flake8, ruff, pylint, pycodestyle ("app.py:3:80: E501 line too long")
    r"^\S+:\d+:\d+:\s+[A-Z]{1,3}\d{2,4}\b",
    re.IGNORECASE,
)
_FUTURE = re.compile(
    r"(?i)\b(?:i'll|we'll|i\s+will|we\s+will|will|going\s+to|let\s+me|let's|plan\s+to|"
    r"about\s+to|would|could|should|might|may|shall)\b|\?\s*$"
)


@dataclass(frozen=True, slots=True)
class _Output:
    """What checks read of one tool output's text."""

    failed: bool  # by its text: a failure line, a crash
    text: str
    lines: tuple[str, ...]
    terms: frozenset[str]  # of its first 4,000 characters
    unit: Unit  # the output as something done ("the endpoint answered 503")


@lru_cache(maxsize=1 << 14)  # outputs are long, and read again at every recap
def _output(body: str) -> _Output:
    head = body[:4000]
    terms = unit_terms(head)
    return _Output(
        bool(failure_lines(body, limit=1) or _CRASH.search(body)),
        " ".join(body.split()),
        tuple(" ".join(x.split()) for x in body.splitlines() if x.strip()),
        terms,
        Unit(" ".join(head.split()), terms, head, "result"),
    )


@dataclass(frozen=True, slots=True)
class Evidence:
    """Where each kind of claim can be true: commands run, paths written and read,
    tool results (failed or not), what the user said (``said``, from the whole record
    when given) and what the assistant did (``acts``: tool calls and its own statements
    of what it did)."""

    executed: frozenset[str] = frozenset()
    programs: frozenset[str] = frozenset()
    written: frozenset[str] = frozenset()
    touched: frozenset[str] = frozenset()
    results: tuple[Result, ...] = ()
    tools: frozenset[str] = frozenset()
    user: tuple[str, ...] = ()
    assistant: tuple[str, ...] = ()
    user_turns: tuple[str, ...] = ()
    trusted: frozenset[str] = field(default=frozenset())
    said: tuple[Unit, ...] = ()
    #: what the assistant did: units, or the words of a call or a result not read yet (see
    #: :attr:`acts`: only claims that something was done read them, and a long record's
    #: calls and outputs are most of its words)
    done: tuple[Unit | Act, ...] = ()
    told: tuple[Unit, ...] = ()  # what the assistant said (any tense): for "the assistant said"
    #: every text of the record read (turns, tool outputs, a previous recap): where the
    #: numbers and days a recap names are looked up, on first need (see :meth:`numbers`)
    texts: tuple[str, ...] = ()
    #: the record's reads, writes, runs, failures and passes in order (claims of an order)
    timeline: Timeline = field(default_factory=lambda: Timeline(()), compare=False)
    #: the preferences the user stated ("use X not Y"), derived once from ``said``: every
    #: checked clause consults them (per clause they cost O(record): 25 s a recap at 10k turns)
    preferred: frozenset[tuple[str, str]] = field(init=False, default=frozenset())
    #: every user sentence and turn, folded: a recap sentence quoting one is the user's
    user_words: frozenset[str] = field(init=False, default=frozenset())
    #: ``said`` indexed by term, and what the user said and the assistant told (see
    #: :meth:`told_index`), built on first need: every clause of a recap looks them up
    said_index: UnitIndex = field(init=False, repr=False, compare=False)
    _indexes: dict[str, UnitIndex] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _derived: dict[str, Any] = field(init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        said = UnitIndex(self.said)
        object.__setattr__(self, "said_index", said)
        object.__setattr__(self, "preferred", frozenset().union(*said.preferences))
        words = frozenset(_fold(t) for t in (*self.user, *self.user_turns))
        object.__setattr__(self, "user_words", words)

    def _derive(self, key: str, make: Callable[[], _T]) -> _T:
        """What is derived from the record once, on first need: a check that read the
        whole record for each claim made a recap's check grow with record × claims."""
        if key not in self._derived:
            self._derived[key] = make()
        found: _T = self._derived[key]
        return found

    @property
    def outputs(self) -> str:
        """Every tool output, one after another (a NUL between two): what a claim looks
        for in any output is looked for once, not in each."""
        return self._derive("outputs", lambda: "\0".join(r.text for r in self.results))

    def printed(self, words: str) -> bool:
        """Whether some tool output holds ``words`` (as written, whitespace folded)."""
        if "\0" in words:
            return any(words in r.text for r in self.results)
        return words in self.outputs

    @property
    def failure_blocks(self) -> tuple[FailureBlock, ...]:
        """What each failed result says failed (see :class:`FailureBlock`)."""
        return self._derive(
            "failures", lambda: tuple(FailureBlock.of(r) for r in self.results if r.failed)
        )

    @property
    def acts(self) -> tuple[Unit, ...]:
        """What the assistant did: tool calls, their results and its own statements of
        what it did, each read on first need."""
        return self._derive("acts", lambda: tuple(_act(a) for a in self.done))

    @property
    def acts_index(self) -> UnitIndex:
        """``acts`` indexed by term."""
        found = self._indexes.get("acts")
        if found is None:
            found = self._indexes["acts"] = UnitIndex(self.acts)
        return found

    @property
    def spoken_index(self) -> UnitIndex:
        """What the assistant said (``told``) and the user said (``said``), by term."""
        found = self._indexes.get("spoken")
        if found is None:
            found = self._indexes["spoken"] = UnitIndex([*self.told, *self.said])
        return found

    @property
    def rules(self) -> tuple[tuple[Unit, frozenset[str], tuple[str, ...]], ...]:
        """What the user forbade: each negated user unit with its terms that say what
        (not the generic doing words) and the commands it names."""
        return self._derive("rules", lambda: tuple(_rule(u) for u in self.said if u.negated))

    @property
    def numbers(self) -> frozenset[tuple[str, str]]:
        """The record's numbers with their labels: ("expected", "302") of "expected 302"."""
        return self._derive(
            "numbers", lambda: frozenset(p for t in self.texts for p in number_pairs(t))
        )

    @property
    def counted(self) -> frozenset[tuple[str, str]]:
        """What the record counts: ("48210344", "row") of "48,210,344 rows"."""
        return self._derive("counted", lambda: frozenset(c for t in self.texts for c in counts(t)))

    @property
    def days(self) -> frozenset[str]:
        """The days and months the record names, casefolded."""
        return self._derive(
            "days",
            lambda: frozenset(d.casefold() for t in self.texts for d in _DATE_WORDS.findall(t)),
        )

    @property
    def done_terms(self) -> frozenset[str]:
        """Every term of what was done (``acts``)."""
        return self._derive("done", lambda: frozenset().union(*(u.terms for u in self.acts)))

    @property
    def told_index(self) -> UnitIndex:
        """What the assistant said it did (``acts`` of kind "told") and said (``told``)."""
        found = self._indexes.get("told")
        if found is None:
            told = [u for u in self.acts if u.kind == "told"] + list(self.told)
            found = self._indexes["told"] = UnitIndex(told)
        return found

    def cause_index(self, by_user: bool) -> UnitIndex:
        """Where a cause a recap gives can come from: what the assistant said (not what it
        echoed of the user's words) and what tools printed, not a call's arguments; and,
        ``by_user``, what the user said."""
        key = f"cause {by_user}"
        found = self._indexes.get(key)
        if found is None:
            echoes = {u.text for u in self.said}  # "Understood, … unless lag exceeds 10 s"
            units = [u for u in self.told if u.text not in echoes]
            units += [Unit(r.text[:4000], r.text_terms, "", "result") for r in self.results]
            if by_user:
                units += self.said
            found = self._indexes[key] = UnitIndex(units)
        return found

    @classmethod
    def of(
        cls,
        messages: Sequence[Message],
        previous_recap: str | None = None,
        context: Sequence[Message] = (),
    ) -> Evidence:
        """The evidence in ``messages`` plus the claims a previous (verified) recap made;
        ``context`` (the whole record) adds what the user said outside ``messages`` (the
        pinned goal, a constraint kept verbatim)."""
        executed: set[str] = set()
        written: set[str] = set()
        touched: set[str] = set()
        results: list[Result] = []
        user: list[str] = []
        turns: list[str] = []
        assistant: list[str] = []
        acts: list[Unit | Act] = []
        told: list[Unit] = []
        texts: list[str] = []
        calls = {c.id: c for m in messages for c in m.tool_calls}
        # what each call (by identity) ran and its arguments' words, read once
        commands_of: dict[int, list[str]] = {}
        args_of: dict[int, str | None] = {}
        events: list[Event] = []
        echoed: list[str] = []  # "Okay, I'll leave the Header alone." right after the user's rule
        after_user = False
        for at, m in enumerate(messages):
            if m.is_recap:
                continue
            text = m.text
            if m.role == "assistant" and after_user and _ACKNOWLEDGES.match(text):
                echoed += sentences(text)
            after_user = m.role == "user" and not m.tool_results
            if m.role == "user" and not m.tool_results:
                user += sentences(text)
                turns.append(text)
                texts.append(text)
            elif m.role == "assistant":
                told_now = sentences(text)
                assistant += told_now
                texts.append(text)
                for s in told_now:
                    said_now = _unit(s)
                    told.append(said_now)
                    if not negated(s) and not _FUTURE.search(s):
                        acts.append(replace(said_now, kind="told"))
                executed.update(s for c in _SHOWN.findall(text) for s in steps(c))
            for c in m.tool_calls:
                cmds = commands_of[id(c)] = call_commands(c)
                for cmd in cmds:
                    executed |= steps(cmd)
                paths = call_paths(c)
                touched.update(paths)
                touched.update(p for cmd in cmds for p in cmd.split())
                writes = is_write_call(c)
                if writes:
                    written.update(paths)
                events += _call_events(at, c, cmds, paths, writes)
                args = args_of[id(c)] = _call_args(c)
                words = f"{c.name} {(c.arguments if args is None else args)[:4000]}"
                acts.append(Act(words, "call", writes))
            for r in m.tool_results:
                call = calls.get(r.call_id)
                body = r.text
                texts.append(body)
                if call is None or not shows_file(call):  # a README's "$ make deploy" never ran
                    executed.update(s for c in _SHOWN.findall(body) for s in steps(c))
                if call is not None and id(call) not in commands_of:  # answered before it was made
                    commands_of[id(call)], args_of[id(call)] = call_commands(call), _call_args(call)
                ran = (
                    frozenset(s for c in commands_of[id(call)] for s in steps(c)) if call else None
                )
                output = _output(body)
                tool = call.name if call else (r.name or "tool")
                commands = ran or frozenset()
                named = unit_terms(" ".join(commands) + " " + tool)
                result = Result(
                    tool,
                    commands,
                    r.is_error or output.failed,
                    output.text,
                    output.lines,
                    named,
                    output.terms,
                    at,
                )
                results.append(result)
                events += _result_events(at, result, body)
                acts.append(output.unit)
                if call is not None:  # "the endpoint answered 503": the call and its result
                    args = args_of[id(call)] or ""
                    acts.append(Act(f"{call.name} {args[:2000]} {body[:2000]}", "result"))
        seen = set(turns)
        for m in context:
            if m.role == "user" and not m.tool_results and not m.is_recap and m.text not in seen:
                user += sentences(m.text)
                turns.append(m.text)
                texts.append(m.text)
                seen.add(m.text)
        trusted: set[str] = set()
        if previous_recap:
            prev = parse_digest(previous_recap)
            for item in prev.items("Commands run"):
                executed |= steps(_strip_note(item))
            written.update(prev.items("Files written"))
            for item in prev.items("Failures"):
                subject, _, line = item.partition(": ")
                failed_steps = frozenset(steps(subject)) if subject.startswith("`") else frozenset()
                results.append(_result(subject.strip("`"), failed_steps, True, line))
            for name in ("Goal", "Constraints and corrections", "Open requests"):
                user += [s for item in prev.items(name) for s in sentences(item)]
            trusted = {_fold(s) for s in sentences(previous_recap)}
            acts += [_unit(s, "told") for s in sentences(previous_recap) if not negated(s)]
            texts.append(previous_recap)
        programs = {c.split(" ", 1)[0] for c in executed}
        said = [_unit(s) for s in user] + [_unit(t) for t in turns if len(sentences(t)) > 1]
        said += [_unit(s) for s in echoed]
        return cls(
            executed=frozenset(executed),
            programs=frozenset(programs),
            written=frozenset(written),
            touched=frozenset(touched | written),
            results=tuple(results),
            tools=frozenset(c.name for c in calls.values()),
            user=tuple(user),
            assistant=tuple(assistant),
            user_turns=tuple(turns),
            trusted=frozenset(trusted),
            said=tuple(said),
            done=tuple(acts),
            told=tuple(told),
            texts=tuple(texts),
            timeline=Timeline.of(events),
        )

    def ran(self, command: str, *, exact: bool = False) -> bool:
        """Whether ``command`` ran; unless ``exact``, a program named alone ("ran pytest")
        ran if any command of it did."""
        c = norm_command(command)
        if c in self.executed:
            return True
        return not exact and " " not in c and c in self.programs

    def results_of(self, subject: str) -> list[Result]:
        c = norm_command(subject)
        return [
            r
            for r in self.results
            if c in r.commands
            or r.tool == c
            or (" " not in c and any(x.split(" ", 1)[0] == c for x in r.commands))
        ]


def _call_events(
    at: int, call: ToolCall, commands: list[str], paths: list[str], writes: bool
) -> list[Event]:
    """What a call did, as events: the commands it ran, the files it wrote or read (a
    read-type call, or a shell command that prints a file: ``cat README.md``)."""
    out = [Event(at, "ran", s) for c in commands for s in steps(c)]
    if writes:
        out += [Event(at, "wrote", norm_path(p)) for p in paths]
    elif is_read_call(call):
        out += [Event(at, "read", norm_path(p)) for p in paths]
    elif commands and shows_file(call):
        shown = (w for c in commands for w in c.split()[1:] if not w.startswith("-"))
        out += [Event(at, "read", norm_path(w)) for w in shown]
    return out


def _result_events(at: int, result: Result, body: str) -> list[Event]:
    """What a result said: its run (each command, or the tool) failed or passed, and the
    tests it names failing."""
    kind: Literal["failed", "passed"] = "failed" if result.failed else "passed"
    out = [Event(at, kind, s) for s in sorted(result.commands) or [result.tool]]
    if result.failed:
        out += [Event(at, "failed", t) for t in failing_tests(body)]
    return out


def _call_args(call: ToolCall) -> str | None:
    """The words of a call's arguments (an edit's old text left out); None when they are
    not JSON."""
    parsed, _ = call.parsed()
    return " ".join(_arg_strings(parsed)) if parsed is not None else None


# An edit's "before" text is what was replaced, not what was done.
_BEFORE_KEYS = frozenset({"old", "old_str", "old_string", "search", "before", "original", "find"})


def _arg_strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [
            s
            for k, v in value.items()
            if str(k).casefold() not in _BEFORE_KEYS
            for s in _arg_strings(v)
        ]
    if isinstance(value, list):
        return [s for v in value for s in _arg_strings(v)]
    return []


# Numbers bound to a label the recap may swap: "expected 302, got 500".
_LABEL = re.compile(
    r"(?i)\b(expected|expect|got|want|wanted|actual|received|returned|returns|from|to|left|"
    r"right)\b"
    r"[\s:=,<>≤≥]*(?:a\s+|an\s+|of\s+|status\s+|code\s+)?(-?\d+(?:\.\d+)?\b|\"[^\"\n]{1,80}\"|'[^'\n]{1,80}')"
)
_LABEL_FOLD = {
    "expect": "expected",
    "wanted": "expected",
    "want": "expected",
    "actual": "got",
    "received": "got",
    "returned": "got",
    "returns": "got",
}
_OPPOSITE = {
    "expected": "got",
    "got": "expected",
    "from": "to",
    "to": "from",
    "left": "right",
    "right": "left",
}


def number_pairs(text: str) -> set[tuple[str, str]]:
    """(label, number) pairs of ``text``: ``expected 302, got 500`` gives
    ``{("expected", "302"), ("got", "500")}``."""
    out = set()
    for m in _LABEL.finditer(text):
        label = m.group(1).casefold()
        out.add((_LABEL_FOLD.get(label, label), m.group(2)))
    return out


_COUNT = re.compile(r"(?<![\w.,:])(\d+(?:,\d{3})*(?:\.\d+)?)\s+([A-Za-z][a-z]{2,})\b")


# Nouns counted many ways in one session ("3 tests" of a file, "40 tests" of the suite).
_LOOSE_NOUN_WORDS = "test item file line second minute hour time step attempt run error warning"
_LOOSE_NOUNS = frozenset(stem(w) for w in _LOOSE_NOUN_WORDS.split())


def counts(text: str) -> set[tuple[str, str]]:
    """(number, noun) pairs of ``text``: "48,210,344 rows in 4,822 chunks" gives
    ``{("48210344", "row"), ("4822", "chunk")}``."""
    found = ((m.group(1).replace(",", ""), stem(m.group(2))) for m in _COUNT.finditer(text))
    return {(n, noun) for n, noun in found if noun not in FILLER and len(noun) > 2}


def _strip_note(item: str) -> str:
    return re.sub(r"\s*\([^)]*\)$", "", item).strip().strip("`")


def _fold(text: str) -> str:
    return " ".join(text.casefold().split()).rstrip(".!?")


# --------------------------------------------------------------------------- clause reading

_NEG = re.compile(
    r"(?i)\b(?:never|under\s+no\s+circumstances|by\s+no\s+means|not|don'?t|do\s+not|does\s+not|doesn'?t|must\s+not|mustn'?t|shall\s+not|"
    r"should\s+not|shouldn'?t|cannot|can'?t|won'?t|avoid|no\s+longer|refrain|forbid(?:den)?|"
    r"prohibited|off[-\s]limits|without|nothing|nobody|none|no\s+(?!more\s+than|less\s+than)(?=\w))\b"
)
_PREFERENCE_NOT = re.compile(r"(?i)\b\S+,?\s+\(?not\s+\S+")  # "Redis not Memcached": not a negation
_USER = re.compile(r"(?i)\b(?:the\s+)?user(?:'s)?\b")
_ASSISTANT = re.compile(r"(?i)\b(?:the\s+)?(?:assistant|agent|model)\b|^\s*(?:i|we|it)\b")
_RAN = re.compile(
    r"(?i)\b(?:ran|run|runs|running|re-?ran|re-?run|executed?|executes|executing|invoked?|"
    r"launched|called)\b"
)
_WROTE = re.compile(
    r"(?i)\b(?:wrote|written|writes|write|created|creates|edited|edits|modified|modifies|"
    r"updated|updates|changed|changes|patched|patches|rewrote|rewritten|saved|deleted|removed|"
    r"renamed|added|adds|touched|overwrote)\b"
)
_DONE = re.compile(
    r"(?i)\b(?:ran|re-?ran|executed|invoked|launched|called|wrote|written|created|edited|"
    r"modified|updated|changed|patched|rewrote|saved|deleted|removed|renamed|added|failed|"
    r"passed|succeeded|crashed|errored|broke)\b"
)
_SAID_BY_USER = re.compile(
    r"(?i)\buser\s+(?:\w+\s+){0,2}?(?:said|says|asked|asks|wants|wanted|requested|requests|"
    r"insisted|insists|told|instructed|prefers|preferred|requires|required|forbade|forbids|"
    r"stated|specified|demanded|reminded|would\s+like|decided|chose|agreed|corrected|added|"
    r"clarified|pointed\s+out|warned)\b|"
    r"\buser'?s\s+(?:goal|request|constraint|rule|instruction|preference|correction)|"
    r"\b(?:asked|requested|told|instructed|required)\s+by\s+the\s+user\b"
)
_DECIDED = re.compile(
    r"(?i)\b(?:decided|decides|chose|chooses|agreed|settled\s+on|opted|promised|committed\s+to|"
    r"proposed|proposes|suggested|suggests|recommended|recommends|insisted|insists|"
    r"set\s+(?:the|a)\s+rule)\b"
)
# Verbs that say the assistant originated a rule or a plan (not that it agreed to one).
_ORIGINATE = re.compile(
    r"(?i)\b(?:proposed|proposes|suggested|suggests|recommended|recommends|insisted|insists|"
    r"decided|decides|chose|chooses|came\s+up\s+with|set\s+(?:the|a)\s+rule|required|"
    r"demanded|mandated|on\s+its\s+own)\b"
)
_READ = re.compile(r"(?i)\b(?:read|reads|reading|viewed|looked\s+at|opened|inspected|checked)\b")
_FAIL = re.compile(
    r"(?i)\b(?:fail(?:s|ed|ing|ure|ures)?|errored|errors?|broke|broken|crash(?:ed|es)?|"
    r"traceback|exception|non-?zero\s+exit)\b"
)
_PASS = re.compile(
    r"(?i)\b(?:pass|passed|passes|passing|succeeded|succeeds|successful(?:ly)?|green)\b"
)
_BACKTICKED = re.compile(r"`([^`\n]+)`")
_TEST_ID = re.compile(
    r"[\w./-]+\.py::[\w\[\]:.-]+|\btest_\w+(?:\[[^\]\s]*\])?|\b\w+Tests?\.\w+|\bTest[A-Z]\w*|"
    r"\b[a-z_]\w*::[a-z_]\w*(?:::\w+)*"
)
_CLAUSE = re.compile(
    r"\s*;\s*|,?\s+(?:and|but|then|while|whereas|after\s+which|so|which|and\s+so)\s+"
    r"(?=(?:then\s+)?(?:the\s+)?(?:user|assistant|agent|it|i|we|they)\b)|"
    r",?\s+(?:while|whereas)\s+|,\s+(?:but|where|although|though)\s+",
    re.IGNORECASE,
)
_PREFER = (  # (pattern, index of the preferred, index of the rejected)
    (re.compile(r"(?i)\b(?:use\s+)?([\w./+-]+),?\s+\(?not\s+([\w./+-]+)\)?"), 1, 2),
    (
        re.compile(
            r"(?i)\b([\w./+-]+)\s+(?:instead\s+of|rather\s+than|over(?!\s+\d))\s+([\w./+-]+)"
        ),
        1,
        2,
    ),
    (
        re.compile(
            r"(?i)\b(?:switch|mov|migrat|chang|port)(?:e|es|ed|ing)?\s+(?:\w+\s+){0,3}?from\s+"
            r"([\w./+-]+)\s+to\s+([\w./+-]+)"
        ),
        2,
        1,
    ),
    (re.compile(r"(?i)\breplac(?:e|ed|ing)\s+([\w./+-]+)\s+with\s+([\w./+-]+)"), 2, 1),
    (re.compile(r"(?i)\bnot\s+([\w./+-]+),?\s+but\s+([\w./+-]+)"), 2, 1),
    (
        re.compile(
            r"(?i)\b([\w./+-]+)\s+(?:should\s+|will\s+|would\s+|to\s+)?replaces?\s+([\w./+-]+)"
        ),
        1,
        2,
    ),
    (
        re.compile(
            r"(?i)\b([\w./+-]+)\s+(?:was\s+|were\s+|is\s+)?(?:rejected|dropped|abandoned)\s+in\s+"
            r"favou?r\s+of\s+([\w./+-]+)"
        ),
        2,
        1,
    ),
    (re.compile(r"(?i)\bin\s+favou?r\s+of\s+([\w./+-]+)\s+over\s+([\w./+-]+)"), 1, 2),
)
# A word each pattern of _PREFER needs (case-insensitively, in ASCII text).
_MAY_PREFER = re.compile(r"not|instead|rather|over|from|replac|favo")
_ATTRIBUTION_WORDS = """
    user user's assistant agent model said says asked asks wants wanted requested requests
    told insisted instructed prefers preferred stated noted mentioned decided agreed chose
    explicitly
"""
_ATTRIBUTION = frozenset(_ATTRIBUTION_WORDS.split())
ITEM = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+")
_HEADER = re.compile(r"^\s*(?:#+\s*)?\**\s*([A-Za-z][A-Za-z /]+?)\s*\**\s*:\s*\**\s*(.*)$")


def section_of(line: str) -> tuple[str | None, str]:
    """The section a line opens (``Commands run:`` …, markdown emphasis allowed) and the
    text after its colon; ``(None, line)`` for other lines."""
    m = _HEADER.match(line)
    if m:
        name = m.group(1).strip().casefold()
        for s in SECTIONS:
            if s.casefold() == name:
                return s, m.group(2).strip()
    return None, line


# A purpose or reason after the request: "add keys so that retried POSTs never double-charge"
# asks for keys; the "never" is what they are for, not a rule.
_PURPOSE = re.compile(
    r"(?i)(?<=\w)[,\s]+(?:so\s+that|so(?=\s+\w+\s+\w+)|in\s+order\s+(?:to|that)|"
    r"to\s+(?:avoid|prevent))\b.*$"
)


@lru_cache(maxsize=1 << 16)  # asked of every sentence of the record at every recap
def negated(text: str) -> bool:
    """Whether ``text`` states a negation ("never", "do not" …); "use A not B" is a
    preference, not a negation, and a purpose clause ("so that X never Y") is none."""
    text = _PURPOSE.sub("", text)
    return bool(_NEG.search(_PREFERENCE_NOT.sub(" ", text) if _is_preference(text) else text))


_NOT_A_NAME_WORDS = """
    be to been being do have use touch run modify change edit delete remove push call make go
    yet only just even always ever so too the a an that this it all any in on at for with
    break fail pass
"""
_NOT_A_NAME = frozenset(_NOT_A_NAME_WORDS.split())


def _is_preference(text: str) -> bool:
    if text.isascii() and "not" not in text.lower():
        return False  # the pattern needs it (a quick test: most sentences have none)
    pairs = list(_PREFER[0][0].finditer(text))
    if not any(_a_name(m.group(2)) for m in pairs):
        return False
    return not re.search(
        r"(?i)\b(?:do|does|did|should|must|will|would|could|can|is|are|was|were|has|have|had|"
        r"may|might|shall|need|needs)\s+not\b",
        text,
    )


def _a_name(word: str) -> bool:
    """Whether the word after "not" names a thing ("Redis not Memcached"), not a verb."""
    w = word.strip(".,")
    low = w.casefold()
    return low not in _NOT_A_NAME and not (w.islower() and re.search(r"(?:ed|ing)$", low))


def _variant_of(rejected: str, before: str) -> str | None:
    """The option a rejected one is a variant of, named earlier: in "the secret is
    stripe-live in staging, not stripe" the preferred option is stripe-live, not staging."""
    tokens: list[str] = re.findall(r"[\w./+-]+", before.casefold())
    stem_of = re.sub(r"[\d.]+", "", rejected)
    for tok in reversed(tokens):
        tok = tok.strip(".,")
        if tok == rejected:
            continue
        if len(rejected) >= 3 and (
            tok.startswith(rejected) or (rejected.startswith(tok) and len(tok) > 3)
        ):
            return tok
        if stem_of and re.search(r"\d", rejected) and re.sub(r"[\d.]+", "", tok) == stem_of:
            return tok  # "the v3 endpoint, not v2": v3 over v2
    return None


def _names(option: str, terms: frozenset[str]) -> bool:
    """Whether ``terms`` name an option ("stripe-live" by its words stripe and live)."""
    return stem(option) in terms or all(stem(p) in terms for p in option.split("-") if p)


def preferences(text: str) -> set[tuple[str, str]]:
    """(preferred, rejected) pairs stated in ``text``, casefolded."""
    out: set[tuple[str, str]] = set()
    if text.isascii() and not _MAY_PREFER.search(text.lower()):
        return out  # most sentences state none: no pattern's own words are in them
    for pattern, a, b in _PREFER:
        for m in pattern.finditer(text):
            x, y = m.group(a).casefold().strip(".,"), m.group(b).casefold().strip(".,")
            x = _variant_of(y, text[: m.start(b)]) or x
            # a flag is one option with or without its dashes: "--since, not --after"
            x, y = x.lstrip("-"), y.lstrip("-")
            if x != y and x not in ("do", "does", "is", "are", "was", "should", "must"):
                out.add((x, y))
    return out


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def _words(text: str) -> set[str]:
    return {_stem(w) for w in keywords(text) if w not in _ATTRIBUTION}


def _overlap(claim: set[str], said: str) -> float:
    if not claim:
        return 1.0
    return len(claim & _words(said)) / len(claim)


def _quote(s: str, n: int = 100) -> str:
    s = " ".join(s.split())
    return '"' + (s if len(s) <= n else s[: n - 1] + "…") + '"'


# --------------------------------------------------------------------------- checks


def _check_ran(commands: Iterable[str], ev: Evidence, *, exact: bool = False) -> list[Claim]:
    out: list[Claim] = []
    for cmd in commands:
        if ev.ran(cmd, exact=exact):
            continue
        near = next((s for s in ev.executed if s.startswith(norm_command(cmd) + " ")), None)
        said = next((s for s in ev.user if norm_command(cmd) in " ".join(s.split())), None)
        if near:
            why = f"no tool call ran it; `{near}` ran (the recap cut its arguments)"
        elif said:
            why = f"no tool call ran it (only the user mentioned it: {_quote(said)})"
        else:
            why = "no tool call ran it"
        out.append(Claim("ran", norm_command(cmd), why))
    return out


def _check_written(paths: Iterable[str], ev: Evidence) -> list[Claim]:
    out: list[Claim] = []
    for p in paths:
        p = p.strip().strip("`").removeprefix("./")
        if p in ev.written or p.rstrip("/") in ev.written:
            continue
        why = (
            "no write-type call wrote it (it was only read or run)"
            if p in ev.touched
            else "no write-type call wrote it"
        )
        out.append(Claim("wrote", p, why))
    return out


def _check_read(paths: Iterable[str], ev: Evidence) -> list[Claim]:
    out: list[Claim] = []
    for p in paths:
        p = p.strip().strip("`").removeprefix("./")
        if p and p not in ev.touched and not ev.printed(p):
            out.append(Claim("read", p, "no tool call read it"))
    return out


def _failure_subjects(text: str, ev: Evidence) -> list[tuple[str, str]]:
    """What a failure claim is about: ("command"|"test"|"tool", value)."""
    quoted = {norm_command(q) for q in _BACKTICKED.findall(text)}
    commands = [  # "the loadgen cargo tests" names no command; `cargo test` does
        f.value
        for f in extract_claims(text)
        if f.kind == "command"
        and (norm_command(f.value) in quoted or any(x.startswith(f.value) for x in ev.executed))
    ]
    commands += [
        norm_command(q)
        for q in _BACKTICKED.findall(text)
        if norm_command(q) not in commands
        and (ev.ran(q, exact=True) or (" " in q.strip() and not _printed(q, ev)))
    ]
    out: list[tuple[str, str]] = [("command", c) for c in commands]
    rest = re.sub(r"`[^`]*`", " ", text)  # a test or tool named inside a command is the command's
    for c in commands:
        rest = rest.replace(c, " ")
    out += [("test", t) for t in _TEST_ID.findall(rest)]
    out += [("tool", t) for t in ev.tools if re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", rest)]
    return out


# "failed with a Redis timeout": the message a failure is said to have printed
_FAILED_WITH = re.compile(
    r"(?i)\b(?:fail(?:ed|s)?|crash(?:ed|es)?|errored(?:\s+out)?|panick?ed|aborted|broke)\s+"
    r"(?:with|:)\s+(?P<msg>[^;]+)"
)
_EXIT_NOTE = re.compile(
    r"(?i)\(?\b(?:an?\s+)?(?:non-?zero\s+)?exit(?:ed)?\s+(?:code|status)\s*[:=]?\s*\d*\)?|"
    r"\b(?:an?\s+)?(?:errors?|failures?|exceptions?)\b\.?$"
)


def _check_failed_on_run(test: str, run: str | None, ev: Evidence) -> list[Claim]:
    """ "TestX failed on the second run": the run its ordinal picks, of the command whose
    output named the test failing, failed (a run that passed, naming it or not, did not)."""
    if run is None or run == "all":
        return []
    first = next(
        (r for r in ev.results if r.failed and any(_names_test(x, test) for x in r.lines)), None
    )
    if first is None or not first.commands:
        return []
    runs = [r for r in ev.results if r.commands == first.commands]
    chosen = pick(runs, run)
    if chosen and not any(r.failed and _test_verdict(r, test) is not True for r in chosen):
        return [Claim("failed", test, f"{_the(run)} run of it passed")]
    return []


def _printed(quoted: str, ev: Evidence) -> bool:
    """Whether a backticked span is text a tool printed (Rust's "assertion `left ==
    right` failed"), not a command: it is in a result's output and never ran."""
    q = " ".join(quoted.split())
    if ev.ran(q) or any(f.kind == "command" for f in extract_claims(q)):
        return False  # `make migrate` a tool suggested is still a command
    return ev.printed(q)


def _check_failed(text: str, ev: Evidence, line: str = "") -> list[Claim]:
    out: list[Claim] = []
    subjects = _failure_subjects(text, ev)
    if not subjects and not line:  # "the spawns_workers failure (…) was left alone"
        subjects = [
            ("test", t)
            for t in _named_tests(text, ev)
            if any(
                r.failed and any(_names_test(x, t) for x in _failing_lines(r)) for r in ev.results
            )
        ]
    if not subjects and not line and specific_terms(text) - {"fail", "pass"}:
        # "totals::sums_lines failed": what it names is on a failing line
        if not _on_failing_line(_FAIL.sub(" ", text).strip(" ."), ev):
            return [Claim("failed", text, "no failing line of a tool result says this")]
        return []
    named = _named_results(text, ev) if not subjects and not line else []
    if named:  # "lint failed", "the second dry run crashed": the runs its words name
        chosen = pick(named, which_run(text))
        if not any(r.failed for r in chosen):
            return [Claim("failed", text, "the run it names shows no failure")]
        if _AGAIN.search(text) and not any(r.failed for r in named[: named.index(chosen[0])]):
            return [Claim("failed", text, "it failed, but no earlier run it names did")]
        return []
    if not subjects and not line:
        # "the tests failed": about no command in particular, but some result must say so
        tests = _TESTS.search(text)
        if not any(r.failed and (not tests or _is_test_run(r)) for r in ev.results):
            what = "no test run" if tests else "no tool result"
            return [Claim("failed", text, f"{what} in the record shows a failure")]
    for kind, value in subjects:
        if kind == "test":
            if not any(
                r.failed and any(_names_test(x, value) for x in _failing_lines(r))
                for r in ev.results
            ):
                out.append(Claim("failed", value, "no failing tool result names it"))
            elif _ONLY_FAILURE.search(text):
                out += _check_only_failure(value, ev)
            elif passed_since(text, value, ev.timeline):  # "test_x still fails"
                out.append(Claim("failed", value, passed_since(text, value, ev.timeline) or ""))
            else:
                out += _check_failed_on_run(value, which_run(text), ev)
            continue
        since = passed_since(text, norm_command(value), ev.timeline)
        if since:  # "`make lint` is still failing"
            out.append(Claim("failed", value, since))
            continue
        results = ev.results_of(value)
        if kind == "command" and not results and not ev.ran(value):
            out.append(Claim("failed", value, "no tool call ran it"))
        elif results and not any(r.failed for r in results):
            out.append(Claim("failed", value, "it ran, and no result of it shows a failure"))
        elif _AGAIN.search(text) and sum(r.failed for r in results) < 2:
            out.append(Claim("failed", value, "it failed once, not again"))
        elif kind == "command" and not results:
            out.append(Claim("failed", value, "no result of it shows a failure"))
    said = _FAILED_WITH.search(re.sub(r"`[^`]*`", " ", text)) if not line else None
    # "failed with a Redis timeout"; "expected 7 but got 5" is the numbers' check (the
    # output may say "got 5, want 7")
    msg = _LABEL.sub(r"\2", _EXIT_NOTE.sub(" ", said.group("msg"))) if said else ""
    if claim_terms(msg) - {"fail"}:
        line = msg
    if line:
        # what the failure says (test names, numbers, messages) is on a failing line
        body = " ".join(line.removesuffix("…").split()).strip().rstrip(".;,")
        if body and not _on_failing_line(body, ev):
            out.append(Claim("failed", body, "no failing line of a tool result says this"))
    return out


_FAILING = re.compile(r"(?i)fail|error|exception|traceback|panic|✕|✗|×|\bnot ok\b|\bE\s{2,}")
_PASSING = re.compile(r"(?i)✓|✔|\bPASS(?:ED)?\b|\bpassed\b|^ok\b|\.\.\.\s*ok\b|\bok$")


def _failing_lines(r: Result, *, wide: bool = False) -> list[str]:
    """The lines of a failed result that say what failed: a failure marker, or just after
    one (a go test's "got 3600, want 1800"), never a line marked as passing. ``wide``:
    every line not marked as passing (Jest prints ``Expected:`` and ``Received:`` lines
    below the failing test's name and its diff header)."""
    return list(_failing_of(r.lines or (r.text,), wide))


@lru_cache(maxsize=1 << 12)  # each failed result is asked again by every failure claim
def _failing_of(lines: tuple[str, ...], wide: bool) -> tuple[str, ...]:
    out: list[str] = []
    after = 0
    for line in lines:
        if _PASSING.search(line) and not _FAILING.search(line):
            after = 0
            continue
        if _FAILING.search(line) or wide:
            out.append(line)
            after = 2
        elif after:
            out.append(line)
            after -= 1
    return tuple(out)


def _on_failing_line(body: str, ev: Evidence) -> bool:
    """Whether a failing result says ``body``: verbatim on a failing line, or its terms
    (every specific one) across the failing lines of one result."""
    blocks = ev.failure_blocks
    folded = body.casefold()
    if any(folded in x for block in blocks for x in block.lines):
        return True
    # the command that failed is part of what its failure says ("the Jest test … failed")
    terms = claim_terms(body) - {"fail"}
    specific = specific_terms(body) & terms
    for block in blocks:
        share, missing = cover(terms, block.wide_terms)
        if missing:  # "UniqueViolation" is in "psycopg.errors.UniqueViolation:"
            low = block.wide.casefold()
            found = {t for t in missing if len(t) >= 5 and t in low}
            share += len(found) / len(terms)
            missing = tuple(t for t in missing if t not in found)
        if share >= 0.75 and not specific.intersection(missing):
            return True
    return False


def _has_token(text: str, value: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(value)}(?![\w])", text) is not None


_TESTS = re.compile(r"(?i)\b(?:tests?|test\s+suite|suites?|specs?|ci|build)\b")
_TEST_RUNNER = re.compile(
    r"(?i)\b(?:pytest|jest|vitest|mocha|rspec|phpunit|unittest|tox|nox|ctest|go\s+test|"
    r"cargo\s+test|npm\s+(?:run\s+)?test|yarn\s+test|pnpm\s+test|make\s+(?:test|check)|"
    r"gradle\w*\s+test|mvn\s+test|dotnet\s+test)\b"
)


def _is_test_run(r: Result) -> bool:
    return any(_TEST_RUNNER.search(c) for c in r.commands) or bool(
        re.search(r"(?i)\b\d+ (?:passed|failed)\b|\bFAILED\b|\bTests?:", r.text)
    )


# What "CI is green" covers besides tests: linters, type checkers, builds.
_CHECK_RUNNER = re.compile(
    r"(?i)\b(?:mypy|ruff|flake8|pylint|black\s+--check|eslint|tsc|prettier\s+--check|clippy|"
    r"golangci-lint|go\s+vet|go\s+build|cargo\s+(?:build|check|fmt)|rubocop|phpstan|psalm|"
    r"terraform\s+(?:validate|fmt)|(?:npm|pnpm|yarn)\s+(?:run\s+)?(?:lint|build|typecheck)|"
    r"make\s+(?:lint|build|ci))\b"
)
# A claim about every run, not one: "CI is green", "every suite passed", "all tests pass".
_EVERY = re.compile(
    r"(?i)\b(?:ci|all|every|everything|each|whole|entire|full|across\s+the\s+board)\b"
)


_LINT = re.compile(r"(?i)\blint(?:s|er|ers|ing)?\b|\btype-?check(?:s|er|ing)?\b")
_ALL_CHECKS = re.compile(
    r"(?i)\b(?:everything|all\s+(?:the\s+)?checks|every\s+check|all\s+green)\b"
)


def _is_check_run(r: Result) -> bool:
    return any(_CHECK_RUNNER.search(c) for c in r.commands)


def _broader(later: Result, earlier: Result) -> bool:
    """Whether ``later`` re-ran what ``earlier`` ran, or more: the same program with no
    argument ``earlier`` lacked (``pytest -q`` covers ``pytest tests/a.py -q``; a run
    filtered with ``-run TestX`` does not cover the whole package)."""
    if not later.commands or not earlier.commands:
        return later.tool == earlier.tool and not later.commands and not earlier.commands
    mine = max(later.commands, key=len).split()
    theirs = set(max(earlier.commands, key=len).split())
    return bool(mine) and mine[0] in theirs and set(mine) <= theirs


def _unresolved(results: Sequence[Result], mode: str, timeline: Timeline) -> Result | None:
    """The first run that failed (in ``mode``) with no passing run of it after it, nor a
    passing run of more after a file was written (``pytest -q`` passing with no change
    since ``pytest tests/a.py`` failed contradicts the failure; it does not resolve it)."""
    for i, r in enumerate(results):
        if not _failed_in([r], mode):
            continue
        if not any(not x.failed and _resolves(x, r, timeline) for x in results[i + 1 :]):
            return r
    return None


def _resolves(later: Result, failed: Result, timeline: Timeline) -> bool:
    """Whether a passing run ``later`` shows that ``failed`` passes now: it ran the same,
    or ran more (:func:`_broader`) after a file was written."""
    if not _broader(later, failed):
        return False
    if later.commands == failed.commands or min(later.at, failed.at) < 0:
        return True
    return timeline.happened("wrote", failed.at, later.at)


def _check_passed(text: str, ev: Evidence, mode: str = "any") -> list[Claim]:
    """A claim that something passed (``mode`` "timeout": only that it no longer timed
    out): the run it names — the one its ordinal picks ("the first run"), else the last —
    shows no failure (of that mode)."""
    subjects = _failure_subjects(text, ev)
    if not subjects and _OTHERS.search(text):
        return []  # "… failed while the other 7 tests passed": not the failing one
    run = which_run(text) or ("all" if re.search(r"(?i)\bnever\b", text) else "last")
    if not subjects:
        named = _named_results(text, ev)
        if _LINT.search(text) and not named:  # "lint is clean": the linters' runs
            named = [r for r in ev.results if _is_check_run(r)] or named
        if _TESTS.search(text) or _ALL_CHECKS.search(text):
            # "all tests pass now", "the export suite is green": the test runs it names
            wide = _ALL_CHECKS.search(text) or _LINT.search(text)  # not only the tests
            runs = [
                r for r in named or ev.results if _is_test_run(r) or (wide and _is_check_run(r))
            ]
            if not runs and not named:
                return [Claim("passed", text, "no test run in the record")]
            if not named and run in ("last", "all") and _EVERY.search(text):
                # "CI is green", "every suite passed": the latest run of each suite
                checks = [r for r in ev.results if _is_test_run(r) or _is_check_run(r)]
                left = _unresolved(checks, mode, ev.timeline)
                if left is not None:
                    bad = _failed_in([left], mode)
                    why = f"a run failed and no passing run of it followed: {bad}"
                    return [Claim("passed", text, why)]
            named = runs or named
        bad = _failed_in(pick(named, run), mode)
        if bad:
            return [Claim("passed", text, f"{_the(run)} run it names failed: {bad}")]
        subjects = [("test", q) for q in _QUOTED_NAME.findall(text) if len(q) > 8]
        subjects += [("test", t) for t in _named_tests(text, ev)]
    out: list[Claim] = []
    for kind, value in subjects:
        if kind == "test":
            verdicts = [v for v in (_test_verdict(r, value) for r in ev.results) if v is not None]
            chosen = pick(verdicts, run)
            if chosen and not all(chosen):
                out.append(Claim("passed", value, f"{_the(run)} result naming it shows it failing"))
            elif not verdicts:
                out.append(Claim("passed", value, "no tool result names it"))
            continue
        results = ev.results_of(value)
        bad = _failed_in(pick(results, run), mode)
        if bad:
            out.append(Claim("passed", value, f"{_the(run)} result of it shows a failure: {bad}"))
        elif not results and not ev.ran(value):
            out.append(Claim("passed", value, "no tool call ran it"))
    return out


# a test's name: snake case or a path ("keeps_order", "a::b"), or camel case from a test
# framework (PHPUnit's "testDowngradeMidCycle", Go's "TestBucketRefill", "OrderTest")
_IDENT = re.compile(
    r"(?<![\w`])(?:[A-Za-z_][\w]*(?:_|::)[\w:]*[A-Za-z0-9]|[Tt]est[A-Z0-9]\w*|[A-Z]\w*Tests?\b)"
)


def _named_tests(text: str, ev: Evidence) -> list[str]:
    """Identifiers of ``text`` a test result names ("keeps_order then passed")."""
    found = dict.fromkeys(m.group(0) for m in _IDENT.finditer(re.sub(r"`[^`]*`", " ", text)))
    return [t for t in found if _names_test(ev.outputs, t)]  # a NUL is no word character


def _names_test(line: str, test: str) -> bool:
    """Whether ``line`` names the test ``test`` whole: ``TestBucket`` is not
    ``TestBucketRefillAfterBurst`` (a subtest ``TestBucket/refill`` is TestBucket's)."""
    if test not in line:
        return False
    return re.search(rf"(?<![\w]){re.escape(test)}(?![\w])", line) is not None


def _the(run: str) -> str:
    return "a" if run == "all" else f"the {run}"


_ONLY_FAILURE = re.compile(
    r"(?i)\bonly\b|\bsole\b|\bthe\s+one\s+fail|\bno\s+other\s+(?:test|failure)|"
    r"\bnothing\s+else\s+failed|\bsingle\s+fail"
)


def _check_only_failure(test: str, ev: Evidence) -> list[Claim]:
    """ "Only test_x failed": no other test failed in the runs where it failed."""
    others: dict[str, None] = {}
    for r in ev.results:
        if r.failed and any(_names_test(x, test) for x in _failing_lines(r)):
            for t in failing_tests("\n".join(r.lines) or r.text):
                if test not in t and t not in test:
                    others.setdefault(t, None)
    if not others:
        return []
    names = ", ".join(list(others)[:3])
    return [Claim("failed", test, f"not the only failure: {names} failed too")]


def _failed_in(results: Sequence[Result], mode: str) -> str:
    """The failing line of the first of ``results`` that failed (in ``mode``), or ""."""
    for r in results:
        if not r.failed or (mode == "timeout" and not timed_out(r.text)):
            continue
        if mode == "crash" and not crashed(r.text):
            continue
        lines = _failing_lines(r)
        return _quote(lines[0] if lines else r.text, 80)
    return ""


_OUTCOME_WORD_LIST = """
    pass fail test run suite all now again also every both green tool call first second third
    last final then rerun re-run clean cleanly error errors without succeed success
    successful successfully complete completed finish finished time timed out crash crashed
    worked works work exit code status initial original earlier later one no longer
"""
_OUTCOME_WORDS = frozenset(stem(w) for w in _OUTCOME_WORD_LIST.split())


def _named_results(text: str, ev: Evidence) -> list[Result]:
    """The results of the runs a clause names by words, not by command ("the dry run",
    "the loadgen tests"): those whose command shares the most of its distinctive words."""
    terms = claim_terms(text) - _OUTCOME_WORDS - {"assistant", "user"}
    if not terms:
        return []
    scored = [(len(terms & r.named_terms), i) for i, r in enumerate(ev.results) if r.commands]
    best = max((n for n, _ in scored), default=0)
    if best:
        return [ev.results[i] for n, i in scored if n == best]
    # "RetryOnce exports every row succeeded": a test its result names in words
    return [r for r in ev.results if cover(terms, r.text_terms)[0] >= 0.75]


_OTHERS = re.compile(r"(?i)\b(?:the\s+)?(?:other|remaining|rest\s+of\s+the)\b")
_QUOTED_NAME = re.compile(r"['\"“‘]([^'\"”’\n]{3,120})['\"”’]")
_RUN_WORD_LIST = "pass fail test run suite all now again also every both green tool call"
_RUN_WORDS = frozenset(stem(w) for w in _RUN_WORD_LIST.split())
_FAIL_MARK = re.compile(r"(?i)\b(?:fail(?:ed|s|ure)?|error(?:ed|s)?)\b|✕|✗|×|\bnot ok\b")


def _test_verdict(r: Result, test: str) -> bool | None:
    """Whether ``test`` passed in result ``r`` (None: not named there)."""
    lines = [x for x in (r.lines or (r.text,)) if _names_test(x, test)]
    if not lines:
        return None
    # a failure marker on the line, or the runner's own way to list a failed test
    # (PHPUnit's "1) Tests\\Unit\\OrderTest::testRefund" under "There was 1 failure:")
    return not (r.failed and any(_FAIL_MARK.search(x) or failing_tests(x) for x in lines))


# --------------------------------------------------------------------------- who said what

_SAY_VERB = (
    r"(?:said|says|asked|asks|wants|wanted|requested|requests|insisted|insists|told|tells|"
    r"instructed|prefers|preferred|requires|required|forbade|forbids|forbid|stated|states|"
    r"specified|demanded|reminded|would\s+like|decided|decides|chose|agreed|corrected|added|"
    r"proposed|suggested|recommended|"
    r"allowed|allows|permitted|approved|okayed|ok'?d|authori[sz]ed|clarified|emphasi[sz]ed|"
    r"stressed|mandated|ruled|noted|mentioned|explained|confirmed|set\s+(?:a|the)\s+rule|"
    r"made\s+(?:it\s+)?clear|is\s+(?:fine|ok|okay)\s+with|no\s+longer\s+(?:minds?|objects?|"
    r"cares?|forbids?)|(?:does|did)\s*n[o']t\s+mind|doesn'?t\s+mind|lifted|relaxed|waived|"
    r"withdrew|rescinded|changed\s+(?:their|his|her)\s+mind|gave\s+permission|banned|"
    r"vetoed|objected\s+to|rejected|ruled\s+out|warned\s+(?:against|not\s+to)|"
    r"(?:has|had|have)\s+(?:\w+\s+)?(?:said|asked|told|requested|allowed|insisted))"
)
_WHO = (
    r"(?P<who>the\s+user|users?|the\s+human|the\s+developer|the\s+customer|"
    r"the\s+assistant|assistant|the\s+agent|agent|the\s+model|model|claude|the\s+ai|"
    r"i|we|it|they|he|she)"
)
_SUBJECT = re.compile(
    rf"(?i)^\W*(?:(?:then|later|also|finally|next|first|afterwards|after\s+that|earlier|so|"
    rf"and|but|meanwhile|here)\W+)*{_WHO}(?:'s)?\b"
)
_SAYS = re.compile(
    rf"(?i)^\W*(?:(?:then|later|also|finally|next|first|earlier|and|but)\W+)*{_WHO}\s+"
    rf"(?:(?:also|later|then|explicitly|clearly|first|again|originally|specifically|"
    rf"once|has|had|have|always|\w+ly)\s+){{0,2}}(?P<verb>{_SAY_VERB})\b"
)
_FORBIDDING = re.compile(r"(?i)forb|prohib|bann|veto|object|reject|ruled|warn")
_SAYS_BARE = re.compile(
    rf"(?i)^\W*(?:(?:then|later|also|finally|again|and|but)\W+)*(?P<verb>{_SAY_VERB})\b"
)
_ATTRIBUTION_TAIL = re.compile(
    r"(?i),?\s+(?:as|like)\s+(?:the\s+)?user\s+(?:had\s+)?(?:asked|requested|wanted|said|"
    r"instructed|suggested)(?:\s+(?:it|to))?(?=\W*$)|,?\s+(?:as|like)\s+(?:requested|asked|"
    r"instructed)(?=\W*$)"
)
_USERISH = frozenset({"the user", "user", "users", "the human", "the developer", "the customer"})
_ACK = re.compile(
    r"(?i)\b(?:confirmed|acknowledged|agreed|noted|promised|repeated|understood|accepted|"
    r"followed|respected|honou?red|complied|obeyed|echoed|restated|recorded|kept|committed)\b"
)
_RULE = re.compile(
    r"(?i)\b(?:must|never|always|should|shall|has\s+to|have\s+to|mustn'?t|don'?t|do\s+not)\b"
)
_PERMIT = re.compile(
    r"(?i)\b(?:no\s+longer\s+(?:minds?|objects?|forbids?|prohibits?|cares?)|"
    r"(?:does|did)\s*n[o']t\s+mind|doesn'?t\s+mind|"
    r"(?:lifted|relaxed|dropped|waived|removed|rescinded|withdrew)\s+(?:the|that|this|his|her|"
    r"their)\s+(?:ban|rule|restriction|constraint|objection)|"
    r"(?:is|was|are|were|be)\s+(?:fine|ok|okay|acceptable|allowed|permitted)|it'?s\s+(?:fine|ok|okay)|"
    r"allowed|allows|permitted|approved|okayed|authori[sz]ed|go\s+ahead|gave\s+permission)\b"
)
_NOT_PERMIT = re.compile(
    r"(?i)\b(?:not|never|n't)\s+(?:be\s+)?(?:allowed|permitted|ok|okay|fine|acceptable|approved)\b"
)


@lru_cache(maxsize=1 << 16)  # asked again of the same record sentences at every recap
def forbids(text: str) -> bool:
    """Whether ``text`` forbids (a negation: "never X", "don't X"); a permission ("X is
    fine", "allowed X", "no longer minds X") does not, nor does "use A not B"."""
    if _PERMIT.search(text) and not _NOT_PERMIT.search(text):
        return False
    return negated(text)


def _actor(text: str, default: str | None = None) -> str | None:
    """Who a clause says acted: "user", "assistant", or ``default`` (no subject)."""
    m = _SUBJECT.match(text)
    if not m:
        return default
    who = " ".join(m.group("who").casefold().split())
    if who in _USERISH or who in ("he", "she"):
        return "user"
    if who == "they":
        return (
            "user"
            if re.search(
                r"(?i)\b(?:told|asked|instructed)\s+(?:the\s+)?(?:assistant|agent|model)", text
            )
            else default or "user"
        )
    return "assistant"


# A label before the user's own words: "Rule from the user:", "Task:", "User's request:".
_LABEL_HEAD = re.compile(
    r"(?i)^\W*(?:(?:the\s+)?(?:user'?s\s+)?(?:original\s+|latest\s+|standing\s+|first\s+|"
    r"main\s+|current\s+)?(?:rule|constraint|task|goal|request|ask|correction|requirement|"
    r"instruction|preference|note|reminder|quote|words|objective)s?"
    r"(?:\s+(?:from|by|of)\s+(?:the\s+)?user)?|"
    r"(?:from\s+)?(?:the\s+)?user(?:\s+(?:said|says|wrote|writes|asked|asks))?)\s*:\s+"
)
_FIRST_PERSON = re.compile(r"(?i)\b(?:i|i'm|i've|i'd|we|we're|we've|my|our|me|us)\b")


def _unlabelled(text: str) -> str:
    """``text`` without a leading label and the quotes around what follows it."""
    m = _LABEL_HEAD.match(text)
    if m is None:
        return text
    rest = text[m.end() :].strip()
    if len(rest) > 2 and rest[0] in "\"“'" and rest[-1] in "\"”'":
        rest = rest[1:-1]
    return rest


def quotes_user(text: str, ev: Evidence) -> bool:
    """Whether ``text`` is a user sentence (or turn) word for word, behind a label or
    not: it traces to that turn and claims nothing done. Unlabelled first-person words
    would be the recap's own "I", so they do not count."""
    bare = _unlabelled(text)
    if bare == text and _FIRST_PERSON.search(text):
        return False
    folded = _fold(bare.strip().strip('"“”'))
    if len(folded.split()) < 3:
        return False
    return folded in ev.user_words


def _said_content(text: str) -> str:
    """What a clause says someone said: the words after "the user said (that|to)"."""
    text = _unlabelled(text)
    m = _SAYS.match(text)
    rest = text[m.end() :] if m else text
    if not m:
        head = re.match(r"(?i)^.*?\buser'?s\s+\w+\s*(?:is|was|:)\s*", text)
        if head:
            rest = text[head.end() :]
    rest = re.sub(
        r"(?i)^\W*(?:(?:that|to|it|them|him|her|us|me|the\s+(?:assistant|agent|model))\W+)*",
        "",
        rest,
    )
    return rest.strip()


_SAID_SPLIT = re.compile(
    r"(?i)\s*;\s*|:\s+|,?\s+(?:and|but)\s+(?:(?:later|then|also|finally)\s+)?"
    r"(?=(?:never|not|to|that|don'?t|do\s+not|always|use|keep|corrected|said|asked|"
    r"insisted|wants?|told|the\s+user|they)\b)"
)


def _said_parts(content: str) -> list[str]:
    content = _TOPIC.sub("", content)  # "the serializer choice: use orjson": a label, not said
    return [p.strip(" ,.") for p in _SAID_SPLIT.split(content) if p and p.strip(" ,.")]


_TOPIC = re.compile(
    r"(?i)^(?:it|them|(?:the|a|an|their|his|her)\s+(?:[\w-]+\s+){0,2}[\w-]+)\s*:\s+"
)


# What a recap adds when it restates a request ("wants src/app.py fixed"): not a claim.
_REQUEST_WORDS_LIST = """
    fix fixed help handle look work working sort address resolve solve name named called give
"""
_REQUEST_WORDS = frozenset(stem(w) for w in _REQUEST_WORDS_LIST.split())


def _supporting(
    part: str, units: Sequence[Unit] | UnitIndex, need: float
) -> tuple[list[Unit], Unit | None]:
    """Units that say ``part``: most of its terms and every specific term. Also, when none
    does, the nearest unit, for the reason."""
    index = units if isinstance(units, UnitIndex) else UnitIndex(units)
    good, near = _supporting_at(part, index, need)
    return [index.units[i] for i in good], None if near is None else index.units[near]


def _supporting_at(part: str, index: UnitIndex, need: float) -> tuple[list[int], int | None]:
    """:func:`_supporting` by position in ``index``: the units holding at least ``need``
    of the terms of ``part`` (counted through the index: the others hold too few), all of
    its specific terms and the options of a preference it states; and, when there are
    none, the first unit holding the most of its terms, if that is a third of them or more."""
    terms = claim_terms(part) - _REQUEST_WORDS
    specific = specific_terms(part) & terms
    # the options of a preference are what it is about ("requests not httpx")
    options = [
        re.compile(rf"(?i)(?<!\w){re.escape(o)}(?!\w)")
        for pair in preferences(part)
        for o in pair
        if o.isalpha() and _a_name(o)
    ]
    units = index.units
    if not terms:  # nothing to trace: every unit says it
        return [i for i, u in enumerate(units) if all(o.search(u.text) for o in options)], (
            0 if units else None
        )
    hits = index.hits(terms)
    n = len(terms)
    least = next((k for k in range(1, n + 1) if k / n >= need), n + 1)  # the share rises with k
    if specific:  # only the units holding its rarest specific term can hold them all
        rarest = index.holding_all(specific)
        good = [i for i in rarest if hits[i] >= least and specific <= units[i].terms]
    else:
        good = [i for i, k in hits.items() if k >= least]
    if options:
        good = [i for i in good if all(o.search(units[i].text) for o in options)]
    good.sort()
    if good:
        return good, None  # the nearest unit is for the reason when none says it
    most = max(hits.values(), default=0)
    near = min((i for i, k in hits.items() if k == most), default=None)
    return good, near if most / n >= 0.34 else None


_NOT_CHANGING = re.compile(
    r"(?i)\b(?:without|never|not|n't)\s+(?:\w+\s+)?(?:chang|modif|touch|alter|edit)\w*"
)


def _supporting_in(part: str, index: UnitIndex, units: list[int]) -> list[int]:
    """Those of ``units`` (what the part before traced to) that hold half of the terms
    of ``part`` and every specific one: a rule restated in two parts ("port 5432 stays
    closed; access goes through the bastion") says more of one user sentence."""
    terms = claim_terms(part) - _REQUEST_WORDS
    specific = specific_terms(part) & terms
    out = []
    for i in units:
        share, missing = cover(terms, index.units[i].terms)
        if share >= 0.5 and not specific.intersection(missing):
            out.append(i)
    return out


# Verbs that say which side a preference is on: "prefers A over B", "corrected it from
# 24 to 48" (not "corrected it: A, not B"): the claim is compared with its verb.
_STATED_WITH_VERB = ("correct", "chang", "switch", "mov")


def _check_user(text: str, ev: Evidence, kind: ClaimKind, *, strict: bool = False) -> list[Claim]:
    """``text`` attributed to the user (a constraint, the goal, a request, a decision):
    each part of it traces to a user sentence or turn holding most of its words and every
    specific one (numbers, paths, names, loaded verbs), said with the same polarity, with
    preferences the same way round. ``strict`` (a constraint, the goal) needs more."""
    if not ev.said:
        return [Claim(kind, text, "the user said nothing in the record")]
    need = 0.7 if strict else 0.6
    plain = _MISTAKE.sub(r", not \g<option>", _note_as_rejection(text))
    head = _SAYS.match(plain) or _SAYS_BARE.match(plain)
    against = bool(head and _FORBIDDING.match(head.group("verb")))
    before: list[int] = []  # the units the part before traced to
    for part in _said_parts(_said_content(plain)) or [plain]:
        own = _SAYS_BARE.match(part)
        if own and re.match(r"(?i)\W*(?:over|not|instead|rather|and|or|,)\b", part[own.end() :]):
            own = None  # "requests over httpx": a name, not the verb "requests"
        if own:  # "… and asked that Y": this part's own verb
            against = bool(_FORBIDDING.match(own.group("verb")))
            part = _said_content(part[own.end() :]) or part
        if not claim_terms(part) and not preferences(part):
            continue  # "--since, not --after": flags are no terms, but a preference
        index = ev.said_index
        good, near = _supporting_at(part, index, need)
        if not good:  # "…; access goes through the bastion": more of the same sentence
            good = _supporting_in(part, index, before)
        kept_as_is = _NOT_CHANGING.sub("keeping", part)
        if not good and kept_as_is != part:  # "without changing X" is "keep X as it is"
            good, _ = _supporting_at(kept_as_is, index, need)
            part = kept_as_is if good else part
        if not good:
            why = "no user turn says this"
            if near is not None:
                unit = index.units[near]
                _, missing = cover(claim_terms(part), unit.terms)
                why += f" (nearest: {_quote(unit.text)}; it does not say {', '.join(missing[:4])})"
            return [Claim(kind, text, why)]
        polarity = forbids(part) != against
        # "the user prefers A over B": the verb says which side of "over" is rejected
        verb = head.group("verb").casefold() if head else ""
        with_verb = verb.startswith("prefer") or (
            verb.startswith(_STATED_WITH_VERB) and re.search(r"(?i)\bfrom\b", part)
        )
        stated = Reading(f"{verb} {part}" if with_verb else part)
        kept = index.keeping(good, stated, flipped=against)
        before = kept
        if not kept:
            differs = stated.change(index.stance(good[0]), flipped=against)
            return [Claim(kind, text, f"{differs}: {_quote(index.units[good[0]].text)}")]
        same = [index.units[i] for i in kept]
        said_prefs = index.preferred_in(kept)
        for a, b in preferences(part):
            if (b, a) in said_prefs and (a, b) not in said_prefs:
                return [Claim(kind, text, f"the user preferred {b} over {a}, not the reverse")]
        # the user's own words (asked only when it matters: each is a pass over the text)
        quoted = bool(said_prefs) and any(_fold(part) in _fold(u.text) for u in same)
        if not polarity and not quoted:  # "floats are fine", "use float": the user rejected float
            mine = unit_terms(part)
            for a, b in said_prefs:
                if _names(b, mine) and not _names(a, mine):
                    why = f"the user rejected {b} in favour of {a}"
                    return [Claim(kind, text, why)]
        for f in extract_claims(part):
            named = f.value
            if f.kind == "command" and f"`{f.value}" not in part:
                named = prose_command(f.value)  # "pnpm rather than npm": pnpm is named
            if f.kind in ("command", "quoted") and not any(
                f.value.casefold() in " ".join(u.text.casefold().split())
                or (f.kind == "command" and f"`{f.value}" not in part and words_in(named, u.text))
                for u in same
            ):
                return [Claim(kind, text, f"the user never said {f.value!r}")]
    return []


def prose_command(command: str) -> str:
    """A command named in prose without backticks, as far as it is a command: a program
    followed only by plain words ("pnpm rather than", "terraform during the") is the
    program; with flags, paths or numbers it is the whole of it."""
    words = command.split()
    return words[0] if all(w.isalpha() for w in words[1:]) else command


def _is_path(value: str) -> bool:
    return any(f.kind == "path" and f.value == value for f in extract_claims(value))


def _check_assistant(text: str, ev: Evidence) -> list[Claim]:
    """``text`` attributed to the assistant: an assistant turn says it, and a rule the
    user set is not credited to the assistant ("the assistant insisted the pool stays 20")."""
    m = _SAYS.match(text)
    content = _said_content(text) if m else text
    verb = m.group("verb") if m else ""
    if _RULE.search(content) or is_constraint(content) or _ORIGINATE.search(text):
        user, _ = _supporting(content, ev.said_index, 0.6)
        if user and not _ACK.search(verb or text):
            return [
                Claim(
                    "assistant said",
                    text,
                    f"the user set this rule, not the assistant: {_quote(user[0].text)}",
                )
            ]
    for part in _said_parts(content) or [content]:
        if not claim_terms(part) or _supporting_at(part, ev.told_index, 0.5)[0]:
            continue
        user, _ = _supporting(part, ev.said_index, 0.5)
        why = (
            f"the user said it, not the assistant: {_quote(user[0].text)}"
            if user
            else "no assistant turn says this"
        )
        return [Claim("assistant said", text, why)]
    return []


# --------------------------------------------------------------------------- what was done

_ACTION = re.compile(
    r"(?i)(?<![\w`/.-])(?:[a-z]+-)?(?:[a-z]{2,}ed|ran|re-?ran|wrote|written|rewrote|rewritten|"
    r"made|built|rebuilt|took|kept|left|put|set|sent|undid|threw|found|began|shut|cut|split|"
    r"spun|got)(?![\w`/-])"
)
_NOT_ACTION_WORDS = """
    expected needed based related asked wanted required named limited interested concerned
    detailed failed passed errored succeeded crashed allowed insisted decided preferred
    stated noted mentioned requested instructed agreed corrected reminded specified
    confirmed acknowledged promised considered planned proposed suggested explained
    described reported summarized claimed seemed appeared refused supposed exceeded red bed
    need speed seed feed shed hundred nested timed caused returned received included
    contained involved matched focused learned showed indicated pointed hoped covered
    scheduled blocked declined repeated understood accepted followed respected honored
    honoured complied obeyed echoed restated recorded forbade clarified emphasized
    emphasised stressed mandated ruled okayed approved permitted authorized authorised
    waived lifted relaxed rescinded withdrew untouched unchanged unused unrelated undefined
    pinned locked frozen
    unexpected got kept left rejected favoured favored tested flagged labeled labelled marked titled
"""
_NOT_ACTION = frozenset(_NOT_ACTION_WORDS.split())
_GENERIC_DOING_WORDS = """
    run ran execute invoke launch call use try attempt perform start begin continue finish
    complete check inspect look read view open investigate examine review find notice see
    discover confirm verify debug trace reproduce search grep list switch implement add
    create write wrote written edit update modify change patch save rewrite refactor adjust
    tweak move made make took take do did went set put spent gathered collected traced
    narrowed identified determined diagnosed analyzed analysed profiled measured compared
    printed logged loaded fetched queried installed
"""
_GENERIC_DOING = frozenset(stem(w) for w in _GENERIC_DOING_WORDS.split())
_FIXED = re.compile(r"(?i)\b(?:fixed|resolved|repaired|solved|addressed|cured|squashed)\b")
_NOW_PASSES = re.compile(
    r"(?i)\b(?:now\s+(?:pass(?:es)?|green|works?|succeeds?)|(?:is|are)\s+(?:now\s+)?"
    r"(?:passing|green|fixed)|pass(?:es)?\s+now|works?\s+now|working\s+(?:again|now)|"
    r"no\s+longer\s+fails?)\b"
)


_NOT_DONE = re.compile(
    r"(?i)\b(?:considered|contemplated|thought\s+about|planned|proposed|suggested|offered|"
    r"intended|wanted|decided\s+against|avoided|refused|declined|skipped|was\s+asked\s+not)\s+"
    r"(?:to\s+)?(?:\w+ing|run|execute|use|delete|remove|write|push)\b"
)
_NOT_PASSING = re.compile(
    r"(?i)\b(?:no|none|nothing|not|never|neither|yet\s+to|isn'?t|aren'?t|doesn'?t|don'?t)\b"
    r"[^.;]{0,30}\b(?:pass|passes|passing|green|fixed|succeed)"
)


_DETERMINER_WORDS = """
    the a an its their his her my our your this that these those some any all both each every
    no through of with for in on into from two three several many
"""
_DETERMINERS = frozenset(_DETERMINER_WORDS.split())


def _action_verb(text: str) -> str | None:
    for m in _ACTION.finditer(text):
        word = m.group(0).casefold()
        if m.group(0)[:1].isupper() and (
            m.start() > 0 or re.match(r"\s+(?:was|is|were|are|has|had)\b", text[m.end() :])
        ):
            continue  # a name ("Memcached"), not a verb
        if word in _NOT_ACTION or word.split("-")[-1] in _NOT_ACTION:
            continue
        if m.start() > 0 and text[m.start() - 1] in "`'\"":
            continue
        before = text[: m.start()].split()
        if before and before[-1].casefold().strip(",") in _DETERMINERS:
            continue  # "the failed test", "through numbered steps": an adjective
        return word
    return None


def _check_done(text: str, verb: str, actor: str | None, ev: Evidence) -> list[Claim]:
    """A clause saying something was done: its object traces to a tool call or an
    assistant statement of it (or, for the user, a user turn saying "I did"), with the
    loaded verb ("deleted", "force-pushed", "dropped") there too."""
    terms = {t for t in claim_terms(text) if t not in _GENERIC_DOING}
    terms -= {"assistant", "user", "agent"}
    if terms <= _VAGUE:
        return []  # "good progress was made on the task": says nothing checkable
    agreed = preferences(text) & ev.preferred
    if agreed:  # "switched X from Memcached to Redis" as the user asked: Redis is what was done
        terms = {stem(a) for a, _ in agreed}
    specific = specific_terms(text) & terms
    if not terms:
        return []
    loaded = bool(specific - {t for t in specific if _CODE.search(t)})

    def traced(index: UnitIndex, keep: Callable[[Unit], bool] | None = None) -> Unit | None:
        """The unit of ``index`` (``keep`` allows) holding the most of the clause's terms,
        half of them or more, and every specific one."""
        best: tuple[float, Unit] | None = None
        for i in index.covering(terms, 0.5):  # the others hold too few
            u = index.units[i]
            if (keep is not None and not keep(u)) or u.negated or (loaded and u.kind == "result"):
                continue
            share, missing = cover(terms, u.terms)
            good = share >= 0.5 and not specific.intersection(missing)
            if good and (best is None or share > best[0]):
                best = (share, u)
        return best[1] if best else None

    def traced_by_two(index: UnitIndex) -> Unit | None:
        """Two acts that together say it: the edit of ratelimit/bucket.go and "burst capped
        at 50" for "clamped the burst to 50 in ratelimit/bucket.go"."""
        holding = (index.units[i] for i in index.holding_any(specific))
        some = list(islice((u for u in holding if not u.negated), 40))
        for i, a in enumerate(some):
            for b in some[i + 1 :]:
                share, missing = cover(terms, a.terms | b.terms)
                if share >= 0.5 and not specific.intersection(missing):
                    return Unit(f"{a.text} … {b.text}", a.terms | b.terms, "", a.kind)
        return None

    if actor == "user":
        if traced(ev.said_index, lambda u: _FIRST_PERSON_DID.search(u.text) is not None):
            return []
        did = traced(ev.acts_index)
        why = (
            f"the assistant did it, not the user: {_quote(did.text)}"
            if did
            else "no turn of the record shows the user doing it"
        )
        return [Claim("did", text, why)]
    acts = ev.acts_index
    hit = traced(acts) or (traced_by_two(acts) if len(specific) > 1 else None)
    if hit is not None and _HYPOTHETICAL.search(hit.text) and not _HYPOTHETICAL.search(text):
        real = traced(acts, lambda u: not _HYPOTHETICAL.search(u.text))
        if real is None:
            return [Claim("did", text, f"the record shows only a dry run: {_quote(hit.text)}")]
    if hit is not None:
        return []
    if actor is None and _reported_by_user(text, verb, terms, specific, ev):
        return []
    said = next((ev.said[i] for i in ev.said_index.covering(terms, 0.5)), None)
    why = "no tool call or assistant turn shows it done"
    if said is not None:
        why += f" (only the user mentioned it: {_quote(said.text)})"
    return [Claim("did", text, why)]


_FIRST_PERSON_DID = re.compile(r"(?i)\b(?:i|we|i've|we've|i'd)\b")
_NOT_A_REPORT = re.compile(r"(?i)\b(?:make\s+sure|ensure|check|verify|confirm|whether)\b")


def _reported_by_user(
    text: str, verb: str, terms: set[str], specific: frozenset[str], ev: Evidence
) -> bool:
    """Whether the user reported what a clause with no subject says happened ("about
    1,270 invoices were affected last month"): a user sentence with the same verb form,
    most of its terms and every specific one, said as a fact (not asked for)."""
    form = re.compile(rf"(?i)(?<![\w-]){re.escape(verb)}(?![\w-])")
    for i in ev.said_index.covering(terms, 0.7):  # the others hold too few of its terms
        u = ev.said[i]
        if u.negated or _FUTURE.search(u.text) or _NOT_A_REPORT.search(u.text):
            continue
        if not form.search(u.text):
            continue
        share, missing = cover(terms, u.terms)
        if share >= 0.7 and not specific.intersection(missing):
            return True
    return False


_CODE = re.compile(r"[/_.:\[\]@\d]")
_VAGUE_WORDS = """
    conversation discussion session topic topics progress good great several various some
    many few cover covered thing things part parts overall general stuff issue issues matter
    point points aspect aspects step steps
"""
_VAGUE = frozenset(stem(w) for w in _VAGUE_WORDS.split())
_HYPOTHETICAL = re.compile(r"(?i)--dry-run|\bdry[- ]run|\bwould\b|--check\b|--noop\b|simulat")


def _check_numbers(text: str, ev: Evidence) -> list[Claim]:
    """Numbers bound to a label ("expected 302, got 500") keep their labels, and numbers
    counting something ("4,822 chunks") keep what they count."""
    out: list[Claim] = []
    by_number: dict[str, set[str]] = {}
    by_noun: dict[str, set[str]] = {}
    claimed = counts(text)
    for n, noun in ev.counted if claimed else ():
        by_number.setdefault(n, set()).add(noun)
        by_noun.setdefault(noun, set()).add(n)
    for n, noun in claimed:
        nouns, numbers = by_number.get(n, set()), by_noun.get(noun, set())
        if not nouns and numbers and n not in numbers and noun not in _LOOSE_NOUNS:
            said = ", ".join(f"{x} {noun}" for x in sorted(numbers))
            out.append(Claim("number", f"{n} {noun}", f"the record counts {said}"))
        elif nouns and noun not in nouns and numbers - {n}:
            said = ", ".join(f"{n} {x}" for x in sorted(nouns))
            out.append(Claim("number", f"{n} {noun}", f"the record counts {said}, not {noun}"))
    for label, n in number_pairs(text):
        other = _OPPOSITE.get(label)
        if (label, n) not in ev.numbers and other and (other, n) in ev.numbers:
            out.append(
                Claim("number", f"{label} {n}", f"the record says {other} {n}, not {label} {n}")
            )
    return out


_EXIT = re.compile(r"(?i)\bexit(?:ed)?\s+(?:with\s+)?(?:code|status)\s*[:=]?\s*(\d+)")


def _check_exit_codes(text: str, ev: Evidence) -> list[Claim]:
    """An exit code the recap gives ("(exit code 0)") is the one the run it names ended with."""
    out: list[Claim] = []
    for m in _EXIT.finditer(text):
        code = m.group(1)
        quoted = [q for q in _BACKTICKED.findall(text) if ev.results_of(q)]
        results = [r for q in quoted for r in ev.results_of(q)] or _named_results(text, ev)
        chosen = pick(results, which_run(text))
        if not chosen:
            continue
        codes = {c for r in chosen for c in _EXIT.findall(r.text)}
        wrong = (code not in codes) if codes else ((code == "0") == all(r.failed for r in chosen))
        if wrong:
            said = f"exit code {', '.join(sorted(codes))}" if codes else "a different outcome"
            out.append(Claim("failed", m.group(0), f"the run it names shows {said}"))
    return out


def _check_state(text: str, ev: Evidence) -> list[Claim]:
    """A claim about how things stand now ("the export now finishes in under 30 s"): a
    tool result or an assistant turn shows it, not only the user's request for it."""
    terms = {t for t in claim_terms(text) if t not in _GENERIC_DOING} - {"now", "assistant"}
    specific = specific_terms(text) & terms
    done = ev.done_terms
    if not specific or specific <= done:
        return []  # what it names was done somewhere ("the burst is now clamped to 50")
    said, _ = _supporting(text, ev.said_index, 0.6)
    if said:
        why = f"only the user asked for it ({_quote(said[0].text)}); no result shows it"
        return [Claim("did", text, why)]
    return []


def _rule(u: Unit) -> tuple[Unit, frozenset[str], tuple[str, ...]]:
    """A user's rule (a negated unit): what it is about, and the commands it forbids."""
    rule = frozenset(t for t in u.terms if t not in _GENERIC_DOING) - {"important", "ever"}
    # the command the rule forbids, named in a plan ("never run terraform apply …")
    banned = tuple(
        re.sub(r"(?i)(?:\s+(?:from|on|in|to|at|for|with|against|here|there|again))+$", "", f.value)
        for f in extract_claims(u.text)
        if f.kind == "command"
    )
    return u, rule, banned


def _check_plan(text: str, ev: Evidence) -> list[Claim]:
    """A next step, plan or permission that breaks a rule the user set ("Next step: run
    rm -rf build", "the legacy table may be dropped before Friday"): a command the rule
    names, or the rule's words said with the other stance."""
    if forbids(text):
        return []
    mine = claim_terms(text)
    plain = " ".join(norm_command(text).split())
    stated = Reading(text)
    for u, rule, banned in ev.rules:
        if any(len(b.split()) > 1 and _has_token(plain, b) for b in banned) or (
            len(rule) >= 2
            and cover(rule, frozenset(mine))[0] >= 0.75
            and stated.change(Reading(u.text)) is not None  # "staging" where "never prod"
        ):
            return [Claim("constraint", text, f"it breaks the user's rule: {_quote(u.text)}")]
    index = ev.said_index
    found, _ = _supporting_at(text, index, 0.6)
    if found and not index.keeping(found, stated, flipped=False):
        differs = stated.change(index.stance(found[0]))
        return [Claim("constraint", text, f"{differs}: {_quote(index.units[found[0]].text)}")]
    return []


# --------------------------------------------------------------------------- reading a unit


def check_clause(
    text: str, section: str | None, ev: Evidence, actor: str | None = None
) -> tuple[Claim, ...]:
    """The claims of one recap clause (``section``: the recap section it is under;
    ``actor``: who the sentence so far said acted) that the record does not support."""
    text = text.strip()
    if not text or _fold(text) in ev.trusted:
        return ()
    out: list[Claim] = _check_numbers(text, ev) + _check_dates(text, ev)
    out += _check_exit_codes(text, ev)
    quoted = [q.strip() for q in _BACKTICKED.findall(text) if q.strip()]
    # a backticked span in a claim of running is a command, whatever its program
    commands = list(
        dict.fromkeys(
            [f.value for f in extract_claims(text) if f.kind == "command"]
            + [q for q in quoted if section == "Commands run" or _run_object(q, text, ev)]
        )
    )
    paths = [f.value for f in extract_claims(text) if f.kind == "path"]
    if section == "Commands run":
        out += _check_commands_item(text, quoted, ev)
    elif section == "Files written":
        out += _check_written([p for p in re.split(r",\s+", text) if p.strip()], ev)
    elif section == "Files read":
        out += _check_read([p for p in re.split(r",\s+", text) if p.strip()], ev)
    elif section == "Failures" and _NONE.match(text):
        if any(r.failed for r in ev.results):
            out.append(Claim("failed", text, "the record has failing tool results"))
    elif section == "Failures":
        out += _check_failure_item(text, ev) + _check_cause(text, ev, None)
    elif section in _SAID_SECTIONS and _BY_ASSISTANT.match(text):
        out += _check_assistant(text, ev)  # a rule the user set, credited to the assistant
    elif section == "Constraints and corrections":
        out += _check_user(text, ev, "constraint", strict=True)
    elif section == "Goal":
        out += _check_user(text, ev, "user said", strict=True)
    elif section in ("Open requests", "User also said"):
        out += _check_user(text, ev, "user said")
    elif section == "Next step":
        out += _check_plan(text, ev)
    elif section in ("Decisions", "Findings", "Numbers that matter"):
        who, sep, said = text.partition(": ")
        if sep and who == "User":
            out += _check_user(said, ev, "user said", strict=True)
        elif sep and who == "Assistant":
            out += _check_assistant(said, ev)
        elif section == "Decisions" and _decided_as_said(text, ev):
            out += _check_preferences(text, ev)  # "Redis is the store" as it was said
        else:
            for sentence in sentences(text):
                out += check_sentence(sentence, ev)[1]
    else:
        out += _check_prose(text, commands, paths, ev, actor)
    return tuple(dict.fromkeys(out))


_PAREN = re.compile(r"\s*\([^()]*\)")


def _decided_as_said(text: str, ev: Evidence) -> bool:
    """A ``Decisions`` item with no subject ("Redis is the store, keyed by the
    Idempotency-Key header (after the user's correction)"): what the assistant or the
    user said, in any tense ("I'll go with Redis …"); a note in brackets is no claim."""
    bare = _PAREN.sub("", text).strip()
    if not bare or _actor(bare) is not None:
        return False
    return bool(_supporting_at(bare, ev.spoken_index, 0.85)[0])


def _check_failure_item(text: str, ev: Evidence) -> list[Claim]:
    """A ``Failures`` item: "`cmd`: what failed" (the message on a failing line of its
    result), or a sentence ("X failed in the first run: …") read as prose. An item that
    says something passed is checked as a pass."""
    outcome = outcome_of(_QUOTED_NAME.sub(" ", text))
    if outcome is not None and outcome.verdict == "pass":
        return list(check_sentence(text, ev)[1])
    subject, sep, line = text.partition(": ")
    if "`" in subject and subject.count("`") % 2:  # "`cmd: x`: …": the colon is the command's
        closed = text.find("`", text.find("`") + 1)
        subject, sep, line = text[: closed + 1], *text[closed + 1 :].partition(": ")[1:]
    bare = _BACKTICKED.sub(" ", subject)  # "`python -c 'f(x)'`" is a command, not a note
    if sep and not _FAIL.search(bare) and "(" not in bare:
        return _check_failed(subject, ev, line)
    if not sep:
        return _check_failed(text, ev)
    return list(check_sentence(text, ev)[1])


_BY_ASSISTANT = re.compile(r"(?i)^\W*(?:then\s+|later\s+)?(?:the\s+)?(?:assistant|agent|model)\b")
_SAID_SECTIONS = frozenset(
    {"Goal", "Constraints and corrections", "Open requests", "User also said"}
)
_NONE = re.compile(r"(?i)^\W*(?:none|no\s+failures?|nothing(?:\s+failed)?|n/?a|all\s+passed)\W*$")


def _run_object(quoted: str, text: str, ev: Evidence) -> bool:
    """Whether a backticked span of a clause is a command it claims run: a run verb and
    a span of several words, a program that ran, or the word right after the verb
    ("ran `deploy.sh`"); not an identifier elsewhere ("→ `test_march_batch` timed out")."""
    ran = _RAN.search(text)
    if ran is None:
        return False
    if ev.ran(quoted) or (" " in quoted.strip() and not _printed(quoted, ev)):
        return True
    first = _BACKTICKED.search(text, ran.end())  # the verb's own object, not a later name
    return (
        first is not None
        and first.group(1) == quoted
        and len(text[ran.end() : first.start()].split()) <= 3
    )


def _check_commands_item(text: str, quoted: list[str], ev: Evidence) -> list[Claim]:
    """A ``Commands run`` item: one command exactly as run (a note after it allowed), or
    several separated by commas. A note crediting the run to the user ("(run by the
    user)") must be true too: tool calls are the assistant's."""
    if _BY_USER.search(re.sub(r"`[^`]*`", " ", text)):
        cmds = quoted or [_strip_note(text)]
        return _check_done(f"The user ran `{cmds[0]}`.", "ran", "user", ev)
    if quoted:
        out = _check_ran(quoted, ev, exact=True)
        # "`pytest -q` → passed", "`make` (failed)": the outcome noted beside it
        said = outcome_of(_QUOTED_NAME.sub(" ", re.sub(r"`[^`]*`", " ", text)))
        if not out and said is not None and said.verdict == "pass":
            out += _check_passed(text, ev, said.mode)
        elif not out and said is not None:
            out += _check_failed(text, ev)
        return out
    item = _strip_note(text)
    if ev.ran(item, exact=True):
        return []
    full = norm_command(item)
    for c in sorted(ev.executed, key=len, reverse=True):
        rest = full[len(c) :]
        if full.startswith(c) and re.match(r"^\.*\s*(?:[—–(:,;]|-\s|$)", rest):
            # a note after the command ("— failed"), or more commands after a comma
            more = rest.strip(" .—–-:,;")
            return _check_commands_item(more, [], ev) if more and "," in rest[:3] else []
    parts = [p for p in re.split(r"\s*[,;]\s+", item) if p.strip()]
    if len(parts) > 1:
        return _check_ran(parts, ev, exact=True)
    return _check_ran([item], ev, exact=True)


_BY_USER = re.compile(
    r"(?i)\bby\s+the\s+user\b|\b(?:the\s+)?user\s+(?:\w+ly\s+)?(?:ran|run|re-?ran|executed|did|"
    r"launched|typed|invoked)\b|\buser'?s\s+own\b|\bthemselves\b|\bhimself\b|\bherself\b"
)
_AND_VERB = re.compile(
    r"(?i)(?:,\s+(?:and\s+then|and|but|then)|\s+(?:and\s+then|and|but))\s+"
    r"(?=(?:also\s+|later\s+|then\s+)?(?:[a-z]+-)?"
    r"(?:[a-z]{2,}ed|ran|re-?ran|wrote|rewrote|made|built|set|put|cut|kept|left|took|got|sent|"
    r"did\s+not|didn'?t|never)\b)"
)


def clauses(sentence: str) -> list[str]:
    """A sentence split where its subject changes ("…; then the assistant ran …") or a
    second verb begins ("… decided X and wrote Y")."""
    out: list[str] = []
    for c in _CLAUSE.split(sentence):
        if c and c.strip():
            out += [x.strip() for x in _AND_VERB.split(c) if x and x.strip()]
    return out


_AGAIN = re.compile(r"(?i)\bagain\b|\bonce\s+more\b|\bstill\s+(?:fail|time|crash|error)")


def check_sentence(sentence: str, ev: Evidence) -> tuple[int, tuple[Claim, ...]]:
    """A free-prose sentence, clause by clause, each with the subject it inherits:
    (clauses checked, unsupported claims)."""
    if quotes_user(sentence, ev):
        return 1, ()  # the user's own words: "Task: Fix the proration bug."
    out: list[Claim] = []
    ordered = _claimed_order(sentence)
    parts = [c for part in ordered for c in clauses(part)] if ordered else clauses(sentence)
    actor: str | None = None
    for part in parts:
        actor = _actor(part, actor)
        out += check_clause(part, None, ev, actor)
        out += _check_cause(part, ev, actor)
    wrong = out_of_order(sentence, ev.timeline) if ordered else None
    if wrong:
        out.append(Claim("did", sentence.strip(), f"not in that order: {wrong}"))
    return len(parts), tuple(dict.fromkeys(out))


def _claimed_order(sentence: str) -> tuple[str, str] | None:
    """The two parts of a sentence that says two things happened in an order ("I saw
    `pytest` fail before I ran `mypy`"), each a claim of its own (the "fail" is the
    first part's); None for a rule or a plan ("run the tests before deploying")."""
    if _FUTURE.search(sentence) or _OUGHT.search(sentence) or _SAID_BY_USER.search(sentence):
        return None
    parts = split_order(sentence)
    if parts is None or mentions(*parts) is None:
        return None  # "totals::x then succeeded": one event, not two
    return parts


_CAUSE = re.compile(
    r"(?i)\b(?:because(?:\s+of)?|due\s+to|caused\s+by|owing\s+to|as\s+a\s+result\s+of|"
    r"the\s+(?:root\s+)?cause\s+(?:was|is))\s+(?P<why>[^;]+)"
)


_CAUSE_FIRST = re.compile(  # "The Redis timeout caused test_x to fail"
    r"(?i)^(?P<why>.+?)\s+(?:caused|causes|led\s+to|leads\s+to|triggered|triggers|"
    r"(?:is|was)\s+(?:why|the\s+(?:root\s+)?cause\s+of))\b"
)


def _check_cause(text: str, ev: Evidence, actor: str | None) -> list[Claim]:
    """A cause the recap gives ("failed because the replica lag exceeded 10 s") is one a
    tool result or the assistant gave (or, for what the user wants, the user): a cause
    made of the record's words in the wrong place is invented."""
    m = _CAUSE.search(text) or _CAUSE_FIRST.search(text)
    if m is None:
        return []
    why = m.group("why").strip(" .")
    by_user = actor == "user" or _USER.search(text[: m.start()]) is not None
    index = ev.cause_index(by_user)
    missing = said_missing(why)  # "… because src/api.py could not be found"
    for path in missing:
        holding = (index.units[i] for i in index.holding_all(unit_terms(path)))
        if not any(path in u.text and shows_missing(u.text) for u in holding):
            return [Claim("did", why, f"no tool result or assistant turn says {path} was missing")]
    if missing:
        return []  # in the words of the output that said so ("No such file or directory")
    terms = claim_terms(why) - _GENERIC_DOING
    if len(terms) < 2:
        return []
    if _supporting_at(why, index, 0.6)[0]:
        return []
    return [Claim("did", why, "no tool result or assistant turn gives this cause")]


def _check_prose(
    text: str, commands: list[str], paths: list[str], ev: Evidence, actor: str | None = None
) -> list[Claim]:
    """A free-prose clause: its subject and verbs say what it claims."""
    text = _ATTRIBUTION_TAIL.sub("", text)
    label = _REQUEST_LABEL.match(text)
    if label:  # "Task: fix the export crash": the user's request, not a claim of a crash
        return _check_user(text[label.end() :], ev, "user said")
    hedged = plain_assertion(text)
    claimed_now = hedged != text or re.search(r"(?i)\bnow\b", text) is not None
    text = hedged
    actor = _actor(text, actor)
    if actor != "user" and _BY_USER.search(re.sub(r"`[^`]*`", " ", text)):
        actor = "user"  # "`cmd` was run by the user", "… ran it themselves"
    says = _SAYS.match(text)
    if _SAID_BY_USER.search(text) or (says and actor == "user"):
        return _check_user(text, ev, "user said")  # "the user asked to …", "the user's rule: …"
    if says is None and actor is not None and _SAYS_BARE.match(text):
        says = _SAYS_BARE.match(text)  # "… and later corrected it: use Redis": same subject
        if actor == "user":
            return _check_user(text, ev, "user said")
    if says and actor == "assistant":
        return _check_assistant(text, ev)
    if actor == "assistant" and _DECIDED.search(text):
        return _check_assistant(text, ev)  # "the assistant decided never to …": whose rule?
    swapped = _check_preferences(text, ev)
    if swapped:
        return swapped
    if _NOT_DONE.search(text) or _NOT_PASSING.search(text):
        return []  # "considered running X", "no tests pass yet": nothing claimed done
    bare = _QUOTED_NAME.sub(" ", text)  # a test named "shows an error …" is no failure word
    outcome = None if _FUTURE.search(text) or _OUGHT.search(text) else outcome_of(bare)
    if outcome is not None or _FIXED.search(bare):
        return _check_outcome(text, bare, outcome, commands, paths, ev, actor)
    if claimed_now and actor != "user" and not _FUTURE.search(text):
        state = _check_state(text, ev)
        if state:
            return state
    if actor is None and (keeps(text) or _CORRECTION_NOTE.search(text)):
        # "the snapshot is retained", "the store is Redis (was Memcached)": a rule or a
        # correction restated; said the other way round it is a lie, whoever acted
        restated = _restated_rule(text, ev)
        if restated is not None:
            return restated
    if actor is None and _PERMIT.search(text) and not _DONE.search(text):
        return _check_user(text, ev, "user said")  # "force pushing is allowed": whose permission?
    if actor is None and is_constraint(text) and not _DONE.search(text):
        return _check_user(
            text, ev, "constraint", strict=True
        )  # a standing rule: "Never run `make deploy`."
    if _FUTURE.search(text) and actor != "user":
        return _check_plan(text, ev)
    if negated(text) or _UNTOUCHED.search(text):
        return _check_absence(text, commands, paths, ev)
    return _check_action(text, [], commands, paths, ev, actor)


_REQUEST_LABEL = re.compile(
    r"(?i)^\W*(?:the\s+)?(?:user'?s\s+)?(?:original\s+|main\s+|current\s+)?"
    r"(?:task|goal|request|ask|objective)\s*:\s+"
)
_CORRECTION_NOTE = re.compile(
    r"(?i)\((?:the\s+user\s+)?(?:corrected|changed|switched|updated|was|previously|formerly|"
    r"originally|replacing|replaced|instead\s+of|not)\b[^)]*\)"
)
_NOTE_FROM = re.compile(r"(?i)\bfrom\s+([\w./+-]+)(?:\s+to\s+([\w./+-]+))?")
_NOTE_WAS = re.compile(
    r"(?i)^(?:the\s+user\s+)?(?:corrected|was|previously|formerly|originally|replacing|"
    r"replaced|instead\s+of|not)\s+([\w./+-]+)$"
)


# "The flag is --since; --after was a mistake": the option after the rule is rejected
_MISTAKE = re.compile(
    r"(?i)\s*[;,]\s*(?:and\s+)?(?:the\s+)?(?P<option>[\w./+-]+)\s+(?:was|is)\s+(?:a\s+mistake|"
    r"wrong|incorrect|a\s+typo|an\s+error)\b"
)


def _note_as_rejection(text: str) -> str:
    """A correction note said as the option it rejects: "48 hours (changed from 24)" is
    "48 hours (not 24)", "Redis (the user corrected Memcached)" is "Redis (not Memcached)"."""

    def plain(m: re.Match[str]) -> str:
        inner = m.group(0)[1:-1].strip()
        moved = _NOTE_FROM.search(inner)
        if moved:
            now = f"{moved.group(2)}, " if moved.group(2) else ""
            return f"({now}not {moved.group(1)})"
        was = _NOTE_WAS.match(inner)
        return f"(not {was.group(1)})" if was else m.group(0)

    return _CORRECTION_NOTE.sub(plain, text) if "(" in text else text


# What _check_user says when a claim traces to the user but turns their words around.
_TURNED = re.compile(r"(?i)opposite|preferred|rejected|the other way|condition changed|said only")


def _restated_rule(text: str, ev: Evidence) -> list[Claim] | None:
    """A rule or a correction restated without a subject: [] when it traces to the user
    with their stance, the claim when it turns their words around, None when no user
    turn says it (then it is read as any other clause: the assistant may have done it)."""
    if _DONE.search(_CORRECTION_NOTE.sub(" ", text)):
        return None
    found = _check_user(text, ev, "constraint")
    if not found:
        return []
    return found if _TURNED.search(found[0].reason) else None


_PASSIVE_RUN = re.compile(
    r"(?i)\b(?:was|were|been|got)\s+(?:\w+ly\s+)?(?:run|re-?run|executed|applied)\b"
)
_OUGHT = re.compile(r"(?i)\b(?:must|needs?\s+to|has\s+to|have\s+to|ought\s+to|until)\b")


def _check_outcome(
    text: str,
    bare: str,
    outcome: Outcome | None,
    commands: list[str],
    paths: list[str],
    ev: Evidence,
    actor: str | None,
) -> list[Claim]:
    """A clause saying something passed, failed or was fixed; then what it says was done."""
    out: list[Claim] = []
    if _FIXED.search(bare) and (outcome is None or outcome.verdict == "pass"):
        out += _check_passed(text, ev) or _check_fixed(text, ev)
    elif outcome is not None and outcome.verdict == "pass":
        out += _check_passed(text, ev, outcome.mode)
    elif outcome is not None:
        out += _check_failed(text, ev)
    return _check_action(text, out, commands, paths, ev, actor, vague=False)


def _check_action(
    text: str,
    out: list[Claim],
    commands: list[str],
    paths: list[str],
    ev: Evidence,
    actor: str | None,
    *,
    vague: bool = True,
) -> list[Claim]:
    """What a clause says was done (run, written, read, or another action). ``vague``:
    check any other verb too ("helped", "clamped"); off when the clause is an outcome."""
    verb = _action_verb(text)
    if actor == "user" and (verb or (commands and _RAN.search(text))):
        return out + _check_done(text, verb or "ran", "user", ev)
    if commands and _RAN.search(text) and not _NOT_DONE.search(text):
        out += _check_ran(commands, ev)
    elif not commands and not verb and _PASSIVE_RUN.search(text):
        out += _check_done(text, "ran", actor, ev)  # "the migrations were run against staging"
    elif verb and _WROTE.search(verb) and paths:
        wrote = _WROTE.search(text)
        tail = text[wrote.end() :] if wrote else text
        stop = _READ.search(tail)
        after = tail[: stop.start()] if stop else tail
        out += _check_written([p for p in paths if p in after], ev)
    elif (
        vague
        and verb
        and not _FIXED.search(verb)
        and not out
        and not (_READ.search(verb) and paths)
    ):
        out += _check_done(text, verb, actor, ev)
    elif paths and _READ.search(text) and not out:
        read = _READ.search(text)
        after = text[read.end() :] if read else text
        out += _check_read([p for p in paths if p in after], ev)
    return list(dict.fromkeys(out))


def _check_preferences(text: str, ev: Evidence) -> list[Claim]:
    """A preference the user stated, the wrong way round or its rejected option as the
    outcome ("the session cache now uses Memcached" after "use Redis not Memcached")."""
    said = ev.preferred
    if not said:
        return []
    mine = preferences(text)
    for a, b in mine:
        if (b, a) in said and (a, b) not in said:
            return [Claim("user said", text, f"the user preferred {b} over {a}, not the reverse")]
    if mine or negated(text):
        return []
    words = claim_terms(text)  # whole tokens: "stripe" is not in STRIPE_API_KEY
    for a, b in said:
        if _names(b, words) and not _names(a, words):
            return [Claim("user said", text, f"the user rejected {b} in favour of {a}")]
    return []


_DATE_WORDS = re.compile(
    r"\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|"
    r"April|June|July|August|September|October|November|December)\b"
)


def _check_dates(text: str, ev: Evidence) -> list[Claim]:
    """A day or month the recap names must be in the record ("the deadline is Thursday")."""
    return [
        Claim("number", day, "the record never names this day or month")
        for day in dict.fromkeys(_DATE_WORDS.findall(text))
        if day.casefold() not in ev.days
    ]


def _check_fixed(text: str, ev: Evidence) -> list[Claim]:
    """ "The assistant fixed X" about no test or command: an assistant turn says it fixed X."""
    if _failure_subjects(text, ev):
        return []
    terms = {t for t in claim_terms(text) if t not in _GENERIC_DOING} - {"fix", "assistant"}
    for u in ev.acts:
        if u.kind == "told" and "fix" in u.terms and cover(terms, u.terms)[0] >= 0.5:
            return []
    runs = [r for r in ev.results if _is_test_run(r)]
    if runs and not runs[-1].failed and cover(terms, unit_terms(runs[-1].text))[0] >= 0.5:
        return []
    return [Claim("passed", text, "no assistant turn or passing result shows it fixed")]


_DENIED = re.compile(
    r"(?i)\b(?:did\s*n[o']t|didn'?t|never|was\s+not|wasn'?t|were\s+not|weren'?t|has\s*n[o']t|"
    r"hasn'?t|had\s*n[o']t|not)\s+(?:\w+ly\s+|yet\s+|even\s+|been\s+)*(?P<verb>\w+)"
)
_UNTOUCHED = re.compile(r"(?i)\b(?:left|kept|remained|stayed|was|is)\s+(?:\w+\s+)?(?:unchanged|untouched|"
                        r"alone|as[-\s]is|intact|unmodified|unedited)\b")  # fmt: skip
_NOTHING_WRITTEN = re.compile(
    r"(?i)\b(?:no|none\s+of\s+the)\s+(?:files?|code|changes?)\s+(?:was|were|has\s+been|have\s+been)\s+"
    r"(?:written|changed|edited|modified|touched|made)|\bnothing\s+was\s+(?:written|changed|edited)"
)
_RUN_VERB = re.compile(
    r"(?i)^(?:re-?)?(?:run|ran|execut|invok|launch|call|tr(?:y|ied)|test|list|quer|fetch|inspect|"
    r"view|check|open|read|look|profil|benchmark|lint)"
)
_WRITE_VERB = re.compile(
    r"(?i)^(?:re-?)?(?:edit|chang|modif|touch|wr[io]t|patch|updat|creat|alter)"
)


def _loosely_within(terms: Iterable[str], unit: frozenset[str]) -> bool:
    """Every term in ``unit``, a long one by its first five letters ("profiler" is the
    program ``profile_export.py``)."""
    heads = {u[:5] for u in unit if len(u) >= 5}
    return all(t in unit or (len(t) >= 5 and t[:5] in heads) for t in terms)


def _check_absence(text: str, commands: list[str], paths: list[str], ev: Evidence) -> list[Claim]:
    """A denial ("the assistant did not run X", "never reran `cmd`", "X was left
    unchanged", "no file was written"): what it denies must not be in the record."""
    if _NOTHING_WRITTEN.search(text) and ev.written:
        return [Claim("wrote", text, f"the record shows {sorted(ev.written)[0]} written")]
    denied = _DENIED.search(text)
    verb = denied.group("verb").casefold() if denied else ""
    again = re.match(r"re-?(?:run|ran|tr|test|execut)", verb) or re.search(
        r"(?i)\b(?:again|a\s+second\s+time|twice)\b", text
    )
    if _WRITE_VERB.match(verb) or _UNTOUCHED.search(text):
        return [
            Claim("wrote", p, "the record shows a write-type call wrote it")
            for p in paths
            if p.strip("`").removeprefix("./") in ev.written
        ]
    if not _RUN_VERB.match(verb):
        return []
    out: list[Claim] = []
    for c in commands:
        times = len(ev.results_of(c)) or int(ev.ran(c, exact=True))
        if times >= (2 if again else 1):
            out.append(
                Claim("ran", norm_command(c), f"the record shows it ran{' again' * bool(again)}")
            )
    if commands or not denied:
        return out
    # "did not run the loadgen tests": the runs its words name
    passive = re.match(r"(?i)(?:was|were)\b", denied.group(0))
    tail = text[: denied.start()] if passive else text[denied.end() :]  # "the tests were not run"
    tail = re.split(r"(?i)[,;]|\b(?:since|because|as|but|so)\b", tail)[0]
    terms = claim_terms(tail) - _OUTCOME_WORDS - {"assistant", "user", "time"}
    tests = _TESTS.search(tail) is not None
    if not terms and not tests:
        return out
    named = [
        r
        for r in ev.results
        if r.commands
        and _loosely_within(terms, r.named_terms | {"test"})
        and (not tests or _is_test_run(r))
    ]
    if len(named) >= (2 if again else 1):
        ran = sorted(named[-1].commands, key=len)[-1]
        out.append(Claim("ran", tail.strip(" ."), f"the record shows it ran: `{ran}`"))
    return out
