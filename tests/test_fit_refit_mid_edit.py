"""A refit after an edit in the middle of a long list reads again only what changed: the
request texts it has read before are not classified again (``Steering.remember``), and the
skeletons of the dicts after the edit that still hold what they held are kept
(``source._renew_skeletons``); it decides as a one-shot fit does."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from contextledger.fit import Fitter, fit, steering
from contextledger.fit.source import DictSource, _renew_skeletons
from test_fit_refit_invariant import MODEL, RESERVE, _decisions, history, wrong_sizes

RULES = [
    "Actually, use Redis not Memcached.",
    "Never touch src/payments/ please.",
    "To be clear, the goal is a green build today.",
    "ok keep going",
]


def _session(n: int) -> list[dict[str, Any]]:
    dicts = history(n)
    for i, d in enumerate(dicts):
        if d["role"] == "user" and type(d["content"]) is str and i % 5 == 0:
            d["content"] = RULES[i % len(RULES)] + f" (turn {i})"
    return dicts


class Reads:
    """The texts the classification is asked to read."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[str] = []
        rules, restating = steering.steering_requests, steering.restating_requests

        # (as the readers take them: the texts, then what else the fit hands over, such as
        # the texts it found with no letter to read: speed82's read failed under this spy)
        def read_rules(texts: list[str], *more: Any, **given: Any) -> Any:
            self.texts += texts
            return rules(texts, *more, **given)

        def read_restating(texts: list[str], *more: Any, **given: Any) -> Any:
            self.texts += texts
            return restating(texts, *more, **given)

        monkeypatch.setattr(steering, "steering_requests", read_rules)
        monkeypatch.setattr(steering, "restating_requests", read_restating)


def _same_as_fresh(
    fitter: Fitter, dicts: list[dict[str, Any]], window: int, reads: Reads | None = None
) -> list[str]:
    """Refit, check it against a one-shot fit; the texts the refit read (with ``reads``)."""
    got = fitter.fit(dicts)
    read = list(reads.texts) if reads is not None else []
    want = fit(copy.deepcopy(dicts), MODEL, window=window, max_output_tokens=RESERVE)
    assert _decisions(got) == _decisions(want)
    assert wrong_sizes(got, dicts) == []
    return read


@pytest.mark.parametrize("where", [0.1, 0.5, 0.9])
def test_an_edit_in_the_middle_reads_only_the_edited_request_again(
    monkeypatch: pytest.MonkeyPatch, where: float
) -> None:
    window = 6000
    dicts = _session(160)
    fitter = Fitter(MODEL, window=window, max_output_tokens=RESERVE)
    fitter.fit(dicts)
    reads = Reads(monkeypatch)
    i = next(
        j
        for j in range(int(len(dicts) * where), len(dicts))
        if dicts[j]["role"] == "user" and type(dicts[j]["content"]) is str
    )
    dicts[i]["content"] = "Actually, no: use Postgres for the queue, not Redis."
    read = _same_as_fresh(fitter, dicts, window, reads)
    # the edited text at most (a text read before is recalled, wherever it now sits)
    assert all(t == dicts[i]["content"] for t in read)
    # and a removal before it moves every request: still none read again
    del dicts[3]
    reads.texts.clear()
    assert _same_as_fresh(fitter, dicts, window, reads) == []


