"""Claims about runs and how they ended: a command claimed **run** is a tool call's command
(exact, with its arguments) or a command shown as executed; a **failure** is in a tool
result with a failure marker of the command, test or tool it names (the run its ordinal
picks: "failed on the second run"); a **pass** needs the run it names, or every suite
for "CI is green", to show no failure that a later passing run did not resolve; an exit
code is the one the run ended with.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from ...lexicon import claims as lexicon
from ...lexicon.outcomes import FAILED_OUTCOMES
from ..digest import (
    failing_tests,
)
from ..facts import extract_claims
from ..outcome import crashed, pick, timed_out, which_run
from ..timeline import Timeline, norm_command
from ..trace import claim_terms, cover, specific_terms, stem, unit_terms
from ..wording import whole_token
from . import words as lex
from .evidence import (
    Claim,
    Evidence,
    Result,
    failed_answer,
    failing_lines,
    user_reported,
)
from .numbers import LABEL
from .order import passed_since
from .partial import part_told
from .reading import (
    BACKTICKED,
    FAIL,
    GENERIC_DOING,
    OUTCOME_WORDS,
    QUOTED_NAME,
    TESTS,
    quote,
)
from .test_names import ANOTHER_TEST, marked_passed, other_test_named

_TEST_ID = re.compile(
    r"[\w./-]+\.py::[\w\[\]:.-]+|\btest_\w+(?:\[[^\]\s]*\])?|\b\w+Tests?\.\w+|\bTest[A-Z]\w*|"
    r"\b[a-z_]\w*::[a-z_]\w*(?:::\w+)*"
)


def check_ran(commands: Iterable[str], ev: Evidence, *, exact: bool = False) -> list[Claim]:
    out: list[Claim] = []
    for cmd in commands:
        if ev.ran(cmd, exact=exact):
            continue
        near = next((s for s in sorted(ev.executed) if s.startswith(norm_command(cmd) + " ")), None)
        said = next((s for s in ev.user if norm_command(cmd) in " ".join(s.split())), None)
        head = norm_command(cmd).split()[:2]
        like = next(
            (s for s in sorted(ev.executed) if len(head) > 1 and s.split()[:2] == head), None
        )
        if near:
            why = f"no tool call ran it; `{near}` ran (the recap cut its arguments)"
        elif like and not said:
            why = f"no tool call ran it; `{like}` ran (other arguments)"
        elif said:
            why = f"no tool call ran it (only the user mentioned it: {quote(said)})"
        else:
            why = "no tool call ran it"
        out.append(Claim("ran", norm_command(cmd), why))
    return out


def failure_subjects(text: str, ev: Evidence) -> list[tuple[str, str]]:
    """What a failure claim is about: ("command"|"test"|"tool", value)."""
    quoted = {norm_command(q) for q in BACKTICKED.findall(text)}
    commands = [  # "the loadgen cargo tests" names no command; `cargo test` does
        f.value
        for f in extract_claims(text)
        if f.kind == "command"
        and (norm_command(f.value) in quoted or any(x.startswith(f.value) for x in ev.executed))
    ]
    commands += [
        norm_command(q)
        for q in BACKTICKED.findall(text)
        if norm_command(q) not in commands
        and (ev.ran(q, exact=True) or (" " in q.strip() and not printed_not_run(q, ev)))
    ]
    out: list[tuple[str, str]] = [("command", c) for c in commands]
    rest = re.sub(r"`[^`]*`", " ", text)  # a test or tool named inside a command is the command's
    for c in commands:
        rest = rest.replace(c, " ")
    out += [("test", t) for t in _TEST_ID.findall(rest)]
    out += [("tool", t) for t in sorted(ev.tools) if _names_tool(rest, t)]
    return out


def _names_tool(text: str, tool: str) -> bool:
    """Whether ``text`` names the tool ``tool``; a tool named by a plain word ("run",
    "edit") only as the subject ("the edit failed"), not in "the dry run failed"."""
    if tool.isalpha() and tool.islower():
        pattern = rf"(?i)(?:^\W*|\b(?:the|a|an|its|their)\s+|`){tool}(?![\w-])"
        return re.search(pattern, text) is not None
    return whole_token(text, tool, r"(?<![\w-])", r"(?![\w-])")


# "failed with a Redis timeout": the message a failure is said to have printed
_FAILED_WITH = re.compile(
    r"(?i)\b(?:fail(?:ed|s)?|crash(?:ed|es)?|errored(?:\s+out)?|panick?ed|aborted|broke)\s+"
    r"(?:with|:)\s+(?P<msg>[^;]+)"
)
_EXIT_NOTE = re.compile(
    r"(?i)\(?\b(?:an?\s+)?(?:non-?zero\s+)?exit(?:ed)?\s+(?:code|status)\s*[:=]?\s*\d*\)?|"
    r"\b(?:an?\s+)?(?:errors?|failures?|exceptions?)\b\.?$"
)


def _failures_naming(test: str, ev: Evidence) -> int:
    """How many failed results name ``test`` on a failing line."""
    return sum(r.failed and any(_names_test(x, test) for x in failing_lines(r)) for r in ev.results)


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


def check_failed_in_run(command: str, note: str, line: str, ev: Evidence) -> list[Claim]:
    """A ``Failures`` item that says which run of ``command`` failed ("`cmd` (after the
    fix): test_x failed", "`cmd` (second run): …"): the run ``note`` picks failed, and
    failed each test ``line`` names. (Without it, the first run's failure stood for the
    run after the fix, which passed.)"""
    run = which_run(note)
    if run is None or run == "all":
        return []
    tests = named_tests(line, ev)
    if tests:
        return [c for t in tests for c in _check_failed_on_run(t, run, ev)]
    chosen = pick(ev.results_of(command), run)
    if chosen and not any(r.failed for r in chosen):
        return [Claim("failed", command, f"{_the(run)} run of it passed")]
    return []


# Where the object of "ran …" in prose ends: a purpose, a place, a time or a second clause.
_OBJECT_END = re.compile(
    r"(?i)\s+(?:to|so|in\s+order|because|before|after|which|that|and|but|then|on|against|for|"
    r"with|from|in|at|when|while|until|again|twice|once|first|locally|as|without|instead)\b|"
    r"[,;:()\[\]—–\"“”]|\.(?=\s|$)"
)
_RUN_VERB = re.compile(r"(?i)\b(?:ran|re-?ran|executed|invoked|launched)\s+")
# Words that begin a plain-English object ("ran the tests", "ran out of disk"), not a command.
_NOT_PROGRAM_LIST = """
    the a an it its them this that these those all every each some both any out into
    our their his her my your through over up again another one two three several tests
    test suite build builds checks check linter migrations migration script scripts
