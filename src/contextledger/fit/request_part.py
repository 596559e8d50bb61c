"""A long request's own words: what a lean pin of it keeps (``anchors``), and what is read of
it for corrections and restatements when it cannot be pinned whole (``units``)."""

from __future__ import annotations

from itertools import takewhile

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
    head = _paragraph(lines, _HEAD_CHARS)
    tail = _paragraph(lines[::-1], _TAIL_CHARS)[::-1]
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
    pasted = sum(1 for line in between if line.strip())
    return "\n".join([*head, f"[… {pasted} pasted lines left out here …]", *tail]), (
        f"the {pasted} lines pasted in it"
    )


def _paragraph(lines: list[str], limit: int) -> list[str]:
    """The leading lines up to the first blank one, when within ``limit`` characters;
    else only the first line (none when that alone is over it)."""
    para = list(takewhile(str.strip, lines))
    if sum(len(line) + 1 for line in para) <= limit:
        return para
    return lines[:1] if lines and len(lines[0]) <= limit else []
