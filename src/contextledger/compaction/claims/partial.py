"""A partial success said complete: "All 5 files were uploaded" where the tool answered
"Uploaded 3 of 5 files. Failed: q4.pdf, q5.pdf".

A tool that does a batch (an upload, invitations, an import) tallies what it did: "3 of 5",
"3/5 uploaded", ``{"uploaded": 3, "failed": 2}``. A recap clause that gives the batch's total
and neither the part done nor the part that failed says the whole batch was done, in any
language ("Барлық 5 файл сәтті жүктелді", "E bugoro akụkọ 5 niile"): the total is the
anchor, the missing part is the lie. A later call of the same tool that answered without a
failure may have done the rest (a retry), and then the clause stands. Test runs are read
for their counts elsewhere (:func:`claims.results.check_run_tallies`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from ...model import ToolCall
from ..tool_calls import call_commands
from .evidence import Claim, Evidence, failed_output
from .reading import BACKTICKED

__all__ = ["check_partial", "part_told", "partly_done"]

_DONE_WORDS = (
    r"uploaded|sent|succeeded|successful|success|ok|delivered|created|copied|processed|"
    r"imported|exported|synced|migrated|completed|done|moved|published|added|updated|loaded|"
    r"downloaded|saved|installed|archived"
)
_FAILED_WORDS = r"failed|failures?|errors?|errored|rejected|refused|bounced|undelivered"
# "uploaded 3 of 5", "3/5 sent", "3 out of 5 files uploaded" (not a date's "12/06/2026", a
# path's "v1/2", a page's "3 of 5")
_OF = r"(?<![\w./:-])(\d+)\s*(?:/|\bof\b|\bout\s+of\b)\s*(\d+)(?![\w/]|[.:,]\d)"
_PART_OF = re.compile(rf"(?i)\b(?:{_DONE_WORDS})\s+{_OF}|{_OF}\s+(?:\w+\s+)?(?:{_DONE_WORDS})\b")

# "failed: guest_4 (550 mailbox unavailable)": the part not done, listed
_FAILED_LABEL = re.compile(rf"(?im)^\W*(?:{_FAILED_WORDS})\s*:")


def _counted(words: str) -> re.Pattern[str]:
    """A count of what ``words`` say: "2 failed", "3 files uploaded", '"failed": 2'."""
    return re.compile(
        rf"(?i)(?<![\w.])(\d+)\s+(?:\w+\s+)?(?:{words})\b|\b(?:{words})[\"']?\s*[:=]\s*(\d+)"
    )


_FAILED_COUNT, _DONE_COUNT = _counted(_FAILED_WORDS), _counted(_DONE_WORDS)
# a test runner's counts: read as a run's (claims.results)
_TEST_COUNTS = re.compile(r"(?i)\b(?:tests?|specs?)\b|\b\d+\s+passed\b")
# a count standing alone in a recap clause: "5", "5-ta", "ama-5" (not "S3", "v2", "1.5",
# "q4.pdf", a range's "3-5", a "-5")
_NUMBER = re.compile(r"(?<![A-Za-z0-9_.,/:])(?<![\d\s]-)\d+(?![A-Za-z0-9_]|[.,/:]\d)")


@dataclass(frozen=True, slots=True)
class _Tally:
    done: int
    total: int
    at: int  # the answered call's index
    shown: frozenset[int] = frozenset()  # the answer's other numbers (a "403" it gave)

    @property
    def failed(self) -> int:
        return self.total - self.done

    def gives(self, counts: set[int]) -> bool:
        """Whether every one of ``counts`` is the tally's or its answer's."""
        return counts <= {self.done, self.total, self.failed} | self.shown


def _counts(text: str) -> set[int]:
    return {int(n) for n in _NUMBER.findall(BACKTICKED.sub(" ", text))}


def _first(pattern: re.Pattern[str], body: str) -> int | None:
    for m in pattern.finditer(body):
        return int(next(g for g in m.groups() if g))
    return None


def _tally(body: str, at: int) -> _Tally | None:
    """The part of a batch a tool's answer says was done, when it says some was not."""
    found = _tally_of(body)
    return found if found is None else replace(found, at=at)


@lru_cache(maxsize=4096)  # every answer is read again at each recap's check: once per answer
def _tally_of(body: str) -> _Tally | None:
    at = 0  # (the caller places it)
    failed, done = _first(_FAILED_COUNT, body), _first(_DONE_COUNT, body)
    m = _PART_OF.search(body)
    part, whole = (int(g) for g in [g for g in m.groups() if g][:2]) if m else (0, 0)
    shown = frozenset(_counts(body))
    if part < whole:
        tally = _Tally(part, whole, at, shown)
    elif failed and done is not None:
        tally = _Tally(done, done + failed, at, shown)
    else:
        return None
    return tally if failed or _FAILED_LABEL.search(body) or failed_output(body) else None


def _again(call: ToolCall, later: ToolCall) -> bool:
    """Whether ``later`` does what ``call`` did again (the same tool; a shell's same program
    and script, not any other command)."""
    runs = [c.split()[:2] for c in call_commands(call)]
    return later.name == call.name and (
        not runs or any(c.split()[:2] in runs for c in call_commands(later))
    )


def partly_done(body: str) -> bool:
    """Whether a tool's answer says it did part of a batch (and not the rest)."""
    return _tally(body, 0) is not None


def _tallies(ev: Evidence) -> tuple[_Tally, ...]:
    def make() -> tuple[_Tally, ...]:
        found: list[_Tally] = []
        for at, (call, body) in enumerate(ev.answered):
            tally = None if _TEST_COUNTS.search(body) else _tally(body, at)
            later = ev.answered[at + 1 :]
            if tally and not any(_again(call, c) and not failed_output(b) for c, b in later):
                found.append(
                    tally
                )  # (no later call of the tool got through: no retry did the rest)
        return tuple(found)

    return ev.derive("claims.partial.tallies", make)


def part_told(text: str, ev: Evidence, *, failed: bool) -> bool:
    """Whether ``text`` gives the part of a batch that was done (``failed``: not done) in
    the tool's own numbers ("Sent 6 of 8 invitations", "2 failed (403)"): what its tally
    says, whatever the words."""
    counts = _counts(text)
    return any((t.failed if failed else t.done) in counts and t.gives(counts) for t in _tallies(ev))


def check_partial(text: str, ev: Evidence) -> list[Claim]:
    """``text`` giving a partly done batch's total as done: its total, not its parts."""
    tallies = _tallies(ev)
    if not tallies:
        return []
    counts = _counts(text)
    return [
        Claim("did", f"all {t.total}", f"the tool did {t.done} of {t.total} ({t.failed} not done)")
        for t in tallies
        if t.total in counts and t.done not in counts and t.failed not in counts
    ][:1]