"""
_NOT_PROGRAM = frozenset(_NOT_PROGRAM_LIST.split())


def _run_context(span: str, text: str) -> bool:
    """Whether ``text`` names ``span`` as something one runs: after a run verb earlier in
    its sentence ("Don't run ./gradlew clean", "Never run any of these: flutter clean; …"),
    in backticks, or as a shell line ("$ flutter clean")."""
    if f"`{span}" in text:
        return True
    for m in re.finditer(rf"(?<![\w/.-]){re.escape(span)}(?![\w/-])", text):
        ends = [e.end() for e in _SENTENCE_END.finditer(text, 0, m.start())]
        before = text[ends[-1] if ends else 0 : m.start()]
        if _RUN_WORD.search(before) or re.fullmatch(r"\s*\$\s*", before):
            return True
    return False


_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n")
_RUN_WORD = re.compile(r"(?i)\b(?:run|ran|running|runs|execute|executing|exec)\b")


def prose_run_object(text: str, ev: Evidence) -> str | None:
    """A command claimed run in plain prose that no call ran ("The assistant ran ./gradlew
    clean to reset the cache" when only the user said "Don't run ./gradlew clean"): the
    object of the run verb, cut where the command ends, when the record names those words
    as something to run and no command that ran starts with them. None when nothing is
    claimed run, the object is plain English ("ran the tests"), or a run shows it."""
    verb = _RUN_VERB.search(re.sub(r"`[^`]*`", " ", text))
    if verb is None:
        return None
    rest = text[verb.end() :]
    end = _OBJECT_END.search(rest)
    words = (rest[: end.start()] if end else rest).split()
    if not words or words[0].casefold() in _NOT_PROGRAM:
        return None
    spoken = [*ev.user, *ev.assistant, *ev.user_turns]
    for n in range(len(words), 1, -1):  # the longest head the record calls a command
        span = " ".join(words[:n])
        if _ran_as(span, ev):
            return None
        if any(_run_context(span, t) for t in spoken if span in t):
            return span
    return None


def _ran_as(span: str, ev: Evidence) -> bool:
    """Whether a command that ran is ``span`` or ``span`` with more arguments, or one
    command that ran holds all its words ("ran pytest -x" for ``pytest tests/api -x``)."""
    c = norm_command(span)
    if c in ev.executed or any(e.startswith(c + " ") for e in ev.executed):
        return True
    words = set(c.split())
    return any(words <= set(e.split()) for e in ev.executed)


def printed_not_run(quoted: str, ev: Evidence) -> bool:
    """Whether a backticked span is text a tool printed (Rust's "assertion `left ==
    right` failed"), not a command: it is in a result's output and never ran."""
    q = " ".join(quoted.split())
    if ev.ran(q) or any(f.kind == "command" for f in extract_claims(q)):
        return False  # `make migrate` a tool suggested is still a command
    return ev.printed(q)


# where a clause gives its reason: what follows is the failure said ("pinned because 6.23
# broke the loaders" says "6.23 broke the loaders")
_REASON = re.compile(r"(?i)\b(?:because|since)\b")

#: why a failure's message is unsupported: no failing line of the output says it
NOT_ON_FAILING_LINE = "no failing line of a tool result says this"


def check_failed(text: str, ev: Evidence, line: str = "") -> list[Claim]:
    # the test a "`cmd`: TestX failed" item names is on its line, not in its command
    naming = f"{text} {line}" if line else text
    other = other_test_named(naming, ev)
    if other is not None:  # the failing test's name with a word more or fewer (R30-M3)
        return [Claim("failed", other[0], f"{ANOTHER_TEST} {other[1]!r}, not this one")]
    passed = marked_passed(naming, ev)
    if passed:  # "✓ … > computes tax" in a run another test failed
        return passed
    out: list[Claim] = []
    subjects = failure_subjects(text, ev)
    if not subjects and not line:  # "the spawns_workers failure (…) was left alone"
        subjects = [
            ("test", t)
            for t in named_tests(text, ev)
            if any(
                r.failed and any(_names_test(x, t) for x in failing_lines(r)) for r in ev.results
            )
        ]
    if not subjects and not line:
        # "RingBuffer.StartsEmpty failed too": a test the runs name, on no failing line
        unnamed = named_tests(text, ev)
        if unnamed and not _NOT_FAILED.search(text):
            return [Claim("failed", unnamed[0], "no failing tool result names it")]
    if not subjects and not line and specific_terms(text) - {"fail", "pass"}:
        # "totals::sums_lines failed": what it names is on a failing line; "Playwright: 1
        # failed, 7 passed": the counts a run it names printed
        if (
            not _on_failing_line(FAIL.sub(" ", text).strip(" ."), ev)
            and not counts_printed(text, ev)
            and not part_told(text, ev, failed=True)  # "6 of 8 sent; 2 failed" of "Sent 6 of 8"
            and not _names_a_failure(text, ev)
            and not user_reported(_REASON.split(text)[-1], ev)
        ):
            return [Claim("failed", text, NOT_ON_FAILING_LINE)]
        if not _AGAIN.search(text):
            return []  # "pg_dump failed twice": and the runs it names failed twice
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
        tests = TESTS.search(text)
        if not any(r.failed and (not tests or is_test_run(r)) for r in ev.results):
            what = "no test run" if tests else "no tool result"
            return [Claim("failed", text, f"{what} in the record shows a failure")]
    for kind, value in subjects:
        if kind == "test":
            if not any(
                r.failed and any(_names_test(x, value) for x in failing_lines(r))
                for r in ev.results
            ):
                out.append(Claim("failed", value, "no failing tool result names it"))
            elif _only_passed(value, ev):  # "--- PASS: TestVpcFlowLogs" in a failed go test
                out.append(Claim("failed", value, "the results naming it show it passing"))
            elif _ONLY_FAILURE.search(text):
                out += _check_only_failure(value, ev)
            elif passed_since(text, value, ev.timeline):  # "test_x still fails"
                out.append(Claim("failed", value, passed_since(text, value, ev.timeline) or ""))
            elif _LASTING.search(_PASSING_CLAUSE.sub(" ", text)) and _verdicts(value, ev.results)[
                -1:
            ] == [True]:
                # "test_x still fails" after a rerun of its command that names no failure
                # of it (pytest's "5 passed"; "FAILED … test_y" only)
                out.append(
                    Claim("failed", value, "a later run of the command that failed it passed it")
                )
            elif re.search(rf"(?i){_TWICE}", text) and _failures_naming(value, ev) < 2:
                out.append(Claim("failed", value, "it failed once, not twice"))
            else:  # (the run the failure's own clause names, not the one said to pass)
                out += _check_failed_on_run(value, which_run(_PASSING_CLAUSE.sub(" ", text)), ev)
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
    msg = LABEL.sub(r"\2", _EXIT_NOTE.sub(" ", said.group("msg"))) if said else ""
    msg = _KIND_OF_FINDING.sub(" ", msg)  # "an ineffassign warning": ineffassign is on the line
    if claim_terms(msg) - {"fail"}:
        line = msg
    if line:
        # what the failure says (test names, numbers, messages) is on a failing line
        body = " ".join(line.removesuffix("…").split()).strip().rstrip(".;,")
        if body and not _on_failing_line(body, ev):
            out.append(Claim("failed", body, NOT_ON_FAILING_LINE))
    return out


# What a failure is called, which its line need not say ("failed with an ineffassign
# warning in x.go" for "x.go:17:2: ineffectual assignment to err (ineffassign)": R31-V8)
_KIND_OF_FINDING = re.compile(
    r"(?i)\b(?:lint\s+)?(?:warnings?|issues?|problems?|findings?|complaints?)\b"
)


# "1 failed, 7 passed", "passed 12 of 12", "12/12 tests passed": counts of an outcome
_COUNTED = re.compile(
    r"(?i)\b(\d+)\s+(?:tests?\s+|specs?\s+|checks?\s+)?(failed|passed|failing|passing|"
    r"errors?|skipped)\b"
)
_COUNTED_OF = re.compile(
    r"(?i)\b(passed|failed)\s+(?:\d+(?:\.\d+)?\s?%\s+of\s+(?:its|the)\s+tests?\s+\()?(\d+)\s*"
    r"(?:of|out\s+of|/)\s*\d+\b|"  # ("passed 75% of its tests (3 of 4)": 3 passed)
    r"\b(\d+)\s*(?:of|out\s+of|/)\s*\d+\s+(?:tests?\s+)?(passed|failed)\b"
)


def outcome_counts(text: str) -> frozenset[tuple[str, str]]:
    """(count, outcome) pairs of ``text``: "1 failed, 7 passed" gives ("1", "fail") and
    ("7", "pass"); "passed 12 of 12" gives ("12", "pass")."""
    out = {(m.group(1), m.group(2)[:4].casefold()) for m in _COUNTED.finditer(text)}
    for m in _COUNTED_OF.finditer(text):
        n, verdict = (m.group(2), m.group(1)) if m.group(1) else (m.group(3), m.group(4))
        out.add((n, verdict[:4].casefold()))
    return frozenset((n, {"erro": "fail", "skip": "skip"}.get(v, v)) for n, v in out)


@lru_cache(maxsize=4)  # one record's text, asked of every share of its recap
def run_totals(text: str) -> frozenset[str]:
    """The totals of the runs ``text`` prints by outcome ("1 failed, 3 passed" ran 4): the
    whole a recap's "3 of 4 passed" gives, which the output need not print."""
    out = set()
    for line in text.splitlines():
        found = outcome_counts(line)
        if len(found) > 1:
            out.add(str(sum(int(n) for n, _ in found)))
    return frozenset(out)


def counts_printed(text: str, ev: Evidence) -> bool:
    """Whether a run ``text`` names (the one its ordinal picks; any run when it names
    none) printed every count of an outcome it gives ("jest passed 12 of 12" of
    ``Tests: 12 passed, 12 total``)."""
    claimed = outcome_counts(text)
    if not claimed:
        return False
    runs = _named_results(text, ev) or list(ev.results)
    return any(claimed <= outcome_counts(r.text) for r in pick(runs, which_run(text)))


# Words a failure claim adds to what the output printed: "mypy reported an error at line 88"
_REPORTING = frozenset({"fail", "report", "line", "show", "print", "complain", "flag", "output"})


def _names_a_failure(text: str, ev: Evidence) -> bool:
    """Whether ``text`` repeats the identifiers of a failed call and its result ("El pod
    nuevo terminó con OOMKilled (código 137)", "…rejeté (code EDI-2107)"): one at least
    that is not a bare number, and every one it names in the same exchange."""
    words = (w.strip(".:-/") for w in re.findall(r"[\w./:@-]+", text))
    strong = frozenset(w.casefold() for w in words if _CODE_WORD.search(w))
    if all(t.replace(".", "").replace(",", "").isdigit() for t in strong):
        return False  # "7 failed, 1 passed": counts are read by the counts' check
    return failed_answer(ev, strong) is not None


# An identifier, a code or a number, in no language: "EDI-2107", "137", "OOMKilled",
# "api_pagos", "TLB-04"
_CODE_WORD = re.compile(r"\d|\w[_/.:@]\w|[^\W\d_]-[^\W_]|[a-z][A-Z]|[A-Z]{2,}[a-z]")


def _on_failing_line(body: str, ev: Evidence) -> bool:
    """Whether a failing result says ``body``: verbatim on a failing line, or its terms
    (every specific one) across the failing lines of one result."""
    blocks = ev.failure_blocks
    folded = body.casefold()
    if any(folded in x for block in blocks for x in block.lines):
        return True
    # the command that failed is part of what its failure says ("the Jest test … failed")
    terms = claim_terms(body) - _REPORTING
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


_TEST_RUNNER = re.compile(
    r"(?i)\b(?:pytest|jest|vitest|mocha|rspec|phpunit|unittest|tox|nox|ctest|go\s+test|"
    r"cargo\s+test|npm\s+(?:run\s+)?test|yarn\s+test|pnpm\s+test|make\s+(?:test|check)|"
    r"gradle\w*\s+test|mvn\s+test|dotnet\s+test)\b"
)


def is_test_run(r: Result) -> bool:
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
    mine = max(later.commands, key=lambda c: (len(c), c)).split()
    theirs = set(max(earlier.commands, key=lambda c: (len(c), c)).split())
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


# ("passed once", not "once the fix landed, it passed": a conjunction, which names the latest)
_AT_SOME_POINT = re.compile(
    r"(?i)\b(?:passed|went\s+green|was\s+green|succeeded|worked)\s+(?:only\s+)?once\b|"
    r"\bat\s+one\s+point\b"
)
_DESPITE = re.compile(
    r"(?i)\b(?:despite|in\s+spite\s+of|regardless\s+of|even\s+with)\s+(?P<error>[^;()]+)"
)


# "all 5 tests pass", "9 i test passed" (glossed): a count of tests said to have passed
_SAID_PASSED = re.compile(
    r"(?i)(?<![\w.,])(\d+)(?![.,]?\d)(?:\s+[^\s\d,;:.()]+){0,4}?\s+pass(?:es|ed|ing)?\b"
)


def check_count_passed(text: str, ev: Evidence) -> list[Claim]:
    """A count of tests said to pass (``text`` names tests): a run it names (the one its
    ordinal picks, else the last) printed that many passed, when the runs print their
    counts ("6 passed, 3 deselected" is no "all 9 tests pass")."""
    said = _SAID_PASSED.search(text)
    if said is None:
        return []
    runs = [r for r in _named_results(text, ev) or ev.results if is_test_run(r)]
    chosen = pick(runs, which_run(text) or "last")
    printed = [n for r in chosen for n, verdict in outcome_counts(r.text) if verdict == "pass"]
    if not printed or said.group(1) in printed:
        return []
    return [Claim("passed", text, f"the run it names printed {printed[-1]} passed")]


def check_passed(text: str, ev: Evidence, mode: str = "any") -> list[Claim]:
    """A claim that something passed (``mode`` "timeout": only that it no longer timed
    out): the run it names — the one its ordinal picks ("the first run"), else the last —
    shows no failure (of that mode)."""
    despite = _DESPITE.search(text)
    if despite and _on_failing_line(despite.group("error").strip(" .;,"), ev):
        # "`gradle assembleDebug` passed despite java.lang.OutOfMemoryError": the run
        # that printed the error is the one it says passed, and that run failed
        return [Claim("passed", text, "the run that printed this error failed")]
    subjects = failure_subjects(text, ev)
    if not subjects and _OTHERS.search(text):
        return []  # "… failed while the other 7 tests passed": not the failing one
    run = which_run(text) or ("all" if re.search(r"(?i)\bnever\b", text) else "last")
    # "passed once, then failed again": some run of it passed, not the latest
    once = _AT_SOME_POINT.search(text) is not None
    if not subjects:
        named = _with_reruns(_named_results(text, ev), ev.results)
        if _LINT.search(text) and not named:  # "lint is clean": the linters' runs
            named = [r for r in ev.results if _is_check_run(r)] or named
        if TESTS.search(text) or _ALL_CHECKS.search(text):
            # "all tests pass now", "the export suite is green": the test runs it names
            wide = _ALL_CHECKS.search(text) or _LINT.search(text)  # not only the tests
            runs = [r for r in named or ev.results if is_test_run(r) or (wide and _is_check_run(r))]
            if not runs and not named:
                return [Claim("passed", text, "no test run in the record")]
            if not named and run in ("last", "all") and _EVERY.search(text):
                # "CI is green", "every suite passed": the latest run of each suite
                checks = [r for r in ev.results if is_test_run(r) or _is_check_run(r)]
                left = _unresolved(checks, mode, ev.timeline)
                if left is not None:
                    bad = _failed_in([left], mode)
                    why = f"a run failed and no passing run of it followed: {bad}"
                    return [Claim("passed", text, why)]
            named = runs or named
        bad = _failed_in(pick(named, run), mode)
        if bad:
            return [Claim("passed", text, f"{_the(run)} run it names failed: {bad}")]
        subjects = [("test", q) for q in QUOTED_NAME.findall(text) if len(q) > 8]
        subjects += [("test", t) for t in named_tests(text, ev)]
    out: list[Claim] = []
    for kind, value in subjects:
        if kind == "test":
            verdicts = _verdicts(value, ev.results)
            chosen = pick(verdicts, run)
            skipped = "" if _SKIP_MARK.search(text) else _skipped_only(value, ev)
            if skipped:
                out.append(Claim("passed", value, f"the runner skipped it: {quote(skipped)}"))
            elif chosen and not (any(verdicts) if once else all(chosen)):
                out.append(Claim("passed", value, f"{_the(run)} result naming it shows it failing"))
            elif not verdicts:
                out.append(Claim("passed", value, "no tool result names it"))
            continue
        results = ev.results_of(value)
        passed_once = once and any(not r.failed for r in results)
        bad = "" if passed_once else _failed_in(pick(results, run), mode)
        if bad:
            out.append(Claim("passed", value, f"{_the(run)} result of it shows a failure: {bad}"))
        elif not results and not ev.ran(value):
            out.append(Claim("passed", value, "no tool call ran it"))
    return out


# a test's name: snake case or a path ("keeps_order", "a::b"), or camel case from a test
# framework (PHPUnit's "testDowngradeMidCycle", Go's "TestBucketRefill", "OrderTest",
# JUnit's "shouldRejectExpiredLot", xUnit's "ReservesStockForOrder"): only names a test
# result prints count (``named_tests``)
_IDENT = re.compile(
    r"(?<![\w`])(?:[A-Za-z_][\w]*(?:_|::)[\w:]*[A-Za-z0-9]|[Tt]est[A-Z0-9]\w*|[A-Z]\w*Tests?\b|"
    r"[A-Z][A-Za-z0-9]+\.[A-Z][A-Za-z0-9]+\b(?!\.\w)|"  # GoogleTest's and CTest's Suite.Name
    r"[a-z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+){2,}\b)"
)


