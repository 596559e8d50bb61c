"""An agent's refit, whose current request stays while its calls and results are appended
after it, pins the earlier requests it pinned last time without pinning them anew, and
finds the turns of the gists it pinned before without looking at their messages again
(speed74); what it sends and reports is still what a one-shot fit of the same list sends
and reports, whatever the app changed before: a rule edited in place, a request replaced,
removed or inserted, the first tool call of the history appended, a failure's output
rewritten in place, items swapped."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from builders import MODELS_BY_FORMAT, Dicts, appended_as, as_app_holds, chat_exchange, first_text
from contextledger.fit import Fitter, fit
from test_fit_refit_invariant import _decisions

WINDOW, RESERVE = 4_000, 500
RULES = (
    "Never deploy on Fridays.",
    "Always keep the staging database read-only.",
    "Actually the cutoff is 02:00 UTC, not midnight.",
    "Keep every log line under 120 characters.",
)


def _session(turns: int, calls: bool = True) -> Dicts:
    """OpenAI Chat dicts: the user's rules and requests, the assistant's calls (if
    ``calls``) and answers, long enough that the window drops the older turns."""
    dicts: Dicts = [{"role": "system", "content": "You run the release train."}]
    for t in range(turns):
        ask = RULES[t // 3 % len(RULES)] if t % 3 == 0 else f"Check release {t} of service {t % 5}."
        dicts.append({"role": "user", "content": ask})
        if calls and t % 2:
            call = {
                "id": f"call_{t}",
                "type": "function",
                "function": {"name": "read_log", "arguments": json.dumps({"release": t})},
            }
            dicts.append({"role": "assistant", "content": None, "tool_calls": [call]})
            log = "\n".join(f"release {t} step {r}: ok in {r * 7 % 13}s" for r in range(30))
            dicts.append({"role": "tool", "tool_call_id": call["id"], "content": log})
        dicts.append({"role": "assistant", "content": f"Release {t} looks fine. " * 12})
    dicts.append({"role": "user", "content": "Now roll release 41 out to every region."})
    for t in range(12 if calls else 0):  # (an agent at work on it: the run kept moves on)
        dicts.extend(_exchange(100 + t))
    return dicts


def _exchange(t: int) -> Dicts:
    """A call and its result, as an agent appends them after the current request."""
    out = "\n".join(f"check {t} line {r}: exit {r % 2}" for r in range(25))
    return chat_exchange(f"late_{t}", "run_check", {"n": t}, out)


def _appended(fmt: str, t: int) -> Dicts:
    """A call and its result in ``fmt``, as an agent appends them."""
    return appended_as(fmt, _exchange(t))


def _one_shot(fmt: str, body: Any) -> Any:
    return fit(copy.deepcopy(body), MODELS_BY_FORMAT[fmt], window=WINDOW, max_output_tokens=RESERVE)


def _first_text(d: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The dict holding the first text of item ``d`` (any format), and its key."""
    found = first_text(d)
    if found is None:
        raise AssertionError(d)
    return found


def _rule_positions(items: Dicts) -> list[int]:
    """Where the user's rules are in the format's list."""
    found = []
    for i, d in enumerate(items):
        text = first_text(d)
        if d.get("role") == "user" and text is not None and text[0][text[1]] in RULES:
            found.append(i)
    return found


def _edit_rule(items: Dicts) -> None:
    holder, key = _first_text(items[_rule_positions(items)[1]])
    holder[key] = "Never touch the payments service without a second reviewer."


def _replace_rule(items: Dicts) -> None:
    at = _rule_positions(items)[1]
    items[at] = copy.deepcopy(items[at])
    holder, key = _first_text(items[at])
    holder[key] = "Rollbacks need the on-call engineer's sign-off."


def _remove_rule(items: Dicts) -> None:
    at = _rule_positions(items)[1]
    del items[at : at + 2]  # the rule and the answer after it


def _insert_rule(items: Dicts) -> None:
    at = _rule_positions(items)[1]
    items[at:at] = copy.deepcopy(items[at : at + 2])


