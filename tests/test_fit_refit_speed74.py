"""An agent's refit, whose current request stays while its calls and results are appended
after it, pins the earlier requests it pinned last time without pinning them anew
(speed74); what it sends and reports is still what a one-shot fit of the same list sends
and reports, whatever the app changed before the current request: a rule edited in place,
a request replaced, removed or inserted, the first tool call of the history appended."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from contextledger.fit import Fitter, fit
from contextledger.providers import read_messages, translate
from test_fit_refit_invariant import _decisions

WINDOW, RESERVE = 4_000, 500
Dicts = list[dict[str, Any]]
MODELS = {
    "openai": "gpt-4o",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
    "openai-responses": "gpt-4.1",
}
KEYS = {"anthropic": "messages", "gemini": "contents", "openai-responses": "input"}
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
    call = {
        "id": f"late_{t}",
        "type": "function",
        "function": {"name": "run_check", "arguments": json.dumps({"n": t})},
    }
    out = "\n".join(f"check {t} line {r}: exit {r % 2}" for r in range(25))
    return [
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": call["id"], "content": out},
    ]


def _in(fmt: str, dicts: Dicts) -> tuple[Any, Dicts]:
    """The session as an app in ``fmt`` holds it: (what is fitted, the list it changes)."""
    if fmt == "openai":
        return dicts, dicts
    body = translate(read_messages(dicts), fmt, validate=False).body
    return body, body[KEYS[fmt]]


def _one_shot(fmt: str, body: Any) -> Any:
    return fit(copy.deepcopy(body), MODELS[fmt], window=WINDOW, max_output_tokens=RESERVE)


def _first_text(d: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The dict holding the first text of item ``d`` (any format), and its key."""
    if isinstance(d.get("content"), str):
        return d, "content"
    for key in ("content", "parts"):
        for part in d.get(key) or ():
            if isinstance(part, dict) and isinstance(part.get("text"), str):
                return part, "text"
    raise AssertionError(d)


def _rule_positions(items: Dicts) -> list[int]:
    """Where the user's rules are in the format's list."""
    found = []
    for i, d in enumerate(items):
        try:
            holder, key = _first_text(d)
        except AssertionError:
            continue
        if d.get("role") == "user" and holder[key] in RULES:
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


@pytest.mark.parametrize("fmt", list(MODELS))
@pytest.mark.parametrize("edit", list(EDITS))
def test_an_earlier_request_changed_while_calls_are_appended_is_pinned_as_it_now_is(
    fmt: str, edit: str
) -> None:
    body, items = _in(fmt, _session(40))
    fitter = Fitter(MODELS[fmt], window=WINDOW, max_output_tokens=RESERVE)
    first = fitter.fit(body)
    assert first.report.pinned  # (earlier requests are pinned: the window drops turns)
    for t in range(6):
        added = _exchange(t) if fmt == "openai" else _in(fmt, [{"role": "user", "content": "x"},
                                                               *_exchange(t)])[1][1:]  # fmt: skip
        items.extend(added)
        if t == 3:
            EDITS[edit](items)
        got, want = fitter.fit(body), _one_shot(fmt, body)
        assert _decisions(got) == _decisions(want), (fmt, edit, t)
        assert got.report.used <= got.report.budget


@pytest.mark.parametrize("fmt", list(MODELS))
def test_the_first_call_of_a_history_appended_after_the_current_request(fmt: str) -> None:
    # (whether the assistant acted on a request is asked only of a history with calls)
    body, items = _in(fmt, _session(40, calls=False))
    fitter = Fitter(MODELS[fmt], window=WINDOW, max_output_tokens=RESERVE)
    fitter.fit(body)
    for t in range(3):
        added = _exchange(t) if fmt == "openai" else _in(fmt, [{"role": "user", "content": "x"},
                                                               *_exchange(t)])[1][1:]  # fmt: skip
        items.extend(added)
        got, want = fitter.fit(body), _one_shot(fmt, body)
        assert _decisions(got) == _decisions(want), (fmt, t)
