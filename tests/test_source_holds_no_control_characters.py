"""No source file holds a control character other than a tab or a line break.

A raw-string pattern typed with a literal backspace (U+0008) where ``\\b`` was meant
compiles and silently never matches; two such patterns were found in the claim checker
and the decisions reader."""

from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent.parent / "src" / "contextledger"
ALLOWED = {"\t", "\n", "\r"}


@pytest.mark.parametrize(
    "path", sorted(SOURCE.rglob("*.py")), ids=lambda p: str(p.relative_to(SOURCE))
)
def test_no_control_character_in_source(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = [
        (line_no, repr(ch))
        for line_no, line in enumerate(text.splitlines(keepends=True), 1)
        for ch in line
        if (ord(ch) < 32 or ord(ch) == 127) and ch not in ALLOWED
    ]
    assert not found, f"{path.name}: control characters at (line, char) {found}"
