"""An earlier dict edited or replaced in place (the list keeps its length) is patched into
the history index: only it is noted and priced again, every later message keeps its price,
its unit and what was read of it (speed52: an edit made the index forget everything after
it, so the refit priced and read again the whole kept run). An edit that changes how
messages group (a role, tool calls, a recap) or a shape only the whole read takes is read
again from there, as before; either way the refit decides as a one-shot fit does."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from contextledger.fit import Fitter, fit, source
from contextledger.fit.lazy import DictColumns
from contextledger.fit.units import HistoryIndex
from test_fit_refit_invariant import MODEL, RESERVE, PNG_1x1, _decisions, history, wrong_sizes

WINDOW = 6000


class Patches:
    """The index patches made, and the messages each refit priced (by position)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, mine: HistoryIndex) -> None:
        self.patched: list[tuple[int, int]] = []
        self.priced: list[int] = []
        patch, price = HistoryIndex._patch, HistoryIndex._price

        def spy_patch(index: HistoryIndex, body: Any, lo: int, hi: int) -> Any:
            if index is mine:
                self.patched.append((lo, hi))
            return patch(index, body, lo, hi)

        def spy_price(index: HistoryIndex, start: int, end: int, *args: Any, **kw: Any) -> None:
            if index is not mine:  # (a one-shot fit's)
                return price(index, start, end, *args, **kw)
            unpriced = [i for i in range(len(index.priced)) if not index.priced[i]]
            price(index, start, end, *args, **kw)
            self.priced += [i for i in unpriced if index.priced[i]]
            return None

        monkeypatch.setattr(HistoryIndex, "_patch", spy_patch)
        monkeypatch.setattr(HistoryIndex, "_price", spy_price)

    def clear(self) -> None:
        self.patched.clear()
        self.priced.clear()


def _refit(fitter: Fitter, dicts: list[dict[str, Any]]) -> Any:
    got = fitter.fit(dicts)
    want = fit(copy.deepcopy(dicts), MODEL, window=WINDOW, max_output_tokens=RESERVE)
    assert _decisions(got) == _decisions(want)
    assert wrong_sizes(got, dicts) == []
    return got


def _text_at(dicts: list[dict[str, Any]], share: float, role: str = "user") -> int:
    return next(
        i
        for i in range(int(len(dicts) * share), len(dicts))
        if dicts[i]["role"] == role and type(dicts[i]["content"]) is str
    )


@pytest.mark.parametrize("share", [0.3, 0.8, 0.97])
@pytest.mark.parametrize("how", ["edit", "replace", "edit and append"])
def test_an_edit_in_place_reprices_only_the_edited_message(
    monkeypatch: pytest.MonkeyPatch, share: float, how: str
) -> None:
    dicts = history(120)
    fitter = Fitter(MODEL, window=WINDOW, max_output_tokens=RESERVE)
    first = fitter.fit(dicts)
    index = fitter._memory.index
    made_before = list(index.made_units)
    priced_before = {p for p in range(len(index.priced)) if index.priced[p]}
    spy = Patches(monkeypatch, index)
    i = _text_at(dicts, share)
    if how == "replace":
        dicts[i] = {"role": "user", "content": "a replaced request, much longer " * 9}
    else:
        dicts[i]["content"] += " (edited: and use the staging cluster)"
    if how == "edit and append":
        dicts.append({"role": "user", "content": "and one more thing"})
    _refit(fitter, dicts)
    at = i - 1  # (the index's positions are the history's, after the system prompt)
    assert spy.patched == [(at, at + 1)]
    # no message after the edit is priced again (a message never priced before may be, if
    # the fit now asks for it); the kept run was priced before
    assert priced_before & {p for p in spy.priced if p > at} == set()
    assert len(priced_before) > 50
    # the units after the edit made before are the very same (and what was read of them)
    later = range(index.unit_of(at) + 1, len(made_before))
    before = [k for k in later if made_before[k] is not None]
    assert before and all(index.made_units[k] is made_before[k] for k in before)
    assert first.report.used != 0


@pytest.mark.parametrize("how", ["role", "calls", "recap", "image", "two far apart"])
def test_an_edit_that_changes_the_grouping_or_the_shape_is_read_again_from_there(
    monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    dicts = history(80)
    fitter = Fitter(MODEL, window=WINDOW, max_output_tokens=RESERVE)
    fitter.fit(dicts)
    index = fitter._memory.index
    spy = Patches(monkeypatch, index)
    i = _text_at(dicts, 0.5)
    d = dicts[i]
    if how == "role":
        d["role"] = "assistant"
    elif how == "calls":
        j = _text_at(dicts, 0.5, "assistant")
        call = {"id": "late", "type": "function", "function": {"name": "sh", "arguments": "{}"}}
        dicts[j]["tool_calls"] = [call]
    elif how == "recap":
        d["content"] = "Compacted summary of earlier conversation:\n" + d["content"]
    elif how == "image":  # (a new shape, noted again in place: its grouping is the same)
        d["content"] = [
            {"type": "text", "text": d["content"]},
            {"type": "image_url", "image_url": {"url": PNG_1x1}},
        ]
    else:  # more than the index patches at once: read again from the first
        d["content"] += " (edited)"
        far = dicts[-2] if dicts[-2]["role"] != "tool" else dicts[-3]
        far["content"] = str(far["content"]) + " (edited)"
        monkeypatch.setattr(source, "_PATCHED_AT_MOST", 3)
    _refit(fitter, dicts)
    if how == "image":
        assert spy.patched == [(i - 1, i)]
    else:
        assert spy.patched == []
    # and the next refit, an append, stays incremental and right
    dicts.append({"role": "user", "content": "next"})
    priced_before = {p for p in range(len(index.priced)) if index.priced[p]}
    spy.clear()
    _refit(fitter, dicts)
    assert priced_before & set(spy.priced) == set()


def test_rescan_refuses_what_would_change_other_positions() -> None:
    dicts = history(20)
    columns = DictColumns(dicts)
    assert columns.scan(0)
    roles, chars = list(columns.roles), list(columns.chars)
    i = next(k for k in range(5, len(dicts)) if dicts[k]["role"] == "user")
    dicts[i] = {"role": "assistant", "content": "now an answer"}
    assert not columns.rescan(i, i + 1)  # (a role changed: the grouping may change)
    assert columns.roles == roles and columns.chars == chars  # (left as it was)
    dicts[i] = {"role": "user", "content": "x" * 77}
    assert columns.rescan(i, i + 1)
    assert columns.chars[i] == 77 and columns.texts[i] == "x" * 77
    assert columns.roles == roles
    fresh = DictColumns(dicts)
    assert fresh.scan(0)
    assert (fresh.roles, fresh.chars, fresh.texts, fresh.opens, fresh.images) == (
        columns.roles,
        columns.chars,
        columns.texts,
        columns.opens,
        columns.images,
    )
    # an "id" key the app adds is the message's id, as a fresh scan notes it
    dicts[i] = {"role": "user", "content": "named", "id": "app-7"}
    assert columns.rescan(i, i + 1)
    assert columns.id_of(i) == "app-7"
    fresh = DictColumns(dicts)
    assert fresh.scan(0)
    assert columns.app_ids == fresh.app_ids
    assert list(columns.app_ids) == sorted(columns.app_ids)
