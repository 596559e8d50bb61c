"""The record as evidence for a recap's claims, read once per record: what ran (tool calls'
commands, ``$ cmd`` lines), which paths were written and read, every tool result with
what produced it and whether it failed, what the user said and what the assistant said
and did, and the order of it all (a :class:`~.timeline.Timeline`). Units of what was said
and done are indexed by term, so a claim is compared only with the units that share its
words. Also :class:`Claim`, what every check returns: an unsupported claim and why.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import chain
from typing import Any, Literal, TypeVar

from ...model import Message, ToolCall
from ...prefilter import may_search, superset
from ..digest import (
    call_commands,
    call_paths,
    call_reads,
    call_writes,
    failing_tests,
    failure_lines,
    is_read_call,
    is_write_call,
    parse_digest,
    shows_file,
)
from ..facts import extract_claims, sentences
from ..reads import user_files
from ..stance import Reading
from ..timeline import Event, Timeline, command_keys, norm_command, norm_path, steps
from ..trace import claim_terms, cover, unit_terms
from .kept import bans_said
from .polarity import answered_no, as_reminded, forbids, negated, preferences
from .pronouns import with_settings_named
from .reading import FAIL, FUTURE, GENERIC_DOING, fold, strip_note

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
    #: the user's sentence to quote in the claim's place (see ``translated.user_quote``):
    #: set when the record cannot decide the claim either way, so nothing true is lost
    quoted: str = ""

    def __str__(self) -> str:
        return f"{self.kind} {self.value}: {self.reason}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "value": self.value, "reason": self.reason}


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
        wide = " ".join([r.tool, *r.commands, *failing_lines(r, wide=True)])
        # (named_terms: an action's arguments too, "publish(catalog=spring-2027)")
        terms = unit_terms(wide) | r.named_terms
        return cls(tuple(x.casefold() for x in failing_lines(r)), wide, terms)


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


ACKNOWLEDGES = re.compile(
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
    r"^\S+:\d+:\d+:\s+[A-Z]{1,3}\d{2,4}\b|"
    # what data and cloud tools print when they fail: dbt ("1 of 1 ERROR creating …",
    # "ERROR=1", "Database Error in model …"), Spark, BigQuery, the AWS CLI, ssh, kubectl,
    # PowerShell, the OOM killer, go build ("./main.go:14:2: undefined: x")
    r"^\s*\d+ of \d+ ERROR\b|\bERROR=[1-9]|\b(?:Database|Runtime|Compilation) Error\b|"
    r"\bJob aborted due to stage failure\b|\bBigQuery error in\b|\bAn error occurred \(\w+\)|"
    r"\bConnection refused\b|\bis invalid:|\bPermissionDenied\b|\bis denied\.|^Killed$|"
    r"^\./\S+\.go:\d+:\d+: |"
    # an HTTP error status, as a status line or a JSON field ("HTTP 422", "\"http\": 402"):
    # what an API tool answers in any language when it refused the call
    r"^\s*HTTP/?[\d.]*\s+[45]\d\d\b|\"(?:http|status|status_?code|http_?status)\"\s*:\s*\"?[45]\d\d\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class _Output:
    """What checks read of one tool output's text."""

    failed: bool  # by its text: a failure line, a crash
    text: str
    lines: tuple[str, ...]
    terms: frozenset[str]  # of its first 4,000 characters
    unit: Unit  # the output as something done ("the endpoint answered 503")


def _crashed(body: str) -> bool:
    """Whether ``body`` says a crash (:data:`_CRASH`), RE2's superset asked first: most long
    outputs say none, and Python's engine read all of each (~2 us a character)."""
    return may_search(superset(_CRASH), body) and _CRASH.search(body) is not None


# A mail server's refusal (RFC 5321: a 4xx or 5xx reply, with its enhanced status code or
# said as SMTP's): "SMTP error 550 5.1.1 <a@b.example>: mailbox unavailable", "552 5.3.4
# Message size exceeds fixed limit" - a mail not sent, whatever words follow it
_MAIL_REFUSED = re.compile(
    r"(?im)^\W*(?:smtp\w*(?:\s+(?:error|reply|response))?\s*[:=]?\s*)?[45]\d\d[\s-]+[45]\.\d{1,3}\.\d{1,3}\b|"
    r"\bsmtp\w*\s+(?:error|reply|response)\s*[:=]?\s*[45]\d\d\b"
)


