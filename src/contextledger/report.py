"""Notices: one sentence per thing that changed between the record and what is sent.

Every drop, shrink, replacement or refusal in the pipeline becomes a ``Notice`` a UI
can show to a person as-is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Notice:
    """What changed, where, and a sentence for a person.

    ``kind`` is machine-readable (``dropped``, ``shrunk``, ``replaced``, ``repaired``…);
    ``where`` names the message (id) or path; ``text`` is the sentence to show.
    """

    kind: str
    where: str
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "where": self.where, "text": self.text}

    def __str__(self) -> str:
        return self.text


def not_yet_told(written: Sequence[Notice], told: Sequence[Notice]) -> list[Notice]:
    """A writer's notices less the replacements a fit already reported (the fit says which
    blocks its target sends as text, in the same words), each once.

    >>> said = Notice("replaced", "m1", "A file_data block … as text")
    >>> not_yet_told([Notice("replaced", "messages[1]", said.text)], [said])
    []
    """
    said = Counter(n.text for n in told if n.kind == "replaced")
    out: list[Notice] = []
    for n in written:
        if n.kind == "replaced" and said[n.text] > 0:
            said[n.text] -= 1
            continue
        out.append(n)
    return out
