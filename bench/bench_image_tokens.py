"""Benchmark: what the decision path thinks an image costs, against what the provider bills.

For screenshots of common sizes held as base64 data URLs in an OpenAI-format user message,
compare LangChain's ``count_tokens_approximately`` (what ``trim_messages`` budgets with) and
the seed's base64-length rule (``len(json) / 4``) with contextledger's price, which follows each
provider's published formula. Run: ``.venv/bin/python bench/bench_image_tokens.py``.
"""

from __future__ import annotations

import base64
import io
import json

from PIL import Image, ImageDraw

from contextledger import read_messages
from contextledger.pricing.messages import Pricer

SIZES = [(256, 256), (1024, 768), (1920, 1080), (3840, 2160), (4000, 3000)]
MODELS = ["gpt-4o", "claude-sonnet-4-5", "claude-opus-4-7", "gemini-2.5-flash"]


def screenshot(w: int, h: int) -> str:
    im = Image.new("RGB", (w, h), (245, 245, 245))
    d = ImageDraw.Draw(im)
    for y in range(0, h, 24):
        d.text((10, y), "INFO worker tick ok; cache hit ratio 99.7% " * 3, fill=(20, 20, 20))
    buf = io.BytesIO()
    im.save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def main() -> None:
    from langchain_core.messages.utils import convert_to_messages, count_tokens_approximately

    header = f"{'image':>10} {'PNG KB':>7} {'langchain':>10} {'len/4':>9} " + " ".join(
        f"{m:>17}" for m in MODELS
    )
    print(header)
    for w, h in SIZES:
        url = screenshot(w, h)
        msg = {
            "role": "user",
            "content": [
                {"type": "text", "text": "what is wrong?"},
                {"type": "image_url", "image_url": {"url": url}},
            ],
        }
        lc = count_tokens_approximately(convert_to_messages([msg]))
        naive = len(json.dumps(msg)) // 4
        ours = [Pricer.for_model(m).messages(read_messages([msg])).total for m in MODELS]
        kb = len(url) * 3 // 4 // 1024
        print(f"{w}x{h:<5} {kb:>7} {lc:>10,} {naive:>9,} " + " ".join(f"{t:>17,}" for t in ours))
    print(
        "\nlangchain = count_tokens_approximately (trim_messages' counter); len/4 = the seed's old rule;"
    )
    print(
        "the model columns are contextledger's price (text framing included), per the provider's formula."
    )


if __name__ == "__main__":
    main()