@lru_cache(maxsize=1 << 14)  # outputs are long, and read again at every recap
def _output(body: str) -> _Output:
    head = body[:4000]
    terms = unit_terms(head)
    return _Output(
        # the recap's read, cached; and a mail server's refusal
        bool(failure_lines(body) or _crashed(body) or _MAIL_REFUSED.search(head)),
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
    #: each tool call with what it answered: a claim about a structured action ("assigned
    #: OPS-812 to jdoe") is checked against the call's arguments
    answered: tuple[tuple[ToolCall, str], ...] = ()
    #: whether each of ``answered`` failed (its result's error flag or a failure marker)
    answered_failed: tuple[bool, ...] = ()
    #: (name, turn) of each user turn a named participant wrote ("qa_lin", "ci_bot")
    speakers: tuple[tuple[str, str], ...] = ()
    #: (role, text) of each user and assistant turn in order: whose turn answered which
    #: (a decision the user took back by approving the assistant's proposal)
    dialogue: tuple[tuple[str, str], ...] = ()
    #: how many tool calls the record makes from each turn of ``dialogue`` on (its own
    #: included): an offer ("Shall I roll back?") that no call followed was not taken up
    calls_after: tuple[int, ...] = ()
    #: the record's reads, writes, runs, failures and passes in order (claims of an order)
    timeline: Timeline = field(default_factory=lambda: Timeline(()), compare=False)
    #: every user sentence and turn, folded: a recap sentence quoting one is the user's
    user_words: frozenset[str] = field(init=False, default=frozenset())
    #: ``said`` indexed by term, and what the user said and the assistant told (see
    #: :meth:`told_index`), built on first need: every clause of a recap looks them up
    said_index: UnitIndex = field(init=False, repr=False, compare=False)
    _indexes: dict[str, UnitIndex] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _derived: dict[str, Any] = field(init=False, repr=False, compare=False, default_factory=dict)
    #: the reading of the messages this evidence was read from, as it stood after the last
    #: (None: built by hand): what :meth:`extended` reads on from
    walk: _Walk | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "said_index", UnitIndex(self.said))
        words = frozenset(fold(t) for t in (*self.user, *self.user_turns))
        object.__setattr__(self, "user_words", words)

    def derive(self, key: str, make: Callable[[], _T]) -> _T:
        """What is derived from the record once, on first need: a check that read the
        whole record for each claim made a recap's check grow with record × claims."""
        if key not in self._derived:
            self._derived[key] = make()
        found: _T = self._derived[key]
        return found

    @property
    def preferred(self) -> frozenset[tuple[str, str]]:
        """The preferences the user stated ("use X not Y"), derived once from ``said`` on
        first need: per clause they cost O(record) (25 s a recap at 10k turns), and reading
        them from every sentence of a pasted spec was most of checking a recap's commands,
        which never ask."""
        return self.derive("preferred", lambda: frozenset().union(*self.said_index.preferences))

    @property
    def outputs(self) -> str:
        """Every tool output, one after another (a NUL between two): what a claim looks
        for in any output is looked for once, not in each."""
        return self.derive("outputs", lambda: "\0".join(r.text for r in self.results))

    def wrote(self, path: str) -> bool:
        """Whether a write-type call wrote ``path``: as named, or a relative path the end of
        an absolute one written ("recipes/hazy.yaml" for "/srv/brewery/recipes/hazy.yaml";
        a bare name, "Shipping.java", the end of any). An absolute path for a relative write
        names a root the record never gave, and a path under another root is another file
        ("/etc/recipes/hazy.yaml"): neither was written."""
        path = path.strip().strip("`").removeprefix("./")
        if not path or path in self.written or path.rstrip("/") in self.written:
            return True
        path = path.rstrip("/")
        if path.startswith(("/", "~")):
            return False
        bare = "/" not in path
        return any((bare or w.startswith("/")) and w.endswith("/" + path) for w in self.written)

    def printed(self, words: str) -> bool:
        """Whether some tool output holds ``words`` (as written, whitespace folded)."""
        if "\0" in words:
            return any(words in r.text for r in self.results)
        return words in self.outputs

    @property
    def failure_blocks(self) -> tuple[FailureBlock, ...]:
        """What each failed result says failed (see :class:`FailureBlock`)."""
        return self.derive(
            "failures", lambda: tuple(FailureBlock.of(r) for r in self.results if r.failed)
        )

    @property
    def acts(self) -> tuple[Unit, ...]:
        """What the assistant did: tool calls, their results and its own statements of
        what it did, each read on first need."""
        return self.derive("acts", lambda: tuple(_act(a) for a in self.done))

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
        return self.derive("rules", lambda: tuple(_rule(u) for u in self.said if u.negated))

    @property
    def done_terms(self) -> frozenset[str]:
        """Every term of what was done (``acts``)."""
        return self.derive("done", lambda: frozenset().union(*(u.terms for u in self.acts)))

    @property
    def told_index(self) -> UnitIndex:
        """What the assistant said it did (``acts`` of kind "told") and said (``told``)."""
        found = self._indexes.get("told")
        if found is None:
            told = [u for u in self.acts if u.kind == "told"] + list(self.told)
            found = self._indexes["told"] = UnitIndex(told)
        return found

    def calls_from(self, i: int, end: int) -> tuple[ToolCall, ...]:
        """The calls made after ``dialogue``'s turn ``i`` and before its turn ``end`` (of
        those answered: a call never answered shifts the count by one, at worst)."""
        made = len(self.answered)
        left = self.calls_after[i] if i < len(self.calls_after) else 0
        still = self.calls_after[end] if end < len(self.calls_after) else 0
        return tuple(call for call, _ in self.answered[max(made - left, 0) : max(made - still, 0)])

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
        return _Walk().read(messages).evidence(previous_recap, context)

    def extended(
        self,
        more: Sequence[Message],
        previous_recap: str | None = None,
        context: Sequence[Message] = (),
    ) -> Evidence:
        """The evidence of the messages read here followed by ``more``: exactly
        ``Evidence.of([*read, *more], previous_recap, context)``, reading only ``more``
        (a kept Preparer's record grows by a few messages a turn, and reading all of it
        again was most of checking each turn's recap)."""
        if self.walk is None:
            raise ValueError("this Evidence was not read from messages: nothing to extend")
        return self.walk.read(more).evidence(previous_recap, context)

    @property
    def read(self) -> tuple[Message, ...]:
        """The messages this evidence was read from (``previous_recap`` and ``context``
        aside)."""
        return () if self.walk is None else self.walk.messages

    def ran(self, command: str, *, exact: bool = False) -> bool:
        """Whether ``command`` ran; unless ``exact``, a program named alone ("ran pytest")
        ran if any command of it did."""
        c = norm_command(command)
        if c in self.executed:
            return True
        if " " in c and self._same_run(c):
            return True  # its options in another order or quoting: one run
        return not exact and " " not in c and c in self.programs

    def _same_run(self, command: str) -> bool:
        """Whether a command run is ``command`` with its options in another order or
        quoting (see :func:`command_keys`)."""
        keys = self.derive(
            "command_keys",
            lambda: frozenset(k for c in self.executed if " " in c for k in command_keys(c)),
        )
        return bool(keys) and not keys.isdisjoint(command_keys(command))

    def results_of(self, subject: str) -> list[Result]:
        c = norm_command(subject)
        return [
            r
            for r in self.results
            if c in r.commands
            or r.tool == c
            or (" " not in c and any(x.split(" ", 1)[0] == c for x in r.commands))
        ]


