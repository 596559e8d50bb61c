"""What a fresh process loads for its first fit: nothing it does not use (each module is a
start-up cost paid again by every CLI call and subprocess; bench/bench_import.py times it)."""

from __future__ import annotations

import json
import subprocess
import sys

SHORT_CHAT = [
    {"role": "system", "content": "Be brief."},
    {"role": "user", "content": "What does this log say? ERROR timeout"},
    {"role": "assistant", "content": "A database timeout."},
    {"role": "user", "content": "Fix it, please."},
]


def _loaded_after(code: str, watched: list[str]) -> dict[str, bool]:
    probe = (
        f"{code}\nimport json, sys\nprint(json.dumps({{m: m in sys.modules for m in {watched!r}}}))"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded: dict[str, bool] = json.loads(run.stdout.splitlines()[-1])
    return loaded


def test_a_first_fit_resolves_the_models_file_without_the_data_directory() -> None:
    code = f"import contextledger; contextledger.fit({SHORT_CHAT!r}, 'gpt-4o', window=128_000)"
    assert _loaded_after(code, ["platformdirs"]) == {"platformdirs": False}


def test_the_recap_readers_load_when_a_recap_is_made_not_with_prepare() -> None:
    watched = ["contextledger.compaction.digest", "contextledger.compaction.facts"]
    assert _loaded_after("import contextledger.prepare", watched) == dict.fromkeys(watched, False)
