"""Dicts removed or inserted mid-history (a message deleted, a tool exchange taken out, the
oldest turn dropped by a sliding window, a message inserted) are spliced into the columns
and the history index: the moved messages keep their prices, their notes and what the gists
worked out about them, at their new positions, and are renamed as a fresh read names them
(speed55: a removal or an insertion made the scan note, and the index price and read, every
dict after it again). The refit decides and reports as a one-shot fit of the list."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from contextledger.fit import Fitter, fit
from contextledger.fit.lazy import DictColumns
from test_fit_refit_edit_in_place import WINDOW, Patches, _refit, _text_at
from test_fit_refit_invariant import MODEL, RESERVE, history, outcome, wrong_sizes


class Splices:
    """The splices the index was given (``LazyMessages.spliced``), per refit."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, fitter: Fitter) -> None:
        self.seen: list[tuple[int, int, int, int]] = []
        take = type(fitter._memory.source).take  # type: ignore[arg-type]

        def spy(source: Any, payload: Any, **kw: Any) -> Any:
            got = take(source, payload, **kw)
            spliced = getattr(got, "spliced", None)
            if spliced is not None:
                self.seen.append(spliced)
            return got

        monkeypatch.setattr(type(fitter._memory.source), "take", spy)


def _tool_call_at(dicts: list[dict[str, Any]], share: float) -> int:
    return next(
        i
        for i in range(int(len(dicts) * share), len(dicts))
        if dicts[i]["role"] == "assistant" and dicts[i].get("tool_calls")
    )


@pytest.mark.parametrize("share", [0.2, 0.6, 0.95])
@pytest.mark.parametrize("how", ["delete", "insert", "insert two", "drop exchange", "and append"])
def test_a_removal_or_insertion_mid_history_reprices_nothing_after_it(
    monkeypatch: pytest.MonkeyPatch, share: float, how: str
) -> None:
    dicts = history(120)
    fitter = Fitter(MODEL, window=WINDOW, max_output_tokens=RESERVE)
    fitter.fit(dicts)
    index = fitter._memory.index
    splices = Splices(monkeypatch, fitter)
    i = _text_at(dicts, share)
    if how in ("delete", "and append"):
        del dicts[i]
        if how == "and append":
            dicts.append({"role": "user", "content": "and one more thing"})
    elif how.startswith("insert"):
        new = [
            {"role": "user", "content": f"inserted {k} " * 7} for k in range(1 + (how[-1] == "o"))
        ]
        dicts[i:i] = new
    else:
        i = _tool_call_at(dicts, share)
        k = i + 1
        while dicts[k]["role"] == "tool":
            k += 1
        del dicts[i:k]
    priced_before = [p for p in range(len(index.priced)) if index.priced[p]]
    spy = Patches(monkeypatch, index)
    _refit(fitter, dicts)
    assert len(splices.seen) == 1 and splices.seen[0][0] == i
    lo, removed, added, _ = splices.seen[0]
    shift = added - removed
    # no moved message priced before is priced again (nor, after an exchange taken out, a
    # result of another call); the unit right after the splice may be
    moved_priced = {p + shift for p in priced_before if p + 1 >= lo + removed + 4}
    assert len(moved_priced) > 30 or share > 0.9
    assert moved_priced & set(spy.priced) == set()


def test_the_sliding_window_drops_the_oldest_turn_every_refit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dicts = history(90)
    fitter = Fitter(MODEL, window=WINDOW, max_output_tokens=RESERVE)
    fitter.fit(dicts)
    splices = Splices(monkeypatch, fitter)
    for step in range(6):
        users = [j for j, d in enumerate(dicts) if d["role"] == "user"]
        del dicts[users[0] : users[1]]
        dicts.append({"role": "user", "content": f"next step {step}"})
        _refit(fitter, dicts)
    assert len(splices.seen) == 6


def test_a_moved_result_whose_call_was_removed_is_priced_anew() -> None:
    """A tool result is priced under its call's name: the call removed (a user turn between
    them), the result left, its price is worked out again, not carried."""
    dicts = history(40)
    call = {
        "id": "far",
        "type": "function",
        "function": {"name": "lookup_tickets", "arguments": "{}"},
    }
    at = _text_at(dicts, 0.5)
    dicts[at:at] = [
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "user", "content": "wait"},
        {"role": "tool", "tool_call_id": "far", "content": "ticket 7 open\n" * 30},
    ]
    fitter = Fitter(MODEL, window=WINDOW, max_output_tokens=RESERVE)
    _refit(fitter, dicts)
    del dicts[at]  # the call: its result now answers none
    _refit(fitter, dicts)
    dicts.insert(at, {"role": "assistant", "content": None, "tool_calls": [call]})
    _refit(fitter, dicts)


def test_an_edit_in_place_after_a_splice_is_seen() -> None:
    dicts = history(60)
    fitter = Fitter(MODEL, window=WINDOW, max_output_tokens=RESERVE)
    _refit(fitter, dicts)
    i = _text_at(dicts, 0.5)
    kept = dicts[i + 3]
    del dicts[i]
    _refit(fitter, dicts)
    kept["content"] = str(kept["content"]) + " edited after it moved " * 20
    _refit(fitter, dicts)
    if type(dicts[-2]["content"]) is str:
        dicts[-2]["content"] += " and the newest too"
    _refit(fitter, dicts)


