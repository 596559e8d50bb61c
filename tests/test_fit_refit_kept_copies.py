"""What a refit copies from the last fit instead of reading every kept unit again (speed100):
the pins put among the kept run in one copy (``selection._with_pins``), the notices of the
refused files of the messages sent last time too (``fitter._refused_files`` with a memo), and
the ids of the pinned units (``fitter._pinned_ids``). Each must give exactly what the plain
pass gives; a kept Fitter's notices equal a fresh fit's."""

from __future__ import annotations

import random
from bisect import insort
from operator import attrgetter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger import Fitter, fit
from contextledger.fit.fitter import _pinned_ids, _refused_files, _RefusedMemo
from contextledger.fit.report import SharedRuns
from contextledger.fit.selection import _with_pins
from contextledger.fit.units import Unit
from contextledger.model import FileAttachment, Message, Text

_KINDS = ("recent", "prior", "said", "gist", "anchor", "recap")


def _unit(start: int, kind: str, tag: int) -> Unit:
    return Unit(start, [Message.user(f"u{start}-{tag}", id=f"m{start}-{tag}")], 1, kind)  # type: ignore[arg-type]


@given(
    st.lists(st.integers(0, 40), max_size=30, unique=True),
    st.lists(st.integers(0, 45), max_size=12),
)
def test_pins_go_where_insort_puts_them(run_starts: list[int], pin_starts: list[int]) -> None:
    run = [_unit(s, "recent", 0) for s in sorted(run_starts)]
    pinned = [_unit(s, "prior", n + 1) for n, s in enumerate(pin_starts)]
    expected = list(run)
    for unit in pinned:
        insort(expected, unit, key=attrgetter("start"))
    assert [id(u) for u in _with_pins(list(run), pinned)] == [id(u) for u in expected]


@given(st.lists(st.sampled_from(_KINDS), max_size=40), st.data())
def test_pinned_ids_as_every_unit_read(kinds: list[str], data: st.DataObject) -> None:
    kept = [_unit(s, kind, 0) for s, kind in enumerate(kinds)]
    below = data.draw(st.integers(0, len(kept)))
    expected = tuple(
        u.messages[0].id
        for k, u in enumerate(kept)
        if (k < below and u.kind in ("prior", "said")) or u.kind == "gist"
    )
    assert _pinned_ids(kept, below) == expected


def _message(n: int, files: int) -> Message:
    parts = [Text(f"turn {n}")]
    parts += [
        FileAttachment(f"f{n}-{j}.csv", text="a,b", media_type="text/csv", refused_in="OpenAI Chat")
        for j in range(files)
    ]
    return Message("user", tuple(parts), id=f"m{n}")


@settings(max_examples=60)
@given(st.integers(0, 10_000))
def test_refused_notices_copied_as_read(seed: int) -> None:
    """Outputs of one history that share runs, drop some, add new ones and reorder: the
    memo's notices equal those read from every message."""
    rng = random.Random(seed)
    history = [_message(n, rng.choice((0, 0, 0, 1, 2))) for n in range(40)]
    memo, runs = _RefusedMemo(), SharedRuns()
    for _ in range(8):
        out = tuple(m for m in history if rng.random() < 0.7)
        if rng.random() < 0.2:
            out = tuple(rng.sample(out, len(out)))
        assert _refused_files(out, memo, runs) == _refused_files(out)
        history.append(_message(len(history), rng.choice((0, 1))))


def _chat_with_csv(turns: int) -> list[dict[str, Any]]:
    csv = "data:text/csv;base64,YSxiCjEsMgo="
    msgs: list[dict[str, Any]] = [{"role": "system", "content": "Help with the sheets."}]
    for i in range(turns):
        content: Any = f"Look at row {i} please, and tell me what changed since yesterday."
        if i % 7 == 0:
            content = [
                {"type": "text", "text": content},
                {"type": "file", "file": {"filename": f"sheet{i}.csv", "file_data": csv}},
            ]
        msgs += [
            {"role": "user", "content": content},
            {"role": "assistant", "content": f"Row {i} " * 40},
        ]
    return msgs


def test_a_kept_fitter_names_the_refused_files_a_fresh_fit_names() -> None:
    chat = _chat_with_csv(60)
    kept = Fitter("gpt-4o", window=3_000, max_output_tokens=300)
    named = 0
    for i in range(12):
        chat.append(
            {"role": "user", "content": f"And row {i}?"} if i % 3 else _chat_with_csv(8)[-2]
        )
        again = kept.fit(chat)
        fresh = fit(chat, "gpt-4o", window=3_000, max_output_tokens=300)
        assert [n.text for n in again.report.notices] == [n.text for n in fresh.report.notices]
        assert [m.id for m in again.messages] == [m.id for m in fresh.messages]
        named += sum("went as its text" in n.text for n in again.report.notices)
        chat.append({"role": "assistant", "content": f"Row {i} is fine."})
    assert named  # (the refused files' notices were made, and copied)
