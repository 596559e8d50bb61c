"""A long text is screened by RE2 before its settings are searched (``settings_said.settings``):
the settings it gives are still exactly what the pattern finds, wherever in a pasted document
or log the setting stands and in whatever script it is said (speed69: a chat of pasted
documents spent a fifth of its cold fit searching them for settings)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contextledger import settings_said
from contextledger.settings_said import setting_of

_PASTE = "\n".join(
    f"2026-11-{d:02d} INFO worker {d} processed the batch in due time, nothing to add."
    for d in range(1, 29)
)


def _exact(text: str) -> dict[str, str]:
    """The settings the pattern finds, searched without a screen."""
    return {
        m.group(1).casefold(): m.group(2).rstrip(".,")
        for m in settings_said._VALUE_SET.finditer(text)
    }


@pytest.mark.parametrize(
    "said",
    [
        "Set retry_limit to 5.",
        "ttl_s = 30",
        "Ustaw pool.size na 8.",
        "max-conns: 12",
        "bates_start should be ACME0012000",
        "batch_size は 192 に",
        "X_Y-ஐ 5 ஆக அமைக்கவும்",
        "timeout_ms ל-96",
        "at ledger.cache(ledger.java:12)",
    ],
)
@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_a_setting_inside_a_long_paste_is_found(said: str, where: str) -> None:
    text = {"start": said + "\n" + _PASTE, "middle": _PASTE + "\n" + said + "\n" + _PASTE,
            "end": _PASTE + "\n" + said}[where]  # fmt: skip
    assert len(text) > settings_said._SCREENED_CHARS
    assert settings_said.settings(text) == _exact(text) != {}
    assert setting_of(text) is not None


def test_a_long_paste_without_a_setting_gives_none() -> None:
    text = "\n".join([_PASTE] * 3)
    assert settings_said.settings(text) == {} == _exact(text)
    assert setting_of(text) is None


_PIECES = st.sampled_from(
    [" ", "\n", "the ", "Set ", " to ", "=", ":", "：", " は", "-ஐ ", "ל-", "`", ".", ",", "-",
     "_", "retry_limit", "a.b", "x-y", "pool_size", "7", "12.5%", "-3", "ACME0012", "ü", "名",
     "रहेगा", "(", ")", "\u00a0", "\u3000", "12,000", "naj bo za "]
)  # fmt: skip


@settings(derandomize=True, max_examples=300, deadline=None)
@given(st.lists(_PIECES, min_size=1, max_size=60), st.integers(0, 3))
def test_long_texts_give_the_settings_the_pattern_finds(pieces: list[str], at: int) -> None:
    said = "".join(pieces)
    filler = "word " * (settings_said._SCREENED_CHARS // 5 + 1)
    text = [said + filler, filler + said, filler + said + filler, said][at]
    assert settings_said.settings(text) == _exact(text)


# What a key's look-behind reads: the characters around a key, in and out of ASCII, a lone
# surrogate (no UTF-8 for RE2), an emoji (4 bytes), letters that fold into ASCII ones.
_AROUND = st.sampled_from(
    ["a", "Z", "9", "_", ".", "-", "/", " ", "é", "😀", "\ud800", "İ", "\u212a", "`", "=5"]
)


@settings(derandomize=True, max_examples=500, deadline=None)
@given(st.lists(_PIECES | _AROUND, min_size=1, max_size=40))
def test_a_setting_is_tried_where_a_key_opens_and_found_as_a_search_finds_it(
    pieces: list[str],
) -> None:
    """``settings`` tries the pattern only where a key opens (speed85: Python's engine tried
    it at every letter, ~8 % of a long coding chat's cold fit): the same matches, in order."""
    text = "".join(pieces)
    assert [m.span() for m in settings_said._values_set(text)] == [
        m.span() for m in settings_said._VALUE_SET.finditer(text)
    ]