@dataclass(frozen=True, slots=True)
class _Step:
    """What reading one message added to the record's evidence, and what the walk carries
    on from it to the next message."""

    made: int = 0  # the calls made up to this message, its own included
    after_user: bool = False  # whether it is a user's turn: an "Okay, …" after it echoes it
    told_last: tuple[str, ...] = ()  # the assistant's last turn: what a user's "it" may be
    #: the call ids of its results with no call read yet: a later call with one of them
    #: changes what was read (see :meth:`_Walk.read`)
    orphans: frozenset[str] = frozenset()
    executed: frozenset[str] = frozenset()
    written: frozenset[str] = frozenset()
    touched: frozenset[str] = frozenset()
    results: tuple[Result, ...] = ()
    user: tuple[str, ...] = ()
    turns: tuple[str, ...] = ()
    assistant: tuple[str, ...] = ()
    acts: tuple[Unit | Act, ...] = ()
    told: tuple[Unit, ...] = ()
    texts: tuple[str, ...] = ()
    answered: tuple[tuple[ToolCall, str], ...] = ()
    answered_failed: tuple[bool, ...] = ()
    speakers: tuple[tuple[str, str], ...] = ()
    dialogue: tuple[tuple[str, str], ...] = ()
    calls_before: tuple[int, ...] = ()  # the calls made before each of its ``dialogue`` turns
    events: tuple[Event, ...] = ()
    echoed: tuple[str, ...] = ()  # "Okay, I'll leave the Header alone." right after a rule


