"""An agent's app fits after every item it appends, so its history often ends with a call
whose result is not in yet (answered as interrupted by repair). Such a refit repairs only the
last turns, not the whole history, and gives what a one-shot fit of the same list gives, in
every format (speed70: a 6,500-item Responses history was repaired whole, ~40-60 ms a refit
against ~5 for one that needs no repair)."""

from __future__ import annotations

import copy
import importlib
import json
from typing import Any

import pytest

from builders import LIST_KEY, MODELS_BY_FORMAT, Dicts, as_app_holds
from contextledger.fit import Fitter, fit
from contextledger.providers import read_messages
from test_fit_refit_invariant import _decisions

WINDOW, RESERVE = 5_000, 500
# (the module: the package exports its ``repair`` function under the same name)
repair_module = importlib.import_module("contextledger.repair")


def _agent(turns: int) -> Dicts:
    """OpenAI Chat dicts of an agent: parallel calls some turns, results of some length."""
    dicts: Dicts = [{"role": "system", "content": "You fix the deploy pipeline."}]
    for t in range(turns):
        dicts.append({"role": "user", "content": f"Step {t}: look at stage {t % 7}."})
        calls = [
            {
                "id": f"call_{t}_{j}",
                "type": "function",
                "function": {
                    "name": ("read_log", "run_check")[j],
                    "arguments": json.dumps({"t": t}),
                },
            }
            for j in range(1 + t % 2)
        ]
        dicts.append({"role": "assistant", "content": f"Checking {t}.", "tool_calls": calls})
        for j, call in enumerate(calls):
            lines = "\n".join(f"stage {t % 7} line {r}: exit {r * t % 3}" for r in range(4 + 9 * j))
            dicts.append({"role": "tool", "tool_call_id": call["id"], "content": lines})
        dicts.append({"role": "assistant", "content": f"Stage {t % 7} is fine after step {t}."})
    return dicts


@pytest.mark.parametrize("fmt", list(MODELS_BY_FORMAT))
def test_a_refit_after_each_appended_item_is_a_one_shot_fit(fmt: str) -> None:
    whole, items = as_app_holds(fmt, _agent(60))
    start = len(items) - 30
    grown = copy.deepcopy(whole)
    held = grown if fmt == "openai" else grown[LIST_KEY[fmt]]
    del held[start:]
    fitter = Fitter(MODELS_BY_FORMAT[fmt], window=WINDOW, max_output_tokens=RESERVE)
    fitter.fit(grown)
    repaired = 0
    for item in items[start:]:
        held.append(copy.deepcopy(item))
        got = fitter.fit(grown)
        want = fit(
            copy.deepcopy(grown), MODELS_BY_FORMAT[fmt], window=WINDOW, max_output_tokens=RESERVE
        )
        assert _decisions(got) == _decisions(want), (fmt, len(held))
        assert got.report.used <= got.report.budget
        repaired += any(n.kind == "repaired" for n in got.report.notices)
    assert repaired  # (some lists ended with a call whose result was not in yet)


def test_the_memo_repairs_only_the_last_turns_of_an_agent_fitted_after_each_item(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = read_messages(_agent(80))
    sizes: list[int] = []
    real = repair_module.repair

    def counted(messages: Any, **kwargs: Any) -> Any:
        sizes.append(len(messages))
        return real(messages, **kwargs)

    monkeypatch.setattr(repair_module, "repair", counted)
    memo = repair_module.RepairMemo()
    start = len(record) - 40
    memo(record[:start])
    for n in range(start + 1, len(record) + 1):
        sizes.clear()
        got = memo(record[:n])
        assert got == real(record[:n])
        assert sum(sizes) <= 8, (n, sizes)  # (the turn the record ends in, and the next)


def _gists_session(turns: int) -> Dicts:
    """An agent whose earlier exchanges have gists to pin (failing runs, files written)."""
    dicts: Dicts = [{"role": "system", "content": "You keep the nightly jobs green."}]
    for t in range(turns):
        dicts.append({"role": "user", "content": f"Now job {t}: rerun it and fix what fails."})
        call = {
            "id": f"call_{t}",
            "type": "function",
            "function": {"name": "shell", "arguments": json.dumps({"cmd": f"make job{t}"})},
        }
        dicts.append({"role": "assistant", "content": None, "tool_calls": [call]})
        out = "\n".join(f"job{t} step {r} ok" for r in range(30))
        if t % 3 == 0:
            out += f"\nFAILED tests/test_job{t}.py::test_rows - AssertionError: 3 != 4"
        dicts.append({"role": "tool", "tool_call_id": f"call_{t}", "content": out})
        dicts.append({"role": "assistant", "content": f"Job {t} now passes: 4 rows."})
    return dicts


def test_gists_of_a_refit_after_appends_and_earlier_edits_are_a_one_shot_fits() -> None:
    """The gists are looked for again only in the units a refit has not looked at; an edit,
    replacement or removal of an earlier exchange among those looked at is seen."""
    dicts = _gists_session(220)
    app, rest = copy.deepcopy(dicts[:-40]), dicts[-40:]
    fitter = Fitter("gpt-4o", window=12_000, max_output_tokens=RESERVE)
    fitter.fit(app)
    for step in range(10):
        app.extend(copy.deepcopy(rest[4 * step : 4 * step + 4]))
        at = len(app) - 60 - 12 * step  # (15-45 turns back: the kept run, then the gists)
        at = next(j for j in range(at, len(app)) if app[j]["role"] == "tool")
        if step % 3 == 0:
            app[at]["content"] += f"\nFAILED tests/test_edit{step}.py::test_sum - ValueError"
        elif step % 3 == 1:
            app[at] = {**app[at], "content": f"wrote src/job_{step}.py (12 lines)"}
        else:
            del app[at - 1 : at + 2]  # (a whole exchange: its call, result and answer)
        got = fitter.fit(app)
        want = fit(copy.deepcopy(app), "gpt-4o", window=12_000, max_output_tokens=RESERVE)
        assert _decisions(got) == _decisions(want), step
        assert got.report.used <= got.report.budget
