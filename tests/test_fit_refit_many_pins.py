"""A kept Fitter of a long agent session whose user sets many rules (the pinning walk pins
a hundred earlier requests, each made again every refit, and the gists' scan steps over
them) refits as a one-shot ``fit`` of the same list — the same messages, report and
notices — after any append (the user's text, a screenshot alone, an answer, a tool call
and its result), an earlier rule edited in place or replaced, a request removed, at 8k,
32k and 128k windows; and a rule pinned, then edited in place, is pinned as it reads now."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builders import data_url, png
from contextledger.fit import Fitter, fit
from test_fit_refit_invariant import _decisions, wrong_sizes

MODEL = "gpt-4o"
RESERVE = 1_000
Dicts = list[dict[str, Any]]

_RULES = [
    "Never write to the prod_{n} schema, only to staging_{n}.",
    "N'utilise jamais le cache local pour le lot {n}, toujours le dépôt distant.",
    "Nunca reinicies el nodo {n} sin avisar al equipo de guardia.",
    "Immer UTC für die Zeitstempel in Bericht {n} verwenden.",
    "ログ {n} は絶対に削除しないでください。",
    "सर्वर {n} पर कभी भी सीधे डिप्लॉय मत करो।",
]
_NEXT_DIGIT = str.maketrans("0123456789", "1234567890")
_ASKS = [
    "Why does shard {n} lag behind the others since Tuesday?",
    "Pourquoi le tableau {n} affiche-t-il des erreurs 503 ?",
    "¿Puedes comparar la latencia del servicio {n} con la de ayer?",
]


def _screenshot(n: int) -> dict[str, Any]:
    # (its own colour: a new image, priced anew; big enough to move the kept run)
    url = data_url(png(900 + n % 7, 600, (n * 37 % 256, n * 11 % 256, 90)))
    return {"role": "user", "content": [{"type": "image_url", "image_url": {"url": url}}]}


def _exchange(n: int, fails: bool) -> Dicts:
    cid = f"call_{n}"
    call = {
        "id": cid,
        "type": "function",
        "function": {"name": "run_sql", "arguments": json.dumps({"query": f"SELECT {n}"})},
    }
    out = (
        f'Traceback (most recent call last):\n  File "job_{n}.py", line {n % 90 + 1}\n'
        f"RuntimeError: shard s{n % 64} unreachable\nexit status 1"
        if fails
        else "\n".join(f"s{n % 64}|{n * k % 9000}|{k}" for k in range(12))
    )
    return [
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": cid, "content": out},
    ]


def agent_session(turns: int) -> Dicts:
    """A system prompt, the task, then turns of rules, questions, screenshots, answers and
    tool exchanges (every fifth failing)."""
    out: Dicts = [
        {"role": "system", "content": "You are an on-call data engineer."},
        {"role": "user", "content": "Migrate the billing_events pipeline to Redpanda."},
    ]
    for n in range(turns):
        if n % 3 == 0:
            out.append({"role": "user", "content": _RULES[n % len(_RULES)].format(n=n)})
        elif n % 7 == 1:
            out.append(_screenshot(n))
        else:
            out.append({"role": "user", "content": _ASKS[n % len(_ASKS)].format(n=n)})
        out += _exchange(n, n % 5 == 0)
        out.append(
            {"role": "assistant", "content": f"Checked: shard s{n % 64} holds {n * 13} rows."}
        )
    out.append({"role": "user", "content": "And now?"})
    return out


def _appended(kind: str, step: int) -> Dicts:
    if kind == "user":
        return [{"role": "user", "content": _ASKS[step % len(_ASKS)].format(n=1000 + step)}]
    if kind == "rule":
        return [{"role": "user", "content": _RULES[step % len(_RULES)].format(n=1000 + step)}]
    if kind == "screenshot":
        return [_screenshot(1000 + step)]
    if kind == "answer":
        return [{"role": "assistant", "content": f"Shard s{step} is back at {step * 7} rows."}]
    return _exchange(1000 + step, step % 2 == 0)


def _rule_at(dicts: Dicts, share: float) -> int:
    """An earlier request naming a number (a rule or a question), at ``share`` of them."""
    rules = [
        i
        for i, d in enumerate(dicts)
        if d["role"] == "user"
        and type(d["content"]) is str
        and any(c.isdigit() for c in d["content"])
    ]
    return rules[int(share * (len(rules) - 1))]


def apply(dicts: Dicts, op: tuple[Any, ...], step: int) -> None:
    """One change the app makes to its list, in place."""
    kind = op[0]
    if kind == "append":
        dicts += _appended(op[1], step)
    elif kind == "edit":  # an earlier request edited in place (maybe a pinned rule)
        i = _rule_at(dicts, op[1])
        dicts[i]["content"] = dicts[i]["content"] + f" Also never touch table t{step}."
    elif kind == "renumber":  # ... its numbers changed: its price is likely the same
        i = _rule_at(dicts, op[1])
        dicts[i]["content"] = dicts[i]["content"].translate(_NEXT_DIGIT)
    elif kind == "replace":
        i = _rule_at(dicts, op[1])
        dicts[i] = {"role": "user", "content": _RULES[step % len(_RULES)].format(n=2000 + step)}
    elif kind == "remove":
        del dicts[_rule_at(dicts, op[1])]


ops = st.one_of(
    st.tuples(
        st.just("append"), st.sampled_from(["user", "rule", "screenshot", "answer", "exchange"])
    ),
    st.tuples(st.sampled_from(["edit", "renumber", "replace", "remove"]), st.floats(0.0, 1.0)),
)


def check(dicts: Dicts, steps: list[tuple[Any, ...]], window: int) -> None:
    fitter = Fitter(MODEL, window=window, max_output_tokens=RESERVE)
    for step, op in enumerate([None, *steps]):
        if op is not None:
            apply(dicts, op, step)
        got = fitter.fit(dicts)
        want = fit(copy.deepcopy(dicts), MODEL, window=window, max_output_tokens=RESERVE)
        assert _decisions(got) == _decisions(want), f"step {step} after {op}"
        assert wrong_sizes(got, dicts) == [], f"step {step} after {op}"


@given(steps=st.lists(ops, min_size=1, max_size=8), window=st.sampled_from([8_000, 32_000]))
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
def test_a_refit_of_many_pinned_rules_after_any_change_is_a_one_shot_fit(
    steps: list[tuple[Any, ...]], window: int
) -> None:
    check(agent_session(300), steps, window)


_EACH_KIND = [("append", kind) for kind in ("user", "screenshot", "answer", "exchange", "rule")] * 2


@pytest.mark.parametrize("window", [8_000, 32_000, 128_000])
def test_appends_of_each_kind_and_edits_refit_as_a_one_shot_fit(window: int) -> None:
    turns = 900 if window > 32_000 else 300
    edits = [("edit", 0.5), ("append", "screenshot"), ("renumber", 0.7), ("replace", 0.2)]
    edits += [("remove", 0.9), ("renumber", 0.95)]
    check(agent_session(turns), [*_EACH_KIND, *edits, *_EACH_KIND[:5]], window)


def test_a_pinned_rule_edited_in_place_is_pinned_as_it_reads_now() -> None:
    dicts = agent_session(300)
    fitter = Fitter(MODEL, window=8_000, max_output_tokens=RESERVE)
    first = fitter.fit(dicts)
    pinned = [
        i
        for i, d in enumerate(dicts)
        if f"m{i}" in first.report.pinned
        and d["role"] == "user"
        and type(d["content"]) is str
        and any(c.isdigit() for c in d["content"])
    ]
    assert pinned, "the session pins earlier requests"
    i = pinned[0]
    # (its numbers changed, its price the same: the pin is not told apart by its size)
    edited = dicts[i]["content"].translate(_NEXT_DIGIT)
    assert edited != dicts[i]["content"]
    dicts[i]["content"] = edited
    dicts.append({"role": "user", "content": "Continue."})
    res = fitter.fit(dicts)
    assert edited in [m.text for m in res.messages]
    assert _decisions(res) == _decisions(
        fit(copy.deepcopy(dicts), MODEL, window=8_000, max_output_tokens=RESERVE)
    )