def _step(
    at: int,
    m: Message,
    before: _Step,
    calls: Mapping[str, ToolCall],
    commands_of: dict[int, list[str]],
    args_of: dict[int, str | None],
) -> _Step:
    """What message ``m`` (at ``at``) adds, read after ``before``; ``calls`` are the
    record's calls by id, ``commands_of`` and ``args_of`` what each call (by identity) ran
    and its arguments' words, read once."""
    made, after_user, told_last = before.made, before.after_user, list(before.told_last)
    if m.is_recap:
        return _Step(made, after_user, before.told_last)
    orphans: set[str] = set()
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
    answered: list[tuple[ToolCall, str]] = []
    answered_failed: list[bool] = []
    speakers: list[tuple[str, str]] = []
    dialogue: list[tuple[str, str]] = []
    calls_before: list[int] = []
    events: list[Event] = []
    echoed: list[str] = []
    text = m.text
    if m.role == "assistant" and after_user and ACKNOWLEDGES.match(text):
        echoed += sentences(text)
    after_user = m.role == "user" and not m.tool_results
    if m.role == "user" and not m.tool_results and "\n" in text.strip():
        # a CI bot's post or a pasted log that failed ("❌ Pipeline #46256 failed …
        # Test Case '-[SearchTests …]' failed"): a failing output the record holds,
        # whoever posted it
        posted = _output(text)
        if posted.failed:
            tool = m.name or "posted"
            results.append(
                Result(
                    tool,
                    frozenset(),
                    True,
                    posted.text,
                    posted.lines,
                    unit_terms(tool),
                    posted.terms,
                    at,
                )
            )
    if m.role == "user" and not m.tool_results:
        # "Lower it to 1400m" said with its setting named too ("Lower Xmx to 1400m")
        user += with_settings_named(as_reminded(answered_no(sentences(text))), told_last)
        # "Leave X untouched" said as the ban it is too: "Do not modify X."
        user += [b for s in sentences(text) for b in bans_said(s)]
        turns.append(text)
        texts.append(text)
        dialogue.append(("user", text))
        calls_before.append(made)
        touched.update(user_files(m))  # a file the user shared or attached is seen
        if m.name:
            speakers.append((m.name, text))
    elif m.role == "assistant":
        told_now = sentences(text)
        assistant += told_now
        told_last = told_now or told_last
        texts.append(text)
        dialogue += [("assistant", text)] if text.strip() else []
        calls_before += [made] if text.strip() else []
        for s in told_now:
            said_now = _unit(s)
            told.append(said_now)
            if not negated(s) and not FUTURE.search(s):
                acts.append(replace(said_now, kind="told"))
        executed.update(s for c in _SHOWN.findall(text) for s in steps(c))
    made += len(m.tool_calls)
    for c in m.tool_calls:
        cmds = commands_of[id(c)] = call_commands(c)
        for cmd in cmds:
            executed |= steps(cmd)
        paths = call_paths(c)
        touched.update(paths)
        touched.update(p.removeprefix("./") for cmd in cmds for p in cmd.split())
        touched.update(call_reads(c))  # `cat "my notes.md"`, `sed -n 1,40p ./a.py`
        writes = is_write_call(c)
        written.update(call_writes(c))  # a shell's `git mv a b` wrote b too
        events += _call_events(at, c, cmds, paths, writes)
        args = args_of[id(c)] = _call_args(c)
        words = f"{c.name} {(c.arguments if args is None else args)[:4000]}"
        texts.append(words)  # "send_slack(text="ship Monday")" names Monday (RC1)
        acts.append(Act(words, "call", writes))
    for r in m.tool_results:
        call = calls.get(r.call_id)
        if call is None:
            orphans.add(r.call_id)
        body = r.text
        texts.append(body)
        if call is not None:
            answered.append((call, body))
        if call is None or not shows_file(call):  # a README's "$ make deploy" never ran
            executed.update(s for c in _SHOWN.findall(body) for s in steps(c))
        if call is not None and not is_write_call(call):
            written.update(stored_by(call, body))  # export(dest=P) -> "stored P"
        if call is not None and id(call) not in commands_of:  # answered before it was made
            commands_of[id(call)], args_of[id(call)] = call_commands(call), _call_args(call)
        ran = frozenset(s for c in commands_of[id(call)] for s in steps(c)) if call else None
        output = _output(body)
        tool = call.name if call else (r.name or "tool")
        commands = ran or frozenset()
        # a call that ran no command is named by its arguments too: "the spring-2027
        # catalog publish" is publish(catalog=spring-2027)'s run — but not a write:
        # "the timeout was fixed in ops/backup/pg_backup.sh" names the file the patch
        # wrote, not a run that should have failed
        named_by_args = not commands and call is not None and not is_write_call(call)
        arg_words = (args_of.get(id(call)) or "")[:400] if named_by_args else ""
        named = unit_terms(" ".join(commands) + " " + tool + " " + arg_words)
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
        if call is not None:
            answered_failed.append(result.failed)
        events += _result_events(at, result, body)
        acts.append(output.unit)
        if call is not None:  # "the endpoint answered 503": the call and its result
            args = args_of[id(call)] or ""
            acts.append(Act(f"{call.name} {args[:2000]} {body[:2000]}", "result"))
    return _Step(
        made,
        after_user,
        tuple(told_last),
        frozenset(orphans),
        frozenset(executed),
        frozenset(written),
        frozenset(touched),
        tuple(results),
        tuple(user),
        tuple(turns),
        tuple(assistant),
        tuple(acts),
        tuple(told),
        tuple(texts),
        tuple(answered),
        tuple(answered_failed),
        tuple(speakers),
        tuple(dialogue),
        tuple(calls_before),
        tuple(events),
        tuple(echoed),
    )


