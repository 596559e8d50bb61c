"""What a refit read of the earlier history (the facts told in passing, the gists' scan, the
gist turns, the earlier requests pinned) is carried to a refit two or more updates later
when every update since kept those messages (``HistoryIndex.shared_since``): an agent's
refit that carries its pins reads none of it, and the refit after used to read it all again
(speed77). Sound: an edit made in any update since (in place, a replacement, a removal, an
insertion) before what was read is seen, and the refit sends and reports what a one-shot
fit of the same list does."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from builders import MODELS_BY_FORMAT, Dicts, appended_as, as_app_holds, chat_exchange, first_text
from contextledger.catalog import lookup_model
from contextledger.fit import Fitter, fit
from contextledger.fit.anchors import _told_candidates
from contextledger.fit.units import HistoryIndex
from contextledger.model import Message
from contextledger.pricing.messages import Pricer
from test_fit_refit_invariant import _decisions

WINDOW, RESERVE = 6_000, 500
FACTS = (
    "My flatmate Rohan moves out on the 14th.",
    "The storage unit code is 4471.",
    "My manager Ines signs off on anything over 500 euros.",
)


def _exchange(t: int, fail: bool = False) -> Dicts:
    lines = [f"inspect {t} line {r}: fine" for r in range(18)]
    if fail:
        lines += ["Traceback (most recent call last):", f"ValueError: shelf_{t} is empty"]
    return chat_exchange(f"step_{t}", "inspect", {"n": t}, "\n".join(lines))


def _session(turns: int) -> Dicts:
    """Chat dicts: facts told in passing among requests, failing and passing tool
    exchanges, then an agent at work on the current request."""
    dicts: Dicts = [{"role": "system", "content": "You help run a small warehouse."}]
    for t in range(turns):
        ask = FACTS[t // 4 % len(FACTS)] if t % 4 == 1 else f"Count the boxes on shelf {t}."
        dicts.append({"role": "user", "content": ask})
        if t % 2 == 0:
            dicts.extend(_exchange(t, fail=t % 6 == 0))
        dicts.append({"role": "assistant", "content": f"Shelf {t} holds {t * 7 % 40} boxes."})
    dicts.append({"role": "user", "content": "Now reorder everything that runs low."})
    for t in range(8):
        dicts.extend(_exchange(100 + t))
    return dicts


def _appended(fmt: str, t: int) -> Dicts:
    return appended_as(fmt, _exchange(t))


def _fact_at(items: Dicts) -> int:
    """Where the first fact told in passing is in the format's list."""
    for i, d in enumerate(items):
        found = first_text(d)
        if found is not None and found[0][found[1]] == FACTS[0]:
            return i
    raise AssertionError("no fact")


NEW_FACT = "My flatmate Ottoline moves out on the 9th."


def _edit(items: Dicts) -> None:
    holder, key = first_text(items[_fact_at(items)])  # type: ignore[misc]
    holder[key] = NEW_FACT


def _replace(items: Dicts) -> None:
    at = _fact_at(items)
    items[at] = copy.deepcopy(items[at])
    holder, key = first_text(items[at])  # type: ignore[misc]
    holder[key] = NEW_FACT


def _remove(items: Dicts) -> None:
    at = _fact_at(items)
    del items[at : at + 2]  # the fact and the answer after it


def _insert(items: Dicts) -> None:
    at = _fact_at(items)
    items[at:at] = copy.deepcopy(items[at : at + 2])
    holder, key = first_text(items[at])  # type: ignore[misc]
    holder[key] = NEW_FACT


EDITS: dict[str, Callable[[Dicts], None]] = {
    "edited in place": _edit,
    "replaced": _replace,
    "removed": _remove,
    "inserted": _insert,
}


@pytest.mark.parametrize("fmt", list(MODELS_BY_FORMAT))
@pytest.mark.parametrize("edit", list(EDITS))
@pytest.mark.parametrize("at", [1, 2])
def test_a_fact_told_earlier_changed_while_an_agent_appends_is_read_as_it_now_is(
    fmt: str, edit: str, at: int
) -> None:
    # the refits carry their pins (the current request stays); the fact is changed in the
    # ``at``-th of them, and each refit after is compared with a fit done once
    body, items = as_app_holds(fmt, _session(30))
    fitter = Fitter(MODELS_BY_FORMAT[fmt], window=WINDOW, max_output_tokens=RESERVE)
    first = fitter.fit(body)
    assert FACTS[0] in repr(first.messages)  # (told in passing, pinned once dropped)
    for t in range(5):
        items.extend(_appended(fmt, t))
        if t == at:
            EDITS[edit](items)
        got = fitter.fit(body)
        want = fit(
            copy.deepcopy(body), MODELS_BY_FORMAT[fmt], window=WINDOW, max_output_tokens=RESERVE
        )
        assert _decisions(got) == _decisions(want), (fmt, edit, t)
        assert got.report.used <= got.report.budget
        if edit != "removed":
            assert (NEW_FACT in repr(got.messages)) == (t >= at), (fmt, edit, t)


