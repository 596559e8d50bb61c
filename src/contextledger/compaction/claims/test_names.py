"""A failing test is named whole: a recap that says ``test_old_name`` failed when only
``test_old_name_v2`` did (or ``TestParse`` when ``TestParseISO`` did) names another test,
one the record also names - a test renamed, its new name or its old one (R30-M3). Words
that a failing name shares with the claim are no support when the claim's name is
another name of the record's.
"""

from __future__ import annotations

import re

from ..digest import failing_tests
from .evidence import Claim, Evidence
from .reading import QUOTED_NAME

#: why a failure claim naming another test than the one that failed is unsupported
ANOTHER_TEST = "the test that failed is"

# an identifier shaped like a test's name: snake_case, CamelCase or a Test/test prefix
_IDENTIFIER = re.compile(r"\b(?:[A-Za-z]\w*_\w+|[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+|[Tt]est\w+)\b")
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
# what a runner puts around a name: "test " (ExUnit), "(FooTest)", "src/a.test.ts > Suite >",
# Playwright's "[chromium] › admin/users.spec.ts:19:5 › "
_DECOR = re.compile(r"\s*\([^)]*\)\s*$|^.*[>›]\s*")


def name_words(name: str) -> tuple[str, ...]:
    """A test name as its words, whatever the notation.

    >>> name_words("TestParseISO"), name_words("test_parse_iso_dates")
    (('test', 'parse', 'iso'), ('test', 'parse', 'iso', 'dates'))
    """
    return tuple(w.casefold() for w in _WORD.findall(name))


def _core(words: tuple[str, ...]) -> tuple[str, ...]:
    """A name without its runner's "test" prefix (``test_x`` and ExUnit's "test x")."""
    return words[1:] if len(words) > 1 and words[0] == "test" else words


def _contains(seq: tuple[str, ...], part: tuple[str, ...]) -> bool:
    n = len(part)
    return n > 0 and any(seq[i : i + n] == part for i in range(len(seq) - n + 1))


def _failing_names(ev: Evidence) -> frozenset[tuple[str, ...]]:
    def make() -> frozenset[tuple[str, ...]]:
        out: set[tuple[str, ...]] = set()
        for r in ev.results:
            if not r.failed:
                continue
            for text in {"\n".join(r.lines), r.text}:
                for name in failing_tests(text):
                    name = _DECOR.sub("", name)
                    # "tests/t.py::test_x", "Suite.TestX": the test's own name is its last part
                    for form in {name, *(re.split(r"::|\.|/", name)[-1:])}:
                        words = _core(name_words(form))
                        if words:
                            out.add(words)
        return frozenset(out)

    return ev.derive("failing_test_names", make)


def _record_names(ev: Evidence) -> dict[tuple[str, ...], bool]:
    """Every test-shaped name the record says (identifiers, names in quotes), each with
    whether it reads as a test's own name (a ``test`` prefix, or quoted as a name)."""

    def make() -> dict[tuple[str, ...], bool]:
        out: dict[tuple[str, ...], bool] = {}
        for text in (*ev.texts, *ev.user_turns):
            for m in _IDENTIFIER.finditer(text):
                words = name_words(m.group(0))
                if len(words) >= 2:
                    core = _core(words)
                    out[core] = out.get(core, False) or words[:1] == ("test",)
            for m in QUOTED_NAME.finditer(text):
                words = name_words(m.group(1))
                if 2 <= len(words) <= 8:
                    out[_core(words)] = True
        return out

    return ev.derive("record_test_names", make)


def other_test_named(text: str, ev: Evidence) -> tuple[str, str] | None:
    """(the name ``text`` gives, the failing test's) when ``text`` names a test of the
    record that did not fail and that shares its words with one that did: a longer name
    than the failing one, or a shorter one said without the failing one whole.

    Only names the record itself says count: a paraphrase ("the date parsing test") is
    the word checks' business, not this one's."""
    failing = _failing_names(ev)
    if not failing:
        return None
    said = name_words(re.sub(r"`[^`]*\s[^`]*`", " ", text))  # not a command's words
    if not said:
        return None
    names = _record_names(ev)
    longer = {  # names of the record that hold a failing name and more: another test
        name: f
        for name in names
        if name not in failing and _contains(said, name)
        for f in failing
        if len(f) >= 2 and len(name) > len(f) and _contains(name, f)
    }
    if longer:
        name, f = next(iter(longer.items()))
        return " ".join(name), " ".join(f)
    if any(_contains(said, f) for f in failing):
        return None
    for name, test_shaped in names.items():
        if not test_shaped or name in failing or not _contains(said, name):
            continue
        if len(name) == 1 and not re.search(rf"(?i)\btest_?{re.escape(name[0])}\b", text):
            continue  # "TestParse" said as such, not any sentence with "parse" in it
        for f in failing:
            if set(name) < set(f) or set(f) < set(name):  # a part of it, or it and more
                return " ".join(name), " ".join(f)
    return None


