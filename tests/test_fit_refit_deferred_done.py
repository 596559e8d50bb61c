"""A kept ``Fitter`` reads, for each request the user put off, only the assistant's turns
added since its last fit for reports of it done (``anchors._reported_done_since``): a refit
after any appends, edits in place, insertions or removals pins what a fit of the same list
done once pins."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.fit import Fitter, fit

MODEL = "gpt-4o"
WINDOW = 1_000

# (put off, and the report that closes each: other tasks than tests/test_pins_deferred_requests')
_TASKS = [
    (
        "Later, prune the stale feature flags in flags/legacy.yaml.",
        "Done: pruned the stale feature flags in flags/legacy.yaml.",
    ),
    ("When you get a chance, archive the Q3 invoices.", "Finished: archived the Q3 invoices."),
    (
        "Don't forget to renew the TLS certificate for the mail relay.",
        "Done: renewed the TLS certificate for the mail relay.",
    ),
    ("Depois, atualize o glossário do projeto.", "Done: atualizei o glossário do projeto."),
]
_CHATTER = [
    "Check the queue depth on the ingest workers and tell me what you see there.",
    "The nightly export took forty minutes again, which is longer than last week.",
    "Show me the three slowest endpoints from yesterday's access logs, please.",
]


def _turn(kind: int, n: int) -> list[dict[str, Any]]:
    task, done = _TASKS[n % len(_TASKS)]
    if kind == 0:  # a request put off
        return [{"role": "user", "content": task}, {"role": "assistant", "content": "Noted."}]
    if kind == 1:  # its report
        return [{"role": "user", "content": "status?"}, {"role": "assistant", "content": done}]
    chat = _CHATTER[n % len(_CHATTER)]
    return [
        {"role": "user", "content": f"{chat} ({n})"},
        {"role": "assistant", "content": f"Looked at it: {n * 37} items, nothing unusual. " * 3},
    ]


_STEP = st.tuples(
    st.sampled_from(["append", "append", "append", "edit", "insert", "remove"]),
    st.integers(0, 2),
    st.integers(0, 40),
)


def _pins(res: Any) -> tuple[Any, ...]:
    return (res.report.pinned, [m.text for m in res.messages], res.report.used)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(st.tuples(st.integers(0, 2), st.integers(0, 40)), min_size=8, max_size=30),
    st.lists(_STEP, min_size=1, max_size=8),
)
def test_a_refit_reads_reports_of_work_done_as_a_fit_done_once(
    start: list[tuple[int, int]], steps: list[tuple[str, int, int]]
) -> None:
    dicts: list[dict[str, Any]] = [{"role": "system", "content": "You run back-office chores."}]
    for kind, n in start:
        dicts += _turn(kind, n)
    dicts.append({"role": "user", "content": "What is next?"})
    fitter = Fitter(MODEL, window=WINDOW, max_output_tokens=200)
    fitter.fit(dicts)
    for op, kind, n in steps:
        at = 1 + 2 * (n % ((len(dicts) - 2) // 2))  # (a user turn of a pair)
        if op == "append":  # (the answer to the current request, then a new one)
            user, answer = _turn(kind, n)
            dicts += [answer, user]
        elif op == "edit":  # (in place: the app changes its own dict)
            dicts[at + 1]["content"] = _turn(kind, n)[1]["content"]
        elif op == "insert":
            dicts[at:at] = _turn(kind, n)
        elif len(dicts) > 6:
            del dicts[at : at + 2]
        assert _pins(fitter.fit(dicts)) == _pins(
            fit(copy.deepcopy(dicts), MODEL, window=WINDOW, max_output_tokens=200)
        )