@dataclass(frozen=True, slots=True)
class _Walk:
    """The reading of a record message by message, as a value: the messages read and
    what each added with what the walk carried on from it (:class:`_Step`), so that a
    record whose first messages are these is read on from the last one they share.
    :meth:`evidence` adds the previous recap and the rest of the record, which are not
    part of the walk."""

    messages: tuple[Message, ...] = ()
    steps: tuple[_Step, ...] = ()

    def upto(self, k: int) -> _Walk:
        """The walk of the first ``k`` messages."""
        return _Walk(self.messages[:k], self.steps[:k])

    def read(self, more: Sequence[Message]) -> _Walk:
        """This walk with ``more`` read after its messages."""
        calls = {c.id: c for m in self.messages for c in m.tool_calls}
        new_calls = {c.id: c for m in more for c in m.tool_calls}
        orphans = frozenset().union(*(s.orphans for s in self.steps))
        if not new_calls.keys().isdisjoint(calls) or not new_calls.keys().isdisjoint(orphans):
            # a call id read before (a result answered before its call was made, or an id
            # used again) changes what was read: the whole is read afresh
            return _Walk().read((*self.messages, *more))
        calls.update(new_calls)
        commands_of: dict[int, list[str]] = {}
        args_of: dict[int, str | None] = {}
        steps = list(self.steps)
        last = steps[-1] if steps else _Step()
        for at, m in enumerate(more, start=len(self.messages)):
            last = _step(at, m, last, calls, commands_of, args_of)
            steps.append(last)
        return _Walk((*self.messages, *more), tuple(steps))

    def evidence(self, previous_recap: str | None, context: Sequence[Message]) -> Evidence:
        """The evidence of the messages read, with the claims ``previous_recap`` made and
        what the user said in ``context`` outside them."""
        walked = self.steps

        def joined(get: Callable[[_Step], Iterable[_T]]) -> list[_T]:
            return list(chain.from_iterable(get(s) for s in walked))

        executed = set().union(*(s.executed for s in walked))
        written = set().union(*(s.written for s in walked))
        touched = set().union(*(s.touched for s in walked))
        results, user = joined(lambda s: s.results), joined(lambda s: s.user)
        turns, texts = joined(lambda s: s.turns), joined(lambda s: s.texts)
        acts, echoed = joined(lambda s: s.acts), joined(lambda s: s.echoed)
        calls_before = joined(lambda s: s.calls_before)
        made = walked[-1].made if walked else 0
        tools = frozenset(c.name for m in self.messages for c in m.tool_calls)
        seen = set(turns)
        for m in context:
            if m.role == "user" and not m.tool_results and not m.is_recap and m.text not in seen:
                user += as_reminded(answered_no(sentences(m.text)))
                turns.append(m.text)
                texts.append(m.text)
                touched.update(user_files(m))
                seen.add(m.text)
        trusted: set[str] = set()
        if previous_recap:
            prev = parse_digest(previous_recap)
            for item in prev.items("Commands run"):
                executed |= steps(strip_note(item))
            written.update(prev.items("Files written"))
            for item in prev.items("Failures"):
                subject, _, line = item.partition(": ")
                failed_steps = frozenset(steps(subject)) if subject.startswith("`") else frozenset()
                results.append(_result(subject.strip("`"), failed_steps, True, line))
            for name in ("Goal", "Constraints and corrections", "Open requests"):
                user += [s for item in prev.items(name) for s in sentences(item)]
            trusted = {fold(s) for s in sentences(previous_recap)}
            acts += [_unit(s, "told") for s in sentences(previous_recap) if not negated(s)]
            texts.append(previous_recap)
        programs = {c.split(" ", 1)[0] for c in executed}
        said = [_unit(s) for s in user] + [_unit(t) for t in turns if len(sentences(t)) > 1]
        # "You may run `A`, but never run `B`.": each command's own part too, so that a
        # rule about B ("Never run `B`.") and leave for A trace to the part that says so
        said += [_unit(p) for s in user if s.count("`") >= 4 for p in command_parts(s)]
        said += [_unit(s) for s in echoed]
        return Evidence(
            executed=frozenset(executed),
            programs=frozenset(programs),
            written=frozenset(written),
            touched=frozenset(touched | written),
            results=tuple(results),
            tools=tools,
            user=tuple(user),
            assistant=tuple(joined(lambda s: s.assistant)),
            user_turns=tuple(turns),
            trusted=frozenset(trusted),
            said=tuple(said),
            done=tuple(acts),
            told=tuple(joined(lambda s: s.told)),
            texts=tuple(texts),
            answered=tuple(joined(lambda s: s.answered)),
            answered_failed=tuple(joined(lambda s: s.answered_failed)),
            speakers=tuple(joined(lambda s: s.speakers)),
            dialogue=tuple(joined(lambda s: s.dialogue)),
            calls_after=tuple(made - n for n in calls_before),
            timeline=Timeline.of(joined(lambda s: s.events)),
            walk=self,
        )