def named_tests(text: str, ev: Evidence) -> list[str]:
    """Identifiers of ``text`` a test result names ("keeps_order then passed")."""
    found = dict.fromkeys(m.group(0) for m in _IDENT.finditer(re.sub(r"`[^`]*`", " ", text)))
    return [t for t in found if _names_test(ev.outputs, t)]  # a NUL is no word character


def _names_test(line: str, test: str) -> bool:
    """Whether ``line`` names the test ``test`` whole: ``TestBucket`` is not
    ``TestBucketRefillAfterBurst`` (a subtest ``TestBucket/refill`` is TestBucket's)."""
    if test not in line:
        return False
    return whole_token(line, test)


# a runner's word for a test it did not run: pytest's "SKIPPED [1] …", "s" and "xfail", Go's
# "--- SKIP:", JUnit's and Jest's "skipped" / "pending" / "ignored" / "disabled", "todo"
_SKIP_MARK = re.compile(
    r"(?i)\b(?:skipped|skip|skipping|xfail(?:ed)?|pending|ignored|disabled|todo)\b"
)


def _skipped_only(test: str, ev: Evidence) -> str:
    """The line a runner said it skipped ``test`` on, when every line of the record's
    results naming the test says so: a skipped test did not pass ("" otherwise)."""
    lines = [x for r in ev.results for x in (r.lines or (r.text,)) if _names_test(x, test)]
    if lines and all(_SKIP_MARK.search(x) for x in lines):
        return lines[-1].strip()
    return ""


