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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ..intent import is_constraint
from ..model import Message
from .digest import (
    SECTIONS,
    call_commands,
    call_paths,
    failure_lines,
    is_write_call,
    parse_digest,
)
from .facts import extract_claims, keywords, sentences

ClaimKind = Literal[
    "ran", "wrote", "read", "failed", "passed", "constraint", "user said", "assistant said"
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
_CHAIN = re.compile(r"\s*(?:&&|\|\||;|\|)\s*")
_SHELL_WRAP = re.compile(r"^(?:ba|z)?sh\s+-l?c\s+(.+)$")


def norm_command(text: str) -> str:
    """A command as compared: one space between words, no prompt, no closing punctuation."""
    c = " ".join(text.strip().strip("`").split())
    c = c.removeprefix("$ ").strip()
    return c.rstrip(".,;:")


def _steps(command: str) -> set[str]:
    """A command, its chained steps and the body of a ``sh -c`` wrapper."""
    c = norm_command(command)
    out = {c}
    wrapped = _SHELL_WRAP.match(c)
    if wrapped:
        out |= _steps(wrapped.group(1).strip("'\""))
    out |= {norm_command(s) for s in _CHAIN.split(c) if s.strip()}
    return {s for s in out if s}


@dataclass(frozen=True, slots=True)
class Result:
    """One tool result with what produced it."""

    tool: str
    commands: frozenset[str]
    failed: bool
    text: str


@dataclass(frozen=True, slots=True)
class Evidence:
    """Where each kind of claim can be true: commands run, paths written and read,
    tool results (failed or not), and what the user and the assistant said."""

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

    @classmethod
    def of(cls, messages: Sequence[Message], previous_recap: str | None = None) -> Evidence:
        """The evidence in ``messages`` plus the claims a previous (verified) recap made."""
        executed: set[str] = set()
        written: set[str] = set()
        touched: set[str] = set()
        results: list[Result] = []
        user: list[str] = []
        turns: list[str] = []
        assistant: list[str] = []
        calls = {c.id: c for m in messages for c in m.tool_calls}
        for m in messages:
            if m.is_recap:
                continue
            text = m.text
            if m.role == "user" and not m.tool_results:
                user += sentences(text)
                turns.append(text)
            elif m.role == "assistant":
                assistant += sentences(text)
                executed.update(s for c in _SHOWN.findall(text) for s in _steps(c))
            for c in m.tool_calls:
                cmds = call_commands(c)
                for cmd in cmds:
                    executed |= _steps(cmd)
                paths = call_paths(c)
                touched.update(paths)
                touched.update(p for cmd in cmds for p in cmd.split())
                if is_write_call(c):
                    written.update(paths)
            for r in m.tool_results:
                call = calls.get(r.call_id)
                body = r.text
                executed.update(s for c in _SHOWN.findall(body) for s in _steps(c))
                ran = frozenset(s for c in call_commands(call) for s in _steps(c)) if call else None
                failed = r.is_error or bool(failure_lines(body, limit=1))
                tool = call.name if call else (r.name or "tool")
                results.append(Result(tool, ran or frozenset(), failed, " ".join(body.split())))
        trusted: set[str] = set()
        if previous_recap:
            prev = parse_digest(previous_recap)
            for item in prev.items("Commands run"):
                executed |= _steps(_strip_note(item))
            written.update(prev.items("Files written"))
            for item in prev.items("Failures"):
                subject, _, line = item.partition(": ")
                steps = frozenset(_steps(subject)) if subject.startswith("`") else frozenset()
                results.append(Result(subject.strip("`"), steps, True, " ".join(line.split())))
            for name in ("Goal", "Constraints and corrections", "Open requests"):
                user += [s for item in prev.items(name) for s in sentences(item)]
            trusted = {_fold(s) for s in sentences(previous_recap)}
        programs = {c.split(" ", 1)[0] for c in executed}
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


def _strip_note(item: str) -> str:
    return re.sub(r"\s*\([^)]*\)$", "", item).strip().strip("`")


def _fold(text: str) -> str:
    return " ".join(text.casefold().split()).rstrip(".!?")


# --------------------------------------------------------------------------- clause reading

_NEG = re.compile(
    r"(?i)\b(?:never|under\s+no\s+circumstances|by\s+no\s+means|not|don'?t|do\s+not|does\s+not|doesn'?t|must\s+not|mustn'?t|shall\s+not|"
    r"should\s+not|shouldn'?t|cannot|can'?t|won'?t|avoid|no\s+longer|refrain|forbid(?:den)?|"
    r"prohibited|off[-\s]limits|without)\b"
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
    r"stated|specified|demanded|reminded|would\s+like|decided|chose|agreed|corrected)\b|"
    r"\buser'?s\s+(?:goal|request|constraint|rule|instruction|preference|correction)|"
    r"\b(?:asked|requested|told|instructed|required)\s+by\s+the\s+user\b"
)
_DECIDED = re.compile(
    r"(?i)\b(?:decided|decides|chose|chooses|agreed|settled\s+on|opted|promised|committed\s+to)\b"
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
_TEST_ID = re.compile(r"[\w./-]+\.py::[\w\[\]:.-]+|\btest_\w+|\b\w+Tests?\.\w+")
_CLAUSE = re.compile(
    r"\s*;\s*|,?\s+(?:and|but|then|while|whereas|after\s+which)\s+"
    r"(?=(?:then\s+)?(?:the\s+)?(?:user|assistant|agent|it|i|we|they)\b)",
    re.IGNORECASE,
)
_PREFER = (  # (pattern, index of the preferred, index of the rejected)
    (re.compile(r"(?i)\b(?:use\s+)?([\w./+-]+),?\s+\(?not\s+([\w./+-]+)\)?"), 1, 2),
    (re.compile(r"(?i)\b([\w./+-]+)\s+(?:instead\s+of|rather\s+than|over)\s+([\w./+-]+)"), 1, 2),
    (re.compile(r"(?i)\bswitch(?:ed|ing)?\s+from\s+([\w./+-]+)\s+to\s+([\w./+-]+)"), 2, 1),
    (re.compile(r"(?i)\breplac(?:e|ed|ing)\s+([\w./+-]+)\s+with\s+([\w./+-]+)"), 2, 1),
    (re.compile(r"(?i)\bnot\s+([\w./+-]+),?\s+but\s+([\w./+-]+)"), 2, 1),
)
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


def negated(text: str) -> bool:
    """Whether ``text`` states a negation ("never", "do not" …); "use A not B" is a
    preference, not a negation."""
    return bool(_NEG.search(_PREFERENCE_NOT.sub(" ", text) if _is_preference(text) else text))


def _is_preference(text: str) -> bool:
    return any(p.search(text) for p, _, _ in _PREFER[:1]) and not re.search(
        r"(?i)\b(?:do|does|did|should|must|will|would|could|can|is|are|was|were)\s+not\b", text
    )


def preferences(text: str) -> set[tuple[str, str]]:
    """(preferred, rejected) pairs stated in ``text``, casefolded."""
    out: set[tuple[str, str]] = set()
    for pattern, a, b in _PREFER:
        for m in pattern.finditer(text):
            x, y = m.group(a).casefold().strip(".,"), m.group(b).casefold().strip(".,")
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


def clauses(sentence: str) -> list[str]:
    """A sentence split where its subject changes ("…; then the assistant ran …")."""
    return [c.strip() for c in _CLAUSE.split(sentence) if c and c.strip()]


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
        if p and p not in ev.touched and not any(p in r.text for r in ev.results):
            out.append(Claim("read", p, "no tool call read it"))
    return out


def _failure_subjects(text: str, ev: Evidence) -> list[tuple[str, str]]:
    """What a failure claim is about: ("command"|"test"|"tool", value)."""
    commands = [f.value for f in extract_claims(text) if f.kind == "command"]
    commands += [
        norm_command(q)
        for q in _BACKTICKED.findall(text)
        if norm_command(q) not in commands and (ev.ran(q, exact=True) or " " in q.strip())
    ]
    out: list[tuple[str, str]] = [("command", c) for c in commands]
    rest = re.sub(r"`[^`]*`", " ", text)  # a test or tool named inside a command is the command's
    for c in commands:
        rest = rest.replace(c, " ")
    out += [("test", t) for t in _TEST_ID.findall(rest)]
    out += [("tool", t) for t in ev.tools if re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", rest)]
    return out


def _check_failed(text: str, ev: Evidence, line: str = "") -> list[Claim]:
    out: list[Claim] = []
    subjects = _failure_subjects(text, ev)
    if not subjects and not line:
        # "the tests failed": about no command in particular, but some result must say so
        tests = _TESTS.search(text)
        if not any(r.failed and (not tests or _is_test_run(r)) for r in ev.results):
            what = "no test run" if tests else "no tool result"
            return [Claim("failed", text, f"{what} in the record shows a failure")]
    for kind, value in subjects:
        if kind == "test":
            if not any(r.failed and value in r.text for r in ev.results):
                out.append(Claim("failed", value, "no failing tool result names it"))
            continue
        results = ev.results_of(value)
        if kind == "command" and not results and not ev.ran(value):
            out.append(Claim("failed", value, "no tool call ran it"))
        elif results and not any(r.failed for r in results):
            out.append(Claim("failed", value, "it ran, and no result of it shows a failure"))
        elif kind == "command" and not results:
            out.append(Claim("failed", value, "no result of it shows a failure"))
    if line:
        # what the failure says (test names, numbers, messages) is in a failing result
        body = " ".join(line.removesuffix("…").split()).strip()
        failing = [r.text for r in ev.results if r.failed]
        said = [f.value for f in extract_claims(body) if f.kind != "command"]
        said += _TEST_ID.findall(body)
        if body and not any(body in t for t in failing):
            missing = [v for v in said if not any(_has_token(t, v) for t in failing)]
            if missing or not said:
                out.append(Claim("failed", body, "no failing tool result says this"))
    return out


def _has_token(text: str, value: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(value)}(?![\w])", text) is not None


_TESTS = re.compile(r"(?i)\b(?:tests?|test\s+suite|specs?|ci|build)\b")
_TEST_RUNNER = re.compile(
    r"(?i)\b(?:pytest|jest|vitest|mocha|rspec|phpunit|unittest|tox|nox|ctest|go\s+test|"
    r"cargo\s+test|npm\s+(?:run\s+)?test|yarn\s+test|pnpm\s+test|make\s+(?:test|check)|"
    r"gradle\w*\s+test|mvn\s+test|dotnet\s+test)\b"
)


def _is_test_run(r: Result) -> bool:
    return any(_TEST_RUNNER.search(c) for c in r.commands) or bool(
        re.search(r"(?i)\b\d+ (?:passed|failed)\b|\bFAILED\b|\bTests?:", r.text)
    )


def _check_passed(text: str, ev: Evidence) -> list[Claim]:
    out: list[Claim] = []
    subjects = _failure_subjects(text, ev)
    if not subjects and _TESTS.search(text):
        # "all tests pass now": the newest test run must not have failed
        runs = [r for r in ev.results if _is_test_run(r)]
        if not runs:
            return [Claim("passed", text, "no test run in the record")]
        if runs[-1].failed:
            return [Claim("passed", text, "the last test run failed")]
    for kind, value in subjects:
        if kind == "test":
            continue
        results = ev.results_of(value)
        if results and all(r.failed for r in results):
            out.append(Claim("passed", value, "every result of it shows a failure"))
    return out


def _check_user(text: str, ev: Evidence, kind: ClaimKind, *, strict: bool = False) -> list[Claim]:
    """``text`` attributed to the user (a constraint, the goal, a request, a decision):
    the user sentences it comes from say it with the same polarity, with preferences the
    same way round and with the same commands and quotes. ``strict`` (a constraint, the
    goal): some user sentence or turn must say most of its words; otherwise a paraphrase
    is let stand unless a command or a quote in it was never the user's."""
    if not ev.user:
        return [Claim(kind, text, "the user said nothing in the covered turns")]
    words = _words(text)
    polarity = negated(text)
    specific = [f.value for f in extract_claims(text) if f.kind in ("command", "quoted", "path")]
    close = [s for s in ev.user if _overlap(words, s) >= 0.5]
    if not close:
        close = [s for s in ev.user if any(v.casefold() in s.casefold() for v in specific)]
    if not close and strict:
        turns = [t for t in ev.user_turns if _overlap(words, t) >= 0.5]
        close = [s for t in turns for s in sentences(t)]
    if not close:
        if strict or polarity:
            return [Claim(kind, text, "no user turn says this")]
        heard = [v for v in specific if " " in v or not _is_path(v)]
        return [Claim(kind, text, f"the user never said {heard[0]!r}")] if heard else []
    if not any(negated(s) == polarity for s in close):
        return [Claim(kind, text, f"the user said the opposite: {_quote(close[0])}")]
    said_prefs = set().union(*(preferences(s) for s in close))
    for a, b in preferences(text):
        if (b, a) in said_prefs and (a, b) not in said_prefs:
            return [Claim(kind, text, f"the user preferred {b} over {a}, not the reverse")]
    for f in extract_claims(text):
        if f.kind in ("command", "quoted") and not any(
            f.value.casefold() in " ".join(s.casefold().split()) for s in close
        ):
            return [Claim(kind, text, f"the user never said {f.value!r}")]
    return []


def _is_path(value: str) -> bool:
    return any(f.kind == "path" and f.value == value for f in extract_claims(value))


def _check_assistant(text: str, ev: Evidence) -> list[Claim]:
    words = _words(text)
    if any(_overlap(words, s) >= 0.5 for s in ev.assistant):
        return []
    user = next((s for s in ev.user if _overlap(words, s) >= 0.5), None)
    why = (
        f"the user said it, not the assistant: {_quote(user)}"
        if user
        else "no assistant turn says this"
    )
    return [Claim("assistant said", text, why)]


def check_clause(text: str, section: str | None, ev: Evidence) -> tuple[Claim, ...]:
    """The claims of one recap clause (``section``: the recap section it is under) that
    the record does not support."""
    text = text.strip()
    if not text or _fold(text) in ev.trusted:
        return ()
    out: list[Claim] = []
    quoted = [q.strip() for q in _BACKTICKED.findall(text) if q.strip()]
    # a backticked span in a claim of running is a command, whatever its program
    commands = list(
        dict.fromkeys(
            [f.value for f in extract_claims(text) if f.kind == "command"]
            + [q for q in quoted if _RAN.search(text) or section == "Commands run"]
        )
    )
    paths = [f.value for f in extract_claims(text) if f.kind == "path"]
    if section == "Commands run":
        # each item is one command, exactly as run
        out += _check_ran(quoted[:1] or [_strip_note(text)], ev, exact=True)
    elif section == "Files written":
        out += _check_written([p for p in re.split(r",\s+", text) if p.strip()], ev)
    elif section == "Files read":
        out += _check_read([p for p in re.split(r",\s+", text) if p.strip()], ev)
    elif section == "Failures":
        subject, sep, line = text.partition(": ")
        out += _check_failed(subject if sep else text, ev, line if sep else "")
    elif section == "Constraints and corrections":
        out += _check_user(text, ev, "constraint", strict=True)
    elif section == "Goal":
        out += _check_user(text, ev, "user said", strict=True)
    elif section == "Open requests":
        out += _check_user(text, ev, "user said")
    elif section == "Decisions":
        who, sep, said = text.partition(": ")
        if sep and who == "User":
            out += _check_user(said, ev, "user said", strict=True)
        elif sep and who == "Assistant":
            out += _check_assistant(said, ev)
    elif section is None:
        out += _check_prose(text, commands, paths, ev)
    return tuple(out)


def _check_prose(text: str, commands: list[str], paths: list[str], ev: Evidence) -> list[Claim]:
    """A free-prose clause: its subject and verbs say what it claims."""
    if _SAID_BY_USER.search(text):
        return _check_user(text, ev, "user said")  # "the user asked to …", "the user's rule: …"
    mentions_user = bool(_USER.search(text))
    by_assistant = bool(_ASSISTANT.search(text)) and not mentions_user
    if by_assistant and _DECIDED.search(text):
        return _check_assistant(text, ev)  # "the assistant decided never to …": whose rule?
    if not (mentions_user or by_assistant) and is_constraint(text) and not _DONE.search(text):
        return _check_user(
            text, ev, "constraint", strict=True
        )  # a standing rule: "Never run `make deploy`."
    if negated(text):
        return []  # "the assistant did not run X": a claim of absence, not checked
    out: list[Claim] = []
    if _FAIL.search(text):
        out += _check_failed(text, ev)
    elif _PASS.search(text):
        out += _check_passed(text, ev)
    if commands and _RAN.search(text):
        out += _check_ran(commands, ev)
    verb = _WROTE.search(text)
    if verb and paths:
        tail = text[verb.end() :]
        stop = _READ.search(tail)
        after = tail[: stop.start()] if stop else tail
        out += _check_written([p for p in paths if p in after], ev)
    return list(dict.fromkeys(out))
