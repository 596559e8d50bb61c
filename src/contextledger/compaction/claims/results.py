"""Test runs read as structure: each run's tallies and its assertion's expected/actual pair.

A recap can name the right test and the right numbers and still lie: "expected 81.00 but
was 90.00" for JUnit's ``expected: <90.00> but was: <81.00>``, "12 jest tests failed" when
1 of 12 did, or the second run given the first run's counts. Words cannot tell these apart;
the runs' structure can. Each tool result is read once (:func:`runs_of`) for

* its **tallies** (failed, passed, total) from the summary lines runners print ("1 failed,
  4 passed", "Tests run: 6, Failures: 1", "4 examples, 1 failure", "6 tests completed, 1
  failed", "5 tests run: 4 passed, 1 failed", "1 tests failed out of 3") or, without one,
  from its per-test markers (``--- FAIL:``/``--- PASS:``, ``ok``/``not ok``);
* its **expected/actual pairs**, in each runner's form: labelled (``expected: <E> but was:
  <A>``, ``Expected: E`` / ``Received: A``, ``expected: E`` / ``got: A``, ``Expected to
  equal: E`` / ``Actual: A``, ``A, want E``, GoogleTest's ``Which is: A`` beside the literal
  E, chai's ``expected A to equal E``) or by the convention that puts the actual value first
  (``assert A == E``, ``A != E``, ``A !== E``, Rust's ``left: A`` / ``right: E``).

A claim is read with the same forms, so "got A where E was expected", "A instead of E",
"left A, right E" and "expected E, got A" all say which value was which.

>>> from contextledger.model import Message, ToolCall
>>> call = ToolCall("c1", "bash", '{"command": "./gradlew test"}')
>>> out = "PriceTest > appliesVoucher() FAILED\\n    expected: <45.00> but was: <40.50>\\n6 tests completed, 1 failed"
>>> ev = Evidence.of([Message.assistant(call, id="a"), Message.tool("c1", out, id="t")])
>>> [str(c) for c in check_expected_actual("appliesVoucher failed: expected 40.50 but was 45.00.", ev)]
['number expected 40.50, actual 45.00: the run printed them the other way round: expected 45.00, actual 40.50']
>>> check_expected_actual("appliesVoucher got 40.50 where 45.00 was expected.", ev)
[]
>>> [str(c) for c in check_run_tallies("6 tests failed.", ev)]
['number 6 failed: no run reports these counts (the runs: 1 failed, 6 total)']
>>> check_run_tallies("1 of 6 tests failed.", ev)
[]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ...lexicon.claims import COUNT_WORDS
from ..tool_calls import call_commands
from .evidence import Claim, Evidence

__all__ = [
    "Pair",
    "Run",
    "check_expected_actual",
    "check_findings_reported",
    "check_later_outcome",
    "check_marked_passing",
    "check_run_tallies",
    "held_value",
    "runs_of",
    "with_runs",
]


@dataclass(frozen=True, slots=True)
class Pair:
    """One assertion's values: what was expected and what the code gave."""

    expected: str
    actual: str

    @property
    def key(self) -> tuple[str, str]:
        """The values as compared: "45.00" is "45.0", "'hi'" is "hi"."""
        return _norm(self.expected), _norm(self.actual)


@dataclass(frozen=True, slots=True)
class Run:
    """One tool result read as a test run (``at``: its place among the record's results)."""

    at: int
    commands: tuple[str, ...]
    body: str
    failed: int | None
    passed: int | None
    total: int | None
    pairs: tuple[Pair, ...]
    errors: int = 0  # counted apart from ``failed`` (a claim may count them in or not)

    @property
    def tallied(self) -> bool:
        return self.failed is not None or self.passed is not None or self.total is not None


# A value as runners print it and recaps repeat it: a number (with sign, decimals, a unit
# glued on), a quoted string, or one token.
_V = r"""(?:'[^'\n]{0,80}'|"[^"\n]{0,80}"|`[^`\n]{0,80}`|<[^<>\n]{1,80}>|[-+]?\d[\w.:%/-]*|[\w.:/-]+)"""
_SP = r"[ \t]*"
_NL = r"\s*"  # a runner puts a label's value on the next line ("expected: 119.0\n got: 141.61")

