"""The README's Python examples run as written (documentation that lies is worse than none)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)


def test_readme_examples_run_in_order() -> None:
    namespace: dict[str, object] = {"__name__": "readme"}  # later examples reuse earlier names
    assert BLOCKS
    for code in BLOCKS:
        exec(compile(code, str(README), "exec"), namespace)


def test_readme_starts_with_the_two_commands() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    commands = [ln.split("#")[0].strip() for ln in lines[:6] if ln.startswith("make ")]
    assert commands == ["make demo", "make test"]
