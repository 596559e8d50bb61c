"""A long history's requests are classified newest first, only as far as the pins ask
(``HistoryIndex.steering_before``): the fit pins exactly what classifying every request
first pins, cold and after appends, in every language the classification reads."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger import intent
from contextledger.fit import Fitter, fit, units

# requests of every kind the pins care about, in several languages, and plain ones
REQUESTS = [
    "Please migrate the billing service to Postgres 16 and keep the API stable.",
    "Actually, use Redis not Memcached for the session cache.",
    "Never push to main without a green CI run.",
    "Ne touchez jamais à la base de production sans mon accord écrit.",
    "Bitte keine Änderungen an der öffentlichen API ohne Freigabe.",
    "No despliegues nada los viernes, bajo ninguna circunstancia.",
    "本番環境のデータベースには絶対に触らないでください。",
    "这次改动不要碰 src/payments/ 目录。",
    "The supervisor Juliana approved the full refund for order 1182.",
    "To be clear, the goal is a green build on the release branch today.",
    "Can you check the échange of the colis for the client, please?",
    "Pedido envío reembolso factura paquete retraso cliente dirección.",
    "Don't worry about the style, I always forget cron syntax anyway haha.",
    "ok, keep going",
    "What does the stack trace in the last run say about the timeout?",
    "Zeig mir bitte die Logs vom letzten Lauf.",
]


def session(picks: list[int], answer_words: int) -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = [{"role": "system", "content": "Be brief."}]
    for n, k in enumerate(picks):
        msgs.append({"role": "user", "content": f"{REQUESTS[k]} (#{n})"})
        msgs.append({"role": "assistant", "content": f"done {n} " + "word " * answer_words})
    msgs.append({"role": "user", "content": "And now the next step, please."})
    return msgs


def outcome(result: Any) -> tuple[Any, ...]:
    report = result.report
    return (
        [(m.id, m.content) for m in result.messages],
        report.used,
        [(c.action, c.message_id, c.reason) for c in report.changes],
        [(n.kind, n.where, n.text) for n in report.notices],
    )


@pytest.fixture
def lazy_often(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small histories are classified lazily too, a few requests a batch."""
    monkeypatch.setattr(intent, "_PREFILTER_FROM", 0)
    monkeypatch.setattr(units, "_FIRST_BATCH", 3)


def eager_fit(fitter_or_none: Fitter | None, msgs: list[dict[str, Any]], window: int) -> Any:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(units, "restating_requests", lambda texts: None)  # every request now
        if fitter_or_none is None:
            return fit(msgs, "gpt-4o", window=window)
        return fitter_or_none.fit(msgs)


@pytest.mark.usefixtures("lazy_often")
@settings(max_examples=8, deadline=None)
@given(
    st.lists(st.integers(0, len(REQUESTS) - 1), min_size=1, max_size=60),
    st.sampled_from([0, 30]),
    st.sampled_from([1500, 3000, 8000]),
)
def test_lazy_classification_pins_what_classifying_everything_pins(
    picks: list[int], answer_words: int, window: int
) -> None:
    msgs = session(picks, answer_words)
    assert outcome(fit(msgs, "gpt-4o", window=window)) == outcome(eager_fit(None, msgs, window))


@pytest.mark.usefixtures("lazy_often")
def test_a_refit_after_appends_pins_what_a_fresh_eager_fit_pins() -> None:
    picks = [(i * 7) % len(REQUESTS) for i in range(80)]
    msgs = session(picks, 20)
    fitter = Fitter("gpt-4o", window=4000)
    fitter.fit(msgs)
    for n, k in enumerate([1, 3, 13, 6, 9, 2]):
        msgs.append({"role": "assistant", "content": f"answer {n}"})
        msgs.append({"role": "user", "content": f"{REQUESTS[k]} (new {n})"})
        assert outcome(fitter.fit(msgs)) == outcome(eager_fit(None, msgs, 4000))
    msgs[5] = {"role": "user", "content": "Never edit the generated files by hand."}  # an edit
    assert outcome(fitter.fit(msgs)) == outcome(eager_fit(None, msgs, 4000))


def test_a_cold_fit_classifies_only_the_newest_requests_when_they_fill_the_pins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(intent, "_PREFILTER_FROM", 0)
    asked: list[int] = []
    real = intent.steering_requests

    def counting(texts: list[str]) -> tuple[list[int], list[int]]:
        asked.append(len(texts))
        return real(texts)

    monkeypatch.setitem(vars(units), "steering_requests", counting)
    rules = [k for k, text in enumerate(REQUESTS) if intent.steering_requests([text])[0]]
    msgs = session([rules[i % len(rules)] for i in range(600)], 5)
    result = fit(msgs, "gpt-4o", window=16_000)
    assert sum(asked) < 150  # of 600 requests: the newest rules fill the pins’ cap
    monkeypatch.setitem(vars(units), "restating_requests", lambda texts: None)
    assert outcome(result) == outcome(fit(msgs, "gpt-4o", window=16_000))  # (all at once)