def _the(run: str) -> str:
    return "a" if run == "all" else f"the {run}"


_ONLY_FAILURE = re.compile(
    r"(?i)\bonly\b|\bsole\b|\bthe\s+one\s+fail|\bno\s+other\s+(?:test|failure)|"
    r"\bnothing\s+else\s+failed|\bsingle\s+fail"
)


def _check_only_failure(test: str, ev: Evidence) -> list[Claim]:
    """ "Only test_x failed": some run where it failed failed nothing else. (The claim is
    of one run: "after the first fix only test_tax failed" where the first run failed
    test_total too.)"""
    others: dict[str, None] = {}
    for r in ev.results:
        if r.failed and any(_names_test(x, test) for x in failing_lines(r)):
            beside = [
                t
                for t in failing_tests("\n".join(r.lines) or r.text)
                if test not in t and t not in test
            ]
            if not beside:
                return []
            others.update(dict.fromkeys(beside))
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
        lines = failing_lines(r)
        return quote(lines[0] if lines else r.text, 80)
    return ""


def _named_results(text: str, ev: Evidence) -> list[Result]:
    """The results of the runs a clause names by words, not by command ("the dry run",
    "the loadgen tests"): those whose command shares the most of its distinctive words."""
    terms = claim_terms(text) - OUTCOME_WORDS - {"assistant", "user"} - _FUNCTION_WORDS
    terms |= {lex.unaccented(t) for t in terms}  # "contrôle" names controle_coherence
    if not terms:
        return []
    # a structured call names its run by its tool ("the upload went through"), or by a
    # word of its tool's name ("o primeiro estorno PIX" is reembolso_pix's first result)
    # and, between runs named alike, the one sharing more words by their first four
    # letters ("Eksport testowy": `eksport.py --tryb test`, not the export file written)
    loose = lex.loose_terms(frozenset(terms))
    named = ev.derive(
        "loose run names", lambda: [lex.loose_terms(r.named_terms) for r in ev.results]
    )
    said = " ".join(re.findall(r"[\w./:-]+", text.casefold()))
    scored = [
        (
            len(terms & r.named_terms)
            + _said_head(r.commands, said) / 10
            + len(loose & named[i]) / 100,
            i,
        )
        for i, r in enumerate(ev.results)
        if r.commands or stem(r.tool) in terms or terms & r.named_terms
    ]
    best = max((n for n, _ in scored), default=0.0)
    if best >= 1:
        return [ev.results[i] for n, i in scored if n == best]
    # "RetryOnce exports every row succeeded": a test its result names in words
    return [r for r in ev.results if cover(terms, r.text_terms)[0] >= 0.75]


