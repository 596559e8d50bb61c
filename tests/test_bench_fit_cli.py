"""bench/bench_fit.py's command line: ``--help`` prints and exits before anything is
measured, and every documented spelling selects what it says."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"


def test_help_prints_the_options_and_exits_without_measuring() -> None:
    run = subprocess.run(
        [sys.executable, str(BENCH / "bench_fit.py"), "--help"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 0
    for option in ("--quick", "--ascii", "--only", "--unseen", "--seed", "--memory"):
        assert option in run.stdout
    assert "load average" not in run.stdout  # nothing was measured


def test_each_spelling_selects_what_it_says() -> None:
    sys.path.insert(0, str(BENCH))
    from bench_fit import arguments

    assert arguments(["--only-cjk", "--quick"]).only == "cjk"
    assert arguments(["--only", "helpdesk"]).only == "helpdesk"
    assert arguments(["--memory"]).memory and not arguments([]).memory
    unseen = arguments(["--unseen", "--seed", "3151809000"])
    assert unseen.unseen and unseen.seed == 3151809000
    with pytest.raises(SystemExit):
        arguments(["--seed", "5"])  # a seed of the written sessions means nothing: refused
    with pytest.raises(SystemExit):
        arguments(["--only", "nowhere"])