# Forms that name the expected value first (group e) and the actual value next (group a).
_EXPECTED_FIRST = (
    # JUnit/AssertJ/Maven "expected: <E> but was: <A>", RSpec "expected: E / got: A", jest
    # "Expected: E / Received: A", "expected E, got A", "Expected to equal: E / Actual: A"
    rf"(?i)\bexpected(?:{_SP}to{_SP}(?:equal|be))?{_SP}:?{_NL}(?P<e>{_V})[,;.]?{_NL}"
    rf"(?:but{_SP}|and{_SP}|instead{_SP}|yet{_SP})?(?:it{_SP})?(?:was|were|got|received|"
    rf"actual(?:ly)?|is|found|gets?|returned|saw){_SP}:?{_NL}(?P<a>{_V})",
)
# Forms that name the actual value first (group a), then the expected one (group e).
_ACTUAL_FIRST = (
    # "got A where/when E was expected", "returned A instead of E", "A instead of the
    # expected E", "was A, expected E", "size A, want E", "rows=A, want E"
    rf"(?i)(?P<a>{_V})(?:{_SP}[a-z]+)?{_SP}(?:instead{_SP}of|rather{_SP}than|where|when|while|"
    rf"whereas|but)(?:{_SP}the)?(?:{_SP}expected)?{_SP}(?P<e>{_V})(?={_SP}(?:was|were|is)"
    rf"{_SP}(?:expected|wanted)|(?!{_SP}(?:was|were|is)\b))",
    rf"(?i)(?P<a>{_V})[,;]?{_SP}\(?(?:expected|want|wanted|should\s+be){_SP}:?{_SP}(?P<e>{_V})",
    # chai "expected A to equal E" (the actual first)
    rf"(?i)\bexpected{_SP}(?P<a>{_V}){_SP}to{_SP}(?:equal|be|deeply{_SP}equal|eql|deep{_SP}equal)"
    rf"{_SP}(?P<e>{_V})",
    # by convention: assert A == E, A != E, A !== E, Rust's left: A / right: E
    rf"(?i)\bassert(?:ion)?(?:{_SP}failed)?:?{_SP}(?P<a>{_V}){_SP}={{2,3}}{_SP}(?P<e>{_V})",
    rf"(?P<a>{_V}){_SP}!=={{0,1}}{_SP}(?P<e>{_V})",
    rf"(?i)\bleft{_SP}:?{_NL}(?P<a>{_V})[,;]?{_NL}right{_SP}:?{_NL}(?P<e>{_V})",
    # GoogleTest: "Which is: A" under the expression, then the literal E
    rf"(?i)which{_SP}is:{_SP}(?P<a>{_V})[ \t]*\n[ \t]+(?P<e>{_V})[ \t]*(?:\n|$)",
)
# PHPUnit's (and any unified) diff of the two: "--- Expected / +++ Actual / -E / +A"
_DIFF = (
    rf"(?i)---{_SP}expected[^\n]*\n\+\+\+{_SP}actual[^\n]*\n(?:@@[^\n]*\n)?"
    rf"-{_SP}(?P<e>{_V})[ \t]*\n\+{_SP}(?P<a>{_V})",
)
# a size or a count against its limit (the limit as the expected value): "262 KB exceeds the
# limit of 250 KB", "262 KB against 250 KB", "262 KB over the 250 KB budget"
_AMOUNT = r"[-+]?\d[\d,]*(?:\.\d+)?"
_LIMIT = (
    rf"(?i)(?P<a>{_AMOUNT})(?:{_SP}[a-z]+)?{_SP}(?:against|over|above|exceeds|exceeding|beyond|"
    rf"vs\.?|versus){_SP}(?:(?:a|an|the){_SP})?(?:(?:limit|budget|max(?:imum)?|cap|ceiling)"
    rf"{_SP}(?:of{_SP})?)?(?P<e>{_AMOUNT})",
)
# each form with words one of which it needs (casefolded): a long output without any of them
# is not scanned by it (most outputs hold no assertion)
_NEEDS: tuple[tuple[str, ...], ...] = (
    ("expected",),
    ("instead", "rather", "where", "when", "while", "but"),
    ("expected", "want", "should"),
    ("expected",),
    ("assert",),
    ("!=",),
    ("left",),
    ("which",),
    ("expected",),
    ("against", "over", "above", "exceed", "beyond", "vs"),
)
_PAIR_FORMS = tuple(
    zip(
        _NEEDS,
        (re.compile(p) for p in _EXPECTED_FIRST + _ACTUAL_FIRST + _DIFF + _LIMIT),
        strict=True,
    )
)
# "Expected to equal:\n\t3\n\tActual:\n\t2" (helm-unittest): a label between the values
_LABELLED = re.compile(
    rf"(?i)\bexpected(?:{_SP}to{_SP}(?:equal|be))?{_SP}:{_NL}(?P<e>{_V}){_NL}"
    rf"(?:actual|received|got|but{_SP}was){_SP}:{_NL}(?P<a>{_V})"
)
_VALUE_WORDS = frozenset(
    [
        "the",
        "a",
        "an",
        "it",
        "to",
        "be",
        "was",
        "were",
        "is",
        "got",
        "expected",
        "actual",
        "received",
        "want",
        "wanted",
        "and",
        "but",
        "of",
        "instead",
        "where",
        "when",
        "while",
        "whereas",
        "rather",
        "than",
        "value",
        "values",
    ]
)


