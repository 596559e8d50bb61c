"""A long request's own words (``request_part``), read only as far as its opening and
closing paragraphs: the same part as reading every line (the reference below)."""

from __future__ import annotations

from itertools import takewhile

from hypothesis import given
from hypothesis import strategies as st

from contextledger.fit.request_part import _HEAD_CHARS, _TAIL_CHARS, request_part


def reference(text: str) -> tuple[str, str] | None:
    """``request_part`` as first written: every line read, both ways."""

    def paragraph(lines: list[str], limit: int) -> list[str]:
        para = list(takewhile(str.strip, lines))
        if sum(len(line) + 1 for line in para) <= limit:
            return para
        return lines[:1] if lines and len(lines[0]) <= limit else []

    lines = text.strip().splitlines()
    head = paragraph(lines, _HEAD_CHARS)
    tail = paragraph(lines[::-1], _TAIL_CHARS)[::-1]
    if not head and not tail:
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


line = st.one_of(
    st.sampled_from(["", " ", "\t ", "What I need: fix it.", "Here is the log:"]),
    st.text(alphabet="ab \t\u3000\x0b\x85é", max_size=30),
    st.integers(1, 900).map(lambda n: "x" * n),
)
texts = st.tuples(st.lists(line, max_size=80), st.sampled_from(["\n", "\r\n", "\n\n"])).map(
    lambda parts: parts[1].join(parts[0])
)


@given(texts)
def test_the_part_is_the_one_every_line_read_gives(text: str) -> None:
    assert request_part(text) == reference(text)


def test_a_pasted_log_keeps_the_words_around_it() -> None:
    text = "Why does this fail?\n" + "INFO ok\n" * 20_000 + "\nThanks."
    assert request_part(text) == reference(text)