EDITS: dict[str, Callable[[Dicts], None]] = {
    "edited in place": _edit_rule,
    "replaced": _replace_rule,
    "removed": _remove_rule,
    "inserted": _insert_rule,
}


@pytest.mark.parametrize("fmt", list(MODELS_BY_FORMAT))
@pytest.mark.parametrize("edit", list(EDITS))
def test_an_earlier_request_changed_while_calls_are_appended_is_pinned_as_it_now_is(
    fmt: str, edit: str
) -> None:
    body, items = as_app_holds(fmt, _session(40))
    fitter = Fitter(MODELS_BY_FORMAT[fmt], window=WINDOW, max_output_tokens=RESERVE)
    first = fitter.fit(body)
    assert first.report.pinned  # (earlier requests are pinned: the window drops turns)
    for t in range(6):
        items.extend(_appended(fmt, t))
        if t == 3:
            EDITS[edit](items)
        got, want = fitter.fit(body), _one_shot(fmt, body)
        assert _decisions(got) == _decisions(want), (fmt, edit, t)
        assert got.report.used <= got.report.budget


@pytest.mark.parametrize("fmt", list(MODELS_BY_FORMAT))
def test_the_first_call_of_a_history_appended_after_the_current_request(fmt: str) -> None:
    # (whether the assistant acted on a request is asked only of a history with calls)
    body, items = as_app_holds(fmt, _session(40, calls=False))
    fitter = Fitter(MODELS_BY_FORMAT[fmt], window=WINDOW, max_output_tokens=RESERVE)
    fitter.fit(body)
    for t in range(3):
        items.extend(_appended(fmt, t))
        got, want = fitter.fit(body), _one_shot(fmt, body)
        assert _decisions(got) == _decisions(want), (fmt, t)


def _failing_agent(turns: int) -> Dicts:
    """Chat dicts of an agent whose checks fail now and then (their gists are pinned once
    the window drops them), then at work on the last request."""
    dicts: Dicts = [{"role": "system", "content": "You keep the nightly jobs green."}]
    for t in range(turns):
        dicts.append({"role": "user", "content": f"Run the nightly job {t} and report."})
        call = {
            "id": f"job_{t}",
            "type": "function",
            "function": {"name": "run_job", "arguments": json.dumps({"job": t})},
        }
        dicts.append({"role": "assistant", "content": None, "tool_calls": [call]})
        lines = [f"job {t} step {r}: ok" for r in range(20)]
        if t % 3 == 0:
            lines += ["Traceback (most recent call last):", f"KeyError: 'column_{t}'"]
        dicts.append({"role": "tool", "tool_call_id": call["id"], "content": "\n".join(lines)})
        dicts.append({"role": "assistant", "content": f"Job {t} done. " * 10})
    dicts.append({"role": "user", "content": "Now rerun every failed job."})
    for t in range(10):
        dicts.extend(_exchange(200 + t))
    return dicts


@pytest.mark.parametrize("fmt", list(MODELS_BY_FORMAT))
def test_an_earlier_failure_edited_in_place_is_pinned_as_it_now_reads(fmt: str) -> None:
    body, items = as_app_holds(fmt, _failing_agent(40))
    fitter = Fitter(MODELS_BY_FORMAT[fmt], window=WINDOW, max_output_tokens=RESERVE)
    first = repr(fitter.fit(body).messages)
    pinned = [t for t in range(0, 40, 3) if f"KeyError: 'column_{t}'" in first]
    assert pinned  # (the gists of failures the window drops are pinned)
    failure = f"column_{pinned[0]}'"
    for t in range(4):
        items.extend(_appended(fmt, t))
        if t == 2:  # the app rewrites that failure's output in place
            at = next(i for i, d in enumerate(items) if failure in json.dumps(d))
            holder = items[at]
            text = json.dumps(holder).replace(failure, "ledger_id'")
            holder.clear()
            holder.update(json.loads(text))
        got, want = fitter.fit(body), _one_shot(fmt, body)
        assert _decisions(got) == _decisions(want), (fmt, t)
        assert ("ledger_id" in repr(got.messages)) == (t >= 2)


