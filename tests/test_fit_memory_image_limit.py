"""Peak memory of the image-limit step (speed53): screenshots of one size share one label and
one placeholder block, the fitter keeps the gate's own dicts of what each cut replaced (the
notices come out in the same order as before), and the pricer holds a call's arguments once
when the wire writes them back as they are. Same decisions, same report."""

from __future__ import annotations

import base64
import gc
import io
import json
import tracemalloc
from typing import Any

import pytest

from builders import computer_use_body
from contextledger.catalog import lookup_model
from contextledger.fit import fit
from contextledger.gate import ImageCut, image_swap, image_swaps_before
from contextledger.model import Image, InlineData, Message, Text, ToolCall, ToolResult
from contextledger.pricing.messages import Pricer
from contextledger.pricing.text import counter_for
from contextledger.providers import read_messages
from memory_sizes import deep_size, peak_over_size


def _png(width: int, height: int, shade: int) -> str:
    from PIL import Image as Pil

    buf = io.BytesIO()
    Pil.new("1", (width, height), shade % 2).save(buf, "PNG")
    return base64.b64encode(buf.getvalue()).decode()


def _shot(width: int, height: int, shade: int = 0) -> Image:
    return Image("image/png", InlineData(_png(width, height, shade)))


def test_screenshots_of_one_size_share_one_label_and_one_placeholder() -> None:
    shots = [
        Message("tool", (ToolResult(f"t{i}", (Text(f"screen {i}"), _shot(8, 6, i))),), id=f"m{i}")
        for i in range(5)
    ]
    shots.append(Message("user", (_shot(9, 6), _shot(8, 6)), id="last"))
    swapped = image_swaps_before(shots, ImageCut("last", 1, "too many images"))
    assert swapped is not None
    swaps, replaced = swapped
    assert sorted(swaps) == [0, 1, 2, 3, 4, 5]
    blocks = [b for m in swaps.values() for r in m.content for b in _leaves(r) if type(b) is Text]
    placeholders = [b for b in blocks if b.text.startswith("[image")]
    assert [b.text for b in placeholders] == [
        *["[image 8×6 PNG omitted: too many images]"] * 5,
        "[image 9×6 PNG omitted: too many images]",
    ]
    assert len({id(b) for b in placeholders[:5]}) == 1  # one block, shared
    labels = [label for key in replaced for label in replaced[key]]
    assert labels == ["8×6 PNG"] * 5 + ["9×6 PNG"]
    assert len({id(label) for label in labels[:5]}) == 1
    # the newest image of the cut's message stays; the texts beside the images too
    assert swaps[5].content[1] is shots[5].content[1]
    assert [b.text for b in blocks if not b.text.startswith("[image")] == [
        f"screen {i}" for i in range(5)
    ]


def test_a_swap_of_one_image_keeps_the_others() -> None:
    m = Message("user", (_shot(4, 4), _shot(5, 5), _shot(6, 6)), id="u")
    swapped = image_swap([m], ImageCut("u", 1, "too big", only_this=True))
    assert swapped is not None
    (new,), replaced = swapped[0].values(), swapped[1]
    assert [type(b) for b in new.content] == [Image, Text, Image]
    assert replaced == {"u": ["5×5 PNG"]}


def _leaves(b: object) -> list[object]:
    return list(b.content) if isinstance(b, ToolResult) else [b]


def _body(shots: int, big: list[int], size: tuple[int, int] = (16, 12)) -> dict[str, Any]:
    """An Anthropic computer-use body: a screenshot in each tool result; those at ``big``
    over the 5 MB base64 limit (a PNG padded with a large text chunk)."""
    return computer_use_body(
        _padded(_png(*size, i)) if i in big else _png(*size, i) for i in range(shots)
    )


def _padded(data: str) -> str:
    """The PNG ``data`` with a payload over 5 MB before its end (a valid PNG header)."""
    raw = base64.b64decode(data)
    return base64.b64encode(raw[:-12] + b"\0" * 4_000_000 + raw[-12:]).decode()


