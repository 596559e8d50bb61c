"""The user's own words beside a paste (``gists.words_beside_paste``) are found by asking
of each pasted line first whether it ends as a sentence does (its last character), and only
of those whether they are a log's line (a search): the same words as asking in the other
order (speed90: every line of every long paste was searched, ~4 ms a pasted request, the
most of a cold fit's reading of rules by their shape)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger.fit.gists import (
    _LOG_LINE,
    _OWN_CHARS,
    _SENTENCE_END,
    _said_line,
    words_beside_paste,
)

# (the reading before speed90 is written out below: a log's line skipped first, then a line
# said read by a search)


def _said_before(line: str) -> bool:
    if _SENTENCE_END.search(line):
        return True
    return line.endswith(":") and re.search(r"\w[.!?]\s+\w", line) is not None


_PIECES = [
    "Nimechoka na hili.",
    "Angalia hapa:",
    "Ilikuwa sawa jana. Hii ndiyo matokeo:",
    "2026-03-01 12:00:01 INFO ok.",
    "ERROR x=1",
    '  "key": "value",',
    "a,b,c",
    "at Foo.bar(Foo.java:12)",
    "\tindented.",
    "请不要改。",
    "क्या यह ठीक है?",
    "done!\u3000",
    "x" * (_OWN_CHARS + 1) + ".",
    "",
    " ",
    "- item.",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES) | st.text(max_size=20), max_size=40), st.data())
def test_words_beside_paste_read_as_before(lines: list[str], data: st.DataObject) -> None:
    seps = data.draw(st.lists(st.sampled_from(["\n", "\n\n"]), min_size=len(lines)))
    text = "".join(line + sep for line, sep in zip(lines, seps, strict=False))
    for line in map(str.strip, text.split("\n")):
        assert _said_line(line) == _said_before(line)
        if line and _said_line(line) and len(line) <= _OWN_CHARS:
            assert line[-1] in ".!?。！？।:"
    if not any(line.lstrip().startswith("```") for line in text.split("\n")):
        # (a fenced paste is read apart since: a line of words outside its fences is hers)
        assert words_beside_paste(text) == _words_beside_paste_before(text)


def _words_beside_paste_before(text: str) -> list[str] | None:
    """``words_beside_paste`` as it read each line before speed90 (its mail and its short
    paragraphs read as now)."""
    from contextledger.fit.gists import _OPENS_A_LOG_LINE, _letter

    own: list[str] = []
    pasted = 0
    paragraphs = [p for paragraph in text.split("\n\n") if (p := paragraph.strip())]
    letter = _letter(paragraphs)
    for at, p in enumerate(paragraphs):
        lines = p.split("\n")
        if letter[0] <= at < letter[1]:
            pasted += len(lines)
            continue
        if len(lines) <= 2 and len(p) <= _OWN_CHARS and not p.startswith("```"):
            own.append(p)
            continue
        said: list[str] = []
        for line in map(str.strip, lines):
            if not line or line[0] in _OPENS_A_LOG_LINE or _LOG_LINE.search(line):
                continue
            if _said_before(line) and len(line) <= _OWN_CHARS:
                said.append(line)
                if len(said) > 3:
                    said = []
                    break
        own += said
        pasted += len(lines) - len(said)
    return own if pasted >= 5 else None
