"""Refits of an app's list of dicts after edits that move tool exchanges, and one-shot fits
whose report is made when read (session 18: the columns and the index keep their positions
in machine-integer arrays and sorted lists; the kept Changes of a one-shot fit are made
when the report is first read)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from builders import data_url, openai_tool_call, openai_tool_result, png
from contextledger import Fitter, fit


def _session(turns: int) -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = [{"role": "system", "content": "You help with builds."}]
    for i in range(turns):
        msgs.append({"role": "user", "content": f"check build {i}, and never skip the linter"})
        if i % 2:
            msgs.append(openai_tool_call(f"c{i}", "shell", {"cmd": f"make {i}"}))
            msgs.append(openai_tool_result(f"c{i}", f"build {i} ok\n" * 20))
        msgs.append({"role": "assistant", "content": f"build {i} is fine"})
    return msgs


def _same_as_a_fresh_fit(fitter: Fitter, msgs: list[dict[str, Any]], window: int) -> None:
    got = fitter.fit(msgs)
    want = fit(copy.deepcopy(msgs), "gpt-4o", window=window, max_output_tokens=500)
    assert got.report.used == want.report.used
    assert got.report.kept == want.report.kept
    assert [m.content for m in got.messages] == [m.content for m in want.messages]
    # (the drops' sizes may differ: a refit knows exact prices a fresh fit only estimates)
    kept = [c for c in got.report.changes if c.action == "kept"]
    assert kept == [c for c in want.report.changes if c.action == "kept"]


def _turn_tool_call_into_text(msgs: list[dict[str, Any]]) -> None:
    # the first tool exchange becomes a plain answer (its call and result taken out)
    at = next(i for i, d in enumerate(msgs) if d.get("tool_calls"))
    msgs[at : at + 2] = [{"role": "assistant", "content": "I ran it myself."}]


def _turn_text_into_tool_call(msgs: list[dict[str, Any]]) -> None:
    at = next(i for i, d in enumerate(msgs) if d["role"] == "assistant" and d.get("content"))
    msgs[at : at + 1] = [
        openai_tool_call("late", "shell", {"cmd": "make again"}),
        openai_tool_result("late", "ok"),
    ]


@pytest.mark.parametrize("window", [2_000, 60_000])
@pytest.mark.parametrize("edit", [_turn_tool_call_into_text, _turn_text_into_tool_call])
def test_a_refit_after_an_edit_that_moves_tool_exchanges_equals_a_fresh_fit(
    window: int, edit: Any
) -> None:
    msgs = _session(120)
    fitter = Fitter("gpt-4o", window=window, max_output_tokens=500)
    fitter.fit(msgs)
    msgs.append({"role": "user", "content": "and now?"})
    _same_as_a_fresh_fit(fitter, msgs, window)
    edit(msgs)
    _same_as_a_fresh_fit(fitter, msgs, window)
    # then appends, a tool exchange among them, are read as appends again
    msgs.append(openai_tool_call("new", "shell", {"cmd": "make test"}))
    msgs.append(openai_tool_result("new", "all passed"))
    msgs.append({"role": "user", "content": "good, ship it"})
    _same_as_a_fresh_fit(fitter, msgs, window)


def test_a_one_shot_fit_reports_every_kept_message_at_its_price() -> None:
    msgs = _session(200)
    res = fit(msgs, "gpt-4o", window=3_000, max_output_tokens=500)
    kept = [c for c in res.report.changes if c.action == "kept"]
    assert [c.message_id for c in kept] == list(res.report.kept)
    assert sum(c.tokens_after for c in kept) == res.report.text_tokens + res.report.image_tokens
    # the same report as a Fitter's, whose kept Changes are reused from fit to fit
    fitted = Fitter("gpt-4o", window=3_000, max_output_tokens=500).fit(msgs)
    assert fitted.report.changes == res.report.changes


def test_drops_around_pinned_requests_are_reported_once_each() -> None:
    # the session's goal is pinned far back: the drops run around it, in two spans
    msgs = _session(300)
    msgs[1]["content"] = "Goal: migrate the build to Bazel, keeping every target green."
    res = fit(msgs, "gpt-4o", window=2_500, max_output_tokens=500)
    dropped = [
        c.message_id for c in res.report.changes if c.action == "dropped" and c.block is None
    ]
    assert len(dropped) == len(set(dropped))
    assert set(dropped).isdisjoint(res.report.kept)
    ids = [m.id for m in fit(msgs, "gpt-4o", window=128_000).messages]
    gists = [k for k in res.report.kept if k.startswith("gist-")]
    assert set(gists) <= set(res.report.pinned)
    assert sorted(ids[1:], key=ids.index) == sorted(
        [*dropped, *(k for k in res.report.kept if k != ids[0] and k not in gists)], key=ids.index
    )
    # (the gists of earlier tool exchanges are new turns, each reported pinned: their
    # exchanges are among the drops)
    assert all(k.removeprefix("gist-") in dropped for k in gists)


def _screenshot_turn(i: int) -> list[dict[str, Any]]:
    url = data_url(png(64 + i, 48, "white"))
    return [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": f"what changed on screen {i}?"},
                {"type": "image_url", "image_url": {"url": url}},
            ],
        },
        {"role": "assistant", "content": f"screen {i}: nothing new"},
    ]


def test_a_refit_that_crosses_a_request_image_limit_cuts_as_a_fresh_fit_does() -> None:
    # this model takes 3 images a request: a refit whose kept messages were within the
    # limits last time (what it remembers of each) must still see the appended ones
    model, window = "gemini-2.5-flash-image", 30_000
    msgs: list[dict[str, Any]] = [{"role": "system", "content": "You watch a screen."}]
    for i in range(2):
        msgs += _screenshot_turn(i)
    msgs.append({"role": "user", "content": "anything else?"})
    fitter = Fitter(model, window=window, max_output_tokens=500)
    first = fitter.fit(msgs)
    assert not [c for c in first.report.changes if c.action == "replaced"]
    for i in range(2, 6):
        msgs += _screenshot_turn(i)
        got = fitter.fit(msgs)
        want = fit(copy.deepcopy(msgs), model, window=window, max_output_tokens=500)
        assert [m.content for m in got.messages] == [m.content for m in want.messages]
        assert got.report.used == want.report.used
    replaced = [c for c in got.report.changes if c.action == "replaced"]
    assert len(replaced) == 3  # six images, the newest three sent
