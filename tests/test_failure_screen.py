"""The failure detector's RE2 screen (``failures._sign_screens``): the lines it says hold
no failure sign hold none, so ``failure_lines`` reads the same lines as Python's engine
alone would (speed50: ~1.5 us a character on long tool outputs, most of a ``prepare`` on
a tool chat of long file reads and test logs)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger import prefilter
from contextledger.compaction import failures
from failure_cases import HELD_OUT_FAILED, HELD_OUT_OK, TUNE_FAILED, TUNE_OK

pytest.importorskip("re2")

CASES = [*HELD_OUT_FAILED.values(), *HELD_OUT_OK.values(), *TUNE_FAILED.values(), *TUNE_OK.values()]


def _unscreened(text: str, limit: int = 6) -> list[str]:
    screens = failures._sign_screens
    failures._sign_screens = lambda: (None,)  # type: ignore[assignment]
    try:
        return failures._read_failures(text, limit)
    finally:
        failures._sign_screens = screens


def test_the_screen_is_in_use() -> None:
    assert None not in failures._sign_screens()
    code = "def f(x):\n    return x + 1\nclass Engine:\n    ENOENT_SEEN = 0\n" * 50
    lines = code.splitlines()
    signed = failures._touched(failures._sign_screens(), lines)
    assert signed is not None and signed == {k for k, x in enumerate(lines) if "ENOENT" in x}


def test_the_screens_are_read_stored_not_translated_in_the_first_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Both screens' RE2 translations are stored (scripts/make_re2_supersets.py): a
    process's first tool output read translates none of them."""

    def no_translating(*_: object) -> None:
        raise AssertionError("translated")

    monkeypatch.setattr(prefilter, "translate", no_translating)
    monkeypatch.setattr(failures, "_sign_screens", cache(failures._sign_screens.__wrapped__))
    assert all(prefilter.is_stored(p, i) for p, i in failures.SCREENED)
    assert failures._read_failures("FAILED tests/test_a.py::test_b - EACCES", 4)


def test_every_known_output_reads_as_without_the_screen() -> None:
    for text in CASES:
        assert failures._read_failures(text, 6) == _unscreened(text), text


def test_outputs_of_many_lines_read_as_without_the_screen() -> None:
    rng = random.Random(5)
    for _ in range(40):
        text = "\n".join(rng.choice(CASES) for _ in range(rng.randint(2, 12)))
        code = "\n".join(f"    v{k} = compute({k})  # │ step" for k in range(rng.randint(0, 50)))
        text = f"{code}\n{text}\n{code}" if rng.random() < 0.5 else text
        assert failures._read_failures(text, 6) == _unscreened(text)


_PIECES = ["fail", "Error", "EACCES", "exit", "status 1", "timed out", "http 5", "E  ", "1) "]
_PIECES += ["test ", "ошибка", "失敗", "not ok", "state=", "Traceback", "✕", "12:30 "]
_ALPHABET = st.sampled_from([*"aeEFILNORSTx:=-[]()!#*_ 0123\n\t│╷╵✗●›×İıſKß", *_PIECES])


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=60).map("".join))
def test_any_text_reads_as_without_the_screen(text: str) -> None:
    assert failures._read_failures(text, 6) == _unscreened(text)


def test_a_retry_is_read_as_without_the_screen() -> None:
    texts = [*CASES, "upload failed\nretrying part 1... ok", "x" * 5000 + "\nRe-ran it", ""]
    for text in texts:
        assert failures._retried(text) == bool(failures._ANY_RETRY.search(text)), text
    log = "upload failed: timeout\nretrying part 1... ok"
    assert failures.recovered("upload failed: timeout", log)
    assert not failures.recovered("upload failed: timeout", "upload failed: timeout\ndone")