def _index_of(texts: list[str]) -> list[Message]:
    return [
        Message.user(x, id=f"m{i}") if i % 2 == 0 else Message.assistant(x, id=f"m{i}")
        for i, x in enumerate(texts)
    ]


def test_shared_since_is_the_least_every_update_since_kept() -> None:
    pricer = Pricer.for_model(lookup_model("gpt-4o"))
    body = _index_of([f"turn {i}" for i in range(10)])
    index = HistoryIndex()
    index.update(body, pricer)
    first = index.updates
    assert index.shared_since(first) == len(body)  # (this update: all of it)
    body = [*body, *_index_of(["a", "b"])]  # an append keeps every message before
    body[10:] = [Message.user("more", id="n0"), Message.assistant("ok", id="n1")]
    index.update(body, pricer)
    assert index.shared_since(first) == 10
    edited = list(body)
    edited[3] = Message.assistant("turn 3, edited", id="m3")  # an edit at 3
    index.update(edited, pricer)
    index.update([*edited, Message.user("again", id="n2")], pricer)  # then an append
    assert index.shared_since(first) == 3  # (the least since: the edit's)
    assert index.shared_since(index.updates - 1) == len(edited)
    for _ in range(40):  # (long ago: still the least since, speed138)
        index.update([*edited, Message.user("again", id="n2")], pricer)
    assert index.shared_since(first) == 3


PLAIN = "count the boxes on the top shelf again please"
TOLD = "My neighbour Priya borrowed the ladder on the 3rd."


@pytest.mark.parametrize("fmt", list(MODELS_BY_FORMAT))
def test_a_turn_edited_while_no_facts_were_read_is_read_again_after(fmt: str) -> None:
    # the current turn's results outgrow the run kept (no facts told in passing are pinned
    # then, nor read) while the app turns an earlier plain request into a fact; once the
    # big result is cut down in place, the fact is read as it now is: what was read two
    # updates ago is stale
    dicts = _session(30)
    plain = [i for i, d in enumerate(dicts) if d.get("content") == "Count the boxes on shelf 2."]
    dicts[plain[0]]["content"] = PLAIN
    body, items = as_app_holds(fmt, dicts)
    fitter = Fitter(MODELS_BY_FORMAT[fmt], window=WINDOW, max_output_tokens=RESERVE)
    fitter.fit(body)
    items.extend(_appended(fmt, 50))
    big = items[-1]
    holder, key = first_text(big) or (None, "")
    if holder is None:  # (Anthropic and Gemini results hold their text deeper)
        holder, key = _deep_text(big)
    short = holder[key]
    holder[key] = "\n".join(f"row {r}: " + "x" * 60 for r in range(900))  # ~15k tokens
    at = next(i for i, d in enumerate(items) if PLAIN in json.dumps(d))
    plain_holder, plain_key = _deep_text(items[at])
    steps = [
        lambda: plain_holder.__setitem__(plain_key, TOLD),
        lambda: holder.__setitem__(key, short),
        lambda: items.extend(_appended(fmt, 51)),
    ]
    for step in steps:
        step()
        got = fitter.fit(body)
        want = fit(
            copy.deepcopy(body), MODELS_BY_FORMAT[fmt], window=WINDOW, max_output_tokens=RESERVE
        )
        assert _decisions(got) == _decisions(want), fmt
        assert got.report.used <= got.report.budget


def _deep_text(d: Any) -> tuple[dict[str, Any], str]:
    """The dict and key of the first non-empty text leaf in ``d`` (any depth)."""
    stack = [d]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            for k, v in x.items():
                if isinstance(v, str) and k in ("content", "text", "output") and v.strip():
                    return x, k
                if isinstance(v, dict | list):
                    stack.append(v)
        elif isinstance(x, list):
            stack.extend(reversed(x))
    raise AssertionError(d)


def test_the_facts_read_two_updates_ago_are_read_again_after_an_edit_between() -> None:
    # an update that read no facts (a refit carrying its pins) but found an earlier turn
    # changed: the next update's reading of the facts is that of the history as it now is
    pricer = Pricer.for_model(lookup_model("gpt-4o"))
    texts = [PLAIN if i % 4 == 0 else f"Shelf {i} is fine." for i in range(40)]
    body = _index_of(texts)
    index = HistoryIndex()
    index.update(body, pricer)
    assert not [c for c in _told_candidates(index, 30) if c[1] == 0]  # (no fact told yet)
    edited = list(body)
    edited[0] = Message.user(TOLD, id="m0")  # a plain request turned into a fact
    index.update(edited, pricer)  # (read nothing: the pins were carried)
    index.update([*edited, Message.assistant("ok", id="n0")], pricer)
    fresh = HistoryIndex()
    fresh.update([*edited, Message.assistant("ok", id="n0")], pricer)
    assert _told_candidates(index, 30) == _told_candidates(fresh, 30)
    assert [c for c in _told_candidates(index, 30) if c[1] == 0]
