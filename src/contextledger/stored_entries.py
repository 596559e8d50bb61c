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
import os
import re
from collections.abc import Iterator
from typing import Any

# A key at a line's start (a top-level entry: the nested objects' keys, the groups' names of
# the stored patterns, are identifiers, never 32 hex digits alone). Found after the line
# break before it: a literal the engine looks for at C speed (``^`` in a multi-line pattern
# is tried at every character, ~1.5 ms a file)
_KEY = re.compile(rb'\n"([0-9a-f]{32})": ')
# A number written at a line's start before the first entry ("magic": 20220615,)
_NUMBER = re.compile(rb'^"(\w+)": (-?\d+),?$', re.MULTILINE)
# (one decoder, which holds nothing between calls)
_DECODE = json.JSONDecoder().raw_decode


class StoredEntries:
    """The entries of one data file by key (``get``) and its numbers by name (``number``)."""

    __slots__ = ("_numbers", "_path", "_spans")

    def __init__(self, path: str, spans: dict[str, tuple[int, int]], numbers: dict[str, int]):
        self._path, self._spans, self._numbers = path, spans, numbers

    def __contains__(self, key: object) -> bool:
        return key in self._spans

    def __len__(self) -> int:
        return len(self._spans)

    def __iter__(self) -> Iterator[str]:
        """The entries' keys, in the file's order."""
        return iter(self._spans)

    def number(self, name: str) -> int | None:
        """The number written under ``name`` at a line's start before the first entry (None:
        there is none)."""
        return self._numbers.get(name)

    def get(self, key: str) -> Any:
        """The entry stored under ``key``, parsed (None: not stored, or not readable now)."""
        span = self._spans.get(key)
        if span is None:
            return None
        start, end = span
        try:  # (the system's calls: a buffered file object costs ~10x the read)
            fd = os.open(self._path, os.O_RDONLY)
            try:
                raw = os.pread(fd, end - start, start)
            finally:
                os.close(fd)
        except OSError:
            return None
        head = b'"' + key.encode("ascii") + b'": '
        if not raw.startswith(head):
            return None  # (the file is not the one indexed)
        try:
            value, _ = _DECODE(raw[len(head) :].decode("ascii"))
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
    starts = [(m[1].decode("ascii"), m.start() + 1) for m in _KEY.finditer(raw)]
    ends = [start for _, start in starts[1:]] + [len(raw)]
    head = raw[: starts[0][1]] if starts else raw
    numbers = {m[1].decode("ascii"): int(m[2]) for m in _NUMBER.finditer(head)}
    return StoredEntries(
        path, {key: (start, end) for (key, start), end in zip(starts, ends, strict=True)}, numbers
    )