def test_a_fit_done_once_remembers_no_text(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[steering.Steering] = []
    init = steering.Steering.__init__

    def spy(self: steering.Steering, *args: Any) -> None:
        init(self, *args)
        made.append(self)

    monkeypatch.setattr(steering.Steering, "__init__", spy)
    fit(_session(120), MODEL, window=3000, max_output_tokens=RESERVE)
    assert made and all(not s.remember and not s._known for s in made)


def test_the_texts_remembered_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(steering, "_KNOWN_MOST", 8)
    window = 6000
    dicts = _session(160)
    fitter = Fitter(MODEL, window=window, max_output_tokens=RESERVE)
    fitter.fit(dicts)
    for k in range(4):
        dicts[40 + 10 * k]["content"] = f"Actually, use plan {k} instead."
        _same_as_fresh(fitter, dicts, window)
    known = fitter._memory.index.requests_read._known
    assert len(known) <= 8


def test_skeletons_after_an_edit_are_kept_unless_their_dict_changed() -> None:
    dicts: list[dict[str, Any]] = [{"role": "user", "content": f"q{i}"} for i in range(6)]
    skeletons = [dict(d) for d in dicts]
    old = list(skeletons)
    dicts[1]["content"] = "edited"
    dicts[4] = {"role": "user", "content": "replaced"}
    _renew_skeletons(skeletons, dicts, 1)
    assert skeletons == dicts
    assert [a is b for a, b in zip(skeletons, old, strict=True)] == [
        True, False, True, True, False, True
    ]  # fmt: skip
    # a longer and a shorter list
    _renew_skeletons(skeletons, [*dicts, {"role": "user", "content": "new"}], 2)
    assert skeletons == [*dicts, {"role": "user", "content": "new"}]
    _renew_skeletons(skeletons, dicts[:3], 2)
    assert skeletons == dicts[:3]


def test_two_edits_at_once_then_an_edit_in_place_of_the_later_one_are_seen() -> None:
    """The later of two dicts edited between refits gets a new skeleton (it no longer holds
    what the old one held), so an edit of it in place afterwards is seen too."""
    window = 3000
    dicts = _session(80)
    fitter = Fitter(MODEL, window=window, max_output_tokens=RESERVE)
    fitter.fit(dicts)
    late = len(dicts) - 6
    while dicts[late]["role"] != "user" or type(dicts[late]["content"]) is not str:
        late -= 1
    dicts[10]["content"] = "an early edit"
    dicts[late]["content"] = "a late edit " + "word " * 200
    _same_as_fresh(fitter, dicts, window)
    dicts[late]["content"] = "short"  # in place, the list otherwise unchanged
    _same_as_fresh(fitter, dicts, window)
    source = fitter._memory.source
    assert isinstance(source, DictSource) and source._skeletons == dicts


def test_a_unit_kept_shortened_remembers_a_few_shares_not_one_per_share_ever() -> None:
    """A big tool result kept shortened to a share of the room left is made once per share,
    and a unit keeps its last few shares (``_SHARES_KEPT``): keyed by share, the index's
    memo held one shortened copy per share the room ever gave it (it grew every refit the
    room moved); each refit still decides as a one-shot fit."""
    from contextledger.fit import selection

    window = 4000
    dicts = history(20)
    dicts += _big_exchange()
    fitter = Fitter(MODEL, window=window, max_output_tokens=RESERVE)
    shares: set[int] = set()
    for k in range(14):
        # a request of another size each turn: the room left for the big result moves over
        # five shares (640-1280), with or without gists of the earlier exchanges pinned
        dicts.append({"role": "user", "content": "more " * (20 + 200 * (k % 9))})
        _same_as_fresh(fitter, dicts, window)
        memo = fitter._memory.index._memo
        assert not [key for key in memo if key[1].startswith("shortened") and key[1] != "shortened"]
        for key, (_, kept) in memo.items():
            if key[1] == "shortened":
                assert isinstance(kept, dict) and len(kept) <= selection._SHARES_KEPT
                shares |= set(kept)
        dicts.pop()
    assert len(shares) > selection._SHARES_KEPT  # (the room moved over more shares than kept)


def _big_exchange() -> list[dict[str, Any]]:
    call = {"id": "big", "type": "function", "function": {"name": "sh", "arguments": "{}"}}
    log = "".join(f"line {i}: service answered 200 in {i % 97} ms\n" for i in range(900))
    return [
        {"role": "user", "content": "get the logs"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "big", "content": log},
    ]


def test_when_the_cut_moves_back_the_drops_are_taken_from_the_fit_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The newest request taken back or its big tool result cut short: the cut moves back,
    and the drops (the first of those dropped last fit) are taken from the last fit's, not
    made again; the report is a one-shot fit's, also after more cut-backs in a row than
    are taken (``_MOST_DEPTH``) with no report read in between."""
    import importlib

    drops = importlib.import_module("contextledger.fit.drops")
    taken: list[int] = []
    fewer = drops._fewer

    def spy(index: Any, units: Any, before: Any) -> Any:
        taken.append(len(units))
        return fewer(index, units, before)

    monkeypatch.setattr(drops, "_fewer", spy)
    window = 3000
    dicts = history(80)
    fitter = Fitter(MODEL, window=window, max_output_tokens=RESERVE)
    _same_as_fresh(fitter, dicts, window)
    results = []
    for k in range(drops._MOST_DEPTH + 3):
        ask = f"and the logs? {k} " + "words " * (40 * (k % 3 + 1))
        dicts += [_big_exchange()[0], {"role": "user", "content": ask}]
        results.append((fitter.fit(dicts), copy.deepcopy(dicts)))
        del dicts[-1]  # taken back: the cut moves back
        dicts[-1]["content"] = f"short {k}"
        results.append((fitter.fit(dicts), copy.deepcopy(dicts)))
    assert taken  # (the cut moved back, and the drops were taken)
    for got, then in results:  # read only now
        want = fit(then, MODEL, window=window, max_output_tokens=RESERVE)
        assert _decisions(got) == _decisions(want)
        assert wrong_sizes(got, then) == []
