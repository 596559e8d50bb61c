"""Startup cost: what a fresh process pays before contextledger does anything.

Every CLI call, every ``contextledger serve`` worker and every subprocess test starts a
new interpreter, so the import is paid again each time. Measured here, each in its own
fresh process (CPU = user + system time of the child, from ``resource.getrusage``):

* **import**: ``python -c "import contextledger"``;
* **--help**: ``contextledger --help`` (run as the console script runs it:
  ``from contextledger.cli import main; main()``);
* **CLI fit**: ``contextledger fit tiny.json -m gpt-4o --json`` on a 4-message file;
* **first fit**: ``import contextledger; contextledger.fit(d, "gpt-4o", window=128_000)``
  on 4 plain dicts (the same call as bench_fit's first line); reported also *over the
  import* (its median minus the import's), so cost moved from the import into the first
  fit shows up here. The same for a three-message Thai and Bengali chat, and for a 2 MB
  tool output (log lines) answering the newest request (over a process that builds the
  same log and imports the package);
* **import + fit's modules**: ``import contextledger; from contextledger import fit``: a
  bare import loads none of the fit's modules, so every first fit imports them, whatever
  its size; reported over the bare import, the part of each first fit's excess that is
  importing them (~80-100 ms of the 4-message fit's ~120-140 in session 55).

Baselines from the same run: ``python -c pass`` (the interpreter alone) and
``python -c "import httpx"`` (a well-kept library of similar reach). Each case runs
``--runs`` times (default 5), interleaved so that load changes hit every case alike;
medians and ranges in ms, and ratios of the medians against both baselines.

Two tables. **Bytecode cached**, as an installed package runs (pip writes the ``.pyc``
files at install): the children write and read theirs under a temporary
``PYTHONPYCACHEPREFIX``. **No bytecode cache**, as a process with
``PYTHONDONTWRITEBYTECODE=1`` and an editable install runs (this machine's shells, so the
test suite's subprocesses): every module of ours is compiled from source at each start.

Run: ``.venv/bin/python bench/bench_import.py [--runs N]`` (under ``nice -n 10`` on a
shared machine). No asserts; prints figures.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

TINY = [
    {"role": "system", "content": "Be brief."},
    {"role": "user", "content": "What does this log say? " + "ERROR timeout; " * 40},
    {"role": "assistant", "content": "A database timeout."},
    {"role": "user", "content": "Fix it, please."},
]
CLI = "import sys; from contextledger.cli import main; sys.argv[0] = 'contextledger'; main()"


# A 2 MB tool output (service log lines) answering the newest request, and a chat in Thai
# and Bengali (scripts without spaces between words, vowel signs as marks).
TOOL_LOG = (
    "import random; r = random.Random(1); t = '\\n'.join(f'2026-12-01T10:{i % 60:02d} INFO "
    "worker-{r.randrange(99)} processed batch {r.randrange(10**6)} in {r.random():.3f}s' "
    "for i in range(30000))[:2_000_000]; d = [{'role': 'user', 'content': 'check the log'}, "
    "{'role': 'assistant', 'content': None, 'tool_calls': [{'id': 'c', 'type': 'function', "
    "'function': {'name': 'cat', 'arguments': '{}'}}]}, "
    "{'role': 'tool', 'tool_call_id': 'c', 'content': t}]"
)
THAI_BENGALI = [
    {"role": "user", "content": "สวัสดีครับ ช่วยสรุปรายงานการประชุมเมื่อวานให้หน่อยได้ไหม"},
    {"role": "assistant", "content": "আমি আপনাকে সাহায্য করতে পারি, রিপোর্টটি পাঠান।"},
    {"role": "user", "content": "ขอบคุณมาก নিচে রিপোর্ট আছে"},
]
FIT = "import contextledger; contextledger.fit(d, 'gpt-4o', window=128_000)"


def cases(tiny: Path) -> dict[str, list[str]]:
    """Name -> argv after the interpreter."""
    return {
        "python -c pass": ["-c", "pass"],
        "import httpx": ["-c", "import httpx"],
        "import contextledger": ["-c", "import contextledger"],
        "import + fit's modules": [
            "-c",
            "import contextledger; from contextledger import fit",
        ],
        "contextledger --help": ["-c", CLI, "--help"],
        "contextledger fit (CLI)": ["-c", CLI, "fit", str(tiny), "-m", "gpt-4o", "--json"],
        "first fit": ["-c", f"d = {TINY!r}; {FIT}"],
        "first fit, Thai/Bengali": ["-c", f"d = {THAI_BENGALI!r}; {FIT}"],
        # (its baseline builds the same log and imports the package without fitting)
        "2 MB log, built": ["-c", f"{TOOL_LOG}; import contextledger"],
        "first fit, 2 MB tool output": ["-c", f"{TOOL_LOG}; {FIT}"],
    }


def child_cpu_ms(args: list[str], env: dict[str, str]) -> float:
    """CPU (user + system) of one fresh interpreter running ``args``, in ms."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *args], check=True, stdout=subprocess.DEVNULL, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used * 1e3


