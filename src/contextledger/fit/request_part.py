"""A long request's own words: what a lean pin of it keeps (``anchors``), and what is read of
it for corrections and restatements when it cannot be pinned whole (``units``)."""

from __future__ import annotations

from .gists import words_beside_paste

#: The most of a long request's opening and closing paragraphs a lean pin keeps: a user
#: who pastes a log or a file says what they want before it or after it.
_HEAD_CHARS = 600
_TAIL_CHARS = 1200

#: The most of the user's own short paragraphs said BETWEEN two pastes that a lean pin keeps
#: ("<a table>\n\nNever email real customers.\n\n<a table>"): more are a document's
#: paragraphs, not words said among pastes.
_MIDDLE_OWN_MOST = 4
#: Longer texts are not read for words between pastes: the work would grow with a paste of
#: many megabytes, and a user who pastes that much says what they want before or after it.
_MIDDLE_READ_MOST = 200_000


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
    middle, pasted = _between(between, text)
    if not pasted and len(middle) == len(between):
        return None  # (the lines between are all the user's: nothing to leave out)
    return "\n".join([*head, *middle, *tail]), f"the {pasted} lines pasted in it"


def _between(between: list[str], text: str) -> tuple[list[str], int]:
    """The lines between a long request's opening and closing paragraphs as a lean pin keeps
    them: each run of pasted lines as a marker saying how many, the user's own words said
    between two pastes (``gists.words_beside_paste``) kept (review45 R45-ret5: a ban said
    once between two pasted tables was left out with them, in 6 of 11 languages); with how
    many pasted lines were left out."""
    own = _own_lines(text) if len(text) <= _MIDDLE_READ_MOST else frozenset()
    kept = [at for at, line in enumerate(between) if line.strip() in own] if own else []
    if not kept or len(kept) > _MIDDLE_OWN_MOST:
        # the lines that are not blank, counted at C speed (a pasted log has tens of thousands)
        pasted = len(between) - between.count("") - sum(map(str.isspace, between))
        return [_marker(pasted)], pasted
    middle: list[str] = []
    run = pasted = 0
    for at, line in enumerate(between):
        if at in kept:
            if run:
                middle.append(_marker(run))
                pasted, run = pasted + run, 0
            middle.append(line)
        elif line.strip():
            run += 1
    if run:
        middle.append(_marker(run))
    return middle, pasted + run


def _own_lines(text: str) -> frozenset[str]:
    """The lines of the user's own words in a turn that pastes lines around them, stripped."""
    said = words_beside_paste(text) or ()
    return frozenset(line.strip() for words in said for line in words.split("\n"))


def _marker(pasted: int) -> str:
    return f"[… {pasted} pasted lines left out here …]"


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
