"""The classification's patterns are made from their stored compiled form (speed31): Python's
parser and compiler took ~610 ms for all of them, much of it inside a process's first fits."""

from __future__ import annotations

import _sre  # type: ignore[import-not-found, unused-ignore]
import json
import re
import subprocess
import sys

import pytest

from contextledger import intent
from contextledger.lexicon import common
from contextledger.lexicon.common import compiled_on_use

with open(common.STORED_PATTERNS, encoding="utf-8") as _f:
    STORED = json.loads(_f.read())
SAME_ENGINE = STORED["magic"] == _sre.MAGIC and STORED["codesize"] == _sre.CODESIZE


@pytest.mark.skipif(not SAME_ENGINE, reason="stored for another regular-expression engine")
def test_the_stored_forms_are_what_re_compile_makes_now() -> None:
    """Every pattern compiled on use is stored, as compiled now (a pattern of the lexicon
    changed: run scripts/make_stored_patterns.py)."""
    # (in a process of its own: this one holds the patterns tests made too)
    code = (
        "import json\nfrom contextledger import intent, settings_said\n"
        "from contextledger.fit import gists\n"
        "from contextledger.lexicon import common, tools\n"
        "print(json.dumps({common.pattern_key(p.pattern, p.source_flags): "
        "common.compiled_form(p.pattern, p.source_flags) for p in common.EVERY_PATTERN}))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    made = json.loads(run.stdout)
    # (a stale entry is never used, its key being its source's: a pattern changed is compiled)
    assert STORED["patterns"] == made, "run scripts/make_stored_patterns.py and commit its file"


@pytest.mark.skipif(not SAME_ENGINE, reason="stored for another regular-expression engine")
def test_a_stored_pattern_is_made_without_compiling_and_matches_as_compiled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_compiling(*_: object) -> None:
        raise AssertionError("compiled")

    sources = [(intent._DECISION.pattern, 0), (intent._MIGHT_STEER_BYTES.pattern, 0)]
    texts = ["La supervisora aprobó el reembolso completo.", "Did Dana approve it?", "ok"]
    with monkeypatch.context() as patch:
        patch.setattr(common.re, "compile", no_compiling)
        made = [compiled_on_use(source, flags) for source, flags in sources]
        assert [p.groups for p in made] == [0, 0]  # (made, not compiled)
    decision, steer = made
    compiled = re.compile(intent._DECISION.pattern)
    for text in texts:
        for at in range(len(text)):
            got, want = decision.match(text, at), compiled.match(text, at)
            assert (got and got.span()) == (want and want.span())
    assert steer.search(b" actually use redis") is not None


def test_a_pattern_not_stored_is_compiled() -> None:
    fresh = compiled_on_use(r"(?i)never\s+\w+ (?#not stored)")
    assert common.stored_pattern(fresh.pattern, 0) is None
    assert fresh.search("We NEVER deploy on Fridays").group() == "NEVER deploy "
