"""A pass said to hold every time now ("fixed, passes reliably now", "läbib nüüd
usaldusväärselt"): after the run it first passed, no run of it failed again with no change
written between that failure and its latest run. A flaky test (pass, fail, pass) passes
now, but not reliably.

Read by the subject's runs, whatever verb the language gives the pass: the adverb
(``lexicon.STEADY``) and a test or a command the record ran are enough; a clause that
denies ("does not pass reliably yet") or reads as a failure is left to the other checks.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...lexicon import claims as lexicon
from ...lexicon.negation import denial
from ..outcome import outcome_of
from ..timeline import Timeline, norm_command
from .evidence import Claim, Evidence
from .reading import BACKTICKED
from .runs import is_test_run, named_tests, timed_verdicts
from .words import gloss


def _failed_again(runs: Sequence[tuple[int, bool]], timeline: Timeline) -> int | None:
    """Where a run failed after a pass with no file written from it to the latest run
    (``runs``: where and whether each passed, in order), or None."""
    first = next((i for i, (_, passed) in enumerate(runs) if passed), None)
    if first is None:
        return None
    latest = runs[-1][0]
    for at, passed in runs[first + 1 :]:
        if not passed and not timeline.happened("wrote", at, latest + 1):
            return at
    return None


def check_steady(text: str, ev: Evidence) -> list[Claim]:
    """``text`` saying a test or a command passes reliably now, against its runs."""
    if not lexicon.STEADY.search(text) or denial(text):
        return []
    said = outcome_of(gloss(text))
    if said is not None and said.verdict == "fail":
        return []  # "fails consistently": a failure claimed, read elsewhere
    subjects: dict[str, list[tuple[int, bool]]] = {
        test: timed_verdicts(test, ev.results) for test in named_tests(text, ev)
    }
    for command in BACKTICKED.findall(text):
        ran = ev.results_of(norm_command(command))
        subjects.setdefault(command, [(r.at, not r.failed) for r in ran])
    if not subjects:  # "the tests pass reliably now": each test command's runs
        for r in ev.results:
            if is_test_run(r) and r.commands:
                subjects.setdefault(min(r.commands), []).append((r.at, not r.failed))
    out: list[Claim] = []
    for subject, runs in subjects.items():
        at = _failed_again(runs, ev.timeline)
        if at is not None:
            why = f"it failed again after it passed (message {at}), with no change written since"
            out.append(Claim("passed", subject, why))
    return out
