"""A kept Fitter's refit sends and reports what a one-shot fit of the same list does after
the app inserts turns mid-history (speed79). Gemini's function calls carry no id: the reader
names each by its position, so an insertion gives a call id to another call, and a huge
result shortened without being priced whole was cut as a result of the call its id named
before (escaped, as one of parallel calls): another length than a fresh fit cut it
(R37-S1)."""

from __future__ import annotations

import copy
import random
import sys
from typing import Any

import pytest

from contextledger.fit import Fitter, fit
from contextledger.fit.units import HistoryIndex
from contextledger.providers import translate
from test_fit_refit_invariant import _decisions

MODEL = "gpt-4.1"


def _csv(rng: random.Random, rows: int) -> str:
    head = "employee,date,hours,rate,amount,code"
    lines = (
        f"E{rng.randrange(1000)},2026-0{rng.randrange(1, 10)}-{rng.randrange(10, 29)},"
        f"{rng.randrange(1, 12)}.{rng.randrange(10)},{rng.randrange(20, 90)},"
        f"{rng.randrange(100, 9000)}.{rng.randrange(10, 99)},C{rng.randrange(99)}"
        for _ in range(rows)
    )
    return "\n".join((head, *lines))


def _round(rng: random.Random, r: int, calls: int) -> list[dict[str, Any]]:
    """A model turn of ``calls`` function calls, their huge CSV results, an answer and a
    user's reply."""
    args = [{"quarter": f"Q{q % 4 + 1}", "batch": r} for q in range(calls)]
    return [
        {
            "role": "model",
            "parts": [{"text": f"Batch {r}."}]
            + [{"functionCall": {"name": "payroll_export", "args": a}} for a in args],
        },
        {
            "role": "user",
            "parts": [
                {
                    "functionResponse": {
                        "name": "payroll_export",
                        "response": {"csv": _csv(rng, 400)},
                    }
                }
                for _ in args
            ],
        },
        {"role": "model", "parts": [{"text": f"Batch {r} reviewed: totals match."}]},
        {"role": "user", "parts": [{"text": rng.choice(["ok", "go on", "next batch please"])}]},
    ]


def _body(seed: int, rounds: int) -> dict[str, Any]:
    rng = random.Random(seed)
    contents: list[dict[str, Any]] = [{"role": "user", "parts": [{"text": "Audit the payroll."}]}]
    for r in range(rounds):
        contents += _round(rng, r, 1 + (r + seed) % 2)
    return {"systemInstruction": {"parts": [{"text": "You audit payroll."}]}, "contents": contents}


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("window", [8_000, 16_000])
def test_a_round_inserted_mid_history_refits_as_a_one_shot_fit(seed: int, window: int) -> None:
    body = _body(seed, 10)
    fitter = Fitter(MODEL, window=window, max_output_tokens=1_000)
    fitter.fit(body)
    contents = body["contents"]
    # a round inserted before one of the later ones: the huge results after it are read
    # anew, under ids that named other calls (one call where two were, or the reverse)
    at = len(contents) - 4 * (1 + seed % 3)
    contents[at:at] = _round(random.Random(seed + 100), 99, 2 - seed % 2)
    refit = fitter.fit(body)
    once = fit(copy.deepcopy(body), MODEL, window=window, max_output_tokens=1_000)
    assert refit.report.used <= refit.report.budget
    assert _decisions(refit) == _decisions(once)


@pytest.mark.parametrize("seed", range(6))
def test_chat_dicts_whose_call_ids_are_positions_refit_as_a_one_shot_fit(seed: int) -> None:
    """The same session as OpenAI Chat dicts written from the Gemini body (each call's id its
    position, as a translation writes it): after the insertion the app sends the new list."""
    window = 8_000
    body = _body(seed, 10)
    before = translate(body, "openai").body["messages"]
    fitter = Fitter(MODEL, window=window, max_output_tokens=1_000)
    fitter.fit(before)
    contents = body["contents"]
    at = len(contents) - 4 * (1 + seed % 3)
    contents[at:at] = _round(random.Random(seed + 100), 99, 2 - seed % 2)
    after = translate(body, "openai").body["messages"]
    refit = fitter.fit(after)
    once = fit(copy.deepcopy(after), MODEL, window=window, max_output_tokens=1_000)
    assert _decisions(refit) == _decisions(once)


def test_a_refit_reads_no_earlier_request_of_several_blocks_for_its_settings_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A request of several text blocks (a Gemini turn of two parts) is read for what it
    sets once: its joined text is a new string each time it is asked, and the settings of
    every earlier request were read again on each refit (the bench's Gemini body at 32k:
    54 -> 18 ms a refit, speed79). What is pinned is what a one-shot fit pins."""
    parts = ["Set the batch size to {n} for staging.", "Also, never touch the prod schema."]
    contents: list[dict[str, Any]] = []
    for t in range(60):
        contents.append({"role": "user", "parts": [{"text": p.format(n=t)} for p in parts]})
        contents.append({"role": "model", "parts": [{"text": f"Done, step {t}. " * 40}]})
    contents.append({"role": "user", "parts": [{"text": "What is the batch size now?"}]})
    body = {"contents": contents}
    fitter = Fitter(MODEL, window=4_000, max_output_tokens=500)
    fitter.fit(body)
    units = sys.modules[HistoryIndex.__module__]
    read: list[str] = []
    real = units.setting_of

    def counted(text: str) -> Any:
        read.append(text)
        return real(text)

    monkeypatch.setattr(units, "setting_of", counted)
    contents[-1:] = [
        contents[-1],
        {"role": "model", "parts": [{"text": "It is 59."}]},
        {"role": "user", "parts": [{"text": "And for prod?"}, {"text": "Keep it short."}]},
    ]
    refit = fitter.fit(body)
    assert len(read) <= 2  # (the new requests at most)
    monkeypatch.undo()
    once = fit(copy.deepcopy(body), MODEL, window=4_000, max_output_tokens=500)
    assert _decisions(refit) == _decisions(once)