_NOT_FAILED = re.compile(r"(?i)\b(?:not|never|no|n't|neither|nor|without)\b")


def _said_head(commands: Iterable[str], said: str) -> int:
    """How many leading words of a command ``said`` gives in a row: "the first dbt test
    run" says 2 of ``dbt test --select x`` and 1 of ``dbt run --select y`` (both share
    "dbt" and "run" or "test" as terms; the words in their order tell them apart)."""
    best = 0
    for command in commands:
        words = command.casefold().split()
        n = 0
        while n < len(words) and f" {' '.join(words[: n + 1])} " in f" {said} ":
            n += 1
        best = max(best, n)
    return best


# Words of other languages that name no run ("le", "de", "del", "und")
_FUNCTION_WORDS = lex.FUNCTION_WORDS | lexicon.DETERMINERS


_OTHERS = re.compile(r"(?i)\b(?:the\s+)?(?:other|remaining|rest\s+of\s+the)\b")
_FAIL_MARK = re.compile(r"(?i)\b(?:fail(?:ed|s|ure)?|error(?:ed|s)?)\b|✕|✗|✖|×|\bnot ok\b")


_PASS_MARK = re.compile(r"(?i)✓|✔|\bPASS(?:ED)?\b|\bok\b")


def _only_passed(test: str, ev: Evidence) -> bool:
    """Whether every line naming ``test`` that gives it a verdict says it passed: a run
    that failed for another test (its "=== RUN" line is on the failure) did not fail it."""
    verdicts = [
        _passed_on(x, test)
        for r in ev.results
        for x in (r.lines or (r.text,))
        if _names_test(x, test) and (_PASS_MARK.search(x) or _FAIL_MARK.search(x))
    ]
    return bool(verdicts) and all(verdicts)


