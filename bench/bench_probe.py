"""Price an image held as a 10 MB base64 data URL: header probe + cost vs full decode + Pillow.

Run: .venv/bin/python bench/bench_probe.py   (prints results; no asserts; < 60 s)
"""

from __future__ import annotations

import base64
import io
import statistics
import time
from collections.abc import Callable

from PIL import Image

from contextledger.images.probe import probe_image
from contextledger.pricing.vision import image_cost

TARGET_BYTES = 10_000_000  # size of the base64 payload


def _make_jpeg() -> bytes:
    """A 7.5 MB JPEG (noise compresses badly), so its base64 is 10 MB."""
    side = 2000
    noise = Image.effect_noise((side, side), 100).convert("RGB")
    buf = io.BytesIO()
    noise.save(buf, "JPEG", quality=100, subsampling=0)
    data = buf.getvalue()
    # Pad with a trailing comment-free tail up to the target (decoders stop at EOI).
    want = TARGET_BYTES * 3 // 4
    return data + b"\0" * max(0, want - len(data))


def _median(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    jpeg = _make_jpeg()
    url = "data:image/jpeg;base64," + base64.b64encode(jpeg).decode()
    print(f"data URL: {len(url) / 1e6:.1f} MB of base64 ({len(jpeg) / 1e6:.1f} MB JPEG)")

    def ours() -> int:
        info = probe_image(url)
        return image_cost(info.width, info.height, "claude-opus-4-7").tokens

    def pillow_open() -> int:
        raw = base64.b64decode(url[url.index(",") + 1 :])
        with Image.open(io.BytesIO(raw)) as img:
            w, h = img.size
        return image_cost(w, h, "claude-opus-4-7").tokens

    def pillow_load() -> int:
        raw = base64.b64decode(url[url.index(",") + 1 :])
        with Image.open(io.BytesIO(raw)) as img:
            img.load()
            w, h = img.size
        return image_cost(w, h, "claude-opus-4-7").tokens

    assert ours() == pillow_open() == pillow_load()
    t_ours = _median(ours, 2001)
    t_open = _median(pillow_open, 21)
    t_load = _median(pillow_load, 5)
    print(f"probe_image + image_cost          : {t_ours * 1e6:10.1f} µs (median of 2001)")
    print(f"b64decode + Image.open().size     : {t_open * 1e6:10.1f} µs (median of 21)")
    print(f"b64decode + Image.open().load()   : {t_load * 1e6:10.1f} µs (median of 5)")
    print(f"ratio vs decode + open            : {t_open / t_ours:10.0f}×")
    print(f"ratio vs decode + full pixel load : {t_load / t_ours:10.0f}×   (goal ≥ 1000×)")


if __name__ == "__main__":
    main()
