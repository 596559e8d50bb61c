"""The offline recap's "Open requests" holds what the user asked and the record has not done:
not a nudge, a progress question or chit-chat the assistant answered by going back to the work
under way ("Sure, I'll get back to the rounding fix."), in any language; and a request whose
path the user wrote with a word glued in front ("ku-tests/x.py") is done by a call on the path."""

import pytest

from builders import offline_recap, openai_tool_call, openai_tool_result, recap_section
from contextledger.compaction.digest import digest, render_digest
from contextledger.providers import read_messages

_GOAL = "Fix the invoice rounding: the totals are off by a cent."
_WORK = "The invoice rounding fails: each line is rounded before the total. Moving it to the total."
_BACK = "Sure, I'll get back to the rounding fix."


def _open_after(said: str, reply: str) -> str:
    recap = offline_recap(
        ("user", _GOAL),
        ("assistant", _WORK),
        ("user", said),
        ("assistant", reply),
    )
    return recap_section(recap, "Open requests")


@pytest.mark.parametrize(
    "said",
    [
        # "how is it now?", "back from the meeting, where were we?", "yes, I see"
        "Sut mae hi nawr?",  # Welsh
        "Rwy'n ôl o'r cyfarfod, lle oedden ni?",
        "Ikoje sasa?",  # Swahili
        "Nimerudi kutoka mkutanoni, tulikuwa wapi?",
        "Kaip dabar?",  # Lithuanian
        "Grįžau iš susirinkimo, kur buvome?",
        "Bagaimana sekarang?",  # Indonesian
        "Back from the meeting, where were we?",
        "How is it now?",
    ],
)
def test_a_nudge_answered_by_going_back_to_the_work_is_no_open_request(said: str) -> None:
    assert said not in _open_after(said, _BACK)


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        # a question the reply puts off on its own matter: still owed
        ("What's the error rate in prod?", "I'll get back to you on that later."),
        # a request's shape, and a request naming a path, in unread words: still to do
        ("Can you check why it fails?", "Sure, I'll get back to the rounding fix first."),
        ("Tafadhali andika maelezo ya docs/rounding.md baadaye?", _BACK),
        # a question in unread words the reply takes on ("can you update the changelog?")
        ("Unaweza kusasisha changelog?", "Will do once the tests pass."),
        # a word of the work so far: a thing the record can act on ("the totals")
        ("And the totals?", _BACK),
    ],
)
def test_a_question_or_request_put_off_stays_open(said: str, reply: str) -> None:
    assert said in _open_after(said, reply)


def _request_then(said: str, *calls: tuple[str, str]) -> str:
    chat: list[dict[str, object]] = [
        {"role": "user", "content": _GOAL},
        {"role": "assistant", "content": _WORK},
        {"role": "user", "content": said},
        {"role": "assistant", "content": "On it."},
    ]
    for k, (command, out) in enumerate(calls):
        chat += [
            openai_tool_call(f"c{k}", "shell", {"command": command}),
            openai_tool_result(f"c{k}", out),
        ]
    chat += [{"role": "assistant", "content": "Done."}, {"role": "user", "content": "ok"}]
    return recap_section(render_digest(digest(read_messages(chat)), 4800), "Open requests")


# Zulu: "Please add a new test in tests/test_invoice.py." (ku-: "in", glued to the path)
_GLUED = "Sicela wengeze ukuhlolwa okusha ku-tests/test_invoice.py."


def test_a_request_naming_a_path_with_a_word_glued_on_is_done_by_a_call_on_the_path() -> None:
    wrote = ("cat >> tests/test_invoice.py <<'EOF'\ndef test_zero(): ...\nEOF", "")
    assert _GLUED not in _request_then(_GLUED, wrote)


def test_a_request_naming_a_path_with_a_word_glued_on_stays_open_until_worked_on() -> None:
    assert _GLUED in _request_then(_GLUED, ("pytest -q tests/test_totals.py", "3 passed"))
