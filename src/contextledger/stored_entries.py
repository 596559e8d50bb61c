"""Entries of a data file made once by a script and read by key, each read from the file when
first asked for: the whole file is not held.

The stored regular-expression data (``data/sre_patterns.json``, ``data/re2_supersets.json``)
is one JSON object written by ``json.dumps(..., indent=0, sort_keys=True, ensure_ascii=True)``
whose entries are keyed by 32 hex digits (a hash of what they are made from), each key at a
line's start. Holding both files' parsed objects for the whole process took ~0.8 MB (0.15x the
input of a fresh process's first long fit of a ~2 MB session, whose peak they were part of),
for the few entries a fit reads once each. Here only where each entry lies is held (~40 KB);
an entry is read and parsed when asked for. An entry that cannot be read as it was indexed
(the file changed or is gone) is None, as one not stored: its reader then makes it as it
would without the file.
"""

from __future__ import annotations

import json
import re
from typing import Any

# A key at a line's start (a top-level entry: the nested objects' keys, the groups' names of
# the stored patterns, are identifiers, never 32 hex digits alone)
_KEY = re.compile(rb'^"([0-9a-f]{32})": ', re.MULTILINE)
# A number written at a line's start ("magic": 20220615,): the first of each name is kept
_NUMBER = re.compile(rb'^"(\w+)": (-?\d+),?$', re.MULTILINE)


class StoredEntries:
    """The entries of one data file by key (``get``) and its numbers by name (``number``)."""

    __slots__ = ("_numbers", "_path", "_spans")

    def __init__(self, path: str, spans: dict[str, tuple[int, int]], numbers: dict[str, int]):
        self._path, self._spans, self._numbers = path, spans, numbers

    def __contains__(self, key: object) -> bool:
        return key in self._spans

    def __len__(self) -> int:
        return len(self._spans)

    def keys(self) -> list[str]:
        """The entries' keys, in the file's order."""
        return list(self._spans)

    def number(self, name: str) -> int | None:
        """The first number written under ``name`` at a line's start (None: there is none)."""
        return self._numbers.get(name)

    def get(self, key: str) -> Any:
        """The entry stored under ``key``, parsed (None: not stored, or not readable now)."""
        span = self._spans.get(key)
        if span is None:
            return None
        start, end = span
        try:
            with open(self._path, "rb") as f:
                f.seek(start)
                raw = f.read(end - start)
        except OSError:
            return None
        head = b'"' + key.encode("ascii") + b'": '
        if not raw.startswith(head):
            return None  # (the file is not the one indexed)
        try:
            value, _ = json.JSONDecoder().raw_decode(raw[len(head) :].decode("ascii"))
        except ValueError:  # (UnicodeDecodeError is one)
            return None
        return value


def stored_entries(path: str) -> StoredEntries | None:
    """Where each entry of the data file at ``path`` lies (None: it cannot be read)."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError:
        return None
    starts = [(m[1].decode("ascii"), m.start()) for m in _KEY.finditer(raw)]
    ends = [start for _, start in starts[1:]] + [len(raw)]
    numbers: dict[str, int] = {}
    for m in _NUMBER.finditer(raw):
        numbers.setdefault(m[1].decode("ascii"), int(m[2]))
    return StoredEntries(
        path, {key: (start, end) for (key, start), end in zip(starts, ends, strict=True)}, numbers
    )
