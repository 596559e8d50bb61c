"""Peak memory of the image-limit passes (speed73): a fit done once forgets what it remembered
of the screenshots it swapped for placeholders before fitting again, and small prices are
shared objects; the decisions are those of a fit of the read Messages and of a kept Fitter."""

from __future__ import annotations

import base64
import io
import random
from typing import Any

from PIL import Image as Pil

from builders import computer_use_body
from contextledger import warm
from contextledger.fit import Fitter, fit
from contextledger.pricing.messages import priced, shared_pair
from contextledger.providers import read_messages
from memory_sizes import peak_over_size


def _drawn_sizes_body(shots: int, seed: int) -> dict[str, Any]:
    """An Anthropic computer-use body as ``bench_fit.py --memory`` draws it: a tiny 1-bit
    screenshot of a size drawn per shot in each tool result."""
    rng = random.Random(seed)
    return computer_use_body(_drawn_png(rng, i % 2) for i in range(shots))


def _drawn_png(rng: random.Random, shade: int) -> str:
    buf = io.BytesIO()
    Pil.new("1", (rng.randint(8, 64), rng.randint(6, 48)), shade).save(buf, "PNG")
    return base64.b64encode(buf.getvalue()).decode()


def test_a_fit_of_a_thousand_screenshots_of_drawn_sizes_peaks_below_1_5x_its_body() -> None:
    """1,000 tiny screenshots of sizes drawn per shot in Anthropic tool results, fitted at 128k
    (the 900 over the 100-image limit replaced), warmed as ``bench_fit.py --memory`` is: the
    peak of traced memory over the body's size in memory (main before speed73: 1.66-1.67x;
    after: ~1.40x)."""
    warm()
    fit(_drawn_sizes_body(30, 101), "claude-sonnet-4-5", window=128_000)  # (one-time loads)
    body = _drawn_sizes_body(1_000, 1)
    ratio = peak_over_size(
        lambda: fit(body, "claude-sonnet-4-5", window=128_000, max_output_tokens=4096), body
    )
    assert ratio < 1.5, f"{ratio:.3f}x"


def test_a_fit_done_once_decides_as_a_kept_fitter_and_a_fit_of_read_messages_do() -> None:
    """Over the 100-image limit at two windows: the one-shot fit (which forgets the swapped
    screenshots' prices between its passes) sends and reports what a fit of the read Messages
    and a kept Fitter's first and second fits send and report."""
    body = _drawn_sizes_body(160, 7)
    for window in (16_000, 128_000):
        once = fit(body, "claude-sonnet-4-5", window=window, max_output_tokens=1000)
        whole = fit(read_messages(body), "claude-sonnet-4-5", window=window, max_output_tokens=1000)
        fitter = Fitter("claude-sonnet-4-5", window=window, max_output_tokens=1000)
        first, again = fitter.fit(body), fitter.fit(body)
        for other in (whole, first, again):
            assert other.messages == once.messages
            assert _decided(other.report) == _decided(once.report)


def _decided(report: Any) -> dict[str, Any]:
    """A report without the sizes of the messages left out: a fit done once bounds what it
    cannot keep and says so (``estimated``), a kept Fitter may know them exact (issue #11:
    "history that cannot be kept need not be counted exactly")."""
    out = report.to_dict()
    out["dropped"] = [
        {**c, "tokens_before": 0, "estimated": False} if c["action"] == "dropped" else c
        for c in out["dropped"]
    ]
    return dict(out)


def test_small_prices_are_shared_and_equal_to_what_they_stand_for() -> None:
    assert shared_pair((12, 0)) is shared_pair((12, 0)) == (12, 0)
    assert priced(40, 85) is priced(40, 85)
    assert (priced(40, 85).text, priced(40, 85).image) == (40, 85)
    assert priced(7, 0) is priced(7, 0)
    big = priced(1 << 20, 3)  # (not shared: a table of large values would only grow)
    assert (big.text, big.image) == (1 << 20, 3)
    assert shared_pair((1 << 20, 0)) == (1 << 20, 0)
