"""A kept Fitter's per-request image limits are checked from the last request's sums (the
parts of the messages sent anew added, of those no longer sent taken out): every refit
decides as a fresh fit does, as images come, go, and the largest one is dropped."""

from __future__ import annotations

import dataclasses
import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image as PILImage

from builders import image_block
from contextledger.catalog import lookup_model
from contextledger.errors import BudgetError
from contextledger.fit import Fitter
from contextledger.gate import image_inline_bytes
from contextledger.model import Image, Message

#: Gemini with a count limit of 3 images and Anthropic's many-image rule scaled down: a
#: request of more than 2 images may hold none over 80 px a side.
_LIMITS = dataclasses.replace(
    lookup_model("gemini-2.5-flash").image_limits,
    max_images=3,
    many_images_threshold=2,
    many_images_max_side=80,
)
_MODEL = dataclasses.replace(lookup_model("gemini-2.5-flash"), image_limits=_LIMITS)

_turn = st.tuples(st.sampled_from([0, 40, 64, 120]), st.integers(0, 2), st.booleans())


def _sides(img: Image) -> tuple[int, int]:
    assert img.data is not None
    with PILImage.open(io.BytesIO(img.data.decode())) as im:
        return im.size


def _summary(fitter: Fitter, history: list[Message]) -> tuple[object, ...]:
    res = fitter.fit(history)
    limits = fitter.info.image_limits
    sent = [img for m in res.messages for img in m.images()]
    # the limits hold, checked apart from the fit's own sums
    assert limits.max_images is None or len(sent) <= limits.max_images
    if limits.many_images_threshold is not None and len(sent) > limits.many_images_threshold:
        assert all(max(_sides(img)) <= (limits.many_images_max_side or 0) for img in sent)
    if limits.max_base64_bytes is not None:
        assert all(image_inline_bytes(img) <= limits.max_base64_bytes for img in sent)
    return (
        res.report.used,
        [m.id for m in res.messages],
        [(m.id, img.width) for m in res.messages for img in m.images()],
        [n.text for n in res.report.notices],
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_turn, min_size=1, max_size=12), st.integers(300, 3000))
def test_a_kept_fitter_checks_the_limits_as_a_fresh_fit(
    turns: list[tuple[int, int, bool]], window: int
) -> None:
    kept = Fitter(_MODEL, window=window, max_output_tokens=100)
    history: list[Message] = []
    for k, (side, n, drop_oldest) in enumerate(turns):
        images = [image_block(side + j, side + j) for j in range(n if side else 0)]
        history.append(Message.user(f"step {k}: " + "look " * (k % 4), *images, id=f"u{k}"))
        history.append(Message.assistant(f"seen {k}", id=f"a{k}"))
        history.append(Message.user(f"and now {k}?", id=f"q{k}"))
        if drop_oldest and len(history) > 3:
            del history[:2]  # the app forgets its oldest turn (the largest image may go)
        fresh = Fitter(_MODEL, window=window, max_output_tokens=100)
        try:
            want = _summary(fresh, history)
        except BudgetError:  # (a request that cannot fit is refused by both)
            with pytest.raises(BudgetError):
                kept.fit(history)
            continue
        assert _summary(kept, history) == want


def test_the_largest_image_dropped_is_looked_for_again() -> None:
    """The request's largest image is over the per-image byte limit (re-encoded to fit);
    once the app drops its turn, the kept Fitter's sums look again for the largest, and
    each refit sends and reports what a fresh fit does."""
    big, small = image_block(900, 900), image_block(40, 40)
    assert image_inline_bytes(small) < image_inline_bytes(big)
    limits = dataclasses.replace(_LIMITS, max_base64_bytes=image_inline_bytes(big) - 1)
    model = dataclasses.replace(_MODEL, image_limits=limits)
    kept = Fitter(model, window=100_000, max_output_tokens=100)
    history = [
        Message.user("big", big, id="big"),
        Message.assistant("ok", id="a0"),
        Message.user("small one", small, id="small"),
        Message.assistant("ok", id="a1"),
        Message.user("what now?", id="ask"),
    ]
    for _ in range(2):
        fresh = Fitter(model, window=100_000, max_output_tokens=100)
        assert _summary(kept, history) == _summary(fresh, history)
        del history[:2]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=1, max_size=8))
def test_the_sums_kept_between_refits_are_the_sums_afresh(windows: list[tuple[int, int]]) -> None:
    """The request-size sums a kept Fitter carries from its last request (parts added and
    taken out, the largest image and side looked for again when it went) equal those of
    its messages summed afresh, whichever run of a history each request is."""
    pool = [
        Message.user(f"m{k}", *[image_block(20 + 9 * k, 30 + 7 * k)] * (k % 3), id=f"m{k}")
        for k in range(7)
    ]
    kept = Fitter(_MODEL, window=100_000, max_output_tokens=100)
    for lo, n in windows:
        out = tuple(pool[lo : lo + n])
        fresh = Fitter(_MODEL, window=100_000, max_output_tokens=100)
        assert kept._limit_sums(out) == fresh._limit_sums(out)