class KeptEvidence:
    """The evidence of the last record read, kept by its owner (a Preparer, from one turn
    to the next) and read on from the last message the next record shares with it: a
    kept Preparer's recap covers the record less the turns it keeps in view, and those
    join what it covers later, so the next record is this one with messages put in near
    its end and added after it. Any message edited, replaced or deleted is read again
    from there on (the first one, the whole record). The same record is the same evidence."""

    def __init__(self) -> None:
        self._last: tuple[Evidence, str | None, tuple[Message, ...]] | None = None

    def of(
        self,
        messages: Sequence[Message],
        previous_recap: str | None = None,
        context: Sequence[Message] = (),
    ) -> Evidence:
        """``Evidence.of(messages, previous_recap, context)``."""
        walked = None if self._last is None else self._last[0].walk
        if self._last is None or walked is None:
            found = Evidence.of(messages, previous_recap, context)
        else:
            last, recap, around = self._last
            read = walked.messages
            shared = _shared(messages, read)
            if (
                shared == len(read) == len(messages)
                and previous_recap == recap
                and _shared(context, around) == len(around) == len(context)
            ):
                return last
            walk = walked.upto(shared).read(messages[shared:])
            found = walk.evidence(previous_recap, context)
        self._last = (found, previous_recap, tuple(context))
        return found