def _norm(value: str) -> str:
    """A value as compared: unquoted, casefolded, a number as its number."""
    v = value.strip().strip("'\"`<>").rstrip(".,;:)").casefold()
    try:
        return repr(float(v.replace(",", "")))
    except ValueError:
        return v


def _shown(value: str) -> str:
    """A value as a reason shows it: without JUnit's angle brackets and a sentence's stop."""
    return value.strip().rstrip(".,;:").removeprefix("<").removesuffix(">")


@lru_cache(maxsize=4096)  # read of every output at each recap: once per output
def pairs_in(text: str) -> tuple[Pair, ...]:
    """The expected/actual pairs a text states, in any of the forms above."""
    found: list[Pair] = []
    low = text.casefold()
    forms = [
        form
        for needs, form in (*_PAIR_FORMS, (("expected",), _LABELLED))
        if any(w in low for w in needs)
    ]
    for form in forms:
        for m in form.finditer(text):
            pair = Pair(_shown(m.group("e")), _shown(m.group("a")))
            e, a = pair.key
            if e != a and e not in _VALUE_WORDS and a not in _VALUE_WORDS:
                found.append(pair)
    return tuple(dict.fromkeys(found))


_WORD_NUMBERS = {w: i for i, w in enumerate(COUNT_WORDS)}
_N = r"(\d+|" + "|".join(COUNT_WORDS) + ")"
_TESTS = r"(?:[\w.-]+\s+){0,2}?(?:tests?|examples?|specs?|cases?|checks?)"
_FAILED_WORDS = r"(?:failed|failures?|failing|errors?|errored)"
_PASSED_WORDS = r"(?:passed|passing|passes|pass|succeeded|ok)"


def _int(word: str) -> int:
    return int(word) if word.isdigit() else _WORD_NUMBERS[word.casefold()]


# What a runner's summary prints (the last of each counts: a summary ends the output).
_RUN_FAILED = re.compile(
    rf"(?i)(?<![\w.%=:])(\d+)\s+(?:{_TESTS}\s+)?(?:failed|failures?|failing)\b"
    rf"|\bfail(?:ures|ed)?\s*[:=]\s*(\d+)"
)
# errors beside failures (Maven's "Failures: 1, Errors: 0", dbt's "ERROR=1"): a failed test too
_RUN_ERRORS = re.compile(r"(?i)(?<![\w.%=:])(\d+)\s+(?:errors?|errored)\b|\berrors?\s*[:=]\s*(\d+)")
_RUN_PASSED = re.compile(
    rf"(?i)(?<![\w.%=:])(\d+)\s+(?:{_TESTS}\s+)?{_PASSED_WORDS}\b|\bpass(?:ed)?\s*[:=]\s*(\d+)"
)
_RUN_TOTAL = re.compile(
    r"(?i)\b(?:tests?\s+run|ran)\s*:?\s*(\d+)|(?<![\w.%=:])(\d+)\s+(?:tests?|examples?|specs?)\s+"
    r"(?:run|completed|total)\b|(?<![\w.%=:])(\d+)\s+(?:examples?|tests?),|(?<![\w.%=:])(\d+)\s+total\b"
    r"|\bout\s+of\s+(\d+)\b|\btotal\s*[:=]\s*(\d+)|\bcollected\s+(\d+)\s+items?"
    r"|\btests\s*:\s*(\d+)\s*,"  # PHPUnit's "Tests: 4, Assertions: 6, Failures: 1."
)
# lines that count something else: suites, files, snapshots, charts, tasks
_OTHER_TALLY = re.compile(
    r"(?i)^\s*(?:test\s+suites|snapshots?|charts?|test\s+files|suites|files|time)\s*:|"
    r"\b(?:chart\(s\)|suites?|actionable\s+tasks|files?\s+inspected)\b"
)
_ANY_FAILURE = re.compile(r"(?i)fail|\berror")
# a test's own line (go's "--- FAIL:", Gradle's and pytest -v's trailing "PASSED", TAP's
# "not ok 3", mocha's and jest's ✓ / ✕): counted when a run prints no summary
_MARK = re.compile(
    r"(?m)^\s*--- (?:(?P<f>FAIL)|PASS):|\b(?:(?P<f2>FAILED)|PASSED)[ \t]*$|"
    r"^\s*(?:(?P<f3>not\s+ok)|ok)\s+\d+\b|^\s*(?:(?P<f4>[✕✗×✘])|[✓✔])\s"
)


