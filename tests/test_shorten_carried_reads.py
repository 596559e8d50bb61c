"""Shortening a text from its ends carries what it read of the text to its next
shortening (``Pricer.ends_read``): a refit that moves the window's edge shortens the same
tool output at the cut to a new size, and finds where to cut it without counting its
pieces again (speed136: the pure-Python count re-read them at each refit). What is carried
changes nothing: each shortening is what a first one gives, for any sizes in any order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.fit import Fitter, fit
from contextledger.fit.shedding import shrink_ends, shrink_text
from contextledger.pricing.messages import EndsRead
from contextledger.pricing.text import counter_for

_COUNT = counter_for("gpt-4o").count
_LINES = st.sampled_from(
    ["ERROR pod crashed (exit 137)", "ok 200 GET /api/v2/items?page=3", "  at main.py:42",
     "Bhí an t-ualach ró-mhór ar an bhfreastalaí", "ᐃᓄᒃᑎᑐᑦ ᑎᑎᕋᐅᓯᖅ", "検証に失敗しました",
     "", "    ", "0x7ffd5e8c 0x0000 0x1f", "✓ 12 passed, 1 skipped"]
)  # fmt: skip


def _counted_pieces(texts: list[str], asked: list[str]) -> list[int]:
    asked += texts
    return [_COUNT(t) for t in texts]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    st.lists(_LINES, min_size=20, max_size=60).map(lambda lines: "\n".join(lines * 8)),
    st.lists(st.integers(40, 900), min_size=2, max_size=6),
)
def test_shortening_a_text_again_to_any_size_gives_what_a_first_shortening_does(
    text: str, sizes: list[int]
) -> None:
    read: EndsRead = {}
    for size in sizes:
        asked: list[str] = []

        def pieces(texts: list[str], asked: list[str] = asked) -> list[int]:
            return _counted_pieces(texts, asked)

        assert shrink_ends(text, size, _COUNT, pieces, read) == shrink_ends(
            text, size, _COUNT, pieces
        )
        assert shrink_text(text, size, _COUNT, pieces=pieces, read=read) == shrink_text(
            text, size, _COUNT, pieces=pieces
        )


def test_a_text_shortened_again_to_a_smaller_size_counts_no_piece_again() -> None:
    text = "\n".join(f"{k} ERROR yard crane {k % 7} stalled, retry {k}" for k in range(2_000))
    read: EndsRead = {}
    asked: list[str] = []
    first, _ = shrink_ends(text, 800, _COUNT, lambda t: _counted_pieces(t, asked), read)
    assert asked
    asked.clear()
    again, _ = shrink_ends(text, 600, _COUNT, lambda t: _counted_pieces(t, asked), read)
    assert asked == [] and _COUNT(again) <= 600 < _COUNT(first)


def test_a_kept_fitter_whose_edge_moves_over_a_long_tool_output_fits_as_a_fresh_fit() -> None:
    log = "\n".join(f"{k} WARN berth {k % 9}: reefer {k} at -18.{k % 10}C" for k in range(3_000))
    call = {"id": "c1", "type": "function", "function": {"name": "logs", "arguments": "{}"}}
    dicts: list[dict[str, object]] = [
        {"role": "user", "content": "Read the reefer logs and tell me what failed."},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": log},
    ]
    fitter = Fitter("gpt-4o", window=6_000, max_output_tokens=500)
    for k in range(12):
        dicts.append({"role": "user", "content": f"and berth {k}? " + "details " * (40 * k)})
        got = fitter.fit(dicts)
        want = fit([dict(d) for d in dicts], "gpt-4o", window=6_000, max_output_tokens=500)
        assert got.messages == want.messages
        assert got.report.used == want.report.used