def _shared(messages: Sequence[Message], before: Sequence[Message]) -> int:
    """How many first messages of ``messages`` are those of ``before`` (the same objects,
    or equal ones)."""
    for i, (a, b) in enumerate(zip(messages, before, strict=False)):
        if a is not b and a != b:
            return i
    return min(len(messages), len(before))


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
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return [str(value)]  # "amount_eur": 184.2 — a figure the call gave
    return []


_FAILING = re.compile(r"(?i)fail|error|exception|traceback|panic|✕|✗|✖|×|\bnot ok\b|\bE\s{2,}")
_PASSING = re.compile(r"(?i)✓|✔|\bPASS(?:ED)?\b|\bpassed\b|^ok\b|\.\.\.\s*ok\b|\bok$")


def failed_output(body: str) -> bool:
    """Whether a tool output says it failed (a failure line, a crash, an HTTP error)."""
    return _output(body).failed


def failed_answer(ev: Evidence, strong: frozenset[str]) -> str | None:
    """A failed tool result that, with its call, names every one of ``strong`` (ids,
    codes, numbers: "TLB-04", "ERP-3312", "137", "OOMKilled"), or None: a failure told in
    any language is the failure whose identifiers it repeats."""
    for call, body in ev.answered:
        out = _output(body)
        if not out.failed:
            continue
        said = f"{call.name} {call.arguments} {body}".casefold()
        if all(t in said for t in strong):
            return body
    return None


def failing_lines(r: Result, *, wide: bool = False) -> list[str]:
    """The lines of a failed result that say what failed: a failure marker, or just after
    one (a go test's "got 3600, want 1800"), never a line marked as passing. ``wide``:
    every line not marked as passing (Jest prints ``Expected:`` and ``Received:`` lines
    below the failing test's name and its diff header). A result its tool flagged as an
    error with no marker line (a functionResponse ``{"error": "card_declined: …"}``) is
    the failure as a whole: its first lines say what failed."""
    lines = r.lines or (r.text,)
    found = _failing_of(lines, wide)
    if not found and r.failed:
        return list(lines[:_ERROR_HEAD])
    return list(found)


_ERROR_HEAD = 3  # lines of an error-flagged answer that say what failed (no marker on them)


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


def _rule(u: Unit) -> tuple[Unit, frozenset[str], tuple[str, ...]]:
    """A user's rule (a negated unit): what it is about, and the commands it forbids."""
    rule = frozenset(t for t in u.terms if t not in GENERIC_DOING) - {"important", "ever"}
    # the command the rule forbids, named in a plan ("never run terraform apply …")
    banned = tuple(
        re.sub(r"(?i)(?:\s+(?:from|on|in|to|at|for|with|against|here|there|again))+$", "", f.value)
        for f in extract_claims(u.text)
        if f.kind == "command"
    )
    return u, rule, banned


