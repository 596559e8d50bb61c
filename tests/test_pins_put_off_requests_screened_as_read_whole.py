"""The requests put off for later are found by reading only the sentences a screen lets
through (RE2's supersets of the deferral words, all the newest requests' sentences at once):
what is found, and every fit, is what reading each sentence for every deferral word finds
(the slow reference, here: the screen lets every sentence through), in any language, beside
pastes, with a rule, a correction or a request put off said early and far outside the
window."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import chat_exchange, fits_as_read_whole, goal_rule_correction
from contextledger.fit import anchors
from contextledger.fit.anchors import deferring, deferring_each

# (requests put off, and look-alikes that are not, in languages earlier tests use)
PUT_OFF = [
    "After the migration lands, also update the README's setup section.",
    "When you get a chance, rename the old cron jobs.",
    "Don't forget to rotate the staging API key.",
    "Más tarde, revisa los permisos de la carpeta compartida.",
    "Baadaye, nitumie orodha ya wanachama wapya.",
    "Пізніше перевір журнал резервних копій.",
    "時間があるときに、古いログを整理してください。",
    "Testler geçtikten sonra changelog'a ekle.",
    "ถ้ามีเวลา ช่วยลบ branch เก่าที่ไม่ใช้แล้วด้วย",
    "If it fails again, tell me what the error says.",
]
SAID_NOW = [
    "Rename the old cron jobs.",
    "Nigdy nie restartuj kolejki bez sprawdzenia logów.",
    "Use o Redis em vez do Memcached para as sessões.",
    "Kalau build lulus, beritahu saya.",
    "ok, keep going",
    "Sprawdź jeszcze raz fakturę za marzec.",
]
_WORDS = ["Sprawdź", "raport", "kuyruğu", "günlüğü", "sessões", "later", "once", "when", "後で"]


def _read_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reference: every sentence read for every deferral word."""
    monkeypatch.setattr(anchors, "_may_defer", lambda sentences: None)


@st.composite
def _text(draw: st.DrawFn) -> str:
    """A user's turn: sentences put off or said now, words, maybe a pasted log beside them."""
    said = draw(st.lists(st.sampled_from(PUT_OFF + SAID_NOW), min_size=0, max_size=4))
    words = " ".join(draw(st.lists(st.sampled_from(_WORDS), max_size=8)))
    parts = [*said, words] if words else said
    text = " ".join(draw(st.permutations(parts))) if parts else draw(st.sampled_from(_WORDS))
    if draw(st.integers(0, 3)) == 0:
        log = "\n".join(f"12:{i:02d}:07 WARN retry {i}" for i in range(draw(st.integers(2, 40))))
        text = f"{text}\n{log}\n{draw(st.sampled_from(PUT_OFF + SAID_NOW))}"
    return text


@settings(max_examples=150, deadline=None)
@given(st.lists(_text(), min_size=1, max_size=12))
def test_the_screened_reading_finds_what_reading_every_sentence_finds(texts: list[str]) -> None:
    screened = deferring_each(texts)
    with pytest.MonkeyPatch.context() as patch:
        _read_whole(patch)
        whole = [deferring(text) for text in texts]
    assert screened == whole


def test_a_request_put_off_is_still_found_among_many_that_are_not() -> None:
    texts = [*SAID_NOW * 6, *PUT_OFF, *SAID_NOW]
    found = deferring_each(texts)
    assert [t for t, f in zip(texts, found, strict=True) if f] == PUT_OFF


def _session(seed: int, turns: int) -> list[dict[str, Any]]:
    """A tool agent's chat: a goal, a rule, a correction and a request put off said early,
    then many rounds of calls and chatty turns, some of them put off too, then a question."""
    rng = random.Random(seed)
    dicts: list[dict[str, Any]] = [
        *goal_rule_correction(),
        {"role": "user", "content": rng.choice(PUT_OFF)},
    ]
    for t in range(turns):
        word = " ".join(rng.choices(_WORDS, k=rng.randint(2, 9)))
        out = "\n".join(f"{word} row {i}" for i in range(rng.randint(5, 60)))
        dicts += chat_exchange(f"c{seed}_{t}", "run", {"cmd": f"make t{t}"}, out)
        if rng.random() < 0.4:
            said = rng.choice([*PUT_OFF, *SAID_NOW, word])
            dicts.append({"role": "user", "content": said})
            dicts.append({"role": "assistant", "content": f"{word}."})
    dicts.append({"role": "user", "content": "Sprawdź jeszcze raz fakturę za marzec, proszę."})
    return dicts


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("model", ["gpt-4o", "claude-sonnet-4-5"])
def test_every_fit_is_the_fit_of_reading_every_sentence(
    seed: int, model: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    dicts = _session(seed, 300)
    screened = fits_as_read_whole(dicts, model, lambda: _read_whole(monkeypatch))
    # (the window holds a small share of the chat: the early requests are pinned, not kept)
    assert len(screened[0].messages) < len(dicts) // 4
    assert any("Nigdy nie restartuj" in m.text for m in screened[0].messages)
