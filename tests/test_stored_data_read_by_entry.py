"""The stored regular-expression data is read an entry at a time (``stored_entries``): what a
key reads is what the whole file parsed holds, and an entry that cannot be read as indexed
(the file changed or is gone) reads as not stored, never as another entry."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from contextledger import prefilter
from contextledger.lexicon import common
from contextledger.stored_entries import stored_entries


@pytest.mark.parametrize(
    ("path", "entries_of"),
    [
        (common.STORED_PATTERNS, lambda whole: whole["patterns"]),
        (prefilter.TRANSLATIONS, lambda whole: whole),
    ],
    ids=["sre_patterns", "re2_supersets"],
)
def test_every_stored_entry_reads_as_the_whole_file_parsed(path: str, entries_of: Any) -> None:
    with open(path, encoding="utf-8") as f:
        whole = json.load(f)
    stored = stored_entries(path)
    assert stored is not None
    assert list(stored) == list(entries_of(whole))
    for key, value in entries_of(whole).items():
        assert stored.get(key) == value


def test_the_stored_patterns_header_is_read() -> None:
    with open(common.STORED_PATTERNS, encoding="utf-8") as f:
        whole = json.load(f)
    stored = stored_entries(common.STORED_PATTERNS)
    assert stored is not None
    assert (stored.number("magic"), stored.number("codesize")) == (
        whole["magic"],
        whole["codesize"],
    )


def _write(path: Path, entries: dict[str, Any]) -> None:
    path.write_text(json.dumps(entries, indent=0, sort_keys=True, ensure_ascii=True))


def test_an_entry_of_a_file_changed_since_it_was_indexed_reads_as_not_stored(
    tmp_path: Path,
) -> None:
    path = tmp_path / "entries.json"
    first, second = "a" * 32, "b" * 32
    _write(path, {first: ["(?:x)"], second: ["(?:y)", "wide:(?:ж)"]})
    stored = stored_entries(str(path))
    assert stored is not None
    assert stored.get(second) == ["(?:y)", "wide:(?:ж)"]
    _write(path, {first: ["(?:a much longer source that moves every later entry)"], second: []})
    assert stored.get(second) is None  # (not the bytes now at its old place)
    path.unlink()
    assert stored.get(first) is None
    assert stored.get("c" * 32) is None


def test_a_missing_file_has_no_entries(tmp_path: Path) -> None:
    assert stored_entries(str(tmp_path / "absent.json")) is None
