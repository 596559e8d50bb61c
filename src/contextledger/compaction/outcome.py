"""What a clause says happened when something ran: it passed or it failed, and which run.

A recap states outcomes in many words: "passed", "came back green", "completed without
errors", "ran cleanly", "no longer timed out", "exit code 0" for a success; "failed",
"crashed", "timed out", "panicked", "did not pass" for a failure. This module folds them
to ``pass`` or ``fail`` (with the failure mode when the claim is that narrow: "no longer
timed out" says the timeout is gone, not that the run passed), and reads which run a
clause means ("the first run", "the rerun", "then", "now").

>>> outcome_of("`python backfill.py --dry-run` completed without errors.")
Outcome(verdict='pass', mode='any')
>>> outcome_of("A second run no longer timed out")
Outcome(verdict='pass', mode='timeout')
>>> outcome_of("the loadgen tests did not pass")
Outcome(verdict='fail', mode='any')
>>> which_run("The first dry run succeeded"), which_run("test_x then passed")
('first', 'last')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

from ..lexicon.claims import COUNT_WORDS, NOT_A_MEASURE
from ..lexicon.outcomes import FAIL_MODES, FAIL_WORDS, PASS_WORDS

T = TypeVar("T")

Verdict = Literal["pass", "fail"]


@dataclass(frozen=True, slots=True)
class Outcome:
    verdict: Verdict
    mode: str = "any"  # "timeout", "crash" when a claim is about that failure only


_GONE = re.compile(  # a failure that no longer happens: a success claim
    rf"(?i)\b(?:no\s+longer|did\s*n[o']t|didn'?t|never|not|stopped|without|with\s+no|no)\s+"
    rf"(?:any\s+|more\s+|a\s+|an\s+)?(?P<what>{FAIL_WORDS})"
)
_NOT_PASS = re.compile(
    rf"(?i)\b(?:did\s*n[o']t|didn'?t|never|not|no\s+longer|isn'?t|aren'?t|wasn'?t|weren'?t|"
    rf"doesn'?t|don'?t|failed\s+to|yet\s+to)\s+(?:\w+\s+)?(?:{PASS_WORDS})"
)
_FAIL = re.compile(rf"(?i)\b(?:{FAIL_WORDS})\b{NOT_A_MEASURE}")
_PASS = re.compile(rf"(?i)\b(?:{PASS_WORDS})\b")
_ZERO_FAILED = re.compile(r"(?i)\b(?:0|no|zero)\s+(?:tests?\s+)?(?:failed|failures?|errors?)\b")
_SOME_FAILED = re.compile(r"(?i)\b[1-9]\d*\s+(?:tests?\s+)?(?:failed|failures?|failing|errors?)\b")
_NUMBER_WORDS = COUNT_WORDS[1:]  # (a count of tests is at least one)
_COUNT = r"(\d+|" + "|".join(_NUMBER_WORDS) + r")"
# "38 of 40 pass", "seven of the eight tests passed": some failed
_PART_OF = re.compile(
    rf"(?i)(?<![\d.]){_COUNT}\s+(?:of|out\s+of)\s+(?:the\s+|all\s+)?{_COUNT}(?![\d.])"
)


def _count(word: str) -> int:
    w = word.casefold()
    return _NUMBER_WORDS.index(w) + 1 if w in _NUMBER_WORDS else int(w)


_QUOTED = re.compile(r"`[^`]*`|\"[^\"]*\"|“[^”]*”")


def _mode(word: str) -> str:
    for mode, pattern in FAIL_MODES:
        if re.fullmatch(rf"(?i){pattern}", word.strip()):
            return mode
    return "any"


# A rule, not a report: an outcome in the present tense under a condition or a bound
# ("at most 2 retries, then the order fails", "the job errors if the token expired"),
# with no outcome in the past tense beside it ("it failed; if it fails again …").
_CONDITION = re.compile(
    r"(?i)\b(?:if|unless|otherwise|or\s+else|whenever|at\s+most|at\s+least|no\s+more\s+than|"
    r"up\s+to\s+\d+|beyond|once|as\s+soon\s+as)\b"
)
_PRESENT = re.compile(r"(?i)\b(?:fails|errors|crashes|times\s+out|breaks|aborts|passes|succeeds)\b")
_PAST = re.compile(
    r"(?i)\b(?:failed|errored|crashed|timed\s+out|broke|aborted|panicked|passed|succeeded|"
    r"came\s+back|ran|completed|finished|went)\b"
)


def states_rule(text: str) -> bool:
    """Whether ``text`` states what happens under a condition (a rule, a bound), not what
    happened.

    >>> states_rule("Understood: at most 2 retries, then the order fails.")
    True
    >>> states_rule("`make test` failed; if it fails again, roll back.")
    False
    """
    bare = _QUOTED.sub(" ", text)
    return bool(_CONDITION.search(bare) and _PRESENT.search(bare) and not _PAST.search(bare))


# A timeout as a setting, not as what happened: the noun with the value it is set to
# ("request timeout 47 seconds", "the timeout is 30 s", "timeout: 5m", "a 30-second
# timeout"); "timed out after 47 seconds" and "timeout after 30 s" stay outcomes.
_UNIT = r"(?:ms|s|secs?|seconds?|m|mins?|minutes?|h|hours?)\b"
_TIMEOUT_SETTING = re.compile(
    r"(?i)\btime-?outs?\b(?:\s+(?:is|are|was|were|of|at|to|=|:|stays?|becomes?|set\s+to|"
    r"raised\s+to|lowered\s+to)){0,2}\s*:?\s*(?:now\s+)?\d+(?:[.,]\d+)?\s*" + _UNIT + r"|"
    r"\b\d+(?:[.,]\d+)?\s*-?\s*" + _UNIT + r"\s*time-?outs?\b"
)

_HIT = re.compile(
    r"(?i)\b(?:hit|hits|reached|reaches|exceeded|exceeds|past|over|beyond)\W+(?:the\W+|its\W+|a\W+)?$"
)


def _settings_out(text: str) -> str:
    """``text`` without the timeouts it states as settings ("hit the 30 s timeout" is
    still an outcome)."""
    return _TIMEOUT_SETTING.sub(
        lambda m: m.group(0) if _HIT.search(text[: m.start()]) else " ", text
    )


def outcome_of(text: str) -> Outcome | None:
    """The outcome ``text`` claims, or None (no outcome, both in one clause, or a rule
    stated: "at most 2 retries, then the order fails"; a timeout's setting).

    >>> outcome_of("Understood: at most 2 retries, then the order fails.") is None
    True
    >>> outcome_of("Request timeout 47 seconds.") is None
    True
    """
    bare = _settings_out(_QUOTED.sub(" ", text))
    if states_rule(bare):
        return None
    part = _PART_OF.search(bare)
    partial = part is not None and _count(part.group(1)) < _count(part.group(2))
    if _SOME_FAILED.search(bare) or (partial and _PASS.search(bare)):
        return Outcome("fail")
    if _NOT_PASS.search(bare):
        return Outcome("fail")
    gone = _GONE.search(bare) or _ZERO_FAILED.search(bare)
    rest = _ZERO_FAILED.sub(" ", _GONE.sub(" ", bare))
    if gone:
        if _FAIL.search(rest):
            return None
        what = gone.groupdict().get("what") or ""
        return Outcome("pass", _mode(what) if not _PASS.search(rest) else "any")
    failed, passed = _FAIL.search(rest), _PASS.search(rest)
    if failed and passed:
        return None
    if failed:
        return Outcome("fail", _mode(failed.group(0)))
    if passed:
        return Outcome("pass")
    return None


_ORDINAL = (
    # (and in the user's language: "schlug zuerst fehl", "falló primero", "a d'abord échoué")
    (
        "first",
        r"first|initial|original|earlier|1st|zuerst|zunächst|anfangs|erstmals|primero|primera|"
        r"d'abord|premier|première|primeiro|primeira|inizialmente",
    ),
    ("second", r"second|2nd"),
    ("third", r"third|3rd"),
    ("last", r"last|final|latest|re-?run|re-?ran|again|then|now|after|since|subsequent|later"),
)


def which_run(text: str) -> str | None:
    """Which run of several a clause means: "first", "second", "third", "last", or None."""
    for name, pattern in _ORDINAL:
        if re.search(rf"(?i)\b(?:{pattern})\b", _QUOTED.sub(" ", text)):
            return name
    return None


def pick(items: Sequence[T], run: str | None) -> list[T]:
    """The results (or verdicts) a clause is about, from all of a subject's in order: the
    one its ordinal names, or every one when it names none."""
    if not items:
        return []
    items = list(items)
    index = {"first": 0, "second": 1, "third": 2}.get(run or "")
    if index is not None:
        return [items[index]] if index < len(items) else [items[-1]]
    if run == "last":
        return [items[-1]]
    return items


def timed_out(text: str) -> bool:
    return re.search(rf"(?i){FAIL_MODES[0][1]}", text) is not None


def crashed(text: str) -> bool:
    return (
        re.search(rf"(?i){FAIL_MODES[1][1]}|exit\s+(?:code|status)\s*:?\s*[1-9]", text) is not None
    )
