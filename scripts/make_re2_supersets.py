"""Write ``src/contextledger/data/re2_supersets.json``: RE2's translation of every pattern the
request classification screens (``intent.SCREENED``) and of the screen for tool outputs
that are an API's error answer (``printed``) and of the failure marks a tool's output is read
for (``fit.gists``, ``compaction.failures``), so that a process reads them instead of
translating them from Python's parse tree (~220 ms). Run it after changing a pattern of the
lexicon or the translation (``prefilter``); tests/test_prefilter.py fails until then.

    .venv/bin/python scripts/make_re2_supersets.py
"""

from __future__ import annotations

import json

from contextledger import intent, prefilter, printed
from contextledger.compaction import failures
from contextledger.fit import gists


def translations() -> dict[str, list[str]]:
    """Each screened pattern's key and translation (the untranslatable left out)."""
    made = {}
    for pattern, in_parts in [
        *intent.SCREENED,
        (printed.ERROR_SCREENED, False),
        *gists.SCREENED,
        *failures.SCREENED,
    ]:
        sources = prefilter.translate(pattern, in_parts)
        if sources is not None:
            made[prefilter.translation_key(pattern, in_parts)] = sources
    return made


def main() -> None:
    text = json.dumps(translations(), indent=0, sort_keys=True, ensure_ascii=True)
    with open(prefilter.TRANSLATIONS, "w", encoding="utf-8") as f:
        f.write(text + "\n")
    print(f"wrote {prefilter.TRANSLATIONS} ({len(text):,} characters)")


if __name__ == "__main__":
    main()