def _last(pattern: re.Pattern[str], lines: list[str]) -> int | None:
    for line in reversed(lines):
        found = [g for m in pattern.finditer(line) for g in m.groups() if g]
        if found:
            return int(found[-1])
    return None


# tests neither passed nor failed: part of a total the runner may not print
_RUN_OTHER = re.compile(
    r"(?i)(?<![\w.%=:])(\d+)\s+(?:skipped|xfailed|xpassed|pending|todo|ignored|deselected)\b"
    r"|\b(?:skipped|skip|ignored|pending)\s*[:=]\s*(\d+)"
)


@lru_cache(maxsize=4096)  # a pure reading of one output, asked again at every recap
def _tallies(body: str) -> tuple[int | None, int | None, int | None, int]:
    lines = [ln for ln in body.splitlines() if not _OTHER_TALLY.search(ln)]
    failed, passed = _last(_RUN_FAILED, lines), _last(_RUN_PASSED, lines)
    total, errored = _last(_RUN_TOTAL, lines), _last(_RUN_ERRORS, lines)
    errors = errored or 0
    if failed is None and errored is not None:
        failed, errors = errored, 0  # dbt's "ERROR=1": its failures
    if failed is None and passed is None:
        marks = [
            bool(m.group("f") or m.group("f2") or m.group("f3") or m.group("f4"))
            for m in _MARK.finditer(body)
        ]
        if marks:
            failed, passed = sum(marks), len(marks) - sum(marks)
    if failed is None and passed is not None and not _ANY_FAILURE.search(body):
        failed = 0  # "5 passed in 0.42s": a runner names failures only when there are some
    if total is None and failed is not None and passed is not None:
        total = failed + passed + errors + (_last(_RUN_OTHER, lines) or 0)
    return failed, passed, total, errors


def runs_of(ev: Evidence) -> tuple[Run, ...]:
    """Every tool result read as a run, in the record's order (derived once)."""

    def make() -> tuple[Run, ...]:
        runs: list[Run] = []
        for at, (call, body) in enumerate(ev.answered):
            failed, passed, total, errors = _tallies(body)
            commands = tuple(call_commands(call))
            runs.append(Run(at, commands, body, failed, passed, total, pairs_in(body), errors))
        return tuple(runs)

    return ev.derive("claims.results.runs", make)


def check_expected_actual(text: str, ev: Evidence) -> list[Claim]:
    """A claim's expected/actual pair given the other way round from every run that printed
    these two values ("expected 81.00 but was 90.00" for ``expected: <90.00> but was:
    <81.00>``, "left 2, right 3" for Rust's ``left: 3`` / ``right: 2``)."""
    claimed = pairs_in(text)
    if not claimed:
        return []
    printed = {p.key: p for r in runs_of(ev) for p in r.pairs}
    out: list[Claim] = []
    for pair in claimed:
        e, a = pair.key
        swapped = printed.get((a, e))
        if swapped is not None and (e, a) not in printed:
            out.append(
                Claim(
                    "number",
                    f"expected {pair.expected}, actual {pair.actual}",
                    "the run printed them the other way round: "
                    f"expected {swapped.expected}, actual {swapped.actual}",
                )
            )
    return out