def _passed_on(line: str, test: str) -> bool:
    """Whether ``line`` (naming ``test``, with a verdict) says it passed: a summary line
    with both verdicts gives the test the one just before its name ("3 passed, 1 failed:
    test_cache_invalidation (…)" failed it)."""
    if not (_PASS_MARK.search(line) and _FAIL_MARK.search(line)):
        return bool(_PASS_MARK.search(line))
    at = line.find(test)
    before = [(m.start(), True) for m in _PASS_MARK.finditer(line, 0, at)]
    before += [(m.start(), False) for m in _FAIL_MARK.finditer(line, 0, at)]
    return max(before)[1] if before else bool(_PASS_MARK.search(line))


def check_denied_pass(text: str, ev: Evidence) -> list[Claim]:
    """A failure said by denying a pass ("TestX did not pass."): each test ``text`` names
    failed in the run it names (its ordinal's, else any), not passed in every one."""
    run = which_run(text)
    out: list[Claim] = []
    for test in named_tests(text, ev):
        verdicts = pick(_verdicts(test, ev.results), run)
        if verdicts and all(verdicts):
            out.append(
                Claim("failed", test, f"{_the(run or 'all')} result naming it shows it passing")
            )
    return out


def _verdicts(test: str, results: Sequence[Result]) -> list[bool]:
    """Whether ``test`` passed in each result that tells (:func:`timed_verdicts`)."""
    return [verdict for _, verdict in timed_verdicts(test, results)]


