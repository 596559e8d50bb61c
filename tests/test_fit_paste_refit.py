"""Chats of a few huge pastes (logs, CSV, JSON, prose drafts; speed29): a Fitter kept per
conversation and fed the app's own list, grown by appending and edited in place, sends what
a fresh fit sends (the price, the messages, the notices); what is sent, pastes shortened to
their head and tail included, is priced as billed."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contextledger.fit import Fitter, fit
from contextledger.pricing.messages import price_request
from contextledger.providers import translate


def _paste(kind: str, n: int, seed: int) -> str:
    if kind == "log":
        return "\n".join(
            f"2026-11-{seed % 28 + 1:02d}T{i % 24:02d}:00Z ERROR req={seed}{i:x} timeout"
            for i in range(n)
        )
    if kind == "csv":
        return "id,sku,qty\n" + "\n".join(f"{seed}{i},SKU-{i % 97},{i % 7}" for i in range(n))
    if kind == "json":
        return json.dumps(
            [{"id": f"{seed}-{i}", "tier": "pro", "t": i * 7} for i in range(n)], indent=2
        )
    return "\n\n".join(f"Paragraf {i}: rådet stemte {seed} mot {i} om planen." for i in range(n))


turns = st.lists(
    st.tuples(st.sampled_from(["log", "csv", "json", "prose", "ask"]), st.integers(20, 900)),
    min_size=3,
    max_size=12,
)


def _chat(spec: list[tuple[str, int]], seed: int) -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = [{"role": "system", "content": "Review what I paste."}]
    for j, (kind, n) in enumerate(spec):
        ask = f"Question {j} ({seed})?"
        text = (
            ask if kind == "ask" else f"Here is the {kind}:\n{_paste(kind, n, seed + j)}\n\n{ask}"
        )
        msgs += [{"role": "user", "content": text}, {"role": "assistant", "content": f"Noted {j}."}]
    msgs.append({"role": "user", "content": "Summarise what stands out."})
    return msgs


def _sent(res: Any) -> tuple[Any, ...]:
    body = translate(res.messages, "openai").body
    return res.report.used, body, [(n.kind, n.where, n.text) for n in res.report.notices]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(turns, st.sampled_from([3_000, 8_000, 20_000]), st.integers(0, 10**6))
def test_a_kept_fitter_sends_what_a_fresh_fit_sends_after_appends_and_edits(
    spec: list[tuple[str, int]], window: int, seed: int
) -> None:
    app = _chat(spec, seed)
    kept = Fitter("gpt-4o", window=window, max_output_tokens=500, target="openai")
    for step in range(4):
        got = kept.fit(app)
        want = fit(app, "gpt-4o", window=window, max_output_tokens=500, target="openai")
        assert _sent(got) == _sent(want), step
        body = {"model": "gpt-4o", **translate(got.messages, "openai").body}
        assert got.report.used == price_request(body, "gpt-4o", "openai").total  # as billed
        if step == 1:  # an earlier paste edited in place: never a stale price
            first = next(m for m in app[1:] if m["role"] == "user")
            first["content"] += "\n" + _paste("log", 300, seed)
        elif step == 2:  # and replaced by a short one
            app[1] = {"role": "user", "content": "(withdrawn)"}
        app += [
            {"role": "assistant", "content": f"Step {step}."},
            {"role": "user", "content": f"Next {step}?"},
        ]