# A claim's counts: "1 of 12 tests failed", "All 5 tests failed", "2 failed, 3 passed",
# "4 examples, 1 failure", "1 failure out of 5", "7 tests failed", "passed all 6"
_OF = re.compile(
    rf"(?i)(?<![\w.%=:]){_N}\s+(?:out\s+)?of\s+(?:the\s+)?{_N}\s+(?:{_TESTS}\s+)?(?:\w+\s+)?"
    rf"(?:(?P<f>{_FAILED_WORDS})|(?P<p>{_PASSED_WORDS}))\b"
)
_ALL = re.compile(
    rf"(?i)\ball\s+(?:the\s+)?{_N}\s+(?:{_TESTS}\s+)?(?:\w+\s+)?(?:(?P<f>{_FAILED_WORDS})|(?P<p>{_PASSED_WORDS}))\b"
    rf"|\b(?:(?P<f2>failed)|(?P<p2>passed))\s+all\s+{_N}\b"
)
_COUNT = re.compile(
    rf"(?i)(?<![\w.%/=:]){_N}\s+(?:(?P<f>{_FAILED_WORDS})|(?P<p>{_PASSED_WORDS}))\b"
    rf"(?:\s+out\s+of\s+{_N})?"
    rf"|(?<![\w.%/=:]){_N}\s+{_TESTS}\s+(?:have\s+|had\s+)?(?:(?P<tf>{_FAILED_WORDS})|(?P<tp>{_PASSED_WORDS}))\b"
)
_TEST_WORDS = re.compile(
    r"(?i)\b(?:tests?|specs?|examples?|cases?|runs?|re-?run|suites?|failures?)\b"
)
_CLAIM_TOTAL = re.compile(rf"(?i)(?<![\w.%/=:]){_N}\s+(?:examples?|tests?|specs?)\s*,")
# a run later than the first ("the rerun", "the second run", "after the fix", "now")
_LATER = re.compile(
    r"(?i)\b(?:re-?run|re-?ran|second|2nd|third|last|final|latest|next|again|still|now|"
    r"after\s+(?:the|my|a|its|this)\s+(?:fix|change|patch|edit)\w*|once\s+fixed|anymore)\b"
)
_FIRST = re.compile(r"(?i)\b(?:first|1st|initial(?:ly)?|original(?:ly)?|before\s+the\s+fix)\b")
_SPLIT_OUTCOMES = re.compile(
    r"(?i)\s*(?:;|,\s*(?:and\s+|but\s+)?(?=after\b|then\b|the\s+re)|\bthen\b)\s*"
)


@dataclass(frozen=True, slots=True)
class _Counts:
    failed: int | None = None
    passed: int | None = None
    total: int | None = None

    def fits(self, run: Run) -> bool:
        failed = run.failed
        if failed is None and run.passed is not None and run.total is not None:
            failed = run.total - run.passed
        passed = run.passed
        if passed is None and failed is not None and run.total is not None:
            passed = run.total - failed
        return all(
            want is None or have == want
            for want, have in (
                (self.failed, failed),
                (self.passed, passed),
                (self.total, run.total),
            )
        )

    def __str__(self) -> str:
        parts = [(self.failed, "failed"), (self.passed, "passed"), (self.total, "total")]
        return ", ".join(f"{n} {w}" for n, w in parts if n is not None)


# what is no count: a quoted or backticked name, a number a preposition takes ("retries on
# 503 failed": a test's name, "after 3 failed attempts")
_NOT_COUNTED = re.compile(
    r"""`[^`]*`|'[^']*'|"[^"]*"|‘[^’]*’|“[^”]*”|(?i:\b(?:on|at|in|with|for|to|from|after|by|"""
    r"""per|than|over|under|code|status|port|line|version|v)\s+\d[\d.,]*)"""
)