def measure(runs: int, tiny: Path, env: dict[str, str]) -> dict[str, list[float]]:
    """``runs`` samples of every case, the cases interleaved within each round."""
    table = cases(tiny)
    samples: dict[str, list[float]] = {name: [] for name in table}
    for args in table.values():  # one untimed round: the OS file cache, .pyc files
        child_cpu_ms(args, env)
    for _ in range(runs):
        for name, args in table.items():
            samples[name].append(child_cpu_ms(args, env))
    return samples


def report(samples: dict[str, list[float]]) -> None:
    median = {name: statistics.median(s) for name, s in samples.items()}
    bare, httpx = median["python -c pass"], median["import httpx"]
    print(
        f"{'case':<26} {'median':>8} {'range':>15} {'over pass':>10} {'/ pass':>7} {'/ httpx':>8}"
    )
    for name, s in samples.items():
        print(
            f"{name:<26} {median[name]:>6.0f}ms {min(s):>6.0f}-{max(s):<6.0f}ms "
            f"{median[name] - bare:>8.0f}ms {median[name] / bare:>6.1f}x {median[name] / httpx:>7.2f}x"
        )
    imported = median["import contextledger"]
    for name, base in (
        ("first fit", imported),
        ("first fit, Thai/Bengali", imported),
        ("first fit, 2 MB tool output", median["2 MB log, built"]),
    ):
        print(f"{name} over the import: {median[name] - base:.0f} ms CPU (medians)")
    modules = median["import + fit's modules"] - imported
    print(
        f"of each first fit's excess, importing the fit's modules: {modules:.0f} ms CPU (medians)"
    )


def _stray_bytecode() -> bool:
    """Whether ``.pyc`` files lie beside the package's sources (some tests' subprocesses
    write them although the shell says not to): the uncached run would read them."""
    spec = importlib.util.find_spec("contextledger")
    origin = spec.origin if spec else None
    return origin is not None and Path(importlib.util.cache_from_source(origin)).exists()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    print(f"load average at start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores); {runs} runs")
    with tempfile.TemporaryDirectory() as tmp:
        tiny = Path(tmp) / "tiny.json"
        tiny.write_text(json.dumps(TINY), encoding="utf-8")
        base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached = {**base, "PYTHONPYCACHEPREFIX": str(Path(tmp) / "pycache")}
        uncached = {**base, "PYTHONDONTWRITEBYTECODE": "1"}
        for title, env in (
            ("bytecode cached (as installed)", cached),
            ("no bytecode cache (PYTHONDONTWRITEBYTECODE=1)", uncached),
        ):
            print(f"\n{title}, CPU ms of the whole process:")
            if env is uncached and _stray_bytecode():
                print("  (NOTE: .pyc files lie beside our sources, so this run reads them)")
            report(measure(runs, tiny, env))
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
