"""Run every ``bench/bench_*.py`` script in turn and print a summary.

Each script runs as its own subprocess with the current interpreter (``sys.executable``), so
one script's imports, caches or memory peaks never colour another's figures. Output is
streamed as it comes; a script that runs longer than the timeout is killed and reported.

Run: ``.venv/bin/python bench/run_all.py [NAME ...]`` (``make bench`` does this), where the
optional names select scripts, e.g. ``fit probe`` for ``bench_fit.py`` and ``bench_probe.py``.
Exits non-zero when any script failed or timed out.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
TIMEOUT_S = 300.0


@dataclass(frozen=True)
class Outcome:
    """How one benchmark script ended."""

    name: str
    status: str  # "ok", "failed (exit N)" or "timed out"
    seconds: float


def discover(names: list[str]) -> list[Path]:
    """Return the benchmark scripts to run, sorted by name, optionally filtered by ``names``."""
    scripts = sorted(BENCH_DIR.glob("bench_*.py"))
    if not names:
        return scripts
    wanted = {n.removeprefix("bench_").removesuffix(".py") for n in names}
    chosen = [s for s in scripts if s.stem.removeprefix("bench_") in wanted]
    missing = wanted - {s.stem.removeprefix("bench_") for s in chosen}
    if missing:
        raise SystemExit(f"no such benchmark: {', '.join(sorted(missing))}")
    return chosen


def run_one(script: Path, timeout: float) -> Outcome:
    """Run one script, streaming its output to ours, and return how it ended."""
    env = dict(os.environ)
    src = str(BENCH_DIR.parent / "src")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH", "")) if p)
    env["PYTHONUNBUFFERED"] = "1"
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, str(script)], cwd=BENCH_DIR.parent, env=env)
    try:
        code = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return Outcome(script.name, "timed out", time.perf_counter() - start)
    status = "ok" if code == 0 else f"failed (exit {code})"
    return Outcome(script.name, status, time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    """Run the selected benchmarks; return 0 when all of them finished cleanly."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    ap.add_argument("--timeout", type=float, default=TIMEOUT_S, help="seconds per script")
    args = ap.parse_args(argv)

    scripts = discover(args.names)
    cores = os.cpu_count() or 1
    print(f"# {len(scripts)} benchmark(s); Python {platform.python_version()}, {cores} cores")
    outcomes: list[Outcome] = []
    for script in scripts:
        print(f"\n=== {script.name} ===", flush=True)
        outcomes.append(run_one(script, args.timeout))

    print("\n=== summary ===")
    width = max((len(o.name) for o in outcomes), default=0)
    for o in outcomes:
        print(f"{o.name:<{width}}  {o.seconds:7.1f} s  {o.status}")
    failed = [o for o in outcomes if o.status != "ok"]
    print(f"{len(outcomes) - len(failed)}/{len(outcomes)} ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