def _claimed_counts(text: str) -> _Counts | None:
    text = _NOT_COUNTED.sub(" ", text)
    m = _OF.search(text)
    if m:
        k, n = _int(m.group(1)), _int(m.group(2))
        return _Counts(failed=k, total=n) if m.group("f") else _Counts(passed=k, total=n)
    m = _ALL.search(text)
    if m:
        n = _int(next(g for g in (m.group(1), m.group(6)) if g))
        if m.group("f") or m.group("f2"):
            return _Counts(failed=n, passed=0, total=n)
        return _Counts(failed=0, passed=n, total=n)
    failed: int | None = None
    passed: int | None = None
    total: int | None = None
    for m in _COUNT.finditer(text):
        num = _int(m.group(1) or m.group(5))
        if m.group("f") or m.group("tf"):
            failed = num if failed is None else failed
        else:
            passed = num if passed is None else passed
        if m.group(4):
            total = _int(m.group(4))
    t = _CLAIM_TOTAL.search(text)
    if t and total is None and (failed is not None or passed is not None):
        total = _int(t.group(1))
    if failed is None and passed is None:
        # the runner's own labels quoted ("dotnet test reported Failed: 3, Passed: 13."):
        # read as the record's runs are read (R40-V7, R40-V8)
        failed, passed, total = (_last(p, [text]) for p in (_RUN_FAILED, _RUN_PASSED, _RUN_TOTAL))
    if failed is None and passed is None:
        return None
    return _Counts(failed, passed, total)


def _runs_in_scope(text: str, runs: Iterable[Run]) -> list[Run]:
    """The tallied runs a claim can be about: the first of its command's or the later ones
    when it says which ("the first run", "the rerun", "after the fix")."""
    tallied = [r for r in runs if r.tallied]
    later, first = bool(_LATER.search(text)), bool(_FIRST.search(text))
    if later == first:
        return tallied
    groups: dict[tuple[str, ...], list[Run]] = {}
    for r in tallied:
        groups.setdefault(r.commands, []).append(r)
    if first:
        return [g[0] for g in groups.values()]
    return [r for g in groups.values() for r in g[1:]] or tallied


def check_run_tallies(text: str, ev: Evidence) -> list[Claim]:
    """Counts of failed, passed or all tests that no run reports together ("12 jest tests
    failed" when 1 of 12 did; the rerun given the first run's "1 failed, 4 passed")."""
    out: list[Claim] = []
    runs = runs_of(ev)
    if not any(r.tallied for r in runs):
        return []
    for part in _SPLIT_OUTCOMES.split(text):
        counts = _claimed_counts(part)
        if counts is None:
            continue
        if not _TEST_WORDS.search(part) and (counts.failed is None or counts.passed is None):
            continue  # "2 failed logins": counts of something else than a run's tests
        scope = _runs_in_scope(part, runs)
        if not scope or any(counts.fits(r) for r in scope):
            continue
        if _sums_fit(counts, runs) or _summed_over_runs(part, counts, runs):
            continue  # "2 tests failed" over two suites of one failure each
        seen = "; ".join(dict.fromkeys(str(_Counts(r.failed, r.passed, r.total)) for r in scope))
        out.append(Claim("number", str(counts), f"no run reports these counts (the runs: {seen})"))
    return out


# words that make a count a sum over runs: "3 failures across the three runs", "in all"
_ACROSS = re.compile(
    r"(?i)\b(?:across|in\s+all|in\s+total|all\s+told|altogether|combined|summed|"
    r"(?:a\s+)?total\s+of|between\s+them|over\s+(?:the\s+|all\s+|both\s+)?(?:\w+\s+)?(?:runs|attempts))\b"
)


def _summed_over_runs(part: str, counts: _Counts, runs: tuple[Run, ...]) -> bool:
    """Whether ``part`` says its count is a sum over runs ("3 failures across the three
    runs") and the runs of one command, or all runs, add up to it (failed and passed)."""
    if not _ACROSS.search(part):
        return False
    groups: dict[tuple[str, ...], list[Run]] = {}
    for r in runs:
        if r.tallied:
            groups.setdefault(r.commands, []).append(r)
    tallied = [r for g in groups.values() for r in g]
    for group in [*groups.values(), tallied]:
        if len(group) < 2:
            continue
        failed = sum(r.failed or 0 for r in group)
        passed = sum(r.passed or 0 for r in group)
        if counts.failed in (None, failed) and counts.passed in (None, passed):
            return True
    return False


