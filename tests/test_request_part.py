"""A long request's own words (``request_part``), read only as far as its opening and
closing paragraphs: the same part as reading every line (the reference below); the user's own
words said between two pastes are kept among the markers of what was left out."""

from __future__ import annotations

from itertools import takewhile

from hypothesis import given
from hypothesis import strategies as st

from contextledger.fit.request_part import _HEAD_CHARS, _TAIL_CHARS, _between, request_part


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
    middle, pasted = _between(between, text)  # (its own reading: tested below)
    if not pasted and len(middle) == len(between):
        return None
    return "\n".join([*head, *middle, *tail]), f"the {pasted} lines pasted in it"


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


TABLE = "\n".join(
    f"SE-{i:04d};2026-03-{i % 28 + 1:02d};{i * 7 % 500};{i * 13 % 97}.50" for i in range(40)
)


def test_words_said_between_two_pastes_are_kept_between_their_markers() -> None:
    """review45 R45-ret5: a ban said once between two pasted tables went with them."""
    ban = "Skicka aldrig testmejl till riktiga kunder."
    text = f"Här är exporten:\n{TABLE}\n\n{ban}\n\n{TABLE}\n\nVarför skiljer sig summorna?"
    short, gone = request_part(text) or ("", "")
    assert short.split("\n") == [
        "Här är exporten:",
        "[… 40 pasted lines left out here …]",
        ban,
        "[… 40 pasted lines left out here …]",
        "Varför skiljer sig summorna?",
    ]
    assert gone == "the 80 lines pasted in it"


def test_words_between_fenced_pastes_are_kept() -> None:
    fix = "Συγγνώμη, άλλαξα γνώμη: χρησιμοποίησε duckdb, όχι sqlite."
    fenced = f"```\n{TABLE}\n{TABLE}\n```"
    short, gone = request_part(f"{fenced}\n\n{fix}\n\n{fenced}") or ("", "")
    assert short.split("\n") == [
        "```",
        "[… 81 pasted lines left out here …]",
        fix,
        "[… 81 pasted lines left out here …]",
        "```",
    ]
    assert gone == "the 162 lines pasted in it"


def test_a_document_of_many_short_paragraphs_is_left_out_whole() -> None:
    """More than a few short paragraphs between pastes are a document's, not the user's."""
    clauses = "\n\n".join(f"§{i}. Der Mieter darf nicht rauchen." for i in range(12))
    text = f"Der Vertrag:\n{TABLE}\n\n{clauses}\n\n{TABLE}\n\nIst das rechtens?"
    short, _ = request_part(text) or ("", "")
    assert short.split("\n") == [
        "Der Vertrag:",
        "[… 92 pasted lines left out here …]",
        "Ist das rechtens?",
    ]