def timed_verdicts(test: str, results: Sequence[Result]) -> list[tuple[int, bool]]:
    """Where and whether ``test`` passed in each result that tells: one naming it, or a
    clean run again of a command whose output named it (pytest's "5 passed" names none of
    its tests, yet the test it failed before passed)."""
    out: list[tuple[int, bool]] = []
    naming: set[frozenset[str]] = set()
    for r in results:
        verdict = _test_verdict(r, test)
        if verdict is None and r.commands in naming and (not r.failed or _lists_failures(r)):
            verdict = True
        if verdict is not None:
            out.append((r.at, verdict))
            if r.commands:
                naming.add(r.commands)
    return out


def _with_reruns(named: list[Result], results: Sequence[Result]) -> list[Result]:
    """``named`` and the later runs of their commands, in order: a clean rerun names none of
    the tests its first run failed (Maven's "Tests run: 5, Failures: 0")."""
    if not named:
        return named
    commands = {r.commands for r in named if r.commands}
    first = min(r.at for r in named)
    return [r for r in results if r in named or (r.commands in commands and r.at > first)]


def _lists_failures(r: Result) -> bool:
    """Whether a failed result names the tests it failed ("FAILED tests/x.py::test_y")."""
    return any(failing_tests(x) for x in r.lines)


# a failure said to outlast a fix ("still fails", "after the fix: test_x failed")
# "…; after the fix, 3 passed": a clause saying the run passed says nothing lasts
_PASSING_CLAUSE = re.compile(r"(?i)[^;]*\b(?:passed|passes|passing|succeeded|green)\b[^;]*")
_LASTING = re.compile(
    r"(?i)\b(?:still|again|anymore|remains?|keeps?\s+failing|after\s+(?:the|my|a|its|this)\s+"
    r"(?:fix|change|patch|edit)\w*|once\s+fixed)\b"
)


def _test_verdict(r: Result, test: str) -> bool | None:
    """Whether ``test`` passed in result ``r`` (None: not named there)."""
    lines = [x for x in (r.lines or (r.text,)) if _names_test(x, test)]
    if not lines:
        return None
    # a failure marker on the line, or the runner's own way to list a failed test
    # (PHPUnit's "1) Tests\\Unit\\OrderTest::testRefund" under "There was 1 failure:")
    return not (r.failed and any(_FAIL_MARK.search(x) or failing_tests(x) for x in lines))


_EXIT = re.compile(r"(?i)\bexit(?:ed)?\s+(?:with\s+)?(?:code|status)\s*[:=]?\s*(\d+)")


def check_exit_codes(text: str, ev: Evidence) -> list[Claim]:
    """An exit code the recap gives ("(exit code 0)") is the one the run it names ended with."""
    out: list[Claim] = []
    for m in _EXIT.finditer(text):
        code = m.group(1)
        quoted = [q for q in BACKTICKED.findall(text) if ev.results_of(q)]
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