def _repeating_agent(turns: int) -> Dicts:
    """Chat dicts of an agent that makes the same few calls again and again (their gists
    read alike), an answer after some, then at work on the last request."""
    dicts: Dicts = [{"role": "system", "content": "You book the site visits."}]
    for t in range(turns):
        dicts.append({"role": "user", "content": f"Book visit {t}."})
        call = {
            "id": f"book_{t}",
            "type": "function",
            "function": {"name": "calendar_add", "arguments": json.dumps({"room": t % 3})},
        }
        dicts.append({"role": "assistant", "content": "On it.", "tool_calls": [call]})
        dicts.append({"role": "tool", "tool_call_id": call["id"], "content": f"booked {t}"})
        if t % 2:
            dicts.append({"role": "assistant", "content": f"Visit {t} is booked."})
    dicts.append({"role": "user", "content": "Now confirm them all."})
    for t in range(10):
        dicts.extend(_exchange(300 + t))
    return dicts


@pytest.mark.parametrize("seed", range(4))
def test_responses_items_swapped_while_calls_are_appended(seed: int) -> None:
    # (items swapped twice may leave the Messages where they were, made of other items:
    # a gist turn is named after its unit's first Message, which is then another)
    rng = random.Random(seed)
    body, items = as_app_holds("openai-responses", _repeating_agent(60))
    model = MODELS_BY_FORMAT["openai-responses"]
    fitter = Fitter(model, window=WINDOW, max_output_tokens=RESERVE)
    fitter.fit(body)
    for t in range(8):
        items.extend(_appended("openai-responses", t))
        a, b = rng.sample(range(1, len(items) - 30), 2)
        items[a], items[b] = items[b], items[a]
        got = fitter.fit(body)
        want = fit(copy.deepcopy(body), model, window=WINDOW, max_output_tokens=RESERVE)
        assert _decisions(got) == _decisions(want), (seed, t)
        assert got.report.used <= got.report.budget


def _edit_text(items: Dicts, at: int) -> None:
    """The first text of item ``at`` or after it edited in place."""
    for d in items[at:]:
        text = first_text(d)
        if text is not None:
            holder, key = text
            holder[key] = "Edited: " + holder[key]
            return


def _grow_turn(items: Dicts, at: int) -> None:
    """Item ``at`` and the next user item given one more text block (in formats whose user
    turn holds blocks: a turn of tool results then makes one Message more)."""
    for d in items[at:]:
        blocks = d.get("content", d.get("parts"))
        if d.get("role") == "user" and isinstance(blocks, list):
            blocks.append({"type": "text", "text": "Also: the staging run failed twice."}
                          if "content" in d else {"text": "Also: the staging run failed."})  # fmt: skip
            return


@pytest.mark.parametrize("fmt", list(MODELS_BY_FORMAT))
def test_dicts_edited_mid_history_in_a_long_list(fmt: str) -> None:
    # (a long list is read in pieces: the pieces after the edited ones keep their Messages,
    # also when an edited piece makes one Message more or fewer)
    body, items = as_app_holds(fmt, _failing_agent(220))
    fitter = Fitter(MODELS_BY_FORMAT[fmt], window=WINDOW, max_output_tokens=RESERVE)
    fitter.fit(body)
    n = len(items)
    edits: list[Callable[[], None]] = [
        lambda: _edit_text(items, n // 2),
        lambda: _grow_turn(items, n // 3),
        lambda: items.__setitem__(n // 4, copy.deepcopy(items[n // 4 + 4])),
        lambda: [_grow_turn(items, n // 5), _grow_turn(items, 4 * n // 5)],
        lambda: items.__setitem__(n // 2, copy.deepcopy(items[n // 2])),
    ]
    for t, edit in enumerate(edits):
        edit()
        if t % 2:
            items.extend(_appended(fmt, t))
        got, want = fitter.fit(body), _one_shot(fmt, body)
        assert _decisions(got) == _decisions(want), (fmt, t)
        assert got.report.used <= got.report.budget
