"""The offline recap of a record is the same in every process: no set's iteration order
(which ``PYTHONHASHSEED`` changes from run to run) decides which items survive the byte cap
or their order (issue #14 item 3; recap42 saw one held-out set score differently run to run)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).parent
SRC = TESTS.parent / "src"

# the recaps of two generated sessions, each at a tight and a roomy byte cap
_RECAPS = """
import json
from recap_sessions import generate
from contextledger.compaction.digest import digest, render_digest
out = []
for seed in (3, 17):
    d = digest(generate(seed, rounds=40).messages)
    out += [render_digest(d, cap) for cap in (900, 2000, 4800)]
print(json.dumps(out, ensure_ascii=False))
"""


def _recaps_under(seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": f"{SRC}{os.pathsep}{TESTS}"}
    run = subprocess.run([sys.executable, "-c", _RECAPS], env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout


def test_the_recap_does_not_change_with_the_hash_seed() -> None:
    first = _recaps_under("0")
    assert first.startswith("[") and len(first) > 1000
    assert _recaps_under("1") == first
