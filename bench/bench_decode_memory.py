"""Peak memory of normalizing hostile images, against Pillow decoding the same bytes.

Each case runs in a fresh subprocess and reports its peak RSS (``VmHWM``) above the
process's own baseline after imports, so one case's peak never colours another's. The
baseline column is plain Pillow (``Image.open(data).load()``), what code without a decode
budget does; the ratio is normalize_image's peak over Pillow's. Images (all built here):

* a 34-byte lossless WebP declaring 8900×8900: under the 80 M-pixel limit by count, but
  libwebp holds two RGBA canvases, ~16 B/pixel (1.2 GB): normalize refuses it (WebP
  counts ×4 against the pixel budget) before decoding;
* the same 8900×8900 as PNG and GIF (decoded: ~5 B/pixel);
* a 4000×3000 WebP photo-sized image (decoded and resized);
* a 12,000×12,000 PNG header (refused from the header, 0 bytes decoded).

Run: .venv/bin/python bench/bench_decode_memory.py   (about a minute; no asserts)
"""

from __future__ import annotations

import io
import json
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

from PIL import Image

_CHILD = """
import json, resource, sys, time

def peak_kib():
    # VmHWM is this process's own high-water mark (ru_maxrss survives exec: it would
    # include the parent's peak)
    try:
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

mode, path = sys.argv[1], sys.argv[2]
data = open(path, "rb").read()
if mode == "pillow":
    import io
    from PIL import Image
    Image.MAX_IMAGE_PIXELS = None
else:
    from contextledger.errors import ContextLedgerError
    from contextledger.images.normalize import normalize_image
base = peak_kib()
t0 = time.perf_counter()
outcome = "decoded"
if mode == "pillow":
    try:
        Image.open(io.BytesIO(data)).load()
    except Exception as exc:
        outcome = type(exc).__name__
else:
    try:
        r = normalize_image(data)
        outcome = f"{r.width}x{r.height}"
    except ContextLedgerError:
        outcome = "refused"
peak = peak_kib()
print(json.dumps({"mib": (peak - base) / 1024, "s": time.perf_counter() - t0, "outcome": outcome}))
"""


def _save(im: Image.Image, fmt: str, **options: object) -> bytes:
    buf = io.BytesIO()
    im.save(buf, fmt, **options)
    return buf.getvalue()


def _png_header(width: int, height: int) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (
        b"\x89PNG\r\n\x1a\n"
        + struct.pack(">I", 13)
        + chunk
        + struct.pack(">I", zlib.crc32(chunk))
        + b"\x00\x00\x00\x00IDAT"
    )


def cases() -> dict[str, bytes]:
    big = Image.new("RGB", (8900, 8900))  # black: the lossless WebP is 34 bytes
    out = {
        "WebP 8900² lossless": _save(big, "WEBP", lossless=True, quality=0, method=0),
        "PNG 8900²": _save(big, "PNG"),
        "GIF 8900²": _save(big.convert("P"), "GIF"),
    }
    del big
    photo = Image.effect_noise((4000, 3000), 40).convert("RGB")
    out["WebP 4000×3000"] = _save(photo, "WEBP", quality=80)
    out["PNG header 12000²"] = _png_header(12_000, 12_000)
    return out


def measure(mode: str, path: Path) -> dict[str, object]:
    run = subprocess.run(
        [sys.executable, "-c", _CHILD, mode, str(path)], capture_output=True, text=True, check=True
    )
    result: dict[str, object] = json.loads(run.stdout)
    return result


def main() -> None:
    print(f"{'image':<22}{'bytes':>9}  {'Pillow load':>22}  {'normalize_image':>24}  ratio")
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in cases().items():
            path = Path(tmp) / "image"
            path.write_bytes(data)
            pil = measure("pillow", path)
            ours = measure("normalize", path)
            ratio = float(ours["mib"]) / max(float(pil["mib"]), 1.0)  # type: ignore[arg-type]
            print(
                f"{name:<22}{len(data):>9,}  {pil['mib']:>8.0f} MiB {pil['s']:>5.2f}s {pil['outcome']!s:<6}"
                f"  {ours['mib']:>8.0f} MiB {ours['s']:>5.2f}s {ours['outcome']!s:<9}  {ratio:.2f}"
            )


if __name__ == "__main__":
    main()
