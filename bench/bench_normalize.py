"""Normalize a 4K screenshot PNG and a 12 MP photo JPEG vs Pillow's plain thumbnail()+PNG.

Prints time, output bytes and tokens (claude-sonnet-4-5 and gpt-4o) for each. No asserts.
Run: .venv/bin/python bench/bench_normalize.py
"""

from __future__ import annotations

import io
import random
import time

from PIL import Image, ImageDraw

from contextledger.images.normalize import normalize_image
from contextledger.pricing.vision import image_cost

MODELS = ("claude-opus-4-7", "claude-sonnet-4-5", "gpt-4o")


def screenshot() -> bytes:
    im = Image.new("RGB", (3840, 2160), (246, 246, 246))
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, 3840, 80), fill=(40, 44, 52))
    d.rectangle((0, 80, 520, 2160), fill=(230, 232, 236))
    rng = random.Random(7)
    # an embedded picture and coloured UI elements, as real screenshots have
    pic = Image.blend(
        Image.radial_gradient("L").resize((900, 600)).convert("RGB"),
        Image.effect_noise((900, 600), 60).convert("RGB"),
        0.3,
    )
    im.paste(pic, (2800, 1300))
    for _ in range(60):
        x, y = rng.randint(560, 3600), rng.randint(100, 2000)
        colour = (rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255))
        d.rounded_rectangle((x, y, x + rng.randint(60, 300), y + 40), 8, fill=colour)
    for y in range(120, 2100, 34):
        x = 560
        while x < 3700:
            w = rng.randint(20, 140)
            d.text((x, y), "lorem_ipsum"[: max(1, w // 12)], fill=(20, 20, 20))
            x += w + 14
    buf = io.BytesIO()
    im.save(buf, "PNG")
    return buf.getvalue()


def photo() -> bytes:
    base = Image.radial_gradient("L").resize((4000, 3000)).convert("RGB")
    noise = Image.effect_noise((4000, 3000), 40).convert("RGB")
    im = Image.blend(base, noise, 0.35)
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=90)
    return buf.getvalue()


def tokens(w: int, h: int) -> str:
    return " / ".join(f"{image_cost(w, h, m).tokens:,}" for m in MODELS)


def plain(data: bytes) -> tuple[bytes, tuple[int, int]]:
    im = Image.open(io.BytesIO(data))
    im.thumbnail((2000, 2000))
    buf = io.BytesIO()
    im.save(buf, "PNG")
    return buf.getvalue(), im.size


def main() -> None:
    print(f"tokens shown as {' / '.join(MODELS)}")
    for label, data in (
        ("screenshot 3840×2160 PNG", screenshot()),
        ("photo 4000×3000 JPEG", photo()),
    ):
        with Image.open(io.BytesIO(data)) as im:
            w0, h0 = im.size
        print(f"\n{label}: original {len(data):,} B, {w0}×{h0}, tokens {tokens(w0, h0)}")
        t = time.perf_counter()
        out = normalize_image(data)
        t_norm = time.perf_counter() - t
        print(f"  normalize_image → {out.media_type}: {t_norm * 1000:7.0f} ms, {out.bytes_after:>10,} B, "
              f"{out.width}×{out.height}, tokens {tokens(out.width, out.height)}")  # fmt: skip
        t = time.perf_counter()
        png, size = plain(data)
        t_plain = time.perf_counter() - t
        print(f"  thumbnail()+PNG         : {t_plain * 1000:7.0f} ms, {len(png):>10,} B, "
              f"{size[0]}×{size[1]}, tokens {tokens(*size)}")  # fmt: skip


if __name__ == "__main__":
    main()
