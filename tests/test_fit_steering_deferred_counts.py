"""A fit done once reads a mid-length pasted request for restatements and rules whole and as
its request part, and counts it (to learn which of the two a pin could hold) only when the
two read differently (``Steering._read_deferring``): it pins and reports exactly what
counting every such request first pins and reports (speed63: the counts were most of a cold
fit of a chat of pastes in Arabic, Thai or Chinese, whose letters bound little)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from contextledger.fit import fit, units
from contextledger.fit.steering import Steering

MODEL = "gpt-4o"
LINES = {
    "ar": "تم تحديث سجل الطلبات في المستودع الرئيسي بعد مراجعة الفريق",
    "th": "ระบบได้บันทึกคำสั่งซื้อใหม่ในคลังข้อมูลหลักหลังจากทีมตรวจสอบแล้ว",
    "zh": "系统在团队审核之后把新的订单记录写入了主数据仓库",
    "en": "INFO worker 7 flushed 1,204 rows to the warehouse after review",
}
SAID = [
    "Actually, use Redis not Memcached.",
    "Never touch the database schema.",
    "To be clear, the goal is a green build today.",
    "Please summarise what changed.",
]


def pasted(rng: random.Random, i: int) -> str:
    """A request of one text: its words, lines pasted (a rule or a restatement among them
    at times), its closing words; ~1,000 to ~10,000 characters."""
    lines = [
        f"{LINES[rng.choice(list(LINES))]} {n}" for n in range(rng.choice([25, 40, 60, 90, 140]))
    ]
    if rng.random() < 0.5:
        lines.insert(rng.randrange(len(lines)), rng.choice(SAID))
    head = rng.choice(SAID) if rng.random() < 0.4 else f"Here is log {i}:"
    tail = rng.choice(SAID) if rng.random() < 0.3 else "What do you make of it?"
    return f"{head}\n" + "\n".join(lines) + f"\n\n{tail}"


def session(seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out: list[dict[str, Any]] = [{"role": "system", "content": "You read logs."}]
    out.append({"role": "user", "content": "Please review the order logs I paste."})
    for i in range(60):
        r = rng.random()
        text = pasted(rng, i) if r < 0.6 else rng.choice(SAID) if r < 0.8 else "ok"
        out.append({"role": "user", "content": text})
        out.append({"role": "assistant", "content": f"Read part {i}."})
    out.append({"role": "user", "content": "Now write the summary."})
    return out


def test_a_fit_pins_what_counting_every_pasted_request_first_pins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counted: list[str] = []
    tokens_within = units.tokens_within

    def counting(counter: Any, text: str, room: int) -> bool:
        counted.append(text)
        return tokens_within(counter, text, room)

    monkeypatch.setattr(units, "tokens_within", counting)

    def outcomes() -> list[str]:
        out = []
        for seed in range(6):
            for window in (8_000, 32_000):
                result = fit(copy.deepcopy(session(seed)), MODEL, window=window)
                out.append(repr((result.messages, result.report)))
        return out

    _same_fits_fewer_counts(monkeypatch, counted, outcomes)


def accented(rng: random.Random, i: int) -> str:
    """A request of one text no longer than a 128k fit's pin room has tokens (under 8,100
    characters) but over it in UTF-8 bytes (accents and dashes in every line): its bytes
    cannot say it fits whole, only a count can."""
    lines = [
        f"café {n:03d} — crème brûlée rows {rng.randint(1000, 9999)} naïve résumé"
        for n in range(rng.randint(155, 168))
    ]
    if rng.random() < 0.5:
        lines.insert(rng.randrange(len(lines)), rng.choice(SAID))
    head = rng.choice(SAID) if rng.random() < 0.4 else f"Here is log {i}:"
    return f"{head}\n" + "\n".join(lines) + "\n\nWhat do you make of it?"


def test_a_request_within_the_room_by_characters_not_bytes_is_counted_only_if_read_differently(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # (speed66: at 128k a support chat's ~140 such pastes were each counted, ~40 % of its
    # cold fit; now they are deferred like longer ones, and the fit pins the same)
    counted: list[str] = []  # (texts tokenized: over the room in bytes)
    tokens_within = units.tokens_within

    def counting(counter: Any, text: str, room: int) -> bool:
        if len(text.encode()) > room:
            counted.append(text)
        return tokens_within(counter, text, room)

    monkeypatch.setattr(units, "tokens_within", counting)

    def outcomes() -> list[str]:
        out = []
        for seed in range(4):
            rng = random.Random(seed)
            d: list[dict[str, Any]] = [{"role": "system", "content": "You read logs."}]
            d.append({"role": "user", "content": "Please review the order logs I paste."})
            for i in range(120):
                r = rng.random()
                text = accented(rng, i) if r < 0.7 else rng.choice(SAID) if r < 0.85 else "ok"
                d += [{"role": "user", "content": text}, {"role": "assistant", "content": "Read."}]
            d.append({"role": "user", "content": "Now write the summary."})
            result = fit(copy.deepcopy(d), MODEL, window=128_000)
            out.append(repr((result.messages, result.report)))
        return out

    _same_fits_fewer_counts(monkeypatch, counted, outcomes)


def _same_fits_fewer_counts(
    monkeypatch: pytest.MonkeyPatch, counted: list[str], outcomes: Callable[[], list[str]]
) -> None:
    """The fits ``outcomes`` makes are the same when the steering reading counts every
    text, and deferring counted fewer (``counted``: the texts tokenized)."""
    deferring = outcomes()
    counts_deferring = len(counted)
    original = Steering.__init__

    def counting_every_text(self: Steering, pinnable: Any, least: Any, most: Any, *_: Any) -> None:
        original(self, pinnable, least, most, None)

    with monkeypatch.context() as patched:
        patched.setattr(Steering, "__init__", counting_every_text)
        counted.clear()
        assert outcomes() == deferring
    assert counts_deferring < len(counted)