def test_moved_messages_are_named_by_their_new_position_unless_their_dict_names_them() -> None:
    dicts = history(30)
    i = _text_at(dicts, 0.3)
    dicts[i + 2]["id"] = "app-own"
    columns = DictColumns(dicts)
    assert columns.scan(0)
    read = [columns.message(p) for p in range(len(dicts))]
    del dicts[i]
    assert columns.splice(i, 1, 0)
    fresh = DictColumns(dicts)
    assert fresh.scan(0)
    got = [columns.message(p) for p in range(len(dicts))]
    assert got == [fresh.message(p) for p in range(len(dicts))]
    assert columns.app_ids == fresh.app_ids and columns.images == fresh.images
    assert (columns.roles, columns.chars, columns.texts, columns.opens) == (
        fresh.roles,
        fresh.chars,
        fresh.texts,
        fresh.opens,
    )
    assert read[i + 2].id == "app-own" and got[i + 1].id == "app-own"
    assert read[i + 3].id == f"m{i + 3}" and got[i + 2].id == f"m{i + 2}"


#: CI65's one failure of the property test below, in its own terms: the call of the first
#: exchange taken out (its result stays, an orphan repair takes out), then dicts inserted.
#: The refit reported the orphan at its old price, named by the call the Fitter's pricer
#: remembered (48, a fresh fit 45: "101 != 104" in CI; the same on main without splices).
ORPHANED_THEN_INSERTED = (
    15,
    [("delete", 0.21, 1), ("insert", 0.15, 4), ("drop", 0.71, 4), ("delete", 0.02, 2),
     ("insert", 0.61, 3)],
)  # fmt: skip


@given(
    n=st.integers(6, 40),
    steps=st.lists(
        st.tuples(
            st.sampled_from(["delete", "insert", "drop", "edit moved"]),
            st.floats(0.0, 1.0),
            st.integers(1, 4),
        ),
        min_size=1,
        max_size=8,
    ),
)
@example(*ORPHANED_THEN_INSERTED)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_splices_then_anything_decide_as_a_one_shot_fit(
    n: int, steps: list[tuple[str, float, int]]
) -> None:
    """The invariant: after any run of removals, insertions, sliding-window drops and edits
    of moved dicts, each refit sends and reports what a one-shot fit of the same list does,
    and every dropped message's size is its price in that list (or its estimate). Its
    examples are drawn derandomized (the suite's profile) and its checks hold no state
    across examples or tests (``wrong_sizes`` prices with a pricer of its own)."""
    run_splices(n, steps)


def run_splices(n: int, steps: list[tuple[str, float, int]]) -> None:
    """A Fitter fed ``history(n)`` then changed by ``steps``, each refit checked."""
    dicts = history(n)
    fitter = Fitter(MODEL, window=1500, max_output_tokens=RESERVE)
    _refit_small(fitter, dicts)
    for step, change in enumerate(steps):
        splice(dicts, step, *change)
        _refit_small(fitter, dicts)


def splice(dicts: list[dict[str, Any]], step: int, how: str, share: float, k: int) -> None:
    """One change of the app's list, in place, at ``share`` of it."""
    i = max(1, min(len(dicts) - 2, int(len(dicts) * share)))
    if how == "delete" and len(dicts) > k + 4:
        del dicts[i : i + k]
    elif how == "insert":
        dicts[i:i] = [{"role": "user", "content": f"put in {step} {j}"} for j in range(k)]
    elif how == "drop":
        users = [j for j, d in enumerate(dicts) if d["role"] == "user"]
        if len(users) > 2:
            del dicts[users[0] : users[1]]
    elif type(dicts[i].get("content")) is str:
        dicts[i]["content"] = dicts[i]["content"] + " (edited)" * k


def _refit_small(fitter: Fitter, dicts: list[dict[str, Any]]) -> None:
    got, res = outcome(lambda: fitter.fit(dicts))
    want, _ = outcome(
        lambda: fit(copy.deepcopy(dicts), MODEL, window=1500, max_output_tokens=RESERVE)
    )
    assert got == want
    if res is not None:
        assert wrong_sizes(res, dicts) == []


def test_a_splice_of_a_malformed_call_is_refused_as_a_fresh_fit_refuses_it() -> None:
    """A call whose id is not a string (unhashable) inserted or removed mid-history: the
    refit raises as a one-shot fit does (never a TypeError from the splice)."""
    dicts = history(30)
    fitter = Fitter(MODEL, window=1500, max_output_tokens=RESERVE)
    _refit_small(fitter, dicts)
    i = _text_at(dicts, 0.5)
    bad = {"id": ["x"], "type": "function", "function": {"name": "sh", "arguments": "{}"}}
    dicts.insert(i, {"role": "assistant", "content": None, "tool_calls": [bad]})
    _refit_small(fitter, dicts)
    del dicts[i]
    _refit_small(fitter, dicts)


@pytest.mark.parametrize("share", [0.2, 0.6])
def test_a_splice_with_results_appended_to_the_last_call_prices_that_call_anew(
    share: float,
) -> None:
    # R34-S1: a turn deleted mid-history in the same update as the results of the last
    # call arriving: the last moved unit grew, yet kept the sum it had alone, and the
    # refit sent more than its budget (a one-shot fit was within it)
    dicts = history(120)
    call = {"id": "call_late", "type": "function", "function": {"name": "grep", "arguments": "{}"}}
    dicts.append({"role": "assistant", "content": None, "tool_calls": [call]})
    fitter = Fitter(MODEL, window=WINDOW, max_output_tokens=RESERVE)
    fitter.fit(dicts)
    i = _text_at(dicts, share)
    k = next(j for j in range(i + 1, len(dicts)) if dicts[j]["role"] == "user")
    del dicts[i:k]
    found = "\n".join(f"src/module_{j}.py:{j}: cache.get(key) failed again" for j in range(90))
    dicts += [
        {"role": "tool", "tool_call_id": "call_late", "content": found},
        {"role": "user", "content": "what did grep find?"},
    ]
    got = _refit(fitter, dicts)
    assert got.report.used <= got.report.budget
