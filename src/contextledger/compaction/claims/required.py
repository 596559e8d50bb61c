"""A requirement a tool's answer states is the tool's, not a rule of the user's.

"The records request was denied: subpoena required for badge-swipe records." restates the
reason a records tool gave (``{"status": "denied", "reason": "subpoena required for
badge-swipe records"}``). Its "required" reads as a standing rule, and a rule must trace to
a user turn: none says it, so the honest line was stripped. A clause stating a requirement
stands as the tool's when one tool result says it: all of its words in one phrase of the
result, with the same polarity ("no subpoena is required"
against "subpoena required" is no restatement). Only that clause is the tool's: the rest of
the sentence is still a claim of its own ("… was approved: subpoena required" is checked as
an approval).

>>> from contextledger.model import Message, ToolCall
>>> from .evidence import Evidence
>>> call = ToolCall("c1", "records_request", '{"records": "badge-swipe logs"}')
>>> answer = '{"status": "denied", "reason": "subpoena required for badge-swipe records"}'
>>> ev = Evidence.of([Message.assistant(call, id="a"), Message.tool("c1", answer, id="t")])
>>> required_by_tool("The records request was denied: a subpoena is required.", ev)
'a subpoena is required.'
>>> required_by_tool("No subpoena is required.", ev) is None
True
>>> required_by_tool("A court order is required for badge-swipe records.", ev) is None
True
"""

from __future__ import annotations

import re

from ..trace import claim_terms
from .evidence import Evidence
from .polarity import negated

# The words that state a requirement ("required", "needs", "must", "mandatory")
_REQUIRED = re.compile(
    r"(?i)\b(?:required|requires?|requirement|needed|needs?|must|mandatory|necessary)\b"
)
# A sentence's clauses: a reason after a colon or a semicolon, or a "because"
_CLAUSES = re.compile(r"\s*[:;]\s+|\s*,?\s+\b(?:because|since)\s+")
# A tool answer's phrases: JSON strings, lines and sentences
_PHRASES = re.compile(r"[\"\n;]|\.\s")


def _phrase_holding(terms: frozenset[str], body: str) -> str | None:
    """The phrase of a tool's ``body`` holding a requirement word and every one of
    ``terms`` (one word it lacks may be what is required: "a court order is required for
    badge-swipe records" against "subpoena required for badge-swipe records"); None when
    none does."""
    for phrase in _PHRASES.split(body):
        if _REQUIRED.search(phrase) and terms <= claim_terms(phrase):
            return phrase
    return None


def required_by_tool(text: str, ev: Evidence) -> str | None:
    """The clause of ``text`` that restates a requirement a tool result stated, word for
    word or nearly (see the module's docstring); None when no clause does."""
    if not _REQUIRED.search(text):
        return None
    for clause in _CLAUSES.split(text):
        if not _REQUIRED.search(clause):
            continue
        terms = claim_terms(clause)
        if not terms:
            continue  # "it is required": nothing to hold it to
        for result in ev.results:
            phrase = _phrase_holding(terms, result.text)
            if phrase is not None and negated(phrase) == negated(clause):
                return clause
    return None