def _sums_fit(counts: _Counts, runs: tuple[Run, ...]) -> bool:
    """Whether the last runs of the record's commands add up to the counts claimed."""
    last: dict[tuple[str, ...], Run] = {r.commands: r for r in runs if r.tallied}
    if len(last) < 2:
        return False
    total = _Counts(
        sum(r.failed or 0 for r in last.values()),
        sum(r.passed or 0 for r in last.values()),
        sum(r.total or 0 for r in last.values()),
    )
    return _Counts(counts.failed, counts.passed, None) == _Counts(total.failed, total.passed, None)


_FAIL_CLAIM = re.compile(
    r"(?i)\b(?:fail(?:s|ed|ing)?|broke|errored|red|(?:still|again)\s+failing)\b"
)
_NOT = re.compile(r"(?i)\b(?:not|no|never|n't|nothing|none|neither|nor|without)\b")
_RUN_SUBJECT = re.compile(
    r"(?i)^\W*(?:the\s+)?(?:re-?run|second\s+run|second\s+test\s+run|next\s+run|last\s+run|"
    r"final\s+run|run\s+after\s+the\s+fix|new\s+run|retry)\b"
)


def check_later_outcome(text: str, ev: Evidence) -> list[Claim]:
    """A later run said to fail ("The rerun after the fix failed again.") when every
    command run more than once passed the last time (no failure counted in its summary)."""
    if not _RUN_SUBJECT.search(text) or not _FAIL_CLAIM.search(text) or _NOT.search(text):
        return []
    groups: dict[tuple[str, ...], list[Run]] = {}
    for r in runs_of(ev):
        if r.commands:
            groups.setdefault(r.commands, []).append(r)
    rerun = [g[-1] for g in groups.values() if len(g) > 1 and any(x.tallied for x in g)]
    if not rerun or any(r.failed is None or r.failed > 0 for r in rerun):
        return []
    ran = ", ".join(f"`{' && '.join(r.commands)}`" for r in rerun)
    return [Claim("failed", text, f"the last run of {ran} reported no failure")]


def with_runs(
    text: str, found: tuple[Claim, ...], ev: Evidence, parts: Iterable[str] = ()
) -> tuple[Claim, ...]:
    """``found`` (a unit's claims read from its words) with what the runs' structure shows:
    less the claims its pairs and counts show true ("1 failed, 7 passed" is dotnet's
    ``Failed: 1, Passed: 7``, not a count of "pass" words; "got '03:00' where '02:00' was
    expected" is chai's ``expected '03:00' to be '02:00'``), plus those it shows false."""
    wrong = check_expected_actual(text, ev) + check_run_tallies(text, ev)
    wrong += check_later_outcome(text, ev) + check_findings_reported(text, ev)
    wrong += check_marked_passing(text, ev)
    held = _held_values(text, ev)
    if held:
        whole = {text, *(p.strip() for p in parts)}
        found = tuple(
            c
            for c in found
            if not (c.kind in ("failed", "passed") and c.value.strip() in whole)
            and not (c.kind == "number" and any(h in _norm_words(c.value) for h in held))
        )
    return tuple(dict.fromkeys([*found, *wrong]))


def _norm_words(text: str) -> set[str]:
    return {_norm(w) for w in re.findall(r"'[^']*'|\"[^\"]*\"|[^\s,;:()]+", text)}


def _held_values(text: str, ev: Evidence) -> set[str]:
    """The values a unit gives that the runs confirm: a pair printed as the unit gives it,
    counts a run reports (normalized as :func:`_norm` does)."""
    runs = runs_of(ev)
    printed = {p.key for r in runs for p in r.pairs}
    held = {v for pair in pairs_in(text) if pair.key in printed for v in pair.key}
    if any(r.tallied for r in runs):
        for part in _SPLIT_OUTCOMES.split(text):
            counts = _claimed_counts(part)
            scope = _runs_in_scope(part, runs)
            if counts is not None and (
                any(counts.fits(r) for r in scope) or _summed_over_runs(part, counts, runs)
            ):
                held |= {
                    _norm(str(n))
                    for n in (counts.failed, counts.passed, counts.total)
                    if n is not None
                }
    return held


def held_value(value: str, text: str, ev: Evidence) -> bool:
    """Whether ``value``, a number of ``text``, is one the runs confirm there (a count a
    run reports, counted from its per-test markers when it prints no summary)."""
    return _norm(value) in _held_values(text, ev)


