"""A long request's own words: what a lean pin of it keeps (``anchors``), and what is read of
it for corrections and restatements when it cannot be pinned whole (``units``)."""

from __future__ import annotations

#: The most of a long request's opening and closing paragraphs a lean pin keeps: a user
#: who pastes a log or a file says what they want before it or after it.
_HEAD_CHARS = 600
_TAIL_CHARS = 1200


def request_part(text: str) -> tuple[str, str] | None:
    """A long request's own words: its opening paragraph and its closing one (each, when
    too long, its first or last line), the lines between left out with a marker saying how
    many; a text of long lines keeps its first and last words. With what was left out, as
    a phrase; None when nothing would be.

    >>> text = "Here is the job log:\\n" + "INFO row 1\\n" * 200 + "\\nWhat I need: fix it."
    >>> short, gone = request_part(text)
    >>> print(short)
    Here is the job log:
    [… 200 pasted lines left out here …]
    What I need: fix it.
    >>> gone
    'the 200 lines pasted in it'
    >>> short, gone = request_part("Build it. " + "details " * 1200)
    >>> short[:20], short[-20:], gone
    ('Build it. details de', 'ails details details', 'the 7,817 characters of its middle')
    """
    lines = text.strip().splitlines()
    head = _paragraph(lines, _HEAD_CHARS, 0, 1)
    tail = _paragraph(lines, _TAIL_CHARS, len(lines) - 1, -1)[::-1]
    if not head and not tail:  # no short line to keep: the first and last words
        words = text.strip()
        first = words[:_HEAD_CHARS].rsplit(" ", 1)[0]
        last = words[-_TAIL_CHARS:].split(" ", 1)[-1]
        gone = len(words) - len(first) - len(last)
        if gone <= 0:
            return None
        return f"{first} […] {last}", f"the {gone:,} characters of its middle"
    between = lines[len(head) : len(lines) - len(tail)]
    if not between:
        return None
    # the lines that are not blank, counted at C speed (a pasted log has tens of thousands)
    pasted = len(between) - between.count("") - sum(map(str.isspace, between))
    return "\n".join([*head, f"[… {pasted} pasted lines left out here …]", *tail]), (
        f"the {pasted} lines pasted in it"
    )


def _paragraph(lines: list[str], limit: int, first: int, step: int) -> list[str]:
    """From ``lines[first]`` on, each ``step``: the lines up to the first blank one, when
    within ``limit`` characters; else only the first line (none when that alone is over
    it). Read only as far as the limit: a pasted log is one paragraph of thousands of
    lines."""
    taken = 0
    at = first
    while 0 <= at < len(lines) and lines[at].strip():
        taken += len(lines[at]) + 1
        if taken > limit:
            return lines[first : first + 1] if len(lines[first]) <= limit else []
        at += step
    return lines[first:at] if step > 0 else lines[at + 1 : first + 1][::-1]