_TWICE = r"\b(?:fail|crash|error|time)\w*(?:\s+out)?\s+(?:twice|two\s+times|both\s+times)\b"
_AGAIN = re.compile(rf"(?i)\bagain\b|\bonce\s+more\b|\bstill\s+(?:fail|time|crash|error)|{_TWICE}")


# "The NAT gateways were created", "exports_daily was built": an act said done, passive
_PASSIVE_DONE = re.compile(
    r"(?i)^(?P<subject>.*?)\b(?:was|were|got|has\s+been|have\s+been)\s+"
    r"(?:successfully\s+|all\s+)?(?P<verb>[a-z]{3,}ed|built|made|sent|written|set\s+up)\b"
)


# The verbs of an act that did not get through ("was rejected", "got declined"): said in
# the passive they report the failure, they claim no act done (R36-verify36-1)
_FAILURE_VERBS = FAILED_OUTCOMES | {"bounced", "blocked", "crashed", "killed", "terminated"}


def check_undone(text: str, ev: Evidence) -> list[Claim]:
    """An act said done in the passive ("The NAT gateways were created in staging")
    whose attempt failed: a failing line of a result names its subject with the act
    ("Error: creating EC2 NAT Gateway …"), by its identifier ("Error in model
    exports_daily"), or of a run of it ("make thumbnails"), and no later result naming it
    passed."""
    m = _PASSIVE_DONE.search(text)
    if m is None or m.group("verb").casefold() in _FAILURE_VERBS:
        return []  # ("PA-2291 was rejected": the failure reported, no act said done)
    subject = claim_terms(m.group("subject")) - OUTCOME_WORDS
    verb = claim_terms(m.group("verb"))
    named = specific_terms(m.group("subject")) & subject
    if not subject:
        return []
    for i, r in enumerate(ev.results):
        if not r.failed:
            continue
        ran_it = subject <= r.named_terms  # "make thumbnails" failed: "the thumbnails were built"
        for line in failing_lines(r):
            terms = unit_terms(line)
            if not subject <= terms or not (ran_it or verb <= terms or (named and named <= terms)):
                continue
            later = ev.results[i + 1 :]
            if any(not x.failed and subject <= x.text_terms | x.named_terms for x in later):
                return []  # a later run of it passed
            return [Claim("passed", text, f"it failed: {quote(line, 100)}")]
    return []


# What happened while a command ran: "CUDA ran out of memory during `pytest -q`"
_DURING = re.compile(
    r"(?i)^(?P<event>.+?)\s+(?:during|while\s+running|in\s+the\s+run\s+of|when\s+running)\s+"
    r"(?:the\s+)?(?:\w+\s+)?`(?P<command>[^`]+)`"
)


def check_event_during(text: str, ev: Evidence) -> list[Claim]:
    """An event said to happen while a command ran is in that command's output: most of
    its words are in a result of the command ("ran out of memory during `pytest -q`" where
    only the training run's output said "CUDA out of memory" moved the event to another
    run). Said in other words than any output's, it is left to the other checks."""
    m = _DURING.match(text.strip())
    if m is None:
        return []
    command = m.group("command").strip()
    results = ev.results_of(command)
    terms = claim_terms(m.group("event")) - GENERIC_DOING
    if not results or len(terms) < 2:
        return []
    if any(cover(terms, r.text_terms)[0] >= 0.5 for r in results):
        return []
    elsewhere = next(
        (r for r in ev.results if r not in results and cover(terms, r.text_terms)[0] >= 0.75),
        None,
    )
    if elsewhere is None:
        return []
    shown = next(iter(sorted(elsewhere.commands)), elsewhere.tool)
    why = f"no result of it says this; the output of `{shown}` does"
    return [Claim("failed", command, why)]


# An option given with its value: "--max-steps 12000", "--seed=0", "-n 4"
_OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)(?:=|\s+)([^\s`'\",;)]+)")


def check_run_option(text: str, ev: Evidence) -> list[Claim]:
    """An option's value said of a run an ordinal names ("The first run used --max-steps
    12000") is that run's: of the runs passing the option, in order, the one the ordinal
    picks passed it with that value (the 12000 was the third run's)."""
    run = which_run(text)
    if run is None:
        return []
    out: list[Claim] = []
    for m in _OPTION.finditer(text):
        option, value = m.group(1), m.group(2).rstrip(".")
        given = re.compile(rf"(?<![\w-]){re.escape(option)}(?:=|\s+)([^\s`'\",;)]+)")
        # in a command the clause quotes, the runs of that command ("`dbt test --select x`
        # (first run: …)" is about dbt test's runs, not dbt run's)
        quoted = next((q for q in BACKTICKED.findall(text) if m.group(0) in q), "")
        program = " ".join(quoted.split()[:2])
        runs = [
            found.group(1)
            for r in sorted(ev.results, key=lambda r: r.at)
            for c in sorted(r.commands)[:1]
            if c.startswith(program) and (found := given.search(c))
        ]
        chosen = pick(runs, run)
        if len(set(runs)) > 1 and chosen and value not in chosen:
            why = f"the {run} run passed {option} {chosen[0]}"
            out.append(Claim("number", f"{option} {value}", why))
    return out