# A tool's answer that it put a file where its call said ("stored /srv/x.csv", "saved to
# out/report.pdf", "wrote 3 rows to data/a.csv"): the call wrote that file, whatever its name
_STORED = re.compile(
    r"(?i)\b(?:stored|saved|wrote|written|exported|created|generated)\b[^\n]{0,60}?"
    r"(?:^|(?<=[\s'\"`(:]))(?P<path>[~/\w.-]*[/.][\w./-]*\w)"
)


def stored_by(call: ToolCall, result: str) -> set[str]:
    """The paths of ``call``'s arguments its ``result`` says it stored or saved."""
    head = result[:2000]
    low = head.casefold()
    if not any(w in low for w in _STORE_WORDS):
        return set()
    named = set(call_paths(call))
    return {m.group("path") for m in _STORED.finditer(head)} & named


_STORE_WORDS = ("stored", "saved", "wrote", "written", "exported", "created", "generated")


_COMMA = re.compile(r"\s*[,،、，;]\s*")


def command_parts(sentence: str) -> list[str]:
    """``sentence`` cut before each part (between commas) that names a command, when it
    names commands in two or more parts ("You may run `A`" and "but never run `B`, not
    even on prod"): each command with the words said of it."""
    parts = _COMMA.split(sentence)
    if sum(p.count("`") >= 2 for p in parts) < 2:
        return []
    out: list[list[str]] = []
    for p in parts:
        if p.count("`") >= 2 and out and any(q.count("`") >= 2 for q in out[-1]):
            out.append([p])
        elif out:
            out[-1].append(p)
        else:
            out.append([p])
    return [", ".join(group) for group in out]


def user_reported(what: str, ev: Evidence) -> bool:
    """Whether a user turn reports ``what`` as something that broke or failed ("pin it to
    6.22.3, 6.23 broke our loaders"): the user's own reason, which no tool had to print."""
    by = _REPORTED_BY.match(what)  # "qa_lin reported the crash in X": the crash in X, by qa_lin
    what = what[by.end() :] if by else what
    who = by.group("who") if by else ""
    theirs = [t for name, t in ev.speakers if name == who]
    named = bool(who) and any(name == who for name, _ in ev.speakers)
    terms = claim_terms(what) - GENERIC_DOING
    if len(terms) < 2:
        return False
    verb = FAIL.search(what)
    subject = claim_terms(what[: verb.start()]) - GENERIC_DOING if verb else frozenset()
    # its numbers are that report's: "Pipeline #42870 failed." is not said by the bot's
    # "❌ Pipeline #46256 failed", nor "214 tests ran with 2 failures" by "Executed 214
    # tests, with 1 failure" (R35-verify35-1)
    numbers = [_whole_number(t) for t in terms if t.isdigit()]
    index = ev.said_index
    for i in index.covering(terms, 0.6):
        said = index.units[i].text
        if named and not any(said in t for t in theirs):
            continue  # another participant reported it
        broke = FAIL.search(said)
        if broke is None or not all(n.search(said) for n in numbers):
            continue
        # what broke is what the user said broke: the words right before the verb ("pin
        # it to 6.22.3, 6.23 broke our loaders" says 6.23 broke them, not 6.22.3)
        before = _REASON_CUT.split(said[: broke.start()])[-1]
        if not subject or cover(subject, unit_terms(before))[0] >= 0.5:
            return True
    return False


# who reported it, before what was reported: "qa_lin reported", "The CI bot posted that"
_REPORTED_BY = re.compile(
    r"(?i)^\W*(?:the\s+)?(?P<who>[\w@.-]+)(?:\s+bot)?\s+(?:reported|posted|pasted|flagged|"
    r"noted|shared|relayed)\s+(?:that\s+)?"
)
_REASON_CUT = re.compile(r"(?i)[,;:]|\b(?:because|since|as)\b")


def _whole_number(number: str) -> re.Pattern[str]:
    """``number`` as a whole number in a text (not a part of 1214 or 2.5)."""
    return re.compile(rf"(?<![\d.,]){number}(?![\d]|[.,]\d)")