# "`go vet ./...` reported problems", "ruff found issues": a checker's findings claimed
_FINDINGS = re.compile(
    r"(?i)^\W*(?:`(?P<q>[^`]+)`|(?P<w>[\w.:/-]+(?:\s+[\w.:/-]+){0,2}?))\s+(?:also\s+|then\s+)?"
    r"(?:reported|found|flagged|showed|printed|raised|emitted|gave|produced|returned|listed)\s+"
    r"(?:(?:some|several|many|a\s+few|new|multiple|\d+|a|an)\s+)?(?:\w+\s+)?"
    r"(?:problems?|errors?|issues?|warnings?|findings?|failures?|violations?|offen[cs]es?|"
    r"complaints?|diagnostics?|vulnerabilit(?:y|ies))\b"
)
_ANY_FINDING = re.compile(
    r"(?i)\b(?:problems?|errors?|issues?|warnings?|findings?|fail\w*|violations?|offen[cs]es?|"
    r"vulnerabilit(?:y|ies)|error:|warning:)\b"
)


# a checker's summary of nothing found: "no offenses detected", "0 chart(s) failed",
# "Found 0 violations, 0 serious", "0 Warning(s)", "0 errors" (no finding of it)
_NO_FINDING = re.compile(
    r"(?i)\b(?:no|0|zero)\s+(?:\w+\s+){0,2}?(?:problems?|errors?|issues?|warnings?|findings?|"
    r"fail\w*|violations?|offen[cs]es?|vulnerabilit(?:y|ies)|serious)(?:\(s\))?\b|"
    r"\b0\s+\w+\(s\)\s+fail\w*"
)


def _same_command(ran: str, named: str) -> bool:
    """Whether ``named`` is the command ``ran`` (as run: "go vet ./" for "go vet ./..."), or
    its program and first words ("go vet" for "go vet ./...")."""
    return ran == named or ran.startswith(named + " ") or (" " in ran and named.startswith(ran))


def check_findings_reported(text: str, ev: Evidence) -> list[Claim]:
    """A checker said to report problems whose every run of it printed none and failed
    not ("go vet reported problems." where ``go vet ./...`` printed nothing)."""
    m = _FINDINGS.match(text)
    if m is None or _NOT.search(text):
        return []
    named = (m.group("q") or m.group("w") or "").strip().casefold()
    if not named or named in ("it", "the run", "the assistant", "the user", "the tool"):
        return []
    runs = [r for r in ev.results if any(_same_command(c.casefold(), named) for c in r.commands)]
    if not runs or any(r.failed or _ANY_FINDING.search(_NO_FINDING.sub(" ", r.text)) for r in runs):
        return []
    return [Claim("failed", named, "every run of it printed no problem and did not fail")]


_QUOTED = re.compile(r"""(?:^|[\s(])['"‘“](?P<name>[^'"’”\n]{3,120})['"’”](?=[\s.,;:)]|$)""")
_PASS_LINE = re.compile(r"(?i)[✓✔]|\bpass(?:ed)?\b|^\s*ok\s")
_FAIL_LINE = re.compile(
    r"(?i)[✘✕✗×●]|\bfail(?:ed|ure|ing)?\b|\bnot\s+ok\b|\berror\b|^\s*\d+\)\s|timed?\s*out"
)
_FAILS = re.compile(r"(?i)\b(?:fail(?:ed|s|ing)?|timed\s+out|broke|crashed|errored)\b")


def check_marked_passing(text: str, ev: Evidence) -> list[Claim]:
    """A test named in quotes said to fail whose every line in the record marks it passing
    (Playwright's and mocha's ``✓  3 … › paginates``, ``PASS`` lines) and none failing."""
    names = [m.group("name").strip() for m in _QUOTED.finditer(text)]
    if len(names) != 1 or not _FAILS.search(text) or _NOT.search(text):
        return []
    name = names[0].casefold()
    lines = [
        ln
        for r in runs_of(ev)
        for ln in r.body.casefold().splitlines()
        if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", ln)
    ]
    if not lines or any(_FAIL_LINE.search(ln) for ln in lines):
        return []
    if not all(_PASS_LINE.search(ln) for ln in lines):
        return []
    return [Claim("failed", names[0], "every line of the record naming it marks it passing")]