#: why a failure claimed for a test that its runner marked passed is unsupported
MARKED_PASSED = "its runner marked it passed:"

# a runner's pass mark on a test's own line: jest/vitest "✓", dotnet "Passed", go "--- PASS:",
# pytest "PASSED", cargo and unittest "... ok", terraform test 'run "x"... pass'
_PASS_LINE = re.compile(
    r"(?i)^\s*(?:✓|✔|√|passed\b|--- pass:|pass\b)|\bpassed\s*(?:\[|$)|\.\.\.\s*(?:ok|pass)\s*$"
)
# (a whole word: "errorShowsRetry PASSED" is a test named for an error, which passed)
_FAIL_WORD = re.compile(r"(?i)\b(?:fail(?:s|ed|ing|ures?)?|errors?|errored)\b|✕|✗|✖|×")
_TIMING = re.compile(r"\s*[\[(]\s*\d[\d.]*\s*m?s\s*[\])]\s*|\s+\d+%\]?$|\s*\[\s*\d+%\s*\]")
_MARKS = re.compile(
    r"(?i)✓|✔|√|^\s*passed\b|--- pass:|^\s*pass\b|\bpassed\b|\.\.\.\s*(?:ok|pass)\s*$|"
    r"^\s*(?:test|run)\s+(?=\S+\s*\.\.\.)"
)


def _passed_names(ev: Evidence) -> frozenset[tuple[str, ...]]:
    """The names a runner marked passed on their own lines, in runs that failed (a
    passing run's names are the pass checks' business)."""

    def make() -> frozenset[tuple[str, ...]]:
        out: set[tuple[str, ...]] = set()
        for r in ev.results:
            if not r.failed:
                continue
            for line in r.lines or (r.text,):
                if not _PASS_LINE.search(line) or _FAIL_WORD.search(line):
                    continue
                name = _DECOR.sub("", _TIMING.sub(" ", _MARKS.sub(" ", line))).strip()
                for form in {name, *(re.split(r"::|\.|/", name)[-1:])}:
                    words = _named_passed(name_words(form))
                    if words:
                        out.add(words)
        return frozenset(out)

    return ev.derive("passed_test_names", make)


def _named_passed(words: tuple[str, ...]) -> tuple[str, ...]:
    """A passed test's name as a claim must say it: its core of two words or more, or a
    one-word core with its runner's prefix (Go's "TestEvict" is said as "TestEvict", not
    as any sentence holding "evict"); empty for a single word."""
    core = _core(words)
    if len(core) >= 2:
        return core
    return words if len(words) >= 2 else ()


def passed_test_named(text: str, ev: Evidence, *, only_failure: bool = False) -> str | None:
    """The name of a test ``text`` claims failing that a failed run's runner marked passed
    on its own line ("✓ … > computes tax", "Passed Suite.SkipsBlankRows"), when ``text``
    names no failing test whole; None otherwise. ``only_failure``: the caller read a
    failure and no pass anywhere in ``text``, in whatever language it is written."""
    passed = _passed_names(ev)
    if not passed:
        return None
    said = name_words(re.sub(r"`[^`]*\s[^`]*`", " ", text))
    failing = _failing_names(ev)
    named = [p for p in passed if _core(p) not in failing and _contains(said, p)]
    if any(_contains(said, f) for f in failing) and not only_failure:
        # a failing test named too: the passed one is claimed failing only where the
        # outcome said next after it is a failure ("Both X and Y failed", not "X failed
        # and Y passed"); a line saying only a failure claims it of every test it names
        # ("Sowohl X als auch Y sind fehlgeschlagen", "X ve Y başarısız oldu")
        named = [p for p in named if _next_outcome(said, p) == "fail"]
    return " ".join(named[0]) if named else None


def marked_passed(text: str, ev: Evidence, *, only_failure: bool = False) -> list[Claim]:
    """The failure ``text`` claims of a test a failed run's runner marked passed on its own
    line (see :func:`passed_test_named`), as a claim; in any language, the outcome read by
    whichever reading called it ("Тест test_empty_input упал.")."""
    passed = passed_test_named(text, ev, only_failure=only_failure)
    if passed is None:
        return []
    return [Claim("failed", passed, f"{MARKED_PASSED} the run failed for another test")]


_FAIL_WORDS = frozenset(
    ["fail", "fails", "failed", "failing", "failure", "failures", "broke", "broken", "red"]
)
_PASS_WORDS = frozenset(
    ["pass", "passes", "passed", "passing", "ok", "green", "succeeded", "succeeds"]
)


def _next_outcome(said: tuple[str, ...], name: tuple[str, ...]) -> str | None:
    """The outcome ("fail", "pass") the first word of its kind after ``name`` in
    ``said`` gives, or None."""
    n = len(name)
    start = next((i for i in range(len(said) - n + 1) if said[i : i + n] == name), None)
    if start is None:
        return None
    for word in said[start + n :]:
        if word in _FAIL_WORDS:
            return "fail"
        if word in _PASS_WORDS:
            return "pass"
    return None
