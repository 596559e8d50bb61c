"""Write ``src/contextledger/data/sre_patterns.json``: Python's compiled form of every pattern
the request classification compiles on use (``lexicon.common.EVERY_PATTERN``), for this
interpreter's regular-expression engine, so that a process makes them from it instead of
compiling them (~610 ms for all). Run it after changing a pattern of the lexicon (and with
the Python version CI runs); tests/test_stored_patterns.py fails until then.

    .venv/bin/python scripts/make_stored_patterns.py
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found, unused-ignore]
import json

# (importing them makes every pattern compiled on use: the classification's, the tools' words,
# the settings a sentence gives and the gists' costliest)
from contextledger import intent, settings_said  # noqa: F401
from contextledger.fit import gists  # noqa: F401
from contextledger.lexicon import common, tools  # noqa: F401


def forms() -> dict[str, list[object]]:
    """Each pattern's key and compiled form."""
    return {
        common.pattern_key(p.pattern, p.source_flags): common.compiled_form(
            p.pattern, p.source_flags
        )
        for p in common.EVERY_PATTERN
    }


def main() -> None:
    stored = {"magic": _sre.MAGIC, "codesize": _sre.CODESIZE, "patterns": forms()}
    text = json.dumps(stored, indent=0, sort_keys=True, ensure_ascii=True)
    with open(common.STORED_PATTERNS, "w", encoding="utf-8") as f:
        f.write(text + "\n")
    print(f"wrote {common.STORED_PATTERNS} ({len(text):,} characters)")


if __name__ == "__main__":
    main()
