"""Notices: one sentence per thing that changed between the record and what is sent.

Every drop, shrink, replacement or refusal in the pipeline becomes a ``Notice`` a UI
can show to a person as-is.
"""

from __future__ import annotations

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
