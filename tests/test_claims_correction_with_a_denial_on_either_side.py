"""A correction "not A, use B" told back in a recap (issue #14 item 4), however the user
said it: a denial around the old value ("man A ta", "ba A ba"), the new value first or
second, values of words alone ("nightly full backup"), a case ending glued on ("9443-ta").
When what came after names the new value, the line giving it as the user's choice stands
and the one giving the old value is stripped. English openings ("No wait, …", "Actually,
…") are no option of their own, and "not port 5050, use port 9443" is not read backwards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import chat_record
from contextledger.compaction.verify import verify_recap
from contextledger.model import Message

# (not A then B, B then not A): K'iche' "man … ta", Tzotzil "mu … ", Hausa "ba … ba",
# Kanuri "… ba"; each a denial no reader here holds
_SAID = {
    "kiche": ("Man {A} ta, chakuxaj {B}.", "Chakuxaj {B}, man {A} ta."),
    "tzotzil": ("Mu {A}, tunesa {B}.", "Tunesa {B}, mu {A}."),
    "hausa": ("Ba {A} ba, yi amfani da {B}.", "Yi amfani da {B}, ba {A} ba."),
    "kanuri": ("{A} ba, {B} kәlla.", "{B} kәlla, {A} ba."),
}
_PAIRS = [
    ("us-east-2", "sa-east-1"),
    ("port 5050", "port 9443"),
    ("nightly full backup", "hourly incremental backup"),
    ("blue green deploy", "rolling restart"),
    ("Python 3.10", "Python 3.12"),
]
_GLUED = [("port 5050-chu", "port 9443-ta"), ("Python 3.10-ta", "Python 3.12-ta")]


def _kept(line: str, record: list[Message]) -> bool:
    recap = "Constraints and corrections:\n- " + line
    return line in verify_recap(recap, record, max_bytes=8000, ledger=False).text


def _record(said: str, answer: str) -> list[Message]:
    return chat_record("Set up the nightly export job.", "On it.", said, answer, "ok, go on", "Ok.")


def _lines(value: str) -> list[str]:
    return [
        f"The user corrected the earlier choice to {value}.",
        f"Use {value}, as the user asked.",
    ]


@settings(max_examples=40, deadline=None)
@given(
    lang=st.sampled_from(sorted(_SAID)),
    pair=st.sampled_from(_PAIRS),
    new_first=st.booleans(),
    line=st.integers(0, 1),
)
def test_the_value_the_session_went_on_with_stands_and_the_other_is_stripped(
    lang: str, pair: tuple[str, str], new_first: bool, line: int
) -> None:
    old, new = pair
    said = _SAID[lang][new_first].format(A=old, B=new)
    record = _record(said, f"Noted, {new} from now on.")
    assert _kept(_lines(new)[line], record)
    assert not _kept(_lines(old)[line], record)


@pytest.mark.parametrize("glued", _GLUED)
@pytest.mark.parametrize("new_first", [False, True])
def test_a_case_ending_glued_on_the_other_value_does_not_hide_it(
    glued: tuple[str, str], new_first: bool
) -> None:
    # "port 9443-ta llamk'achiy, mana port 5050-chu" with "Noted, port 9443 from now on."
    old_said, new_said = glued
    old, new = (v.rsplit("-", 1)[0] for v in glued)
    said = (
        f"{new_said} chakuxaj, man {old_said}."
        if new_first
        else f"Man {old_said}, {new_said} chakuxaj."
    )
    record = _record(said, f"Noted, {new} from now on.")
    assert _kept(f"Use {new}, as the user asked.", record)
    assert not _kept(f"Use {old}, as the user asked.", record)


_ENGLISH = [
    "No wait, not {A} - use {B} instead.",
    "No wait, {B}, not {A}.",
    "Actually, not {A}; use {B}.",
    "Sorry, I was wrong earlier: not {A}, use {B}.",
    "Use {B}, not {A}.",
]


@pytest.mark.parametrize("said", _ENGLISH)
@pytest.mark.parametrize(
    "pair", [("us-east-2", "sa-east-1"), ("port 5050", "port 9443"), ("Postgres 15", "Postgres 16")]
)
def test_an_english_correction_is_told_back_its_own_way_round(
    said: str, pair: tuple[str, str]
) -> None:
    old, new = pair
    record = _record(said.format(A=old, B=new), "Noted.")
    for honest, lie in zip(_lines(new), _lines(old), strict=True):
        assert _kept(honest, record)
        assert not _kept(lie, record)


def test_a_two_letter_word_before_the_first_value_is_not_read_as_the_new_value_kept() -> None:
    # Chamorro "ti" denies the first value: no shape guess reads 9000 as kept
    record = _record("Ti port 9000, usa port 9443.", "Noted.")
    assert _kept("Use port 9443, as the user asked.", record)
    assert _kept("The user corrected the earlier choice to port 9443.", record)


def test_a_value_said_first_with_a_denial_after_the_second_is_still_read() -> None:
    # "8443, 8080 <not>": the one said first stands, as before
    record = _record("Port 8443, port 8080 mitte.", "Noted.")
    assert not _kept("Use port 8080, as the user asked.", record)
