"""What a refit asks again of the requests it walked before (speed89): the rules walk asks
an older unread request's length once while the room stays, and the pinning's check of a
request said again reads each earlier request's text once per message (a Message's text is
joined anew each time it is asked: ~400 joins a refit of a 9,000-item Responses agent).
The answers, and so the fits, are the same as a one-shot fit's."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest

from builders import MODELS_BY_FORMAT, as_app_holds
from contextledger.fit import Fitter, fit
from contextledger.fit.steering import Steering
from contextledger.model import Message
from test_fit_refit_invariant import _decisions


def test_the_rules_walk_asks_an_older_unread_requests_length_once_while_the_room_stays() -> None:
    """A walk stopped early reads only the newest batch; the next walk yields those rules
    and, after each, asks again of the unread request below them: its length is read once,
    and read again only when the room changed."""
    asked: Counter[int] = Counter()

    def words_most(p: int) -> int:
        asked[p] += 1
        return 5

    s = Steering(lambda ps, ts: (ps, ts), lambda p: 5, words_most)
    s.add(list(range(40)), ["Never use tabs in the CSV."] * 40)
    first = s.steering_before(40, lambda: 100)
    assert next(first) == 39  # (the newest batch read: 16 rules)
    walked = list(s.steering_before(40, lambda: 100))
    assert walked == list(range(39, -1, -1))
    assert (
        asked[23] <= 3
    )  # (once as the walk reaches it, once as its batch is read), not once per rule yielded above it
    asked.clear()
    s2 = Steering(lambda ps, ts: (ps, ts), lambda p: 5, words_most)
    s2.add(list(range(40)), ["Never use tabs in the CSV."] * 40)
    next(s2.steering_before(40, lambda: 100))
    yielded: list[int] = []  # (the room shrinks with each pin: asked again each time)
    for p in s2.steering_before(40, lambda: 100 - len(yielded)):
        yielded.append(p)
    assert yielded == list(range(39, -1, -1))
    assert asked[23] >= 16


def _agent_items(seed: int, turns: int) -> list[dict[str, Any]]:
    """A Chat session of tool work whose user says the same few rules again and again."""
    rng = random.Random(seed)
    rules = [
        "Never drop a production table.",
        "Don't run migrations on Fridays.",
        "Always use the Asia/Jakarta time zone, not UTC.",
    ]
    dicts: list[dict[str, Any]] = [
        {"role": "user", "content": "Build the daily pipeline from Postgres to the warehouse."}
    ]
    for t in range(turns):
        ask = rng.choice(rules) if rng.random() < 0.5 else f"Count the rows of table_{t}."
        if t:
            dicts.append({"role": "user", "content": ask})
        cid = f"call_{seed}_{t}"
        dicts.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": cid,
                        "type": "function",
                        "function": {"name": "sql", "arguments": f'{{"q": "select {t}"}}'},
                    }
                ],
            }
        )
        rows = "\n".join(f"{rng.randrange(10**6)}\tok" for _ in range(rng.randrange(5, 60)))
        dicts.append({"role": "tool", "tool_call_id": cid, "content": rows})
        dicts.append({"role": "assistant", "content": f"Table {t}: {rng.randrange(10**6)} rows."})
    return dicts


@pytest.mark.parametrize("fmt", ["openai-responses", "anthropic", "gemini"])
def test_a_refit_of_rules_said_again_joins_each_requests_text_once(
    fmt: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = MODELS_BY_FORMAT[fmt]
    body, items = as_app_holds(fmt, _agent_items(7, 400))
    fitter = Fitter(model, window=8_000, max_output_tokens=1_000)
    fitter.fit(body)
    joins: Counter[int] = Counter()
    joined = Message.text.fget
    assert joined is not None

    def counted(m: Message) -> str:
        joins[id(m)] += 1
        return joined(m)

    said = {"openai-responses": {"role": "user", "content": "Count the rows of table_x."}}
    new = (
        said.get(fmt)
        or as_app_holds(fmt, [{"role": "user", "content": "Count the rows of table_x."}])[1][0]
    )
    monkeypatch.setattr(Message, "text", property(counted))
    for _ in range(3):
        items.append(copy.deepcopy(new))
        got = fitter.fit(body)
        assert _decisions(got) == _decisions(
            fit(copy.deepcopy(body), model, window=8_000, max_output_tokens=1_000)
        )
        joins.clear()
    items.append(copy.deepcopy(new))
    fitter.fit(body)
    # (the walk steps over the rules said again, newest first: each an ask of its text)
    assert sum(joins.values()) < 100