@pytest.mark.parametrize("shots", [101, 123, 140])
def test_limit_notices_name_each_replaced_image_once_in_order(shots: int) -> None:
    """Over Anthropic's 100 images: every image replaced in a kept message has one notice
    and one change, in message order; the lazy fit and the fit of read Messages agree."""
    body = _body(shots, [])
    lazy = fit(body, "claude-sonnet-4-5", window=200_000, max_output_tokens=1000)
    whole = fit(read_messages(body), "claude-sonnet-4-5", window=200_000, max_output_tokens=1000)
    assert lazy.report.to_dict() == whole.report.to_dict()
    assert lazy.messages == whole.messages
    notices = [n for n in lazy.report.notices if n.kind == "replaced"]
    kept = [m.id for m in lazy.messages]
    where = [kept.index(n.where) for n in notices]
    assert where == sorted(where)
    images = [x for m in lazy.messages for b in m.content for x in _leaves(b)]
    assert sum(isinstance(x, Image) for x in images) == 100
    placeholders = [x for x in images if isinstance(x, Text) and x.text.startswith("[image")]
    assert len(placeholders) == len(notices) == shots - 100
    changes = [c for c in lazy.report.changes if c.action == "replaced" and c.what == "image"]
    assert [(c.message_id, c.reason) for c in changes] == [(n.where, n.text) for n in notices]


def _pricer(model: str, wire: str) -> Pricer:
    return Pricer(lookup_model(model), counter_for(model), wire=wire)


def test_a_call_written_back_as_it_came_is_held_once() -> None:
    pricer = _pricer("claude-sonnet-4-5", "anthropic")
    args = json.dumps({"action": "screenshot", "coordinate": [3, 4]}, ensure_ascii=False)
    call = ToolCall("toolu_1", "computer", args)
    assert pricer._args(call) is args
    other = ToolCall("toolu_2", "computer", '{"action":"screenshot"}')  # (written back spaced)
    assert pricer._args(other) == '{"action": "screenshot"}'
    assert _pricer("gpt-4o", "openai")._args(other) is other.arguments


def test_a_fit_of_a_thousand_tiny_screenshots_in_tool_results_stays_within_its_memory() -> None:
    """A one-shot fit at 128k of an Anthropic body of 1,500 tool exchanges, 1,000 of them a
    tiny screenshot (all kept but the 900 the 100-image limit replaces): its peak of memory
    (main before speed53: 2.19x the body's size in memory, 2.02x after)."""
    fit(_body(30, []), "claude-sonnet-4-5", window=128_000)  # (one-time loads)
    body = _body(1_000, [], size=(64, 48))
    ratio = peak_over_size(
        lambda: fit(body, "claude-sonnet-4-5", window=128_000, max_output_tokens=4096), body
    )
    assert ratio < 2.1


def test_the_image_limit_notices_are_made_when_the_report_is_read() -> None:
    """The notices and Changes of the screenshots the 100-image limit replaced are made when
    the report is first read, not beside the fitted messages at the fit's peak of memory
    (speed62: a fit of 1,000 tiny screenshots in tool results, 1.79x its body's size in
    memory before, 1.65x after); read, they are what a fit of the read Messages reports."""
    fit(_body(30, []), "claude-sonnet-4-5", window=128_000)  # (one-time loads)
    body = _body(1_000, [], size=(16, 12))
    size = deep_size(body)
    gc.collect()
    tracemalloc.start()
    try:
        lazy = fit(body, "claude-sonnet-4-5", window=128_000, max_output_tokens=4096)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak / size < 1.74
    whole = fit(read_messages(body), "claude-sonnet-4-5", window=128_000, max_output_tokens=4096)
    notices = [n for n in lazy.report.notices if n.kind == "replaced"]
    assert len(notices) == 900
    assert lazy.report.to_dict() == whole.report.to_dict()
    assert lazy.report.changes == whole.report.changes
