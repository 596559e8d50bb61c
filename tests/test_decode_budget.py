"""Decoding is bounded in memory: a pixel limit per decode and a budget per process."""

from __future__ import annotations

import threading

import pytest

from builders import png
from contextledger.errors import ImageProbeError
from contextledger.images.normalize import DECODE_BUDGET, DecodeBudget, normalize_image

# 34 bytes of lossless WebP declaring 8900×8900: libwebp would hold ~1.2 GB decoding it.
WEBP_BOMB = (
    b"RIFF\x1a\x00\x00\x00WEBPVP8L\x0e\x00\x00\x00/\xc3\xe2\xb0\x08\x07\x10\x11\xfd\x0fDD\xff\x03"
)


def test_a_tiny_webp_declaring_79m_pixels_is_refused_before_decoding() -> None:
    with pytest.raises(ImageProbeError) as err:
        normalize_image(WEBP_BOMB, name="tiny.webp")
    assert err.value.source == "tiny.webp"
    assert "8900×8900" in err.value.reason and "counts ×4" in err.value.reason
    assert DECODE_BUDGET.in_use == 0


def test_the_per_decode_limit_is_a_parameter() -> None:
    with pytest.raises(ImageProbeError, match="over the 1,000,000-pixel decode limit"):
        normalize_image(png(1200, 1000), max_pixels=1_000_000)
    assert normalize_image(png(1200, 1000), max_pixels=1_200_000).width == 1200


def test_the_process_budget_refuses_a_decode_while_others_hold_it() -> None:
    big = png(3000, 1000)  # over the 2,000 px cap: must be decoded
    with DECODE_BUDGET.reserve(DECODE_BUDGET.limit - 1_000_000, "another request"):
        with pytest.raises(ImageProbeError, match="process decode budget") as err:
            normalize_image(big, name="wide.png")
        assert "already being decoded" in err.value.reason
    assert DECODE_BUDGET.in_use == 0
    assert normalize_image(big).width == 2000  # free again


def test_the_budget_is_released_when_a_decode_fails() -> None:
    budget = DecodeBudget(100)
    with pytest.raises(RuntimeError), budget.reserve(60):
        raise RuntimeError("decoder crashed")
    assert budget.in_use == 0
    with budget.reserve(100):
        assert budget.in_use == 100


def test_concurrent_reservations_never_exceed_the_budget() -> None:
    budget = DecodeBudget(1_000)
    peak: list[int] = []
    refused: list[int] = []

    def worker() -> None:
        for _ in range(200):
            try:
                with budget.reserve(300):
                    peak.append(budget.in_use)
            except ImageProbeError:
                refused.append(1)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert max(peak) <= 1_000 and budget.in_use == 0
